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

from ..files import FileError, read_input, write_file
from ..problems import Problem
from ..reader.source import CONTROL, control_character
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
    headers = _header_lines(data)
    if _charset_problem(headers, display, problems):
        return None
    line, plural = headers.get("plural-forms", (0, ""))
    if line and _plural_rule(plural, display, line, problems) is None:
        return None  # Babel would misread the plural translations
    try:
        po = read_po(io.BytesIO(data), locale=locale, abort_invalid=True, charset="utf-8")
    except PoFileError as error:
        message = str(error).rsplit(" on ", 1)[0]
        quoted = re.findall(r"'([^']+)'", message)  # Babel quotes the value it cannot read
        field = next((line for line, value in headers.values() if any(value.startswith(q) for q in quoted)), None)
        if field is not None:  # Babel reports a header field it cannot read after the whole header
            problems.append(Problem(display, field, 1, f"catalog header: {message}: fix that field"))
            return None
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
        problems.append(
            Problem(
                display, min((line for line, _ in headers.values()), default=1), 1, f"catalog header: {error}: fix it"
            )
        )
        return None
    before = len(problems)
    for entry in list(po) + list(po.obsolete.values()):
        _restore_previous(entry)
        for text in (entry.context or "", *_strings(entry.id), *_strings(entry.string)):
            if (code := control_character(text)) is not None:
                problems.append(
                    Problem(
                        display,
                        entry.lineno or 1,
                        1,
                        f"the control character U+{code:04X} in {_strings(entry.id)[0][:60]!r} "
                        "is not allowed in any text: remove it",
                    )
                )
                break
    return po if len(problems) == before else None


def _strings(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value) or ("",)


def _header_lines(data: bytes) -> dict[str, tuple[int, str]]:
    """Each field of the catalog's header (``plural-forms``, ``content-type``...) by lower-case
    name: the line it starts on and its value (a field may run on over several quoted lines)."""
    fields: dict[str, tuple[int, str]] = {}
    state = "before"
    text, starts = "", []  # the header's text so far, and where each of its lines starts in it
    for number, raw in enumerate(data.splitlines()[:400], 1):
        line = raw.decode("utf-8", "replace").strip().lstrip("\ufeff")
        if state == "before":
            if line.startswith('msgid ""'):
                state = "msgid"
            elif line and not line.startswith("#"):
                break
        elif line.startswith("msgstr"):
            state = "msgstr"
            starts.append((len(text), number))
            text += _unquote(line[6:])
        elif state == "msgstr" and line.startswith('"'):
            starts.append((len(text), number))
            text += _unquote(line)
        elif state == "msgstr" or (state == "msgid" and not line.startswith('"')):
            break
    offset = 0
    for entry in text.split("\n"):
        name, colon, value = entry.partition(":")
        if colon:
            begins = max((number for start, number in starts if start <= offset), default=1)
            fields.setdefault(name.strip().lower(), (begins, value.strip()))
        offset += len(entry) + 1
    return fields


def _charset_problem(headers: dict[str, tuple[int, str]], display: str, problems: list[Problem]) -> bool:
    """Every catalog is UTF-8 (its bytes were checked): a header saying otherwise would make
    Babel decode them in that charset."""
    line, value = headers.get("content-type", (0, ""))
    found = re.search(r"charset\s*=\s*([^\s;]+)", value, re.I)
    if found is None or found.group(1).lower().replace("_", "-") in ("utf-8", "utf8"):
        return False
    problems.append(
        Problem(
            display,
            line,
            1,
            f"the header says charset={found.group(1)}, but every catalog is UTF-8: save the file as UTF-8 "
            "and write charset=UTF-8",
        )
    )
    return True


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
    if not os.path.lexists(path):
        problems.append(Problem(display, 1, 1, f"no catalog for {locale}: run `python -m generator i18n update`"))
        return None
    try:
        data = read_input(path, display)
    except FileError as error:
        problems.append(Problem(display, 0, 0, error.message))
        return None
    digest = hashlib.sha256(data).hexdigest()
    cached = cache / f"{locale}.json" if cache is not None else None
    found = _read_cache(cached, digest) if cached is not None else None
    if found is not None:
        header, kept = found
        plural = _plural_rule(header, display, _header_lines(data).get("plural-forms", (1, ""))[0], problems)
        return Catalog(locale, display, kept, plural) if plural is not None else None
    po = parse_po(data, display, problems)
    if po is None:
        return None
    before = len(problems)
    header = dict(po.mime_headers).get("Plural-Forms", _DEFAULT_PLURAL)
    plural = _plural_rule(header, display, _header_lines(data).get("plural-forms", (1, ""))[0], problems)
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
        rows = [[context, msgid, entry.strings, entry.fuzzy, entry.line] for (context, msgid), entry in entries.items()]
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            write_file(cached, json.dumps([digest, header, rows], ensure_ascii=False).encode("utf-8"))
        except (OSError, FileError):
            pass  # a read-only project is only slower
    return Catalog(locale, display, entries, plural)


def _read_cache(cached: Path, digest: str) -> tuple[str, dict[Key, Entry]] | None:
    """The Plural-Forms header and entries kept for the catalog whose bytes hash to ``digest``;
    None unless the cache is there and reads back exactly in the shape written (anything else,
    damaged or of another version, is as if absent)."""
    try:
        stored = json.loads(read_input(cached).decode("utf-8"))
    except (FileError, ValueError):
        return None
    if not (isinstance(stored, list) and len(stored) == 3 and stored[0] == digest and isinstance(stored[1], str)):
        return None
    entries: dict[Key, Entry] = {}
    rows = stored[2]
    if not isinstance(rows, list):
        return None
    for row in rows:
        if not (
            isinstance(row, list)
            and len(row) == 5
            and (row[0] is None or isinstance(row[0], str))
            and isinstance(row[1], str)
            and isinstance(row[2], list)
            and all(isinstance(string, str) for string in row[2])
            and isinstance(row[3], bool)
            and type(row[4]) is int
            and (row[0], row[1]) not in entries
        ):
            return None
        entries[(row[0], row[1])] = Entry(tuple(row[2]), row[3], row[4])
    return stored[1], entries


_ESCAPE = re.compile(r"\\(.?)")
_KNOWN_ESCAPES = ("\\", '"', "n", "t", "r", "a", "b", "f", "v")
"""The escapes Babel decodes as msgfmt does (the control characters among them are refused later)."""
_LINE = re.compile(r'\s*(?:#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d{1,2}\])?)\s+".*"|".*"|)\s*\Z')


def _syntax_problems(data: bytes, display: str, problems: list[Problem]) -> bool:
    """Report what Babel would misread or merge silently: a line that is not gettext syntax (a
    msgstr without quotes), text that is not UTF-8, a control character, a duplicated entry."""
    before = len(problems)
    seen: dict[Key, int] = {}
    keyword, context, msgid, start = "", None, "", 0
    for number, raw in enumerate(data.splitlines(), 1):
        try:
            line = raw.decode("utf-8").lstrip("\ufeff")
        except UnicodeDecodeError as error:
            column = len(raw[: error.start].decode("utf-8", "replace")) + 1
            problems.append(Problem(display, number, column, "not UTF-8 text: save the catalog as UTF-8"))
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
            continue
        if bad := CONTROL.search(line):
            problems.append(
                Problem(
                    display,
                    number,
                    bad.start() + 1,
                    f"the control character U+{ord(bad.group()):04X} is not allowed in any text: remove it",
                )
            )
            continue
        escape = next(
            (found for found in _ESCAPE.finditer(line) if found.group(1) not in _KNOWN_ESCAPES),
            None,
        )
        if escape is not None and not line.lstrip().startswith("#"):
            problems.append(
                Problem(
                    display,
                    number,
                    escape.start() + 1,
                    f"the escape {escape.group()!r} is not one gettext and Babel read alike: write the character "
                    "itself (or \\\\ for a backslash)",
                )
            )
            continue
        word, _, rest = line.strip().partition(" ")
        if word in ("msgctxt", "msgid"):
            if word == "msgctxt" or keyword != "msgctxt":
                context, start = None, number
            keyword = word
            if word == "msgctxt":
                context = _unquote(rest)
            else:
                msgid = _unquote(rest)
        elif word.startswith('"') and keyword in ("msgctxt", "msgid"):
            if keyword == "msgctxt":
                context = (context or "") + _unquote(line)
            else:
                msgid += _unquote(line)
        elif word.startswith("msgstr") and keyword == "msgid":
            key = (context, msgid)
            if key in seen:
                problems.append(
                    Problem(
                        display,
                        start,
                        1,
                        f"duplicate entry {msgid[:60]!r}{f' (context {context!r})' if context else ''}, first at "
                        f"line {seen[key]}: msgfmt refuses it; keep one",
                    )
                )
            seen.setdefault(key, start)
            keyword = "msgstr"
        elif word.startswith("msgstr") or word == "msgid_plural":
            keyword = "msgstr" if word.startswith("msgstr") else keyword
    return len(problems) > before


PLURAL_SAMPLES = (*range(1000), *(10**k + d for k in range(4, 19) for d in (-1, 0, 1)))
"""Every count a page can show (and the large ones a rule may treat apart): each is evaluated."""


def _plural_rule(value: str, display: str, line: int, problems: list[Problem]) -> Callable[[int], int] | None:
    """The catalog's plural rule, evaluated for every count it can meet; None (a problem at the
    header's line) when it cannot be read or gives a form the catalog does not have."""
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d{1,2})\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", value)
    try:
        if match is None:
            raise ValueError("expected `nplurals=N; plural=EXPRESSION;` with N a number from 1 to 99")
        rule = stdlib_gettext.c2py(match.group(2))
        count = int(match.group(1))
        if count < 1:
            raise ValueError("nplurals is the number of plural forms: at least 1")
        for n in PLURAL_SAMPLES:
            try:
                form = rule(n)
            except ZeroDivisionError:
                raise ValueError(f"division by zero for n = {n}") from None
            if not 0 <= form < count:
                raise ValueError(f"the expression gives form {form} for n = {n}, outside 0..{count - 1}")
    except (ValueError, SyntaxError, RecursionError, ArithmeticError, TypeError) as error:
        problems.append(Problem(display, line, 1, f"bad Plural-Forms header {value!r}: {error}: fix it"))
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
