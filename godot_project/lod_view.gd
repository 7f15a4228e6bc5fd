extends Node
## The level-of-detail view of the demo (`--lod-view`): a 384 × 384 map drawn in 48-cell chunks,
## seen through a low perspective camera across the terrain, each chunk tinted by the level of
## detail it shows (white the full mesh, then yellow, orange and red for the coarser levels).
## Visibility ranges pick the level per chunk from its distance to the camera.

## Tints of levels 0 to 3 (and beyond).
const LEVEL_TINTS := [Color(1, 1, 1), Color(1.0, 0.9, 0.35), Color(1.0, 0.6, 0.25), Color(1.0, 0.3, 0.25)]

var terrain: DonjournoTerrain
var _tinted := false


## Switches `terrain` to a chunked map and puts a perspective camera over it.
func setup(on_terrain: DonjournoTerrain) -> void:
	terrain = on_terrain
	terrain.chunk_size = 48
	terrain.lod_levels = 4
	terrain.lod_distance = 60.0
	terrain.generator.width = 384
	terrain.generator.depth = 384
	terrain.generation_finished.connect(func(_stats: Dictionary) -> void: _tinted = false)
	var camera := Camera3D.new()
	camera.fov = 60.0
	camera.far = 4000.0
	add_child(camera)
	# The terrain is centred on the origin: look from above one corner towards the other.
	camera.look_at_from_position(Vector3(-170, 80, 170), Vector3(40, 0, -40))
	camera.make_current()
	var legend := Label.new()
	legend.text = "Level of detail by chunk: white 0 (full mesh), yellow 1, orange 2, red 3"
	legend.position = Vector2(16, 12)
	legend.add_theme_font_size_override("font_size", 20)
	var layer := CanvasLayer.new()
	layer.add_child(legend)
	add_child(layer)


func _process(_delta: float) -> void:
	if _tinted or terrain == null or terrain.get_chunk_count() == 0 or terrain.is_filling_chunks():
		return
	_tinted = true
	for child in terrain.get_children(true):
		if child.name != "Chunks":
			continue
		for instance: MeshInstance3D in child.get_children():
			var level := int(str(instance.name).get_slice("_L", 1))
			var material := StandardMaterial3D.new()
			material.vertex_color_use_as_albedo = true
			material.vertex_color_is_srgb = true
			material.albedo_color = LEVEL_TINTS[mini(level, LEVEL_TINTS.size() - 1)]
			material.roughness = 1.0
			instance.material_override = material
