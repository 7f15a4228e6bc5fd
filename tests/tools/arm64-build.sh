#!/usr/bin/env bash
# Cross-build the addon for Linux arm64 (aarch64-unknown-linux-gnu, Debian's cross GCC as linker)
# into addons/donjourno/bin/ under the names addons/donjourno/donjourno.gdextension lists, or the CLI.
#
# Usage:
#   tests/tools/arm64-build.sh          # the release library into addons/donjourno/bin, and the CLI
#                                       # beside it
#   tests/tools/arm64-build.sh --cli    # only the release build: the CLI
#                                       # ($CARGO_TARGET_DIR/aarch64-unknown-linux-gnu/release/donjourno)
#
# The release library and the CLI build in one cargo invocation (the whole workspace), so the core
# compiles once for both. The build folder is target/aarch64 unless CARGO_TARGET_DIR says
# otherwise: a cargo build folder of its own, so the arm64 builds never wait for the lock of a
# native or Windows build running beside them (tests/tools/stages.sh).
#
# The library is installed like the native ones (tests/tools/install-lib.sh, with the cross
# objcopy): without DWARF debug info, the symbol table kept (checked to name the addon's
# functions). The editor and debug exports load it too (the .gdextension's linux.debug.arm64 key
# names it), as on Windows and the Web: debug builds are for developing the addon, whose tests run
# on x86_64. The toolchain comes from tests/tools/arm64-toolchain.sh, which
# provisions it on first use.
#
# Environment:
#   CARGO, CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_DEBIAN_MIRROR.

set -euo pipefail

readonly TARGET=aarch64-unknown-linux-gnu
readonly CRATE=donjourno-addon
readonly BIN_DIR=addons/donjourno/bin
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension

log() { printf 'arm64-build: %s\n' "$*" >&2; }
die() { printf 'arm64-build: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CARGO="${CARGO:-cargo}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target/aarch64}"
target_root="$CARGO_TARGET_DIR"

env_lines="$(tests/tools/arm64-toolchain.sh --env)" || die "the arm64 toolchain is not available"
eval "$env_lines"

# The release build: the library and the CLI.
build_release() {
    log "building the release library and the CLI"
    local release="$target_root/$TARGET/release"
    tests/tools/build-cache.sh --name arm64-release \
        --output "$release/libdonjourno_godot.so" --output "$release/donjourno" \
        --input rust --input Cargo.toml --input Cargo.lock --input "$0" \
        --tool 'rustc -vV' --tool "$CARGO -V" --tool "${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-aarch64-linux-gnu-gcc} --version" \
        -- $CARGO build --locked --release --workspace --target "$TARGET"
    [[ -f "$target_root/$TARGET/release/donjourno" ]] || die "the arm64 CLI was not built"
}

if [[ "${1:-}" == --cli ]]; then
    build_release
    exit 0
fi
[[ -z "${1:-}" ]] || die "unknown argument '$1' (expected --cli or nothing)"

listed_name() {
    local key="linux.$1.arm64" line
    line="$(grep -E "^$key[[:space:]]*=" "$GDEXTENSION")" || die "$GDEXTENSION lists no $key library"
    line="${line#*\"res://addons/donjourno/}"
    printf '%s\n' "${line%\"*}"
}

build_release
OBJCOPY=aarch64-linux-gnu-objcopy tests/tools/install-lib.sh \
    "$target_root/$TARGET/release/libdonjourno_godot.so" "addons/donjourno/$(listed_name release)"
[[ "$(listed_name debug)" == "$(listed_name release)" ]] \
    || die "the .gdextension's linux.debug.arm64 key must name the release library"
NM=aarch64-linux-gnu-nm tests/tools/check-addon-lib.sh "addons/donjourno/$(listed_name release)"
[[ "$(dirname "$(listed_name release)")" == "${BIN_DIR#addons/donjourno/}" ]] || die "the .gdextension puts the library outside bin/"
