@tool
extends EditorPlugin
## Test tool, not part of the addon: takes the documentation's editor shot. tests/render_shots.sh
## enables it in the demo project for one editor session, started with the user argument
## `--donjourno-editor-shot=PATH` (after `--`). It selects the first terrain of the edited scene,
## frames it in the 3D view, waits for it to finish generating, saves a screenshot of the whole
## editor window to PATH and quits the editor (exit status 0 only when the PNG was saved).


func _enter_tree() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--donjourno-editor-shot="):
			_editor_shot.call_deferred(arg.trim_prefix("--donjourno-editor-shot="))


func _editor_shot(path: String) -> void:
	var editor := get_editor_interface()
	var tree := get_tree()
	var root: Node = null
	for i in 3000:
		await tree.process_frame
		root = editor.get_edited_scene_root()
		if root != null:
			break
	var terrains: Array[Node] = [] if root == null else root.find_children("*", "DonjournoTerrain", true)
	if terrains.is_empty():
		push_error("Donjourno: editor shot: no DonjournoTerrain in the edited scene")
		tree.quit(1)
		return
	var terrain := terrains[0]
	editor.set_main_screen_editor("3D")
	editor.get_selection().clear()
	editor.get_selection().add_node(terrain)
	editor.edit_node(terrain)
	for i in 3000:
		await tree.process_frame
		if not terrain.call(&"is_generating") and not terrain.call(&"is_rebuild_scheduled"):
			break
	# Frame the selection: "Focus Selection" of the first 3D viewport's view menu.
	var viewport_control := editor.get_editor_viewport_3d(0).get_parent().get_parent()
	for button: MenuButton in viewport_control.find_children("*", "MenuButton", true, false):
		var popup := button.get_popup()
		for i in popup.item_count:
			if popup.get_item_text(i) == "Focus Selection":
				popup.id_pressed.emit(popup.get_item_id(i))
	await tree.process_frame
	# Zoom out (mouse wheel over the view) until the whole terrain fits.
	var surface: Control = null
	for control: Control in viewport_control.find_children("*", "Control", true, false):
		for connection in control.gui_input.get_connections():
			if connection.callable.get_object() == viewport_control:
				surface = control
	var camera := editor.get_editor_viewport_3d(0).get_camera_3d()
	var aabb: AABB = (terrain as Node3D).global_transform * (terrain.call(&"get_aabb") as AABB)
	var centre := aabb.get_center()
	if surface != null:
		# Orbit (middle drag) to look down on the terrain at about 35°.
		for i in 100:
			var pitch := -camera.global_basis.z.angle_to(Vector3(camera.global_basis.z.x, 0.0, camera.global_basis.z.z))
			if camera.global_basis.z.y > 0.0 and -pitch > deg_to_rad(35.0):
				break
			var orbit := InputEventMouseMotion.new()
			orbit.button_mask = MOUSE_BUTTON_MASK_MIDDLE
			orbit.position = surface.size / 2
			orbit.relative = Vector2(4.0, 10.0)
			surface.gui_input.emit(orbit)
			await tree.process_frame
		for i in 200:
			if camera.global_position.distance_to(centre) > 0.75 * aabb.size.length():
				break
			var wheel := InputEventMouseButton.new()
			wheel.button_index = MOUSE_BUTTON_WHEEL_DOWN
			wheel.pressed = true
			wheel.factor = 1.0
			wheel.position = surface.size / 2
			surface.gui_input.emit(wheel)
			await tree.process_frame
		# Pan (shift + middle drag) until the terrain's centre is in the middle of the view.
		for i in 200:
			var offset := camera.unproject_position(centre) - surface.size / 2
			if offset.length() < 8.0:
				break
			var drag := InputEventMouseMotion.new()
			drag.button_mask = MOUSE_BUTTON_MASK_MIDDLE
			drag.shift_pressed = true
			drag.position = surface.size / 2
			drag.relative = -offset.limit_length(40.0)
			surface.gui_input.emit(drag)
			await tree.process_frame
	for i in 60:
		await tree.process_frame
	var image := editor.get_base_control().get_viewport().get_texture().get_image()
	var err := image.save_png(path)
	print("Donjourno: editor shot %s: %s" % [path, error_string(err)])
	tree.quit(0 if err == OK else 1)
