"""Every flag of the rule sets, both ways: a position where it decides the answer.

The rule sets are data (generator/rules/rulesets.py): a change of a flag is a one-line diff, and
these tests say what each value of each flag does.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from generator.rules import (
    RULESETS,
    Auction,
    AuctionReason,
    Call,
    Card,
    CardSet,
    Game,
    Litige,
    Outcome,
    Rules,
    Seat,
    Suit,
    Tally,
    Team,
    TeamPoints,
    allowed,
    score_tally,
)

FLAGS = [field.name for field in fields(Rules) if field.type in (bool, "bool", Litige, "Litige")]


def with_flag(game: Game, name: str, value: object) -> Rules:
    return replace(RULESETS["house"][game], **{name: value})


def test_the_flags_are_the_ones_tested_here() -> None:
    assert FLAGS == ["must_undertrump", "coinche_out_of_turn", "litige", "must_beat_defence", "belote_kept"]
    for ruleset in RULESETS.values():
        assert set(ruleset) == set(Game)


@pytest.mark.parametrize("game", [Game.TRUMP, Game.COINCHE])
@pytest.mark.parametrize("value, expected", [(True, "7S 9S"), (False, "7S 9S KH QC")])
def test_must_undertrump(game: Game, value: bool, expected: str) -> None:
    """West leads diamonds, North (an opponent) trumps with the jack; East has no diamond and
    cannot beat it: with the flag he must still play a trump, without it any card."""
    hand = CardSet.parse("7S 9S KH QC")
    trick = [Card.parse("AD"), Card.parse("JS")]
    assert allowed(hand, trick, Suit.SPADES, with_flag(game, "must_undertrump", value)) == CardSet.parse(expected)


@pytest.mark.parametrize("value", [True, False])
def test_must_undertrump_cannot_matter_without_trumps(value: bool) -> None:
    hand = CardSet.parse("7S 9S KH QC")
    assert allowed(hand, [Card.parse("AD")], None, with_flag(Game.NO_TRUMP, "must_undertrump", value)) == hand


@pytest.mark.parametrize("value, refused", [(True, None), (False, AuctionReason.OUT_OF_TURN)])
def test_coinche_out_of_turn(value: bool, refused: AuctionReason | None) -> None:
    """West bids 80 hearts; South (a defender, not next to speak) coinches at once."""
    auction = Auction(with_flag(Game.COINCHE, "coinche_out_of_turn", value), Seat.SOUTH)
    assert auction.call(Seat.WEST, Call.parse("80 H")) is None
    assert auction.call(Seat.SOUTH, Call.parse("coinche")) == refused


@pytest.mark.parametrize("game", [Game.TRUMP, Game.NO_TRUMP])
@pytest.mark.parametrize("value", [True, False])
def test_coinche_out_of_turn_cannot_matter_without_contracts(game: Game, value: bool) -> None:
    auction = Auction(
        with_flag(game, "coinche_out_of_turn", value), Seat.SOUTH, Suit.HEARTS if game.has_trump else None
    )
    assert auction.call(Seat.WEST, Call.parse("pass")) is None
    assert auction.call(Seat.SOUTH, Call.parse("coinche")) is not None


def tally(ns: int, ew: int, belote: Team | None = None) -> Tally:
    """A tally of card points, four tricks a team (South's and West's), and the belote."""
    return Tally(TeamPoints(ns, ew), (4, 4, 0, 0), belote)


@pytest.mark.parametrize("game", [Game.TRUMP, Game.NO_TRUMP])
@pytest.mark.parametrize(
    "value, outcome, score, carried",
    [(Litige.DEDANS, Outcome.FAILED, (162, 0), 0), (Litige.CARRY_OVER, Outcome.LITIGE, (81, 0), 81)],
)
def test_litige(game: Game, value: Litige, outcome: Outcome, score: tuple[int, int], carried: int) -> None:
    """East takes and both teams make 81: dedans (the defence scores 162), or a litige (the defence
    scores its 81 and the takers' 81 wait for the next deal)."""
    result = score_tally(tally(81, 81), replace(RULESETS["house"][game], litige=value), Seat.EAST)
    assert (result.outcome, result.score, result.carried_out) == (outcome, score, carried)


@pytest.mark.parametrize("value", list(Litige))
def test_litige_cannot_matter_without_a_tie(value: Litige) -> None:
    result = score_tally(tally(80, 82), replace(RULESETS["house"][Game.TRUMP], litige=value), Seat.EAST)
    assert (result.outcome, result.score, result.carried_out) == (Outcome.MADE, (80, 82), 0)


@pytest.mark.parametrize("value, outcome, score", [(True, Outcome.FAILED, (242, 0)), (False, Outcome.MADE, (81, 161))])
def test_must_beat_defence(value: bool, outcome: Outcome, score: tuple[int, int]) -> None:
    """West bids 80 and his team makes 81 against 81: it reaches the contract without beating the
    defence, so it fails (162 + 80 to N-S) or is made (81 + 80)."""
    rules = with_flag(Game.COINCHE, "must_beat_defence", value)
    result = score_tally(tally(81, 81), rules, Seat.WEST, contract=80)
    assert (result.outcome, result.score) == (outcome, score)


@pytest.mark.parametrize("value", [True, False])
def test_must_beat_defence_cannot_matter_above_the_defence_or_below_the_contract(value: bool) -> None:
    rules = with_flag(Game.COINCHE, "must_beat_defence", value)
    assert score_tally(tally(70, 92), rules, Seat.WEST, contract=90).score == (70, 92 + 90)
    assert score_tally(tally(95, 67), rules, Seat.WEST, contract=100).outcome is Outcome.FAILED


@pytest.mark.parametrize("value, failed, coinched", [(True, (262, 20), (504, 20)), (False, (282, 0), (524, 0))])
def test_belote_kept(value: bool, failed: tuple[int, int], coinched: tuple[int, int]) -> None:
    """E-W hold the belote and score nothing: East fails 100 (90 + 72 cards), or South makes a
    coinched 90 (95 + 67). Their 20 stay with them, or go to the winner of the deal."""
    rules = with_flag(Game.COINCHE, "belote_kept", value)
    assert score_tally(tally(90, 72, Team.EW), rules, Seat.EAST, contract=100).score == failed
    assert score_tally(tally(95, 67, Team.EW), rules, Seat.SOUTH, contract=90, multiplier=2).score == coinched


@pytest.mark.parametrize("value", [True, False])
def test_belote_kept_cannot_matter_on_a_made_uncoinched_contract(value: bool) -> None:
    rules = with_flag(Game.COINCHE, "belote_kept", value)
    assert score_tally(tally(95, 67, Team.EW), rules, Seat.SOUTH, contract=90).score == (95 + 90, 67 + 20)


def test_whether_the_rule_sets_differ_is_computed_from_every_field_of_the_rules(monkeypatch) -> None:
    from dataclasses import dataclass

    from generator.rules import flags, rule_sets_differ, rulesets

    assert [rule_sets_differ(game) for game in Game] == [
        len({flags(by_game[game]) for by_game in RULESETS.values()}) > 1 for game in Game
    ]
    assert rule_sets_differ(Game.COINCHE)  # the house and official rules of Coinche differ today

    @dataclass(frozen=True)
    class WithThirdFlag(Rules):
        belote_announced: bool = False

    third = {
        name: {
            game: WithThirdFlag(
                **{f.name: getattr(rules, f.name) for f in fields(Rules)}, belote_announced=name == "house"
            )
            for game, rules in by_game.items()
        }
        for name, by_game in RULESETS.items()
    }
    assert not rule_sets_differ(Game.TRUMP)
    monkeypatch.setattr(rulesets, "RULESETS", third)
    assert rule_sets_differ(Game.TRUMP) and rule_sets_differ(Game.NO_TRUMP)


def test_the_outcome_fields_and_multipliers_are_the_engine_s() -> None:
    from generator.rules import MULTIPLIERS, multiplier_value, outcome_fields

    assert outcome_fields(Game.TRUMP) == ("taker", "trump")
    assert outcome_fields(Game.NO_TRUMP) == ("taker",)
    assert outcome_fields(Game.COINCHE) == ("taker", "trump", "contract", "multiplier")
    auction = Auction(RULESETS["house"][Game.COINCHE], Seat.EAST)
    for seat, text in [(Seat.SOUTH, "80 H"), (Seat.WEST, "coinche"), (Seat.NORTH, "surcoinche")]:
        assert auction.call(seat, Call.parse(text)) is None
    assert MULTIPLIERS == (1, 2, 4) and auction.outcome.multiplier == MULTIPLIERS[-1]
    assert [multiplier_value(str(value)) for value in MULTIPLIERS] == list(MULTIPLIERS)
    with pytest.raises(ValueError, match="the multiplier is 1, 2"):
        multiplier_value("3")
