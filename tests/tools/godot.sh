#!/usr/bin/env bash
# Run Godot 4 for the project's tests and tools.
#
# Usage:
#   tests/tools/godot.sh [godot args...]
#   tests/tools/godot.sh --provision      # only make sure a Godot is available
#
# Godot is chosen in this order:
#   1. $GODOT, if set, is executed as is.
#   2. `godot` on PATH, if `godot --version` reports 4.5 or newer.
#   3. A private copy of Debian sid's godot package and its runtime libraries,
#      provisioned on first use into
#      ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/godot-<version>/
#      and started through the dynamic loader shipped in that copy, so the
#      host's own C library and system packages are left untouched.
#
# Environment:
#   GODOT                          Godot executable to use.
#   DONJOURNO_CACHE                cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_GODOT_PROVISION_ONLY if 1, provision and exit (same as --provision).
#   DONJOURNO_GODOT_PRIVATE        if 1, skip `godot` on PATH and use the private copy.
#   DONJOURNO_DEBIAN_MIRROR        Debian archive URL (default: the one the host's
#                                  APT sources use, else http://deb.debian.org/debian).
#
# Provisioning needs write access to the cache root, apt-get, apt-cache and
# dpkg-deb, and network access to a Debian mirror. It does not modify the
# host's APT or dpkg state.
#
# The private copy runs as "ld-linux-x86-64.so.2 --library-path ... godot", so
# inside it OS.get_executable_path() names the loader, not Godot: start further
# Godot processes through this script instead.

set -euo pipefail

# shellcheck source=tests/tools/private-apt.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/private-apt.sh"

readonly GODOT_VERSION=4.6.3
readonly MIN_MAJOR=4
readonly MIN_MINOR=5
readonly MULTIARCH=x86_64-linux-gnu

# Packages whose dependency closure forms the private prefix: Godot itself,
# Mesa's software OpenGL/EGL/GLX stack (llvmpipe) and the Vulkan loader with
# Mesa's software Vulkan driver (lavapipe).
readonly ROOT_PACKAGES=(
    godot
    libgl1-mesa-dri libglx-mesa0 libegl-mesa0 libgl1 libegl1
    mesa-vulkan-drivers libvulkan1
)

# Packages left out of the closure: maintainer-script machinery, CPU feature
# guards and fonts (Godot embeds its own fonts).
readonly EXCLUDE_RE='^(debconf|cdebconf|debconf-2\.0|isa-support|sse4\.2-support|fonts-.*|ttf-.*|xfonts-.*)$'

readonly STAMP_NAME=.donjourno-godot-provisioned

CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
PREFIX="$CACHE_ROOT/godot-$GODOT_VERSION"

log() { printf 'godot.sh: %s\n' "$*" >&2; }
die() { printf 'godot.sh: error: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------
# Selection
# ---------------------------------------------------------------------------

# True if the given command reports Godot MIN_MAJOR.MIN_MINOR or newer.
godot_is_recent() {
    local out major minor
    out="$(timeout 30 "$1" --headless --version 2>/dev/null | tail -n 1)" || return 1
    [[ "$out" =~ ^([0-9]+)\.([0-9]+) ]] || return 1
    major="${BASH_REMATCH[1]}"
    minor="${BASH_REMATCH[2]}"
    (( major > MIN_MAJOR || (major == MIN_MAJOR && minor >= MIN_MINOR) ))
}

prefix_is_ready() {
    [[ -f "$PREFIX/$STAMP_NAME" ]]
}

# ---------------------------------------------------------------------------
# Provisioning
# ---------------------------------------------------------------------------

# Prints the dependency closure of the given packages, one name per line,
# pruning excluded and virtual packages before descending into them.
dependency_closure() {
    local -A seen=()
    local -a queue=() next=()
    local pkg line dep out
    for pkg in "$@"; do
        seen["$pkg"]=1
        queue+=("$pkg")
    done
    while (( ${#queue[@]} > 0 )); do
        next=()
        out="$(papt apt-cache depends --no-recommends --no-suggests --no-conflicts \
                  --no-breaks --no-replaces --no-enhances "${queue[@]}")" || return 1
        while IFS= read -r line; do
            # Dependency lines look like "  Depends: name" or " |Depends: name";
            # providers of virtual packages are listed below them with deeper
            # indentation and no field name, and are skipped.
            [[ "$line" =~ ^\ \ ?\|?(Pre)?Depends:\ (.+)$ ]] || continue
            dep="${BASH_REMATCH[2]}"
            [[ "$dep" == \<* ]] && continue
            dep="${dep%%:*}"
            [[ "$dep" =~ $EXCLUDE_RE ]] && continue
            [[ -n "${seen[$dep]:-}" ]] && continue
            seen["$dep"]=1
            next+=("$dep")
        done <<< "$out"
        queue=("${next[@]+"${next[@]}"}")
    done
    printf '%s\n' "${!seen[@]}" | sort
}

# Rewrites Mesa's lavapipe ICD manifest so the Vulkan loader finds the driver
# inside the prefix.
write_vulkan_icd() {
    local root="$1" final_prefix="$2"
    local src="$root/usr/share/vulkan/icd.d/lvp_icd.json"
    local lib="$final_prefix/usr/lib/$MULTIARCH/libvulkan_lvp.so"
    [[ -f "$src" ]] || die "lavapipe ICD manifest missing from mesa-vulkan-drivers"
    mkdir -p "$root/donjourno"
    sed -E "s|\"library_path\"[[:space:]]*:[[:space:]]*\"[^\"]*\"|\"library_path\": \"$lib\"|" \
        "$src" > "$root/donjourno/lvp_icd.json"
    grep -q "\"library_path\": \"$lib\"" "$root/donjourno/lvp_icd.json" \
        || die "could not rewrite library_path in lvp_icd.json"
}

# Removes files the runtime never reads, to keep the prefix small.
trim_prefix() {
    local root="$1" f keep
    rm -rf "$root"/usr/share/{doc,man,info,lintian,bug,locale,bash-completion,zsh} \
           "$root"/usr/lib/"$MULTIARCH"/gconv
    # Hardware Vulkan drivers are of no use without their GPUs; lavapipe stays.
    for f in "$root"/usr/lib/"$MULTIARCH"/libvulkan_*.so; do
        [[ -e "$f" || -L "$f" ]] || continue
        keep="${f##*/}"
        [[ "$keep" == libvulkan_lvp.so ]] || rm -f "$f"
    done
}

provision() {
    papt_require_tools flock sort
    [[ "$(dpkg --print-architecture 2>/dev/null || uname -m)" =~ ^(amd64|x86_64)$ ]] \
        || die "the private Godot copy is only available for x86_64 hosts; set GODOT instead"

    mkdir -p "$CACHE_ROOT" || die "cannot create cache directory $CACHE_ROOT"
    papt_lock_install "$CACHE_ROOT/.godot-$GODOT_VERSION.lock" prefix_is_ready \
        "$CACHE_ROOT/.godot-$GODOT_VERSION.tmp." || return 0

    local start=$SECONDS
    local mirror
    mirror="$(papt_mirror)"

    log "provisioning Godot $GODOT_VERSION into $PREFIX"
    log "using Debian sid packages from $mirror"

    local work
    work="$(mktemp -d "$CACHE_ROOT/.godot-$GODOT_VERSION.tmp.XXXXXX")" \
        || die "cannot create a temporary directory in $CACHE_ROOT"
    # shellcheck disable=SC2064
    trap "rm -rf '$work'" EXIT
    APT_DIR="$work/apt"
    local debs="$work/debs" root="$work/root"
    mkdir -p "$debs" "$root"

    papt_setup "$APT_DIR" "$mirror" sid

    log "[1/5] fetching the sid package index"
    papt_update "$APT_DIR"

    local candidate
    candidate="$(papt apt-cache policy godot | sed -n 's/^[[:space:]]*Candidate:[[:space:]]*//p')"
    [[ -n "$candidate" && "$candidate" != "(none)" ]] || die "no godot package found in sid"
    [[ "$candidate" == "$GODOT_VERSION"+* || "$candidate" == "$GODOT_VERSION"-* ]] \
        || die "sid has godot $candidate, but this script expects $GODOT_VERSION; update GODOT_VERSION in $0"

    log "[2/5] resolving the dependency closure"
    local -a packages
    dependency_closure "${ROOT_PACKAGES[@]}" > "$work/packages.txt" \
        || die "apt-cache depends failed while resolving dependencies"
    mapfile -t packages < "$work/packages.txt"
    (( ${#packages[@]} > 0 )) || die "dependency resolution produced no packages"
    log "      ${#packages[@]} packages"

    log "[3/5] downloading packages"
    ( cd "$debs" && papt apt-get -q download "${packages[@]}" ) >"$work/download.log" 2>&1 || {
        tail -n 30 "$work/download.log" >&2
        die "apt-get download failed"
    }
    local deb_bytes
    deb_bytes="$(du -sb "$debs" | cut -f1)"
    log "      $(( deb_bytes / 1024 / 1024 )) MiB downloaded"

    log "[4/5] unpacking packages"
    local deb
    for deb in "$debs"/*.deb; do
        dpkg-deb -x "$deb" "$root" || die "dpkg-deb -x failed for ${deb##*/}"
    done
    trim_prefix "$root"
    write_vulkan_icd "$root" "$PREFIX"

    local loader="$root/usr/lib/$MULTIARCH/ld-linux-x86-64.so.2"
    [[ -e "$loader" ]] || loader="$root/lib/$MULTIARCH/ld-linux-x86-64.so.2"
    [[ -e "$loader" ]] || die "the sid C library's dynamic loader is missing from the prefix"
    [[ -f "$root/usr/bin/godot" ]] || die "usr/bin/godot is missing from the godot package"

    log "[5/5] checking the private Godot"
    ( run_private_from "$root" --headless --version ) >"$work/version.log" 2>&1 || {
        cat "$work/version.log" >&2
        die "the provisioned Godot does not start"
    }
    local version
    version="$(tail -n 1 "$work/version.log")"
    [[ "$version" == "$GODOT_VERSION".* ]] || {
        cat "$work/version.log" >&2
        die "the provisioned Godot reports '$version', expected $GODOT_VERSION"
    }

    {
        printf 'godot %s\n' "$version"
        printf 'mirror %s\n' "$mirror"
        ( cd "$debs" && ls -1 -- *.deb )
    } > "$root/$STAMP_NAME"

    # Publish with a single rename: the prefix appears complete or not at all.
    rm -rf "$PREFIX"
    mv -T "$root" "$PREFIX" || die "cannot move the prefix into place at $PREFIX"
    rm -rf "$work"
    trap - EXIT
    exec 9>&-

    log "Godot $version ready in $PREFIX ($(du -sh "$PREFIX" | cut -f1), $(( SECONDS - start ))s)"
}

# ---------------------------------------------------------------------------
# Running the private copy
# ---------------------------------------------------------------------------

# Sets up the environment for a prefix rooted at $1 and execs Godot with the
# remaining arguments.
run_private_from() {
    local root="$1"
    shift
    local libdir="$root/usr/lib/$MULTIARCH"
    local loader="$libdir/ld-linux-x86-64.so.2"
    [[ -e "$loader" ]] || loader="$root/lib/$MULTIARCH/ld-linux-x86-64.so.2"
    local icd="$root/donjourno/lvp_icd.json"

    export LIBGL_DRIVERS_PATH="$libdir/dri"
    export GBM_BACKENDS_PATH="$libdir/gbm"
    export __EGL_VENDOR_LIBRARY_DIRS="$root/usr/share/glvnd/egl_vendor.d"
    export VK_DRIVER_FILES="$icd"
    export VK_ICD_FILENAMES="$icd"
    export XKB_CONFIG_ROOT="$root/usr/share/X11/xkb"
    export ALSA_CONFIG_PATH="$root/usr/share/alsa/alsa.conf"
    export FONTCONFIG_FILE="$root/etc/fonts/fonts.conf"

    exec "$loader" \
        --library-path "$libdir:$root/lib/$MULTIARCH:$libdir/pulseaudio" \
        "$root/usr/bin/godot" "$@"
}

# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

provision_only=0
if [[ "${1:-}" == --provision ]]; then
    provision_only=1
    shift
fi
[[ "${DONJOURNO_GODOT_PROVISION_ONLY:-0}" == 1 ]] && provision_only=1

if [[ -n "${GODOT:-}" ]]; then
    if (( provision_only )); then
        command -v "$GODOT" >/dev/null 2>&1 || die "GODOT=$GODOT is not executable"
        log "using GODOT=$GODOT; nothing to provision"
        exit 0
    fi
    exec "$GODOT" "$@"
fi

if [[ "${DONJOURNO_GODOT_PRIVATE:-0}" != 1 ]] && command -v godot >/dev/null 2>&1 \
        && godot_is_recent godot; then
    if (( provision_only )); then
        log "using $(command -v godot); nothing to provision"
        exit 0
    fi
    exec godot "$@"
fi

if (( provision_only )); then
    if prefix_is_ready; then
        log "Godot $GODOT_VERSION already provisioned in $PREFIX"
    else
        provision
    fi
    exit 0
fi
prefix_is_ready || provision
run_private_from "$PREFIX" "$@"
