extends "res://lib/navigation_case.gd"
## Navigation: with navigation_enabled the terrain bakes NavigationRegion3Ds off the main thread on
## the world's default navigation map; paths avoid water, follow the ground, and cross chunks.

## How far a path point may lie from the surface, in world units: the navigation mesh's polygons
## follow the rendered surface within navigation_cell_size (0.25 by default), plus rounding.
const SURFACE_TOLERANCE := 0.3


## The water cells of the largest lake (a water area off the map's edge), as a list of cells.
func largest_lake(map: DonjournoMap) -> Array[Vector2i]:
	var w := map.get_width()
	var d := map.get_depth()
	var seen := {}
	var best: Array[Vector2i] = []
	for z in d:
		for x in w:
			var start := Vector2i(x, z)
			if seen.has(start) or map.get_terrain(x, z) != DonjournoTerrain.TERRAIN_WATER:
				continue
			var area: Array[Vector2i] = []
			var edge := false
			var todo: Array[Vector2i] = [start]
			seen[start] = true
			while not todo.is_empty():
				var c: Vector2i = todo.pop_back()
				area.append(c)
				edge = edge or c.x == 0 or c.y == 0 or c.x == w - 1 or c.y == d - 1
				for n in [c + Vector2i.LEFT, c + Vector2i.RIGHT, c + Vector2i.UP, c + Vector2i.DOWN]:
					if map.has_cell(n.x, n.y) and not seen.has(n) \
							and map.get_terrain(n.x, n.y) == DonjournoTerrain.TERRAIN_WATER:
						seen[n] = true
						todo.append(n)
			if not edge and area.size() > best.size():
				best = area
	return best


## A terrain with a lake and navigation on, baked.
func lake_terrain(chunk_size: int = 256) -> DonjournoTerrain:
	# Seed 7 has two lakes and no river (64² cells); gentle enough to walk round them.
	var g := small_generator(7)
	g.water_river_catchment = 100000.0
	g.height_scale = 4.0
	var t := DonjournoTerrain.new()
	t.chunk_size = chunk_size
	t.navigation_enabled = true
	t.generator = g
	root.add_child(t)
	t.regenerate()
	t.position = Vector3(5.0, -3.0, 2.0)
	return t


## The global point on the surface at the centre of cell `c`.
func at_cell(t: DonjournoTerrain, c: Vector2i) -> Vector3:
	return t.cell_to_world(c)


## Whether an agent can stand on cell `c`: no water within two cells, and gentle ground around it.
func open_ground(t: DonjournoTerrain, c: Vector2i) -> bool:
	var map := t.get_map()
	var h := at_cell(t, c).y
	for dz in range(-2, 3):
		for dx in range(-2, 3):
			var n := c + Vector2i(dx, dz)
			if not map.has_cell(n.x, n.y) or map.get_terrain(n.x, n.y) == DonjournoTerrain.TERRAIN_WATER:
				return false
			if absi(dx) + absi(dz) == 1 and absf(at_cell(t, n).y - h) > 0.5 * map.get_cell_size():
				return false
	return true


## Two cells of open ground on one line through the lake, on either side of it: a row (west and
## east) or else a column (north and south), the lines nearest the lake's middle first; empty when
## none.
func across(t: DonjournoTerrain, lake: Array[Vector2i]) -> Array[Vector2i]:
	for along_x in [true, false]:
		var flip := func(c: Vector2i) -> Vector2i: return c if along_x else Vector2i(c.y, c.x)
		var spans := {}
		for cell in lake:
			var c: Vector2i = flip.call(cell)
			var span: Vector2i = spans.get(c.y, Vector2i(c.x, c.x))
			spans[c.y] = Vector2i(mini(span.x, c.x), maxi(span.y, c.x))
		var order: Array = spans.keys()
		var middle: float = (order.min() + order.max()) / 2.0
		order.sort_custom(func(a: int, b: int) -> bool: return absf(a - middle) < absf(b - middle))
		var side: int = t.get_map().get_width() if along_x else t.get_map().get_depth()
		for line: int in order:
			var span: Vector2i = spans[line]
			var before := -1
			for i in range(span.x - 3, 1, -1):
				if open_ground(t, flip.call(Vector2i(i, line))):
					before = i
					break
			var after := -1
			for i in range(span.y + 3, side - 2):
				if open_ground(t, flip.call(Vector2i(i, line))):
					after = i
					break
			if before >= 0 and after >= 0:
				return [flip.call(Vector2i(before, line)), flip.call(Vector2i(after, line))]
	return []


func check_path(t: DonjournoTerrain, from: Vector3, to: Vector3, label: String) -> void:
	var map_rid := t.get_world_3d().navigation_map
	var path := NavigationServer3D.map_get_path(map_rid, from, to, true)
	check(path.size() >= 2, "%s: a path exists (%d points)" % [label, path.size()])
	if path.size() < 2:
		return
	check(path[path.size() - 1].distance_to(to) < 2.0,
			"%s: the path ends near the target (%s vs %s)" % [label, path[path.size() - 1], to])
	check(path[0].distance_to(from) < 2.0, "%s: the path starts near the start" % label)
	var length := 0.0
	for i in path.size():
		var p := path[i]
		check(not t.is_water_at(p.x, p.z), "%s: point %d %s is over land" % [label, i, p])
		# Points along each segment stay over land too.
		if i > 0:
			length += path[i - 1].distance_to(p)
			for k in range(1, 8):
				var q := path[i - 1].lerp(p, k / 8.0)
				check(not t.is_water_at(q.x, q.z), "%s: segment %d crosses water at %s" % [label, i, q])
		check_near(p.y, t.get_height_at(p.x, p.z), SURFACE_TOLERANCE,
				"%s: point %d lies on the surface" % [label, i])
		if failures.size() > 8:
			return
	check(length > from.distance_to(to) + 1.0,
			"%s: the path goes round the lake (%.1f vs straight %.1f)" % [label, length, from.distance_to(to)])


func test_a_path_across_a_lake_goes_round_it_over_land() -> void:
	var t := lake_terrain()
	check(t.is_baking_navigation(), "the bake runs in the background")
	check(region_nodes(t).is_empty(), "no region before the bake is in place")
	await baked(t)
	var regions := region_nodes(t)
	check_eq(regions.size(), 1, "a map in one chunk has one region")
	check_eq(t.get_navigation_regions().size(), 1, "get_navigation_regions lists it")
	if regions.is_empty():
		return
	check_eq(regions[0].get_navigation_map(), t.get_world_3d().navigation_map,
			"the region is on the world's default map")
	check(regions[0].navigation_mesh.get_polygon_count() > 0, "the navigation mesh has polygons")
	var lake := largest_lake(t.get_map())
	check(lake.size() >= 6, "the map has a lake (%d cells)" % lake.size())
	if lake.size() < 6:
		return
	var ends := across(t, lake)
	check_eq(ends.size(), 2, "open ground on both sides of the lake")
	if ends.size() != 2:
		return
	var from := at_cell(t, ends[0])
	var to := at_cell(t, ends[1])
	check(not t.is_water_at(from.x, from.z) and not t.is_water_at(to.x, to.z), "both ends on land")
	check_path(t, from, to, "one region")
	check(t.get_navigation_bake_ms() > 0.0, "the bake time is reported")


func test_an_agent_finds_a_path_with_no_set_up() -> void:
	var t := lake_terrain()
	await baked(t)
	var agent := NavigationAgent3D.new()
	var body := Node3D.new()
	body.add_child(agent)
	root.add_child(body)
	var ends := lake_ends(t)
	if ends.is_empty():
		return
	body.global_position = at_cell(t, ends[0])
	agent.target_position = at_cell(t, ends[1])
	await tree.physics_frame
	var next := agent.get_next_path_position()
	var path := agent.get_current_navigation_path()
	check(path.size() >= 2, "the agent has a path (%d points)" % path.size())
	check(next != body.global_position, "the agent has somewhere to go")
	if path.size() >= 2:
		check(path[path.size() - 1].distance_to(agent.target_position) < 2.0, "it reaches the target")


func test_chunked_regions_join_across_chunk_borders() -> void:
	var t := lake_terrain(24)
	await baked(t)
	check_eq(region_nodes(t).size(), 9, "64 cells in 24-cell chunks: 3 × 3 regions")
	var ends := lake_ends(t)
	if ends.is_empty():
		return
	check_path(t, at_cell(t, ends[0]), at_cell(t, ends[1]), "chunks")
	# Corner to corner crosses several chunk borders.
	check_path(t, at_cell(t, Vector2i(3, 3)), at_cell(t, Vector2i(60, 60)), "corner to corner")


func test_navigation_off_has_no_region_and_toggling_leaks_nothing() -> void:
	var t := terrain_with(small_generator(7))
	check(not t.navigation_enabled, "off by default")
	await settled(t)
	check(region_nodes(t).is_empty() and not t.is_baking_navigation(), "no region when off")
	var before := Performance.get_monitor(Performance.OBJECT_NODE_COUNT)
	for i in 3:
		t.navigation_enabled = true
		await baked(t)
		check_eq(region_nodes(t).size(), 1, "one region when on (round %d)" % i)
		t.navigation_enabled = false
		check(region_nodes(t).is_empty(), "the region is removed when off (round %d)" % i)
		await frames(2)
	check_eq(Performance.get_monitor(Performance.OBJECT_NODE_COUNT), before, "no node leaked")
	# A navigation setting rebakes without rebuilding the mesh.
	t.navigation_enabled = true
	await baked(t)
	var runs := int(t.get_stats().mesh_runs)
	var region := region_nodes(t)[0]
	var polygons := region.navigation_mesh.get_polygon_count()
	t.navigation_agent_max_slope = 5.0
	check(t.is_baking_navigation(), "a navigation setting starts a bake")
	await baked(t)
	check_eq(int(t.get_stats().mesh_runs), runs, "no tessellation for a navigation setting")
	check_eq(region_nodes(t)[0], region, "the region is kept")
	check(region.navigation_mesh.get_polygon_count() != polygons or polygons == 0,
			"a gentler slope limit gives another navigation mesh")
	# A new terrain rebakes.
	t.generator.seed = 8
	await baked(t)
	check_eq(region_nodes(t).size(), 1, "still one region after regenerating")


## Two open cells on either side of the map's largest lake, or none (after recording why).
func lake_ends(t: DonjournoTerrain) -> Array:
	var lake := largest_lake(t.get_map())
	if lake.size() < 6:
		check(false, "the map has a lake")
		return []
	var ends := across(t, lake)
	if ends.size() != 2:
		check(false, "open ground on both sides of the lake")
		return []
	return ends
