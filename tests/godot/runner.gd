extends Node
## Runs every `test_*` method of every script in res://tests/, one fresh instance per test.
##
## Around each test it prints `BEGIN name` and `END name: N errors`, then `PASS name` or
## `FAIL name: reasons`; at the end `GDSCRIPT RESULTS: N passed, M failed`, and it quits with the
## number of failures (at most 100) as exit code.
##
## A test fails when one of its checks fails, when Godot reports an error while it runs
## (`SCRIPT ERROR`, `ERROR:`, `push_error`, `printerr`; collected by a `Logger`, see
## lib/error_log.gd) that the test did not announce with `expect_error()`, or a warning
## (`WARNING:`, `push_warning`) that it did not announce with `expect_warning()`, or when an
## announced error or warning never comes. The names of the tests that exist are compared with expected_tests.txt:
## a listed test that is missing (a file deleted or renamed) fails, and so does a test that is not
## listed.
##
## Each test has a time limit (DONJOURNO_TEST_TIMEOUT seconds, 120 by default). A test still
## waiting when its time is up fails as `FAIL name: timed out after N s`, and the run goes on with
## the next test. A test that holds the main thread (a loop that never yields) cannot be stopped:
## a watchdog thread then prints `FAIL name: timed out after N s (hung: the run stops here)` a few
## seconds later and kills the process, so a hang costs its time limit, not the whole suite's.
##
## Environment: DONJOURNO_TEST_FILTER runs only the tests whose `file::method` name contains it
## (refused when CI is set: a filtered run is not the suite); DONJOURNO_TEST_TIMEOUT, the time
## limit of one test in seconds.

const TESTS_DIR := "res://tests"
const EXPECTED_LIST := "res://expected_tests.txt"
const ErrorLog := preload("res://lib/error_log.gd")
const DEFAULT_TIMEOUT_S := 120.0
## How long after a test's time limit the watchdog gives the main thread before it kills the run.
const WATCHDOG_GRACE_MS := 5000

var passed := 0
var failed := 0
var _errors := ErrorLog.new()
var _timeout_ms := int(DEFAULT_TIMEOUT_S * 1000.0)
## The watchdog's view of the running test, under `_watch_mutex`: its name, and when it must have
## ended (0: no test running; -1: stop watching).
var _watch_mutex := Mutex.new()
var _watch_name := ""
var _watch_deadline := 0
var _watchdog := Thread.new()


func _ready() -> void:
	OS.add_logger(_errors)
	_run_all.call_deferred()


func _run_all() -> void:
	var only := OS.get_environment("DONJOURNO_TEST_FILTER")
	if only != "" and OS.has_environment("CI"):
		_record("DONJOURNO_TEST_FILTER", ["set to \"%s\" while CI is set: a filtered run skips tests, unset it" % only])
		_finish()
		return
	var timeout := OS.get_environment("DONJOURNO_TEST_TIMEOUT")
	if timeout != "":
		if not timeout.is_valid_float() or timeout.to_float() <= 0.0:
			_record("DONJOURNO_TEST_TIMEOUT", ["\"%s\" is not a positive number of seconds" % timeout])
			_finish()
			return
		_timeout_ms = int(timeout.to_float() * 1000.0)
	_watchdog.start(_watch)
	var expected := _expected_names()
	var found: PackedStringArray = []
	var files := Array(DirAccess.get_files_at(TESTS_DIR))
	files.sort()
	for file: String in files:
		if not (file.begins_with("test_") and file.ends_with(".gd")):
			continue
		_check_between_tests("before loading %s" % file)
		var script: GDScript = load(TESTS_DIR.path_join(file))
		var load_errors := _errors.take()
		if script == null or not script.can_instantiate() or not load_errors.is_empty():
			var reasons := PackedStringArray(["the script does not load"])
			reasons.append_array(load_errors)
			_record(file.get_basename(), reasons)
			continue
		var names: Array[String] = []
		for m in script.get_script_method_list():
			if m.name.begins_with("test_") and not names.has(m.name):
				names.append(m.name)
		for method in names:
			var name := "%s::%s" % [file.get_basename(), method]
			found.append(name)
			if only != "" and not name.contains(only):
				continue
			await _run_one(script, method, name, expected.has(name))
	_check_between_tests("after the last test")
	for name in expected:
		if not found.has(name) and (only == "" or name.contains(only)):
			_record(name, ["listed in %s but not found (test file deleted or renamed?)" % EXPECTED_LIST])
	if expected.is_empty():
		_record("expected tests", ["%s is missing or empty" % EXPECTED_LIST])
	_watch_mutex.lock()
	_watch_deadline = -1
	_watch_mutex.unlock()
	_watchdog.wait_to_finish()
	_finish()


func _finish() -> void:
	print("GDSCRIPT RESULTS: %d passed, %d failed" % [passed, failed])
	OS.remove_logger(_errors)
	get_tree().quit(mini(failed, 100))


func _run_one(script: GDScript, method: String, name: String, listed: bool) -> void:
	_check_between_tests("before %s" % name)
	print("BEGIN ", name)
	var test: RefCounted = script.new()
	var root := Node3D.new()
	root.name = name.validate_node_name()
	add_child(root)
	test.root = root
	test.tree = get_tree()
	var started := Time.get_ticks_msec()
	var state := {"done": false}
	_watch_mutex.lock()
	_watch_name = name
	_watch_deadline = started + _timeout_ms + WATCHDOG_GRACE_MS
	_watch_mutex.unlock()
	_call_test(test, method, state)
	while not state.done and Time.get_ticks_msec() - started < _timeout_ms:
		await get_tree().process_frame
	_watch_mutex.lock()
	_watch_deadline = 0
	_watch_mutex.unlock()
	var elapsed := Time.get_ticks_msec() - started
	if not state.done:
		test.failures.append("timed out after %s s (DONJOURNO_TEST_TIMEOUT)" % _timeout_text())
	root.queue_free()
	# Errors of the frame that frees the test's nodes are the test's too.
	await get_tree().process_frame
	var reported := _errors.take()
	print("END %s: %d errors" % [name, reported.size()])
	var reasons: PackedStringArray = test.failures.duplicate()
	reasons.append_array(unexpected_errors(reported, test.expected_errors, test.expected_warnings))
	if not listed:
		reasons.append("not listed in %s: add it there" % EXPECTED_LIST)
	_record(name, reasons, elapsed)


## Runs one test method to its end, then sets `state.done` (called without `await`, so that the
## runner can stop waiting for it).
func _call_test(test: RefCounted, method: String, state: Dictionary) -> void:
	await test.call(method)
	state.done = true


## The watchdog thread: kills the run when a test holds the main thread past its time limit.
func _watch() -> void:
	while true:
		OS.delay_msec(100)
		_watch_mutex.lock()
		var deadline := _watch_deadline
		var name := _watch_name
		_watch_mutex.unlock()
		if deadline < 0:
			return
		if deadline > 0 and Time.get_ticks_msec() > deadline:
			printerr("FAIL %s: timed out after %s s (hung: the run stops here)" % [name, _timeout_text()])
			OS.kill(OS.get_process_id())
			return


func _timeout_text() -> String:
	return str(snappedf(_timeout_ms / 1000.0, 0.001))


## The problems of a test that reported `reported` after announcing the errors `expected` and
## the warnings `warnings`: each announced text must match one reported line of its kind (by
## substring, each line matching at most one announcement; a `WARNING:` line only a warning's,
## any other line only an error's), every other reported line is unexpected. Script errors are
## never expected.
static func unexpected_errors(reported: PackedStringArray, expected: PackedStringArray,
		warnings: PackedStringArray = PackedStringArray()) -> PackedStringArray:
	var used: Array[bool] = []
	used.resize(expected.size())
	used.fill(false)
	var used_warnings: Array[bool] = []
	used_warnings.resize(warnings.size())
	used_warnings.fill(false)
	var problems: PackedStringArray = []
	for line in reported:
		var matched := false
		if line.begins_with("WARNING"):
			for i in warnings.size():
				if not used_warnings[i] and line.contains(warnings[i]):
					used_warnings[i] = true
					matched = true
					break
		elif not line.begins_with("SCRIPT ERROR"):
			for i in expected.size():
				if not used[i] and line.contains(expected[i]):
					used[i] = true
					matched = true
					break
		if not matched:
			problems.append("unexpected %s" % line)
	for i in expected.size():
		if not used[i]:
			problems.append("announced error never reported: %s" % expected[i])
	for i in warnings.size():
		if not used_warnings[i]:
			problems.append("announced warning never reported: %s" % warnings[i])
	return problems


func _record(name: String, reasons: PackedStringArray, elapsed: int = -1) -> void:
	if reasons.is_empty():
		passed += 1
		print("PASS %s (%d ms)" % [name, elapsed])
	else:
		failed += 1
		print("FAIL %s: %s" % [name, "; ".join(reasons)])


## Errors reported outside any test (a previous test's late work, a script loading) fail a test of
## their own.
func _check_between_tests(when: String) -> void:
	var stray := _errors.take()
	if not stray.is_empty():
		_record("(errors %s)" % when, stray)


func _expected_names() -> PackedStringArray:
	var names: PackedStringArray = []
	var text := FileAccess.get_file_as_string(EXPECTED_LIST)
	for line in text.split("\n"):
		line = line.strip_edges()
		if not line.is_empty() and not line.begins_with("#"):
			names.append(line)
	return names
