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
	var warned := Runner.unexpected_errors(
			PackedStringArray(["WARNING: hex_radius widened"]), PackedStringArray())
	check(warned.size() == 1 and warned[0].contains("unexpected WARNING: hex_radius widened"),
			"an unannounced warning is a problem: %s" % str(warned))
	check_eq(Runner.unexpected_errors(PackedStringArray(["WARNING: hex_radius widened"]),
			PackedStringArray(), PackedStringArray(["hex_radius"])), none,
			"an announced warning is absorbed")
	check_eq(Runner.unexpected_errors(PackedStringArray(["WARNING: hex_radius widened"]),
			PackedStringArray(["hex_radius"])).size(), 2,
			"an announced error does not absorb a warning")
	check_eq(Runner.unexpected_errors(PackedStringArray(["ERROR: hex_radius widened"]),
			PackedStringArray(), PackedStringArray(["hex_radius"])).size(), 2,
			"an announced warning does not absorb an error")
	var unseen := Runner.unexpected_errors(none, none, PackedStringArray(["widened"]))
	check(unseen.size() == 1 and unseen[0].contains("warning never reported: widened"),
			"an announced warning that never comes is a problem: %s" % str(unseen))


func test_a_warning_is_charged_to_the_test_that_reports_it() -> void:
	# Passes only because the runner collected the warning, charged it to this test and found
	# the announcement (an unannounced warning would fail it by name).
	expect_warning("donjourno runner warning self-check")
	push_warning("donjourno runner warning self-check")


func test_an_error_fails_the_test_that_reports_it() -> void:
	# This test reports an error and announces it: it passes only because the runner charged the
	# error to it and found the announcement (an unannounced error would fail it by name).
	expect_error("donjourno runner self-check")
	push_error("donjourno runner self-check")
