#!/usr/bin/env bash
# Checks an installed addon library: small enough to ship, and still able to name its functions
# in a backtrace (the symbol table lists the addon's own Rust functions).
#
# Usage: [NM=x86_64-w64-mingw32-nm] tests/tools/check-addon-lib.sh LIBRARY [MAX_MIB]
set -euo pipefail
lib="$1" max_mib="${2:-30}"
fail() { echo "check-addon-lib: FAIL: $*" >&2; exit 1; }
[[ -f "$lib" ]] || fail "$lib is missing"
size=$(wc -c < "$lib")
(( size <= max_mib * 1024 * 1024 )) || fail "$lib is $(( size / 1024 / 1024 )) MiB, above $max_mib MiB"
# Rust symbols of the addon's own crates, demangled: a backtrace names them.
named=$("${NM:-nm}" --defined-only -C "$lib" 2>/dev/null | grep -c -E 'donjourno(_godot)?::' || true)
(( named >= 100 )) || fail "$lib names only $named donjourno functions in its symbol table"
echo "check-addon-lib: $lib: $(( size / 1024 / 1024 )) MiB, $named donjourno functions named"
