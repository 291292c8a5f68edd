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
URL reaches the page. :func:`query_phrase` is the same reading in Python, which the tests hold the
script to.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from .page_text import Words, plain_text
from .rules import (
    RULESETS,
    Auction,
    AuctionReason,
    Call,
    CallKind,
    Card,
    Game,
    PlayReason,
    Rules,
    Seat,
    Suit,
)
from .words import reasons, terms
from .words.terms import Message

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
    calls += [Call(CallKind.BID, suit, value) for value in (*range(80, 170, 10), 250, 500) for suit in Suit]
    return calls + [Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE)]


_CARDS = {card.code(): card for card in (Card.of(rank, suit) for suit in Suit for rank in terms.Rank)}
_SUITS = {suit.code(): suit for suit in Suit}
_SEATS = {seat.code(): seat for seat in Seat}
_GAMES = {game.value: game for game in Game}
_CALLS = {call_code(call): call for call in every_call()}


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
    allowed = {written.rstrip("?"): written for written in GRAMMAR.get(kind, {}).get(code, ())}
    if not allowed:
        return None
    found: dict[str, object] = {}
    for name, text in pairs:
        if name not in allowed or name in found:
            return None
        value = _value(PARAMETERS[name][0], text)
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
        "call": call_code(call),
        "game": before.rules.game.value,
        "rules": before.rules.name,
        "speaks": facts.to_speak.code() if facts.to_speak is not None else None,
        "turned": facts.turned.code() if facts.turned is not None else None,
        "contract": call_code(facts.contract) if facts.contract is not None else None,
        "taker": facts.taker.code() if facts.taker is not None else None,
    }
    return _query("call", reason.value, known)


def _query(kind: str, code: str, known: dict[str, str | None]) -> list[tuple[str, str]]:
    names = [written.rstrip("?") for written in GRAMMAR[kind][code]]
    return [(name, value) for name in names if (value := known[name]) is not None]


# The page's data ---------------------------------------------------------------------------------


def _text(words: Words, message: Message) -> str:
    """A message's translation as plain text, its placeholders kept (English when it has none)."""
    text, _ = words.translator.translate(message)
    return text


def case_data(words: Words, kind: str) -> str:
    """What the landing's script needs to say a player's case in this locale, as JSON text for an
    attribute (escaped there like any text: the page runs nothing inline): each reason's sentences
    by situation, the line that joins the card (or call) to its reason, the names of every value,
    and where a sentence names the rule set. Made from the build's own words, so the script writes
    what the pages write."""
    if kind == "play":
        sentences = {
            reason.value: {
                situation: _text(words, message)
                for (code, situation), (message, _) in reasons.PLAY_MESSAGES.items()
                if code is reason
            }
            for reason in PlayReason
        }
        line = _text(words, reasons.LINE)
        cards = [Card.of(rank, suit) for suit in Suit for rank in terms.Rank]
        names: dict[str, dict[str, str]] = {
            "card": {card.code(): plain_text(words.card(card)) for card in cards},  # the refused card, first
            "inside": {card.code(): plain_text(words.name(card)) for card in cards},  # a card within a sentence
            "trumped": {card.code(): plain_text(words.name(terms.trumped_card(card))) for card in cards},
            "suit": {suit.code(): plain_text(words.name(suit)) for suit in Suit},
            "seat": {seat.code(): plain_text(words.seat(seat)) for seat in Seat},
            "rules": {name: plain_text(words.name(terms.rules(name))) for name in RULESETS},
        }
        flag = "must_undertrump"
    else:
        sentences = {
            reason.value: {
                situation: _text(words, message)
                for (code, situation), (message, _) in reasons.CALL_MESSAGES.items()
                if code is reason
            }
            for reason in AuctionReason
        }
        line = _text(words, reasons.CALL_LINE)
        names = {
            "call": {call_code(call): plain_text(words.call(call)) for call in every_call()},
            "suit": {suit.code(): plain_text(words.name(suit)) for suit in Suit},
            "seat": {seat.code(): plain_text(words.seat(seat)) for seat in Seat},
            "game": {game.value: plain_text(words.name(terms.game(game))) for game in Game},
            "rules": {name: plain_text(words.name(terms.rules(name))) for name in RULESETS},
        }
        flag = "coinche_out_of_turn"
    data = {
        "kind": kind,
        "line": line,
        "sentences": sentences,
        "names": names,
        "named": [game.value for game in Game if reasons.names_rules(game, flag)],
        "grammar": {code: list(parameters) for code, parameters in GRAMMAR[kind].items()},
        "types": {name: kind_of for name, (kind_of, _) in PARAMETERS.items()},
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
