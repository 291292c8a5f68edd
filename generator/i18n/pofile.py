"""The gettext ``.po``/``.pot`` format: read into Babel's ``Catalog`` and written back, in one pass each.

The reader (:func:`read_po_file`: every command and the build parse catalogs through it;
:mod:`.entries` only cuts a catalog of the writer's layout into its entries' text for the merge)
reads what Babel's ``read_po`` reads, and :func:`parse_po` makes Babel's catalog of it, with the
previous source texts (``#| msgid``, and ``#~|`` of an obsolete entry) restored; the build takes
its translations from the entries as read (:class:`PoEntry`), without Babel's messages. It reads
what GNU gettext reads and Babel's reader does not (msgmerge's previous msgid of an obsolete
entry, msgcat's ``#-#-#-#-#`` marker as a comment, a header date or Language no tool can parse),
and in the same pass checks what Babel's reader skips (each line's syntax, UTF-8, control
characters, escapes, duplicates, the charset and Plural-Forms headers, a header field given
twice): every problem at FILE:LINE:COL, in the project's words. The writer gives GNU gettext's
layout (``msgcat``'s bytes), so that translators' tools and ``i18n update`` agree line for line.
Babel's own reader and writer were most of ``i18n update`` and of a build's catalog reading on
large sites (per-line objects, every comment through ``textwrap``), and Babel's writer wraps as
no translator's tool does."""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
import os
import re
import unicodedata
import weakref
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING, NamedTuple

from ..problems import Problem
from ..reader.source import CONTROL, control_character

if TYPE_CHECKING:  # Babel is imported only when a .po file is parsed or written
    from babel.messages.catalog import Catalog as PoCatalog
    from babel.messages.catalog import Message as PoMessage

Key = tuple[str | None, str]
"""A message's identity: its context and its (singular) source text."""

WIDTH = 79
"""The column the catalogs are wrapped at: GNU gettext's (msgcat, msgmerge, Poedit)."""

_BABEL_STRIP = " \t\n\r\x0b\x0c"
"""What Babel's reader strips from each line (``bytes.strip``)."""
_ESCAPE = re.compile(r"\\(.?)")
_KNOWN_ESCAPES = ("\\", '"', "n", "t", "r", "a", "b", "f", "v")
"""The escapes Babel decodes as msgfmt does (the control characters among them are refused later)."""
_GOOD_LINE = r'[^\S\n]*(?:#|(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d{1,2}\])?)[^\S\n]+".*"|".*"|)[^\S\n]*$)'
"""A line of gettext syntax, from its start: a comment, ``keyword "text"`` or a ``"text"`` continuation."""
_LINE = re.compile(_GOOD_LINE)
_BAD_LINE = re.compile(rf"\n(?!{_GOOD_LINE})", re.M)
"""The end of a line before one that ``_LINE`` refuses, in a whole file (searched for from its line
ends, the search is three times as fast as from each line's start); the first line: :data:`_BAD_START`."""
_BAD_START = re.compile(rf"(?!{_GOOD_LINE})", re.M)
"""A file whose first line ``_LINE`` refuses (matched at its start)."""
_MAYBE_BAD_ESCAPE = re.compile(r'\\(?![\\"ntrabfv])')
"""A backslash that may start an escape outside ``_KNOWN_ESCAPES``, in a whole file."""
_CONTROL_ESCAPE = re.compile(rb"\\[abfv]")
"""An escape that Babel decodes to a control character (which a line's check cannot see)."""
_COMMENT_SEP = re.compile(r"( +)")
"""Where Babel's ``TextWrapper`` breaks a comment of plain words and spaces."""
_NOT_PLAIN = re.compile("[^\\S ]|--|\u2068")
"""What makes ``textwrap`` wrap a comment otherwise than at its spaces: other whitespace, a dash
it may break at, a file name enclosed with its spaces."""


class PoEntry(NamedTuple):
    """One entry of a catalog as read: what Babel's ``Message`` is made of, without making one
    (the build takes its translations from these: making the messages was a fifth of a read)."""

    id: str | tuple[str, ...]
    string: str | tuple[str, ...]
    locations: list[tuple[str, int | None]]
    flags: list[str]
    auto_comments: list[str]
    user_comments: list[str]
    """As written, the ``#| msgid`` lines among them (:attr:`has_previous`)."""
    lineno: int
    context: str | None

    @property
    def fuzzy(self) -> bool:
        """Whether it is flagged fuzzy."""
        return "fuzzy" in self.flags

    @property
    def has_previous(self) -> bool:
        """Whether it has previous source texts (``#| msgid``, Babel's ``previous_id``)."""
        return bool(_split_previous(self.user_comments)[0])

    def message(self) -> PoMessage:
        """Babel's ``Message`` of it, as Babel's reader makes it (the previous source texts among
        the comments)."""
        from babel.messages.catalog import Message as PoMessage

        return PoMessage(
            self.id,
            self.string,
            self.locations,  # type: ignore[arg-type]  # a location may have no line
            self.flags,
            self.auto_comments,
            self.user_comments,
            lineno=self.lineno,
            context=self.context,
        )


ObsoleteKey = str | tuple[str, str]
"""An obsolete entry's key in Babel's catalog: its singular source text, with its context if it has one."""


class PoFile(NamedTuple):
    """A catalog file as read (:func:`read_po_file`): Babel's catalog of its header alone, and its
    other entries as read, active (in order) and obsolete (by the key Babel's catalog gives them)."""

    header: PoCatalog
    active: list[PoEntry]
    obsolete: dict[ObsoleteKey, PoEntry]


def read_po_file(data: bytes, display: str, problems: list[Problem], locale: str | None = None) -> PoFile | None:
    """A ``.po`` or ``.pot`` file read as :func:`parse_po` reads it, its entries not yet made
    Babel's messages; None, with problems, when the file cannot be used."""
    from babel.messages.catalog import Catalog as PoCatalog

    before = len(problems)
    lines, suspect = _decoded_lines(data, display, problems)
    if lines[0] is not None and lines[0].startswith("\ufeff"):
        problems.append(
            Problem(
                display,
                1,
                1,
                "a byte-order mark (U+FEFF) starts the catalog, which gettext's tools refuse (msgfmt: syntax error): "
                "save it as UTF-8 without one",
            )
        )
        lines[0] = lines[0][1:]
    catalog = PoCatalog(locale=locale, charset="utf-8")
    reader = _Reader(catalog, display)
    reader.read(lines, functools.partial(_line_is_valid, display=display, problems=problems) if suspect else None)
    problems += reader.duplicates
    fields = header_fields(lines)
    problems += _repeated_fields(fields, display)
    if len(problems) > before:
        return None
    headers = {name: (line, value) for name, _, line, value in reversed(fields)}  # the first of each
    if _charset_problem(headers, display, problems):
        return None
    plural_line, plural = headers.get("plural-forms", (0, ""))
    if plural_line and plural_rule(plural, display, plural_line, problems) is None:
        return None  # Babel would misread the plural translations
    if reader.error is not None:
        problems.append(reader.error)
        return None
    _keep_header(catalog, reader.header)
    read = PoFile(catalog, reader.active, reader.obsolete_entries)
    if b"&#" not in data and _CONTROL_ESCAPE.search(data) is None:
        return read  # the lines' own control characters were refused
    for entry in [*catalog, *read.active, *read.obsolete.values()]:  # the header (Babel's), then the others
        texts = (entry.context or "", *_strings(entry.id), *_strings(entry.string))
        if (code := control_character("\n".join(texts))) is not None:
            problems.append(
                Problem(
                    display,
                    entry.lineno or 1,
                    1,
                    f"the control character U+{code:04X} in {_strings(entry.id)[0][:60]!r} "
                    "is not allowed in any text: remove it",
                )
            )
    return read if len(problems) == before else None


def parse_po(data: bytes, display: str, problems: list[Problem], locale: str | None = None) -> PoCatalog | None:
    """A ``.po`` or ``.pot`` file read as Babel reads it, after the checks Babel's reader skips; None,
    with problems, when the file cannot be used: every command refuses to write over a catalog it
    cannot read."""
    read = read_po_file(data, display, problems, locale)
    if read is None:
        return None
    catalog = read.header
    for entry in read.active:
        catalog[entry.id] = _restore_previous(entry.message())
    for key, entry in read.obsolete.items():
        catalog.obsolete[key] = _restore_previous(entry.message())
    return catalog


def _decoded_lines(data: bytes, display: str, problems: list[Problem]) -> tuple[list[str | None], bool]:
    """The file's lines as Babel counts them (ended by LF, a CRLF's CR dropped), None for a line
    that is not UTF-8 (a problem at its first bad character); and whether a line may be one to
    refuse (else none is: each is looked at only then)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        decoded: list[str | None] = []
        for number, raw in enumerate(data.split(b"\n"), 1):
            try:
                decoded.append(raw.decode("utf-8").removesuffix("\r"))
            except UnicodeDecodeError as error:
                column = len(raw[: error.start].decode("utf-8", "replace")) + 1
                problems.append(Problem(display, number, column, "not UTF-8 text: save the catalog as UTF-8"))
                decoded.append(None)
        return decoded, True
    suspect = may_be_invalid(text)
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        suspect = suspect or "\r" in text
    return list(text.split("\n")), suspect


def may_be_invalid(text: str) -> bool:
    """Whether a line of a catalog's text may be one the reader refuses (a syntax error, a control
    character, an escape gettext and Babel read apart): one search of the whole text, so that a
    catalog with none is read without looking at each line."""
    return _BAD_START.match(text) is not None or any(
        pattern.search(text) for pattern in (_BAD_LINE, CONTROL, _MAYBE_BAD_ESCAPE)
    )


_ENCLOSURES = {0x2068: " ", 0x2069: " "}
"""What gettext encloses a file name with spaces in, in a ``#:`` line (checked by :func:`isolated_locations`)."""


def _line_is_valid(line: str, number: int, display: str, problems: list[Problem]) -> bool:
    """Whether a line is gettext syntax that Babel reads as msgfmt does (else a problem): a
    comment, ``keyword "text"`` or a ``"text"`` continuation, with no control character, lone
    carriage return or escape that the two read differently."""
    line = line.lstrip("\ufeff")
    comment = line.lstrip().startswith("#")
    problem: tuple[int, str] | None = None  # its column and message
    if not comment and not _LINE.match(line):
        problem = (
            1,
            f'catalog syntax: {line.strip()[:60]!r} is not a comment, `keyword "text"` or a `"text"` continuation',
        )
    elif bad := CONTROL.search(line if not line.startswith("#:") else line.translate(_ENCLOSURES)):
        problem = (
            bad.start() + 1,
            f"the control character U+{ord(bad.group()):04X} is not allowed in any text: remove it",
        )
    elif "\r" in line:
        problem = (
            line.index("\r") + 1,
            "a carriage return that ends no line: save the catalog with LF (or CRLF) line ends",
        )
    elif "\\" in line and not comment:
        escape = next((found for found in _ESCAPE.finditer(line) if found.group(1) not in _KNOWN_ESCAPES), None)
        if escape is not None:
            problem = (
                escape.start() + 1,
                f"the escape {escape.group()!r} is not one gettext and Babel read alike: write the character "
                "itself (or \\\\ for a backslash)",
            )
    if problem is not None:
        problems.append(Problem(display, number, *problem))
    return problem is None


class _Reader:
    """Babel's ``PoFileParser``, line for line, reading the same messages (the header into the
    catalog, the others as :class:`PoEntry`); it notes the first line gettext refuses (``error``)
    and duplicated entries, and reads on as Babel does when told not to abort. Where gettext reads
    what Babel refuses (``#~|``, ``#-``, a header field), it reads as gettext."""

    def __init__(self, catalog: PoCatalog, display: str) -> None:
        self.catalog = catalog
        self.locale = catalog.locale
        self.display = display
        self.error: Problem | None = None
        self.duplicates: list[Problem] = []
        self.header = ""
        """The header's msgstr, as read."""
        self.active: list[PoEntry] = []
        self.obsolete_entries: dict[ObsoleteKey, PoEntry] = {}
        self.seen: dict[Key, int] = {}
        self.offset = 0  # the last msgid line, from 0, as Babel counts it
        self.start = 0  # where the entry begins (its msgctxt, or its msgid), from 1
        self._reset()

    def _reset(self) -> None:
        self.messages: list[list[str]] = []
        self.translations: list[tuple[int, list[str]]] = []
        self.locations: list[tuple[str, int | None]] = []
        self.flags: list[str] = []
        self.user_comments: list[str] = []
        self.auto_comments: list[str] = []
        self.context: list[str] | None = None
        self.obsolete = False
        self.in_msgid = self.in_msgstr = self.in_msgctxt = False
        self.missing_msgstr = False

    def _invalid(self, line: str, number: int, what: str) -> None:
        if self.error is None:
            quoted = f" ({line.strip()[:60]!r})" if line.strip() else ""  # none: the problem is not a line's
            self.error = Problem(self.display, number + 1, 1, f"catalog syntax: {what}{quoted}")

    def read(self, lines: list[str | None], check: Callable[[str, int], bool] | None) -> None:
        """Every line of a file, then its end (``check``: whether a line may be read, when some
        may not). The commonest lines are read here, the same as by :meth:`_line`."""
        for number, line in enumerate(lines):
            if line is None or (check is not None and not check(line, number + 1)):
                continue
            line = line.strip(_BABEL_STRIP)
            if not line:
                continue
            head = line[:2]
            if head == "#.":
                self._finish()
                if comment := line[2:].strip():
                    self.auto_comments.append(comment)
            elif head == "#:" and "\u2068" not in line and "\u2069" not in line:
                self._finish()
                self._locations(line[2:].split())
            elif line[0] == '"' and self.in_msgid:
                self.messages[-1].append(line.strip())
            elif line[0] == '"' and self.in_msgstr:
                self.translations[-1][1].append(line.strip())
            elif line[0] == "m":
                self._message_line(number, line, obsolete=False)
            else:
                self._line(number, line)
        self._end()

    def _line(self, number: int, line: str) -> None:
        """One non-blank line, stripped (``number`` from 0)."""
        if line[0] == "#":  # msgcat's conflict marker (#-#-#-#-#) too: a translator's comment, as gettext reads it
            if line[1:3] == "~|":  # msgmerge's previous msgid of an obsolete entry: as #| of an active one
                self._comment(number, "#" + line[2:])
            elif line[1:2] == "~":
                self._message_line(number, line[2:].lstrip(), obsolete=True)
            else:
                self._comment(number, line)
        else:
            self._message_line(number, line, obsolete=False)

    def _end(self) -> None:
        """The end of the file: its last message, or a header made of its comments alone."""
        self._finish()
        if not self.seen and not self.obsolete_entries and (self.flags or self.user_comments or self.auto_comments):
            self.messages.append([])
            self.translations.append((0, []))
            self._add()

    def _locations(self, found: list[str]) -> None:
        """The ``FILE:LINE`` references of a ``#:`` line, as Babel reads them (a reference whose
        line is not a number is dropped)."""
        for location in found:
            path, colon, where = location.rpartition(":")
            if not colon:
                self.locations.append((location, None))
                continue
            try:
                self.locations.append((path, int(where)))
            except ValueError:
                continue

    def _comment(self, number: int, line: str) -> None:
        self._finish()
        prefix = line[:2]
        if prefix == "#:":  # with file names with spaces, enclosed as gettext does (:meth:`read` reads the others)
            try:
                found = isolated_locations(line[2:])
            except ValueError as error:
                self._invalid(line, number, str(error))
                return
            self._locations(found)
        elif prefix == "#,":
            self.flags.extend(flag.strip() for flag in line[2:].lstrip().split(","))
        else:  # not #. (read by :meth:`read`)
            self.user_comments.append(line[1:].strip())

    def _message_line(self, number: int, line: str, obsolete: bool) -> None:
        if not line:
            return
        if line[0] == '"':
            if self.in_msgid:
                self.messages[-1].append(line.strip())
            elif self.in_msgstr:
                self.translations[-1][1].append(line.strip())
            elif self.in_msgctxt and self.context is not None:
                self.context.append(line.strip())
            else:
                self._invalid(
                    line,
                    number,
                    'a "text" line that continues no msgctxt, msgid or msgstr: put it right after the line it '
                    "continues, or remove it",
                )
            return
        keyword, _, argument = line.partition(" ")
        if keyword in ("msgid", "msgctxt"):
            self._finish()
        self.obsolete = obsolete
        if keyword == "msgid":
            self.offset = number
            if self.context is None:
                self.start = number + 1
        if keyword in ("msgid", "msgid_plural"):
            self.in_msgctxt = False
            self.in_msgid = True
            self.messages.append([argument.strip()])
        elif keyword == "msgctxt":
            self.in_msgctxt = True
            self.context = [argument.strip()]
            self.start = number + 1
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            _, bracket, index = keyword.partition("[")
            if bracket and not index[:-1].isdecimal():
                self._invalid(line, number, _unknown_keyword(keyword))
                return
            self.in_msgid = False
            self.in_msgstr = True
            self.translations.append(
                (int(index[:-1]) if bracket else 0, [argument.strip()] if argument != '""' else [])
            )
        else:
            self._invalid(line, number, _unknown_keyword(keyword))

    def _finish(self) -> None:
        if self.messages:
            if not self.translations:
                self._invalid(
                    "",
                    self.offset,
                    f"msgid {joined(self.messages[0])[:60]!r} has no msgstr: write its msgstr line right after it "
                    "(a comment goes before the msgctxt or msgid)",
                )
                self.translations.append((0, []))
                self.missing_msgstr = True
            self._add()

    def _header_as_text(self, message: PoMessage) -> None:
        """A header with a field Babel cannot read (a date no tool wrote, a Language that is no
        locale code) read as msgfmt reads it: that field as text, Babel's default in its stead (the
        writer keeps it in its place, or writes Babel's own value of a field Babel owns)."""
        from email import message_from_string

        from babel.messages.catalog import Catalog as PoCatalog

        self.catalog.locale = self.locale  # as given: Babel may have taken the Language it could not read
        readable = []
        for name, value in message_from_string(message.string).items():  # type: ignore[arg-type]
            try:
                PoCatalog(charset="utf-8").mime_headers = [(name, value)]
            except _UNREADABLE:
                continue
            readable.append((name, value))
        self.catalog.mime_headers = readable
        self.catalog.header_comment = "\n".join(f"# {comment}".rstrip() for comment in message.user_comments)
        self.catalog.fuzzy = message.fuzzy

    def _add(self) -> None:
        msgid: str | tuple[str, ...]
        string: str | tuple[str, ...]
        if len(self.messages) > 1:
            msgid = tuple(joined(pieces) for pieces in self.messages)
            forms = [""] * self.catalog.num_plurals
            for index, translation in sorted(self.translations):
                if index >= len(forms):
                    plurals = f"msgstr[{index}]: the catalog has {len(forms)} plural forms (2 without a header)"
                    self._invalid("", self.offset, f"{plurals}: write its header's Plural-Forms, or remove the form")
                    continue
                forms[index] = joined(translation)
            string = tuple(forms)
        else:
            msgid = joined(self.messages[0])
            string = joined(self.translations[0][1])
        context = joined(self.context) if self.context else None
        entry = PoEntry(
            msgid, string, self.locations, self.flags, self.auto_comments, self.user_comments, self.offset + 1, context
        )
        singular = msgid if isinstance(msgid, str) else msgid[0]
        if self.obsolete:
            self.obsolete_entries[singular if context is None else (singular, context)] = entry
        else:
            key = (context, singular)
            if key in self.seen and not self.missing_msgstr:
                self.duplicates.append(
                    Problem(
                        self.display,
                        self.start,
                        1,
                        f"duplicate entry {singular[:60]!r}{f' (context {context!r})' if context else ''}, first at "
                        f"line {self.seen[key]}: msgfmt refuses it; keep one",
                    )
                )
            self.seen.setdefault(key, self.start)
            if not msgid and isinstance(string, str):  # the header (its msgstr a string), as Babel's catalog takes it
                self.header = string
                message = entry.message()
                try:
                    self.catalog[msgid] = message
                except _UNREADABLE:
                    self._header_as_text(message)
            else:
                self.active.append(entry)
        self._reset()


def _unknown_keyword(keyword: str) -> str:
    return f"{keyword!r} is not a keyword of gettext: write msgctxt, msgid, msgid_plural, msgstr or msgstr[N]"


_UNREADABLE = (ValueError, LookupError, UnicodeDecodeError)
"""What Babel raises for a header field it cannot read (a date, a Language)."""


def joined(pieces: list[str]) -> str:
    """The text of a string written as quoted pieces on one or more lines."""
    if len(pieces) == 1 and "\\" not in pieces[0]:
        return pieces[0][1:-1]
    from babel.messages.pofile import unescape

    return "".join(map(unescape, pieces))


def _strings(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value) or ("",)


def header_fields(lines: Sequence[str | None]) -> list[tuple[str, str, int, str]]:
    """Each field of a catalog's header, in order: its name in lower case and as written, the
    line it starts on and its value (a field may run on over several quoted lines)."""
    fields: list[tuple[str, str, int, str]] = []
    state = "before"
    text, starts = "", []  # the header's text so far, and where each of its lines starts in it
    for number, raw in enumerate(lines[:400], 1):
        line = (raw or "").strip().lstrip("\ufeff")
        if state == "before":
            if line.startswith('msgid ""'):
                state = "msgid"
            elif line and not line.startswith("#"):
                break
        elif line.startswith("msgstr") or (state == "msgstr" and line.startswith('"')):  # or its continuation
            state = "msgstr"
            starts.append((len(text), number))
            text += joined([line.removeprefix("msgstr").strip()])
        elif state == "msgstr" or (state == "msgid" and not line.startswith('"')):
            break
    offset = 0
    for entry in text.split("\n"):
        name, colon, value = entry.partition(":")
        if colon:
            begins = max((number for start, number in starts if start <= offset), default=1)
            fields.append((name.strip().lower(), name.strip(), begins, value.strip()))
        offset += len(entry) + 1
    return fields


@functools.cache
def _owned_fields() -> frozenset[str]:
    """The header fields Babel reads and writes (the others are kept as they are, in their place)."""
    from babel.messages.catalog import Catalog as PoCatalog

    return frozenset(name.lower() for name, _ in PoCatalog(locale="en").mime_headers)


def _repeated_fields(fields: list[tuple[str, str, int, str]], display: str) -> list[Problem]:
    """A problem at each field Babel reads that the header gives again: msgfmt reads the first,
    Babel the last, so one of them would read the catalog otherwise than it says."""
    first: dict[str, int] = {}
    found = []
    for name, shown, line, _ in fields:
        if name in first and name in _owned_fields():
            found.append(
                Problem(
                    display,
                    line,
                    1,
                    f"the header gives {shown} twice (first at line {first[name]}): msgfmt reads the first and "
                    "Babel the last: keep one",
                )
            )
        first.setdefault(name, line)
    return found


def header_lines_of(data: bytes) -> dict[str, tuple[int, str]]:
    """Each field of a catalog's header (``plural-forms``, ``content-type``...) by lower-case name,
    from a file's bytes (only its first lines are read): the line it starts on and its value; the
    first of a field given twice, as msgfmt reads it."""
    lines = [raw.decode("utf-8", "replace").removesuffix("\r") for raw in data.split(b"\n", 400)[:400]]
    return {name: (line, value) for name, _, line, value in reversed(header_fields(lines))}


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


PLURAL_SAMPLES = (*range(1000), *(10**k + d for k in range(4, 19) for d in (-1, 0, 1)))
"""Every count a page can show (and the large ones a rule may treat apart): each is evaluated."""


class PluralRule:
    """A Plural-Forms expression as a function of the count, compiled by the standard library's
    ``gettext``; pickled as its expression (so that a catalog read in another process comes back)."""

    def __init__(self, expression: str) -> None:
        self.expression = expression
        self.rule = stdlib_gettext.c2py(expression)

    def __call__(self, n: int) -> int:
        return int(self.rule(n))

    def __reduce__(self) -> tuple[type[PluralRule], tuple[str]]:
        return PluralRule, (self.expression,)


def plural_rule(value: str, display: str, line: int, problems: list[Problem]) -> Callable[[int], int] | None:
    """The catalog's plural rule, evaluated for every count it can meet; None (a problem at the
    header's line) when it cannot be read or gives a form the catalog does not have."""
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d{1,2})\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", value)
    try:
        if match is None:
            raise ValueError("expected `nplurals=N; plural=EXPRESSION;` with N a number from 1 to 99")
        rule = PluralRule(match.group(2))
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


def _restore_previous(message: PoMessage) -> PoMessage:
    """The message, its ``#| msgctxt/msgid/msgid_plural`` comment lines moved back into its previous id."""
    previous, kept = _split_previous(message.user_comments)
    if previous:
        message.previous_id = previous
        message.user_comments = kept
    return message


def _split_previous(comments: list[str]) -> tuple[list[str], list[str]]:
    """A message's previous source texts, from its ``#| msgid`` (and ``msgid_plural``) comment
    lines, and its comments without those (all of them, when there is none)."""
    previous: list[str] = []
    kept = []
    for comment in comments:
        if not comment.startswith("| "):
            kept.append(comment)
            continue
        keyword, _, rest = comment[2:].partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            previous.append(joined([rest.strip()]))
        elif keyword.startswith('"') and previous:
            previous[-1] += joined([comment[2:].strip()])
        elif keyword != "msgctxt":
            kept.append(comment)
    return previous, kept if previous else comments


def po_bytes(catalog: PoCatalog) -> bytes:
    """A catalog as the project writes every ``.po`` and ``.pot``: in GNU gettext's layout, byte for
    byte what ``msgcat`` (and so msgmerge and Poedit) writes of it, so that a save in any of those
    tools and ``i18n update`` leave each other's lines alone: strings wrapped at 79 columns where
    gettext breaks them, references without line numbers (gettext's ``--add-location=file``, so
    that adding an example moves no other message's reference), previous msgids as ``#| msgid``
    lines, header fields the project does not own kept where they were."""
    from babel.util import TextWrapper

    chunks: list[str] = []
    header_wrapper = TextWrapper(width=WIDTH, subsequent_indent="# ", break_long_words=False)
    plurals = catalog.num_plurals
    for message in catalog:
        python = "python-format" in message.flags
        if not message.id:  # the header
            for line in (catalog.header_comment or "").splitlines():  # none: msgcat writes no empty line either
                chunks += [wrapped + "\n" for wrapped in header_wrapper.wrap(line)]
            message.string = header_text(catalog)
        for comment in message.user_comments:
            chunks += _comment(comment, "")
        for comment in message.auto_comments:
            chunks += _comment(comment, ".")
        chunks += _references(_locations(message))
        if message.flags:
            chunks.append(f"#, {', '.join(sorted(message.flags, key=_flag_order))}\n")
        for keyword, text in zip(("msgid", "msgid_plural"), message.previous_id, strict=False):
            chunks.append(_quoted(keyword, text, "#| ", python))
        chunks += _message(message, plurals, "", python)
        chunks.append("\n")
    for message in catalog.obsolete.values():
        if not any(_strings(message.string)):
            continue  # as gettext: an obsolete entry is kept for its translation
        for comment in message.user_comments:
            chunks += _comment(comment, "")
        for keyword, text in zip(("msgid", "msgid_plural"), message.previous_id, strict=False):
            chunks.append(_quoted(keyword, text, "#~| ", False))  # msgmerge's, as msgcat writes them
        chunks += _message(message, plurals, "#~ ", False)  # its flags are not written: gettext reads no format
        chunks.append("\n")
    if chunks:
        chunks[-1] = ""  # gettext ends the file with its last entry's line
    return "".join(chunks).encode(catalog.charset, "backslashreplace")


def with_line_ends_of(written: bytes, original: bytes) -> bytes:
    """``written`` (the writer's bytes, LF-ended) with the line ends of the file it replaces: CRLF
    when its first line ends so (an editor on Windows, git's autocrlf), so that a diff shows only
    the lines that changed."""
    end = original.find(b"\n")
    return written.replace(b"\n", b"\r\n") if end > 0 and original[end - 1 : end] == b"\r" else written


_FORMATS = (
    "c objc python python-brace java java-printf csharp javascript scheme lisp elisp librep ruby sh awk lua "
    "pascal smalltalk qt qt-plural kde kde-kuit boost tcl perl perl-brace php gcc-internal gfc-internal ycp"
).split()
"""gettext's format languages, in the order it writes their flags."""


def _flag_order(flag: str) -> tuple[int, str]:
    """Flags in gettext's order: ``fuzzy``, then the format flags by language, then the others."""
    if flag == "fuzzy":
        return (0, "")
    language = flag.removeprefix("no-").removesuffix("-format")
    if flag.endswith("-format") and language in _FORMATS:
        return (1 + _FORMATS.index(language), flag)
    return (len(_FORMATS) + 1, flag)


_FOREIGN: dict[int, list[tuple[str, str]]] = {}
"""The header fields of each catalog read, in their order, by the catalog's ``id`` (see :func:`header_text`)."""


def _keep_header(catalog: PoCatalog, text: str) -> None:
    """Note a read catalog's header fields, so that the writer keeps those Babel does not know
    (``X-Generator``, ``Language-Team``... of Weblate, Poedit, msginit) where they were."""
    pairs = (line.partition(":") for line in text.split("\n"))
    _FOREIGN[id(catalog)] = [(name.strip(), value.strip()) for name, colon, value in pairs if colon and name.strip()]
    weakref.finalize(catalog, _FOREIGN.pop, id(catalog), None)


def header_text(catalog: PoCatalog) -> str:
    """The header's msgstr: Babel's fields (those the project owns: dates, plural forms, charset...)
    with its values, and every other field the file had, kept in its place; Babel's fields the file
    did not have come last."""
    owned = {name.lower(): (name, value.strip()) for name, value in catalog.mime_headers}
    fields: list[tuple[str, str]] = []
    for name, value in _FOREIGN.get(id(catalog), []):
        key = name.lower()
        if key not in owned:
            fields.append((name, value))
        elif all(key != written.lower() for written, _ in fields):
            fields.append(owned[key])
    written = {name.lower() for name, _ in fields}
    fields += [field for key, field in owned.items() if key not in written]
    return "".join(f"{name}: {value}\n" for name, value in fields)


def _locations(message: PoMessage) -> tuple[str, ...]:
    """A message's references as gettext writes them with ``--add-location=file``: each file once,
    in order, a name with spaces enclosed (U+2068 … U+2069)."""
    written = set()
    for filename, _ in message.locations:
        location = filename.replace(os.sep, "/")
        if " " in location or "\t" in location:
            location = "\u2068" + location.removeprefix("\u2068").removesuffix("\u2069") + "\u2069"
        written.add(location)
    return tuple(sorted(written))


@functools.lru_cache(maxsize=1 << 12)
def _references(locations: tuple[str, ...]) -> tuple[str, ...]:
    """The ``#:`` lines of a message's references, filled to 79 columns as gettext fills them."""
    lines: list[str] = []
    line = "#:"
    for location in locations:
        if len(line) > 2 and len(line) + 1 + len(location) > WIDTH:
            lines.append(line + "\n")
            line = "#:"
        line += " " + location
    return (*lines, line + "\n") if len(line) > 2 else tuple(lines)


def _message(message: PoMessage, plurals: int, prefix: str, python: bool) -> list[str]:
    """A message's msgctxt, msgid (and msgid_plural) and msgstr lines."""
    lines = []
    if message.context:
        lines.append(_quoted("msgctxt", message.context, prefix, python))
    if isinstance(message.id, list | tuple):
        lines.append(_quoted("msgid", message.id[0], prefix, python))
        lines.append(_quoted("msgid_plural", message.id[1], prefix, python))
        for index in range(plurals):
            string = message.string[index] if index < len(message.string) else ""  # type: ignore[index,arg-type]
            lines.append(_quoted(f"msgstr[{index:d}]", string, prefix, python))
    else:
        lines.append(_quoted("msgid", message.id, prefix, python))
        lines.append(_quoted("msgstr", message.string or "", prefix, python))  # type: ignore[arg-type]
    return lines


_ESCAPES = {
    "\\": "\\\\",
    '"': '\\"',
    "\a": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\v": "\\v",
}
"""The characters gettext writes as an escape."""
_SPECIAL = re.compile("[" + re.escape("".join(_ESCAPES)) + "]")
_PORTION = re.compile(r"[^\n]*\n|[^\n]+\Z")
"""A line of a string, ended by its line feed: gettext writes each on lines of its own."""
_PYTHON_DIRECTIVE = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrs%]")
"""A Python format directive, which gettext does not break in a ``python-format`` message."""


@functools.lru_cache(maxsize=1 << 16)
def _quoted(keyword: str, text: str, prefix: str, python: bool) -> str:
    """A keyword and its string as gettext's ``wrap`` writes them (write-po.c): one portion per
    line of the text (each ended by its ``\\n``), each filled to 79 columns, broken where Unicode's
    line breaking (UAX #14, as libunistring has it) allows, never inside an escape, before a
    portion's final ``\\n`` or inside a format directive; an empty first line when the string
    does not fit on the keyword's line (the same texts come in every locale's catalog: each is
    formatted once)."""
    portions = _PORTION.findall(text) or [""]
    out: list[str] = []
    after = len(prefix) + 1  # where a line's text starts after a break (its opening quote)
    width = WIDTH - 1 - after  # room for the closing quote
    first = True
    fixed = _unbreakable(text, python)  # the format string is parsed whole
    offset = 0
    for index, portion in enumerate(portions):
        chars: list[str] = list(portion)
        kept = fixed[offset : offset + len(portion)]  # where gettext forbids a break, whatever Unicode allows
        if _SPECIAL.search(portion) is not None:  # escapes: two characters, never broken between
            chars, kept = [], []
            for position, char in enumerate(portion):
                escaped = _ESCAPES.get(char)
                if escaped is None:
                    chars.append(char)
                    kept.append(fixed[offset + position])
                else:
                    chars += escaped
                    kept += (fixed[offset + position] or (char == "\n" and position == len(portion) - 1), True)
        start = len(prefix) + len(keyword) + 2 - after if first else 0
        breaks = _portion_breaks(chars, kept, width, start)
        if first and chars and (index < len(portions) - 1 or start > width or breaks):
            out.append(f'{prefix}{keyword} ""\n')
            first = False
            breaks = _portion_breaks(chars, kept, width, 0)
        head = f"{prefix}{keyword} " if first else prefix
        pieces = [0, *breaks, len(chars)]
        for number, (begin, end) in enumerate(pairwise(pieces)):
            out.append(f'{head if number == 0 else prefix}"{"".join(chars[begin:end])}"\n')
        first = False
        offset += len(portion)
    return "".join(out)


def _portion_breaks(chars: list[str], kept: list[bool], width: int, start: int) -> list[int]:
    """Where a portion's lines start after its first one, which starts at column ``start``: none
    when it fits (most do, and Unicode's line breaking is looked up only for the others); else
    libunistring's ``ulc_width_linebreaks``, which fills a line with whole pieces (from one break
    opportunity to the next) while they fit in ``width`` columns."""
    columns = None if "".join(chars).isascii() else list(accumulate(map(_width, chars), initial=0))
    if start + (len(chars) if columns is None else columns[-1]) <= width:
        return []
    allowed = [may and not keep for may, keep in zip(_opportunities(chars), kept, strict=True)]
    breaks: list[int] = []
    last: int | None = None
    column, previous = start, 0
    for point in (*(position for position, may in enumerate(allowed) if may), len(chars)):
        piece = point - previous if columns is None else columns[point] - columns[previous]  # since the last one
        if last is not None and column + piece > width:
            breaks.append(last)
            column = 0
        last, column, previous = point, column + piece, point
    return breaks


def _unbreakable(text: str, python: bool) -> list[bool]:
    """For each character, whether gettext may not break before it for what the text means: inside
    a Python format directive of a ``python-format`` message (up to the first ``%`` that starts
    none, or the first unnamed one after named ones or the reverse: gettext's parser stops there)."""
    fixed = [False] * len(text)
    if not python or "%" not in text:
        return fixed
    position, kinds = text.find("%"), set()
    while position >= 0:  # gettext marks the directives up to the first that is not one
        match = _PYTHON_DIRECTIVE.match(text, position)
        if match is None:
            break
        if not match.group().endswith("%"):
            kinds.add(match.group().startswith("%("))
            if len(kinds) > 1:
                break  # named and unnamed directives mixed: no format string
        for inside in range(match.start() + 1, match.end()):
            fixed[inside] = True
        position = text.find("%", match.end())
    return fixed


@functools.lru_cache(maxsize=4096)
def _width(char: str) -> int:
    """A character's columns, as ``uc_width`` counts them: 0 for a combining mark or a format
    character, 2 for a wide one, else 1."""
    if char.isascii():
        return 1
    if unicodedata.category(char) in ("Mn", "Me", "Cf") and char != "\xad":
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


_CLASSES = {
    " ": "SP",
    **dict.fromkeys("([{\u201a\u201e\xa1\xbf", "OP"),
    **dict.fromkeys(")]", "CP"),
    "}": "CL",
    **dict.fromkeys("\"'\u2018\u2019\u201b\u201c\u201d\u201f\xab\xbb\u2039\u203a", "QU"),
    **dict.fromkeys("!?", "EX"),
    **dict.fromkeys(",.:;", "IS"),
    "/": "SY",
    "-": "HY",
    **dict.fromkeys("\u2010\u2013|\xad\u0964\u0965", "BA"),
    "\u2014": "B2",
    "\u2026": "IN",
    **dict.fromkeys("%\u2030\xb0\xa2", "PO"),
    **dict.fromkeys("$\xa3\u20ac+\\\\\xb1\u2116", "PR"),
    **dict.fromkeys("\xa0\u202f\u2007\u2011", "GL"),
    **dict.fromkeys("\u2060\ufeff", "WJ"),
}
"""The line-breaking classes (UAX #14) of the characters the catalogs' texts have that are not
letters or digits (a letter is AL, a digit NU, a combining mark CM, a wide character ID)."""


@functools.lru_cache(maxsize=4096)
def _break_class(char: str) -> str:
    found = _CLASSES.get(char)
    if found is not None:
        return found
    category = unicodedata.category(char)
    if category in ("Mn", "Mc", "Me"):
        return "CM"
    if category == "Nd":
        return "NU"
    return "ID" if unicodedata.east_asian_width(char) in ("W", "F") else "AL"


_NO_BREAK = {
    *(("AL", "NU"), ("NU", "AL"), ("AL", "AL"), ("AL", "OP"), ("NU", "OP"), ("CP", "AL")),
    *(("CP", "NU"), ("PR", "AL"), ("PO", "AL"), ("CL", "PO"), ("CP", "PO"), ("CL", "PR"), ("CP", "PR")),
    *(("NU", "PO"), ("NU", "PR"), ("PO", "OP"), ("PO", "NU"), ("PR", "OP"), ("PR", "NU"), ("HY", "NU")),
    *(("IS", "NU"), ("NU", "NU"), ("SY", "NU"), ("PR", "ID"), ("ID", "PO"), ("AL", "PR"), ("AL", "PO")),
}
"""The pairs UAX #14 keeps together when nothing is between them (LB23–LB30): words, numbers and
their signs, a word and its opening bracket."""


@functools.cache  # a few hundred pairs of classes, asked for every character of a long string
def _may_break(before: str, after: str, spaces: bool) -> bool:
    """Whether UAX #14 allows a line break before a character of class ``after`` that follows one
    of class ``before`` (with spaces between them, or not)."""
    if after in ("CL", "CP", "EX", "IS", "SY", "WJ") or before == "OP":
        return False  # LB11, LB13, LB14
    if (before, after) in (("QU", "OP"), ("CL", "NS"), ("CP", "NS"), ("B2", "B2")):
        return False  # LB15–LB17
    if spaces:
        return True  # LB18
    if before in ("GL", "WJ", "BB") or after in ("BA", "HY", "NS", "IN", "QU") or before == "QU":
        return False  # LB11, LB12, LB19, LB21, LB22
    if after == "GL" and before not in ("BA", "HY"):
        return False  # LB12a: a no-break space glues to what it follows, but to a hyphen or a danda
    return (before, after) not in _NO_BREAK  # LB23–LB31


def _opportunities(text: list[str]) -> list[bool]:
    """For each character, whether UAX #14 allows a line break before it (never before the first,
    a space or a combining mark that follows its base)."""
    result = [False] * len(text)
    before: str | None = None
    spaces = False
    for position, char in enumerate(text):
        kind = _break_class(char)
        if kind == "AL" and before == "AL" and not spaces:
            continue  # inside a word (LB28), the commonest case by far
        if kind == "SP":
            spaces = True
            continue
        if kind == "CM":
            if before is not None and not spaces:
                continue  # LB9: a mark goes with its base
            kind = "AL"  # LB10
        if before is not None:
            result[position] = _may_break(before, kind, spaces)
        before, spaces = kind, False
    return result


@functools.lru_cache(maxsize=1 << 16)
def _comment(text: str, prefix: str) -> tuple[str, ...]:
    """Babel's comment lines (``#.``, ``#``) for a text, its text wrapped at 79 columns as Babel's
    ``TextWrapper`` wraps it (the standard library's, for a text of other than plain words and
    spaces); gettext's tools keep comment lines as they are."""
    if text == text.strip() and _NOT_PLAIN.search(text) is None:
        if len(text) <= WIDTH:
            return (f"#{prefix} {text}\n",) if text else ()
        return tuple(f"#{prefix} {line}\n" for line in _wrapped(text))
    from babel.util import TextWrapper

    return tuple(f"#{prefix} {line.strip()}\n" for line in TextWrapper(width=WIDTH, break_long_words=False).wrap(text))


def _wrapped(text: str) -> Iterator[str]:
    """``textwrap`` 's greedy lines of a text of words and single or repeated spaces, without
    breaking a word; the spaces where a line breaks dropped."""
    chunks = [chunk for chunk in _COMMENT_SEP.split(text) if chunk]
    index = 0
    while index < len(chunks):
        if chunks[index][0] == " " and index:
            index += 1  # a line after the first does not start with the spaces it broke at
        start, size = index, 0
        while index < len(chunks) and size + len(chunks[index]) <= WIDTH:
            size += len(chunks[index])
            index += 1
        if index == start and index < len(chunks):
            index += 1  # a word longer than a line
        end = index - 1 if index > start and chunks[index - 1][0] == " " else index
        if end > start:
            yield "".join(chunks[start:end])


_REFERENCE = re.compile(r"\u2068([^\u2069]*)\u2069(\S*)|(\S+)")
"""A ``#:`` line's reference: a file name enclosed in U+2068 … U+2069 (spaces and all) and what
follows it (``:12``), or a reference of no spaces."""


def isolated_locations(text: str) -> list[str]:
    """The references of a ``#:`` line whose file names may hold spaces, each such name enclosed in
    U+2068 … U+2069 as gettext writes it (``\u2068my page.yaml\u2069:12``); ValueError for an
    enclosure left open or a stray U+2069."""
    found: list[str] = []
    for match in _REFERENCE.finditer(text):
        name, after, plain = match.groups()
        if plain is not None and plain.startswith("\u2068"):
            raise ValueError("a file name opened with U+2068 is not closed with U+2069")
        rest = after if plain is None else plain
        if stray := re.search("[\u2068\u2069]", rest):
            raise ValueError(f"U+{ord(stray.group()):04X} inside a reference: enclose the whole file name")
        found.append((name or "") + rest)
    return found
