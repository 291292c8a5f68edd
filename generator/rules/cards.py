"""The 32-card deck: suits, ranks, cards and sets of cards over a 32-bit mask.

A card is a small int (suit * 8 + rank), so that a set of cards is one int and the rules
engine works with bit operations; but a card, a suit (and a seat) are equal only to values of
their own type (:mod:`generator.rules.distinct`). Strength and points are not properties of a
card: they depend on the trump, and live in :mod:`generator.rules.play`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

from .distinct import distinct


@distinct
class Suit(IntEnum):
    """The four suits, in the order the engine lists them."""

    SPADES = 0
    """♠, written ``S``."""
    HEARTS = 1
    """♥, written ``H``."""
    DIAMONDS = 2
    """♦, written ``D``."""
    CLUBS = 3
    """♣, written ``C``."""

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit as users write it: ``S``, ``♠`` or ``spades`` (any case).

        >>> Suit.parse("hearts"), Suit.parse("♦")
        (Suit.parse('H'), Suit.parse('D'))
        """
        suit = _SUIT_NAMES.get(text.strip().lower())
        if suit is None:
            raise ValueError(f"unknown suit {text!r} (write S, H, D, C, a symbol or a name)")
        return suit

    def code(self) -> str:
        """The canonical one-letter form: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self]

    def __repr__(self) -> str:
        return f"Suit.parse({self.code()!r})"

    __str__ = code


_SUIT_NAMES = {name: suit for suit in Suit for name in (suit.code().lower(), "♠♥♦♣"[suit], suit.name.lower())}


class Rank(IntEnum):
    """The eight ranks, from 7 to ace (the plain-suit order is not this order)."""

    SEVEN = 0
    """The 7, written ``7``."""
    EIGHT = 1
    """The 8, written ``8``."""
    NINE = 2
    """The 9, written ``9``: the second-best trump."""
    TEN = 3
    """The 10, written ``10`` (or ``T``)."""
    JACK = 4
    """The jack, written ``J``: the best trump."""
    QUEEN = 5
    """The queen, written ``Q``."""
    KING = 6
    """The king, written ``K``."""
    ACE = 7
    """The ace, written ``A``."""

    @staticmethod
    def parse(text: str) -> Rank:
        """Read a rank: ``7 8 9 10 J Q K A`` (``T`` for 10), in either case; :meth:`code` writes it back.

        >>> Rank.parse("t") is Rank.parse("10") is Rank.TEN
        True
        """
        rank = _RANK_NAMES.get(text.strip().lower())
        if rank is None:
            raise ValueError(f"unknown rank {text!r} (write 7 8 9 10 J Q K A)")
        return rank

    def code(self) -> str:
        """The canonical form: ``7 8 9 10 J Q K A``, which :meth:`parse` reads back."""
        return _RANK_CODES[self]

    def __repr__(self) -> str:
        return f"Rank.parse({self.code()!r})"

    __str__ = code


_RANK_CODES = ("7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = tuple(Suit)
_RANKS = tuple(Rank)
"""The suits and ranks by value (an index is faster than calling the enum, for the engine's every card)."""
_RANK_NAMES = {code.lower(): rank for code, rank in zip(_RANK_CODES, Rank, strict=True)} | {"t": Rank.TEN}


@distinct
class Card(int):
    """One of the 32 cards, an int from 0 to 31 (``suit * 8 + rank``); one instance per card.
    Equal only to itself: never to a seat, a suit or an int.

    >>> Card.parse("10h") == Card.parse("TH") == Card.of(Rank.TEN, Suit.HEARTS)
    True
    >>> Card.parse("A♠").code()
    'AS'
    """

    __slots__ = ()

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The card of that rank and suit."""
        return DECK[suit * 8 + rank]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card: rank ``7 8 9 10 J Q K A`` (``T`` for 10) then a suit letter or symbol."""
        cleaned = text.strip()
        rank = _RANK_NAMES.get(cleaned[:-1].lower())
        suit = _SUIT_NAMES.get(cleaned[-1:].lower())
        if rank is None or suit is None:
            raise ValueError(f"unknown card {text!r} (write a rank 7 8 9 10 J Q K A, then a suit S H D C: 10H, JS, A♠)")
        return DECK[suit * 8 + rank]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[self >> 3]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[self & 7]

    def code(self) -> str:
        """The canonical text form, which :meth:`parse` reads back: ``10H``, ``JS``."""
        return _RANK_CODES[self & 7] + "SHDC"[self >> 3]

    def __repr__(self) -> str:
        return f"Card.parse({self.code()!r})"

    __str__ = code


DECK: tuple[Card, ...] = tuple(int.__new__(Card, index) for index in range(32))
"""All 32 cards, spades first, each suit from 7 to ace."""


class CardSet:
    """An immutable set of cards over a 32-bit mask, with the usual set operations.

    Iteration goes in deck order (suit, then rank), so printing a set is deterministic.

    Built from cards (any iterable of them), or from a mask by :meth:`from_mask`; a single
    card is refused rather than read as a mask.

    >>> CardSet.parse("JH 9H AS") & CardSet.parse("9H 7D")
    CardSet.parse('9H')
    """

    __slots__ = ("mask",)

    mask: int
    """Bit ``n`` set when the card ``DECK[n]`` is in the set."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if isinstance(cards, int):
            raise TypeError("CardSet takes an iterable of cards: CardSet([card]), or CardSet.from_mask(mask)")
        mask = 0
        for card in cards:
            if type(card) is not Card:
                raise TypeError(f"CardSet takes cards, not {type(card).__name__} {card!r}")
            mask |= 1 << card
        self.mask = mask

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bit ``n`` is set for each card ``DECK[n]`` (bits above 31 are ignored)."""
        cards = object.__new__(cls)
        cards.mask = mask & 0xFFFFFFFF
        return cards

    @staticmethod
    def parse(text: str) -> CardSet:
        """Read cards separated by spaces or commas."""
        return CardSet(Card.parse(word) for word in text.replace(",", " ").split())

    @staticmethod
    def suit(suit: Suit) -> CardSet:
        """The eight cards of one suit."""
        return CardSet.from_mask(0xFF << (suit * 8))

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield DECK[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return type(card) is Card and bool(self.mask >> card & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self.mask != other.mask

    def code(self) -> str:
        """The cards' codes in deck order, separated by spaces."""
        return " ".join(card.code() for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({self.code()!r})"

    __str__ = code
