"""The examples as data: every example with the engine's answers, as one JSON file
(``belote-docs export``, and ``examples.json`` beside the site), and the JSON Schema of that file.

It is the app team's conformance suite: their engine, given each ``position``, must give the same
``answer`` (the allowed cards and why each is allowed, why each other card is refused and why a
card not in the hand is, the trick's winner and points, each call's refusal or acceptance and the
auction's outcome, each deal's score). Codes are the engine's own (``must-follow-suit``,
``bid-too-low``: :mod:`generator.codes`), cards and seats as the example files write them (``10H``,
``N``). Beside the examples of the files exported, positions and auctions the engine draws
(:mod:`generator.conformance`) make every refusal code appear at least three times. The bytes follow
from the examples alone: the same tree gives the same file.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable
from enum import Enum
from pathlib import PurePosixPath
from typing import Any

from . import codes
from .conformance import drawn_cases
from .reader.examples import AuctionExample, DealExample, Example, PlayExample
from .reader.notation import contract_written
from .rules import (
    DECK,
    AuctionReason,
    CallPermission,
    Card,
    PlayPermission,
    PlayReason,
    Rules,
    Seat,
    Suit,
    Team,
    permission,
    refusal,
)
from .verify import AuctionSolution, DealSolution, PlaySolution, Solution, solve

FORMAT = 2
"""The version of the file's format (``format``): raised when a change would break a reader of the
previous one (a key removed, renamed or of another type, a value that means something else); a new
key or a new code leaves it as it is (README, "The app's data")."""

SCHEMA_NAME = "examples.schema.json"
"""The schema's file name, beside ``examples.json`` on the site and in ``schemas/``."""

PAGES = "content"
"""The folder of the page files: an example written there is on the page of its file's name."""


def schema_id(base_url: str) -> str:
    """Where the site publishes the schema: its ``$id``, and the ``$schema`` of the file."""
    return f"{base_url}{SCHEMA_NAME}"


def export_data(lines: list[str], base_url: str, drawn: list[str] | None = None) -> bytes:
    """The JSON file of these examples' lines (:func:`example_line`, in order) and of the cases the
    engine draws to complete them (every refusal code at least three times: ``drawn``, or drawn
    now); deterministic bytes."""
    drawn = drawn_lines(shown_codes(example_codes(line) for line in lines)) if drawn is None else drawn
    head = json.dumps({"$schema": schema_id(base_url), "format": FORMAT}, ensure_ascii=False)
    return (head[:-1] + ', "examples": [\n' + ",\n".join(lines + drawn) + "\n]}\n").encode("utf-8")


def example_codes(line: str) -> frozenset[Enum]:
    """The codes an example's line of the file (:func:`example_line`) shows in its answer (to count what
    the drawn cases must complete)."""
    example = json.loads(line)
    answer = example["answer"]
    if example["kind"] == "play":
        found: list[Enum] = [PlayReason(entry["reason"]) for entry in answer["refused"]]
        return frozenset(found + [PlayPermission(entry["permission"]) for entry in answer["permitted"]])
    if example["kind"] == "auction":
        found = [AuctionReason(call["refused"]) for call in answer["calls"] if call["refused"]]
        return frozenset(found + [CallPermission(call["accepted"]) for call in answer["calls"] if call["accepted"]])
    return frozenset()


def shown_codes(codes: Iterable[frozenset[Enum]]) -> tuple[tuple[str, str, int], ...]:
    """How many examples show each code (``codes``: each example's :func:`example_codes`), as (its
    kind's enum, code, count): what the drawn cases complete (a value a build may keep them by)."""
    met: Counter[Enum] = Counter(code for found in codes for code in found)
    return tuple(sorted((type(code).__name__, str(code.value), count) for code, count in met.items()))


_ENUMS: dict[str, type[Enum]] = {
    enum.__name__: enum for enum in (PlayReason, PlayPermission, AuctionReason, CallPermission)
}


def drawn_lines(shown: tuple[tuple[str, str, int], ...]) -> list[str]:
    """The lines of the positions and auctions the engine draws to complete examples that show
    the codes ``shown`` (:func:`shown_codes`)."""
    met: Counter[Enum] = Counter({_ENUMS[kind](code): count for kind, code, count in shown})
    return [example_line(case, solve(case)) for case in drawn_cases(met)]


def example_line(example: Example, solution: Solution) -> str:
    """An example's line of the file: one example a line, by json's C encoder (indented output is
    written by its Python one, 3 times slower at a thousand pages), and still a file whose diff
    shows which examples changed."""
    return json.dumps(_example(example, solution), ensure_ascii=False, separators=(",", ":"))


def schema_data(base_url: str) -> bytes:
    """The JSON Schema of :func:`export_data`'s file, its ``$id`` under ``base_url``: as the site
    publishes it beside the file, and as committed in ``schemas/`` for ``content/site.yaml``'s."""
    return (json.dumps(schema(base_url), ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _plain(value: object) -> Any:
    """An engine value as JSON: cards, seats, suits and teams by their codes, enums by their values."""
    if isinstance(value, (Card, Seat, Suit, Team)):
        return value.code()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def _rules(rules: Rules) -> dict[str, Any]:
    """The rule set by name, with each of its flags (an app may implement them by flag)."""
    return {item.name: _plain(getattr(rules, item.name)) for item in dataclasses.fields(rules) if item.name != "game"}


def _plays(plays: tuple[tuple[Seat, Card], ...]) -> list[dict[str, str]]:
    return [{"seat": seat.code(), "card": card.code()} for seat, card in plays]


def _example(example: Example, solution: Solution) -> dict[str, Any]:
    """One example: where it is, its game and rules, its position and the engine's answer (``solution``)."""
    path = PurePosixPath(example.path) if example.path else None
    head = {
        "id": example.id,
        "file": str(path) if path else None,
        "page": path.stem if path and path.parent == PurePosixPath(PAGES) else None,
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
        hand, trick = example.hand_set, [card for _, card in example.trick]
        absent = next(card for card in DECK if card not in hand and card not in trick)  # neither held nor played
        result = solution.trick
        answer: dict[str, Any] = {
            "allowed": _plain(solution.allowed_in_hand_order),
            "permitted": [
                {
                    "card": card.code(),
                    "permission": _plain(permission(hand, trick, card, example.trump, example.rules)),
                }
                for card in solution.allowed_in_hand_order
            ],
            "refused": [
                {"card": card.code(), "reason": solution.refusals[card].value}
                for card in example.hand
                if card in solution.refusals
            ],
            "not_held": {
                "card": absent.code(),
                "reason": _plain(refusal(hand, trick, absent, example.trump, example.rules)),
            },
            "trick": None if result is None else {"winner": result.winner.code(), "points": result.points},
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
                    "accepted": _plain(verdict.permission),
                }
                for verdict in solution.calls
            ],
            "rejected": list(solution.rejected),
            "outcome": {
                "status": outcome.status.value,
                "taker": _plain(outcome.taker),
                "trump": _plain(outcome.trump),
                "contract": contract_written(outcome.contract),
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
        "contract": contract_written(example.contract),
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


def json_object(properties: dict[str, Any], description: str = "") -> dict[str, Any]:
    """A JSON object with exactly these properties, all required (this schema's and reasons.json's)."""
    found: dict[str, Any] = {"type": "object"}
    if description:
        found["description"] = description
    return found | {"properties": properties, "required": list(properties), "additionalProperties": False}


_CARD = {"type": "string", "pattern": "^(7|8|9|10|J|Q|K|A)[SHDC]$", "description": "rank then suit: 10H, JS"}
_SEAT = {"enum": ["N", "E", "S", "W"]}
_SUIT = {"enum": ["S", "H", "D", "C"]}
_TEAM_POINTS = json_object({"NS": {"type": "integer"}, "EW": {"type": "integer"}})
_CONTRACT = {"anyOf": [{"type": "integer", "minimum": 80, "maximum": 160}, {"enum": ["capot", "generale"]}]}
_PLAYS = {"type": "array", "items": json_object({"seat": {"$ref": "#/$defs/seat"}, "card": {"$ref": "#/$defs/card"}})}


def _kind(kind: str, position: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "if": {"properties": {"kind": {"const": kind}}},
        "then": {"properties": {"position": json_object(position), "answer": json_object(answer)}},
    }


_NULLABLE_CARD = {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]}
_NULLABLE_SUIT = {"anyOf": [{"$ref": "#/$defs/suit"}, {"type": "null"}]}


def schema(base_url: str) -> dict[str, Any]:
    """The schema of the file :func:`export_data` writes, its ``$id`` the address the site publishes it at."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id(base_url),
        "title": "The Belote help site's examples with the rules engine's answers (belote-docs export)",
        "description": "Each example's position and what the engine answers: an app's engine must give the same. "
        "`format` is raised only by a change that would break a reader of the previous format.",
        "type": "object",
        "properties": {
            "$schema": {"type": "string", "description": "the address of this schema"},
            "format": {"const": FORMAT},
            "examples": {"type": "array", "items": {"$ref": "#/$defs/example"}},
        },
        "required": ["$schema", "format", "examples"],
        "additionalProperties": False,
        "$defs": {
            "card": _CARD,
            "seat": _SEAT,
            "suit": _SUIT,
            **{kind.name: codes.enum_schema(kind) for kind in codes.KINDS},  # each kind of code, documented
            "example": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "file": {
                        "type": ["string", "null"],
                        "description": "the file the example is written in, from the project's folder; null for a "
                        "position or an auction the engine drew (ids drawn-play-N, drawn-auction-N)",
                    },
                    "page": {
                        "type": ["string", "null"],
                        "description": "the page of the site that shows it (its file name without .yaml); null for "
                        "an example of another file, or drawn",
                    },
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
                "required": ["id", "file", "page", "kind", "game", "rules", "position", "answer"],
                "additionalProperties": False,
                "allOf": [
                    _kind(
                        "play",
                        {
                            "trump": _NULLABLE_SUIT,
                            "trick": _PLAYS | {"maxItems": 3},
                            "seat": {"$ref": "#/$defs/seat"},
                            "hand": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1, "maxItems": 8},
                            "play": _NULLABLE_CARD,
                        },
                        {
                            "allowed": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                            "permitted": {
                                "type": "array",
                                "description": "each allowed card, and why",
                                "items": json_object(
                                    {
                                        "card": {"$ref": "#/$defs/card"},
                                        "permission": {"$ref": "#/$defs/play-permission"},
                                    }
                                ),
                            },
                            "refused": {
                                "type": "array",
                                "description": "each card of the hand that is not allowed, and why",
                                "items": json_object(
                                    {"card": {"$ref": "#/$defs/card"}, "reason": {"$ref": "#/$defs/play-reason"}}
                                ),
                            },
                            "not_held": json_object(
                                {"card": {"$ref": "#/$defs/card"}, "reason": {"$ref": "#/$defs/play-reason"}},
                                "a card the hand does not hold, and why the app refuses it",
                            ),
                            "trick": {
                                "anyOf": [
                                    json_object({"winner": {"$ref": "#/$defs/seat"}, "points": {"type": "integer"}}),
                                    {"type": "null"},
                                ]
                            },
                        },
                    ),
                    _kind(
                        "auction",
                        {
                            "dealer": {"$ref": "#/$defs/seat"},
                            "turned": _NULLABLE_SUIT,
                            "turned_card": _NULLABLE_CARD,
                            "calls": {
                                "type": "array",
                                "items": json_object({"seat": {"$ref": "#/$defs/seat"}, "call": {"type": "string"}}),
                            },
                        },
                        {
                            "calls": {
                                "type": "array",
                                "items": json_object(
                                    {
                                        "seat": {"$ref": "#/$defs/seat"},
                                        "call": {"type": "string"},
                                        "round": {"type": "integer", "minimum": 1},
                                        "refused": {"anyOf": [{"$ref": "#/$defs/call-reason"}, {"type": "null"}]},
                                        "accepted": {"anyOf": [{"$ref": "#/$defs/call-permission"}, {"type": "null"}]},
                                    }
                                ),
                            },
                            "rejected": {"type": "array", "items": {"type": "integer", "minimum": 1}},
                            "outcome": json_object(
                                {
                                    "status": {"enum": ["open", "redeal", "contract"]},
                                    "taker": {"anyOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]},
                                    "trump": _NULLABLE_SUIT,
                                    "contract": {"anyOf": [_CONTRACT, {"type": "null"}]},
                                    "multiplier": {"enum": [1, 2, 4, None]},
                                }
                            ),
                        },
                    ),
                    _kind(
                        "deal",
                        {
                            "trump": _NULLABLE_SUIT,
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
