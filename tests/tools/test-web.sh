#!/usr/bin/env bash
# Web tests: build the addon for wasm32-unknown-emscripten (both variants), load each library
# into a stand-in for Godot's Web main module under Node.js, and check that the generator gives
# the native terrain when built for the same target.
#
# Usage: tests/tools/test-web.sh
#
# 1. Smoke test (tests/web/smoke_host.c): an Emscripten main module, built once without and once
#    with threads, dlopens a library and calls its entry symbol with a fake get_proc_address; the
#    library must ask for the Godot version and go on initialising. Each library must also fail
#    to load into the host of the other thread mode.
# 2. Same terrain: the CLI built for wasm32-unknown-emscripten in both variants (no threads: rayon
#    runs on the calling thread; threads: rayon's pool on Emscripten pthreads) prints the hashes
#    of the committed golden file tests/golden/hashes.txt for every case of
#    `donjourno hash --suite` (the native CLIs are compared with it by `make test-rust` and
#    `make test-bench`).
#
# Environment: CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_WEB_RUST_TOOLCHAIN (see
# tests/tools/web-build.sh and tests/tools/web-toolchain.sh).

set -euo pipefail

readonly BIN_DIR=addons/donjourno/bin
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension
readonly TARGET=wasm32-unknown-emscripten

log() { printf 'test-web: %s\n' "$*" >&2; }
die() { printf 'test-web: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
target_root="${CARGO_TARGET_DIR:-target}"
smoke_dir="$target_root/web-smoke"

entry="$(sed -n 's/^[[:space:]]*entry_symbol[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' "$GDEXTENSION")"
[[ -n "$entry" ]] || die "no entry_symbol in $GDEXTENSION"

tests/tools/web-build.sh all

env_lines="$(tests/tools/web-toolchain.sh --env)" || die "the Web toolchain is not available"
eval "$env_lines"

# Smoke hosts: rebuilt when the source or the toolchain changes.
mkdir -p "$smoke_dir"
host_flags=(-O1 -sMAIN_MODULE=1 -sWASM_BIGINT -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1
    -Wno-pthreads-mem-growth)
for variant in nothreads threads; do
    host="$smoke_dir/host-$variant.js"
    if [[ ! -f "$host" || tests/web/smoke_host.c -nt "$host" || "$EM_CONFIG" -nt "$host" ]]; then
        log "building the $variant smoke host"
        extra=()
        [[ "$variant" == threads ]] && extra=(-pthread -sPTHREAD_POOL_SIZE=2)
        emcc "${host_flags[@]}" "${extra[@]}" tests/web/smoke_host.c -o "$host" \
            || die "emcc failed to build the $variant smoke host"
    fi
done

passed=0
failed=0
pass() { passed=$((passed + 1)); printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }

# run_host HOST-VARIANT LIB-VARIANT: prints the host's output, returns its exit status.
run_host() {
    local lib="$BIN_DIR/donjourno_godot.web.release.$2.wasm32.wasm"
    timeout 120 node "$smoke_dir/host-$1.js" "$lib" "$entry" 2>&1
}

for variant in nothreads threads; do
    lib="$BIN_DIR/donjourno_godot.web.release.$variant.wasm32.wasm"
    [[ -f "$lib" ]] || { fail "smoke $variant: $lib is missing"; continue; }
    set +e
    out="$(run_host "$variant" "$variant")"
    status=$?
    set -e
    if (( status == 0 )) && grep -q '^smoke: ok:' <<< "$out"; then
        pass "smoke $variant: $(grep '^smoke: ok:' <<< "$out" | sed 's/^smoke: ok: //') ($(( $(stat -c %s "$lib") / 1024 )) KiB)"
    else
        fail "smoke $variant: exit status $status"
        printf '%s\n' "$out" | sed 's/^/    /'
    fi
    other=threads
    [[ "$variant" == threads ]] && other=nothreads
    set +e
    out="$(run_host "$other" "$variant")"
    status=$?
    set -e
    if (( status != 0 )) && ! grep -q '^smoke: ok:' <<< "$out"; then
        pass "smoke $variant: refused by the $other host ($(grep -m 1 -o 'LinkError: .*' <<< "$out" || echo "exit status $status"))"
    else
        fail "smoke $variant: the $other host loaded it (exit status $status)"
        printf '%s\n' "$out" | sed 's/^/    /'
    fi
done
printf 'smoke: %d passed, %d failed\n' "$passed" "$failed"

# The native release CLI's suite is compared with the golden file by `make test-bench`, which
# builds it beside the arm64 builds; this stage builds only for the Web.
set +e
node --no-warnings tests/web/compare-hashes.mjs --golden tests/golden/hashes.txt \
    --emscripten "emscripten-nothreads=$target_root/web-nothreads/$TARGET/release/donjourno.js" \
    --emscripten "emscripten-threads=$target_root/web-threads/$TARGET/release/donjourno.js" \
    --timing "${DONJOURNO_WEB_TIMING:-3}"
compare_status=$?
set -e

if (( failed > 0 || compare_status != 0 )); then
    die "web tests failed (smoke: $failed failed; hashes: exit status $compare_status)"
fi
