extends "res://lib/test_case.gd"
## Trees: one MultiMesh instance per tree cell, on the surface, deterministic.


func _tree_cells(t: DonjournoTerrain) -> int:
	var count := 0
	for c in t.get_map().get_terrain_classes():
		if c == DonjournoTerrain.TERRAIN_TREE:
			count += 1
	return count


func test_one_instance_per_tree_cell_on_the_surface() -> void:
	var g := small_generator(5)
	g.forest_cover = 0.6
	var t := terrain_with(g, 2)
	t.position = Vector3(3.0, -2.0, 1.0)
	var mmi := t.get_trees_instance()
	check(mmi != null, "trees built")
	var mm := mmi.multimesh
	var cells := _tree_cells(t)
	check(cells > 50, "the forest has trees (%d)" % cells)
	check_eq(mm.instance_count, cells, "one instance per tree cell")
	check_eq(mm.mesh.get_surface_count(), 1, "one surface: one draw call for all trees")
	# The dummy renderer of a headless run keeps no instance data (tried: every instance it
	# answers is the identity, each tree at the terrain's origin): read the transforms the
	# multimesh was given from the terrain.
	var transforms := t.get_tree_transforms()
	check_eq(transforms.size(), cells, "one transform per tree cell")
	var off_centre := 0
	for i in transforms.size():
		var xf: Transform3D = transforms[i]
		var world := t.global_transform * xf.origin
		check_near(world.y, t.get_height_at(world.x, world.z), 1e-4, "tree %d on the surface" % i)
		var at := t.world_to_cell(world)
		# The cell's class (get_terrain_at answers for the point: water reaching over a shore
		# cell is water there).
		check_eq(t.get_map().get_terrain(at.x, at.y), DonjournoTerrain.TERRAIN_TREE, "tree %d on a tree cell" % i)
		var s := xf.basis.get_scale()
		check(s.y >= 0.74 and s.y <= 1.26, "tree %d scale %f" % [i, s.y])
		var cell := t.world_to_cell(world)
		var centre := t.cell_to_world(cell)
		if Vector2(world.x - centre.x, world.z - centre.z).length() > 0.01:
			off_centre += 1
		if failures.size() > 5:
			break
	check(off_centre > mm.instance_count / 2, "jittered off the cell centres")
	var again := terrain_with(small_generator(5), 2)
	again.generator.forest_cover = 0.6
	again.regenerate()
	check(again.get_tree_transforms() == transforms, "the same trees every time")


func test_custom_mesh_and_toggle() -> void:
	var g := small_generator(6)
	var t := terrain_with(g)
	var box := BoxMesh.new()
	t.tree_mesh = box
	check(t.get_trees_instance().multimesh.mesh == box, "custom tree mesh used")
	t.tree_mesh = null
	check(t.get_trees_instance().multimesh.mesh is ArrayMesh, "built-in tree when empty")
	t.trees_enabled = false
	check(t.get_trees_instance() == null, "disabled: no trees")
	t.trees_enabled = true
	check_eq(t.get_trees_instance().multimesh.instance_count, _tree_cells(t), "enabled again")
	await frames(2)
