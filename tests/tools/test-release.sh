#!/usr/bin/env bash
# tests/tools/release.sh (`make release VERSION=x.y.z`), run against a throwaway clone of this
# repository without building the packages (DONJOURNO_RELEASE_SKIP_DIST=1): it refuses a malformed
# version, a tree with changes and an existing tag, changing nothing; a release bumps Cargo.toml,
# Cargo.lock (which cargo then reads as it is), plugin.cfg and CHANGELOG.md's headings, commits
# exactly those and tags the commit; a second release with nothing Unreleased is refused.
#
# The clone gets this work tree's release.sh and dist-version.sh, so that the scripts under test are
# the ones being edited.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { printf 'test-release: FAIL: %s\n' "$*" >&2; exit 1; }
checks=0
ok() { checks=$((checks + 1)); }

repo="$work/repo"
git clone -q --no-checkout "$root" "$repo"
git -C "$repo" checkout -q --detach "$(git rev-parse HEAD)"
export GIT_AUTHOR_NAME="Release test" GIT_AUTHOR_EMAIL="release-test@example.invalid"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export DONJOURNO_RELEASE_SKIP_DIST=1 DONJOURNO_RELEASE_DATE=2031-02-03
cp tests/tools/release.sh tests/tools/dist-version.sh "$repo/tests/tools/"
if [[ -n "$(git -C "$repo" status --porcelain)" ]]; then
    git -C "$repo" add tests/tools/release.sh tests/tools/dist-version.sh
    git -C "$repo" commit -q -m "The release scripts under test"
fi
git -C "$repo" tag -l | xargs -r git -C "$repo" tag -d >/dev/null
start="$(git -C "$repo" rev-parse HEAD)"
old="$("$repo/tests/tools/dist-version.sh")"
changelog_before="$(cat "$repo/CHANGELOG.md")"

# refuses CASE ARGS...: release.sh ARGS fails and leaves HEAD, the tags and the files as they were.
refuses() {
    local what="$1"
    shift
    if "$repo/tests/tools/release.sh" "$@" >"$work/out" 2>&1; then
        cat "$work/out" >&2
        fail "release.sh accepted $what"
    fi
    [[ "$(git -C "$repo" rev-parse HEAD)" == "$start" ]] || fail "release.sh committed after refusing $what"
    [[ "$(git -C "$repo" diff HEAD --name-only)" == "" ]] || fail "release.sh changed files after refusing $what"
    ok
}

for bad in 1.2 v1.2.3 1.2.3.4 01.2.3 1.2.x "" 1.2.3-; do
    refuses "the version '$bad'" "$bad"
done
# A tree with changes: a changed file, a staged one, an untracked one.
for change in changed staged untracked; do
    case "$change" in
        changed) echo "change" >> "$repo/README.md" ;;
        staged) echo "change" >> "$repo/README.md"; git -C "$repo" add README.md ;;
        untracked) touch "$repo/untracked-file" ;;
    esac
    if "$repo/tests/tools/release.sh" 9.8.7 >"$work/out" 2>&1; then fail "release.sh ran with a $change file"; fi
    grep -q 'the tree has changes' "$work/out" || fail "refusing a $change file, release.sh said: $(cat "$work/out")"
    [[ "$(git -C "$repo" rev-parse HEAD)" == "$start" ]] || fail "release.sh committed with a $change file"
    git -C "$repo" reset -q --hard
    rm -f "$repo/untracked-file"
    ok
done
git -C "$repo" tag v9.9.9
if "$repo/tests/tools/release.sh" 9.9.9 >"$work/out" 2>&1; then fail "release.sh ran though the tag v9.9.9 exists"; fi
grep -q 'v9.9.9 exists' "$work/out" || fail "refusing an existing tag, release.sh said: $(cat "$work/out")"
git -C "$repo" tag -d v9.9.9 >/dev/null
ok

# The release.
"$repo/tests/tools/release.sh" 9.8.7 >"$work/out" 2>&1 || { cat "$work/out" >&2; fail "release.sh 9.8.7 failed"; }
cd "$repo"
[[ -z "$(git status --porcelain)" ]] || fail "the tree has changes after the release: $(git status --porcelain)"
[[ "$(git rev-parse HEAD^)" == "$start" ]] || fail "the release is not one commit on top of the start"
[[ "$(git log -1 --format=%s)" == "Version 9.8.7" ]] || fail "the release commit says '$(git log -1 --format=%s)'"
changed="$(git diff --name-only HEAD^ HEAD | LC_ALL=C sort | tr '\n' ' ')"
[[ "$changed" == "CHANGELOG.md Cargo.lock Cargo.toml addons/donjourno/plugin.cfg " ]] \
    || fail "the release commit changed: $changed"
ok
[[ "$(git cat-file -t v9.8.7)" == tag ]] || fail "v9.8.7 is not an annotated tag"
[[ "$(git rev-parse 'v9.8.7^{commit}')" == "$(git rev-parse HEAD)" ]] || fail "v9.8.7 does not tag the release commit"
ok
[[ "$(tests/tools/dist-version.sh)" == 9.8.7 ]] || fail "dist-version.sh says $(tests/tools/dist-version.sh)"
grep -qx 'version = "9.8.7"' Cargo.toml || fail "Cargo.toml does not say 9.8.7"
grep -qx 'version="9.8.7"' addons/donjourno/plugin.cfg || fail "plugin.cfg does not say 9.8.7"
[[ "$(grep -c "^version = \"$old\"" Cargo.toml)" == 0 ]] || fail "Cargo.toml still names $old"
for crate in donjourno donjourno-cli donjourno-godot donjourno-addon; do
    grep -A1 -x "name = \"$crate\"" Cargo.lock | grep -qx 'version = "9.8.7"' || fail "Cargo.lock's $crate is not 9.8.7"
done
# cargo reads the new Cargo.lock as it is: it would not rewrite it. Not offline: on a new
# machine the registry's index is not there yet (the builds that follow fetch it anyway).
if command -v cargo >/dev/null; then
    cargo metadata --locked --format-version 1 >/dev/null 2>"$work/cargo.log" \
        || fail "cargo does not accept the bumped Cargo.lock as it is: $(tail -n 3 "$work/cargo.log")"
fi
ok
# CHANGELOG.md: an empty Unreleased section, then the released one with what Unreleased held.
headings="$(grep '^## ' CHANGELOG.md | head -n 2 | tr '\n' '|')"
[[ "$headings" == "## [Unreleased]|## [9.8.7] - 2031-02-03|" ]] || fail "the changelog's first headings are: $headings"
between="$(awk '/^## \[Unreleased\]$/ { p = 1; next } /^## / { p = 0 } p && NF' CHANGELOG.md)"
[[ -z "$between" ]] || fail "the new Unreleased section is not empty: $between"
expected="$(sed 's/^## \[Unreleased\]$/## [Unreleased]\n\n## [9.8.7] - 2031-02-03/' <<<"$changelog_before")"
[[ "$(cat CHANGELOG.md)" == "$expected" ]] || fail "CHANGELOG.md changed beyond its headings: $(diff <(echo "$expected") CHANGELOG.md | head)"
ok

# Once released: the same version again is refused (the tag exists), and so is a release with an
# empty Unreleased section.
start="$(git rev-parse HEAD)"
refuses "the released version again" 9.8.7
refuses "an empty Unreleased section" 9.8.8
grep -q 'Unreleased section is empty' "$work/out" || fail "refusing an empty Unreleased section, release.sh said: $(cat "$work/out")"
echo "test-release: release.sh bumps, commits and tags; it refuses bad versions, changes, existing tags ($checks checks passed)"
