#!/usr/bin/env bash
# Install the toolchain that builds the addon for the Web (wasm32-unknown-emscripten).
#
# Usage:
#   tests/tools/web-toolchain.sh          # install what is missing, then print a summary
#   tests/tools/web-toolchain.sh --check  # exit 0 if everything is installed, 1 if not; no changes
#   tests/tools/web-toolchain.sh --env    # install what is missing, then print `export` lines
#                                         # (eval "$(tests/tools/web-toolchain.sh --env)"): standard
#                                         # output holds only those lines, on a first run too
#
# What it installs:
#   - Rust: the $DONJOURNO_WEB_RUST_TOOLCHAIN toolchain (default: a pinned nightly, see
#     RUST_NIGHTLY below: the build uses unstable flags) with the rust-src component and the
#     wasm32-unknown-emscripten target, through rustup. Some nightlies are published without a
#     prebuilt wasm32-unknown-emscripten standard library; the build compiles it from rust-src
#     (-Zbuild-std) anyway, so the target is added where rustup has it.
#   - Emscripten 3.1.69 from Debian trixie's `emscripten` package (architecture all, including
#     its prebuilt system-library cache) with LLVM/Clang/LLD 19 from bookworm, fetched with
#     `apt-get download` against a private APT state and unpacked with `dpkg-deb -x`.
#   - binaryen 121 and acorn from the npm registry (Debian's binaryen 120 rejects the features
#     rustc's LLVM emits; Emscripten's JS optimiser imports acorn).
#   - An Emscripten configuration file naming LLVM_ROOT, BINARYEN_ROOT, NODE_JS and CACHE.
#
# Everything but the rustup parts goes to
#   ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/web/emscripten-3.1.69/
# which is published with a single rename once complete and marked with a stamp file; a run
# that finds the stamp only re-checks the rustup parts. The host's APT and dpkg state are not
# touched.
#
# Environment:
#   DONJOURNO_CACHE               cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_WEB_RUST_TOOLCHAIN  rustup toolchain for the Web build (default: $RUST_NIGHTLY).
#   DONJOURNO_DEBIAN_MIRROR       Debian archive URL (default: the host's, else deb.debian.org).

set -euo pipefail

# The nightly the Web build is known to work with (the -Z flags it uses change between nightlies).
readonly RUST_NIGHTLY=nightly-2026-05-20
readonly EMSCRIPTEN_VERSION=3.1.69
readonly LLVM_MAJOR=19
readonly BINARYEN_VERSION=121
readonly ACORN_VERSION=8
readonly RUST_TARGET=wasm32-unknown-emscripten
readonly MIN_NODE_MAJOR=18
# Emscripten comes from trixie; LLVM 19 from bookworm, whose C++ runtime matches the host's.
readonly EMSCRIPTEN_PACKAGE=emscripten/trixie
readonly LLVM_PACKAGES=(
    "clang-$LLVM_MAJOR" "lld-$LLVM_MAJOR" "llvm-$LLVM_MAJOR" "libllvm$LLVM_MAJOR"
    "llvm-$LLVM_MAJOR-linker-tools" "libclang-cpp$LLVM_MAJOR" "libclang-common-$LLVM_MAJOR-dev"
)
readonly STAMP_NAME=.donjourno-web-toolchain

TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUST_TOOLCHAIN="${DONJOURNO_WEB_RUST_TOOLCHAIN:-$RUST_NIGHTLY}"
CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
WEB_ROOT="$CACHE_ROOT/web"
PREFIX="$WEB_ROOT/emscripten-$EMSCRIPTEN_VERSION"
EMSCRIPTEN_DIR="$PREFIX/root/usr/share/emscripten"
LLVM_BIN="$PREFIX/root/usr/lib/llvm-$LLVM_MAJOR/bin"
BINARYEN_ROOT="$PREFIX/npm/node_modules/binaryen"
EM_CONFIG_FILE="$PREFIX/emscripten.config"

log() { printf 'web-toolchain: %s\n' "$*" >&2; }
die() { printf 'web-toolchain: error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=tests/tools/private-apt.sh
. "$TOOLS_DIR/private-apt.sh"

# ---------------------------------------------------------------------------
# Rust
# ---------------------------------------------------------------------------

rust_ready() {
    command -v rustup >/dev/null 2>&1 || return 1
    RUSTUP_AUTO_INSTALL=0 rustup run "$RUST_TOOLCHAIN" rustc --version >/dev/null 2>&1 || return 1
    rustup component list --toolchain "$RUST_TOOLCHAIN" --installed 2>/dev/null | grep -q '^rust-src' || return 1
    rustup target list --toolchain "$RUST_TOOLCHAIN" --installed 2>/dev/null | grep -qx "$RUST_TARGET" \
        || [[ -f "$(target_marker)" ]]
}

# Marks that rustup has no prebuilt standard library of $RUST_TARGET for this toolchain.
target_marker() {
    printf '%s/.no-prebuilt-std.%s\n' "$WEB_ROOT" \
        "$(rustup run "$RUST_TOOLCHAIN" rustc --version 2>/dev/null | tr -c 'A-Za-z0-9.\n' '_')"
}

install_rust() {
    mkdir -p "$WEB_ROOT" || die "cannot create $WEB_ROOT"
    command -v rustup >/dev/null 2>&1 || die "rustup is required (https://rustup.rs) but was not found"
    if ! RUSTUP_AUTO_INSTALL=0 rustup run "$RUST_TOOLCHAIN" rustc --version >/dev/null 2>&1; then
        log "installing the Rust $RUST_TOOLCHAIN toolchain (minimal profile)"
        rustup toolchain install "$RUST_TOOLCHAIN" --profile minimal \
            || die "rustup could not install the $RUST_TOOLCHAIN toolchain"
    fi
    if ! rustup component list --toolchain "$RUST_TOOLCHAIN" --installed | grep -q '^rust-src'; then
        log "adding rust-src to $RUST_TOOLCHAIN"
        rustup component add rust-src --toolchain "$RUST_TOOLCHAIN" \
            || die "rustup could not add rust-src to $RUST_TOOLCHAIN"
    fi
    if ! rustup target list --toolchain "$RUST_TOOLCHAIN" --installed | grep -qx "$RUST_TARGET"; then
        log "adding the $RUST_TARGET target to $RUST_TOOLCHAIN"
        # The build compiles the standard library from rust-src (-Zbuild-std), so the prebuilt
        # one is optional: some nightlies are published without it.
        if ! rustup target add "$RUST_TARGET" --toolchain "$RUST_TOOLCHAIN" >"$WEB_ROOT/rustup-target.log" 2>&1; then
            grep -m 1 -i 'error' "$WEB_ROOT/rustup-target.log" >&2 || true
            log "note: no prebuilt $RUST_TARGET standard library for $RUST_TOOLCHAIN; the build compiles it from rust-src"
            touch "$(target_marker)"
        fi
    fi
}

# ---------------------------------------------------------------------------
# Emscripten, LLVM, binaryen
# ---------------------------------------------------------------------------

node_path() {
    local node major
    node="$(command -v node 2>/dev/null)" || die "Node.js (node >= $MIN_NODE_MAJOR) is required but was not found"
    major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" || die "cannot run $node"
    (( major >= MIN_NODE_MAJOR )) || die "$node is Node.js $major; Emscripten needs $MIN_NODE_MAJOR or newer"
    readlink -f "$node"
}

emscripten_ready() {
    [[ -f "$PREFIX/$STAMP_NAME" && -f "$EM_CONFIG_FILE" && -x "$LLVM_BIN/clang" \
        && -x "$EMSCRIPTEN_DIR/emcc" && -f "$BINARYEN_ROOT/bin/wasm-opt" ]]
}

write_config() {
    local node="$1"
    cat > "$EM_CONFIG_FILE" <<EOF
# Emscripten configuration written by tests/tools/web-toolchain.sh.
LLVM_ROOT = '$LLVM_BIN'
BINARYEN_ROOT = '$BINARYEN_ROOT'
NODE_JS = '$node'
CACHE = '$EMSCRIPTEN_DIR/cache'
EOF
}

# Prints the environment a build needs, as export lines.
print_env() {
    printf 'export EM_CONFIG=%q\n' "$EM_CONFIG_FILE"
    printf 'export PATH=%q\n' "$EMSCRIPTEN_DIR:$PATH"
    printf 'export DONJOURNO_WEB_RUST_TOOLCHAIN=%q\n' "$RUST_TOOLCHAIN"
    printf 'export DONJOURNO_WEB_PREFIX=%q\n' "$PREFIX"
}

# Compiles and runs a tiny C program and links a tiny side module with the installed toolchain.
# The npm binaryen has no wasm-emscripten-finalize, which main modules need unless they use
# BigInt for 64-bit integers at the JS boundary (-sWASM_BIGINT).
verify_emscripten() {
    local dir="$1" out
    mkdir -p "$dir"
    printf '#include <stdio.h>\nint main(void) { puts("emscripten ok"); return 0; }\n' > "$dir/hello.c"
    printf 'int donjourno_probe(int x) { return x + 1; }\n' > "$dir/side.c"
    (
        eval "$(print_env)"
        cd "$dir"
        emcc --check >check.log 2>&1 || { cat check.log >&2; exit 1; }
        emcc -O1 -sWASM_BIGINT hello.c -o hello.js >build.log 2>&1 || { cat build.log >&2; exit 1; }
        emcc -O1 -sWASM_BIGINT -sSIDE_MODULE=2 side.c -o side.wasm >>build.log 2>&1 || { cat build.log >&2; exit 1; }
    ) || die "the installed Emscripten failed a test build (see above)"
    out="$(node "$dir/hello.js" 2>&1)" || die "the test program built by Emscripten failed to run: $out"
    [[ "$out" == "emscripten ok" ]] || die "the test program built by Emscripten printed '$out'"
    if grep -q 'warning' "$dir/check.log"; then
        grep 'warning' "$dir/check.log" >&2
        die "emcc --check reported warnings"
    fi
}

install_emscripten() {
    papt_require_tools flock npm
    local node
    node="$(node_path)"
    mkdir -p "$WEB_ROOT" || die "cannot create $WEB_ROOT"

    papt_lock_install "$WEB_ROOT/.emscripten-$EMSCRIPTEN_VERSION.lock" emscripten_ready \
        "$WEB_ROOT/.emscripten-$EMSCRIPTEN_VERSION.tmp." || return 0

    local start=$SECONDS mirror work
    mirror="$(papt_mirror)"
    work="$(mktemp -d "$WEB_ROOT/.emscripten-$EMSCRIPTEN_VERSION.tmp.XXXXXX")" \
        || die "cannot create a temporary folder in $WEB_ROOT"
    # shellcheck disable=SC2064
    trap "rm -rf '$work'" EXIT
    log "installing Emscripten $EMSCRIPTEN_VERSION with LLVM $LLVM_MAJOR into $PREFIX"
    log "using Debian packages from $mirror (bookworm, trixie)"

    log "[1/5] fetching the package indices"
    papt_setup "$work/apt" "$mirror" bookworm trixie
    papt_update "$work/apt"
    local candidate
    candidate="$(papt_candidate "$EMSCRIPTEN_PACKAGE")"
    [[ -n "$candidate" ]] || die "no emscripten package found in trixie"
    [[ "$candidate" == "$EMSCRIPTEN_VERSION"[+~-]* ]] \
        || die "trixie has emscripten $candidate, but this script expects $EMSCRIPTEN_VERSION; update EMSCRIPTEN_VERSION in $0"
    candidate="$(papt_candidate "clang-$LLVM_MAJOR/bookworm")"
    [[ -n "$candidate" ]] || die "no clang-$LLVM_MAJOR package found in bookworm"

    log "[2/5] downloading packages"
    local pkg
    local -a wanted=("$EMSCRIPTEN_PACKAGE")
    for pkg in "${LLVM_PACKAGES[@]}"; do
        wanted+=("$pkg/bookworm")
    done
    papt_download "$work/apt" "$work/debs" "${wanted[@]}"
    log "      $(( $(du -sb "$work/debs" | cut -f1) / 1024 / 1024 )) MiB downloaded"

    log "[3/5] unpacking packages"
    local root="$work/prefix/root" deb
    mkdir -p "$root"
    for deb in "$work/debs"/*.deb; do
        dpkg-deb -x "$deb" "$root" || die "dpkg-deb -x failed for ${deb##*/}"
    done
    rm -rf "$work/debs" "$root"/usr/share/{doc,man,lintian} "$root/usr/share/emscripten/test"
    local llvm_lib="$root/usr/lib/llvm-$LLVM_MAJOR/lib"
    [[ -f "$root/usr/lib/x86_64-linux-gnu/libLLVM.so.$LLVM_MAJOR.1" ]] \
        || die "libLLVM.so.$LLVM_MAJOR.1 is missing from libllvm$LLVM_MAJOR"
    ln -sfn "../../x86_64-linux-gnu/libLLVM.so.$LLVM_MAJOR.1" "$llvm_lib/libLLVM.so.$LLVM_MAJOR.1"
    local tool missing
    for tool in clang wasm-ld llvm-ar llvm-nm; do
        [[ -x "$root/usr/lib/llvm-$LLVM_MAJOR/bin/$tool" ]] || die "$tool is missing from the LLVM $LLVM_MAJOR packages"
        missing="$(ldd "$root/usr/lib/llvm-$LLVM_MAJOR/bin/$tool" 2>&1 | grep 'not found' || true)"
        [[ -z "$missing" ]] || die "$tool needs libraries this host lacks (install them with apt-get): $missing"
    done
    "$root/usr/lib/llvm-$LLVM_MAJOR/bin/clang" --version | grep -q "clang version $LLVM_MAJOR\." \
        || die "the unpacked clang does not run or is not version $LLVM_MAJOR"
    [[ -x "$root/usr/share/emscripten/emcc" ]] || die "emcc is missing from the emscripten package"
    [[ -d "$root/usr/share/emscripten/cache/sysroot" ]] \
        || die "the emscripten package does not carry its system-library cache"

    log "[4/5] installing binaryen@$BINARYEN_VERSION and acorn@$ACORN_VERSION from npm"
    mkdir -p "$work/prefix/npm"
    printf '{ "name": "donjourno-web-toolchain", "private": true }\n' > "$work/prefix/npm/package.json"
    ( cd "$work/prefix/npm" && npm install --no-audit --no-fund --loglevel=error \
        "binaryen@$BINARYEN_VERSION" "acorn@$ACORN_VERSION" ) >"$work/npm.log" 2>&1 || {
        cat "$work/npm.log" >&2
        die "npm install of binaryen and acorn failed"
    }
    local opt_version
    opt_version="$(node "$work/prefix/npm/node_modules/binaryen/bin/wasm-opt" --version 2>&1)" \
        || die "wasm-opt from npm does not run: $opt_version"
    [[ "$opt_version" == "wasm-opt version $BINARYEN_VERSION "* ]] \
        || die "wasm-opt from npm reports '$opt_version', expected version $BINARYEN_VERSION"
    # Emscripten's tools/*.mjs import acorn by name: resolve it from the emscripten folder.
    ln -sfn ../../../../npm/node_modules "$root/usr/share/emscripten/node_modules"

    # Publish with a single rename, then configure and test at the final paths.
    rm -rf "$PREFIX"
    mv -T "$work/prefix" "$PREFIX" || die "cannot move the toolchain into place at $PREFIX"
    write_config "$node"

    log "[5/5] checking the toolchain"
    verify_emscripten "$work/verify"

    {
        printf 'emscripten %s\n' "$(cat "$EMSCRIPTEN_DIR/emscripten-version.txt")"
        printf 'clang %s\n' "$("$LLVM_BIN/clang" --version | head -n 1)"
        printf 'binaryen %s\n' "$opt_version"
        printf 'mirror %s\n' "$mirror"
    } > "$PREFIX/$STAMP_NAME"
    rm -rf "$work"
    trap - EXIT
    exec 9>&-
    log "Emscripten ready in $PREFIX ($(du -sh "$PREFIX" | cut -f1), $(( SECONDS - start ))s)"
}

# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

case "${1:-}" in
    --check)
        if rust_ready && emscripten_ready; then exit 0; fi
        exit 1
        ;;
    --env | "")
        ;;
    *)
        die "unknown argument '$1' (expected --check or --env)"
        ;;
esac

# With --env, standard output carries the export lines and nothing else: everything the
# installers and the tools they run print (rustup writes its summary to standard output) goes to
# standard error, and the export lines go to the saved standard output (descriptor 3).
if [[ "${1:-}" == --env ]]; then
    exec 3>&1 1>&2
fi

rust_ready || install_rust
emscripten_ready || install_emscripten
# The configuration names node by absolute path: rewrite it if node moved since installation.
node="$(node_path)"
grep -qF "NODE_JS = '$node'" "$EM_CONFIG_FILE" || write_config "$node"

if [[ "${1:-}" == --env ]]; then
    print_env >&3
else
    prebuilt=yes
    [[ -f "$(target_marker)" ]] && prebuilt="no (built from rust-src)"
    log "rust: $RUST_TOOLCHAIN, $(rustup run "$RUST_TOOLCHAIN" rustc --version), rust-src; prebuilt $RUST_TARGET std: $prebuilt"
    while IFS= read -r line; do log "$line"; done < "$PREFIX/$STAMP_NAME"
    log "EM_CONFIG=$EM_CONFIG_FILE"
fi
