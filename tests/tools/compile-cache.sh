#!/usr/bin/env bash
# The compile cache: sccache, shared by every clone of the project on the machine, so that a build
# of a crate that some earlier build already compiled with the same compiler, arguments and sources
# is copied from the cache instead of compiled again.
#
# Usage:
#   tests/tools/compile-cache.sh --provision   # install sccache if missing; print its path
#   tests/tools/compile-cache.sh --path        # print its path if installed, nothing otherwise
#   tests/tools/compile-cache.sh --stats       # the cache's hits and misses since its server started
#   tests/tools/compile-cache.sh --zero        # reset those counts (the server keeps running)
#   tests/tools/compile-cache.sh --stop        # stop the cache's server (it restarts on next use)
#   tests/tools/compile-cache.sh RUSTC ARGS... # as cargo's RUSTC_WRAPPER: compile through the cache
#
# The Makefile exports this script as RUSTC_WRAPPER, so every cargo invocation of its targets and
# of the build scripts they call (Windows, Linux arm64, the Web's nightly) runs rustc through it:
# the compile goes to sccache once `--provision` has installed it (the first stage of `make
# test`), and to rustc itself until then, or when CARGO_INCREMENTAL=1 asks for incremental
# compilation (which sccache refuses), or with DONJOURNO_COMPILE_CACHE=off.
#
# Layout, under ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}:
#   sccache-$SCCACHE_VERSION/bin/sccache   the tool, built from its crates.io source with
#                                          `cargo install --locked`, local disk storage only
#   compile-cache/                         the cached compiler outputs (SCCACHE_DIR), at most
#                                          DONJOURNO_COMPILE_CACHE_SIZE (default 12G): past it,
#                                          sccache removes the least recently used entries
#   compile-cache/server.sock              the server's socket: one server per cache folder
#                                          (a run of tests/tools/build-tree.sh has its own,
#                                          DONJOURNO_COMPILE_CACHE_SOCKET)
#
# What a cache entry is keyed by (sccache's Rust key, docs/design/architecture.md): the rustc
# binary and its sysroot (so each toolchain, the Web's pinned nightly included, has entries of its
# own), every argument (target, profile, codegen options, features as --cfg), the content of every
# source file the compile read (its dep-info), the content of every library it links against (so
# a changed dependency changes every crate above it), the CARGO_* variables and any variable the
# crate reads with env!, and the working directory (make test runs at one fixed path for every
# clone, tests/tools/build-tree.sh, so that a second clone's unchanged crates hit). Only libraries are cached: binaries, tests,
# proc-macros and the addon's cdylib invoke the linker and are always compiled, as is any build
# with incremental compilation (make test builds without it).
#
# Environment:
#   DONJOURNO_CACHE               cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_COMPILE_CACHE_SIZE  bound of the compile cache (default: 12G).
#   DONJOURNO_COMPILE_CACHE_DIR   the cached outputs' folder (default: $DONJOURNO_CACHE/compile-cache).
#   DONJOURNO_COMPILE_CACHE       off: rustc runs as it is.
#   DONJOURNO_COMPILE_CACHE_SOCKET  the server's socket (default: server.sock in the cache folder).
#   CARGO                         cargo executable (default: cargo).

set -euo pipefail

readonly SCCACHE_VERSION=0.15.0

CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
PREFIX="$CACHE_ROOT/sccache-$SCCACHE_VERSION"
SCCACHE="$PREFIX/bin/sccache"

log() { printf 'compile-cache: %s\n' "$*" >&2; }

# The settings the cache's server starts with (the wrapper sets the same ones).
export_settings() {
    export SCCACHE_DIR="${DONJOURNO_COMPILE_CACHE_DIR:-$CACHE_ROOT/compile-cache}"
    export SCCACHE_CACHE_SIZE="${DONJOURNO_COMPILE_CACHE_SIZE:-12G}"
    export SCCACHE_SERVER_UDS="${DONJOURNO_COMPILE_CACHE_SOCKET:-$SCCACHE_DIR/server.sock}"
    # The server's socket lives in the folder: a deleted folder is made again.
    [[ -d "$SCCACHE_DIR" ]] || mkdir -p "$SCCACHE_DIR"
}

# Installs sccache into a staging folder and publishes it with one rename, so that an interrupted
# install leaves nothing half-done behind. Its own build runs rustc directly.
provision() {
    [[ -x "$SCCACHE" ]] && "$SCCACHE" --version >/dev/null 2>&1 && return 0
    mkdir -p "$CACHE_ROOT"
    local staging start=$SECONDS
    staging="$(mktemp -d "$CACHE_ROOT/.sccache-staging.XXXXXX")"
    log "installing sccache $SCCACHE_VERSION into $PREFIX (built from source, a few minutes)"
    # Its release profile asks for fat LTO in one codegen unit, the slowest build there is, for a
    # tool that spends its time hashing and copying files: here it builds in parallel units.
    if ! env -u RUSTC_WRAPPER CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        "${CARGO:-cargo}" install sccache --version "=$SCCACHE_VERSION" \
        --locked --no-default-features --root "$staging" --quiet; then
        rm -rf "$staging"
        log "error: cargo install sccache $SCCACHE_VERSION failed"
        exit 1
    fi
    rm -f "$staging/.crates.toml" "$staging/.crates2.json"
    rm -rf "$PREFIX"
    mv "$staging" "$PREFIX"
    log "sccache $SCCACHE_VERSION installed in $(( SECONDS - start ))s"
}

# As RUSTC_WRAPPER: hands the compile to sccache when it can take it.
wrap() {
    if [[ -x "$SCCACHE" && "${DONJOURNO_COMPILE_CACHE:-on}" != off \
        && "${CARGO_INCREMENTAL:-0}" != 1 && "${CARGO_BUILD_INCREMENTAL:-0}" != 1 ]]; then
        export_settings
        exec "$SCCACHE" "$@"
    fi
    exec "$@"
}

case "${1:-}" in
    --provision)
        provision
        printf '%s\n' "$SCCACHE"
        ;;
    --path)
        [[ -x "$SCCACHE" ]] && printf '%s\n' "$SCCACHE"
        ;;
    --stats | --zero | --stop)
        [[ -x "$SCCACHE" ]] || { log "sccache is not installed (run --provision)"; exit 0; }
        export_settings
        case "$1" in
            --stats) exec "$SCCACHE" --show-stats ;;
            --zero) exec "$SCCACHE" --zero-stats ;;
            --stop) "$SCCACHE" --stop-server >/dev/null 2>&1 || true ;;
        esac
        ;;
    -* | '')
        printf 'usage: %s --provision | --path | --stats | --zero | --stop | RUSTC ARGS...\n' "$0" >&2
        exit 2
        ;;
    *) wrap "$@" ;;
esac
