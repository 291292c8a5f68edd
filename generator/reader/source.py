"""Read a YAML (or JSON) file into a tree of values that know their line and column.

The tree is built from libyaml's parse events: nothing is ever constructed from tags, so
loading is safe by construction, and aliases are refused rather than expanded (no "billion
laughs"). Every scalar stays a string: the reader of each field decides what it means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

MAX_BYTES = 16 * 1024 * 1024
"""Larger files are refused before parsing, to keep time and memory bounded."""

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Pos:
    """Where a value starts (line and column from 1) and its span in the text (character offsets)."""

    line: int
    column: int
    start: int
    end: int


@dataclass(frozen=True)
class Scalar:
    """A scalar value as written; ``plain`` when it had no quotes (so ``12`` may be a number)."""

    value: str
    plain: bool
    pos: Pos


@dataclass(frozen=True)
class Seq:
    """A sequence; ``flow`` when written ``[a, b]``."""

    items: list[Node]
    flow: bool
    pos: Pos


@dataclass(frozen=True)
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


class SourceError(Exception):
    """The file cannot be read as YAML; carries every problem found (line and column from 1)."""

    def __init__(self, problems: list[tuple[int, int, str]]) -> None:
        super().__init__(problems[0][2])
        self.problems = problems


def _pos(start: yaml.Mark, end: yaml.Mark) -> Pos:
    return Pos(start.line + 1, start.column + 1, start.index, end.index)


def read_text(path: Path) -> str:
    """The file's text; ``SourceError`` for a file too large or not UTF-8, at the offending byte."""
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        raise SourceError([(1, 1, f"file is {len(data):,} bytes; the limit is {MAX_BYTES:,}: split it")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        bad = data[error.start]
        raise SourceError([(line, column, f"not UTF-8 text (byte 0x{bad:02x}): save the file as UTF-8")]) from None


def parse(text: str) -> Node | None:
    """Build the located tree of one YAML document; ``SourceError`` lists what is wrong."""
    problems: list[tuple[int, int, str]] = []
    stack: list[tuple[yaml.Event, list]] = []  # open collections and their children so far
    root: list[Node] = []
    documents = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    mark = event.start_mark
                    problems.append((mark.line + 1, mark.column + 1,
                                     "a second YAML document: a file holds one (remove the '---')"))
                    break
                continue
            if isinstance(event, yaml.AliasEvent):
                mark = event.start_mark
                problems.append((mark.line + 1, mark.column + 1,
                                 f"alias *{event.anchor} is not supported: write the value out"))
                node: Node | None = Scalar("", True, _pos(event.start_mark, event.end_mark))
            elif isinstance(event, yaml.ScalarEvent):
                node = Scalar(event.value, event.implicit[0],
                              _pos(event.start_mark, event.end_mark))
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                stack.append((event, []))
                continue
            elif isinstance(event, yaml.SequenceEndEvent):
                start, children = stack.pop()
                node = Seq(children, bool(start.flow_style), _pos(start.start_mark, event.end_mark))
            elif isinstance(event, yaml.MappingEndEvent):
                start, children = stack.pop()
                node = _mapping(start, event, children, problems)
            else:
                continue
            (stack[-1][1] if stack else root).append(node)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        at_tab = mark is not None and text[mark.index:mark.index + 1] == "\t"
        problems.append((line, column, _syntax_message(error, at_tab)))
    if problems:
        raise SourceError(problems)
    return root[0] if root else None


def _mapping(start: yaml.Event, end: yaml.Event, children: list[Node],
             problems: list[tuple[int, int, str]]) -> Map:
    entries: list[tuple[Scalar, Node]] = []
    index: dict[str, Node] = {}
    first_line: dict[str, int] = {}
    for key, value in zip(children[::2], children[1::2]):
        if not isinstance(key, Scalar):
            problems.append((key.pos.line, key.pos.column, "a key must be a plain word, not a list or mapping"))
            continue
        if key.value in index:
            problems.append((key.pos.line, key.pos.column,
                             f"duplicate key {key.value!r} (first at line {first_line[key.value]}): keep one"))
            continue
        index[key.value] = value
        first_line[key.value] = key.pos.line
        entries.append((key, value))
    return Map(entries, bool(start.flow_style), _pos(start.start_mark, end.end_mark), index)


def _syntax_message(error: yaml.MarkedYAMLError, at_tab: bool) -> str:
    problem = error.problem or "invalid YAML"
    if at_tab:
        return f"YAML syntax: a tab character here: indent with spaces, not tabs"
    if error.context:
        return f"YAML syntax: {problem} ({error.context})"
    return f"YAML syntax: {problem}"


def load(path: Path, display: str) -> Document:
    """Read and parse ``path``; ``SourceError`` when it is not readable YAML."""
    text = read_text(path)
    return Document(display, text, parse(text))
