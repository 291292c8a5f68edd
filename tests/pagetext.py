"""A page's visible text, and the lines of a source document that it does not show in order.

The visible text is what a reader sees: no <head>, <script> or <style>; an image counts by its
alternative text and an inline SVG by its aria-label. Lines are compared with white space removed,
after dropping the list bullets the extraction left ("- ", "• "), as tests/seeds/README.md says.

Run ``python -m tests.pagetext PAGE.html DOCUMENT.txt`` to see what is missing.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

_SKIPPED = {"head", "script", "style", "template", "noscript"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_BULLET = re.compile(r"^\s*[-•]\s+")


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # open elements and whether they hide their content

    @property
    def hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "img" and not self.hidden:
            self.parts.append(attributes.get("alt") or "")
        if tag in _VOID:
            return
        hides = self.hidden or tag in _SKIPPED or "hidden" in attributes
        if tag == "svg" and not hides:
            self.parts.append(attributes.get("aria-label") or "")
            hides = True
        self.stack.append((tag, hides))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """The text a reader sees on the page, in document order."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return " ".join(parser.parts)


def squash(text: str) -> str:
    """The text with all white space removed."""
    return "".join(text.split())


def document_lines(text: str) -> list[str]:
    """The non-empty lines of a source document, bullets dropped."""
    return [_BULLET.sub("", line) for line in text.splitlines() if line.strip()]


def missing_lines(lines: list[str], page_text: str) -> list[tuple[int, str]]:
    """The lines (number from 1, text) not found in order in the page's text."""
    haystack = squash(page_text)
    position = 0
    missing = []
    for number, line in enumerate(lines, 1):
        found = haystack.find(squash(line), position)
        if found < 0:
            missing.append((number, line))
        else:
            position = found + len(squash(line))
    return missing


def main(page: str, document: str) -> int:
    """Print each line of ``document`` that ``page`` does not show in order; 1 if any."""
    text = visible_text(Path(page).read_text(encoding="utf-8"))
    lines = document_lines(Path(document).read_text(encoding="utf-8"))
    missing = missing_lines(lines, text)
    for number, line in missing:
        print(f"{document}: line {number} not found in order: {line}")
    print(f"{len(lines) - len(missing)} of {len(lines)} lines found in order")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
