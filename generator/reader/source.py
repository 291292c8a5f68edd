"""Read a YAML (or JSON) file into a tree of values that know their line and column.

The tree is built from libyaml's parse events: nothing is ever constructed from tags, so
loading is safe by construction, and aliases are refused rather than expanded (no "billion
laughs"). Every scalar stays a string: the reader of each field decides what it means.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from ..files import FileError, read_input

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Pos(NamedTuple):
    """Where a value starts (line and column from 1) and its span in the text (character offsets)."""

    line: int
    column: int
    start: int
    end: int

    @property
    def at(self) -> str:
        """``LINE:COLUMN``, as messages cite an earlier place."""
        return f"{self.line}:{self.column}"


@dataclass(slots=True)
class Scalar:
    """A scalar value as written; ``plain`` when it had no quotes (so ``12`` may be a number)."""

    value: str
    plain: bool
    pos: Pos


@dataclass(slots=True)
class Seq:
    """A sequence; ``flow`` when written ``[a, b]``."""

    items: list[Node]
    flow: bool
    pos: Pos


@dataclass(slots=True)
class Map:
    """A mapping with scalar keys, in file order; ``flow`` when written ``{a: b}``."""

    entries: list[tuple[Scalar, Node]]
    flow: bool
    pos: Pos
    _index: dict[str, Node] = field(default_factory=dict, repr=False, compare=False)

    def get(self, key: str) -> Node | None:
        """The value of ``key``, or None."""
        return self._index.get(key)


Node = Scalar | Seq | Map


@dataclass(frozen=True)
class Document:
    """A loaded file: its text (for in-place edits) and its root value."""

    path: str
    text: str
    root: Node | None
    bom: bool = False
    """The file started with a UTF-8 byte-order mark (kept when the file is rewritten)."""


class SourceError(Exception):
    """The file cannot be read as YAML; carries every problem found (line and column from 1)."""

    def __init__(self, problems: list[tuple[int, int, str]]) -> None:
        super().__init__(problems[0][2])
        self.problems = problems


def read_source(path: Path, display: str | None = None) -> bytes:
    """The file's bytes; ``FileError`` when it cannot be read (not a regular file, an OS error),
    ``SourceError`` for a file too large."""
    try:
        return read_input(path, display)
    except FileError as error:
        if error.too_large:
            raise SourceError([(1, 1, error.message)]) from None
        raise


def decode(data: bytes) -> str:
    """UTF-8 text; ``SourceError`` at the line and column (in characters) of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8", "replace")
        message = f"not UTF-8 text (byte 0x{data[error.start]:02x}): save the file as UTF-8"
        raise SourceError([_at(before, len(before), message)]) from None


_NOT_TEXT = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
"""A character no YAML (or JSON) text may hold, or a byte-order mark after the start."""
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb]")
"""Characters that no text of the site may hold, however they are written (such as YAML's
``"\\0"`` or ``"\\e"``), as whole Unicode classes: every control (Cc) but tab and the line ends,
the line and paragraph separators (Zl, Zp), every explicit bidirectional formatting character of
UAX #9 (embeddings, overrides, isolates and their pops: U+202A-U+202E, U+2066-U+2069), the
byte-order mark and the interlinear annotation marks. The directional marks (U+200E, U+200F,
U+061C) and the joiners are text. Written out, as deriving it from ``unicodedata`` costs every
command 9 ms: ``tests/test_source.py`` derives it over every code point and fails if they differ."""
_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)", re.S)
_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}
MAX_DEPTH = 100
"""Lists and mappings nested deeper than this are refused (no page needs ten)."""


def character_problem(text: str) -> tuple[int, int, str] | None:
    """The first character a YAML or JSON text may not hold, at its line and column (characters,
    from 1), with what to do; None when there is none."""
    found = _NOT_TEXT.search(text)
    if found is None:
        return None
    message = f"the control character U+{ord(found.group()):04X} is not allowed: remove it"
    if found.group() == "\ufeff":
        message = "a byte-order mark (U+FEFF) inside the file: remove it (an editor may show nothing there)"
    return _at(text, found.start(), message)


def _at(text: str, index: int, message: str) -> tuple[int, int, str]:
    """A problem at the line and column (characters, from 1) of ``text[index]``."""
    line = text.count("\n", 0, index) + 1
    return line, index - text.rfind("\n", 0, index), message


_REFERENCE = re.compile(r"&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,9}));")
"""A numeric character reference (``&#x202E;``), which Markdown turns into its character."""


def control_problem(text: str) -> tuple[int, int, str] | None:
    """The first control character of a text that is not YAML (a template), at its line and
    column, with what to do; None when there is none."""
    bad = CONTROL.search(text)
    if bad is None:
        return None
    return _at(
        text, bad.start(), f"the control character U+{ord(bad.group()):04X} is not allowed in any text: remove it"
    )


def control_character(text: str) -> int | None:
    """The first control character of ``text`` (see ``CONTROL``), written as itself or as a
    numeric character reference; None when there is none."""
    bad = CONTROL.search(text)
    for reference in _REFERENCE.finditer(text, 0, bad.start() if bad else len(text)):
        code = int(reference.group(1), 16) if reference.group(1) else int(reference.group(2))
        if code > 0x10FFFF or CONTROL.match(chr(code)):
            return code
    return ord(bad.group()) if bad else None


def _control_problem(text: str, scalar: Scalar, code: int) -> tuple[int, int, str]:
    """Where a scalar writes a control character as an escape (``"\\0"``) or a character
    reference (``&#7;``), and what to do."""
    index = scalar.pos.start
    for written in sorted(
        [
            *_ESCAPE.finditer(text, scalar.pos.start, scalar.pos.end),
            *_REFERENCE.finditer(text, scalar.pos.start, scalar.pos.end),
        ],
        key=lambda match: match.start(),
    ):
        if control_character(_written(written)) is not None:
            index = written.start()
            break
    return _at(text, index, f"the control character U+{code:04X} is not allowed in any text: remove it")


def _written(found: re.Match[str]) -> str:
    """What an escape stands for (a character reference is checked as it is)."""
    if found.re is _REFERENCE:
        return found.group()
    code = found.group(1)
    return chr(int(code[1:], 16)) if len(code) > 1 else _ESCAPES.get(code, code)


def parse(text: str, language: str = "YAML") -> Node | None:
    """Build the located tree of one YAML (or JSON) document; ``SourceError`` lists what is wrong."""
    problems: list[tuple[int, int, str]] = []
    stack: list[tuple[Any, list]] = []  # open collections (the parser's untyped events) and their children so far
    children: list = []  # the children of the innermost open collection (or the root)
    documents = 0
    bad = character_problem(text)  # before libyaml, which counts its position in bytes
    if bad is not None:
        raise SourceError([(bad[0], bad[1], f"{language} syntax: {bad[2]}")])
    # A scalar can only hold a control character written raw in the text, as an escape of a
    # double-quoted scalar, or as a character reference: only those scalars are searched.
    raw = CONTROL.search(text) is not None
    escapes = "\\" in text
    loader = _Loader(text)
    next_event = loader.get_event
    try:
        while (event := next_event()) is not None:
            kind = type(event)
            if kind is yaml.ScalarEvent:
                start, end = event.start_mark, event.end_mark
                value = event.value
                scalar = Scalar(value, event.implicit[0], Pos(start.line + 1, start.column + 1, start.index, end.index))
                if (raw or "&#" in value or (escapes and event.style == '"')) and (
                    code := control_character(value)
                ) is not None:
                    problems.append(_control_problem(text, scalar, code))
                children.append(scalar)
            elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                if len(stack) >= MAX_DEPTH:
                    message = f"{language} syntax: exceeded maximum nesting depth ({MAX_DEPTH}): flatten the structure"
                    problems.append(_marked(event.start_mark, message))
                    break
                stack.append((event, children))
                children = []
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                opening, parent = stack.pop()
                start, end = opening.start_mark, event.end_mark
                pos = Pos(start.line + 1, start.column + 1, start.index, end.index)
                flow_style = bool(opening.flow_style)
                if kind is yaml.SequenceEndEvent:
                    parent.append(Seq(children, flow_style, pos))
                else:
                    parent.append(_mapping(children, flow_style, pos, problems))
                children = parent
            elif kind is yaml.AliasEvent:
                mark = event.start_mark
                problems.append(_marked(mark, f"alias *{event.anchor} is not supported: write the value out"))
                children.append(Scalar("", True, Pos(mark.line + 1, mark.column + 1, mark.index, mark.index)))
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    message = "a second YAML document: a file holds one (remove the '---')"
                    problems.append(_marked(event.start_mark, message))
                    break
    except yaml.MarkedYAMLError as error:
        problems.append(_syntax_problem(text, error, language))
    except yaml.reader.ReaderError as error:  # a character YAML does not allow, such as NUL
        message = f"{language} syntax: the control character U+{error.character:04X} is not allowed: remove it"
        problems.append(_at(text, min(error.position, len(text)), message))
    finally:
        loader.dispose()
    if problems:
        raise SourceError(problems)
    return children[0] if children else None


def _mapping(children: list[Node], flow_style: bool, pos: Pos, problems: list[tuple[int, int, str]]) -> Map:
    entries: list[tuple[Scalar, Node]] = []
    index: dict[str, Node] = {}
    for key, value in zip(children[::2], children[1::2], strict=True):
        if not isinstance(key, Scalar):
            problems.append((key.pos.line, key.pos.column, "a key must be a plain word, not a list or mapping"))
        elif key.value in index:
            first = next(kept for kept, _ in entries if kept.value == key.value)
            message = f"duplicate key {key.value!r} (first at line {first.pos.line}): keep one"
            problems.append((key.pos.line, key.pos.column, message))
        else:
            index[key.value] = value
            entries.append((key, value))
    return Map(entries, flow_style, pos, index)


def _marked(mark: yaml.Mark, message: str) -> tuple[int, int, str]:
    """A problem at a libyaml mark (whose line and column count from 0)."""
    return mark.line + 1, mark.column + 1, message


def _syntax_problem(text: str, error: yaml.MarkedYAMLError, language: str) -> tuple[int, int, str]:
    """Where a syntax error is to be mended, and what to do, from libyaml's marks."""
    mark = error.problem_mark or error.context_mark
    if mark is None:
        return 1, 1, f"{language} syntax: {error.problem or 'invalid'}"
    index = mark.index
    problem = error.problem or "invalid"
    if problem.startswith("did not find expected ','") and error.context_mark is not None:
        # Either a comma is missing or the bracket is never closed: point at the bracket,
        # and say where the parser gave up.
        index = error.context_mark.index
        where = "the end of the file" if not text[mark.index :].strip() else f"{mark.line + 1}:{mark.column + 1}"
        message = (
            f"the '{text[index]}' here is never closed, or a comma is missing before {where} "
            f"(expected ',' or '{problem[-2]}')"
        )
    elif text[index : index + 1] == "\t":
        message = "a tab character: indent with spaces, not tabs"
    elif problem.startswith("mapping values are not allowed"):
        message = f"{problem}: check the indentation, or quote a value that contains ': '"
    else:
        message = f"{problem} ({error.context})" if error.context else problem
    return _at(text, index, f"{language} syntax: {message}")


def load(path: Path, display: str) -> Document:
    """Read and parse ``path``; ``SourceError`` when it is not readable YAML, ``FileError`` when
    it cannot be read at all."""
    return document_of(display, read_source(path, display))


def document_of(display: str, data: bytes) -> Document:
    """The document of a file's bytes; ``SourceError`` when they are not UTF-8 YAML (or JSON)."""
    bom = data.startswith(codecs.BOM_UTF8)
    text = decode(data[3 if bom else 0 :])
    return Document(display, text, parse(text, "JSON" if is_json(display) else "YAML"), bom)


def is_json(name: str) -> bool:
    """True for a ``.json`` file name (any case): parsed as YAML is, but rewritten in JSON notation."""
    return name.lower().endswith(".json")
