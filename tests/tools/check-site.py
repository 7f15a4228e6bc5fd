#!/usr/bin/env python3
"""Every link and image of the built documentation site resolves.

Usage: tests/tools/check-site.py [SITE]     (default: target/docs, as `make docs` builds it)

Reads every .html page of the site and checks each href and src that stays inside it (no scheme, no
leading //): the file it names exists inside the site, and a #fragment names an id or a named anchor
of that page. A link that leaves the site folder (a page linking to ../../CONTRIBUTING.md, say) is
an error too: the site is published alone, without the repository around it. The pages and pictures
come from docs/ (tests/tools/check-docs.py checks the Markdown source the same way).
"""

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []
        self.ids = set()
        self.base = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "base":
            self.base = attrs.get("href")
            return
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        for key in ("href", "src"):
            if attrs.get(key) is not None and not (tag == "link" and attrs.get("rel") == "preconnect"):
                self.links.append((tag, attrs[key]))


def main(argv):
    site = Path(argv[0] if argv else "target/docs").resolve()
    if not (site / "index.html").is_file():
        print(f"check-site: no site in {site}: run `make docs`", file=sys.stderr)
        return 1
    pages = {}
    for path in sorted(site.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path] = page
    errors = []
    count = 0
    for path, page in pages.items():
        rel = path.relative_to(site)
        for tag, link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or link.startswith("javascript:"):
                continue
            count += 1
            # mdBook's 404 page names its links from the site's root through <base href="/">.
            folder = site if page.base == "/" else path.parent
            target = (folder / unquote(parts.path)).resolve() if parts.path else path
            if site not in target.parents and target != site:
                errors.append(f"{rel}: {link} leaves the site")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                errors.append(f"{rel}: {link}: no such file")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(parts.fragment) not in ids:
                    errors.append(f"{rel}: {link}: no such anchor")
    for error in errors:
        print(f"check-site: {error}", file=sys.stderr)
    if errors:
        print(f"check-site: {len(errors)} broken link(s) in {len(pages)} pages", file=sys.stderr)
        return 1
    print(f"check-site: {len(pages)} pages, {count} links and images inside the site, all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
