extends "res://lib/test_case.gd"
## Saved scenes hold the settings, not the mesh, and regenerate the same mesh when loaded.

const SCENE_PATH := "user://donjourno_test_scene.tscn"
## The class reference (docs/reference/classes.md) promises "a few hundred bytes" (this scene measured 414 bytes with Godot 4.6).
const MAX_SCENE_BYTES := 1000


func test_saved_scene_is_small_and_regenerates_on_load() -> void:
	var scene_root := Node3D.new()
	scene_root.name = &"Level"
	root.add_child(scene_root)
	var t := DonjournoTerrain.new()
	t.name = &"Terrain"
	t.subdivisions = 2
	t.generator = small_generator(31)
	scene_root.add_child(t)
	t.owner = scene_root
	t.position = Vector3(-32, 0, -32)
	await settled(t)
	var original: Array = arrays_of(t)
	check_eq(original[Mesh.ARRAY_VERTEX].size(), 64 * 64 * 4 * 6, "terrain built before saving")
	check(t.get_water_instance() != null, "water surface built before saving")

	var packed := PackedScene.new()
	check_eq(packed.pack(scene_root), OK, "pack the scene")
	check_eq(ResourceSaver.save(packed, SCENE_PATH), OK, "save the scene")
	var text := FileAccess.get_file_as_string(SCENE_PATH)
	var size := FileAccess.get_file_as_bytes(SCENE_PATH).size()
	check(size > 0 and size < MAX_SCENE_BYTES,
			"scene file is %d bytes (limit %d)" % [size, MAX_SCENE_BYTES])
	check(not text.contains("ArrayMesh"), "no ArrayMesh in the scene file")
	check(not text.contains("PackedVector3Array"), "no vertex data in the scene file")
	check(not text.contains("StaticBody3D") and not text.contains("HeightMapShape3D"),
			"no collision body in the scene file")
	check(not text.contains("MultiMesh"), "no trees in the scene file")
	check(not text.contains("MeshInstance3D") and not text.contains("Water\""),
			"no water surface in the scene file")
	check(text.contains("DonjournoGenerator"), "the generator is saved")
	check(text.contains("seed = 31"), "its seed is saved")
	check(t.mesh != null and t.mesh.get_surface_count() == 1, "saving keeps the mesh on the node")

	var loaded: PackedScene = ResourceLoader.load(SCENE_PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(loaded != null, "scene loads")
	if loaded == null:
		return
	var instance: Node3D = loaded.instantiate()
	var t2: DonjournoTerrain = instance.get_node("Terrain")
	check(t2 != null, "terrain in the loaded scene")
	check(t2.mesh == null, "no mesh comes from the file")
	root.add_child(instance)
	check(t2.is_generating(), "ready starts a background rebuild")
	await settled(t2)
	check(t2.mesh != null and t2.mesh.get_surface_count() == 1, "regenerated when ready")
	if t2.mesh != null and t2.mesh.get_surface_count() == 1:
		var again: Array = arrays_of(t2)
		for kind in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_NORMAL, Mesh.ARRAY_COLOR]:
			check(again[kind] == original[kind], "array %d identical after loading" % kind)
	check_eq(t2.position, Vector3(-32, 0, -32), "transform restored")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(SCENE_PATH))
