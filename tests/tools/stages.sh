#!/usr/bin/env bash
# Runs make targets one after another as the stages of a test run, printing how long each took.
#
# Usage: tests/tools/stages.sh TARGET...
#
# Stops at the first failing stage; the summary lists every stage that ran, with its time, the
# disk space left after it and its result, followed by the total. A full run from a clean checkout
# writes about DONJOURNO_DISK_NEEDED_GB of build outputs and downloads (target/ and the cache); with
# less free space the run stops before its first stage with a message saying so.
set -uo pipefail

make_cmd="${MAKE:-make}"
needed_gb="${DONJOURNO_DISK_NEEDED_GB:-15}"
declare -a names=() times=() results=() free=()

# Free space, in GiB, on the file system holding the working directory.
free_gb() {
    df -Pk . | awk 'NR == 2 { printf "%.1f", $4 / 1048576 }'
}

start_free="$(free_gb)"
printf 'disk: %s GiB free here; a full run from a clean checkout needs about %s GiB\n' \
    "$start_free" "$needed_gb"
if [[ -d target ]]; then
    printf 'disk: target/ holds %s already\n' "$(du -sh target 2>/dev/null | cut -f1)"
fi
if awk -v f="$start_free" -v n="$needed_gb" 'BEGIN { exit !(f < n / 4) }'; then
    printf 'error: only %s GiB free; free some space (make clean removes the build outputs) or set\n' \
        "$start_free" >&2
    printf '       DONJOURNO_DISK_NEEDED_GB lower if the outputs are already built\n' >&2
    exit 28
fi
total_start=$SECONDS
status=0

summary() {
    printf '\n%-16s %8s %10s  %s\n' stage seconds 'free GiB' result
    local i
    for i in "${!names[@]}"; do
        printf '%-16s %8s %10s  %s\n' "${names[$i]}" "${times[$i]}" "${free[$i]}" "${results[$i]}"
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
    free+=("$(free_gb)")
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
