extends "res://lib/test_case.gd"
## Background rebuilds: the work runs off the main thread, its result reaches the mesh in parts of
## at most UPLOAD_BYTES_PER_FRAME bytes a frame (into the streams of the surface it replaced when
## the size is unchanged), the newest edit wins, freeing cancels the work.

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
	g.set_droplet_count(200000)
	return g


## Checks that a background rebuild's statistics show its surface (24 bytes a vertex) and the
## water of `t` (one mesh, 32 bytes a vertex) copied into Godot's arrays within the per-frame
## budget of bytes and time, making progress every frame.
func _check_handover(stats: Dictionary, t: DonjournoTerrain, what: String) -> void:
	var budget: int = DonjournoTerrain.UPLOAD_BYTES_PER_FRAME
	var bytes: int = stats.upload_bytes
	var water := t.get_water_instance()
	var water_vertices := 0
	if water != null and water.mesh != null and water.mesh.get_surface_count() == 1:
		water_vertices = water.mesh.surface_get_array_len(0)
	check_eq(bytes, int(stats.vertex_count) * 24 + water_vertices * 32,
			"%s: bytes of the surface and water streams" % what)
	check(stats.upload_largest_part_bytes <= budget,
			"%s: at most %d bytes copied in one frame (largest part %d)" % [
				what, budget, stats.upload_largest_part_bytes])
	# Each frame copies within the bytes and a time budget, at least one 256 KiB slice.
	var parts: int = stats.upload_parts
	check(parts >= ceili(float(bytes) / budget) and parts <= ceili(float(bytes) / (256 * 1024)),
			"%s: %d frames for %d bytes: at least one slice a frame, at most the budget" % [what, parts, bytes])


## Waits until `t` has no rebuild scheduled or running (no deadline of its own: a rebuild that
## hangs fails by the runner's time limit for one test); returns the frames that passed while its
## background rebuild was running.
func _frames_until_done(t: DonjournoTerrain) -> int:
	var count := 0
	while is_instance_valid(t) and (t.is_generating() or t.is_rebuild_scheduled()):
		if t.is_generating():
			count += 1
		await tree.process_frame
	return count


func test_rapid_edits_show_the_last_parameters_without_blocking() -> void:
	# Reference: the final parameters built synchronously.
	var reference := DonjournoTerrain.new()
	reference.auto_regenerate = false
	reference.generator = _big_generator(119)
	root.add_child(reference)
	check(reference.regenerate(), "synchronous reference build")
	check_eq(reference.get_stats().upload_parts, 0, "a synchronous build writes the mesh in place")

	var g := _big_generator(100)
	var t := DonjournoTerrain.new()
	t.generator = g
	t.generation_finished.connect(_record)
	t.generation_progress.connect(_progress)
	root.add_child(t)
	check(t.is_generating(), "ready starts a background rebuild")
	var jobs: Array[DonjournoRebuildJob] = [t.get_rebuild_job()]
	for i in 20:
		g.seed = 100 + i
		await tree.process_frame
		# Each edit's rebuild starts at the end of its frame and supersedes the one before.
		jobs.append(t.get_rebuild_job())
	check(t.is_generating(), "the last edit's rebuild runs after the edit returned")
	var frames_generating := await _frames_until_done(t)
	print("async: 20 edits, %d rebuilds shown, %d frames while the last one ran" % [
			finished.size(), frames_generating])
	check(not t.is_generating(), "the last rebuild finished")
	check(frames_generating >= 1, "frames went on while the worker built the terrain")
	check(finished.size() >= 1 and finished.size() < 20, "superseded rebuilds are dropped (%d shown)" % finished.size())
	var all_started := jobs.all(func(j: DonjournoRebuildJob) -> bool: return j != null)
	check(all_started, "every edit started a rebuild")
	if all_started:
		for k in jobs.size() - 1:
			check(jobs[k].is_cancelled(), "superseded rebuild %d was cancelled" % k)
		check(not jobs[-1].is_cancelled(), "the last rebuild was not cancelled")
		check_eq(jobs[-1].get_outcome(), DonjournoRebuildJob.OUTCOME_FINISHED, "the last rebuild finished")
	check_eq(t.get_stats().grid_hash, reference.get_stats().grid_hash, "final grid = the last parameters")
	if finished.size() > 0:
		check_eq(finished[-1].grid_hash, reference.get_stats().grid_hash, "the last signal is the last edit")
		_check_handover(finished[-1], t, "256² rebuild")
	var a: Array = arrays_of(t)
	var b: Array = arrays_of(reference)
	for kind in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_NORMAL, Mesh.ARRAY_COLOR]:
		check(a[kind] == b[kind], "array %d identical to the synchronous build" % kind)
	check(progress.size() > 0, "generation_progress was emitted")
	for f in progress:
		check(f >= 0.0 and f <= 1.0, "progress %f in [0, 1]" % f)


func test_a_large_mesh_reaches_the_main_thread_in_parts() -> void:
	# 256² cells × 2² micro-quads × 6 vertices × 24 bytes: more than one frame's budget.
	var g := small_generator(31)
	g.width = 256
	g.depth = 256
	# The mesh's size is what counts here: the erosion of a 64² test map, not sixteen times it.
	g.set_droplet_count(8000)
	var reference := DonjournoTerrain.new()
	reference.auto_regenerate = false
	reference.subdivisions = 2
	reference.generator = g
	root.add_child(reference)
	check(reference.regenerate(), "synchronous reference build")
	var t := DonjournoTerrain.new()
	t.subdivisions = 2
	t.generator = g
	t.generation_finished.connect(_record)
	root.add_child(t)
	check(t.is_generating(), "background rebuild started")
	await _frames_until_done(t)
	check_eq(finished.size(), 1, "one rebuild shown")
	if finished.size() == 1:
		var stats: Dictionary = finished[0]
		check(stats.upload_bytes > DonjournoTerrain.UPLOAD_BYTES_PER_FRAME,
				"the surface (%d bytes) exceeds one frame's budget" % stats.upload_bytes)
		check(stats.upload_parts >= 2, "handed over in %d parts" % stats.upload_parts)
		check(not stats.upload_reused, "a first build copies into fresh streams")
		_check_handover(stats, t, "large mesh")
	var a: Array = arrays_of(t)
	var b: Array = arrays_of(reference)
	for kind in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_NORMAL, Mesh.ARRAY_COLOR]:
		check(a[kind] == b[kind], "array %d assembled from its parts = the synchronous build" % kind)
	# The second build needs fresh streams too (the first surface's are shown); from the third on,
	# a rebuild of the same size copies into the streams of the surface replaced before it. Each
	# shows its own parameters.
	for seed in [32, 33, 34]:
		g.seed = seed
		check(reference.regenerate(), "seed %d: synchronous reference build" % seed)
		check(reference.get_stats().upload_reused, "seed %d: a synchronous rebuild reuses the streams shown" % seed)
		await _frames_until_done(t)
		if finished.size() == seed - 30:
			var stats: Dictionary = finished[-1]
			check_eq(stats.upload_reused, seed > 32, "seed %d: copied into the streams the terrain held" % seed)
			check(stats.upload_parts >= 2, "seed %d: handed over in %d parts" % [seed, stats.upload_parts])
			_check_handover(stats, t, "seed %d" % seed)
		check_eq(finished.size(), seed - 30, "seed %d: rebuild shown" % seed)
		a = arrays_of(t)
		b = arrays_of(reference)
		for kind in [Mesh.ARRAY_VERTEX, Mesh.ARRAY_NORMAL, Mesh.ARRAY_COLOR]:
			check(a[kind] == b[kind], "seed %d: array %d = the synchronous build" % [seed, kind])


func test_regenerate_async_api() -> void:
	var g := small_generator(12)
	var t := terrain_with(g)
	t.auto_regenerate = false
	t.generation_finished.connect(_record)
	var hash: int = t.get_stats().grid_hash
	check(t.get_rebuild_job() == null, "no rebuild job while none runs")
	g.seed = 13
	check(t.regenerate_async(), "regenerate_async starts")
	check(t.is_generating(), "is_generating while the worker runs")
	var job := t.get_rebuild_job()
	check(job != null and not job.is_cancelled(), "the running job is reachable")
	check_eq(finished.size(), 0, "nothing shown before the worker is done")
	check_eq(t.get_stats().grid_hash, hash, "the old terrain stays until then")
	await settled(t, 1)
	check_eq(finished.size(), 1, "one generation_finished")
	check(t.get_stats().grid_hash != hash, "new terrain shown")
	check_eq(t.get_map().get_grid_hash(), t.get_stats().grid_hash, "queries answer from the new grid")
	if job != null:
		check_eq(job.get_outcome(), DonjournoRebuildJob.OUTCOME_FINISHED, "the job finished")
		check_eq(job.get_progress(), 1.0, "the job's progress reached 1")
	check(t.regenerate_async(), "regenerate_async succeeds for an unchanged input")
	check(not t.is_generating(), "nothing running for an unchanged input")
	# A synchronous regenerate supersedes a running background one.
	g.seed = 14
	check(t.regenerate_async(), "regenerate_async starts again")
	var superseded := t.get_rebuild_job()
	g.seed = 15
	check(t.regenerate(), "synchronous regenerate")
	check(not t.is_generating(), "the background rebuild was cancelled")
	check(superseded != null and superseded.is_cancelled(), "its job reports the cancellation")
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
	var jobs: Array[DonjournoRebuildJob] = []
	for i in 5:
		var t := DonjournoTerrain.new()
		t.generator = _big_generator(200 + i)
		root.add_child(t)
		check(t.is_generating(), "generating after ready")
		var job := t.get_rebuild_job()
		check(job != null, "the job is reachable")
		await frames(i)
		# Whether the worker was still working when the node went: a fast machine may have
		# finished a job before its frame came, and such a job has nothing left to cancel.
		var running := job != null and job.is_running()
		t.free()
		if job != null:
			check(job.is_cancelled(), "freeing the node cancels its job (after %d frames)" % i)
			if running:
				jobs.append(job)
	# The first terrain is freed in the frame its rebuild started: at least its job was running.
	check(jobs.size() >= 1, "a job was still running when its node was freed")
	# The workers notice at their next progress report and stop without a result (no deadline
	# of its own: a worker that never stops fails by the runner's time limit for one test).
	await until(func() -> bool: return not jobs.any(func(j: DonjournoRebuildJob) -> bool: return j.is_running()))
	for k in jobs.size():
		check_eq(jobs[k].get_outcome(), DonjournoRebuildJob.OUTCOME_CANCELLED,
				"job %d, running when its node was freed, stopped as cancelled" % k)
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
