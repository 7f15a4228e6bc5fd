extends Node
## Runs every `test_*` method of every script in res://tests/, one fresh instance per test, and
## prints one `PASS name` or `FAIL name: reasons` line each, then a summary line, then quits with
## the number of failures as exit code.

const TESTS_DIR := "res://tests"

var passed := 0
var failed := 0


func _ready() -> void:
	_run_all.call_deferred()


func _run_all() -> void:
	var only := OS.get_environment("DONJOURNO_TEST_FILTER")
	var files := Array(DirAccess.get_files_at(TESTS_DIR))
	files.sort()
	for file: String in files:
		if not (file.begins_with("test_") and file.ends_with(".gd")):
			continue
		var script: GDScript = load(TESTS_DIR.path_join(file))
		if script == null or not script.can_instantiate():
			failed += 1
			print("FAIL %s: the script does not load" % file)
			continue
		var names: Array[String] = []
		for m in script.get_script_method_list():
			if m.name.begins_with("test_") and not names.has(m.name):
				names.append(m.name)
		for method in names:
			var name := "%s::%s" % [file.get_basename(), method]
			if only != "" and not name.contains(only):
				continue
			await _run_one(script, method, name)
	print("GDSCRIPT RESULTS: %d passed, %d failed" % [passed, failed])
	get_tree().quit(mini(failed, 100))


func _run_one(script: GDScript, method: String, name: String) -> void:
	var test: RefCounted = script.new()
	var root := Node3D.new()
	root.name = name.validate_node_name()
	add_child(root)
	test.root = root
	test.tree = get_tree()
	var started := Time.get_ticks_msec()
	await test.call(method)
	var elapsed := Time.get_ticks_msec() - started
	root.queue_free()
	await get_tree().process_frame
	if test.failures.is_empty():
		passed += 1
		print("PASS %s (%d ms)" % [name, elapsed])
	else:
		failed += 1
		print("FAIL %s: %s" % [name, "; ".join(test.failures)])
