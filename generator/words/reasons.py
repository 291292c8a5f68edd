"""Why a card or a call is refused, and how an auction ends, as catalog messages with placeholders.

The engine says *why* (a :class:`PlayReason` or an :class:`AuctionReason`); this module picks the
sentence for that reason and the position (who is winning, with what, whether trump was led) and
names its placeholders with engine values. A :class:`Phrase` is language-neutral: the renderer
translates its message and names each value in the page's language. No sentence is written per
example.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import (
    RULESETS,
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    CallPermission,
    Card,
    Game,
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
            "you must play a trump, even a lower one.",
        ),
        "The player has none of the suit led; an opponent's trump %(card)s cannot be beaten; the player must "
        "still play a trump, so this plain card is refused. Said in a game where both rule sets agree.",
    ),
    (PlayReason.UNDERTRUMP, "rules"): (
        _m(
            _PLAY,
            "%(winner)s (opponent) is winning with the %(card)s, a trump you cannot beat, and you hold trumps: "
            "you must play a trump, even a lower one (%(rules)s).",
        ),
        "The player has none of the suit led; an opponent's trump %(card)s cannot be beaten; under these rules "
        "(%(rules)s: the rule set's name) the player must still play a trump, so this plain card is refused. Said "
        "in a game whose rule sets differ here (Coinche).",
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
        _m(_ALLOW, "None of your trumps beats the %(card)s, but you must still play a trump."),
        "An opponent's trump cannot be beaten; the player must still play a trump, even a lower one, and this is "
        "one. Said in a game where both rule sets agree.",
    ),
    (PlayPermission.UNDERTRUMPS, "rules"): (
        _m(_ALLOW, "None of your trumps beats the %(card)s, but you must still play a trump (%(rules)s)."),
        "An opponent's trump cannot be beaten; under these rules (%(rules)s: the rule set's name) the player must "
        "still play a trump, even a lower one, and this is one. Said in a game whose rule sets differ here.",
    ),
    (PlayPermission.CANNOT_OVERTRUMP, ""): (
        _m(_ALLOW, "None of your trumps beats the %(card)s of %(winner)s (opponent): any card."),
        "An opponent's trump cannot be beaten; the player may then play any card. Said in a game where both rule "
        "sets agree.",
    ),
    (PlayPermission.CANNOT_OVERTRUMP, "rules"): (
        _m(_ALLOW, "None of your trumps beats the %(card)s of %(winner)s (opponent): any card (%(rules)s)."),
        "An opponent's trump cannot be beaten; under these rules (%(rules)s: the rule set's name) the player may "
        "then play any card. Said in a game whose rule sets differ here (Coinche).",
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
    (AuctionReason.OUT_OF_TURN, "coinche rules"): (
        _m(_CALL, "Under these rules a defender coinches only in turn (%(rules)s): %(seat)s speaks now."),
        "A coinche out of turn, under a rule set that does not allow it (the other rule set does). %(seat)s: the "
        "seat whose turn it is.",
    ),
    (AuctionReason.OUT_OF_TURN, "coinche"): (
        _m(_CALL, "A defender coinches only in turn: %(seat)s speaks now."),
        "A coinche out of turn, which no rule set allows. %(seat)s: the seat whose turn it is.",
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

CALL_LINE = _m("reason", "%(call)s: %(reason)s")
"""A refused call and why, as the player's own case shows it: "Coinche: it is not …"."""


_RULE_PLAY = "card refused (rule)"
_RULE_ALLOW = "card allowed (rule)"
_RULE_CALL = "call refused (rule)"
_RULE_ACCEPT = "call accepted (rule)"

GENERAL_PLAY: dict[PlayReason, tuple[Message, str]] = {
    PlayReason.NOT_IN_HAND: PLAY_MESSAGES[(PlayReason.NOT_IN_HAND, "")],
    PlayReason.FOLLOW_SUIT: (
        _m(_RULE_PLAY, "You hold the suit led: you must follow suit."),
        "The rule, as the list of reasons and the app say it (no card, suit or seat named): the player holds "
        "cards of the suit led (trump or not) and this card is of another suit.",
    ),
    PlayReason.GO_HIGHER: (
        _m(
            _RULE_PLAY,
            "Trump is led and you can beat the best trump on the table: you must play a higher trump, even over "
            "your partner.",
        ),
        "The rule, as the list of reasons and the app say it (no card, suit or seat named): trump was led and the "
        "player holds a trump higher than the best one played, so a lower trump is refused.",
    ),
    PlayReason.OVERTRUMP: (
        _m(_RULE_PLAY, "An opponent has trumped and you hold a higher trump: you must overtrump."),
        "The rule, as the list of reasons and the app say it (no card, suit or seat named): the player has none of "
        "the suit led, an opponent has trumped, and the player holds a higher trump.",
    ),
    PlayReason.TRUMP: (
        _m(_RULE_PLAY, "You have none of the suit led and an opponent is winning: you must trump, with any trump."),
        "The rule, as the list of reasons and the app say it (no card, suit or seat named): the player has none of "
        "the suit led, an opponent is winning the trick without trump, and the player holds trumps.",
    ),
    PlayReason.UNDERTRUMP: (
        _m(
            _RULE_PLAY,
            "An opponent is winning with a trump you cannot beat and you hold trumps: you must play a trump, even a "
            "lower one.",
        ),
        "The rule, as the list of reasons and the app say it (no card, suit or seat named): the player has none of "
        "the suit led and cannot beat an opponent's trump, but must still play a trump (the list says under which "
        "games and rule sets).",
    ),
}
"""Each refusal reason of card play as a rule, the same for every position: what the reasons list
and ``reasons.json`` say (the example's own sentence, naming its cards, stays with the example)."""

GENERAL_ALLOW: dict[PlayPermission, tuple[Message, str]] = {
    PlayPermission.LEAD: ALLOW_MESSAGES[(PlayPermission.LEAD, "")],
    PlayPermission.FOLLOW_SUIT: (
        _m(_RULE_ALLOW, "You hold the suit led: you follow suit."),
        "The rule that allows a card, in general (no card, suit or seat named): the player holds the suit led (not "
        "trump) and plays one of its cards.",
    ),
    PlayPermission.GOES_HIGHER: (
        _m(_RULE_ALLOW, "Trump is led: a trump higher than the best one on the table, as it must be."),
        "The rule that allows a card, in general: trump was led and this trump beats every trump played.",
    ),
    PlayPermission.FOLLOWS_TRUMP: (
        _m(_RULE_ALLOW, "Trump is led and none of your trumps beats the best one on the table: any trump will do."),
        "The rule that allows a card, in general: trump was led and the player cannot beat the best trump played, "
        "so any trump is allowed.",
    ),
    PlayPermission.NO_TRUMP_LED: ALLOW_MESSAGES[(PlayPermission.NO_TRUMP_LED, "")],
    PlayPermission.PARTNER_WINNING: (
        _m(_RULE_ALLOW, "You have none of the suit led and your partner is winning the trick: any card."),
        "The rule that allows a card, in general: the player has none of the suit led and the partner is winning, "
        "so the player need not trump.",
    ),
    PlayPermission.TRUMPS: (
        _m(_RULE_ALLOW, "You have none of the suit led and an opponent is winning: you trump."),
        "The rule that allows a card, in general: the player has none of the suit led, an opponent is winning "
        "without trump, and this card is a trump, as the rules ask.",
    ),
    PlayPermission.OVERTRUMPS: (
        _m(_RULE_ALLOW, "An opponent has trumped and this trump is higher: you overtrump, as you must."),
        "The rule that allows a card, in general: an opponent has trumped and this trump beats it.",
    ),
    PlayPermission.UNDERTRUMPS: (
        _m(_RULE_ALLOW, "None of your trumps beats the opponent's trump, but you must still play a trump."),
        "The rule that allows a card, in general: an opponent's trump cannot be beaten, the rules still ask for a "
        "trump, and this card is one.",
    ),
    PlayPermission.CANNOT_OVERTRUMP: (
        _m(_RULE_ALLOW, "None of your trumps beats the opponent's trump: you may play any card."),
        "The rule that allows a card, in general: an opponent's trump cannot be beaten and the rules then let the "
        "player play any card.",
    ),
    PlayPermission.FREE: (
        _m(_RULE_ALLOW, "You can neither follow suit nor trump: any card."),
        "The rule that allows a card, in general: the player has none of the suit led and no trump to play (or the "
        "game has no trump), so every card is allowed.",
    ),
}
"""Each permission of an allowed card as a rule, the same for every position (``reasons.json``)."""

GENERAL_CALL: dict[AuctionReason, tuple[Message, str]] = {
    AuctionReason.AUCTION_CLOSED: CALL_MESSAGES[(AuctionReason.AUCTION_CLOSED, "")],
    AuctionReason.NOT_THIS_GAME: (
        _m(_RULE_CALL, "This game has no such call."),
        "The rule, as the list of reasons and the app say it (no game named): a call that the game being played "
        "does not know (a bid in the trump game, a take in Coinche).",
    ),
    AuctionReason.OUT_OF_TURN: (
        _m(_RULE_CALL, "It is not your turn to speak."),
        "The rule, as the list of reasons and the app say it (no seat named): a call out of turn.",
    ),
    AuctionReason.TURNED_SUIT_ONLY: (
        _m(_RULE_CALL, "In the first round, only the turned card's suit may be taken."),
        "The rule, in general (no suit named): trump game, first round, a take in another suit than the turned card's.",
    ),
    AuctionReason.SUIT_REQUIRED: CALL_MESSAGES[(AuctionReason.SUIT_REQUIRED, "")],
    AuctionReason.NOT_TURNED_SUIT: (
        _m(_RULE_CALL, "In the second round, the turned card's suit may no longer be taken."),
        "The rule, in general (no suit named): trump game, second round, a take in the turned card's suit, which "
        "everybody refused in round one.",
    ),
    AuctionReason.NO_SUIT: CALL_MESSAGES[(AuctionReason.NO_SUIT, "")],
    AuctionReason.BID_TOO_LOW: (
        _m(_RULE_CALL, "A bid must be higher than the standing contract."),
        "The rule, in general (no contract named): Coinche, a bid not higher than the contract already announced.",
    ),
    AuctionReason.BID_AFTER_COINCHE: CALL_MESSAGES[(AuctionReason.BID_AFTER_COINCHE, "")],
    AuctionReason.NO_CONTRACT: CALL_MESSAGES[(AuctionReason.NO_CONTRACT, "")],
    AuctionReason.NOT_DEFENDER: (
        _m(_RULE_CALL, "Only an opponent of the taker may coinche."),
        "The rule, in general (no seat named): Coinche, the taker or the taker's partner tries to coinche.",
    ),
    AuctionReason.ALREADY_COINCHED: CALL_MESSAGES[(AuctionReason.ALREADY_COINCHED, "")],
    AuctionReason.NOT_COINCHED: CALL_MESSAGES[(AuctionReason.NOT_COINCHED, "")],
    AuctionReason.NOT_CONTRACT_TEAM: (
        _m(_RULE_CALL, "Only the taker or the taker's partner may surcoinche."),
        "The rule, in general (no seat named): Coinche, a defender tries to surcoinche.",
    ),
}
"""Each refusal reason of a call as a rule, the same for every auction (the reasons list, ``reasons.json``)."""

GENERAL_ACCEPT: dict[CallPermission, tuple[Message, str]] = {
    CallPermission.PASS: ACCEPT_MESSAGES[CallPermission.PASS],
    CallPermission.TAKES_TURNED: (
        _m(_RULE_ACCEPT, "In the first round, you may take the turned card's suit."),
        "The rule that accepts a call, in general (no suit named): trump game, first round, a take in the turned "
        "card's suit.",
    ),
    CallPermission.TAKES_NAMED: (
        _m(_RULE_ACCEPT, "In the second round, you may take by naming a suit other than the turned one."),
        "The rule that accepts a call, in general (no suit named): trump game, second round, a take naming another "
        "suit than the turned card's.",
    ),
    CallPermission.TAKES: ACCEPT_MESSAGES[CallPermission.TAKES],
    CallPermission.FIRST_BID: ACCEPT_MESSAGES[CallPermission.FIRST_BID],
    CallPermission.HIGHER_BID: (
        _m(_RULE_ACCEPT, "A bid higher than the standing contract is accepted."),
        "The rule that accepts a call, in general (no contract named): Coinche, a bid above the contract already "
        "announced.",
    ),
    CallPermission.COINCHES: (
        _m(_RULE_ACCEPT, "An opponent of the taker may coinche the contract."),
        "The rule that accepts a call, in general (no seat named): Coinche, a defender doubles the contract's score.",
    ),
    CallPermission.SURCOINCHES: ACCEPT_MESSAGES[CallPermission.SURCOINCHES],
}
"""Each permission of an accepted call as a rule, the same for every auction (``reasons.json``)."""

Code = PlayReason | PlayPermission | AuctionReason | CallPermission
"""A reason the engine gives for refusing or allowing a card or a call."""

GENERAL: dict[Code, tuple[Message, str]] = GENERAL_PLAY | GENERAL_ALLOW | GENERAL_CALL | GENERAL_ACCEPT
"""Every reason's rule in general (the members of two enums never compare equal, though named alike)."""


def general_phrase(code: Code) -> Phrase:
    """A reason's rule in general, the same for every position: no card, suit, seat or rule set named."""
    return Phrase(GENERAL[code][0])


def names_rules(game: Game, flag: str) -> bool:
    """Whether a sentence that follows from the rule-set flag ``flag`` names its rule set: only in a
    game whose rule sets differ on that flag (a trump-game player would read a name as "not under the
    other rules")."""
    return len({getattr(by_game[game], flag) for by_game in RULESETS.values() if game in by_game}) > 1


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """What a card refusal's sentence names of its position: the suit led, the trump, the seat
    winning the trick and its card, whether that seat is the player's partner, and the rules (their
    game and name). A sentence takes only those its message names (None where it names none)."""

    rules: Rules
    led: Suit | None = None
    trump: Suit | None = None
    winner: Seat | None = None
    best: Card | None = None
    partner: bool = False


def play_facts(seat: Seat, trick: Sequence[tuple[Seat, Card]], trump: Suit | None, rules_: Rules) -> PlayFacts:
    """The facts of a position: ``seat`` to play on ``trick`` (seats and cards in order)."""
    if not trick:
        return PlayFacts(rules_, trump=trump)
    cards = [card for _, card in trick]
    winner, best = trick[winning_index(cards, trump)]
    return PlayFacts(rules_, cards[0].suit, trump, winner, best, winner.is_partner_of(seat))


def play_phrase(
    reason: PlayReason, seat: Seat, trick: Sequence[tuple[Seat, Card]], trump: Suit | None, rules_: Rules
) -> Phrase:
    """The sentence for ``reason``, in the position: ``seat`` to play on ``trick`` (seats and cards in order)."""
    phrase = play_phrase_of(reason, play_facts(seat, trick, trump, rules_))
    assert phrase is not None, reason
    return phrase


def play_situation(reason: PlayReason, facts: PlayFacts) -> str:
    """Which of a reason's sentences the facts call for (:data:`PLAY_MESSAGES`' second key)."""
    if reason is PlayReason.FOLLOW_SUIT:
        return "trump" if facts.led is not None and facts.led == facts.trump else "plain"
    if reason is PlayReason.GO_HIGHER:
        return "partner" if facts.partner else "opponent"
    if reason is PlayReason.UNDERTRUMP and names_rules(facts.rules.game, "must_undertrump"):
        return "rules"
    return ""


def play_phrase_of(reason: PlayReason, facts: PlayFacts) -> Phrase | None:
    """The sentence for ``reason`` from the facts it names (None when one it names is missing):
    the page's sentence of a position, and the player's own sentence of the reason's landing."""
    message = PLAY_MESSAGES[(reason, play_situation(reason, facts))][0]
    best = facts.best if reason is not PlayReason.OVERTRUMP or facts.best is None else trumped_card(facts.best)
    values: dict[str, Value | None] = {  # "trumped with" has its own case
        "led": facts.led,
        "card": best,
        "winner": facts.winner,
        "rules": rules(facts.rules.name),
    }
    named = tuple((name, values[name]) for name in placeholders(message))
    if any(value is None for _, value in named):
        return None
    return Phrase(message, named)  # type: ignore[arg-type]


_NAMED_PERMISSIONS = (PlayPermission.UNDERTRUMPS, PlayPermission.CANNOT_OVERTRUMP)
"""The permissions that follow from ``must_undertrump``: their sentences name the rule set where it differs."""


def allow_phrase(
    permission: PlayPermission, trick: Sequence[tuple[Seat, Card]], trump: Suit | None, rules_: Rules
) -> Phrase:
    """The sentence for an allowed card's ``permission``, on ``trick`` (seats and cards in order)."""
    situation = ""
    if permission is PlayPermission.FREE and trump is None:
        situation = "no-trump"
    elif permission in _NAMED_PERMISSIONS and names_rules(rules_.game, "must_undertrump"):
        situation = "rules"
    message = ALLOW_MESSAGES[(permission, situation)][0]
    values: dict[str, Value] = {"rules": rules(rules_.name)}
    if trick:
        cards = [card for _, card in trick]
        winner, best = trick[winning_index(cards, trump)]
        values |= {"led": cards[0].suit, "card": best, "winner": winner}
    return Phrase(message, tuple((name, values[name]) for name in placeholders(message)))


@dataclass(frozen=True, slots=True)
class CallFacts:
    """What a call refusal's sentence names of its auction: the rules (their game and name), the
    seat to speak, the turned card's suit, the standing contract and its taker (None where unknown)."""

    rules: Rules
    to_speak: Seat | None = None
    turned: Suit | None = None
    contract: Call | None = None
    taker: Seat | None = None


def call_facts(before: Auction) -> CallFacts:
    """The facts of the auction as it stood just before a call."""
    return CallFacts(before.rules, before.to_speak, before.turned, before.bid, before.taker)


def call_phrase(reason: AuctionReason, call: Call, before: Auction) -> Phrase:
    """The sentence for a refused call, from the auction as it stood just before it."""
    phrase = call_phrase_of(reason, call, call_facts(before))
    assert phrase is not None, f"{reason}: the auction does not know what its sentence names"
    return phrase


def call_situation(reason: AuctionReason, call: Call, facts: CallFacts) -> str:
    """Which of a reason's sentences the call and facts call for (:data:`CALL_MESSAGES`' second key)."""
    if reason is AuctionReason.OUT_OF_TURN and call.kind is CallKind.COINCHE:
        return "coinche rules" if names_rules(facts.rules.game, "coinche_out_of_turn") else "coinche"
    return ""


def call_phrase_of(reason: AuctionReason, call: Call, facts: CallFacts) -> Phrase | None:
    """The sentence for a refused ``call`` from the facts it names (None when one it names is missing)."""
    message = CALL_MESSAGES[(reason, call_situation(reason, call, facts))][0]
    values: dict[str, Value | None] = {
        "game": game(facts.rules.game),
        "rules": rules(facts.rules.name),
        "seat": facts.to_speak,
        "suit": facts.turned,
        "contract": facts.contract,
        "taker": facts.taker,
    }
    named = tuple((name, values[name]) for name in placeholders(message))
    if any(value is None for _, value in named):
        return None
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
    return tuple(dict.fromkeys(re.findall(r"%\(([^)]*)\)", message.msgid)))


def messages() -> list[tuple[Message, str]]:
    """Every message of this module with its translator comment, in a stable order, for extraction."""
    found = [
        (LINE, "A refused card and why: %(card)s is the card's name, %(reason)s one of the 'card refused' sentences."),
        (
            CALL_LINE,
            "A refused call and why, on the reasons' page when the app links the player's own case: %(call)s is the "
            "call's name (such as “100 in hearts”), %(reason)s one of the 'call refused' sentences.",
        ),
    ]
    found += list(PLAY_MESSAGES.values()) + list(ALLOW_MESSAGES.values())
    found += list(CALL_MESSAGES.values()) + list(ACCEPT_MESSAGES.values()) + list(OUTCOME_MESSAGES.values())
    known = {message for message, _ in found}
    return found + [(message, comment) for message, comment in GENERAL.values() if message not in known]
