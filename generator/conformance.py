"""Positions and auctions the engine draws itself for the app's conformance suite (``examples.json``),
so that every refusal code of the engine is met at least :data:`EACH` times, and every permission at
least once, whatever the example files show.

They complete the examples exported: given the codes those show, positions and auctions are drawn,
seeded (the same examples give the same cases), under every game and rule set in turn, and a card
position is kept while it shows a code still met too few times; an auction is kept at a call the
engine refuses for such a reason, or whole for such a permission of its calls.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import Enum

from .positions import CANDIDATES, draw_play
from .reader.examples import AuctionExample, Example, PlayExample
from .reader.source import Pos
from .rules import (
    RULESETS,
    Auction,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    CallPermission,
    Game,
    PlayPermission,
    PlayReason,
    Rules,
    Seat,
    Suit,
)

EACH = 3
"""Cases at least for each refusal code (a card not in the hand: every play case probes one)."""

TRIES = 400
"""Rounds of draws at most (a position or an auction of each game and rule set per round)."""

_NOWHERE = Pos(0, 0, 0, 0)


def _short(met: Counter[Enum], codes: list[Enum]) -> bool:
    """Whether a code is met fewer times than the suite wants: :data:`EACH` times a refusal, once a permission."""
    return any(met[code] < (EACH if isinstance(code, PlayReason | AuctionReason) else 1) for code in codes)


def drawn_cases(met: Counter[Enum]) -> list[Example]:
    """The positions and auctions to add to examples showing the codes ``met`` (each counted once
    per example), ids ``drawn-play-N`` and ``drawn-auction-N``."""
    counted = Counter(met)
    return [*_drawn_plays(counted), *_drawn_auctions(counted)]


_PLAY_CODES: list[Enum] = [code for code in (*PlayReason, *PlayPermission) if code is not PlayReason.NOT_IN_HAND]
_CALL_CODES: list[Enum] = [*AuctionReason, *CallPermission]


def _combinations(kind: str) -> list[tuple[Game, str, Rules, random.Random]]:
    """Every game and rule set, each with its own seeded draw."""
    return [
        (game, name, rules, random.Random(f"conformance {kind} {game.value} {name}"))
        for name, games in RULESETS.items()
        for game, rules in games.items()
    ]


def _drawn_plays(met: Counter[Enum]) -> list[PlayExample]:
    found: list[PlayExample] = []
    combinations = _combinations("play")
    for _ in range(TRIES):
        if not _short(met, _PLAY_CODES):
            break
        for game, name, rules, draw in combinations:
            position = draw_play(game, name, draw)
            said: set[Enum] = {*position.refusals().values(), *position.permissions().values()}
            trick, seat = position.trick, position.seat
            if _short(met, [PlayPermission.LEAD]):  # the draws never lead: a hand without its trick
                said, trick, seat = {PlayPermission.LEAD}, (), position.trick[0][0]
            if _short(met, list(said)):
                met.update(said)
                number = f"drawn-play-{len(found) + 1}"
                found.append(
                    PlayExample(
                        "", _NOWHERE, number, game, rules, {}, position.trump, trick, seat, position.hand, None, None
                    )
                )
    return found


def _drawn_auctions(met: Counter[Enum]) -> list[AuctionExample]:
    found: list[AuctionExample] = []
    combinations = _combinations("auction")
    for _ in range(TRIES // 10):
        for game, _name, rules, draw in combinations:
            if not _short(met, _CALL_CODES):
                return found
            turned = Suit(draw.randrange(4)) if game is Game.TRUMP else None
            dealer = Seat(draw.randrange(4))
            auction = Auction(rules, dealer, turned)
            made: list[tuple[Seat, Call]] = []
            permitted: list[Enum] = []  # the permission of each call made
            while len(made) < 14:  # the seat to speak and the next try each call, then the first makes one
                trying = (auction.to_speak, auction.to_speak.next()) if _short(met, list(AuctionReason)) else ()
                for seat in trying:
                    for call in CANDIDATES:
                        reason = auction.refusal(seat, call)
                        if reason is not None and met[reason] < EACH:
                            met.update({reason, *permitted})
                            calls = (*made, (seat, call))
                            found.append(_auction(len(found), game, rules, dealer, turned, calls))
                if auction.outcome.status is not AuctionStatus.OPEN:
                    break
                seat = auction.to_speak
                accepted = [call for call in CANDIDATES if auction.refusal(seat, call) is None]
                passes = [call for call in accepted if call.kind is CallKind.PASS]
                choice = draw.choice(passes if passes and draw.random() < 0.5 else accepted)
                permission = auction.permission(seat, choice)
                assert permission is not None, (seat, choice)
                permitted.append(permission)
                made.append((seat, choice))
                auction.call(seat, choice)
            if _short(met, permitted):  # the whole auction, for its calls' permissions
                met.update(set(permitted))
                found.append(_auction(len(found), game, rules, dealer, turned, tuple(made)))
    return found


def _auction(
    number: int, game: Game, rules: Rules, dealer: Seat, turned: Suit | None, calls: tuple[tuple[Seat, Call], ...]
) -> AuctionExample:
    return AuctionExample("", _NOWHERE, f"drawn-auction-{number + 1}", game, rules, {}, dealer, turned, None, calls)
