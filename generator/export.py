"""The examples as data: every example of the site with the engine's answers, as one JSON file
(``belote-docs export``), and the JSON Schema of that file.

It is the app team's conformance suite: their engine, given each ``position``, must give the same
``answer`` (the allowed cards and why each other card is refused, the trick's winner and points,
each call's refusal and the auction's outcome, each deal's score). Codes are the engine's own
(``must-follow-suit``, ``bid-too-low``), cards and seats as the example files write them (``10H``,
``N``). The bytes follow from the examples alone: the same tree gives the same file.
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from pathlib import Path
from typing import Any

from .reader.examples import AuctionExample, DealExample, Example, PlayExample
from .rules import CAPOT, GENERALE, Card, Rules, Seat, Suit, Team, contract_code
from .verify import AuctionSolution, DealSolution, PlaySolution, Solution

FORMAT = 1
"""The version of the file's format: raised when a change would break a reader of the previous one."""

SCHEMA_ID = "https://belote-docs.example/schemas/examples.schema.json"


def export_data(examples: list[Example], exported: dict[str, str]) -> bytes:
    """The JSON file of every example of a checked project (no problem, no mismatch), in the
    site's order, with the engine's answers (each example's line, :func:`example_line`, by id);
    deterministic bytes."""
    lines = ",\n".join(exported[example.id] for example in examples)
    head = json.dumps({"$schema": SCHEMA_ID, "format": FORMAT}, ensure_ascii=False)
    return (head[:-1] + ', "examples": [\n' + lines + "\n]}\n").encode("utf-8")


def example_line(example: Example, solution: Solution) -> str:
    """An example's line of the file: one example a line, by json's C encoder (indented output is
    written by its Python one, 3 times slower at a thousand pages), and still a file whose diff
    shows which examples changed."""
    return json.dumps(_example(example, solution), ensure_ascii=False, separators=(",", ":"))


def schema_data() -> bytes:
    """The JSON Schema of :func:`export_data`'s file, as written beside it and committed."""
    return _dumps(SCHEMA)


def _dumps(value: object) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _plain(value: object) -> Any:
    """An engine value as JSON: cards, seats, suits and teams by their codes, enums by their values."""
    if isinstance(value, (Card, Seat, Suit)):
        return value.code()
    if isinstance(value, Team):
        return value.code()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def _contract(value: int | None) -> int | str | None:
    """A contract as the files write it: 80 to 160, or ``capot`` / ``generale``."""
    return contract_code(value) if value in (CAPOT, GENERALE) else value


def _rules(rules: Rules) -> dict[str, Any]:
    """The rule set by name, with each of its flags (an app may implement them by flag)."""
    return {item.name: _plain(getattr(rules, item.name)) for item in dataclasses.fields(rules) if item.name != "game"}


def _plays(plays: tuple[tuple[Seat, Card], ...]) -> list[dict[str, str]]:
    return [{"seat": seat.code(), "card": card.code()} for seat, card in plays]


def _example(example: Example, solution: Solution) -> dict[str, Any]:
    """One example: where it is, its game and rules, its position and the engine's answer (``solution``)."""
    head = {
        "id": example.id,
        "page": Path(example.path).stem,
        "kind": "",
        "game": example.game.value,
        "rules": _rules(example.rules),
    }
    if isinstance(example, PlayExample) and isinstance(solution, PlaySolution):
        position: dict[str, Any] = {
            "trump": _plain(example.trump),
            "trick": _plays(example.trick),
            "seat": example.seat.code(),
            "hand": _plain(example.hand),
            "play": _plain(example.play),
        }
        answer: dict[str, Any] = {
            "allowed": _plain(solution.allowed_in_hand_order),
            "refused": [
                {"card": card.code(), "reason": solution.refusals[card].value}
                for card in example.hand
                if card in solution.refusals
            ],
            "trick": None if solution.trick is None else {"winner": _plain(solution.winner), "points": solution.points},
        }
        return head | {"kind": "play", "position": position, "answer": answer}
    if isinstance(example, AuctionExample) and isinstance(solution, AuctionSolution):
        outcome = solution.outcome
        position = {
            "dealer": example.dealer.code(),
            "turned": _plain(example.turned),
            "turned_card": _plain(example.turned_card),
            "calls": [{"seat": seat.code(), "call": call.code()} for seat, call in example.calls],
        }
        answer = {
            "calls": [
                {
                    "seat": verdict.seat.code(),
                    "call": verdict.call.code(),
                    "round": verdict.round,
                    "refused": None if verdict.refusal is None else verdict.refusal.value,
                }
                for verdict in solution.calls
            ],
            "rejected": list(solution.rejected),
            "outcome": {
                "status": outcome.status.value,
                "taker": _plain(outcome.taker),
                "trump": _plain(outcome.trump),
                "contract": _contract(outcome.contract),
                "multiplier": outcome.multiplier,
            },
        }
        return head | {"kind": "auction", "position": position, "answer": answer}
    assert isinstance(example, DealExample) and isinstance(solution, DealSolution)
    score = solution.score
    position = {
        "trump": _plain(example.trump),
        "dealer": example.dealer.code(),
        "taker": example.taker.code(),
        "contract": _contract(example.contract),
        "multiplier": example.multiplier,
        "carried_in": example.carried_in,
        "tricks": [_plays(trick) for trick in example.tricks],
    }
    answer = {
        "card_points": {team.code(): points for team, points in zip(Team, score.card_points, strict=True)},
        "belote": _plain(score.belote),
        "outcome": score.outcome.value,
        "score": {team.code(): points for team, points in zip(Team, score.score, strict=True)},
        "carried_out": score.carried_out,
    }
    return head | {"kind": "deal", "position": position, "answer": answer}


# The schema ------------------------------------------------------------------------------------

_CARD = {"type": "string", "pattern": "^(7|8|9|10|J|Q|K|A)[SHDC]$", "description": "rank then suit: 10H, JS"}
_SEAT = {"enum": ["N", "E", "S", "W"]}
_SUIT = {"enum": ["S", "H", "D", "C"]}
_TEAM_POINTS = {
    "type": "object",
    "properties": {"NS": {"type": "integer"}, "EW": {"type": "integer"}},
    "required": ["NS", "EW"],
    "additionalProperties": False,
}
_CONTRACT = {"anyOf": [{"type": "integer", "minimum": 80, "maximum": 160}, {"enum": ["capot", "generale"]}]}
_PLAYS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {"seat": {"$ref": "#/$defs/seat"}, "card": {"$ref": "#/$defs/card"}},
        "required": ["seat", "card"],
        "additionalProperties": False,
    },
}


def _object(properties: dict[str, Any], description: str = "") -> dict[str, Any]:
    """A JSON object with exactly these properties, all required."""
    found: dict[str, Any] = {"type": "object"}
    if description:
        found["description"] = description
    return found | {"properties": properties, "required": list(properties), "additionalProperties": False}


def _kind(kind: str, position: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "if": {"properties": {"kind": {"const": kind}}},
        "then": {"properties": {"position": _object(position), "answer": _object(answer)}},
    }


SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "The Belote help site's examples with the rules engine's answers (belote-docs export)",
    "description": "Each example's position and what the engine answers: an app's engine must give the same.",
    "type": "object",
    "properties": {
        "$schema": {"const": SCHEMA_ID},
        "format": {"const": FORMAT},
        "examples": {"type": "array", "items": {"$ref": "#/$defs/example"}},
    },
    "required": ["$schema", "format", "examples"],
    "additionalProperties": False,
    "$defs": {
        "card": _CARD,
        "seat": _SEAT,
        "suit": _SUIT,
        "example": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
                "page": {"type": "string", "description": "the page's file name, without .yaml"},
                "kind": {"enum": ["play", "auction", "deal"]},
                "game": {"enum": ["trump", "no-trump", "coinche"]},
                "rules": {
                    "type": "object",
                    "description": "the rule set's name and each of its flags",
                    "properties": {"name": {"enum": ["house", "official"]}},
                    "required": ["name"],
                },
                "position": {"type": "object"},
                "answer": {"type": "object"},
            },
            "required": ["id", "page", "kind", "game", "rules", "position", "answer"],
            "additionalProperties": False,
            "allOf": [
                _kind(
                    "play",
                    {
                        "trump": {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]},
                        "trick": _PLAYS | {"maxItems": 3},
                        "seat": {"$ref": "#/$defs/seat"},
                        "hand": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1, "maxItems": 8},
                        "play": {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]},
                    },
                    {
                        "allowed": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                        "refused": {
                            "type": "array",
                            "items": _object({"card": {"$ref": "#/$defs/card"}, "reason": {"type": "string"}}),
                        },
                        "trick": {
                            "anyOf": [
                                _object({"winner": {"$ref": "#/$defs/seat"}, "points": {"type": "integer"}}),
                                {"type": "null"},
                            ]
                        },
                    },
                ),
                _kind(
                    "auction",
                    {
                        "dealer": {"$ref": "#/$defs/seat"},
                        "turned": {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]},
                        "turned_card": {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]},
                        "calls": {
                            "type": "array",
                            "items": _object({"seat": {"$ref": "#/$defs/seat"}, "call": {"type": "string"}}),
                        },
                    },
                    {
                        "calls": {
                            "type": "array",
                            "items": _object(
                                {
                                    "seat": {"$ref": "#/$defs/seat"},
                                    "call": {"type": "string"},
                                    "round": {"type": "integer", "minimum": 1},
                                    "refused": {"type": ["string", "null"]},
                                }
                            ),
                        },
                        "rejected": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                        "outcome": _object(
                            {
                                "status": {"enum": ["open", "redeal", "contract"]},
                                "taker": {"anyOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]},
                                "trump": {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]},
                                "contract": {"anyOf": [_CONTRACT, {"type": "null"}]},
                                "multiplier": {"enum": [1, 2, 4, None]},
                            }
                        ),
                    },
                ),
                _kind(
                    "deal",
                    {
                        "trump": {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]},
                        "dealer": {"$ref": "#/$defs/seat"},
                        "taker": {"$ref": "#/$defs/seat"},
                        "contract": {"anyOf": [_CONTRACT, {"type": "null"}]},
                        "multiplier": {"type": "integer", "minimum": 1},
                        "carried_in": {"type": "integer", "minimum": 0},
                        "tricks": {"type": "array", "items": _PLAYS, "minItems": 8, "maxItems": 8},
                    },
                    {
                        "card_points": _TEAM_POINTS,
                        "belote": {"anyOf": [{"enum": ["NS", "EW"]}, {"type": "null"}]},
                        "outcome": {"enum": ["made", "failed", "litige"]},
                        "score": _TEAM_POINTS,
                        "carried_out": {"type": "integer", "minimum": 0},
                    },
                ),
            ],
        },
    },
}
"""The schema of the file :func:`export_data` writes."""
