#!/usr/bin/env bash
# The landscape evolution's step beside fastscapelib's, on the same grid in the same run
# (tests/tools/fastscape_step.py). fastscapelib is a peer to compare with, never a dependency of
# the product: it is installed from PyPI into a private virtual environment in the cache,
# $DONJOURNO_CACHE/fastscape-$FASTSCAPE_VERSION, on first use.
#
# Usage: tests/tools/fastscape-bench.sh   (from the clone's root; `make bench-fastscape`)
set -euo pipefail

readonly FASTSCAPE_VERSION=0.3.0
readonly NUMPY_VERSION=2.4.6

cache_root="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
venv="$cache_root/fastscape-$FASTSCAPE_VERSION"
python="${PYTHON:-python3}"

if ! "$venv/bin/python" -c 'import fastscapelib' 2>/dev/null; then
    echo "fastscape-bench: installing fastscapelib $FASTSCAPE_VERSION into $venv" >&2
    rm -rf "$venv.staging"
    "$python" -m venv "$venv.staging"
    "$venv.staging/bin/pip" install --quiet "fastscapelib==$FASTSCAPE_VERSION" "numpy==$NUMPY_VERSION"
    rm -rf "$venv"
    mv "$venv.staging" "$venv"
fi

"${CARGO:-cargo}" build --quiet --release -p donjourno-cli
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" tests/tools/fastscape_step.py target/release/donjourno "$work/grid.f32"
