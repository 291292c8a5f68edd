"""The codes the app receives from the engine, with their meanings: why a card or a call is refused
(:class:`PlayReason`, :class:`AuctionReason`) and why one is allowed (:class:`PlayPermission`,
:class:`CallPermission`).

A code's meaning is its member's docstring in the engine (one place to write it), read from the
engine's source; the schemas list the codes as documented enums and the README's table is made
from the same list. Released codes never disappear nor change: ``tests/released-codes.txt``.
"""

from __future__ import annotations

import ast
import functools
import inspect
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .rules import AuctionReason, CallPermission, PlayPermission, PlayReason


@dataclass(frozen=True, slots=True)
class CodeKind:
    """A kind of code: its name in the data files (``play-reason``), the engine's enum, what it answers."""

    name: str
    enum: type[Enum]
    title: str


KINDS = (
    CodeKind("play-reason", PlayReason, "Why a card is refused"),
    CodeKind("call-reason", AuctionReason, "Why a call is refused"),
    CodeKind("play-permission", PlayPermission, "Why a card is allowed"),
    CodeKind("call-permission", CallPermission, "Why a call is accepted"),
)
"""Every kind of code, in the order the README lists them."""


@functools.cache
def meanings(enum: type[Enum]) -> dict[str, str]:
    """Each code of ``enum`` with its meaning: the docstring under the member in the engine's source."""
    tree = ast.parse(inspect.getsource(enum))
    body = tree.body[0].body  # type: ignore[attr-defined]
    found: dict[str, str] = {}
    for statement, following in zip(body, body[1:], strict=False):
        if (
            isinstance(statement, ast.Assign)
            and isinstance(statement.targets[0], ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            found[enum[statement.targets[0].id].value] = " ".join(following.value.value.split())
    missing = [member.value for member in enum if member.value not in found]
    assert not missing, f"{enum.__name__}: no docstring under {missing} in the engine"
    return {member.value: found[member.value] for member in enum}


def enum_schema(kind: CodeKind) -> dict[str, Any]:
    """A JSON Schema of one kind of code: each code a ``const`` with its meaning as ``description``
    (so an editor or a validator shows what a code means), in the engine's order."""
    return {
        "title": kind.title,
        "oneOf": [{"const": code, "description": meaning} for code, meaning in meanings(kind.enum).items()],
    }


TABLE_BEGIN = "<!-- codes: made by `belote-docs schema` from the engine; do not edit -->"
TABLE_END = "<!-- codes: end -->"


def readme_table() -> str:
    """The README's table of every code and its meaning, between its two markers."""
    lines = [TABLE_BEGIN, "", "| kind | code | meaning |", "| --- | --- | --- |"]
    for kind in KINDS:
        lines += [f"| {kind.name} | `{code}` | {meaning} |" for code, meaning in meanings(kind.enum).items()]
    return "\n".join([*lines, "", TABLE_END])


def with_table(readme: str) -> str | None:
    """The README with its table of codes made current; None when it has no markers for it."""
    start, end = readme.find(TABLE_BEGIN), readme.find(TABLE_END)
    if start < 0 or end < start:
        return None
    return readme[:start] + readme_table() + readme[end + len(TABLE_END) :]
