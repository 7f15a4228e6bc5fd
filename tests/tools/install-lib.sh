#!/usr/bin/env bash
# Installs a built library into the addon folder without its DWARF debug info.
#
# Usage: tests/tools/install-lib.sh BUILT INSTALLED
#
# The symbol table stays, so Rust backtraces still name functions, while the addon folder users
# copy stays small; debuggers find the full debug information in the original under target/.
# The library is written next to INSTALLED and renamed into place, so that a running editor keeps
# its mapped old copy intact.
set -euo pipefail
built="$1" installed="$2"
[[ -f "$built" ]] || { echo "install-lib: $built is missing (build it first)" >&2; exit 1; }
mkdir -p "$(dirname "$installed")"
tmp="$installed.tmp"
case "$(uname -s)" in
    Darwin)
        cp "$built" "$tmp"
        strip -S "$tmp" ;;
    *)
        objcopy --strip-debug "$built" "$tmp" ;;
esac
mv -f "$tmp" "$installed"
echo "install-lib: $installed ($(( $(wc -c < "$installed") / 1024 / 1024 )) MiB; $(( $(wc -c < "$built") / 1024 / 1024 )) MiB with debug info in $built)"
