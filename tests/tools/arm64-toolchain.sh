#!/usr/bin/env bash
# Provision the toolchain that cross-builds the addon for Linux arm64 (aarch64-unknown-linux-gnu)
# and runs the arm64 build of the CLI under QEMU's user-mode emulation.
#
# Usage:
#   tests/tools/arm64-toolchain.sh          # provision what is missing, then print a summary
#   tests/tools/arm64-toolchain.sh --check  # exit 0 if everything is provisioned, 1 if not; no changes
#   tests/tools/arm64-toolchain.sh --env    # provision what is missing, then print `export` lines
#                                           # (eval "$(tests/tools/arm64-toolchain.sh --env)"):
#                                           # standard output holds only those lines
#
# What it provisions:
#   - the rustup target aarch64-unknown-linux-gnu (rustup's summary goes to standard error);
#   - GCC 12 for aarch64-linux-gnu and binutils from bookworm's gcc-aarch64-linux-gnu and
#     binutils-aarch64-linux-gnu: the linker and the objdump/objcopy/nm that read and strip arm64
#     ELF files;
#   - the arm64 glibc 2.36 and libgcc of bookworm's libc6-dev-arm64-cross and
#     libgcc-12-dev-arm64-cross: what the libraries link against, and the system root
#     (usr/aarch64-linux-gnu) the emulated CLI loads them from;
#   - QEMU 7.2's qemu-aarch64-static from bookworm's qemu-user-static (only that emulator is kept),
#     to run the arm64 CLI for the hash check.
#
# The Debian packages are fetched with `apt-get download` against a private APT state and unpacked
# with `dpkg-deb -x` into
#   ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/arm64/gcc12-qemu7/
# which is published with a single rename once complete and marked with a stamp file; a run that
# finds the stamp only re-checks the rustup target. Host libraries the tools link against
# (libgmp10, libmpfr6, libbinutils, ...) are taken from the host when installed, else unpacked into
# the prefix as well. The host's APT and dpkg state are not touched.
#
# Exports (--env):
#   PATH                                             the cross tools (aarch64-linux-gnu-gcc, -objdump, ...) first
#   CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER    the cross gcc
#   DONJOURNO_QEMU_AARCH64                           runs an arm64 program: $DONJOURNO_QEMU_AARCH64 prog args...
#   DONJOURNO_ARM64_SYSROOT                          the arm64 system root (usr/aarch64-linux-gnu)
#   DONJOURNO_ARM64_PREFIX                           the provisioned prefix
#
# Environment:
#   DONJOURNO_CACHE           cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_DEBIAN_MIRROR   Debian archive URL (default: the host's, else deb.debian.org).

set -euo pipefail

readonly RUST_TARGET=aarch64-unknown-linux-gnu
readonly TOOLCHAIN_ID=gcc12-qemu7
readonly TRIPLET=aarch64-linux-gnu
readonly GCC_PACKAGES=(
    gcc-aarch64-linux-gnu gcc-12-aarch64-linux-gnu gcc-12-aarch64-linux-gnu-base
    cpp-aarch64-linux-gnu cpp-12-aarch64-linux-gnu binutils-aarch64-linux-gnu
)
# The arm64 libraries a Rust program links against, and the dynamic loader QEMU runs it with.
readonly SYSROOT_PACKAGES=(
    libc6-arm64-cross libc6-dev-arm64-cross linux-libc-dev-arm64-cross
    libgcc-12-dev-arm64-cross libgcc-s1-arm64-cross
)
readonly QEMU_PACKAGES=(qemu-user-static)
# Host libraries the cross tools link against, by bookworm package.
readonly HOST_LIBRARY_PACKAGES=(
    libgmp10 libisl23 libmpc3 libmpfr6 libzstd1 zlib1g libstdc++6 libcc1-0 libbinutils libjansson4
)
readonly GCC_VERSION=12
readonly MULTIARCH=x86_64-linux-gnu
readonly STAMP_NAME=.donjourno-arm64-toolchain

TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
ARM64_ROOT="$CACHE_ROOT/arm64"
PREFIX="$ARM64_ROOT/$TOOLCHAIN_ID"

log() { printf 'arm64-toolchain: %s\n' "$*" >&2; }
die() { printf 'arm64-toolchain: error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=tests/tools/private-apt.sh
. "$TOOLS_DIR/private-apt.sh"

# ---------------------------------------------------------------------------
# Rust target
# ---------------------------------------------------------------------------

# shellcheck source=tests/tools/rust-target.sh
. "$TOOLS_DIR/rust-target.sh"

# ---------------------------------------------------------------------------
# Cross GCC, arm64 system root and QEMU
# ---------------------------------------------------------------------------

prefix_ready() {
    [[ -f "$PREFIX/$STAMP_NAME" && -x "$PREFIX/bin/$TRIPLET-gcc" && -x "$PREFIX/bin/qemu-aarch64" \
        && -f "$PREFIX/root/usr/$TRIPLET/lib/ld-linux-aarch64.so.1" ]]
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
    # The compiler driver under its plain name (Debian's gcc-aarch64-linux-gnu symlinks it).
    for tool in gcc cpp; do
        printf '%s\nexec "$root/root/usr/bin/%s-%s-%s" "$@"\n' "$head" "$TRIPLET" "$tool" "$GCC_VERSION" \
            > "$root/bin/$TRIPLET-$tool"
    done
    for tool in "$root"/root/usr/bin/"$TRIPLET"-*; do
        name="${tool##*/}"
        if [[ "$name" == *-"$GCC_VERSION" || "$name" == *-"$GCC_VERSION"-* || -e "$root/bin/$name" ]]; then
            continue
        fi
        printf '%s\nexec "$root/root/usr/bin/%s" "$@"\n' "$head" "$name" > "$root/bin/$name"
    done
    # QEMU: a static program, run with the private arm64 system root, where it finds the dynamic
    # loader and the libraries an arm64 program names.
    printf '#!/bin/sh\nroot="$(cd "$(dirname "$0")/.." && pwd)"\n%s\n' \
        'exec "$root/root/usr/bin/qemu-aarch64-static" -L "$root/root/usr/'"$TRIPLET"'" "$@"' > "$root/bin/qemu-aarch64"
    chmod +x "$root"/bin/*
}

# Debian's arm64 linker scripts (libc.so, libm.so, ...) and some symbolic links name the files
# they stand for by their absolute paths under /usr: point them into the prefix (relative names,
# so the prefix can be renamed into place).
relocate_sysroot() {
    local root="$1" lib f target
    for lib in "$root/usr/$TRIPLET/lib" "$root/usr/lib/gcc-cross/$TRIPLET/$GCC_VERSION"; do
        [[ -d "$lib" ]] || continue
        for f in "$lib"/*.so; do
            if [[ -L "$f" ]]; then
                target="$(readlink "$f")"
                if [[ "$target" == /* ]]; then
                    ln -sfn "$(realpath -m --relative-to="$(dirname "$f")" "$root$target")" "$f"
                fi
            elif [[ -f "$f" ]] && head -c 256 "$f" | grep -q 'GNU ld script'; then
                sed -i "s:/usr/$TRIPLET/lib/::g" "$f"
            fi
        done
    done
}

# Builds a tiny arm64 program with the provisioned compiler and runs it under the provisioned QEMU.
verify_prefix() {
    local root="$1" dir="$1/.verify" out
    mkdir -p "$dir"
    printf '#include <stdio.h>\n#include <math.h>\nint main(int c, char **v) { (void)v; printf("arm64 ok %%.0f\\n", sqrt(16.0 * c)); return 0; }\n' > "$dir/hello.c"
    "$root/bin/$TRIPLET-gcc" -O1 "$dir/hello.c" -o "$dir/hello" -lm >"$dir/build.log" 2>&1 \
        || { cat "$dir/build.log" >&2; die "the arm64 compiler failed a test build"; }
    "$root/bin/$TRIPLET-objdump" -f "$dir/hello" | grep -q 'elf64-littleaarch64' \
        || die "the test program is not an arm64 ELF file"
    out="$("$root/bin/qemu-aarch64" "$dir/hello" 2>&1)" || die "QEMU could not run a test program: $out"
    [[ "$out" == "arm64 ok 4" ]] || die "the test program printed '$out' under QEMU"
    rm -rf "$dir"
}

install_prefix() {
    papt_require_tools flock dpkg-query
    [[ "$(dpkg --print-architecture 2>/dev/null || uname -m)" =~ ^(amd64|x86_64)$ ]] \
        || die "the arm64 cross toolchain is only provisioned on x86_64 hosts (on arm64, build natively)"
    mkdir -p "$ARM64_ROOT" || die "cannot create $ARM64_ROOT"
    papt_lock_install "$ARM64_ROOT/.$TOOLCHAIN_ID.lock" prefix_ready "$ARM64_ROOT/.$TOOLCHAIN_ID.tmp." \
        || return 0

    local start=$SECONDS mirror work
    mirror="$(papt_mirror)"
    log "provisioning the aarch64-linux-gnu GCC, glibc and QEMU into $PREFIX"
    log "using Debian bookworm from $mirror"
    work="$(mktemp -d "$ARM64_ROOT/.$TOOLCHAIN_ID.tmp.XXXXXX")" || die "cannot create a temporary folder"
    # shellcheck disable=SC2064
    trap "rm -rf '$work'" EXIT
    local apt="$work/apt" debs="$work/debs" root="$work/prefix/root"
    mkdir -p "$debs" "$root"
    papt_setup "$apt" "$mirror" bookworm

    log "[1/4] fetching the package indices"
    papt_update "$apt"

    local -a packages=() missing=()
    local p
    for p in "${GCC_PACKAGES[@]}" "${SYSROOT_PACKAGES[@]}" "${QEMU_PACKAGES[@]}"; do packages+=("$p/bookworm"); done
    for p in "${HOST_LIBRARY_PACKAGES[@]}"; do
        [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)" == "ii "* ]] || missing+=("$p")
    done
    for p in "${missing[@]+"${missing[@]}"}"; do packages+=("$p/bookworm"); done
    (( ${#missing[@]} == 0 )) || log "      not on the host, unpacked privately: ${missing[*]}"

    log "[2/4] downloading ${#packages[@]} packages"
    papt_download "$apt" "$debs" "${packages[@]}"
    log "      $(( $(du -sb "$debs" | cut -f1) / 1024 / 1024 )) MiB downloaded"

    log "[3/4] unpacking"
    local deb
    for deb in "$debs"/*.deb; do
        if [[ "${deb##*/}" == qemu-user-static_* ]]; then
            # Only the arm64 emulator of the package's thirty.
            dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$root" ./usr/bin/qemu-aarch64-static \
                || die "qemu-aarch64-static is missing from ${deb##*/}"
        else
            dpkg-deb -x "$deb" "$root" || die "dpkg-deb -x failed for ${deb##*/}"
        fi
    done
    rm -rf "$root"/usr/share/{doc,man,info,lintian,bug}
    [[ -x "$root/usr/bin/$TRIPLET-gcc-$GCC_VERSION" && -f "$root/usr/$TRIPLET/lib/libc.so.6" ]] \
        || die "the cross GCC and arm64 glibc did not unpack as expected"
    relocate_sysroot "$root"
    write_wrappers "$work/prefix"

    log "[4/4] checking the compiler and QEMU"
    verify_prefix "$work/prefix"

    {
        printf 'toolchain %s\n' "$TOOLCHAIN_ID"
        printf 'mirror %s\n' "$mirror"
        ( cd "$debs" && ls -1 -- *.deb | sed 's/^qemu-user-static_.*/& (qemu-aarch64-static only)/' )
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
    printf 'export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=%q\n' "$PREFIX/bin/$TRIPLET-gcc"
    printf 'export DONJOURNO_QEMU_AARCH64=%q\n' "$PREFIX/bin/qemu-aarch64"
    printf 'export DONJOURNO_ARM64_SYSROOT=%q\n' "$PREFIX/root/usr/$TRIPLET"
    printf 'export DONJOURNO_ARM64_PREFIX=%q\n' "$PREFIX"
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
    log "qemu: $PREFIX/bin/qemu-aarch64"
fi
