# Sourced by the cross toolchains' scripts (tests/tools/windows-toolchain.sh,
# tests/tools/arm64-toolchain.sh): the rustup target $RUST_TARGET, with the caller's `log` and `die`.

# Whether rustup has the target installed.
rust_ready() {
    rustup target list --installed 2>/dev/null | grep -qx "$RUST_TARGET"
}

# Adds the target with rustup, its summary kept off standard output (which a caller may eval).
install_rust_target() {
    command -v rustup >/dev/null 2>&1 || die "rustup is required (https://rustup.rs) but was not found"
    log "adding the rustup target $RUST_TARGET"
    rustup target add "$RUST_TARGET" >&2 || die "rustup could not add the $RUST_TARGET target"
}
