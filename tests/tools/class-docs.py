#!/usr/bin/env python3
"""The class reference pages, from the extension's own class documentation.

Usage:
  tests/tools/class-docs.py XML_DIR OUT_DIR          write one Markdown page per class into OUT_DIR
  tests/tools/class-docs.py --check XML_DIR OUT_DIR  exit 1 if a page in OUT_DIR differs from what
                                                     XML_DIR gives, or a class, method, property,
                                                     signal or constant has no description

XML_DIR holds what `godot --doctool XML_DIR --gdextension-docs` writes for a project that loads the
addon (tests/tools/docs.sh runs it): one XML file per class the extension registers. The text is
that of the doc comments in rust/godot, which godot-rust's `register-docs` feature hands to Godot
(the editor's F1 help shows the same). The pages are docs/reference/classes/CLASS.md, plus index.md
listing them; they are generated: refresh them with `make class-docs`, never edit them.
"""

import re
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

HEADER = "<!-- Generated from the extension's class docs by tests/tools/class-docs.py (make class-docs): do not edit. -->\n"


def anchor(kind, name):
    return f"{kind}-{name}".lower().replace("_", "-")


class Converter:
    """BBCode of Godot's class docs to Markdown, with links between the generated pages."""

    def __init__(self, classes, current):
        self.classes = classes
        self.current = current

    def ref(self, kind, target):
        cls, _, member = target.rpartition(".")
        cls = cls or self.current
        if cls not in self.classes:
            return f"`{target}`"
        page = "" if cls == self.current else f"{cls}.md"
        return f"[`{target}`]({page}#{anchor(kind, member)})"

    def convert(self, text):
        if text is None:
            return ""
        text = textwrap.dedent(text.strip("\n").expandtabs(4))
        blocks = []

        def keep_block(m):
            body = textwrap.dedent(m.group(2).strip("\n"))
            blocks.append(f"\n```{m.group(1) or ''}\n{body}\n```\n")
            return f"\x00{len(blocks) - 1}\x00"

        text = re.sub(r"\[codeblock(?: lang=(\w+))?\](.*?)\[/codeblock\]", keep_block, text, flags=re.S)
        text = "\n".join(line.strip() for line in text.splitlines()).strip()
        codes = []

        def keep_code(m):
            codes.append(m.group(1).replace("[lb]", "[").replace("[rb]", "]"))
            return f"\x01{len(codes) - 1}\x01"

        text = re.sub(r"\[code\](.*?)\[/code\]", keep_code, text, flags=re.S)
        text = re.sub(r"\[url=([^\]]+)\](.*?)\[/url\]", r"[\2](\1)", text, flags=re.S)
        text = re.sub(r"\[url\](.*?)\[/url\]", r"<\1>", text, flags=re.S)
        text = text.replace("[b]", "**").replace("[/b]", "**")
        text = text.replace("[i]", "*").replace("[/i]", "*")
        text = text.replace("[br]", "\n")
        kinds = {"member": "property", "method": "method", "signal": "signal", "constant": "constant",
                 "enum": "constant", "param": None}

        def member_ref(m):
            kind, target = m.group(1), m.group(2)
            if kinds[kind] is None:
                return f"`{target}`"
            return self.ref(kinds[kind], target)

        text = re.sub(r"\[(member|method|signal|constant|enum|param) ([\w.]+)\]", member_ref, text)

        def class_ref(m):
            name = m.group(1)
            if name in self.classes and name != self.current:
                return f"[`{name}`]({name}.md)"
            return f"`{name}`"

        text = re.sub(r"\[([A-Z]\w*)\]", class_ref, text)
        text = text.replace("[lb]", "\\[").replace("[rb]", "\\]")
        text = re.sub(r"\x01(\d+)\x01", lambda m: f"`{codes[int(m.group(1))]}`", text)
        text = re.sub(r"\x00(\d+)\x00", lambda m: blocks[int(m.group(1))], text)
        return re.sub(r"\n{3,}", "\n\n", text).strip()


def type_of(elem):
    """The type of a <return>, <param> or <member>, with its enum when it has one."""
    if elem is None:
        return "void"
    return elem.get("enum") or elem.get("type") or "void"


def signature(elem):
    params = []
    for p in sorted(elem.findall("param"), key=lambda p: int(p.get("index", 0))):
        text = f"{p.get('name')}: {type_of(p)}"
        if p.get("default") is not None:
            text += f" = {p.get('default')}"
        params.append(text)
    return ", ".join(params)


def cell(text):
    return text.replace("\n\n", "<br><br>").replace("\n", " ").replace("|", "\\|")


def load(xml_dir):
    classes = {}
    for path in sorted(Path(xml_dir).glob("*.xml")):
        root = ET.parse(path).getroot()
        if root.tag == "class":
            classes[root.get("name")] = root
    return classes


def page(name, root, classes):
    conv = Converter(classes, name)
    out = [HEADER, f"# {name}\n"]
    inherits = root.get("inherits")
    if inherits:
        base = f"[`{inherits}`]({inherits}.md)" if inherits in classes else f"`{inherits}`"
        out.append(f"*Inherits:* {base}\n")
    brief = conv.convert(root.findtext("brief_description"))
    if brief:
        out.append(brief + "\n")
    out.append("## Description\n")
    out.append((conv.convert(root.findtext("description")) or "*No description.*") + "\n")

    members = root.findall("members/member")
    if members:
        out.append("## Properties\n")
        out.append("| property | type | default |\n|---|---|---|")
        for m in members:
            default = m.get("default")
            out.append(f"| [`{m.get('name')}`](#{anchor('property', m.get('name'))}) | `{type_of(m)}` | "
                       + (f"`{cell(default)}`" if default is not None else "") + " |")
        out.append("")
        for m in members:
            out.append(f'<a id="{anchor("property", m.get("name"))}"></a>\n\n### `{m.get("name")}: {type_of(m)}`\n')
            out.append((conv.convert(m.text) or "*No description.*") + "\n")

    methods = root.findall("methods/method")
    if methods:
        out.append("## Methods\n")
        for m in methods:
            qual = m.get("qualifiers")
            ret = type_of(m.find("return"))
            sig = f"{m.get('name')}({signature(m)}) -> {ret}" + (f" {qual}" if qual else "")
            out.append(f'<a id="{anchor("method", m.get("name"))}"></a>\n\n### `{sig}`\n')
            out.append((conv.convert(m.findtext("description")) or "*No description.*") + "\n")

    signals = sorted(root.findall("signals/signal"), key=lambda s: s.get("name"))
    if signals:
        out.append("## Signals\n")
        for s in signals:
            out.append(f'<a id="{anchor("signal", s.get("name"))}"></a>\n\n### `{s.get("name")}({signature(s)})`\n')
            out.append((conv.convert(s.findtext("description")) or "*No description.*") + "\n")

    # By name: Godot keeps the order the classes registered them in, which changes between builds;
    # the name keeps each family (BIOME_*, TERRAIN_*, …) together.
    constants = sorted(root.findall("constants/constant"), key=lambda c: c.get("name"))
    if constants:
        out.append("## Constants\n")
        for c in constants:
            enum = c.get("enum")
            out.append(f'- <a id="{anchor("constant", c.get("name"))}"></a>`{c.get("name")} = {c.get("value")}`'
                       + (f" (enum `{enum}`)" if enum else "") + ": "
                       + cell(conv.convert(c.text) or "*No description.*"))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def index(classes):
    out = [HEADER, "# Classes\n",
           "Every class the extension registers, with each property, method, signal and constant, as the",
           "editor's help (F1) shows them: these pages are generated from the same doc comments.",
           "[The class overview](../classes.md) says how the classes work together.\n",
           "| class | inherits | what it is |", "|---|---|---|"]
    for name, root in classes.items():
        brief = cell(Converter(classes, name).convert(root.findtext("brief_description")))
        out.append(f"| [`{name}`]({name}.md) | `{root.get('inherits')}` | {brief} |")
    return "\n".join(out) + "\n"


def undocumented(classes):
    """Every class and member whose description is empty."""
    missing = []
    for name, root in classes.items():
        if not (root.findtext("brief_description") or "").strip() and not (root.findtext("description") or "").strip():
            missing.append(f"class {name}")
        for tag, path in (("method", "methods/method"), ("property", "members/member"),
                          ("signal", "signals/signal"), ("constant", "constants/constant")):
            for m in root.findall(path):
                text = m.findtext("description") if tag in ("method", "signal") else m.text
                if not (text or "").strip():
                    missing.append(f"{tag} {name}.{m.get('name')}")
    return missing


def main(argv):
    check = argv[:1] == ["--check"]
    args = argv[1:] if check else argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    classes = load(args[0])
    if not classes:
        print(f"class-docs: no class in {args[0]}: the extension's docs are empty", file=sys.stderr)
        return 1
    out_dir = Path(args[1])
    pages = {f"{name}.md": page(name, root, classes) for name, root in classes.items()}
    pages["index.md"] = index(classes)
    if not check:
        out_dir.mkdir(parents=True, exist_ok=True)
        for old in out_dir.glob("*.md"):
            if old.name not in pages:
                old.unlink()
        for name, text in pages.items():
            (out_dir / name).write_text(text)
        print(f"class-docs: {len(classes)} classes into {out_dir}")
        return 0
    errors = [f"no description: {m}" for m in undocumented(classes)]
    for name, text in pages.items():
        path = out_dir / name
        if not path.exists() or path.read_text() != text:
            errors.append(f"{path} is not what the class docs give: run `make class-docs`")
    for old in out_dir.glob("*.md"):
        if old.name not in pages:
            errors.append(f"{old}: no such class any more: run `make class-docs`")
    summary = out_dir.parent.parent / "SUMMARY.md"
    if summary.exists():
        listed = summary.read_text()
        folder = out_dir.relative_to(out_dir.parent.parent).as_posix()
        for name in pages:
            if f"({folder}/{name})" not in listed:
                errors.append(f"{summary}: lists no {folder}/{name}: add it, or the site leaves it out")
    for e in errors:
        print(f"class-docs: {e}", file=sys.stderr)
    if errors:
        print(f"class-docs: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    print(f"class-docs: {len(classes)} classes, every member described, pages current")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
