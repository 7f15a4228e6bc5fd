extends RefCounted
## Base of the Godot-side tests: assertions that record failures, fixtures that clean up after
## themselves, and the errors a test provokes on purpose. Every error reported while a test runs
## is charged to that test: one it did not announce with `expect_error`, or an announced one that
## never comes, fails it (see runner.gd and tests/godot/check_log.awk).

## Root of this test's nodes; freed by the runner after the test.
var root: Node3D
var tree: SceneTree
var failures: PackedStringArray = []
## The errors this test announced with `expect_error`, in order.
var expected_errors: PackedStringArray = []
## The warnings this test announced with `expect_warning`, in order.
var expected_warnings: PackedStringArray = []


func check(condition: bool, message: String) -> void:
	if not condition:
		failures.append(message)


func check_eq(actual: Variant, expected: Variant, message: String) -> void:
	if typeof(actual) != typeof(expected) or actual != expected:
		failures.append("%s: expected %s, got %s" % [message, str(expected), str(actual)])


func check_near(actual: float, expected: float, tolerance: float, message: String) -> void:
	if not absf(actual - expected) <= tolerance:
		failures.append("%s: expected %f ± %f, got %f" % [message, expected, tolerance, actual])


## Declares that the code under test will report, before this test ends, one error containing
## `text` (an `ERROR:`, never a `SCRIPT ERROR`). Call it once per error expected.
func expect_error(text: String) -> void:
	expected_errors.append(text)
	print("EXPECT-ERROR: ", text)


## Declares that the code under test will report, before this test ends, one warning containing
## `text` (a `WARNING:`: `push_warning`, `godot_warn!`). Call it once per warning expected; an
## unannounced warning fails the test as an unannounced error does.
func expect_warning(text: String) -> void:
	expected_warnings.append(text)
	print("EXPECT-WARNING: ", text)


## Waits `count` frames (deferred calls run at the end of each).
func frames(count: int = 1) -> void:
	for i in count:
		await tree.process_frame


## Waits `count` frames, then until `t` has no rebuild scheduled or running. No deadline of its
## own: the time a rebuild takes is measured by the benchmarks, never asserted; a rebuild that
## hangs is stopped by the runner's time limit for one test (DONJOURNO_TEST_TIMEOUT, 120 s, about
## ten times the slowest test's own time), which fails the test by name. The wait ends when the
## runner frees `t`, so a timed-out wait never touches a freed terrain.
func settled(t: DonjournoTerrain, count: int = 3) -> void:
	await frames(count)
	await until(func() -> bool: return not (t.is_generating() or t.is_rebuild_scheduled()), t)


## Waits frames until `done` returns true, or `holder` (when given) is freed: the runner's time
## limit for one test (DONJOURNO_TEST_TIMEOUT) is the only deadline, so a wait fails a test when
## it hangs and never when a machine is slow.
func until(done: Callable, holder: Object = null) -> void:
	while not (holder != null and not is_instance_valid(holder)) and not done.call():
		await tree.process_frame


## A small generator that builds fast (64 × 64 cells).
func small_generator(seed: int = 1) -> DonjournoGenerator:
	var g := DonjournoGenerator.new()
	g.seed = seed
	g.width = 64
	g.depth = 64
	g.set_droplet_count(8000)
	return g


## A terrain under this test's root, already built (synchronously, superseding the background
## rebuild its `_ready` started).
func terrain_with(generator: DonjournoGenerator, subdivisions: int = 1) -> DonjournoTerrain:
	var t := DonjournoTerrain.new()
	t.subdivisions = subdivisions
	t.generator = generator
	root.add_child(t)
	t.regenerate()
	return t


## A terrain in chunks of `chunk_size` cells with `lod_levels` levels (from `lod_distance` on,
## when not 0) under this test's root, built now from `generator`, once every chunk, water piece
## and tree node is made.
func chunked_terrain(generator: DonjournoGenerator, chunk_size: int, lod_levels: int,
		lod_distance: float = 0.0) -> DonjournoTerrain:
	var t := DonjournoTerrain.new()
	t.chunk_size = chunk_size
	t.lod_levels = lod_levels
	if lod_distance > 0.0:
		t.lod_distance = lod_distance
	t.generator = generator
	root.add_child(t)
	check(t.regenerate(), "built in chunks")
	while t.is_filling_chunks():
		await frames(1)
	return t


## The terrain's mesh arrays of surface 0.
func arrays_of(t: DonjournoTerrain) -> Array:
	return t.mesh.surface_get_arrays(0)


## The face normal of each triangle of a triangle list, repeated for its three vertices; the
## triangles wound clockwise seen from their front, as the terrain's and the water's.
func face_normals(vertices: PackedVector3Array) -> PackedVector3Array:
	var normals := PackedVector3Array()
	normals.resize(vertices.size())
	for i in range(0, vertices.size(), 3):
		var n := (vertices[i + 2] - vertices[i]).cross(vertices[i + 1] - vertices[i]).normalized()
		normals[i] = n
		normals[i + 1] = n
		normals[i + 2] = n
	return normals


## A capsule character (0.4 m wide, 1.8 m tall) with its feet at its origin, walking slopes up to
## `max_floor_degrees` and snapping `snap` metres down to the floor; not in the tree yet.
func character(max_floor_degrees: float, snap: float) -> CharacterBody3D:
	var walker := CharacterBody3D.new()
	walker.name = "Walker"
	walker.floor_max_angle = deg_to_rad(max_floor_degrees)
	walker.floor_snap_length = snap
	var shape := CollisionShape3D.new()
	var capsule := CapsuleShape3D.new()
	capsule.radius = 0.4
	capsule.height = 1.8
	shape.shape = capsule
	shape.position.y = 0.9
	walker.add_child(shape)
	return walker


## Moves `walker` one physics frame along `direction` at `speed` metres a second, falling at
## 30 m/s² while it is off the floor.
func walk_step(walker: CharacterBody3D, direction: Vector3, speed: float) -> void:
	var velocity := direction * speed
	velocity.y = walker.velocity.y - 30.0 / Engine.physics_ticks_per_second
	if walker.is_on_floor():
		velocity.y = 0.0
	walker.velocity = velocity
	walker.move_and_slide()
