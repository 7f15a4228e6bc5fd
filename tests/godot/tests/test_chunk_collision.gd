extends "res://lib/test_case.gd"
## Chunk collision: on a map drawn in chunks, the collision body holds a height-map shape for
## each chunk near the stream target, added and removed as the target moves.

const CELL := 0.5
const CHUNK := 128
## World size of a chunk's side.
const SIDE := CHUNK * CELL
const RADIUS := 24.0
## The radius a chunk keeps its shape within (the radius plus a quarter of it, at least two
## cells).
const KEEP := RADIUS + RADIUS * 0.25
## How far the walker's feet may sink under the surface: the collision runs through the corner
## heights, the surface may split a cell along the other diagonal.
const SINK := 0.25


## A 512² map in 128-cell chunks with cells of half a unit (a 256-unit square, chunks 64 wide).
func _terrain() -> DonjournoTerrain:
	var g := small_generator(9)
	g.width = 512
	g.depth = 512
	g.cell_size = CELL
	g.set_droplet_count(20000)
	var t := DonjournoTerrain.new()
	t.chunk_size = CHUNK
	t.collision_radius = RADIUS
	t.trees_enabled = false
	t.generator = g
	root.add_child(t)
	return t


## A capsule character with its feet at its origin.
func _walker() -> CharacterBody3D:
	var walker := character(75.0, 1.0)
	root.add_child(walker)
	return walker


## Names of the chunk shapes under the collision body.
func _shape_names(t: DonjournoTerrain) -> PackedStringArray:
	var names := PackedStringArray()
	for child in t.get_collision_body().get_children():
		if str(child.name).begins_with("Chunk_"):
			names.append(str(child.name))
	names.sort()
	return names


## Distance in the xz plane from `p` to the area of chunk `(column, row)`.
func _chunk_distance(column: int, row: int, p: Vector3) -> float:
	var dx := maxf(maxf(column * SIDE - p.x, p.x - (column + 1) * SIDE), 0.0)
	var dz := maxf(maxf(row * SIDE - p.z, p.z - (row + 1) * SIDE), 0.0)
	return Vector2(dx, dz).length()


## Checks that the chunks within the radius of `p` have shapes and those beyond the keep radius
## have none.
func _check_shapes_near(t: DonjournoTerrain, p: Vector3, where: String) -> void:
	var names := _shape_names(t)
	check_eq(t.get_collision_chunk_count(), names.size(), "%s: the count follows the shapes" % where)
	for row in 4:
		for column in 4:
			var d := _chunk_distance(column, row, p)
			var has := names.has("Chunk_%d_%d" % [column, row])
			if d <= RADIUS - 1.0:
				check(has, "%s: chunk %d,%d (%.1f away) has a shape" % [where, column, row, d])
			if d > KEEP:
				check(not has, "%s: chunk %d,%d (%.1f away) has none" % [where, column, row, d])


func test_a_character_walks_across_chunk_borders_and_never_falls_through() -> void:
	var t := _terrain()
	var walker := _walker()
	t.stream_target = t.get_path_to(walker)
	check(t.regenerate(), "rebuilt")
	check_eq(t.get_chunk_count(), 16, "4 × 4 chunks")
	while t.is_filling_chunks():
		await frames(1)
	var body := t.get_collision_body()
	check(body != null, "a collision body")
	check(body.get_node_or_null("Shape") == null, "no single shape on a chunked map")
	var start := Vector3(20.0, 0.0, 20.0)
	var goal := Vector3(236.0, 0.0, 150.0)
	walker.global_position = start + Vector3.UP * (t.get_height_at(start.x, start.z) + 0.5)
	await frames(3)
	_check_shapes_near(t, walker.global_position, "at the start")
	var shapes_at_start := _shape_names(t)
	var nodes_at_start := Performance.get_monitor(Performance.OBJECT_NODE_COUNT)
	check(shapes_at_start.size() >= 1 and shapes_at_start.size() < 16, "only the near chunks: %s" % [shapes_at_start])
	# Walk the straight line to the goal on physics frames, falling under gravity.
	var direction := (goal - start).normalized()
	var crossed := {}
	var lowest := INF
	var frames_walked := 0
	while frames_walked < 900:
		await tree.physics_frame
		frames_walked += 1
		walk_step(walker, direction, 45.0)
		var p := walker.global_position
		var below := p.y - t.get_height_at(p.x, p.z)
		lowest = minf(lowest, below)
		crossed["%d,%d" % [int(p.x / SIDE), int(p.z / SIDE)]] = true
		if frames_walked % 30 == 0:
			_check_shapes_near(t, p, "frame %d at (%.0f, %.0f)" % [frames_walked, p.x, p.z])
		if Vector2(p.x - goal.x, p.z - goal.z).length() < 2.0:
			break
	var end := walker.global_position
	print("chunk collision: %d physics frames, %d chunks visited, lowest feet %.3f over the surface" % [
			frames_walked, crossed.size(), lowest])
	check(Vector2(end.x - goal.x, end.z - goal.z).length() < 2.0, "the walker reached the goal: %s" % [end])
	check(crossed.size() >= 5, "the walk crossed chunk borders: %s" % [crossed.keys()])
	check(lowest >= -SINK, "never under the surface: lowest %.3f" % lowest)
	# Far away, the old shapes go and the new ones come.
	walker.global_position = Vector3(250.0, 0.0, 250.0)
	walker.global_position.y = t.get_height_at(250.0, 250.0) + 0.5
	await frames(3)
	_check_shapes_near(t, walker.global_position, "moved far")
	check(not _shape_names(t).has("Chunk_0_0"), "the start's shape is gone")
	check(_shape_names(t).has("Chunk_3_3"), "the far corner's shape is there")
	# Back at the start: the same shapes and no more nodes than there were.
	walker.global_position = start + Vector3.UP * (t.get_height_at(start.x, start.z) + 0.5)
	await frames(3)
	check_eq(_shape_names(t), shapes_at_start, "the same shapes at the start again")
	check_eq(Performance.get_monitor(Performance.OBJECT_NODE_COUNT), nodes_at_start, "no leaked nodes")


func test_without_a_target_no_chunk_has_collision_and_small_maps_keep_one_shape() -> void:
	var t := _terrain()
	check(t.regenerate(), "rebuilt")
	await frames(2)
	check(get_viewport_camera() == null, "no camera in the test scene")
	check_eq(t.get_collision_chunk_count(), 0, "no target, no chunk shapes")
	var camera := Camera3D.new()
	root.add_child(camera)
	camera.current = true
	camera.global_position = Vector3(200.0, 30.0, 40.0)
	await frames(3)
	check(t.get_collision_chunk_count() > 0, "the current camera is the default target")
	_check_shapes_near(t, camera.global_position, "around the camera")
	t.collision_enabled = false
	check(t.get_collision_body() == null, "collision off: no body")
	check_eq(t.get_collision_chunk_count(), 0, "and no chunk shapes")
	t.collision_enabled = true
	await frames(3)
	check(t.get_collision_chunk_count() > 0, "on again: shapes around the camera")
	# A map that fits in one chunk: the one shape of old, whatever the target.
	t.chunk_size = 1024
	check(t.regenerate(), "rebuilt as one mesh")
	await frames(2)
	var body := t.get_collision_body()
	check_eq(body.get_child_count(), 1, "one shape")
	check_eq(str(body.get_child(0).name), "Shape", "the single shape")
	check_eq((body.get_child(0).shape as HeightMapShape3D).map_width, 513, "across the whole map")
	check_eq(t.get_collision_chunk_count(), 0, "no chunk shapes")
	camera.queue_free()


## The current camera of the tests' viewport, if any.
func get_viewport_camera() -> Camera3D:
	return tree.root.get_camera_3d()

