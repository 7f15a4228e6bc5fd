#!/usr/bin/env bash
# Checks that a test run compiled the core, the Godot bindings, the project's Godot classes and the
# CLI's library once per target and profile:
# every build folder of target/ holds at most one library of each of those crates written since
# MARKER. A second one means two cargo invocations asked for different dependency features
# (usually a test-only dependency; see rust/workspace-hack/Cargo.toml) or for different package
# sets (every build of the workspace for one target and profile names the whole workspace).
#
# Usage: tests/tools/check-one-build.sh MARKER
#
# Environment: CARGO_TARGET_DIR (default: target).
set -euo pipefail

readonly CRATES=(donjourno godot_core godot_ffi donjourno_godot donjourno_cli)

die() { printf 'check-one-build: error: %s\n' "$*" >&2; exit 1; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
marker="${1:?usage: tests/tools/check-one-build.sh MARKER}"
[[ -f "$marker" ]] || die "$marker is missing (make test writes it when a run starts)"
target_root="${CARGO_TARGET_DIR:-target}"

failed=0
checked=0
while IFS= read -r deps; do
    for crate in "${CRATES[@]}"; do
        mapfile -t built < <(find "$deps" -maxdepth 1 -name "lib$crate-*.rlib" -newer "$marker" | sort)
        (( ${#built[@]} == 0 )) && continue
        checked=$((checked + 1))
        if (( ${#built[@]} > 1 )); then
            failed=$((failed + 1))
            printf 'FAIL %s: %s compiled %d times in this run:\n' "${deps%/deps}" "$crate" "${#built[@]}"
            printf '       %s\n' "${built[@]}"
        fi
    done
done < <(find "$target_root" -type d -name deps -not -path '*/build/*' | sort)

(( checked > 0 )) || die "no library of ${CRATES[*]} was built since $marker"
if (( failed > 0 )); then
    printf 'check-one-build: %d crate(s) compiled more than once for one target and profile\n' "$failed"
    exit 1
fi
printf 'check-one-build: ok: %d libraries, each compiled once for its target and profile\n' "$checked"
