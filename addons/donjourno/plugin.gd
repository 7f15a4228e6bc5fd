@tool
extends EditorPlugin
## Editor integration of Donjourno: checks that the extension library is loaded and adds
## "Project > Tools > Add Donjourno Terrain", which puts a terrain with a new generator into the
## edited scene (undoable).

const MENU_ITEM := "Add Donjourno Terrain"


func _enter_tree() -> void:
	if not ClassDB.class_exists(&"DonjournoTerrain"):
		push_warning("Donjourno: the extension library is not loaded. Build it with `make build` "
				+ "(or copy a release into addons/donjourno/bin/) and restart the editor.")
		return
	add_tool_menu_item(MENU_ITEM, _add_terrain)


func _exit_tree() -> void:
	if ClassDB.class_exists(&"DonjournoTerrain"):
		remove_tool_menu_item(MENU_ITEM)


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
