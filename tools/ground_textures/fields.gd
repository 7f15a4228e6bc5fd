# The field helpers of make_ground_textures.gd, as static functions: tiling FastNoiseLite noise,
# tiling Worley noise, white noise, a box blur, a quantile, and the domes (pebbles) and strokes
# (blades, straws) stamped into a height field. Fields: PackedFloat32Array of N values, row by row;
# everything wraps around the edges.

const SIZE := 256
const N := SIZE * SIZE


static func field(value := 0.0) -> PackedFloat32Array:
	var f := PackedFloat32Array()
	f.resize(N)
	f.fill(value)
	return f


# Seamless FastNoiseLite noise, normalised to [0, 1]; period is the feature size in pixels. Each
# pixel blends the noise at its own place and at the places one tile to the left, above and both,
# weighted bilinearly by its place in the tile (the weights repeat from edge to edge, so the field
# tiles) and divided by the root of the summed squared weights, which keeps the contrast the same
# all over the tile. Sampled in floating point, so relief derived from it has no 8-bit steps.
static func noise(seed: int, type: int, period: float, octaves := 1) -> PackedFloat32Array:
	var n := FastNoiseLite.new()
	n.seed = seed
	n.noise_type = type
	n.frequency = 1.0 / period
	n.fractal_type = FastNoiseLite.FRACTAL_FBM if octaves > 1 else FastNoiseLite.FRACTAL_NONE
	n.fractal_octaves = octaves
	var f := field()
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
	return normalise(f)


static func normalise(f: PackedFloat32Array) -> PackedFloat32Array:
	var lo := INF
	var hi := -INF
	for i in N:
		lo = minf(lo, f[i])
		hi = maxf(hi, f[i])
	var k := 1.0 / maxf(hi - lo, 1e-6)
	for i in N:
		f[i] = (f[i] - lo) * k
	return f


static func fbm(seed: int, period: float, octaves: int) -> PackedFloat32Array:
	return noise(seed, FastNoiseLite.TYPE_SIMPLEX_SMOOTH, period, octaves)


# Worley (cellular) noise that tiles: one jittered feature point in each of cells × cells squares
# of the tile, the squares wrapping around its edges. Each pixel is looked up at its place moved
# by warp_x, warp_y (fields in [0, 1], times warp pixels), which bends the cell walls. Returns
# f1 (distance to the nearest point), edge (second-nearest minus nearest: 0 on a cell wall), both
# in units of the square's side, and value (a random [0, 1] per cell).
static func worley(seed: int, cells: int, jitter := 0.9, warp_x := PackedFloat32Array(),
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
	var f1 := field()
	var edge := field()
	var value := field()
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


static func white(seed: int) -> PackedFloat32Array:
	var rng := RandomNumberGenerator.new()
	rng.seed = seed
	var f := field()
	for i in N:
		f[i] = rng.randf()
	return f


# Box blur of radius r (separable, wrapping).
static func blur(f: PackedFloat32Array, r: int) -> PackedFloat32Array:
	var tmp := field()
	var out := field()
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
static func quantile(f: PackedFloat32Array, share: float) -> float:
	var s := f.duplicate()
	s.sort()
	return s[clampi(int(share * N), 0, N - 1)]


# Stamps a dome (value peak at the centre, ellipse with radii rx, ry turned by angle) into height,
# keeping the higher of the two, and writes id into owner where the dome wins.
static func dome(height: PackedFloat32Array, owner: PackedInt32Array, cx: float, cy: float,
		rx: float, ry: float, angle: float, peak: float, id: int) -> void:
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
static func stroke(height: PackedFloat32Array, owner: PackedInt32Array, along: PackedFloat32Array,
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

