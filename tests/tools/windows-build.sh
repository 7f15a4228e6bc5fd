#!/usr/bin/env bash
# Cross-build the addon for Windows x86_64 (x86_64-pc-windows-gnu, MinGW-w64) into
# addons/donjourno/bin/ under the names addons/donjourno/donjourno.gdextension lists, or the CLI.
#
# Usage:
#   tests/tools/windows-build.sh          # the release DLL into addons/donjourno/bin, and the
#                                         # CLI's .exe beside it
#   tests/tools/windows-build.sh --cli    # only the release build: the CLI's .exe
#                                         # ($CARGO_TARGET_DIR/x86_64-pc-windows-gnu/release/donjourno.exe)
#
# The release DLL and the CLI build in one cargo invocation (the whole workspace), so the core
# compiles once for both.
#
# The DLL is installed like the Linux libraries (tests/tools/install-lib.sh): without DWARF
# debug info. The editor and debug exports load it too (the .gdextension's windows.debug key
# names it): MinGW's target has no function sections, so a debug DLL, built without link-time
# optimisation, keeps every function of the Godot bindings, used or not (30 MB, 7 MB zipped).
# The toolchain comes from tests/tools/windows-toolchain.sh, which provisions it on first use.
#
# Environment:
#   CARGO, CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_DEBIAN_MIRROR.

set -euo pipefail

readonly TARGET=x86_64-pc-windows-gnu
readonly CRATE=donjourno-addon
readonly BIN_DIR=addons/donjourno/bin
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension

log() { printf 'windows-build: %s\n' "$*" >&2; }
die() { printf 'windows-build: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CARGO="${CARGO:-cargo}"
target_root="${CARGO_TARGET_DIR:-target}"

env_lines="$(tests/tools/windows-toolchain.sh --env)" || die "the Windows toolchain is not available"
eval "$env_lines"

# The release build: the DLL and the CLI's .exe. With thin link-time optimisation, unlike the other
# targets (Cargo.toml): MinGW's target has no function sections, so only LTO drops the functions
# of the Godot bindings the DLL never calls.
build_release() {
    log "building the release DLL and the CLI"
    local release="$target_root/$TARGET/release"
    tests/tools/build-cache.sh --name windows-release \
        --output "$release/donjourno_godot.dll" --output "$release/donjourno.exe" \
        --input rust --input Cargo.toml --input Cargo.lock --input "$0" \
        --tool 'rustc -vV' --tool "$CARGO -V" --tool "${CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER:-x86_64-w64-mingw32-gcc} --version" \
        -- env CARGO_PROFILE_RELEASE_LTO=thin $CARGO build --locked --release --workspace --target "$TARGET"
    [[ -f "$target_root/$TARGET/release/donjourno.exe" ]] || die "donjourno.exe was not built"
}

if [[ "${1:-}" == --cli ]]; then
    build_release
    exit 0
fi
[[ -z "${1:-}" ]] || die "unknown argument '$1' (expected --cli or nothing)"

listed_name() {
    local key="windows.$1.x86_64" line
    line="$(grep -E "^$key[[:space:]]*=" "$GDEXTENSION")" || die "$GDEXTENSION lists no $key library"
    line="${line#*\"res://addons/donjourno/}"
    printf '%s\n' "${line%\"*}"
}

build_release
tests/tools/install-lib.sh "$target_root/$TARGET/release/donjourno_godot.dll" \
    "addons/donjourno/$(listed_name release)"
[[ "$(listed_name debug)" == "$(listed_name release)" ]] \
    || die "the .gdextension's windows.debug key must name the release DLL"
NM=x86_64-w64-mingw32-nm tests/tools/check-addon-lib.sh "addons/donjourno/$(listed_name release)"
[[ "$(dirname "$(listed_name release)")" == "${BIN_DIR#addons/donjourno/}" ]] || die "the .gdextension puts the DLL outside bin/"
