#!/usr/bin/env bash
# Package the addon as a user downloads it: target/dist/donjourno-VERSION.zip, holding the
# addons/donjourno/ folder (unzip it at the root of a Godot project, or install it from the
# Godot Asset Library, whose packages have the same layout):
#
#   plugin.cfg, plugin.gd, editor_actions.gd, donjourno.gdextension (and their .uid files),
#   icons/, presets/, ground/, stamps/ (the stamp gizmo), LICENSE, README.md, and in bin/ every
#   library the .gdextension lists
#   for Linux x86_64 and arm64, Windows x86_64 and the Web (with and without threads), debug and
#   release. The pictures of the docs are not in it: they live in the documentation (docs/figures/).
#
# The release libraries are stripped of everything a program does not need to run (symbol table
# and debug info; the Web ones of their name and producers sections); the debug libraries keep
# the symbols of the addon's own functions, so backtraces name them, and no DWARF debug info
# (tests/tools/install-lib.sh).
# macOS is not built (the platforms guide, docs/guide/platforms.md, says why), and the .gdextension
# lists no macOS library.
#
# Beside it, target/dist/donjourno-demo-VERSION.zip: the demo project (godot_project/) in one folder,
# donjourno-demo-VERSION/, with a real copy of the same addons/donjourno/ (the same stripped
# libraries) where the repository has a symlink (`make link`); a user unzips it and opens
# project.godot. Godot's import cache (.godot/, *.import) stays out, and the zip holds no symlink.
#
# VERSION is the workspace's (Cargo.toml [workspace.package] version); plugin.cfg must agree.
#
# Usage: tests/tools/dist.sh    (make dist builds the libraries first)
#        tests/tools/dist.sh --shipped-keys    (prints the keys of SHIPPED_KEYS, one a line)
#
# Environment: CARGO_TARGET_DIR, DONJOURNO_CACHE, DONJOURNO_DIST_MAX_MIB (default 25).

set -euo pipefail

readonly ADDON=addons/donjourno
readonly DEMO=godot_project
readonly GDEXTENSION=$ADDON/donjourno.gdextension
# What a user gets besides bin/; anything else in the addon folder stays out.
readonly CONTENTS=(plugin.cfg plugin.gd plugin.gd.uid editor_actions.gd editor_actions.gd.uid
    donjourno.gdextension donjourno.gdextension.uid icons presets ground settlements stamps water
    LICENSE README.md)
# The .gdextension keys of the libraries the package ships, each of which must be listed there and
# built (the debug keys of Linux arm64, Windows and the Web name their release builds, so 10 keys
# give 6 files).
readonly SHIPPED_KEYS=(
    linux.debug.x86_64 linux.release.x86_64
    linux.debug.arm64 linux.release.arm64
    windows.debug.x86_64 windows.release.x86_64
    web.debug.nothreads.wasm32 web.release.nothreads.wasm32
    web.debug.threads.wasm32 web.release.threads.wasm32
)

if [[ "${1:-}" == --shipped-keys ]]; then
    printf '%s\n' "${SHIPPED_KEYS[@]}"
    exit 0
fi

log() { printf 'dist: %s\n' "$*" >&2; }
die() { printf 'dist: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
target_root="${CARGO_TARGET_DIR:-target}"
max_mib="${DONJOURNO_DIST_MAX_MIB:-25}"

# The version, from its one place, and the files that must repeat it.
version="$(tests/tools/dist-version.sh)" || die "the versions disagree (see above)"

env_lines="$(tests/tools/windows-toolchain.sh --env)" || die "the Windows toolchain is not available"
eval "$env_lines"
env_lines="$(tests/tools/web-toolchain.sh --env)" || die "the Web toolchain is not available"
eval "$env_lines"
env_lines="$(tests/tools/arm64-toolchain.sh --env)" || die "the Linux arm64 toolchain is not available"
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
# Godot's import files (written beside the icons when a project using the addon is opened) are
# the user's project's to make.
find "$stage/$ADDON" -name '*.import' -delete

# strip_release FILE: strips a release library in place, with the tool for its format.
strip_release() {
    case "$1" in
        *.dll) x86_64-w64-mingw32-strip --strip-all "$1" ;;
        # Custom sections other than these go; the dynamic linker needs dylink.0.
        *.wasm) "$llvm_strip" --strip-all --keep-section=dylink.0 --keep-section=target_features "$1" ;;
        *.arm64.so) aarch64-linux-gnu-strip --strip-all "$1" ;;
        *) strip --strip-all "$1" ;;
    esac
}

# strip_debug FILE: strips a debug library in place of every symbol but the addon's own (those
# whose names hold "donjourno"), so a backtrace still names the addon's functions while the names
# of the standard library's and the dependencies' functions stay out of the package.
strip_debug() {
    local keep=(--strip-all --wildcard --keep-symbol='*donjourno*')
    case "$1" in
        *.dll) x86_64-w64-mingw32-strip "${keep[@]}" "$1" ;;
        *.arm64.so) aarch64-linux-gnu-strip "${keep[@]}" "$1" ;;
        *) strip "${keep[@]}" "$1" ;;
    esac
}

declare -A shipped=() found=()
while IFS= read -r line; do
    [[ "$line" =~ ^([a-z0-9_.]+)[[:space:]]*=[[:space:]]*\"res://addons/donjourno/([^\"]+)\" ]] || continue
    key="${BASH_REMATCH[1]}" file="${BASH_REMATCH[2]}"
    [[ " ${SHIPPED_KEYS[*]} " == *" $key "* ]] || continue
    found["$key"]=1
    [[ -f "$ADDON/$file" ]] || die "$ADDON/$file ($key) is missing: make dist builds it"
    [[ -n "${shipped[$file]:-}" ]] && continue
    shipped["$file"]="$key"
    cp "$ADDON/$file" "$stage/$ADDON/$file"
    # Linux arm64's, Windows' and the Web's debug and release keys name the same release build.
    if [[ "$file" == *.release.* ]]; then
        strip_release "$stage/$ADDON/$file"
    else
        strip_debug "$stage/$ADDON/$file"
    fi
    log "$(printf '%-28s %6d KiB  %s' "$key" $(( $(stat -c %s "$stage/$ADDON/$file") / 1024 )) "$file")"
done < "$GDEXTENSION"
for key in "${SHIPPED_KEYS[@]}"; do
    [[ -n "${found[$key]:-}" ]] || die "$GDEXTENSION does not list $key, which the package ships"
done


# zip_dir DIR ZIP ENTRY: writes ZIP from ENTRY (a folder under DIR), entries in a fixed order, with
# the files' own times, so that the same inputs give the same zip; then reports and caps its size.
zip_dir() {
    local dir="$1" zip="$2" entry="$3" size
    ( cd "$dir" && find "$entry" -print | LC_ALL=C sort | zip -q -X -9 -@ "$OLDPWD/$zip" ) \
        || die "zip failed"
    size=$(stat -c %s "$zip")
    log "$zip: $(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1048576 }') MiB ($(find "$dir" -type f | wc -l) files)"
    (( size < max_mib * 1024 * 1024 )) || die "$zip is larger than $max_mib MiB"
}

zip_dir "$stage" "$zip_file" addons

# The demo: the project's own files (not Godot's import cache, not the symlink to the addon), and
# the addon as staged above.
demo_name="donjourno-demo-$version"
demo_stage="$target_root/dist/demo-stage"
demo_zip="$target_root/dist/$demo_name.zip"
rm -rf "$demo_stage" "$demo_zip"
mkdir -p "$demo_stage/$demo_name"
[[ -f "$DEMO/project.godot" ]] || die "$DEMO/project.godot is missing"
( cd "$DEMO" && find . -mindepth 1 \( -path ./.godot -o -path ./addons \) -prune -o \
    \( -type f -o -type d \) ! -name '*.import' -print ) | while IFS= read -r path; do
    if [[ -d "$DEMO/$path" ]]; then
        mkdir -p "$demo_stage/$demo_name/$path"
    else
        cp -p "$DEMO/$path" "$demo_stage/$demo_name/$path"
    fi
done
cp -R "$stage/addons" "$demo_stage/$demo_name/"
# The demo speaks to whoever unzipped it: no make targets of this repository, and exports into a
# folder of its own rather than into the repository's target/.
sed -i 's|`make run` builds the addon, links it into addons/ and starts it\.|Open this folder in Godot 4.6 and press Play.|' \
    "$demo_stage/$demo_name/project.godot"
sed -i 's|^export_path="\.\./target/\([a-z0-9]*\)-export/|export_path="export/\1/|' \
    "$demo_stage/$demo_name/export_presets.cfg"
stale="$(grep -rIl -e 'make run' -e '\.\./target/' "$demo_stage/$demo_name" --exclude-dir=addons || true)"
[[ -z "$stale" ]] || die "the demo still names the repository's make targets or target/: $(head -n 3 <<<"$stale")"
links="$(find "$demo_stage" -type l)"
[[ -z "$links" ]] || die "the demo's stage holds symlinks: $links"
zip_dir "$demo_stage" "$demo_zip" "$demo_name"
