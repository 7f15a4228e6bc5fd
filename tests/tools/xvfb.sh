#!/usr/bin/env bash
# Run a command under a private Xvfb X server.
#
# Usage:
#   tests/tools/xvfb.sh <command> [args...]
#
# Example:
#   tests/tools/xvfb.sh tests/tools/godot.sh --rendering-driver opengl3 --path demo
#
# A free display number is chosen, the server is started with its own
# authorization cookie, the command runs with DISPLAY and XAUTHORITY pointing
# at it, and the server is stopped when the command ends. The command's exit
# status is passed through; failures of this script itself exit with 125.
#
# Environment:
#   DONJOURNO_XVFB_SCREEN  screen geometry and depth (default: 1280x720x24).
#   DONJOURNO_XVFB_LOG     file to copy the server's log to after the run.
#
# If Xvfb or xauth are missing they are installed with apt-get (needs root).

set -euo pipefail

SCREEN="${DONJOURNO_XVFB_SCREEN:-1280x720x24}"
readonly START_TIMEOUT=30

log() { printf 'xvfb.sh: %s\n' "$*" >&2; }
die() { printf 'xvfb.sh: error: %s\n' "$*" >&2; exit 125; }

(( $# > 0 )) || die "usage: $0 <command> [args...]"
[[ "$SCREEN" =~ ^[0-9]+x[0-9]+x[0-9]+$ ]] || die "DONJOURNO_XVFB_SCREEN must look like WIDTHxHEIGHTxDEPTH, got '$SCREEN'"

ensure_tools() {
    local -a missing=()
    command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
    command -v xauth >/dev/null 2>&1 || missing+=(xauth)
    command -v mcookie >/dev/null 2>&1 || missing+=(util-linux)
    (( ${#missing[@]} == 0 )) && return 0

    command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and apt-get is not available to install them"
    (( EUID == 0 )) || die "missing ${missing[*]}; install them (apt-get install ${missing[*]}) or run as root"
    log "installing ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2 || die "apt-get update failed"
    apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 || die "apt-get install ${missing[*]} failed"
    command -v Xvfb >/dev/null 2>&1 || die "Xvfb still not found after installing xvfb"
    command -v xauth >/dev/null 2>&1 || die "xauth still not found after installing xauth"
}

ensure_tools

workdir="$(mktemp -d "${TMPDIR:-/tmp}/donjourno-xvfb.XXXXXX")"
xvfb_pid=""

# shellcheck disable=SC2329  # invoked by the EXIT trap
cleanup() {
    if [[ -n "$xvfb_pid" ]] && kill -0 "$xvfb_pid" 2>/dev/null; then
        kill -TERM "$xvfb_pid" 2>/dev/null || true
        local i
        for (( i = 0; i < 50; i++ )); do
            kill -0 "$xvfb_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
    fi
    if [[ -n "${DONJOURNO_XVFB_LOG:-}" && -f "$workdir/xvfb.log" ]]; then
        cp "$workdir/xvfb.log" "$DONJOURNO_XVFB_LOG" 2>/dev/null || true
    fi
    rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

export XAUTHORITY="$workdir/Xauthority"
cookie="$(mcookie)"

# Xvfb picks the first free display itself and writes its number to the
# -displayfd pipe once it accepts connections. The server loads every cookie
# in its -auth file regardless of display number, so the cookie is first
# stored under a placeholder display and then again under the real one for
# clients.
touch "$XAUTHORITY"
xauth -q -f "$XAUTHORITY" add ":0" MIT-MAGIC-COOKIE-1 "$cookie" \
    || die "xauth could not write $XAUTHORITY"

fifo="$workdir/displayfd"
mkfifo "$fifo"
Xvfb -displayfd 3 -screen 0 "$SCREEN" -nolisten tcp -auth "$XAUTHORITY" \
    +extension GLX +extension RANDR -noreset \
    3>"$fifo" </dev/null >"$workdir/xvfb.log" 2>&1 &
xvfb_pid=$!

display=""
if ! read -r -t "$START_TIMEOUT" display <"$fifo" || [[ ! "$display" =~ ^[0-9]+$ ]]; then
    cat "$workdir/xvfb.log" >&2 || true
    die "Xvfb did not start within ${START_TIMEOUT}s"
fi

xauth -q -f "$XAUTHORITY" remove ":0" 2>/dev/null || true
xauth -q -f "$XAUTHORITY" add ":$display" MIT-MAGIC-COOKIE-1 "$cookie" \
    || die "xauth could not add the cookie for display :$display"

export DISPLAY=":$display"
unset WAYLAND_DISPLAY

set +e
"$@"
status=$?
set -e
exit "$status"
