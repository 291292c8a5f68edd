"""Merging the template (``locales/messages.pot``) into the catalogs: ``i18n update``, ``i18n add``
and ``regenerate``. Catalogs are merged with Babel: new messages added, removed ones obsolete, and a
changed one (matched by where it comes from, not by string similarity) fuzzy with the previous
source kept; a catalog of the writer's layout is merged entry by entry (:mod:`.entries`), the same
bytes as a whole merge. The template and the catalogs are written only when they say something new
(:func:`write_if_changed`: their dates aside), the extraction's template included. Apart from the
extraction (:mod:`.extract`), which needs the content's and the templates' machinery: an update
imports none of it.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.catalog import Message as PoMessage

from ..collector import paused
from ..files import FileError, make_folder, read_input, write_files
from ..forked import Beside, Died, can_fork, cpu_count
from ..problems import Problem
from .catalogs import LOCALES, TEMPLATE, catalog_path, message_key, read_po
from .entries import Entries, merge_entries, read_entries, text_of
from .pofile import Key, may_be_invalid, parse_po, po_bytes, with_line_ends_of

PROJECT = "belote-docs"


_DATES = (b'"POT-Creation-Date', b'"PO-Revision-Date')


def _same_messages(old: bytes, new: bytes) -> bool:
    """True when two catalogs differ at most in their dates."""

    def strip(data: bytes) -> list[bytes]:
        return [line for line in data.splitlines() if not line.startswith(_DATES)]

    old_header, _, old_body = old.partition(b"\n\n")
    new_header, _, new_body = new.partition(b"\n\n")
    dated = any(b"\n" + date in b"\n" + body for body in (old_body, new_body) for date in _DATES)
    if not dated:  # the dates are in the headers only: the rest is compared as bytes
        return old_body == new_body and strip(old_header) == strip(new_header)
    return strip(old) == strip(new)


def differs(path: Path, data: bytes) -> bool:
    """True unless the file already says the same as ``data`` (dates aside); ``FileError`` when it
    cannot be read."""
    return not (os.path.lexists(path) and _same_messages(read_input(path, _display(path)), data))


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already says the same (dates aside); True when written.
    ``FileError`` when it cannot be read or written (the file is then as it was)."""
    if not differs(path, data):
        return False
    write_together({path: data}, {path: _display(path)})
    return True


def _display(path: Path) -> str:
    """A catalog's name as messages give it: from the project's ``locales/`` folder."""
    parts = path.parts
    return "/".join(parts[len(parts) - 1 - parts[::-1].index(LOCALES) :]) if LOCALES in parts else str(path)


def new_catalog(code: str) -> bytes:
    """An empty catalog for a new locale: CLDR's plural forms in the header, and the language's
    own name (also from CLDR) as its team, so that the file says what it is in any tool."""
    locale = Locale.parse(code)
    name = locale.get_display_name(locale) or code
    catalog = PoCatalog(
        locale=code,
        project=PROJECT,
        version="1",
        fuzzy=False,
        language_team=f"{name} <{code}>",
        last_translator="none yet",
        revision_date=datetime.now(UTC),
        msgid_bugs_address="the app team",
        header_comment=f"# {name} ({code}) translation of the Belote help site.\n#",
    )
    return po_bytes(catalog)


_EXAMPLE_FIELD = re.compile(r"(Title|Explanation) of example (\S+?)\.(?:\s|$)")


_PAGE_TITLE = re.compile(r"Title of the page (\S+?)\.(?:\s|$)")


def origins(message: PoMessage) -> list[tuple[object, ...]]:
    """Where a message comes from, most telling first: the example and field (from its comment),
    the page it titles, then its file and kind of text (which names its page's section, for prose)."""
    comment = " ".join(message.auto_comments)
    keys: list[tuple[object, ...]] = []
    if found := _EXAMPLE_FIELD.match(comment):
        keys.append(("example", found[2], found[1]))
    if found := _PAGE_TITLE.match(comment):
        keys.append(("page", found[1]))
    kind = comment.split(". ", 1)[0]
    keys += [("kind", path, kind, message.context) for path in sorted({path for path, _ in message.locations})]
    return keys


def match_by_origin(catalog: PoCatalog, known: set[Key]) -> None:
    """After a merge without Babel's fuzzy matching: each new message takes the translation of the
    obsolete one it replaces — the one from the same example field or page title, or failing those
    the only one of its kind left in its file (a section's heading, paragraph, list item...) —
    marked fuzzy, with the previous English kept (``#| msgid``). Linear in the number of messages,
    unlike difflib's matching."""
    by_origin: dict[tuple[object, ...], list[str | tuple[str, str]]] = {}
    for key, message in catalog.obsolete.items():
        if any(message.string) if isinstance(message.string, tuple | list) else message.string:
            for origin in origins(message):
                by_origin.setdefault(origin, []).append(key)
    new = [message for message in catalog if message.id and message_key(message) not in known]
    new_kinds = Counter(origin for message in new for origin in origins(message) if origin[0] == "kind")
    for message in new:
        for origin in origins(message):
            if origin[0] == "kind" and not (len(by_origin.get(origin, [])) == 1 and new_kinds[origin] == 1):
                continue  # a kind of text matches only one for one
            found = next((k for k in by_origin.get(origin, []) if k in catalog.obsolete), None)
            if found is None:
                continue
            old = catalog.obsolete[found]
            if isinstance(old.id, str) != isinstance(message.id, str):
                continue
            message.string = old.string
            message.flags |= old.flags | {"fuzzy"}
            message.previous_id = [old.id] if isinstance(old.id, str) else list(old.id)
            if old.user_comments:
                message.user_comments = list(old.user_comments)
            del catalog.obsolete[found]
            break


def _merge(template: PoCatalog, locales: Path, code: str) -> tuple[bytes | None, list[Problem]]:
    """One locale's catalog merged with the template, as bytes to write: None when the catalog
    says the same already (dates aside), or, with its problems, when it cannot be read."""
    problems: list[Problem] = []
    path = catalog_path(locales, code)
    display = catalog_path(Path(LOCALES), code).as_posix()
    try:
        data = read_input(path, display) if os.path.lexists(path) else new_catalog(code)
    except FileError as error:
        return None, [Problem(display, 0, 0, error.message)]
    merged = merge_catalog(template, data, display, code, problems)
    if merged is None:
        return None, problems
    merged = with_line_ends_of(merged, data)  # a catalog keeps its line ends
    return (None if path.is_file() and _same_messages(data, merged) else merged), problems


def merge_catalog(template: PoCatalog, data: bytes, display: str, code: str, problems: list[Problem]) -> bytes | None:
    """A catalog's bytes merged with the template (Babel's merge, without its fuzzy matching, then
    :func:`match_by_origin`); None, with problems, when it cannot be read."""
    catalog = parse_po(data, display, problems, locale=code)
    if catalog is None:
        return None
    # Babel keeps a fuzzy message's previous source only when the source changes now;
    # a message still fuzzy from an earlier update keeps it here.
    previous = {message.id: message.previous_id for message in catalog if message.previous_id}
    known = {message_key(message) for message in catalog if message.id}
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=True)
    # The project's own header values, as the template gives them (a tool's catalog has placeholders).
    catalog.project, catalog.version = template.project, template.version
    catalog.msgid_bugs_address = template.msgid_bugs_address
    match_by_origin(catalog, known)
    for message in catalog:
        if message.fuzzy and not message.previous_id and message.id in previous:
            message.previous_id = previous[message.id]
    return po_bytes(catalog)


def _merge_changed(template: Entries, data: bytes, display: str, code: str) -> Entries | None:
    """A catalog of the writer's layout merged with the template entry by entry (:mod:`.entries`):
    for one the writer wrote, the same bytes as :func:`merge_catalog`'s; None when it is of another
    layout, or may hold a line the reader refuses or a message twice (then merge it whole)."""

    def merge(changed: str, rest: str) -> str | None:
        problems: list[Problem] = []
        small = parse_po(changed.encode("utf-8"), f"{LOCALES}/{TEMPLATE}", problems)
        merged = merge_catalog(small, rest.encode("utf-8"), display, code, problems) if small is not None else None
        return merged.decode("utf-8") if merged is not None and not problems else None

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    catalog = read_entries(text) if not may_be_invalid(text) else None  # else merged whole, which tells why
    if catalog is None or len({entry.key for entry in catalog.active}) < len(catalog.active):  # a duplicate
        return None
    return merge_entries(template, catalog, merge)


def write_together(files: dict[Path, bytes], displays: dict[Path, str]) -> None:
    """Write the files, their folders made first, all or none (``FileError``, each named by ``displays``)."""
    for path in files:
        make_folder(path.parent, displays[path].rpartition("/")[0] or str(path.parent))
    write_files(files, displays)


@paused()  # the cycle collector only rescans the catalogs' acyclic values
def merged_catalogs(
    locales: Path,
    codes: list[str],
    problems: list[Problem],
    template_data: bytes | None,
    read: dict[Path, Entries],
) -> dict[Path, bytes]:
    """Each locale's catalog (created if needed) that the template (``template_data``, or else
    ``locales/messages.pot``) changes, as the bytes to write; nothing when a catalog cannot be read
    (its problems added). A catalog of the writer's layout, merged with a template of that layout,
    is merged entry by entry (:mod:`.entries`: the same bytes as a whole merge for a catalog the
    writer wrote), and its merged entries are put in ``read``, with the template's (for the record
    of its translations); the others whole."""
    try:
        data = read_input(locales / TEMPLATE, f"{LOCALES}/{TEMPLATE}") if template_data is None else template_data
    except FileError as error:
        problems.append(Problem(f"{LOCALES}/{TEMPLATE}", 0, 0, error.message))
        data = None
    results: dict[str, tuple[bytes | None, list[Problem]]] = {}
    if data is not None:
        entries = read_entries(data.decode("utf-8", "replace"))
        if entries is not None:
            read[locales / TEMPLATE] = entries
            quick = _quick_merges(entries, locales, codes, len(data))
            for code, done in zip(codes, quick, strict=True):
                if done is not None:
                    results[code] = done[0], []
                    read[catalog_path(locales, code)] = done[1]
    rest = [code for code in codes if code not in results]
    template = parse_po(data, f"{LOCALES}/{TEMPLATE}", problems) if data is not None and rest else None
    if rest and template is None:  # still report what is wrong with each catalog
        for code in codes:
            path = catalog_path(locales, code)
            display = catalog_path(Path(LOCALES), code).as_posix()
            if os.path.lexists(path):
                read_po(path, display, problems, locale=code)
        return {}
    if template is not None:
        results |= {code: _merge(template, locales, code) for code in rest}
    problems.extend(problem for code in codes for problem in results[code][1])
    if problems:
        return {}
    return {catalog_path(locales, code): merged for code in codes if (merged := results[code][0]) is not None}


PARALLEL_FROM = 1_000_000
"""A template of this many bytes (80 pages per locale) or more has its catalogs merged in two
processes, on two cores: below, a second process costs more than it saves (``bench/run.py``)."""


def _quick_merges(
    template: Entries, locales: Path, codes: list[str], size: int
) -> list[tuple[bytes | None, Entries] | None]:
    """Each locale's :func:`_quick_merge`, in order: for a large template (:data:`PARALLEL_FROM`) on
    two cores, the first half's in a forked process while this one merges the second (merged here
    again if that process dies)."""
    half = len(codes) // 2
    if size < PARALLEL_FROM or half == 0 or cpu_count() < 2 or not can_fork():
        return [_quick_merge(template, locales, code) for code in codes]
    with Beside(lambda: [_quick_merge(template, locales, code) for code in codes[:half]]) as first:
        mine = [_quick_merge(template, locales, code) for code in codes[half:]]
        try:
            theirs = first.result()
        except Died:
            theirs = [_quick_merge(template, locales, code) for code in codes[:half]]
    return theirs + mine


def _quick_merge(template: Entries, locales: Path, code: str) -> tuple[bytes | None, Entries] | None:
    """A catalog of the writer's layout merged entry by entry, as :func:`_merge` gives it (with its
    entries); None to merge it whole (it is of another layout, or cannot be read)."""
    path = catalog_path(locales, code)
    display = catalog_path(Path(LOCALES), code).as_posix()
    if not path.is_file():
        return None
    try:
        data = read_input(path, display)
    except FileError:
        return None  # merged whole, which reports it
    entries = _merge_changed(template, data, display, code)
    if entries is None:
        return None
    merged = text_of(entries).encode("utf-8")
    return (None if _same_messages(data, merged) else merged), entries
