extends "res://lib/test_case.gd"
## Heightmap export from Godot: the file holds the map's heights, its description the range.


func test_export_writes_the_heights_and_their_range() -> void:
	var g := small_generator(3)
	var t := terrain_with(g)
	var map := t.get_map()
	var path := "user://donjourno_test_heights.r16"
	check_eq(t.export_heightmap(path), OK, "exported")
	var bytes := FileAccess.get_file_as_bytes(path)
	check_eq(bytes.size(), 64 * 64 * 2, "two bytes a cell")
	for cell: Vector2i in [Vector2i(0, 0), Vector2i(17, 40), Vector2i(63, 63), Vector2i(32, 5)]:
		var i := (cell.y * 64 + cell.x) * 2
		var sample := bytes.decode_u16(i)
		var want := clampf(map.get_height(cell.x, cell.y) / g.peak_height, 0.0, 1.0) * 65535.0
		check_near(sample, want, 0.51, "sample of %s" % cell)
	var meta: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(path + ".json"))
	check_eq(int(meta.width), 64, "width")
	check_eq(meta.format, "R16", "format")
	check_near(meta.height_max_m, g.peak_height * g.height_scale, 1e-3, "range in metres")
	check_eq(t.export_heightmap("user://donjourno_test_heights.exr"), OK, "EXR too")
	check(FileAccess.get_file_as_bytes("user://donjourno_test_heights.exr").size() > 64 * 64, "an EXR file")
	for p in [path, path + ".json", "user://donjourno_test_heights.exr", "user://donjourno_test_heights.exr.json"]:
		DirAccess.remove_absolute(p)


func test_export_errors_leave_nothing_half_done() -> void:
	var t := DonjournoTerrain.new()
	root.add_child(t)
	expect_error("no terrain shown")
	check_eq(t.export_heightmap("user://x.png"), ERR_UNCONFIGURED, "nothing shown")
	t.generator = small_generator()
	t.regenerate()
	expect_error("unknown heightmap format")
	check_eq(t.export_heightmap("user://x.jpg"), ERR_FILE_UNRECOGNIZED, "unknown extension")
	check(not FileAccess.file_exists("user://x.jpg"), "no file written")


func test_the_image_model_raises_an_exported_heightmap() -> void:
	var source := small_generator(5)
	source.height_model = DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION
	source.erosion_droplet_density = 0.0
	var t := terrain_with(source)
	var path := "user://donjourno_test_import.png"
	check_eq(t.export_heightmap(path), OK, "exported")
	var g := small_generator(5)
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_IMAGE
	g.peak_height = source.peak_height
	g.erosion_droplet_density = 0.0
	g.water_lakes_enabled = false
	g.water_rivers_enabled = false
	g.image_file = path
	check_eq(g.image_file, path, "the path reads back")
	var imported := g.generate()
	check(imported != null, "generated from the file")
	var map := t.get_map()
	var step := source.peak_height / 65535.0
	for cell: Vector2i in [Vector2i(3, 3), Vector2i(40, 12), Vector2i(60, 60)]:
		var want := clampf(map.get_height(cell.x, cell.y), 0.0, source.peak_height)
		check_near(imported.get_height(cell.x, cell.y), want, step, "height at %s" % cell)
	var shown := terrain_with(g)
	check(shown.get_map() != null, "a terrain shows the image model")
	DirAccess.remove_absolute(path)
	DirAccess.remove_absolute(path + ".json")


func test_a_missing_heightmap_is_a_clear_error() -> void:
	var g := small_generator()
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_IMAGE
	expect_error("choose a heightmap file in image_file")
	check(g.generate() == null, "no file: no map")
	g.image_file = "user://donjourno_no_such_file.png"
	expect_error("does not exist")
	check(g.generate() == null, "missing file: no map")
	g.image_file = ""
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_POOL
	check(g.generate() != null, "back to the pool model")
