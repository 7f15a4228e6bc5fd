#!/usr/bin/env bash
# Godot-side tests of the Donjourno addon, in a real Godot (headless, plus Xvfb for the shots).
#
# Usage: tests/run_godot_tests.sh [--no-shots]
#
# Expects the debug library in addons/donjourno/bin/ (`make addon-debug`; `make test-godot`
# builds it and then runs this script). Steps, each counted as tests:
#   1. the test project (tests/godot) imports without errors;
#   2. its suite (tests/godot/tests/test_*.gd) passes, one test per `test_*` method;
#   3. that run's log is clean: no SCRIPT ERROR, no ERROR: line other than the ones the tests
#      announce with `EXPECT-ERROR: text` (each announced error must appear), no Rust panic, no
#      leaked instances or resources at exit;
#   4. the demo project (godot_project) imports, opens in the editor headless and runs its main
#      scene without errors;
#   5. the demo rendered under Xvfb at 9:00 and 17:00 (target/shots/terrain_*.png) is not blank
#      and shows grass, rock, snow and water (skipped with --no-shots).
# Logs go to target/godot-tests/. The last line reads `Godot tests: N passed, M failed`; the
# exit status is 0 only when nothing failed.
#
# Environment: GODOT and the other variables of tests/tools/godot.sh; DONJOURNO_TEST_FILTER
# runs only the suite tests whose `file::method` name contains it.

set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

SHOTS=1
[[ "${1:-}" == --no-shots ]] && SHOTS=0

LOGS="$ROOT/target/godot-tests"
mkdir -p "$LOGS"
GODOT="$ROOT/tests/tools/godot.sh"
TIMEOUT=600

passed=0
failed=0
pass() { passed=$((passed + 1)); printf 'PASS %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$1"; }

# Lines Godot prints under Xvfb with llvmpipe that say nothing about the project.
benign() {
    grep -v -e 'Could not set V-Sync mode' -e 'at: set_use_vsync'
}

# Prints the problems found in a Godot log: script errors, errors not announced with
# EXPECT-ERROR (and announced ones that never came), Rust panics, leaks at exit.
log_problems() {
    local log="$1"
    local -a expected=() used=()
    local line i found
    while IFS= read -r line; do
        expected+=("${line#EXPECT-ERROR: }")
        used+=(0)
    done < <(grep -a '^EXPECT-ERROR: ' "$log")
    while IFS= read -r line; do
        case "$line" in
            *'SCRIPT ERROR'*)
                printf 'script error: %s\n' "$line"
                ;;
            *'ERROR:'*)
                found=0
                for i in "${!expected[@]}"; do
                    if (( used[i] == 0 )) && [[ "$line" == *"${expected[i]}"* ]]; then
                        used[i]=1
                        found=1
                        break
                    fi
                done
                (( found )) || printf 'unexpected error: %s\n' "$line"
                ;;
            *panicked*)
                printf 'Rust panic: %s\n' "$line"
                ;;
            *leaked*|*'still in use at exit'*|*'Orphan StringName'*)
                printf 'leak: %s\n' "$line"
                ;;
        esac
    done < <(grep -a -v '^EXPECT-ERROR: ' "$log" | benign)
    for i in "${!expected[@]}"; do
        (( used[i] == 1 )) || printf 'announced error never reported: %s\n' "${expected[i]}"
    done
}

# Runs Godot with a time limit, logging to $LOGS/NAME.log; fails the step NAME with the log's
# problems or a non-zero exit status.
godot_step() {
    local name="$1" description="$2"
    shift 2
    run_step "$name" "$description" timeout "$TIMEOUT" "$GODOT" "$@"
}

# Imports a project (see tests/tools/godot-import.sh) as the step NAME.
import_step() {
    local name="$1" description="$2" project="$3"
    run_step "$name" "$description" tests/tools/godot-import.sh "$project" "$LOGS/$name.log"
}

# Runs a command logging to $LOGS/NAME.log; fails the step NAME with the log's problems or a
# non-zero exit status.
run_step() {
    local name="$1" description="$2"
    shift 2
    local log="$LOGS/$name.log" status problems
    : >"$log"
    "$@" >>"$log" 2>&1
    status=$?
    problems="$(log_problems "$log")"
    if (( status != 0 )); then
        problems="exit status $status"$'\n'"$problems"
    fi
    if [[ -z "$problems" ]]; then
        pass "$description"
        return 0
    fi
    fail "$description"
    printf '%s\n' "$problems" | sed 's/^/    /' | head -n 20
    printf '    (log: %s)\n' "$log"
    return 1
}

for lib in addons/donjourno/bin/libdonjourno_godot.linux.debug.x86_64.so; do
    if [[ ! -f "$lib" ]]; then
        echo "run_godot_tests: $lib is missing; run 'make addon-debug' first" >&2
        fail "addon library built"
        echo "Godot tests: $passed passed, $failed failed"
        exit 1
    fi
done

# The projects reach the addon as res://addons/donjourno.
for project in tests/godot godot_project; do
    mkdir -p "$project/addons"
    ln -sfn ../../addons/donjourno "$project/addons/donjourno" 2>/dev/null
done
ln -sfn ../../../addons/donjourno tests/godot/addons/donjourno

# 1–3. The suite.
import_step import_tests "test project imports" tests/godot
suite_log="$LOGS/suite.log"
timeout "$TIMEOUT" "$GODOT" --headless --path tests/godot >"$suite_log" 2>&1
suite_status=$?
grep -a -E '^(PASS|FAIL) ' "$suite_log"
suite_passed=$(grep -a -c '^PASS ' "$suite_log")
suite_failed=$(grep -a -c '^FAIL ' "$suite_log")
passed=$((passed + suite_passed))
failed=$((failed + suite_failed))
if ! grep -a -q '^GDSCRIPT RESULTS: ' "$suite_log"; then
    fail "test suite ran to the end (exit status $suite_status; log: $suite_log)"
    tail -n 20 "$suite_log" | sed 's/^/    /'
elif (( suite_passed == 0 )); then
    fail "test suite ran tests"
elif (( suite_status != suite_failed )); then
    # The runner exits with the number of failed tests: anything else is a crash (at exit too).
    fail "test suite exited cleanly (exit status $suite_status; log: $suite_log)"
fi
problems="$(log_problems "$suite_log")"
if [[ -z "$problems" ]]; then
    pass "test suite log is clean (expected errors only, no leaks)"
else
    fail "test suite log is clean (expected errors only, no leaks)"
    printf '%s\n' "$problems" | sed 's/^/    /' | head -n 20
fi

# 4. The demo project.
import_step import_demo "demo project imports" godot_project
godot_step editor_demo "demo project opens in the editor" \
    --headless --editor --path godot_project --quit-after 300 res://main.tscn
godot_step run_demo "demo scene runs" --headless --path godot_project --quit-after 120

# 5. Shots.
if (( SHOTS )); then
    if DONJOURNO_SHOTS_TESTED_ONLY=1 tests/render_shots.sh target/shots >"$LOGS/shots.log" 2>&1; then
        pass "demo renders under Xvfb (target/shots/terrain_0900.png, terrain_1700.png)"
        shots_log="$LOGS/check_shots.log"
        timeout "$TIMEOUT" "$GODOT" --headless --path tests/godot -s res://check_shots.gd -- \
            "$ROOT/target/shots/terrain_0900.png" "$ROOT/target/shots/terrain_1700.png" \
            >"$shots_log" 2>&1
        grep -a -E '^shot ' "$shots_log" | sed 's/^/    /'
        grep -a -E '^(PASS|FAIL) ' "$shots_log"
        shot_passed=$(grep -a -c '^PASS ' "$shots_log")
        shot_failed=$(grep -a -c '^FAIL ' "$shots_log")
        passed=$((passed + shot_passed))
        failed=$((failed + shot_failed))
        (( shot_passed + shot_failed > 0 )) || fail "shot check ran (log: $shots_log)"
    else
        fail "demo renders under Xvfb (log: $LOGS/shots.log)"
        tail -n 20 "$LOGS/shots.log" | sed 's/^/    /'
    fi
fi

echo "Godot tests: $passed passed, $failed failed"
(( failed == 0 ))
