extends PanelContainer
## The tuning panel: height model, map size, seed, coverage, subdivisions, droplets, forest density, water
## (lakes and rivers), biomes, the ground's style, towns (with a menu that flies the camera to
## one), time of day, and a stats line. Generator edits are applied as they happen (sliders when released); the terrain
## coalesces them into one rebuild per frame.

## Map sides offered in the Size menu, in cells.
const SIZES: Array[int] = [128, 256, 512, 1024, 2048, 4096]

var _main: Node
var _terrain: DonjournoTerrain
var _generator: DonjournoGenerator

## What each height model shows: the demo's own pool terrain, then a preset per model.
const MODEL_PRESETS := {
	DonjournoGenerator.HEIGHT_MODEL_POOL: "",
	DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION: "archipelago",
	DonjournoGenerator.HEIGHT_MODEL_CONTINENTS: "continent",
}

var _model: OptionButton
var _size: OptionButton
var _pool_json := ""
var _seed: SpinBox
var _coverage: HSlider
var _subdivisions: SpinBox
var _droplets: SpinBox
var _forest: HSlider
var _water: CheckBox
var _biomes: CheckBox
var _biome_map: CheckBox
var _ground: OptionButton
var _towns: CheckBox
var _goto: OptionButton
var _time: HSlider
var _time_label: Label
var _stats: Label
var _value_labels := {}


func _ready() -> void:
	var style := StyleBoxFlat.new()
	style.bg_color = Color(0.07, 0.08, 0.11, 0.86)
	style.set_corner_radius_all(8)
	style.set_content_margin_all(14)
	add_theme_stylebox_override(&"panel", style)
	position = Vector2(16, 16)
	custom_minimum_size = Vector2(320, 0)

	var rows := VBoxContainer.new()
	rows.add_theme_constant_override(&"separation", 8)
	add_child(rows)
	var title := Label.new()
	title.text = "Donjourno"
	title.add_theme_font_size_override(&"font_size", 22)
	rows.add_child(title)

	var grid := GridContainer.new()
	grid.columns = 2
	grid.add_theme_constant_override(&"h_separation", 12)
	rows.add_child(grid)

	_model = OptionButton.new()
	_model.add_item("Pool (mountains)", DonjournoGenerator.HEIGHT_MODEL_POOL)
	_model.add_item("Subdivision (islands)", DonjournoGenerator.HEIGHT_MODEL_SUBDIVISION)
	_model.add_item("Continents", DonjournoGenerator.HEIGHT_MODEL_CONTINENTS)
	_model.tooltip_text = "How the land rises; each model starts from its preset"
	_row(grid, "Land", _model)
	_size = OptionButton.new()
	for side in SIZES:
		_size.add_item("%d × %d cells" % [side, side], side)
	_size.tooltip_text = "Cells along each side. From 512 on, the map is drawn in chunks with levels of detail; from 4096 on, each chunk's detail is built as the camera comes near"
	_row(grid, "Size", _size)
	var seed_row := HBoxContainer.new()
	_seed = _spin(0, 999999, 1)
	_seed.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	seed_row.add_child(_seed)
	var dice := Button.new()
	dice.text = "New"
	dice.tooltip_text = "Pick a random seed"
	dice.pressed.connect(func() -> void: _seed.value = randi_range(0, 999999))
	seed_row.add_child(dice)
	_row(grid, "Seed", seed_row)
	_coverage = _slider(0.05, 0.9, 0.01)
	_row(grid, "Coverage", _with_value(_coverage, "coverage", "%.2f"))
	_subdivisions = _spin(1, 16, 1)
	_row(grid, "Subdivisions", _subdivisions)
	_droplets = _spin(0, 400000, 5000)
	_row(grid, "Droplets", _droplets)
	_forest = _slider(0.0, 1.0, 0.01)
	_row(grid, "Forest density", _with_value(_forest, "forest", "%.2f"))
	_water = CheckBox.new()
	_water.text = "Lakes and rivers"
	_water.tooltip_text = "Fill depressions with lakes and carve rivers"
	_row(grid, "Water", _water)
	_biomes = CheckBox.new()
	_biomes.text = "Biomes"
	_biomes.tooltip_text = "Deserts, forests, tundra and glaciers from the climate, with their own ground, plants and rocks"
	_biome_map = CheckBox.new()
	_biome_map.text = "Map"
	_biome_map.tooltip_text = "Show the biome map with its legend"
	var climate_row := HBoxContainer.new()
	climate_row.add_child(_biomes)
	climate_row.add_child(_biome_map)
	_row(grid, "Climate", climate_row)
	_ground = OptionButton.new()
	_ground.add_item("Flat colours", DonjournoGenerator.GROUND_STYLE_FLAT)
	_ground.add_item("Blended colours", DonjournoGenerator.GROUND_STYLE_BLENDED)
	_ground.add_item("Textured", DonjournoGenerator.GROUND_STYLE_TEXTURED)
	_ground.add_item("Relief (the subdivision article)", DonjournoGenerator.GROUND_STYLE_RELIEF)
	_ground.tooltip_text = "How the ground is coloured: a colour per cell lit by the sun, the same colours blended across cells, real textures mixed by the ground's materials, or one warm palette shaded by the slope with cast shadows"
	_row(grid, "Ground", _ground)
	_towns = CheckBox.new()
	_towns.text = "Towns"
	_towns.tooltip_text = "Villages, towns and cities joined by roads, with flattened ground under them"
	_goto = OptionButton.new()
	_goto.tooltip_text = "Fly the camera to a settlement"
	_goto.disabled = true
	var towns_row := HBoxContainer.new()
	towns_row.add_child(_towns)
	towns_row.add_child(_goto)
	_goto.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_row(grid, "Settlements", towns_row)
	_time = _slider(6.0, 18.0, 0.25)
	_time_label = Label.new()
	_time_label.custom_minimum_size = Vector2(48, 0)
	var time_row := HBoxContainer.new()
	_time.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	time_row.add_child(_time)
	time_row.add_child(_time_label)
	_row(grid, "Time of day", time_row)

	_stats = Label.new()
	_stats.add_theme_color_override(&"font_color", Color(0.75, 0.8, 0.9))
	rows.add_child(_stats)
	var help := Label.new()
	help.text = "WASD / right-drag: pan · wheel: zoom · Q / E: rotate"
	help.add_theme_font_size_override(&"font_size", 12)
	help.add_theme_color_override(&"font_color", Color(0.6, 0.63, 0.7))
	rows.add_child(help)


## Connects the controls to the demo's terrain, its generator and the time of day.
func bind(main: Node, terrain: DonjournoTerrain) -> void:
	_main = main
	_terrain = terrain
	_generator = terrain.generator
	_pool_json = _generator.to_json()
	_model.select(_model.get_item_index(_generator.height_model))
	_sync_controls()
	_subdivisions.value = terrain.subdivisions
	_time.value = main.time_of_day
	_model.item_selected.connect(func(index: int) -> void: _set_model(_model.get_item_id(index)))
	_size.item_selected.connect(func(index: int) -> void:
		var side := _size.get_item_id(index)
		# The mesh budget: 2²⁸ vertices at full detail, so 4096² takes one subdivision.
		while _terrain.subdivisions > 1 and side * side * 6 * _terrain.subdivisions ** 2 > 1 << 28:
			_terrain.subdivisions -= 1
		_subdivisions.set_value_no_signal(_terrain.subdivisions)
		_generator.width = side
		_generator.depth = side)
	_seed.value_changed.connect(func(v: float) -> void: _generator.seed = int(v))
	_subdivisions.value_changed.connect(func(v: float) -> void: _terrain.subdivisions = int(v))
	_droplets.value_changed.connect(func(v: float) -> void: _generator.set_droplet_count(int(v)))
	_on_release(_coverage, func(v: float) -> void: _generator.coverage = v)
	_on_release(_forest, func(v: float) -> void: _generator.forest_cover = v)
	_water.toggled.connect(_set_water)
	_biomes.toggled.connect(func(on: bool) -> void: _generator.biomes_enabled = on)
	_ground.item_selected.connect(func(index: int) -> void:
		_generator.ground_style = _ground.get_item_id(index))
	_biome_map.set_pressed_no_signal(main.biome_view.visible)
	_biome_map.toggled.connect(func(on: bool) -> void: _main.show_biome_map(on))
	_towns.toggled.connect(func(on: bool) -> void: _generator.settlements_enabled = on)
	_goto.item_selected.connect(func(index: int) -> void:
		if index > 0:
			_main.jump_to_settlement(index - 1))
	_time.value_changed.connect(func(v: float) -> void: _main.time_of_day = v)


## Selects a height model in the Land menu and applies it.
func select_model(model: int) -> void:
	_model.select(_model.get_item_index(model))
	_set_model(model)


## Shows the generator's values in the controls without applying them again.
func _sync_controls() -> void:
	_seed.set_value_no_signal(_generator.seed)
	_size.select(_size.get_item_index(_generator.width) if _generator.width == _generator.depth else -1)
	_coverage.set_value_no_signal(_generator.coverage)
	_coverage.editable = _generator.height_model == DonjournoGenerator.HEIGHT_MODEL_POOL
	_droplets.set_value_no_signal(_generator.get_droplet_count())
	_forest.set_value_no_signal(_generator.forest_cover)
	_water.set_pressed_no_signal(_generator.water_lakes_enabled or _generator.water_rivers_enabled)
	_biomes.set_pressed_no_signal(_generator.biomes_enabled)
	_ground.select(_ground.get_item_index(_generator.ground_style))
	_towns.set_pressed_no_signal(_generator.settlements_enabled)
	_refresh_value_labels()


## Switches the height model: the demo's pool terrain, or the model's preset (one rebuild).
func _set_model(model: int) -> void:
	var preset: String = MODEL_PRESETS[model]
	var biomes := _generator.biomes_enabled
	var towns := _generator.settlements_enabled
	if preset == "":
		_generator.from_json(_pool_json)
	else:
		_generator.apply_preset(preset)
	_generator.biomes_enabled = biomes
	_generator.settlements_enabled = towns
	_sync_controls()


## Turns lakes and rivers on or off (one rebuild: the terrain coalesces the two edits).
func _set_water(on: bool) -> void:
	_generator.water_lakes_enabled = on
	_generator.water_rivers_enabled = on


## Lists the settlements of the terrain shown in the *Go to* menu, largest first.
func show_settlements(settlements: Array[Dictionary]) -> void:
	_goto.clear()
	_goto.add_item("Go to…" if not settlements.is_empty() else "No settlements")
	for s in settlements:
		_goto.add_item("%s (%s)" % [s.name, s.tier_name])
	_goto.disabled = settlements.is_empty()
	_goto.select(0)


## Shows the figures of the last rebuild.
func show_stats(stats: Dictionary) -> void:
	var generation := "cached" if stats.pipeline_cached else "%.0f ms" % stats.pipeline_ms
	_stats.text = "Generation %s · mesh %.0f ms · %s vertices" % [
		generation, stats.mesh_ms + stats.upload_ms, _thousands(stats.vertex_count)]


func show_time(hours: float) -> void:
	if _time_label:
		_time_label.text = "%02d:%02d" % [int(hours), int(round(fmod(hours, 1.0) * 60.0)) % 60]
	if _time and not is_equal_approx(_time.value, hours):
		_time.set_value_no_signal(hours)


func _row(grid: GridContainer, caption: String, control: Control) -> void:
	var label := Label.new()
	label.text = caption
	grid.add_child(label)
	control.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	grid.add_child(control)


func _spin(lo: float, hi: float, step: float) -> SpinBox:
	var s := SpinBox.new()
	s.min_value = lo
	s.max_value = hi
	s.step = step
	s.select_all_on_focus = true
	return s


func _slider(lo: float, hi: float, step: float) -> HSlider:
	var s := HSlider.new()
	s.min_value = lo
	s.max_value = hi
	s.step = step
	s.custom_minimum_size = Vector2(140, 0)
	s.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	return s


func _with_value(slider: HSlider, key: String, format: String) -> Control:
	var row := HBoxContainer.new()
	slider.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	row.add_child(slider)
	var label := Label.new()
	label.custom_minimum_size = Vector2(48, 0)
	row.add_child(label)
	_value_labels[key] = [slider, label, format]
	slider.value_changed.connect(func(_v: float) -> void: _refresh_value_labels())
	return row


func _refresh_value_labels() -> void:
	for key: String in _value_labels:
		var entry: Array = _value_labels[key]
		entry[1].text = entry[2] % entry[0].value


## Applies a slider's value when it is released after a drag, or at once for keyboard changes.
func _on_release(slider: HSlider, apply: Callable) -> void:
	var dragging := [false]
	slider.drag_started.connect(func() -> void: dragging[0] = true)
	slider.drag_ended.connect(func(changed: bool) -> void:
		dragging[0] = false
		if changed:
			apply.call(slider.value))
	slider.value_changed.connect(func(v: float) -> void:
		if not dragging[0]:
			apply.call(v))


static func _thousands(n: int) -> String:
	var s := str(n)
	var out := ""
	while s.length() > 3:
		out = "," + s.right(3) + out
		s = s.left(s.length() - 3)
	return s + out
