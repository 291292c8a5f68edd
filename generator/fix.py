"""``check --fix`` and ``regenerate``: what to write into each example's ``expect``, and where.

The policy: a field the engine answers and the example does not state is added after the
stated ones (in the answer's order: allowed, winner, points; rejected, result); a stated field
that the example's rules have no place for (``carried_out``, ``carried_in`` where no litige is
carried over) is removed; a stated field that does not hold has its value rewritten, a block
list staying a block list; a result stated as a mapping has only its wrong values changed (the
keys it leaves out stay out); a field that holds is left as written. The text is edited in place
(:mod:`generator.reader.edit`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .reader.edit import Edit, apply, insert, remove, replace, replace_block
from .reader.examples import Example, Stated
from .reader.notation import written
from .reader.source import Document, Map, Node, Pos, Scalar, Seq, is_json
from .verify import Absent, FieldCheck


def to_write(checks: list[FieldCheck]) -> list[FieldCheck]:
    """The fields ``--fix`` writes: each stated one that does not hold, and each one not stated,
    except an empty ``rejected`` (an auction with no refused call need not say so)."""
    return [
        check
        for check in checks
        if (check.stated is None and (check.name != "rejected" or check.computed)) or not check.holds
    ]


@dataclass(frozen=True)
class Change:
    """One field of one example whose answer the engine now computes differently."""

    path: str
    example: str
    field: str
    before: str
    after: str

    def __str__(self) -> str:
        """The line ``regenerate`` and ``check --fix`` print: page, example, field, before -> after."""
        return f"{self.path}: {self.example}: {self.field}: {self.before} -> {self.after}"


def changes_of(example: Example, checks: list[FieldCheck]) -> list[Change]:
    """The fields ``--fix`` would write: those whose stated value differs from the engine's, and
    those not stated."""
    return [
        Change(
            example.path,
            example.id,
            check.name,
            "(not stated)" if check.stated is None else written(check.stated.value),
            written(check.computed),
        )
        for check in to_write(checks)
    ]


def fixed_texts(
    documents: list[Document], examples: list[Example], checks: dict[str, list[FieldCheck]]
) -> dict[str, str]:
    """The new text (a byte-order mark kept), by path, of each document where ``examples`` do not
    all state the engine's answer (``checks``, by example id): their ``expect`` made to state it,
    each example found again in its document's tree by its place."""
    texts: dict[str, str] = {}
    for document in documents:
        fixes = [(example, checks[example.id]) for example in examples if example.path == document.path]
        if not fixes:
            continue
        mappings = _mappings(document.root)
        as_json = is_json(document.path)
        edits: list[Edit] = []
        for example, found in fixes:
            edits.extend(_example_edits(document.text, mappings[example.pos], to_write(found), as_json))
        text = apply(document.text, edits)
        if text != document.text:
            texts[document.path] = "\ufeff" * document.bom + text
    return texts


def _mappings(root: Node | None) -> dict[Pos, Map]:
    """Every mapping of a tree by its place (two mappings never share both ends)."""
    found: dict[Pos, Map] = {}
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, Map):
            found[node.pos] = node
            stack.extend(value for _, value in node.entries)
        elif isinstance(node, Seq):
            stack.extend(node.items)
    return found


def _example_edits(text: str, node: Map, checks: list[FieldCheck], as_json: bool) -> list[Edit]:
    missing = {check.name: check.computed for check in checks if check.stated is None}
    removed = {check.name for check in checks if isinstance(check.computed, Absent)}
    edits = [remove(text, node, key) for key, _ in node.entries if key.value in removed]  # carried_in
    expect_node = node.get("expect")
    if not isinstance(expect_node, Map):
        return edits + ([_insert(text, node, {"expect": missing}, as_json)] if missing else [])
    entries = {key.value: (key, value) for key, value in expect_node.entries}
    edits += [remove(text, expect_node, key) for key, _ in expect_node.entries if key.value in removed]
    edits += [
        edit
        for check in checks
        if check.stated is not None and check.name not in removed
        for edit in _replace_field(text, *entries[check.name], check.stated, check.computed, as_json)
    ]
    if missing:
        edits.append(_insert(text, expect_node, missing, as_json))
    return edits


def _replace_field(text: str, key: Scalar, node: Node, stated: Stated, value: object, as_json: bool) -> list[Edit]:
    """The edits that make one field (``key: node``) state ``value``: in a result stated as a
    mapping, only the values that differ change."""
    if isinstance(node, Map) and isinstance(stated.value, dict) and isinstance(value, dict):
        return [
            replace(text, entry_key, entry, written(value[entry_key.value], as_json, entry_key.value))
            for entry_key, entry in node.entries
            if entry_key.value in value and stated.value.get(entry_key.value) != value[entry_key.value]
        ]
    if isinstance(node, (Seq, Map)) and not node.flow and value and isinstance(value, (tuple, dict)):
        return [replace_block(text, node, _block_lines(value, as_json))]
    return [replace(text, key, node, written(value, as_json))]


def _block_lines(value: tuple[object, ...] | dict[str, object], as_json: bool) -> list[str]:
    if isinstance(value, dict):
        return [f"{name}: {written(item, as_json, name)}" for name, item in value.items()]
    return [f"- {written(item, as_json)}" for item in value]


def _insert(text: str, mapping: Map, fields: dict[str, object], as_json: bool) -> Edit:
    """Add fields at the end of a mapping, in its style; a new ``expect`` as a block of its own."""
    pairs = [f"{written(name, as_json)}: {written(value, as_json, name)}" for name, value in fields.items()]
    lines = _block_lines(fields, as_json)
    if isinstance(expect := fields.get("expect"), dict):
        lines = ["expect:", *(f"  {line}" for line in _block_lines(expect, as_json))]
    return insert(text, mapping, pairs, lines)
