#!/usr/bin/env bash
# Checks of the build cache (tests/tools/build-cache.sh) on a throwaway git checkout and a build
# that counts its runs: a second build of the same sources is restored, not run, with the same
# bytes; a changed, added or deleted input, a changed tool, a changed variable or a changed command
# builds again; an entry whose file was changed or deleted is built again, never restored; a
# failing build stores nothing and keeps its status; each name keeps its newest entries only.
set -euo pipefail

tool="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/build-cache.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export DONJOURNO_BUILD_CACHE_DIR="$work/cache" DONJOURNO_BUILD_CACHE_KEEP=3
unset DONJOURNO_BUILD_CACHE
failures=0

ok() { printf 'test-build-cache: ok   %s\n' "$*"; }
bad() { printf 'test-build-cache: FAIL %s\n' "$*" >&2; failures=$((failures + 1)); }

mkdir -p "$work/repo/src"
cd "$work/repo"
git init -q .
printf 'one\n' >src/a.txt
printf 'two\n' >src/b.txt
printf 'tool 1\n' >"$work/tool-version"
git add src && git -c user.name=t -c user.email=t@t commit -qm inputs

# The "build": concatenates the inputs into out/lib and out/cli and counts its runs.
cat >"$work/build.sh" <<'EOF'
#!/usr/bin/env bash
set -e
echo run >>"$COUNTER"
mkdir -p out
cat src/*.txt >out/lib
printf 'cli of %s\n' "$(cat src/*.txt | wc -l)" >out/cli
[[ -z "${FAIL:-}" ]] || exit 7
EOF
chmod +x "$work/build.sh"
export COUNTER="$work/runs"

runs() { [[ -f "$COUNTER" ]] && wc -l <"$COUNTER" || echo 0; }
build() {
    "$tool" --name fake --output out/lib --output out/cli --input src \
        --tool "cat $work/tool-version" -- "$work/build.sh" "$@" 2>>"$work/log"
}
# Expects the build to run (1) or be restored (0), naming the case.
expect() {
    local want="$1" label="$2" before after
    before="$(runs)"
    build "${@:3}"
    after="$(runs)"
    if (( after - before == want )); then ok "$label"; else bad "$label: the build ran $((after - before)) times, expected $want"; fi
}

expect 1 "a first build runs"
cp out/lib "$work/lib.first"
rm -rf out
expect 0 "the same sources again: restored"
cmp -s out/lib "$work/lib.first" && ok "restored bytes are the built bytes" || bad "restored out/lib differs from the built one"
[[ "$(cat out/cli)" == "cli of 2" ]] && ok "every output restored" || bad "out/cli was not restored"

printf 'one, edited\n' >src/a.txt
expect 1 "an uncommitted edit builds again"
expect 0 "and is restored the next time"
printf 'three\n' >src/c.txt
expect 1 "an untracked new input builds again"
printf 'ignored\n' >src/skip.log && printf '*.log\n' >.gitignore
expect 0 "an ignored file is no input"
rm src/b.txt
expect 1 "a deleted input builds again"
printf 'tool 2\n' >"$work/tool-version"
expect 1 "a changed tool builds again"
CARGO_PROFILE_RELEASE_LTO=thin expect 1 "a changed build variable builds again"
PATH="$PATH:/nonexistent" expect 0 "PATH is no input (tools are keyed by their output)"
RUSTC_WRAPPER=/another/clone/tests/tools/compile-cache.sh expect 0 "RUSTC_WRAPPER is no input (the compile cache, at each clone's path)"
expect 1 "a changed command builds again" --extra-argument

# A corrupted entry: every stored file changed in place, then one deleted.
for f in "$DONJOURNO_BUILD_CACHE_DIR"/fake/*/files/0; do printf 'corrupt' >"$f"; done
expect 1 "an entry whose file changed is built again, not restored"
cmp -s out/lib <(cat src/*.txt) && ok "the rebuilt output is the build's" || bad "out/lib after the corrupted entry is not the build's"
expect 0 "the rebuilt entry is restored next"
for f in "$DONJOURNO_BUILD_CACHE_DIR"/fake/*/files/1; do rm -f "$f"; done
expect 1 "an entry missing a file is built again"
rm -rf "$DONJOURNO_BUILD_CACHE_DIR"
expect 1 "a deleted cache folder is built again"

printf 'four\n' >src/d.txt
before="$(runs)"
if FAIL=1 build; then bad "a failing build exits 0"; else
    rc=$?; (( rc == 7 )) && ok "a failing build keeps its status (7)" || bad "a failing build exited $rc, not 7"; fi
expect 1 "a failing build stored nothing"

entries="$(find "$DONJOURNO_BUILD_CACHE_DIR/fake" -mindepth 1 -maxdepth 1 -name '[0-9a-f]*' | wc -l)"
for n in 5 6 7 8; do printf '%s\n' "$n" >"src/n$n.txt"; build; done
entries="$(find "$DONJOURNO_BUILD_CACHE_DIR/fake" -mindepth 1 -maxdepth 1 -name '[0-9a-f]*' | wc -l)"
(( entries == 3 )) && ok "a name keeps its 3 newest entries (DONJOURNO_BUILD_CACHE_KEEP)" || bad "$entries entries kept, expected 3"
expect 0 "the newest entry is among them"

before="$(runs)"
DONJOURNO_BUILD_CACHE=off build
(( $(runs) - before == 1 )) && ok "DONJOURNO_BUILD_CACHE=off runs the build" || bad "DONJOURNO_BUILD_CACHE=off did not run the build"

if (( failures > 0 )); then
    printf 'test-build-cache: %d checks failed; the log:\n' "$failures" >&2
    cat "$work/log" >&2
    exit 1
fi
echo "test-build-cache: every check passed"
