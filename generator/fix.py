"""``check --fix``: write the engine's answers into each example's ``expect``, editing the text in place.

Only the spans of the ``expect`` values that change (or the lines that add a missing field)
are rewritten, so comments, key order, layout, line endings and a byte-order mark elsewhere
stay as they were, a comment between a changed key and its value too. A result mapping that
states a wrong field has that field's value changed and nothing else. PyYAML cannot round-trip a
file; the positions recorded by the reader make that unnecessary.
"""

from __future__ import annotations

from .reader.examples import Example, Stated
from .reader.notation import flow
from .reader.source import Map, Node, Scalar, Seq
from .verify import agrees

Edit = tuple[int, int, str]


def fix_text(text: str, answers: list[tuple[Example, dict[str, object]]], as_json: bool) -> str:
    """``text`` with each example's ``expect`` made to state its answer (unchanged when all agree).

    New lines use the file's own line ending (CRLF stays CRLF).
    """
    edits: list[Edit] = []
    for example, answer in answers:
        edits.extend(_example_edits(text, example, answer, as_json))
    newline = "\r\n" if "\r\n" in text else "\n"
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement.replace("\n", newline) + text[end:]
    return text


def _example_edits(text: str, example: Example, answer: dict[str, object], as_json: bool) -> list[Edit]:
    expect = example.expect_node
    if expect is None:
        return [_insert(text, example.node, {"expect": answer}, as_json)]
    edits = []
    missing: dict[str, object] = {}
    for name, value in answer.items():
        stated = example.expect.get(name)
        if stated is None:
            missing[name] = value
        elif not agrees(name, stated.value, value):
            edits.extend(_replace_field(text, stated, value, as_json))
    if missing:
        edits.append(_insert(text, expect, missing, as_json))
    return edits


def _replace_field(text: str, stated: Stated, value: object, as_json: bool) -> list[Edit]:
    """The edits that make one field state ``value``: in a result stated as a mapping, only the
    values that differ change (the keys it leaves out stay out)."""
    if isinstance(stated.node, Map) and isinstance(stated.value, dict) and isinstance(value, dict):
        return [
            _replace(text, key, node, value[key.value], as_json, key.value)
            for key, node in stated.node.entries
            if key.value in value and stated.value.get(key.value) != value[key.value]
        ]
    return [_replace(text, stated.key, stated.node, value, as_json)]


def _replace(text: str, key: Scalar, node: Node, value: object, as_json: bool, name: str = "") -> Edit:
    """Rewrite one value, keeping a block list or mapping in block style, and a comment written
    between the key and the value."""
    end = _content_end(text, node)
    if isinstance(node, (Seq, Map)) and not node.flow and value and isinstance(value, (tuple, dict)):
        indent = "\n" + " " * (node.pos.column - 1)
        return node.pos.start, end, indent.join(_block_lines(value, as_json))
    written = flow(value, as_json, name)
    between = text[key.pos.end : node.pos.start]
    comments = between[between.find(":") + 1 :].strip()
    if not comments:
        return key.pos.end, end, ": " + written
    if node.pos.line == key.pos.line or node.pos.column > key.pos.column:
        return node.pos.start, end, written
    # A list below its key at the key's own column: the value follows the colon, then the comments.
    return key.pos.end, end, ": " + written + " " + comments


def _last_value(node: Node) -> Node:
    """The scalar or flow collection that a value's text ends with."""
    while not isinstance(node, Scalar) and not node.flow:
        node = node.items[-1] if isinstance(node, Seq) else node.entries[-1][1]
    return node


def _content_end(text: str, node: Node) -> int:
    """Where a value's own text ends: a block collection's span runs on to the next token, and a
    block scalar's (``>-`` and its lines) to the start of the line after it."""
    last = _last_value(node)
    end = last.pos.end
    while end > last.pos.start and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def _keeps_trailing_lines(text: str, node: Node) -> bool:
    """True when the value ends with a block scalar that keeps its trailing blank lines (``|+``)."""
    last = _last_value(node)
    header = text[last.pos.start : text.find("\n", last.pos.start)]
    return header[:1] in ("|", ">") and "+" in header.split("#")[0] and text[last.pos.end - 1] == "\n"


def _block_lines(value: object, as_json: bool) -> list[str]:
    if isinstance(value, dict):
        return [f"{name}: {flow(item, as_json, name)}" for name, item in value.items()]
    assert isinstance(value, tuple)
    return [f"- {flow(item, as_json)}" for item in value]


def _insert(text: str, mapping: Map, fields: dict[str, object], as_json: bool) -> Edit:
    """Add fields at the end of a mapping, in its style (block lines, or inside ``{...}``)."""
    if mapping.flow:
        close = mapping.pos.end - 1  # the closing brace
        pairs = ", ".join(f"{flow(name, as_json)}: {flow(value, as_json, name)}" for name, value in fields.items())
        last = len(text[:close].rstrip())  # just after the last value, or a trailing comma, or '{'
        if not mapping.entries:
            return last, close, pairs
        if text[last - 1] == ",":
            return last, close, " " + pairs
        return last, last, ", " + pairs
    indent = " " * (mapping.entries[0][0].pos.column - 1)
    lines: list[str] = []
    for name, value in fields.items():
        if isinstance(value, dict) and name == "expect":
            lines.append(f"{name}:")
            lines.extend(f"  {name_}: {flow(item, as_json, name_)}" for name_, item in value.items())
        else:
            lines.append(f"{name}: {flow(value, as_json, name)}")
    if _keeps_trailing_lines(text, mapping):
        end = _last_value(mapping).pos.end  # after the blank lines that belong to the scalar
        return end, end, "".join(indent + line + "\n" for line in lines)
    end = _line_end(text, _content_end(text, mapping))
    return end, end, "".join("\n" + indent + line for line in lines)


def _line_end(text: str, index: int) -> int:
    """Where the line holding ``index`` ends, after any trailing comment (before its line break)."""
    end = text.find("\n", index)
    if end < 0:
        return len(text)
    return end - 1 if text[end - 1 : end] == "\r" else end
