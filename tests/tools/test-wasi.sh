#!/usr/bin/env bash
# Same terrain everywhere: build the CLI natively and for wasm32-wasip1, run the WASI build under
# Node.js and check that every case of `donjourno hash --suite` has, on both sides, the grid and
# mesh hash of the committed golden file tests/golden/hashes.txt.
#
# Usage: tests/tools/test-wasi.sh
#
# Environment:
#   CARGO                  cargo command (default: cargo).
#   CARGO_TARGET_DIR       cargo's target folder (default: target).
#   DONJOURNO_WASI_TIMING  runs of the default 128×128 terrain to time on each side (default: 3;
#                          0 skips the timing).

set -euo pipefail

readonly TARGET=wasm32-wasip1
readonly MIN_NODE_MAJOR=20

log() { printf 'test-wasi: %s\n' "$*" >&2; }
die() { printf 'test-wasi: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CARGO="${CARGO:-cargo}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

command -v node >/dev/null 2>&1 || die "Node.js $MIN_NODE_MAJOR or newer is required (node:wasi) but was not found"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
(( node_major >= MIN_NODE_MAJOR )) || die "Node.js $node_major found; node:wasi preview1 needs $MIN_NODE_MAJOR or newer"

if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    command -v rustup >/dev/null 2>&1 || die "the $TARGET target is missing and rustup was not found to add it"
    log "adding the $TARGET target"
    rustup target add "$TARGET" || die "rustup could not add the $TARGET target"
fi

log "building the native CLI (with the addon: one build of the core)"
$CARGO build --release --locked --workspace
log "building the CLI for $TARGET"
$CARGO build --release --locked -p donjourno-cli --target "$TARGET"

native="$TARGET_DIR/release/donjourno"
wasm="$TARGET_DIR/$TARGET/release/donjourno.wasm"
[[ -x "$native" ]] || die "$native was not built"
[[ -f "$wasm" ]] || die "$wasm was not built"

log "comparing hashes (golden file vs native and node WASI)"
node --no-warnings tests/web/compare-hashes.mjs --native "$native" --wasi "$wasm" \
    --golden tests/golden/hashes.txt \
    --timing "${DONJOURNO_WASI_TIMING:-3}"
