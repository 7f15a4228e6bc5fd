#!/usr/bin/env bash
# Runs make targets one after another as the stages of a test run, printing how long each took.
#
# Usage: tests/tools/stages.sh TARGET...
#
# Stops at the first failing stage; the summary lists every stage that ran, with its time and
# result, followed by the total.
set -uo pipefail

make_cmd="${MAKE:-make}"
declare -a names=() times=() results=()
total_start=$SECONDS
status=0

summary() {
    printf '\n%-16s %8s  %s\n' stage seconds result
    local i
    for i in "${!names[@]}"; do
        printf '%-16s %8s  %s\n' "${names[$i]}" "${times[$i]}" "${results[$i]}"
    done
    printf '%-16s %8s\n' total "$(( SECONDS - total_start ))"
}

for stage in "$@"; do
    printf '\n=== stage %s ===\n' "$stage"
    start=$SECONDS
    "$make_cmd" --no-print-directory "$stage"
    rc=$?
    names+=("$stage")
    times+=("$(( SECONDS - start ))")
    if (( rc == 0 )); then
        results+=(ok)
        printf '=== stage %s: ok in %ss ===\n' "$stage" "$(( SECONDS - start ))"
    else
        results+=("FAILED (exit $rc)")
        printf '=== stage %s: FAILED (exit %s) after %ss ===\n' "$stage" "$rc" "$(( SECONDS - start ))"
        status=$rc
        break
    fi
done
summary
exit "$status"
