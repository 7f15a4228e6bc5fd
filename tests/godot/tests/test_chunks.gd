extends "res://lib/test_case.gd"
## Chunks: a map wider than chunk_size cells is drawn as chunks with levels of detail switched
## by visibility ranges; a map that fits in one chunk keeps its one mesh.


## The MeshInstance3D children of the terrain's internal `Chunks` node.
func chunk_instances(t: DonjournoTerrain) -> Array[MeshInstance3D]:
	var out: Array[MeshInstance3D] = []
	for child in t.get_children(true):
		if child.name == "Chunks":
			for c in child.get_children():
				out.append(c as MeshInstance3D)
	return out


func test_a_wide_map_is_drawn_in_chunks_with_levels() -> void:
	var g := small_generator(4)
	var t := DonjournoTerrain.new()
	t.chunk_size = 24
	t.lod_levels = 3
	t.lod_distance = 50.0
	t.generator = g
	root.add_child(t)
	check(t.regenerate(), "rebuilt")
	check(t.mesh == null, "no single mesh")
	check_eq(t.get_chunk_count(), 9, "64 cells in 24-cell chunks: 3 × 3")
	check_eq(int(t.get_stats().chunk_count), 9, "the statistics count them")
	while t.is_filling_chunks():
		await frames(1)
	var instances := chunk_instances(t)
	check_eq(instances.size(), 9 * 3, "one instance per chunk and level")
	var by_level := {}
	for inst in instances:
		var level := int(str(inst.name).get_slice("_L", 1))
		by_level[level] = [inst.visibility_range_begin, inst.visibility_range_end]
		check(inst.mesh != null and inst.mesh.get_surface_count() == 1, "%s has a surface" % inst.name)
	check_eq(by_level[0], [0.0, 50.0], "level 0 up close")
	check_eq(by_level[1], [50.0, 100.0], "level 1 from lod_distance")
	check_eq(by_level[2], [100.0, 0.0], "the last level without an end")
	# Queries still answer from the grid.
	check(not is_nan(t.get_height_at(30.0, 30.0)), "height query")
	# Coarser levels have fewer vertices.
	var counts := {}
	for inst in instances:
		if str(inst.name).begins_with("Chunk_1_1_"):
			counts[int(str(inst.name).get_slice("_L", 1))] = inst.mesh.surface_get_array_len(0)
	check(counts[0] > counts[1] and counts[1] > counts[2], "levels thin out: %s" % counts)


func test_a_map_that_fits_in_one_chunk_keeps_one_mesh() -> void:
	var t := terrain_with(small_generator(4))
	check(t.mesh != null, "one mesh")
	check_eq(t.get_chunk_count(), 0, "no chunks")
	t.chunk_size = 16
	check(t.regenerate(), "rebuilt in chunks")
	check(t.mesh == null, "the single mesh is gone")
	check_eq(t.get_chunk_count(), 16, "4 × 4 chunks")
	check(t.is_filling_chunks(), "the chunks fill in over the next frames")
	expect_error("still being made")
	check_eq(t.bake_mesh("user://donjourno_chunked.res"), ERR_BUSY, "no bake while the chunks fill in")
	check(not FileAccess.file_exists("user://donjourno_chunked.res"), "no file written")
	t.chunk_size = 256
	check(t.regenerate(), "rebuilt as one mesh")
	check(t.mesh != null, "one mesh again")
	check_eq(t.get_chunk_count(), 0, "the chunks are gone")
	check_eq(chunk_instances(t).size(), 0, "no chunk node left")


func test_a_background_rebuild_fills_chunks_over_frames() -> void:
	var g := small_generator(6)
	var t := DonjournoTerrain.new()
	t.chunk_size = 16
	t.generator = g
	root.add_child(t)
	await settled(t)
	await until(func() -> bool: return not t.is_filling_chunks(), t)
	check_eq(t.get_chunk_count(), 16, "chunks after a background rebuild")
	check_eq(chunk_instances(t).size(), 16 * 4, "every level arrived")


## Total vertices of the water instances and trees of the terrain's multimeshes (those drawn up
## close: far away a chunk draws coarser water and fewer trees).
func _water_and_trees(t: DonjournoTerrain) -> Array[int]:
	var vertices := 0
	for w in t.get_water_instances():
		if w.visibility_range_begin == 0.0:
			vertices += w.mesh.surface_get_array_len(0)
	var trees := 0
	for m in t.get_trees_instances():
		if m.visibility_range_begin == 0.0:
			trees += m.multimesh.instance_count
	return [vertices, trees]


func test_water_and_trees_come_a_chunk_at_a_time() -> void:
	var g := small_generator(7)
	g.water_river_catchment = 40.0
	var t := DonjournoTerrain.new()
	t.generator = g
	root.add_child(t)
	check(t.regenerate(), "rebuilt as one mesh")
	var whole := _water_and_trees(t)
	check(whole[0] > 0 and whole[1] > 0, "the map has water and trees: %s" % [whole])
	check_eq(t.get_water_instances().size(), 1, "one water instance")
	check_eq(t.get_trees_instances().size(), 1, "one trees instance")
	t.chunk_size = 16
	check(t.regenerate(), "rebuilt in chunks")
	check(t.is_filling_chunks(), "chunk nodes come over the next frames")
	while t.is_filling_chunks():
		await frames(1)
	check(t.get_water_instance() == null and t.get_trees_instance() == null,
			"no single water or trees node on a chunked map")
	var waters := t.get_water_instances()
	check(waters.size() > 1, "water in several chunks (%d)" % waters.size())
	check(t.get_trees_instances().size() > 1, "trees in several chunks")
	check_eq(_water_and_trees(t), whole, "the chunks hold the same water vertices and trees")
	check_eq(t.get_tree_transforms().size(), whole[1], "the transforms cover every chunk")
	# Far away, each chunk draws one tree in four.
	var near := {}
	var far := {}
	for m in t.get_trees_instances():
		var chunk := str(m.name).trim_suffix("_far")
		if str(m.name).ends_with("_far"):
			far[chunk] = m
			check_eq(m.visibility_range_begin, 2.0 * t.lod_distance, "%s starts where chunks reach level 2" % m.name)
			check_eq(m.visibility_range_end, 8.0 * t.lod_distance, "%s: no tree beyond 8 lod_distance" % m.name)
			check_eq(m.multimesh.mesh.surface_get_array_len(0), 12, "%s: the far tree is the 4-sided cone" % m.name)
		else:
			near[chunk] = m
			check_eq(m.visibility_range_end, 2.0 * t.lod_distance, "%s ends there" % m.name)
	check_eq(far.keys(), near.keys(), "every chunk with trees has its far trees")
	for chunk in near:
		var n: int = near[chunk].multimesh.instance_count
		check_eq(far[chunk].multimesh.instance_count, (n + 3) / 4, "%s: one tree in four far away" % chunk)
		check_eq(far[chunk].multimesh.get_instance_transform(0), near[chunk].multimesh.get_instance_transform(0),
				"%s: the far trees are the chunk's own" % chunk)
	# The water has the chunks' levels of detail, drawn between the same distances.
	var ranges := {}
	for c in chunk_instances(t):
		ranges[str(c.name).get_slice("_L", 1)] = [c.visibility_range_begin, c.visibility_range_end]
	var by_level := {}
	for w in waters:
		check(w.mesh.surface_get_material(0) is ShaderMaterial, "%s: the built-in water shader" % w.name)
		check(w.get_aabb().size.x <= 18.0 * g.cell_size, "%s spans about a chunk" % w.name)
		var level := str(w.name).get_slice("_L", 1)
		check(ranges.has(level), "%s is a level of a chunk" % w.name)
		check_eq([w.visibility_range_begin, w.visibility_range_end], ranges.get(level), "%s: drawn where its chunk level is" % w.name)
		by_level[level] = by_level.get(level, 0) + w.mesh.surface_get_array_len(0)
	check_eq(by_level.size(), t.lod_levels, "water at every level: %s" % [by_level])
	for level in range(1, by_level.size()):
		check(by_level[str(level)] <= by_level[str(level - 1)], "level %d draws no more water: %s" % [level, by_level])
	t.water_visible = false
	check(waters.all(func(w): return not w.is_visible_in_tree()), "water_visible hides every chunk")
	t.water_visible = true
	var own := StandardMaterial3D.new()
	t.water_material = own
	check(waters.all(func(w): return w.mesh.surface_get_material(0) == own), "the material reaches every chunk")
	t.trees_enabled = false
	check_eq(t.get_trees_instances().size(), 0, "trees_enabled off removes every chunk's trees")
	t.chunk_size = 256
	check(t.regenerate(), "one mesh again")
	check_eq(t.get_water_instances().size(), 1, "one water instance again")
	var left := 0
	for child in t.get_children(true):
		if str(child.name).begins_with("Water") or str(child.name).begins_with("Trees"):
			left += 1
	check_eq(left, 1, "only the one water node is left (trees are off)")


## Waits until `condition` holds (no deadline of its own: a wait that hangs fails by the
## runner's time limit for one test, see `until`); returns whether it does.
func _until(condition: Callable) -> bool:
	await until(condition)
	return condition.call()


## Trees per chunk index of a square map of `columns` chunks of `size` cells (cells of 1 m), from
## the tree transforms.
func _trees_per_chunk(t: DonjournoTerrain, size: int, columns: int) -> Dictionary:
	var out := {}
	for transform in t.get_tree_transforms():
		var i := int(transform.origin.z / size) * columns + int(transform.origin.x / size)
		out[i] = out.get(i, 0) + 1
	return out


## The trees' multimesh nodes by name.
func _tree_nodes(t: DonjournoTerrain) -> Dictionary:
	var out := {}
	for m in t.get_trees_instances():
		out[str(m.name)] = m
	return out


## Whether, on the streamed 512² map in 64-cell chunks with `lod_distance` 100 (trees thin out
## at 200), the trees shown follow a camera at `at` (xz): every chunk with trees draws one tree in
## four far away; chunks within 300 hold all their trees and chunks beyond 375 do not. With
## `report`, every failing chunk is a failed check.
func _near_trees_follow(t: DonjournoTerrain, at: Vector2, per_chunk: Dictionary, report: bool) -> bool:
	var nodes := _tree_nodes(t)
	var ok := true
	for i in per_chunk:
		var lo := Vector2((i % 8) * 64.0, (i / 8) * 64.0)
		var gap := Vector2(maxf(maxf(lo.x - at.x, at.x - lo.x - 64.0), 0.0), maxf(maxf(lo.y - at.y, at.y - lo.y - 64.0), 0.0))
		var d := gap.length()
		var far: MultiMeshInstance3D = nodes.get("Trees_%d_far" % i)
		var near: MultiMeshInstance3D = nodes.get("Trees_%d" % i)
		var far_ok: bool = far != null and far.multimesh.instance_count == (per_chunk[i] + 3) / 4 \
				and far.visibility_range_begin == 200.0
		var near_ok: bool = near == null if d > 375.0 else true
		if d <= 300.0:
			near_ok = near != null and near.multimesh.instance_count == per_chunk[i] \
					and near.visibility_range_end == 200.0
		if report:
			check(far_ok, "chunk %d: its far trees, one in four of %d" % [i, per_chunk[i]])
			check(near_ok, "chunk %d, %.0f m away: all its trees only near the camera (%s)" % [i, d, near != null])
		ok = ok and far_ok and near_ok
	return ok


## Vertices of every water instance shown.
func _water_vertices(t: DonjournoTerrain) -> int:
	var n := 0
	for w in t.get_water_instances():
		if w.mesh != null:
			n += w.mesh.surface_get_array_len(0)
	return n


## The current camera, at `eye`.
func _camera_at(eye: Vector3) -> Camera3D:
	var camera := Camera3D.new()
	root.add_child(camera)
	camera.position = eye
	camera.make_current()
	return camera


## A terrain under this test's root, not built yet, of a `side`² map eroded by `droplets`
## droplets with a sea and neither lakes nor rivers, at `subdivisions`, in 64-cell chunks of
## `lod_levels` levels from `lod_distance` on: a map large enough for its chunks to hold one
## level each.
func _sea_terrain(side: int, droplets: int, subdivisions: int, lod_levels: int, lod_distance: float) -> DonjournoTerrain:
	var g := DonjournoGenerator.new()
	g.seed = 5
	g.width = side
	g.depth = side
	g.set_droplet_count(droplets)
	g.water_lakes_enabled = false
	g.water_rivers_enabled = false
	g.water_sea_level = 0.2
	var t := DonjournoTerrain.new()
	t.subdivisions = subdivisions
	t.chunk_size = 64
	t.lod_levels = lod_levels
	t.lod_distance = lod_distance
	t.generator = g
	root.add_child(t)
	return t


func test_a_map_too_large_for_every_level_keeps_one_level_per_chunk_chosen_by_the_camera() -> void:
	var camera := _camera_at(Vector3(20.0, 30.0, 20.0))
	var t := _sea_terrain(512, 4000, 8, 4, 100.0)
	check(t.regenerate(), "512² at 8 subdivisions (100 M vertices at full detail) is accepted")
	check_eq(t.get_chunk_count(), 64, "8 × 8 chunks")
	while t.is_filling_chunks():
		await frames(1)
	var instances := chunk_instances(t)
	check_eq(instances.size(), 64, "one instance per chunk, not one per level")
	check_eq(str(instances[0].name), "Chunk_0_0", "named after its chunk")
	check_eq(instances[0].visibility_range_end, 0.0, "no visibility range: the terrain picks the level")
	var coarse: int = instances[0].mesh.surface_get_array_len(0)
	var water_coarse := _water_vertices(t)
	check(water_coarse > 0, "the sea shows at the coarsest level")
	check(await _until(func() -> bool: return t.get_chunk_levels()[0] == 0), "the chunk under the camera reaches level 0")
	var levels := t.get_chunk_levels()
	check_eq(levels.size(), 64, "a level per chunk")
	check_eq(levels[63], 3, "the far corner keeps the coarsest level")
	var fine: int = chunk_instances(t)[0].mesh.surface_get_array_len(0)
	check(fine >= 64 * 64 * 64 * 6, "level 0: every micro-quad of the chunk (%d vertices)" % fine)
	check(fine > coarse * 16, "level 0 holds far more vertices (%d) than the coarsest (%d)" % [fine, coarse])
	for w in t.get_water_instances():
		check(str(w.name).begins_with("Water_") and not str(w.name).contains("_L"), "%s: one water node per chunk" % w.name)
		check_eq(w.visibility_range_end, 0.0, "%s: the water follows its chunk's level" % w.name)
	check(_water_vertices(t) > water_coarse, "finer water near the camera: %d vertices, %d at the coarsest" % [_water_vertices(t), water_coarse])
	for i in 64:
		var column := i % 8
		var row := i / 8
		var lo := Vector3(column * 64.0, -1000.0, row * 64.0)
		var d := Vector2(maxf(maxf(lo.x - 20.0, 20.0 - lo.x - 64.0), 0.0), maxf(maxf(lo.z - 20.0, 20.0 - lo.z - 64.0), 0.0)).length()
		if d > 450.0:
			check_eq(levels[i], 3, "chunk %d, %.0f m away, at the coarsest level" % [i, d])
	# Every chunk draws its far trees; only the chunks near the camera hold all their trees.
	var per_chunk := _trees_per_chunk(t, 64, 8)
	check(per_chunk.size() >= 4, "trees in several chunks: %s" % [per_chunk])
	check(await _until(func() -> bool: return _near_trees_follow(t, Vector2(20.0, 20.0), per_chunk, false)),
			"the chunks near the camera hold all their trees: %s" % [_tree_nodes(t).keys()])
	_near_trees_follow(t, Vector2(20.0, 20.0), per_chunk, true)
	# The camera flies to the far corner: the first chunk coarsens, the last refines.
	camera.position = Vector3(490.0, 30.0, 490.0)
	check(await _until(func() -> bool: return t.get_chunk_levels()[63] == 0 and t.get_chunk_levels()[0] == 3),
			"the levels follow the camera: %s" % [t.get_chunk_levels()])
	check(await _until(func() -> bool: return _near_trees_follow(t, Vector2(490.0, 490.0), per_chunk, false)),
			"the full trees follow the camera: %s" % [_tree_nodes(t).keys()])
	_near_trees_follow(t, Vector2(490.0, 490.0), per_chunk, true)
	expect_error("more than a bake can store")
	check_eq(t.bake_mesh("user://donjourno_streamed.res"), ERR_UNAVAILABLE, "such a map is not baked")
	camera.queue_free()


func test_a_map_that_streams_its_levels_bakes_every_level() -> void:
	var camera := _camera_at(Vector3(10.0, 30.0, 10.0))
	var t := _sea_terrain(128, 1000, 10, 2, 40.0)
	check(t.regenerate(), "128² at 10 subdivisions (9.8 M vertices at full detail)")
	while t.is_filling_chunks():
		await frames(1)
	check_eq(chunk_instances(t).size(), 4, "one instance per chunk: its levels follow the camera")
	check(await _until(func() -> bool: return t.get_chunk_levels() == PackedInt32Array([0, 1, 1, 1])),
			"the chunk under the camera at level 0, the others at 1: %s" % [t.get_chunk_levels()])
	var live := {}
	for c in chunk_instances(t):
		live[str(c.name)] = c.mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX]
	var path := "user://donjourno_streamed_bake.res"
	check_eq(t.bake_mesh(path), OK, "a map whose chunks hold one level each bakes")
	var baked: ArrayMesh = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	check(baked != null, "the bake loads")
	if baked == null:
		camera.queue_free()
		return
	var t2 := DonjournoTerrain.new()
	t2.generator = DonjournoGenerator.new()
	t2.baked_mesh = baked
	root.add_child(t2)
	await settled(t2)
	var shown := {}
	for c in chunk_instances(t2):
		shown[str(c.name)] = c
	check_eq(shown.size(), 4 * 2, "every level of every chunk: %s" % [shown.keys()])
	var l0: MeshInstance3D = shown.get("Chunk_0_0_L0")
	var l1: MeshInstance3D = shown.get("Chunk_1_1_L1")
	check(l0 != null and l1 != null, "levels named as on a map that holds them")
	if l0 != null and l1 != null:
		check(l0.mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX] == live["Chunk_0_0"], "level 0 as the live chunk drew it")
		check(l1.mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX] == live["Chunk_1_1"], "level 1 as the live chunk drew it")
		check_eq([l0.visibility_range_begin, l0.visibility_range_end], [0.0, 40.0], "level 0 up to lod_distance")
		check_eq(l1.visibility_range_begin, 40.0, "level 1 from lod_distance on")
	var water := t2.get_water_instances()
	check(water.size() > 0, "the sea is baked")
	for w in water:
		check(str(w.name).contains("_L"), "%s: water by chunk and level" % w.name)
	t2.queue_free()
	t.queue_free()
	camera.queue_free()
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


## The chunk instance, water piece or trees node named `name` under the terrain's internal nodes.
func _ranged(t: DonjournoTerrain, name: String) -> GeometryInstance3D:
	for holder in t.get_children(true):
		var found := holder.find_child(name, true, false)
		if found is GeometryInstance3D:
			return found
	return null


func test_an_orthographic_camera_moves_the_visibility_ranges_out() -> void:
	var g := small_generator(7)
	g.forest_cover = 0.5
	var t := await chunked_terrain(g, 16, 3, 20.0)
	var level := _ranged(t, "Chunk_0_0_L1")
	var trees: GeometryInstance3D = null
	for m in t.get_trees_instances():
		if str(m.name).ends_with("_far"):
			trees = m
	check(level != null and trees != null, "a chunk level and far trees to watch")
	if level == null or trees == null:
		return
	var before := [level.visibility_range_begin, level.visibility_range_end, trees.visibility_range_begin, trees.visibility_range_end]
	check_eq(before, [20.0, 40.0, 40.0, 160.0], "ranges from lod_distance without a camera")
	# An isometric orthographic camera 1000 m back along its view, showing 40 m.
	var camera := Camera3D.new()
	camera.projection = Camera3D.PROJECTION_ORTHOGONAL
	camera.size = 40.0
	root.add_child(camera)
	var down := deg_to_rad(35.264)
	var look := Vector3(16.0, 0.0, 16.0)
	camera.position = look + Vector3(0.0, sin(down), cos(down)) * 1000.0
	camera.look_at(look)
	camera.make_current()
	await frames(3)
	var shift := 1000.0 - 40.0 / (2.0 * tan(deg_to_rad(37.5)))
	var moved := [level.visibility_range_begin, level.visibility_range_end, trees.visibility_range_begin, trees.visibility_range_end]
	for i in 4:
		check(absf(moved[i] - before[i] - shift) < 0.01 * shift, "range %d moved out by %.0f m: %s" % [i, shift, moved])
	check_eq(_ranged(t, "Chunk_0_0_L0").visibility_range_begin, 0.0, "level 0 still starts at the camera")
	check(t.get_collision_chunk_count() > 0, "collision near what the camera shows, not 1000 m back where it stands")
	check_eq(_ranged(t, "Chunk_0_0_L2").visibility_range_end, 0.0, "the last level still has no end")
	# Zoomed in, the camera stands further behind the eye it stands for: the ranges follow.
	camera.size = 10.0
	await frames(3)
	var closer := 1000.0 - 10.0 / (2.0 * tan(deg_to_rad(37.5)))
	check(absf(level.visibility_range_end - 40.0 - closer) < 0.01 * closer, "zoomed in: %.1f" % level.visibility_range_end)
	# A rebuild's new nodes take the shift as they come.
	g.seed = 8
	check(t.regenerate(), "rebuilt under the orthographic camera")
	while t.is_filling_chunks():
		await frames(1)
	level = _ranged(t, "Chunk_0_0_L1")
	check(level != null and absf(level.visibility_range_end - 40.0 - closer) < 0.01 * closer, "new chunk levels are moved out too")
	# A bake stores the ranges the levels were made with.
	var path := "user://donjourno_orthographic.res"
	check_eq(t.bake_mesh(path), OK, "bakes under an orthographic camera")
	var baked: ArrayMesh = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	if baked != null:
		for entry: Dictionary in baked.get_meta("donjourno_chunks"):
			if entry["name"] == "Chunk_0_0_L1":
				check_eq([entry["begin"], entry["end"]], [20.0, 40.0], "the baked range")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	# Back to a perspective camera: the ranges return to what they were.
	camera.projection = Camera3D.PROJECTION_PERSPECTIVE
	await frames(3)
	level = _ranged(t, "Chunk_0_0_L1")
	check_eq([level.visibility_range_begin, level.visibility_range_end], [20.0, 40.0], "a perspective camera measures from itself")
	camera.queue_free()
