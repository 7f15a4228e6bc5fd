# The ground texture set of addons/donjourno/ground/textures/: for each of the seven ground
# materials of the splat (grass, dry grass, dirt, sand, rock, snow, mud), a seamlessly tiling
# 256×256 albedo (sRGB), tangent-space normal map (OpenGL convention, Y+, as Godot reads it) and
# roughness map, about 3 m of ground per tile. Everything comes from fixed seeds, so a run makes
# the same files every time. The textures are MIT-licensed with the addon (its LICENSE).
#
# Usage (from the repository root; `make ground-textures` runs it):
#   tests/tools/godot.sh --headless --script tools/ground_textures/make_ground_textures.gd -- \
#       OUT_DIR [--sheet SHEET.png]
#
# OUT_DIR receives <name>_albedo.png, <name>_normal.png and <name>_roughness.png per material;
# --sheet also writes a contact sheet: one column per material (in the order above), albedo over
# normal over roughness, 128 pixels a cell.
#
# Each albedo's mean colour is the material's base colour (MATERIALS in
# rust/core/src/stages/biomes/table.rs, the colours of the terrain's splat), so a texture
# multiplied by a tint keeps the palette.
#
# The smooth noise is Godot's FastNoiseLite, sampled so that it tiles (_noise); the cellular noise
# of the rock's joints, the dirt's clods and the mud's lumps is Worley noise on a wrapping grid
# (_worley), as FastNoiseLite's cellular noise repeats only through a blend that doubles its walls.
# Normal maps are the Sobel gradient of each material's height field, wrapping at the edges.
extends SceneTree

const SIZE := 256
const N := SIZE * SIZE
const SHEET_CELL := 128

# Name, base colour (sRGB, 0-255), in the order of the terrain's splat.
const MATERIALS := [
	["grass", [72, 138, 58]],
	["dry_grass", [176, 160, 92]],
	["dirt", [124, 98, 70]],
	["sand", [222, 204, 150]],
	["rock", [120, 116, 110]],
	["snow", [240, 242, 250]],
	["mud", [86, 74, 58]],
]


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var out_dir := ""
	var sheet := ""
	var i := 0
	while i < args.size():
		if args[i] == "--sheet" and i + 1 < args.size():
			sheet = args[i + 1]
			i += 2
		elif out_dir == "" and not args[i].begins_with("--"):
			out_dir = args[i]
			i += 1
		else:
			out_dir = ""
			break
	if out_dir == "":
		printerr("usage: godot --headless --script make_ground_textures.gd -- OUT_DIR [--sheet SHEET.png]")
		quit(2)
		return
	quit(_run(out_dir, sheet))


func _run(out_dir: String, sheet_path: String) -> int:
	if DirAccess.make_dir_recursive_absolute(out_dir) != OK:
		printerr("cannot create %s" % out_dir)
		return 1
	var sheet: Image = null
	if sheet_path != "":
		sheet = Image.create(SHEET_CELL * MATERIALS.size(), SHEET_CELL * 3, false, Image.FORMAT_RGB8)
	for m in MATERIALS.size():
		var name: String = MATERIALS[m][0]
		var base: Array = MATERIALS[m][1]
		var maps: Dictionary = call("_make_" + name)
		var albedo := _albedo_image(maps, base)
		var normal := _normal_image(maps["height"], maps["relief"])
		var rough := _grey_image(maps["rough"])
		var images := [albedo, normal, rough]
		var suffixes := ["albedo", "normal", "roughness"]
		for k in 3:
			var path := out_dir.path_join("%s_%s.png" % [name, suffixes[k]])
			if images[k].save_png(path) != OK:
				printerr("cannot write %s" % path)
				return 1
		var mean := _mean_rgb(albedo)
		print("%-10s mean albedo [%d, %d, %d] (base [%d, %d, %d])" % [name, mean[0], mean[1], mean[2],
				base[0], base[1], base[2]])
		if sheet != null:
			for k in 3:
				var cell: Image = images[k].duplicate()
				cell.convert(Image.FORMAT_RGB8)
				cell.resize(SHEET_CELL, SHEET_CELL, Image.INTERPOLATE_LANCZOS)
				sheet.blit_rect(cell, Rect2i(0, 0, SHEET_CELL, SHEET_CELL),
						Vector2i(m * SHEET_CELL, k * SHEET_CELL))
	if sheet != null:
		DirAccess.make_dir_recursive_absolute(sheet_path.get_base_dir())
		if sheet.save_png(sheet_path) != OK:
			printerr("cannot write %s" % sheet_path)
			return 1
		print("contact sheet %s" % sheet_path)
	return 0


# ---------------------------------------------------------------------------
# Fields: PackedFloat32Array of N values, row by row; everything wraps around the edges.
# ---------------------------------------------------------------------------

func _field(value := 0.0) -> PackedFloat32Array:
	var f := PackedFloat32Array()
	f.resize(N)
	f.fill(value)
	return f


# Seamless FastNoiseLite noise, normalised to [0, 1]; period is the feature size in pixels. Each
# pixel blends the noise at its own place and at the places one tile to the left, above and both,
# weighted bilinearly by its place in the tile (the weights repeat from edge to edge, so the field
# tiles) and divided by the root of the summed squared weights, which keeps the contrast the same
# all over the tile. Sampled in floating point, so relief derived from it has no 8-bit steps.
func _noise(seed: int, type: int, period: float, octaves := 1) -> PackedFloat32Array:
	var n := FastNoiseLite.new()
	n.seed = seed
	n.noise_type = type
	n.frequency = 1.0 / period
	n.fractal_type = FastNoiseLite.FRACTAL_FBM if octaves > 1 else FastNoiseLite.FRACTAL_NONE
	n.fractal_octaves = octaves
	var f := _field()
	for y in SIZE:
		var v := (y + 0.5) / SIZE
		for x in SIZE:
			var u := (x + 0.5) / SIZE
			var w00 := (1.0 - u) * (1.0 - v)
			var w10 := u * (1.0 - v)
			var w01 := (1.0 - u) * v
			var w11 := u * v
			var s := (w00 * n.get_noise_2d(x, y) + w10 * n.get_noise_2d(x - SIZE, y)
					+ w01 * n.get_noise_2d(x, y - SIZE) + w11 * n.get_noise_2d(x - SIZE, y - SIZE))
			f[y * SIZE + x] = s / sqrt(w00 * w00 + w10 * w10 + w01 * w01 + w11 * w11)
	return _normalise(f)


func _normalise(f: PackedFloat32Array) -> PackedFloat32Array:
	var lo := INF
	var hi := -INF
	for i in N:
		lo = minf(lo, f[i])
		hi = maxf(hi, f[i])
	var k := 1.0 / maxf(hi - lo, 1e-6)
	for i in N:
		f[i] = (f[i] - lo) * k
	return f


func _fbm(seed: int, period: float, octaves: int) -> PackedFloat32Array:
	return _noise(seed, FastNoiseLite.TYPE_SIMPLEX_SMOOTH, period, octaves)


# Worley (cellular) noise that tiles: one jittered feature point in each of cells × cells squares
# of the tile, the squares wrapping around its edges. Each pixel is looked up at its place moved
# by warp_x, warp_y (fields in [0, 1], times warp pixels), which bends the cell walls. Returns
# f1 (distance to the nearest point), edge (second-nearest minus nearest: 0 on a cell wall), both
# in units of the square's side, and value (a random [0, 1] per cell).
func _worley(seed: int, cells: int, jitter := 0.9, warp_x := PackedFloat32Array(),
		warp_y := PackedFloat32Array(), warp := 0.0) -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = seed
	var px := PackedFloat32Array()
	var py := PackedFloat32Array()
	var pv := PackedFloat32Array()
	for k in cells * cells:
		px.append(0.5 + (rng.randf() - 0.5) * jitter)
		py.append(0.5 + (rng.randf() - 0.5) * jitter)
		pv.append(rng.randf())
	var side := float(SIZE) / cells
	var f1 := _field()
	var edge := _field()
	var value := _field()
	var warped := warp != 0.0
	for y in SIZE:
		for x in SIZE:
			var i := y * SIZE + x
			var cx := (x + 0.5) / side
			var cy := (y + 0.5) / side
			if warped:
				cx += (warp_x[i] - 0.5) * warp / side
				cy += (warp_y[i] - 0.5) * warp / side
			var gx := int(floorf(cx))
			var gy := int(floorf(cy))
			var d1 := INF
			var d2 := INF
			var best := 0
			for dy in range(-1, 2):
				for dx in range(-1, 2):
					var nx := gx + dx
					var ny := gy + dy
					var k := posmod(ny, cells) * cells + posmod(nx, cells)
					var ex := nx + px[k] - cx
					var ey := ny + py[k] - cy
					var d := ex * ex + ey * ey
					if d < d1:
						d2 = d1
						d1 = d
						best = k
					elif d < d2:
						d2 = d
			f1[i] = sqrt(d1)
			edge[i] = sqrt(d2) - sqrt(d1)
			value[i] = pv[best]
	return {"f1": f1, "edge": edge, "value": value}


func _white(seed: int) -> PackedFloat32Array:
	var rng := RandomNumberGenerator.new()
	rng.seed = seed
	var f := _field()
	for i in N:
		f[i] = rng.randf()
	return f


# Box blur of radius r (separable, wrapping).
func _blur(f: PackedFloat32Array, r: int) -> PackedFloat32Array:
	var tmp := _field()
	var out := _field()
	var w := 1.0 / (2 * r + 1)
	for y in SIZE:
		for x in SIZE:
			var s := 0.0
			for k in range(-r, r + 1):
				s += f[y * SIZE + ((x + k) & (SIZE - 1))]
			tmp[y * SIZE + x] = s * w
	for y in SIZE:
		for x in SIZE:
			var s := 0.0
			for k in range(-r, r + 1):
				s += tmp[((y + k) & (SIZE - 1)) * SIZE + x]
			out[y * SIZE + x] = s * w
	return out


# The value below which the given share of the field lies.
func _quantile(f: PackedFloat32Array, share: float) -> float:
	var s := f.duplicate()
	s.sort()
	return s[clampi(int(share * N), 0, N - 1)]


# Stamps a dome (value peak at the centre, ellipse with radii rx, ry turned by angle) into height,
# keeping the higher of the two, and writes id into owner where the dome wins.
func _dome(height: PackedFloat32Array, owner: PackedInt32Array, cx: float, cy: float, rx: float,
		ry: float, angle: float, peak: float, id: int) -> void:
	var r := int(ceil(maxf(rx, ry))) + 1
	var c := cos(angle)
	var s := sin(angle)
	for dy in range(-r, r + 1):
		for dx in range(-r, r + 1):
			var px := floorf(cx) + dx
			var py := floorf(cy) + dy
			var ox := px + 0.5 - cx
			var oy := py + 0.5 - cy
			var u := (ox * c + oy * s) / rx
			var v := (-ox * s + oy * c) / ry
			var d2 := u * u + v * v
			if d2 >= 1.0:
				continue
			var value := peak * sqrt(1.0 - d2)
			var i := (int(py) & (SIZE - 1)) * SIZE + (int(px) & (SIZE - 1))
			if value > height[i]:
				height[i] = value
				owner[i] = id


# Draws a blade or straw: a tapering stroke from (x0, y0) along angle, length len, width w, its
# height rising from base to tip, kept where it is the highest; owner takes id and along its
# position on the stroke (0 at the root, 1 at the tip).
func _stroke(height: PackedFloat32Array, owner: PackedInt32Array, along: PackedFloat32Array,
		x0: float, y0: float, angle: float, len: float, w: float, base: float, tip: float,
		id: int) -> void:
	var dx := cos(angle)
	var dy := sin(angle)
	var steps := int(len * 2.0)
	for k in steps + 1:
		var t := float(k) / steps
		var cx := x0 + dx * len * t
		var cy := y0 + dy * len * t
		var r := w * (1.0 - 0.7 * t) * 0.5 + 0.25
		var value := lerpf(base, tip, t)
		for oy in range(-1, 2):
			for ox in range(-1, 2):
				var px := floorf(cx) + ox
				var py := floorf(cy) + oy
				var ex := px + 0.5 - cx
				var ey := py + 0.5 - cy
				var d := sqrt(ex * ex + ey * ey)
				if d > r + 0.5:
					continue
				var v := value * clampf(r + 0.5 - d, 0.0, 1.0)
				var i := (int(py) & (SIZE - 1)) * SIZE + (int(px) & (SIZE - 1))
				if v > height[i]:
					height[i] = v
					owner[i] = id
					along[i] = t


# ---------------------------------------------------------------------------
# Output images
# ---------------------------------------------------------------------------

# maps["r"], ["g"], ["b"]: colour factors around 1, multiplied by the base colour; the result is
# then scaled, channel by channel, so that its mean is the base colour.
func _albedo_image(maps: Dictionary, base: Array) -> Image:
	var ch := [maps["r"], maps["g"], maps["b"]]
	var out := [_field(), _field(), _field()]
	for c in 3:
		var f: PackedFloat32Array = ch[c]
		var scale := float(base[c])
		for i in N:
			out[c][i] = f[i] * scale
	# Clamping moves the mean a little; a few rounds bring it back.
	for round in 4:
		for c in 3:
			var f: PackedFloat32Array = out[c]
			var sum := 0.0
			for i in N:
				sum += clampf(f[i], 0.0, 255.0)
			var k := float(base[c]) * N / maxf(sum, 1.0)
			for i in N:
				f[i] *= k
			out[c] = f
	var data := PackedByteArray()
	data.resize(N * 3)
	for i in N:
		for c in 3:
			data[i * 3 + c] = clampi(roundi(out[c][i]), 0, 255)
	return Image.create_from_data(SIZE, SIZE, false, Image.FORMAT_RGB8, data)


# Sobel of the height (in pixels of relief per unit of height), wrapping, as an OpenGL-convention
# normal map: red to the right (+X), green up the image (+Y), blue out of the surface.
func _normal_image(height: PackedFloat32Array, relief: float) -> Image:
	var data := PackedByteArray()
	data.resize(N * 3)
	for y in SIZE:
		var ym := ((y - 1) & (SIZE - 1)) * SIZE
		var y0 := y * SIZE
		var yp := ((y + 1) & (SIZE - 1)) * SIZE
		for x in SIZE:
			var xm := (x - 1) & (SIZE - 1)
			var xp := (x + 1) & (SIZE - 1)
			var gx := (height[ym + xp] + 2.0 * height[y0 + xp] + height[yp + xp]
					- height[ym + xm] - 2.0 * height[y0 + xm] - height[yp + xm]) * 0.125
			var gy := (height[yp + xm] + 2.0 * height[yp + x] + height[yp + xp]
					- height[ym + xm] - 2.0 * height[ym + x] - height[ym + xp]) * 0.125
			# gx: rise per pixel to the right; gy: rise per pixel down the image (so up is -gy).
			var n := Vector3(-gx * relief, gy * relief, 1.0).normalized()
			var i := (y0 + x) * 3
			data[i] = clampi(roundi((n.x * 0.5 + 0.5) * 255.0), 0, 255)
			data[i + 1] = clampi(roundi((n.y * 0.5 + 0.5) * 255.0), 0, 255)
			data[i + 2] = clampi(roundi((n.z * 0.5 + 0.5) * 255.0), 0, 255)
	return Image.create_from_data(SIZE, SIZE, false, Image.FORMAT_RGB8, data)


func _grey_image(f: PackedFloat32Array) -> Image:
	var data := PackedByteArray()
	data.resize(N)
	for i in N:
		data[i] = clampi(roundi(f[i] * 255.0), 0, 255)
	return Image.create_from_data(SIZE, SIZE, false, Image.FORMAT_L8, data)


func _mean_rgb(img: Image) -> Array:
	var data := img.get_data()
	var sum := [0, 0, 0]
	for i in N:
		for c in 3:
			sum[c] += data[i * 3 + c]
	return [roundi(sum[0] / float(N)), roundi(sum[1] / float(N)), roundi(sum[2] / float(N))]


# Colour maps from a brightness field and a warm/cool shift (positive: toward yellow-red).
func _tone(bright: PackedFloat32Array, warm: PackedFloat32Array, wr: float, wg: float,
		wb: float) -> Dictionary:
	var r := _field()
	var g := _field()
	var b := _field()
	for i in N:
		r[i] = bright[i] * (1.0 + wr * warm[i])
		g[i] = bright[i] * (1.0 + wg * warm[i])
		b[i] = bright[i] * (1.0 + wb * warm[i])
	return {"r": r, "g": g, "b": b}


# ---------------------------------------------------------------------------
# Materials: each returns r, g, b (colour factors), height (0..1), relief and rough (0..1).
# ---------------------------------------------------------------------------

func _make_grass() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 1101
	var height := _field()
	var owner := PackedInt32Array()
	owner.resize(N)
	owner.fill(-1)
	var along := _field()
	var clump := _fbm(1102, 48.0, 3)
	var blade_tint := PackedFloat32Array()
	# Clumps: blades fanning out from a root; between them, loose blades in every direction.
	var id := 0
	for c in 150:
		var cx := rng.randf() * SIZE
		var cy := rng.randf() * SIZE
		var blades := rng.randi_range(10, 22)
		var clump_tint := rng.randf_range(-0.6, 0.6)
		for k in blades:
			var a := rng.randf() * TAU
			var l := rng.randf_range(7.0, 16.0)
			_stroke(height, owner, along, cx + rng.randf_range(-2.0, 2.0), cy + rng.randf_range(-2.0, 2.0),
					a, l, rng.randf_range(1.4, 2.4), rng.randf_range(0.45, 0.7),
					rng.randf_range(0.75, 1.0), id)
			blade_tint.append(clump_tint + rng.randf_range(-0.5, 0.5))
			id += 1
	for k in 2600:
		var l := rng.randf_range(5.0, 12.0)
		_stroke(height, owner, along, rng.randf() * SIZE, rng.randf() * SIZE, rng.randf() * TAU, l,
				rng.randf_range(1.2, 2.0), rng.randf_range(0.3, 0.55), rng.randf_range(0.55, 0.8), id)
		blade_tint.append(rng.randf_range(-1.0, 1.0))
		id += 1
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for i in N:
		var h := height[i]
		var t := 0.0
		if owner[i] >= 0:
			t = blade_tint[owner[i]] * 0.5 + along[i] * 0.35
		var cl := clump[i] - 0.5
		bright[i] = (0.55 + 0.6 * h) * (1.0 + 0.18 * cl)
		warm[i] = t + 0.6 * cl
		rough[i] = 0.9 - 0.12 * h
	var maps := _tone(bright, warm, 0.16, 0.03, -0.22)
	maps["height"] = _blur(height, 1)
	maps["relief"] = 5.0
	maps["rough"] = rough
	return maps


func _make_dry_grass() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 2201
	var height := _field()
	var owner := PackedInt32Array()
	owner.resize(N)
	owner.fill(-1)
	var along := _field()
	var flow := _fbm(2202, 96.0, 2)
	var patch := _fbm(2203, 40.0, 3)
	var soil := _fbm(2204, 12.0, 2)
	var straw_tint := PackedFloat32Array()
	# Laid straw: long, thin stalks lying along a slowly turning direction.
	for k in 2300:
		var x := rng.randf() * SIZE
		var y := rng.randf() * SIZE
		var i := (int(y) & (SIZE - 1)) * SIZE + (int(x) & (SIZE - 1))
		var a := flow[i] * 2.0 * PI + rng.randf_range(-0.45, 0.45)
		if rng.randf() < 0.5:
			a += PI
		_stroke(height, owner, along, x, y, a, rng.randf_range(14.0, 30.0), rng.randf_range(1.0, 1.6),
				rng.randf_range(0.35, 1.0), rng.randf_range(0.35, 1.0), k)
		straw_tint.append(rng.randf_range(-1.0, 1.0))
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for i in N:
		var h := height[i]
		var p := patch[i] - 0.5
		# Between the stalks: shadowed soil.
		var t := 1.5
		var b := 0.42 + 0.12 * soil[i]
		if owner[i] >= 0:
			t = straw_tint[owner[i]] * 0.45 + 0.2
			b = 0.62 + 0.55 * h
		bright[i] = b * (1.0 + 0.16 * p)
		warm[i] = t - 0.5 * p
		rough[i] = 0.92 - 0.1 * h
	var maps := _tone(bright, warm, 0.12, -0.04, -0.2)
	maps["height"] = _blur(height, 1)
	maps["relief"] = 4.0
	maps["rough"] = rough
	return maps


func _make_dirt() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 3301
	var mottle := _fbm(3302, 72.0, 4)
	var fine := _fbm(3303, 9.0, 2)
	var wx := _fbm(3306, 20.0, 2)
	var wy := _fbm(3307, 20.0, 2)
	var clods: Dictionary = _worley(3304, 20, 0.9, wx, wy, 6.0)
	var clod_f1: PackedFloat32Array = clods["f1"]
	var clod_edge: PackedFloat32Array = clods["edge"]
	var clod_value: PackedFloat32Array = clods["value"]
	var grain := _white(3305)
	var height := _field()
	var pebble := PackedInt32Array()
	pebble.resize(N)
	pebble.fill(-1)
	var pebble_tone := PackedFloat32Array()
	var pebble_warm := PackedFloat32Array()
	var pebble_peak := PackedFloat32Array()
	# Pebbles: many small, a few larger, from grey to the soil's own brown.
	for k in 170:
		var r := rng.randf_range(1.6, 3.5) if k < 140 else rng.randf_range(3.5, 6.5)
		var peak := 0.45 + r * 0.07
		_dome(height, pebble, rng.randf() * SIZE, rng.randf() * SIZE, r, r * rng.randf_range(0.6, 0.95),
				rng.randf() * PI, peak, k)
		pebble_tone.append(rng.randf_range(0.8, 1.35))
		pebble_warm.append(rng.randf_range(-1.2, 0.3))
		pebble_peak.append(peak)
	var shade := _blur(height, 2)
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for i in N:
		# Clods: rounded lumps of soil, darker in the gaps between them.
		var lump := 1.0 - smoothstep(0.0, 0.7, clod_f1[i])
		var gap := 1.0 - smoothstep(0.0, 0.12, clod_edge[i])
		var g := 0.35 * mottle[i] + 0.15 * fine[i] + 0.25 * lump + 0.1 * clod_value[i] - 0.05 * gap
		var b := (0.8 + 0.45 * g) * (0.95 + 0.1 * grain[i])
		var w := 0.4 * (mottle[i] - 0.5) + 0.3 * (clod_value[i] - 0.5)
		if grain[i] > 0.993:
			b *= 0.7
		var rr := 0.86 + 0.1 * fine[i]
		var h := 0.3 + 0.35 * g
		# Soil in the lee of a pebble lies in its shadow.
		b *= 1.0 - 0.5 * clampf(shade[i] - height[i], 0.0, 0.4)
		var p := pebble[i]
		if p >= 0 and height[i] + 0.25 > h:
			var top := height[i] / pebble_peak[p]
			b = pebble_tone[p] * (0.72 + 0.4 * top) * (0.97 + 0.06 * grain[i])
			w = pebble_warm[p]
			rr = 0.62 + 0.1 * fine[i]
			h = height[i] + 0.25
		bright[i] = b
		warm[i] = w
		rough[i] = rr
		height[i] = h
	var maps := _tone(bright, warm, 0.1, 0.0, -0.12)
	maps["height"] = height
	maps["relief"] = 6.0
	maps["rough"] = rough
	return maps


func _make_sand() -> Dictionary:
	var warp := _fbm(4401, 150.0, 2)
	var amp := _fbm(4402, 80.0, 2)
	var fine := _fbm(4403, 6.0, 1)
	var fine2 := _fbm(4406, 40.0, 2)
	var grain := _white(4404)
	var speck := _white(4405)
	var height := _field()
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for y in SIZE:
		for x in SIZE:
			var i := y * SIZE + x
			# 13 crests across, 3 down: a whole number of ripples each way, so they tile.
			var phase := (13.0 * x + 3.0 * y) / SIZE + 1.3 * (warp[i] - 0.5) + 0.25 * (fine2[i] - 0.5)
			var p := phase - floorf(phase)
			var ripple := smoothstep(0.0, 0.72, p) if p < 0.72 else 1.0 - smoothstep(0.72, 1.0, p)
			var a := 0.55 + 0.6 * amp[i]
			height[i] = a * ripple + 0.12 * fine[i] + 0.05 * grain[i]
			var b := (0.94 + 0.07 * ripple) * (0.95 + 0.1 * grain[i])
			var w := 0.12 * (amp[i] - 0.5) - 0.3 * (1.0 - ripple)
			if speck[i] < 0.012:
				b *= 0.8
				w -= 0.6
			elif speck[i] > 0.985:
				b *= 1.1
			bright[i] = b
			warm[i] = w
			rough[i] = 0.88 + 0.08 * grain[i]
	var maps := _tone(bright, warm, 0.06, 0.02, -0.1)
	maps["height"] = height
	maps["relief"] = 4.0
	maps["rough"] = rough
	return maps


func _make_rock() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 5500
	var large := _fbm(5501, 120.0, 3)
	var detail := _fbm(5502, 18.0, 4)
	var warp := _fbm(5503, 90.0, 2)
	var wx := _fbm(5507, 40.0, 3)
	var wy := _fbm(5508, 40.0, 3)
	# Joints: blocks with bent walls, and finer cracks inside them.
	var blocks: Dictionary = _worley(5504, 5, 0.85, wx, wy, 22.0)
	var joints: PackedFloat32Array = blocks["edge"]
	var block_value: PackedFloat32Array = blocks["value"]
	var block_f1: PackedFloat32Array = blocks["f1"]
	var fine: Dictionary = _worley(5505, 11, 0.9, wy, wx, 12.0)
	var fine_cracks: PackedFloat32Array = fine["edge"]
	var grain := _white(5506)
	# Strata: 9 beds down the tile, each with its own shade and tint.
	const BEDS := 9
	var bed_tone := PackedFloat32Array()
	var bed_warm := PackedFloat32Array()
	for k in BEDS:
		bed_tone.append(rng.randf_range(-1.0, 1.0))
		bed_warm.append(rng.randf_range(-1.0, 1.0))
	var height := _field()
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for y in SIZE:
		for x in SIZE:
			var i := y * SIZE + x
			var layer := float(BEDS * y) / SIZE + 1.4 * (warp[i] - 0.5) + 0.3 * (wx[i] - 0.5)
			var index := int(floorf(layer))
			var within := layer - index
			var next := smoothstep(0.8, 1.0, within)
			var tone := lerpf(bed_tone[posmod(index, BEDS)], bed_tone[posmod(index + 1, BEDS)], next)
			var tint := lerpf(bed_warm[posmod(index, BEDS)], bed_warm[posmod(index + 1, BEDS)], next)
			var bed := smoothstep(0.0, 0.12, within) * (1.0 - 0.4 * within)
			var joint := (1.0 - smoothstep(0.0, 0.03 + 0.04 * detail[i], joints[i])) * (0.6 + 0.4 * large[i])
			var fine_crack := (1.0 - smoothstep(0.0, 0.05, fine_cracks[i])) * smoothstep(0.4, 0.7, detail[i])
			var seam := (1.0 - smoothstep(0.0, 0.05, within)) * smoothstep(0.45, 0.75, large[i])
			var c := maxf(joint, maxf(0.5 * fine_crack, 0.4 * seam))
			var bulge := 1.0 - smoothstep(0.2, 0.9, block_f1[i])
			height[i] = (0.3 * large[i] + 0.25 * detail[i] + 0.12 * bed + 0.12 * bulge
					+ 0.1 * block_value[i] + 0.1) * (1.0 - 0.7 * c)
			bright[i] = ((0.82 + 0.26 * detail[i] + 0.07 * tone + 0.05 * (block_value[i] - 0.5)
					+ 0.05 * (grain[i] - 0.5)) * (1.0 - 0.42 * c))
			warm[i] = 0.3 * (large[i] - 0.5) + 0.45 * tint
			rough[i] = 0.72 + 0.14 * detail[i] + 0.12 * c
	var maps := _tone(bright, warm, 0.08, 0.02, -0.1)
	maps["height"] = height
	maps["relief"] = 9.0
	maps["rough"] = rough
	return maps


func _make_snow() -> Dictionary:
	var drifts := _fbm(6601, 140.0, 3)
	var soft := _fbm(6602, 40.0, 3)
	var warp := _fbm(6603, 100.0, 2)
	var height := _field()
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for y in SIZE:
		for x in SIZE:
			var i := y * SIZE + x
			# Faint wind ripples: 6 across the tile, bent by the warp.
			var ripple := sin(TAU * (2.0 * x + 6.0 * y) / SIZE + 4.0 * (warp[i] - 0.5))
			var h := 0.7 * drifts[i] + 0.22 * soft[i] + 0.04 * ripple
			height[i] = h
			bright[i] = 0.96 + 0.06 * h
			warm[i] = -(1.0 - h)
			rough[i] = 0.6 + 0.18 * soft[i]
	var maps := _tone(bright, warm, 0.05, 0.04, 0.0)
	maps["height"] = height
	maps["relief"] = 14.0
	maps["rough"] = rough
	return maps


func _make_mud() -> Dictionary:
	var large := _fbm(7701, 70.0, 4)
	var mid := _fbm(7702, 22.0, 3)
	var lumps: Dictionary = _worley(7703, 16)
	var lump_f1: PackedFloat32Array = lumps["f1"]
	var grain := _white(7704)
	var ground := _field()
	for i in N:
		ground[i] = 0.62 * large[i] + 0.23 * mid[i] + 0.15 * (1.0 - smoothstep(0.0, 0.8, lump_f1[i]))
	# The water stands in the lowest seventh of the ground.
	var level := _quantile(ground, 0.15)
	var height := _field()
	var bright := _field()
	var warm := _field()
	var rough := _field()
	for i in N:
		var g := ground[i]
		var puddle := 1.0 - smoothstep(level - 0.01, level + 0.006, g)
		var wet := 1.0 - smoothstep(level, level + 0.09, g)
		height[i] = lerpf(g, level, puddle)
		var b := (0.88 + 0.3 * mid[i] + 0.08 * (1.0 - lump_f1[i])) * (0.97 + 0.06 * grain[i])
		b *= lerpf(1.0, 0.88, wet)
		# Standing water hides the lumps under it.
		b = lerpf(b, 0.78 + 0.1 * large[i], puddle)
		bright[i] = b
		warm[i] = 0.35 * (large[i] - 0.5) - 0.5 * puddle
		rough[i] = lerpf(lerpf(0.74 + 0.12 * mid[i], 0.38, wet), 0.06, puddle)
	var maps := _tone(bright, warm, 0.08, 0.0, -0.1)
	maps["height"] = height
	maps["relief"] = 7.0
	maps["rough"] = rough
	return maps
