"""What a reader sees of a built site, line by line, and what changed between two builds of it: each
page's visible text and each sentence of ``reasons.json``, by locale (the report of ``regenerate``
after a rules change, so that a reviewer sees every page the change rewrote, not only the answers
of the examples)."""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import PurePosixPath

_SKIPPED = {"head", "script", "style", "template", "noscript", "svg"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_BLOCKS = {
    "p",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "tr",
    "caption",
    "figcaption",
    "summary",
    "dt",
    "dd",
    "div",
    "section",
    "article",
    "table",
    "ul",
    "ol",
    "nav",
    "header",
    "footer",
    "main",
}


class _Lines(HTMLParser):
    """The visible text of a page, a line per block (paragraph, list item, table row...)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.hidden = 0

    def _break(self) -> None:
        line = " ".join("".join(self.current).split())
        if line:
            self.lines.append(line)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img" and not self.hidden:
            self.current.append(dict(attrs).get("alt") or "")
        if tag in _VOID:
            return
        if self.hidden or tag in _SKIPPED or any(name == "hidden" for name, _ in attrs):
            self.hidden += 1
        elif tag in _BLOCKS:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        if self.hidden:
            self.hidden -= 1
        elif tag in _BLOCKS:
            self._break()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.current.append(data)


def page_lines(html: str) -> list[str]:
    """The lines a reader sees on a page (hidden parts and scripts left out)."""
    parser = _Lines()
    parser.feed(html)
    parser.close()
    parser._break()
    return parser.lines


def reason_sentences(data: bytes) -> dict[str, list[str]]:
    """reasons.json's sentences by locale, each a line ``reasons.KIND.CODE: SENTENCE`` (or
    ``permissions.KIND.CODE: ...``) in the order of the codes (read leniently: a file of another
    format gives what it can)."""
    try:
        loaded = json.loads(data)
    except ValueError:
        return {}
    found: dict[str, dict[str, str]] = {}
    for part in ("reasons", "permissions"):
        for kind, entries in (loaded.get(part) or {}).items():
            for code, entry in entries.items():
                for locale, line in (entry.get("locales") or {}).items():
                    found.setdefault(locale, {})[f"{part}.{kind}.{code}"] = line.get("sentence", "")
    return {locale: [f"{code}: {text}" for code, text in sorted(codes.items())] for locale, codes in found.items()}


@dataclass(frozen=True, slots=True)
class TextChange:
    """A file of the site whose text changed in a locale: the lines removed and added, in order."""

    locale: str
    name: str
    removed: tuple[str, ...]
    added: tuple[str, ...]


def site_changes(before: dict[str, bytes], after: dict[str, bytes]) -> list[TextChange]:
    """Every page (by its path in the site) and every locale's sentences of reasons.json whose text
    differs between two builds, by locale then file; pages only in one of them count as all removed
    or all added."""
    changes: list[TextChange | None] = []
    for name in sorted({name for name in (*before, *after) if name.endswith(".html") and "/" in name}):
        old = page_lines(before[name].decode("utf-8")) if name in before else []
        new = page_lines(after[name].decode("utf-8")) if name in after else []
        changes.append(_change(str(PurePosixPath(name).parent), PurePosixPath(name).name, old, new))
    old_sentences = reason_sentences(before.get("reasons.json", b"{}"))
    new_sentences = reason_sentences(after.get("reasons.json", b"{}"))
    for locale in sorted({*old_sentences, *new_sentences}):
        changes.append(_change(locale, "reasons.json", old_sentences.get(locale, []), new_sentences.get(locale, [])))
    return sorted(filter(None, changes), key=lambda change: (change.locale, change.name))


def _change(locale: str, name: str, old: list[str], new: list[str]) -> TextChange | None:
    removed: list[str] = []
    added: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            removed += old[i1:i2]
            added += new[j1:j2]
    return TextChange(locale, name, tuple(removed), tuple(added)) if removed or added else None


def markdown(changes: list[TextChange]) -> str:
    """The changes as Markdown: per locale, each file and its lines removed (-) and added (+)."""
    if not changes:
        return "No page's text and no sentence of `reasons.json` changed.\n"
    pages = sorted({change.name for change in changes})
    lines = [
        f"{len(changes)} files' text changed, in {len({c.locale for c in changes})} locales "
        f"({', '.join(f'`{page}`' for page in pages)}):",
        "",
    ]
    for locale in sorted({change.locale for change in changes}):
        lines += [f"<details><summary>{locale}</summary>", ""]
        for change in (c for c in changes if c.locale == locale):
            lines += [f"`{locale}/{change.name}`", "", "```diff"]
            lines += [f"- {line}" for line in change.removed] + [f"+ {line}" for line in change.added]
            lines += ["```", ""]
        lines += ["</details>", ""]
    return "\n".join(lines)
