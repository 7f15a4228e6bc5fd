extends "res://lib/test_case.gd"
## Height, class and cell queries agree with the mesh that is shown, in global coordinates.


func _placed_terrain() -> DonjournoTerrain:
	var g := small_generator(12)
	g.cell_size = 1.5
	var t := terrain_with(g, 2)
	t.roughness_strength = 1.0
	t.regenerate()
	# Moved, turned a quarter about y and scaled: queries take global positions.
	t.position = Vector3(10, 3, -20)
	t.rotation_degrees = Vector3(0, 90, 0)
	t.scale = Vector3(2, 2, 2)
	return t


func test_heights_agree_with_the_mesh() -> void:
	var t := _placed_terrain()
	var xf := t.global_transform
	var vertices: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var worst := 0.0
	for i in range(0, vertices.size(), 211):
		var p := xf * vertices[i]
		worst = maxf(worst, absf(t.get_height_at(p.x, p.z) - p.y))
	check(worst < 1e-3, "height at every sampled vertex matches (worst error %f)" % worst)
	# Inside triangles: centroids lie on the surface too.
	worst = 0.0
	for i in range(0, vertices.size(), 3 * 173):
		var c := xf * ((vertices[i] + vertices[i + 1] + vertices[i + 2]) / 3.0)
		worst = maxf(worst, absf(t.get_height_at(c.x, c.z) - c.y))
	check(worst < 1e-3, "height at triangle centroids matches (worst error %f)" % worst)


func test_classes_and_cells_agree_with_the_map() -> void:
	var t := _placed_terrain()
	var map := t.get_map()
	check(map != null, "the terrain has a map")
	if map == null:
		return
	var seen := {}
	for z in range(0, 64, 5):
		for x in range(0, 64, 3):
			var centre := t.cell_to_world(Vector2i(x, z))
			check_eq(t.world_to_cell(centre), Vector2i(x, z), "cell_to_world ∘ world_to_cell")
			check_near(centre.y, t.get_height_at(centre.x, centre.z), 1e-4, "cell centre on the surface")
			var cls := t.get_terrain_at(centre.x, centre.z)
			var mapped := map.get_terrain(x, z)
			if t.is_water_at(centre.x, centre.z):
				# Water shows here: on a water cell, or reaching over a dry shore cell.
				check_eq(cls, DonjournoTerrain.TERRAIN_WATER, "water at the centre of (%d, %d)" % [x, z])
			elif mapped == DonjournoTerrain.TERRAIN_WATER:
				# The ground of a water cell rising out of the water: its bank's class.
				check(cls != DonjournoTerrain.TERRAIN_WATER and cls != DonjournoTerrain.TERRAIN_NONE,
						"the dry shore of water cell (%d, %d) has a bank's class (%d)" % [x, z, cls])
			else:
				check_eq(cls, mapped, "class of cell (%d, %d)" % [x, z])
			seen[cls] = true
	check(seen.has(DonjournoTerrain.TERRAIN_GRASS) and seen.has(DonjournoTerrain.TERRAIN_MOUNTAIN),
			"grass and mountains sampled: %s" % [seen.keys()])


func test_queries_off_the_terrain() -> void:
	var t := _placed_terrain()
	var outside := t.global_transform * Vector3(-5, 0, -5)
	check(not t.has_point(outside.x, outside.z), "point outside")
	check_eq(t.get_terrain_at(outside.x, outside.z), DonjournoTerrain.TERRAIN_NONE, "no class outside")
	check_near(t.get_height_at(outside.x, outside.z), 3.0, 1e-4, "ground plane of the node outside")
	for p: Vector2 in [Vector2(NAN, NAN), Vector2(INF, outside.z), Vector2(outside.x, -INF)]:
		check_near(t.get_height_at(p.x, p.y), 3.0, 1e-4, "ground plane of the node at %s" % p)
	var inside := t.global_transform * Vector3(10, 0, 10)
	check(t.has_point(inside.x, inside.z), "point inside")


func test_points_that_are_not_numbers_are_off_the_terrain() -> void:
	var g := small_generator(12)
	g.biomes_enabled = true
	var t := terrain_with(g)
	var map := t.get_map()
	check(map != null, "the terrain has a map")
	if map == null:
		return
	# Cell (0, 0), where a NaN coordinate used to land, has a class and a biome of its own.
	var corner := t.cell_to_world(Vector2i(0, 0))
	check(t.get_terrain_at(corner.x, corner.z) != DonjournoTerrain.TERRAIN_NONE, "cell (0, 0) has a class")
	check(t.get_biome_at(corner.x, corner.z) >= 0, "cell (0, 0) has a biome")
	for p: Vector2 in [Vector2(NAN, NAN), Vector2(NAN, 1.0), Vector2(1.0, NAN), Vector2(INF, 1.0),
			Vector2(1.0, -INF), Vector2(-INF, -INF), Vector2(INF, NAN)]:
		check_eq(t.get_terrain_at(p.x, p.y), DonjournoTerrain.TERRAIN_NONE, "no class at %s" % p)
		check(not t.is_water_at(p.x, p.y), "no water at %s" % p)
		check(not t.has_point(p.x, p.y), "no surface at %s" % p)
		check_eq(t.get_biome_at(p.x, p.y), -1, "no biome at %s" % p)
		check(t.get_biome_weights_at(p.x, p.y).is_empty(), "no biome weights at %s" % p)
		check(is_nan(t.get_water_level_at(p.x, p.y)), "no water level at %s" % p)
		check_eq(t.get_height_at(p.x, p.y), t.get_height_at(-1000.0, -1000.0),
				"the ground plane's height at %s, as off the terrain" % p)
		var cell := t.world_to_cell(Vector3(p.x, 0.0, p.y))
		check(not map.has_cell(cell.x, cell.y), "%s lies on no cell (got %s)" % [p, cell])
