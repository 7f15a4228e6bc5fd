extends "res://lib/test_case.gd"
## Bad inputs are reported with their reason, keep the previous mesh, and never crash.


func _assert_refused(t: DonjournoTerrain, reason: String, vertices_before: PackedVector3Array) -> void:
	expect_error(reason)
	check(not t.regenerate(), "regenerate() fails for %s" % reason)
	check(t.get_last_error().contains(reason), "last error names the reason: '%s'" % t.get_last_error())
	check(t.mesh != null and t.mesh.get_surface_count() == 1, "previous mesh kept (%s)" % reason)
	if t.mesh != null and t.mesh.get_surface_count() == 1:
		check(arrays_of(t)[Mesh.ARRAY_VERTEX] == vertices_before, "previous vertices kept (%s)" % reason)


func test_bad_generator_parameters() -> void:
	var g := small_generator()
	var t := terrain_with(g)
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	t.auto_regenerate = false
	g.width = 0
	_assert_refused(t, "width must be a whole number in [1, 4096] (got 0)", before)
	g.width = 64
	g.depth = -3
	_assert_refused(t, "depth must be", before)
	g.depth = 64
	g.coverage = 2.0
	_assert_refused(t, "coverage must be a number in [0, 1] (got 2)", before)
	g.coverage = 0.45
	g.erosion_dt = 5.0
	g.erosion_friction = 0.5
	_assert_refused(t, "erosion_dt × erosion_friction must be", before)
	g.erosion_dt = 1.2
	g.erosion_friction = 0.05
	g.cell_size = 0.0
	_assert_refused(t, "cell_size must be", before)
	g.cell_size = 1.0
	check(t.regenerate(), "valid again")
	check_eq(t.get_last_error(), "", "error cleared")
	g.coverage = NAN
	expect_error("coverage must be")
	check(g.generate() == null, "generate() returns null for bad parameters")
	check(g.get_validation_error().begins_with("coverage must be"), "validation error text")


func test_bad_subdivisions() -> void:
	var t := terrain_with(small_generator())
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	t.auto_regenerate = false
	t.subdivisions = 0
	_assert_refused(t, "subdivisions must be a whole number in [1, 64] (got 0)", before)
	t.subdivisions = 65
	_assert_refused(t, "subdivisions must be a whole number in [1, 64] (got 65)", before)
	t.subdivisions = -1
	_assert_refused(t, "subdivisions must be a whole number in [1, 64] (got -1)", before)
	t.subdivisions = 1
	t.roughness_strength = -1.0
	_assert_refused(t, "roughness_strength must be", before)


func test_over_budget_mesh_is_refused_before_generating() -> void:
	var g := small_generator()
	var t := terrain_with(g)
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	var runs: int = t.get_stats().pipeline_runs
	t.auto_regenerate = false
	g.width = 1024
	g.depth = 1024
	t.subdivisions = 8
	_assert_refused(t, "above the budget", before)
	expect_error("above the budget")
	check(not t.regenerate_async(), "refused before any worker starts")
	check(not t.is_generating() and t.get_rebuild_job() == null, "no background job started")
	check_eq(t.get_stats().pipeline_runs, runs, "pipeline not run")


func test_automatic_rebuild_errors_keep_the_mesh() -> void:
	var g := small_generator()
	var t := terrain_with(g)
	var before: PackedVector3Array = arrays_of(t)[Mesh.ARRAY_VERTEX]
	await frames(2)
	expect_error("coverage must be")
	g.coverage = 2.0
	await settled(t)
	check(t.get_last_error().contains("coverage"), "automatic rebuild reports the error")
	check(arrays_of(t)[Mesh.ARRAY_VERTEX] == before, "mesh kept after a failed automatic rebuild")
	g.coverage = 0.45
	await settled(t)
	check_eq(t.get_last_error(), "", "recovers on the next valid edit")
