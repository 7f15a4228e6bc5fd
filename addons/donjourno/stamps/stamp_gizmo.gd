@tool
extends EditorNode3DGizmoPlugin
## The editor gizmo of `DonjournoStamp`: its rim and its height drawn in the 3D view, with a handle
## on the rim that drags the radius and one on the axis that drags the height; each drag is one
## undoable action. The geometry is in stamp_handles.gd.

const Handles := preload("res://addons/donjourno/stamps/stamp_handles.gd")
const RADIUS := 0
const HEIGHT := 1

var _undo_redo: EditorUndoRedoManager


func _init(undo_redo: EditorUndoRedoManager = null) -> void:
	_undo_redo = undo_redo
	create_material("rim", Color(1.0, 0.5, 0.5))
	create_handle_material("handles")


func _get_gizmo_name() -> String:
	return "DonjournoStamp"


func _has_gizmo(node: Node3D) -> bool:
	return node.is_class("DonjournoStamp")


func _redraw(gizmo: EditorNode3DGizmo) -> void:
	gizmo.clear()
	var stamp := gizmo.get_node_3d()
	var radius: float = stamp.get(&"radius")
	var height: float = stamp.get(&"height")
	var lines := Handles.rim(radius)
	lines.append(Vector3.ZERO)
	lines.append(Vector3(0.0, height, 0.0))
	gizmo.add_lines(lines, get_material("rim", gizmo))
	gizmo.add_handles(PackedVector3Array([Vector3(radius, 0.0, 0.0), Vector3(0.0, height, 0.0)]),
			get_material("handles", gizmo), PackedInt32Array([RADIUS, HEIGHT]))


func _get_handle_name(_gizmo: EditorNode3DGizmo, handle_id: int, _secondary: bool) -> String:
	return "Radius" if handle_id == RADIUS else "Height"


func _get_handle_value(gizmo: EditorNode3DGizmo, handle_id: int, _secondary: bool) -> Variant:
	return gizmo.get_node_3d().get(_property(handle_id))


func _set_handle(gizmo: EditorNode3DGizmo, handle_id: int, _secondary: bool, camera: Camera3D,
		screen_pos: Vector2) -> void:
	var stamp := gizmo.get_node_3d()
	var to_stamp := stamp.global_transform.affine_inverse()
	var origin := to_stamp * camera.project_ray_origin(screen_pos)
	var direction := to_stamp.basis * camera.project_ray_normal(screen_pos)
	var current: float = stamp.get(_property(handle_id))
	var value: float = Handles.radius_from_ray(origin, direction, current) if handle_id == RADIUS \
			else Handles.height_from_ray(origin, direction, current)
	stamp.set(_property(handle_id), snappedf(value, 0.01))


func _commit_handle(gizmo: EditorNode3DGizmo, handle_id: int, _secondary: bool, restore: Variant,
		cancel: bool) -> void:
	var stamp := gizmo.get_node_3d()
	var property := _property(handle_id)
	if cancel or _undo_redo == null:
		if cancel:
			stamp.set(property, restore)
		return
	_undo_redo.create_action("Drag Donjourno Stamp %s" % property.capitalize())
	_undo_redo.add_do_property(stamp, property, stamp.get(property))
	_undo_redo.add_undo_property(stamp, property, restore)
	_undo_redo.commit_action()


func _property(handle_id: int) -> StringName:
	return &"radius" if handle_id == RADIUS else &"height"
