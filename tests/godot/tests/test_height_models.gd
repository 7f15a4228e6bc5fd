extends "res://lib/test_case.gd"
## The height models in Godot: the enum property and its constants, the inspector showing only the
## active model's group, the climate queries, and switching models on a live terrain.


func _props(g: DonjournoGenerator) -> Dictionary:
	var props := {}
	for p in g.get_property_list():
		props[p.name] = p
	return props


func _shown(g: DonjournoGenerator, name: String) -> bool:
	var p: Dictionary = _props(g).get(name, {})
	return not p.is_empty() and (p.usage & PROPERTY_USAGE_EDITOR) != 0


func test_height_model_is_an_enum_with_constants() -> void:
	check_eq(DonjournoGenerator.HEIGHT_MODEL_POOL, 0, "pool")
	check_eq(DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION, 1, "subdivision")
	check_eq(DonjournoGenerator.HEIGHT_MODEL_CONTINENTS, 2, "continents")
	var g := DonjournoGenerator.new()
	check_eq(g.height_model, DonjournoGenerator.HEIGHT_MODEL_POOL, "pool by default")
	var p: Dictionary = _props(g)["height_model"]
	check_eq(p.hint, PROPERTY_HINT_ENUM, "enum hint")
	check_eq(p.hint_string, "Pool:0,Subdivision:1,Continents:2,Image:3", "enum names")
	check_eq(DonjournoGenerator.HEIGHT_MODEL_IMAGE, 3, "image")
	var file: Dictionary = _props(g)["image_file"]
	check_eq(file.hint, PROPERTY_HINT_FILE, "image_file picks a file")
	check(file.hint_string.contains("*.exr") and file.hint_string.contains("*.r16"), "its formats")
	check(not _shown(g, "image_file"), "image_file hidden for the pool")
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_IMAGE
	check(_shown(g, "image_file") and _shown(g, "image_sea_level"), "image_file shown for the image model")
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_POOL
	g.height_model = 7
	check(g.get_validation_error().begins_with("height_model"), "an unknown model is refused: %s"
			% g.get_validation_error())


func test_only_the_active_models_group_is_shown_and_every_value_is_saved() -> void:
	var g := DonjournoGenerator.new()
	var changed := [0]
	g.property_list_changed.connect(func() -> void: changed[0] += 1)
	check(_shown(g, "coverage") and not _shown(g, "subdivision_decay"), "pool shows coverage")
	check(not _shown(g, "continents_mountains"), "pool hides the continents")
	check(_shown(g, "climate_wind_direction") and _shown(g, "peak_height"), "shared groups shown")
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION
	check_eq(changed[0], 1, "the inspector's list is rebuilt once")
	check(not _shown(g, "coverage") and _shown(g, "subdivision_decay"), "subdivision group shown")
	g.subdivision_decay = 1.3
	check_eq(changed[0], 1, "other edits do not rebuild the list")
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_CONTINENTS
	check(_shown(g, "continents_land_bias") and not _shown(g, "subdivision_decay"), "continents")
	# Hidden values are still saved.
	var p: Dictionary = _props(g)["subdivision_decay"]
	check(p.usage & PROPERTY_USAGE_STORAGE, "a hidden parameter is still stored")
	var path := "user://height_models_test.tres"
	check_eq(ResourceSaver.save(g, path), OK, "saved")
	var loaded: DonjournoGenerator = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	check_near(loaded.subdivision_decay, 1.3, 1e-6, "hidden value kept")
	check_eq(loaded.height_model, DonjournoGenerator.HEIGHT_MODEL_CONTINENTS, "model kept")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_each_model_builds_a_terrain_and_a_switch_replaces_it() -> void:
	var g := small_generator(5)
	g.cell_size = 30.0
	g.height_scale = 400.0
	g.edge_falloff_width = 6.0 * g.cell_size
	var t := terrain_with(g)
	var hashes := {}
	for model in [DonjournoGenerator.HEIGHT_MODEL_POOL, DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION,
			DonjournoGenerator.HEIGHT_MODEL_CONTINENTS]:
		g.height_model = model
		await settled(t)
		check_eq(t.get_last_error(), "", "model %d builds" % model)
		var map := t.get_map()
		check(map != null, "model %d has a map" % model)
		hashes[map.get_grid_hash()] = model
		check_eq(t.get_stats().pipeline_runs > 0, true, "generated")
		if model != DonjournoGenerator.HEIGHT_MODEL_POOL:
			check(map.get_sea_level() > 0.0, "model %d has a sea" % model)
			check(t.is_water_at(t.global_position.x + 1.0, t.global_position.z + 1.0),
					"model %d: the falloff border is sea" % model)
	check_eq(hashes.size(), 3, "three models, three different terrains (no stale grid shown)")


func test_climate_queries_follow_the_grid_and_the_lapse_rate() -> void:
	var g := small_generator(9)
	g.height_model = DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION
	g.cell_size = 20.0
	g.height_scale = 1000.0
	g.climate_temperature_range = 0.0
	var t := terrain_with(g)
	var map := t.get_map()
	var hottest := -INF
	var coldest := INF
	var cold_cell := Vector2i.ZERO
	for z in map.get_depth():
		for x in map.get_width():
			var temperature := map.get_temperature(x, z)
			hottest = maxf(hottest, temperature)
			if temperature < coldest:
				coldest = temperature
				cold_cell = Vector2i(x, z)
	check_near(hottest, g.climate_sea_temperature, 1e-4, "sea level is the warmest")
	var metres := (map.get_height(cold_cell.x, cold_cell.y) - map.get_sea_level()) * 1000.0
	check_near(coldest, g.climate_sea_temperature - 6.5 * metres / 1000.0, 1e-3, "lapse rate")
	var centre := t.cell_to_world(cold_cell)
	check_near(t.get_temperature_at(centre.x, centre.z), coldest, 1e-4, "query = map cell")
	var moisture := t.get_moisture_at(centre.x, centre.z)
	check_near(moisture, map.get_moisture(cold_cell.x, cold_cell.y), 1e-6, "moisture = map cell")
	check(moisture >= 0.0 and moisture <= 1.0, "moisture in 0–1")
	# Off the terrain: flat ground at sea level, the warmest there is.
	var off := t.get_temperature_at(-500.0, -500.0)
	check_near(off, g.climate_sea_temperature, 1e-4, "off the terrain: sea-level climate")
	check(not is_nan(t.get_moisture_at(-500.0, -500.0)), "off the terrain: a moisture")
	check(is_nan(map.get_temperature(-1, 0)), "off the map's grid: NAN")
	var fresh := DonjournoTerrain.new()
	check(is_nan(fresh.get_temperature_at(0.0, 0.0)), "nothing shown: NAN")
	fresh.free()


## A scene file as versions that kept `height_scale` on the terrain wrote it: the generator first
## (the terrain's first property), the old property among the mesh settings.
const OLD_SCENE := """[gd_scene load_steps=2 format=3]

[sub_resource type="DonjournoGenerator" id="DonjournoGenerator_old"]
seed = 3
width = 64
depth = 64
erosion_droplets = 8000

[node name="OldTerrain" type="DonjournoTerrain"]
generator = SubResource("DonjournoGenerator_old")
subdivisions = 2
height_scale = 33.0
"""


## Writes `text` to `path` and loads it as a scene, bypassing the resource cache.
func _scene_from_text(path: String, text: String) -> PackedScene:
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(text)
	file.close()
	return ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene


func test_a_scene_saved_with_the_terrains_height_scale_still_loads() -> void:
	var path := "user://old_height_scale_scene.tscn"
	var scene := _scene_from_text(path, OLD_SCENE)
	check(scene != null, "the old scene loads as a PackedScene")
	if scene == null:
		return
	# The old property is taken over with a warning that says so.
	expect_warning("DonjournoTerrain.height_scale is now DonjournoGenerator.height_scale")
	var node := scene.instantiate()
	check(node is DonjournoTerrain, "its root is a DonjournoTerrain (%s)" % node)
	if not (node is DonjournoTerrain):
		if node != null:
			node.free()
		return
	var t: DonjournoTerrain = node
	var g := t.generator
	check(g != null, "the terrain has its generator")
	if g == null:
		t.free()
		return
	check_eq(g.seed, 3, "the generator's own values are kept")
	check_eq(t.subdivisions, 2, "the terrain's other values are kept")
	root.add_child(t)
	await frames(1)
	check_near(g.height_scale, 33.0, 1e-6, "the old value moved to the generator")
	await settled(t)
	check_eq(t.get_last_error(), "", "the loaded terrain builds")
	# The same terrain made directly with the generator's height_scale: the loaded one matches it.
	var direct_generator := small_generator(3)
	direct_generator.height_scale = 33.0
	var direct := terrain_with(direct_generator, 2)
	check(t.get_map() != null, "the loaded terrain shows a map")
	if t.get_map() != null:
		check_eq(t.get_map().get_grid_hash(), direct.get_map().get_grid_hash(), "the same terrain")
	check(t.get_aabb().is_equal_approx(direct.get_aabb()),
			"the mesh is scaled by 33 (bounds %s, directly %s)" % [t.get_aabb(), direct.get_aabb()])
	var default_scale := terrain_with(small_generator(3), 2)
	check(not t.get_aabb().is_equal_approx(default_scale.get_aabb()),
			"not the default height_scale's mesh")
	# Saved again, the value is the generator's and the terrain no longer carries it.
	var packed := PackedScene.new()
	check_eq(packed.pack(t), OK, "the loaded terrain packs")
	var saved := "user://resaved_height_scale_scene.tscn"
	check_eq(ResourceSaver.save(packed, saved), OK, "saved again")
	var text := FileAccess.get_file_as_string(saved)
	var node_part := text.substr(text.find("[node "))
	check(not node_part.contains("height_scale"), "the terrain's section has no height_scale:\n%s" % node_part)
	check(text.substr(0, text.find("[node ")).contains("height_scale = 33"),
			"the generator's section keeps height_scale = 33")
	var again: PackedScene = ResourceLoader.load(saved, "", ResourceLoader.CACHE_MODE_IGNORE)
	var reloaded: DonjournoTerrain = again.instantiate() if again != null else null
	check(reloaded != null and reloaded.generator != null
			and is_equal_approx(reloaded.generator.height_scale, 33.0), "it loads back with 33")
	if reloaded != null:
		reloaded.free()
	for file in [path, saved]:
		DirAccess.remove_absolute(ProjectSettings.globalize_path(file))
