#!/usr/bin/env bash
# Linux arm64 checks: the addon's libraries load in Godot on arm64 Linux, and a terrain made on
# arm64 is the one made on x86_64.
#
#   1. Each library of addons/donjourno/bin for linux.*.arm64 (built by `make arm64`) is an
#      aarch64 ELF shared object that exports the entry symbol the .gdextension names.
#   2. The CLI, cross-built for arm64, runs `donjourno hash --suite --golden` under QEMU's
#      user-mode emulation: its output must be tests/golden/hashes.txt byte for byte (the golden
#      file holds the native hashes: test-rust and test-windows compare them with the native CLI's).
#
# Both checks first prove that they can fail: the export check rejects the CLI, and the byte
# comparison rejects the arm64 output against a golden file with one hash changed.
#
# Usage: tests/tools/test-arm64.sh
#
# Environment:
#   CARGO, CARGO_TARGET_DIR (default: target/aarch64), DONJOURNO_CACHE, DONJOURNO_DEBIAN_MIRROR.

set -euo pipefail

readonly TARGET=aarch64-unknown-linux-gnu
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension
readonly GOLDEN=tests/golden/hashes.txt

log() { printf 'test-arm64: %s\n' "$*" >&2; }
die() { printf 'test-arm64: error: %s\n' "$*" >&2; exit 1; }
fail() { printf 'test-arm64: FAIL: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target/aarch64}"
TARGET_DIR="$CARGO_TARGET_DIR"

env_lines="$(tests/tools/arm64-toolchain.sh --env)" || die "the arm64 toolchain is not available"
eval "$env_lines"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# ---------------------------------------------------------------------------
# 1. The libraries
# ---------------------------------------------------------------------------

entry="$(sed -n 's/^entry_symbol[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$GDEXTENSION")"
[[ -n "$entry" ]] || die "$GDEXTENSION names no entry_symbol"

# check_lib FILE: prints why FILE would not load as the addon on arm64 Linux, or nothing.
check_lib() {
    local lib="$1" header
    header="$(aarch64-linux-gnu-readelf -h "$lib" 2>/dev/null)" || { echo "readelf cannot read $lib"; return; }
    grep -qE '^[[:space:]]*Class:[[:space:]]+ELF64$' <<<"$header" || echo "is not a 64-bit ELF file"
    grep -qE '^[[:space:]]*Machine:[[:space:]]+AArch64$' <<<"$header" || echo "is not built for AArch64"
    grep -qE '^[[:space:]]*Type:[[:space:]]+DYN ' <<<"$header" || echo "is not a shared object"
    # The dynamic symbol table: what dlopen and Godot's lookup of the entry symbol see.
    aarch64-linux-gnu-nm -D --defined-only "$lib" 2>/dev/null | awk '$2 == "T" { print $3 }' | grep -qx "$entry" \
        || echo "does not export $entry"
}

log "the check rejects a file without $entry (the CLI)"
tests/tools/arm64-build.sh --cli
cli="$TARGET_DIR/$TARGET/release/donjourno"
[[ -n "$(check_lib "$cli")" ]] || fail "the export check accepted $cli, which does not export $entry"

for build in debug release; do
    line="$(grep -E "^linux\.$build\.arm64[[:space:]]*=" "$GDEXTENSION")" || fail "$GDEXTENSION lists no linux.$build.arm64"
    lib="addons/donjourno/${line#*\"res://addons/donjourno/}"
    lib="${lib%\"*}"
    [[ -f "$lib" ]] || fail "$lib is missing (make arm64 builds it)"
    problems="$(check_lib "$lib")"
    [[ -z "$problems" ]] || fail "$lib: $problems"
    log "ok   $lib: aarch64 ELF shared object, exports $entry; needs $(aarch64-linux-gnu-readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
done

# ---------------------------------------------------------------------------
# 2. The hash suite under QEMU
# ---------------------------------------------------------------------------

log "running the arm64 CLI under QEMU: donjourno hash --suite --golden"
start=$SECONDS
"$DONJOURNO_QEMU_AARCH64" "$cli" hash --suite --golden > "$work/arm64.txt" \
    || fail "donjourno hash --suite --golden failed under QEMU"
log "      $(( SECONDS - start ))s under QEMU"

if ! cmp "$work/arm64.txt" "$GOLDEN"; then
    diff "$GOLDEN" "$work/arm64.txt" | head -n 20 >&2 || true
    fail "the arm64 output of hash --suite --golden is not $GOLDEN byte for byte"
fi
log "ok   the arm64 output is $GOLDEN byte for byte"

log "the comparison rejects a changed hash"
# The first case's grid hash with its last digit changed.
awk '!done && !/^#/ { n = split($2, d, ""); $2 = substr($2, 1, n - 1) ((d[n] == "0") ? "1" : "0"); done = 1 } { print }' \
    "$GOLDEN" > "$work/wrong.txt"
cmp -s "$work/wrong.txt" "$GOLDEN" && die "could not make a wrong golden file"
cmp -s "$work/arm64.txt" "$work/wrong.txt" && fail "the comparison passed against a golden file with a wrong hash"
log "ok   a wrong golden hash fails the comparison: $(diff "$work/wrong.txt" "$work/arm64.txt" | grep -m 1 '^<')"
log "Linux arm64: both libraries are aarch64 and export $entry; the hash suite under QEMU matches the golden file"
