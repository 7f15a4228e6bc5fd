extends SceneTree
## A new user's first steps with the packaged addon, in a fresh project where the package was just
## unzipped (tests/tools/test-dist.sh): make a generator and a terrain, wait for the terrain to be
## generated, ask it for heights, then switch to one of the shipped presets.
##
## Run: godot --headless --path PROJECT --script res://new_user.gd
## Prints one "ok   ..." or "FAIL ..." line per check, then "new_user: N passed, N failed", and
## quits with status 1 on any failure.

const SIZE := 96
const PRESET := "res://addons/donjourno/presets/island.tres"
const WAIT_MS := 120000

var passed := 0
var failed := 0
var finished_stats: Array[Dictionary] = []


func check(ok: bool, what: String) -> void:
	if ok:
		passed += 1
		print("ok   ", what)
	else:
		failed += 1
		print("FAIL ", what)


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	for name in ["DonjournoGenerator", "DonjournoTerrain", "DonjournoMap"]:
		check(ClassDB.class_exists(name), "the package registers %s" % name)
	if failed > 0:
		_finish()
		return

	var generator := DonjournoGenerator.new()
	generator.seed = 2024
	generator.width = SIZE
	generator.depth = SIZE
	check(generator.get_validation_error() == "", "a new generator is valid")

	var terrain := DonjournoTerrain.new()
	terrain.generator = generator
	terrain.generation_finished.connect(func(stats: Dictionary) -> void: finished_stats.append(stats))
	root.add_child(terrain)
	check(await _generated(terrain, 1), "generation_finished arrives for the new terrain")
	var first := _heights(terrain)
	check(_all_finite(first), "heights are numbers (%d samples)" % first.size())
	check(first.max() > first.min(), "the terrain is not flat (heights %.2f to %.2f)" % [first.min(), first.max()])
	var box := terrain.get_aabb()
	var inside := first.all(func(h: float) -> bool: return h >= box.position.y - 1e-3 and h <= box.end.y + 1e-3)
	check(inside, "the heights lie within the mesh's bounds (y %.2f to %.2f)" % [box.position.y, box.end.y])

	var preset: Resource = load(PRESET)
	check(preset is DonjournoGenerator, "%s loads as a DonjournoGenerator" % PRESET)
	if preset is DonjournoGenerator:
		check(preset.get_validation_error() == "", "the preset is valid")
		var island: DonjournoGenerator = preset.duplicate()
		island.width = SIZE
		island.depth = SIZE
		terrain.generator = island
		check(await _generated(terrain, 2), "generation_finished arrives after switching to the preset")
		var second := _heights(terrain)
		check(_all_finite(second), "the preset's heights are numbers")
		check(second != first, "the preset gives another terrain")
	_finish()


## Waits (frame by frame, at most WAIT_MS) until generation_finished was emitted `count` times.
func _generated(terrain: DonjournoTerrain, count: int) -> bool:
	var deadline := Time.get_ticks_msec() + WAIT_MS
	while finished_stats.size() < count and Time.get_ticks_msec() < deadline:
		await process_frame
	return finished_stats.size() >= count and not terrain.is_generating()


## Heights on an 8×8 grid of points over the terrain's mesh (the node sits at the origin).
func _heights(terrain: DonjournoTerrain) -> Array[float]:
	var box := terrain.get_aabb()
	var out: Array[float] = []
	for i in 8:
		for j in 8:
			var x := box.position.x + (i + 0.5) * box.size.x / 8.0
			var z := box.position.z + (j + 0.5) * box.size.z / 8.0
			out.append(terrain.get_height_at(x, z))
	return out


func _all_finite(values: Array[float]) -> bool:
	return values.all(func(v: float) -> bool: return is_finite(v))


func _finish() -> void:
	print("new_user: %d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 else 0)
