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

import hashlib
import os
import pickle
import re
import sys
from collections.abc import Callable, Container, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .. import cache
from ..files import FileError, read_input
from ..inputs import Inputs
from ..invocation import command
from ..keys import code_version
from ..problems import Problem
from ..words.terms import Message
from .entries import Entries, entry_key, read_entries, translated
from .pofile import Key, header_lines_of, parse_po, plural_rule

if TYPE_CHECKING:
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
    """Whether ``build --strict`` fails on a warning: every one but a new message shown in English."""
    return problem.kind != NEW_MESSAGE


def message_digest(context: str | None, msgid: str) -> str:
    """A message's short digest, as the record of translated messages lists it."""
    key = f"{context or ''}\x04{msgid}" if context is not None else msgid
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
    read: Mapping[Path, Entries] | None = None,
) -> dict[Path, bytes]:
    """The record of translated messages of each locale's catalog as ``catalogs`` will write it (or
    as it is, when it is not among them), for those whose record changes: to be written with them
    (``read``: the entries of catalogs the merge has read, which are not read again)."""
    digests, written = _template_messages(template, (read or {}).get(locales / TEMPLATE))
    records: dict[Path, bytes] = {}
    for code in codes:
        path = catalog_path(locales, code)
        display = catalog_path(Path(LOCALES), code).as_posix()
        data = catalogs.get(path)
        if data is None:
            data = read_input(path, display)  # FileError: as the merge, which read it already
        record = translated_record(data, display, digests, read_translated(path), written, (read or {}).get(path))
        target = path.parent / TRANSLATED_RECORD
        try:
            unchanged = read_input(target) == record
        except FileError:
            unchanged = False
        if not unchanged:
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
    from babel.messages.pofile import unescape

    entries = entries or _entries_of(template)
    if entries is not None:
        by_lines = {entry.key: message_digest(*entry_key(entry, unescape)) for entry in entries.active}
        return set(by_lines.values()), by_lines
    read = parse_po(template, f"{LOCALES}/{TEMPLATE}", [])
    return {message_digest(*_key_of(message)) for message in (read if read is not None else ()) if message.id}, {}


def _translated(data: bytes, display: str, written: Mapping[str, str], entries: Entries | None = None) -> set[str]:
    """The digests of the messages a catalog translates (not fuzzy, every string not empty): read
    entry by entry when the file has the writer's layout (five times faster than
    :func:`~.pofile.parse_po`, which reads any other); none when it cannot be read."""
    from babel.messages.pofile import unescape

    entries = entries or _entries_of(data)
    header = parse_po(entries.header.encode("utf-8"), display, []) if entries is not None else None
    if entries is not None and header is not None:
        found = [(entry, translated(entry, header.num_plurals)) for entry in entries.active]
        if all(done is not None for _, done in found):
            return {
                written.get(entry.key) or message_digest(*entry_key(entry, unescape)) for entry, done in found if done
            }
    read = parse_po(data, display, [])
    return {
        message_digest(*_key_of(message))
        for message in (read if read is not None else ())
        if message.id
        and not message.fuzzy
        and all(message.string if isinstance(message.string, tuple | list) else (message.string,))
    }


def _entries_of(data: bytes) -> Entries | None:
    try:
        return read_entries(data.decode("utf-8"))
    except UnicodeDecodeError:
        return None


def _key_of(message: PoMessage) -> Key:
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


@dataclass
class LocaleCatalog:
    """A locale's translations by message, and its plural rule (from the Plural-Forms header)."""

    locale: str
    path: str
    entries: dict[Key, Translation]
    plural: Callable[[int], int]
    translated: Container[str] | None = None
    """The record of the messages it translated (:func:`read_translated`), when there is one."""


def cache_path(cache: Path, locale: str) -> Path:
    """Where a locale's parsed catalog is kept in the build cache."""
    return cache / f"{locale}.pickle"


def read_catalog(
    path: Path, display: str, locale: str, problems: list[Problem], cache: Path | None = None
) -> LocaleCatalog | None:
    """Read a ``.po`` file at once (:class:`Catalogs` checks one and reads it back when it is
    used); None (with problems added) when it cannot be used.

    A valid catalog is also kept in ``cache``, in its locale's file, with the hash of its bytes
    (what ``msgfmt`` does with ``.mo`` files, for the same reason: parsing ``.po`` is slow). A
    catalog that differs from its cached copy is parsed again.
    """
    data = _catalog_bytes(path, display, locale, problems)
    if data is None:
        return None
    digest = hashlib.sha256(data).hexdigest()
    cached = cache_path(cache, locale) if cache is not None else None
    catalog = load_cached(cached, digest, locale, display) if cached is not None else None
    if catalog is None:
        catalog = _parse_catalog(data, digest, display, locale, problems, cached)
    if catalog is not None:
        catalog.translated = read_translated(path)
    return catalog


def _catalog_bytes(path: Path, display: str, locale: str, problems: list[Problem]) -> bytes | None:
    if not os.path.lexists(path):
        problems.append(Problem(display, 1, 1, f"no catalog for {locale}: run `{command('i18n update')}`"))
        return None
    try:
        return read_input(path, display)
    except FileError as error:
        problems.append(Problem(display, 0, 0, error.message))
        return None


def _parse_catalog(
    data: bytes, digest: str, display: str, locale: str, problems: list[Problem], cached: Path | None
) -> LocaleCatalog | None:
    """The catalog parsed from its bytes (and kept in the cache at ``cached`` when it is valid), by
    :func:`~.pofile.parse_po`."""
    po = parse_po(data, display, problems)
    if po is None:
        return None
    before = len(problems)
    header = dict(po.mime_headers).get("Plural-Forms", _DEFAULT_PLURAL)
    plural = plural_rule(header, display, header_lines_of(data).get("plural-forms", (1, ""))[0], problems)
    entries: dict[Key, Translation] = {}
    for message in po:
        if not message.id:
            continue  # the header
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        strings = tuple(message.string) if isinstance(message.string, tuple | list) else (message.string or "",)
        key: Key = (message.context, sys.intern(ids[0]))  # one string for the five catalogs' same message
        line = message.lineno or 1
        if not all(strings):  # untranslated: kept for its line, which a warning cites
            entries[key] = Translation((), False, line)
            continue
        if not message.fuzzy:
            _check_placeholders(ids, strings, display, line, problems)
        review = message.fuzzy and not message.previous_id and ANSWER_CHANGED in message.user_comments
        entries[key] = Translation(tuple(strings), message.fuzzy, line, review)
    if plural is None or len(problems) > before:
        return None
    if cached is not None:  # a read-only project is only slower
        kept = pickle.dumps((header, entries), protocol=pickle.HIGHEST_PROTOCOL)
        cache.store(cached, "catalog", _kept_as(digest), kept)
    return LocaleCatalog(locale, display, entries, plural)


class Catalogs(Mapping[str, LocaleCatalog]):
    """A project's readable catalogs by locale. Each is checked by :meth:`read` and then kept in
    the cache, not in memory: it is read back when first looked up, and let go by :meth:`release`,
    so that a build's processes hold one locale's translations at a time rather than them all (a
    catalog the cache cannot keep, in a read-only project, is held from the start)."""

    def __init__(self, root: Path, cache: Path | None) -> None:
        self.root = root
        self.cache = cache
        self.digests: dict[str, str] = {}
        """Each readable catalog's digest, in the order read."""
        self.held: dict[str, LocaleCatalog] = {}
        self.translated: dict[str, TranslatedRecord | None] = {}
        """Each readable catalog's record of translated messages, read with it (once)."""

    def read(self, locale: str, problems: list[Problem], inputs: Inputs | None = None) -> None:
        """Check a locale's catalog: add its problems, or keep it as readable (its bytes noted in
        ``inputs``, if given)."""
        found = self.found(locale, problems, inputs)
        if found is not None:
            self.check(locale, *found, problems)

    def found(self, locale: str, problems: list[Problem], inputs: Inputs | None = None) -> tuple[bytes, str] | None:
        """Read a locale's catalog and its record of translated messages (their bytes noted in
        ``inputs``, if given): the catalog's bytes and their digest when they are still to be checked
        (:meth:`check`); None when the cache keeps them checked (the catalog is then readable) or
        they cannot be read (its problems added)."""
        display = catalog_path(Path(LOCALES), locale).as_posix()
        data = _catalog_bytes(self.root / display, display, locale, problems)
        if data is None:
            return None
        record = (self.root / display).parent / TRANSLATED_RECORD
        self.translated[locale] = None
        if os.path.lexists(record):
            try:
                kept = read_input(record)
                self.translated[locale] = TranslatedRecord(kept) if kept.isascii() else None  # else not a record
                if inputs is not None:
                    inputs.note(f"{Path(display).parent.as_posix()}/{TRANSLATED_RECORD}", kept)
            except FileError:
                pass  # as if there were none: each missing translation counts as lost
        if inputs is not None:
            inputs.note(display, data)
        digest = hashlib.sha256(data).hexdigest()
        if self.cache is not None and is_cached(cache_path(self.cache, locale), digest):
            self.digests[locale] = digest  # valid when kept: read back when looked up
            return None
        return data, digest

    def check(self, locale: str, data: bytes, digest: str, problems: list[Problem]) -> None:
        """Check the bytes of a locale's catalog, and their digest (from :meth:`found`): add their
        problems, or keep the catalog as readable (in the cache, and held only when the cache
        cannot keep it)."""
        display = catalog_path(Path(LOCALES), locale).as_posix()
        cached = cache_path(self.cache, locale) if self.cache is not None else None
        catalog = _parse_catalog(data, digest, display, locale, problems, cached)
        if catalog is not None:
            catalog.translated = self.translated.get(locale)
            self.keep(locale, digest, None if cached is not None and is_cached(cached, digest) else catalog)

    def keep(self, locale: str, digest: str, catalog: LocaleCatalog | None) -> None:
        """Count a checked catalog as readable: held when given, else read from the cache when wanted."""
        self.digests[locale] = digest
        if catalog is not None:
            self.held[locale] = catalog

    def __getitem__(self, locale: str) -> LocaleCatalog:
        if locale in self.held:
            return self.held[locale]
        digest = self.digests[locale]  # KeyError: no readable catalog
        display = catalog_path(Path(LOCALES), locale).as_posix()
        cached = cache_path(self.cache, locale) if self.cache is not None else None
        between = _BETWEEN_BUILDS.get(cached) if cache.holding() and cached is not None else None
        catalog = between[1] if between is not None and between[0] == _kept_as(digest) else None
        if catalog is None and cached is not None:
            catalog = load_cached(cached, digest, locale, display)
        if catalog is None:  # the cache was removed or damaged meanwhile: parse the catalog again (and
            # keep it in the cache again), if it is as checked
            data = _catalog_bytes(self.root / display, display, locale, [])
            if data is not None and hashlib.sha256(data).hexdigest() == digest:
                catalog = _parse_catalog(data, digest, display, locale, [], cached)
            if catalog is None:
                raise FileError(display, "changed while the site was built: build again")
        catalog.translated = self.translated.get(locale)
        self.held[locale] = catalog
        if cache.holding() and cached is not None:
            _BETWEEN_BUILDS[cached] = (_kept_as(digest), catalog)
        return catalog

    def release(self, locale: str) -> None:
        """Let go of a locale's catalog until it is looked up again, if the cache keeps it."""
        if (
            self.cache is not None
            and locale in self.held
            and is_cached(cache_path(self.cache, locale), self.digests[locale])
        ):
            del self.held[locale]

    def __contains__(self, locale: object) -> bool:
        return locale in self.digests  # without reading it back, as Mapping's would

    def __iter__(self) -> Iterator[str]:
        return iter(self.digests)

    def __len__(self) -> int:
        return len(self.digests)


_BETWEEN_BUILDS: dict[Path, tuple[str, LocaleCatalog]] = {}
"""The catalogs a process that builds again holds between its builds (see
:func:`generator.cache.hold_between_builds`): each cache file's last catalog read back, with the
key it was kept under, for as long as its bytes and the code are the same (``serve`` then no longer
unpickles and checks the five catalogs on each save: 0.07 s of a rebuild at 200 pages per locale).
A build of its own lets each go once its locale is rendered, and keeps its memory for one at a time."""


def _kept_as(digest: str) -> str:
    """A parsed catalog's key in the cache: its bytes' digest and the code that parsed them."""
    return f"{code_version()[:32]}-{digest}"


def is_cached(cached: Path, digest: str) -> bool:
    """Whether the cache file ``cached`` says it keeps the catalog whose bytes hash to ``digest``
    (its label only: :func:`load_cached` still checks the rest)."""
    return cache.has(cached, "catalog", _kept_as(digest))


def load_cached(cached: Path, digest: str, locale: str, display: str) -> LocaleCatalog | None:
    """The catalog whose bytes hash to ``digest``, read back from its cache file; None unless the
    cache is there and reads back in the shape written (anything else, damaged or of another
    version, is as if absent). Like the page cache, it is the project's own file, written by this
    code: it is trusted as far as its shape, not as input. Only valid catalogs are kept, so the
    plural rule of the header kept parses."""
    kept = cache.load(cached, "catalog", _kept_as(digest))
    if kept is None:
        return None
    try:
        header, entries = pickle.loads(kept[1])  # our own cache, its digest checked
    except Exception:  # noqa: BLE001 (of another version of the code: as if absent)
        return None
    if not isinstance(header, str) or not isinstance(entries, dict) or not all(map(_is_entry, entries.items())):
        return None
    plural = plural_rule(header, display, 1, [])
    if plural is None:
        return None
    return LocaleCatalog(locale, display, entries, plural)


def _is_entry(item: tuple[object, object]) -> bool:
    """Whether a kept catalog's entry is a message's key and its :class:`Translation`, field by field."""
    key, entry = item
    return (
        type(key) is tuple
        and len(key) == 2
        and (key[0] is None or type(key[0]) is str)
        and type(key[1]) is str
        and type(entry) is Translation
        and type(entry.strings) is tuple
        and all(type(string) is str for string in entry.strings)
        and type(entry.fuzzy) is bool
        and type(entry.line) is int
        and type(entry.review) is bool
    )


def _check_placeholders(
    ids: tuple[str, ...], strings: tuple[str, ...], display: str, line: int, problems: list[Problem]
) -> None:
    """Every ``%(name)s`` of the source must be in each translation, no other (compared first, so
    that an added one is named, not reported as a KeyError), and each translation must format
    (a lone ``%`` must be written ``%%``)."""
    wanted = set(PLACEHOLDER.findall(ids[-1]))
    for string in strings:
        if wanted and (stray := re.search(r"%(?!\(\w+\)[sd]|%)", string)):
            problems.append(
                Problem(
                    display,
                    line,
                    1,
                    f"translation of {ids[0]!r}: "
                    f"{string[stray.start() : stray.start() + 3]!r} is not a "
                    "placeholder: write %% for a percent sign, and placeholders "
                    "as %(name)s",
                )
            )
            return
        found = set(PLACEHOLDER.findall(string))
        # A plural form may leave out the number itself ("один" for 1 in some languages).
        missing = wanted - found - ({"num"} if len(ids) > 1 else set())
        extra = found - wanted
        if missing or extra:
            what = "; ".join(
                filter(
                    None,
                    (
                        f"missing {', '.join(f'%({n})s' for n in sorted(missing))}" if missing else "",
                        f"unknown {', '.join(f'%({n})s' for n in sorted(extra))}" if extra else "",
                    ),
                )
            )
            problems.append(
                Problem(
                    display, line, 1, f"translation of {ids[0]!r}: {what}: keep the placeholders of the source text"
                )
            )
            return
        if wanted:
            try:
                string % {name: 1 if name == "num" else "x" for name in wanted}
            except (ValueError, TypeError, KeyError) as error:
                problems.append(
                    Problem(
                        display,
                        line,
                        1,
                        f"translation of {ids[0]!r}: {error}: write %% for a "
                        "percent sign, and placeholders as %(name)s",
                    )
                )
                return


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

    def ngettext(self, message: Message, n: int, origin: str | None = None) -> str:
        """The plural form for ``n``, or the English singular or plural (with a warning)."""
        return self.translate_plural(message, n, origin)[0]

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

    def is_lost(self, message: Message) -> bool:
        """Whether a message shown in English had a translation at the last ``i18n update`` (or,
        without a record, whether it is simply untranslated: a catalog as checked before records)."""
        entry = self.catalog.entries.get((message.context, message.msgid)) if self.catalog else None
        if entry is not None and entry.fuzzy:
            return False  # changed, or a translator asks for a review: new
        recorded = self.catalog.translated if self.catalog else None
        if recorded is None:
            return True
        return message_digest(message.context, message.msgid) in recorded

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
            lost = self.is_lost(message)
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
