"""The gettext ``.po``/``.pot`` format: read into Babel's ``Catalog`` and written back, in one pass each.

The reader builds the catalog Babel's ``read_po`` builds, with the previous source texts
(``#| msgid``) restored, and in the same pass checks what Babel's reader skips (each line's
syntax, UTF-8, control characters, escapes, duplicates, the charset and Plural-Forms headers):
every problem at FILE:LINE:COL. The writer gives Babel's ``write_po`` bytes at 100 columns, plus
the previous texts. Babel's own reader and writer were most of ``i18n update`` and of a build's
catalog reading on large sites (per-line objects, every comment through ``textwrap``).
"""

from __future__ import annotations

import functools
import gettext as stdlib_gettext
import os
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import TYPE_CHECKING

from ..problems import Problem
from ..reader.source import CONTROL, control_character

if TYPE_CHECKING:  # Babel is imported only when a .po file is parsed or written
    from babel.messages.catalog import Catalog, Message

Key = tuple[str | None, str]
"""A message's identity: its context and its (singular) source text."""

WIDTH = 100
"""The column the project's catalogs are wrapped at."""

_BABEL_STRIP = " \t\n\r\x0b\x0c"
"""What Babel's reader strips from each line (``bytes.strip``)."""
_ESCAPE = re.compile(r"\\(.?)")
_KNOWN_ESCAPES = ("\\", '"', "n", "t", "r", "a", "b", "f", "v")
"""The escapes Babel decodes as msgfmt does (the control characters among them are refused later)."""
_LINE = re.compile(r'\s*(?:#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d{1,2}\])?)\s+".*"|".*"|)\s*\Z')
_BAD_LINE = re.compile(
    r'^(?![^\S\n]*(?:#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d{1,2}\])?)[^\S\n]+".*"|".*"|)[^\S\n]*$)', re.M
)
"""The start of a line that ``_LINE`` refuses, in a whole file."""
_MAYBE_BAD_ESCAPE = re.compile(r'\\(?![\\"ntrabfv])')
"""A backslash that may start an escape outside ``_KNOWN_ESCAPES``, in a whole file."""
_CONTROL_ESCAPE = re.compile(rb"\\[abfv]")
"""An escape that Babel decodes to a control character (which a line's check cannot see)."""
_LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
"""Where ``str.splitlines`` (and so Babel's ``normalize``) breaks a string."""
_NOT_PLAIN = re.compile("[^\\S ]|--|\u2068")
"""What makes ``textwrap`` wrap a comment otherwise than at its spaces: other whitespace, a dash
it may break at, a file name enclosed with its spaces."""


def unquote(text: str) -> str:
    """A quoted .po string's text (``"a\\"b"`` → ``a"b``)."""
    from babel.messages.pofile import unescape

    return unescape(text.strip())


def parse_po(data: bytes, display: str, problems: list[Problem], locale: str | None = None) -> Catalog | None:
    """A ``.po`` or ``.pot`` file read as Babel reads it, after the checks Babel's reader skips; None,
    with problems, when the file cannot be used: every command refuses to write over a catalog it
    cannot read."""
    from babel.messages.catalog import Catalog

    before = len(problems)
    lines, suspect = _decoded_lines(data, display, problems)
    catalog = Catalog(locale=locale, charset="utf-8")
    reader = _Reader(catalog, display)
    reader.read(lines, functools.partial(_line_is_valid, display=display, problems=problems) if suspect else None)
    problems += reader.duplicates
    if len(problems) > before:
        return None
    headers = header_lines(lines)
    if _charset_problem(headers, display, problems):
        return None
    plural_line, plural = headers.get("plural-forms", (0, ""))
    if plural_line and plural_rule(plural, display, plural_line, problems) is None:
        return None  # Babel would misread the plural translations
    if reader.header_error is not None:
        message = str(reader.header_error)
        quoted = re.findall(r"'([^']+)'", message)  # Babel quotes the value it cannot read
        field = next((line for line, value in headers.values() if any(value.startswith(q) for q in quoted)), None)
        if field is not None:
            problems.append(Problem(display, field, 1, f"catalog header: {message}: fix that field"))
        else:
            first = min((line for line, _ in headers.values()), default=1)
            problems.append(Problem(display, first, 1, f"catalog header: {message}: fix it"))
        return None
    if reader.error is not None:
        problems.append(reader.error)
        return None
    decoded_controls = b"&#" in data or _CONTROL_ESCAPE.search(data) is not None  # the lines' own were refused
    for entry in list(catalog) + list(catalog.obsolete.values()):
        _restore_previous(entry)
        if not decoded_controls:
            continue
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
    return catalog if len(problems) == before else None


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
    suspect = any(pattern.search(text) for pattern in (_BAD_LINE, CONTROL, _MAYBE_BAD_ESCAPE))
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        suspect = suspect or "\r" in text
    return list(text.split("\n")), suspect


def _line_is_valid(line: str, number: int, display: str, problems: list[Problem]) -> bool:
    """Whether a line is gettext syntax that Babel reads as msgfmt does (else a problem): a
    comment, ``keyword "text"`` or a ``"text"`` continuation, with no control character, lone
    carriage return or escape that the two read differently."""
    line = line.lstrip("\ufeff")
    comment = line.lstrip().startswith("#")
    if not comment and not _LINE.match(line):
        problems.append(
            Problem(
                display,
                number,
                1,
                f'catalog syntax: {line.strip()[:60]!r} is not a comment, `keyword "text"` or a `"text"` continuation',
            )
        )
        return False
    if bad := CONTROL.search(line):
        problems.append(
            Problem(
                display,
                number,
                bad.start() + 1,
                f"the control character U+{ord(bad.group()):04X} is not allowed in any text: remove it",
            )
        )
        return False
    if "\r" in line:
        problems.append(
            Problem(
                display,
                number,
                line.index("\r") + 1,
                "a carriage return that ends no line: save the catalog with LF (or CRLF) line ends",
            )
        )
        return False
    if "\\" in line and not comment:
        escape = next((found for found in _ESCAPE.finditer(line) if found.group(1) not in _KNOWN_ESCAPES), None)
        if escape is not None:
            problems.append(
                Problem(
                    display,
                    number,
                    escape.start() + 1,
                    f"the escape {escape.group()!r} is not one gettext and Babel read alike: write the character "
                    "itself (or \\\\ for a backslash)",
                )
            )
            return False
    return True


class _Reader:
    """Babel's ``PoFileParser``, line for line, building the same messages; it notes the first line
    Babel would refuse (``error``), a header Babel cannot read (``header_error``) and duplicated
    entries, and reads on as Babel does when told not to abort."""

    def __init__(self, catalog: Catalog, display: str) -> None:
        self.catalog = catalog
        self.display = display
        self.error: Problem | None = None
        self.header_error: Exception | None = None
        self.duplicates: list[Problem] = []
        self.seen: dict[Key, int] = {}
        self.counter = 0
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
                if self.messages:
                    self._finish()
                if comment := line[2:].strip():
                    self.auto_comments.append(comment)
            elif head == "#:" and "\u2068" not in line and "\u2069" not in line:
                if self.messages:
                    self._finish()
                self._locations(line[2:].split())
            elif line[0] == '"' and self.in_msgid:
                self.messages[-1].append(line.strip())
            elif line[0] == '"' and self.in_msgstr:
                self.translations[-1][1].append(line.strip())
            else:
                self._line(number, line)
        self._end()

    def _line(self, number: int, line: str) -> None:
        """One non-blank line, stripped (``number`` from 0)."""
        if line[0] == "#":
            if line[1:2] == "-":
                self._invalid(line, number, "cannot parse po file with conflicts")
            if line[1:2] == "~":
                self._message_line(number, line[2:].lstrip(), obsolete=True)
            else:
                self._comment(number, line)
        else:
            self._message_line(number, line, obsolete=False)

    def _end(self) -> None:
        """The end of the file: its last message, or a header made of its comments alone."""
        self._finish()
        if not self.counter and (self.flags or self.user_comments or self.auto_comments):
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
        if prefix == "#:":
            rest = line[2:]
            if "\u2068" in rest or "\u2069" in rest:  # file names with spaces, enclosed as gettext does
                from babel.messages.pofile import _extract_locations

                try:
                    found = _extract_locations(rest)
                except ValueError as error:
                    self._invalid(line, number, str(error))
                    return
            else:
                found = rest.split()
            self._locations(found)
        elif prefix == "#,":
            self.flags.extend(flag.strip() for flag in line[2:].lstrip().split(","))
        elif prefix == "#.":
            if comment := line[2:].strip():
                self.auto_comments.append(comment)
        else:
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
                self._invalid(line, number, 'Got line starting with " but not in msgid, msgstr or msgctxt')
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
                self._invalid(line, number, "Unknown or misformatted keyword")
                return
            self.in_msgid = False
            self.in_msgstr = True
            self.translations.append(
                (int(index[:-1]) if bracket else 0, [argument.strip()] if argument != '""' else [])
            )
        else:
            self._invalid(line, number, "Unknown or misformatted keyword")

    def _finish(self) -> None:
        if self.messages:
            if not self.translations:
                self._invalid("", self.offset, f"missing msgstr for msgid '{_joined(self.messages[0])}'")
                self.translations.append((0, []))
                self.missing_msgstr = True
            self._add()

    def _add(self) -> None:
        from babel.messages.catalog import Message

        msgid: str | tuple[str, ...]
        string: str | tuple[str, ...]
        if len(self.messages) > 1:
            msgid = tuple(_joined(pieces) for pieces in self.messages)
            forms = [""] * self.catalog.num_plurals
            for index, translation in sorted(self.translations):
                if index >= len(forms):
                    plurals = f"msgstr[{index}]: the catalog has {len(forms)} plural forms (2 without a header)"
                    self._invalid("", self.offset, f"{plurals}: write its header's Plural-Forms, or remove the form")
                    continue
                forms[index] = _joined(translation)
            string = tuple(forms)
        else:
            msgid = _joined(self.messages[0])
            string = _joined(self.translations[0][1])
        context = _joined(self.context) if self.context else None
        message = Message(
            msgid,
            string,
            self.locations,  # type: ignore[arg-type]  # a location may have no line
            self.flags,
            self.auto_comments,
            self.user_comments,
            lineno=self.offset + 1,
            context=context,
        )
        singular = msgid if isinstance(msgid, str) else msgid[0]
        if self.obsolete:
            self.catalog.obsolete[singular if context is None else (singular, context)] = message
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
            try:
                self.catalog[msgid] = message
            except (ValueError, LookupError, UnicodeDecodeError) as error:  # the header's fields
                self.header_error = self.header_error or error
            except Exception as error:  # Babel's UnknownLocaleError, for a Language it does not know
                if type(error).__name__ != "UnknownLocaleError":
                    raise
                self.header_error = self.header_error or ValueError(f"unknown locale {str(error)!r}")
        self.counter += 1
        self._reset()


def _joined(pieces: list[str]) -> str:
    """The text of a string written as quoted pieces on one or more lines."""
    from babel.messages.pofile import unescape

    return "".join(map(unescape, pieces))


def _strings(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value) or ("",)


def header_lines(lines: list[str | None]) -> dict[str, tuple[int, str]]:
    """Each field of a catalog's header (``plural-forms``, ``content-type``...) by lower-case
    name: the line it starts on and its value (a field may run on over several quoted lines)."""
    fields: dict[str, tuple[int, str]] = {}
    state = "before"
    text, starts = "", []  # the header's text so far, and where each of its lines starts in it
    for number, raw in enumerate(lines[:400], 1):
        line = (raw or "").strip().lstrip("\ufeff")
        if state == "before":
            if line.startswith('msgid ""'):
                state = "msgid"
            elif line and not line.startswith("#"):
                break
        elif line.startswith("msgstr"):
            state = "msgstr"
            starts.append((len(text), number))
            text += unquote(line[6:])
        elif state == "msgstr" and line.startswith('"'):
            starts.append((len(text), number))
            text += unquote(line)
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


def header_lines_of(data: bytes) -> dict[str, tuple[int, str]]:
    """:func:`header_lines` of a file's bytes (only its first lines are read)."""
    return header_lines([raw.decode("utf-8", "replace").removesuffix("\r") for raw in data.split(b"\n", 400)[:400]])


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


def _restore_previous(message: Message) -> None:
    """Move ``#| msgctxt/msgid/msgid_plural`` comment lines back into the message's previous id."""
    previous: list[str] = []
    kept = []
    for comment in message.user_comments:
        if not comment.startswith("| "):
            kept.append(comment)
            continue
        keyword, _, rest = comment[2:].partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            previous.append(unquote(rest))
        elif keyword.startswith('"') and previous:
            previous[-1] += unquote(comment[2:])
        elif keyword != "msgctxt":
            kept.append(comment)
    if previous:
        message.previous_id = previous
        message.user_comments = kept


def po_bytes(catalog: Catalog) -> bytes:
    """A catalog as the project writes every ``.po`` and ``.pot``: Babel's ``write_po`` at 100
    columns, with previous msgids kept as ``#| msgid`` lines that gettext tools read back (Babel's
    own writer wraps a long previous msgid into a comment that no tool can parse)."""
    from babel.util import TextWrapper

    chunks: list[str] = []
    header_wrapper = TextWrapper(width=WIDTH, subsequent_indent="# ", break_long_words=False)
    plurals = catalog.num_plurals
    for message in catalog:
        if not message.id:  # the header
            lines: list[str] = []
            for line in (catalog.header_comment or "").splitlines():
                lines += header_wrapper.wrap(line)
            chunks.append("\n".join(lines) + "\n")
        for comment in message.user_comments:
            chunks += _comment(comment, "")
        for comment in message.auto_comments:
            chunks += _comment(comment, ".")
        chunks += _comment(" ".join(_locations(message)), ":")
        if message.flags:
            chunks.append(f"#{', '.join(['', *sorted(message.flags)])}\n")
        for keyword, text in zip(("msgid", "msgid_plural"), message.previous_id, strict=False):
            chunks.append(f"#| {keyword} {_quoted(text, '#| ')}\n")
        chunks += _message(message, plurals, "")
        chunks.append("\n")
    for message in catalog.obsolete.values():
        for comment in message.user_comments:
            chunks += _comment(comment, "")
        chunks += _message(message, plurals, "#~ ")
        chunks.append("\n")
    return "".join(chunks).encode(catalog.charset, "backslashreplace")


def _locations(message: Message) -> Iterator[str]:
    """A message's locations as Babel writes them: sorted, each once, a name with spaces enclosed."""
    try:
        locations = sorted(message.locations, key=lambda x: (x[0], isinstance(x[1], int) and x[1] or -1))
    except TypeError:  # as in Babel: left as they are when they cannot be sorted
        locations = message.locations
    written: dict[str, None] = {}
    for filename, lineno in locations:
        location = filename.replace(os.sep, "/")
        if " " in location or "\t" in location:
            location = ("" if location.startswith("\u2068") else "\u2068") + location
            location += "" if location.endswith("\u2069") else "\u2069"
        written[f"{location}:{lineno:d}" if lineno else location] = None
    return iter(written)


def _message(message: Message, plurals: int, prefix: str) -> list[str]:
    """A message's msgctxt, msgid (and msgid_plural) and msgstr lines, as Babel writes them."""
    lines = []
    if message.context:
        lines.append(f"{prefix}msgctxt {_quoted(message.context, prefix)}\n")
    if isinstance(message.id, list | tuple):
        lines.append(f"{prefix}msgid {_quoted(message.id[0], prefix)}\n")
        lines.append(f"{prefix}msgid_plural {_quoted(message.id[1], prefix)}\n")
        for index in range(plurals):
            try:
                string = message.string[index]  # type: ignore[index]
            except IndexError:
                string = ""
            lines.append(f"{prefix}msgstr[{index:d}] {_quoted(string, prefix)}\n")
    else:
        lines.append(f"{prefix}msgid {_quoted(message.id, prefix)}\n")
        lines.append(f"{prefix}msgstr {_quoted(message.string or '', prefix)}\n")  # type: ignore[arg-type]
    return lines


_SPECIAL = re.compile('[\\\\\t\r\n"]')
"""The characters Babel's ``escape`` writes as two."""
_WORD_SEP = re.compile(r"(\s+|[^\s\w]*\w+[a-zA-Z]-(?=\w+[a-zA-Z])|(?<=[\w\!\"\'\&\.\,\?])-{2,}(?=\w))")
"""Where Babel's ``normalize`` may break a string: its ``WORD_SEP``."""
_SPACES = re.compile(r"(\s+)")
"""The same, for a string without a hyphen."""
_COMMENT_SEP = re.compile(r"( +)")
"""Where Babel's ``TextWrapper`` breaks a comment of plain words and spaces."""


def _escape(text: str) -> str:
    """Babel's ``escape``: the text quoted, with backslashes, tabs, line ends and quotes escaped."""
    if _SPECIAL.search(text) is None:
        return f'"{text}"'
    return '"{}"'.format(
        text.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n").replace('"', '\\"')
    )


@functools.lru_cache(maxsize=1 << 16)
def _quoted(text: str, prefix: str) -> str:
    """Babel's ``normalize(text, prefix, 100)``, byte for byte: the text quoted, on one line when it
    fits, else broken where Babel breaks it (the same texts come in every locale's catalog: each is
    formatted once)."""
    quoted = _escape(text)
    if len(quoted) + len(prefix) <= WIDTH and _LINE_BREAK.search(text) is None:
        return quoted
    lines: list[str] = []
    for line in text.splitlines(True):
        if len(_escape(line)) + len(prefix) <= WIDTH:
            lines.append(line)
            continue
        chunks = (_WORD_SEP if "-" in line else _SPACES).split(line)
        plain = _SPECIAL.search(line) is None
        if plain and not prefix:
            ends = list(accumulate(map(len, chunks)))
        else:
            ends = list(accumulate((len(_escape(chunk)) - 2) + len(prefix) for chunk in chunks))
        index = 0
        while index < len(chunks):
            # Babel's greedy line: pieces while 2 (the quotes) + their sizes < 100, or one piece at least
            start = index
            index = bisect_left(ends, WIDTH - 2 + (ends[start - 1] if start else 0), start)
            index += index == start
            lines.append("".join(chunks[start:index]))
    if len(lines) <= 1:
        return quoted
    if not lines[-1]:
        del lines[-1]
        lines[-1] += "\n"
    return '""\n' + "\n".join(prefix + _escape(line) for line in lines)


@functools.lru_cache(maxsize=1 << 16)
def _comment(text: str, prefix: str) -> tuple[str, ...]:
    """Babel's comment lines (``#.``, ``#:``, ``#``) for a text, wrapped at 100 columns as its
    ``TextWrapper`` wraps them (the standard library's, for a text of other than plain words
    and spaces)."""
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
