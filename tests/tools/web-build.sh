#!/usr/bin/env bash
# Build Donjourno for the Web (wasm32-unknown-emscripten), release profile, in two thread modes.
# Each mode builds, in one cargo invocation:
#
#   the addon, a side module that Godot's Web export loads, into addons/donjourno/bin/:
#     donjourno_godot.web.release.nothreads.wasm32.wasm   for exports with thread support off
#     donjourno_godot.web.release.threads.wasm32.wasm     for exports with thread support on
#   (donjourno.gdextension names the same files for the web.debug.* features: there is no
#   separate debug Web build.)
#
#   the CLI, an Emscripten program for Node.js and browsers (for the hash tests), in
#     target/web-MODE/wasm32-unknown-emscripten/release/donjourno.js
#
# Usage:
#   tests/tools/web-build.sh [nothreads|threads|all]    (default: all)
#
# The toolchain comes from tests/tools/web-toolchain.sh, which installs it on first use. Each
# mode has its own target folder (target/web-nothreads, target/web-threads). The addon and the
# CLI share one cargo invocation, so the standard library (built from source, -Zbuild-std), the
# core and the common crates compile once per mode; the link arguments of each artefact come
# from its crate's build.rs.
#
# Environment:
#   CARGO_TARGET_DIR   parent of the per-mode target folders (default: target).
#   DONJOURNO_CACHE, DONJOURNO_WEB_RUST_TOOLCHAIN: see tests/tools/web-toolchain.sh.

set -euo pipefail

readonly TARGET=wasm32-unknown-emscripten
readonly CRATE=donjourno-addon
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

log() { printf 'web-build: %s\n' "$*" >&2; }
die() { printf 'web-build: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

case "${1:-all}" in
    all) variants=(nothreads threads) ;;
    nothreads | threads) variants=("$1") ;;
    *) die "unknown thread mode '$1' (expected nothreads, threads or all)" ;;
esac

env_lines="$(tests/tools/web-toolchain.sh --env)" || die "the Web toolchain is not available"
eval "$env_lines"
command -v emcc >/dev/null 2>&1 || die "emcc is not on PATH after loading the Web toolchain"

target_root="${CARGO_TARGET_DIR:-target}"
mkdir -p "$BIN_DIR"

# The addon and the CLI of one thread mode: build VARIANT
build() {
    local variant="$1" start=$SECONDS
    local -a flags=("${COMMON_FLAGS[@]}")
    [[ "$variant" == threads ]] && flags+=("${THREADS_FLAGS[@]}")
    log "building the addon and the CLI for $TARGET ($variant) in $target_root/web-$variant"
    local release="$target_root/web-$variant/$TARGET/release"
    tests/tools/build-cache.sh --name "web-$variant" \
        --output "$release/$LIB.wasm" --output "$release/donjourno.js" --output "$release/donjourno.wasm" \
        --input rust --input Cargo.toml --input Cargo.lock --input "$0" \
        --tool "rustup run $DONJOURNO_WEB_RUST_TOOLCHAIN rustc -vV" --tool 'emcc --version' \
        --tool 'wasm-opt --version' \
        -- env -u CARGO_ENCODED_RUSTFLAGS -u CARGO_TARGET_DIR RUSTFLAGS="${flags[*]}" \
        rustup run "$DONJOURNO_WEB_RUST_TOOLCHAIN" cargo build \
            -p "$CRATE" -p donjourno-cli --features "$CRATE/web-$variant" --release --locked \
            --target "$TARGET" -Zbuild-std --target-dir "$target_root/web-$variant" \
        || die "the $variant Web build failed"
    [[ -f "$release/$LIB.wasm" ]] || die "cargo finished but $release/$LIB.wasm is missing"
    [[ -f "$release/donjourno.js" ]] || die "cargo finished but $release/donjourno.js is missing"
    local out="$BIN_DIR/$LIB.web.release.$variant.wasm32.wasm"
    cp "$release/$LIB.wasm" "$out.tmp.$$"
    mv -f "$out.tmp.$$" "$out"
    log "$out: $(( $(stat -c %s "$out") / 1024 )) KiB; $release/donjourno.js ($(( SECONDS - start ))s)"
}

# The two thread modes build side by side: each has its own target folder, and much of a build is
# one busy thread (the core, optimised as one unit, and the link), so together they use both
# cores of a small machine. Each line of a build's output names its mode.
if (( ${#variants[@]} == 1 )); then
    build "${variants[0]}"
    exit 0
fi
pids=()
for variant in "${variants[@]}"; do
    ( build "$variant" 2>&1 | sed -u "s/^/[web $variant] /"; exit "${PIPESTATUS[0]}" ) &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=1
done
(( status == 0 )) || die "a Web build failed (see the lines above)"
