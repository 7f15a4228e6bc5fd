#!/usr/bin/env bash
# Build the Godot addon for the Web: a wasm32-unknown-emscripten side module, release profile, in
# two variants, into addons/donjourno/bin/:
#
#   donjourno_godot.web.release.nothreads.wasm32.wasm   for exports with thread support off
#   donjourno_godot.web.release.threads.wasm32.wasm     for exports with thread support on
#
# (donjourno.gdextension names the same files for the web.debug.* features: there is no separate
# debug Web build.)
#
# Usage:
#   tests/tools/web-build.sh [nothreads|threads|all]         the addon (default: all)
#   tests/tools/web-build.sh --cli [nothreads|threads|all]   the CLI as an Emscripten program for
#                                                            Node.js and browsers (for tests), next to it in
#                                                            target/web-VARIANT/.../release/
#
# The toolchain comes from tests/tools/web-toolchain.sh, which installs it on first use. Each
# variant has its own target folder (target/web-nothreads, target/web-threads), shared by the
# addon and the CLI: both use the same compiler flags, so the standard library (built from
# source, -Zbuild-std) and the common crates are compiled once per variant; only the link
# arguments of the final artefact differ.
#
# Environment:
#   CARGO_TARGET_DIR   parent of the per-variant target folders (default: target).
#   DONJOURNO_CACHE, DONJOURNO_WEB_RUST_TOOLCHAIN: see tests/tools/web-toolchain.sh.

set -euo pipefail

readonly TARGET=wasm32-unknown-emscripten
readonly CRATE=donjourno-godot
readonly LIB=donjourno_godot
readonly BIN_DIR=addons/donjourno/bin

# Compiler flags of every variant: no C++ exceptions (Godot's Web templates are built without
# them), only the symbols gdext exports are visible, native libraries come from the main module.
readonly COMMON_FLAGS=(
    -C llvm-args=-enable-emscripten-cxx-exceptions=0
    -Z default-visibility=hidden
    -Z link-native-libraries=no
    -Z emscripten-wasm-eh=false
)
readonly THREADS_FLAGS=(-C link-args=-pthread -C target-feature=+atomics)
# Link arguments of the addon: a side module that Godot's main module loads with dlopen.
readonly ADDON_LINK=(-C link-args=-sSIDE_MODULE=2)
# Link arguments of the CLI: a Node.js program; with threads, workers for rayon's pool.
readonly CLI_LINK=(-C link-args=-sALLOW_MEMORY_GROWTH=1 -C link-args=-sEXIT_RUNTIME=1)
# With threads, a browser page must be cross-origin isolated: tests/web/require-isolation.js says so
# before Emscripten fails on the missing SharedArrayBuffer.
CLI_THREADS_LINK=(-C link-args=-sPTHREAD_POOL_SIZE=8
    -C "link-args=--pre-js=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/tests/web/require-isolation.js")
readonly CLI_THREADS_LINK

log() { printf 'web-build: %s\n' "$*" >&2; }
die() { printf 'web-build: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

what=addon
if [[ "${1:-}" == --cli ]]; then
    what=cli
    shift
fi
case "${1:-all}" in
    all) variants=(nothreads threads) ;;
    nothreads | threads) variants=("$1") ;;
    *) die "unknown variant '$1' (expected nothreads, threads or all)" ;;
esac

env_lines="$(tests/tools/web-toolchain.sh --env)" || die "the Web toolchain is not available"
eval "$env_lines"
command -v emcc >/dev/null 2>&1 || die "emcc is not on PATH after loading the Web toolchain"

target_root="${CARGO_TARGET_DIR:-target}"
mkdir -p "$BIN_DIR"

# cargo rustc for the final crate of one variant: build_final VARIANT PACKAGE TARGET-SELECTION
# [LINK ARGUMENTS...]
build_final() {
    local variant="$1" package="$2" selection="$3"
    shift 3
    local -a flags=("${COMMON_FLAGS[@]}")
    [[ "$variant" == threads ]] && flags+=("${THREADS_FLAGS[@]}")
    local -a features=()
    [[ "$package" == "$CRATE" ]] && features=(--features "web-$variant")
    env -u CARGO_ENCODED_RUSTFLAGS -u CARGO_TARGET_DIR RUSTFLAGS="${flags[*]}" \
        rustup run "$DONJOURNO_WEB_RUST_TOOLCHAIN" cargo rustc \
            -p "$package" "$selection" --release --locked \
            --target "$TARGET" -Zbuild-std "${features[@]}" \
            --target-dir "$target_root/web-$variant" \
            -- "$@"
}

build_addon() {
    local variant="$1" start=$SECONDS
    log "building the addon for $TARGET ($variant) in $target_root/web-$variant"
    build_final "$variant" "$CRATE" --lib "${ADDON_LINK[@]}" || die "the $variant Web build of the addon failed"
    local built="$target_root/web-$variant/$TARGET/release/$LIB.wasm"
    [[ -f "$built" ]] || die "cargo finished but $built is missing"
    local out="$BIN_DIR/$LIB.web.release.$variant.wasm32.wasm"
    cp "$built" "$out.tmp"
    mv -f "$out.tmp" "$out"
    log "$out: $(( $(stat -c %s "$out") / 1024 )) KiB ($(( SECONDS - start ))s)"
}

build_cli() {
    local variant="$1" start=$SECONDS
    local -a link=("${CLI_LINK[@]}")
    [[ "$variant" == threads ]] && link+=("${CLI_THREADS_LINK[@]}")
    log "building the CLI for $TARGET ($variant) in $target_root/web-$variant"
    build_final "$variant" donjourno-cli --bin=donjourno "${link[@]}" || die "the $variant Web build of the CLI failed"
    local built="$target_root/web-$variant/$TARGET/release/donjourno.js"
    [[ -f "$built" ]] || die "cargo finished but $built is missing"
    log "$built ($(( SECONDS - start ))s)"
}

for variant in "${variants[@]}"; do
    "build_$what" "$variant"
done
