extends "res://lib/test_case.gd"
## The editor plugin's actions (addons/donjourno/editor_actions.gd), run on a scene root and a
## plain UndoRedo: "Add Donjourno Terrain", "Add Donjourno Stamp" and "Regenerate and Bake
## Donjourno Terrain", their undo, and one distinct baked file per terrain.

const Actions := preload("res://addons/donjourno/editor_actions.gd")
const DIR := "user://donjourno_editor_actions_test"


## A scene root as the editor has it: saved as DIR/level.tscn, under this test's root.
func _scene() -> Node3D:
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(DIR))
	var scene := Node3D.new()
	scene.name = &"Level"
	scene.scene_file_path = DIR.path_join("level.tscn")
	root.add_child(scene)
	return scene


## A built terrain named `name` under `parent` (created as a plain Node3D path below `scene`).
func _terrain_at(scene: Node, parent_path: String, name: String, seed: int) -> DonjournoTerrain:
	var parent: Node = scene
	if not parent_path.is_empty():
		for part in parent_path.split("/"):
			var next := parent.get_node_or_null(part)
			if next == null:
				next = Node3D.new()
				next.name = part
				parent.add_child(next)
				next.owner = scene
			parent = next
	var t := DonjournoTerrain.new()
	t.name = name
	t.generator = small_generator(seed)
	parent.add_child(t)
	t.owner = scene
	t.regenerate()
	return t


func _cleanup() -> void:
	var dir := ProjectSettings.globalize_path(DIR)
	for file in DirAccess.get_files_at(DIR):
		DirAccess.remove_absolute(dir.path_join(file))
	DirAccess.remove_absolute(dir)


func test_add_terrain_is_undoable() -> void:
	var scene := _scene()
	var undo := UndoRedo.new()
	var t := Actions.add_terrain(scene, undo)
	check(t is DonjournoTerrain, "a DonjournoTerrain is added")
	check(t.get_parent() == scene, "under the scene root")
	check(t.owner == scene, "owned by the scene root, so it is saved with the scene")
	check(t.get("generator") is DonjournoGenerator, "with a new generator")
	check_eq(undo.get_current_action_name(), "Add Donjourno Terrain", "one undoable action")
	# Keep the background rebuild small.
	t.generator.width = 32
	t.generator.depth = 32
	check(undo.undo(), "undo")
	check(t.get_parent() == null, "undo removes the terrain")
	check_eq(scene.get_child_count(), 0, "the scene is empty again")
	check(undo.redo(), "redo")
	check(t.get_parent() == scene and t.owner == scene, "redo adds it back, owned")
	await settled(t)
	check(t.mesh != null and t.mesh.get_surface_count() == 1, "the added terrain generates")
	undo.free()


func test_add_stamp_is_undoable_and_undo_restores_the_ground_bit_for_bit() -> void:
	var scene := _scene()
	var t := _terrain_at(scene, "", "Terrain", 12)
	t.auto_regenerate = false
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var undo := UndoRedo.new()
	# A camera 100 m above the map's middle, looking 45° down towards +x: its ray meets the ground
	# 100 m on, beyond the map, so the point is kept on its eastern edge.
	var point := Actions.point_on_terrain(t, t.to_global(Vector3(32, 100, 32)), Vector3(1, -1, 0))
	check_eq(point, Vector3(64, 0, 32), "the ray's point kept on the map")
	point = Actions.point_on_terrain(t, t.to_global(Vector3(20, 10, 30)), Vector3(0, -1, 0))
	check_eq(point, Vector3(20, 0, 30), "straight down")
	check_eq(Actions.point_on_terrain(t, Vector3(0, 10, 0), Vector3(1, 0, 0)), Vector3(32, 0, 32),
			"a level ray: the middle of the map")
	var stamp := Actions.add_stamp(scene, t, point, undo)
	check(stamp is DonjournoStamp, "a DonjournoStamp is added")
	check(stamp.get_parent() == t and stamp.owner == scene, "under the terrain, owned by the scene")
	check_eq(stamp.position, Vector3(20, 0, 30), "at the point")
	check_near(stamp.radius, 6.4, 1e-4, "a tenth of the map's side")
	check_eq(undo.get_current_action_name(), "Add Donjourno Stamp", "one undoable action")
	check(t.regenerate(), "rebuilt with the stamp")
	var stamped: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	check(stamped != before, "the stamp changed the ground")
	check(undo.undo(), "undo")
	check(stamp.get_parent() == null, "undo removes the stamp")
	check(t.regenerate(), "rebuilt after the undo")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == before, "undo restores the ground bit for bit")
	check(undo.redo(), "redo")
	check(t.regenerate(), "rebuilt after the redo")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == stamped, "redo brings the stamped ground back")
	undo.free()


func test_add_path_and_site_are_undoable() -> void:
	var scene := _scene()
	var t := _terrain_at(scene, "", "Terrain", 13)
	t.auto_regenerate = false
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var undo := UndoRedo.new()
	var path := Actions.add_path(scene, t, Vector3(30, 0, 20), undo)
	check(path is DonjournoPath, "a DonjournoPath is added")
	check(path.get_parent() == t and path.owner == scene, "under the terrain, owned by the scene")
	check_eq(path.position, Vector3(30, 0, 20), "at the point")
	check_eq(path.curve.point_count, 2, "a straight curve of two points")
	check_near(path.curve.get_point_position(1).x - path.curve.get_point_position(0).x, 12.8, 1e-4,
			"a fifth of the map's side long")
	check_eq(undo.get_current_action_name(), "Add Donjourno Path", "one undoable action")
	check(t.regenerate(), "rebuilt with the path")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] != before, "the ridge changed the ground")
	var site := Actions.add_site(scene, t, Vector3(10, 0, 50), undo)
	check(site is DonjournoSite and site.get_parent() == t, "a DonjournoSite is added")
	check_eq(undo.get_current_action_name(), "Add Donjourno Site", "one undoable action")
	check(undo.undo() and undo.undo(), "undo both")
	check(path.get_parent() == null and site.get_parent() == null, "undo removes them")
	check(t.regenerate(), "rebuilt after the undo")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == before, "undo restores the ground bit for bit")
	undo.free()


func test_bake_paths_are_distinct() -> void:
	var scene := _scene()
	var a := _terrain_at(scene, "A", "Terrain", 1)
	var b := _terrain_at(scene, "B", "Terrain", 2)
	var camel := _terrain_at(scene, "", "MyTerrain", 3)
	var snake := _terrain_at(scene, "", "my_terrain", 4)
	var paths := Actions.bake_paths(scene)
	check_eq(paths.size(), 4, "one path per terrain")
	check_eq(paths.get(a), DIR.path_join("level_a.terrain.res"), "A/Terrain")
	check_eq(paths.get(b), DIR.path_join("level_b.terrain.res"), "B/Terrain")
	var distinct := {}
	for t: Node in paths:
		distinct[paths[t]] = true
		check(String(paths[t]).begins_with(DIR.path_join("level_")), "next to the scene: %s" % paths[t])
		check(String(paths[t]).ends_with(".res"), "a .res file: %s" % paths[t])
	check_eq(distinct.size(), 4, "four distinct files (%s)" % str(paths.values()))
	check(String(paths.get(camel)).begins_with(DIR.path_join("level_my_terrain_")),
			"names equal in snake case get a hash: %s" % paths.get(camel))
	check(paths.get(camel) != paths.get(snake), "MyTerrain and my_terrain differ")
	# The scene root itself may be the terrain.
	var lone := DonjournoTerrain.new()
	lone.name = &"Island"
	lone.scene_file_path = DIR.path_join("island.tscn")
	root.add_child(lone)
	check_eq(Actions.bake_paths(lone).get(lone), DIR.path_join("island_island.res"), "a terrain as the scene root")


func test_bake_assigns_the_files_and_undo_restores() -> void:
	var scene := _scene()
	var a := _terrain_at(scene, "A", "Terrain", 1)
	var b := _terrain_at(scene, "B", "Terrain", 2)
	var generated := {a: arrays_of(a)[Mesh.ARRAY_VERTEX], b: arrays_of(b)[Mesh.ARRAY_VERTEX]}
	check(generated[a] != generated[b], "the two terrains differ")
	# A has a baked mesh already: undo must bring it back.
	var old_path := DIR.path_join("old.res")
	check_eq(a.bake_mesh(old_path), OK, "an earlier bake")
	var old: ArrayMesh = ResourceLoader.load(old_path)
	a.baked_mesh = old
	var undo := UndoRedo.new()
	var terrains: Array[Node] = [a, b]
	var baked := Actions.bake(scene, terrains, undo)
	check_eq(baked.size(), 2, "both terrains baked")
	check_eq(undo.get_current_action_name(), "Regenerate and Bake Donjourno Terrain", "one undoable action")
	for t: DonjournoTerrain in [a, b]:
		var path: String = baked.get(t, "")
		check(FileAccess.file_exists(path), "%s saved into %s" % [t.get_path(), path])
		check(t.baked_mesh != null and t.baked_mesh.resource_path == path,
				"%s shows the file it was baked into" % t.get_path())
		var saved: ArrayMesh = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		check(saved != null and saved.surface_get_arrays(0)[Mesh.ARRAY_VERTEX] == generated[t],
				"%s's file holds its own mesh" % t.get_path())
		check(t.mesh == t.baked_mesh, "%s shows the baked mesh" % t.get_path())
	check(baked.get(a) != baked.get(b), "two terrains named alike bake into two files")
	check(undo.undo(), "undo")
	check(a.baked_mesh == old, "undo restores A's previous baked mesh")
	check(b.baked_mesh == null, "undo restores B's empty baked mesh")
	check(undo.redo(), "redo")
	check(a.baked_mesh != null and a.baked_mesh.resource_path == baked.get(a), "redo bakes A again")
	check(b.baked_mesh != null and b.baked_mesh.resource_path == baked.get(b), "redo bakes B again")
	undo.free()
	_cleanup()


func test_bake_failure_leaves_the_terrain_as_it_was() -> void:
	var scene := _scene()
	var good := _terrain_at(scene, "", "Good", 1)
	var bad := _terrain_at(scene, "", "Bad", 2)
	var shown := bad.mesh
	bad.auto_regenerate = false
	bad.generator.width = 0
	var undo := UndoRedo.new()
	expect_error("width must be")
	expect_error("baking Bad failed")
	var terrains: Array[Node] = [good, bad]
	var baked := Actions.bake(scene, terrains, undo)
	check_eq(baked.keys(), [good], "only the valid terrain is baked")
	check(bad.baked_mesh == null, "the failed terrain keeps no baked mesh")
	check(bad.mesh == shown, "and keeps its mesh")
	check(not FileAccess.file_exists(Actions.bake_paths(scene)[bad]), "no file for the failed terrain")
	undo.free()
	_cleanup()


func test_bake_needs_a_saved_scene() -> void:
	var scene := _scene()
	scene.scene_file_path = ""
	var t := _terrain_at(scene, "", "Terrain", 1)
	var undo := UndoRedo.new()
	expect_error("save the scene first")
	var terrains: Array[Node] = [t]
	check(Actions.bake(scene, terrains, undo).is_empty(), "nothing baked")
	check(t.baked_mesh == null, "the terrain is unchanged")
	check(not undo.has_undo(), "no undo action")
	undo.free()
