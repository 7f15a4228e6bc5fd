extends "res://lib/test_case.gd"
## Scatter with biomes: one MultiMesh per species, instances on the surface and on dry land, no
## tree on glacier or in hot desert, mesh overrides, and seed 000's trees without biomes.


func _biome_generator() -> DonjournoGenerator:
	var g := DonjournoGenerator.new()
	check(g.apply_preset("continent"), "continent preset")
	g.width = 96
	g.depth = 96
	g.erosion_droplets = 4000
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
	check(t.get_trees_instance() == null, "with biomes the scatter replaces seed 000's trees")
	check(t.get_tree_transforms().is_empty(), "no seed 000 tree transforms with biomes")
	var species_shown := 0
	var total := 0
	var trees := [DonjournoTerrain.SPECIES_CONIFER, DonjournoTerrain.SPECIES_BROADLEAF,
			DonjournoTerrain.SPECIES_BIRCH, DonjournoTerrain.SPECIES_PALM,
			DonjournoTerrain.SPECIES_ACACIA, DonjournoTerrain.SPECIES_DEAD_SNAG]
	for s in range(9):
		var xfs := t.get_scatter_instances(s)
		var node := t.get_scatter_node(s)
		if xfs.is_empty():
			check(node == null, "no node for species %d without instances" % s)
			continue
		species_shown += 1
		total += xfs.size()
		check(node != null, "species %d has its node" % s)
		check_eq(node.multimesh.instance_count, xfs.size(), "one instance per transform (%d)" % s)
		check_eq(node.multimesh.mesh.get_surface_count(), 1, "one surface per species")
		for i in range(0, xfs.size(), 7):
			var xf: Transform3D = xfs[i]
			var world := t.global_transform * xf.origin
			check_near(world.y, t.get_height_at(world.x, world.z), 1e-3,
					"species %d instance %d on the surface" % [s, i])
			check(t.get_terrain_at(world.x, world.z) != DonjournoTerrain.TERRAIN_WATER,
					"species %d instance %d on dry land" % [s, i])
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
		check(t.get_scatter_node(s) == null, "trees off hide species %d" % s)
	t.trees_enabled = true
	check(t.get_scatter_node(DonjournoTerrain.SPECIES_SHRUB) != null, "trees on show them again")
	t.generator.biomes_enabled = false
	t.regenerate()
	for s in range(9):
		check(t.get_scatter_instances(s).is_empty(), "biomes off: no species %d" % s)
	check(t.get_trees_instance() != null, "biomes off: seed 000's trees are back")


func test_mesh_overrides_replace_one_species() -> void:
	var t := terrain_with(_biome_generator(), 1)
	var shrub := t.get_scatter_node(DonjournoTerrain.SPECIES_SHRUB)
	check(shrub != null, "shrubs grow")
	var built_in := shrub.multimesh.mesh
	var box := BoxMesh.new()
	t.scatter_meshes = {DonjournoTerrain.SPECIES_SHRUB: box}
	check(t.get_scatter_node(DonjournoTerrain.SPECIES_SHRUB).multimesh.mesh == box, "override shown")
	check_eq(t.scatter_meshes.size(), 1, "the override reads back")
	t.scatter_meshes = {}
	check(t.get_scatter_node(DonjournoTerrain.SPECIES_SHRUB).multimesh.mesh == built_in,
			"built-in mesh again")
