# The seven ground materials of make_ground_textures.gd, one static make_<name> function each, in
# the order of the terrain's splat: grass, dry grass, dirt, sand, rock, snow, mud. Each returns r,
# g, b (colour factors), height (0..1), relief and rough (0..1).

const Fields := preload("fields.gd")
const Images := preload("images.gd")
const SIZE := Fields.SIZE
const N := Fields.N


static func make_grass() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 1101
	var height := Fields.field()
	var owner := PackedInt32Array()
	owner.resize(N)
	owner.fill(-1)
	var along := Fields.field()
	var clump := Fields.fbm(1102, 48.0, 3)
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
			Fields.stroke(height, owner, along, cx + rng.randf_range(-2.0, 2.0),
					cy + rng.randf_range(-2.0, 2.0), a, l, rng.randf_range(1.4, 2.4),
					rng.randf_range(0.45, 0.7), rng.randf_range(0.75, 1.0), id)
			blade_tint.append(clump_tint + rng.randf_range(-0.5, 0.5))
			id += 1
	for k in 2600:
		var l := rng.randf_range(5.0, 12.0)
		Fields.stroke(height, owner, along, rng.randf() * SIZE, rng.randf() * SIZE, rng.randf() * TAU, l,
				rng.randf_range(1.2, 2.0), rng.randf_range(0.3, 0.55), rng.randf_range(0.55, 0.8), id)
		blade_tint.append(rng.randf_range(-1.0, 1.0))
		id += 1
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
	for i in N:
		var h := height[i]
		var t := 0.0
		if owner[i] >= 0:
			t = blade_tint[owner[i]] * 0.5 + along[i] * 0.35
		var cl := clump[i] - 0.5
		bright[i] = (0.55 + 0.6 * h) * (1.0 + 0.18 * cl)
		warm[i] = t + 0.6 * cl
		rough[i] = 0.9 - 0.12 * h
	var maps := Images.tone(bright, warm, 0.16, 0.03, -0.22)
	maps["height"] = Fields.blur(height, 1)
	maps["relief"] = 5.0
	maps["rough"] = rough
	return maps


static func make_dry_grass() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 2201
	var height := Fields.field()
	var owner := PackedInt32Array()
	owner.resize(N)
	owner.fill(-1)
	var along := Fields.field()
	var flow := Fields.fbm(2202, 96.0, 2)
	var patch := Fields.fbm(2203, 40.0, 3)
	var soil := Fields.fbm(2204, 12.0, 2)
	var straw_tint := PackedFloat32Array()
	# Laid straw: long, thin stalks lying along a slowly turning direction.
	for k in 2300:
		var x := rng.randf() * SIZE
		var y := rng.randf() * SIZE
		var i := (int(y) & (SIZE - 1)) * SIZE + (int(x) & (SIZE - 1))
		var a := flow[i] * 2.0 * PI + rng.randf_range(-0.45, 0.45)
		if rng.randf() < 0.5:
			a += PI
		Fields.stroke(height, owner, along, x, y, a, rng.randf_range(14.0, 30.0),
				rng.randf_range(1.0, 1.6), rng.randf_range(0.35, 1.0), rng.randf_range(0.35, 1.0), k)
		straw_tint.append(rng.randf_range(-1.0, 1.0))
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
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
	var maps := Images.tone(bright, warm, 0.12, -0.04, -0.2)
	maps["height"] = Fields.blur(height, 1)
	maps["relief"] = 4.0
	maps["rough"] = rough
	return maps


static func make_dirt() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 3301
	var mottle := Fields.fbm(3302, 72.0, 4)
	var fine := Fields.fbm(3303, 9.0, 2)
	var wx := Fields.fbm(3306, 20.0, 2)
	var wy := Fields.fbm(3307, 20.0, 2)
	var clods: Dictionary = Fields.worley(3304, 20, 0.9, wx, wy, 6.0)
	var clod_f1: PackedFloat32Array = clods["f1"]
	var clod_edge: PackedFloat32Array = clods["edge"]
	var clod_value: PackedFloat32Array = clods["value"]
	var grain := Fields.white(3305)
	var height := Fields.field()
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
		Fields.dome(height, pebble, rng.randf() * SIZE, rng.randf() * SIZE, r,
				r * rng.randf_range(0.6, 0.95), rng.randf() * PI, peak, k)
		pebble_tone.append(rng.randf_range(0.8, 1.35))
		pebble_warm.append(rng.randf_range(-1.2, 0.3))
		pebble_peak.append(peak)
	var shade := Fields.blur(height, 2)
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
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
	var maps := Images.tone(bright, warm, 0.1, 0.0, -0.12)
	maps["height"] = height
	maps["relief"] = 6.0
	maps["rough"] = rough
	return maps


static func make_sand() -> Dictionary:
	var warp := Fields.fbm(4401, 150.0, 2)
	var amp := Fields.fbm(4402, 80.0, 2)
	var fine := Fields.fbm(4403, 6.0, 1)
	var fine2 := Fields.fbm(4406, 40.0, 2)
	var grain := Fields.white(4404)
	var speck := Fields.white(4405)
	var height := Fields.field()
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
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
	var maps := Images.tone(bright, warm, 0.06, 0.02, -0.1)
	maps["height"] = height
	maps["relief"] = 4.0
	maps["rough"] = rough
	return maps


static func make_rock() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 5500
	var large := Fields.fbm(5501, 120.0, 3)
	var detail := Fields.fbm(5502, 18.0, 4)
	var warp := Fields.fbm(5503, 90.0, 2)
	var wx := Fields.fbm(5507, 40.0, 3)
	var wy := Fields.fbm(5508, 40.0, 3)
	# Joints: blocks with bent walls, and finer cracks inside them.
	var blocks: Dictionary = Fields.worley(5504, 5, 0.85, wx, wy, 22.0)
	var joints: PackedFloat32Array = blocks["edge"]
	var block_value: PackedFloat32Array = blocks["value"]
	var block_f1: PackedFloat32Array = blocks["f1"]
	var fine: Dictionary = Fields.worley(5505, 11, 0.9, wy, wx, 12.0)
	var fine_cracks: PackedFloat32Array = fine["edge"]
	var grain := Fields.white(5506)
	# Strata: 9 beds down the tile, each with its own shade and tint.
	const BEDS := 9
	var bed_tone := PackedFloat32Array()
	var bed_warm := PackedFloat32Array()
	for k in BEDS:
		bed_tone.append(rng.randf_range(-1.0, 1.0))
		bed_warm.append(rng.randf_range(-1.0, 1.0))
	var height := Fields.field()
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
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
	var maps := Images.tone(bright, warm, 0.08, 0.02, -0.1)
	maps["height"] = height
	maps["relief"] = 9.0
	maps["rough"] = rough
	return maps


static func make_snow() -> Dictionary:
	var drifts := Fields.fbm(6601, 140.0, 3)
	var soft := Fields.fbm(6602, 40.0, 3)
	var warp := Fields.fbm(6603, 100.0, 2)
	var height := Fields.field()
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
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
	var maps := Images.tone(bright, warm, 0.05, 0.04, 0.0)
	maps["height"] = height
	maps["relief"] = 14.0
	maps["rough"] = rough
	return maps


static func make_mud() -> Dictionary:
	var large := Fields.fbm(7701, 70.0, 4)
	var mid := Fields.fbm(7702, 22.0, 3)
	var lumps: Dictionary = Fields.worley(7703, 16)
	var lump_f1: PackedFloat32Array = lumps["f1"]
	var grain := Fields.white(7704)
	var ground := Fields.field()
	for i in N:
		ground[i] = 0.62 * large[i] + 0.23 * mid[i] + 0.15 * (1.0 - smoothstep(0.0, 0.8, lump_f1[i]))
	# The water stands in the lowest seventh of the ground.
	var level := Fields.quantile(ground, 0.15)
	var height := Fields.field()
	var bright := Fields.field()
	var warm := Fields.field()
	var rough := Fields.field()
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
	var maps := Images.tone(bright, warm, 0.08, 0.0, -0.1)
	maps["height"] = height
	maps["relief"] = 7.0
	maps["rough"] = rough
	return maps
