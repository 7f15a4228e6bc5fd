extends "res://lib/test_case.gd"
## Baking: the mesh saved as a resource, shown without generating, with its collision and trees.

const PATH := "user://donjourno_baked_test.res"


func test_bake_load_and_show_without_generating() -> void:
	var g := small_generator(17)
	g.forest_cover = 0.5
	var t := terrain_with(g, 2)
	check_eq(t.bake_mesh(PATH), OK, "bake_mesh saves")
	var baked: ArrayMesh = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(baked != null, "the baked mesh loads")
	if baked == null:
		return
	check(baked != t.mesh, "a copy was saved, not the live mesh")
	var original: Array = arrays_of(t)
	var loaded: Array = baked.surface_get_arrays(0)
	for kind in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_NORMAL, Mesh.ARRAY_COLOR]:
		check(loaded[kind] == original[kind], "array %d identical after baking" % kind)

	var t2 := DonjournoTerrain.new()
	t2.generator = small_generator(17)
	t2.baked_mesh = baked
	root.add_child(t2)
	check(not t2.is_generating(), "no background rebuild for a baked terrain")
	await settled(t2)
	check(t2.mesh == baked, "the baked mesh is shown")
	check(t2.get_stats().is_empty(), "the pipeline never ran")
	check(t2.regenerate(), "regenerate succeeds")
	check(t2.mesh == baked and t2.get_stats().is_empty(), "regenerate keeps the baked mesh")
	var body := t2.get_collision_body()
	check(body != null, "collision from the baked data")
	if body != null:
		var shape: HeightMapShape3D = body.get_child(0).shape
		var live: HeightMapShape3D = t.get_collision_body().get_child(0).shape
		check(shape.map_data == live.map_data, "the same collision heights")
	var trees := t2.get_trees_instance()
	check(trees != null and trees.multimesh.instance_count == t.get_trees_instance().multimesh.instance_count,
			"the same number of trees")

	# Clearing the baked mesh generates again.
	t2.baked_mesh = null
	await settled(t2)
	check(t2.mesh != null and t2.mesh != baked, "generated again after clearing")
	check_eq(t2.get_stats().get("pipeline_runs", 0), 1, "the pipeline ran once")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))


func test_bake_without_a_terrain_fails() -> void:
	var t := DonjournoTerrain.new()
	root.add_child(t)
	expect_error("no terrain to bake")
	check_eq(t.bake_mesh(PATH), ERR_UNCONFIGURED, "nothing to bake")
	await frames(1)


func test_bake_keeps_the_scatter_of_biomes() -> void:
	var g := DonjournoGenerator.new()
	check(g.apply_preset("continent"), "continent preset")
	g.width = 80
	g.depth = 80
	g.set_droplet_count(3000)
	g.climate_feature_scale = 0.5
	g.biomes_enabled = true
	var t := terrain_with(g, 1)
	var live := {}
	for s in range(9):
		live[s] = t.get_scatter_instances(s)
	var total := 0
	for s in live:
		total += live[s].size()
	check(total > 0, "the map has scatter to bake")
	check_eq(t.bake_mesh(PATH), OK, "bake_mesh saves")
	var baked: ArrayMesh = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(baked != null, "the baked mesh loads")
	if baked == null:
		return
	var t2 := DonjournoTerrain.new()
	t2.baked_mesh = baked
	root.add_child(t2)
	await settled(t2)
	check(t2.get_trees_instance() == null, "no tree-cell trees baked beside the scatter")
	for s in live:
		check(t2.get_scatter_instances(s) == live[s], "species %d: the same instances baked" % s)
		var instances := 0
		for node in t2.get_scatter_nodes(s):
			instances += node.multimesh.instance_count
		check_eq(instances, live[s].size(), "species %d: shown from the bake" % s)
	t2.trees_enabled = false
	check(t2.get_scatter_nodes(DonjournoTerrain.SPECIES_SHRUB).is_empty()
			and t2.get_scatter_nodes(DonjournoTerrain.SPECIES_BOULDER).is_empty(),
			"trees off hide the baked scatter")
	t2.trees_enabled = true
	t2.baked_mesh = null
	for s in range(9):
		check(t2.get_scatter_nodes(s).is_empty(), "clearing the bake clears its scatter (%d)" % s)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))


## The chunk instances under a terrain's internal `Chunks` node, by name.
func _chunk_levels(t: DonjournoTerrain) -> Dictionary:
	var out := {}
	for child in t.get_children(true):
		if child.name == "Chunks":
			for c: MeshInstance3D in child.get_children():
				out[str(c.name)] = c
	return out


func test_a_map_drawn_in_chunks_bakes_its_chunks_and_levels() -> void:
	var g := small_generator(17)
	g.forest_cover = 0.5
	var t := await chunked_terrain(g, 24, 3)
	check_eq(t.get_chunk_count(), 9, "3 × 3 chunks")
	check_eq(t.bake_mesh(PATH), OK, "a map drawn in chunks bakes")
	var baked: ArrayMesh = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(baked != null, "the bake loads")
	if baked == null:
		return
	var t2 := DonjournoTerrain.new()
	t2.chunk_size = 24
	t2.lod_levels = 3
	t2.generator = small_generator(17)
	t2.baked_mesh = baked
	root.add_child(t2)
	await settled(t2)
	check(t2.get_stats().is_empty(), "the pipeline never ran")
	check_eq(t2.get_chunk_count(), 9, "the baked terrain shows the chunks")
	var live := _chunk_levels(t)
	var shown := _chunk_levels(t2)
	check_eq(shown.keys().size(), 9 * 3, "every level of every chunk")
	check_eq(shown.keys().size(), live.keys().size(), "as many levels as the live terrain")
	for name: String in live:
		var a: MeshInstance3D = live[name]
		var b: MeshInstance3D = shown.get(name)
		check(b != null, "%s baked" % name)
		if b == null:
			continue
		check_eq([b.visibility_range_begin, b.visibility_range_end], [a.visibility_range_begin, a.visibility_range_end], "%s keeps its range" % name)
		check(b.mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX] == a.mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX], "%s keeps its vertices" % name)
	check_eq(t2.get_water_instances().size(), t.get_water_instances().size(), "the water of every chunk")
	check(t.get_water_instances().size() > 0, "the map has water, so the check means something")
	# Collision follows the stream target chunk by chunk, from the baked heights.
	var target := Node3D.new()
	root.add_child(target)
	target.position = Vector3(5.0, 0.0, 5.0)
	t2.stream_target = t2.get_path_to(target)
	await frames(3)
	check(t2.get_collision_chunk_count() > 0, "chunk shapes near the target")
	# The trees stand chunk by chunk, near and far, as on the live terrain.
	while t2.is_filling_chunks():
		await frames(1)
	var trees := {}
	for m in t2.get_trees_instances():
		trees[str(m.name)] = [m.multimesh.instance_count, m.visibility_range_begin, m.visibility_range_end]
	var live_trees := {}
	var near := 0
	for m in t.get_trees_instances():
		live_trees[str(m.name)] = [m.multimesh.instance_count, m.visibility_range_begin, m.visibility_range_end]
		if not str(m.name).ends_with("_far"):
			near += m.multimesh.instance_count
	check(near > 0, "the map has trees, so the check means something")
	check(live_trees.size() > 2, "the live trees stand in several chunks")
	check_eq(trees, live_trees, "the baked trees: the same chunks, counts and ranges")
	t2.baked_mesh = null
	await settled(t2)
	while t2.is_filling_chunks():
		await frames(1)
	check_eq(_chunk_levels(t2).size(), 9 * 3, "generated chunks again after clearing")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))
