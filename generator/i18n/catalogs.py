"""Each locale's gettext catalog (``locales/LOCALE/LC_MESSAGES/messages.po``), read by
:mod:`.pofile`, and the translator that renders a locale from it.

A catalog's problems (syntax, plural header, a placeholder lost in a translation) are errors at
FILE:LINE. A message with no translation, or a fuzzy one, shows the English source and is a
warning naming the message, of one of two kinds (:attr:`Problem.kind`):

- :data:`NEW_MESSAGE`: a message waiting for its first translation (``i18n update`` added it, or
  it is not in the catalog yet) or a changed one (fuzzy). English-first: it may be deployed.
- :data:`LOST_TRANSLATION`: a message that had a complete translation when ``i18n update`` last
  ran (its record, :data:`TRANSLATED_RECORD`) and has none now: a deleted entry, an emptied
  ``msgstr``. It fails as an error should (:func:`blocks_strict`).

``i18n update`` (and ``i18n add``) write the record: the digest of each message the catalog
translates, plus those recorded before that the template still has, so that a translation
emptied by hand stays "lost" across updates; marking it fuzzy is how a translator says "redo".
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..files import FileError, read_input
from ..invocation import command
from ..problems import Problem
from ..words.terms import Message
from .entries import Entries, entry_key, read_entries, translated
from .pofile import Key, header_lines_of, parse_po, plural_rule, read_po_file

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog as PoCatalog
    from babel.messages.catalog import Message as PoMessage

_DEFAULT_PLURAL = "nplurals=2; plural=(n != 1);"
NEW_MESSAGE = "new"
"""A warning's kind: a new or changed message shown in English (does not block a deploy)."""
LOST_TRANSLATION = "lost"
"""A warning's kind: a translation the catalog had and lost, shown in English (blocks ``--strict``)."""
TO_REVIEW = "review"
"""A warning's kind: a translation ``regenerate`` marked fuzzy because the example's answer changed
and whose English is the same since (the prose may be wrong in every language), shown in English;
blocks ``--strict`` until a writer fixes the English (``i18n update`` then marks it changed) or a
translator reviews it."""
ANSWER_CHANGED = "regenerate: the example's answer changed: fix the English, then review"
"""The translator comment ``regenerate`` adds beside the fuzzy flag (translators' tools keep it)."""
UNLISTED_CATALOG = "unlisted catalog"
"""A warning's kind: a catalog of a locale the site does not list yet (begun in Weblate, Poedit or
msginit): not built, and it does not block a deploy (``i18n add`` makes it a draft)."""
TRANSLATED_RECORD = "translated.txt"
"""Beside each catalog: the digests of the messages it translated when ``i18n update`` last ran."""
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


LOCALES = "locales"
"""The folder of the catalogs, in the project."""
TEMPLATE = "messages.pot"
"""The template the catalogs are merged with, in :data:`LOCALES`."""


def catalog_path(locales: Path, locale: str) -> Path:
    """Where a locale's catalog is."""
    return locales / locale / "LC_MESSAGES" / "messages.po"


def blocks_strict(problem: Problem) -> bool:
    """Whether ``build --strict`` fails on a warning: every one but a new message shown in English
    and a catalog begun for a locale the site does not list yet."""
    return problem.kind not in (NEW_MESSAGE, UNLISTED_CATALOG)


def message_digest(context: str | None, msgid: str) -> str:
    """A message's short digest, as the record of translated messages lists it."""
    key = f"{context}\x04{msgid}" if context is not None else msgid
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def read_translated(catalog: Path) -> frozenset[str] | None:
    """The record beside ``catalog`` of the messages it translated (None when there is none yet:
    each untranslated message then counts as lost, as before the record existed)."""
    try:
        return parse_translated(read_input(catalog.parent / TRANSLATED_RECORD))
    except FileError:
        return None


def parse_translated(data: bytes) -> frozenset[str] | None:
    """A record of translated messages from its bytes (None when it is not one)."""
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        return None
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def read_po(path: Path, display: str, problems: list[Problem], locale: str | None = None) -> PoCatalog | None:
    """A catalog read (through the guarded reader) and parsed; None, with problems, when it cannot be."""
    try:
        return parse_po(read_input(path, display), display, problems, locale)
    except FileError as error:
        problems.append(Problem(display, 0, 0, error.message))
        return None


class TranslatedRecord:
    """A catalog's record of translated messages as a build reads it: its bytes, parsed when first
    looked in (a build looks only for a message it shows in English: most never do, and at 1000
    pages per locale the five records parsed held 21 MiB)."""

    def __init__(self, data: bytes) -> None:
        self._data: bytes | None = data
        self._digests: frozenset[str] = frozenset()

    def __contains__(self, digest: object) -> bool:
        if self._data is not None:
            self._digests, self._data = parse_translated(self._data) or frozenset(), None
        return digest in self._digests


def translated_records(
    locales: Path,
    codes: list[str],
    catalogs: Mapping[Path, bytes],
    template: bytes,
    read: Mapping[Path, Entries],
) -> dict[Path, bytes]:
    """The record of translated messages of each locale's catalog as ``catalogs`` will write it (or
    as it is, when it is not among them), for those whose record changes: to be written with them
    (``read``: the entries of catalogs the merge has read, which are not read again)."""
    digests, written = _template_messages(template, read.get(locales / TEMPLATE))
    records: dict[Path, bytes] = {}
    for code in codes:
        path = catalog_path(locales, code)
        display = catalog_path(Path(LOCALES), code).as_posix()
        data = catalogs.get(path) or read_input(path, display)  # FileError: as the merge, which read it already
        record = translated_record(data, display, digests, read_translated(path), written, read.get(path))
        target = path.parent / TRANSLATED_RECORD
        with contextlib.suppress(FileError):  # none yet, or unreadable: written
            if read_input(target) == record:
                continue
        records[target] = record
    return records


def translated_record(
    data: bytes,
    display: str,
    template_digests: set[str],
    before: frozenset[str] | None,
    written: Mapping[str, str] | None = None,
    entries: Entries | None = None,
) -> bytes:
    """The record of a catalog just written by ``i18n update``: the messages it translates, and those
    recorded ``before`` whose translation is gone but whose message the template still has (its
    messages' digests, ``template_digests``; ``written``: each of them by the msgctxt and msgid
    lines of its entry; ``entries``: the catalog's, when they have been read)."""
    digests = _translated(data, display, written or {}, entries)
    kept = template_digests & (before or frozenset())
    lines = sorted(digests | kept)
    head = "# Messages this catalog translated at the last `i18n update` (a digest a line): one that\n"
    head += "# has no translation now was lost, and fails `build --strict`. Written by the tool.\n"
    return (head + "".join(f"{line}\n" for line in lines)).encode("ascii")


def _template_messages(template: bytes, entries: Entries | None = None) -> tuple[set[str], dict[str, str]]:
    """The digests of the template's messages, and each by its entry's msgctxt and msgid lines as
    written (when the template has the writer's layout: its catalogs' entries are then found by
    their lines); ``entries``: the template's, when they have been read."""
    entries = entries or _entries_of(template)
    if entries is not None:
        by_lines = {entry.key: message_digest(*entry_key(entry)) for entry in entries.active}
        return set(by_lines.values()), by_lines
    read = parse_po(template, f"{LOCALES}/{TEMPLATE}", []) or ()  # none: unreadable
    return {message_digest(*message_key(message)) for message in read if message.id}, {}


def _translated(data: bytes, display: str, written: Mapping[str, str], entries: Entries | None = None) -> set[str]:
    """The digests of the messages a catalog translates (not fuzzy, every string not empty): read
    entry by entry when the file has the writer's layout (five times faster than
    :func:`~.pofile.parse_po`, which reads any other); none when it cannot be read."""
    entries = entries or _entries_of(data)
    header = parse_po(entries.header.encode("utf-8"), display, []) if entries is not None else None
    if entries is not None and header is not None:
        found = [(entry, translated(entry, header.num_plurals)) for entry in entries.active]
        if all(done is not None for _, done in found):
            return {written.get(entry.key) or message_digest(*entry_key(entry)) for entry, done in found if done}
    return {
        message_digest(*message_key(message))
        for message in parse_po(data, display, []) or ()  # none: unreadable
        if message.id
        and not message.fuzzy
        and all(message.string if isinstance(message.string, tuple | list) else (message.string,))
    }


def _entries_of(data: bytes) -> Entries | None:
    try:
        return read_entries(data.decode("utf-8"))
    except UnicodeDecodeError:
        return None


def message_key(message: PoMessage) -> Key:
    """A Babel message's identity: its context and its (singular) source text."""
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


class Translation(NamedTuple):
    """A catalog's translation of one message: one string, or one per plural form (a tuple: small,
    and pickled at C speed into the cache and from the process that reads the catalogs)."""

    strings: tuple[str, ...]
    fuzzy: bool
    line: int
    review: bool = False
    """Fuzzy because ``regenerate`` found the example's answer changed (its note
    :data:`ANSWER_CHANGED`), the English unchanged since: the prose may be wrong everywhere."""


@dataclass(frozen=True)
class LocaleCatalog:
    """A locale's translations by message, and its plural rule (from the Plural-Forms header)."""

    locale: str
    entries: dict[Key, Translation]
    plural: Callable[[int], int]
    translated: Container[str] | None = None
    """The record of the messages it translated (:func:`read_translated`), when there is one."""


def read_catalog(path: Path, display: str, locale: str, problems: list[Problem]) -> LocaleCatalog | None:
    """A locale's ``.po`` file read and checked, with its record of translated messages; None
    (with problems added) when it cannot be used."""
    data = catalog_bytes(path, display, locale, problems)
    if data is None:
        return None
    catalog, found = parse_catalog(data, display, locale)
    problems.extend(found)
    return replace(catalog, translated=read_translated(path)) if catalog is not None else None


def catalog_bytes(path: Path, display: str, locale: str, problems: list[Problem]) -> bytes | None:
    """A locale's catalog's bytes; None (with the problem added) when there is none or it cannot be read."""
    if not os.path.lexists(path):
        problems.append(Problem(display, 1, 1, f"no catalog for {locale}: run `{command('i18n update')}`"))
        return None
    try:
        return read_input(path, display)
    except FileError as error:
        problems.append(Problem(display, 0, 0, error.message))
        return None


def parse_catalog(data: bytes, display: str, locale: str) -> tuple[LocaleCatalog | None, list[Problem]]:
    """A catalog from its bytes, checked (syntax, plural header, placeholders), and its problems;
    None when it cannot be used (a pure function of its arguments: the build may keep its result)."""
    problems: list[Problem] = []
    read = read_po_file(data, display, problems)  # its entries as read: the build needs no Babel message
    if read is None:
        return None, problems
    header = dict(read.header.mime_headers).get("Plural-Forms", _DEFAULT_PLURAL)
    plural = plural_rule(header, display, header_lines_of(data).get("plural-forms", (1, ""))[0], problems)
    entries: dict[Key, Translation] = {}
    for entry in read.active:  # the header is not among them
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        key: Key = (entry.context, sys.intern(ids[0]))  # one string for the five catalogs' same message
        line = entry.lineno
        if not all(strings):  # untranslated: kept for its line, which a warning cites
            entries[key] = Translation((), False, line)
            continue
        if what := _length_problem(ids, strings):
            problems.append(Problem(display, line, 1, what))
        fuzzy = entry.fuzzy
        if not fuzzy and (what := _placeholder_problem(ids, strings)):
            problems.append(Problem(display, line, 1, f"translation of {ids[0]!r}: {what}"))
        review = fuzzy and ANSWER_CHANGED in entry.user_comments and not entry.has_previous
        entries[key] = Translation(strings, fuzzy, line, review)
    if plural is None or problems:
        return None, problems
    return LocaleCatalog(locale, entries, plural), problems


LONGER, LONGER_BY = 10, 500
"""A translation is refused when it is over LONGER times its source and LONGER_BY characters more:
text pasted by mistake, which would make every page that shows it (and its search index) huge."""


def _length_problem(ids: tuple[str, ...], strings: tuple[str, ...]) -> str | None:
    """What is wrong with a translation far longer than its source (:data:`LONGER`), or None."""
    source = max(map(len, ids))
    for string in strings:
        if len(string) > LONGER * source + LONGER_BY:
            return (
                f"translation of {ids[0][:60]!r}: {len(string):,} characters, far longer than its source "
                f"({source:,}): at most {LONGER} times the source and {LONGER_BY} characters more; "
                "shorten it (was something pasted by mistake?)"
            )
    return None


def _placeholder_problem(ids: tuple[str, ...], strings: tuple[str, ...]) -> str | None:
    """Every ``%(name)s`` of the source must be in each translation, no other (compared first, so
    that an added one is named, not reported as a KeyError), and each translation must format
    (a lone ``%`` must be written ``%%``): what is wrong, or None."""
    wanted = set(PLACEHOLDER.findall(ids[-1]))
    for string in strings:
        if wanted and (stray := re.search(r"%(?!\(\w+\)[sd]|%)", string)):
            return (
                f"{string[stray.start() : stray.start() + 3]!r} is not a placeholder: write %% for a percent sign, "
                "and placeholders as %(name)s"
            )
        found = set(PLACEHOLDER.findall(string))
        # A plural form may leave out the number itself ("один" for 1 in some languages).
        missing = wanted - found - ({"num"} if len(ids) > 1 else set())
        extra = found - wanted
        if missing or extra:
            parts = [f"missing {', '.join(f'%({n})s' for n in sorted(missing))}"] if missing else []
            parts += [f"unknown {', '.join(f'%({n})s' for n in sorted(extra))}"] if extra else []
            return f"{'; '.join(parts)}: keep the placeholders of the source text"
        if wanted:
            try:
                string % {name: 1 if name == "num" else "x" for name in wanted}
            except (ValueError, TypeError, KeyError) as error:
                return f"{error}: write %% for a percent sign, and placeholders as %(name)s"
    return None


@dataclass
class Translator:
    """Translates messages for one locale, and records those it had to show in English: each once
    in :attr:`warnings`, and in :attr:`misses` since it was last emptied (a file's record keeps
    them, so that a reused file gives its warnings again)."""

    locale: str
    catalog: LocaleCatalog | None
    catalog_display: str
    warnings: dict[Key, Problem] = field(default_factory=dict)
    misses: set[Key] = field(default_factory=set)

    def gettext(self, message: Message, origin: str | None = None) -> str:
        """The translation, or the English source (with a warning) when there is none."""
        return self.translate(message, origin)[0]

    def translate(self, message: Message, origin: str | None = None) -> tuple[str, bool]:
        """The translation and False, or the English source and True (with a warning)."""
        entry = self._entry(message, origin)
        return (entry.strings[0], False) if entry else (message.msgid, True)

    def translate_plural(self, message: Message, n: int, origin: str | None = None) -> tuple[str, bool]:
        """The plural form for ``n`` and False, or the English singular or plural and True."""
        entry = self._entry(message, origin)
        if entry is None or self.catalog is None:
            return (message.msgid if n == 1 else (message.plural or message.msgid)), True
        return entry.strings[min(self.catalog.plural(n), len(entry.strings) - 1)], False

    def flag(self, message: Message, what: str) -> None:
        """Record a translation the site cannot use as written (a warning at its line; --strict fails)."""
        entry = self.catalog.entries.get((message.context, message.msgid)) if self.catalog else None
        self.warnings[(message.context, message.msgid)] = Problem(
            self.catalog_display,
            entry.line if entry else 1,
            1,
            f"{self.locale}: translation of {message.msgid!r} ({message.context}): {what}",
            severity="warning",
        )

    def _entry(self, message: Message, origin: str | None) -> Translation | None:
        key = (message.context, message.msgid)
        entry = self.catalog.entries.get(key) if self.catalog else None
        if entry is not None and entry.strings and not entry.fuzzy:
            return entry
        self.misses.add(key)
        if key not in self.warnings:
            shown = message.msgid if len(message.msgid) <= 60 else message.msgid[:57] + "..."
            # Lost: translated at the last `i18n update` (or, without a record, simply untranslated: a
            # catalog as checked before records); a fuzzy one is changed, or a translator asks for a review.
            recorded = self.catalog.translated if self.catalog else None
            lost = not (entry is not None and entry.fuzzy) and (recorded is None or message_digest(*key) in recorded)
            review = entry is not None and entry.review
            state = "fuzzy translation" if entry and entry.fuzzy else "no translation"
            what = (
                f"{self.locale}: {state} of {shown!r}{f' ({message.context})' if message.context else ''}"
                f"{f' (from {origin})' if origin else ''}: English shown"
            )
            if lost:
                what += "; a translation lost: it was translated at the last `i18n update`"
            if entry is None:
                what += (
                    f"; the message is not in the catalog: run `{command('i18n extract')}`, "
                    f"then `{command('i18n update')}`"
                )
            elif review:
                what += (
                    "; the example's answer changed (regenerate): fix the English text if it is now wrong, "
                    "or review the translation and remove the fuzzy flag"
                )
            elif entry.fuzzy:
                what += "; review the translation and remove the fuzzy flag"
            self.warnings[key] = Problem(
                self.catalog_display,
                entry.line if entry else 1,
                1,
                what,
                severity="warning",
                kind=LOST_TRANSLATION if lost else TO_REVIEW if review else NEW_MESSAGE,
            )
        return None
