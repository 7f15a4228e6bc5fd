extends "res://lib/test_case.gd"
## Scatter with biomes: one MultiMesh per species variant, instances on the surface and on dry land, no
## tree on glacier or in hot desert, mesh overrides, and the tree cells' trees without biomes.


func _biome_generator() -> DonjournoGenerator:
	var g := DonjournoGenerator.new()
	check(g.apply_preset("continent"), "continent preset")
	g.width = 96
	g.depth = 96
	g.set_droplet_count(4000)
	g.climate_feature_scale = 0.5
	g.climate_temperature_range = 22.0
	g.biomes_enabled = true
	return g


func test_constants_and_names() -> void:
	check_eq(DonjournoTerrain.SPECIES_CONIFER, 0, "conifer first")
	check_eq(DonjournoTerrain.SPECIES_CACTUS, 6, "cactus")
	check_eq(DonjournoTerrain.SPECIES_BOULDER, 8, "boulder last")
	check_eq(DonjournoTerrain.get_species_name(DonjournoTerrain.SPECIES_ACACIA), "acacia", "name")
	check_eq(DonjournoTerrain.get_species_name(9), "", "unknown species")


func test_one_multimesh_per_species_on_dry_land() -> void:
	var t := terrain_with(_biome_generator(), 2)
	t.position = Vector3(2.0, -1.0, 3.0)
	check(t.get_trees_instance() == null, "with biomes the scatter replaces the tree cells' trees")
	check(t.get_tree_transforms().is_empty(), "no tree-cell tree transforms with biomes")
	var species_shown := 0
	var total := 0
	var trees := [DonjournoTerrain.SPECIES_CONIFER, DonjournoTerrain.SPECIES_BROADLEAF,
			DonjournoTerrain.SPECIES_BIRCH, DonjournoTerrain.SPECIES_PALM,
			DonjournoTerrain.SPECIES_ACACIA, DonjournoTerrain.SPECIES_DEAD_SNAG]
	for s in range(9):
		var xfs := t.get_scatter_instances(s)
		var nodes := t.get_scatter_nodes(s)
		if xfs.is_empty():
			check(nodes.is_empty(), "no node for species %d without instances" % s)
			continue
		species_shown += 1
		total += xfs.size()
		check(nodes.size() >= 1 and nodes.size() <= 3, "species %d: one node per variant" % s)
		var instances := 0
		for node in nodes:
			instances += node.multimesh.instance_count
			check_eq(node.multimesh.mesh.get_surface_count(), 1, "one surface per variant")
		check_eq(instances, xfs.size(), "one instance per transform (%d)" % s)
		for i in range(0, xfs.size(), 7):
			var xf: Transform3D = xfs[i]
			var world := t.global_transform * xf.origin
			check_near(world.y, t.get_height_at(world.x, world.z), 1e-3,
					"species %d instance %d on the surface" % [s, i])
			var at := t.world_to_cell(world)
			check(t.get_map().get_terrain(at.x, at.y) != DonjournoTerrain.TERRAIN_WATER,
					"species %d instance %d on a dry cell" % [s, i])
			var biome := t.get_biome_at(world.x, world.z)
			if s in trees:
				check(biome != DonjournoTerrain.BIOME_GLACIER and biome != DonjournoTerrain.BIOME_HOT_DESERT,
						"tree species %d not on biome %d" % [s, biome])
			if failures.size() > 5:
				return
	check(species_shown >= 4, "several species (%d)" % species_shown)
	check_eq(t.get_scatter_instances(99), [], "unknown species: none")
	var again := terrain_with(_biome_generator(), 2)
	check(again.get_scatter_instances(DonjournoTerrain.SPECIES_SHRUB)
			== t.get_scatter_instances(DonjournoTerrain.SPECIES_SHRUB), "the same scatter every time")
	t.trees_enabled = false
	for s in range(9):
		check(t.get_scatter_nodes(s).is_empty(), "trees off hide species %d" % s)
	t.trees_enabled = true
	check(not t.get_scatter_nodes(DonjournoTerrain.SPECIES_SHRUB).is_empty(), "trees on show them again")
	t.generator.biomes_enabled = false
	t.regenerate()
	for s in range(9):
		check(t.get_scatter_instances(s).is_empty(), "biomes off: no species %d" % s)
	check(t.get_trees_instance() != null, "biomes off: the tree cells' trees are back")


func test_a_map_drawn_in_chunks_scatters_chunk_by_chunk() -> void:
	var t := await _chunked_biome_terrain()
	_check_scatter_by_chunk(t, _chunk_side(t), t.generator.width, "")
	t.trees_enabled = false
	for s in range(9):
		check(t.get_scatter_nodes(s).is_empty(), "trees off hide species %d" % s)
	t.trees_enabled = true
	await _filled(t)
	check(not t.get_scatter_nodes(DonjournoTerrain.SPECIES_SHRUB).is_empty(), "trees on show them again")


func test_a_baked_map_drawn_in_chunks_scatters_chunk_by_chunk() -> void:
	var t := await _chunked_biome_terrain()
	var path := "user://scatter_chunks_bake.res"
	check_eq(t.bake_mesh(path), OK, "a biome map drawn in chunks bakes")
	var baked: Mesh = load(path)
	var width: int = t.generator.width
	var side := _chunk_side(t)
	var t2 := DonjournoTerrain.new()
	t2.baked_mesh = baked
	root.add_child(t2)
	await _filled(t2)
	for s in range(9):
		check_eq(t2.get_scatter_instances(s).size(), t.get_scatter_instances(s).size(),
				"species %d: the bake keeps every instance" % s)
	_check_scatter_by_chunk(t2, side, width, "baked: ")
	t.queue_free()
	t2.queue_free()


## A terrain with biomes drawn in 32-cell chunks, generated and filled in.
func _chunked_biome_terrain() -> DonjournoTerrain:
	var t := DonjournoTerrain.new()
	t.chunk_size = 32
	t.generator = _biome_generator()
	root.add_child(t)
	t.regenerate()
	await _filled(t)
	return t


## The side of a 32-cell chunk of `t` in world units.
func _chunk_side(t: DonjournoTerrain) -> float:
	return t.cell_to_world(Vector2i(32, 0)).x - t.cell_to_world(Vector2i(0, 0)).x


## Checks that the scatter of `t`, a map `width` cells wide in 32-cell chunks `side` world units
## wide, stands in nodes by chunk: each chunk's nodes hold exactly the instances standing in it,
## one in four far away.
func _check_scatter_by_chunk(t: DonjournoTerrain, side: float, width: int, label: String) -> void:
	var columns := ceili(float(width) / 32.0)
	var several := 0
	for s in range(9):
		# The instances each chunk should hold, from the transforms (the nodes' own buffers are
		# not readable under the headless renderer).
		var expected := {}
		for xf: Transform3D in t.get_scatter_instances(s):
			var chunk := floori(xf.origin.z / side) * columns + floori(xf.origin.x / side)
			expected[chunk] = expected.get(chunk, 0) + 1
		var held := {}
		var near := {}
		var far := {}
		for node in t.get_scatter_nodes(s):
			var name := str(node.name)
			if name.ends_with("_far"):
				far[name.trim_suffix("_far")] = node
				continue
			near[name] = node
			var chunk := int(name.get_slice("_", name.get_slice_count("_") - 1))
			held[chunk] = held.get(chunk, 0) + node.multimesh.instance_count
		check_eq(held, expected, label + "species %d: each chunk's nodes hold the instances standing in it" % s)
		var far_held := {}
		for name: String in far:
			check(near.has(name), "%s_far: far instances of a variant the chunk has up close" % name)
			var f: MultiMeshInstance3D = far[name]
			check_eq([f.visibility_range_begin, f.visibility_range_end],
					[2.0 * t.lod_distance, 8.0 * t.lod_distance], "%s_far: far until the chunk's trees end" % name)
			var chunk := int(name.get_slice("_", name.get_slice_count("_") - 1))
			far_held[chunk] = far_held.get(chunk, 0) + f.multimesh.instance_count
		for name: String in near:
			var n: MultiMeshInstance3D = near[name]
			check_eq([n.visibility_range_begin, n.visibility_range_end], [0.0, 2.0 * t.lod_distance],
					"%s: up close until the chunk's trees thin out" % name)
		for chunk: int in held:
			check_eq(far_held.get(chunk, 0), (held[chunk] + 3) / 4,
					"species %d, chunk %d: one instance in four far away" % [s, chunk])
		several += int(held.size() > 1)
	check(several > 0, label + "a species spread over several chunks has nodes in each")


## Waits until the chunks of `t`, their water, trees and scatter are nodes (no deadline of its
## own: a fill that hangs fails by the runner's time limit for one test, see `until`).
func _filled(t: DonjournoTerrain) -> void:
	await until(func() -> bool: return not t.is_filling_chunks(), t)


func test_mesh_overrides_replace_one_species() -> void:
	var t := terrain_with(_biome_generator(), 1)
	var shrub := DonjournoTerrain.SPECIES_SHRUB
	var built_in := t.get_scatter_nodes(shrub)
	check(built_in.size() >= 2, "shrubs grow in several variants (%d)" % built_in.size())
	var first_mesh: Mesh = built_in[0].multimesh.mesh
	var count := t.get_scatter_instances(shrub).size()
	var box := BoxMesh.new()
	t.scatter_meshes = {shrub: box}
	var replaced := t.get_scatter_nodes(shrub)
	check_eq(replaced.size(), 1, "one node for the replaced species")
	check(replaced[0].multimesh.mesh == box, "override shown")
	check_eq(replaced[0].multimesh.instance_count, count, "every shrub shows the override")
	check_eq(t.scatter_meshes.size(), 1, "the override reads back")
	check(not t.get_scatter_nodes(DonjournoTerrain.SPECIES_BOULDER).is_empty()
			and t.get_scatter_nodes(DonjournoTerrain.SPECIES_BOULDER)[0].multimesh.mesh != box,
			"other species keep their meshes")
	t.scatter_meshes = {}
	check(t.get_scatter_nodes(shrub)[0].multimesh.mesh == first_mesh, "built-in mesh again")


## The heights (m) each species' instances stay within, whatever the cell size.
const HEIGHTS := {
	DonjournoTerrain.SPECIES_CONIFER: [8.0, 30.0],
	DonjournoTerrain.SPECIES_BROADLEAF: [6.0, 25.0],
	DonjournoTerrain.SPECIES_CACTUS: [1.0, 12.0],
	DonjournoTerrain.SPECIES_SHRUB: [0.5, 3.0],
	DonjournoTerrain.SPECIES_BOULDER: [0.5, 4.0],
}


func test_instances_stand_at_their_size_in_metres() -> void:
	# The continent preset's 40 m cells, and the default world on cells of 4 m with small, cool
	# climate features (forests, grassland and shrubs on its 256 m).
	var fine := DonjournoGenerator.new()
	fine.width = 64
	fine.depth = 64
	fine.cell_size = 4.0
	fine.biomes_enabled = true
	fine.climate_feature_scale = 0.08
	fine.climate_temperature_range = 22.0
	fine.climate_sea_temperature = 4.0
	for g in [_biome_generator(), fine]:
		var t := terrain_with(g, 1)
		var measured := 0
		for s in HEIGHTS:
			var xfs := t.get_scatter_instances(s)
			for i in range(0, xfs.size(), 5):
				var xf: Transform3D = xfs[i]
				var height := xf.basis.y.length()
				var across := xf.basis.x.length()
				check(height >= HEIGHTS[s][0] - 1e-3 and height <= HEIGHTS[s][1] + 1e-3,
						"species %d on %.0f m cells: %.2f m tall" % [s, g.cell_size, height])
				check(across > 0.2 and across < 20.0,
						"species %d on %.0f m cells: %.2f m across" % [s, g.cell_size, across])
				measured += 1
		check(measured >= 20, "instances measured on %.0f m cells: %d" % [g.cell_size, measured])
