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
# Each stage runs under a time-out, DONJOURNO_STAGE_TIMEOUT seconds (default 2400, five times the
# slowest stage on a new 2-core machine): a stage that hangs fails, naming itself, and is stopped
# with every process it started, instead of holding a CI run until its own limit. An interrupted
# run (Ctrl-C, SIGTERM) stops its stages the same way.
#
# Stops after the first stage (or group) with a failure; the summary lists every target that ran,
# with its start, its time in seconds, the processor time of its commands (user and system, in
# seconds: on a machine of N cores a run takes at least the total over N), the disk space left
# after it and its result, followed by the totals. A full run from a clean checkout writes about DONJOURNO_DISK_NEEDED_GB of build
# outputs and downloads (target/ and the cache); with less free space the run stops before its
# first stage with a message saying so.
set -uo pipefail

make_cmd="${MAKE:-make}"
needed_gb="${DONJOURNO_DISK_NEEDED_GB:-15}"
declare -a names=() starts=() times=() cpus=() results=() free=()

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
# The longest a stage may take, seconds: a run's slowest stage takes about 480 s on a new 2-core
# machine, so this only stops stages that hang.
stage_limit="${DONJOURNO_STAGE_TIMEOUT:-2400}"
# Stops the process groups of the stages still running (each led by its `timeout`).
stop_stages() {
    local f pid
    for f in "$results_dir"/*.group; do
        [[ -f "$f" ]] || continue
        pid="$(cat "$f")"
        # Only a group whose leader is still that stage's `timeout` (a finished one's id may
        # have been given to another process since).
        [[ "$(ps -o comm= -p "$pid" 2>/dev/null)" == timeout ]] && kill -TERM -- "-$pid" 2>/dev/null
    done
    return 0
}
trap 'stop_stages; rm -rf "$results_dir"' EXIT
trap 'echo "stages: interrupted" >&2; exit 130' INT TERM

summary() {
    printf '\n%-16s %6s %8s %8s %10s  %s\n' stage start seconds 'cpu s' 'free GiB' result
    local i cpu_total=0
    for i in "${!names[@]}"; do
        printf '%-16s %6s %8s %8s %10s  %s\n' "${names[$i]}" "${starts[$i]}" "${times[$i]}" \
            "${cpus[$i]}" "${free[$i]}" "${results[$i]}"
        [[ "${cpus[$i]}" =~ ^[0-9]+$ ]] && cpu_total=$(( cpu_total + cpus[i] ))
    done
    printf '%-16s %6s %8s %8s\n' total '' "$(( SECONDS - total_start ))" "$cpu_total"
}

# Writes to FILE the processor time of this shell's finished children, whole seconds: the sum of
# the user and system times on the second line of the `times` builtin (which must run in this
# shell, not in a pipeline's subshell, whose counts start from zero).
children_cpu() {
    times >"$1.times"
    awk 'NR == 2 {
        t = 0
        for (f = 1; f <= 2; f++) { split($f, p, /[ms]/); t += p[1] * 60 + p[2] }
        printf "%d", t + 0.5
    }' "$1.times" >"$1"
}

# Runs make TARGET under a time-out of $stage_limit seconds, in a process group of its own that
# `timeout` leads (its pid, in $results_dir/TARGET.group, is the group's id): a stage that hangs is
# stopped with everything it started, and an interrupted run stops its stages.
make_stage() {
    local target="$1"
    timeout --kill-after=30 "$stage_limit" "$make_cmd" --no-print-directory "$target" &
    echo "$!" >"$results_dir/$target.group"
    wait "$!"
}

# Runs one target in a shell of its own, writing "SECONDS EXIT-STATUS CPU-SECONDS" to
# $results_dir/TARGET; with a second argument, prefixes each line of its output with it.
run_target() {
    local target="$1" prefix="${2:-}" start=$SECONDS rc
    local cpu_file="$results_dir/$target.cpu"
    if [[ -n "$prefix" ]]; then
        ( make_stage "$target" 2>&1; rc=$?; children_cpu "$cpu_file"; exit $rc ) \
            | sed -u "s/^/$prefix /"
        rc=${PIPESTATUS[0]}
    else
        ( make_stage "$target"; rc=$?; children_cpu "$cpu_file"; exit $rc )
        rc=$?
    fi
    if (( rc == 124 || rc == 137 )); then
        printf '=== stage %s: TIMED OUT after %ss (DONJOURNO_STAGE_TIMEOUT=%s): it hung or ran far over its time ===\n' \
            "$target" "$(( SECONDS - start ))" "$stage_limit"
    fi
    echo "$(( SECONDS - start )) $rc $(cat "$cpu_file" 2>/dev/null || echo '?')" >"$results_dir/$target"
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
        run_target "$stage" &
        wait "$!"
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
        read -r seconds rc cpu <"$results_dir/$target" || { seconds='?'; rc=1; cpu='?'; }
        names+=("$target")
        starts+=("$group_start")
        times+=("$seconds")
        cpus+=("${cpu:-?}")
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
