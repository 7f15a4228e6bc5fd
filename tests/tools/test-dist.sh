#!/usr/bin/env bash
# The package as a user gets it (target/dist/donjourno-VERSION.zip, written by `make dist`):
#
#   1. the version has one source: plugin.cfg and the crates agree with Cargo.toml, and the check
#      rejects a plugin.cfg that does not;
#   2. the zip holds addons/donjourno/ only, every file of it that the repository holds, with the
#      libraries the package ships (the .gdextension
#      keys of dist.sh's SHIPPED_KEYS: today 10 keys, 6 files); the release
#      libraries have no symbol table left, the debug ones still name the addon's functions, each
#      exports the entry symbol, and the Web ones keep the section Emscripten's loader needs;
#   3. unzipped into a fresh, empty Godot project (not the demo), the addon loads, and
#      tests/dist/new_user.gd does what a new user does first: creates a generator and a terrain,
#      waits for generation_finished, asks for heights and loads a preset; its log shows no
#      error, Rust panic or leak (tests/godot/check_log.awk, as for the Godot suite);
#   4. the demo (target/dist/donjourno-demo-VERSION.zip) holds one folder with the demo project and
#      a real copy of the package's addon (the same files, byte for byte), no import cache, no
#      symlink, no test file; unzipped into a fresh folder it imports, and its main scene runs
#      headless for 300 frames with a clean log and exit status 0.
#
# Usage: tests/tools/test-dist.sh
#
# Environment: CARGO_TARGET_DIR, DONJOURNO_CACHE, GODOT (see tests/tools/godot.sh).

set -euo pipefail

readonly ADDON=addons/donjourno
readonly GDEXTENSION=$ADDON/donjourno.gdextension

log() { printf 'test-dist: %s\n' "$*" >&2; }
die() { printf 'test-dist: error: %s\n' "$*" >&2; exit 1; }
passed=0
failed=0
check() {
    local ok="$1"
    shift
    if [[ "$ok" == 0 ]]; then
        passed=$((passed + 1))
        printf 'ok   %s\n' "$*"
    else
        failed=$((failed + 1))
        printf 'FAIL %s\n' "$*"
    fi
}

# succeeds CMD...: prints 0 if CMD succeeds, else 1 (the first argument of `check`).
succeeds() { if "$@" >/dev/null 2>&1; then echo 0; else echo 1; fi; }
# fails CMD...: prints 0 if CMD fails, else 1.
fails() { if "$@" >/dev/null 2>&1; then echo 1; else echo 0; fi; }
# has TEXT WORD: TEXT contains WORD as a whole word.
has() { grep -qw -- "$2" <<< "$1"; }

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
target_root="${CARGO_TARGET_DIR:-target}"
start=$SECONDS
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. The version.
version="$(tests/tools/dist-version.sh)" || die "the versions disagree"
check 0 "version $version: Cargo.toml, the crates and plugin.cfg agree"
mkdir -p "$work/repo/addons/donjourno" "$work/repo/rust"
cp Cargo.toml "$work/repo/"
for manifest in rust/*/Cargo.toml; do
    mkdir -p "$work/repo/$(dirname "$manifest")"
    cp "$manifest" "$work/repo/$manifest"
done
sed 's/^version=".*"$/version="0.0.0-wrong"/' $ADDON/plugin.cfg > "$work/repo/addons/donjourno/plugin.cfg"
if tests/tools/dist-version.sh "$work/repo" >/dev/null 2>"$work/version.log"; then
    check 1 "the version check accepted a plugin.cfg saying 0.0.0-wrong"
else
    check 0 "the version check rejects a plugin.cfg that disagrees: $(cat "$work/version.log")"
fi

# 2. The zip.
zip_file="$target_root/dist/donjourno-$version.zip"
[[ -f "$zip_file" ]] || die "$zip_file is missing (make dist writes it)"
size=$(stat -c %s "$zip_file")
log "$zip_file: $(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1048576 }') MiB"
check "$(( size <= 25000000 ? 0 : 1 ))" "the zip is at most 25 MB ($(( size / 1000 )) kB)"
outside="$(unzip -Z1 "$zip_file" | grep -v "^$ADDON/" | grep -vx 'addons/' || true)"
check "$(succeeds test -z "$outside")" "every entry is under $ADDON/${outside:+ (not: $outside)}"
# Every file of the addon the repository holds (its shaders, scripts, icons), bin/ aside.
missing="$(git ls-files "$ADDON" | grep -v "^$ADDON/bin/" | grep -vxF -f <(unzip -Z1 "$zip_file") || true)"
check "$(succeeds test -z "$missing")" "every file of $ADDON/ in the repository is in the zip${missing:+ (not: $(echo $missing))}"

entry="$(sed -n 's/^entry_symbol[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$GDEXTENSION")"
project="$target_root/dist/new-project"
rm -rf "$project"
mkdir -p "$project"
unzip -q "$zip_file" -d "$project"
env_lines="$(tests/tools/windows-toolchain.sh --env)" || die "the Windows toolchain is not available"
eval "$env_lines"

# The size that matters is the zip's; a library only must not be absurd.
max_lib_mib=40

# lib_check KEY FILE: the checks of one shipped library.
lib_check() {
    local key="$1" file="$2"
    # By the file: a debug key may name a release build.
    case "$(basename "$file")" in
        *.linux.release.*)
            check "$(succeeds has "$(nm "$file" 2>&1)" 'no symbols')" "$key: stripped (no symbol table)"
            check "$(succeeds has "$(nm -D --defined-only "$file")" "$entry")" "$key: exports $entry" ;;
        *.linux.debug.*)
            check "$(succeeds tests/tools/check-addon-lib.sh "$file" "$max_lib_mib")" "$key: names the addon's functions"
            check "$(fails has "$(readelf -S "$file")" '.debug_info')" "$key: no DWARF debug info" ;;
        *.windows.release.*)
            check "$(succeeds has "$(x86_64-w64-mingw32-nm "$file" 2>&1)" 'no symbols')" "$key: stripped (no symbol table)"
            check "$(succeeds has "$(x86_64-w64-mingw32-objdump -p "$file")" "$entry")" "$key: exports $entry" ;;
        *.windows.debug.*)
            check "$(NM=x86_64-w64-mingw32-nm succeeds tests/tools/check-addon-lib.sh "$file" "$max_lib_mib")" "$key: names the addon's functions"
            check "$(fails has "$(x86_64-w64-mingw32-objdump -h "$file")" '.debug_info')" "$key: no DWARF debug info" ;;
        *.wasm)
            # Section names and export names are stored as plain bytes in a .wasm file.
            check "$(succeeds grep -qa 'dylink\.0' "$file")" "$key: keeps the dylink.0 section"
            check "$(succeeds grep -qa "$entry" "$file")" "$key: exports $entry" ;;
    esac
}

mapfile -t shipped_keys < <(tests/tools/dist.sh --shipped-keys)
libraries=0
while IFS= read -r line; do
    [[ "$line" =~ ^([a-z0-9_.]+)[[:space:]]*=[[:space:]]*\"res://(addons/donjourno/[^\"]+)\" ]] || continue
    key="${BASH_REMATCH[1]}" file="$project/${BASH_REMATCH[2]}"
    [[ " ${shipped_keys[*]} " == *" $key "* ]] || continue
    libraries=$((libraries + 1))
    if [[ -f "$file" ]]; then
        lib_check "$key" "$file"
    else
        check 1 "$key: ${file#"$project/"} is not in the zip"
    fi
done < "$GDEXTENSION"
check "$(( libraries == ${#shipped_keys[@]} && libraries >= 8 ? 0 : 1 ))" \
    "the .gdextension lists the ${#shipped_keys[@]} libraries the package ships (dist.sh's SHIPPED_KEYS), all in the zip ($libraries)"

# 3. A new user's project.
cat > "$project/project.godot" <<'EOF'
; A fresh project: the package was unzipped here, nothing else was set up.
config_version=5

[application]
config/name="New user"

[editor_plugins]
enabled=PackedStringArray("res://addons/donjourno/plugin.cfg")
EOF
cp tests/dist/new_user.gd "$project/"
tests/tools/godot.sh --provision
log "importing the new project"
if ! tests/tools/godot-import.sh "$project" "$work/import.log"; then
    tail -n 30 "$work/import.log" >&2
    check 1 "the new project imports with the addon"
else
    check 0 "the new project imports with the addon"
    log "running tests/dist/new_user.gd in it"
    set +e
    timeout 300 tests/tools/godot.sh --headless --path "$project" --script res://new_user.gd > "$work/new_user.log" 2>&1
    status=$?
    set -e
    grep -E '^(ok|FAIL) ' "$work/new_user.log" | sed 's/^/new_user: /'
    if (( status == 0 )) && grep -q '^new_user: [1-9][0-9]* passed, 0 failed$' "$work/new_user.log"; then
        check 0 "new_user.gd: $(grep '^new_user: ' "$work/new_user.log")"
    else
        tail -n 40 "$work/new_user.log" >&2
        check 1 "new_user.gd (exit status $status)"
    fi
    # Its log, read as the Godot suite's (tests/godot/check_log.awk): no error, no Rust panic, no
    # leak at exit, whatever the script's own checks said.
    problems="$(awk -f tests/godot/check_log.awk "$work/new_user.log" | sed 's/^LOG\t//; s/^TEST\t/in /')"
    if [[ -z "$problems" ]]; then
        check 0 "new_user.gd's log is clean (no errors, no Rust panics, no leaks)"
    else
        printf '%s\n' "$problems" | head -n 20 | sed 's/^/    /' >&2
        check 1 "new_user.gd's log is clean (no errors, no Rust panics, no leaks): $(head -n 1 <<<"$problems")"
    fi
fi

# 4. The demo.
demo_zip="$target_root/dist/donjourno-demo-$version.zip"
demo_name="donjourno-demo-$version"
[[ -f "$demo_zip" ]] || die "$demo_zip is missing (make dist writes it)"
size=$(stat -c %s "$demo_zip")
log "$demo_zip: $(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1048576 }') MiB"
check "$(( size <= 26000000 ? 0 : 1 ))" "the demo zip is at most 26 MB: the addon's package and 1 MB of demo ($(( size / 1000 )) kB)"
entries="$(unzip -Z1 "$demo_zip")"
outside="$(grep -v "^$demo_name/" <<<"$entries" || true)"
check "$(succeeds test -z "$outside")" "every demo entry is under $demo_name/${outside:+ (not: $outside)}"
check "$(succeeds grep -qx "$demo_name/project.godot" <<<"$entries")" "the demo zip holds $demo_name/project.godot"
cache="$(grep -E '(^|/)\.godot/|\.import$' <<<"$entries" || true)"
check "$(succeeds test -z "$cache")" "no import cache in the demo zip${cache:+ (found: $(head -n 1 <<<"$cache"))}"
# zipinfo's first column is the entry's Unix mode: 'l' for a symlink.
links="$(unzip -Z "$demo_zip" | awk '/^l/ { print $NF }')"
check "$(succeeds test -z "$links")" "no symlink in the demo zip${links:+ (found: $links)}"
presets="$(unzip -p "$demo_zip" "$demo_name/export_presets.cfg" | grep '^export_path=' || true)"
check "$(succeeds test -n "$presets")" "the demo zip holds its export presets"
check "$(succeeds test -z "$(grep -v '^export_path="export/' <<<"$presets" || true)")" "the demo's exports go into its own export/ folder: $(tr '\n' ' ' <<<"$presets")"
check "$(succeeds test -z "$(unzip -p "$demo_zip" "$demo_name/project.godot" | grep 'make run' || true)")" "the demo's project.godot names no make target"
tests_found="$(grep -iE '(^|/)tests?/|(^|/|_)tests?(_[^/]*)?\.(gd|tscn|cfg)$|\.gdunit' <<<"$entries" || true)"
check "$(succeeds test -z "$tests_found")" "no test file in the demo zip${tests_found:+ (found: $(head -n 1 <<<"$tests_found"))}"

demo_root="$target_root/dist/demo-project"
rm -rf "$demo_root" "$work/package"
mkdir -p "$demo_root" "$work/package"
unzip -q "$demo_zip" -d "$demo_root"
unzip -q "$zip_file" -d "$work/package"
demo="$demo_root/$demo_name"
if diff -r "$work/package/$ADDON" "$demo/$ADDON" > "$work/addon.diff" 2>&1; then
    check 0 "the demo's $ADDON/ is the package's, file for file, libraries included"
else
    head -n 10 "$work/addon.diff" >&2
    check 1 "the demo's $ADDON/ is the package's, file for file, libraries included"
fi

# log_clean LOG WHAT: a check that LOG shows no error, Rust panic or leak (tests/godot/check_log.awk).
log_clean() {
    local problems
    problems="$(awk -f tests/godot/check_log.awk "$1" | sed 's/^LOG\t//; s/^TEST\t/in /')"
    if [[ -z "$problems" ]]; then
        check 0 "$2's log is clean (no errors, no Rust panics, no leaks)"
    else
        printf '%s\n' "$problems" | head -n 20 | sed 's/^/    /' >&2
        check 1 "$2's log is clean (no errors, no Rust panics, no leaks): $(head -n 1 <<<"$problems")"
    fi
}

log "importing the demo"
if ! tests/tools/godot-import.sh "$demo" "$work/demo_import.log"; then
    tail -n 30 "$work/demo_import.log" >&2
    check 1 "the demo imports where it was unzipped"
else
    check 0 "the demo imports where it was unzipped"
    log_clean "$work/demo_import.log" "the demo's import"
    main_scene="$(sed -n 's/^run\/main_scene="\(.*\)"$/\1/p' "$demo/project.godot")"
    log "running the demo's main scene ($main_scene) for 300 frames"
    set +e
    timeout 300 tests/tools/godot.sh --headless --path "$demo" --quit-after 300 > "$work/demo.log" 2>&1
    status=$?
    set -e
    if (( status == 0 )); then
        check 0 "the demo's main scene $main_scene runs 300 frames headless"
    else
        tail -n 40 "$work/demo.log" >&2
        check 1 "the demo's main scene $main_scene runs 300 frames headless (exit status $status)"
    fi
    log_clean "$work/demo.log" "the demo run"
fi

log "done in $(( SECONDS - start ))s"
printf 'dist: %d passed, %d failed\n' "$passed" "$failed"
(( failed == 0 ))
