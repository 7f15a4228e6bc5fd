#!/usr/bin/env bash
# Run mdBook, the tool that builds the documentation site from docs/.
#
# Usage:
#   tests/tools/mdbook.sh [mdbook args...]
#   tests/tools/mdbook.sh --provision     # only make sure it is installed; print its path
#
# mdBook $MDBOOK_VERSION is built from its crates.io source with `cargo install --locked` on first
# use into
#   ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/mdbook-$MDBOOK_VERSION/
# with only its `search` feature: the site is built, never served, so the file watcher and the web
# server (tokio, axum) are left out, which roughly halves the build. The crate comes from the
# registry cargo is configured with on this machine. The copy is published with a single rename
# once built, so an interrupted install leaves nothing half-done behind.
#
# Environment:
#   DONJOURNO_CACHE   cache root (default: $HOME/.cache/donjourno).
#   CARGO             cargo executable (default: cargo).

set -euo pipefail

readonly MDBOOK_VERSION=0.4.52

CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
PREFIX="$CACHE_ROOT/mdbook-$MDBOOK_VERSION"
MDBOOK="$PREFIX/bin/mdbook"

log() { printf 'mdbook.sh: %s\n' "$*" >&2; }

provision() {
    [[ -x "$MDBOOK" ]] && return 0
    mkdir -p "$CACHE_ROOT"
    local staging
    staging="$(mktemp -d "$CACHE_ROOT/.mdbook-staging.XXXXXX")"
    log "installing mdbook $MDBOOK_VERSION into $PREFIX (built from source, a few minutes)"
    if ! "${CARGO:-cargo}" install mdbook --version "=$MDBOOK_VERSION" --locked \
        --no-default-features --features search --root "$staging" --quiet; then
        rm -rf "$staging"
        log "error: cargo install mdbook $MDBOOK_VERSION failed"
        exit 1
    fi
    rm -f "$staging/.crates.toml" "$staging/.crates2.json"
    rm -rf "$PREFIX"
    mv "$staging" "$PREFIX"
}

provision
if [[ "${1:-}" == --provision ]]; then
    printf '%s\n' "$MDBOOK"
    exit 0
fi
exec "$MDBOOK" "$@"
