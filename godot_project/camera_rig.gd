extends Node3D
## Isometric camera rig: an orthographic camera at the classic isometric angle (35.26° down,
## 45° around) looking at the rig's origin.
##
## Pan: WASD / arrow keys or drag with the right or middle mouse button. Zoom: mouse wheel or
## +/-. Rotate in 90° steps: Q / E.

## Camera elevation: atan(1/√2), the true isometric angle.
const ELEVATION := deg_to_rad(35.264)
## Least distance of the camera from the rig along its view direction (orthographic: only
## clipping); larger terrains push it back so nothing is clipped.
const DISTANCE := 600.0
const PAN_SPEED := 0.9  # screen heights per second
const ZOOM_STEP := 1.15
const ROTATE_TIME := 0.35

@onready var camera: Camera3D = $Camera

var _yaw_steps := 0
var _tween: Tween
var _dragging := false
var _min_size := 10.0
var _max_size := 1000.0


func _ready() -> void:
	rotation.y = deg_to_rad(45.0)
	camera.projection = Camera3D.PROJECTION_ORTHOGONAL
	camera.position = Vector3(0.0, sin(ELEVATION), cos(ELEVATION)) * DISTANCE
	camera.rotation = Vector3(-ELEVATION, 0.0, 0.0)
	camera.near = 1.0
	_place_camera(DISTANCE)


## Puts the camera `distance` back along the view direction, with room behind the terrain.
func _place_camera(distance: float) -> void:
	camera.position = Vector3(0.0, sin(ELEVATION), cos(ELEVATION)) * distance
	camera.far = distance * 3.0


## Fits a terrain of `extent` (x, z) and `height` into the view, centred on the origin, in the
## part of the screen right of `reserved_left` pixels (where the tuning panel sits).
func frame(extent: Vector3, height: float, reserved_left: float = 0.0) -> void:
	var diagonal := Vector2(extent.x, extent.z).length()
	var screen := get_viewport().get_visible_rect().size
	var free_width := maxf(screen.x - reserved_left, screen.x * 0.4)
	# Screen height of the footprint seen from the isometric angle, plus the tallest peak; the
	# footprint's screen width is its diagonal.
	var needed := diagonal * sin(ELEVATION) + height * cos(ELEVATION)
	_place_camera(maxf(DISTANCE, diagonal + height))
	camera.size = maxf(needed, diagonal * screen.y / free_width) * 1.08
	_min_size = camera.size * 0.1
	_max_size = camera.size * 3.0
	# Shift the picture right by half the reserved strip.
	camera.h_offset = -(screen.x - free_width) * 0.5 * camera.size / screen.y
	position = Vector3(0.0, height * 0.25, 0.0)


func _process(delta: float) -> void:
	var input := Vector2.ZERO
	if Input.is_key_pressed(KEY_A) or Input.is_key_pressed(KEY_LEFT):
		input.x -= 1.0
	if Input.is_key_pressed(KEY_D) or Input.is_key_pressed(KEY_RIGHT):
		input.x += 1.0
	if Input.is_key_pressed(KEY_W) or Input.is_key_pressed(KEY_UP):
		input.y -= 1.0
	if Input.is_key_pressed(KEY_S) or Input.is_key_pressed(KEY_DOWN):
		input.y += 1.0
	if input != Vector2.ZERO:
		_pan(input.normalized() * camera.size * PAN_SPEED * delta)


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventKey and event.pressed and not event.echo:
		match event.keycode:
			KEY_Q:
				_rotate_by(-1)
			KEY_E:
				_rotate_by(1)
			KEY_EQUAL, KEY_PLUS, KEY_KP_ADD:
				_zoom(1.0 / ZOOM_STEP)
			KEY_MINUS, KEY_KP_SUBTRACT:
				_zoom(ZOOM_STEP)
	elif event is InputEventMouseButton:
		match event.button_index:
			MOUSE_BUTTON_WHEEL_UP:
				_zoom(1.0 / ZOOM_STEP)
			MOUSE_BUTTON_WHEEL_DOWN:
				_zoom(ZOOM_STEP)
			MOUSE_BUTTON_RIGHT, MOUSE_BUTTON_MIDDLE:
				_dragging = event.pressed
	elif event is InputEventMouseMotion and _dragging:
		var pixels_per_unit := get_viewport().get_visible_rect().size.y / camera.size
		_pan(-event.relative / pixels_per_unit)


## Moves the rig by `offset` (screen-aligned world units: x right, y down the screen).
func _pan(offset: Vector2) -> void:
	var right := global_transform.basis.x
	var forward := -global_transform.basis.z  # Into the screen, on the ground plane.
	# Screen "down" on the ground is stretched by the view angle.
	position += right * offset.x - forward * offset.y / sin(ELEVATION)


func _zoom(factor: float) -> void:
	camera.size = clampf(camera.size * factor, _min_size, _max_size)


func _rotate_by(steps: int) -> void:
	_yaw_steps += steps
	if _tween:
		_tween.kill()
	_tween = create_tween().set_trans(Tween.TRANS_CUBIC).set_ease(Tween.EASE_OUT)
	_tween.tween_property(self, "rotation:y", deg_to_rad(45.0 + 90.0 * _yaw_steps), ROTATE_TIME)
