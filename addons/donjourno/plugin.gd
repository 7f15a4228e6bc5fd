@tool
extends EditorPlugin
## Editor integration of Donjourno: checks that the extension library is loaded and adds five
## items to "Project > Tools":
## - "Add Donjourno Terrain" puts a terrain with a new generator into the edited scene;
## - "Add Donjourno Stamp", "Add Donjourno Path" and "Add Donjourno Site" put a stamp, a path or
##   a pinned settlement on the selected terrain (or the scene's first), where the mouse last
##   pointed at its ground in a 3D view while a terrain was selected (else where the middle of the
##   3D view looks);
## - "Regenerate and Bake Donjourno Terrain" regenerates the selected terrains (every terrain of
##   the scene when none is selected), saves each mesh next to the scene as
##   `<scene>_<node path>.res` and assigns it to the terrain's `baked_mesh`.
## All are undoable. A `DonjournoStamp` gets a gizmo in the 3D view (stamps/stamp_gizmo.gd): its
## rim and height, with handles that drag them. The actions themselves are in editor_actions.gd.

const MENU_ITEM := "Add Donjourno Terrain"
const BAKE_ITEM := "Regenerate and Bake Donjourno Terrain"
const STAMP_ITEM := "Add Donjourno Stamp"
const PATH_ITEM := "Add Donjourno Path"
const SITE_ITEM := "Add Donjourno Site"
const Actions := preload("res://addons/donjourno/editor_actions.gd")
const StampGizmo := preload("res://addons/donjourno/stamps/stamp_gizmo.gd")

var _stamp_gizmo: EditorNode3DGizmoPlugin
## Where the mouse last moved over a 3D view while a terrain was selected, and that view's camera:
## what the "Add" items aim at.
var _mouse := Vector2.ZERO
var _mouse_camera: Camera3D = null


func _enter_tree() -> void:
	if not ClassDB.class_exists(&"DonjournoTerrain"):
		push_warning("Donjourno: the extension library is not loaded. Build it with `make build` "
				+ "(or copy a release into addons/donjourno/bin/) and restart the editor.")
		return
	add_tool_menu_item(MENU_ITEM, _add_terrain)
	add_tool_menu_item(STAMP_ITEM, _add_on_terrain.bind(&"add_stamp"))
	add_tool_menu_item(PATH_ITEM, _add_on_terrain.bind(&"add_path"))
	add_tool_menu_item(SITE_ITEM, _add_on_terrain.bind(&"add_site"))
	add_tool_menu_item(BAKE_ITEM, _bake_terrains)
	_stamp_gizmo = StampGizmo.new(get_undo_redo())
	add_node_3d_gizmo_plugin(_stamp_gizmo)


func _exit_tree() -> void:
	if ClassDB.class_exists(&"DonjournoTerrain"):
		remove_tool_menu_item(MENU_ITEM)
		remove_tool_menu_item(STAMP_ITEM)
		remove_tool_menu_item(PATH_ITEM)
		remove_tool_menu_item(SITE_ITEM)
		remove_tool_menu_item(BAKE_ITEM)
	if _stamp_gizmo != null:
		remove_node_3d_gizmo_plugin(_stamp_gizmo)
		_stamp_gizmo = null


func _add_terrain() -> void:
	var root := get_editor_interface().get_edited_scene_root()
	if root == null:
		push_warning("Donjourno: open or create a 3D scene first.")
		return
	var terrain := Actions.add_terrain(root, get_undo_redo())
	get_editor_interface().get_selection().clear()
	get_editor_interface().get_selection().add_node(terrain)


## A selected terrain lets the plugin follow the mouse over the 3D views (nothing else).
func _handles(object: Object) -> bool:
	return object != null and object.is_class("DonjournoTerrain")


## Remembers where the mouse moves over a 3D view; the view keeps every event.
func _forward_3d_gui_input(camera: Camera3D, event: InputEvent) -> int:
	if event is InputEventMouseMotion:
		_mouse = (event as InputEventMouseMotion).position
		_mouse_camera = camera
	return EditorPlugin.AFTER_GUI_INPUT_PASS


## Adds a stamp, path or site with the function `add` of editor_actions.gd (`add_stamp`,
## `add_path` or `add_site`) on the selected terrain, or the terrain of a selected stamp, path or
## site, or the scene's first terrain: where the mouse last pointed at its ground in a 3D view
## while a terrain was selected, else where the middle of the first 3D view looks at it.
func _add_on_terrain(add: StringName) -> void:
	var root := get_editor_interface().get_edited_scene_root()
	if root == null:
		push_warning("Donjourno: open a scene with a DonjournoTerrain first.")
		return
	var terrain: Node3D = null
	for node in get_editor_interface().get_selection().get_selected_nodes():
		if node.is_class("DonjournoTerrain"):
			terrain = node
		elif node.get_parent() != null and node.get_parent().is_class("DonjournoTerrain"):
			terrain = node.get_parent()
		if terrain != null:
			break
	if terrain == null:
		var terrains := Actions.terrains_of(root)
		if terrains.is_empty():
			push_warning("Donjourno: the scene has no DonjournoTerrain to add to.")
			return
		terrain = terrains[0]
	var origin: Vector3
	var direction: Vector3
	if is_instance_valid(_mouse_camera):
		origin = _mouse_camera.project_ray_origin(_mouse)
		direction = _mouse_camera.project_ray_normal(_mouse)
	else:
		var camera := get_editor_interface().get_editor_viewport_3d(0).get_camera_3d()
		origin = camera.global_position
		direction = -camera.global_basis.z
	var point := Actions.point_on_terrain(terrain, origin, direction)
	var added: Node3D
	match add:
		&"add_path":
			added = Actions.add_path(root, terrain, point, get_undo_redo())
		&"add_site":
			added = Actions.add_site(root, terrain, point, get_undo_redo())
		_:
			added = Actions.add_stamp(root, terrain, point, get_undo_redo())
	get_editor_interface().get_selection().clear()
	get_editor_interface().get_selection().add_node(added)


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
