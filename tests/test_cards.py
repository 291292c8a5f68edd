"""Cards, suits, seats and card sets: parsing, canonical forms and set operations."""

import pytest

from generator.rules import DECK, Card, CardSet, Rank, Seat, Suit


@pytest.mark.parametrize(
    "text, code",
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("JS", "JS"),
        ("A♠", "AS"),
        ("7♦", "7D"),
        ("qc", "QC"),
        (" K♥ ", "KH"),
    ],
)
def test_card_parse_accepts_the_variants_users_type(text: str, code: str) -> None:
    assert Card.parse(text).code() == code


@pytest.mark.parametrize("text", ["", "1S", "11H", "XS", "10", "H", "10X", "AS S"])
def test_card_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="unknown card"):
        Card.parse(text)


def test_every_card_round_trips_through_its_code_and_repr() -> None:
    assert len(set(DECK)) == 32
    for card in DECK:
        assert Card.parse(card.code()) is card
        assert eval(repr(card)) is card  # noqa: S307 - repr is the input one would type
        assert Card.of(card.rank, card.suit) is card


def test_every_rank_round_trips_through_its_code_and_repr() -> None:
    for rank in Rank:
        assert Rank.parse(rank.code()) is rank and eval(repr(rank)) is rank  # noqa: S307 (our own repr)
        assert Rank.parse(f" {rank.code().lower()} ") is rank
    assert Rank.parse("T") is Rank.TEN
    for text in ("", "1", "11", "JS", "B"):
        with pytest.raises(ValueError, match="unknown rank"):
            Rank.parse(text)


@pytest.mark.parametrize(
    "text, suit",
    [
        ("S", Suit.SPADES),
        ("h", Suit.HEARTS),
        ("♦", Suit.DIAMONDS),
        ("Clubs", Suit.CLUBS),
        ("spades", Suit.SPADES),
    ],
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text, seat", [("N", Seat.NORTH), ("east", Seat.EAST), ("s", Seat.SOUTH), ("WEST", Seat.WEST)])
def test_seat_parse(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


def test_turn_order_and_partners() -> None:
    assert [Seat.SOUTH.next(step) for step in range(4)] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert Seat.NORTH.partner is Seat.SOUTH and Seat.EAST.partner is Seat.WEST
    assert Seat.EAST.is_partner_of(Seat.WEST) and not Seat.EAST.is_partner_of(Seat.NORTH)


def test_card_set_has_the_set_api_in_deck_order() -> None:
    hand = CardSet.parse("JH 9H AS")
    assert list(hand) == [Card.parse("AS"), Card.parse("9H"), Card.parse("JH")]
    assert len(hand) == 3 and Card.parse("9H") in hand and Card.parse("9S") not in hand
    assert hand & CardSet.suit(Suit.HEARTS) == CardSet.parse("9H JH")
    assert hand - CardSet.parse("AS") == CardSet.parse("9H, JH")
    assert hand | CardSet.parse("7C") == CardSet.parse("AS 9H JH 7C")
    assert CardSet.parse("9H") < hand <= hand and not hand < hand
    assert repr(hand) == "CardSet.parse('AS 9H JH')" and eval(repr(hand)) == hand  # noqa: S307
    assert not CardSet() and len(CardSet(DECK)) == 32
    assert Rank.TEN.code() == "10"


def test_a_card_set_is_built_from_cards_or_from_a_named_mask() -> None:
    nine = Card.parse("9S")
    with pytest.raises(TypeError, match="iterable of cards"):
        CardSet(nine)  # type: ignore[arg-type]  # a card is not read as a mask (it would be 8S)
    with pytest.raises(TypeError, match="takes cards"):
        CardSet([Seat.SOUTH])  # type: ignore[list-item]
    assert CardSet([nine]) == CardSet.parse("9S") != CardSet.parse("8S")
    assert CardSet.from_mask(1 << nine) == CardSet([nine]) and CardSet.from_mask(int(nine)) == CardSet.parse("8S")
    assert CardSet.from_mask(-1) == CardSet(DECK)
    assert Seat.SOUTH not in CardSet(DECK) and 0 not in CardSet(DECK) and DECK[0] in CardSet(DECK)


def test_cards_seats_and_suits_are_equal_only_to_their_own_kind() -> None:
    card, seat, suit = Card.parse("7S"), Seat.SOUTH, Suit.SPADES
    assert int(card) == int(seat) == int(suit) == 0  # the engine's arithmetic still sees small ints
    assert card != seat and seat != suit and suit != card and not card == seat
    assert card != 0 and seat != 0 and suit != 0 and not 0 == card
    assert len({card: 1, seat: 2, suit: 3, 0: 4}) == 4
    assert len({card, Card.of(Rank.SEVEN, Suit.SPADES), seat, Seat.parse("S"), suit, Suit.parse("S")}) == 3
    assert Seat.SOUTH < Seat.EAST and Card.parse("8S") > card and Suit.SPADES <= Suit.CLUBS
    for left, right in [(card, seat), (seat, suit), (suit, 1), (card, 5)]:
        with pytest.raises(TypeError, match="not defined between"):
            left < right  # noqa: B015
    import copy
    import pickle

    assert copy.deepcopy(card) == card and pickle.loads(pickle.dumps(card)) == card
    assert hash(copy.copy(card)) == hash(card) and pickle.loads(pickle.dumps(seat)) is seat
