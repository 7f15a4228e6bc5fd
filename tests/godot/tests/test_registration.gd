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


func test_generator_exports_every_parameter_with_a_range() -> void:
	var expected := [
		"seed", "width", "depth", "cell_size", "peak_height", "coverage", "erosion_droplets",
		"erosion_dt", "erosion_friction", "erosion_density", "erosion_deposition_rate",
		"erosion_evaporation_rate", "erosion_min_volume", "forest_height_limit",
		"forest_steepness", "forest_density",
	]
	var props := {}
	var groups: Array[String] = []
	for p in DonjournoGenerator.new().get_property_list():
		props[p.name] = p
		if p.usage & PROPERTY_USAGE_GROUP:
			groups.append(p.name)
	for name: String in expected:
		check(props.has(name), "generator exports %s" % name)
		if props.has(name):
			var p: Dictionary = props[name]
			check(p.usage & PROPERTY_USAGE_EDITOR and p.usage & PROPERTY_USAGE_STORAGE,
					"%s is shown and saved" % name)
			check_eq(p.hint, PROPERTY_HINT_RANGE, "%s range hint" % name)
	for group in ["Map", "Mountains", "Erosion", "Forest"]:
		check(groups.has(group), "group %s exists" % group)


func test_terrain_api() -> void:
	var t := DonjournoTerrain.new()
	for name in ["generator", "subdivisions", "roughness_strength", "height_scale", "auto_regenerate"]:
		check(name in t, "terrain has property %s" % name)
	check_eq(t.subdivisions, 1, "default subdivisions")
	check(t.auto_regenerate, "auto_regenerate defaults to on")
	check(t.has_signal(&"generation_finished"), "generation_finished signal")
	for method in ["regenerate", "get_height_at", "get_terrain_at", "world_to_cell", "cell_to_world",
			"get_map", "get_stats", "clear_cache", "get_last_error"]:
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
