"""What a page shows of each example, computed by the engine (never taken from ``expect``).

A view is language-neutral: cards, seats and calls stay engine values, and the templates name
them in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from .deal_views import DealView
from .positions import CallQuestion, DrawnAuction, PlayPosition
from .reader.examples import AuctionExample, PlayExample
from .rules import (
    RULESETS,
    Auction,
    AuctionOutcome,
    AuctionReason,
    Call,
    Card,
    CardSet,
    Game,
    PlayReason,
    Rules,
    Seat,
    Suit,
    permission,
    winning_index,
)
from .verify import AuctionSolution, PlaySolution
from .words.reasons import Phrase, accept_phrase, allow_phrase, call_phrase, outcome_phrase, play_phrase


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card of the trick, and whether it is the one winning the complete trick."""

    seat: Seat
    card: Card
    wins: bool = False


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card of the hand, whether it may be played, and if not, why (the engine's reason, as a sentence)."""

    card: Card
    allowed: bool
    reason: Phrase | None = None
    code: PlayReason | None = None
    """The engine's reason for refusing it (what the page's list of reasons links from)."""
    allows: Phrase | None = None
    """Why it may be played, when it may (the engine's permission, as a sentence)."""


Role = Literal["partner", "opponent", "to-play"]
"""A seat's role, seen from the seat to play."""


@dataclass(frozen=True, slots=True)
class TableSeat:
    """A seat on the table seen from above: its role seen from the seat to play, its card if played."""

    seat: Seat
    role: Role
    card: Card | None = None
    order: int | None = None
    """1 to 4: when the card was played."""
    winning: bool = False
    points: int | None = None


@dataclass(frozen=True, slots=True)
class PlayView:
    """A play example: the trick so far, the hand, the allowed cards, and the played card's trick."""

    kind: ClassVar[str] = "play"

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
    table: tuple[TableSeat, ...] = ()
    """The four seats: those that played in play order, then the seat to play, then those still to play."""
    led: Suit | None = None

    @property
    def position(self) -> tuple[object, ...]:
        """What two examples of the same position share, whatever their rule set."""
        return ("play", self.game, self.trump, self.trick, self.seat, tuple(entry.card for entry in self.hand))

    @property
    def refused(self) -> tuple[HandCard, ...]:
        """The refused cards of the hand, each with its reason."""
        return tuple(entry for entry in self.hand if not entry.allowed)

    @property
    def reasons(self) -> tuple[tuple[tuple[Card, ...], Phrase], ...]:
        """The refused cards grouped by their reason (same sentence, said once), in hand order."""
        groups: dict[Phrase, list[Card]] = {}
        for entry in self.refused:
            assert entry.reason is not None
            groups.setdefault(entry.reason, []).append(entry.card)
        return tuple((tuple(cards), phrase) for phrase, cards in groups.items())

    @property
    def total(self) -> int:
        """The trick's points."""
        return sum(self.points or ())


@dataclass(frozen=True, slots=True)
class CallView:
    """One call as listed: its number, seat, call, whether it opens round 2, whether it is refused."""

    number: int
    seat: Seat
    call: Call
    second_round: bool
    refused: bool
    reason: Phrase | None = None
    """Why the call is refused, as a sentence from the engine's reason."""
    dealer: bool = False
    code: AuctionReason | None = None
    """The engine's reason for refusing it."""


@dataclass(frozen=True, slots=True)
class AuctionView:
    """An auction example: its setup and its calls."""

    kind: ClassVar[str] = "auction"

    id: str
    game: Game
    rules: str
    dealer: Seat
    turned: Suit | None
    calls: tuple[CallView, ...]
    outcome: AuctionOutcome
    said: Phrase | None = None
    """The outcome as a sentence."""
    turned_card: Card | None = None

    @property
    def position(self) -> None:
        """Auctions are not paired: each shows its own rule set's calls."""
        return None


def play_view(example: PlayExample, solution: PlaySolution) -> PlayView:
    """The view of a play example from the engine's solution."""
    trick = solution.trick
    played = [*example.trick, (example.seat, example.play)] if example.play is not None else list(example.trick)
    winner_index = next((i for i, (seat, _) in enumerate(played) if trick and seat == trick.winner), None)
    cards = tuple(PlayedCard(seat, card, i == winner_index) for i, (seat, card) in enumerate(played))
    hand = _hand(example.seat, example.hand, example.trick, example.trump, example.rules, solution.refusals)
    return PlayView(
        id=example.id,
        game=example.game,
        rules=example.rules.name,
        trump=example.trump,
        trick=cards[: len(example.trick)],
        seat=example.seat,
        hand=hand,
        allowed=solution.allowed_in_hand_order,
        play=cards[-1] if example.play is not None else None,
        winner=trick.winner if trick else None,
        points=trick.card_points if trick else None,
        table=_table(example.seat, example.trump, played, trick.card_points if trick else None),
        led=example.trick[0][1].suit if example.trick else None,
    )


def _hand(
    seat: Seat,
    hand: Sequence[Card],
    trick: Sequence[tuple[Seat, Card]],
    trump: Suit | None,
    rules: Rules,
    refused: Mapping[Card, PlayReason],
) -> tuple[HandCard, ...]:
    """Each card of a hand with the engine's verdict and its sentence: why it may be played, or
    why it is refused (``refused``: the engine's reason for each refused card)."""
    cards = [played for _, played in trick]

    def verdict(card: Card) -> HandCard:
        if card in refused:
            return HandCard(card, False, play_phrase(refused[card], seat, trick, trump, rules), refused[card])
        allows = permission(CardSet(hand), cards, card, trump, rules)
        assert allows is not None  # the engine allows the card
        return HandCard(card, True, allows=allow_phrase(allows, trick, trump, rules))

    return tuple(verdict(card) for card in hand)


def _table(
    to_play: Seat, trump: Suit | None, played: Sequence[tuple[Seat, Card]], points: tuple[int, ...] | None
) -> tuple[TableSeat, ...]:
    """The seats around the table, in DOM order: each played card, then the seat to play, then the rest."""
    cards = [card for _, card in played]
    best = winning_index(cards, trump) if cards else None

    def role(seat: Seat) -> Role:
        return "to-play" if seat == to_play else "partner" if seat.is_partner_of(to_play) else "opponent"

    seats = [
        TableSeat(seat, role(seat), card, index + 1, index == best, points[index] if points else None)
        for index, (seat, card) in enumerate(played)
    ]
    seen = {seat for seat, _ in played}
    seats += [TableSeat(seat, role(seat)) for seat in (to_play.next(step) for step in range(4)) if seat not in seen]
    return tuple(seats)


View = PlayView | AuctionView | DealView
"""What a page shows of an example the engine solved."""


def pairs(views: Mapping[str, View]) -> dict[str, View]:
    """Each example's pair: the first other example (in page order) showing the same position under
    the other rule set. Views are grouped by position once, and each group's first view of each rule
    set found once, so a site of N examples costs N, not N² (many examples may show one position)."""
    groups: dict[tuple[object, ...], list[View]] = {}
    for view in views.values():
        if (position := view.position) is not None:
            groups.setdefault(position, []).append(view)
    paired = {}
    for group in groups.values():
        firsts: dict[str, View] = {}  # the first view of each rule set, in page order
        for view in group:
            firsts.setdefault(view.rules, view)
        for view in group:
            other = next((first for rules, first in firsts.items() if rules != view.rules), None)
            if other is not None:
                paired[view.id] = other
    return paired


def auction_view(example: AuctionExample, solution: AuctionSolution) -> AuctionView:
    """The view of an auction example: each call numbered, round 2 and refusals marked."""
    view = drawn_auction_view(example.id, example.rules, example)
    refusals = tuple(verdict.refusal for verdict in solution.calls)
    assert tuple(row.code for row in view.calls) == refusals  # the same engine, the same auction
    return view


def drawn_auction_view(id: str, rules: Rules, drawn: AuctionExample | DrawnAuction) -> AuctionView:
    """The view of an auction under ``rules``, an example's or one the engine drew (:mod:`generator.positions`):
    its calls replayed, each with the engine's verdict, the refused one with its reason, and where it stands."""
    auction = Auction(rules, drawn.dealer, drawn.turned)
    shown = []
    previous_round = 1
    for number, (seat, call) in enumerate(drawn.calls, 1):
        round_ = auction.round
        reason = auction.call(seat, call)  # a refused call changes nothing: its sentence reads the auction before it
        shown.append(
            CallView(
                number,
                seat,
                call,
                second_round=round_ == 2 and previous_round == 1,
                refused=reason is not None,
                reason=call_phrase(reason, call, auction) if reason is not None else None,
                dealer=seat == drawn.dealer,
                code=reason,
            )
        )
        previous_round = round_
    return AuctionView(
        id=id,
        game=rules.game,
        rules=rules.name,
        dealer=drawn.dealer,
        turned=drawn.turned,
        calls=tuple(shown),
        outcome=auction.outcome,
        said=outcome_phrase(auction.outcome, auction.to_speak),
        turned_card=drawn.turned_card,
    )


def drawn_play_view(id: str, position: PlayPosition) -> PlayView:
    """The view of a position the engine drew (:mod:`generator.positions`): each card of the hand
    with the engine's verdict and its reason, and the trick so far on the table."""
    rules = RULESETS[position.rules][position.game]
    refused = position.refusals()
    hand = _hand(position.seat, position.hand, position.trick, position.trump, rules, refused)
    return PlayView(
        id=id,
        game=position.game,
        rules=position.rules,
        trump=position.trump,
        trick=tuple(PlayedCard(seat, card) for seat, card in position.trick),
        seat=position.seat,
        hand=hand,
        allowed=tuple(card for card in position.hand if card not in refused),
        play=None,
        winner=None,
        points=None,
        table=_table(position.seat, position.trump, position.trick, None),
        led=position.trick[0][1].suit if position.trick else None,
    )


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """A call offered in a bidding question, whether the app accepts it, and why (the engine's sentence)."""

    call: Call
    accepted: bool
    phrase: Phrase
    code: AuctionReason | None = None


@dataclass(frozen=True, slots=True)
class CallQuestionView:
    """A bidding question: the auction so far (its view, and its calls as a grid of four columns,
    one per seat from the dealer's left, as bridge diagrams draw it), the seat to speak and the
    calls offered to it with the engine's verdicts."""

    kind: ClassVar[str] = "call-question"

    auction: AuctionView
    columns: tuple[Seat, ...]
    rows: tuple[tuple[CallView | None, ...], ...]
    """Each round of calls, four cells (None: no call there; the row of the seat to speak ends with it)."""
    seat: Seat
    choices: tuple[ChoiceView, ...]

    @property
    def turn(self) -> int:
        """The grid's cell of the seat to speak (its index, counting cells row by row)."""
        return len(self.auction.calls)


def call_question_view(id: str, question: CallQuestion) -> CallQuestionView:
    """The view of a bidding question the engine drew, its calls laid out in the grid."""
    drawn = question.auction
    rules = RULESETS[drawn.rules][drawn.game]
    view = drawn_auction_view(id, rules, drawn)
    columns = tuple(drawn.dealer.next(step) for step in range(1, 5))
    cells: list[CallView | None] = list(view.calls)
    rows = tuple(tuple(cells[n : n + 4]) + (None,) * max(0, n + 4 - len(cells)) for n in range(0, len(cells) + 1, 4))
    before = Auction(rules, drawn.dealer, drawn.turned)
    for seat, call in drawn.calls:
        before.call(seat, call)
    choices = tuple(
        ChoiceView(choice.call, True, accept_phrase(choice.permission, before))
        if choice.permission is not None
        else ChoiceView(choice.call, False, call_phrase(choice.reason, choice.call, before), choice.reason)  # type: ignore[arg-type]
        for choice in question.choices
    )
    return CallQuestionView(view, columns, rows, question.seat, choices)
