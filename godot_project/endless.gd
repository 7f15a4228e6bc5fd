extends Node3D
## The Endless demo: a camera flies on and on over an endless world (the continents preset with
## biomes, `world_mode` infinite) while the terrain streams tiles in around it and drops the
## ones behind. The camera is the terrain's stream target (its `stream_target` is empty).
##
## Keys: left and right (or A and D) turn, up and down (or W and S) change the speed.
## Command line (after `--`): `--shot=PATH` waits until the tiles around the camera are shown,
## saves a PNG of the view to PATH and quits.

## Flying speed range, metres a second.
const Shot := preload("res://shot.gd")

const SPEEDS := Vector2(0.0, 2000.0)
## Height of the camera over the ground below it, metres.
const ALTITUDE := 1800.0
## Frames rendered after the tiles are in before a shot is taken.
const SHOT_SETTLE_FRAMES := 8

@onready var terrain: DonjournoTerrain = $Terrain
@onready var camera: Camera3D = $Camera
@onready var status: Label = $UI/Status

var speed := 400.0
var heading := deg_to_rad(-30.0)
var _shot_path := ""


func _ready() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--shot="):
			_shot_path = arg.trim_prefix("--shot=")
	if _shot_path != "":
		speed = 0.0
		_take_shot.call_deferred()


func _process(delta: float) -> void:
	if _shot_path == "":
		heading -= Input.get_axis(&"ui_left", &"ui_right") * delta
		speed = clampf(speed + Input.get_axis(&"ui_down", &"ui_up") * 600.0 * delta, SPEEDS.x, SPEEDS.y)
	var forward := Vector3(sin(heading), 0.0, cos(heading))
	var p := camera.global_position + forward * speed * delta
	var ground := maxf(terrain.get_height_at(p.x, p.z), 0.0)
	p.y = lerpf(p.y, ground + ALTITUDE, clampf(delta * 0.5, 0.0, 1.0))
	camera.global_position = p
	camera.look_at(p + forward * 4000.0 + Vector3.DOWN * 1600.0, Vector3.UP)
	var tile := terrain.get_tile_at(p.x, p.z)
	status.text = "Endless world · tile %d, %d · %d tiles shown · %d built · %.0f m/s%s" % [
			tile.x, tile.y, terrain.get_tile_count(), int(terrain.get_tile_stats().tiles_built),
			speed, " · streaming" if terrain.is_streaming_tiles() else ""]


func _take_shot() -> void:
	await get_tree().process_frame
	while terrain.get_tile_count() == 0 or terrain.is_streaming_tiles():
		await get_tree().process_frame
	await Shot.save_and_quit(self, _shot_path, SHOT_SETTLE_FRAMES)
