extends "res://lib/test_case.gd"
## Biomes in Godot: the switch, the constants and names, and the queries.


func _biome_terrain() -> DonjournoTerrain:
	var g := DonjournoGenerator.new()
	check(g.apply_preset("continent"), "continent preset")
	g.width = 96
	g.depth = 96
	g.set_droplet_count(4000)
	g.climate_feature_scale = 0.5
	g.climate_temperature_range = 22.0
	g.biomes_enabled = true
	return terrain_with(g)


func test_constants_and_names_follow_the_table() -> void:
	check_eq(DonjournoTerrain.BIOME_DEEP_OCEAN, 0, "deep ocean first")
	check_eq(DonjournoTerrain.BIOME_HOT_DESERT, 10, "hot desert")
	check_eq(DonjournoTerrain.BIOME_VOLCANIC, 19, "volcanic last")
	check_eq(DonjournoTerrain.get_biome_name(DonjournoTerrain.BIOME_BOREAL_FOREST), "boreal forest",
			"name")
	check_eq(DonjournoTerrain.get_biome_name(20), "", "unknown id")
	check(not DonjournoGenerator.new().biomes_enabled, "biomes are off by default")


func test_queries_answer_the_biomes_of_the_grid() -> void:
	var t := _biome_terrain()
	var map := t.get_map()
	var seen := {}
	for z in range(0, map.get_depth(), 7):
		for x in range(0, map.get_width(), 7):
			var centre := t.cell_to_world(Vector2i(x, z))
			var id := t.get_biome_at(centre.x, centre.z)
			check_eq(id, map.get_biome(x, z), "query = map at (%d, %d)" % [x, z])
			seen[id] = true
			var weights := t.get_biome_weights_at(centre.x, centre.z)
			var total := 0.0
			for k in weights:
				total += weights[k]
			check_near(total, 1.0, 1e-4, "weights sum to 1 at (%d, %d)" % [x, z])
			check(weights.has(id), "the dominant biome is among the weights")
	check(seen.size() >= 3, "several biomes: %s" % [seen.keys()])
	check_eq(t.get_biome_at(-9999.0, -9999.0), -1, "off the terrain")
	check(t.get_biome_weights_at(-9999.0, -9999.0).is_empty(), "no weights off the terrain")
	t.generator.biomes_enabled = false
	t.regenerate()
	var c := t.cell_to_world(Vector2i(10, 10))
	check_eq(t.get_biome_at(c.x, c.z), -1, "biomes off: no biome")


func test_biome_image_and_legend_colours_follow_the_map() -> void:
	var t := _biome_terrain()
	var map := t.get_map()
	var image := map.get_biome_image()
	check(image != null, "a biome image")
	check_eq(image.get_size(), Vector2i(map.get_width(), map.get_depth()), "one pixel per cell")
	var colours := {}
	for z in range(0, map.get_depth(), 5):
		for x in range(0, map.get_width(), 5):
			var id := map.get_biome(x, z)
			var want := DonjournoTerrain.get_biome_color(id)
			check(image.get_pixel(x, z).is_equal_approx(want), "pixel (%d, %d) is biome %d's colour" % [x, z, id])
			colours[want.to_html()] = true
	check(colours.size() >= 3, "distinct colours for distinct biomes")
	check_eq(DonjournoTerrain.get_biome_color(99), Color(0, 0, 0), "unknown id: black")
	t.generator.biomes_enabled = false
	t.regenerate()
	check(t.get_map().get_biome_image() == null, "no image without biomes")
