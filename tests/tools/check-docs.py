#!/usr/bin/env python3
"""Checks the repository's Markdown pages: every relative link and image resolves, README.md stays
short, and design documents are named by their titles.

Usage: tests/tools/check-docs.py [ROOT]        (default: the repository holding this script)

Reads every *.md of the repository (README.md, CONTRIBUTING.md, docs/**, addons/donjourno/**, …),
skipping target/, node_modules, .godot and .git, and fails, naming the page and line, when
  - a relative link or image names a file or folder that does not exist;
  - an #anchor (on its own or after a page) names no heading of the page it points into;
  - README.md is longer than README_MAX_LINES lines;
  - a page other than CONCEPTS_PAGE names a design document by its number ("seed 003") or its
    file (shared/seeds/…): the concepts page maps each concept to its document, the others name the
    concept or the document's title.
Links with a scheme (https:, mailto:, …) are not followed; links inside code (fenced blocks and
`spans`) are not links. Anchors are made as GitHub makes them: the heading in lower case, its
punctuation dropped, spaces as hyphens, repeated headings numbered -1, -2, …

Python 3.11 standard library only.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

README_MAX_LINES = 250
CONCEPTS_PAGE = "docs/design/concepts.md"
DESIGN_NUMBER = re.compile(r"\bseeds?[ _/]+0\d\d\b|shared/seeds/", re.I)
SKIP_DIRS = {"target", "node_modules", ".godot", ".git"}

# [text](target "title") and ![alt](target); the target may be wrapped in <>. Nested brackets in
# the text (an image inside a link) are allowed one level deep.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)"
)
# [label]: target   (reference definitions)
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
# <img src="…"> and <a href="…"> in inline HTML
HTML_LINK = re.compile(r"<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+[^>]*\b(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", re.I)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
FENCE = re.compile(r"^\s{0,3}(```+|~~~+)")


def pages(root: Path) -> list[Path]:
    found = []
    for path in sorted(root.rglob("*.md")):
        parts = path.relative_to(root).parts
        if any(part in SKIP_DIRS for part in parts[:-1]):
            continue
        if path.is_file():
            found.append(path)
    return found


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1, with code spans blanked."""
    lines = []
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
            continue
        if match:
            fence = match.group(1)
            continue
        lines.append((number, line))
    return lines


def blank_code_spans(text: str) -> str:
    """Code spans replaced by spaces, so that a link inside one is not a link. A span may run over
    several lines of a paragraph."""
    out = []
    i = 0
    while i < len(text):
        if text[i] == "`":
            run = 1
            while i + run < len(text) and text[i + run] == "`":
                run += 1
            ticks = text[i : i + run]
            end = text.find(ticks, i + run)
            while end != -1 and end + run < len(text) and text[end + run] == "`":
                end = text.find(ticks, end + run + 1)
            if end == -1:
                out.append(ticks)
                i += run
                continue
            span = text[i : end + run]
            out.append(re.sub(r"[^\n]", " ", span))
            i = end + run
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links keep their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch in " -_" or category[0] in "LN" or category == "Mn":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(path: Path, cache: dict[Path, set[str]]) -> set[str]:
    if path not in cache:
        text = path.read_text(encoding="utf-8")
        seen: dict[str, int] = {}
        found = set()
        for _, line in prose_lines(text):
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
            for name in HTML_ANCHOR.findall(line):
                found.add(name)
        cache[path] = found
    return cache[path]


def links(text: str) -> list[tuple[int, str]]:
    """(line, target) of every link and image outside code."""
    numbered = prose_lines(text)
    # Join the prose again (code blocks as empty lines) so that links and code spans that wrap
    # over two lines are found, then map offsets back to line numbers.
    by_number = dict(numbered)
    total = len(text.split("\n"))
    prose = "\n".join(by_number.get(n, "") for n in range(1, total + 1))
    prose = blank_code_spans(prose)
    found = []
    for pattern in (INLINE_LINK, HTML_LINK):
        for match in pattern.finditer(prose):
            target = match.group(1).strip()
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1]
            found.append((prose.count("\n", 0, match.start()) + 1, target))
    for number, line in enumerate(prose.split("\n"), 1):
        match = REFERENCE_DEF.match(line)
        if match:
            found.append((number, match.group(1).strip("<>")))
    return sorted(found)


def check(root: Path) -> tuple[list[str], int]:
    errors = []
    cache: dict[Path, set[str]] = {}
    all_pages = pages(root)
    for page in all_pages:
        name = page.relative_to(root).as_posix()
        text = page.read_text(encoding="utf-8")
        if name != CONCEPTS_PAGE:
            for number, line in enumerate(text.split("\n"), 1):
                for match in DESIGN_NUMBER.finditer(line):
                    errors.append(
                        f"{name}:{number}: {match.group(0)!r}: name the concept or the design "
                        f"document's title; only {CONCEPTS_PAGE} maps them to their files"
                    )
        for line, target in links(text):
            if not target or SCHEME.match(target) or target.startswith("//"):
                continue
            path_part, _, anchor = target.partition("#")
            path_part = unquote(path_part)
            if path_part.startswith("/"):
                errors.append(f"{name}:{line}: {target}: an absolute path; link relatively")
                continue
            resolved = (page.parent / path_part).resolve() if path_part else page
            if not resolved.exists():
                errors.append(f"{name}:{line}: {target}: no such file")
                continue
            if anchor:
                if resolved.is_dir() or resolved.suffix.lower() != ".md":
                    errors.append(f"{name}:{line}: {target}: an anchor into a file that is not a page")
                elif unquote(anchor) not in anchors(resolved, cache):
                    shown = resolved.relative_to(root).as_posix() if resolved.is_relative_to(root) else resolved
                    errors.append(f"{name}:{line}: {target}: no heading #{anchor} in {shown}")
    readme = root / "README.md"
    if readme.exists():
        count = len(readme.read_text(encoding="utf-8").splitlines())
        if count > README_MAX_LINES:
            errors.append(
                f"README.md: {count} lines, more than {README_MAX_LINES}; move the detail into docs/"
            )
    else:
        errors.append("README.md: missing")
    return errors, len(all_pages)


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2]
    root = root.resolve()
    errors, count = check(root)
    for error in errors:
        print(f"check-docs: {error}", file=sys.stderr)
    if errors:
        print(f"check-docs: {len(errors)} problem(s) in {count} pages", file=sys.stderr)
        return 1
    print(f"check-docs: {count} pages, every relative link and image resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
