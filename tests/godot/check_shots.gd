extends SceneTree
## Checks rendered terrain shots: each must be a real picture (not blank, not one flat colour)
## in which lit grass, rock, snow and water (lakes and rivers) each cover a visible share of the
## pixels.
##
## Usage: godot --headless --path tests/godot -s res://check_shots.gd -- PNG...
## Prints `PASS shot NAME` or `FAIL shot NAME: reasons` per file.

## Share of the picture each class must reach at least.
const MIN_SHARE := {"grass": 0.05, "rock": 0.01, "snow": 0.001, "water": 0.002}
## Share of the picture that must differ from the background colour.
const MIN_FOREGROUND := 0.2


func _init() -> void:
	var failed := 0
	var files := OS.get_cmdline_user_args()
	if files.is_empty():
		print("FAIL shots: no files given")
		failed += 1
	for path in files:
		var problems := check(path)
		if problems.is_empty():
			print("PASS shot %s" % path.get_file())
		else:
			failed += 1
			print("FAIL shot %s: %s" % [path.get_file(), "; ".join(problems)])
	quit(failed)


## Classifies a pixel, tolerant of lighting: by hue and saturation, brightness only for snow.
static func classify(c: Color) -> String:
	var v := c.v
	var s := c.s
	var h := c.h * 360.0
	if v > 0.6 and s < 0.25 and c.b > 0.55:
		return "snow"  # White, or tinted by a low sun.
	if s > 0.45 and v > 0.3 and h > 190.0 and h < 240.0:
		return "water"
	if s > 0.25 and v > 0.18 and h > 70.0 and h < 170.0:
		return "grass"
	if v > 0.14 and v < 0.85 and ((s < 0.18) or (h >= 15.0 and h <= 50.0 and s < 0.6)):
		return "rock"  # Grey rock and brown rock.
	return "other"


static func check(path: String) -> PackedStringArray:
	var problems: PackedStringArray = []
	var image := Image.load_from_file(path)
	if image == null or image.is_empty():
		return PackedStringArray(["cannot read the PNG"])
	if image.get_width() < 640 or image.get_height() < 360:
		problems.append("too small: %dx%d" % [image.get_width(), image.get_height()])
	image.convert(Image.FORMAT_RGB8)
	var background := image.get_pixel(0, 0)
	var counts := {"grass": 0, "rock": 0, "snow": 0, "water": 0, "other": 0}
	var foreground := 0
	var total := 0
	var luma_min := 1.0
	var luma_max := 0.0
	for y in range(0, image.get_height(), 2):
		for x in range(0, image.get_width(), 2):
			var c := image.get_pixel(x, y)
			total += 1
			luma_min = minf(luma_min, c.get_luminance())
			luma_max = maxf(luma_max, c.get_luminance())
			if not c.is_equal_approx(background) and (Vector3(c.r, c.g, c.b) - Vector3(background.r, background.g, background.b)).length() > 0.04:
				foreground += 1
				counts[classify(c)] += 1
	if luma_max - luma_min < 0.3:
		problems.append("blank: luminance spans only %.2f" % (luma_max - luma_min))
	if float(foreground) / total < MIN_FOREGROUND:
		problems.append("terrain covers only %.1f%% of the picture" % (100.0 * foreground / total))
	var shares := []
	for name: String in MIN_SHARE:
		var share := float(counts[name]) / total
		shares.append("%s %.1f%%" % [name, share * 100.0])
		if share < MIN_SHARE[name]:
			problems.append("%s covers %.2f%% (< %.1f%%)" % [name, share * 100.0, MIN_SHARE[name] * 100.0])
	print("shot %s: %s, foreground %.0f%%" % [path.get_file(), ", ".join(shares), 100.0 * foreground / total])
	return problems
