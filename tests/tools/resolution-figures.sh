#!/usr/bin/env bash
# One world at two resolutions, for the docs: the default world of seed 11 over 1024 m, sampled
# with 256² cells of 4 m and with 1024² cells of 1 m, as the relief and as the isometric preview,
# each the same size in pixels. Usage: resolution-figures.sh DONJOURNO_BINARY OUT_DIR
set -euo pipefail
bin=${1:?the donjourno binary}
out=${2:?the output folder}
mkdir -p "$out"
# side cells, cell metres, relief pixels per cell, iso pixels per cell
for spec in "256 4 2 0.043" "1024 1 1 0.01075"; do
    read -r side cell relief iso <<<"$spec"
    world=(--seed 11 --width "$side" --depth "$side" --cell-size "$cell" --subdivisions 1)
    "$bin" preview "${world[@]}" --style relief --scale "$relief" \
        --out "$out/resolution_relief_${cell}m.png"
    "$bin" preview "${world[@]}" --style iso --scale "$iso" --out "$out/resolution_iso_${cell}m.png"
done
