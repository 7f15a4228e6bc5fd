extends SceneTree
## Times DonjournoTerrain.regenerate() from the call to a finished ArrayMesh, and the share of
## that time spent outside the core (in the Godot glue: packed arrays, ArrayMesh upload,
## bookkeeping). Prints a Markdown table. Then measures the main thread during background
## rebuilds (automatic rebuilds and regenerate_async()): the longest frame while a terrain in the
## scene regenerates after one edit and through 20 rapid edits (one per frame).
##
## Usage: godot --headless --path tests/bench -s res://bench.gd [-- --runs=N]

const CASES := [[128, 1], [128, 4], [256, 1], [256, 4]]


func _init() -> void:
	var runs := 5
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--runs="):
			runs = maxi(1, int(arg.trim_prefix("--runs=")))
	print("Godot %s, %d threads, median of %d runs" % [
		Engine.get_version_info().string, OS.get_processor_count(), runs])
	print("")
	print("First build: fresh buffers. Again: a rebuild of the same size, which reuses them.")
	print("")
	print("| map | subdivisions | vertices | regenerate() → ArrayMesh, first / again | pipeline | mesh (core) | outside the core, first / again | share outside, first / again | mesh-only rebuild |")
	print("|---|---|---|---|---|---|---|---|---|")
	var worst_share := 0.0
	var worst_first := 0.0
	for case: Array in CASES:
		var size: int = case[0]
		var subdivisions: int = case[1]
		var generator := DonjournoGenerator.new()
		generator.width = size
		generator.depth = size
		var terrain := DonjournoTerrain.new()
		terrain.auto_regenerate = false
		terrain.subdivisions = subdivisions
		terrain.generator = generator
		var totals: Array[float] = []
		var pipelines: Array[float] = []
		var meshes: Array[float] = []
		var outside: Array[float] = []
		var remesh: Array[float] = []
		var stats := {}
		for i in runs:
			terrain.clear_cache()
			var started := Time.get_ticks_usec()
			var ok := terrain.regenerate()
			var total := (Time.get_ticks_usec() - started) / 1000.0
			if not ok:
				push_error("bench: regenerate failed: %s" % terrain.get_last_error())
				quit(1)
				return
			stats = terrain.get_stats()
			totals.append(total)
			pipelines.append(stats.pipeline_ms)
			meshes.append(stats.mesh_ms)
			outside.append(total - stats.pipeline_ms - stats.mesh_ms)
			# A mesh-only change: the cached grid is re-tessellated.
			terrain.roughness_strength = 0.5 if terrain.roughness_strength != 0.5 else 0.25
			started = Time.get_ticks_usec()
			terrain.regenerate()
			remesh.append((Time.get_ticks_usec() - started) / 1000.0)
		var first_share := outside[0] / totals[0]
		var again_total: Array[float] = totals.slice(1)
		var again_outside: Array[float] = outside.slice(1)
		if again_total.is_empty():
			again_total = totals
			again_outside = outside
		var share := _median(again_outside) / _median(again_total)
		worst_share = maxf(worst_share, share)
		worst_first = maxf(worst_first, first_share)
		print("| %d² | %d | %s | %.0f / %.0f ms | %.0f ms | %.0f ms | %.1f / %.1f ms | %.1f%% / %.1f%% | %.0f ms |" % [
			size, subdivisions, _thousands(stats.vertex_count), totals[0], _median(again_total),
			_median(pipelines), _median(meshes), outside[0], _median(again_outside),
			first_share * 100.0, share * 100.0, _median(remesh)])
		terrain.free()
	print("")
	print("largest share outside the core: %.1f%% on a first build, %.1f%% on a rebuild (target: under 20%%)" % [
			worst_first * 100.0, worst_share * 100.0])
	_async_bench.call_deferred(runs)


## Longest main-thread frames while terrains in the scene regenerate in the background.
func _async_bench(runs: int) -> void:
	print("")
	print("Background rebuilds: the longest main-thread frame while a terrain in the scene rebuilds (collision and trees on).")
	print("")
	print("| map | subdivisions | synchronous regenerate() | one edit: longest frame / main-thread time applying the result (spread over frames) | 20 edits, one per frame: longest frame | rebuilds shown |")
	print("|---|---|---|---|---|---|")
	var worst := 0.0
	for case: Array in [[128, 1], [256, 1], [256, 4]]:
		var generator := DonjournoGenerator.new()
		generator.width = case[0]
		generator.depth = case[0]
		var terrain := DonjournoTerrain.new()
		terrain.subdivisions = case[1]
		terrain.generator = generator
		var shown := [0]
		terrain.generation_finished.connect(func(_stats: Dictionary) -> void: shown[0] += 1)
		root.add_child(terrain)
		await _until_idle(terrain)
		var started := Time.get_ticks_usec()
		terrain.clear_cache()
		terrain.regenerate()
		var sync_ms := (Time.get_ticks_usec() - started) / 1000.0
		var single: Array[float] = []
		var apply: Array[float] = []
		for i in runs:
			generator.seed += 1
			single.append(await _until_idle(terrain))
			apply.append(terrain.get_stats().upload_ms)
		shown[0] = 0
		var burst := 0.0
		for i in 20:
			generator.seed += 1
			burst = maxf(burst, await _frame())
		burst = maxf(burst, await _until_idle(terrain))
		worst = maxf(worst, maxf(burst, single.max()))
		print("| %d² | %d | %.0f ms | %.1f / %.1f ms | %.1f ms | %d of 20 |" % [
				case[0], case[1], sync_ms, _median(single), _median(apply), burst, shown[0]])
		terrain.free()
	print("")
	print("longest main-thread stall during background regeneration: %.1f ms" % worst)
	await _navigation_bench(runs)
	quit(0)


## Times the navigation bake of a 512² terrain (worker thread and Godot's worker pool) from the
## finished mesh to the regions in place, and the longest main-thread frame meanwhile.
func _navigation_bench(runs: int) -> void:
	print("")
	var generator := DonjournoGenerator.new()
	generator.width = 512
	generator.depth = 512
	var terrain := DonjournoTerrain.new()
	terrain.generator = generator
	root.add_child(terrain)
	await _until_idle(terrain)
	var bakes: Array[float] = []
	var frames: Array[float] = []
	for i in runs:
		terrain.navigation_enabled = true
		var longest := 0.0
		while terrain.is_baking_navigation():
			longest = maxf(longest, await _frame())
		bakes.append(terrain.get_navigation_bake_ms())
		frames.append(longest)
		terrain.navigation_enabled = false
	var polygons := 0
	terrain.navigation_enabled = true
	while terrain.is_baking_navigation():
		await _frame()
	for region in terrain.get_navigation_regions():
		polygons += region.navigation_mesh.get_polygon_count()
	print("navigation bake 512² (%d regions, %d polygons, cell %.2f): %.0f ms off the main thread (target ≤ 500 ms), longest frame meanwhile %.1f ms" % [
			terrain.get_navigation_regions().size(), polygons, terrain.navigation_cell_size,
			_median(bakes), _median(frames)])
	terrain.free()


## Waits one frame; returns its length in milliseconds.
func _frame() -> float:
	var started := Time.get_ticks_usec()
	await process_frame
	return (Time.get_ticks_usec() - started) / 1000.0


## Waits until the terrain has nothing scheduled or running; returns the longest frame.
func _until_idle(terrain: DonjournoTerrain) -> float:
	var longest := await _frame()
	while terrain.is_generating() or terrain.is_rebuild_scheduled():
		longest = maxf(longest, await _frame())
	return longest


static func _median(values: Array[float]) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	return sorted[sorted.size() / 2]


static func _thousands(n: int) -> String:
	var s := str(n)
	var out := ""
	while s.length() > 3:
		out = "," + s.right(3) + out
		s = s.left(s.length() - 3)
	return s + out
