#!/usr/bin/env bash
# Render the demo scene under a private Xvfb (OpenGL 3, software rendering) into PNGs.
#
# Usage: tests/render_shots.sh [OUT_DIR]        (default: target/shots)
#
# Writes OUT_DIR/terrain_0900.png and OUT_DIR/terrain_1700.png (the terrain alone at 9:00 and
# 17:00, 1280×720), OUT_DIR/demo_1000.png (the demo with its tuning panel at 10:00) and
# OUT_DIR/editor_terrain.png (the demo scene open in the editor, 1600×900, with the terrain
# selected and its inspector showing; taken by the addon's plugin, see addons/donjourno/plugin.gd).
# Expects the addon to be built and linked into godot_project/ (`make shots` does both).
# Each Godot log is kept next to its picture as NAME.log.

set -euo pipefail
cd "$(dirname "$0")/.."

OUT="${1:-target/shots}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
GODOT=(tests/tools/godot.sh --rendering-driver opengl3 --audio-driver Dummy --resolution 1280x720)

render() {  # NAME HOURS [extra args...]
    local name="$1" hours="$2"
    shift 2
    rm -f "$OUT/$name.png"
    if ! timeout 300 tests/tools/xvfb.sh "${GODOT[@]}" --path godot_project -- \
            --time="$hours" --shot="$OUT/$name.png" "$@" >"$OUT/$name.log" 2>&1 \
            || [[ ! -s "$OUT/$name.png" ]]; then
        tail -n 30 "$OUT/$name.log" >&2
        echo "render_shots: rendering $name failed (log: $OUT/$name.log)" >&2
        return 1
    fi
    echo "render_shots: $OUT/$name.png"
}

render terrain_0900 9 --hide-ui
render terrain_1700 17 --hide-ui
# The editor with the terrain selected.
editor_shot() {
    local name=editor_terrain status=0
    rm -f "$OUT/$name.png"
    # The editor rewrites project.godot when it quits: keep the file as it is.
    cp godot_project/project.godot "$OUT/project.godot.keep"
    if ! DONJOURNO_XVFB_SCREEN=1600x900x24 timeout 300 tests/tools/xvfb.sh tests/tools/godot.sh \
            --rendering-driver opengl3 --audio-driver Dummy --resolution 1600x900 --editor \
            --path godot_project res://main.tscn -- --donjourno-editor-shot="$OUT/$name.png" \
            >"$OUT/$name.log" 2>&1 || [[ ! -s "$OUT/$name.png" ]]; then
        status=1
    fi
    mv -f "$OUT/project.godot.keep" godot_project/project.godot
    if (( status )); then
        tail -n 30 "$OUT/$name.log" >&2
        echo "render_shots: the editor shot failed (log: $OUT/$name.log)" >&2
        return 1
    fi
    echo "render_shots: $OUT/$name.png"
}

if [[ "${DONJOURNO_SHOTS_TESTED_ONLY:-0}" != 1 ]]; then
    render demo_1000 10
    editor_shot
fi
