#!/usr/bin/env bash
# The landscape evolution before and after, for the landforms guide: three worlds of 1024² cells
# with the stage off (landscape_age 0) and at age 1, each as the shaded relief (1 px per cell)
# and as the isometric preview at 10:00. The worlds: the default world (1 m cells, 1 km, valleys
# of the default 4 m), the Continent preset at 10 m cells (10 km, valleys of 160 m) and the
# Fractal highlands preset at its 10 m cells (10 km, valleys of 40 m): a valley width of a few
# cells at least, as the landforms guide advises for maps of coarse cells.
#
# Usage: tests/tools/landforms-figures.sh DONJOURNO_BINARY OUT_DIR
set -euo pipefail
bin=${1:?the donjourno binary}
out=${2:?the output folder}
mkdir -p "$out"
# name, the world's flags
worlds=(
    "default|--width 1024 --depth 1024"
    "continent|--preset continent --width 1024 --depth 1024 --cell-size 10 --landscape-valley-width 160"
    "fractal_highlands|--preset fractal_highlands --width 1024 --depth 1024 --landscape-valley-width 40"
)
for spec in "${worlds[@]}"; do
    name=${spec%%|*}
    read -ra world <<<"${spec#*|}"
    for age in 0 1; do
        stage=$([[ $age == 0 ]] && echo before || echo after)
        "$bin" preview "${world[@]}" --landscape-age "$age" --style relief --scale 1 \
            --out "$out/landforms_${name}_relief_${stage}.png"
        "$bin" preview "${world[@]}" --landscape-age "$age" --style iso --subdivisions 1 \
            --out "$out/landforms_${name}_iso_${stage}.png"
    done
done
