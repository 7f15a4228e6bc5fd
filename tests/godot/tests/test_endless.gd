extends "res://lib/test_case.gd"
## Endless worlds: with world_mode = infinite the terrain streams tiles around its stream
## target, built on a worker; their edges meet exactly, far tiles go, and a character walks
## across tile borders on their collision.

## Tile side in cells and metres (the continent preset's cells are 40 m).
const TILE := 16
const SIDE := TILE * 40.0
## How far under the surface the walker's feet may dip (the shape is the mesh's corner heights).
const SINK := 0.05


## The continent preset as an endless world of small tiles, one tile of radius.
func _world() -> DonjournoGenerator:
	var g := DonjournoGenerator.new()
	check(g.apply_preset("continent"), "preset")
	g.world_mode = DonjournoGenerator.WORLD_MODE_INFINITE
	g.tile_size = TILE
	g.stream_radius = 1
	return g


## A terrain streaming `_world()` (with cells of `cell_size` metres) around `target`, its
## chunks half a tile wide.
func _terrain(target: Node3D, cell_size: float = 40.0) -> DonjournoTerrain:
	var t := DonjournoTerrain.new()
	t.chunk_size = TILE / 2
	t.lod_levels = 2
	t.lod_distance = 400.0
	root.add_child(target)
	root.add_child(t)
	t.stream_target = t.get_path_to(target)
	var g := _world()
	g.cell_size = cell_size
	t.generator = g
	return t


## Waits until no tile is being generated or turned into nodes (no deadline of its own: streaming
## that hangs fails by the runner's time limit for one test, see `until`).
func _streamed(t: DonjournoTerrain) -> void:
	await frames(2)
	await until(func() -> bool: return not t.is_streaming_tiles(), t)


## The highest vertex y at each z along the line x = `at` of a tile's level-0 chunk meshes (the
## skirts hang below the surface), keyed by z in centimetres.
func _edge(tile: Node3D, at: float) -> Dictionary:
	var out := {}
	for child in tile.get_children():
		if not (child is MeshInstance3D and str(child.name).ends_with("_L0")):
			continue
		for v: Vector3 in (child as MeshInstance3D).mesh.surface_get_arrays(0)[Mesh.ARRAY_VERTEX]:
			if is_equal_approx(v.x, at):
				var key := roundi(v.z * 100.0)
				out[key] = maxf(out.get(key, -INF), v.y)
	return out


func test_tiles_stream_in_around_the_target_and_meet_exactly() -> void:
	var target := Node3D.new()
	target.position = Vector3(SIDE / 2.0, 0.0, SIDE / 2.0)
	var t := _terrain(target)
	await _streamed(t)
	check(t.is_endless(), "the terrain streams an endless world")
	check(t.mesh == null, "no single mesh")
	check_eq(t.get_chunk_count(), 0, "no bounded chunks")
	var tiles := t.get_loaded_tiles()
	check_eq(tiles.size(), 9, "the target's tile and its eight neighbours")
	for z in range(-1, 2):
		for x in range(-1, 2):
			check(tiles.has(Vector2i(x, z)), "tile %d,%d" % [x, z])
	check_eq(t.get_tile_at(SIDE * 1.5, -10.0), Vector2i(1, -1), "the tile of a point")
	var a := t.get_tile_node(Vector2i(0, 0))
	var b := t.get_tile_node(Vector2i(1, 0))
	check(a != null and b != null, "the tiles' nodes")
	check_eq(b.position, Vector3(SIDE, 0.0, 0.0), "a tile sits at its first cell")
	var levels := 0
	for child in a.get_children():
		if str(child.name).begins_with("Chunk_"):
			levels += 1
	check_eq(levels, 2 * 2 * 2, "2 × 2 chunks of 2 levels each")
	# The shared edge: the same heights from both tiles, and on the height query.
	var ea := _edge(a, SIDE)
	var eb := _edge(b, 0.0)
	check_eq(ea.size(), TILE + 1, "one vertex a cell along the edge")
	check_eq(ea, eb, "both tiles give the edge the same heights")
	var varied := false
	for key: int in ea:
		check_near(t.get_height_at(SIDE, key / 100.0), ea[key], 0.01, "query on the edge at z = %d cm" % key)
		varied = varied or not is_equal_approx(ea[key], ea[0])
	check(varied, "the edge is not flat, so the check means something")
	# Far from every tile, the height comes from the height function.
	var far := t.get_height_at(SIDE * 40.0, SIDE * -25.0)
	check(is_finite(far) and far != 0.0, "a height far away: %f" % far)


func test_a_long_walk_keeps_a_bounded_set_of_tiles_and_nodes() -> void:
	var target := Node3D.new()
	target.position = Vector3(SIDE / 2.0, 0.0, SIDE / 2.0)
	var t := _terrain(target)
	var unloaded := [0]
	t.tile_unloaded.connect(func(_tile: Vector2i) -> void: unloaded[0] += 1)
	await _streamed(t)
	var nodes_per_tile := 0
	var base := Performance.get_monitor(Performance.OBJECT_NODE_COUNT)
	for tile in t.get_loaded_tiles():
		nodes_per_tile = maxi(nodes_per_tile, _count_nodes(t.get_tile_node(tile)))
	base -= nodes_per_tile * t.get_loaded_tiles().size()
	var most := 0
	for step in 24:
		target.position = Vector3(SIDE * (0.5 + step * 0.5), 0.0, SIDE * (0.5 + step * 0.2))
		await _streamed(t)
		most = maxi(most, t.get_tile_count())
		for tile in t.get_loaded_tiles():
			nodes_per_tile = maxi(nodes_per_tile, _count_nodes(t.get_tile_node(tile)))
			var here := t.get_tile_at(target.position.x, target.position.z)
			check(maxi(absi(tile.x - here.x), absi(tile.y - here.y)) <= 2, "tile %s near %s" % [tile, here])
	await frames(2)
	var nodes := Performance.get_monitor(Performance.OBJECT_NODE_COUNT)
	print("endless walk: at most %d tiles, %d dropped, %d nodes (%d a tile at most)" % [
			most, unloaded[0], nodes, nodes_per_tile])
	check(most <= 25, "at most (2 × 1 + 3)² tiles: %d" % most)
	check(unloaded[0] >= 20, "the tiles behind were dropped: %d" % unloaded[0])
	check(nodes <= base + nodes_per_tile * t.get_tile_count(), "no node left behind: %d" % nodes)
	check_eq(int(t.get_tile_stats().tiles_built), t.get_tile_count() + unloaded[0], "every tile built was shown or dropped")


## Nodes in the subtree of `node`, itself included.
func _count_nodes(node: Node) -> int:
	var n := 1
	for child in node.get_children():
		n += _count_nodes(child)
	return n


func test_a_character_walks_across_tile_borders_and_never_falls_through() -> void:
	var walker := character(80.0, 2.0)
	# Cells of 4 m: the collision shape splits each cell along the other diagonal than the mesh,
	# which on 40 m cells puts the two surfaces up to metres apart.
	var side := TILE * 4.0
	var start := Vector3(side - 20.0, 0.0, side - 15.0)
	walker.position = start
	var t := _terrain(walker, 4.0)
	await _streamed(t)
	walker.global_position = start + Vector3.UP * (t.get_height_at(start.x, start.z) + 0.5)
	await frames(3)
	var goal := Vector3(side + 20.0, 0.0, side + 25.0)
	var direction := (goal - start).normalized()
	var crossed := {}
	var lowest := INF
	var walked := 0
	while walked < 600:
		await tree.physics_frame
		walked += 1
		walk_step(walker, direction, 10.0)
		var p := walker.global_position
		lowest = minf(lowest, p.y - t.get_height_at(p.x, p.z))
		crossed[t.get_tile_at(p.x, p.z)] = true
		if Vector2(p.x - goal.x, p.z - goal.z).length() < 3.0:
			break
	var end := walker.global_position
	print("endless collision: %d physics frames over %d tiles, lowest feet %.3f over the surface" % [
			walked, crossed.size(), lowest])
	check(Vector2(end.x - goal.x, end.z - goal.z).length() < 3.0, "the walker reached the goal: %s" % [end])
	check(crossed.size() >= 3, "the walk crossed tile borders: %s" % [crossed.keys()])
	check(lowest >= -SINK, "never under the surface: lowest %.3f" % lowest)
	var body := t.get_tile_node(Vector2i(1, 1)).get_node_or_null("Collision")
	check(body is StaticBody3D, "the tile under the walker has a collision body")


## The names of the children of every tile shown that start with `prefix`.
func _tile_children(t: DonjournoTerrain, prefix: String) -> Array[Node]:
	var out: Array[Node] = []
	for tile in t.get_loaded_tiles():
		for child in t.get_tile_node(tile).get_children():
			if str(child.name).begins_with(prefix):
				out.append(child)
	return out


## Turns trees_enabled off, checks that the tiles keep no child named `prefix`…, then on again,
## checks that `count` of them are back.
func _trees_off_and_on(t: DonjournoTerrain, prefix: String, count: int) -> void:
	t.trees_enabled = false
	await _streamed(t)
	await frames(1)
	check_eq(_tile_children(t, prefix).size(), 0, "trees off: no %s node left" % prefix)
	t.trees_enabled = true
	await _streamed(t)
	check_eq(_tile_children(t, prefix).size(), count, "trees on: the %s nodes are back" % prefix)


func test_the_water_and_trees_settings_reach_every_tile() -> void:
	var target := Node3D.new()
	target.position = Vector3(SIDE / 2.0, 0.0, SIDE / 2.0)
	var t := _terrain(target)
	await _streamed(t)
	# Walk on until the tiles around the target hold some sea or river.
	var moves := 0
	while _tile_children(t, "Water").is_empty() and moves < 30:
		target.position.x += SIDE * 3.0
		moves += 1
		await _streamed(t)
	var water := _tile_children(t, "Water")
	var trees := _tile_children(t, "Trees_")
	check(water.size() > 0, "the tiles have water after %d moves" % moves)
	if water.is_empty():
		return
	check(trees.size() > 0, "the tiles have trees")
	t.water_visible = false
	for w in water:
		check(not (w as MeshInstance3D).visible, "%s hidden" % w.get_path())
	var material := StandardMaterial3D.new()
	t.water_material = material
	check_eq((water[0] as MeshInstance3D).mesh.surface_get_material(0), material, "the water takes the material")
	await _trees_off_and_on(t, "Trees_", trees.size())
	var walls := BoxMesh.new()
	t.tree_mesh = walls
	await _streamed(t)
	var replaced := _tile_children(t, "Trees_")
	check(replaced.size() > 0 and (replaced[0] as MultiMeshInstance3D).multimesh.mesh == walls, "the trees take tree_mesh")
	# Streaming a new tile keeps the settings.
	t.water_visible = false
	target.position.x += SIDE * 2.0
	await _streamed(t)
	for w in _tile_children(t, "Water"):
		check(not (w as MeshInstance3D).visible, "new water hidden too: %s" % w.get_path())


func test_the_scatter_of_tiles_thins_out_and_ends_chunk_by_chunk() -> void:
	var target := Node3D.new()
	target.position = Vector3(SIDE / 2.0, 0.0, SIDE / 2.0)
	var t := _terrain(target)
	t.generator.biomes_enabled = true
	await _streamed(t)
	var near := []
	var far := []
	for n in _tile_children(t, "Scatter_"):
		(far if str(n.name).ends_with("_far") else near).append(n)
	check(near.size() > 0 and far.size() > 0, "the tiles have scatter up close and far away")
	for n: MultiMeshInstance3D in near:
		check_eq([n.visibility_range_begin, n.visibility_range_end], [0.0, 2.0 * t.lod_distance],
				"%s: up close until its chunk's trees thin out" % n.get_path())
		check(n.multimesh.instance_count > 0, "%s has instances" % n.get_path())
	for n: MultiMeshInstance3D in far:
		check_eq([n.visibility_range_begin, n.visibility_range_end], [2.0 * t.lod_distance, 8.0 * t.lod_distance],
				"%s: far until its chunk's trees end" % n.get_path())
	await _trees_off_and_on(t, "Scatter_", near.size() + far.size())


func test_a_large_tile_mesh_arrives_over_several_frames() -> void:
	# One tile of 16 cells at 32 subdivisions: its finest level holds 16² · 32² · 6 = 1.57 M
	# vertices, 36 MiB, far more than one frame's share of the copy.
	var target := Node3D.new()
	var t := _terrain(target)
	t.chunk_size = TILE
	t.lod_levels = 1
	t.subdivisions = 32
	var g := _world()
	g.stream_radius = 0
	t.generator = g
	await until(func() -> bool: return t.get_tile_node(Vector2i(0, 0)) != null, t)
	var tile: Node3D = t.get_tile_node(Vector2i(0, 0))
	check(tile != null, "the tile is shown")
	if tile == null:
		return
	var frames_until_mesh := 0
	while is_instance_valid(tile) and tile.find_child("Chunk_0_0_L0", false, false) == null:
		frames_until_mesh += 1
		await tree.process_frame
	var level := tile.find_child("Chunk_0_0_L0", false, false) as MeshInstance3D
	check(level != null, "the finest level arrives")
	check(frames_until_mesh >= 4, "copied over several frames (%d)" % frames_until_mesh)
	if level != null:
		check_eq(level.mesh.surface_get_array_len(0) >= 16 * 16 * 32 * 32 * 6, true, "every vertex arrives (%d)" % level.mesh.surface_get_array_len(0))
	await _streamed(t)
	t.queue_free()
	target.queue_free()
