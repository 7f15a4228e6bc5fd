extends "res://lib/test_case.gd"
## DonjournoGenerator: defaults, `changed`, .tres round trip, presets, JSON and generate().

const TRES_PATH := "user://donjourno_test_generator.tres"

## Non-default value for every property.
const EDITED := {
	"seed": 987654321, "width": 96, "depth": 80, "cell_size": 2.5, "peak_height": 3.0,
	"coverage": 0.3, "erosion_droplet_density": 1.5, "erosion_dt": 1.1, "erosion_friction": 0.07,
	"erosion_density": 1.5, "erosion_deposition_rate": 0.2, "erosion_evaporation_rate": 0.02,
	"erosion_min_volume": 0.02, "forest_height_limit": 0.5, "forest_steepness": 3.0,
	"forest_cover": 0.6,
}


func test_defaults_are_the_core_defaults() -> void:
	var g := DonjournoGenerator.new()
	check_eq(g.width, 128, "width")
	check_eq(g.depth, 128, "depth")
	check_near(g.coverage, 0.45, 1e-6, "coverage")
	check_near(g.erosion_dt, 1.2, 1e-6, "erosion_dt")
	check_near(g.erosion_friction, 0.05, 1e-6, "erosion_friction")
	check_near(g.erosion_deposition_rate, 0.1, 1e-6, "erosion_deposition_rate")
	check_near(g.erosion_evaporation_rate, 0.01, 1e-6, "erosion_evaporation_rate")
	check_near(g.erosion_min_volume, 0.01, 1e-6, "erosion_min_volume")
	check_near(g.cell_size, 1.0, 1e-6, "cell_size")
	check_eq(g.get_validation_error(), "", "defaults are valid")


func test_every_edit_emits_changed_once() -> void:
	var g := DonjournoGenerator.new()
	var count := [0]
	g.changed.connect(func() -> void: count[0] += 1)
	for name: String in EDITED:
		var before: int = count[0]
		g.set(name, EDITED[name])
		check_eq(count[0], before + 1, "setting %s emits changed once" % name)
		g.set(name, EDITED[name])
		check_eq(count[0], before + 1, "setting %s to the same value emits nothing" % name)


func test_tres_round_trip() -> void:
	var g := DonjournoGenerator.new()
	for name: String in EDITED:
		g.set(name, EDITED[name])
	check_eq(ResourceSaver.save(g, TRES_PATH), OK, "save .tres")
	var text := FileAccess.get_file_as_string(TRES_PATH)
	check(text.contains("DonjournoGenerator"), ".tres names the class")
	var loaded := ResourceLoader.load(TRES_PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(loaded is DonjournoGenerator, "loads as DonjournoGenerator")
	if loaded is DonjournoGenerator:
		check(loaded != g, "a fresh instance was loaded")
		for name: String in EDITED:
			if typeof(EDITED[name]) == TYPE_FLOAT:
				check_near(loaded.get(name), EDITED[name], 1e-6, "%s after load" % name)
			else:
				check_eq(loaded.get(name), EDITED[name], "%s after load" % name)
		check_eq(loaded.to_json(), g.to_json(), "same parameters after load")
		check_eq(loaded.generate().get_grid_hash(), g.generate().get_grid_hash(),
				"same grid after load")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(TRES_PATH))


## A resource saved when these parameters were in cells: its values read as metres and square
## metres, converted with the cell size saved before them.
const OLD_TRES := """[gd_resource type="DonjournoGenerator" format=3]

[resource]
cell_size = 2.0
erosion_droplets_per_cell = 3.0
water_min_lake_cells = 6
water_river_threshold = 150
forest_density = 0.3
"""


func test_saved_parameters_in_cells_read_in_metres() -> void:
	var path := "user://donjourno_test_old_units.tres"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(OLD_TRES)
	file.close()
	var loaded := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(loaded is DonjournoGenerator, "the old resource loads")
	if loaded is DonjournoGenerator:
		check_near(loaded.cell_size, 2.0, 1e-6, "cell_size")
		check_near(loaded.erosion_droplet_density, 3.0, 1e-6, "a droplet a cell stands for the cell's 4 m²")
		check_near(loaded.water_min_lake_area, 24.0, 1e-4, "6 cells of 4 m²")
		check_near(loaded.water_river_catchment, 600.0, 1e-3, "150 cells of 4 m²")
		check_near(loaded.forest_cover, 0.3, 1e-6, "a tree's chance per fertile cell is the forest's share of the ground")
		check_eq(loaded.get_validation_error(), "", "the converted values are valid")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_presets_and_json() -> void:
	var names := DonjournoGenerator.get_preset_names()
	check(names.has("default") and names.has("island"), "preset names: %s" % [names])
	var g := DonjournoGenerator.new()
	var count := [0]
	g.changed.connect(func() -> void: count[0] += 1)
	check(g.apply_preset("highlands"), "apply_preset(highlands)")
	check_eq(count[0], 1, "a preset emits changed once")
	var json := g.to_json()
	var other := DonjournoGenerator.new()
	check(other.from_json(json), "from_json accepts to_json's output")
	check_eq(other.to_json(), json, "JSON round trip")
	expect_error("unknown preset")
	check(not g.apply_preset("no such preset"), "unknown preset is refused")
	expect_error("coverage must be")
	check(not g.from_json('{"terrain": {"coverage": 2.0}}'), "out-of-range JSON is refused")
	check_eq(g.to_json(), json, "a refused JSON leaves the generator unchanged")


## The inspector sees the parameter table: groups in pipeline order with their prefixes, range
## hints with units, and switches as plain booleans.
func test_property_groups_and_hints() -> void:
	var groups: Array[String] = []
	var prefixes := {}
	var props := {}
	for p: Dictionary in ClassDB.class_get_property_list("DonjournoGenerator", true):
		if p.usage & PROPERTY_USAGE_GROUP:
			groups.append(p.name)
			prefixes[p.name] = p.hint_string
		elif p.usage & PROPERTY_USAGE_EDITOR:
			props[p.name] = p
	check_eq(groups, ["Map", "Pool", "Subdivision", "Continents", "Image", "Climate", "Biomes", "Ground", "Landscape", "Erosion", "Water",
			"Forest", "Settlements"], "inspector groups")
	check_eq(prefixes.get("Erosion"), "erosion_", "the Erosion group strips its prefix")
	check_eq(prefixes.get("Map"), "", "the Map group has no prefix")
	for name: String in EDITED:
		check(props.has(name), "%s is an editor property" % name)
	for name: String in ["water_lakes_enabled", "water_lake_erosion", "water_rivers_enabled"]:
		check(props.has(name) and props[name].type == TYPE_BOOL, "%s is a bool" % name)
	var hints := {
		"width": "1,4096,1,suffix:cells",
		"coverage": "0,1,0.01",
		"erosion_droplet_density": "0.0001,100,0.00001,or_greater,exp,suffix:/m²",
		"cell_size": "0.01,100,0.01,or_greater,suffix:m",
		"peak_height": "0.01,1000,0.01,exp",
	}
	for name: String in hints:
		if props.has(name):
			check_eq(props[name].hint, PROPERTY_HINT_RANGE, "%s has a range hint" % name)
			check_eq(props[name].hint_string, hints[name], "%s range hint" % name)
	check(props.has("erosion_dt") and props.erosion_dt.type == TYPE_FLOAT, "erosion_dt is a float")
	check(props.has("width") and props.width.type == TYPE_INT, "width is an int")


func test_out_of_range_counts_read_back_and_are_refused() -> void:
	var g := DonjournoGenerator.new()
	g.width = -5
	check_eq(g.width, -5, "a negative width reads back")
	check_eq(g.get_validation_error(), "width must be a whole number in [1, 4096] (got -5)",
			"and is refused by name")
	g.width = 64
	check_eq(g.get_validation_error(), "", "valid again")
	check(g.from_json('{"erosion": {"droplet_density": 0.5}, "water": {"sea_level": 0.05}}'),
			"from_json reads the grouped keys")
	check_near(g.erosion_droplet_density, 0.5, 1e-6, "erosion.droplet_density")
	check_near(g.water_sea_level, 0.05, 1e-6, "water.sea_level")
	check(g.from_json('{"width": 30, "depth": 20, "erosion": {"droplets": 900}}'),
			"from_json reads the old droplet count")
	check_eq(g.get_droplet_count(), 900, "as the density that runs 900 droplets")
	expect_error("unknown parameter \"erosion.droplet\"")
	check(not g.from_json('{"erosion": {"droplet": 1}}'), "an unknown key is refused")


func test_generate_returns_a_map() -> void:
	var g := small_generator(5)
	var map := g.generate()
	check(map != null, "generate() returns a map")
	if map == null:
		return
	check_eq(map.get_width(), 64, "map width")
	check_eq(map.get_depth(), 64, "map depth")
	check_eq(map.get_heights().size(), 64 * 64, "one height per cell")
	check_eq(map.get_terrain_classes().size(), 64 * 64, "one class per cell")
	var stats := map.get_stats()
	var counts: Dictionary = stats.class_counts
	check_eq(counts.grass + counts.mountain + counts.tree + counts.water, 64 * 64,
			"class counts add up")
	var layers: Array = stats.timings_ms.keys()
	layers.sort()
	check_eq(layers, ["Biomes", "Climate", "ForestMask", "ForestPlacement", "HybridTerrain", "Hydrology",
			"Scatter", "Settlements", "TerrainTexture"], "one time per layer")
	check_eq(stats.grid_hash, map.get_grid_hash(), "the grid hash as an int")
	check_near(stats.pool_fraction, 0.45, 0.001, "coverage is exact")
	check(stats.max_height > 0.0 and stats.max_height <= g.peak_height * 1.5,
			"max height %f within the peak" % stats.max_height)
	var heights := map.get_heights()
	var classes := map.get_terrain_classes()
	for i: int in [0, 100, 2000, 4095]:
		var x := i % 64
		var z := i / 64
		check_eq(map.get_height(x, z), heights[i], "get_height agrees with get_heights")
		check_eq(map.get_terrain(x, z), classes[i], "get_terrain agrees with get_terrain_classes")
	check_eq(map.get_terrain(-1, 0), DonjournoMap.TERRAIN_NONE, "off-grid class")
	check_eq(map.get_color_image().get_size(), Vector2i(64, 64), "colour image size")
	check_eq(map.get_grid_hash(), g.generate().get_grid_hash(), "generate() is deterministic")
