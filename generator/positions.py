"""Positions made by the engine: random tricks and auctions, seeded, and the reasons the engine
gives on them.

The site says under which games and rule sets each refusal reason occurs, and shows the reasons
no example of the site shows, from positions drawn here. The draws are seeded by name, so two
builds draw the same positions (and their pages are byte-identical).
"""

from __future__ import annotations

import functools
import random
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .keys import code_version, digest
from .rules import (
    DECK,
    RULESETS,
    Auction,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    CallPermission,
    Card,
    CardSet,
    Game,
    PlayPermission,
    PlayReason,
    Rules,
    Seat,
    Suit,
    allowed,
    permission,
    rank_order,
    refusal,
)
from .words.reasons import PLAY_MESSAGES, Phrase, call_phrase, play_phrase

DRAWS = 600
"""Positions drawn per game and rule set: enough for every reason that can occur to occur (a
test checks each reason is found where the rule flags say it can be)."""

AUCTIONS = 6
"""Random auctions per game and rule set, every seat trying every call at each turn: each meets
most of the auction's reasons."""


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """A seat to play on a trick, with its hand, under a game's rules."""

    game: Game
    rules: str
    trump: Suit | None
    trick: tuple[tuple[Seat, Card], ...]
    seat: Seat
    hand: tuple[Card, ...]

    def refusals(self) -> dict[Card, PlayReason]:
        """The engine's reason for each refused card of the hand."""
        rules = RULESETS[self.rules][self.game]
        cards, hand = [card for _, card in self.trick], CardSet(self.hand)
        playable = allowed(hand, cards, self.trump, rules)
        found = {card: refusal(hand, cards, card, self.trump, rules) for card in self.hand if card not in playable}
        return {card: reason for card, reason in found.items() if reason is not None}

    def permissions(self) -> dict[Card, PlayPermission]:
        """The engine's permission for each allowed card of the hand."""
        rules = RULESETS[self.rules][self.game]
        cards, hand = [card for _, card in self.trick], CardSet(self.hand)
        playable = allowed(hand, cards, self.trump, rules)
        found = {card: permission(hand, cards, card, self.trump, rules) for card in self.hand if card in playable}
        return {card: why for card, why in found.items() if why is not None}


SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The suits as a player sorts a hand: black and red in turn."""


def sorted_hand(cards: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """A hand as a player sorts it: by suit (:data:`SUIT_ORDER`), each suit from its strongest card
    down (the trump suit in trump order)."""
    return tuple(sorted(cards, key=lambda card: (SUIT_ORDER.index(card.suit), _strength(card, trump))))


def _strength(card: Card, trump: Suit | None) -> int:
    return rank_order(card.suit == trump).index(card.rank)


def draw_play(game: Game, rules: str, draw: random.Random) -> PlayPosition:
    """A random position: a shuffled deck dealt, a trick of 1 to 3 cards played from the hands
    before the seat to play (each a card the engine allows), and that seat's hand."""
    deck = list(DECK)
    draw.shuffle(deck)
    hands = [deck[8 * n : 8 * n + 8] for n in range(4)]
    trump = Suit(draw.randrange(4)) if game.has_trump else None
    leader = Seat(draw.randrange(4))
    played = draw.randrange(1, 4)
    left = draw.choice((2, 3, 3, 4, 4, 5, 6, 8))  # cards left in each hand: short hands lack suits more often
    the_rules = RULESETS[rules][game]
    trick: list[tuple[Seat, Card]] = []
    for step in range(played):
        seat = leader.next(step)
        hand = hands[seat][:left]
        playable = allowed(CardSet(hand), [c for _, c in trick], trump, the_rules)
        trick.append((seat, draw.choice([card for card in hand if card in playable])))
    seat = leader.next(played)
    return PlayPosition(game, rules, trump, tuple(trick), seat, sorted_hand(hands[seat][:left], trump))


@functools.cache
def play_draws(game: Game, rules: str) -> tuple[PlayPosition, ...]:
    """The :data:`DRAWS` positions of a game and rule set, always the same ones."""
    draw = random.Random(f"play {game.value} {rules}")
    return tuple(draw_play(game, rules, draw) for _ in range(DRAWS))


@functools.cache
def play_verdicts(game: Game, rules: str) -> tuple[tuple[dict[Card, PlayReason], dict[Card, PlayPermission]], ...]:
    """Each position of :func:`play_draws`, in order: its refused cards with their reasons and its
    allowed cards with their permissions, found once for the draws' three readings of them."""
    return tuple((position.refusals(), position.permissions()) for position in play_draws(game, rules))


@dataclass(frozen=True, slots=True)
class ReasonSeen:
    """A reason the engine gave: where (game and rule set) and a sentence from a position it gave it in."""

    where: tuple[tuple[Game, str], ...]
    phrase: Phrase
    auction: DrawnAuction | None = None
    """For a call: the auction it was refused in (its calls, the refused one last)."""


@dataclass(frozen=True, slots=True)
class DrawnAuction:
    """An auction the engine drew: its game and rule set, dealer, turned suit and calls."""

    game: Game
    rules: str
    dealer: Seat
    turned: Suit | None
    calls: tuple[tuple[Seat, Call], ...]
    turned_card: Card | None = None
    """The turned card itself (its rank drawn too), in the trump game."""


@functools.cache
def play_reasons() -> dict[PlayReason, ReasonSeen]:
    """Each refusal reason of card play, under the games and rule sets the draws found it in, with
    the sentence of the first position found. A card not in the hand is refused everywhere (the
    draws only ever offer held cards): its sentence has no values."""
    where: dict[PlayReason, set[tuple[Game, str]]] = {}
    phrases: dict[PlayReason, Phrase] = {}
    for rules, games in RULESETS.items():
        for game, the_rules in games.items():
            for position, (refused, _) in zip(play_draws(game, rules), play_verdicts(game, rules), strict=True):
                for reason in set(refused.values()):
                    if reason not in phrases:  # the sentence of the first position only
                        phrases[reason] = play_phrase(reason, position.seat, position.trick, position.trump, the_rules)
                    where.setdefault(reason, set()).add((game, rules))
    where[PlayReason.NOT_IN_HAND] = {(game, rules) for rules, games in RULESETS.items() for game in games}
    phrases[PlayReason.NOT_IN_HAND] = Phrase(PLAY_MESSAGES[(PlayReason.NOT_IN_HAND, "")][0])
    return {reason: ReasonSeen(_ordered(where[reason]), phrases[reason]) for reason in PlayReason if reason in where}


def _ordered(where: Iterable[tuple[Game, str]]) -> tuple[tuple[Game, str], ...]:
    """Games in the engine's order, each's rule sets in the site's order."""
    names = list(RULESETS)
    return tuple(sorted(where, key=lambda place: (list(Game).index(place[0]), names.index(place[1]))))


def _new_auction(game: Game, rules: Rules, draw: random.Random) -> tuple[Card | None, Seat, Auction]:
    """A random auction's start: the card turned up (its suit and its rank) in the trump game, None
    in the others; the dealer; the auction under ``rules``."""
    turned_card = DECK[draw.randrange(len(DECK))] if game is Game.TRUMP else None
    dealer = Seat(draw.randrange(4))
    return turned_card, dealer, Auction(rules, dealer, turned_card.suit if turned_card is not None else None)


CANDIDATES = (
    (Call(CallKind.PASS), Call(CallKind.TAKE), Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE))
    + tuple(Call(CallKind.TAKE, suit) for suit in Suit)
    + tuple(Call(CallKind.BID, suit, value) for suit in Suit for value in (80, 90, 100, 120, 160))
)
"""Every call a player might try, in every game (a game refuses those it does not know)."""


@functools.cache
def call_reasons() -> dict[AuctionReason, ReasonSeen]:
    """Each refusal reason of the auction, under the games and rule sets where random auctions
    met it (every seat trying every call at every turn), with the first sentence found."""
    where: dict[AuctionReason, set[tuple[Game, str]]] = {}
    first: dict[AuctionReason, tuple[Phrase, DrawnAuction]] = {}
    for rules, games in RULESETS.items():
        for game, the_rules in games.items():
            draw = random.Random(f"auction {game.value} {rules}")
            for _ in range(AUCTIONS):
                turned_card, dealer, auction = _new_auction(game, the_rules, draw)
                made: list[tuple[Seat, Call]] = []
                for _ in range(12):
                    accepted = []
                    for seat in Seat:
                        for call in CANDIDATES:
                            reason = auction.refusal(seat, call)
                            if reason is None:
                                if seat == auction.to_speak:
                                    accepted.append(call)
                                continue
                            if reason not in first:  # the sentence and auction of the first trial only
                                calls = (*made, (seat, call))
                                drawn = DrawnAuction(game, rules, dealer, auction.turned, calls, turned_card)
                                first[reason] = (call_phrase(reason, call, auction), drawn)
                            where.setdefault(reason, set()).add((game, rules))
                    if auction.outcome.status is not AuctionStatus.OPEN:
                        break
                    passes = [call for call in accepted if call.kind is CallKind.PASS]
                    choice = draw.choice(passes if passes and draw.random() < 0.6 else accepted)
                    made.append((auction.to_speak, choice))
                    auction.call(auction.to_speak, choice)
    return {reason: ReasonSeen(_ordered(where[reason]), *first[reason]) for reason in AuctionReason if reason in where}


PRACTICE_EACH = 2
"""Practice positions for each refusal reason and each permission the engine gives, in each game and
rule set (a permission that comes only in a position where every card is allowed: once per game)."""

EVERY_CARD_SHARE = 0.15
"""At most this share of the practice positions allow every card of the hand (a question whose answer
is "all of them" teaches little)."""

SHORT_HAND = 2
"""A hand of this many cards is practised only for what no longer hand of the draws shows."""


@functools.cache
def practice_plays() -> tuple[PlayPosition, ...]:
    """Positions to practise card play on, in each game and rule set: the first drawn positions with a
    refused card until each refusal reason and each permission met there is met :data:`PRACTICE_EACH`
    times; and, for a permission that only comes where every card is allowed (a free discard, your
    partner winning), one such position per game, whose rule sets play it alike. Hands of three cards
    or more first: a two-card hand only for what no longer hand shows. Each position once; then
    shuffled (seeded), so that "next" varies."""
    chosen: list[PlayPosition] = []
    for game in Game:
        free: Counter[PlayPermission] = Counter()  # the "every card" permissions, per game
        for rules, games in RULESETS.items():
            if game not in games:
                continue
            met: Counter[PlayReason | PlayPermission] = Counter()
            draws = list(zip(play_draws(game, rules), play_verdicts(game, rules), strict=True))
            longer = [drawn for drawn in draws if len(drawn[0].hand) > SHORT_HAND]
            for position, verdicts in longer + [drawn for drawn in draws if len(drawn[0].hand) == SHORT_HAND]:
                refused = {*verdicts[0].values()}
                allowed_why = {*verdicts[1].values()}
                if refused:
                    said: set[PlayReason | PlayPermission] = refused | allowed_why
                    if any(met[thing] < PRACTICE_EACH for thing in said):
                        chosen.append(position)
                        met.update(said)
                elif any(free[why] < 1 for why in allowed_why - mixed_permissions(game, rules)):
                    chosen.append(position)
                    free.update(allowed_why)
    random.Random("practice plays").shuffle(chosen)
    return tuple(chosen)


@functools.cache
def mixed_permissions(game: Game, rules: str) -> frozenset[PlayPermission]:
    """The permissions the draws of a game and rule set give in a position where some card is
    refused; the others come only where every card is allowed (a free discard, a partner winning)."""
    return frozenset(
        why
        for position, (refused, allowed_why) in zip(play_draws(game, rules), play_verdicts(game, rules), strict=True)
        if refused and len(position.hand) > 1
        for why in allowed_why.values()
    )


@dataclass(frozen=True, slots=True)
class CallChoice:
    """A call offered to the seat to speak, and the engine's verdict on it."""

    call: Call
    reason: AuctionReason | None
    permission: CallPermission | None


@dataclass(frozen=True, slots=True)
class CallQuestion:
    """An auction the engine drew, stopped at a turn, and the calls offered to the seat to speak."""

    auction: DrawnAuction
    seat: Seat
    choices: tuple[CallChoice, ...]


CHOICES = 4
"""Calls offered per bidding question."""


@functools.cache
def practice_calls() -> tuple[CallQuestion, ...]:
    """Auctions to practise bidding on: in each game and rule set, random auctions stopped at a
    turn where one of the calls a player might try is refused for a reason not yet met
    :data:`PRACTICE_EACH` times there; offered: that call, one the app accepts (a pass only when
    nothing else is) and others, in the engine's call order. Seeded, then shuffled."""
    chosen: list[CallQuestion] = []
    for rules, games in RULESETS.items():
        for game, the_rules in games.items():
            draw = random.Random(f"practice auction {game.value} {rules}")
            met: Counter[AuctionReason] = Counter()
            for _ in range(40):
                turned_card, dealer, auction = _new_auction(game, the_rules, draw)
                made: list[tuple[Seat, Call]] = []
                while auction.outcome.status is AuctionStatus.OPEN and len(made) < 12:
                    seat = auction.to_speak
                    verdicts = [
                        CallChoice(c, auction.refusal(seat, c), auction.permission(seat, c)) for c in _offered(auction)
                    ]
                    refused = [v for v in verdicts if v.reason is not None and met[v.reason] < PRACTICE_EACH]
                    taken = [v for v in verdicts if v.permission is not None] or [
                        CallChoice(Call(CallKind.PASS), None, CallPermission.PASS)  # the only call accepted
                    ]
                    if refused and draw.random() < 0.5:
                        target = min(refused, key=lambda v: met[v.reason])  # type: ignore[index]
                        met[target.reason] += 1  # type: ignore[index]
                        first = [target, draw.choice(taken)]
                        others = [v for v in verdicts if v not in first]
                        offered = first + draw.sample(others, CHOICES - len(first))
                        order = {v.call: n for n, v in enumerate([*taken[-1:], *verdicts])}
                        offered.sort(key=lambda v: order[v.call])
                        drawn = DrawnAuction(game, rules, dealer, auction.turned, tuple(made), turned_card)
                        chosen.append(CallQuestion(drawn, seat, tuple(offered)))
                    accepted = [v.call for v in verdicts if v.reason is None]
                    choice = Call(CallKind.PASS) if not accepted or draw.random() < 0.7 else draw.choice(accepted)
                    made.append((seat, choice))
                    auction.call(seat, choice)
    random.Random("practice calls").shuffle(chosen)
    return tuple(chosen)


@dataclass(frozen=True, eq=False)
class Draws:
    """What the site shows of the positions the engine draws itself: each refusal reason with
    where it occurs, and the practice questions. They follow from the code alone (the draws are
    seeded), so a build may keep them (:func:`generator.project.engine_draws`)."""

    play_reasons: dict[PlayReason, ReasonSeen]
    call_reasons: dict[AuctionReason, ReasonSeen]
    practice_plays: tuple[PlayPosition, ...]
    practice_calls: tuple[CallQuestion, ...]
    source: str
    """What they follow from: the digest of the code that drew them and of Python's version."""


def draw_all() -> Draws:
    """The engine's draws (each part drawn once per process)."""
    return Draws(play_reasons(), call_reasons(), practice_plays(), practice_calls(), draws_source())


def draws_source() -> str:
    """What the draws follow from: this code (every module and library, :func:`~generator.keys.code_version`)
    and this Python (its ``random``)."""
    return digest(code_version(), sys.version)


def _offered(auction: Auction) -> list[Call]:
    """The calls a bidding question may offer: those of the game (and a take in Coinche, a bid in
    the other games, which the game refuses), but a pass (always accepted in turn: offered only
    when nothing else is), and one label for each call: in the first round of the trump game a take
    naming the turned suit is the take itself ("Takes"), so it is not offered beside it (the no-trump
    game turns no suit)."""
    if auction.rules.game is Game.COINCHE:
        bids = [Call(CallKind.BID, suit, value) for value in (80, 100, 120) for suit in Suit]
        return [Call(CallKind.TAKE), *bids, Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE)]
    takes = [Call(CallKind.TAKE, suit) for suit in Suit if auction.round > 1 or suit != auction.turned]
    return [Call(CallKind.TAKE), *takes, Call(CallKind.BID, Suit.HEARTS, 80), Call(CallKind.COINCHE)]
