#!/usr/bin/env bash
# Godot-side benchmark: DonjournoTerrain.regenerate() to a finished ArrayMesh at 128² and 256²
# (subdivisions 1 and 4) with the release library, and the share of it spent outside the core.
#
# Then big maps drawn in chunks (see tests/bench/bench.gd): generation time, the longest
# main-thread frame while they fill in, primitives drawn per frame and memory.
#
# Usage: tests/run_godot_bench.sh [RUNS] [BENCH ARGS]    (expects the release library:
#        `make addon-release`; BENCH ARGS such as --chunked=2048,4096, --chunked-only or
#        --rendered)

set -euo pipefail
cd "$(dirname "$0")/.."
lib=addons/donjourno/bin/libdonjourno_godot.linux.release.x86_64.so
[[ -f "$lib" ]] || { echo "run_godot_bench: $lib is missing; run 'make addon-release'" >&2; exit 1; }
ln -sfn ../../addons/donjourno/bin tests/bench/bin
GODOT=tests/tools/godot.sh
tests/tools/godot-import.sh tests/bench
# --rendered: draw with OpenGL under Xvfb (Mesa's software rasteriser) instead of the headless
# dummy renderer, so that primitives drawn per frame are counted; its frame times include the
# software rendering and say nothing about the main thread.
runner=("$GODOT" --headless)
for arg in "${@:2}"; do
    if [[ "$arg" == --rendered ]]; then
        runner=(tests/tools/xvfb.sh "$GODOT" --rendering-driver opengl3 --audio-driver Dummy --resolution 1280x720)
    fi
done
timeout 1200 "${runner[@]}" --path tests/bench -s res://bench.gd -- --runs="${1:-5}" "${@:2}" 2>&1 \
    | grep -v -e '^Initialize godot-rust' -e '^Godot Engine v'
