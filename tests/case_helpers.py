"""The player's own cases the tests give the reason landings: for every refusal code, and every
sentence of it (each situation), a real position or auction the engine refused it in, as the query
an app sends (generator/case.py), with the sentence the build's own words give it in each locale;
and the reading of such a query in Python (:func:`query_phrase`), which the tests hold the page's
script (``assets/case.js``) to."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from generator import case, positions
from generator.page_text import Words
from generator.rules import (
    RULESETS,
    Auction,
    AuctionReason,
    Call,
    CallKind,
    Card,
    CardSet,
    Game,
    PlayReason,
    Rules,
    Seat,
    Suit,
    refusal,
    rules_for,
)
from generator.words import reasons, terms

_CARDS = {card.code(): card for card in (Card.of(rank, suit) for suit in Suit for rank in terms.Rank)}
_SUITS = {suit.code(): suit for suit in Suit}
_SEATS = {seat.code(): seat for seat in Seat}
_GAMES = {game.value: game for game in Game}
_CALLS = {case.call_code(call): call for call in case.every_call()}


def _value(kind: str, text: str) -> object | None:
    """A parameter's value read by its type, or None when it is not one."""
    table: dict[str, dict[str, Any]] = {
        "card": _CARDS,
        "suit": _SUITS,
        "seat": _SEATS,
        "game": _GAMES,
        "rules": {name: name for name in RULESETS},
        "call": _CALLS,
        "contract": {code: call for code, call in _CALLS.items() if call.kind is CallKind.BID},
    }
    return table[kind].get(text)


def read_query(kind: str, code: str, pairs: Sequence[tuple[str, str]]) -> dict[str, object] | None:
    """The values of a query's parameters for a reason (pairs in the URL's order), or None when the
    query is not the grammar's: an unknown parameter, one given twice, one missing, a value outside
    its type."""
    allowed = {written.rstrip("?"): written for written in case.GRAMMAR.get(kind, {}).get(code, ())}
    if not allowed:
        return None
    found: dict[str, object] = {}
    for name, text in pairs:
        if name not in allowed or name in found:
            return None
        value = _value(case.PARAMETERS[name][0], text)
        if value is None:
            return None
        found[name] = value
    if any(name not in found for name, written in allowed.items() if not written.endswith("?")):
        return None
    return found


def query_phrase(kind: str, code: str, pairs: Sequence[tuple[str, str]]) -> tuple[Card | Call, reasons.Phrase] | None:
    """The player's case for a reason and a query: the refused card (or call) and the reason's
    sentence for those facts; None when the query is not the grammar's or lacks what the sentence
    names (:func:`say_case` says it as the landing shows it)."""
    values = read_query(kind, code, pairs)
    if values is None:
        return None
    name = values.get("rules")
    if kind == "play":
        game = values.get("game", Game.TRUMP)  # the sentences name the game's rules only for an undertrump
        rules = RULESETS[name if isinstance(name, str) else next(iter(RULESETS))][game]  # type: ignore[index]
        winner, seat = values.get("winner"), values.get("seat")
        partner = isinstance(winner, Seat) and isinstance(seat, Seat) and winner.is_partner_of(seat)
        facts = reasons.PlayFacts(
            rules,
            values.get("led"),  # type: ignore[arg-type]
            values.get("trump"),  # type: ignore[arg-type]
            winner,  # type: ignore[arg-type]
            values.get("best"),  # type: ignore[arg-type]
            partner,
        )
        phrase = reasons.play_phrase_of(PlayReason(code), facts)
        card = values["card"]
        assert isinstance(card, Card)
        return None if phrase is None else (card, phrase)
    call = values["call"]
    assert isinstance(call, Call)
    game = values.get("game", Game.COINCHE if call.kind is CallKind.COINCHE else Game.TRUMP)  # a coinche: Coinche's
    rules = RULESETS[name if isinstance(name, str) else next(iter(RULESETS))][game]  # type: ignore[index]
    facts_call = reasons.CallFacts(
        rules,
        values.get("speaks"),  # type: ignore[arg-type]
        values.get("turned"),  # type: ignore[arg-type]
        values.get("contract"),  # type: ignore[arg-type]
        values.get("taker"),  # type: ignore[arg-type]
    )
    if reasons.call_situation(AuctionReason(code), call, facts_call) == "coinche rules" and name is None:
        return None  # the sentence names the rule set, which the query does not give
    phrase = reasons.call_phrase_of(AuctionReason(code), call, facts_call)
    return None if phrase is None else (call, phrase)


def say_case(words: Words, refused: Card | Call, phrase: reasons.Phrase) -> Markup:
    """The player's sentence in the build's words: the refused card (or call) and the reason's
    sentence, joined as a refused card's line of the pages joins them."""
    if isinstance(refused, Card):
        return words.fill(
            reasons.LINE.context or "", reasons.LINE.msgid, card=words.card(refused), reason=words.say(phrase)
        )
    return words.fill(
        reasons.CALL_LINE.context or "", reasons.CALL_LINE.msgid, call=words.call(refused), reason=words.say(phrase)
    )


def play_query(
    reason: PlayReason, card: Card, seat: Seat, trick: Sequence[tuple[Seat, Card]], trump: Suit | None, rules: Rules
) -> list[tuple[str, str]]:
    """The query an app sends for a refused ``card`` in a position (``seat`` to play on ``trick``):
    the parameters the reason's grammar takes, from the position."""
    facts = reasons.play_facts(seat, trick, trump, rules)
    known: dict[str, str | None] = {
        "card": card.code(),
        "led": facts.led.code() if facts.led is not None else None,
        "trump": trump.code() if trump is not None else None,
        "best": facts.best.code() if facts.best is not None else None,
        "winner": facts.winner.code() if facts.winner is not None else None,
        "seat": seat.code(),
        "game": rules.game.value,
        "rules": rules.name,
    }
    return _query("play", reason.value, known)


def call_query(reason: AuctionReason, call: Call, before: Auction) -> list[tuple[str, str]]:
    """The query an app sends for a refused ``call`` in the auction as it stood before it."""
    facts = reasons.call_facts(before)
    known: dict[str, str | None] = {
        "call": case.call_code(call),
        "game": before.rules.game.value,
        "rules": before.rules.name,
        "speaks": facts.to_speak.code() if facts.to_speak is not None else None,
        "turned": facts.turned.code() if facts.turned is not None else None,
        "contract": case.call_code(facts.contract) if facts.contract is not None else None,
        "taker": facts.taker.code() if facts.taker is not None else None,
    }
    return _query("call", reason.value, known)


def _query(kind: str, code: str, known: dict[str, str | None]) -> list[tuple[str, str]]:
    names = [written.rstrip("?") for written in case.GRAMMAR[kind][code]]
    return [(name, value) for name in names if (value := known[name]) is not None]


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
                        query = play_query(reason, card, position.seat, position.trick, position.trump, rules)
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
            query = tuple(call_query(reason, call, before))
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
