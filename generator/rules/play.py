"""Card play: which cards may be played, why a card is refused, who wins a trick and its points.

Everything works on a trick as the cards played so far, in play order: the seat to play is
the next one, and its partner is the one who played two cards before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import Card, CardSet, Rank, Suit
from .rulesets import Rules
from .seats import Seat

# Strength of each rank (indexed by Rank), weakest 0.
_TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)  # 7 8 Q K 10 A 9 J
_PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)  # 7 8 9 J Q K 10 A
_TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
_NO_TRUMP_POINTS = (0, 0, 0, 10, 2, 3, 4, 19)  # the ace is worth 19, so the cards total 152 in every game
_SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))
_TRUMP_KEY, _LED_KEY = 16, 8  # a trump beats a card of the led suit, which beats a discard


def _keys(trump: int, led: int) -> tuple[int, ...]:
    """For each card, a number that orders the cards of a trick led in ``led`` (0: cannot win)."""
    keys = []
    for card in range(32):
        suit, rank = card >> 3, card & 7
        if suit == trump:
            keys.append(_TRUMP_KEY + _TRUMP_STRENGTH[rank])
        elif suit == led:
            keys.append(_LED_KEY + _PLAIN_STRENGTH[rank])
        else:
            keys.append(0)
    return tuple(keys)


def _above(keys: tuple[int, ...]) -> tuple[int, ...]:
    """For each key value, the mask of the cards whose key is higher."""
    return tuple(sum(1 << card for card in range(32) if keys[card] > key) for key in range(_TRUMP_KEY + 8))


# Indexed by (trump + 1) * 4 + led, trump -1 meaning no trump.
_KEYS = tuple(_keys(trump, led) for trump in range(-1, 4) for led in range(4))
_ABOVE = tuple(_above(keys) for keys in _KEYS)


class PlayReason(Enum):
    """A card's refusal: why it may not be played (the site explains each; the engine never writes prose)."""

    NOT_IN_HAND = "not-in-hand"
    """The card is not in the hand."""
    FOLLOW_SUIT = "must-follow-suit"
    """You hold the suit led (trump or not) and the card is of another suit."""
    GO_HIGHER = "must-go-higher"
    """Trump was led: a trump lower than the best one on the table, while you hold a higher one."""
    OVERTRUMP = "must-overtrump"
    """An opponent has trumped a plain lead and you hold a higher trump: a lower trump or a plain card."""
    TRUMP = "must-trump"
    """An opponent is winning a plain lead with the suit led and you hold trumps: a plain card."""
    UNDERTRUMP = "must-undertrump"
    """An opponent's trump you cannot beat, under a rule set that makes you trump anyway: a plain card."""


class PlayPermission(Enum):
    """Why an allowed card may be played: the rule that lets it (the counterpart of :class:`PlayReason`)."""

    LEAD = "lead"
    """The seat leads the trick: any card."""
    FOLLOW_SUIT = "follows-suit"
    """The seat holds the plain suit led and plays it."""
    GOES_HIGHER = "goes-higher"
    """Trump led: a trump higher than the best one on the table."""
    FOLLOWS_TRUMP = "follows-trump"
    """Trump led, and no trump of the hand beats the best one: any trump."""
    NO_TRUMP_LED = "no-trump-to-follow"
    """Trump led and the hand holds none: any card."""
    PARTNER_WINNING = "partner-winning"
    """Without the suit led, the partner is winning the trick: any card."""
    TRUMPS = "trumps"
    """Without the suit led, an opponent winning with the suit led: a trump."""
    OVERTRUMPS = "overtrumps"
    """Without the suit led, an opponent has trumped: a higher trump."""
    UNDERTRUMPS = "undertrumps"
    """An opponent's trump no trump of the hand beats, under a rule set that makes you trump anyway: a lower trump."""
    CANNOT_OVERTRUMP = "cannot-overtrump"
    """An opponent's trump no trump of the hand beats, under a rule set that frees you: any card."""
    FREE = "free"
    """Without the suit led and without trumps (or in the no-trump game): any card."""


def allowed_mask(hand: int, trick: Sequence[int], trump: int, must_undertrump: bool) -> int:
    """The fast core of :func:`allowed` on plain ints (``trump`` -1 for no trump)."""
    if not trick:
        return hand
    lead = trick[0]
    led = lead >> 3
    table = (trump + 1) * 4 + led
    keys = _KEYS[table]
    win_index, win_key = 0, keys[lead]
    for index in range(1, len(trick)):
        key = keys[trick[index]]
        if key > win_key:
            win_index, win_key = index, key
    in_suit = hand & _SUIT_MASKS[led]
    if led == trump:
        # Trump led: beat the highest trump on the table if you can, even your partner's.
        return (in_suit & _ABOVE[table][win_key]) or in_suit or hand
    if in_suit:
        return in_suit
    if trump < 0:
        return hand
    trumps = hand & _SUIT_MASKS[trump]
    if not trumps or (len(trick) >= 2 and win_index == len(trick) - 2):
        return hand  # no trump to play, or the partner is winning: any card
    if win_key < _TRUMP_KEY:
        return trumps
    return (trumps & _ABOVE[table][win_key]) or (trumps if must_undertrump else hand)


def allowed(hand: CardSet, trick: Sequence[Card], trump: Suit | None, rules: Rules) -> CardSet:
    """The cards of ``hand`` that may be played on ``trick`` (cards in play order).

    >>> from generator.rules import Game, rules_for
    >>> allowed(CardSet.parse("KS 7S JH 9C 10D"), [Card.parse("AS")], Suit.HEARTS,
    ...         rules_for(Game.TRUMP))
    CardSet.parse('7S KS')
    """
    return CardSet.from_mask(allowed_mask(hand.mask, trick, -1 if trump is None else int(trump), rules.must_undertrump))


def refusal(hand: CardSet, trick: Sequence[Card], card: Card, trump: Suit | None, rules: Rules) -> PlayReason | None:
    """Why ``card`` may not be played from ``hand`` on ``trick``; None when it may.

    >>> from generator.rules import Game, rules_for
    >>> refusal(CardSet.parse("KS 7S JH"), [Card.parse("AS")], Card.parse("JH"), Suit.HEARTS,
    ...         rules_for(Game.TRUMP))
    <PlayReason.FOLLOW_SUIT: 'must-follow-suit'>
    """
    if card not in hand:
        return PlayReason.NOT_IN_HAND
    if card in allowed(hand, trick, trump, rules):
        return None
    led = trick[0].suit
    if hand & CardSet.suit(led):
        return PlayReason.GO_HIGHER if card.suit == led else PlayReason.FOLLOW_SUIT
    best = trick[winning_index(trick, trump)]
    if best.suit != trump:
        return PlayReason.TRUMP
    if any(beats(higher, best, trump) for higher in hand & CardSet.suit(best.suit)):
        return PlayReason.OVERTRUMP
    return PlayReason.UNDERTRUMP


def permission(
    hand: CardSet, trick: Sequence[Card], card: Card, trump: Suit | None, rules: Rules
) -> PlayPermission | None:
    """Why ``card`` may be played from ``hand`` on ``trick``; None when it may not.

    >>> from generator.rules import Game, rules_for
    >>> permission(CardSet.parse("KS 7S JH"), [Card.parse("AS")], Card.parse("7S"), Suit.HEARTS,
    ...            rules_for(Game.TRUMP))
    <PlayPermission.FOLLOW_SUIT: 'follows-suit'>
    """
    if card not in hand or card not in allowed(hand, trick, trump, rules):
        return None
    if not trick:
        return PlayPermission.LEAD
    led = trick[0].suit
    best = trick[winning_index(trick, trump)]
    if led == trump:
        if not hand & CardSet.suit(led):
            return PlayPermission.NO_TRUMP_LED
        if beats(card, best, trump):
            return PlayPermission.GOES_HIGHER
        return PlayPermission.FOLLOWS_TRUMP
    if hand & CardSet.suit(led):
        return PlayPermission.FOLLOW_SUIT
    if trump is None or not hand & CardSet.suit(trump):
        return PlayPermission.FREE
    if len(trick) >= 2 and winning_index(trick, trump) == len(trick) - 2:
        return PlayPermission.PARTNER_WINNING
    if best.suit != trump:
        return PlayPermission.TRUMPS
    if any(beats(higher, best, trump) for higher in hand & CardSet.suit(trump)):
        return PlayPermission.OVERTRUMPS
    return PlayPermission.UNDERTRUMPS if rules.must_undertrump else PlayPermission.CANNOT_OVERTRUMP


def card_points(card: Card, trump: Suit | None) -> int:
    """A card's points: trump J 20, 9 14, A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2;
    in the no-trump game (``trump`` None) A 19, 10 10, K 4, Q 3, J 2. Every game's cards total 152.

    >>> card_points(Card.parse("JH"), Suit.HEARTS), card_points(Card.parse("JH"), Suit.SPADES)
    (20, 2)
    >>> card_points(Card.parse("AS"), Suit.HEARTS), card_points(Card.parse("AS"), None)
    (11, 19)
    """
    if trump is None:
        return _NO_TRUMP_POINTS[card & 7]
    return (_TRUMP_POINTS if card >> 3 == int(trump) else _PLAIN_POINTS)[card & 7]


def beats(card: Card, other: Card, trump: Suit | None) -> bool:
    """True when ``card`` beats ``other`` in a trick led in ``other``'s suit (a trump beats a plain card)."""
    keys = trick_keys(-1 if trump is None else trump, other >> 3)
    return keys[card] > keys[other]


def rank_order(trump: bool) -> tuple[Rank, ...]:
    """The ranks of a suit from the strongest down: of the trump suit, or of a plain suit."""
    strength = _TRUMP_STRENGTH if trump else _PLAIN_STRENGTH
    return tuple(sorted(Rank, key=lambda rank: -strength[rank]))


def trick_keys(trump: int, led: int) -> tuple[int, ...]:
    """For each card (an int 0-31), its strength in a trick led in suit ``led`` (``trump`` -1 for no
    trump): the highest wins the trick, 0 cannot win it. The fast core of :func:`winning_index`."""
    return _KEYS[(trump + 1) * 4 + led]


def winning_index(trick: Sequence[Card], trump: Suit | None) -> int:
    """The index in ``trick`` of the card winning it so far: highest trump, else highest of the led suit."""
    keys = trick_keys(-1 if trump is None else trump, trick[0] >> 3)
    return max(range(len(trick)), key=lambda index: keys[trick[index]])


@dataclass(frozen=True)
class TrickResult:
    """A complete trick: who wins it, and each card's points."""

    winner: Seat
    card_points: tuple[int, ...]
    """The points of the cards in play order (every game counts them: the no-trump ace is worth 19)."""

    @property
    def points(self) -> int:
        """The trick's points: the sum of its cards' points."""
        return sum(self.card_points)


def trick_result(leader: Seat, trick: Sequence[Card], trump: Suit | None) -> TrickResult:
    """Who wins ``trick`` (led by ``leader``) and its points.

    >>> result = trick_result(Seat.SOUTH, [Card.parse(c) for c in ("AS", "10S", "7S", "JH")], Suit.HEARTS)
    >>> result.winner, result.card_points, result.points
    (Seat.parse('E'), (11, 10, 0, 20), 41)
    >>> trick_result(Seat.SOUTH, [Card.parse(c) for c in ("AS", "10S", "7S", "JH")], None).points
    31
    """
    winner = leader.next(winning_index(trick, trump))
    return TrickResult(winner, tuple(card_points(card, trump) for card in trick))
