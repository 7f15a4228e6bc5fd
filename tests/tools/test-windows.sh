#!/usr/bin/env bash
# Windows checks: the addon's DLLs load in Godot on Windows, and a terrain made on Windows is the
# one made on Linux.
#
#   1. The DLL of addons/donjourno/bin (built by `make windows`; the .gdextension's debug and
#      release keys name it) exports the entry symbol the
#      .gdextension names and imports no MinGW runtime DLL (a user's Windows has none).
#   2. The CLI, cross-built for Windows, runs `donjourno hash --suite --golden` under Wine: its
#      output must be tests/golden/hashes.txt byte for byte, and every case must match the golden
#      grid and mesh hashes, as the native CLI's do (tests/web/compare-hashes.mjs, as for WASI).
#
# Both checks first prove that they can fail: the export check rejects the CLI's .exe, and the
# hash comparison rejects the Windows output against a golden file with one hash changed.
#
# Usage: tests/tools/test-windows.sh
#
# Environment:
#   CARGO, CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_DEBIAN_MIRROR.

set -euo pipefail

readonly TARGET=x86_64-pc-windows-gnu
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension
readonly GOLDEN=tests/golden/hashes.txt

log() { printf 'test-windows: %s\n' "$*" >&2; }
die() { printf 'test-windows: error: %s\n' "$*" >&2; exit 1; }
fail() { printf 'test-windows: FAIL: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CARGO="${CARGO:-cargo}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
command -v node >/dev/null 2>&1 || die "Node.js is required (tests/web/compare-hashes.mjs) but was not found"

env_lines="$(tests/tools/windows-toolchain.sh --env)" || die "the Windows toolchain is not available"
eval "$env_lines"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# ---------------------------------------------------------------------------
# 1. The DLLs
# ---------------------------------------------------------------------------

entry="$(sed -n 's/^entry_symbol[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$GDEXTENSION")"
[[ -n "$entry" ]] || die "$GDEXTENSION names no entry_symbol"

# check_dll FILE: prints why FILE would not load as the addon, or nothing.
check_dll() {
    local dll="$1" dump exports imports
    dump="$(x86_64-w64-mingw32-objdump -p "$dll")" || { echo "objdump cannot read $dll"; return; }
    # The export name table: "[Ordinal/Name Pointer] Table" then lines "\t[   n] +base[ n] name".
    exports="$(awk '/\[Ordinal\/Name Pointer\] Table/ { t = 1; next } t && NF == 0 { t = 0 } t { print $NF }' <<<"$dump")"
    grep -qx "$entry" <<<"$exports" || echo "does not export $entry"
    imports="$(sed -n 's/^[[:space:]]*DLL Name: //p' <<<"$dump")"
    [[ -n "$imports" ]] || echo "imports no DLL at all (not a PE file objdump understands?)"
    grep -iE '^(lib.*|.*mingw.*)\.dll$' <<<"$imports" | sed 's/^/imports the MinGW runtime DLL /' || true
}

log "the check rejects a file without $entry (the CLI's .exe)"
tests/tools/windows-build.sh --cli
exe="$TARGET_DIR/$TARGET/release/donjourno.exe"
[[ -n "$(check_dll "$exe")" ]] || fail "the export check accepted $exe, which does not export $entry"

for build in debug release; do
    line="$(grep -E "^windows\.$build\.x86_64[[:space:]]*=" "$GDEXTENSION")" || fail "$GDEXTENSION lists no windows.$build.x86_64"
    dll="addons/donjourno/${line#*\"res://addons/donjourno/}"
    dll="${dll%\"*}"
    [[ -f "$dll" ]] || fail "$dll is missing (make windows builds it)"
    problems="$(check_dll "$dll")"
    [[ -z "$problems" ]] || fail "$dll: $problems"
    log "ok   $dll exports $entry; imports $(x86_64-w64-mingw32-objdump -p "$dll" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr '\n' ' ')"
done

# ---------------------------------------------------------------------------
# 2. The hash suite under Wine
# ---------------------------------------------------------------------------

# Rust's standard library needs bcryptprimitives.dll, which Wine 8.0 lacks: put trixie's next to
# the .exe, where Windows programs look first.
cp "$DONJOURNO_WINE_BCRYPTPRIMITIVES" "$(dirname "$exe")/"

# The native side of the comparison is the debug CLI that the Rust tests built (up to date, this
# only checks): a native release build here would run beside the Windows builds on the same
# cores, and the hashes are the same bits in every profile.
log "building the native CLI (debug, with the addon: the build the Rust tests made)"
$CARGO build --locked --workspace
native="$TARGET_DIR/debug/donjourno"

log "running the Windows CLI under Wine: donjourno hash --suite --golden"
start=$SECONDS
"$DONJOURNO_WINE" "$exe" hash --suite --golden > "$work/windows.txt" \
    || fail "donjourno.exe hash --suite --golden failed under Wine"
log "      $(( SECONDS - start ))s under Wine"

log "comparing hashes (golden file vs native and Windows under Wine)"
node --no-warnings tests/web/compare-hashes.mjs --native "$native" --golden "$GOLDEN" \
    --suite-output "windows=$work/windows.txt" \
    || fail "the Windows hashes differ from the golden file"
cmp "$work/windows.txt" "$GOLDEN" || fail "the Windows output of hash --suite --golden is not $GOLDEN byte for byte"
log "ok   the Windows output is $GOLDEN byte for byte"

log "the comparison rejects a changed hash"
# The first case's grid hash with its last digit changed.
awk '!done && !/^#/ { n = split($2, d, ""); $2 = substr($2, 1, n - 1) ((d[n] == "0") ? "1" : "0"); done = 1 } { print }' \
    "$GOLDEN" > "$work/wrong.txt"
cmp -s "$work/wrong.txt" "$GOLDEN" && die "could not make a wrong golden file"
if node --no-warnings tests/web/compare-hashes.mjs --native "$native" --golden "$work/wrong.txt" \
        --suite-output "windows=$work/windows.txt" > "$work/wrong.log" 2>&1; then
    cat "$work/wrong.log" >&2
    fail "the comparison passed against a golden file with a wrong hash"
fi
grep -q '^FAIL windows: ' "$work/wrong.log" || { cat "$work/wrong.log" >&2; fail "the wrong hash was not reported for the Windows side"; }
log "ok   a wrong golden hash fails the comparison: $(grep -m 1 '^FAIL windows: ' "$work/wrong.log")"
log "Windows: the DLL exports $entry; the hash suite under Wine matches the golden file"
