"""Each locale's gettext catalog (``locales/LOCALE/LC_MESSAGES/messages.po``), read with Babel,
and the translator that renders a locale from it.

A catalog's problems (syntax, plural header, a placeholder lost in a translation) are errors at
FILE:LINE. A message with no translation, or a fuzzy one, shows the English source and is a
warning naming the message (``build --strict`` makes warnings errors).
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
import hashlib
import io
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..problems import Problem
from .terms import Message

_DEFAULT_PLURAL = "nplurals=2; plural=(n != 1);"
if TYPE_CHECKING:  # Babel's catalog module is imported only when a .po file is parsed
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.catalog import Message as Message_

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
Key = tuple[str | None, str]
"""A message's identity: its context and its (singular) source text."""


LOCALES = "locales"
"""The folder of the catalogs, in the project."""


def catalog_path(locales: Path, locale: str) -> Path:
    """Where a locale's catalog is."""
    return locales / locale / "LC_MESSAGES" / "messages.po"


@dataclass(frozen=True)
class Entry:
    """A catalog's translation of one message: one string, or one per plural form."""

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


def parse_po(data: bytes, display: str, problems: list[Problem], locale: str | None = None) -> BabelCatalog | None:
    """A ``.po`` or ``.pot`` file read by Babel, after the checks Babel's reader skips (each line's
    syntax, UTF-8), with the previous source texts (``#| msgid``) restored, which Babel's reader
    leaves as comments (and its writer would then turn into ``# |``). None, with problems, when
    the file cannot be used: every command refuses to write over a catalog it cannot read."""
    from babel.messages.pofile import PoFileError, read_po  # not needed when the build's cache answers

    if _syntax_problems(data, display, problems):
        return None
    try:
        po = read_po(io.BytesIO(data), locale=locale, abort_invalid=True)
    except PoFileError as error:
        message = str(error).rsplit(" on ", 1)[0]
        problems.append(
            Problem(
                display,
                error.lineno + 1,
                1,  # Babel counts this line from 0
                f"catalog syntax: {message} ({error.line.strip()[:60]!r})",
            )
        )
        return None
    except (ValueError, LookupError, UnicodeDecodeError) as error:
        problems.append(Problem(display, 1, 1, f"catalog cannot be read: {error}: fix its header"))
        return None
    for entry in list(po) + list(po.obsolete.values()):
        _restore_previous(entry)
    return po


def _restore_previous(message: Message_) -> None:
    """Move ``#| msgctxt/msgid/msgid_plural`` comment lines back into the message's previous id."""
    previous: list[str] = []
    kept = []
    for comment in message.user_comments:
        if not comment.startswith("| "):
            kept.append(comment)
            continue
        keyword, _, rest = comment[2:].partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            previous.append(_unquote(rest))
        elif keyword.startswith('"') and previous:
            previous[-1] += _unquote(comment[2:])
        elif keyword != "msgctxt":
            kept.append(comment)
    if previous:
        message.previous_id = previous
        message.user_comments = kept


def _unquote(text: str) -> str:
    from babel.messages.pofile import unescape

    return unescape(text.strip())


def po_bytes(catalog: BabelCatalog) -> bytes:
    """A catalog as the project writes every ``.po`` and ``.pot``: 100 columns, previous msgids kept
    as ``#| msgid`` lines that gettext tools read back (Babel's own writer wraps a long previous
    msgid into a comment that no tool can parse)."""
    from babel.messages import pofile

    if not hasattr(pofile.normalize, "cache_info"):
        # The same msgids and comments are written into every locale's catalog: format each once.
        # (A pure function of its arguments, so the output is Babel's, byte for byte.)
        pofile.normalize = functools.lru_cache(maxsize=1 << 16)(pofile.normalize)
    normalize = pofile.normalize
    messages = iter(list(catalog))  # the header first, then the messages, in the order written
    chunks: list[str] = []
    after_context = False
    for chunk in pofile.generate_po(catalog, width=100):
        if chunk.startswith("msgctxt ") or (chunk.startswith("msgid ") and not after_context):
            message = next(messages, None)
            for keyword, text in zip(("msgid", "msgid_plural"), (message.previous_id if message else []), strict=False):
                chunks.append(f"#| {keyword} {normalize(text, prefix='#| ', width=100)}\n")
        after_context = chunk.startswith("msgctxt ")
        chunks.append(chunk)
    return "".join(chunks).encode(catalog.charset, "backslashreplace")


def read_catalog(
    path: Path, display: str, locale: str, problems: list[Problem], cache: Path | None = None
) -> Catalog | None:
    """Read a ``.po`` file; None (with problems added) when it cannot be used.

    A valid catalog is also kept in ``cache`` as JSON named by the hash of its bytes (what
    ``msgfmt`` does with ``.mo`` files, for the same reason: parsing ``.po`` is slow).
    A catalog that differs from its cached copy is parsed again.
    """
    if not path.is_file():
        problems.append(Problem(display, 1, 1, f"no catalog for {locale}: run `python -m generator i18n update`"))
        return None
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    cached = cache / f"{locale}.json" if cache is not None else None
    try:
        stored, header, rows = json.loads(cached.read_text(encoding="utf-8")) if cached else (None, None, None)
    except (OSError, ValueError, TypeError):
        stored = None  # no cache, or a damaged one: parse the catalog
    if stored == digest and header is not None and rows is not None:
        plural = _plural_rule([("Plural-Forms", header)], display, problems)
        if plural is not None:
            return Catalog(
                locale,
                display,
                {(context, msgid): Entry(tuple(strings), fuzzy, line) for context, msgid, strings, fuzzy, line in rows},
                plural,
            )
    po = parse_po(data, display, problems)
    if po is None:
        return None
    before = len(problems)
    plural = _plural_rule(po.mime_headers, display, problems)
    entries: dict[Key, Entry] = {}
    for message in po:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        strings = tuple(message.string) if isinstance(message.string, tuple | list) else (message.string or "",)
        key: Key = (message.context, ids[0])
        line = message.lineno or 1
        if not all(strings):  # untranslated: kept for its line, which a warning cites
            entries[key] = Entry((), False, line)
            continue
        if not message.fuzzy:
            _check_placeholders(ids, strings, display, line, problems)
        entries[key] = Entry(tuple(strings), message.fuzzy, line)
    if plural is None or len(problems) > before:
        return None
    if cached is not None:
        header = dict(po.mime_headers).get("Plural-Forms", _DEFAULT_PLURAL)
        rows = [[context, msgid, entry.strings, entry.fuzzy, entry.line] for (context, msgid), entry in entries.items()]
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            temporary = cached.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps([digest, header, rows], ensure_ascii=False), encoding="utf-8")
            temporary.replace(cached)
        except OSError:
            pass  # a read-only project is only slower
    return Catalog(locale, display, entries, plural)


_LINE = re.compile(r'\s*(?:#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+".*"|".*"|)\s*\Z')


def _syntax_problems(data: bytes, display: str, problems: list[Problem]) -> bool:
    """Report lines Babel would misread (a msgstr without quotes, text that is not UTF-8)."""
    before = len(problems)
    for number, raw in enumerate(data.splitlines(), 1):
        try:
            line = raw.decode("utf-8").lstrip("\ufeff")
        except UnicodeDecodeError as error:
            problems.append(Problem(display, number, error.start + 1, "not UTF-8 text: save the catalog as UTF-8"))
            continue
        if not _LINE.match(line):
            problems.append(
                Problem(
                    display,
                    number,
                    1,
                    f"catalog syntax: {line.strip()[:60]!r} is not a "
                    'comment, `keyword "text"` or a `"text"` continuation',
                )
            )
    return len(problems) > before


def _plural_rule(headers: list[tuple[str, str]], display: str, problems: list[Problem]) -> Callable[[int], int] | None:
    value = dict(headers).get("Plural-Forms", _DEFAULT_PLURAL)
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", value)
    try:
        if match is None:
            raise ValueError("expected `nplurals=N; plural=EXPRESSION;`")
        rule = stdlib_gettext.c2py(match.group(2))
        count = int(match.group(1))
        if any(not 0 <= rule(n) < count for n in range(200)):
            raise ValueError(f"the expression gives a form outside 0..{count - 1}")
    except (ValueError, SyntaxError, RecursionError) as error:
        problems.append(Problem(display, 1, 1, f"bad Plural-Forms header {value!r}: {error}"))
        return None
    return rule


def _check_placeholders(
    ids: tuple[str, ...], strings: tuple[str, ...], display: str, line: int, problems: list[Problem]
) -> None:
    """Every ``%(name)s`` of the source must be in each translation, no other, and each
    translation must format (a lone ``%`` must be written ``%%``)."""
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


@dataclass
class Translator:
    """Translates messages for one locale, and records those it had to show in English."""

    locale: str
    catalog: Catalog | None
    catalog_display: str
    warnings: dict[Key, Problem] = field(default_factory=dict)

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

    def _entry(self, message: Message, origin: str | None) -> Entry | None:
        key = (message.context, message.msgid)
        entry = self.catalog.entries.get(key) if self.catalog else None
        if entry is not None and entry.strings and not entry.fuzzy:
            return entry
        if key not in self.warnings:
            shown = message.msgid if len(message.msgid) <= 60 else message.msgid[:57] + "..."
            what = (
                f"{self.locale}: {'fuzzy translation' if entry and entry.fuzzy else 'no translation'} of "
                f"{shown!r}{f' ({message.context})' if message.context else ''}"
                f"{f' (from {origin})' if origin else ''}: English shown"
            )
            if entry is None:
                what += "; the message is not in the catalog: run `python -m generator i18n update`"
            elif entry.fuzzy:
                what += "; review the translation and remove the fuzzy flag"
            self.warnings[key] = Problem(self.catalog_display, entry.line if entry else 1, 1, what, severity="warning")
        return None
