"""Catalogs of the writer's own layout read and merged entry by entry, as text: only the entries
the template changes go through Babel's merge; every other entry is kept as its bytes.

``i18n update`` after a content edit changes a few messages of thousands, and merging a whole
catalog with Babel (parsing it into objects, wrapping every string again) took a second per
catalog at 200 pages per locale. A catalog of the writer's layout (this tool's, msgcat's,
translate-toolkit's) has each entry in the writer's form already, and Babel's merge of an entry
whose template entry is unchanged gives it back as it is. So the entries whose template part
(references, extracted comments, format flags, msgctxt, msgid, msgid_plural) is as the template
has it are kept as their bytes; the template's
new or changed entries, the catalog's others and its obsolete ones are merged by Babel as one
small catalog; and the entries are put back in the template's order, the obsolete ones last, as
the whole merge orders them. ``tests/test_i18n.py`` checks that both merges give the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from .pofile import Key, joined


class Entry(NamedTuple):
    """An active entry of a catalog or template, as written."""

    text: str
    """The entry's lines, without the last line feed."""
    key: str
    """Its msgctxt and msgid lines."""
    template_part: tuple[str, str, str]
    """What the template gives it: its ``#.`` and ``#:`` lines, its flags but ``fuzzy``, and its
    msgctxt, msgid and msgid_plural lines."""
    fuzzy: bool
    strings: str
    """Its msgstr lines."""


class Entries(NamedTuple):
    """A file of the writer's layout: its header's lines, its active entries and its obsolete ones."""

    header: str
    active: list[Entry]
    obsolete: list[str]


_HEADER = re.compile(r'(?:\A|\n)msgid ""\nmsgstr ""(?:\n".*")*\Z')
"""The end of a header entry: its empty msgid, and its fields."""
_NOT_COMMENT = re.compile(r"\n[^#]")
"""A line other than a comment, among an entry's comments."""
_NOT_A_MARK = re.compile(r"\n#[^.:]")
"""A comment line other than an extracted comment or a reference (a flag, a translator's comment...)."""


def read_entries(text: str) -> Entries | None:
    """A file of the writer's layout (entries apart by one empty line, the last ended by a line
    feed) read entry by entry; None when it is not of that layout."""
    if not text.endswith("\n") or text.endswith("\n\n") or "\r" in text:
        return None
    blocks = text[:-1].split("\n\n")
    if _HEADER.search(blocks[0]) is None or _NOT_COMMENT.search("\n" + blocks[0].partition('msgid ""')[0]):
        return None  # the header first, as the writer writes it
    active: list[Entry] = []
    obsolete: list[str] = []
    for block in blocks[1:]:
        if block[:1] in ("", "\n"):
            return None  # more than one empty line
        lined = "\n" + block
        if "\n#~ " in lined:
            obsolete.append(block)
            continue
        start = lined.find("\nmsgctxt ")
        if start < 0:
            start = lined.find("\nmsgid ")
        end = lined.find("\nmsgstr", start)
        if start < 0 or end < 0:
            return None
        ids = lined[start + 1 : end]
        plural = ids.find("\nmsgid_plural ")
        head = lined[:start]
        strings = lined[end + 1 :]
        if (
            _NOT_COMMENT.search(head)
            or "\n#" in ids
            or "\n#" in strings
            or strings.count("\nmsg") != strings.count("\nmsgstr")
        ):
            return None  # lines of another layout: for the full readers
        if _NOT_A_MARK.search(head + "\n") is None:  # the commonest: extracted comments and references only
            marks, flags = head[1:], []
        else:
            comments = head[1:].split("\n")
            marks = "\n".join(line for line in comments if line.startswith(("#.", "#:")))
            flags = next((line[3:].split(", ") for line in comments if line.startswith("#, ")), [])
        template_part = (marks, ", ".join(flag for flag in flags if flag != "fuzzy"), ids)
        entry = Entry(block, ids if plural < 0 else ids[:plural], template_part, "fuzzy" in flags, strings)
        active.append(entry)
    return Entries(blocks[0], active, obsolete)


def text_of(entries: Entries) -> str:
    """A file's text from its entries, as the writer lays it out."""
    return "\n\n".join([entries.header, *(entry.text for entry in entries.active), *entries.obsolete]) + "\n"


def merge_entries(template: Entries, catalog: Entries, merge: Callable[[str, str], str | None]) -> Entries | None:
    """The catalog (a file the writer wrote) merged with the template: its entries the template
    gives unchanged kept as they are, the others merged by ``merge`` (Babel's merge of a template
    and a catalog, as text). None when ``merge`` gives None or what does not match (the caller
    then merges the whole catalog)."""
    active = {entry.key: entry for entry in catalog.active}
    kept: list[Entry | None] = []
    changed: list[Entry] = []
    unchanged: set[str] = set()
    for entry in template.active:
        found = active.get(entry.key)
        if found is not None and found.template_part == entry.template_part:
            kept.append(found)
            unchanged.add(entry.key)
        else:
            kept.append(None)
            changed.append(entry)
    rest = [entry for entry in catalog.active if entry.key not in unchanged]
    merged = merge(
        text_of(Entries(template.header, changed, [])), text_of(Entries(catalog.header, rest, catalog.obsolete))
    )
    read = read_entries(merged) if merged is not None else None
    if read is None or [entry.key for entry in read.active] != [entry.key for entry in changed]:
        return None
    fresh = iter(read.active)
    return Entries(read.header, [entry if entry is not None else next(fresh) for entry in kept], read.obsolete)


def _text(lines: str) -> str:
    """The text of a keyword's lines (``msgid "a"`` and its continuation lines)."""
    return joined([line[line.index('"') :] for line in lines.split("\n")])


def entry_key(entry: Entry) -> Key:
    """An entry's identity, as the readers give it: its context (or None) and its msgid."""
    context, found, msgid = entry.key.partition("\nmsgid ")
    if not found:
        return None, _text(context)
    return _text(context), _text("msgid " + msgid)


def translated(entry: Entry, plurals: int) -> bool | None:
    """Whether an entry translates its message: not fuzzy, and every string (each of ``plurals``
    forms, for a plural message) not empty; None when it has more forms than ``plurals``."""
    strings = entry.strings.split("\nmsgstr")
    if len(strings) > max(plurals, 1):
        return None
    if entry.fuzzy or (len(strings) < plurals and "\nmsgid_plural " in entry.template_part[2]):
        return False
    return all(not string.endswith(' ""') for string in strings)
