extends PanelContainer
## The biome map debug view: the terrain's biome map, one pixel per cell, beside a legend of the
## biomes present with their share of the land. Sits in the top-right corner; the tuning panel's
## *Biome map* box shows and hides it.

## Side of the map picture on screen, in pixels (the longer side of the map).
const MAP_SIDE := 260.0
## Side of a legend swatch, in pixels.
const SWATCH := 12

var _picture: TextureRect
var _legend: VBoxContainer
var _note: Label


func _ready() -> void:
	var style := StyleBoxFlat.new()
	style.bg_color = Color(0.07, 0.08, 0.11, 0.86)
	style.set_corner_radius_all(8)
	style.set_content_margin_all(12)
	add_theme_stylebox_override(&"panel", style)

	var rows := VBoxContainer.new()
	rows.add_theme_constant_override(&"separation", 6)
	add_child(rows)
	var title := Label.new()
	title.text = "Biome map"
	title.add_theme_font_size_override(&"font_size", 18)
	rows.add_child(title)
	_picture = TextureRect.new()
	_picture.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	_picture.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	_picture.texture_filter = CanvasItem.TEXTURE_FILTER_NEAREST
	_picture.custom_minimum_size = Vector2(MAP_SIDE, MAP_SIDE)
	rows.add_child(_picture)
	_note = Label.new()
	_note.add_theme_color_override(&"font_color", Color(0.75, 0.8, 0.9))
	rows.add_child(_note)
	_legend = VBoxContainer.new()
	_legend.add_theme_constant_override(&"separation", 2)
	rows.add_child(_legend)
	_pin()


## Keeps the view at its smallest size in the top-right corner, growing to the left and down.
func _pin() -> void:
	size = Vector2.ZERO
	set_anchors_and_offsets_preset(Control.PRESET_TOP_RIGHT, Control.PRESET_MODE_MINSIZE, 16)
	grow_horizontal = Control.GROW_DIRECTION_BEGIN


## Shows the biomes of `map` (a DonjournoMap), or a hint when the map has none.
func show_map(map: DonjournoMap) -> void:
	for child in _legend.get_children():
		child.queue_free()
	var image := map.get_biome_image() if map != null else null
	if image == null:
		_picture.texture = null
		_picture.custom_minimum_size = Vector2(MAP_SIDE, 0)
		_note.text = "Turn Biomes on to see the map."
		_pin.call_deferred()
		return
	_note.text = ""
	var w := map.get_width()
	var d := map.get_depth()
	var side := MAP_SIDE / maxf(w, d)
	_picture.custom_minimum_size = Vector2(w, d) * side
	_picture.texture = ImageTexture.create_from_image(image)
	for entry: Array in _shares(map):
		_legend.add_child(_legend_row(entry[0], entry[1]))
	_pin.call_deferred()


## The biomes of `map` as `[id, share]` pairs, the largest share first, from the map's
## statistics (`biome_counts`: cells per biome name).
func _shares(map: DonjournoMap) -> Array:
	var counts: Dictionary = map.get_stats().get("biome_counts", {})
	var total := 0
	for name: String in counts:
		total += int(counts[name])
	var out := []
	for id in range(20):
		var cells := int(counts.get(DonjournoTerrain.get_biome_name(id), 0))
		if cells > 0:
			out.append([id, float(cells) / float(total)])
	out.sort_custom(func(a: Array, b: Array) -> bool: return a[1] > b[1] or (a[1] == b[1] and a[0] < b[0]))
	return out


func _legend_row(id: int, share: float) -> Control:
	var row := HBoxContainer.new()
	row.add_theme_constant_override(&"separation", 8)
	var swatch := ColorRect.new()
	swatch.color = DonjournoTerrain.get_biome_color(id)
	swatch.custom_minimum_size = Vector2(SWATCH, SWATCH)
	swatch.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	row.add_child(swatch)
	var name := Label.new()
	name.text = DonjournoTerrain.get_biome_name(id)
	name.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	name.add_theme_font_size_override(&"font_size", 13)
	row.add_child(name)
	var percent := Label.new()
	percent.text = "%.0f %%" % (share * 100.0) if share >= 0.005 else "<1 %"
	percent.add_theme_font_size_override(&"font_size", 13)
	percent.add_theme_color_override(&"font_color", Color(0.7, 0.74, 0.82))
	row.add_child(percent)
	return row
