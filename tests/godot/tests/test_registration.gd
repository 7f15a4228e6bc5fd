extends "res://lib/test_case.gd"
## The extension registers its classes with the expected bases, properties, signals and constants.


func test_classes_are_registered() -> void:
	for cls in [&"DonjournoGenerator", &"DonjournoTerrain", &"DonjournoMap"]:
		check(ClassDB.class_exists(cls), "%s is registered" % cls)
	check_eq(ClassDB.get_parent_class(&"DonjournoGenerator"), &"Resource", "generator base")
	check_eq(ClassDB.get_parent_class(&"DonjournoTerrain"), &"MeshInstance3D", "terrain base")
	check_eq(ClassDB.get_parent_class(&"DonjournoMap"), &"RefCounted", "map base")
	check(ClassDB.can_instantiate(&"DonjournoGenerator"), "generator can be instantiated")
	check(ClassDB.can_instantiate(&"DonjournoTerrain"), "terrain can be instantiated")
	check(not ClassDB.can_instantiate(&"DonjournoMap"), "maps come only from generate()")
	for cls in [&"DonjournoGroundTextures", &"DonjournoGroundLayer"]:
		check(ClassDB.class_exists(cls) and ClassDB.can_instantiate(cls), "%s can be instantiated" % cls)
		check_eq(ClassDB.get_parent_class(cls), &"Resource", "%s base" % cls)


func test_generator_exports_every_parameter_with_a_range() -> void:
	var expected := [
		"seed", "width", "depth", "cell_size", "height_scale", "peak_height", "edge_falloff_width",
		"origin_x", "origin_z", "coverage", "climate_feature_scale", "climate_sea_temperature",
		"climate_temperature_range", "climate_wind_direction", "climate_rain_shadow", "erosion_droplet_density",
		"erosion_dt", "erosion_friction", "erosion_density", "erosion_deposition_rate",
		"erosion_evaporation_rate", "erosion_min_volume", "water_min_lake_area",
		"water_min_lake_depth", "water_river_catchment", "water_river_depth", "water_sea_level",
		"forest_height_limit", "forest_steepness", "forest_cover",
	]
	var switches := ["water_lakes_enabled", "water_lake_erosion", "water_rivers_enabled"]
	var props := {}
	var groups: Array[String] = []
	for p in DonjournoGenerator.new().get_property_list():
		props[p.name] = p
		if p.usage & PROPERTY_USAGE_GROUP and p.name != "Resource":  # Resource's own group
			groups.append(p.name)
	for name: String in expected:
		check(props.has(name), "generator exports %s" % name)
		if props.has(name):
			var p: Dictionary = props[name]
			check(p.usage & PROPERTY_USAGE_EDITOR and p.usage & PROPERTY_USAGE_STORAGE,
					"%s is shown and saved" % name)
			check_eq(p.hint, PROPERTY_HINT_RANGE, "%s range hint" % name)
	for name: String in switches:
		check(props.has(name) and props[name].type == TYPE_BOOL, "generator exports switch %s" % name)
	# The inspector reads top-down like the pipeline.
	check_eq(groups, ["Map", "Pool", "Subdivision", "Continents", "Image", "Climate", "Biomes", "Ground", "Landscape", "Erosion", "Water",
			"Forest", "Settlements"] as Array[String], "generator groups in pipeline order")
	check(props.has("height_model") and props["height_model"].hint == PROPERTY_HINT_ENUM,
			"height_model is an enum")
	var terrain_groups: Array[String] = []
	var t := DonjournoTerrain.new()
	for p in t.get_property_list():
		if p.usage & PROPERTY_USAGE_GROUP and p.name in ["Mesh", "Collision", "Trees", "Baking"]:
			terrain_groups.append(p.name)
	t.free()
	check_eq(terrain_groups, ["Mesh", "Collision", "Trees", "Baking"] as Array[String], "terrain groups")


func test_terrain_api() -> void:
	var t := DonjournoTerrain.new()
	for name in ["generator", "subdivisions", "roughness_strength", "auto_regenerate",
			"collision_enabled", "collision_layer", "collision_mask", "trees_enabled", "tree_mesh",
			"water_visible", "water_material", "ground_material", "ground_textures", "baked_mesh"]:
		check(name in t, "terrain has property %s" % name)
	check_eq(t.subdivisions, 1, "default subdivisions")
	check(t.auto_regenerate, "auto_regenerate defaults to on")
	check(t.has_signal(&"generation_finished"), "generation_finished signal")
	check(t.has_signal(&"generation_progress"), "generation_progress signal")
	check(t.collision_enabled and t.trees_enabled, "collision and trees default to on")
	check(t.water_material == null, "water_material defaults to null (the built-in shader)")
	for method in ["regenerate", "get_height_at", "get_terrain_at", "world_to_cell", "cell_to_world",
			"get_map", "get_stats", "clear_cache", "get_last_error", "regenerate_async",
			"is_generating", "bake_mesh", "get_collision_body", "get_trees_instance",
			"get_tree_transforms", "get_temperature_at", "get_moisture_at"]:
		check(t.has_method(method), "terrain has method %s" % method)
	var constants := {
		"TERRAIN_GRASS": 0, "TERRAIN_MOUNTAIN": 1, "TERRAIN_TREE": 2, "TERRAIN_WATER": 3,
		"TERRAIN_NONE": -1,
	}
	for name: String in constants:
		check_eq(ClassDB.class_get_integer_constant(&"DonjournoTerrain", name), constants[name],
				"DonjournoTerrain.%s" % name)
	check_eq(DonjournoTerrain.TERRAIN_TREE, 2, "constant reachable from scripts")
	t.free()
