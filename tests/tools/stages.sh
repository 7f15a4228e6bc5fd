#!/usr/bin/env bash
# Runs make targets as the stages of a test run, printing how long each took.
#
# Usage: tests/tools/stages.sh STAGE...
#
# A STAGE is a make target, or several joined with '+' ("test-godot+test-windows"): those run
# side by side, each line of their output prefixed with its target's name, and the group ends when
# all of them have. Side-by-side targets must not share a cargo build folder (their builds would
# wait for each other's lock) and each must need only what the stages before the group built.
#
# Stops after the first stage (or group) with a failure; the summary lists every target that ran,
# with its start and its time in seconds, the disk space left after it and its result, followed by
# the total. A full run from a clean checkout writes about DONJOURNO_DISK_NEEDED_GB of build
# outputs and downloads (target/ and the cache); with less free space the run stops before its
# first stage with a message saying so.
set -uo pipefail

make_cmd="${MAKE:-make}"
needed_gb="${DONJOURNO_DISK_NEEDED_GB:-15}"
declare -a names=() starts=() times=() results=() free=()

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
results_dir="$(mktemp -d)"
trap 'rm -rf "$results_dir"' EXIT

summary() {
    printf '\n%-16s %6s %8s %10s  %s\n' stage start seconds 'free GiB' result
    local i
    for i in "${!names[@]}"; do
        printf '%-16s %6s %8s %10s  %s\n' "${names[$i]}" "${starts[$i]}" "${times[$i]}" \
            "${free[$i]}" "${results[$i]}"
    done
    printf '%-16s %6s %8s\n' total '' "$(( SECONDS - total_start ))"
}

# Runs one target, writing "SECONDS EXIT-STATUS" to $results_dir/TARGET; with a second argument,
# prefixes each line of its output with it.
run_target() {
    local target="$1" prefix="${2:-}" start=$SECONDS rc
    if [[ -n "$prefix" ]]; then
        "$make_cmd" --no-print-directory "$target" 2>&1 | sed -u "s/^/$prefix /"
        rc=${PIPESTATUS[0]}
    else
        "$make_cmd" --no-print-directory "$target"
        rc=$?
    fi
    echo "$(( SECONDS - start )) $rc" >"$results_dir/$target"
    if (( rc == 0 )); then
        printf '=== stage %s: ok in %ss ===\n' "$target" "$(( SECONDS - start ))"
    else
        printf '=== stage %s: FAILED (exit %s) after %ss ===\n' "$target" "$rc" "$(( SECONDS - start ))"
    fi
    return "$rc"
}

for stage in "$@"; do
    IFS='+' read -r -a targets <<<"$stage"
    group_start=$(( SECONDS - total_start ))
    if (( ${#targets[@]} == 1 )); then
        printf '\n=== stage %s ===\n' "$stage"
        run_target "$stage"
    else
        printf '\n=== stages %s, side by side ===\n' "${targets[*]}"
        pids=()
        for target in "${targets[@]}"; do
            run_target "$target" "[$target]" &
            pids+=($!)
        done
        wait "${pids[@]}"
    fi
    for target in "${targets[@]}"; do
        read -r seconds rc <"$results_dir/$target" || { seconds='?'; rc=1; }
        names+=("$target")
        starts+=("$group_start")
        times+=("$seconds")
        free+=("$(free_gb)")
        if (( rc == 0 )); then
            results+=(ok)
        else
            results+=("FAILED (exit $rc)")
            status=$rc
        fi
    done
    (( status == 0 )) || break
done
summary
exit "$status"
