# Every command a person needs. `make help` lists them.
CARGO ?= cargo
SHOTS := target/shots

.PHONY: help build test test-rust lint run preview bench shots clean

help: ## List the targets
	@awk -F ':.*## ' '/^[a-z-]+:.*## / { printf "  %-14s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

build: ## Build the library and the CLI (release)
	$(CARGO) build --release --workspace

test: test-rust lint ## Run every test and check

test-rust: ## Rust unit, integration, property and doc tests
	$(CARGO) test --workspace

lint: ## clippy (warnings are errors) and rustfmt
	@if command -v rustup >/dev/null; then rustup component add clippy rustfmt >/dev/null 2>&1 || true; fi
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) fmt --all --check

run: preview ## Generate the default terrain and write its isometric preview

preview: ## Isometric preview PNG of the default terrain at 10:00
	@mkdir -p $(SHOTS)
	$(CARGO) run --release -p donjourno-cli -- preview --out $(SHOTS)/preview.png

bench: ## Print the performance figures
	$(CARGO) run --release -p donjourno-cli -- bench

clean: ## Remove build outputs
	$(CARGO) clean
