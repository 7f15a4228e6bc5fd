#!/usr/bin/env bash
# Checks of the compile cache (tests/tools/compile-cache.sh) on a throwaway workspace of two
# crates, `base` (a library) and `top` (a library over it, with a binary that prints what `base`
# says), built with the installed sccache into a cache folder of its own:
#
#   1. a first build compiles both libraries into the empty cache (misses, no hits);
#   2. after `cargo clean`, the same build takes both from the cache (hits, no misses) and gives
#      the same libraries, byte for byte, and the same program output;
#   3. a change to `base`'s source compiles `base` and `top` anew and the program prints the
#      changed value;
#   4. with every cached entry overwritten by garbage, a clean build still succeeds and is right;
#   5. with the cache folder deleted under the running server, a clean build still succeeds;
#   6. without sccache installed (an empty cache root), the wrapper runs rustc itself.
#
# Usage: tests/tools/test-compile-cache.sh (after `compile-cache.sh --provision`).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
wrapper="$PWD/tests/tools/compile-cache.sh"
sccache="$("$wrapper" --path)" || true
[[ -n "$sccache" ]] || { echo "test-compile-cache: sccache is not installed (compile-cache.sh --provision)" >&2; exit 1; }

work="$(mktemp -d)"
export DONJOURNO_COMPILE_CACHE_DIR="$work/cache"
export SCCACHE_DIR="$DONJOURNO_COMPILE_CACHE_DIR" SCCACHE_SERVER_UDS="$DONJOURNO_COMPILE_CACHE_DIR/server.sock"
# A server of its own, not the run's (tests/tools/build-tree.sh names that one).
unset DONJOURNO_COMPILE_CACHE_SOCKET
cleanup() {
    "$sccache" --stop-server >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { printf 'test-compile-cache: FAIL: %s\n' "$*" >&2; exit 1; }
pass() { printf 'test-compile-cache: ok: %s\n' "$*"; }

# The throwaway workspace.
mkdir -p "$work/ws/base/src" "$work/ws/top/src/bin"
cat >"$work/ws/Cargo.toml" <<'EOF'
[workspace]
resolver = "2"
members = ["base", "top"]
EOF
cat >"$work/ws/base/Cargo.toml" <<'EOF'
[package]
name = "base"
version = "0.1.0"
edition = "2021"
EOF
cat >"$work/ws/top/Cargo.toml" <<'EOF'
[package]
name = "top"
version = "0.1.0"
edition = "2021"
[dependencies]
base = { path = "../base" }
EOF
set_value() { printf 'pub fn value() -> u32 { %s }\n' "$1" >"$work/ws/base/src/lib.rs"; }
set_value 41
echo 'pub fn twice() -> u32 { base::value() * 2 }' >"$work/ws/top/src/lib.rs"
echo 'fn main() { println!("{}", top::twice()); }' >"$work/ws/top/src/bin/show.rs"

# Builds the workspace through the wrapper; prints the program's output.
build() {
    (cd "$work/ws" && CARGO_INCREMENTAL=0 RUSTC_WRAPPER="$wrapper" cargo build --quiet --offline \
        --target-dir "$work/target" && "$work/target/debug/show")
}
clean() { rm -rf "$work/target"; }
# Prints "HITS MISSES" of the server since its counts were zeroed.
counts() {
    "$sccache" --show-stats --stats-format json | python3 -c '
import json, sys
s = json.load(sys.stdin)["stats"]
def total(key):
    return sum(s.get(key, {}).get("counts", {}).values())
print(total("cache_hits"), total("cache_misses"))'
}
zero() { mkdir -p "$DONJOURNO_COMPILE_CACHE_DIR" && "$sccache" --zero-stats >/dev/null 2>&1; }
libs_digest() { sha256sum "$work"/target/debug/deps/lib{base,top}-*.rlib | awk '{ print $1 }'; }

"$sccache" --stop-server >/dev/null 2>&1 || true
zero
out="$(build)" || fail "the first build failed"
[[ "$out" == 82 ]] || fail "the first build printed '$out', expected 82"
read -r hits misses <<<"$(counts)"
(( hits == 0 && misses >= 2 )) || fail "a build into an empty cache: $hits hits, $misses misses (expected 0 and at least 2)"
first="$(libs_digest)"
pass "a build into an empty cache compiles ($misses misses)"

clean; zero
out="$(build)" || fail "the cached build failed"
read -r hits misses <<<"$(counts)"
(( hits >= 2 && misses == 0 )) || fail "a clean build of the same sources: $hits hits, $misses misses (expected at least 2 and 0)"
[[ "$(libs_digest)" == "$first" ]] || fail "the libraries from the cache differ from the ones compiled"
[[ "$out" == 82 ]] || fail "the cached build printed '$out', expected 82"
pass "a clean build of the same sources comes from the cache ($hits hits), the same libraries byte for byte"

set_value 50; zero
out="$(build)" || fail "the build after a source change failed"
read -r hits misses <<<"$(counts)"
(( misses >= 2 )) || fail "a changed source was not compiled anew: $hits hits, $misses misses"
[[ "$out" == 100 ]] || fail "after the source change the program printed '$out', expected 100"
pass "a changed source is compiled anew, and the crate above it ($misses misses)"

entries=0
while IFS= read -r -d '' f; do
    head -c 512 /dev/urandom >"$f"
    entries=$((entries + 1))
done < <(find "$DONJOURNO_COMPILE_CACHE_DIR" -type f -not -name '*.sock' -print0)
(( entries > 0 )) || fail "the cache folder holds no entries to corrupt"
clean
out="$(build)" || fail "a build over a corrupted cache failed"
[[ "$out" == 100 ]] || fail "a build over a corrupted cache printed '$out', expected 100"
pass "a build over $entries corrupted entries succeeds and is right"

rm -rf "$DONJOURNO_COMPILE_CACHE_DIR"
clean
out="$(build)" || fail "a build with the cache folder deleted failed"
[[ "$out" == 100 ]] || fail "a build with the cache folder deleted printed '$out', expected 100"
pass "a build with the cache folder deleted under its server succeeds"

clean
out="$(DONJOURNO_CACHE="$work/no-cache" build)" || fail "a build without sccache installed failed"
[[ "$out" == 100 ]] || fail "a build without sccache installed printed '$out', expected 100"
[[ ! -e "$work/no-cache" ]] || fail "the wrapper wrote into a cache root without sccache"
pass "without sccache installed, the wrapper runs rustc itself"
