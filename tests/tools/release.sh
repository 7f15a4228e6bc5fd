#!/usr/bin/env bash
# Release version VERSION (x.y.z, optionally with a pre-release such as 1.0.0-rc.1):
#
#   1. refuses to run on a tree with changes (staged, unstaged or untracked files), on a version that
#      is not x.y.z[-pre], when the tag vVERSION exists already, when CHANGELOG.md has no
#      "## [Unreleased]" section, an empty one, or a section for VERSION already;
#   2. sets the version in its one place, Cargo.toml ([workspace.package] version), and in the files
#      that repeat it: addons/donjourno/plugin.cfg and the workspace's crates in Cargo.lock;
#   3. in CHANGELOG.md (Keep a Changelog), the Unreleased section becomes "## [VERSION] - DATE" and a
#      new, empty "## [Unreleased]" section is started above it;
#   4. checks that the versions agree (tests/tools/dist-version.sh) and commits the bump;
#   5. builds the packages, target/dist/donjourno-VERSION.zip and donjourno-demo-VERSION.zip
#      (`make dist`);
#   6. tags the commit vVERSION (an annotated tag). Pushing it is left to the person releasing.
#
# Usage: tests/tools/release.sh VERSION    (or: make release VERSION=x.y.z)
#
# Environment: DONJOURNO_RELEASE_SKIP_DIST=1 skips step 5 (tests/tools/test-release.sh does);
# DONJOURNO_RELEASE_DATE, the changelog's date (default: today, UTC, as YYYY-MM-DD).

set -euo pipefail

readonly PLUGIN=addons/donjourno/plugin.cfg
readonly CHANGELOG=CHANGELOG.md

log() { printf 'release: %s\n' "$*" >&2; }
die() { printf 'release: error: %s\n' "$*" >&2; exit 1; }

version="${1:-}"
[[ -n "$version" ]] || die "usage: $0 VERSION (for example 1.2.0)"
[[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$ ]] \
    || die "'$version' is not a version of the form x.y.z or x.y.z-pre (Semantic Versioning)"
tag="v$version"
date="${DONJOURNO_RELEASE_DATE:-$(date -u +%F)}"
[[ "$date" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "DONJOURNO_RELEASE_DATE '$date' is not YYYY-MM-DD"

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || die "$PWD is not a git work tree"
dirty="$(git status --porcelain)"
[[ -z "$dirty" ]] || die "the tree has changes; commit or stash them first:"$'\n'"$dirty"
! git rev-parse -q --verify "refs/tags/$tag" >/dev/null || die "the tag $tag exists already"

old="$(tests/tools/dist-version.sh)" || die "the versions disagree before the bump (see above)"
grep -qx '## \[Unreleased\]' "$CHANGELOG" || die "$CHANGELOG has no '## [Unreleased]' section"
! grep -q "^## \[$version\]" "$CHANGELOG" || die "$CHANGELOG has a section for $version already"
# The Unreleased section's lines, up to the next version's heading: it must say something.
unreleased="$(awk '/^## \[Unreleased\]$/ { p = 1; next } p && /^## / { exit } p && NF' "$CHANGELOG")"
[[ -n "$unreleased" ]] || die "$CHANGELOG's Unreleased section is empty: nothing to release"
log "$old -> $version ($date)"

# Cargo.toml: the version line of [workspace.package].
awk -v v="$version" '
    /^\[/ { p = ($0 == "[workspace.package]") }
    p && /^version[[:space:]]*=/ && !done { print "version = \"" v "\""; done = 1; next }
    { print }' Cargo.toml > Cargo.toml.new
mv Cargo.toml.new Cargo.toml

# Cargo.lock: the workspace's crates (their [package] names), as cargo would write them.
if [[ -f Cargo.lock ]]; then
    names=" $(for manifest in rust/*/Cargo.toml; do
        awk '/^\[/ { p = ($0 == "[package]") } p && /^name[[:space:]]*=/ { gsub(/.*=[[:space:]]*"|".*/, ""); print; exit }' "$manifest"
    done | tr '\n' ' ')"
    awk -v names="$names" -v old="$old" -v v="$version" '
        /^\[\[package\]\]$/ { pkg = "" }
        /^name = "/ { pkg = $0; gsub(/^name = "|"$/, "", pkg) }
        /^version = "/ && index(names, " " pkg " ") && $0 == "version = \"" old "\"" { $0 = "version = \"" v "\"" }
        { print }' Cargo.lock > Cargo.lock.new
    mv Cargo.lock.new Cargo.lock
fi

sed -i "s/^version=\".*\"$/version=\"$version\"/" "$PLUGIN"

# CHANGELOG.md: a new, empty Unreleased section above the released one.
awk -v heading="## [$version] - $date" '
    $0 == "## [Unreleased]" && !done { print; print ""; print heading; done = 1; next }
    { print }' "$CHANGELOG" > "$CHANGELOG.new"
mv "$CHANGELOG.new" "$CHANGELOG"

agreed="$(tests/tools/dist-version.sh)" || die "the versions disagree after the bump (see above)"
[[ "$agreed" == "$version" ]] || die "the versions say $agreed after the bump, not $version"

git add Cargo.toml "$PLUGIN" "$CHANGELOG"
[[ -f Cargo.lock ]] && git add Cargo.lock
git commit -q -m "Version $version"
log "committed the bump as $(git rev-parse --short HEAD)"

if [[ "${DONJOURNO_RELEASE_SKIP_DIST:-}" == 1 ]]; then
    log "DONJOURNO_RELEASE_SKIP_DIST=1: the packages are not built"
else
    make dist || die "make dist failed: the bump is committed ($(git rev-parse --short HEAD)) but not tagged; fix the build, run make dist, then: git tag -a $tag -m 'Donjourno $version'"
fi

git tag -a "$tag" -m "Donjourno $version"
log "tagged $(git rev-parse --short HEAD) as $tag; push with: git push origin HEAD $tag"
