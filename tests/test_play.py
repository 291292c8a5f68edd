"""Card play: allowed cards, refusal reasons, trick winner and points; unit and property tests."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.rules import (
    DECK,
    RULESETS,
    Card,
    CardSet,
    Game,
    PlayReason,
    Seat,
    Suit,
    allowed,
    beats,
    card_points,
    rank_order,
    refusal,
    rules_for,
    trick_result,
    winning_index,
)

HOUSE_TRUMP = rules_for(Game.TRUMP)
# The undertrump flag both ways, whatever the rule sets say today (a rules change moves no test here).
UNDERTRUMPING_COINCHE = dataclasses.replace(rules_for(Game.COINCHE), must_undertrump=True)
FREED_COINCHE = dataclasses.replace(rules_for(Game.COINCHE), must_undertrump=False)
UNDERTRUMPING_TRUMP = dataclasses.replace(rules_for(Game.TRUMP), must_undertrump=True)
NO_TRUMP = rules_for(Game.NO_TRUMP)


def cards(text: str) -> list[Card]:
    """Cards in the order written (a trick's play order)."""
    return [Card.parse(word) for word in text.split()]


# --- A reference implementation written straight from the rules' wording, on names not bits ---

TRUMP_ORDER = "7 8 Q K 10 A 9 J".split()
PLAIN_ORDER = "7 8 9 J Q K 10 A".split()


def strength(card: Card, trump: Suit | None, led: Suit) -> tuple[int, int]:
    if card.suit == trump:
        return (2, TRUMP_ORDER.index(card.rank.code()))
    if card.suit == led:
        return (1, PLAIN_ORDER.index(card.rank.code()))
    return (0, 0)


def reference_allowed(hand: list[Card], trick: list[Card], trump: Suit | None, must_undertrump: bool) -> set[Card]:
    if not trick:
        return set(hand)
    led = trick[0].suit
    best = max(range(len(trick)), key=lambda i: strength(trick[i], trump, led))
    top = strength(trick[best], trump, led)
    follow = [c for c in hand if c.suit == led]
    trumps = [c for c in hand if c.suit == trump]
    if led == trump:
        higher = [c for c in follow if strength(c, trump, led) > top]
        return set(higher or follow or hand)
    if follow:
        return set(follow)
    if not trumps or best == len(trick) - 2:
        return set(hand)
    if trick[best].suit != trump:
        return set(trumps)
    higher = [c for c in trumps if strength(c, trump, led) > top]
    return set(higher or (trumps if must_undertrump else hand))


positions = st.tuples(
    st.permutations(DECK),
    st.integers(0, 3),
    st.integers(1, 8),
    st.sampled_from(list(Game)),
    st.sampled_from(list(Suit)),
    st.sampled_from(list(RULESETS)),
)


def position(draw: tuple) -> tuple[CardSet, list[Card], Suit | None, object]:
    """A random position of any game and rule set: 0-3 cards on the table, a hand of 1-8 others."""
    deck, played, size, game, suit, ruleset = draw
    trump = suit if game.has_trump else None
    return CardSet(deck[played : played + size]), list(deck[:played]), trump, rules_for(game, ruleset)


@settings(max_examples=600)
@given(positions)
def test_allowed_matches_the_reference_and_is_a_nonempty_subset_of_the_hand(draw: tuple) -> None:
    hand, trick, trump, rules = position(draw)
    result = allowed(hand, trick, trump, rules)
    assert result and result <= hand
    assert set(result) == reference_allowed(list(hand), trick, trump, rules.must_undertrump)


@pytest.mark.slow
@settings(max_examples=400)
@given(positions)
def test_holding_the_led_suit_means_only_that_suit(draw: tuple) -> None:
    hand, trick, trump, rules = position(draw)
    if trick and hand & CardSet.suit(trick[0].suit):
        assert allowed(hand, trick, trump, rules) <= CardSet.suit(trick[0].suit)


@pytest.mark.slow
@settings(max_examples=400)
@given(positions)
def test_a_card_is_refused_exactly_when_not_allowed_and_the_reason_fits(draw: tuple) -> None:
    hand, trick, trump, rules = position(draw)
    permitted = allowed(hand, trick, trump, rules)
    for card in hand:
        reason = refusal(hand, trick, card, trump, rules)
        assert (reason is None) == (card in permitted)
        if reason is None:
            continue
        led = trick[0].suit
        holds_led = bool(hand & CardSet.suit(led))
        best = trick[winning_index(trick, trump)]
        if reason is PlayReason.FOLLOW_SUIT:
            assert holds_led and card.suit != led
        elif reason is PlayReason.GO_HIGHER:
            assert led == trump == card.suit and not beats(card, best, trump)
            assert any(beats(other, best, trump) for other in hand & CardSet.suit(led))
        else:  # no card of the suit led: the seat had to trump
            assert trump is not None and not holds_led and hand & CardSet.suit(trump)
            higher = [other for other in hand & CardSet.suit(trump) if beats(other, best, trump)]
            if reason is PlayReason.TRUMP:
                assert best.suit != trump and card.suit != trump
            elif reason is PlayReason.OVERTRUMP:
                assert best.suit == trump and higher and not beats(card, best, trump)
            else:
                assert reason is PlayReason.UNDERTRUMP and rules.must_undertrump
                assert best.suit == trump and not higher and card.suit != trump
    outsider = next(card for card in DECK if card not in hand)
    assert refusal(hand, trick, outsider, trump, rules) is PlayReason.NOT_IN_HAND


@pytest.mark.slow
@settings(max_examples=300)
@given(positions)
def test_a_coinche_freed_of_undertrumping_allows_everything_one_that_requires_it_allows(draw: tuple) -> None:
    hand, trick, trump, _ = position(draw)
    if trump is not None:
        assert allowed(hand, trick, trump, UNDERTRUMPING_COINCHE) <= allowed(hand, trick, trump, FREED_COINCHE)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    st.permutations(DECK),
    st.sampled_from(list(Suit)),
    st.sampled_from(list(RULESETS)),
    st.sampled_from([Game.TRUMP, Game.COINCHE]),
    st.randoms(use_true_random=False),
)
def test_a_whole_deal_played_legally_is_worth_152_card_points(deck, trump, ruleset, game, random) -> None:
    rules = rules_for(game, ruleset)
    hands = {seat: CardSet(deck[8 * seat : 8 * seat + 8]) for seat in Seat}
    leader, total, tricks = Seat.SOUTH, 0, 0
    while hands[leader]:
        trick: list[Card] = []
        for step in range(4):
            seat = leader.next(step)
            options = list(allowed(hands[seat], trick, trump, rules))
            card = random.choice(options)
            hands[seat] = hands[seat] - CardSet([card])
            trick.append(card)
        result = trick_result(leader, trick, trump)
        assert result.points == sum(result.card_points)
        total += result.points
        leader, tricks = result.winner, tricks + 1
    assert tricks == 8 and total == 152 and not any(hands.values())


@pytest.mark.parametrize(
    "hand, trick, trump, rules, expected",
    [
        # Plain suit led: follow, no obligation to beat.
        ("KS 7S JH 9C 10D", "AS", Suit.HEARTS, HOUSE_TRUMP, "KS 7S"),
        # Trump led: overtrump even the partner's trump.
        ("QS 9D 7D 10H", "8D 9C", Suit.DIAMONDS, HOUSE_TRUMP, "9D"),
        # Trump led, no higher trump: any trump.
        ("QD 7D 10H", "9D 9C", Suit.DIAMONDS, HOUSE_TRUMP, "QD 7D"),
        # Trump led, no trump: any card.
        ("QS 10H", "9D 9C", Suit.DIAMONDS, HOUSE_TRUMP, "QS 10H"),
        # Opponent leads, no led suit: trump with any trump.
        ("8H QH KS 9D 7S", "AC", Suit.HEARTS, HOUSE_TRUMP, "8H QH"),
        # Partner winning: any card.
        ("8H QH KS 9D", "AC 7C", Suit.HEARTS, HOUSE_TRUMP, "8H QH KS 9D"),
        # Partner winning by trumping: any card.
        ("KS 9S QC", "AD 8S 7D", Suit.SPADES, HOUSE_TRUMP, "KS 9S QC"),
        # Opponent trumped: overtrump.
        ("7S 9S KH", "AD 8S", Suit.SPADES, HOUSE_TRUMP, "9S"),
        # Cannot overtrump: still trump (must_undertrump, in either game) / any card (freed of it).
        ("7S 9S KH QC", "AD JS", Suit.SPADES, UNDERTRUMPING_COINCHE, "7S 9S"),
        ("7S 9S KH QC", "AD JS", Suit.SPADES, UNDERTRUMPING_TRUMP, "7S 9S"),
        ("7S 9S KH QC", "AD JS", Suit.SPADES, FREED_COINCHE, "7S 9S KH QC"),
        # No-trump game: follow suit, else any card.
        ("7D AS AC", "KD", None, NO_TRUMP, "7D"),
        ("AS AC", "KD", None, NO_TRUMP, "AS AC"),
        # Leading: any card.
        ("AS 7H", "", Suit.HEARTS, HOUSE_TRUMP, "AS 7H"),
    ],
)
def test_allowed_cards_by_rule(hand: str, trick: str, trump: Suit | None, rules, expected: str) -> None:
    assert allowed(CardSet.parse(hand), cards(trick), trump, rules) == CardSet.parse(expected)


def test_refusal_reasons() -> None:
    hand, trick = CardSet.parse("QS 9D 7D 10H"), cards("8D 9C")
    assert refusal(hand, trick, Card.parse("QS"), Suit.DIAMONDS, HOUSE_TRUMP) is PlayReason.FOLLOW_SUIT
    assert refusal(hand, trick, Card.parse("7D"), Suit.DIAMONDS, HOUSE_TRUMP) is PlayReason.GO_HIGHER
    assert refusal(hand, trick, Card.parse("9D"), Suit.DIAMONDS, HOUSE_TRUMP) is None
    hand = CardSet.parse("8H QH KS 9D 7S")
    assert refusal(hand, cards("AC"), Card.parse("KS"), Suit.HEARTS, HOUSE_TRUMP) is PlayReason.TRUMP
    assert (
        refusal(CardSet.parse("7S 9S KH"), cards("AD 8S"), Card.parse("7S"), Suit.SPADES, HOUSE_TRUMP)
        is PlayReason.OVERTRUMP
    )
    overtrump = CardSet.parse("7S 9S KH")
    assert refusal(overtrump, cards("AD 8S"), Card.parse("KH"), Suit.SPADES, HOUSE_TRUMP) is PlayReason.OVERTRUMP
    under = CardSet.parse("7S 9S KH QC")
    assert refusal(under, cards("AD JS"), Card.parse("KH"), Suit.SPADES, UNDERTRUMPING_COINCHE) is PlayReason.UNDERTRUMP
    assert refusal(under, cards("AD JS"), Card.parse("KH"), Suit.SPADES, FREED_COINCHE) is None


def test_the_card_order_and_points_tables() -> None:
    codes = [rank.code() for rank in rank_order(trump=True)]
    assert codes == ["J", "9", "A", "10", "K", "Q", "8", "7"]
    assert [rank.code() for rank in rank_order(trump=False)] == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert [card_points(Card.of(rank, Suit.HEARTS), Suit.HEARTS) for rank in rank_order(True)] == [
        20,
        14,
        11,
        10,
        4,
        3,
        0,
        0,
    ]
    assert [card_points(Card.of(rank, Suit.SPADES), Suit.HEARTS) for rank in rank_order(False)] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert [card_points(Card.of(rank, Suit.SPADES), None) for rank in rank_order(False)] == [19, 10, 4, 3, 2, 0, 0, 0]


def test_the_41_point_trick_is_won_by_east() -> None:
    result = trick_result(Seat.SOUTH, cards("AS 10S 7S JH"), Suit.HEARTS)
    assert result.winner is Seat.EAST and result.card_points == (11, 10, 0, 20) and result.points == 41


def test_a_trump_seven_beats_a_plain_ten_and_the_no_trump_ace_is_worth_19() -> None:
    assert trick_result(Seat.WEST, cards("10C 7H AC KC"), Suit.HEARTS).winner is Seat.NORTH
    result = trick_result(Seat.WEST, cards("KD 10D AS 7D"), None)
    assert result.winner is Seat.NORTH and result.card_points == (4, 10, 19, 0) and result.points == 33


def test_card_points_add_up_to_152_in_every_trump_suit_and_in_no_trump() -> None:
    assert sum(card_points(card, None) for card in DECK) == 152
    assert sorted(card_points(card, None) for card in CardSet.suit(Suit.SPADES)) == [0, 0, 0, 2, 3, 4, 10, 19]
    for trump in Suit:
        assert sum(card_points(card, trump) for card in DECK) == 152
        assert sorted(card_points(card, trump) for card in CardSet.suit(trump)) == [0, 0, 3, 4, 10, 11, 14, 20]
