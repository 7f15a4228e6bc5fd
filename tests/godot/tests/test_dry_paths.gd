extends "res://lib/navigation_case.gd"
## Paths that stay dry: the navigation server's paths between settlements cross water only over a
## bridge's deck, and at every point of them the point queries give one answer (is_water_at,
## get_water_level_at, get_height_at, get_terrain_at, is_road_at agree).

## Spacing of the points checked along a path, world units.
const STEP := 0.1
## Least number of path points checked on the worlds of the search.
const MIN_POINTS := 5000


## A terrain with settlements and navigation on, built from `seed`, `size`² cells and `coverage`,
## in chunks of `chunk_size` cells.
func town_world(seed: int, size: int, coverage: float, chunk_size := 256) -> DonjournoTerrain:
	var g := DonjournoGenerator.new()
	g.seed = seed
	g.width = size
	g.depth = size
	g.coverage = coverage
	g.settlements_enabled = true
	var t := DonjournoTerrain.new()
	t.chunk_size = chunk_size
	t.navigation_enabled = true
	t.generator = g
	root.add_child(t)
	t.regenerate()
	return t


## Checks that the queries agree at the global point `p` of a path, and that `p` lies over no
## water unless on a bridge's deck above it; returns whether it lies over water. The messages are
## made only for a point that fails: a search checks tens of thousands.
func check_point(t: DonjournoTerrain, p: Vector3, label: String) -> bool:
	var water := check_agree(t, p, label)
	if water:
		var level := t.get_water_level_at(p.x, p.z)
		# On a deck: road there, and the path not below the water by more than the navigation
		# mesh may lie off the surface it follows (navigation_cell_size).
		var on_deck := t.is_road_at(p.x, p.z) and p.y > level - t.navigation_cell_size
		if not on_deck:
			check(false, "%s: over water only on a bridge's deck, above it: %s, the water at %f, road %s"
					% [label, p, level, t.is_road_at(p.x, p.z)])
	return water


## Checks that the queries agree at the global point `p` of the terrain; returns is_water_at.
func check_agree(t: DonjournoTerrain, p: Vector3, label: String) -> bool:
	var water := t.is_water_at(p.x, p.z)
	var level := t.get_water_level_at(p.x, p.z)
	var ground := t.get_height_at(p.x, p.z)
	var cls := t.get_terrain_at(p.x, p.z)
	var on := t.has_point(p.x, p.z)
	var finite := not is_nan(ground) and not is_inf(ground)
	var classed := cls != DonjournoTerrain.TERRAIN_NONE
	var class_agrees := water == (cls == DonjournoTerrain.TERRAIN_WATER)
	var level_agrees := water == (not is_nan(level))
	var above := not water or level >= ground
	if on and finite and classed and class_agrees and level_agrees and above:
		return water
	check(on, "%s: %s lies on the terrain" % [label, p])
	check(finite, "%s: a height at %s (%f)" % [label, p, ground])
	check(classed, "%s: a class at %s" % [label, p])
	check(class_agrees, "%s: is_water_at (%s) and get_terrain_at agree at %s (class %d)" % [label, water, p, cls])
	check(level_agrees, "%s: is_water_at (%s) and get_water_level_at agree at %s (level %f)" % [label, water, p, level])
	check(above, "%s: the water at %s lies above the ground (%f, %f)" % [label, p, level, ground])
	return water


## Checks every point of `path` and the points between them every STEP; returns how many were
## checked.
func check_path(t: DonjournoTerrain, path: PackedVector3Array, label: String) -> int:
	var checked := 0
	for i in range(1, path.size()):
		var a := path[i - 1]
		var b := path[i]
		var steps := maxi(1, ceili(Vector2(a.x, a.z).distance_to(Vector2(b.x, b.z)) / STEP))
		var segment := "%s, segment %d" % [label, i]
		for k in steps + 1:
			check_point(t, a.lerp(b, float(k) / steps), segment)
			checked += 1
			if failures.size() > 8:
				return checked
	return checked


func test_the_path_between_the_first_two_settlements_stays_dry() -> void:
	# The case of the report: seed 12, 256² cells, coverage 0.35, settlements on.
	var t := town_world(12, 256, 0.35)
	await baked(t)
	var places := t.get_settlements()
	check(places.size() >= 2, "two settlements (%d)" % places.size())
	if places.size() < 2:
		return
	var map_rid := t.get_world_3d().navigation_map
	var from: Vector3 = places[0].global_position
	var to: Vector3 = places[1].global_position
	var path := NavigationServer3D.map_get_path(map_rid, from, to, true)
	check(path.size() >= 2, "a path between %s and %s (%d points)" % [places[0].name, places[1].name, path.size()])
	var wet := 0
	for p in path:
		wet += int(check_point(t, p, "path point"))
	var checked := check_path(t, path, "%s → %s" % [places[0].name, places[1].name])
	print("  the first two settlements: %d path points, %d over water (on decks), %d points checked"
			% [path.size(), wet, checked])
	# The report's point, where is_water_at answered true and the water level NaN.
	check_agree(t, Vector3(160.24, 0.0, 150.0), "the reported point")


func test_paths_between_joined_settlements_stay_dry() -> void:
	var worlds := [[12, 256, 0.35, 256], [5, 192, 0.5, 64], [31, 224, 0.25, 256]]
	var paths := 0
	var points := 0
	for w in worlds:
		var t := town_world(w[0], w[1], w[2], w[3])
		await baked(t)
		var map_rid := t.get_world_3d().navigation_map
		var places := t.get_settlements()
		for a in places.size():
			for b in range(a + 1, places.size()):
				var from: Vector3 = places[a].global_position
				var to: Vector3 = places[b].global_position
				if t.get_road_path(from, to).size() < 2:
					continue
				var path := full_path(map_rid, from, to)
				var label := "seed %d: %s → %s" % [w[0], places[a].name, places[b].name]
				check(path.size() >= 2 and path[path.size() - 1].distance_to(to) < places[b].radius + 2.0,
						"%s: the path reaches its end (%d points)" % [label, path.size()])
				paths += 1
				points += check_path(t, path, label)
				if failures.size() > 8:
					return
		t.queue_free()
		await frames(2)
	print("  %d worlds, %d paths between joined settlements, %d points checked" % [worlds.size(), paths, points])
	check(paths >= 6, "paths between joined settlements (%d)" % paths)
	check(points >= MIN_POINTS, "path points checked (%d)" % points)
