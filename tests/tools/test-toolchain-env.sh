#!/usr/bin/env bash
# The contract of `web-toolchain.sh --env`: on standard output, only `export NAME=value` lines that
# a shell can evaluate, on the first run (which installs the Rust toolchain) as on later ones.
#
# Runs hermetically: a temporary DONJOURNO_CACHE holds a stand-in for an installed Emscripten, and
# a stand-in `rustup` first on PATH behaves like rustup on a machine without the pinned nightly
# (it prints its installation summary on standard output, as the real one does).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { printf 'test-toolchain-env: FAIL: %s\n' "$*" >&2; exit 1; }

version="$(sed -n 's/^readonly EMSCRIPTEN_VERSION=//p' tests/tools/web-toolchain.sh)"
llvm="$(sed -n 's/^readonly LLVM_MAJOR=//p' tests/tools/web-toolchain.sh)"
prefix="$work/cache/web/emscripten-$version"
mkdir -p "$prefix/root/usr/share/emscripten" "$prefix/root/usr/lib/llvm-$llvm/bin" \
    "$prefix/npm/node_modules/binaryen/bin" "$work/bin" "$work/rustup-state"
for exe in "$prefix/root/usr/share/emscripten/emcc" "$prefix/root/usr/lib/llvm-$llvm/bin/clang"; do
    printf '#!/bin/sh\nexit 0\n' > "$exe"
    chmod +x "$exe"
done
touch "$prefix/npm/node_modules/binaryen/bin/wasm-opt" "$prefix/emscripten.config" \
    "$prefix/.donjourno-web-toolchain"

# A rustup with no toolchain until `rustup toolchain install`, chatty on standard output.
cat > "$work/bin/rustup" <<'RUSTUP'
#!/usr/bin/env bash
state="$FAKE_RUSTUP_STATE"
case "$1 $2" in
    "run "*)
        [[ -f "$state/toolchain" ]] || { echo "error: toolchain '$2' is not installed" >&2; exit 1; }
        echo "rustc 1.97.0-nightly (e50aa6fba 2026-05-19)" ;;
    "toolchain install")
        echo "info: syncing channel updates for '$3'" >&2
        touch "$state/toolchain" "$state/installed-by-test"
        echo "  $3-x86_64-unknown-linux-gnu installed - rustc 1.97.0-nightly (e50aa6fba 2026-05-19)"
        echo ;;
    "component list") [[ -f "$state/rust-src" ]] && echo "rust-src (installed)"; exit 0 ;;
    "component add") touch "$state/rust-src"; echo "info: component 'rust-src' is up to date" ;;
    "target list") [[ -f "$state/target" ]] && echo "wasm32-unknown-emscripten"; exit 0 ;;
    "target add") touch "$state/target"; echo "info: installing component 'rust-std'" ;;
    *) echo "fake rustup: unexpected arguments: $*" >&2; exit 2 ;;
esac
RUSTUP
chmod +x "$work/bin/rustup"

out="$(PATH="$work/bin:$PATH" FAKE_RUSTUP_STATE="$work/rustup-state" DONJOURNO_CACHE="$work/cache" \
    tests/tools/web-toolchain.sh --env 2>"$work/stderr")" \
    || { cat "$work/stderr" >&2; fail "web-toolchain.sh --env failed"; }

[[ -f "$work/rustup-state/installed-by-test" ]] || fail "the first-run installation path was not taken"
[[ -n "$out" ]] || fail "--env printed nothing on standard output"
bad="$(grep -Ev '^export [A-Z_][A-Z0-9_]*=' <<<"$out" || true)"
[[ -z "$bad" ]] || fail "--env printed lines other than export lines on standard output: $bad"
env_after="$(env -i PATH=/usr/bin:/bin bash -c "set -eu; eval \"\$1\"; printf '%s\n' \"\$EM_CONFIG\" \"\$DONJOURNO_WEB_PREFIX\"" _ "$out")" \
    || fail "the output of --env does not evaluate in bash"
[[ "$env_after" == "$prefix/emscripten.config"$'\n'"$prefix" ]] \
    || fail "evaluating --env set EM_CONFIG/DONJOURNO_WEB_PREFIX to '$env_after'"
grep -q 'installed - rustc' "$work/stderr" || fail "rustup's installation summary was not passed on to standard error"

# A second run, with everything installed, prints the same lines.
again="$(PATH="$work/bin:$PATH" FAKE_RUSTUP_STATE="$work/rustup-state" DONJOURNO_CACHE="$work/cache" \
    tests/tools/web-toolchain.sh --env 2>/dev/null)" || fail "the second --env run failed"
[[ "$again" == "$out" ]] || fail "the second --env run printed other lines than the first"
echo "test-toolchain-env: --env prints only export lines, on the first run and after (3 checks passed)"

# The same contract for tests/tools/windows-toolchain.sh --env: a stand-in for a provisioned prefix,
# and a rustup without the x86_64-pc-windows-gnu target, which `rustup target add` reports on
# standard output.
wprefix="$work/cache/windows/$(sed -n 's/^readonly TOOLCHAIN_ID=//p' tests/tools/windows-toolchain.sh)"
mkdir -p "$wprefix/bin" "$wprefix/wineprefix/drive_c" "$work/wbin" "$work/wrustup-state"
touch "$wprefix/.donjourno-windows-toolchain" "$wprefix/bcryptprimitives.dll"
for exe in "$wprefix/bin/x86_64-w64-mingw32-gcc" "$wprefix/bin/wine"; do
    printf '#!/bin/sh\nexit 0\n' > "$exe"
    chmod +x "$exe"
done
cat > "$work/wbin/rustup" <<'RUSTUP'
#!/usr/bin/env bash
state="$FAKE_RUSTUP_STATE"
case "$1 $2" in
    "target list") [[ -f "$state/target" ]] && echo "x86_64-pc-windows-gnu"; exit 0 ;;
    "target add")
        touch "$state/target" "$state/added-by-test"
        echo "info: downloading component 'rust-std' for '$3'"
        echo "info: installing component 'rust-std' for '$3'" ;;
    *) echo "fake rustup: unexpected arguments: $*" >&2; exit 2 ;;
esac
RUSTUP
chmod +x "$work/wbin/rustup"
wout="$(PATH="$work/wbin:$PATH" FAKE_RUSTUP_STATE="$work/wrustup-state" DONJOURNO_CACHE="$work/cache" \
    tests/tools/windows-toolchain.sh --env 2>"$work/wstderr")" \
    || { cat "$work/wstderr" >&2; fail "windows-toolchain.sh --env failed"; }
[[ -f "$work/wrustup-state/added-by-test" ]] || fail "windows-toolchain.sh did not add the missing rustup target"
bad="$(grep -Ev '^export [A-Z_][A-Z0-9_]*=' <<<"$wout" || true)"
[[ -z "$bad" ]] || fail "windows-toolchain.sh --env printed lines other than export lines: $bad"
grep -q "installing component 'rust-std'" "$work/wstderr" || fail "rustup's output was not passed on to standard error"
wenv="$(env -i PATH=/usr/bin:/bin bash -c "set -eu; eval \"\$1\"; printf '%s\n' \"\$DONJOURNO_WINE\" \"\$CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER\"" _ "$wout")" \
    || fail "the output of windows-toolchain.sh --env does not evaluate in bash"
[[ "$wenv" == "$wprefix/bin/wine"$'\n'"$wprefix/bin/x86_64-w64-mingw32-gcc" ]] \
    || fail "evaluating windows-toolchain.sh --env set DONJOURNO_WINE/the linker to '$wenv'"
echo "test-toolchain-env: windows-toolchain.sh --env prints only export lines when it adds the rustup target (3 checks passed)"

# The same contract for tests/tools/arm64-toolchain.sh --env: a stand-in for a provisioned prefix,
# and a rustup without the aarch64-unknown-linux-gnu target.
aprefix="$work/cache/arm64/$(sed -n 's/^readonly TOOLCHAIN_ID=//p' tests/tools/arm64-toolchain.sh)"
mkdir -p "$aprefix/bin" "$aprefix/root/usr/aarch64-linux-gnu/lib" "$work/abin" "$work/arustup-state"
touch "$aprefix/.donjourno-arm64-toolchain" "$aprefix/root/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1"
for exe in "$aprefix/bin/aarch64-linux-gnu-gcc" "$aprefix/bin/qemu-aarch64"; do
    printf '#!/bin/sh\nexit 0\n' > "$exe"
    chmod +x "$exe"
done
sed 's/x86_64-pc-windows-gnu/aarch64-unknown-linux-gnu/' "$work/wbin/rustup" > "$work/abin/rustup"
chmod +x "$work/abin/rustup"
aout="$(PATH="$work/abin:$PATH" FAKE_RUSTUP_STATE="$work/arustup-state" DONJOURNO_CACHE="$work/cache" \
    tests/tools/arm64-toolchain.sh --env 2>"$work/astderr")" \
    || { cat "$work/astderr" >&2; fail "arm64-toolchain.sh --env failed"; }
[[ -f "$work/arustup-state/added-by-test" ]] || fail "arm64-toolchain.sh did not add the missing rustup target"
bad="$(grep -Ev '^export [A-Z_][A-Z0-9_]*=' <<<"$aout" || true)"
[[ -z "$bad" ]] || fail "arm64-toolchain.sh --env printed lines other than export lines: $bad"
grep -q "installing component 'rust-std'" "$work/astderr" || fail "rustup's output was not passed on to standard error"
aenv="$(env -i PATH=/usr/bin:/bin bash -c "set -eu; eval \"\$1\"; printf '%s\n' \"\$DONJOURNO_QEMU_AARCH64\" \"\$CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER\"" _ "$aout")" \
    || fail "the output of arm64-toolchain.sh --env does not evaluate in bash"
[[ "$aenv" == "$aprefix/bin/qemu-aarch64"$'\n'"$aprefix/bin/aarch64-linux-gnu-gcc" ]] \
    || fail "evaluating arm64-toolchain.sh --env set DONJOURNO_QEMU_AARCH64/the linker to '$aenv'"
echo "test-toolchain-env: arm64-toolchain.sh --env prints only export lines when it adds the rustup target (3 checks passed)"
