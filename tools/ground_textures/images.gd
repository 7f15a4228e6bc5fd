# The output images of make_ground_textures.gd, static functions: the albedo (its mean made the
# base colour), the normal map (the Sobel gradient of a height field, wrapping), the grey roughness
# map, an image's mean colour, and the tone helper that turns a brightness field and a warm/cool
# shift into the colour factors of an albedo.

const Fields := preload("fields.gd")
const SIZE := Fields.SIZE
const N := Fields.N


# maps["r"], ["g"], ["b"]: colour factors around 1, multiplied by the base colour; the result is
# then scaled, channel by channel, so that its mean is the base colour.
static func albedo_image(maps: Dictionary, base: Array) -> Image:
	var ch := [maps["r"], maps["g"], maps["b"]]
	var out := [Fields.field(), Fields.field(), Fields.field()]
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
static func normal_image(height: PackedFloat32Array, relief: float) -> Image:
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


static func grey_image(f: PackedFloat32Array) -> Image:
	var data := PackedByteArray()
	data.resize(N)
	for i in N:
		data[i] = clampi(roundi(f[i] * 255.0), 0, 255)
	return Image.create_from_data(SIZE, SIZE, false, Image.FORMAT_L8, data)


static func mean_rgb(img: Image) -> Array:
	var data := img.get_data()
	var sum := [0, 0, 0]
	for i in N:
		for c in 3:
			sum[c] += data[i * 3 + c]
	return [roundi(sum[0] / float(N)), roundi(sum[1] / float(N)), roundi(sum[2] / float(N))]


# Colour maps from a brightness field and a warm/cool shift (positive: toward yellow-red).
static func tone(bright: PackedFloat32Array, warm: PackedFloat32Array, wr: float, wg: float,
		wb: float) -> Dictionary:
	var r := Fields.field()
	var g := Fields.field()
	var b := Fields.field()
	for i in N:
		r[i] = bright[i] * (1.0 + wr * warm[i])
		g[i] = bright[i] * (1.0 + wg * warm[i])
		b[i] = bright[i] * (1.0 + wb * warm[i])
	return {"r": r, "g": g, "b": b}
