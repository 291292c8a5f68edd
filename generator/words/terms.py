"""The game's terms as source messages: card names, seats, calls, games, rule sets.

Each term is an English message with a context (``msgctxt``), so that a translator can give
each use its own grammar: Russian says "Рука Севера" (genitive) where it says "Север" alone.
The site asks for a term by its engine value; this module is the only place that maps one
to the other, and :data:`TERMS` lists them all for extraction.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules import CAPOT, GENERALE, RULESETS, Call, CallKind, Card, Game, Rank, Seat, Suit


class Message(NamedTuple):
    """A source message: context, text, and the English plural when it has one."""

    context: str | None
    msgid: str
    plural: str | None = None


_SUITS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
_A_SUIT = {Suit.SPADES: "a spade", Suit.HEARTS: "a heart", Suit.DIAMONDS: "a diamond", Suit.CLUBS: "a club"}
_RANKS = {
    Rank.ACE: "Ace",
    Rank.KING: "King",
    Rank.QUEEN: "Queen",
    Rank.JACK: "Jack",
    Rank.TEN: "10",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}
_SEATS = {Seat.SOUTH: "South", Seat.WEST: "West", Seat.NORTH: "North", Seat.EAST: "East"}
_GAMES = {Game.TRUMP: "Trump game", Game.NO_TRUMP: "No-trump game", Game.COINCHE: "Coinche"}
_NAMED_CONTRACTS = {CAPOT: "Capot", GENERALE: "Générale"}


def suit_name(suit: Suit) -> str:
    """A suit's English name, plural as the game says it: "hearts"."""
    return _SUITS[suit]


def seat_name(seat: Seat) -> str:
    """A seat's English name: "South"."""
    return _SEATS[seat]


def card(card: Card) -> Message:
    """A card's name as it stands alone: "King of spades"."""
    return Message("card", f"{_RANKS[card.rank]} of {_SUITS[card.suit]}")


def card_in_sentence(card: Card) -> Message:
    """A card as an engine's sentence names it, inside the sentence ("you can beat the %(card)s"): its
    own context, so that a language that writes a card on its own with a capital ("Rey de picas")
    writes it in lower case there ("el rey de picas")."""
    return Message("card in sentence", f"{_RANKS[card.rank]} of {_SUITS[card.suit]}")


def played_card(card: Card) -> Message:
    """A card as the object of "%(seat)s plays %(card)s.": its own context, so that a language can
    give it the case that sentence needs (Russian: the accusative)."""
    return Message("card played", f"{_RANKS[card.rank]} of {_SUITS[card.suit]}")


def trumped_card(card: Card) -> Message:
    """A card as in "%(winner)s has trumped with the %(card)s": its own context, so that a language
    can give it its article or case there (Spanish «con el 8 de picas», Russian «восьмёркой пик»)."""
    return Message("card trumped with", f"{_RANKS[card.rank]} of {_SUITS[card.suit]}")


def rank_index(rank: Rank) -> Message:
    """The short rank printed in a card's corner: "K"."""
    return Message("card corner", rank.code())


def seat(seat: Seat) -> Message:
    """A seat's name: "South"."""
    return Message("seat", _SEATS[seat])


def hand_of(seat: Seat) -> Message:
    """The label of a seat's hand: "South's hand:"."""
    return Message("hand", f"{_SEATS[seat]}'s hand:")


def trump_suit(suit: Suit) -> Message:
    """A suit as the trump of a play example's setup: "hearts"."""
    return Message("trump", _SUITS[suit])


def turned_suit(suit: Suit) -> Message:
    """The suit of the turned card in an auction's setup: "a heart"."""
    return Message("turned card", _A_SUIT[suit])


def game(game: Game) -> Message:
    """A game's name as a setup line starts with it: "Trump game"."""
    return Message("game", _GAMES[game])


def rules(name: str) -> Message:
    """A rule set's label, from its name in the engine: "House rules"."""
    return Message("rules", f"{name.capitalize()} rules")


def contract(value: int) -> Message | None:
    """The name of Capot or Générale; None for a numbered contract (written as its number)."""
    name = _NAMED_CONTRACTS.get(value)
    return Message("contract", name) if name else None


def call(call: Call) -> Message:
    """A call as the list of calls shows it: "Pass", "Takes in spades", "%(contract)s in hearts"."""
    return _call("call", "Takes", call)


def call_choice(call: Call) -> Message:
    """A call as the practice page offers it to the player, who would make it ("Take in spades"): its
    own context, so that a language gives it the form of one's own call (French «Prendre à pique»,
    Spanish «Cojo a picas»), where the list of calls says what a seat said ("Takes in spades")."""
    return _call("call choice", "Take", call)


def _call(context: str, take: str, call: Call) -> Message:
    """A call's message in ``context``, a take said with the verb ``take``."""
    if call.kind is CallKind.PASS:
        return Message(context, "Pass")
    if call.kind is CallKind.TAKE:
        return Message(context, take if call.suit is None else f"{take} in {_SUITS[call.suit]}")
    if call.kind is CallKind.BID:
        assert call.suit is not None
        return Message(context, f"%(contract)s in {_SUITS[call.suit]}")
    return Message(context, "Coinche" if call.kind is CallKind.COINCHE else "Surcoinche")


GLOSSARY_WORDS = (
    "take",
    "pass",
    "dealer",
    "turned card",
    "contract",
    "trump",
    "follow suit",
    "to trump",
    "overtrump",
    "undertrump",
    "discard",
    "partner is winning",
    "trick",
    "dedans",
    "litige",
    "dix de der",
    "belote",
)
"""Words of the game named only in prose and in the glossary (context ``term``); the glossary's other
entries are the terms above (calls, contracts, rule sets)."""


def word(text: str) -> Message:
    """A word of the game as the glossary names it: "trick"."""
    return Message("term", text)


FOREIGN_WORDS = Message("foreign words", "none")
"""The words of another language a translation keeps (Latin "Coinche" in Hindi), as ``LANG: word,
word; LANG: word`` or ``none``: the pages mark them with ``lang`` so that screen readers say them right."""


SEARCH_WORDS = Message("search words", "none")
"""What a player of the locale types into the search box for a glossary term the site writes
otherwise (another script, a local spelling), as ``TERM: form, form; TERM: form`` or ``none``: the
glossary shows them after the term, so that the search finds its entry (:mod:`generator.search`)."""


def _all_terms() -> list[Message]:
    cards = [Card.of(rank, suit) for suit in Suit for rank in reversed(Rank)]
    terms = [name(c) for name in (card, played_card, trumped_card, card_in_sentence) for c in cards]
    terms += [rank_index(rank) for rank in reversed(Rank)]
    terms += [seat(s) for s in Seat] + [hand_of(s) for s in Seat]
    terms += [trump_suit(s) for s in Suit] + [turned_suit(s) for s in Suit]
    terms += [game(g) for g in Game] + [rules(name) for name in RULESETS]
    terms += [Message("contract", name) for name in _NAMED_CONTRACTS.values()]
    calls = [Call(CallKind.PASS), Call(CallKind.TAKE), *(Call(CallKind.TAKE, s) for s in Suit)]
    calls += [Call(CallKind.BID, s, 80) for s in Suit] + [Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE)]
    terms += [call(c) for c in calls] + [call_choice(c) for c in calls]
    terms += [word(text) for text in GLOSSARY_WORDS]
    terms += [FOREIGN_WORDS, SEARCH_WORDS]
    return terms


TERMS: tuple[Message, ...] = tuple(_all_terms())
"""Every term, in a stable order (suits, then ranks from the ace down), for extraction."""
