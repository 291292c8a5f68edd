"""Why a card or a call is refused, and how an auction ends, as catalog messages with placeholders.

The engine says *why* (a :class:`PlayReason` or an :class:`AuctionReason`); this module picks the
sentence for that reason and the position (who is winning, with what, whether trump was led) and
names its placeholders with engine values. A :class:`Phrase` is language-neutral: the renderer
translates its message and names each value in the page's language. No sentence is written per
example.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import (
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    CallPermission,
    Card,
    PlayPermission,
    PlayReason,
    Rules,
    Seat,
    Suit,
    winning_index,
)
from .terms import Message, game, rules, trumped_card

Value = Message | Seat | Card | Suit | Call | str
"""A placeholder's value: a term, an engine value named in the page's language, or plain text."""


@dataclass(frozen=True)
class Phrase:
    """A message and the values of its placeholders."""

    message: Message
    values: tuple[tuple[str, Value], ...] = ()


def _m(context: str, msgid: str) -> Message:
    return Message(context, msgid)


_PLAY = "card refused"
_ALLOW = "card allowed"
_CALL = "call refused"
_ACCEPT = "call accepted"
_OUTCOME = "auction outcome"

PLAY_MESSAGES: dict[tuple[PlayReason, str], tuple[Message, str]] = {
    (PlayReason.NOT_IN_HAND, ""): (_m(_PLAY, "You do not hold this card."), "A card that is not in the hand."),
    (PlayReason.FOLLOW_SUIT, "plain"): (
        _m(_PLAY, "You hold %(led)s, the suit led: you must play %(led)s."),
        "The player holds the suit led (not trump) and this card is of another suit. %(led)s: the suit led.",
    ),
    (PlayReason.FOLLOW_SUIT, "trump"): (
        _m(_PLAY, "Trump is led and you hold trumps: you must play a trump."),
        "Trump was led, the player holds trumps, and this card is not a trump.",
    ),
    (PlayReason.GO_HIGHER, "partner"): (
        _m(
            _PLAY,
            "Trump is led and you can beat the %(card)s: you must play a higher trump, "
            "even over your partner %(winner)s.",
        ),
        "Trump was led; the partner is winning with %(card)s and the player holds a higher trump than that, "
        "so this lower trump is refused. %(winner)s: the partner's seat.",
    ),
    (PlayReason.GO_HIGHER, "opponent"): (
        _m(_PLAY, "Trump is led and you can beat the %(card)s of %(winner)s (opponent): you must play a higher trump."),
        "Trump was led; an opponent is winning with %(card)s and the player holds a higher trump, so this "
        "lower trump is refused.",
    ),
    (PlayReason.OVERTRUMP, ""): (
        _m(
            _PLAY,
            "%(winner)s (opponent) has trumped with the %(card)s and you hold a higher trump: you must overtrump.",
        ),
        "The player has none of the suit led; an opponent has trumped with %(card)s; the player holds a "
        "higher trump, so this card (a plain card or a lower trump) is refused.",
    ),
    (PlayReason.TRUMP, ""): (
        _m(_PLAY, "You have no %(led)s and %(winner)s (opponent) is winning: you must trump, with any trump."),
        "The player has none of the suit led (%(led)s), an opponent is winning the trick without trump, and "
        "the player holds trumps: this plain card is refused.",
    ),
    (PlayReason.UNDERTRUMP, ""): (
        _m(
            _PLAY,
            "%(winner)s (opponent) is winning with the %(card)s, a trump you cannot beat, and you hold trumps: "
            "you must play a trump, even a lower one (%(rules)s).",
        ),
        "The player has none of the suit led; an opponent's trump %(card)s cannot be beaten; under these rules "
        "(%(rules)s: the rule set's name) the player must still play a trump, so this plain card is refused.",
    ),
}
"""Each refusal reason and situation: its sentence (second person: the reader plays the seat) and a comment."""

ALLOW_MESSAGES: dict[tuple[PlayPermission, str], tuple[Message, str]] = {
    (PlayPermission.LEAD, ""): (
        _m(_ALLOW, "You lead the trick: any card may be played."),
        "The player plays the first card of the trick.",
    ),
    (PlayPermission.FOLLOW_SUIT, ""): (
        _m(_ALLOW, "You hold %(led)s, the suit led: you follow suit."),
        "The player holds the suit led (not trump) and plays one of its cards. %(led)s: the suit led, such as "
        "“spades”.",
    ),
    (PlayPermission.GOES_HIGHER, ""): (
        _m(_ALLOW, "Trump is led: this trump beats the %(card)s, as it must."),
        "Trump was led and this trump is higher than the best one on the table (%(card)s).",
    ),
    (PlayPermission.FOLLOWS_TRUMP, ""): (
        _m(_ALLOW, "Trump is led and none of your trumps beats the %(card)s: any trump will do."),
        "Trump was led; the player cannot beat the best trump on the table (%(card)s), so any trump is allowed.",
    ),
    (PlayPermission.NO_TRUMP_LED, ""): (
        _m(_ALLOW, "Trump is led and you have no trumps: any card."),
        "Trump was led and the player holds no trump: every card is allowed.",
    ),
    (PlayPermission.PARTNER_WINNING, ""): (
        _m(_ALLOW, "You have no %(led)s and your partner %(winner)s is winning the trick: any card."),
        "The player has none of the suit led and the partner is winning: the player need not trump. "
        "%(winner)s: the partner's seat.",
    ),
    (PlayPermission.TRUMPS, ""): (
        _m(_ALLOW, "You have no %(led)s and %(winner)s (opponent) is winning: you trump."),
        "The player has none of the suit led, an opponent is winning without trump: this trump is what the rules ask.",
    ),
    (PlayPermission.OVERTRUMPS, ""): (
        _m(_ALLOW, "This trump beats the %(card)s of %(winner)s (opponent): you overtrump, as you must."),
        "An opponent has trumped with %(card)s and this trump is higher.",
    ),
    (PlayPermission.UNDERTRUMPS, ""): (
        _m(_ALLOW, "None of your trumps beats the %(card)s, but you must still play a trump (%(rules)s)."),
        "An opponent's trump cannot be beaten; under these rules (%(rules)s: the rule set's name) the player must "
        "still play a trump, even a lower one, and this is one.",
    ),
    (PlayPermission.CANNOT_OVERTRUMP, ""): (
        _m(_ALLOW, "None of your trumps beats the %(card)s of %(winner)s (opponent): any card (%(rules)s)."),
        "An opponent's trump cannot be beaten; under these rules (%(rules)s: the rule set's name) the player may "
        "then play any card.",
    ),
    (PlayPermission.FREE, ""): (
        _m(_ALLOW, "You have no %(led)s and no trump: any card."),
        "The player has neither the suit led nor any trump: every card is allowed.",
    ),
    (PlayPermission.FREE, "no-trump"): (
        _m(_ALLOW, "You have no %(led)s: any card."),
        "No-trump game: the player has none of the suit led, so every card is allowed.",
    ),
}
"""Each permission of an allowed card: its sentence (second person) and a comment."""

CALL_MESSAGES: dict[tuple[AuctionReason, str], tuple[Message, str]] = {
    (AuctionReason.AUCTION_CLOSED, ""): (
        _m(_CALL, "The auction is already over: no more calls."),
        "A call after the auction has ended.",
    ),
    (AuctionReason.NOT_THIS_GAME, ""): (
        _m(_CALL, "There is no such call in this game (%(game)s)."),
        "A call that the game does not know (a bid in the trump game, a take in Coinche).",
    ),
    (AuctionReason.OUT_OF_TURN, "coinche"): (
        _m(_CALL, "Under these rules a defender coinches only in turn (%(rules)s): %(seat)s speaks now."),
        "A coinche out of turn, under a rule set that does not allow it. %(seat)s: the seat whose turn it is.",
    ),
    (AuctionReason.OUT_OF_TURN, ""): (
        _m(_CALL, "It is not this player's turn: %(seat)s speaks now."),
        "A call out of turn. %(seat)s: the seat whose turn it is.",
    ),
    (AuctionReason.TURNED_SUIT_ONLY, ""): (
        _m(_CALL, "In the first round, only the turned suit (%(suit)s) may be taken."),
        "Trump game, first round: a take in a suit other than the turned card's.",
    ),
    (AuctionReason.SUIT_REQUIRED, ""): (
        _m(_CALL, "In the second round, you take by naming another suit."),
        "Trump game, second round: a take without naming a suit.",
    ),
    (AuctionReason.NOT_TURNED_SUIT, ""): (
        _m(_CALL, "In the second round, the turned suit (%(suit)s) may no longer be taken."),
        "Trump game, second round: a take in the turned card's suit, which everybody refused in round one.",
    ),
    (AuctionReason.NO_SUIT, ""): (
        _m(_CALL, "In the no-trump game, you take without naming a suit."),
        "No-trump game: a take that names a suit.",
    ),
    (AuctionReason.BID_TOO_LOW, ""): (
        _m(_CALL, "A bid must be higher than the standing contract: %(contract)s."),
        "Coinche: a bid not higher than the contract already announced (%(contract)s, e.g. “100 in hearts”).",
    ),
    (AuctionReason.BID_AFTER_COINCHE, ""): (
        _m(_CALL, "After a coinche, nobody may bid any more."),
        "Coinche: a bid after the contract was coinched.",
    ),
    (AuctionReason.NO_CONTRACT, ""): (
        _m(_CALL, "There is no contract yet: nothing to coinche or surcoinche."),
        "Coinche: a coinche or surcoinche before any contract.",
    ),
    (AuctionReason.NOT_DEFENDER, ""): (
        _m(_CALL, "Only an opponent of the taker (%(taker)s) may coinche."),
        "Coinche: the taker or the taker's partner tries to coinche.",
    ),
    (AuctionReason.ALREADY_COINCHED, ""): (
        _m(_CALL, "The contract is already coinched."),
        "Coinche: a second coinche.",
    ),
    (AuctionReason.NOT_COINCHED, ""): (
        _m(_CALL, "Only a coinched contract may be surcoinched."),
        "Coinche: a surcoinche before any coinche.",
    ),
    (AuctionReason.NOT_CONTRACT_TEAM, ""): (
        _m(_CALL, "Only the taker (%(taker)s) or the taker's partner may surcoinche."),
        "Coinche: a defender tries to surcoinche.",
    ),
}
"""Each refused call's reason and situation: its sentence and a comment for the translator."""

ACCEPT_MESSAGES: dict[CallPermission, tuple[Message, str]] = {
    CallPermission.PASS: (
        _m(_ACCEPT, "It is your turn, and you may always pass."),
        "The player to speak passes: the app always accepts it.",
    ),
    CallPermission.TAKES_TURNED: (
        _m(_ACCEPT, "In the first round, you may take the turned suit: %(suit)s."),
        "Trump game, first round: a take in the turned card's suit (%(suit)s).",
    ),
    CallPermission.TAKES_NAMED: (
        _m(_ACCEPT, "In the second round, you may take by naming a suit other than the turned one (%(suit)s)."),
        "Trump game, second round: a take naming another suit than the turned card's (%(suit)s).",
    ),
    CallPermission.TAKES: (
        _m(_ACCEPT, "In the no-trump game, you may take, naming no suit."),
        "No-trump game: a take.",
    ),
    CallPermission.FIRST_BID: (
        _m(_ACCEPT, "Nobody has bid yet: you may announce any contract."),
        "Coinche: the first bid of the auction.",
    ),
    CallPermission.HIGHER_BID: (
        _m(_ACCEPT, "Your bid is higher than the standing contract: %(contract)s."),
        "Coinche: a bid above the contract already announced (%(contract)s, e.g. “100 in hearts”).",
    ),
    CallPermission.COINCHES: (
        _m(_ACCEPT, "You are an opponent of the taker (%(taker)s): you may coinche the contract."),
        "Coinche: a defender doubles the contract's score. %(taker)s: the taker's seat.",
    ),
    CallPermission.SURCOINCHES: (
        _m(_ACCEPT, "The contract is coinched and your team holds it: you may surcoinche."),
        "Coinche: the taker or the taker's partner doubles the coinched contract again.",
    ),
}
"""Each permission of an accepted call: its sentence (second person) and a comment."""

OUTCOME_MESSAGES: dict[str, tuple[Message, str]] = {
    "open": (
        _m(_OUTCOME, "Outcome: the auction is not over; %(seat)s speaks next."),
        "After the calls shown, the auction goes on. %(seat)s: the seat to speak.",
    ),
    "redeal": (_m(_OUTCOME, "Outcome: nobody takes; the cards are dealt again."), "Everybody passed."),
    "take-trump": (
        _m(_OUTCOME, "Outcome: %(seat)s takes; trump: %(suit)s."),
        "Trump game: the taker and the trump suit.",
    ),
    "take-no-trump": (
        _m(_OUTCOME, "Outcome: %(seat)s takes, without trump."),
        "No-trump game: the taker.",
    ),
    "contract-1": (
        _m(_OUTCOME, "Outcome: %(seat)s plays %(contract)s."),
        "Coinche: the taker and the contract (%(contract)s, e.g. “90 in spades”).",
    ),
    "contract-2": (
        _m(_OUTCOME, "Outcome: %(seat)s plays %(contract)s, coinched: score ×2."),
        "Coinche: the contract was coinched.",
    ),
    "contract-4": (
        _m(_OUTCOME, "Outcome: %(seat)s plays %(contract)s, coinched and surcoinched: score ×4."),
        "Coinche: the contract was coinched, then surcoinched.",
    ),
}
"""How an auction ends: each outcome's sentence and a comment."""

LINE = _m("reason", "%(card)s: %(reason)s")
"""A refused card and why: "King of hearts: you must …"."""


def play_phrase(
    reason: PlayReason, seat: Seat, trick: Sequence[tuple[Seat, Card]], trump: Suit | None, rules_: Rules
) -> Phrase:
    """The sentence for ``reason``, in the position: ``seat`` to play on ``trick`` (seats and cards in order)."""
    if reason is PlayReason.NOT_IN_HAND or not trick:
        return Phrase(PLAY_MESSAGES[(PlayReason.NOT_IN_HAND, "")][0])
    cards = [card for _, card in trick]
    led = cards[0].suit
    index = winning_index(cards, trump)
    winner, best = trick[index]
    partner = winner.is_partner_of(seat)
    situation = ""
    if reason is PlayReason.FOLLOW_SUIT:
        situation = "trump" if led == trump else "plain"
    elif reason is PlayReason.GO_HIGHER:
        situation = "partner" if partner else "opponent"
    message = PLAY_MESSAGES[(reason, situation)][0]
    values: dict[str, Value] = {
        "led": led,
        "card": trumped_card(best) if reason is PlayReason.OVERTRUMP else best,  # "trumped with" has its own case
        "winner": winner,
        "rules": rules(rules_.name),
    }
    return Phrase(message, tuple((name, values[name]) for name in placeholders(message)))


def allow_phrase(
    permission: PlayPermission, trick: Sequence[tuple[Seat, Card]], trump: Suit | None, rules_: Rules
) -> Phrase:
    """The sentence for an allowed card's ``permission``, on ``trick`` (seats and cards in order)."""
    situation = "no-trump" if permission is PlayPermission.FREE and trump is None else ""
    message = ALLOW_MESSAGES[(permission, situation)][0]
    values: dict[str, Value] = {"rules": rules(rules_.name)}
    if trick:
        cards = [card for _, card in trick]
        winner, best = trick[winning_index(cards, trump)]
        values |= {"led": cards[0].suit, "card": best, "winner": winner}
    return Phrase(message, tuple((name, values[name]) for name in placeholders(message)))


def call_phrase(reason: AuctionReason, call: Call, before: Auction) -> Phrase:
    """The sentence for a refused call, from the auction as it stood just before it."""
    situation = "coinche" if reason is AuctionReason.OUT_OF_TURN and call.kind is CallKind.COINCHE else ""
    message = CALL_MESSAGES[(reason, situation)][0]
    values: dict[str, Value | None] = {
        "game": game(before.rules.game),
        "rules": rules(before.rules.name),
        "seat": before.to_speak,
        "suit": before.turned,
        "contract": before.bid,
        "taker": before.taker,
    }
    named = tuple((name, values[name]) for name in placeholders(message))
    missing = [name for name, value in named if value is None]
    assert not missing, f"{reason}: the auction does not know {missing}"
    return Phrase(message, named)  # type: ignore[arg-type]


def accept_phrase(permission: CallPermission, before: Auction) -> Phrase:
    """The sentence for an accepted call's ``permission``, from the auction as it stood just before it."""
    message = ACCEPT_MESSAGES[permission][0]
    values: dict[str, Value | None] = {"suit": before.turned, "contract": before.bid, "taker": before.taker}
    named = tuple((name, values[name]) for name in placeholders(message))
    assert all(value is not None for _, value in named), f"{permission}: the auction does not know it"
    return Phrase(message, named)  # type: ignore[arg-type]


def outcome_phrase(outcome: AuctionOutcome, to_speak: Seat) -> Phrase:
    """How the auction ends (or where it stands), from the engine's outcome."""
    if outcome.status is AuctionStatus.OPEN:
        return Phrase(OUTCOME_MESSAGES["open"][0], (("seat", to_speak),))
    if outcome.status is AuctionStatus.REDEAL or outcome.taker is None:
        return Phrase(OUTCOME_MESSAGES["redeal"][0])
    if outcome.contract is None:
        if outcome.trump is None:
            return Phrase(OUTCOME_MESSAGES["take-no-trump"][0], (("seat", outcome.taker),))
        return Phrase(OUTCOME_MESSAGES["take-trump"][0], (("seat", outcome.taker), ("suit", outcome.trump)))
    contract = Call(CallKind.BID, outcome.trump, outcome.contract)
    key = f"contract-{outcome.multiplier or 1}"
    return Phrase(OUTCOME_MESSAGES[key][0], (("seat", outcome.taker), ("contract", contract)))


@functools.cache
def placeholders(message: Message) -> tuple[str, ...]:
    """The names of a message's ``%(name)s`` placeholders, each once, in order."""
    names: list[str] = []
    rest = message.msgid
    while "%(" in rest:
        rest = rest[rest.index("%(") + 2 :]
        name = rest[: rest.index(")")]
        if name not in names:
            names.append(name)
    return tuple(names)


def messages() -> list[tuple[Message, str]]:
    """Every message of this module with its translator comment, in a stable order, for extraction."""
    found = [
        (LINE, "A refused card and why: %(card)s is the card's name, %(reason)s one of the 'card refused' sentences.")
    ]
    found += list(PLAY_MESSAGES.values()) + list(ALLOW_MESSAGES.values())
    found += list(CALL_MESSAGES.values()) + list(ACCEPT_MESSAGES.values()) + list(OUTCOME_MESSAGES.values())
    return found
