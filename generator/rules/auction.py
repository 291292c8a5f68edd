"""The auction of each game: calls, which ones the app refuses and why, and the outcome.

A refused call changes nothing: the seat whose turn it was is still to speak.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Suit
from .rulesets import Game, Rules
from .seats import Seat

CAPOT = 250
"""The contract value of Capot (the team takes every trick)."""
GENERALE = 500
"""The contract value of Générale (the taker alone takes every trick)."""
_NUMBERED_VALUES = range(80, 161, 10)
_NAMED_VALUES = {"capot": CAPOT, "generale": GENERALE, "générale": GENERALE}


class CallKind(Enum):
    """What a call does; which kinds a game knows is in :data:`GAME_CALLS`."""

    PASS = "pass"
    """The seat does not take (or does not bid higher)."""
    TAKE = "take"
    """Trump and no-trump games: the seat takes, in the turned suit or (round 2) the one it names."""
    BID = "bid"
    """Coinche: a contract (80 to 160, Capot, Générale) in a suit."""
    COINCHE = "coinche"
    """Coinche: a defender doubles the contract's score."""
    SURCOINCHE = "surcoinche"
    """Coinche: the taker's team doubles it again."""


GAME_CALLS = {
    Game.TRUMP: frozenset({CallKind.PASS, CallKind.TAKE}),
    Game.NO_TRUMP: frozenset({CallKind.PASS, CallKind.TAKE}),
    Game.COINCHE: frozenset({CallKind.PASS, CallKind.BID, CallKind.COINCHE, CallKind.SURCOINCHE}),
}
"""The kinds of call each game knows."""

_DOUBLINGS = {CallKind.COINCHE: 2, CallKind.SURCOINCHE: 4}
MULTIPLIERS: tuple[int, ...] = (1, *_DOUBLINGS.values())
"""A contract's score multiplier: 1, 2 after a coinche, 4 after a surcoinche."""


@dataclass(frozen=True)
class Call:
    """One call: ``pass``, ``take``, ``take H``, ``80 H``, ``capot S``, ``coinche``, ...

    >>> Call.parse("générale s").code(), Call.parse("Take hearts").code()
    ('generale S', 'take H')
    """

    kind: CallKind
    suit: Suit | None = None
    value: int | None = None
    """A bid's contract: 80 to 160, or :data:`CAPOT` or :data:`GENERALE`."""

    @staticmethod
    def parse(text: str) -> Call:
        """Read a call as written in example files; ``ValueError`` says what is expected."""
        words = text.split()
        keyword = words[0].lower() if words else ""
        if len(words) == 1 and keyword in ("pass", "take", "coinche", "surcoinche"):
            return Call(CallKind(keyword))
        if len(words) == 2 and keyword == "take":
            return Call(CallKind.TAKE, Suit.parse(words[1]))
        if len(words) == 2 and (keyword in _NAMED_VALUES or keyword.isdecimal()):
            if keyword not in _NAMED_VALUES and int(keyword) not in _NUMBERED_VALUES:
                raise ValueError(f"bid {text.strip()!r}: a contract is 80 to 160 in steps of 10")
            return Call(CallKind.BID, Suit.parse(words[1]), contract_value(keyword))
        raise ValueError(
            f"unknown call {text!r} (write pass, take, take SUIT, VALUE SUIT, capot SUIT, "
            "generale SUIT, coinche or surcoinche)"
        )

    def code(self) -> str:
        """The canonical text form, which :meth:`parse` reads back."""
        word = self.kind.value  # read before the narrowing below, after which mypy types it Any
        if self.kind is CallKind.BID:
            return f"{contract_code(self.value or 0)} {self.suit}"
        if self.suit is not None:
            return f"{word} {self.suit}"
        return word

    def __repr__(self) -> str:
        return f"Call.parse({self.code()!r})"

    __str__ = code


def contract_value(text: str) -> int:
    """A contract as written: 80 to 160 in steps of 10, ``capot`` or ``generale`` (``générale``).

    >>> contract_value("120"), contract_value("Capot")
    (120, 250)
    """
    word = text.strip().lower()
    if word in _NAMED_VALUES:
        return _NAMED_VALUES[word]
    if not word.isdecimal() or int(word) not in _NUMBERED_VALUES:
        raise ValueError(f"{text.strip()!r}: a contract is 80 to 160 in steps of 10, capot or generale")
    return int(word)


def multiplier_value(text: str) -> int:
    """A multiplier as written: one of :data:`MULTIPLIERS`.

    >>> multiplier_value("2")
    2
    """
    word = text.strip()
    if not word.isdecimal() or int(word) not in MULTIPLIERS:
        raise ValueError(f"{text!r}: the multiplier is 1, 2 (coinche) or 4 (surcoinche)")
    return int(word)


def contract_code(value: int) -> str:
    """A contract as written in files: ``100``, ``capot`` or ``generale``."""
    return {CAPOT: "capot", GENERALE: "generale"}.get(value, str(value))


class AuctionReason(Enum):
    """A call's refusal: why the app refuses it."""

    AUCTION_CLOSED = "auction-closed"
    """The auction is over: a contract stands or the cards are dealt again."""
    NOT_THIS_GAME = "not-this-game"
    """A kind of call this game does not know (a bid in the trump game, a take in Coinche)."""
    OUT_OF_TURN = "out-of-turn"
    """Another seat is to speak."""
    TURNED_SUIT_ONLY = "turned-suit-only"
    """Round 1 of the trump game: only the turned card's suit may be taken."""
    SUIT_REQUIRED = "suit-required"
    """Round 2 of the trump game: a take names another suit."""
    NOT_TURNED_SUIT = "not-turned-suit"
    """Round 2 of the trump game: the turned suit was refused by all in round 1."""
    NO_SUIT = "no-suit-in-no-trump"
    """The no-trump game takes without naming a suit."""
    BID_TOO_LOW = "bid-too-low"
    """A bid must be higher than the standing one."""
    BID_AFTER_COINCHE = "bid-after-coinche"
    """Once the contract is coinched, nobody bids again."""
    NO_CONTRACT = "no-contract"
    """A coinche or surcoinche with no bid to double."""
    NOT_DEFENDER = "not-defender"
    """Only the defenders coinche; the taker's team may not."""
    ALREADY_COINCHED = "already-coinched"
    """The contract is coinched already."""
    NOT_COINCHED = "not-coinched"
    """A surcoinche answers a coinche; there is none."""
    NOT_CONTRACT_TEAM = "not-contract-team"
    """Only the taker's team surcoinches."""


class CallPermission(Enum):
    """Why the app accepts a call: the rule that lets it (the counterpart of :class:`AuctionReason`)."""

    PASS = "pass"
    """The seat to speak may always pass."""
    TAKES_TURNED = "takes-turned"
    """Round 1 of the trump game: a take in the turned card's suit."""
    TAKES_NAMED = "takes-named"
    """Round 2 of the trump game: a take naming another suit than the turned one."""
    TAKES = "takes"
    """The no-trump game: a take, naming no suit."""
    FIRST_BID = "first-bid"
    """Coinche: the first contract of the auction."""
    HIGHER_BID = "higher-bid"
    """Coinche: a contract higher than the standing one."""
    COINCHES = "coinches"
    """Coinche: a defender doubles the standing contract."""
    SURCOINCHES = "surcoinches"
    """Coinche: the taker's team doubles the coinched contract again."""


class AuctionStatus(Enum):
    """Where an auction stands."""

    OPEN = "open"
    """Calls are still expected."""
    REDEAL = "redeal"
    """Everyone passed: the cards are dealt again."""
    CONTRACT = "contract"
    """A seat took or a bid stands: the auction is over."""


def outcome_fields(game: Game) -> tuple[str, ...]:
    """The fields of :class:`AuctionOutcome` a contract has in ``game``, in the order they are
    written: every game has a taker, a game with a trump its trump, a game of bids the contract
    and its multiplier.

    >>> outcome_fields(Game.TRUMP), outcome_fields(Game.COINCHE)
    (('taker', 'trump'), ('taker', 'trump', 'contract', 'multiplier'))
    """
    bids = CallKind.BID in GAME_CALLS[game]
    return ("taker",) + ("trump",) * game.has_trump + ("contract", "multiplier") * bids


@dataclass(frozen=True)
class AuctionOutcome:
    """The auction's result; ``taker`` and the rest are set only for a contract."""

    status: AuctionStatus
    taker: Seat | None = None
    trump: Suit | None = None
    contract: int | None = None
    """Coinche only: 80 to 160, :data:`CAPOT` or :data:`GENERALE`."""
    multiplier: int | None = None
    """Coinche only: 1, 2 after a coinche, 4 after a surcoinche."""


class Auction:
    """An auction in progress: feed it calls, read its outcome.

    >>> from generator.rules import rules_for
    >>> auction = Auction(rules_for(Game.TRUMP), dealer=Seat.EAST, turned=Suit.HEARTS)
    >>> [auction.call(seat, Call.parse(text)) for seat, text in
    ...  [(Seat.SOUTH, "pass"), (Seat.WEST, "take S"), (Seat.WEST, "pass"), (Seat.NORTH, "take")]]
    [None, <AuctionReason.TURNED_SUIT_ONLY: 'turned-suit-only'>, None, None]
    >>> outcome = auction.outcome
    >>> outcome.status, outcome.taker, outcome.trump, outcome.contract
    (<AuctionStatus.CONTRACT: 'contract'>, Seat.parse('N'), Suit.parse('H'), None)
    """

    def __init__(self, rules: Rules, dealer: Seat, turned: Suit | None = None) -> None:
        if (rules.game is Game.TRUMP) != (turned is not None):
            raise ValueError("the trump game, and only it, turns a card for the auction")
        self.rules = rules
        self.turned = turned
        self.to_speak = dealer.next()
        self.round = 1
        self.outcome = AuctionOutcome(AuctionStatus.OPEN)
        self.bid: Call | None = None
        """Coinche: the standing contract's bid, if any (what a new bid must beat)."""
        self.taker: Seat | None = None
        """Coinche: the seat whose bid stands, if any."""
        self._passes = 0  # passes in a row: in the round, or since the standing contract or coinche
        self._multiplier = 1

    def call(self, seat: Seat, call: Call) -> AuctionReason | None:
        """Make ``seat``'s call; return why it is refused (nothing changes then), or None."""
        reason = self.refusal(seat, call)
        if reason is not None:
            return reason
        if call.kind is CallKind.PASS:
            self._pass()
        elif call.kind is CallKind.TAKE:
            trump = self.turned if call.suit is None else call.suit
            self.outcome = AuctionOutcome(AuctionStatus.CONTRACT, seat, trump)
        elif call.kind is CallKind.BID:
            self.bid, self.taker, self._passes = call, seat, 0
            self.to_speak = seat.next()
        elif call.kind is CallKind.COINCHE:
            self._multiplier, self._passes = _DOUBLINGS[call.kind], 0
            self.to_speak = seat.next()
        else:
            self._multiplier = _DOUBLINGS[call.kind]
            self.outcome = self._contract()
        return None

    def permission(self, seat: Seat, call: Call) -> CallPermission | None:
        """Why ``seat``'s ``call`` would be accepted now; None when it would be refused.

        >>> from generator.rules import rules_for
        >>> auction = Auction(rules_for(Game.COINCHE), dealer=Seat.EAST)
        >>> auction.permission(Seat.SOUTH, Call.parse("80 H")), auction.permission(Seat.SOUTH, Call.parse("coinche"))
        (<CallPermission.FIRST_BID: 'first-bid'>, None)
        """
        if self.refusal(seat, call) is not None:
            return None
        if call.kind is CallKind.PASS:
            return CallPermission.PASS
        if call.kind is CallKind.TAKE:
            if self.rules.game is Game.NO_TRUMP:
                return CallPermission.TAKES
            return CallPermission.TAKES_TURNED if self.round == 1 else CallPermission.TAKES_NAMED
        if call.kind is CallKind.BID:
            return CallPermission.FIRST_BID if self.bid is None else CallPermission.HIGHER_BID
        return CallPermission.COINCHES if call.kind is CallKind.COINCHE else CallPermission.SURCOINCHES

    def refusal(self, seat: Seat, call: Call) -> AuctionReason | None:
        """Why ``seat``'s ``call`` would be refused now, or None; nothing changes."""
        if self.outcome.status is not AuctionStatus.OPEN:
            return AuctionReason.AUCTION_CLOSED
        if call.kind not in GAME_CALLS[self.rules.game]:
            return AuctionReason.NOT_THIS_GAME
        out_of_turn_coinche = call.kind is CallKind.COINCHE and self.rules.coinche_out_of_turn
        if seat != self.to_speak and not out_of_turn_coinche:
            return AuctionReason.OUT_OF_TURN
        if call.kind is CallKind.TAKE:
            return self._take_refusal(call)
        if call.kind is CallKind.BID:
            if self._multiplier > 1:
                return AuctionReason.BID_AFTER_COINCHE
            if self.bid is not None and (call.value or 0) <= (self.bid.value or 0):
                return AuctionReason.BID_TOO_LOW
        if call.kind in (CallKind.COINCHE, CallKind.SURCOINCHE):
            return self._double_refusal(seat, call)
        return None

    def _take_refusal(self, call: Call) -> AuctionReason | None:
        if self.rules.game is Game.NO_TRUMP:
            return None if call.suit is None else AuctionReason.NO_SUIT
        if self.round == 1:
            return None if call.suit in (None, self.turned) else AuctionReason.TURNED_SUIT_ONLY
        if call.suit is None:
            return AuctionReason.SUIT_REQUIRED
        return AuctionReason.NOT_TURNED_SUIT if call.suit == self.turned else None

    def _double_refusal(self, seat: Seat, call: Call) -> AuctionReason | None:
        if self.taker is None:
            return AuctionReason.NO_CONTRACT
        contract_team = seat.is_partner_of(self.taker)
        if call.kind is CallKind.COINCHE:
            if self._multiplier > 1:
                return AuctionReason.ALREADY_COINCHED
            return AuctionReason.NOT_DEFENDER if contract_team else None
        if self._multiplier == 1:
            return AuctionReason.NOT_COINCHED
        return None if contract_team else AuctionReason.NOT_CONTRACT_TEAM

    def _pass(self) -> None:
        self._passes += 1
        self.to_speak = self.to_speak.next()
        if self.taker is not None:
            if self._passes == 3:
                self.outcome = self._contract()
        elif self._passes == 4:
            if self.rules.game is Game.TRUMP and self.round == 1:
                self.round, self._passes = 2, 0
            else:
                self.outcome = AuctionOutcome(AuctionStatus.REDEAL)

    def _contract(self) -> AuctionOutcome:
        bid = self.bid
        assert bid is not None and self.taker is not None
        return AuctionOutcome(AuctionStatus.CONTRACT, self.taker, bid.suit, bid.value, self._multiplier)
