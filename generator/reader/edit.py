"""Editing located YAML (or JSON) text in place: the one editor of ``check --fix``,
``regenerate`` and ``i18n add``/``publish``.

An edit replaces one span of the text, found from the positions the reader recorded, so that
comments, key order, layout, line endings and a byte-order mark elsewhere stay as they were.
PyYAML cannot round-trip a file; those positions make that unnecessary.
"""

from __future__ import annotations

from .source import Map, Node, Scalar, Seq

Edit = tuple[int, int, str]
"""Replace ``text[start:end]`` with a string whose ``\\n`` become the file's own line ending."""


def apply(text: str, edits: list[Edit]) -> str:
    """``text`` with the edits made (spans that do not overlap); new lines use the file's own
    line ending (CRLF stays CRLF)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement.replace("\n", newline) + text[end:]
    return text


def replace(text: str, key: Scalar, node: Node, written: str) -> Edit:
    """Make ``key`` hold ``written`` (a value in flow notation) instead of ``node``, keeping a
    comment written between the key and its value."""
    end = content_end(text, node)
    between = text[key.pos.end : node.pos.start]
    comments = between[between.find(":") + 1 :].strip()
    if not comments:
        return key.pos.end, end, ": " + written
    if node.pos.line == key.pos.line or node.pos.column > key.pos.column:
        return node.pos.start, end, written
    # A list below its key at the key's own column: the value follows the colon, then the comments.
    return key.pos.end, end, ": " + written + " " + comments


def replace_block(text: str, node: Seq | Map, lines: list[str]) -> Edit:
    """Rewrite a block list or mapping as ``lines`` (``- item`` or ``key: value``) at its own indentation."""
    indent = "\n" + " " * (node.pos.column - 1)
    return node.pos.start, content_end(text, node), indent.join(lines)


def insert(text: str, mapping: Map, pairs: list[str], lines: list[str]) -> Edit:
    """Add entries at the end of a mapping, in its style: ``pairs`` (``key: value``) inside
    ``{...}``, or ``lines`` (indented relative to the mapping's keys) after its last line."""
    if mapping.flow:
        close = mapping.pos.end - 1  # the closing brace
        last = len(text[:close].rstrip())  # just after the last value, or a trailing comma, or '{'
        if not mapping.entries:
            return last, close, ", ".join(pairs)
        if text[last - 1] == ",":
            return last, close, " " + ", ".join(pairs)
        return last, last, ", " + ", ".join(pairs)
    indent = " " * (mapping.entries[0][0].pos.column - 1)
    if _keeps_trailing_lines(text, mapping):
        end = _last_value(mapping).pos.end  # after the blank lines that belong to the scalar
        return end, end, "".join(indent + line + "\n" for line in lines)
    end = _line_end(text, content_end(text, mapping))
    return end, end, "".join("\n" + indent + line for line in lines)


def remove(text: str, mapping: Map, key: Scalar) -> Edit:
    """Take the entry of ``key`` out of ``mapping``, in its style: its lines (and their comment)
    from a block mapping; the entry and one comma from a flow mapping."""
    index = next(i for i, (entry, _) in enumerate(mapping.entries) if entry is key)
    value = mapping.entries[index][1]
    if not mapping.flow:
        return max(text.rfind("\n", 0, key.pos.start), 0), _line_end(text, content_end(text, value)), ""
    if index > 0:
        return content_end(text, mapping.entries[index - 1][1]), content_end(text, value), ""
    if len(mapping.entries) > 1:
        return key.pos.start, mapping.entries[1][0].pos.start, ""
    return key.pos.start, content_end(text, value), ""


def content_end(text: str, node: Node) -> int:
    """Where a value's own text ends: a block collection's span runs on to the next token, and a
    block scalar's (``>-`` and its lines) to the start of the line after it."""
    last = _last_value(node)
    end = last.pos.end
    while end > last.pos.start and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def _last_value(node: Node) -> Node:
    """The scalar or flow collection that a value's text ends with."""
    while not isinstance(node, Scalar) and not node.flow:
        node = node.items[-1] if isinstance(node, Seq) else node.entries[-1][1]
    return node


def _keeps_trailing_lines(text: str, node: Node) -> bool:
    """True when the value ends with a block scalar that keeps its trailing blank lines (``|+``)."""
    last = _last_value(node)
    header = text[last.pos.start : text.find("\n", last.pos.start)]
    return header[:1] in ("|", ">") and "+" in header.split("#")[0] and text[last.pos.end - 1] == "\n"


def _line_end(text: str, index: int) -> int:
    """Where the line holding ``index`` ends, after any trailing comment (before its line break)."""
    end = text.find("\n", index)
    if end < 0:
        return len(text)
    return end - 1 if text[end - 1 : end] == "\r" else end
