extends "res://lib/navigation_case.gd"
## Roads in the navigation mesh: with settlements on, road cells get NavigationRegion3Ds of their
## own at navigation_road_cost, joined to the ground's, so paths between settlements keep to the
## roads.

## How far from a road's line (through the centres of its cells) a path on the road may lie, in
## cells: the road bed reaches one cell to either side of its line (settlements_road_bed_width 2 m
## on 1 m cells), so
## its outer edge lies 1.5 cells from the line, and half a cell more where the line turns by a
## diagonal step.
const ROAD_REACH_CELLS := 2.0
## The share of a path's length that must lie within ROAD_REACH_CELLS of the road.
const ROAD_SHARE := 0.9
## A path at road cost 0.5 keeps on average at most this share of the distance from the road
## that the same path keeps when roads cost as much as open ground.
const CLOSER_SHARE := 0.6
## Road points on either bank of a bridge that a path across it starts and ends at, counted from
## the bridge's ends.
const BANK_CELLS := 3
## How far from a bridge's line (through its cells' centres) a path over the river may lie, in
## cells: the deck reaches one cell to either side of it (settlements_road_bed_width 2 m on 1 m
## cells), and half a
## cell more where the line steps diagonally.
const BRIDGE_REACH_CELLS := 1.5
## Least height of a path over the river above the water surface, in world units: it stays out
## of the water (the deck's ends come down to the banks, a few centimetres above it).
const DECK_ABOVE_WATER := 0.01
## A path across a bridge is at most this many times the straight line between its ends.
const DETOUR_SHARE := 1.5
## How far a road point of get_roads() over a river may lie above or below the walkable deck
## under it, in world units: the navigation mesh takes the deck's height at its lattice corners
## and is flat between them, while the deck's height varies along its line.
const DECK_POINT_TOLERANCE := 0.1


## Metres per cell of the map whose towns have buildings: towns have real sizes (lots of a few
## hundred square metres, streets 7 to 12 m wide), which the default 128 m map is too small for.
const BUILT_CELL := 8.0
## Share of a path's length within ROAD_REACH_CELLS of the road on the map of BUILT_CELL cells: its
## roads run along the shore, where the walkable ground keeps the agent's radius from the water,
## so a path leaves the road for a few stretches of open ground.
const BUILT_ROAD_SHARE := 0.6
## How far the path on baked regions may differ from the live one: this share of its length, and
## of its share on the road.
const SAME_TRIP := 0.01


## The default map (128² cells of 1 m) with towns and roads, navigation on, in chunks of
## `chunk_size` cells; on cells of `cell` metres, with the settlements' lengths in proportion (the
## same hexagons, reach of water and road beds in cells).
func town_terrain(chunk_size: int, cell := 1.0) -> DonjournoTerrain:
	var g := DonjournoGenerator.new()
	g.settlements_enabled = true
	if cell != 1.0:
		g.cell_size = cell
		g.settlements_hex_radius *= cell
		g.settlements_water_reach *= cell
		g.settlements_road_bed_width *= cell
	var t := DonjournoTerrain.new()
	t.chunk_size = chunk_size
	t.navigation_enabled = true
	t.generator = g
	root.add_child(t)
	t.regenerate()
	return t


## Shortest distance on the ground plane from `p` to the polyline `line`.
func distance_to_line(p: Vector3, line: PackedVector3Array) -> float:
	var q := Vector2(p.x, p.z)
	var best := INF
	for i in range(1, line.size()):
		var a := Vector2(line[i - 1].x, line[i - 1].z)
		var b := Vector2(line[i].x, line[i].z)
		best = minf(best, q.distance_to(Geometry2D.get_closest_point_to_segment(q, a, b)))
	return best


## Length of `path` on the ground plane, and the share of it within `reach` of `line`, and its
## mean distance from `line`, sampled every 0.25 world units.
func closeness(path: PackedVector3Array, line: PackedVector3Array, reach: float) -> Vector3:
	var length := 0.0
	var near := 0.0
	var total := 0.0
	for i in range(1, path.size()):
		var a := path[i - 1]
		var b := path[i]
		var span := Vector2(a.x, a.z).distance_to(Vector2(b.x, b.z))
		var steps := maxi(1, ceili(span / 0.25))
		for k in steps:
			var d := distance_to_line(a.lerp(b, (k + 0.5) / steps), line)
			near += span / steps if d <= reach else 0.0
			total += d * span / steps
		length += span
	return Vector3(length, near / maxf(length, 1e-6), total / maxf(length, 1e-6))


## The way along the roads between two settlements that no road of it crosses water on (no
## bridge) and that an agent can walk from end to end, as `[from, to, way]`, the pair with the
## longest way first; empty when none. Walkable: every point of the way lies on the navigation
## mesh. On coarse cells a building reaching into a road cell takes the whole cell out of the
## mesh, and a path then leaves the road round it, which is not what the tests measure.
func dry_road(t: DonjournoTerrain) -> Array:
	var map_rid := t.get_world_3d().navigation_map
	var places := t.get_settlements()
	var best := []
	# Per road point, whether it is dry and on the mesh: the ways share most of their points.
	var walkable := {}
	for a in places.size():
		for b in range(a + 1, places.size()):
			var from: Vector3 = places[a].global_position
			var to: Vector3 = places[b].global_position
			var way := t.get_road_path(from, to)
			var dry := way.size() >= 2
			for p in way:
				if not walkable.has(p):
					var q := NavigationServer3D.map_get_closest_point(map_rid, p)
					walkable[p] = not t.is_water_at(p.x, p.z) \
							and Vector2(q.x - p.x, q.z - p.z).length() < 0.25
				if not walkable[p]:
					dry = false
					break
			if dry and (best.is_empty() or way.size() > best[2].size()):
				best = [from, to, way]
	return best


## The path between the ends of `road` (from dry_road) on the terrain's navigation map, after
## checking that it exists, reaches the target and keeps off water; empty when it does not exist.
func road_trip(t: DonjournoTerrain, road: Array, label: String) -> PackedVector3Array:
	var from: Vector3 = road[0]
	var to: Vector3 = road[1]
	var path := full_path(t.get_world_3d().navigation_map, from, to)
	check(path.size() >= 2, "%s: a path exists (%d points)" % [label, path.size()])
	if path.size() < 2:
		return PackedVector3Array()
	check(path[0].distance_to(from) < 2.0 and path[path.size() - 1].distance_to(to) < 2.0,
			"%s: the path runs from one settlement to the other" % label)
	for i in range(1, path.size()):
		for k in 8:
			var q := path[i - 1].lerp(path[i], k / 8.0)
			# Off water, but on a deck (a bridge, or the road's ribbon drawn over the water), not
			# below the water by more than the navigation mesh lies off the surface it follows.
			var dry := not t.is_water_at(q.x, q.z) or (t.is_road_at(q.x, q.z)
					and q.y > t.get_water_level_at(q.x, q.z) - t.navigation_cell_size)
			check(dry, "%s: segment %d keeps off water at %s" % [label, i, q])
		if failures.size() > 8:
			break
	return path


## The road regions of `t`: those whose travel cost is not 1.
func road_regions(t: DonjournoTerrain) -> Array[NavigationRegion3D]:
	var out: Array[NavigationRegion3D] = []
	for r in t.get_navigation_regions():
		if r.travel_cost != 1.0:
			out.append(r)
	return out


func test_a_path_between_settlements_keeps_to_the_road_they_share() -> void:
	var t := town_terrain(256)
	await baked(t)
	var roads := road_regions(t)
	check_eq(roads.size(), 1, "a map in one chunk has one road region")
	for r in roads:
		check_eq(r.travel_cost, 0.5, "roads cost navigation_road_cost (0.5 by default)")
		check(r.navigation_mesh.get_polygon_count() > 0, "the road region has polygons")
	var road := dry_road(t)
	check(not road.is_empty(), "two settlements share a road that crosses no water")
	if road.is_empty():
		return
	var reach: float = ROAD_REACH_CELLS * t.generator.cell_size
	var on_road := closeness(road_trip(t, road, "road cost 0.5"), road[2], reach)
	check(on_road.y >= ROAD_SHARE, "%.0f %% of the path lies within %.1f m of the road (at least %.0f %%)"
			% [on_road.y * 100.0, reach, ROAD_SHARE * 100.0])
	await check_ground_leads_onto_the_road(t, road, roads[0] if not roads.is_empty() else null)
	# Roads as dear as open ground: no road region, and the path strays from the road.
	t.navigation_road_cost = 1.0
	await baked(t)
	check(road_regions(t).is_empty(), "no road region when roads cost as much as open ground")
	var plain := closeness(road_trip(t, road, "road cost 1"), road[2], reach)
	check(on_road.z <= CLOSER_SHARE * plain.z,
			"the road cost keeps the path nearer the road: %.2f m from it on average, %.2f m at cost 1"
			% [on_road.z, plain.z])


## Every level polygon of the navigation mesh is one the navigation map finds: the closest point
## to the middle of each is that point, so a path or an agent standing there starts on it. (On a
## slope the middle of the corners lies off the polygon's surface, and a neighbour may be nearer.)
## (Godot takes a polygon's plane from its first three vertices; a polygon starting with three
## in a row along one side was passed by.)
func test_the_map_finds_every_polygon() -> void:
	var t := town_terrain(48)
	await baked(t)
	var map_rid := t.get_world_3d().navigation_map
	var checked := 0
	var roads := 0
	for r: NavigationRegion3D in t.get_navigation_regions():
		var nav := r.navigation_mesh
		var vertices := nav.get_vertices()
		for i in nav.get_polygon_count():
			var middle := Vector3.ZERO
			var polygon := nav.get_polygon(i)
			var low := INF
			var high := -INF
			for k in polygon:
				middle += vertices[k]
				low = minf(low, vertices[k].y)
				high = maxf(high, vertices[k].y)
			if high - low > 0.001:
				continue
			middle = r.global_transform * (middle / polygon.size())
			var c := NavigationServer3D.map_get_closest_point(map_rid, middle)
			checked += 1
			roads += int(r.name.begins_with("Road"))
			check(Vector2(c.x - middle.x, c.z - middle.z).length() < 0.05,
					"%s: the closest point to the middle %s of polygon %d is %s" % [r.name, middle, i, c])
			if failures.size() > 8:
				return
	check(checked > 500 and roads > 50, "level polygons checked: %d, %d of roads" % [checked, roads])


func test_road_regions_join_across_chunks() -> void:
	var t := town_terrain(48)
	t.position = Vector3(5.0, -3.0, 2.0)
	await baked(t)
	var roads := road_regions(t)
	check(roads.size() >= 2, "roads in several chunks have regions of their own (%d)" % roads.size())
	for r in t.get_navigation_regions():
		check(not r.use_edge_connections, "%s joins its neighbours by shared edges, not edge connections"
				% r.name)
	var road := dry_road(t)
	check(not road.is_empty(), "two settlements share a road that crosses no water")
	if road.is_empty():
		return
	var way: PackedVector3Array = road[2]
	var chunks := {}
	for p in way:
		chunks[t.world_to_cell(p) / 48] = true
	check(chunks.size() >= 2, "the road crosses a chunk border (%d chunks)" % chunks.size())
	var reach: float = ROAD_REACH_CELLS * t.generator.cell_size
	var on_road := closeness(road_trip(t, road, "chunks"), way, reach)
	check(on_road.y >= ROAD_SHARE, "%.0f %% of the path lies within %.1f m of the road (at least %.0f %%)"
			% [on_road.y * 100.0, reach, ROAD_SHARE * 100.0])
	# On the road regions alone, the path still runs from one end to the other: they join edge to
	# edge at the chunk borders.
	var query := NavigationPathQueryParameters3D.new()
	query.map = t.get_world_3d().navigation_map
	query.start_position = road[0]
	query.target_position = road[1]
	var rids: Array[RID] = []
	for r in roads:
		rids.append(r.get_rid())
	query.included_regions = rids
	var result := NavigationPathQueryResult3D.new()
	NavigationServer3D.query_path(query, result)
	var path := result.path
	check(path.size() >= 2 and path[path.size() - 1].distance_to(road[1]) < 2.0,
			"the road regions alone lead from one settlement to the other (%d points, ending %s for %s)"
			% [path.size(), path[path.size() - 1] if path.size() > 0 else Vector3.INF, road[1]])


## A path from open ground beside the middle of `road` (from dry_road) to its far end steps from
## the ground's region onto `road_region` and reaches the end.
func check_ground_leads_onto_the_road(t: DonjournoTerrain, road: Array, road_region: NavigationRegion3D) -> void:
	if road_region == null:
		return
	var map_rid := t.get_world_3d().navigation_map
	var way: PackedVector3Array = road[2]
	var middle := way.size() / 2
	var along := (way[middle + 1] - way[middle - 1]).normalized()
	var across := Vector3(-along.z, 0.0, along.x)
	var start := Vector3.INF
	for side: float in [1.0, -1.0]:
		for cells: float in [6.0, 8.0, 10.0]:
			var p: Vector3 = way[middle] + across * side * cells * t.generator.cell_size
			p.y = t.get_height_at(p.x, p.z)
			var snapped := NavigationServer3D.map_get_closest_point(map_rid, p)
			var off := Vector2(snapped.x - p.x, snapped.z - p.z).length()
			if start == Vector3.INF and not t.is_road_at(p.x, p.z) and off < 0.25 \
					and distance_to_line(p, way) > 4.0 * t.generator.cell_size:
				start = p
	check(start != Vector3.INF, "open ground beside the road")
	if start == Vector3.INF:
		return
	var query := NavigationPathQueryParameters3D.new()
	query.map = map_rid
	query.start_position = start
	query.target_position = road[1]
	query.metadata_flags = NavigationPathQueryParameters3D.PATH_METADATA_INCLUDE_RIDS
	var result := NavigationPathQueryResult3D.new()
	NavigationServer3D.query_path(query, result)
	var owners := result.path_rids
	check(result.path.size() >= 2 and result.path[result.path.size() - 1].distance_to(road[1]) < 2.0,
			"a path from beside the road reaches its end")
	check(owners.size() > 0 and owners[0] != road_region.get_rid(), "it starts on the ground's region")
	check(owners.has(road_region.get_rid()), "it steps onto the road's region")


## A bridge of `t`'s roads with road on both banks, as `[from, to, bridge]`: the road points
## BANK_CELLS before and after a run of road points over water, both on the navigation mesh, and
## the bridge's line (the run with the road point on either bank); empty when none.
func bridge_crossing(t: DonjournoTerrain) -> Array:
	var map_rid := t.get_world_3d().navigation_map
	var on_mesh := func(p: Vector3) -> bool:
		var q := NavigationServer3D.map_get_closest_point(map_rid, p)
		return Vector2(q.x - p.x, q.z - p.z).length() < 0.25
	# A river narrower than a cell may run between two of a road's points: each step of the road
	# is sampled for water, not only its points.
	var wet_step := func(a: Vector3, b: Vector3) -> bool:
		for k in range(1, 8):
			var q := a.lerp(b, k / 8.0)
			if t.is_water_at(q.x, q.z):
				return true
		return t.is_water_at(a.x, a.z) or t.is_water_at(b.x, b.z)
	for road: PackedVector3Array in t.get_roads():
		var line := PackedVector3Array()
		for p in road:
			line.append(t.to_global(p))
		var k := 0
		while k + 1 < line.size():
			if not wet_step.call(line[k], line[k + 1]):
				k += 1
				continue
			var start := k
			while k + 1 < line.size() and wet_step.call(line[k], line[k + 1]):
				k += 1
			# The steps start..k-1 are wet: points start..k span the water.
			var before := start - BANK_CELLS
			var after := k + BANK_CELLS
			if before < 0 or after >= line.size():
				continue
			# The river runs on across the road, two cells each side of it: the way from bank to
			# bank is over the bridge, not round the river's end beside the road.
			var across := (line[after] - line[before]).normalized().cross(Vector3.UP) * 2.0 \
					* t.generator.cell_size
			var across_river := false
			for j in range(start, k + 1):
				var p := line[j]
				across_river = across_river or (t.is_water_at(p.x, p.z)
						and t.is_water_at(p.x + across.x, p.z + across.z)
						and t.is_water_at(p.x - across.x, p.z - across.z))
			if not across_river:
				continue
			var from := line[before]
			var to := line[after]
			from.y = t.get_height_at(from.x, from.z)
			to.y = t.get_height_at(to.x, to.z)
			if on_mesh.call(from) and on_mesh.call(to):
				return [from, to, line.slice(start, k + 1)]
	return []


func test_a_path_across_a_river_goes_over_the_bridge() -> void:
	var t := town_terrain(48)
	await baked(t)
	var crossing := bridge_crossing(t)
	check(not crossing.is_empty(), "a road crosses a river with road on both banks")
	if crossing.is_empty():
		return
	var from: Vector3 = crossing[0]
	var to: Vector3 = crossing[1]
	var bridge: PackedVector3Array = crossing[2]
	var map_rid := t.get_world_3d().navigation_map
	for p in bridge:
		if not t.is_water_at(p.x, p.z):
			continue
		var deck := NavigationServer3D.map_get_closest_point(map_rid, p)
		check(Vector2(deck.x - p.x, deck.z - p.z).length() < 0.25 and absf(deck.y - p.y) <= DECK_POINT_TOLERANCE,
				"get_roads() puts a bridge's point on its deck: %s, the deck at %s" % [p, deck])
	var path := NavigationServer3D.map_get_path(map_rid, from, to, true)
	check(path.size() >= 2, "a path exists (%d points)" % path.size())
	if path.size() < 2:
		return
	check(path[0].distance_to(from) < 0.5 and path[path.size() - 1].distance_to(to) < 0.5,
			"the path runs from one bank to the other (%s to %s for %s to %s)"
			% [path[0], path[path.size() - 1], from, to])
	var cell: float = t.generator.cell_size
	var over_water := 0
	var length := 0.0
	for i in range(1, path.size()):
		var step := path[i - 1].distance_to(path[i])
		length += step
		# Every tenth of a cell along the path, so a river narrower than a cell is not stepped over.
		var samples := maxi(16, ceili(step / (0.1 * cell)))
		for k in samples:
			var q := path[i - 1].lerp(path[i], float(k) / samples)
			if not t.is_water_at(q.x, q.z):
				continue
			over_water += 1
			check(distance_to_line(q, bridge) <= BRIDGE_REACH_CELLS * cell,
					"over the river, the path keeps to the bridge: %s lies %.2f m from it"
					% [q, distance_to_line(q, bridge)])
			var water := t.get_water_level_at(q.x, q.z)
			check(is_nan(water) or q.y > water + DECK_ABOVE_WATER,
					"over the river, the path stays on the deck: %s, the water at %.2f" % [q, water])
		if failures.size() > 8:
			return
	check(over_water > 0, "the path crosses the river")
	var straight := from.distance_to(to)
	check(length < DETOUR_SHARE * straight,
			"the path takes the bridge, no detour: %.1f m for %.1f m straight" % [length, straight])


func test_a_baked_town_keeps_its_roads_buildings_and_navigation() -> void:
	var path := "user://donjourno_baked_town_test.res"
	var t := town_terrain(48, BUILT_CELL)
	await baked(t)
	var road := dry_road(t)
	check(not road.is_empty(), "two settlements share a road that crosses no water")
	var live_regions := t.get_navigation_regions().size()
	var live_road_regions := road_regions(t).size()
	var live_roads := t.get_roads_instance()
	var live_buildings := t.get_buildings_instance()
	check(live_roads != null and live_buildings != null, "the town has roads and buildings")
	if road.is_empty() or live_roads == null or live_buildings == null:
		return
	var reach: float = ROAD_REACH_CELLS * t.generator.cell_size
	var live_trip := closeness(road_trip(t, road, "live town"), road[2], reach)
	check_eq(t.bake_mesh(path), OK, "bake_mesh saves the town")
	var mesh: ArrayMesh = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(mesh != null, "the baked town loads")
	if mesh == null:
		return
	# The live terrain leaves the navigation map (it stays for its water queries).
	t.navigation_enabled = false
	await frames(2)
	check(t.get_navigation_regions().is_empty(), "the live terrain's regions are gone")

	var t2 := DonjournoTerrain.new()
	t2.chunk_size = 48
	t2.navigation_enabled = true
	t2.generator = t.generator
	t2.baked_mesh = mesh
	root.add_child(t2)
	await baked(t2)
	check(t2.get_stats().is_empty(), "the pipeline never ran")
	var roads := t2.get_roads_instance()
	var buildings := t2.get_buildings_instance()
	check(roads != null and roads.mesh != null, "the baked roads are shown")
	check(buildings != null and buildings.mesh != null, "the baked buildings are shown")
	if roads == null or buildings == null or roads.mesh == null or buildings.mesh == null:
		return
	check_eq(roads.mesh.get_faces().size(), live_roads.mesh.get_faces().size(), "the same road triangles")
	check_eq(buildings.mesh.get_faces().size(), live_buildings.mesh.get_faces().size(),
			"the same building triangles")
	var walls: int = (buildings.mesh as ArrayMesh).surface_find_by_name("walls")
	check(walls >= 0 and buildings.mesh.surface_get_material(walls) is ShaderMaterial,
			"the walls keep the facade shader")
	var regions := t2.get_navigation_regions()
	check_eq(regions.size(), live_regions, "the same navigation regions")
	check(live_road_regions > 0 and road_regions(t2).size() == live_road_regions,
			"the same road regions, at the road cost (%d)" % live_road_regions)
	# The path on the baked regions keeps off the water (asked of the live terrain) and is the live
	# terrain's: as long, and as much of it on the road.
	var baked_trip := closeness(road_trip(t, road, "baked town"), road[2], reach)
	check(absf(baked_trip.x - live_trip.x) <= SAME_TRIP * live_trip.x
			and absf(baked_trip.y - live_trip.y) <= SAME_TRIP,
			"the path on the baked regions is the live one: %.0f m, %.0f %% on the road, against %.0f m, %.0f %%"
			% [baked_trip.x, baked_trip.y * 100.0, live_trip.x, live_trip.y * 100.0])
	check(live_trip.y >= BUILT_ROAD_SHARE, "%.0f %% of the path lies on the road (at least %.0f %%)"
			% [live_trip.y * 100.0, BUILT_ROAD_SHARE * 100.0])

	# Navigation off hides the baked regions; on shows them again.
	t2.navigation_enabled = false
	await frames(2)
	check(t2.get_navigation_regions().is_empty(), "navigation off removes the baked regions")
	t2.navigation_enabled = true
	await frames(2)
	check_eq(t2.get_navigation_regions().size(), live_regions, "navigation on shows them again")
	# Clearing the baked mesh removes the baked roads until the town is generated again.
	t2.baked_mesh = null
	check(t2.get_roads_instance() == null and t2.get_buildings_instance() == null,
			"clearing the bake removes its roads and buildings")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
