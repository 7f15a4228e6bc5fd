@tool
extends EditorPlugin
## Editor integration of Donjourno: checks that the extension library is loaded and adds two
## items to "Project > Tools":
## - "Add Donjourno Terrain" puts a terrain with a new generator into the edited scene;
## - "Regenerate and Bake Donjourno Terrain" regenerates the selected terrains (every terrain of
##   the scene when none is selected), saves each mesh next to the scene as
##   `<scene>_<node>.res` and assigns it to the terrain's `baked_mesh`.
## Both are undoable.

const MENU_ITEM := "Add Donjourno Terrain"
const BAKE_ITEM := "Regenerate and Bake Donjourno Terrain"


func _enter_tree() -> void:
	if not ClassDB.class_exists(&"DonjournoTerrain"):
		push_warning("Donjourno: the extension library is not loaded. Build it with `make build` "
				+ "(or copy a release into addons/donjourno/bin/) and restart the editor.")
		return
	add_tool_menu_item(MENU_ITEM, _add_terrain)
	add_tool_menu_item(BAKE_ITEM, _bake_terrains)


func _exit_tree() -> void:
	if ClassDB.class_exists(&"DonjournoTerrain"):
		remove_tool_menu_item(MENU_ITEM)
		remove_tool_menu_item(BAKE_ITEM)


func _add_terrain() -> void:
	var root := get_editor_interface().get_edited_scene_root()
	if root == null:
		push_warning("Donjourno: open or create a 3D scene first.")
		return
	var terrain: Node3D = ClassDB.instantiate(&"DonjournoTerrain")
	terrain.name = &"DonjournoTerrain"
	terrain.set(&"generator", ClassDB.instantiate(&"DonjournoGenerator"))
	var undo := get_undo_redo()
	undo.create_action("Add Donjourno Terrain")
	undo.add_do_method(root, &"add_child", terrain, true)
	undo.add_do_method(terrain, &"set_owner", root)
	undo.add_do_reference(terrain)
	undo.add_undo_method(root, &"remove_child", terrain)
	undo.commit_action()
	get_editor_interface().get_selection().clear()
	get_editor_interface().get_selection().add_node(terrain)


## The terrains to bake: the selected ones, else every terrain of the edited scene.
func _terrains_to_bake(root: Node) -> Array[Node]:
	var found: Array[Node] = []
	for node in get_editor_interface().get_selection().get_selected_nodes():
		if node.is_class("DonjournoTerrain"):
			found.append(node)
	if found.is_empty():
		found.assign(root.find_children("*", "DonjournoTerrain", true))
		if root.is_class("DonjournoTerrain"):
			found.push_front(root)
	return found


func _bake_terrains() -> void:
	var root := get_editor_interface().get_edited_scene_root()
	if root == null or root.scene_file_path.is_empty():
		push_warning("Donjourno: save the scene first; baked meshes are stored next to it.")
		return
	var terrains := _terrains_to_bake(root)
	if terrains.is_empty():
		push_warning("Donjourno: the scene has no DonjournoTerrain to bake.")
		return
	var baked: Array = []  # [terrain, previous baked mesh, new baked mesh]
	for terrain in terrains:
		var path := "%s_%s.res" % [root.scene_file_path.get_basename(), String(terrain.name).to_snake_case()]
		var previous: Variant = terrain.get(&"baked_mesh")
		terrain.set(&"baked_mesh", null)
		var ok: bool = terrain.call(&"regenerate") and terrain.call(&"bake_mesh", path) == OK
		terrain.set(&"baked_mesh", previous)
		if not ok:
			push_error("Donjourno: baking %s failed: %s" % [terrain.name, terrain.call(&"get_last_error")])
			continue
		baked.append([terrain, previous, ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)])
		print("Donjourno: baked %s into %s" % [terrain.name, path])
	get_editor_interface().get_resource_filesystem().scan()
	if baked.is_empty():
		return
	var undo := get_undo_redo()
	undo.create_action("Regenerate and Bake Donjourno Terrain")
	for entry in baked:
		undo.add_do_property(entry[0], &"baked_mesh", entry[2])
		undo.add_undo_property(entry[0], &"baked_mesh", entry[1])
	undo.commit_action()
