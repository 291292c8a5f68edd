"""Write values back in the example files' own notation: ``[KS, 7S]``, ``E``, ``{taker: E, trump: H}``."""

from __future__ import annotations

import json
from enum import Enum

from ..rules import CAPOT, GENERALE, Card, Seat, Suit, contract_code


def written(value: object, as_json: bool = False, key: str = "") -> str:
    """A value as an example file writes it, on one line: YAML's flow style (``[KS, 7S]``,
    ``{taker: E, trump: H}``), or JSON for a ``.json`` file; ``key`` names a result field."""
    if isinstance(value, tuple):
        return "[" + ", ".join(written(item, as_json) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{_text(name, as_json)}: {written(item, as_json, name)}" for name, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    if key == "contract" and isinstance(value, int):
        value = contract_written(value)  # a name (capot) is text, a number stays one
    if isinstance(value, (Card, Seat, Suit)):
        return _text(value.code(), as_json)
    if isinstance(value, Enum):
        return _text(str(value.value), as_json)
    if isinstance(value, int):
        return str(value)
    return _text(str(value), as_json)


def _text(text: str, as_json: bool) -> str:
    return json.dumps(text, ensure_ascii=False) if as_json else text


def contract_written(value: int | None) -> int | str | None:
    """A contract as the files write it: 80 to 160, or ``capot`` / ``generale`` (``export`` too)."""
    return contract_code(value) if value in (CAPOT, GENERALE) else value
