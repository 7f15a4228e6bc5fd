@tool
extends EditorPlugin
## Editor integration of Donjourno: checks that the extension library is loaded and adds two
## items to "Project > Tools":
## - "Add Donjourno Terrain" puts a terrain with a new generator into the edited scene;
## - "Regenerate and Bake Donjourno Terrain" regenerates the selected terrains (every terrain of
##   the scene when none is selected), saves each mesh next to the scene as
##   `<scene>_<node path>.res` and assigns it to the terrain's `baked_mesh`.
## Both are undoable. The actions themselves are in editor_actions.gd.

const MENU_ITEM := "Add Donjourno Terrain"
const BAKE_ITEM := "Regenerate and Bake Donjourno Terrain"
const Actions := preload("res://addons/donjourno/editor_actions.gd")


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
	var terrain := Actions.add_terrain(root, get_undo_redo())
	get_editor_interface().get_selection().clear()
	get_editor_interface().get_selection().add_node(terrain)


func _bake_terrains() -> void:
	var root := get_editor_interface().get_edited_scene_root()
	if root == null or root.scene_file_path.is_empty():
		push_warning("Donjourno: save the scene first; baked meshes are stored next to it.")
		return
	# The selected terrains, else every terrain of the scene.
	var terrains: Array[Node] = []
	for node in get_editor_interface().get_selection().get_selected_nodes():
		if node.is_class("DonjournoTerrain"):
			terrains.append(node)
	if terrains.is_empty():
		terrains = Actions.terrains_of(root)
	if terrains.is_empty():
		push_warning("Donjourno: the scene has no DonjournoTerrain to bake.")
		return
	var baked := Actions.bake(root, terrains, get_undo_redo())
	for terrain: Node in baked:
		print("Donjourno: baked %s into %s" % [terrain.name, baked[terrain]])
	get_editor_interface().get_resource_filesystem().scan()
