"""The facts as tables, computed from the engine: what differs between the rule sets, and the
card order and points. Language-neutral: cells are terms (messages) and engine values."""

from __future__ import annotations

import dataclasses
from enum import Enum
from pathlib import Path

from .problems import Problem
from .rules import MULTIPLIERS, RULESETS, Card, Game, Litige, Rank, Rules, Suit, card_points, rank_order
from .rules.scoring import BELOTE, CAPOT_DEAL, DEAL, LAST_TRICK, LAST_TRICK_CAPOT
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


FLAG_LABELS_LINE = next(
    number
    for number, line in enumerate(Path(__file__).read_text(encoding="utf-8").splitlines(), 1)
    if line.startswith("FLAG_LABELS")
)
"""The line of :data:`FLAG_LABELS` in this file, where a missing label is reported."""


def label_problems() -> list[Problem]:
    """A rule flag (or an enum value of one) without an English label would show players its Python
    name: a warning at :data:`FLAG_LABELS` that fails ``--strict`` (it is no message awaiting its
    translation, which is the only warning that does not)."""
    found = [
        f"the rule flag {name} has no English label, so the pages would show its Python name: add its label "
        "to FLAG_LABELS"
        for name in flag_names()
        if name not in FLAG_LABELS
    ]
    values = {
        getattr(rules, name) for by_game in RULESETS.values() for rules in by_game.values() for name in flag_names()
    }
    found += [
        f"the value {value} of a rule flag has no English label, so the pages would show {value.value!r}: add its "
        "label to VALUE_LABELS"
        for value in sorted((v for v in values if isinstance(v, Enum) and v not in VALUE_LABELS), key=str)
    ]
    return [Problem("generator/tables.py", FLAG_LABELS_LINE, 1, text, "warning", "label") for text in found]


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


# -- how a deal is scored, game by game, from the rule flags and the scoring constants --------------

_RECAP = "scoring recap"


def _r(msgid: str) -> Message:
    return Message(_RECAP, msgid)


RECAP_LABELS = {
    "made": _r("Contract made"),
    "failed": _r("Contract failed (dedans)"),
    "tie": _r("A tie on points"),
    "capot": _r("Capot: all eight tricks"),
    "belote": _r("Belote"),
    "last": _r("Last trick (dix de der)"),
    "coinche": _r("Coinche and surcoinche"),
}
"""The recap's rows, in order, and their labels."""

RECAP_SENTENCES: dict[str, tuple[Message, str]] = {
    "made": (
        _r("Each team scores its card points (%(deal)s in all) and its belote."),
        "%(deal)s: the points of a deal's cards and last trick, 162.",
    ),
    "made-contract": (
        _r("The takers score their card points and the contract; the defence, its card points; each, its belote."),
        "Coinche, a contract made and not coinched.",
    ),
    "failed-kept": (
        _r("The defence scores %(deal)s and its belote; the takers, only their belote."),
        "Trump and no-trump games, a failed deal, when a team that scores nothing keeps its belote. %(deal)s: 162.",
    ),
    "failed-lost": (
        _r("The defence scores %(deal)s and every belote; the takers score nothing."),
        "Trump and no-trump games, a failed deal, when a team that scores nothing loses its belote. %(deal)s: 162.",
    ),
    "failed-contract-kept": (
        _r("The defence scores %(deal)s, the contract and its belote; the takers, only their belote."),
        "Coinche, a failed contract, when a team that scores nothing keeps its belote. %(deal)s: 162.",
    ),
    "failed-contract-lost": (
        _r("The defence scores %(deal)s, the contract and every belote; the takers score nothing."),
        "Coinche, a failed contract, when a team that scores nothing loses its belote. %(deal)s: 162.",
    ),
    "tie-dedans": (
        _r("The takers fail (dedans): they must score more than the defence."),
        "A tie of the takers and the defence, under rules that count it as a failure.",
    ),
    "tie-litige": (
        _r("A litige: the defence scores its points; the takers' go to the winner of the next deal."),
        "A tie of the takers and the defence, under rules that carry it over.",
    ),
    "tie-enough": (
        _r("Enough for the takers, once their contract is reached."),
        "Coinche, under rules where the takers need not beat the defence: a tie is no failure.",
    ),
    "capot": (
        _r("The last trick is worth %(last)s instead of %(usual)s: the cards make %(capot)s."),
        "A team takes every trick. %(last)s: 100; %(usual)s: 10; %(capot)s: 252.",
    ),
    "belote": (
        _r("The king and queen of trumps in one hand: %(points)s points to their team."),
        "The games with a trump suit. %(points)s: 20.",
    ),
    "no-belote": (_r("None: there is no trump."), "The no-trump game has no belote."),
    "last": (_r("%(last)s points to the team that takes it."), "%(last)s: 10."),
    "coinche": (
        _r("The winning team scores (%(deal)s + the contract) × %(coinche)s, or × %(surcoinche)s if surcoinched."),
        "Coinche only. %(deal)s: 162; %(coinche)s: 2; %(surcoinche)s: 4.",
    ),
}
"""The recap's sentences, by key, with a comment for the translator."""


@dataclasses.dataclass(frozen=True)
class RecapCell:
    """What a row says for some games: under one rule set, or every one (``rules`` None)."""

    games: tuple[Game, ...]
    rules: str | None
    message: Message
    values: tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class RecapRow:
    """A row of the recap: its label and what it says, game by game."""

    label: Message
    cells: tuple[RecapCell, ...]


def _recap_sentence(row: str, rules: Rules) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """The sentence of ``row`` for a game under a rule set (None: the row does not apply), and its values."""
    coinche = rules.game is Game.COINCHE
    if row == "made":
        return ("made-contract", ()) if coinche else ("made", (("deal", DEAL),))
    if row == "failed":
        if not coinche:
            return ("failed-kept" if rules.belote_kept else "failed-lost", (("deal", DEAL),))
        return ("failed-contract-kept" if rules.belote_kept else "failed-contract-lost", (("deal", DEAL),))
    if row == "tie":
        if coinche and not rules.must_beat_defence:
            return ("tie-enough", ())
        return ("tie-litige" if rules.litige is Litige.CARRY_OVER else "tie-dedans", ())
    if row == "capot":
        return ("capot", (("last", LAST_TRICK_CAPOT), ("usual", LAST_TRICK), ("capot", CAPOT_DEAL)))
    if row == "belote":
        return ("belote", (("points", BELOTE),)) if rules.game.has_trump else ("no-belote", ())
    if row == "last":
        return ("last", (("last", LAST_TRICK),))
    if coinche:
        return ("coinche", (("deal", DEAL), ("coinche", MULTIPLIERS[1]), ("surcoinche", MULTIPLIERS[2])))
    return None


def scoring_recap() -> tuple[RecapRow, ...]:
    """How a deal is scored, row by row: each game's sentence, computed from its rule flags and the
    scoring constants; games that say the same are one cell, and a game whose rule sets differ has a
    cell per rule set."""
    rows = []
    for row, label in RECAP_LABELS.items():
        cells: dict[tuple[str | None, str, tuple[tuple[str, int], ...]], list[Game]] = {}
        for game in Game:
            by_rules: dict[str | None, tuple[str, tuple[tuple[str, int], ...]] | None] = {
                name: _recap_sentence(row, by_game[game]) for name, by_game in RULESETS.items()
            }
            if len(set(by_rules.values())) == 1:  # one cell for every rule set
                by_rules = {None: next(iter(by_rules.values()))}
            for rules, found in by_rules.items():
                if found is not None:
                    cells.setdefault((rules, *found), []).append(game)
        rows.append(
            RecapRow(
                label,
                tuple(
                    RecapCell(tuple(games), rules, RECAP_SENTENCES[key][0], values)
                    for (rules, key, values), games in cells.items()
                ),
            )
        )
    return tuple(rows)


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
    found += [
        (label, "A row of the recap of how a deal is scored, at the top of the scoring page.")
        for label in RECAP_LABELS.values()
    ]
    found += list(RECAP_SENTENCES.values())
    return found
