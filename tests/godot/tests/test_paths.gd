extends "res://lib/test_case.gd"
## Paths: curves drawn on a terrain that lay a ridge, a valley, a river or a road, regenerate it
## when they change, save in the scene and write the command line's JSON.

const SCENE_PATH := "user://donjourno_test_paths.tscn"


## A path of `kind` through the terrain's local points `points` (x, z), `width` and `height`
## metres.
func _path(kind: int, points: Array[Vector2], width: float, height: float) -> DonjournoPath:
	var p := DonjournoPath.new()
	p.name = &"Path"
	p.kind = kind
	p.width = width
	p.height = height
	var curve := Curve3D.new()
	for q in points:
		curve.add_point(Vector3(q.x, 0, q.y))
	p.curve = curve
	return p


## Flat ground without erosion: the pool model with no mountains.
func _flat(seed: int) -> DonjournoGenerator:
	var g := small_generator(seed)
	g.coverage = 0.0
	g.erosion_droplet_density = 0.0
	return g


func test_a_river_path_runs_water_along_its_curve_and_follows_its_edits() -> void:
	var t := terrain_with(_flat(21))
	var river := _path(DonjournoPath.KIND_RIVER, [Vector2(4.5, 20.5), Vector2(60.5, 24.5)], 3.0, 1.0)
	var dry := 0
	for x in range(8, 57, 8):
		var p := t.to_global(Vector3(x + 0.5, 0, 20.5 + 4.0 * (x - 4.0) / 56.0))
		if not t.is_water_at(p.x, p.z):
			dry += 1
	check_eq(dry, 7, "no water on the flat ground before")
	t.add_child(river)
	await settled(t)
	for x in range(8, 57, 8):
		var p := t.to_global(Vector3(x + 0.5, 0, 20.5 + 4.0 * (x - 4.0) / 56.0))
		check(t.is_water_at(p.x, p.z), "water along the curve at x = %d" % x)
	# Editing the curve regenerates: the river follows its new line.
	var runs := int(t.get_stats().pipeline_runs)
	river.curve.set_point_position(0, Vector3(4.5, 0, 44.5))
	river.curve.set_point_position(1, Vector3(60.5, 0, 44.5))
	await settled(t)
	check_eq(int(t.get_stats().pipeline_runs), runs + 1, "the curve's edits regenerated once")
	var old := t.to_global(Vector3(32.5, 0, 22.5))
	var new := t.to_global(Vector3(32.5, 0, 44.5))
	check(not t.is_water_at(old.x, old.z), "the old line dried")
	check(t.is_water_at(new.x, new.z), "the new line holds the river")


func test_a_ridge_rises_along_its_curve() -> void:
	var t := terrain_with(_flat(22))
	var ridge := _path(DonjournoPath.KIND_RIDGE, [Vector2(10.5, 32.5), Vector2(54.5, 32.5)], 12.0, 6.0)
	t.add_child(ridge)
	check(t.regenerate(), "rebuilt with the ridge")
	var top := t.to_global(Vector3(32.5, 0, 32.5))
	var off := t.to_global(Vector3(32.5, 0, 50.5))
	check(t.get_height_at(top.x, top.z) > t.get_height_at(off.x, off.z) + 4.0,
			"the line rose about 6 m above the ground beside it")


func test_a_road_path_lays_a_road_joined_to_the_towns() -> void:
	var g := small_generator(9)
	g.width = 192
	g.depth = 192
	g.settlements_enabled = true
	g.settlements_hex_radius = 16.0
	var t := terrain_with(g)
	t.auto_regenerate = false
	var towns := t.get_settlements()
	check(towns.size() > 0, "settlements to join")
	var before := t.get_roads().size()
	var road := _path(DonjournoPath.KIND_ROAD, [Vector2(8.5, 180.5), Vector2(60.5, 150.5)], 4.0, 0.0)
	t.add_child(road)
	check(t.regenerate(), "rebuilt with the road")
	check(t.get_roads().size() > before, "more roads")
	var start := t.to_global(Vector3(8.5, 0, 180.5))
	var joined := false
	for s: Dictionary in t.get_settlements():
		var way: PackedVector3Array = t.get_road_path(start, t.to_global(s.position))
		if way.size() > 1:
			joined = true
			break
	check(joined, "the drawn road leads to a settlement")


## The warnings' text is checked in Rust (`path::logic::tests`).
func test_a_bad_path_keeps_the_terrain_and_names_the_path() -> void:
	var t := terrain_with(_flat(23))
	t.auto_regenerate = false
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var lone := _path(DonjournoPath.KIND_VALLEY, [Vector2(10.5, 10.5)], 5.0, 2.0)
	lone.name = &"Gully"
	t.add_child(lone)
	expect_error("path \"Gully\": points must be")
	check(not t.regenerate(), "a path of one point fails the rebuild")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == before, "the previous terrain stays")
	check("Gully" in t.get_last_error(), "the error names the path: %s" % t.get_last_error())
	lone.curve.add_point(Vector3(40.5, 0, 30.5))
	check(t.regenerate(), "a second point mends it")
	expect_error("kind must be")
	lone.kind = 7
	check_eq(lone.kind, DonjournoPath.KIND_VALLEY, "an unknown kind is refused")


func test_paths_save_in_the_scene_and_write_the_command_line_json() -> void:
	var scene_root := Node3D.new()
	scene_root.name = &"Level"
	root.add_child(scene_root)
	var t := DonjournoTerrain.new()
	t.name = &"Terrain"
	t.generator = _flat(24)
	scene_root.add_child(t)
	t.owner = scene_root
	var valley := _path(DonjournoPath.KIND_VALLEY, [Vector2(6.5, 10.5), Vector2(30.5, 20.5), Vector2(58.5, 12.5)], 8.0, 3.0)
	valley.position = Vector3(0, 0, 10)
	t.add_child(valley)
	valley.owner = scene_root
	await settled(t)
	var original: Array = arrays_of(t)
	var doc: Dictionary = JSON.parse_string(t.get_stamps_json())
	check_eq(doc.paths.size(), 1, "one path in the JSON")
	var jp: Dictionary = doc.paths[0]
	check_eq(jp.kind, "valley", "kind")
	check_eq(jp.points.size(), 3, "the curve's three points")
	# Local x 6.5 is sampled at 6 m; the node's offset of 10 m moves z.
	check_near(jp.points[0][0], 6.0, 1e-4, "x in the generator's metres")
	check_near(jp.points[0][1], 20.0, 1e-4, "z, moved with the node")
	check_near(jp.width, 8.0, 1e-6, "width")
	var packed := PackedScene.new()
	check_eq(packed.pack(scene_root), OK, "pack the scene")
	check_eq(ResourceSaver.save(packed, SCENE_PATH), OK, "save the scene")
	var text := FileAccess.get_file_as_string(SCENE_PATH)
	check(text.contains("DonjournoPath") and text.contains("Curve3D") and not text.contains("ArrayMesh"),
			"the path and its curve are saved, no mesh")
	var instance: Node3D = (ResourceLoader.load(SCENE_PATH, "", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene).instantiate()
	root.add_child(instance)
	var t2: DonjournoTerrain = instance.get_node("Terrain")
	await settled(t2)
	check(arrays_of(t2)[Mesh.ARRAY_VERTEX] == original[Mesh.ARRAY_VERTEX], "the loaded scene rebuilds the same ground")
	check_eq(t2.get_stamps_json(), t.get_stamps_json(), "the same JSON")
	var t3 := DonjournoTerrain.new()
	t3.generator = _flat(24)
	root.add_child(t3)
	check_eq(t3.add_stamps_json(t.get_stamps_json()), 1, "one path added from the JSON")
	check_eq(t3.get_stamps_json(), t.get_stamps_json(), "the JSON round-trips through the nodes")
	check(t3.regenerate(), "rebuilt from the JSON's path")
	check(arrays_of(t3)[Mesh.ARRAY_VERTEX] == original[Mesh.ARRAY_VERTEX], "the same ground from the JSON")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(SCENE_PATH))
