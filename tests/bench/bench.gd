extends SceneTree
## Times DonjournoTerrain.regenerate() from the call to a finished ArrayMesh, and the share of
## that time spent outside the core (in the Godot glue: packed arrays, ArrayMesh upload,
## bookkeeping). Prints a Markdown table. Then measures the main thread during background
## rebuilds (automatic rebuilds and regenerate_async()): the longest frame while a terrain in the
## scene regenerates after one edit and through 20 rapid edits (one per frame). Last, big maps
## drawn in chunks (`--chunked=2048,4096`, default 2048) built in the background on the default
## isometric view: generation time, the longest main-thread frame while the map builds and its
## chunks fill in, primitives drawn per frame, memory.
##
## Usage: godot --headless --path tests/bench -s res://bench.gd [-- --runs=N] [--chunked=SIZES]
##        [--chunked-only] [--navigation-only]

const CASES := [[128, 1], [128, 4], [256, 1], [256, 4]]
const MIB := 1024.0 * 1024.0

## Sides of the chunked maps measured last.
var chunked_sizes: Array[int] = [2048]
## Whether only the chunked maps are measured.
var chunked_only := false
## Whether only the navigation bakes are measured.
var navigation_only := false


func _init() -> void:
	var runs := 5
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--runs="):
			runs = maxi(1, int(arg.trim_prefix("--runs=")))
		elif arg.begins_with("--chunked="):
			chunked_sizes.clear()
			for size in arg.trim_prefix("--chunked=").split(","):
				chunked_sizes.append(int(size))
		elif arg == "--chunked-only":
			chunked_only = true
		elif arg == "--navigation-only":
			navigation_only = true
	print("Godot %s, %d threads, median of %d runs" % [
		Engine.get_version_info().string, OS.get_processor_count(), runs])
	print("")
	if chunked_only:
		_chunked_bench.call_deferred()
		return
	if navigation_only:
		_navigation_benches.call_deferred(runs)
		return
	print("First build: fresh buffers. Again: a rebuild of the same size, which reuses them.")
	print("")
	print("| map | subdivisions | vertices | regenerate() → ArrayMesh, first / again | pipeline | mesh + water, trees, scatter (core) | outside the core, first / again | share outside, first / again | mesh-only rebuild |")
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
			meshes.append(stats.mesh_ms + stats.features_ms)
			outside.append(total - stats.pipeline_ms - stats.mesh_ms - stats.features_ms)
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
	await _navigation_benches(runs)
	await _chunked_bench()


## Big maps in chunks, built in the background under an isometric camera (collision, trees and
## water on): generation time, the longest main-thread frame until every chunk is a node,
## primitives drawn per frame and memory.
func _chunked_bench() -> void:
	print("")
	print("Chunked maps, built in the background on the default isometric view (chunk_size 256, collision, trees and water on).")
	print("")
	print("| map | chunks | generation: pipeline / meshes (worker) | shown after | longest main-thread frame until every chunk is a node | primitives drawn per frame | Godot static memory | process peak memory |")
	print("|---|---|---|---|---|---|---|---|")
	var primitives_measured := false
	for size in chunked_sizes:
		var row := await _chunked_case(size)
		primitives_measured = primitives_measured or row[1]
		print(row[0])
	print("")
	if not primitives_measured:
		print("primitives drawn per frame: not measured, the headless dummy renderer draws nothing (Performance.RENDER_TOTAL_PRIMITIVES_IN_FRAME reads 0)")
	print("targets: at most 2 M primitives drawn per frame, 1.5 GB for a 4096² map, 16 ms for the longest frame")
	quit(0)


## One chunked map of `size`²: `[table row, whether primitives were counted]`.
func _chunked_case(size: int) -> Array:
	var generator := DonjournoGenerator.new()
	generator.width = size
	generator.depth = size
	var terrain := DonjournoTerrain.new()
	terrain.generator = generator
	var rig := _isometric_rig(size * generator.cell_size, generator.height_scale)
	root.add_child(rig)
	var started := Time.get_ticks_usec()
	var steal := _steal_ms()
	root.add_child(terrain)
	var longest := await _frame()
	while terrain.is_generating() or terrain.is_rebuild_scheduled() or terrain.is_filling_chunks():
		longest = maxf(longest, await _frame())
	var shown_after := (Time.get_ticks_usec() - started) / 1e6
	var stats := terrain.get_stats()
	var row := "| %d² | refused: %s | | | | | | |" % [size, terrain.get_last_error()]
	var counted := false
	if terrain.get_last_error().is_empty():
		for i in 5:
			longest = maxf(longest, await _frame())
		var primitives := Performance.get_monitor(Performance.RENDER_TOTAL_PRIMITIVES_IN_FRAME)
		counted = primitives > 0
		row = "| %d² | %d | %.1f / %.1f s | %.1f s | %.1f ms | %s | %.0f MiB | %s |" % [
				size, terrain.get_chunk_count(), stats.pipeline_ms / 1000.0,
				stats.mesh_ms / 1000.0, shown_after, longest,
				_thousands(int(primitives)) if counted else "n/a headless",
				Performance.get_monitor(Performance.MEMORY_STATIC) / MIB, _peak_memory()]
		if steal >= 0.0:
			print("%d²: the hypervisor held this machine's CPUs for %.0f ms while it built (steal time), which any frame may absorb" % [
					size, _steal_ms() - steal])
		print("%d²: the frame that showed it took %.1f ms on the main thread: %s" % [
				size, stats.show_ms, stats.show_parts_ms])
		if counted:
			# Where the primitives go: without the trees, then without the water too.
			terrain.trees_enabled = false
			for i in 3:
				await _frame()
			var no_trees := Performance.get_monitor(Performance.RENDER_TOTAL_PRIMITIVES_IN_FRAME)
			terrain.water_visible = false
			for i in 3:
				await _frame()
			var ground := Performance.get_monitor(Performance.RENDER_TOTAL_PRIMITIVES_IN_FRAME)
			print("%d²: primitives per frame: %s terrain, %s water, %s trees" % [size,
					_thousands(int(ground)), _thousands(int(no_trees - ground)),
					_thousands(int(primitives - no_trees))])
	terrain.free()
	rig.free()
	return [row, counted]


## An orthographic camera at the isometric angle (35.26° down, 45° around) framing a square map
## of side `extent` whose corner is at the origin, as the demo frames it.
func _isometric_rig(extent: float, height: float) -> Node3D:
	var elevation := deg_to_rad(35.264)
	var rig := Node3D.new()
	rig.position = Vector3(extent / 2.0, height * 0.25, extent / 2.0)
	rig.rotation.y = deg_to_rad(45.0)
	var camera := Camera3D.new()
	camera.projection = Camera3D.PROJECTION_ORTHOGONAL
	var distance := maxf(600.0, extent * sqrt(2.0) + height)
	camera.position = Vector3(0.0, sin(elevation), cos(elevation)) * distance
	camera.rotation = Vector3(-elevation, 0.0, 0.0)
	camera.near = 1.0
	camera.far = distance * 3.0
	camera.size = extent * sqrt(2.0) * 1.08
	rig.add_child(camera)
	camera.current = true
	return rig


## The process's peak resident memory (Linux: VmHWM of /proc/self/status), or "n/a".
## CPU time a hypervisor has taken from this machine since boot, summed over its CPUs, in
## milliseconds (Linux: the steal column of /proc/stat, in hundredths of a second), or -1.
static func _steal_ms() -> float:
	var stat := FileAccess.open("/proc/stat", FileAccess.READ)
	if stat == null:
		return -1.0
	var fields := stat.get_line().split(" ", false)
	if fields.size() < 9 or fields[0] != "cpu":
		return -1.0
	return float(fields[8]) * 10.0


static func _peak_memory() -> String:
	var status := FileAccess.open("/proc/self/status", FileAccess.READ)
	if status == null:
		return "n/a"
	while not status.eof_reached():
		var line := status.get_line()
		if line.begins_with("VmHWM:"):
			var kib := int(line.trim_prefix("VmHWM:").strip_edges().trim_suffix("kB").strip_edges())
			return "%.0f MiB" % (kib / 1024.0)
	return "n/a"



## The navigation bakes of the default 512² terrain, without and with settlements (roads get
## regions of their own).
func _navigation_benches(runs: int) -> void:
	print("")
	await _navigation_bench(runs, false)
	await _navigation_bench(runs, true)
	if navigation_only:
		quit()


## Times the navigation bake of a 512² terrain (worker thread and Godot's worker pool) from the
## finished mesh to the regions in place, and the longest main-thread frame meanwhile.
func _navigation_bench(runs: int, settlements: bool) -> void:
	var generator := DonjournoGenerator.new()
	generator.width = 512
	generator.depth = 512
	generator.settlements_enabled = settlements
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
	var roads := 0
	for region in terrain.get_navigation_regions():
		roads += int(region.travel_cost != 1.0)
	print("navigation bake 512²%s (%d regions, %d of them roads, %d polygons, cell %.2f): %.0f ms off the main thread (target ≤ 500 ms), longest frame meanwhile %.1f ms" % [
			" with settlements" if settlements else "", terrain.get_navigation_regions().size(),
			roads, polygons, terrain.navigation_cell_size, _median(bakes), _median(frames)])
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
