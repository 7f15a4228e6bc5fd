extends "res://lib/test_case.gd"
## Water: the translucent water surface over lakes and rivers, and the water queries.

const HEIGHT_SCALE := 20.0


func _water_cells(t: DonjournoTerrain) -> Array[Vector2i]:
	var map := t.get_map()
	var cells: Array[Vector2i] = []
	for z in map.get_depth():
		for x in map.get_width():
			if map.get_terrain(x, z) == DonjournoTerrain.TERRAIN_WATER:
				cells.append(Vector2i(x, z))
	return cells


## Mean water level of the water cells sharing corner (cx, cz) of the map.
func _corner_level(map: DonjournoMap, cx: int, cz: int) -> float:
	var sum := 0.0
	var n := 0
	for z in [cz - 1, cz]:
		for x in [cx - 1, cx]:
			if map.has_cell(x, z) and map.get_terrain(x, z) == DonjournoTerrain.TERRAIN_WATER:
				sum += map.get_water_level(x, z)
				n += 1
	return sum / n if n > 0 else NAN


func _wet_terrain(size: int = 64) -> DonjournoTerrain:
	var g := small_generator(7)
	g.width = size
	g.depth = size
	g.water_river_threshold = 40
	g.height_scale = HEIGHT_SCALE
	var t := DonjournoTerrain.new()
	t.generator = g
	root.add_child(t)
	t.regenerate()
	t.position = Vector3(5.0, -3.0, 2.0)
	return t


func test_water_surface_over_the_water_cells() -> void:
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
	check_eq(vertices.size(), cells.size() * 6, "one quad per water cell")
	var material: StandardMaterial3D = water.mesh.surface_get_material(0)
	check(material != null and material.transparency == BaseMaterial3D.TRANSPARENCY_ALPHA,
			"translucent material")
	check(material != null and material.vertex_color_use_as_albedo, "vertex colours as albedo")
	var colors: PackedColorArray = arrays[Mesh.ARRAY_COLOR]
	check(colors.size() > 0 and colors[0].a < 1.0, "translucent vertex colours")
	# The water level query lies on the water surface's triangles.
	for i in range(0, vertices.size(), 3):
		var c := (vertices[i] + vertices[i + 1] + vertices[i + 2]) / 3.0
		var world := t.global_transform * c
		check_near(t.get_water_level_at(world.x, world.z), world.y, 1e-3, "water level on triangle %d" % (i / 3))
		check(t.is_water_at(world.x, world.z), "water under triangle %d" % (i / 3))
		if failures.size() > 5:
			break

	t.water_visible = false
	check(not water.visible, "water_visible hides the surface")
	t.water_visible = true
	check(water.visible, "and shows it again")


func test_queries_agree_with_the_map() -> void:
	# 128² cells: sea, rivers and several lakes at distinct levels.
	var t := _wet_terrain(128)
	var map := t.get_map()
	var cell := map.get_cell_size()
	var flat := 0
	var wet := 0
	var flat_levels := {}
	for z in map.get_depth():
		for x in map.get_width():
			var centre := t.global_transform * Vector3((x + 0.5) * cell, 0.0, (z + 0.5) * cell)
			var is_water := map.get_terrain(x, z) == DonjournoTerrain.TERRAIN_WATER
			check_eq(t.is_water_at(centre.x, centre.z), is_water, "is_water_at (%d, %d)" % [x, z])
			check_eq(t.is_water_at(centre.x, centre.z),
					t.get_terrain_at(centre.x, centre.z) == DonjournoTerrain.TERRAIN_WATER,
					"is_water_at agrees with get_terrain_at (%d, %d)" % [x, z])
			var level := t.get_water_level_at(centre.x, centre.z)
			if not is_water:
				check(is_nan(level), "no water level on dry cell (%d, %d)" % [x, z])
				check(is_nan(map.get_water_level(x, z)), "no map water level on dry cell (%d, %d)" % [x, z])
				continue
			var own := map.get_water_level(x, z)
			# Every water cell: the surface quad is split along its (0,0)–(1,1) diagonal, so its
			# centre lies halfway between those corners, each at the mean level of the water
			# cells sharing it.
			var centre_level := (_corner_level(map, x, z) + _corner_level(map, x + 1, z + 1)) * 0.5
			check_near(level, centre_level * HEIGHT_SCALE + t.global_position.y, 1e-3,
					"water level at the centre of (%d, %d) from the map's corner levels" % [x, z])
			wet += 1
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
				flat += 1
				if own > 0.0:
					flat_levels[own] = true
				check_near(level, own * HEIGHT_SCALE + t.global_position.y, 1e-3,
						"water level at (%d, %d) is the core's level × height_scale" % [x, z])
			check(level >= t.get_height_at(centre.x, centre.z) - 1e-3 or not same,
					"water above the bed at (%d, %d)" % [x, z])
			if failures.size() > 5:
				return
	check_eq(wet, _water_cells(t).size(), "every water cell checked")
	check(flat > 0, "some water cells lie inside a flat body of water (%d)" % flat)
	check(flat_levels.size() >= 3, "several lakes above the sea, at distinct levels (%s)" % str(flat_levels.keys()))
	check(is_nan(t.get_water_level_at(-1000.0, -1000.0)), "no water off the terrain")
	check(not t.is_water_at(-1000.0, -1000.0), "not water off the terrain")


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
	g.water_river_threshold = 40
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
		var material: StandardMaterial3D = baked.surface_get_material(1)
		check(material != null and material.transparency == BaseMaterial3D.TRANSPARENCY_ALPHA,
				"with the water material")
		var t2 := DonjournoTerrain.new()
		t2.baked_mesh = baked
		root.add_child(t2)
		check(t2.get_water_instance() == null, "a baked terrain shows its water in the baked mesh")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
