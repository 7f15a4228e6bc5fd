extends Node3D
## The demo: keeps the terrain centred under the camera, drives the sun from the time of day,
## and wires the tuning panel to the generator and the terrain.
##
## Command line (after `--`): `--time=HOURS` sets the time of day, `--hide-ui` hides the panel,
## `--shot=PATH` saves a PNG of the first fully built frame to PATH and quits, `--model=N` switches
## to height model N (a `DonjournoGenerator.HEIGHT_MODEL_*`) as the panel's Land menu does,
## `--biomes` turns the biomes on, `--biome-map` shows the biome map debug view, `--focus-water`
## points the camera at the biggest lake close up (the whole terrain stays in view without lakes),
## `--zoom=F` magnifies the fitted view F times (to see the trees, shrubs and rocks of the scatter),
## `--lod-view` shows a chunked map through a perspective camera, tinted by level of detail
## (lod_view.gd), `--towns` turns the settlements on, `--focus-town=N` points the camera at
## settlement N (0 is the largest) close up, `--size=N` makes the map N × N cells at one
## subdivision (4096 at most: its chunks then build their detail as the camera comes near),
## `--cell-size=M` samples the same world with cells of M metres (the map's extent in metres
## kept, its cells counted again; every other size is in metres, so the world stays the same),
## `--preset=NAME` starts from a built-in preset, `--ground-style=NAME` colours the ground flat,
## blended, textured or in relief, `--stamps=PATH` adds the stamps of a JSON file (the command
## line's `--stamps` format) to the terrain.

## Hours of sunrise and sunset.
const Shot := preload("res://shot.gd")

const DAY_START := 6.0
const DAY_END := 18.0
## Highest sun elevation, at noon, in degrees.
const NOON_ELEVATION := 62.0
## Frames rendered after the terrain is built before a shot is taken (shadows settle).
const SHOT_SETTLE_FRAMES := 12

@export_range(6.0, 18.0, 0.25) var time_of_day := 10.0:
	set(value):
		time_of_day = clampf(value, DAY_START, DAY_END)
		if is_node_ready():
			_update_sun()

@onready var terrain: DonjournoTerrain = $Terrain
@onready var sun: DirectionalLight3D = $Sun
@onready var environment: Environment = $WorldEnvironment.environment
@onready var rig: Node3D = $CameraRig
@onready var panel: Control = $UI/Panel
## The biome map debug view (biome_view.gd), hidden until the panel's *Biome map* box is ticked.
var biome_view: Control

var _shot_path := ""
var _model := -1
var _ground_style := -1
var _focus_water := false
var _zoom := 1.0
var _focus_town := -1
var _cell_size := 0.0
## What the view was last fitted to: re-fitting only when it changes keeps the user's pan and
## zoom while they tune the terrain.
var _framed := []


func _ready() -> void:
	biome_view = preload("res://biome_view.gd").new()
	biome_view.visible = false
	$UI.add_child(biome_view)
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--time="):
			time_of_day = float(arg.trim_prefix("--time="))
		elif arg == "--hide-ui":
			panel.visible = false
		elif arg.begins_with("--shot="):
			_shot_path = arg.trim_prefix("--shot=")
		elif arg.begins_with("--model="):
			_model = int(arg.trim_prefix("--model="))
		elif arg.begins_with("--preset="):
			terrain.generator.apply_preset(arg.trim_prefix("--preset="))
		elif arg.begins_with("--ground-style="):
			var style := arg.trim_prefix("--ground-style=")
			_ground_style = ["flat", "blended", "relief", "textured"].find(style)
		elif arg == "--biomes":
			terrain.generator.biomes_enabled = true
		elif arg == "--biome-map":
			biome_view.visible = true
		elif arg == "--towns":
			terrain.generator.settlements_enabled = true
		elif arg.begins_with("--focus-town="):
			_focus_town = int(arg.trim_prefix("--focus-town="))
		elif arg == "--focus-water":
			_focus_water = true
		elif arg.begins_with("--size="):
			var side := clampi(int(arg.trim_prefix("--size=")), 1, 4096)
			terrain.subdivisions = 1
			terrain.generator.width = side
			terrain.generator.depth = side
		elif arg.begins_with("--cell-size="):
			_cell_size = float(arg.trim_prefix("--cell-size="))
		elif arg.begins_with("--stamps="):
			var path := arg.trim_prefix("--stamps=")
			var text := FileAccess.get_file_as_string(path)
			if text.is_empty() or terrain.add_stamps_json(text) < 0:
				push_error("--stamps: %s could not be read as stamps" % path)
		elif arg.begins_with("--zoom="):
			_zoom = maxf(float(arg.trim_prefix("--zoom=")), 0.1)
		elif arg == "--lod-view":
			var lod_view: Node = preload("res://lod_view.gd").new()
			add_child(lod_view)
			lod_view.setup(terrain)
	terrain.generation_finished.connect(_on_generation_finished)
	panel.resized.connect(_frame)
	get_viewport().size_changed.connect(_frame)
	panel.bind(self, terrain)
	if _model >= 0:
		panel.select_model(_model)
	# After the model's preset, which brings its own style.
	if _ground_style >= 0:
		terrain.generator.ground_style = _ground_style
	if _cell_size > 0.0:
		resample(_cell_size)
	_update_sun()
	if terrain.get_map() != null:
		_on_generation_finished(terrain.get_stats())
	if _shot_path != "":
		_take_shot.call_deferred()


func _on_generation_finished(stats: Dictionary) -> void:
	var generator := terrain.generator
	var extent := Vector3(generator.width, 0.0, generator.depth) * generator.cell_size
	# Centre the terrain on the origin, where the camera rig looks.
	terrain.position = -extent * 0.5
	_frame()
	panel.show_stats(stats)
	panel.show_settlements(terrain.get_settlements())
	if _focus_town >= 0:
		jump_to_settlement(_focus_town)
	if biome_view.visible:
		biome_view.show_map(terrain.get_map())


## Points the camera at settlement `index` of [method DonjournoTerrain.get_settlements] (0 is the
## largest), close enough to see its streets and buildings.
func jump_to_settlement(index: int) -> void:
	var settlements := terrain.get_settlements()
	if index < 0 or index >= settlements.size():
		return
	var s: Dictionary = settlements[index]
	rig.position = terrain.to_global(s.position)
	rig.camera.h_offset = 0.0
	rig.camera.size = clampf(float(s.radius) * 3.2, 20.0, rig.camera.size)


## Samples the same world with cells of `cell_size` metres: the map keeps its extent in metres
## (at most 4096 cells a side), so its cells are counted again; the mesh keeps its vertex
## spacing where the subdivisions allow.
func resample(cell_size: float) -> void:
	var g := terrain.generator
	var ratio := g.cell_size / cell_size
	terrain.subdivisions = maxi(1, roundi(terrain.subdivisions / ratio))
	g.width = clampi(roundi(g.width * ratio), 1, 4096)
	g.depth = clampi(roundi(g.depth * ratio), 1, 4096)
	g.cell_size = cell_size
	# Drawn as one mesh, as the map it is compared with, not in chunks with distant levels of detail.
	terrain.chunk_size = maxi(terrain.chunk_size, maxi(g.width, g.depth))


## Shows or hides the biome map debug view.
func show_biome_map(on: bool) -> void:
	biome_view.visible = on
	if on:
		biome_view.show_map(terrain.get_map())


## Fits the terrain into the view beside the panel.
func _frame() -> void:
	var map := terrain.get_map()
	if map == null:
		return
	var extent := Vector3(map.get_width(), 0.0, map.get_depth()) * map.get_cell_size()
	var reserved := panel.get_global_rect().end.x + 16.0 if panel.visible else 0.0
	var height_scale := terrain.generator.height_scale
	var key := [extent, height_scale, reserved, get_viewport().get_visible_rect().size]
	if key == _framed:
		return
	_framed = key
	rig.frame(extent, float(map.get_stats().max_height) * height_scale, reserved)
	if _focus_water:
		_focus_on_water(map)
	if _zoom != 1.0:
		rig.camera.size /= _zoom
	# Shadows reach across the whole terrain, however large.
	sun.directional_shadow_max_distance = maxf(1500.0, Vector2(extent.x, extent.z).length() * 2.0)


## Points the camera at the biggest lake (water above the sea level), filling about half the
## view; keeps the whole terrain in view when there is no lake.
func _focus_on_water(map: DonjournoMap) -> void:
	var w := map.get_width()
	var d := map.get_depth()
	var classes := map.get_terrain_classes()
	var sea := map.get_sea_level()
	var seen := PackedByteArray()
	seen.resize(w * d)
	var best := []  # [is_lake, cells, min_x, min_z, max_x, max_z, level]
	for start in w * d:
		if seen[start] or classes[start] != DonjournoTerrain.TERRAIN_WATER:
			continue
		var stack := [start]
		seen[start] = 1
		var box := [w, d, 0, 0]
		var cells := 0
		var lake := false
		var level := 0.0
		while not stack.is_empty():
			var i: int = stack.pop_back()
			var x := i % w
			var z := i / w
			cells += 1
			box = [mini(box[0], x), mini(box[1], z), maxi(box[2], x), maxi(box[3], z)]
			level = map.get_water_level(x, z)
			lake = lake or level > sea + 1e-4
			for n in [[x - 1, z], [x + 1, z], [x, z - 1], [x, z + 1]]:
				if map.has_cell(n[0], n[1]):
					var j: int = n[1] * w + n[0]
					if not seen[j] and classes[j] == DonjournoTerrain.TERRAIN_WATER:
						seen[j] = 1
						stack.push_back(j)
		var candidate := [lake, cells] + box + [level]
		if best.is_empty() or (lake and not best[0]) or (lake == best[0] and cells > best[1]):
			best = candidate
	if best.is_empty() or not best[0]:
		return
	var size := map.get_cell_size()
	var centre := Vector3((best[2] + best[4] + 1) * 0.5, 0.0, (best[3] + best[5] + 1) * 0.5) * size
	var span := Vector2(best[4] - best[2] + 1, best[5] - best[3] + 1).length() * size
	rig.position = terrain.to_global(centre + Vector3.UP * best[6] * terrain.generator.height_scale)
	rig.camera.size = minf(maxf(span * 1.8, size * 12.0), rig.camera.size)
	rig.camera.h_offset = 0.0


## Sun path: rises in the east (+x) at 6:00, culminates in the south at noon, sets in the west.
func _update_sun() -> void:
	var day := inverse_lerp(DAY_START, DAY_END, time_of_day)  # 0 at sunrise, 1 at sunset
	var height := sin(day * PI)  # 0 at the horizon, 1 at noon
	var elevation := deg_to_rad(lerpf(4.0, NOON_ELEVATION, height))
	var azimuth := lerpf(PI * 0.5, -PI * 0.5, day)  # east → south → west
	# A DirectionalLight3D shines along its -Z axis.
	var direction := Vector3(-sin(azimuth) * cos(elevation), -sin(elevation), cos(azimuth) * cos(elevation))
	sun.look_at_from_position(Vector3.ZERO, direction, Vector3.UP if absf(direction.y) < 0.99 else Vector3.FORWARD)
	var warm := Color(1.0, 0.62, 0.38)
	var white := Color(1.0, 0.97, 0.92)
	sun.light_color = warm.lerp(white, smoothstep(0.0, 0.6, height))
	sun.light_energy = lerpf(0.7, 1.0, height)
	environment.ambient_light_color = Color(0.42, 0.45, 0.6).lerp(Color(0.62, 0.7, 0.85), height)
	environment.ambient_light_energy = lerpf(0.3, 0.45, height)
	environment.background_color = Color(0.1, 0.11, 0.16).lerp(Color(0.16, 0.2, 0.28), height)
	if is_instance_valid(panel) and panel.has_method(&"show_time"):
		panel.show_time(time_of_day)


func _take_shot() -> void:
	while terrain.get_map() == null or terrain.is_generating() or terrain.is_filling_chunks():
		await get_tree().process_frame
	await Shot.save_and_quit(self, _shot_path, SHOT_SETTLE_FRAMES)
