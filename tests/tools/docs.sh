#!/usr/bin/env bash
# The documentation site and the class reference.
#
# Usage:
#   tests/tools/docs.sh build     # build docs/ into target/docs/ with mdBook (make docs)
#   tests/tools/docs.sh classes   # regenerate docs/reference/classes/ from the extension's class
#                                 # docs (make class-docs)
#   tests/tools/docs.sh test      # every class and member described, the class pages current, the
#                                 # site built and every link and image in it resolving (make test-docs)
#
# `classes` and `test` need the addon's debug library and the link into tests/godot
# (`make addon-debug link`) and Godot (tests/tools/godot.sh): Godot's `--doctool DIR
# --gdextension-docs` writes the XML class reference of every extension the test project loads,
# its members from the classes registered and its descriptions from XML files found in DIR, which
# a test of rust/godot writes first from the doc comments (godot-rust's `register-docs` feature,
# the text the editor's help shows). `build` needs neither: the class pages are committed, like the
# generated parameter tables.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

readonly PROJECT=tests/godot
readonly XML_DIR=target/docs-xml
readonly CLASS_PAGES=docs/reference/classes
readonly SITE=target/docs

# The extension's class reference as XML, in $XML_DIR.
class_xml() {
    tests/tools/godot-import.sh "$PROJECT" target/docs-import.log >/dev/null
    rm -rf "$XML_DIR"
    mkdir -p "$XML_DIR"
    local xml
    xml="$(cd "$XML_DIR" && pwd)"
    # The descriptions: the doc comments as godot-rust registers them with the editor (a test of
    # rust/godot writes them out; `make test` has built it in test-rust, so this compiles nothing).
    # Godot's doctool lists every member from the loaded extension and takes the descriptions from
    # these files.
    DONJOURNO_CLASS_DOCS_XML="$xml/doc_classes" "${CARGO:-cargo}" test --workspace --lib --quiet \
        class_docs_xml >target/docs-rust-xml.log 2>&1 || {
        cat target/docs-rust-xml.log >&2
        echo "docs.sh: writing the class docs of rust/godot failed" >&2
        exit 1
    }
    if ! timeout 300 tests/tools/godot.sh --headless --path "$PROJECT" --doctool "$xml" \
            --gdextension-docs >target/docs-doctool.log 2>&1; then
        cat target/docs-doctool.log >&2
        echo "docs.sh: godot --doctool failed" >&2
        exit 1
    fi
    # Godot writes the extension's classes under doc_classes/ of the folder given.
    mv "$XML_DIR"/doc_classes/*.xml "$XML_DIR"/
    rmdir "$XML_DIR/doc_classes"
}

build() {
    local mdbook
    mdbook="$(tests/tools/mdbook.sh --provision)"
    rm -rf "$SITE"
    "$mdbook" build
}

case "${1:-}" in
    build)
        build
        ;;
    classes)
        class_xml
        python3 tests/tools/class-docs.py "$XML_DIR" "$CLASS_PAGES"
        ;;
    test)
        class_xml
        status=0
        python3 tests/tools/class-docs.py --check "$XML_DIR" "$CLASS_PAGES" || status=1
        build
        python3 tests/tools/check-site.py "$SITE" || status=1
        exit $status
        ;;
    *)
        sed -n '2,9p' "$0" >&2
        exit 2
        ;;
esac
