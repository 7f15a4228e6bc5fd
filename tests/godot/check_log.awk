# Reads a Godot log and prints the problems in it, one a line:
#   TEST<TAB>name<TAB>problem   inside the BEGIN name ... END name: N errors section of a test
#                               (printed by runner.gd);
#   LOG<TAB>problem             anywhere else (start-up, shut-down, logs without sections).
# Problems: SCRIPT ERROR, ERROR: and WARNING: lines, Rust panics, leaks at exit, a test that
# began and never ended. Inside a section the runner has already charged the errors it saw (through its
# Logger) to the test, expected ones included, so only errors beyond its count are problems there:
# an error that did not pass through the Logger. Warnings count as errors: the runner charges
# them to the test too (announced with expect_warning).
# Used by tests/run_godot_tests.sh and tests/tools/test-dist.sh (the new user's log).

function problem(text) {
    if (current != "")
        printf "TEST\t%s\t%s\n", current, text
    else
        printf "LOG\t%s\n", text
}

# Lines Godot prints under Xvfb with llvmpipe that say nothing about the project.
/Could not set V-Sync mode|at: set_use_vsync/ { next }

# godot-rust's own notice when the editor loads the extension: the typed-signal connections it
# made before the editor level are disconnected for hot reload (godot-core's
# signal_connections_registry.rs). It names no fault of the project's; every other warning counts.
/godot-rust: TypedSignal connections are now auto-disconnected/ { next }

/^BEGIN / {
    if (current != "")
        problem("began another test before it ended")
    current = substr($0, 7)
    errors = 0
    next
}

/^END .*: [0-9]+ errors$/ {
    seen = $0
    sub(/ errors$/, "", seen)
    sub(/.*: /, "", seen)
    if (errors > seen + 0)
        problem(sprintf("the log shows %d errors, the runner saw %d", errors, seen))
    current = ""
    next
}

# The runner's own lines quote errors; they are not errors themselves.
/^(PASS|FAIL|EXPECT-ERROR:|EXPECT-WARNING:|GDSCRIPT RESULTS:) / { next }

/^(USER |SCRIPT |SHADER )?ERROR:/ {
    errors++
    if (current == "")
        problem("error: " $0)
    next
}

/^(USER )?WARNING:/ {
    errors++
    if (current == "")
        problem("warning: " $0)
    next
}

/panicked/ { problem("Rust panic: " $0); next }

/leaked|still in use at exit|Orphan StringName/ { problem("leak: " $0); next }

END {
    if (current != "")
        problem("began and never ended (crash or hang)")
}
