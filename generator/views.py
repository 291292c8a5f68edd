"""What a page shows of each example, computed by the engine (never taken from ``expect``).

A view is language-neutral: cards, seats and calls stay engine values, and the templates name
them in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from .reader.examples import AuctionExample, PlayExample
from .rules import AuctionOutcome, Call, Card, Game, Seat, Suit
from .verify import AuctionSolution, PlaySolution


@dataclass(frozen=True)
class PlayedCard:
    """A card of the trick, and whether it is the one winning the complete trick."""

    seat: Seat
    card: Card
    wins: bool = False


@dataclass(frozen=True)
class HandCard:
    """A card of the hand, and whether it may be played."""

    card: Card
    allowed: bool


@dataclass(frozen=True)
class PlayView:
    """A play example: the trick so far, the hand, the allowed cards, and the played card's trick."""

    id: str
    game: Game
    rules: str
    trump: Suit | None
    trick: tuple[PlayedCard, ...]
    seat: Seat
    hand: tuple[HandCard, ...]
    allowed: tuple[Card, ...]
    """The allowed cards, in hand order."""
    play: PlayedCard | None
    winner: Seat | None
    points: tuple[int, ...] | None
    """The points of the four cards in play order, when the trick is complete and the game counts them."""

    @property
    def total(self) -> int:
        """The trick's points."""
        return sum(self.points or ())


@dataclass(frozen=True)
class CallView:
    """One call as listed: its number, seat, call, whether it opens round 2, whether it is refused."""

    number: int
    seat: Seat
    call: Call
    second_round: bool
    refused: bool


@dataclass(frozen=True)
class AuctionView:
    """An auction example: its setup and its calls."""

    id: str
    game: Game
    rules: str
    dealer: Seat
    turned: Suit | None
    calls: tuple[CallView, ...]
    outcome: AuctionOutcome


def play_view(example: PlayExample, solution: PlaySolution) -> PlayView:
    """The view of a play example from the engine's solution."""
    trick = solution.trick
    played = [*example.trick, (example.seat, example.play)] if example.play is not None else list(example.trick)
    winner_index = next((i for i, (seat, _) in enumerate(played) if trick and seat == trick.winner), None)
    cards = tuple(PlayedCard(seat, card, i == winner_index) for i, (seat, card) in enumerate(played))
    return PlayView(
        id=example.id,
        game=example.game,
        rules=example.rules.name,
        trump=example.trump,
        trick=cards[: len(example.trick)],
        seat=example.seat,
        hand=tuple(HandCard(card, card in solution.allowed) for card in example.hand),
        allowed=solution.allowed_in_hand_order,
        play=cards[-1] if example.play is not None else None,
        winner=trick.winner if trick else None,
        points=trick.card_points if trick else None,
    )


def auction_view(example: AuctionExample, solution: AuctionSolution) -> AuctionView:
    """The view of an auction example: each call numbered, round 2 and refusals marked."""
    calls = []
    for number, verdict in enumerate(solution.calls, 1):
        previous_round = solution.calls[number - 2].round if number > 1 else 1
        calls.append(
            CallView(
                number,
                verdict.seat,
                verdict.call,
                second_round=verdict.round == 2 and previous_round == 1,
                refused=verdict.refusal is not None,
            )
        )
    return AuctionView(
        id=example.id,
        game=example.game,
        rules=example.rules.name,
        dealer=example.dealer,
        turned=example.turned,
        calls=tuple(calls),
        outcome=solution.outcome,
    )
