extends "res://lib/test_case.gd"
## The ground's materials: the blended and textured styles carry each vertex's ground splat in
## CUSTOM0/CUSTOM1, in Godot's own layout; the textured style samples the ground textures'
## arrays; ground_material and ground_textures replace the built-in ones.


## The seven material weights of vertex `i` of `arrays` (0-255 each) and its wetness.
func _splat(arrays: Array, i: int) -> PackedInt32Array:
	var c0: PackedByteArray = arrays[Mesh.ARRAY_CUSTOM0]
	var c1: PackedByteArray = arrays[Mesh.ARRAY_CUSTOM1]
	return PackedInt32Array([c0[4 * i], c0[4 * i + 1], c0[4 * i + 2], c0[4 * i + 3],
			c1[4 * i], c1[4 * i + 1], c1[4 * i + 2], c1[4 * i + 3]])


func test_the_textured_style_carries_the_splat_in_godots_layout() -> void:
	var g := small_generator(6)
	g.biomes_enabled = true
	g.ground_style = DonjournoGenerator.GROUND_STYLE_TEXTURED
	var t := terrain_with(g, 2)
	var format: int = t.mesh.surface_get_format(0)
	check(format & Mesh.ARRAY_FORMAT_CUSTOM0 != 0 and format & Mesh.ARRAY_FORMAT_CUSTOM1 != 0,
			"the surface has CUSTOM0 and CUSTOM1")
	var arrays := arrays_of(t)
	var n: int = (arrays[Mesh.ARRAY_VERTEX] as PackedVector3Array).size()
	check_eq((arrays[Mesh.ARRAY_CUSTOM0] as PackedByteArray).size(), 4 * n, "four bytes a vertex")
	var weighted := 0
	for i in range(0, n, 7):
		var s := _splat(arrays, i)
		var total := 0
		for k in 7:
			total += s[k]
		if absi(total - 255) <= 4:
			weighted += 1
	check_eq(weighted, ceili(n / 7.0), "every vertex's weights sum to one")
	# Godot's own surface of the same arrays has the very bytes the terrain handed over.
	var reference := ArrayMesh.new()
	var flags := (Mesh.ARRAY_CUSTOM_RGBA8_UNORM << Mesh.ARRAY_FORMAT_CUSTOM0_SHIFT) \
			| (Mesh.ARRAY_CUSTOM_RGBA8_UNORM << Mesh.ARRAY_FORMAT_CUSTOM1_SHIFT)
	reference.add_surface_from_arrays(Mesh.PRIMITIVE_TRIANGLES, arrays, [], {}, flags)
	var ours: Dictionary = t.mesh.get("_surfaces")[0]
	var theirs: Dictionary = reference.get("_surfaces")[0]
	check_eq(ours.format, theirs.format, "surface format")
	check(ours.attribute_data == theirs.attribute_data, "colours and splat in Godot's layout")
	# The built-in terrain shader, textured with the shipped set.
	var m := t.mesh.surface_get_material(0) as ShaderMaterial
	check(m != null and m.shader.code.contains("CUSTOM1"), "drawn by the terrain shader")
	if m:
		check_eq(m.get_shader_parameter("textured"), true, "textured")
		var albedo := m.get_shader_parameter("albedo_textures") as Texture2DArray
		check(albedo != null and albedo.get_layers() == 7, "a texture layer per material")
		var has: PackedVector3Array = m.get_shader_parameter("has_texture")
		check_eq(has.size(), 7, "which maps each material has")
		check(has.size() == 7 and has[0] == Vector3.ONE and has[4] == Vector3.ONE,
				"the shipped set has every map (%s)" % [has])


func test_chunks_carry_the_splat_at_every_level() -> void:
	var g := small_generator(6)
	g.ground_style = DonjournoGenerator.GROUND_STYLE_BLENDED
	var c := await chunked_terrain(g, 32, 2)
	var chunks := 0
	for child in c.get_children(true):
		if child.name == "Chunks":
			for instance in child.get_children():
				var mesh: Mesh = (instance as MeshInstance3D).mesh
				chunks += 1
				check(mesh.surface_get_format(0) & Mesh.ARRAY_FORMAT_CUSTOM1 != 0,
						"%s carries the splat" % instance.name)
				check(mesh.surface_get_material(0) is ShaderMaterial, "%s: terrain shader" % instance.name)
	check(chunks >= 4, "the map is drawn in chunks (%d)" % chunks)


func test_ground_material_and_textures_replace_the_built_in_ones() -> void:
	var g := small_generator(7)
	g.ground_style = DonjournoGenerator.GROUND_STYLE_TEXTURED
	var t := terrain_with(g)
	var mine := StandardMaterial3D.new()
	t.ground_material = mine
	check_eq(t.mesh.surface_get_material(0), mine, "ground_material is drawn at once")
	check(t.regenerate(), "regenerate")
	check_eq(t.mesh.surface_get_material(0), mine, "and after a rebuild")
	t.ground_material = null
	var builtin := t.mesh.surface_get_material(0) as ShaderMaterial
	check(builtin != null, "cleared: the terrain shader again")
	# A set with grass alone: grass samples its map, the others keep their colours.
	var image := Image.create_empty(16, 16, false, Image.FORMAT_RGB8)
	image.fill(Color(0.3, 0.6, 0.2))
	var layer := DonjournoGroundLayer.new()
	layer.albedo = ImageTexture.create_from_image(image)
	layer.tiling = 2.5
	var textures := DonjournoGroundTextures.new()
	textures.grass = layer
	t.ground_textures = textures
	var m := t.mesh.surface_get_material(0) as ShaderMaterial
	var has: PackedVector3Array = m.get_shader_parameter("has_texture")
	check_eq(has[0], Vector3(1, 0, 0), "grass has its albedo alone")
	check_eq(has[1], Vector3.ZERO, "dry grass keeps its colour")
	check_eq((m.get_shader_parameter("tiling") as PackedFloat32Array)[0], 2.5, "grass tiling")
	check_eq((m.get_shader_parameter("albedo_textures") as Texture2DArray).get_width(), 16, "layer size")
	# Editing a layer reaches the ground shown.
	layer.normal = ImageTexture.create_from_image(image)
	has = (t.mesh.surface_get_material(0) as ShaderMaterial).get_shader_parameter("has_texture")
	check_eq(has[0], Vector3(1, 1, 0), "the edit is applied")
	# A bad tiling is refused with a warning and the previous one kept.
	expect_warning("DonjournoGroundLayer.tiling must be a number of metres; kept 2.5")
	layer.tiling = NAN
	check_eq(layer.tiling, 2.5, "tiling kept")
	layer.tiling = -3.0
	check_near(layer.tiling, 0.1, 1e-6, "tiling at least 0.1 m")
