# shellcheck shell=bash
# Private APT state: fetch and unpack Debian packages without touching the host's APT or dpkg.
#
# Source this file from a bash script that runs with `set -euo pipefail`:
#
#   . tests/tools/private-apt.sh
#   papt_setup "$dir" "$mirror" bookworm trixie   # sources, apt.conf, state folders
#   papt_update "$dir"                            # fetch the package indices
#   papt apt-cache policy emscripten              # any APT command against that state
#   papt_download "$dir" "$debs" emscripten/trixie clang-19/bookworm
#
# Everything lives under the given folder: sources.list, apt.conf, lists, the download cache.
# APT_CONFIG is read before any other configuration, so pointing the configuration parts at an
# empty folder also keeps the host's /etc/apt/apt.conf.d hooks and pins out of this instance.
# Debian mirrors may serve a frozen snapshot whose Release file has expired; signatures are still
# checked against the archive keyring.
#
# Functions report errors through `die` if the caller defines one, else they print and exit 1.

readonly PAPT_KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

# The folder of the private state used by `papt`.
PAPT_DIR=""

papt_die() {
    if declare -F die >/dev/null; then
        die "$@"
    fi
    printf 'private-apt: error: %s\n' "$*" >&2
    exit 1
}

# Checks that the host tools needed to fetch and unpack packages exist.
papt_require_tools() {
    local t
    for t in apt-get apt-cache dpkg-deb sed "$@"; do
        command -v "$t" >/dev/null 2>&1 || papt_die "'$t' is required but was not found"
    done
    [[ -r "$PAPT_KEYRING" ]] || papt_die "$PAPT_KEYRING not found; install the debian-archive-keyring package"
}

# papt_lock_install LOCKFILE READY_CMD TMP_PREFIX — serialises installations into one cache folder.
# Takes an exclusive lock on LOCKFILE (file descriptor 9, waiting with a message if another run
# holds it), then returns 1 if READY_CMD now succeeds (another run finished the installation: the
# lock is released and there is nothing to do) and 0 if the caller must install; in that case it
# removes the TMP_PREFIX* leftovers of runs that were killed, and the caller releases the lock with
# `exec 9>&-` when done.
papt_lock_install() {
    local lockfile="$1" ready="$2" tmp_prefix="$3"
    exec 9>"$lockfile" || papt_die "cannot open the lock file $lockfile"
    if ! flock -n 9; then
        printf '%s: waiting for another installation to finish...\n' "${0##*/}" >&2
        flock 9
    fi
    if "$ready"; then
        exec 9>&-
        return 1
    fi
    rm -rf "$tmp_prefix"*
    return 0
}

# Prints the Debian archive URL used by the host's APT sources, if any.
papt_host_mirror() {
    local f
    shopt -s nullglob
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [[ -r "$f" ]] || continue
        # One-line format: deb [options] URI suite components
        # deb822 format:   URIs: URI [URI...]
        sed -n -e 's/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' \
               -e 's/^URIs:[[:space:]]*//p' "$f" | tr -s '[:blank:]' '\n'
    done | grep -E -m 1 '^(https?|ftp)://[^[:space:]]+/debian/?$' | sed 's:/*$::'
    shopt -u nullglob
}

# Prints the mirror to use: $DONJOURNO_DEBIAN_MIRROR, else the host's, else deb.debian.org.
papt_mirror() {
    local mirror="${DONJOURNO_DEBIAN_MIRROR:-}"
    [[ -n "$mirror" ]] || mirror="$(papt_host_mirror || true)"
    [[ -n "$mirror" ]] || mirror=http://deb.debian.org/debian
    printf '%s\n' "$mirror"
}

# papt_setup DIR MIRROR SUITE... — writes a private APT configuration for amd64 with the `main`
# component of each suite, and selects DIR for `papt`.
papt_setup() {
    local dir="$1" mirror="$2" suite
    shift 2
    (( $# > 0 )) || papt_die "papt_setup: no suite given"
    PAPT_DIR="$dir"
    mkdir -p "$dir"/{etc/apt.conf.d,lists/partial,cache/archives/partial,state,log} \
        || papt_die "cannot create private APT state in $dir"
    : > "$dir/etc/sources.list"
    for suite in "$@"; do
        printf 'deb [arch=amd64 signed-by=%s] %s %s main\n' "$PAPT_KEYRING" "$mirror" "$suite" \
            >> "$dir/etc/sources.list"
    done
    cat > "$dir/apt.conf" <<EOF
Dir::Etc "$dir/etc";
Dir::Etc::main "/dev/null";
Dir::Etc::parts "$dir/etc/apt.conf.d";
Dir::Etc::sourcelist "$dir/etc/sources.list";
Dir::Etc::sourceparts "/dev/null";
Dir::Etc::preferences "/dev/null";
Dir::Etc::preferencesparts "/dev/null";
Dir::Etc::trusted "/dev/null";
Dir::Etc::trustedparts "/dev/null";
Dir::State "$dir/state";
Dir::State::lists "$dir/lists";
Dir::State::status "/dev/null";
Dir::Cache "$dir/cache";
Dir::Log "$dir/log";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
Acquire::Retries "3";
EOF
}

# papt CMD [ARGS...] — runs an APT command against the state selected by papt_setup.
papt() {
    [[ -n "$PAPT_DIR" ]] || papt_die "papt: call papt_setup first"
    APT_CONFIG="$PAPT_DIR/apt.conf" "$@"
}

# papt_update DIR — fetches the package indices; fails on any warning or error.
papt_update() {
    local dir="$1" log="$1/update.log"
    PAPT_DIR="$dir"
    if ! papt apt-get -q update >"$log" 2>&1; then
        cat "$log" >&2
        papt_die "apt-get update failed (sources: $(tr '\n' ';' < "$dir/etc/sources.list"))"
    fi
    if grep -q '^[WE]:' "$log"; then
        grep '^[WE]:' "$log" >&2
        papt_die "apt-get update reported problems"
    fi
}

# papt_candidate PACKAGE/SUITE — prints the version `apt-get download PACKAGE/SUITE` would fetch.
papt_candidate() {
    local pkg="${1%/*}" suite="${1#*/}"
    papt apt-cache madison "$pkg" \
        | awk -F'|' -v s="$suite" '{ gsub(/ /, "", $2); if (index($3, " " s "/") > 0) { print $2; exit } }'
}

# papt_download DIR DEST PACKAGE[/SUITE]... — downloads the given packages into DEST.
papt_download() {
    local dir="$1" dest="$2"
    shift 2
    PAPT_DIR="$dir"
    mkdir -p "$dest" || papt_die "cannot create $dest"
    if ! ( cd "$dest" && papt apt-get -q download "$@" ) >"$dir/download.log" 2>&1; then
        tail -n 30 "$dir/download.log" >&2
        papt_die "apt-get download failed for: $*"
    fi
}
