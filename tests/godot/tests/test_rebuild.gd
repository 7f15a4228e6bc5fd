extends "res://lib/test_case.gd"
## Coalesced, cached rebuilds.

var finished: Array[Dictionary] = []


func _record(stats: Dictionary) -> void:
	finished.append(stats)


func _watched(generator: DonjournoGenerator) -> DonjournoTerrain:
	var t := terrain_with(generator)
	await settled(t, 2)  # Let the rebuild scheduled by assigning the generator run out.
	t.generation_finished.connect(_record)
	return t


func test_edits_in_one_frame_give_exactly_one_rebuild() -> void:
	var g := small_generator()
	var t: DonjournoTerrain = await _watched(g)
	var runs: int = t.get_stats().pipeline_runs
	g.seed = 77
	g.coverage = 0.5
	g.forest_cover = 0.2
	check(t.is_rebuild_scheduled(), "a rebuild is scheduled")
	check(finished.is_empty(), "nothing is rebuilt before the end of the frame")
	await settled(t)
	check_eq(finished.size(), 1, "one generation_finished for three edits")
	check_eq(t.get_stats().pipeline_runs, runs + 1, "the pipeline ran once")
	check_eq(t.get_map().get_stats().pool_fraction, 0.5, "the last edit is in the result")
	g.seed = 78
	await settled(t)
	check_eq(finished.size(), 2, "a later edit rebuilds again")


func test_mesh_only_change_does_not_rerun_the_pipeline() -> void:
	var g := small_generator()
	var t: DonjournoTerrain = await _watched(g)
	var runs: int = t.get_stats().pipeline_runs
	var mesh_runs: int = t.get_stats().mesh_runs
	t.subdivisions = 2
	t.roughness_strength = 1.0
	await settled(t)
	check_eq(finished.size(), 1, "one rebuild")
	check_eq(t.get_stats().pipeline_runs, runs, "pipeline not run for mesh settings")
	check_eq(t.get_stats().mesh_runs, mesh_runs + 1, "mesh rebuilt once")
	check(t.get_stats().pipeline_cached, "stats say the grid was reused")
	check_eq(t.get_stats().pipeline_ms, 0.0, "no pipeline time")
	check_eq(arrays_of(t)[Mesh.ARRAY_VERTEX].size(), 64 * 64 * 4 * 6, "new tessellation shown")
	# The world scale places the climate (metres), so it generates the grid again.
	g.cell_size = 3.0
	g.height_scale = 20.0
	await settled(t)
	check_eq(t.get_stats().pipeline_runs, runs + 1, "cell_size and height_scale regenerate once")
	check_eq(t.get_stats().mesh_runs, mesh_runs + 2, "mesh rebuilt again")
	check_near(t.mesh.get_aabb().size.x, 64 * 3.0, 1e-3, "cell size applied")


func test_unchanged_input_rebuilds_nothing() -> void:
	var g := small_generator()
	var t: DonjournoTerrain = await _watched(g)
	var stats := t.get_stats()
	var mesh_before: Mesh = t.mesh
	check(t.regenerate(), "regenerate succeeds")
	g.seed = g.seed  # Same value: no `changed`.
	t.subdivisions = t.subdivisions
	await settled(t)
	check(finished.is_empty(), "no generation_finished")
	check_eq(t.get_stats().pipeline_runs, stats.pipeline_runs, "no pipeline run")
	check_eq(t.get_stats().mesh_runs, stats.mesh_runs, "no mesh run")
	check(t.mesh == mesh_before, "the same mesh resource is kept")
	# A change and its undo within one frame also rebuild nothing.
	g.seed = 1000
	g.seed = 1
	await settled(t)
	check(finished.is_empty(), "edit + undo in one frame rebuilds nothing")


func test_auto_regenerate_off_waits_for_regenerate() -> void:
	var g := small_generator()
	var t: DonjournoTerrain = await _watched(g)
	t.auto_regenerate = false
	var hash: int = t.get_stats().grid_hash
	g.seed = 555
	await settled(t)
	check(finished.is_empty(), "no automatic rebuild")
	check_eq(t.get_stats().grid_hash, hash, "old terrain still shown")
	check(t.regenerate(), "explicit regenerate")
	check_eq(finished.size(), 1, "regenerate() emits generation_finished")
	check(t.get_stats().grid_hash != hash, "new terrain shown")


func test_replacing_the_generator_disconnects_the_old_one() -> void:
	var old := small_generator(1)
	var t: DonjournoTerrain = await _watched(old)
	var replacement := small_generator(2)
	t.generator = replacement
	await settled(t)
	check_eq(finished.size(), 1, "the new generator is shown")
	old.seed = 99
	await settled(t)
	check_eq(finished.size(), 1, "edits of the old generator are ignored")
	var to_t := func(c: Dictionary) -> bool: return c.callable.get_object() == t
	check(old.changed.get_connections().filter(to_t).is_empty(), "old generator disconnected")
	check_eq(replacement.changed.get_connections().filter(to_t).size(), 1, "new generator connected once")
	t.generator = null
	await settled(t)
	check_eq(t.mesh.get_surface_count(), 0, "no generator, no terrain")
	check_eq(t.get_last_error(), "", "no generator is not an error")


## Heights along the middle row of a 64 × 64 terrain, every 4 cells.
func _heights_across(t: DonjournoTerrain) -> PackedFloat32Array:
	var heights := PackedFloat32Array()
	for x in range(0, 64, 4):
		heights.append(t.get_height_at(x + 0.5, 32.5))
	return heights


func test_handlers_may_query_the_terrain_during_the_signal() -> void:
	var g := small_generator()
	var t := DonjournoTerrain.new()
	var seen := []
	t.generation_finished.connect(func(stats: Dictionary) -> void:
		var map := t.get_map()
		seen.append([_heights_across(t), 0 if map == null else map.get_grid_hash(),
				stats.grid_hash, t.has_point(10.5, 20.5)]))
	t.generator = g
	root.add_child(t)
	await settled(t)
	check_eq(seen.size(), 1, "the signal was received")
	if seen.size() == 1:
		# Before the first rebuild the point is off the terrain (the node's ground plane); inside
		# the handler the queries already answer from the new terrain, as they do afterwards.
		check(seen[0][3], "the point is on the terrain inside the handler")
		check(t.has_point(10.5, 20.5), "and after it")
		var after := _heights_across(t)
		check_eq(seen[0][0], after, "the heights inside the handler are the new terrain's")
		check(Array(after).max() > 0.5, "the new terrain rises above the ground plane (%s)" % str(after))
		check_eq(seen[0][1], seen[0][2], "the map inside the handler is the new one")


func test_regenerate_may_be_connected_to_changed() -> void:
	var g := small_generator()
	var t: DonjournoTerrain = await _watched(g)
	t.auto_regenerate = false
	g.changed.connect(t.regenerate)
	g.seed = 321
	check_eq(finished.size(), 1, "regenerate() ran inside the generator's changed signal")
	check_eq(t.get_last_error(), "", "without error")
	g.changed.disconnect(t.regenerate)
