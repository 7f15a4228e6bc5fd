extends RefCounted
## Saving a shot of a demo scene: after a few rendered frames (so shadows and fading settle), the
## viewport's picture is written as a PNG and the demo quits (exit status 1 if it could not be
## written). Used by main.gd and endless.gd for `--shot=PATH`.


## Waits `settle_frames` drawn frames, saves the picture of `node`'s viewport to `path` and quits.
static func save_and_quit(node: Node, path: String, settle_frames: int) -> void:
	for i in settle_frames:
		await RenderingServer.frame_post_draw
	var image := node.get_viewport().get_texture().get_image()
	var error := image.save_png(path)
	if error != OK:
		push_error("could not save the shot to %s: %s" % [path, error_string(error)])
	else:
		print("shot saved: ", path, " (", image.get_width(), "×", image.get_height(), ")")
	node.get_tree().quit(0 if error == OK else 1)
