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
    if call.kind is CallKind.PASS:
        return Message("call", "Pass")
    if call.kind is CallKind.TAKE:
        return Message("call", "Takes" if call.suit is None else f"Takes in {_SUITS[call.suit]}")
    if call.kind is CallKind.BID:
        assert call.suit is not None
        return Message("call", f"%(contract)s in {_SUITS[call.suit]}")
    return Message("call", "Coinche" if call.kind is CallKind.COINCHE else "Surcoinche")


def call_choice(call: Call) -> Message:
    """A call as the practice page offers it to the player, who would make it ("Take in spades"): its
    own context, so that a language gives it the form of one's own call (French «Prendre à pique»,
    Spanish «Cojo a picas»), where the list of calls says what a seat said ("Takes in spades")."""
    if call.kind is CallKind.PASS:
        return Message("call choice", "Pass")
    if call.kind is CallKind.TAKE:
        return Message("call choice", "Take" if call.suit is None else f"Take in {_SUITS[call.suit]}")
    if call.kind is CallKind.BID:
        assert call.suit is not None
        return Message("call choice", f"%(contract)s in {_SUITS[call.suit]}")
    return Message("call choice", "Coinche" if call.kind is CallKind.COINCHE else "Surcoinche")


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
)
"""Words of the game named only in prose and in the glossary (context ``term``); the glossary's other
entries are the terms above (calls, contracts, rule sets)."""


def word(text: str) -> Message:
    """A word of the game as the glossary names it: "trick"."""
    return Message("term", text)


FOREIGN_WORDS = Message("foreign words", "none")
"""The words of another language a translation keeps (Latin "Coinche" in Hindi), as ``LANG: word,
word; LANG: word`` or ``none``: the pages mark them with ``lang`` so that screen readers say them right."""


def _all_terms() -> list[Message]:
    terms = [card(Card.of(rank, suit)) for suit in Suit for rank in reversed(Rank)]
    terms += [played_card(Card.of(rank, suit)) for suit in Suit for rank in reversed(Rank)]
    terms += [trumped_card(Card.of(rank, suit)) for suit in Suit for rank in reversed(Rank)]
    terms += [card_in_sentence(Card.of(rank, suit)) for suit in Suit for rank in reversed(Rank)]
    terms += [rank_index(rank) for rank in reversed(Rank)]
    terms += [seat(s) for s in Seat] + [hand_of(s) for s in Seat]
    terms += [trump_suit(s) for s in Suit] + [turned_suit(s) for s in Suit]
    terms += [game(g) for g in Game] + [rules(name) for name in RULESETS]
    terms += [Message("contract", name) for name in _NAMED_CONTRACTS.values()]
    terms += [call(Call(CallKind.PASS)), call(Call(CallKind.TAKE))]
    terms += [call(Call(CallKind.TAKE, s)) for s in Suit] + [call(Call(CallKind.BID, s, 80)) for s in Suit]
    terms += [call(Call(CallKind.COINCHE)), call(Call(CallKind.SURCOINCHE))]
    choices = [Call(CallKind.PASS), Call(CallKind.TAKE), *(Call(CallKind.TAKE, s) for s in Suit)]
    choices += [Call(CallKind.BID, s, 80) for s in Suit] + [Call(CallKind.COINCHE), Call(CallKind.SURCOINCHE)]
    terms += [call_choice(choice) for choice in choices]
    terms += [word(text) for text in GLOSSARY_WORDS]
    terms.append(FOREIGN_WORDS)
    return terms


TERMS: tuple[Message, ...] = tuple(_all_terms())
"""Every term, in a stable order (suits, then ranks from the ace down), for extraction."""
