#!/usr/bin/env bash
# Cross-build the addon for Windows x86_64 (x86_64-pc-windows-gnu, MinGW-w64) into
# addons/donjourno/bin/ under the names addons/donjourno/donjourno.gdextension lists, or the CLI.
#
# Usage:
#   tests/tools/windows-build.sh          # debug and release DLLs into addons/donjourno/bin
#   tests/tools/windows-build.sh --cli    # the CLI: $CARGO_TARGET_DIR/x86_64-pc-windows-gnu/release/donjourno.exe
#
# The DLLs are installed like the Linux libraries (tests/tools/install-lib.sh): without DWARF
# debug info, the symbol table kept (the debug DLL is checked to name the addon's functions).
# The toolchain comes from tests/tools/windows-toolchain.sh, which provisions it on first use.
#
# Environment:
#   CARGO, CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_DEBIAN_MIRROR.

set -euo pipefail

readonly TARGET=x86_64-pc-windows-gnu
readonly CRATE=donjourno-godot
readonly BIN_DIR=addons/donjourno/bin
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension

log() { printf 'windows-build: %s\n' "$*" >&2; }
die() { printf 'windows-build: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CARGO="${CARGO:-cargo}"
target_root="${CARGO_TARGET_DIR:-target}"

env_lines="$(tests/tools/windows-toolchain.sh --env)" || die "the Windows toolchain is not available"
eval "$env_lines"

if [[ "${1:-}" == --cli ]]; then
    log "building the CLI for $TARGET"
    $CARGO build --release --locked -p donjourno-cli --target "$TARGET"
    [[ -f "$target_root/$TARGET/release/donjourno.exe" ]] || die "donjourno.exe was not built"
    exit 0
fi
[[ -z "${1:-}" ]] || die "unknown argument '$1' (expected --cli or nothing)"

# The library path the .gdextension lists for windows.<build>.x86_64, without res://addons/donjourno/.
listed_name() {
    local key="windows.$1.x86_64" line
    line="$(grep -E "^$key[[:space:]]*=" "$GDEXTENSION")" || die "$GDEXTENSION lists no $key library"
    line="${line#*\"res://addons/donjourno/}"
    printf '%s\n' "${line%\"*}"
}

for build in debug release; do
    flags=()
    [[ "$build" == release ]] && flags=(--release)
    # The debug DLL's glue crate at opt-level 1 (the core and the dependencies are optimised in
    # every build): unoptimised, it alone would push the DLL past check-addon-lib.sh's 30 MiB.
    [[ "$build" == debug ]] && flags=(--config 'profile.dev.package."donjourno-godot".opt-level=1')
    log "building the $build DLL"
    # No DWARF for the debug DLL: install-lib.sh strips it anyway, and generating it doubles the
    # build time; the symbol table (function names) stays.
    CARGO_PROFILE_DEV_DEBUG=false $CARGO build --locked "${flags[@]}" -p "$CRATE" --target "$TARGET"
    built="$target_root/$TARGET/$build/donjourno_godot.dll"
    tests/tools/install-lib.sh "$built" "addons/donjourno/$(listed_name "$build")"
done
NM=x86_64-w64-mingw32-nm tests/tools/check-addon-lib.sh "addons/donjourno/$(listed_name debug)"
[[ "$(dirname "$(listed_name debug)")" == "${BIN_DIR#addons/donjourno/}" ]] || die "the .gdextension puts the DLLs outside bin/"
