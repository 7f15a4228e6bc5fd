#!/usr/bin/env bash
# Installs a built library into the addon folder without its DWARF debug info (Linux .so,
# macOS .dylib, or a Windows .dll, stripped with the MinGW objcopy; a cross-built Linux .so is
# stripped with the objcopy OBJCOPY names).
#
# Usage: tests/tools/install-lib.sh BUILT INSTALLED
#
# The symbol table stays, so Rust backtraces still name functions, while the addon folder users
# copy stays small; debuggers find the full debug information in the original under target/. A
# DLL keeps the symbols of the addon's own functions only (those of the donjourno crates): PE
# symbol tables also list every constant, and the Godot bindings' tens of thousands of functions
# alone would add 6 MiB of names.
# The library is written next to INSTALLED and renamed into place, so that a running editor keeps
# its mapped old copy intact.
set -euo pipefail
built="$1" installed="$2"
[[ -f "$built" ]] || { echo "install-lib: $built is missing (build it first)" >&2; exit 1; }
mkdir -p "$(dirname "$installed")"
tmp="$installed.tmp.$$"
if [[ "$installed" == *.dll ]]; then
    # A Windows DLL (cross-built with MinGW): the MinGW objcopy reads PE files on any host.
    objcopy_pe="${MINGW_OBJCOPY:-x86_64-w64-mingw32-objcopy}"
    functions="$installed.functions.$$"
    "${MINGW_NM:-x86_64-w64-mingw32-nm}" --defined-only "$built" |
        awk '($2 == "T" || $2 == "t") && $3 ~ /donjourno/ { print $3 }' >"$functions"
    "$objcopy_pe" --strip-all --keep-symbols="$functions" "$built" "$tmp"
    rm -f "$functions"
elif [[ "$(uname -s)" == Darwin ]]; then
    cp "$built" "$tmp"
    strip -S "$tmp"
else
    # OBJCOPY: the cross objcopy for a library of another architecture (aarch64-linux-gnu-objcopy).
    "${OBJCOPY:-objcopy}" --strip-debug "$built" "$tmp"
fi
mv -f "$tmp" "$installed"
echo "install-lib: $installed ($(( $(wc -c < "$installed") / 1024 / 1024 )) MiB; $(( $(wc -c < "$built") / 1024 / 1024 )) MiB with debug info in $built)"
