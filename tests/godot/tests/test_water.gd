extends "res://lib/test_case.gd"
## Water: the water surface over lakes, rivers and sea (smooth shorelines, depth per vertex, the
## built-in shader or a designer's material), and the water queries.

const HEIGHT_SCALE := 20.0


func _water_cells(t: DonjournoTerrain) -> Array[Vector2i]:
	var map := t.get_map()
	var cells: Array[Vector2i] = []
	for z in map.get_depth():
		for x in map.get_width():
			if map.get_terrain(x, z) == DonjournoTerrain.TERRAIN_WATER:
				cells.append(Vector2i(x, z))
	return cells


func _wet_terrain(size: int = 64) -> DonjournoTerrain:
	var g := small_generator(7)
	g.width = size
	g.depth = size
	g.water_river_catchment = 40.0
	g.height_scale = HEIGHT_SCALE
	var t := DonjournoTerrain.new()
	t.generator = g
	root.add_child(t)
	t.regenerate()
	t.position = Vector3(5.0, -3.0, 2.0)
	return t


func test_water_surface_with_smooth_shores_and_depth() -> void:
	var t := _wet_terrain()
	var cells := _water_cells(t)
	check(cells.size() > 20, "the map has water (%d cells)" % cells.size())
	var water := t.get_water_instance()
	check(water != null, "water surface built")
	if water == null:
		return
	check(water.visible, "visible by default")
	check(water.mesh != null and water.mesh.get_surface_count() == 1, "one water surface")
	var arrays := water.mesh.surface_get_arrays(0)
	var vertices: PackedVector3Array = arrays[Mesh.ARRAY_VERTEX]
	var uv2: PackedVector2Array = arrays[Mesh.ARRAY_TEX_UV2]
	check(vertices.size() > 0 and vertices.size() % 3 == 0, "whole triangles")
	check_eq(uv2.size(), vertices.size(), "a depth for every vertex (UV2)")
	var material := water.mesh.surface_get_material(0) as ShaderMaterial
	check(material != null and material.shader != null and material.shader.code.contains("UV2"),
			"the built-in water shader reads the depth from UV2")
	var colors: PackedColorArray = arrays[Mesh.ARRAY_COLOR]
	check(colors.size() == vertices.size() and colors[0].a < 1.0, "translucent vertex colours")
	# Depth: never negative, 0 on the shoreline, and the water above the rendered ground.
	var shore := 0
	var inside_cells := 0
	var cell := t.get_map().get_cell_size()
	for i in vertices.size():
		var world := t.global_transform * vertices[i]
		var depth := uv2[i].x
		check(depth >= 0.0, "depth %f ≥ 0 at vertex %d" % [depth, i])
		check_near(world.y - t.get_height_at(world.x, world.z), depth, 2e-2, "depth at vertex %d" % i)
		if depth == 0.0:
			shore += 1
			var fx := fposmod(vertices[i].x / cell, 1.0)
			var fz := fposmod(vertices[i].z / cell, 1.0)
			if fx > 1e-3 and fx < 1.0 - 1e-3 and fz > 1e-3 and fz < 1.0 - 1e-3:
				inside_cells += 1
		if failures.size() > 5:
			return
	check(shore > 20, "shoreline vertices (%d)" % shore)
	check(inside_cells > 10, "the shoreline runs inside cells, not along their borders (%d)" % inside_cells)
	# The water level query lies on the water surface's triangles.
	for i in range(0, vertices.size(), 3):
		var c := (vertices[i] + vertices[i + 1] + vertices[i + 2]) / 3.0
		var world := t.global_transform * c
		var depth := (uv2[i].x + uv2[i + 1].x + uv2[i + 2].x) / 3.0
		var level := t.get_water_level_at(world.x, world.z)
		if depth > 2e-3:
			check_near(level, world.y, 1e-3, "water level on triangle %d" % (i / 3))
		else:
			# A film no deeper than a millimetre at the shoreline counts as dry.
			check(is_nan(level) or absf(level - world.y) <= 1e-3,
					"water level on shore triangle %d: %f for %f" % [i / 3, level, world.y])
		if failures.size() > 5:
			break

	t.water_visible = false
	check(not water.visible, "water_visible hides the surface")
	t.water_visible = true
	check(water.visible, "and shows it again")
	# A designer's material replaces the built-in shader; null brings it back.
	var own := StandardMaterial3D.new()
	t.water_material = own
	check(t.water_material == own, "water_material is kept")
	check(water.mesh.surface_get_material(0) == own, "the water is drawn with the designer's material")
	t.regenerate()
	check(t.get_water_instance().mesh.surface_get_material(0) == own, "and keeps it after a rebuild")
	t.water_material = null
	check(t.get_water_instance().mesh.surface_get_material(0) is ShaderMaterial, "null: the built-in shader again")


func test_queries_agree_with_the_map() -> void:
	# 128² cells: sea, rivers and several lakes at distinct levels.
	var t := _wet_terrain(128)
	var map := t.get_map()
	var cell := map.get_cell_size()
	var flat := 0
	var wet := 0
	var shown := 0
	var flat_levels := {}
	for z in map.get_depth():
		for x in map.get_width():
			var centre := t.global_transform * Vector3((x + 0.5) * cell, 0.0, (z + 0.5) * cell)
			var is_water := map.get_terrain(x, z) == DonjournoTerrain.TERRAIN_WATER
			var shows := t.is_water_at(centre.x, centre.z)
			var level := t.get_water_level_at(centre.x, centre.z)
			var ground := t.get_height_at(centre.x, centre.z)
			check_eq(shows, t.get_terrain_at(centre.x, centre.z) == DonjournoTerrain.TERRAIN_WATER,
					"is_water_at agrees with get_terrain_at (%d, %d)" % [x, z])
			check_eq(shows, not is_nan(level), "is_water_at agrees with get_water_level_at (%d, %d)" % [x, z])
			if shows:
				shown += 1
				check(level > ground, "water above the ground where it shows (%d, %d)" % [x, z])
			if not is_water:
				# Dry cells: no water, or the edge of the water reaching over the shore.
				check(is_nan(map.get_water_level(x, z)), "no map water level on dry cell (%d, %d)" % [x, z])
				continue
			var own := map.get_water_level(x, z)
			wet += 1
			if not shows:
				continue  # The ground rises above the water here (a shore cell).
			# Inside a body of water at one level, the surface lies at that level exactly.
			var same := true
			for dz in [-1, 0, 1]:
				for dx in [-1, 0, 1]:
					if not map.has_cell(x + dx, z + dz):
						continue
					var other := map.get_water_level(x + dx, z + dz)
					if map.get_terrain(x + dx, z + dz) != DonjournoTerrain.TERRAIN_WATER or other != own:
						same = false
			if same:
				# Rivers may back up behind a sill: never below their own level.
				check(level >= own * HEIGHT_SCALE + t.global_position.y - 1e-3,
						"water level at (%d, %d) at least the core's level × height_scale" % [x, z])
				if is_equal_approx(level, own * HEIGHT_SCALE + t.global_position.y):
					flat += 1
					if own > 0.0:
						flat_levels[own] = true
			if failures.size() > 5:
				return
	check_eq(wet, _water_cells(t).size(), "every water cell checked")
	check(shown > wet / 2, "water shows at most water cells' centres (%d of %d)" % [shown, wet])
	check(flat > 0, "some water cells lie inside a flat body of water (%d)" % flat)
	check(flat_levels.size() >= 3, "several lakes above the sea, at distinct levels (%s)" % str(flat_levels.keys()))
	for p: Vector2 in [Vector2(-1000.0, -1000.0), Vector2(NAN, 3.0), Vector2(3.0, INF)]:
		check(is_nan(t.get_water_level_at(p.x, p.y)), "no water level off the terrain at %s" % p)
		check(not t.is_water_at(p.x, p.y), "not water off the terrain at %s" % p)
		check(not t.is_road_at(p.x, p.y), "no road off the terrain at %s" % p)
		check_eq(t.get_terrain_at(p.x, p.y), DonjournoTerrain.TERRAIN_NONE, "no class off the terrain at %s" % p)


func test_no_water_surface_without_water() -> void:
	var g := small_generator(7)
	g.water_lakes_enabled = false
	g.water_rivers_enabled = false
	g.water_sea_level = 0.0
	var t := terrain_with(g)
	check_eq(_water_cells(t).size(), 0, "no water cells")
	check(t.get_water_instance() == null, "no water surface")
	var internal := 0
	for child in t.get_children(true):
		if child is MeshInstance3D and child.name == &"Water":
			internal += 1
	check_eq(internal, 0, "no water child")
	# Turning water on builds the surface, turning it off removes it again.
	g.water_lakes_enabled = true
	g.water_rivers_enabled = true
	g.water_river_catchment = 40.0
	t.regenerate()
	check(t.get_water_instance() != null, "water surface once water is on")
	g.water_lakes_enabled = false
	g.water_rivers_enabled = false
	await settled(t)
	check(t.get_water_instance() == null, "water surface removed after a background rebuild")


func test_baked_mesh_carries_the_water() -> void:
	var t := _wet_terrain()
	var path := "user://donjourno_water_bake_test.res"
	check_eq(t.bake_mesh(path), OK, "bake_mesh saves")
	var baked: ArrayMesh = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(baked != null and baked.get_surface_count() == 2, "terrain and water surfaces baked")
	if baked != null and baked.get_surface_count() == 2:
		var water: Array = t.get_water_instance().mesh.surface_get_arrays(0)
		check(baked.surface_get_arrays(1)[Mesh.ARRAY_VERTEX] == water[Mesh.ARRAY_VERTEX],
				"the baked water is the water shown")
		var material := baked.surface_get_material(1) as ShaderMaterial
		check(material != null, "with the water material")
		check(baked.surface_get_arrays(1)[Mesh.ARRAY_TEX_UV2] == water[Mesh.ARRAY_TEX_UV2],
				"and the water depth")
		var t2 := DonjournoTerrain.new()
		t2.baked_mesh = baked
		root.add_child(t2)
		check(t2.get_water_instance() == null, "a baked terrain shows its water in the baked mesh")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_water_surface_layout_matches_godots_own() -> void:
	# The water's streams are encoded on the worker; Godot must read them as it would have
	# written them from the same arrays with add_surface_from_arrays().
	var t := _wet_terrain(48)
	var water := t.get_water_instance()
	check(water != null, "water surface built")
	if water == null:
		return
	var ours: Dictionary = water.mesh.get("_surfaces")[0]
	var arrays := water.mesh.surface_get_arrays(0)
	var plain := []
	plain.resize(Mesh.ARRAY_MAX)
	for k in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_COLOR, Mesh.ARRAY_TEX_UV2]:
		plain[k] = arrays[k]
	# Each water triangle carries its face normal: computed here, independently of the streams.
	var vertices: PackedVector3Array = arrays[Mesh.ARRAY_VERTEX]
	var normals := face_normals(vertices)
	plain[Mesh.ARRAY_NORMAL] = normals
	var reference := ArrayMesh.new()
	reference.add_surface_from_arrays(Mesh.PRIMITIVE_TRIANGLES, plain)
	var theirs: Dictionary = reference.get("_surfaces")[0]
	check_eq(ours.format, theirs.format, "surface format")
	check_eq(ours.vertex_count, theirs.vertex_count, "vertex count")
	check_eq(ours.aabb, theirs.aabb, "bounds")
	var a: PackedByteArray = ours.vertex_data
	var b: PackedByteArray = theirs.vertex_data
	check_eq(a.size(), b.size(), "vertex stream size")
	if a.size() == b.size():
		var n: int = ours.vertex_count
		check(a.slice(0, n * 12) == b.slice(0, n * 12), "positions are byte-identical")
	# Normals as Godot decodes them from our stream, against the face normals (slivers aside,
	# whose computed normal is noise); the octahedral code has no fixed byte near its seams.
	var decoded: PackedVector3Array = arrays[Mesh.ARRAY_NORMAL]
	var worst := 0.0
	for i in range(0, vertices.size(), 3):
		var area := (vertices[i + 2] - vertices[i]).cross(vertices[i + 1] - vertices[i]).length()
		if area > 1e-3:
			worst = maxf(worst, decoded[i].angle_to(normals[i]))
	check(worst < 1e-3, "normals decode to the face normals (worst %f rad)" % worst)
	var ca: PackedByteArray = ours.attribute_data
	var cb: PackedByteArray = theirs.attribute_data
	check_eq(ca.size(), cb.size(), "attribute stream size: colour and UV2")
	if ca.size() == cb.size():
		var bytes := 0
		for k in ca.size():
			if k % 12 < 4:
				bytes = maxi(bytes, absi(ca[k] - cb[k]))
			elif ca[k] != cb[k]:
				bytes = 255
		check(bytes <= 1, "colours match Godot's conversion and UV2 is exact (worst difference %d)" % bytes)
