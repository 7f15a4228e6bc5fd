extends "res://lib/test_case.gd"
## Background rebuilds: the main thread never blocks, the newest edit wins, freeing is safe.

## Longest main-thread frame allowed while a 256² terrain regenerates in the background.
const FRAME_BUDGET_MS := 100.0

var finished: Array[Dictionary] = []
var progress: Array[float] = []


func _record(stats: Dictionary) -> void:
	finished.append(stats)


func _progress(fraction: float) -> void:
	progress.append(fraction)


func _big_generator(seed: int) -> DonjournoGenerator:
	var g := DonjournoGenerator.new()
	g.seed = seed
	g.width = 256
	g.depth = 256
	g.erosion_droplets = 200000
	return g


## Waits one frame and returns its length in milliseconds.
func _timed_frame() -> float:
	var start := Time.get_ticks_usec()
	await tree.process_frame
	return (Time.get_ticks_usec() - start) / 1000.0


func test_rapid_edits_show_the_last_parameters_without_blocking() -> void:
	# Reference: the final parameters built synchronously (and how long that blocks).
	var reference := DonjournoTerrain.new()
	reference.auto_regenerate = false
	reference.generator = _big_generator(119)
	root.add_child(reference)
	var sync_start := Time.get_ticks_usec()
	check(reference.regenerate(), "synchronous reference build")
	var sync_ms := (Time.get_ticks_usec() - sync_start) / 1000.0
	print("async: synchronous 256² rebuild blocks %.1f ms" % sync_ms)
	check(sync_ms > FRAME_BUDGET_MS,
			"the synchronous build (%.1f ms) exceeds the frame budget, so the test can fail" % sync_ms)

	var g := _big_generator(100)
	var t := DonjournoTerrain.new()
	t.generator = g
	t.generation_finished.connect(_record)
	t.generation_progress.connect(_progress)
	root.add_child(t)
	check(t.is_generating(), "ready starts a background rebuild")
	var longest := 0.0
	for i in 20:
		g.seed = 100 + i
		longest = maxf(longest, await _timed_frame())
	var deadline := Time.get_ticks_msec() + 60000
	while (t.is_generating() or t.is_rebuild_scheduled()) and Time.get_ticks_msec() < deadline:
		longest = maxf(longest, await _timed_frame())
	print("async: 20 edits, %d rebuilds shown, longest frame %.1f ms (budget %.0f ms)" % [
			finished.size(), longest, FRAME_BUDGET_MS])
	check(not t.is_generating(), "the last rebuild finished")
	check(longest <= FRAME_BUDGET_MS, "longest frame %.1f ms ≤ %.0f ms" % [longest, FRAME_BUDGET_MS])
	check(finished.size() >= 1 and finished.size() < 20, "superseded rebuilds are dropped (%d shown)" % finished.size())
	check_eq(t.get_stats().grid_hash, reference.get_stats().grid_hash, "final grid = the last parameters")
	if finished.size() > 0:
		check_eq(finished[-1].grid_hash, reference.get_stats().grid_hash, "the last signal is the last edit")
	var a: Array = arrays_of(t)
	var b: Array = arrays_of(reference)
	for kind in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_NORMAL, Mesh.ARRAY_COLOR]:
		check(a[kind] == b[kind], "array %d identical to the synchronous build" % kind)
	check(progress.size() > 0, "generation_progress was emitted")
	for f in progress:
		check(f >= 0.0 and f <= 1.0, "progress %f in [0, 1]" % f)


func test_regenerate_async_api() -> void:
	var g := small_generator(12)
	var t := terrain_with(g)
	t.auto_regenerate = false
	t.generation_finished.connect(_record)
	var hash: int = t.get_stats().grid_hash
	g.seed = 13
	check(t.regenerate_async(), "regenerate_async starts")
	check(t.is_generating(), "is_generating while the worker runs")
	check_eq(finished.size(), 0, "nothing shown before the worker is done")
	check_eq(t.get_stats().grid_hash, hash, "the old terrain stays until then")
	await settled(t, 1)
	check_eq(finished.size(), 1, "one generation_finished")
	check(t.get_stats().grid_hash != hash, "new terrain shown")
	check_eq(t.get_map().get_grid_hash(), t.get_stats().grid_hash, "queries answer from the new grid")
	check(not t.regenerate_async() or not t.is_generating(), "unchanged input starts nothing")
	check(not t.is_generating(), "nothing running for an unchanged input")
	# A synchronous regenerate supersedes a running background one.
	g.seed = 14
	t.regenerate_async()
	g.seed = 15
	check(t.regenerate(), "synchronous regenerate")
	check(not t.is_generating(), "the background rebuild was cancelled")
	var shown: int = t.get_stats().grid_hash
	await frames(10)
	check_eq(t.get_stats().grid_hash, shown, "the cancelled result is never applied")
	check_eq(finished.size(), 2, "only the synchronous rebuild finished")
	# Bad settings are reported at once and start nothing.
	expect_error("coverage must be")
	g.coverage = 3.0
	check(not t.regenerate_async(), "bad settings refused")
	check(not t.is_generating(), "no worker for bad settings")
	check_eq(t.get_stats().grid_hash, shown, "previous mesh kept")


func test_freeing_the_node_while_generating_is_safe() -> void:
	for i in 5:
		var t := DonjournoTerrain.new()
		t.generator = _big_generator(200 + i)
		root.add_child(t)
		check(t.is_generating(), "generating after ready")
		await frames(i)
		t.free()
	# Removed from the tree and added again: the result is applied once back.
	var t2 := DonjournoTerrain.new()
	t2.generator = small_generator(8)
	root.add_child(t2)
	root.remove_child(t2)
	await frames(5)
	root.add_child(t2)
	await settled(t2)
	check(t2.mesh != null and t2.mesh.get_surface_count() == 1, "built after re-adding")
	await frames(30)
