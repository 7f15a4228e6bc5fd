# Every command a person needs. `make help` lists them.
CARGO ?= cargo
SHOTS := target/shots
# Godot 4.5+: $$GODOT, else `godot` on PATH, else a private copy provisioned on first use.
GODOT := tests/tools/godot.sh
ADDON_BIN := addons/donjourno/bin
DEMO := godot_project

# Every cargo invocation below, and in the build scripts the targets call, runs rustc through the
# compile cache (tests/tools/compile-cache.sh), which `make compile-cache` installs and the first
# stage of `make test` provisions: a build of a crate that an earlier build on this machine already
# compiled with the same compiler, arguments and sources is copied from the cache. Until it is
# installed, and with DONJOURNO_COMPILE_CACHE=off, rustc runs as it is.
export RUSTC_WRAPPER ?= $(CURDIR)/tests/tools/compile-cache.sh

# Library names as addons/donjourno/donjourno.gdextension lists them.
ifeq ($(shell uname -s),Darwin)
  LIB_BUILT := libdonjourno_godot.dylib
  LIB_DEBUG := libdonjourno_godot.macos.debug.dylib
  LIB_RELEASE := libdonjourno_godot.macos.release.dylib
else
  LIB_ARCH := $(if $(filter aarch64 arm64,$(shell uname -m)),arm64,x86_64)
  LIB_BUILT := libdonjourno_godot.so
  LIB_DEBUG := libdonjourno_godot.linux.debug.$(LIB_ARCH).so
  LIB_RELEASE := libdonjourno_godot.linux.release.$(LIB_ARCH).so
endif

# Installs target/$(1)/$(LIB_BUILT) as $(ADDON_BIN)/$(2), without its DWARF debug info (see
# tests/tools/install-lib.sh).
define install_lib
	tests/tools/install-lib.sh target/$(1)/$(LIB_BUILT) $(ADDON_BIN)/$(2)
endef

# The native release build (the library exported games load and the CLI), through the build cache
# (tests/tools/build-cache.sh): a build of the same sources, toolchain and settings as an earlier
# one on this machine copies that build's library and CLI instead of linking them again.
RELEASE_BUILD = tests/tools/build-cache.sh --name native-release \
	--output target/release/$(LIB_BUILT) --output target/release/donjourno \
	--tool 'rustc -vV' --tool '$(CARGO) -V' --tool 'cc --version' \
	-- $(CARGO) build --release --locked --workspace

.PHONY: help build test compile-cache provision check-builds test-tools check-docs test-rust lint test-godot addon-debug \
	addon-release link godot run editor preview bench shots clean

help: ## List the targets
	@awk -F ':.*## ' '/^[a-z0-9-]+:.*## / { printf "  %-14s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

build: ## Build the library, the CLI and the Godot addon (debug and release) into addons/donjourno/bin
	$(RELEASE_BUILD)
	$(call install_lib,release,$(LIB_RELEASE))
	@$(MAKE) --no-print-directory addon-debug

# Incremental compilation only pays when the same crates are built again after small edits; a
# full run builds every crate once per profile and target, so it builds without (override with
# CARGO_INCREMENTAL=1).
#
# Stages joined with '+' run side by side (tests/tools/stages.sh): the Godot suite, mostly one
# busy thread, beside the Windows and the Web builds and their tests, which have their own cargo
# build folders; the browser, mostly waiting on one busy thread, beside the Linux arm64 builds
# (target/aarch64) and the native release build with its benchmark (target/release), which need
# nothing built before them. The release builds go through the build cache
# (tests/tools/build-cache.sh): when an earlier run built the same sources, their libraries and
# CLIs are restored and only their tests run, which fill the second core while Godot runs. The
# package comes after them, as it ships the arm64 and release libraries. The last stage checks
# that no crate was compiled twice for one target and profile.
# The docs' stage comes right after the Godot suite, which leaves it the debug addon and Godot it
# needs; it compiles nothing of the project (mdBook is installed once into the cache).
# `make test-wasi` (the CLI under Node's WASI) is not a stage: the Web builds' stages run the same
# hash suite in WebAssembly under Node and in Chromium, with and without threads.
TEST_STAGES := compile-cache+provision test-tools check-docs test-rust lint test-godot+test-windows+test-web test-docs \
	test-browser+test-arm64+test-bench test-dist check-builds

# The stages run with the clone seen at one path shared by every clone (tests/tools/build-tree.sh),
# so that the compile cache's keys, which hold the working directory, are the same in each.
#
# proptest's PROPTEST_CASES lowers the cases of every property test that takes proptest's default
# configuration (256): a full run refuses fewer.
test: ## Run every test and check, stage by stage, printing how long each stage took
	@if [ -n "$${PROPTEST_CASES:-}" ] && ! [ "$$PROPTEST_CASES" -ge 256 ] 2>/dev/null; then \
		echo "make test: PROPTEST_CASES=$$PROPTEST_CASES runs fewer property cases than the tests declare (256); unset it" >&2; \
		exit 2; fi
	@mkdir -p target && touch target/.test-run-start
	@CARGO_INCREMENTAL=$${CARGO_INCREMENTAL:-0} tests/tools/build-tree.sh tests/tools/stages.sh $(TEST_STAGES)

check-builds: ## After `make test`: the core and the Godot bindings were compiled once per target and profile; the compile cache's hits
	tests/tools/check-one-build.sh target/.test-run-start
	@tests/tools/compile-cache.sh --stats

provision: ## Install every tool the tests use that is missing (Godot, the Windows, arm64 and Web toolchains, the test browser, mdBook); nothing when all are in place
	$(GODOT) --provision
	tests/tools/windows-toolchain.sh
	tests/tools/arm64-toolchain.sh
	tests/tools/browser.sh
	tests/tools/web-toolchain.sh >/dev/null
	tests/tools/mdbook.sh --provision

compile-cache: ## Install the compile cache (sccache, into the cache folder) and reset its counts; its own checks
	tests/tools/compile-cache.sh --provision
	@tests/tools/compile-cache.sh --zero
	tests/tools/test-compile-cache.sh

test-tools: ## Checks of the project's own scripts (the Web, Windows and arm64 toolchains' --env contract, the build cache, make release in a throwaway clone)
	tests/tools/test-toolchain-env.sh
	tests/tools/test-build-cache.sh
	tests/tools/test-release.sh

check-docs: ## Markdown pages: every relative link and image resolves, README.md within 250 lines, design documents by title
	python3 tests/tools/check-docs.py

# The site: docs/ (book.toml, docs/SUMMARY.md) built by the pinned mdBook, installed on first use
# into the cache (tests/tools/mdbook.sh). The class pages it includes are committed: `make
# class-docs` regenerates them from the extension's class docs.
.PHONY: docs class-docs test-docs
docs: ## Build the documentation site (mdBook) into target/docs/
	tests/tools/docs.sh build

class-docs: addon-debug link godot ## Regenerate docs/reference/classes/ from the extension's class docs (Godot's --doctool)
	tests/tools/docs.sh classes

test-docs: addon-debug link godot ## Every class and member described, class pages current, every link and image of the built site resolves
	tests/tools/docs.sh test

test-rust: ## Rust unit, integration, property and doc tests
	$(CARGO) test --workspace

lint: ## clippy (warnings are errors), rustfmt, and the Rust API docs with every link resolved
	@if command -v rustup >/dev/null; then rustup component add clippy rustfmt >/dev/null 2>&1 || true; fi
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) fmt --all --check
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --lib --workspace --exclude donjourno-godot --exclude donjourno-addon

# The addon is built with the whole workspace, as the tests build it, so that each build of the
# core serves the tests, the CLI and the addon alike (see rust/workspace-hack).
addon-debug: ## Build the addon's debug library (the one the editor loads)
	$(CARGO) build --workspace
	$(call install_lib,debug,$(LIB_DEBUG))
	tests/tools/check-addon-lib.sh $(ADDON_BIN)/$(LIB_DEBUG)

addon-release: ## Build the addon's release library (the one exported games load)
	$(RELEASE_BUILD)
	$(call install_lib,release,$(LIB_RELEASE))

link: ## Make the addon reachable as res://addons/donjourno in the demo and test projects
	@mkdir -p $(DEMO)/addons tests/godot/addons
	ln -sfn ../../addons/donjourno $(DEMO)/addons/donjourno
	ln -sfn ../../../addons/donjourno tests/godot/addons/donjourno

godot: ## Make sure a Godot 4.5+ is available (provisions a private copy if needed)
	$(GODOT) --provision

test-godot: addon-debug link godot ## Godot-side tests: headless suite, editor, demo, shots
	tests/run_godot_tests.sh

# Imports the demo project once, which registers the extension with it.
$(DEMO)/.godot/extension_list.cfg:
	tests/tools/godot-import.sh $(DEMO)

run: addon-debug link godot $(DEMO)/.godot/extension_list.cfg ## Run the demo project
	$(GODOT) --path $(DEMO)

editor: addon-debug link godot ## Open the demo project in the Godot editor
	$(GODOT) --editor --path $(DEMO)

shots: addon-debug link godot $(DEMO)/.godot/extension_list.cfg ## Render the demo at 9:00 and 17:00 (plus the UI at 10:00) and the landforms before and after the landscape stage into target/shots/
	tests/render_shots.sh $(SHOTS)
	$(CARGO) build --release -p donjourno-cli
	tests/tools/landforms-figures.sh target/release/donjourno $(SHOTS)

preview: ## Isometric preview PNG of the default terrain at 10:00
	@mkdir -p $(SHOTS)
	$(CARGO) run --release -p donjourno-cli -- preview --out $(SHOTS)/preview.png

bench: addon-release godot ## Print the performance figures (core, then Godot-side)
	$(CARGO) run --release -p donjourno-cli -- bench
	tests/run_godot_bench.sh

.PHONY: bench-fastscape
bench-fastscape: ## The landscape evolution's step beside fastscapelib's on the same grid (installs fastscapelib from PyPI into a private venv in the cache)
	tests/tools/fastscape-bench.sh

.PHONY: ground-textures
GROUND_TEXTURES := addons/donjourno/ground/textures
# The ground texture set and its contact sheet, made by a GDScript in a headless Godot from fixed
# seeds: the same files on every run.
ground-textures: godot ## Regenerate the ground textures in addons/donjourno/ground/textures/ and their contact sheet docs/figures/ground_textures.png
	$(GODOT) --headless --script tools/ground_textures/make_ground_textures.gd -- $(GROUND_TEXTURES) \
		--sheet docs/figures/ground_textures.png

.PHONY: test-bench
# The native release build of the whole workspace (the CLI and the addon, one build of the core),
# which `make test` builds here and the package stage reuses.
test-bench: ## The native release CLI prints the golden hashes; a smoke run of the benchmark (no timing asserted)
	$(RELEASE_BUILD)
	target/release/donjourno hash --suite --golden | diff -u tests/golden/hashes.txt - \
		&& echo "test-bench: the release CLI prints tests/golden/hashes.txt"
	target/release/donjourno bench --quick

clean: ## Remove build outputs
	$(CARGO) clean
	rm -rf $(ADDON_BIN) $(DEMO)/.godot $(DEMO)/addons tests/godot/.godot tests/godot/addons \
		tests/bench/.godot tests/bench/bin

.PHONY: test-wasi web-toolchain web test-web serve windows-toolchain windows test-windows \
	arm64-toolchain arm64 test-arm64

test-wasi: ## Same terrain everywhere: the CLI under Node's WASI prints the native grid and mesh hashes
	tests/tools/test-wasi.sh

web-toolchain: ## Install the Web toolchain (nightly Rust, Emscripten, LLVM, binaryen) into ~/.cache/donjourno/web
	tests/tools/web-toolchain.sh

web: ## Build the addon for the Web (wasm32-unknown-emscripten, with and without threads) into addons/donjourno/bin
	tests/tools/web-build.sh all

test-web: ## Web smoke test (each .wasm loads and initialises under Node) and the Emscripten CLIs' hashes against the golden file
	tests/tools/test-web.sh

serve: ## Serve the Web export in target/web-export on http://localhost:8080 with COOP/COEP headers
	python3 tests/tools/serve.py target/web-export --port 8080

windows-toolchain: ## Provision the Windows cross toolchain (rustup target, MinGW-w64, Wine) into ~/.cache/donjourno/windows
	tests/tools/windows-toolchain.sh

windows: ## Cross-build the addon's Windows x86_64 DLL (the release build, which debug builds load too) into addons/donjourno/bin
	tests/tools/windows-build.sh

test-windows: windows ## Windows checks: the DLL exports the entry symbol; the Windows CLI under Wine prints the golden hashes
	tests/tools/test-windows.sh

arm64-toolchain: ## Provision the Linux arm64 cross toolchain (rustup target, aarch64 GCC and glibc, QEMU) into ~/.cache/donjourno/arm64
	tests/tools/arm64-toolchain.sh

arm64: ## Cross-build the addon's Linux arm64 library (the release build, which debug builds load too) into addons/donjourno/bin
	tests/tools/arm64-build.sh

test-arm64: arm64 ## Linux arm64 checks: the library is aarch64 and exports the entry symbol; the arm64 CLI under QEMU prints the golden hashes
	tests/tools/test-arm64.sh

.PHONY: browser test-browser dist test-dist release

browser: ## Provision the test browser (Debian's headless Chromium, playwright-core) into ~/.cache/donjourno/browser
	tests/tools/browser.sh

test-browser: ## Web in headless Chromium: each .wasm loads into a browser host; the CLI prints the golden hashes in the page; load and generation times
	tests/tools/test-browser.sh

dist: addon-debug addon-release windows web arm64 ## Package the addon (Linux x86_64 and arm64, Windows, Web; debug and release) as target/dist/donjourno-VERSION.zip, and the demo project with it as donjourno-demo-VERSION.zip
	tests/tools/dist.sh

test-dist: dist godot ## The packages: versions agree, stripped libraries, a new user's script in a fresh project where the addon was unzipped, the unzipped demo imports and runs
	tests/tools/test-dist.sh

release: ## Release VERSION=x.y.z: bump Cargo.toml, plugin.cfg and CHANGELOG.md, commit, make dist, tag vx.y.z (on a clean tree)
	@test -n "$(VERSION)" || { echo "usage: make release VERSION=x.y.z" >&2; exit 1; }
	tests/tools/release.sh "$(VERSION)"
