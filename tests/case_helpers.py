"""The player's own cases the tests give the reason landings: for every refusal code, and every
sentence of it (each situation), a real position or auction the engine refused it in, as the query
an app sends (generator/case.py), with the sentence the build's own words give it in each locale."""

from __future__ import annotations

import dataclasses

from generator import case, positions
from generator.rules import (
    RULESETS,
    Auction,
    AuctionReason,
    Call,
    Card,
    CardSet,
    Game,
    PlayReason,
    Seat,
    Suit,
    refusal,
    rules_for,
)
from generator.words import reasons


@dataclasses.dataclass(frozen=True)
class Case:
    """A reason's code, the query of a player's case, the refused card or call and the engine's sentence."""

    kind: str
    code: str
    situation: str
    query: tuple[tuple[str, str], ...]
    refused: Card | Call
    phrase: reasons.Phrase


def play_cases() -> list[Case]:
    """A case of every card refusal and situation, from the engine's drawn positions (the first of each)."""
    found: dict[tuple[str, str], Case] = {}
    for name, games in RULESETS.items():
        for game, rules in games.items():
            for position in positions.play_draws(game, name):
                facts = reasons.play_facts(position.seat, position.trick, position.trump, rules)
                for card, reason in position.refusals().items():
                    key = (reason.value, reasons.play_situation(reason, facts))
                    if key not in found:
                        query = case.play_query(reason, card, position.seat, position.trick, position.trump, rules)
                        phrase = reasons.play_phrase(reason, position.seat, position.trick, position.trump, rules)
                        found[key] = Case("play", reason.value, key[1], tuple(query), card, phrase)
    absent = Card.parse("7C")  # the app offers held cards: a card not in the hand, by hand
    hand = CardSet.parse("KS 7S JH")
    rules = rules_for(Game.TRUMP)
    assert refusal(hand, [Card.parse("AS")], absent, Suit.HEARTS, rules) is PlayReason.NOT_IN_HAND
    phrase = reasons.play_phrase(
        PlayReason.NOT_IN_HAND, Seat.NORTH, [(Seat.WEST, Card.parse("AS"))], Suit.HEARTS, rules
    )
    found[("not-in-hand", "")] = Case("play", "not-in-hand", "", (("card", "7C"),), absent, phrase)
    return [found[key] for key in sorted(found)]


def call_cases() -> list[Case]:
    """A case of every call refusal and situation, from the auctions the engine drew (and a coinche
    out of turn under each rule set)."""
    found: dict[tuple[str, str], Case] = {}

    def add(reason: AuctionReason, call: Call, before: Auction) -> None:
        key = (reason.value, reasons.call_situation(reason, call, reasons.call_facts(before)))
        if key not in found:
            query = tuple(case.call_query(reason, call, before))
            found[key] = Case("call", reason.value, key[1], query, call, reasons.call_phrase(reason, call, before))

    for reason, seen in positions.call_reasons().items():
        drawn = seen.auction
        assert drawn is not None
        auction = Auction(RULESETS[drawn.rules][drawn.game], drawn.dealer, drawn.turned)
        *before, (_, call) = drawn.calls
        for seat, made in before:
            auction.call(seat, made)
        add(reason, call, auction)
    for name in RULESETS:  # a defender's coinche out of turn, where the rules refuse it
        auction = Auction(rules_for(Game.COINCHE, name), dealer=Seat.SOUTH)
        auction.call(Seat.WEST, Call.parse("100 H"))
        if auction.refusal(Seat.SOUTH, Call.parse("coinche")) is AuctionReason.OUT_OF_TURN:
            add(AuctionReason.OUT_OF_TURN, Call.parse("coinche"), auction)
    return [found[key] for key in sorted(found)]
