#!/usr/bin/env bash
# Provision the toolchain that cross-builds the addon for Windows (x86_64-pc-windows-gnu) and runs
# the Windows build of the CLI under Wine.
#
# Usage:
#   tests/tools/windows-toolchain.sh          # provision what is missing, then print a summary
#   tests/tools/windows-toolchain.sh --check  # exit 0 if everything is provisioned, 1 if not; no changes
#   tests/tools/windows-toolchain.sh --env    # provision what is missing, then print `export` lines
#                                             # (eval "$(tests/tools/windows-toolchain.sh --env)"):
#                                             # standard output holds only those lines
#
# What it provisions:
#   - the rustup target x86_64-pc-windows-gnu (rustup's summary goes to standard error);
#   - MinGW-w64 GCC 12 (win32 threads, so the DLLs need no MinGW runtime DLL) and binutils from
#     bookworm's gcc-mingw-w64-x86-64-win32 and binutils-mingw-w64-x86-64: the linker and the
#     objdump/objcopy/nm that read and strip PE files;
#   - Wine 8.0 from bookworm's wine64 and libwine, to run the Windows CLI for the hash check, with
#     the PE bcryptprimitives.dll of trixie's libwine 10.0: Rust's standard library has needed it
#     since 1.78, and Wine 8.0 does not have it. It is copied next to the .exe that Wine runs;
#   - a Wine prefix (WINEPREFIX), created once, headless (console programs need no X server).
#
# The Debian packages are fetched with `apt-get download` against a private APT state and unpacked
# with `dpkg-deb -x` into
#   ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/windows/mingw12-wine8/
# which is published with a single rename once complete and marked with a stamp file; a run that
# finds the stamp only re-checks the rustup target. Host libraries the tools link against
# (libgmp10, libmpfr6, libunwind8, ...) are taken from the host when installed, else unpacked into
# the prefix as well. The host's APT and dpkg state are not touched.
#
# Exports (--env):
#   PATH                                         the MinGW tools (x86_64-w64-mingw32-gcc, -objdump, ...) first
#   CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER    the MinGW gcc
#   DONJOURNO_WINE                               runs a Windows program: $DONJOURNO_WINE prog.exe args...
#   DONJOURNO_WINE_BCRYPTPRIMITIVES              the bcryptprimitives.dll to put next to the .exe
#   DONJOURNO_WINDOWS_PREFIX                     the provisioned prefix
#
# Environment:
#   DONJOURNO_CACHE           cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_DEBIAN_MIRROR   Debian archive URL (default: the host's, else deb.debian.org).

set -euo pipefail

readonly RUST_TARGET=x86_64-pc-windows-gnu
readonly TOOLCHAIN_ID=mingw12-wine8
readonly MINGW_PACKAGES=(
    gcc-mingw-w64-x86-64-win32 gcc-mingw-w64-x86-64-win32-runtime gcc-mingw-w64-base
    binutils-mingw-w64-x86-64 mingw-w64-x86-64-dev mingw-w64-common
)
readonly WINE_PACKAGES=(wine64 libwine libz-mingw-w64)
# Host libraries the MinGW tools and Wine's loader link against, by bookworm package.
readonly HOST_LIBRARY_PACKAGES=(libgmp10 libisl23 libmpc3 libmpfr6 libzstd1 zlib1g libunwind8 libstdc++6)
readonly GCC_FLAVOUR=win32
readonly MULTIARCH=x86_64-linux-gnu
readonly STAMP_NAME=.donjourno-windows-toolchain

TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
WINDOWS_ROOT="$CACHE_ROOT/windows"
PREFIX="$WINDOWS_ROOT/$TOOLCHAIN_ID"

log() { printf 'windows-toolchain: %s\n' "$*" >&2; }
die() { printf 'windows-toolchain: error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=tests/tools/private-apt.sh
. "$TOOLS_DIR/private-apt.sh"

# ---------------------------------------------------------------------------
# Rust target
# ---------------------------------------------------------------------------

# shellcheck source=tests/tools/rust-target.sh
. "$TOOLS_DIR/rust-target.sh"

# ---------------------------------------------------------------------------
# MinGW and Wine
# ---------------------------------------------------------------------------

prefix_ready() {
    [[ -f "$PREFIX/$STAMP_NAME" && -x "$PREFIX/bin/x86_64-w64-mingw32-gcc" && -x "$PREFIX/bin/wine" \
        && -f "$PREFIX/bcryptprimitives.dll" && -d "$PREFIX/wineprefix/drive_c" ]]
}

# Writes the wrappers of the prefix rooted at $1 into $1/bin. They find the prefix from their own
# location, so it can be renamed into place after they are written.
write_wrappers() {
    local root="$1" tool name
    mkdir -p "$root/bin"
    local head='#!/bin/sh
root="$(cd "$(dirname "$0")/.." && pwd)"
LD_LIBRARY_PATH="$root/root/usr/lib/'"$MULTIARCH"'${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH'
    # The compiler driver under its plain name (Debian picks it with update-alternatives).
    for tool in gcc cpp; do
        printf '%s\nexec "$root/root/usr/bin/x86_64-w64-mingw32-%s-%s" "$@"\n' "$head" "$tool" "$GCC_FLAVOUR" \
            > "$root/bin/x86_64-w64-mingw32-$tool"
    done
    for tool in "$root"/root/usr/bin/x86_64-w64-mingw32-*; do
        name="${tool##*/}"
        [[ "$name" == *-"$GCC_FLAVOUR" || "$name" == *-12-* ]] && continue
        printf '%s\nexec "$root/root/usr/bin/%s" "$@"\n' "$head" "$name" > "$root/bin/$name"
    done
    # Wine: the private loader, a headless prefix of its own, no debug chatter, no Mono or Gecko
    # installers (a console program needs neither).
    printf '%s\n%s\n' "$head" 'WINEPREFIX="${DONJOURNO_WINEPREFIX:-$root/wineprefix}"
WINEDEBUG="${WINEDEBUG:--all}"
WINEDLLOVERRIDES="mscoree,mshtml=${WINEDLLOVERRIDES:+;$WINEDLLOVERRIDES}"
export WINEPREFIX WINEDEBUG WINEDLLOVERRIDES
unset DISPLAY WAYLAND_DISPLAY
exec "$root/root/usr/lib/wine/wine64" "$@"' > "$root/bin/wine"
    printf '%s\n%s\n' "$head" 'WINEPREFIX="${DONJOURNO_WINEPREFIX:-$root/wineprefix}"
export WINEPREFIX
exec "$root/root/usr/lib/wine/wineserver64" "$@"' > "$root/bin/wineserver"
    chmod +x "$root"/bin/*
}

# The Windows DLLs that were copied into the new Wine prefix are byte-identical to Wine's own:
# hard-link them to save the space (about 600 MB).
link_prefix_dlls() {
    local wineprefix="$1" dlls="$2" f name
    for f in "$wineprefix"/drive_c/windows/system32/*; do
        name="${f##*/}"
        [[ -f "$f" && -f "$dlls/$name" ]] || continue
        cmp -s "$f" "$dlls/$name" && ln -f "$dlls/$name" "$f"
    done
}

# Builds a tiny Windows program with the provisioned compiler and runs it under the provisioned
# Wine, next to bcryptprimitives.dll.
verify_prefix() {
    local root="$1" dir="$1/.verify" out
    mkdir -p "$dir"
    printf '#include <stdio.h>\nint main(void) { puts("windows ok"); return 0; }\n' > "$dir/hello.c"
    "$root/bin/x86_64-w64-mingw32-gcc" -O1 "$dir/hello.c" -o "$dir/hello.exe" >"$dir/build.log" 2>&1 \
        || { cat "$dir/build.log" >&2; die "the MinGW compiler failed a test build"; }
    out="$("$root/bin/wine" "$dir/hello.exe" 2>&1 | tr -d '\r')" || die "Wine could not run a test program: $out"
    [[ "$out" == "windows ok" ]] || die "the test program printed '$out' under Wine"
    rm -rf "$dir"
}

install_prefix() {
    papt_require_tools flock cmp dpkg-query
    [[ "$(dpkg --print-architecture 2>/dev/null || uname -m)" =~ ^(amd64|x86_64)$ ]] \
        || die "the Windows toolchain is only provisioned on x86_64 hosts"
    mkdir -p "$WINDOWS_ROOT" || die "cannot create $WINDOWS_ROOT"
    papt_lock_install "$WINDOWS_ROOT/.$TOOLCHAIN_ID.lock" prefix_ready "$WINDOWS_ROOT/.$TOOLCHAIN_ID.tmp." \
        || return 0

    local start=$SECONDS mirror work
    mirror="$(papt_mirror)"
    log "provisioning MinGW-w64 and Wine into $PREFIX"
    log "using Debian bookworm (and trixie's libwine for bcryptprimitives.dll) from $mirror"
    work="$(mktemp -d "$WINDOWS_ROOT/.$TOOLCHAIN_ID.tmp.XXXXXX")" || die "cannot create a temporary folder"
    # shellcheck disable=SC2064
    trap "'$work/prefix/bin/wineserver' -k >/dev/null 2>&1 || true; rm -rf '$work'" EXIT
    local apt="$work/apt" debs="$work/debs" root="$work/prefix/root" newer="$work/trixie"
    mkdir -p "$debs" "$root" "$newer"
    papt_setup "$apt" "$mirror" bookworm trixie

    log "[1/5] fetching the package indices"
    papt_update "$apt"

    local -a packages=() missing=()
    local p
    for p in "${MINGW_PACKAGES[@]}" "${WINE_PACKAGES[@]}"; do packages+=("$p/bookworm"); done
    for p in "${HOST_LIBRARY_PACKAGES[@]}"; do
        [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)" == "ii "* ]] || missing+=("$p")
    done
    for p in "${missing[@]+"${missing[@]}"}"; do packages+=("$p/bookworm"); done
    (( ${#missing[@]} == 0 )) || log "      not on the host, unpacked privately: ${missing[*]}"

    log "[2/5] downloading ${#packages[@]} packages and trixie's libwine"
    papt_download "$apt" "$debs" "${packages[@]}"
    papt_download "$apt" "$newer" libwine/trixie
    log "      $(( $(du -sb "$debs" "$newer" | awk '{ s += $1 } END { print s }') / 1024 / 1024 )) MiB downloaded"

    log "[3/5] unpacking"
    local deb
    for deb in "$debs"/*.deb; do
        dpkg-deb -x "$deb" "$root" || die "dpkg-deb -x failed for ${deb##*/}"
    done
    rm -rf "$root"/usr/share/{doc,man,info,lintian,bug} "$root"/usr/lib/"$MULTIARCH"/wine/i386-windows
    local dlls="$root/usr/lib/$MULTIARCH/wine/x86_64-windows"
    [[ -d "$dlls" && -x "$root/usr/lib/wine/wine64" ]] || die "wine64/libwine did not unpack as expected"
    # Debian's wineserver is a script naming /usr/lib/wine/wineserver64; Wine runs the one next to
    # its loader, so point that one at the private wineserver64.
    ln -sfn wineserver64 "$root/usr/lib/wine/wineserver"
    # Debian's Wine finds zlib1.dll in /usr/x86_64-w64-mingw32/lib; the private one looks only in
    # its own DLL folder.
    cp "$root/usr/x86_64-w64-mingw32/lib/zlib1.dll" "$dlls/" || die "zlib1.dll is missing from libz-mingw-w64"
    dpkg-deb --fsys-tarfile "$newer"/libwine_*.deb \
        | tar -xf - -C "$newer" "./usr/lib/$MULTIARCH/wine/x86_64-windows/bcryptprimitives.dll" \
        || die "bcryptprimitives.dll is missing from trixie's libwine"
    mv "$newer/usr/lib/$MULTIARCH/wine/x86_64-windows/bcryptprimitives.dll" "$work/prefix/bcryptprimitives.dll"
    write_wrappers "$work/prefix"

    log "[4/5] creating the Wine prefix"
    # wineboot exits non-zero because a 64-bit-only Wine has no syswow64\rundll32.exe; the prefix
    # is complete anyway, which the registry files and the test run of step 5 show.
    "$work/prefix/bin/wine" wineboot --init >"$work/wineboot.log" 2>&1 || true
    "$work/prefix/bin/wineserver" -w || true
    [[ -f "$work/prefix/wineprefix/system.reg" && -d "$work/prefix/wineprefix/drive_c/windows/system32" ]] \
        || { cat "$work/wineboot.log" >&2; die "wineboot did not create the Wine prefix"; }
    link_prefix_dlls "$work/prefix/wineprefix" "$dlls"

    log "[5/5] checking the compiler and Wine"
    verify_prefix "$work/prefix"
    "$work/prefix/bin/wineserver" -w || true

    {
        printf 'toolchain %s\n' "$TOOLCHAIN_ID"
        printf 'mirror %s\n' "$mirror"
        ( cd "$debs" && ls -1 -- *.deb )
        ( cd "$newer" && ls -1 -- *.deb | sed 's/$/ (bcryptprimitives.dll only)/' )
    } > "$work/prefix/$STAMP_NAME"

    rm -rf "$PREFIX"
    mv -T "$work/prefix" "$PREFIX" || die "cannot move the prefix into place at $PREFIX"
    rm -rf "$work"
    trap - EXIT
    exec 9>&-
    log "ready in $PREFIX ($(du -sh "$PREFIX" | cut -f1), $(( SECONDS - start ))s)"
}

print_env() {
    printf 'export PATH=%q\n' "$PREFIX/bin:$PATH"
    printf 'export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=%q\n' "$PREFIX/bin/x86_64-w64-mingw32-gcc"
    printf 'export DONJOURNO_WINE=%q\n' "$PREFIX/bin/wine"
    printf 'export DONJOURNO_WINE_BCRYPTPRIMITIVES=%q\n' "$PREFIX/bcryptprimitives.dll"
    printf 'export DONJOURNO_WINDOWS_PREFIX=%q\n' "$PREFIX"
}

# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

case "${1:-}" in
    --check)
        if rust_ready && prefix_ready; then exit 0; fi
        exit 1
        ;;
    --env | "") ;;
    *) die "unknown argument '$1' (expected --check or --env)" ;;
esac

# With --env, standard output carries the export lines and nothing else: everything else goes to
# standard error, and the export lines to the saved standard output (descriptor 3).
if [[ "${1:-}" == --env ]]; then
    exec 3>&1 1>&2
fi

rust_ready || install_rust_target
prefix_ready || install_prefix

if [[ "${1:-}" == --env ]]; then
    print_env >&3
else
    log "rust target $RUST_TARGET installed"
    while IFS= read -r line; do log "$line"; done < "$PREFIX/$STAMP_NAME"
    log "wine: $PREFIX/bin/wine"
fi
