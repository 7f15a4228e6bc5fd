extends "res://lib/test_case.gd"
## The runner's charging of errors (runner.gd): an announced error absorbs one matching error of
## its own test, nothing else.

const Runner := preload("res://runner.gd")


func test_announced_errors_absorb_one_matching_error_each() -> void:
	var none := PackedStringArray()
	check_eq(Runner.unexpected_errors(PackedStringArray(["ERROR: coverage must be in [0, 1]"]),
			PackedStringArray(["coverage must be"])), none, "an announced error is absorbed")
	var twice := Runner.unexpected_errors(
			PackedStringArray(["ERROR: coverage must be 1", "ERROR: coverage must be 2"]),
			PackedStringArray(["coverage must be"]))
	check_eq(twice.size(), 1, "one announcement absorbs one error only")
	check(twice.size() == 1 and twice[0].contains("coverage must be 2"), "the second one is unexpected")
	var missing := Runner.unexpected_errors(none, PackedStringArray(["no terrain to bake"]))
	check(missing.size() == 1 and missing[0].contains("never reported: no terrain to bake"),
			"an announced error that never comes is a problem: %s" % str(missing))
	var other := Runner.unexpected_errors(PackedStringArray(["ERROR: width must be"]),
			PackedStringArray(["coverage must be"]))
	check_eq(other.size(), 2, "an unrelated error is not absorbed, and the announced one is missing")
	var script := Runner.unexpected_errors(
			PackedStringArray(["SCRIPT ERROR: Invalid call: coverage must be"]),
			PackedStringArray(["coverage must be"]))
	check_eq(script.size(), 2, "a script error is never absorbed")


func test_an_error_fails_the_test_that_reports_it() -> void:
	# This test reports an error and announces it: it passes only because the runner charged the
	# error to it and found the announcement (an unannounced error would fail it by name).
	expect_error("donjourno runner self-check")
	push_error("donjourno runner self-check")
