#!/usr/bin/env bash
# Package the addon as a user downloads it: target/dist/donjourno-VERSION.zip, holding the
# addons/donjourno/ folder (unzip it at the root of a Godot project, or install it from the
# Godot Asset Library, whose packages have the same layout):
#
#   plugin.cfg, plugin.gd, editor_actions.gd, donjourno.gdextension (and their .uid files),
#   icons/, presets/, docs/, LICENSE, README.md, and in bin/ every library the .gdextension lists
#   for Linux x86_64, Windows x86_64 and the Web (with and without threads), debug and release.
#
# The release libraries are stripped of everything a program does not need to run (symbol table
# and debug info; the Web ones of their name and producers sections); the debug libraries keep
# their symbol table, so backtraces name functions, but no DWARF debug info (tests/tools/install-lib.sh).
# The libraries listed for macOS and Linux arm64 cannot be built here and are left out: the
# platforms guide (docs/guide/platforms.md) says how to build them.
#
# VERSION is the workspace's (Cargo.toml [workspace.package] version); plugin.cfg must agree.
#
# Usage: tests/tools/dist.sh    (make dist builds the libraries first)
#
# Environment: CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_DIST_MAX_MIB (default 40).

set -euo pipefail

readonly ADDON=addons/donjourno
readonly GDEXTENSION=$ADDON/donjourno.gdextension
# What a user gets besides bin/; anything else in the addon folder stays out.
readonly CONTENTS=(plugin.cfg plugin.gd plugin.gd.uid editor_actions.gd editor_actions.gd.uid
    donjourno.gdextension donjourno.gdextension.uid icons presets LICENSE README.md)
# The .gdextension keys of the libraries the package ships.
readonly SHIPPED_RE='^(linux\.(debug|release)\.x86_64|windows\.(debug|release)\.x86_64|web\.(debug|release)\.(nothreads|threads)\.wasm32)$'

log() { printf 'dist: %s\n' "$*" >&2; }
die() { printf 'dist: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
target_root="${CARGO_TARGET_DIR:-target}"
max_mib="${DONJOURNO_DIST_MAX_MIB:-40}"

# The version, from its one place, and the files that must repeat it.
version="$(tests/tools/dist-version.sh)" || die "the versions disagree (see above)"

env_lines="$(tests/tools/windows-toolchain.sh --env)" || die "the Windows toolchain is not available"
eval "$env_lines"
env_lines="$(tests/tools/web-toolchain.sh --env)" || die "the Web toolchain is not available"
eval "$env_lines"
llvm_strip="$(sed -n "s/^LLVM_ROOT = '\(.*\)'$/\1/p" "$EM_CONFIG")/llvm-strip"
[[ -x "$llvm_strip" ]] || die "llvm-strip is missing from the Web toolchain"

stage="$target_root/dist/stage"
zip_file="$target_root/dist/donjourno-$version.zip"
rm -rf "$stage" "$zip_file"
mkdir -p "$stage/$ADDON/bin"
for item in "${CONTENTS[@]}"; do
    [[ -e "$ADDON/$item" ]] || die "$ADDON/$item is missing"
    cp -R "$ADDON/$item" "$stage/$ADDON/"
done

# strip_release FILE: strips a release library in place, with the tool for its format.
strip_release() {
    case "$1" in
        *.dll) x86_64-w64-mingw32-strip --strip-all "$1" ;;
        # Custom sections other than these go; the dynamic linker needs dylink.0.
        *.wasm) "$llvm_strip" --strip-all --keep-section=dylink.0 --keep-section=target_features "$1" ;;
        *) strip --strip-all "$1" ;;
    esac
}

declare -A shipped=()
while IFS= read -r line; do
    [[ "$line" =~ ^([a-z0-9_.]+)[[:space:]]*=[[:space:]]*\"res://addons/donjourno/([^\"]+)\" ]] || continue
    key="${BASH_REMATCH[1]}" file="${BASH_REMATCH[2]}"
    [[ "$key" =~ $SHIPPED_RE ]] || continue
    [[ -f "$ADDON/$file" ]] || die "$ADDON/$file ($key) is missing: make dist builds it"
    [[ -n "${shipped[$file]:-}" ]] && continue
    shipped["$file"]="$key"
    cp "$ADDON/$file" "$stage/$ADDON/$file"
    # The Web's debug and release keys name the same release build.
    [[ "$key" == *.release.* || "$key" == web.* ]] && strip_release "$stage/$ADDON/$file"
    log "$(printf '%-28s %6d KiB  %s' "$key" $(( $(stat -c %s "$stage/$ADDON/$file") / 1024 )) "$file")"
done < "$GDEXTENSION"
(( ${#shipped[@]} == 6 )) || die "expected 6 library files (Linux and Windows: debug and release; Web: one per thread mode, for both), found ${#shipped[@]}"

# Zip entries in a fixed order, with the files' own times: the same inputs give the same zip.
( cd "$stage" && find addons -print | LC_ALL=C sort | zip -q -X -9 -@ "$OLDPWD/$zip_file" ) \
    || die "zip failed"
size=$(stat -c %s "$zip_file")
log "$zip_file: $(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1048576 }') MiB ($(find "$stage" -type f | wc -l) files)"
(( size < max_mib * 1024 * 1024 )) || die "$zip_file is larger than $max_mib MiB"
