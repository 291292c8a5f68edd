"""What a page shows of a deal example, from the engine's score (never from ``expect``): the eight
tricks with who led, the cards, who won and the trick's points; each team's cards, dix de der,
belote and total; the outcome as a sentence; and how each team's score is made up.

Language-neutral like :mod:`generator.views`: seats, cards and teams stay engine values, sums
are digits and signs, and the templates name the rest in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import ClassVar

from .reader.examples import DealExample
from .rules import (
    CAPOT,
    DECK,
    GENERALE,
    Card,
    DealScore,
    Game,
    Litige,
    Outcome,
    Rank,
    Seat,
    Suit,
    Team,
    card_points,
    winning_index,
)
from .rules.scoring import BELOTE, CAPOT_DEAL, DEAL, LAST_TRICK, LAST_TRICK_CAPOT
from .verify import DealSolution
from .words.reasons import Phrase
from .words.scoring import contract_phrase, deal_phrases

_BELOTE_RANKS = (Rank.KING, Rank.QUEEN)


@dataclass(frozen=True, slots=True)
class DealCard:
    """One card of a trick, in its seat's column: when it was played (1-4), whether it wins the trick,
    and whether it is one of the belote's two cards (the king and queen of trump of the seat that held both):
    ``belote`` for the first played, ``rebelote`` for the second, which earns the 20 points."""

    seat: Seat
    card: Card
    order: int
    wins: bool
    belote: str = ""


@dataclass(frozen=True, slots=True)
class TrickRow:
    """One trick: its number, its cards by seat in turn order (South, West, North, East), the
    winner, the cards' points and, on the last trick, the dix de der."""

    number: int
    cards: tuple[DealCard, ...]
    winner: Seat
    points: int
    last: int
    """0, or the dix de der on trick 8 (10, or 100 on a capot)."""


@dataclass(frozen=True, slots=True)
class TeamTally:
    """One team's column: its cards with the dix de der, its belote, its total, and its score."""

    team: Team
    takers: bool
    tricks: int
    card_points: int
    belote: int
    total: int
    score: int
    sum: str
    """How the score is made up, in digits and signs ("(162 + 90) × 2" for 504), or "" when it is one number."""


@dataclass(frozen=True, slots=True)
class DealView:
    """A deal example: its setup, its tricks, the teams' tallies, the outcome and the score."""

    kind: ClassVar[str] = "deal"

    id: str
    game: Game
    rules: str
    trump: Suit | None
    dealer: Seat
    taker: Seat
    contract: int | None
    multiplier: int
    tricks: tuple[TrickRow, ...]
    teams: tuple[TeamTally, ...]
    """North-South, then East-West."""
    outcome: Outcome
    carried_out: int
    carries: bool
    """True under rules that carry a tie over (the carried points are then shown, 0 or not)."""
    said: tuple[Phrase, ...]
    """The outcome and what it gives, as sentences."""
    contract_said: Phrase

    @property
    def leader(self) -> Seat:
        """The seat that leads trick 1."""
        return self.dealer.next()

    @property
    def position(self) -> tuple[object, ...]:
        """What two examples scoring the same play share, whatever their rule set: the contract and
        every card in play order."""
        play = tuple(
            (card.seat, card.card) for row in self.tricks for card in sorted(row.cards, key=attrgetter("order"))
        )
        return ("deal", self.game, self.trump, self.taker, self.contract, self.multiplier, play)


_DEAL_CARDS: dict[tuple[int, int, bool, str], DealCard] = {}
"""Each DealCard made, by its values: the tricks of thousands of deals share a few thousand."""


def _deal_card(seat: Seat, card: Card, order: int, wins: bool, belote: str) -> DealCard:
    """The one DealCard of these values (keyed by plain ints, which hash faster than seats and cards)."""
    key = (seat * len(DECK) + card, order, wins, belote)
    found = _DEAL_CARDS.get(key)
    if found is None:
        found = _DEAL_CARDS[key] = DealCard(seat, card, order, wins, belote)
    return found


def deal_view(example: DealExample, solution: DealSolution) -> DealView:
    """The view of a deal example from the engine's score."""
    score = solution.score
    trump = example.trump
    belote_seat = _belote_seat(example)
    belote_cards = 0
    dix_de_der = LAST_TRICK_CAPOT if score.tally.capot is not None else LAST_TRICK
    rows = []
    for number, trick in enumerate(example.tricks, 1):
        cards = [card for _, card in trick]
        best = winning_index(cards, trump)
        winner = trick[best][0]
        last = dix_de_der if number == 8 else 0
        played = []
        for order, (seat, card) in enumerate(trick, 1):
            mark = ""
            if seat == belote_seat and card.suit == trump and card.rank in _BELOTE_RANKS:
                belote_cards += 1
                mark = "belote" if belote_cards == 1 else "rebelote"
            played.append(_deal_card(seat, card, order, order - 1 == best, mark))
        by_seat = sorted(played, key=lambda entry: int(entry.seat))
        rows.append(TrickRow(number, tuple(by_seat), winner, sum(card_points(c, trump) for c in cards), last))
    teams = tuple(
        TeamTally(
            team=team,
            takers=team is score.takers,
            tricks=score.tally.tricks[team],
            card_points=score.card_points[team],
            belote=BELOTE if score.belote is team else 0,
            total=score.totals[team],
            score=score.score[team],
            sum=_sum(score, team, example),
        )
        for team in (Team.NS, Team.EW)
    )
    return DealView(
        id=example.id,
        game=example.game,
        rules=example.rules.name,
        trump=trump,
        dealer=example.dealer,
        taker=example.taker,
        contract=example.contract,
        multiplier=example.multiplier,
        tricks=tuple(rows),
        teams=teams,
        outcome=score.outcome,
        carried_out=score.carried_out,
        carries=example.rules.litige is Litige.CARRY_OVER,
        said=deal_phrases(score, example.rules, example.taker, example.contract, example.multiplier),
        contract_said=contract_phrase(example.taker, example.trump, example.contract, example.multiplier),
    )


def _belote_seat(example: DealExample) -> Seat | None:
    """The seat that played both the king and the queen of trump, if one did."""
    trump = example.trump  # None: no card is of it
    seats = [
        seat for trick in example.tricks for seat, card in trick if card.suit == trump and card.rank in _BELOTE_RANKS
    ]
    return seats[0] if len(seats) == 2 and seats[0] == seats[1] else None


def _sum(score: DealScore, team: Team, example: DealExample) -> str:
    """The score of ``team`` as the engine made it up (specs/scoring.md §4.6), in digits and signs,
    or "" when there is nothing to add up."""
    if score.outcome is Outcome.LITIGE:
        return ""
    value, multiplier, kept = example.contract or 0, example.multiplier, example.rules.belote_kept
    mine = BELOTE if score.belote is team else 0
    theirs = BELOTE if score.belote is team.other else 0
    winner = score.takers if score.outcome is Outcome.MADE else score.takers.other
    if score.outcome is Outcome.MADE and multiplier == 1:
        terms = [
            score.card_points[team],
            *([value] if team is score.takers and value else []),
            *([mine] if mine else []),
        ]
        text, total = " + ".join(map(str, terms)), sum(terms)
    elif team is winner:
        base = CAPOT_DEAL if example.contract in (CAPOT, GENERALE) or score.tally.tricks[team] == 8 else DEAL
        text = f"{base} + {value}" if value else str(base)
        if multiplier > 1:
            text = f"({text}) × {multiplier}"
        total = (base + value) * multiplier
        for belote in (mine, 0 if kept else theirs):
            if belote:
                text, total = f"{text} + {belote}", total + belote
    else:
        total = mine if kept else 0
        text = str(total)
    if example.carried_in and team is winner:
        text, total = f"{text} + {example.carried_in}", total + example.carried_in
    assert total == score.score[team], (example.id, text, score.score[team])  # the engine's score, made up again
    return "" if text == str(total) else text
