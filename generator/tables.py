"""The facts as tables, computed from the engine: what differs between the rule sets, and the
card order and points. Language-neutral: cells are terms (messages) and engine values."""

from __future__ import annotations

import dataclasses
from enum import Enum

from .rules import RULESETS, Card, Game, Litige, Rank, Rules, Suit, card_points, rank_order
from .words.terms import Message

FLAG_LABELS: dict[str, str] = {
    "must_undertrump": "Without the suit led, facing an opponent's trump you cannot beat, you must still play a trump",
    "coinche_out_of_turn": "A defender may coinche out of turn, as soon as a contract stands",
    "litige": "A tie on points between the takers and the defence",
    "must_beat_defence": "In Coinche, besides making their contract, the takers must score more than the defence",
    "belote_kept": "A team that scores nothing for the deal keeps its belote (20 points)",
}
"""The English label of each rule flag (a field of :class:`Rules`); a new flag needs one here."""

VALUE_LABELS: dict[Enum, str] = {
    Litige.DEDANS: "The takers fail (dedans)",
    Litige.CARRY_OVER: "The defence scores its points; the takers' points go to the winner of the next deal",
}
"""The English label of each value of a flag that is an enum (a new value needs one here)."""

_NOT_FLAGS = ("name", "game")


def flag_names() -> tuple[str, ...]:
    """The fields of :class:`Rules` that are rules (every field but the rule set's name and game)."""
    return tuple(field.name for field in dataclasses.fields(Rules) if field.name not in _NOT_FLAGS)


def flag_label(name: str) -> Message:
    """A flag's label; a flag without one is shown by its field name (and has no translation)."""
    return Message("rule flag", FLAG_LABELS.get(name, name))


def value_label(value: object) -> Message | str:
    """A flag's value as the table shows it: yes or no, an enum's value, or the value itself."""
    if isinstance(value, bool):
        return Message("rule value", "Yes" if value else "No")
    if isinstance(value, Enum):
        return Message("rule value", VALUE_LABELS.get(value, str(value.value)))
    return str(value)


@dataclasses.dataclass(frozen=True)
class RuleDifference:
    """One row of the table: a game, a flag, and its value in each rule set (in RULESETS order)."""

    game: Game
    flag: str
    label: Message
    values: tuple[Message | str, ...]


def rule_sets() -> tuple[str, ...]:
    """The rule sets' names, in the order of the table's columns."""
    return tuple(RULESETS)


def differences() -> tuple[RuleDifference, ...]:
    """Every flag whose value is not the same in every rule set, game by game."""
    rows = []
    for game in Game:
        for name in flag_names():
            values = [getattr(RULESETS[ruleset][game], name) for ruleset in RULESETS]
            if len(set(values)) > 1:
                rows.append(RuleDifference(game, name, flag_label(name), tuple(value_label(v) for v in values)))
    return tuple(rows)


def differences_by_game() -> tuple[tuple[Game, tuple[RuleDifference, ...]], ...]:
    """The differences grouped by game, in the games' order (the games with none left out)."""
    rows = differences()
    return tuple((game, found) for game in Game if (found := tuple(row for row in rows if row.game is game)))


@dataclasses.dataclass(frozen=True)
class OrderRow:
    """A row of the card order table: which suit, its ranks strongest first, and their points."""

    label: Message
    ranks: tuple[Rank, ...]
    points: tuple[int, ...]


def card_order() -> tuple[OrderRow, ...]:
    """The trump suit's order and a plain suit's, and the no-trump game's, each card with its points
    (from the engine's own tables: :func:`rank_order` and :func:`card_points`; any suits will do)."""
    columns = (
        ("Trump suit", rank_order(True), Suit.HEARTS, Suit.HEARTS),
        ("Plain suit", rank_order(False), Suit.SPADES, Suit.HEARTS),
        ("No-trump game", rank_order(False), Suit.SPADES, None),
    )
    return tuple(
        OrderRow(Message("card table", label), ranks, tuple(card_points(Card.of(rank, suit), trump) for rank in ranks))
        for label, ranks, suit, trump in columns
    )


def messages() -> list[tuple[Message, str]]:
    """Every message of the tables with a translator comment, for extraction."""
    found = [
        (flag_label(name), f"A rule that may differ between the House and the Official rules (flag {name}).")
        for name in flag_names()
    ]
    found += [(Message("rule value", word), "A rule's value in the table of differences.") for word in ("Yes", "No")]
    enums = {type(getattr(r, name)) for by_game in RULESETS.values() for r in by_game.values() for name in flag_names()}
    for kind in sorted((kind for kind in enums if issubclass(kind, Enum)), key=lambda kind: kind.__name__):
        found += [(value_label(member), f"A value of the rule {kind.__name__}.") for member in kind]  # type: ignore[misc]
    found += [(row.label, "A row of the card order and points table.") for row in card_order()]
    return found
