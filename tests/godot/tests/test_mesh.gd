extends "res://lib/test_case.gd"
## The mesh: one surface with vertices, normals and colours, the documented size and bounds.


func test_one_surface_with_vertices_normals_colours() -> void:
	var t := terrain_with(small_generator())
	check(t.mesh is ArrayMesh, "the terrain shows an ArrayMesh")
	check_eq(t.mesh.get_surface_count(), 1, "one surface")
	var format: int = t.mesh.surface_get_format(0)
	check(format & Mesh.ARRAY_FORMAT_VERTEX, "has vertices")
	check(format & Mesh.ARRAY_FORMAT_NORMAL, "has normals")
	check(format & Mesh.ARRAY_FORMAT_COLOR, "has colours")
	check(not (format & Mesh.ARRAY_FORMAT_INDEX), "non-indexed triangle list")
	check_eq(t.mesh.surface_get_primitive_type(0), Mesh.PRIMITIVE_TRIANGLES, "triangles")
	var a := arrays_of(t)
	var n: int = a[Mesh.ARRAY_VERTEX].size()
	check_eq(n, 64 * 64 * 6, "vertex count = width × depth × subdivisions² × 6")
	check_eq(a[Mesh.ARRAY_NORMAL].size(), n, "one normal per vertex")
	check_eq(a[Mesh.ARRAY_COLOR].size(), n, "one colour per vertex")
	check_eq(t.get_stats().vertex_count, n, "stats vertex_count")
	# Flat shading: the three vertices of a triangle share their normal, which points up.
	var normals: PackedVector3Array = a[Mesh.ARRAY_NORMAL]
	for i in range(0, n, 997 * 3):
		check(normals[i].is_equal_approx(normals[i + 1]) and normals[i].is_equal_approx(normals[i + 2]),
				"triangle %d is flat-shaded" % (i / 3))
		check(normals[i].y > 0.0, "normal %d points up" % i)
	var material: Material = t.mesh.surface_get_material(0)
	check(material is StandardMaterial3D, "surface has a StandardMaterial3D")
	if material is StandardMaterial3D:
		check(material.vertex_color_use_as_albedo, "vertex colour is the albedo")
		check(material.vertex_color_is_srgb, "vertex colours are sRGB")


func test_vertex_count_follows_subdivisions() -> void:
	var g := small_generator()
	g.width = 40
	g.depth = 24
	var t := terrain_with(g, 3)
	check_eq(arrays_of(t)[Mesh.ARRAY_VERTEX].size(), 40 * 24 * 9 * 6, "40 × 24 cells × 3² × 6")
	t.subdivisions = 5
	check(t.regenerate(), "regenerate with 5 subdivisions")
	check_eq(arrays_of(t)[Mesh.ARRAY_VERTEX].size(), 40 * 24 * 25 * 6, "40 × 24 cells × 5² × 6")


func test_bounds_follow_cell_size_peak_and_height_scale() -> void:
	var g := small_generator(3)
	g.cell_size = 2.0
	g.height_scale = 10.0
	var t := DonjournoTerrain.new()
	t.roughness_strength = 0.0
	t.generator = g
	root.add_child(t)
	await settled(t)
	var aabb: AABB = t.mesh.get_aabb()
	var max_height: float = t.get_stats().max_height
	check_near(aabb.position.x, 0.0, 1e-4, "mesh starts at x = 0")
	check_near(aabb.position.z, 0.0, 1e-4, "mesh starts at z = 0")
	check_near(aabb.size.x, 64 * 2.0, 1e-3, "x extent = width × cell_size")
	check_near(aabb.size.z, 64 * 2.0, 1e-3, "z extent = depth × cell_size")
	var lowest := INF
	for h in t.get_map().get_heights():
		lowest = minf(lowest, h)
	check(aabb.position.y >= lowest * 10.0 - 1e-3, "bottom %f ≥ lowest cell × scale %f" % [aabb.position.y, lowest * 10.0])
	# Without jitter the top is a corner height: the mean of the cells around the highest peak.
	check(aabb.end.y <= max_height * 10.0 + 1e-3, "top %f ≤ max height × scale %f" % [aabb.end.y, max_height * 10.0])
	check(aabb.end.y >= max_height * 10.0 * 0.7, "top %f ≈ max height × scale %f" % [aabb.end.y, max_height * 10.0])
	check(max_height > 0.5 * g.peak_height and max_height <= 1.5 * g.peak_height,
			"max height %f ≈ peak %f" % [max_height, g.peak_height])


func test_diorama_base_reaches_down_to_the_base_level() -> void:
	var t := terrain_with(small_generator(), 2)
	var surface: AABB = t.mesh.get_aabb()
	var n: int = arrays_of(t)[Mesh.ARRAY_VERTEX].size()
	var runs: int = t.get_stats().pipeline_runs
	check(not t.diorama_base, "the diorama base is off by default")
	t.diorama_base = true
	t.diorama_depth = 0.5
	await settled(t)
	check_eq(t.get_stats().pipeline_runs, runs, "the base only re-tessellates")
	var aabb: AABB = t.mesh.get_aabb()
	var base_level: float = surface.position.y - 0.5 * t.generator.height_scale
	check_near(aabb.position.y, base_level, 1e-3,
			"bottom %f = lowest surface point − depth × height scale %f" % [aabb.position.y, base_level])
	check_near(aabb.end.y, surface.end.y, 1e-4, "the top is the surface's")
	check(aabb.position.is_equal_approx(Vector3(surface.position.x, aabb.position.y, surface.position.z))
			and is_equal_approx(aabb.size.x, surface.size.x) and is_equal_approx(aabb.size.z, surface.size.z),
			"the base stays within the map's footprint")
	var a := arrays_of(t)
	var vertices: PackedVector3Array = a[Mesh.ARRAY_VERTEX]
	# Walls: 64 × 4 edge segments × 2 subdivisions × 7 bands × 6, then the bottom face.
	check_eq(vertices.size(), n + 64 * 4 * 2 * 7 * 6 + 6, "vertex count with the walls")
	check_eq(t.get_stats().vertex_count, vertices.size(), "stats vertex_count")
	var normals: PackedVector3Array = a[Mesh.ARRAY_NORMAL]
	for i in range(n, vertices.size(), 101):
		check(normals[i].y < 1e-3, "base normal %d faces sideways or down: %s" % [i, normals[i]])
	t.diorama_base = false
	await settled(t)
	check_eq(arrays_of(t)[Mesh.ARRAY_VERTEX].size(), n, "off again: the surface alone")
	check(t.mesh.get_aabb().is_equal_approx(surface), "off again: the surface's bounds")


## Whether every colour of `colours` on land is a shade of the relief palette (253, 205, 159):
## its channels in the palette's proportions, within the rounding of 8-bit shades.
func _palette_shades(colours: PackedColorArray) -> int:
	var shades := 0
	for c in colours:
		if c.r8 > 20 and absi(c.g8 - roundi(c.r8 * 205.0 / 253.0)) <= 1 \
				and absi(c.b8 - roundi(c.r8 * 159.0 / 253.0)) <= 1:
			shades += 1
	return shades


func test_the_relief_ground_style_is_drawn_unlit_in_the_palette() -> void:
	var g := small_generator(5)
	var t := terrain_with(g)
	var lit: StandardMaterial3D = t.mesh.surface_get_material(0)
	check_eq(lit.shading_mode, BaseMaterial3D.SHADING_MODE_PER_PIXEL, "flat ground is lit")
	var n: int = arrays_of(t)[Mesh.ARRAY_COLOR].size()
	check(_palette_shades(arrays_of(t)[Mesh.ARRAY_COLOR]) < n / 10, "flat ground: the colour table")
	g.ground_style = DonjournoGenerator.GROUND_STYLE_RELIEF
	check(t.regenerate(), "regenerate in the relief style")
	var relief: StandardMaterial3D = t.mesh.surface_get_material(0)
	check_eq(relief.shading_mode, BaseMaterial3D.SHADING_MODE_UNSHADED, "relief is drawn unlit")
	check(_palette_shades(arrays_of(t)[Mesh.ARRAY_COLOR]) > n / 2, "relief: shades of the palette")
	g.ground_style = DonjournoGenerator.GROUND_STYLE_FLAT
	check(t.regenerate(), "back to the flat style")
	check_eq((t.mesh.surface_get_material(0) as StandardMaterial3D).shading_mode,
			BaseMaterial3D.SHADING_MODE_PER_PIXEL, "lit again")
	# A map in chunks shades its chunks alike.
	g.ground_style = DonjournoGenerator.GROUND_STYLE_RELIEF
	var c := await chunked_terrain(g, 32, 2)
	var chunks := 0
	for child in c.get_children(true):
		if child.name == "Chunks":
			for m in child.get_children():
				var mesh: Mesh = (m as MeshInstance3D).mesh
				chunks += 1
				check_eq((mesh.surface_get_material(0) as StandardMaterial3D).shading_mode,
						BaseMaterial3D.SHADING_MODE_UNSHADED, "%s is drawn unlit" % m.name)
	check(chunks >= 4, "the map is drawn in chunks (%d)" % chunks)


func test_the_blended_ground_style_colours_each_vertex() -> void:
	var g := small_generator(5)
	var t := terrain_with(g, 2)
	var flat: PackedColorArray = arrays_of(t)[Mesh.ARRAY_COLOR]
	g.ground_style = DonjournoGenerator.GROUND_STYLE_BLENDED
	check(t.regenerate(), "regenerate in the blended style")
	var blended: PackedColorArray = arrays_of(t)[Mesh.ARRAY_COLOR]
	check_eq(blended.size(), flat.size(), "the same vertices")
	var flat_mixed := 0
	var mixed := 0
	for i in range(0, blended.size(), 3):
		if not flat[i].is_equal_approx(flat[i + 1]) or not flat[i].is_equal_approx(flat[i + 2]):
			flat_mixed += 1
		if not blended[i].is_equal_approx(blended[i + 1]) or not blended[i].is_equal_approx(blended[i + 2]):
			mixed += 1
	check_eq(flat_mixed, 0, "flat: one colour per triangle")
	check(mixed > blended.size() / 30, "blended: the vertices of many triangles differ (%d)" % mixed)
	var shader := t.mesh.surface_get_material(0) as ShaderMaterial
	check(shader != null, "blended ground is drawn by the terrain shader")
	if shader:
		check_eq(shader.get_shader_parameter("textured"), false, "without textures")
