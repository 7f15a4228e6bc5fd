#!/usr/bin/env bash
# Provision the browser the Web tests run in: Debian's headless Chromium, driven by Playwright.
#
# Usage:
#   tests/tools/browser.sh          # provision what is missing, then print a summary
#   tests/tools/browser.sh --check  # exit 0 if everything is provisioned, 1 if not; no changes
#   tests/tools/browser.sh --env    # provision what is missing, then print `export` lines
#                                   # (eval "$(tests/tools/browser.sh --env)"): standard output
#                                   # holds only those lines
#
# What it provisions:
#   - bookworm's `chromium-headless-shell` (with `chromium-common`) and the libraries it needs that
#     the host lacks (libopus0, libflac12, libpulse0, libminizip1, ...): the dependency closure,
#     minus what the host has installed, fetched with `apt-get download` against a private APT
#     state and unpacked with `dpkg-deb -x`. The browser runs with the host's C library and the
#     private libraries on LD_LIBRARY_PATH, so that the processes it starts from its own
#     executable (renderers, GPU process) find them too;
#   - the npm package playwright-core (major version $PLAYWRIGHT_MAJOR), which drives it over the
#     DevTools protocol; it downloads no browser of its own.
# Everything goes to
#   ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/browser/$BROWSER_ID/
# which is published with a single rename once complete and marked with a stamp file. The host's
# APT and dpkg state are not touched.
#
# Launch the browser with the flags $DONJOURNO_BROWSER_ARGS holds (--no-sandbox: the tests run as
# root; --enable-unsafe-swiftshader --use-angle=swiftshader: WebGL2 on the CPU, without which a
# machine with no GPU has none).
#
# Exports (--env):
#   DONJOURNO_CHROMIUM            the headless shell executable
#   DONJOURNO_BROWSER_LIBS        the LD_LIBRARY_PATH it needs
#   DONJOURNO_BROWSER_ARGS        its launch flags, separated by spaces
#   DONJOURNO_PLAYWRIGHT          the playwright-core package folder (import it by this path)
#
# Environment:
#   DONJOURNO_CACHE           cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_DEBIAN_MIRROR   Debian archive URL (default: the host's, else deb.debian.org).

set -euo pipefail

readonly SUITE=bookworm
readonly ROOT_PACKAGES=(chromium-headless-shell chromium-common)
# Desktop integration and fonts of chromium-common, and maintainer-script machinery: a headless
# test browser needs none of them.
readonly EXCLUDE_RE='^(debconf|cdebconf|debconf-2\.0|x11-utils|xdg-utils|upower|udev|notification-daemon|fonts-.*|ttf-.*|xfonts-.*)$'
readonly PLAYWRIGHT_MAJOR=1
readonly PLAYWRIGHT_VERSION=1.65
readonly BROWSER_ID=chromium-$SUITE-playwright-$PLAYWRIGHT_VERSION
readonly BROWSER_ARGS="--no-sandbox --enable-unsafe-swiftshader --use-angle=swiftshader"
readonly MULTIARCH=x86_64-linux-gnu
readonly STAMP_NAME=.donjourno-browser

TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
BROWSER_ROOT="$CACHE_ROOT/browser"
PREFIX="$BROWSER_ROOT/$BROWSER_ID"
CHROMIUM="$PREFIX/root/usr/lib/chromium/chromium-headless-shell"
PLAYWRIGHT="$PREFIX/npm/node_modules/playwright-core"

log() { printf 'browser: %s\n' "$*" >&2; }
die() { printf 'browser: error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=tests/tools/private-apt.sh
. "$TOOLS_DIR/private-apt.sh"

prefix_ready() {
    [[ -f "$PREFIX/$STAMP_NAME" && -x "$CHROMIUM" && -f "$PLAYWRIGHT/package.json" ]]
}

# The LD_LIBRARY_PATH of a prefix rooted at $1.
library_path() {
    printf '%s\n' "$1/root/usr/lib/$MULTIARCH:$1/root/usr/lib/$MULTIARCH/pulseaudio:$1/root/lib/$MULTIARCH"
}

host_has() {
    [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" == "ii "* ]]
}

# Prints the packages to unpack, one a line: the closure of ROOT_PACKAGES, not descending into
# packages the host has installed. Of a group of alternatives ("a | b") nothing is taken when the
# host has one of them, else the first.
dependency_closure() {
    local -A seen=()
    local -a queue=("${ROOT_PACKAGES[@]}") next group
    local pkg line dep out satisfied
    for pkg in "${ROOT_PACKAGES[@]}"; do seen["$pkg"]=1; done
    while (( ${#queue[@]} > 0 )); do
        next=()
        out="$(papt apt-cache depends --no-recommends --no-suggests --no-conflicts \
                  --no-breaks --no-replaces --no-enhances "${queue[@]}")" || return 1
        group=()
        while IFS= read -r line; do
            # "  |Depends: a" opens or continues a group of alternatives that the next
            # "  Depends: b" closes; deeper-indented lines list providers of virtual packages.
            [[ "$line" =~ ^\ \ (\|?)(Pre)?Depends:\ (.+)$ ]] || continue
            dep="${BASH_REMATCH[3]}"
            dep="${dep%%:*}"
            group+=("$dep")
            [[ -n "${BASH_REMATCH[1]}" ]] && continue
            satisfied=0
            for dep in "${group[@]}"; do
                if [[ -n "${seen[$dep]:-}" ]] || host_has "$dep"; then satisfied=1; fi
            done
            if (( ! satisfied )); then
                for dep in "${group[@]}"; do
                    [[ "$dep" == \<* || "$dep" =~ $EXCLUDE_RE ]] && continue
                    seen["$dep"]=1
                    next+=("$dep")
                    break
                done
            fi
            group=()
        done <<< "$out"
        queue=("${next[@]+"${next[@]}"}")
    done
    printf '%s\n' "${!seen[@]}" | sort
}

install_prefix() {
    papt_require_tools flock npm node dpkg-query ldd
    [[ "$(dpkg --print-architecture 2>/dev/null || uname -m)" =~ ^(amd64|x86_64)$ ]] \
        || die "the test browser is only provisioned on x86_64 hosts"
    mkdir -p "$BROWSER_ROOT" || die "cannot create $BROWSER_ROOT"
    papt_lock_install "$BROWSER_ROOT/.$BROWSER_ID.lock" prefix_ready "$BROWSER_ROOT/.$BROWSER_ID.tmp." \
        || return 0

    local start=$SECONDS mirror work
    mirror="$(papt_mirror)"
    log "provisioning headless Chromium and playwright-core $PLAYWRIGHT_VERSION into $PREFIX"
    log "using Debian $SUITE packages from $mirror"
    work="$(mktemp -d "$BROWSER_ROOT/.$BROWSER_ID.tmp.XXXXXX")" || die "cannot create a temporary folder"
    # shellcheck disable=SC2064
    trap "rm -rf '$work'" EXIT
    local apt="$work/apt" debs="$work/debs" root="$work/prefix/root"
    mkdir -p "$debs" "$root"
    papt_setup "$apt" "$mirror" "$SUITE"

    log "[1/5] fetching the package index"
    papt_update "$apt"

    log "[2/5] resolving the libraries the host lacks"
    local -a packages
    dependency_closure > "$work/packages.txt" || die "apt-cache depends failed while resolving dependencies"
    mapfile -t packages < "$work/packages.txt"
    log "      ${#packages[@]} packages: ${packages[*]}"
    papt_download "$apt" "$debs" "${packages[@]/%//$SUITE}"
    log "      $(( $(du -sb "$debs" | cut -f1) / 1024 / 1024 )) MiB downloaded"

    log "[3/5] unpacking"
    local deb
    for deb in "$debs"/*.deb; do
        dpkg-deb -x "$deb" "$root" || die "dpkg-deb -x failed for ${deb##*/}"
    done
    rm -rf "$root"/usr/share/{doc,man,info,lintian,bug,bash-completion}
    [[ -x "$root/usr/lib/chromium/chromium-headless-shell" ]] \
        || die "usr/lib/chromium/chromium-headless-shell is missing from the chromium-headless-shell package"
    local missing
    missing="$(LD_LIBRARY_PATH="$(library_path "$work/prefix")" ldd "$root/usr/lib/chromium/chromium-headless-shell" \
        | grep 'not found' || true)"
    [[ -z "$missing" ]] || die "the headless shell still lacks libraries: $missing"

    log "[4/5] installing playwright-core@$PLAYWRIGHT_VERSION from npm"
    mkdir -p "$work/prefix/npm"
    printf '{ "name": "donjourno-browser", "private": true }\n' > "$work/prefix/npm/package.json"
    ( cd "$work/prefix/npm" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund \
        --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION" ) >"$work/npm.log" 2>&1 || {
        cat "$work/npm.log" >&2
        die "npm install of playwright-core failed"
    }

    log "[5/5] checking the browser"
    local version
    version="$(LD_LIBRARY_PATH="$(library_path "$work/prefix")" "$root/usr/lib/chromium/chromium-headless-shell" \
        --version 2>&1)" || die "the headless shell does not start: $version"
    [[ "$version" == *Chromium* || "$version" == *[0-9].[0-9]* ]] || die "the headless shell reports '$version'"

    {
        printf 'browser %s\n' "$version"
        printf 'playwright-core %s\n' "$(node -p "require('$work/prefix/npm/node_modules/playwright-core/package.json').version")"
        printf 'mirror %s\n' "$mirror"
        ( cd "$debs" && ls -1 -- *.deb )
    } > "$work/prefix/$STAMP_NAME"

    rm -rf "$PREFIX"
    mv -T "$work/prefix" "$PREFIX" || die "cannot move the prefix into place at $PREFIX"
    rm -rf "$work"
    trap - EXIT
    exec 9>&-
    log "ready in $PREFIX ($(du -sh "$PREFIX" | cut -f1), $(( SECONDS - start ))s)"
}

print_env() {
    printf 'export DONJOURNO_CHROMIUM=%q\n' "$CHROMIUM"
    printf 'export DONJOURNO_BROWSER_LIBS=%q\n' "$(library_path "$PREFIX")"
    printf 'export DONJOURNO_BROWSER_ARGS=%q\n' "$BROWSER_ARGS"
    printf 'export DONJOURNO_PLAYWRIGHT=%q\n' "$PLAYWRIGHT"
}

case "${1:-}" in
    --check)
        if prefix_ready; then exit 0; fi
        exit 1
        ;;
    --env | "") ;;
    *) die "unknown argument '$1' (expected --check or --env)" ;;
esac

# With --env, standard output carries the export lines and nothing else.
if [[ "${1:-}" == --env ]]; then
    exec 3>&1 1>&2
fi

prefix_ready || install_prefix

if [[ "${1:-}" == --env ]]; then
    print_env >&3
else
    while IFS= read -r line; do log "$line"; done < <(head -n 3 "$PREFIX/$STAMP_NAME")
    log "DONJOURNO_CHROMIUM=$CHROMIUM"
fi
