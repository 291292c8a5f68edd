"""The player's own case on a reason's landing: the app links a refusal to its line
(``allowed-cards.html#why-must-follow-suit``) with the facts of the player's case in the query
(``?card=KH&led=S&trump=D``), and the page shows, above the rule, the player's sentence in their
language — the same sentence, in the same words and grammatical forms, that the pages give a
position with those facts.

The grammar is small and closed (:data:`GRAMMAR`, documented per reason in ``reasons.json``):
each reason takes a fixed set of parameters, each of one type (a card, a suit, a seat, a game, a
rule set, a call) whose values are the engine's codes. The page holds, per locale, the sentences
of its reasons and the names of every value (:func:`case_data`, made from the build's own words, in an attribute);
its script (``assets/case.js``) only looks the URL's values up in them and fills a sentence's
placeholders as the build does, so a value outside the grammar shows nothing and no text of the
URL reaches the page. ``tests/case_helpers.py`` reads a query the same way in Python, and the tests
hold the script to it.
"""

from __future__ import annotations

import json
from typing import Any

from .page_text import Words, plain_text
from .rules import DECK, RULESETS, AuctionReason, Call, CallKind, Game, PlayReason, Seat, Suit
from .rules.scoring import CONTRACTS
from .words import reasons, terms

TYPES: dict[str, str] = {
    "card": "a card: its rank (7 8 9 10 J Q K A) then its suit (S H D C), such as KH or 10S",
    "suit": "a suit: S, H, D or C",
    "seat": "a seat: N, E, S or W",
    "game": "the game: trump, no-trump or coinche",
    "rules": "the rule set: house or official",
    "call": "a call: pass, take, take-S, 100-H (80 to 160), capot-S, generale-S, coinche or surcoinche",
    "contract": "a bid, as a call: 100-H, capot-S, generale-S",
}
"""Each type of value a parameter takes (a call with a dash where the files write a space)."""

PARAMETERS: dict[str, tuple[str, str]] = {
    "card": ("card", "the card refused"),
    "led": ("suit", "the suit led"),
    "trump": ("suit", "the trump suit (leave it out in the no-trump game)"),
    "best": ("card", "the card winning the trick so far (the one to beat, or the trump it was won with)"),
    "winner": ("seat", "the seat winning the trick so far"),
    "seat": ("seat", "the player's seat"),
    "game": ("game", "the game"),
    "rules": ("rules", "the rule set"),
    "call": ("call", "the call refused"),
    "speaks": ("seat", "the seat whose turn it is to speak"),
    "turned": ("suit", "the turned card's suit"),
    "contract": ("contract", "the standing contract"),
    "taker": ("seat", "the seat whose contract stands"),
}
"""Each parameter of the grammar: its type and what it is."""

GRAMMAR: dict[str, dict[str, tuple[str, ...]]] = {
    "play": {
        PlayReason.NOT_IN_HAND.value: ("card",),
        PlayReason.FOLLOW_SUIT.value: ("card", "led", "trump?"),
        PlayReason.GO_HIGHER.value: ("card", "best", "winner", "seat"),
        PlayReason.OVERTRUMP.value: ("card", "best", "winner"),
        PlayReason.TRUMP.value: ("card", "led", "winner"),
        PlayReason.UNDERTRUMP.value: ("card", "best", "winner", "game", "rules"),
    },
    "call": {
        AuctionReason.AUCTION_CLOSED.value: ("call",),
        AuctionReason.NOT_THIS_GAME.value: ("call", "game"),
        AuctionReason.OUT_OF_TURN.value: ("call", "speaks", "rules?"),
        AuctionReason.TURNED_SUIT_ONLY.value: ("call", "turned"),
        AuctionReason.SUIT_REQUIRED.value: ("call",),
        AuctionReason.NOT_TURNED_SUIT.value: ("call", "turned"),
        AuctionReason.NO_SUIT.value: ("call",),
        AuctionReason.BID_TOO_LOW.value: ("call", "contract"),
        AuctionReason.BID_AFTER_COINCHE.value: ("call",),
        AuctionReason.NO_CONTRACT.value: ("call",),
        AuctionReason.NOT_DEFENDER.value: ("call", "taker"),
        AuctionReason.ALREADY_COINCHED.value: ("call",),
        AuctionReason.NOT_COINCHED.value: ("call",),
        AuctionReason.NOT_CONTRACT_TEAM.value: ("call", "taker"),
    },
}
"""Each reason's parameters, by kind and code (``?``: may be left out; a coinche out of turn needs
``rules``). A query with another parameter, a value outside its type or a parameter twice is not
the grammar's: the page shows nothing of it."""


def grammar(kind: str, code: str) -> dict[str, Any]:
    """A reason's parameters as ``reasons.json`` documents them: each one's type, whether it is
    required, and what it is."""
    found = {}
    for written in GRAMMAR[kind][code]:
        name = written.rstrip("?")
        kind_of, meaning = PARAMETERS[name]
        found[name] = {"type": kind_of, "required": not written.endswith("?"), "meaning": meaning}
    return found


def call_code(call: Call) -> str:
    """A call as the query writes it: its code with a dash for the space (``100-H``, ``take-S``)."""
    return call.code().replace(" ", "-")


def every_call() -> list[Call]:
    """Every call a player can make, in the engine's order of kinds."""
    calls = [Call(CallKind.PASS), Call(CallKind.TAKE)] + [Call(CallKind.TAKE, suit) for suit in Suit]
    calls += [Call(CallKind.BID, suit, value) for value in sorted(CONTRACTS) for suit in Suit]
    return calls + [Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE)]


# The page's data ---------------------------------------------------------------------------------


def case_data(words: Words, kind: str) -> str:
    """What the landing's script needs to say a player's case in this locale, as JSON text for an
    attribute (escaped there like any text: the page runs nothing inline): each reason's sentences
    by situation, the line that joins the card (or call) to its reason, the names of every value,
    and where a sentence names the rule set. Made from the build's own words, so the script writes
    what the pages write."""
    play = kind == "play"
    messages = reasons.PLAY_MESSAGES if play else reasons.CALL_MESSAGES
    sentences = {
        reason.value: {
            situation: words.translator.gettext(message)
            for (code, situation), (message, _) in messages.items()
            if code is reason
        }
        for reason in (PlayReason if play else AuctionReason)
    }
    names: dict[str, dict[str, str]] = {
        "suit": {suit.code(): plain_text(words.name(suit)) for suit in Suit},
        "seat": {seat.code(): plain_text(words.seat(seat)) for seat in Seat},
        "rules": {name: plain_text(words.name(terms.rules(name))) for name in RULESETS},
    }
    if play:
        names["card"] = {card.code(): plain_text(words.card(card)) for card in DECK}  # the refused card, first
        names["inside"] = {card.code(): plain_text(words.name(card)) for card in DECK}  # a card within a sentence
        names["trumped"] = {card.code(): plain_text(words.name(terms.trumped_card(card))) for card in DECK}
    else:
        names["call"] = {call_code(call): plain_text(words.call(call)) for call in every_call()}
        names["game"] = {game.value: plain_text(words.name(terms.game(game))) for game in Game}
    flag = "must_undertrump" if play else "coinche_out_of_turn"
    data = {
        "kind": kind,
        "line": words.translator.gettext(reasons.LINE if play else reasons.CALL_LINE),
        "sentences": sentences,
        "names": names,
        "named": [game.value for game in Game if reasons.names_rules(game, flag)],
        "grammar": {code: list(parameters) for code, parameters in GRAMMAR[kind].items()},
        "types": {name: kind_of for name, (kind_of, _) in PARAMETERS.items()},
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
