#!/usr/bin/env bash
# The build cache: the linked artefacts of a cargo build (libraries Godot loads, CLIs), kept by the
# content of everything the build reads, so that a build whose sources, toolchain and settings are
# the same as an earlier one's copies that build's outputs instead of linking them again.
#
# The compile cache (tests/tools/compile-cache.sh) keeps every library crate, but nothing that
# invokes the linker: the addon's cdylib and the CLI are compiled and linked on every run, and on a
# release build with link-time optimisation (Windows) that link is most of the build. This cache
# sits one level up and holds those final files.
#
# Usage:
#   tests/tools/build-cache.sh [options] -- COMMAND...
#     --name NAME       the kind of build (one folder of entries per name), required
#     --output FILE     a file COMMAND makes (repeat for each); restored to the same path on a hit
#     --input PATH      a file or folder whose files COMMAND reads (repeat; default: rust,
#                       Cargo.toml, Cargo.lock and, when present, .cargo, rust-toolchain.toml)
#     --tool 'CMD...'   a command whose output names a tool COMMAND uses, such as 'rustc -vV' or
#                       'x86_64-w64-mingw32-gcc --version' (repeat); a tool that fails names itself
#                       by its error, which changes the key as well
#   tests/tools/build-cache.sh --stats          # entries and size of each name
#   tests/tools/build-cache.sh --explain [options] -- COMMAND...
#                                               # print what the key is made of; build nothing
#
# The key, a SHA-256, is made of: this script's format version; NAME; COMMAND word by word; the
# working directory; the outputs' paths; the path and content of every file of the inputs that git
# lists (tracked files and untracked ones not ignored, so an uncommitted edit counts: content, not
# commit); the output of each --tool; and every environment variable that cargo, rustc, a C
# toolchain, Emscripten or godot-rust's build reads (CARGO_*, RUST*, CC*, CXX*, AR*, CFLAGS,
# CXXFLAGS, LDFLAGS, EM*, GODOT4_*). A change to any of them is a new key, so a new build. What
# the key leaves out cannot change a build's output: PATH (the tools are keyed by their --tool
# output instead), the compile cache's own settings and RUSTC_WRAPPER (the compile cache, which
# hands back what rustc would make; its path is the clone's, which differs from run to run), the
# time.
#
# A hit copies the entry's files into place after checking each against the SHA-256 its entry
# recorded when it was stored; an entry with a missing or changed file is removed and the build
# runs, as it does on a miss. A build that fails stores nothing and exits with its status. Outside a
# git checkout, or with DONJOURNO_BUILD_CACHE=off, COMMAND simply runs.
#
# Layout, under ${DONJOURNO_CACHE:-$HOME/.cache/donjourno}/build-cache/NAME/:
#   KEY/files/0, 1...   the outputs, in the order of the --output options
#   KEY/sums            their SHA-256 sums (sha256sum's format, checked on every hit)
#   KEY/key             what the key was made of (--explain prints the same for a new build:
#                       compare the two to see why a build missed)
# Each name keeps its DONJOURNO_BUILD_CACHE_KEEP (default 4) most recently used entries; older
# ones are removed when a new one is stored. With about 100 MB per set of the five release builds
# of `make test`, the cache stays under half a gigabyte.
#
# Environment:
#   DONJOURNO_CACHE             cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_BUILD_CACHE       off: COMMAND runs, nothing is restored or stored.
#   DONJOURNO_BUILD_CACHE_DIR   the entries' folder (default: $DONJOURNO_CACHE/build-cache).
#   DONJOURNO_BUILD_CACHE_KEEP  entries kept per name (default: 4).

set -euo pipefail

# Changes whenever the key's make-up changes, so older entries are never read as newer ones.
readonly FORMAT=1

CACHE_ROOT="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$CACHE_ROOT" == /* ]] || CACHE_ROOT="$PWD/$CACHE_ROOT"
DIR="${DONJOURNO_BUILD_CACHE_DIR:-$CACHE_ROOT/build-cache}"
KEEP="${DONJOURNO_BUILD_CACHE_KEEP:-4}"

log() { printf 'build-cache: %s\n' "$*" >&2; }
die() { printf 'build-cache: error: %s\n' "$*" >&2; exit 2; }

[[ "$KEEP" =~ ^[1-9][0-9]*$ ]] || die "DONJOURNO_BUILD_CACHE_KEEP must be a whole number of at least 1 (it is '$KEEP')"

# The variables a build reads, sorted, one per line (NAME=VALUE).
build_environment() {
    env -0 | tr '\0' '\n' \
        | grep -E '^(CARGO_[A-Z0-9_]*|RUST[A-Z0-9_]*|CC[A-Z0-9_]*|CXX[A-Z0-9_]*|AR[A-Z0-9_]*|CFLAGS|CXXFLAGS|LDFLAGS|EM[A-Z0-9_]*|GODOT4_[A-Z0-9_]*)=' \
        | grep -vE '^(CARGO_MAKEFLAGS|CARGO_HOME|RUSTUP_HOME|CARGO_TERM_[A-Z_]*|RUSTC_WRAPPER)=' \
        | LC_ALL=C sort
}

# The files of the inputs that git lists, with their content's SHA-256, sorted by path.
input_sums() {
    local -a paths=()
    local p
    for p in "$@"; do
        [[ -e "$p" ]] && paths+=("$p")
    done
    (( ${#paths[@]} > 0 )) || return 0
    local -a present=()
    while IFS= read -r -d '' p; do
        # A tracked file deleted in the working tree is an input too: its absence.
        if [[ -f "$p" ]]; then present+=("$p"); else printf 'absent  %s\n' "$p"; fi
    done < <(git ls-files -z --cached --others --exclude-standard -- "${paths[@]}" | LC_ALL=C sort -z -u)
    (( ${#present[@]} == 0 )) || sha256sum -- "${present[@]}"
}

# The key's inputs, as text: FORMAT, the name, the command, the directory, the inputs, the tools,
# the environment.
key_text() {
    local t
    printf 'format %s\nname %s\ndirectory %s\n' "$FORMAT" "$name" "$PWD"
    printf 'command'; printf ' %q' "${command[@]}"; printf '\n'
    printf 'output %s\n' "${outputs[@]}"
    input_sums "${inputs[@]}"
    for t in "${tools[@]}"; do
        printf 'tool %s\n' "$t"
        bash -c "$t" 2>&1 || printf 'failed with status %s\n' "$?"
    done
    build_environment
}

# Copies the entry's files into place when every one matches its recorded sum; fails otherwise.
restore() {
    local entry="$1" f
    [[ -f "$entry/sums" ]] || return 1
    (cd "$entry/files" && sha256sum --quiet --check ../sums >/dev/null 2>&1) || return 1
    local i
    for i in "${!outputs[@]}"; do
        [[ -f "$entry/files/$i" ]] || return 1
    done
    for i in "${!outputs[@]}"; do
        f="${outputs[$i]}"
        mkdir -p "$(dirname "$f")"
        cp -p "$entry/files/$i" "$f.build-cache.$$"
        mv -f "$f.build-cache.$$" "$f"
    done
    touch "$entry"
}

# Stores the outputs as the entry for KEY (staged, then published with one rename), then keeps
# the KEEP most recently used entries of the name.
store() {
    local entry="$1" staging i
    mkdir -p "$DIR/$name"
    staging="$(mktemp -d "$DIR/$name/.staging.XXXXXX")"
    mkdir "$staging/files"
    for i in "${!outputs[@]}"; do
        cp -p "${outputs[$i]}" "$staging/files/$i"
    done
    (cd "$staging/files" && sha256sum -- "${!outputs[@]}") >"$staging/sums"
    key_text >"$staging/key"
    rm -rf "$entry"
    mv "$staging" "$entry" 2>/dev/null || rm -rf "$staging"
    prune
}

# Removes the entries of the name past the KEEP most recently used, and stale staging folders.
prune() {
    local old
    find "$DIR/$name" -mindepth 1 -maxdepth 1 -name '.staging.*' -mmin +120 -exec rm -rf {} + 2>/dev/null || true
    while IFS= read -r old; do
        rm -rf "$DIR/$name/$old"
    done < <(ls -1t "$DIR/$name" 2>/dev/null | grep -E '^[0-9a-f]{64}$' | tail -n +"$(( KEEP + 1 ))")
}

stats() {
    local n
    [[ -d "$DIR" ]] || { log "no entries yet ($DIR)"; return 0; }
    for n in "$DIR"/*/; do
        [[ -d "$n" ]] || continue
        printf '%-24s %3d entries  %s\n' "$(basename "$n")" \
            "$(ls -1 "$n" | grep -cE '^[0-9a-f]{64}$' || true)" "$(du -sh "$n" | cut -f1)"
    done
    printf '%-24s %14s\n' total "$(du -sh "$DIR" | cut -f1)"
}

name="" outputs=() inputs=() tools=() command=() explain=0
while (( $# > 0 )); do
    case "$1" in
        --name) name="${2:?--name needs a value}"; shift 2 ;;
        --output) outputs+=("${2:?--output needs a file}"); shift 2 ;;
        --input) inputs+=("${2:?--input needs a path}"); shift 2 ;;
        --tool) tools+=("${2:?--tool needs a command}"); shift 2 ;;
        --explain) explain=1; shift ;;
        --stats) stats; exit 0 ;;
        --) shift; command=("$@"); break ;;
        *) die "unknown option '$1' (see the usage at the top of $0)" ;;
    esac
done
[[ -n "$name" && "$name" =~ ^[A-Za-z0-9._-]+$ ]] || die "--name NAME (letters, digits, . _ -) is required"
(( ${#command[@]} > 0 )) || die "no command after --"
(( ${#outputs[@]} > 0 )) || die "at least one --output FILE is required"
(( ${#inputs[@]} > 0 )) || inputs=(rust Cargo.toml Cargo.lock .cargo rust-toolchain.toml)

if [[ "${DONJOURNO_BUILD_CACHE:-}" == off ]] || ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    exec "${command[@]}"
fi

if (( explain )); then
    key_text
    exit 0
fi
key="$(key_text | sha256sum | cut -c1-64)"
entry="$DIR/$name/$key"
if restore "$entry"; then
    log "$name: the build's outputs are those of an earlier build of the same sources, restored (key ${key:0:12})"
    exit 0
fi
if [[ -e "$entry" ]]; then
    log "$name: entry ${key:0:12} is incomplete or changed; building again"
    rm -rf "$entry"
fi
"${command[@]}" || exit $?
for f in "${outputs[@]}"; do
    [[ -f "$f" ]] || die "$name: the build finished without making $f"
done
store "$entry" || log "$name: could not store the outputs (the build itself succeeded)"
log "$name: built and stored (key ${key:0:12})"
