#!/usr/bin/env bash
# Render the demo scene under a private Xvfb (OpenGL 3, software rendering) into PNGs.
#
# Usage: tests/render_shots.sh [OUT_DIR [NAME...]]        (default: target/shots, every shot)
#
# Shots (NAME): terrain_0900 and terrain_1700 (the terrain alone at 9:00 and 17:00, 1280×720),
# subdivision_1000 and continents_1000 (the demo switched to those height models at 10:00),
# relief_1000 (the fractal_highlands preset in its relief ground style, the subdivision article's look),
# biomes_1000 (the continents with biomes on), biome_map_1000 (the same with the biome map debug view),
# water_pool_1000 (the default terrain's biggest lake close up: depth tint, shore foam, the
# shoreline where the terrain meets the water), water_biomes_1000 (the continents with biomes on,
# close up on their biggest lake or water: coast, rivers and wetland pools),
# scatter_biomes_1000 (the same magnified 3 times: the species of the biomes' scatter),
# scatter_biomes_20m_1000 and town_close_20m_1000 (those two shots of the same world sampled with
# cells of 20 m instead of the Continent preset's 40 m: trees and houses keep their sizes),
# chunks_lod_1000 (a 384² map in 48-cell chunks through a low perspective camera, each chunk tinted
# by the level of detail it shows),
# towns_1000 (the continents with biomes and settlements: roads joining villages, towns and a
# city), town_close_1000 (the same close up on the largest settlement: streets, lots, buildings
# with their facades and roofs),
# demo_1000 (the demo with its tuning panel at 10:00), endless_1000 (the Endless demo scene,
# godot_project/endless.tscn: the continents with biomes as an endless world, its tiles streamed
# in around the camera), big_map_1000 (the demo's terrain as a 4096² map, its chunks at the levels
# the camera asks for), forest_close_1000, forest_close_blended_1000 and forest_close_textured_1000
# (a 1024² map close up, in the flat, the blended and the textured ground style),
# town_close_textured_1000 (town_close_1000 in the textured ground style),
# stamps_1000 (the default map with the layout of docs/figures/layout_valley.json: a stamped
# mountain, a valley with a drawn river and road, a pinned town),
# textured_forward_plus_1000 and textured_mobile_1000 (a 256² map with biomes in the textured
# style, drawn by the Forward+ and the Mobile renderer: the terrain shader works in every
# renderer; the other shots use Compatibility, the Web's) and editor_terrain (the demo scene open in
# the editor, 1600×900, with the terrain selected and its inspector showing; taken by the test
# plugin tests/tools/editor_shot/, enabled in the demo project for that one editor session).
# Each is written to OUT_DIR/NAME.png, with Godot's log next to it as OUT_DIR/NAME.log.
# Expects the addon to be built and linked into godot_project/ (`make shots` does both).
# Exits non-zero, after trying every shot asked for, if one of them failed.

set -uo pipefail
cd "$(dirname "$0")/.."

OUT="${1:-target/shots}"
shift || true
SHOTS=("$@")
(( ${#SHOTS[@]} )) || SHOTS=(terrain_0900 terrain_1700 subdivision_1000 relief_1000 continents_1000 biomes_1000 biome_map_1000 water_pool_1000 water_biomes_1000 scatter_biomes_1000 scatter_biomes_20m_1000 chunks_lod_1000 towns_1000 town_close_1000 town_close_20m_1000 demo_1000 endless_1000 big_map_1000 forest_close_1000 forest_close_blended_1000 forest_close_textured_1000 town_close_textured_1000 stamps_1000 textured_forward_plus_1000 textured_mobile_1000 editor_terrain)
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
GODOT=(tests/tools/godot.sh --audio-driver Dummy --resolution 1280x720)
# The Compatibility renderer (OpenGL), the Web's, unless a shot asks for another.
COMPATIBILITY=(--rendering-driver opengl3)

# Reports a failed shot: the end of its log, then why.
failed() {  # NAME REASON
    tail -n 30 "$OUT/$1.log" >&2
    echo "render_shots: $1 failed: $2 (log: $OUT/$1.log)" >&2
    return 1
}

# Renders shot NAME at HOURS with the demo's extra args, in the renderer RENDERER (an array name,
# COMPATIBILITY unless set). A shader that does not compile fails the shot.
render() {  # NAME HOURS [extra args...]
    local name="$1" hours="$2" status=0
    local -n renderer="${RENDERER:-COMPATIBILITY}"
    shift 2
    rm -f "$OUT/$name.png"
    timeout "${SHOT_TIMEOUT:-300}" tests/tools/xvfb.sh "${GODOT[@]}" "${renderer[@]}" --path godot_project ${SCENE:-} -- \
        --time="$hours" --shot="$OUT/$name.png" "$@" >"$OUT/$name.log" 2>&1 || status=$?
    (( status == 0 )) || { failed "$name" "exit status $status"; return 1; }
    [[ -s "$OUT/$name.png" ]] || { failed "$name" "no picture written"; return 1; }
    if grep -q "SHADER ERROR" "$OUT/$name.log"; then
        failed "$name" "a shader did not compile"
        return 1
    fi
    echo "render_shots: $OUT/$name.png"
}

# The Forward+ and Mobile renderers (Vulkan; Mesa's lavapipe from the private prefix).
FORWARD_PLUS=(--rendering-method forward_plus --rendering-driver vulkan)
MOBILE=(--rendering-method mobile --rendering-driver vulkan)

# The editor with the terrain selected.
editor_shot() {
    local name=editor_terrain status=0 link=godot_project/addons/donjourno_editor_shot
    rm -f "$OUT/$name.png"
    # The editor rewrites project.godot when it quits, and the shot plugin is enabled in it for
    # this session only: keep the file as it is.
    cp godot_project/project.godot "$OUT/project.godot.keep"
    mkdir -p godot_project/addons
    ln -sfn ../../tests/tools/editor_shot "$link"
    sed -i 's|^enabled=PackedStringArray("res://addons/donjourno/plugin.cfg")$|enabled=PackedStringArray("res://addons/donjourno/plugin.cfg", "res://addons/donjourno_editor_shot/plugin.cfg")|' \
        godot_project/project.godot
    if ! grep -q donjourno_editor_shot godot_project/project.godot; then
        mv -f "$OUT/project.godot.keep" godot_project/project.godot
        rm -f "$link"
        echo "render_shots: cannot enable the editor shot plugin in godot_project/project.godot" >&2
        return 1
    fi
    DONJOURNO_XVFB_SCREEN=1600x900x24 timeout 300 tests/tools/xvfb.sh tests/tools/godot.sh \
        --rendering-driver opengl3 --audio-driver Dummy --resolution 1600x900 --editor \
        --path godot_project res://main.tscn -- --donjourno-editor-shot="$OUT/$name.png" \
        >"$OUT/$name.log" 2>&1 || status=$?
    mv -f "$OUT/project.godot.keep" godot_project/project.godot
    rm -f "$link"
    (( status == 0 )) || { failed "$name" "exit status $status"; return 1; }
    [[ -s "$OUT/$name.png" ]] || { failed "$name" "no picture written"; return 1; }
    echo "render_shots: $OUT/$name.png"
}

status=0
for shot in "${SHOTS[@]}"; do
    case "$shot" in
        terrain_0900) render terrain_0900 9 --hide-ui || status=1 ;;
        terrain_1700) render terrain_1700 17 --hide-ui || status=1 ;;
        subdivision_1000) render subdivision_1000 10 --hide-ui --model=1 || status=1 ;;
        relief_1000) render relief_1000 10 --hide-ui --preset=fractal_highlands || status=1 ;;
        continents_1000) render continents_1000 10 --hide-ui --model=2 || status=1 ;;
        biomes_1000) render biomes_1000 10 --hide-ui --model=2 --biomes || status=1 ;;
        biome_map_1000) render biome_map_1000 10 --hide-ui --model=2 --biomes --biome-map || status=1 ;;
        water_pool_1000) render water_pool_1000 10 --hide-ui --focus-water || status=1 ;;
        water_biomes_1000) render water_biomes_1000 10 --hide-ui --model=2 --biomes --focus-water || status=1 ;;
        scatter_biomes_1000) render scatter_biomes_1000 10 --hide-ui --model=2 --biomes --zoom=3 || status=1 ;;
        scatter_biomes_20m_1000) render scatter_biomes_20m_1000 10 --hide-ui --model=2 --biomes --zoom=3 --cell-size=20 || status=1 ;;
        chunks_lod_1000) render chunks_lod_1000 10 --hide-ui --lod-view || status=1 ;;
        towns_1000) render towns_1000 10 --hide-ui --model=2 --biomes --towns || status=1 ;;
        town_close_1000) render town_close_1000 10 --hide-ui --model=2 --biomes --towns --focus-town=0 || status=1 ;;
        town_close_20m_1000) render town_close_20m_1000 10 --hide-ui --model=2 --biomes --towns --focus-town=0 --cell-size=20 || status=1 ;;
        demo_1000) render demo_1000 10 || status=1 ;;
        endless_1000) SCENE=res://endless.tscn render endless_1000 10 || status=1 ;;
        big_map_1000) SHOT_TIMEOUT=1200 render big_map_1000 10 --hide-ui --size=4096 --zoom=5 || status=1 ;;
        forest_close_1000) render forest_close_1000 10 --hide-ui --size=1024 --zoom=12 || status=1 ;;
        forest_close_blended_1000) render forest_close_blended_1000 10 --hide-ui --size=1024 --zoom=12 --ground-style=blended || status=1 ;;
        forest_close_textured_1000) render forest_close_textured_1000 10 --hide-ui --size=1024 --zoom=12 --ground-style=textured || status=1 ;;
        textured_forward_plus_1000) RENDERER=FORWARD_PLUS render textured_forward_plus_1000 10 --hide-ui --size=256 --zoom=6 --ground-style=textured --biomes || status=1 ;;
        textured_mobile_1000) RENDERER=MOBILE render textured_mobile_1000 10 --hide-ui --size=256 --zoom=6 --ground-style=textured --biomes || status=1 ;;
        town_close_textured_1000) render town_close_textured_1000 10 --hide-ui --model=2 --biomes --towns --focus-town=0 --ground-style=textured || status=1 ;;
        stamps_1000) render stamps_1000 10 --hide-ui --towns --stamps="$PWD/docs/figures/layout_valley.json" || status=1 ;;
        editor_terrain) editor_shot || status=1 ;;
        *) echo "render_shots: unknown shot $shot" >&2; status=1 ;;
    esac
done
exit "$status"
