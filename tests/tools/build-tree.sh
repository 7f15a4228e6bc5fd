#!/usr/bin/env bash
# Runs a command with this clone seen at one fixed path, the same for every clone on the machine,
# so that the compile cache (tests/tools/compile-cache.sh) reuses the project's own crates across
# clones: sccache's key for a Rust compile holds the working directory and the CARGO_MANIFEST_DIR
# of the crate, which for the project's crates are the clone's folder. Seen from the fixed path,
# a second clone's unchanged crates have the keys the first clone's builds left in the cache.
#
# Usage: tests/tools/build-tree.sh COMMAND [ARG...]   (from the clone's root)
#
# The fixed path is $DONJOURNO_CACHE/tree, an empty folder. The command runs in a private mount
# namespace (util-linux `unshare --mount`; a user who is not root gets one with `--map-root-user`)
# in which the clone is bind-mounted over that folder, and it starts in the clone's matching
# folder there. Nothing outside the namespace sees the mount: runs of several clones at once each
# have their own, and the mount ends with the command. The compile cache's server of the run is
# started inside the namespace (its socket in the clone's target/), so that it writes compiled
# outputs where this run's cargo looks for them, and is stopped when the command ends.
#
# Where a mount namespace cannot be made (a container without the privilege, a system without
# user namespaces), or with DONJOURNO_BUILD_TREE=off, the command runs where it is and says so:
# every check is the same, only a clone in another folder compiles the project's crates anew.
#
# Environment:
#   DONJOURNO_CACHE        cache root (default: $HOME/.cache/donjourno).
#   DONJOURNO_BUILD_TREE   off: run the command where it is.
set -euo pipefail

[[ $# -gt 0 ]] || { echo "usage: $0 COMMAND [ARG...]" >&2; exit 2; }

cache_root="${DONJOURNO_CACHE:-${HOME:?HOME is not set}/.cache/donjourno}"
[[ "$cache_root" == /* ]] || cache_root="$PWD/$cache_root"
tree="$cache_root/tree"
clone="$(pwd -P)"

log() { printf 'build-tree: %s\n' "$*" >&2; }

# Already at the fixed path (a nested call), or asked not to move: run as it is.
if [[ "$clone" == "$tree" || "$clone" == "$tree/"* || "${DONJOURNO_BUILD_TREE:-on}" == off ]]; then
    exec "$@"
fi

mkdir -p "$tree" "$clone/target"
if [[ -n "$(ls -A "$tree" 2>/dev/null)" ]]; then
    log "$tree is not empty (it is the clones' mount point); running in $clone"
    exec "$@"
fi

# The options of `unshare` that give this user a private mount namespace with the bind mount,
# tried once in a namespace that ends at once.
unshare_opts=()
for opts in "--mount" "--mount --map-root-user"; do
    # shellcheck disable=SC2086
    if unshare $opts --propagation private sh -c "mount --bind '$clone' '$tree'" 2>/dev/null; then
        read -ra unshare_opts <<<"$opts"
        break
    fi
done
if [[ ${#unshare_opts[@]} -eq 0 ]]; then
    log "no private mount namespace here (unshare --mount); running in $clone, where the"
    log "compile cache reuses the dependencies but compiles the project's crates for this folder"
    exec "$@"
fi

# Inside the namespace: mount, move to the same place under the fixed path, run the command with
# a compile-cache server of its own, stop that server when the command ends.
inner='
set -u
clone="$1" tree="$2"; shift 2
mount --bind "$clone" "$tree" || exit 1
cd "$tree" || exit 1
export DONJOURNO_COMPILE_CACHE_SOCKET="$tree/target/compile-cache.sock"
rm -f "$DONJOURNO_COMPILE_CACHE_SOCKET"
"$@"
status=$?
"$tree/tests/tools/compile-cache.sh" --stop
exit $status
'
log "running in $tree (this clone, $clone, mounted there for the run)"
exec unshare "${unshare_opts[@]}" --propagation private bash -c "$inner" build-tree "$clone" "$tree" "$@"
