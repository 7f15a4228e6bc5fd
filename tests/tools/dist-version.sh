#!/usr/bin/env bash
# Prints the addon's version, from its one place (the workspace's Cargo.toml,
# [workspace.package] version), after checking that everything else that states a version agrees:
# every crate of the workspace takes the workspace's (`version.workspace = true`) and
# addons/donjourno/plugin.cfg says the same. Exits 1, naming the file, when one disagrees.
#
# Usage: tests/tools/dist-version.sh [ROOT]    (ROOT: the repository, by default this one)
set -euo pipefail
cd "${1:-$(dirname "${BASH_SOURCE[0]}")/../..}"
fail() { printf 'dist-version: FAIL: %s\n' "$*" >&2; exit 1; }

version="$(awk '/^\[workspace\.package\]/ { p = 1; next } /^\[/ { p = 0 } p && /^version[[:space:]]*=/ { gsub(/.*=[[:space:]]*"|".*/, ""); print; exit }' Cargo.toml)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] \
    || fail "Cargo.toml has no [workspace.package] version (found '$version')"
for manifest in rust/*/Cargo.toml; do
    grep -qE '^version\.workspace[[:space:]]*=[[:space:]]*true' "$manifest" \
        || fail "$manifest does not take the workspace's version (version.workspace = true)"
done
plugin="$(sed -n 's/^version="\(.*\)"$/\1/p' addons/donjourno/plugin.cfg)"
[[ "$plugin" == "$version" ]] || fail "addons/donjourno/plugin.cfg says version \"$plugin\", Cargo.toml $version"
printf '%s\n' "$version"
