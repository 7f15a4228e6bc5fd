#!/usr/bin/env bash
# The Web builds in a real browser (headless Chromium, see tests/tools/browser.sh):
#
#   1. the smoke host (tests/web/smoke_host.c) built for the browser as an Emscripten main module,
#      without and with threads, loads each addon library as Godot's Web export loads a
#      GDExtension; every import of the library resolves against it; each library is refused by
#      the host of the other thread mode;
#   2. a threaded build opened without cross-origin isolation fails, naming the missing headers;
#   3. the CLI built for wasm32-unknown-emscripten prints the golden hashes in the page, without
#      and with threads (rayon's pool on Web Workers), compared with tests/golden/hashes.txt by
#      tests/web/compare-hashes.mjs, which first must reject a wrong golden hash;
#   4. the page times the .wasm download and compilation and the default 128×128 generation.
#
# Usage: tests/tools/test-browser.sh
#
# It uses the addon libraries and the CLI that `make test-web` builds (tests/tools/web-build.sh
# is run again, which is a no-op when they are up to date); only the two smoke hosts for the
# browser are linked here.
#
# Environment:
#   CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_WEB_RUST_TOOLCHAIN (see web-build.sh);
#   DONJOURNO_BROWSER_TIMING   runs timed per variant (default 3).

set -euo pipefail

readonly BIN_DIR=addons/donjourno/bin
readonly GDEXTENSION=addons/donjourno/donjourno.gdextension
readonly GOLDEN=tests/golden/hashes.txt
readonly TARGET=wasm32-unknown-emscripten
readonly VARIANTS=(nothreads threads)

log() { printf 'test-browser: %s\n' "$*" >&2; }
die() { printf 'test-browser: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
target_root="${CARGO_TARGET_DIR:-target}"
[[ "$target_root" == /* ]] || target_root="$PWD/$target_root"
work="$target_root/web-browser"
site="$work/site"
start=$SECONDS

entry="$(sed -n 's/^[[:space:]]*entry_symbol[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' "$GDEXTENSION")"
[[ -n "$entry" ]] || die "no entry_symbol in $GDEXTENSION"

browser_env="$(tests/tools/browser.sh --env)" || die "the test browser is not available"
eval "$browser_env"

# What make test-web built; up to date, this only checks.
tests/tools/web-build.sh all

env_lines="$(tests/tools/web-toolchain.sh --env)" || die "the Web toolchain is not available"
eval "$env_lines"

# The smoke hosts for the browser: Godot's Web export links its main module for web and worker
# environments and loads GDExtensions with loadDynamicLibrary before running main.
host_flags=(-O1 -sMAIN_MODULE=1 -sWASM_BIGINT -sENVIRONMENT=web,worker -sEXIT_RUNTIME=1
    -sALLOW_MEMORY_GROWTH=1 -sINVOKE_RUN=0 -Wno-pthreads-mem-growth
    -sEXPORTED_RUNTIME_METHODS=callMain,loadDynamicLibrary --post-js tests/web/smoke-post.js)
host_inputs=(tests/web/smoke_host.c tests/web/require-isolation.js tests/web/smoke-post.js "$EM_CONFIG" "$0")
for variant in "${VARIANTS[@]}"; do
    host="$work/smoke-$variant/host.js"
    stale=0
    for input in "${host_inputs[@]}"; do [[ "$input" -nt "$host" ]] && stale=1; done
    if [[ ! -f "$host" ]] || (( stale )); then
        log "building the $variant smoke host for the browser"
        extra=()
        [[ "$variant" == threads ]] && extra=(-pthread -sPTHREAD_POOL_SIZE=2 --pre-js tests/web/require-isolation.js)
        mkdir -p "$(dirname "$host")"
        emcc "${host_flags[@]}" "${extra[@]}" tests/web/smoke_host.c -o "$host" \
            || die "emcc failed to build the $variant smoke host for the browser"
    fi
done

# The site: the page and links to the builds; the libraries next to each host, as a Godot export
# puts them next to its main module.
rm -rf "$site"
mkdir -p "$site"
printf '<!doctype html>\n<meta charset="utf-8">\n<title>Donjourno browser test</title>\n<script src="browser-page.js"></script>\n' \
    > "$site/index.html"
ln -s "$PWD/tests/web/browser-page.js" "$site/browser-page.js"
for variant in "${VARIANTS[@]}"; do
    mkdir -p "$site/smoke-$variant" "$site/cli-$variant"
    for ext in js wasm; do ln -s "$work/smoke-$variant/host.$ext" "$site/smoke-$variant/"; done
    for lib_variant in "${VARIANTS[@]}"; do
        lib="$BIN_DIR/donjourno_godot.web.release.$lib_variant.wasm32.wasm"
        [[ -f "$lib" ]] || die "$lib is missing (make web builds it)"
        ln -s "$PWD/$lib" "$site/smoke-$variant/"
    done
    for ext in js wasm; do
        built="$target_root/web-$variant/$TARGET/release/donjourno.$ext"
        [[ -f "$built" ]] || die "$built is missing"
        ln -s "$built" "$site/cli-$variant/donjourno.$ext"
    done
done
log "ready to test after $(( SECONDS - start ))s"

set +e
node --no-warnings tests/web/browser-test.mjs --site "$site" --entry "$entry" --out "$work" \
    --timing "${DONJOURNO_BROWSER_TIMING:-3}"
browser_status=$?
set -e

log "comparing the hashes printed in the browser with $GOLDEN"
outputs=()
for variant in "${VARIANTS[@]}"; do outputs+=(--suite-output "browser-$variant=$work/browser-$variant.txt"); done
set +e
node --no-warnings tests/web/compare-hashes.mjs --golden "$GOLDEN" "${outputs[@]}"
compare_status=$?
set -e

for variant in "${VARIANTS[@]}"; do
    if cmp -s "$work/browser-$variant.txt" "$GOLDEN"; then
        log "ok   the browser's output ($variant) is $GOLDEN byte for byte"
    else
        compare_status=1
        log "FAIL the browser's output ($variant) differs from $GOLDEN"
    fi
done

# The comparison must be able to fail: the first case's grid hash with its last digit changed.
awk '!done && !/^#/ { n = split($2, d, ""); $2 = substr($2, 1, n - 1) ((d[n] == "0") ? "1" : "0"); done = 1 } { print }' \
    "$GOLDEN" > "$work/wrong-golden.txt"
if node --no-warnings tests/web/compare-hashes.mjs --golden "$work/wrong-golden.txt" \
        "${outputs[@]}" > "$work/wrong.log" 2>&1 || ! grep -q '^FAIL browser-threads: ' "$work/wrong.log"; then
    cat "$work/wrong.log" >&2
    die "the comparison did not reject a golden file with a wrong hash"
fi
log "ok   a wrong golden hash fails the comparison: $(grep -m 1 '^FAIL browser-threads: ' "$work/wrong.log")"

(( browser_status == 0 && compare_status == 0 )) \
    || die "browser tests failed (page checks: exit status $browser_status; hashes: exit status $compare_status)"
log "browser tests passed in $(( SECONDS - start ))s"
