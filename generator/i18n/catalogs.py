"""Each locale's gettext catalog (``locales/LOCALE/LC_MESSAGES/messages.po``), read by
:mod:`.pofile`, and the translator that renders a locale from it.

A catalog's problems (syntax, plural header, a placeholder lost in a translation) are errors at
FILE:LINE. A message with no translation, or a fuzzy one, shows the English source and is a
warning naming the message (``build --strict`` makes warnings errors).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from .. import cache
from ..files import FileError, read_input
from ..inputs import Inputs
from ..invocation import command
from ..problems import Problem
from ..words.terms import Message
from .pofile import Key, header_lines_of, parse_po, plural_rule

_DEFAULT_PLURAL = "nplurals=2; plural=(n != 1);"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


LOCALES = "locales"
"""The folder of the catalogs, in the project."""


def catalog_path(locales: Path, locale: str) -> Path:
    """Where a locale's catalog is."""
    return locales / locale / "LC_MESSAGES" / "messages.po"


class Entry(NamedTuple):
    """A catalog's translation of one message: one string, or one per plural form (a tuple: small,
    and pickled at C speed into the cache and from the process that reads the catalogs)."""

    strings: tuple[str, ...]
    fuzzy: bool
    line: int


@dataclass
class Catalog:
    """A locale's translations by message, and its plural rule (from the Plural-Forms header)."""

    locale: str
    path: str
    entries: dict[Key, Entry]
    plural: Callable[[int], int]


def cache_path(cache: Path, locale: str) -> Path:
    """Where a locale's parsed catalog is kept in the build cache."""
    return cache / f"{locale}.pickle"


def read_catalog(
    path: Path, display: str, locale: str, problems: list[Problem], cache: Path | None = None
) -> Catalog | None:
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
    if cached is not None and (catalog := load_cached(cached, digest, locale, display)) is not None:
        return catalog
    return _parse_catalog(data, digest, display, locale, problems, cached)


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
) -> Catalog | None:
    """The catalog parsed from its bytes (and kept in the cache at ``cached`` when it is valid)."""
    po = parse_po(data, display, problems)
    if po is None:
        return None
    before = len(problems)
    header = dict(po.mime_headers).get("Plural-Forms", _DEFAULT_PLURAL)
    plural = plural_rule(header, display, header_lines_of(data).get("plural-forms", (1, ""))[0], problems)
    entries: dict[Key, Entry] = {}
    for message in po:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        strings = tuple(message.string) if isinstance(message.string, tuple | list) else (message.string or "",)
        key: Key = (message.context, sys.intern(ids[0]))  # one string for the five catalogs' same message
        line = message.lineno or 1
        if not all(strings):  # untranslated: kept for its line, which a warning cites
            entries[key] = Entry((), False, line)
            continue
        if not message.fuzzy:
            _check_placeholders(ids, strings, display, line, problems)
        entries[key] = Entry(tuple(strings), message.fuzzy, line)
    if plural is None or len(problems) > before:
        return None
    if cached is not None:  # a read-only project is only slower
        rows = [(context, msgid, entry.strings, entry.fuzzy, entry.line) for (context, msgid), entry in entries.items()]
        cache.store(cached, "catalog", digest, pickle.dumps((header, rows), protocol=pickle.HIGHEST_PROTOCOL))
    return Catalog(locale, display, entries, plural)


class Catalogs(Mapping[str, Catalog]):
    """A project's readable catalogs by locale. Each is checked by :meth:`read` and then kept in
    the cache, not in memory: it is read back when first looked up, and let go by :meth:`release`,
    so that a build's processes hold one locale's translations at a time rather than them all (a
    catalog the cache cannot keep, in a read-only project, is held from the start)."""

    def __init__(self, root: Path, cache: Path | None) -> None:
        self.root = root
        self.cache = cache
        self.digests: dict[str, str] = {}
        """Each readable catalog's digest, in the order read."""
        self.held: dict[str, Catalog] = {}

    def read(self, locale: str, problems: list[Problem], inputs: Inputs | None = None) -> None:
        """Check a locale's catalog: add its problems, or keep it as readable (its bytes noted in
        ``inputs``, if given)."""
        display = catalog_path(Path(LOCALES), locale).as_posix()
        data = _catalog_bytes(self.root / display, display, locale, problems)
        if data is None:
            return
        digest = hashlib.sha256(data).hexdigest()
        if inputs is not None:
            inputs.note(display, data)
        cached = cache_path(self.cache, locale) if self.cache is not None else None
        if cached is not None and is_cached(cached, digest):
            self.digests[locale] = digest  # valid when kept: read back when looked up
            return
        catalog = _parse_catalog(data, digest, display, locale, problems, cached)
        if catalog is not None:
            self.keep(locale, digest, None if cached is not None and is_cached(cached, digest) else catalog)

    def keep(self, locale: str, digest: str, catalog: Catalog | None) -> None:
        """Count a checked catalog as readable: held when given, else read from the cache when wanted."""
        self.digests[locale] = digest
        if catalog is not None:
            self.held[locale] = catalog

    def __getitem__(self, locale: str) -> Catalog:
        if locale in self.held:
            return self.held[locale]
        digest = self.digests[locale]  # KeyError: no readable catalog
        display = catalog_path(Path(LOCALES), locale).as_posix()
        cached = cache_path(self.cache, locale) if self.cache is not None else None
        catalog = load_cached(cached, digest, locale, display) if cached is not None else None
        if catalog is None:  # the cache was removed or damaged meanwhile: parse the catalog again (and
            # keep it in the cache again), if it is as checked
            data = _catalog_bytes(self.root / display, display, locale, [])
            if data is not None and hashlib.sha256(data).hexdigest() == digest:
                catalog = _parse_catalog(data, digest, display, locale, [], cached)
            if catalog is None:
                raise FileError(display, "changed while the site was built: build again")
        self.held[locale] = catalog
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


def is_cached(cached: Path, digest: str) -> bool:
    """Whether the cache file ``cached`` says it keeps the catalog whose bytes hash to ``digest``
    (its label only: :func:`load_cached` still checks the rest)."""
    return cache.has(cached, "catalog", digest)


def load_cached(cached: Path, digest: str, locale: str, display: str) -> Catalog | None:
    """The catalog whose bytes hash to ``digest``, read back from its cache file; None unless the
    cache is there and reads back in the shape written (anything else, damaged or of another
    version, is as if absent). Like the page cache, it is the project's own file, written by this
    code: it is trusted as far as its shape, not as input. Only valid catalogs are kept, so the
    plural rule of the header kept parses."""
    kept = cache.load(cached, "catalog", digest)
    if kept is None:
        return None
    try:
        header, rows = pickle.loads(kept[1])  # our own cache, its digest checked
        if not isinstance(header, str) or not isinstance(rows, list):
            return None
        entries = {
            (context, sys.intern(msgid)): Entry(strings, fuzzy, line) for context, msgid, strings, fuzzy, line in rows
        }
    except Exception:  # noqa: BLE001 (of another version of the code: as if absent)
        return None
    plural = plural_rule(header, display, 1, [])
    if len(entries) != len(rows) or plural is None:
        return None
    return Catalog(locale, display, entries, plural)


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
    catalog: Catalog | None
    catalog_display: str
    warnings: dict[Key, Problem] = field(default_factory=dict)
    misses: set[Key] = field(default_factory=set)

    def gettext(self, message: Message, origin: str | None = None) -> str:
        """The translation, or the English source (with a warning) when there is none."""
        entry = self._entry(message, origin)
        return entry.strings[0] if entry else message.msgid

    def ngettext(self, message: Message, n: int, origin: str | None = None) -> str:
        """The plural form for ``n``, or the English singular or plural (with a warning)."""
        entry = self._entry(message, origin)
        if entry is None or self.catalog is None:
            return message.msgid if n == 1 else (message.plural or message.msgid)
        return entry.strings[min(self.catalog.plural(n), len(entry.strings) - 1)]

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

    def _entry(self, message: Message, origin: str | None) -> Entry | None:
        key = (message.context, message.msgid)
        entry = self.catalog.entries.get(key) if self.catalog else None
        if entry is not None and entry.strings and not entry.fuzzy:
            return entry
        self.misses.add(key)
        if key not in self.warnings:
            shown = message.msgid if len(message.msgid) <= 60 else message.msgid[:57] + "..."
            what = (
                f"{self.locale}: {'fuzzy translation' if entry and entry.fuzzy else 'no translation'} of "
                f"{shown!r}{f' ({message.context})' if message.context else ''}"
                f"{f' (from {origin})' if origin else ''}: English shown"
            )
            if entry is None:
                what += (
                    f"; the message is not in the catalog: run `{command('i18n extract')}`, "
                    f"then `{command('i18n update')}`"
                )
            elif entry.fuzzy:
                what += "; review the translation and remove the fuzzy flag"
            self.warnings[key] = Problem(self.catalog_display, entry.line if entry else 1, 1, what, severity="warning")
        return None
