"""Auctions of the three games: unit tests by rule and property tests over random call sequences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.rules import (
    CAPOT,
    GENERALE,
    RULESETS,
    Auction,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    CallPermission,
    Game,
    Seat,
    Suit,
    rules_for,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def run(
    game: Game, dealer: Seat, calls: list[tuple[Seat, str]], ruleset: str = "house", turned: Suit | None = None
) -> tuple[Auction, list[AuctionReason | None]]:
    auction = Auction(rules_for(game, ruleset), dealer, turned)
    return auction, [auction.call(seat, Call.parse(text)) for seat, text in calls]


@pytest.mark.parametrize(
    "text, code",
    [
        ("pass", "pass"),
        ("Take", "take"),
        ("take hearts", "take H"),
        ("80 ♠", "80 S"),
        ("160 c", "160 C"),
        ("capot H", "capot H"),
        ("générale S", "generale S"),
        ("GENERALE d", "generale D"),
        ("coinche", "coinche"),
        ("surcoinche", "surcoinche"),
    ],
)
def test_call_parse_and_code(text: str, code: str) -> None:
    call = Call.parse(text)
    assert call.code() == code and Call.parse(call.code()) == call and eval(repr(call)) == call  # noqa: S307


@pytest.mark.parametrize("text", ["85 H", "170 S", "70 H", "double", "take X", "80", "capot", "pass now"])
def test_call_parse_refuses_unknown_calls(text: str) -> None:
    with pytest.raises(ValueError):
        Call.parse(text)


def test_trump_game_first_take_ends_round_one() -> None:
    auction, verdicts = run(Game.TRUMP, E, [(S, "pass"), (W, "pass"), (N, "take")], turned=Suit.HEARTS)
    assert verdicts == [None] * 3
    assert (auction.outcome.status, auction.outcome.taker, auction.outcome.trump) == (
        AuctionStatus.CONTRACT,
        N,
        Suit.HEARTS,
    )


def test_trump_game_round_two_takes_another_suit_only() -> None:
    calls = [(S, "pass"), (W, "pass"), (N, "pass"), (E, "pass"), (S, "take"), (S, "take H"), (S, "pass"), (W, "take S")]
    auction, verdicts = run(Game.TRUMP, E, calls, turned=Suit.HEARTS)
    assert verdicts == [None] * 4 + [AuctionReason.SUIT_REQUIRED, AuctionReason.NOT_TURNED_SUIT, None, None]
    assert (auction.outcome.taker, auction.outcome.trump) == (W, Suit.SPADES)


def test_trump_game_refusals_and_redeal() -> None:
    calls = [(S, "take S"), (N, "pass"), (S, "80 H"), (S, "coinche")] + [(seat, "pass") for seat in (S, W, N, E) * 2]
    auction, verdicts = run(Game.TRUMP, E, calls + [(S, "take S")], turned=Suit.HEARTS)
    assert verdicts[:4] == [
        AuctionReason.TURNED_SUIT_ONLY,
        AuctionReason.OUT_OF_TURN,
        AuctionReason.NOT_THIS_GAME,
        AuctionReason.NOT_THIS_GAME,
    ]
    assert verdicts[4:12] == [None] * 8 and verdicts[12] is AuctionReason.AUCTION_CLOSED
    assert auction.outcome.status is AuctionStatus.REDEAL


def test_no_trump_game_has_one_round() -> None:
    auction, verdicts = run(Game.NO_TRUMP, S, [(W, "take H"), (W, "pass"), (N, "pass"), (E, "pass"), (S, "pass")])
    assert verdicts == [AuctionReason.NO_SUIT, None, None, None, None]
    assert auction.outcome.status is AuctionStatus.REDEAL
    auction, _ = run(Game.NO_TRUMP, S, [(W, "pass"), (N, "take")])
    assert (auction.outcome.taker, auction.outcome.trump) == (N, None)


def test_coinche_bids_must_rise_and_three_passes_close() -> None:
    calls = [(W, "pass"), (N, "80 H"), (E, "80 S"), (E, "90 S"), (S, "pass"), (W, "pass"), (N, "pass")]
    auction, verdicts = run(Game.COINCHE, S, calls)
    assert verdicts == [None, None, AuctionReason.BID_TOO_LOW, None, None, None, None]
    outcome = auction.outcome
    assert (outcome.taker, outcome.trump, outcome.contract, outcome.multiplier) == (E, Suit.SPADES, 90, 1)


def test_coinche_order_of_contracts_up_to_generale() -> None:
    calls = [
        (W, "160 H"),
        (N, "capot S"),
        (E, "capot H"),
        (E, "generale H"),
        (S, "160 C"),
        (S, "pass"),
        (W, "pass"),
        (N, "pass"),
    ]
    auction, verdicts = run(Game.COINCHE, S, calls)
    assert verdicts == [None, None, AuctionReason.BID_TOO_LOW, None, AuctionReason.BID_TOO_LOW, None, None, None]
    assert (auction.outcome.taker, auction.outcome.contract) == (E, GENERALE)
    assert CAPOT < GENERALE


def test_coinche_then_surcoinche_multiplies_by_four_and_closes() -> None:
    calls = [(S, "pass"), (W, "80 H"), (N, "90 S"), (E, "100 H"), (S, "coinche"), (W, "surcoinche"), (N, "pass")]
    auction, verdicts = run(Game.COINCHE, E, calls)
    assert verdicts == [None] * 6 + [AuctionReason.AUCTION_CLOSED]
    outcome = auction.outcome
    assert (outcome.taker, outcome.trump, outcome.contract, outcome.multiplier) == (E, Suit.HEARTS, 100, 4)


def test_coinche_refusals() -> None:
    calls = [
        (W, "coinche"),
        (W, "80 H"),
        (N, "surcoinche"),
        (N, "pass"),
        (E, "coinche"),
        (E, "pass"),
        (S, "coinche"),
        (W, "90 S"),
        (W, "coinche"),
        (W, "pass"),
        (N, "surcoinche"),
        (N, "pass"),
        (E, "pass"),
    ]
    auction, verdicts = run(Game.COINCHE, S, calls, ruleset="official")
    assert verdicts == [
        AuctionReason.NO_CONTRACT,
        None,
        AuctionReason.NOT_COINCHED,
        None,
        AuctionReason.NOT_DEFENDER,
        None,
        None,
        AuctionReason.BID_AFTER_COINCHE,
        AuctionReason.ALREADY_COINCHED,
        None,
        AuctionReason.NOT_CONTRACT_TEAM,
        None,
        None,
    ]
    assert (auction.outcome.taker, auction.outcome.multiplier) == (W, 2)


def test_coinche_by_the_contract_team_and_surcoinche_before_coinche_are_refused() -> None:
    _, verdicts = run(Game.COINCHE, S, [(W, "80 H"), (N, "surcoinche"), (N, "pass"), (E, "coinche")], "official")
    assert verdicts == [None, AuctionReason.NOT_COINCHED, None, AuctionReason.NOT_DEFENDER]
    _, verdicts = run(Game.COINCHE, S, [(W, "80 H"), (E, "coinche")], ruleset="house")
    assert verdicts == [None, AuctionReason.NOT_DEFENDER]


def test_house_rules_let_a_defender_coinche_out_of_turn_and_play_resumes_after_him() -> None:
    calls = [(W, "80 H"), (S, "coinche"), (W, "pass"), (N, "pass"), (E, "pass")]
    auction, verdicts = run(Game.COINCHE, S, calls, ruleset="house")
    assert verdicts == [None, None, None, None, None]
    assert (auction.outcome.status, auction.outcome.multiplier) == (AuctionStatus.CONTRACT, 2)
    auction, verdicts = run(Game.COINCHE, S, calls, ruleset="official")
    assert verdicts == [None, AuctionReason.OUT_OF_TURN, AuctionReason.OUT_OF_TURN, None, None]
    assert auction.outcome.status is AuctionStatus.OPEN


def test_house_rules_keep_surcoinche_in_turn() -> None:
    _, verdicts = run(Game.COINCHE, S, [(W, "80 H"), (N, "coinche"), (W, "surcoinche")], ruleset="house")
    assert verdicts == [None, None, AuctionReason.OUT_OF_TURN]


def test_coinche_four_passes_without_contract_redeal() -> None:
    auction, _ = run(Game.COINCHE, N, [(E, "pass"), (S, "pass"), (W, "pass"), (N, "pass")])
    assert auction.outcome.status is AuctionStatus.REDEAL


def test_only_the_trump_game_turns_a_card() -> None:
    with pytest.raises(ValueError):
        Auction(rules_for(Game.TRUMP), S)
    with pytest.raises(ValueError):
        Auction(rules_for(Game.COINCHE), S, Suit.HEARTS)


# --- Properties over random call sequences ---

ALL_CALLS = [
    Call.parse(text)
    for text in (
        "pass",
        "pass",
        "pass",
        "take",
        "take S",
        "take H",
        "take D",
        "take C",
        "80 H",
        "90 S",
        "100 D",
        "120 C",
        "160 H",
        "capot S",
        "generale D",
        "coinche",
        "surcoinche",
    )
]
auctions = st.tuples(
    st.sampled_from(list(Game)),
    st.sampled_from(list(RULESETS)),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Suit)),
    st.lists(st.tuples(st.sampled_from(list(Seat)), st.sampled_from(ALL_CALLS)), max_size=40),
)


def state(auction: Auction) -> tuple:
    return (auction.to_speak, auction.round, auction.outcome, vars(auction).copy())


@settings(max_examples=500)
@given(auctions)
def test_a_refused_call_changes_nothing_and_closed_auctions_refuse_all(draw: tuple) -> None:
    game, ruleset, dealer, turned, calls = draw
    auction = Auction(rules_for(game, ruleset), dealer, turned if game is Game.TRUMP else None)
    for seat, call in calls:
        before = state(auction)
        closed = auction.outcome.status is not AuctionStatus.OPEN
        reason = auction.call(seat, call)
        if closed:
            assert reason is AuctionReason.AUCTION_CLOSED
        if reason is not None:
            assert state(auction) == before


@settings(max_examples=500)
@given(auctions)
def test_accepted_calls_follow_the_rules_of_their_game(draw: tuple) -> None:
    game, ruleset, dealer, turned, calls = draw
    rules = rules_for(game, ruleset)
    auction = Auction(rules, dealer, turned if game is Game.TRUMP else None)
    bids: list[int] = []
    passes = 0
    for seat, call in calls:
        to_speak = auction.to_speak
        if auction.call(seat, call) is not None:
            continue
        out_of_turn_coinche = call.kind is CallKind.COINCHE and rules.coinche_out_of_turn
        assert seat == to_speak or out_of_turn_coinche
        if call.kind is CallKind.BID:
            assert not bids or call.value > bids[-1]
            bids.append(call.value)
        passes += call.kind is CallKind.PASS
    outcome = auction.outcome
    if outcome.status is AuctionStatus.REDEAL:
        assert not bids and passes == (8 if game is Game.TRUMP else 4)
    if outcome.status is AuctionStatus.CONTRACT and game is Game.COINCHE:
        assert outcome.contract == bids[-1] and outcome.multiplier in (1, 2, 4)
    if outcome.status is AuctionStatus.CONTRACT and game is Game.TRUMP:
        assert (outcome.trump == turned) == (auction.round == 1)


@settings(max_examples=300)
@given(auctions)
def test_a_call_has_a_permission_exactly_when_it_is_accepted_and_the_permission_fits_the_call(draw: tuple) -> None:
    game, ruleset, dealer, turned, calls = draw
    auction = Auction(rules_for(game, ruleset), dealer, turned if game is Game.TRUMP else None)
    kinds = {
        CallPermission.PASS: {CallKind.PASS},
        CallPermission.TAKES_TURNED: {CallKind.TAKE},
        CallPermission.TAKES_NAMED: {CallKind.TAKE},
        CallPermission.TAKES: {CallKind.TAKE},
        CallPermission.FIRST_BID: {CallKind.BID},
        CallPermission.HIGHER_BID: {CallKind.BID},
        CallPermission.COINCHES: {CallKind.COINCHE},
        CallPermission.SURCOINCHES: {CallKind.SURCOINCHE},
    }
    for seat, call in calls:
        first_bid, round_ = auction.bid is None, auction.round
        allowed, refused = auction.permission(seat, call), auction.refusal(seat, call)
        assert (allowed is None) != (refused is None)
        assert auction.call(seat, call) == refused
        if allowed is not None:
            assert call.kind in kinds[allowed]
            assert (allowed is CallPermission.FIRST_BID) == (call.kind is CallKind.BID and first_bid)
            if allowed is CallPermission.TAKES_TURNED:
                assert round_ == 1 and call.suit in (None, turned)
            if allowed is CallPermission.TAKES_NAMED:
                assert round_ == 2 and call.suit not in (None, turned)
