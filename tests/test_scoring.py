"""Scoring one deal: the specification's 16 worked deals, its invariants as properties over random
legal deals, and every typed reason an illegal deal is refused for."""

from __future__ import annotations

import random as stdlib_random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.rules import (
    CAPOT,
    DECK,
    GENERALE,
    Card,
    CardSet,
    Deal,
    DealProblem,
    DealReason,
    DealScore,
    Game,
    IllegalDeal,
    Litige,
    Outcome,
    PlayReason,
    Rank,
    Rules,
    Seat,
    Suit,
    Tally,
    Team,
    TeamPoints,
    allowed,
    check_deal,
    rules_for,
    score_deal,
    score_tally,
    tally_deal,
    trick_result,
)
from generator.rules.scoring import CONTRACTS

from .deals.spec import HANDS, PLAYS, ROWS, SPEC_RULES, TRICK_POINTS, Row

RULESET_NAMES = list(SPEC_RULES)


def parse_play(text: str) -> tuple[tuple[tuple[Seat, Card], ...], ...]:
    """Tricks written one a line as ``SEAT CARD`` pairs."""
    tricks = []
    for line in text.strip().splitlines():
        words = line.split()
        tricks.append(tuple((Seat.parse(words[i]), Card.parse(words[i + 1])) for i in range(0, len(words), 2)))
    return tuple(tricks)


def row_deal(row: Row, ruleset: str) -> Deal:
    """The deal of a card-by-card row under a rule set."""
    assert row.play is not None and row.dealer is not None
    return Deal(
        SPEC_RULES[ruleset][Game.parse(row.game)],
        Suit.parse(row.trump) if row.trump else None,
        Seat.parse(row.dealer).next(),
        Seat.parse(row.taker),
        parse_play(PLAYS[row.play]),
        row.contract,
        row.multiplier,
        row.carried_in[RULESET_NAMES.index(ruleset)],
    )


def row_tally(row: Row) -> Tally:
    """The tally the row states."""
    won = [0, 0, 0, 0]
    for seat, count in row.seat_tricks.items():
        won[Seat.parse(seat)] = count
    return Tally(
        TeamPoints(*row.cards), (won[0], won[1], won[2], won[3]), Team.parse(row.belote) if row.belote else None
    )


def row_score(row: Row, ruleset: str) -> DealScore:
    """The row scored by the engine: from its play when it has one, else from its tally."""
    if row.play is not None:
        return score_deal(row_deal(row, ruleset))
    carried_in = row.carried_in[RULESET_NAMES.index(ruleset)]
    rules = SPEC_RULES[ruleset][Game.parse(row.game)]
    return score_tally(row_tally(row), rules, Seat.parse(row.taker), row.contract, row.multiplier, carried_in)


# --- The worked deals -------------------------------------------------------------------------


def test_there_are_16_deals_in_17_rows() -> None:
    assert len(ROWS) == 17 and len({row.play or row.name for row in ROWS}) == 16


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.name)
def test_worked_deal(row: Row, ruleset: str) -> None:
    score = row_score(row, ruleset)
    outcome, ns, ew, carried = row.house if ruleset == "house" else row.official
    takers = Seat.parse(row.taker).team
    assert score.card_points == row.cards
    assert score.belote == (Team.parse(row.belote) if row.belote else None)
    assert (score.totals[takers], score.totals[takers.other]) == row.totals
    assert (score.outcome, score.score, score.carried_out) == (Outcome(outcome), (ns, ew), carried)


@pytest.mark.parametrize("row", [row for row in ROWS if row.play], ids=lambda row: row.name)
def test_a_played_deal_tallies_as_its_row_states(row: Row) -> None:
    for ruleset in RULESET_NAMES:
        assert check_deal(row_deal(row, ruleset)) == ()
        assert tally_deal(row_deal(row, ruleset)) == row_tally(row)


@pytest.mark.parametrize("name", PLAYS)
def test_a_played_deal_is_the_hands_its_table_prints_and_each_trick_has_its_stated_points(name: str) -> None:
    tricks = parse_play(PLAYS[name])
    for seat, hand in HANDS[name].items():
        assert CardSet(card for trick in tricks for who, card in trick if who == Seat.parse(seat)) == CardSet.parse(
            hand
        )
    trump = next(row.trump for row in ROWS if row.play == name)
    results = [
        trick_result(trick[0][0], [card for _, card in trick], Suit.parse(trump) if trump else None) for trick in tricks
    ]
    assert tuple(result.points for result in results) == TRICK_POINTS[name]
    assert [result.winner for result in results[:-1]] == [trick[0][0] for trick in tricks[1:]]


def test_the_tie_carried_over_is_collected_by_the_winner_of_the_next_deal() -> None:
    """T3 then T4 under official rules: the pot of T3 goes to the team that makes T4."""
    t3, t4 = (next(row for row in ROWS if row.name == name) for name in ("T3", "T4"))
    first = row_score(t3, "official")
    rules = SPEC_RULES["official"][Game.TRUMP]
    second = score_tally(row_tally(t4), rules, Seat.parse(t4.taker), carried_in=first.carried_out)
    assert first.carried_out == 81 and second.score == (95 + 81, 87) and second.carried_out == 0


# --- Random legal deals -----------------------------------------------------------------------


def play_randomly(deck: list[Card], trump: Suit | None, rules: Rules, leader: Seat, rng: stdlib_random.Random):
    """Deal ``deck`` (8 cards a seat, South first) and play it out with random allowed cards."""
    hands = {seat: CardSet(deck[8 * seat : 8 * seat + 8]) for seat in Seat}
    tricks = []
    for _ in range(8):
        trick: list[Card] = []
        plays = []
        for step in range(4):
            seat = leader.next(step)
            card = rng.choice(list(allowed(hands[seat], trick, trump, rules)))
            hands[seat] -= CardSet([card])
            trick.append(card)
            plays.append((seat, card))
        tricks.append(tuple(plays))
        leader = trick_result(plays[0][0], trick, trump).winner
    return tuple(tricks), {seat: CardSet(deck[8 * seat : 8 * seat + 8]) for seat in Seat}


@st.composite
def random_deals(draw: st.DrawFn, game: Game | None = None, ruleset: str | None = None) -> tuple[Deal, dict]:
    """A random legal deal of any game, rule set, contract and multiplier, and the hands dealt."""
    game = game or draw(st.sampled_from(list(Game)))
    rules = rules_for(game, ruleset or draw(st.sampled_from(RULESET_NAMES)))
    trump = draw(st.sampled_from(list(Suit))) if game.has_trump else None
    leader, taker = draw(st.sampled_from(list(Seat))), draw(st.sampled_from(list(Seat)))
    tricks, hands = play_randomly(draw(st.permutations(DECK)), trump, rules, leader, draw(st.randoms()))
    contract, multiplier, carried_in = None, 1, 0
    if game is Game.COINCHE:
        contract = draw(st.sampled_from(sorted(CONTRACTS)))
        multiplier = draw(st.sampled_from([1, 2, 4]))
    elif rules.litige is Litige.CARRY_OVER:
        carried_in = draw(st.sampled_from([0, 0, 81, 91, 162]))
    return Deal(rules, trump, leader, taker, tricks, contract, multiplier, carried_in), hands


def base_of(deal: Deal, score: DealScore) -> int:
    """B of the specification: 252 on a Capot or Générale contract or when the deal's winner won every trick."""
    winner = score.takers if score.outcome is Outcome.MADE else score.takers.other
    capot = deal.contract in (CAPOT, GENERALE) or score.tally.tricks[winner] == 8
    return 252 if capot else 162


@settings(max_examples=400, deadline=None)
@given(random_deals())
def test_a_random_legal_deal_holds_every_invariant(drawn: tuple[Deal, dict]) -> None:
    deal, hands = drawn
    assert check_deal(deal) == ()
    score = score_deal(deal)
    tally, value, m = score.tally, deal.contract or 0, deal.multiplier
    # T1: 162, or 252 when one team won all 8 tricks (and the other has 0).
    if tally.capot is None:
        assert sum(tally.card_points) == 162
    else:
        assert tally.card_points[tally.capot] == 252 and tally.card_points[tally.capot.other] == 0
    assert sum(tally.seat_tricks) == 8
    # T2: no belote in no-trump; otherwise the team of the seat dealt both the king and the queen of trump.
    if deal.trump is None:
        assert tally.belote is None
    else:
        pair = CardSet([Card.of(Rank.KING, deal.trump), Card.of(Rank.QUEEN, deal.trump)])
        holders = [seat.team for seat, hand in hands.items() if pair <= hand]
        assert tally.belote == (holders[0] if holders else None)
    belote = tally.belote_points()
    assert score.totals == (tally.card_points.ns + belote.ns, tally.card_points.ew + belote.ew)
    assert min(score.score) >= 0
    if score.outcome is Outcome.LITIGE:  # S2
        assert deal.rules.litige is Litige.CARRY_OVER and score.totals.ns == score.totals.ew
        assert sum(score.score) + score.carried_out == 162 + sum(belote) + deal.carried_in
    else:  # S1
        assert score.carried_out == 0
        assert sum(score.score) == (base_of(deal, score) + value) * m + sum(belote) + deal.carried_in
    takers, defence = score.takers, score.takers.other
    if score.outcome is Outcome.MADE:  # S4
        assert score.score[takers] >= value * m
    elif score.outcome is Outcome.FAILED:
        assert score.score[defence] >= (162 + value) * m
    if score.outcome is Outcome.FAILED or (score.outcome is Outcome.MADE and m > 1):  # S3
        loser = takers if score.outcome is Outcome.FAILED else defence
        assert score.score[loser] in (0, 20) and score.score[loser] <= belote[loser]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(random_deals(game=Game.COINCHE), st.sampled_from([2, 4]))
def test_a_coinche_or_surcoinche_multiplies_the_whole_deal_and_nothing_else(drawn, multiplier: int) -> None:
    deal = drawn[0]
    single, multiplied = score_deal(replace(deal, multiplier=1)), score_deal(replace(deal, multiplier=multiplier))
    assert multiplied.outcome is single.outcome and multiplied.tally == single.tally
    winner = single.takers if single.outcome is Outcome.MADE else single.takers.other
    belote = single.tally.belote_points()
    kept = deal.rules.belote_kept
    won = multiplied.score[winner] - belote[winner] - (0 if kept else belote[winner.other])
    assert won == (base_of(deal, single) + (deal.contract or 0)) * multiplier
    assert multiplied.score[winner.other] == (belote[winner.other] if kept else 0)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(random_deals(ruleset="house"))
def test_house_and_official_differ_only_where_a_flag_decides(drawn) -> None:
    """R1, and L1: a deal legal under house rules is legal under official rules."""
    deal = drawn[0]
    official = replace(deal, rules=rules_for(deal.rules.game, "official"))
    assert check_deal(official) == ()
    house_score, official_score = score_deal(deal), score_deal(official)
    if house_score.score == official_score.score:
        return
    tally, totals, takers = house_score.tally, house_score.totals, house_score.takers
    mine, theirs = totals[takers], totals[takers.other]
    if deal.rules.game is Game.COINCHE:
        numeric = deal.contract not in (CAPOT, GENERALE)
        nothing = [team for team in Team if house_score.score[team] == tally.belote_points()[team]]
        assert (numeric and deal.contract <= mine <= theirs) or (tally.belote in nothing and tally.belote is not None)
    else:
        assert mine == theirs


def flag_deal_pairs(name: str, values: tuple[object, object]):
    """A strategy of (deal under the flag's first value, the same deal under its second)."""

    def pair(drawn: tuple[Deal, dict]) -> tuple[Deal, Deal]:
        deal = drawn[0]
        return tuple(replace(deal, rules=replace(deal.rules, **{name: value}), carried_in=0) for value in values)

    return random_deals().map(pair)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(flag_deal_pairs("litige", (Litige.DEDANS, Litige.CARRY_OVER)))
def test_the_litige_flag_changes_only_a_tie(pair: tuple[Deal, Deal]) -> None:
    dedans, carry = (score_deal(deal) for deal in pair)
    if dedans.score != carry.score:
        assert carry.outcome is Outcome.LITIGE and dedans.outcome is Outcome.FAILED
        assert dedans.totals.ns == dedans.totals.ew
        assert carry.carried_out == dedans.totals[dedans.takers]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(flag_deal_pairs("must_beat_defence", (True, False)))
def test_must_beat_defence_changes_only_a_reached_contract_that_does_not_beat_the_defence(pair) -> None:
    beat, reach = (score_deal(deal) for deal in pair)
    if beat.outcome is not reach.outcome:
        mine, theirs = beat.totals[beat.takers], beat.totals[beat.takers.other]
        assert reach.outcome is Outcome.MADE and (pair[0].contract or 0) <= mine <= theirs


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(flag_deal_pairs("belote_kept", (True, False)))
def test_belote_kept_moves_only_the_belote_of_a_team_that_scores_nothing(pair) -> None:
    kept, taken = (score_deal(deal) for deal in pair)
    assert kept.outcome is taken.outcome and sum(kept.score) == sum(taken.score)
    if kept.score != taken.score:
        belote = kept.tally.belote
        assert belote is not None and taken.score[belote] == 0 and kept.score[belote] == 20


# --- Illegal deals: every reason, at its position -------------------------------------------

T1 = next(row for row in ROWS if row.name == "T1")
T1_DEAL = row_deal(T1, "house")


def with_trick(deal: Deal, number: int, text: str) -> Deal:
    """``deal`` with trick ``number`` (1-8) replaced by ``SEAT CARD`` pairs."""
    tricks = list(deal.tricks)
    tricks[number - 1] = parse_play(text)[0] if text else ()
    return replace(deal, tricks=tuple(tricks))


def problems_of(deal: Deal) -> tuple[DealProblem, ...]:
    """check_deal's problems, which score_deal raises too."""
    problems = check_deal(deal)
    with pytest.raises(IllegalDeal) as raised:
        score_deal(deal)
    assert raised.value.problems == problems and problems
    return problems


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"trump": None}, DealReason.TRUMP_MISMATCH),
        ({"rules": rules_for(Game.NO_TRUMP)}, DealReason.TRUMP_MISMATCH),
        ({"contract": 100}, DealReason.CONTRACT_MISMATCH),
        ({"rules": rules_for(Game.COINCHE)}, DealReason.CONTRACT_MISMATCH),
        ({"rules": rules_for(Game.COINCHE), "contract": 85}, DealReason.CONTRACT_MISMATCH),
        ({"multiplier": 2}, DealReason.MULTIPLIER_MISMATCH),
        ({"rules": rules_for(Game.COINCHE), "contract": 80, "multiplier": 3}, DealReason.MULTIPLIER_MISMATCH),
        ({"carried_in": 81}, DealReason.CARRIED_IN_MISMATCH),
        ({"rules": SPEC_RULES["official"][Game.TRUMP], "carried_in": -1}, DealReason.CARRIED_IN_MISMATCH),
        (
            {"rules": SPEC_RULES["official"][Game.COINCHE], "contract": 80, "carried_in": 81},
            DealReason.CARRIED_IN_MISMATCH,
        ),
    ],
)
def test_inputs_that_do_not_fit_the_game(change: dict, reason: DealReason) -> None:
    problems = problems_of(replace(T1_DEAL, **change))
    if reason is DealReason.TRUMP_MISMATCH:  # the play is replayed with the trump given, so leads go wrong too
        assert problems[0] == DealProblem(reason) and DealReason.TRUMP_MISMATCH not in [p.reason for p in problems[1:]]
    else:
        assert problems == (DealProblem(reason),)


def test_inputs_that_fit_are_scored() -> None:
    official = SPEC_RULES["official"][Game.TRUMP]  # a rule set that carries a tie over
    assert score_deal(replace(T1_DEAL, rules=official, carried_in=81)).score == (99 + 81, 83)
    coinche = score_deal(replace(T1_DEAL, rules=SPEC_RULES["house"][Game.COINCHE], contract=90, multiplier=4))
    assert coinche.outcome is Outcome.MADE and coinche.score == ((162 + 90) * 4, 20)


def test_a_tally_is_scored_only_with_inputs_that_fit() -> None:
    with pytest.raises(IllegalDeal) as raised:
        score_tally(row_tally(T1), rules_for(Game.TRUMP), Seat.SOUTH, contract=80, multiplier=2)
    assert [problem.reason for problem in raised.value.problems] == [
        DealReason.CONTRACT_MISMATCH,
        DealReason.MULTIPLIER_MISMATCH,
    ]


def test_a_missing_trick_is_a_wrong_shape_and_its_cards_are_missing() -> None:
    deal = replace(T1_DEAL, tricks=T1_DEAL.tricks[:7])
    missing = [DealProblem(DealReason.MISSING_CARD, card=Card.parse(code)) for code in ("QS", "10H", "JD", "AC")]
    assert problems_of(deal) == (DealProblem(DealReason.WRONG_SHAPE), *missing)


def test_a_short_trick_is_a_wrong_shape_and_the_next_lead_cannot_be_checked() -> None:
    deal = with_trick(T1_DEAL, 8, "N AC  E QS  S 10H")
    assert problems_of(deal) == (
        DealProblem(DealReason.WRONG_SHAPE, 8),
        DealProblem(DealReason.MISSING_CARD, card=Card.parse("JD")),
    )
    nine = replace(T1_DEAL, tricks=(*T1_DEAL.tricks, ()))
    assert problems_of(nine) == (DealProblem(DealReason.WRONG_SHAPE), DealProblem(DealReason.WRONG_SHAPE, 9))


def test_a_seat_out_of_turn() -> None:
    """Trick 7 played N, S, E, W: South and East swap places (the turn from North is N, E, S, W).
    Cards out of turn are not judged by the play rules; West, in turn, is."""
    deal = with_trick(T1_DEAL, 7, "N KC  S 8S  E 8C  W 7C")
    assert problems_of(deal) == (
        DealProblem(DealReason.OUT_OF_TURN, 7, 2, Seat.SOUTH, Card.parse("8S"), expected=Seat.EAST),
        DealProblem(DealReason.OUT_OF_TURN, 7, 3, Seat.EAST, Card.parse("8C"), expected=Seat.SOUTH),
    )


def test_a_trick_not_led_by_the_leader_or_the_previous_winner() -> None:
    wrong_first = replace(T1_DEAL, leader=Seat.WEST)
    assert problems_of(wrong_first) == (
        DealProblem(DealReason.WRONG_LEADER, 1, 1, Seat.SOUTH, Card.parse("JH"), expected=Seat.WEST),
    )
    # Trick 6 led by North instead of West, who won trick 5 (the seats follow North).
    deal = with_trick(T1_DEAL, 6, "N KD  E 8D  S AS  W QD")
    assert problems_of(deal) == (
        DealProblem(DealReason.WRONG_LEADER, 6, 1, Seat.NORTH, Card.parse("KD"), expected=Seat.WEST),
    )


def test_a_card_played_twice_and_the_card_it_replaces() -> None:
    deal = with_trick(T1_DEAL, 8, "N AC  E QS  S 10H W 9D")
    assert problems_of(deal) == (
        DealProblem(DealReason.DUPLICATE_CARD, 8, 4, Seat.WEST, Card.parse("9D"), first=(4, 3)),
        DealProblem(DealReason.MISSING_CARD, card=Card.parse("JD")),
    )


def test_a_hand_is_rebuilt_from_the_play_even_with_a_card_given_twice() -> None:
    """West "plays" the jack of trumps in trick 8, South's in trick 1: West's hand then holds it
    from trick 1 on, so his king in trick 2 should have beaten South's 9 of trumps."""
    problems = problems_of(with_trick(T1_DEAL, 8, "N AC  E QS  S 10H W JH"))
    assert problems[0] == DealProblem(
        DealReason.ILLEGAL_CARD,
        2,
        2,
        Seat.WEST,
        Card.parse("KH"),
        play_reason=PlayReason.GO_HIGHER,  # trump led: go higher than the 9
        hand=CardSet.parse("JH KH AH 9D QD 7C JC"),
    )
    assert [problem.reason for problem in problems[1:]] == [DealReason.DUPLICATE_CARD, DealReason.MISSING_CARD]


def test_a_card_that_breaks_a_play_rule_carries_the_rule_and_the_hand() -> None:
    """Trick 3: West plays the ace of trumps instead of following clubs (he holds JC, 7C); he plays
    the JC in trick 5 instead. West then wins trick 3, so trick 4 is not led by its winner; and
    South, not West, wins trick 5, so trick 6 is not either."""
    deal = with_trick(with_trick(T1_DEAL, 3, "S 9C  W AH  N QC  E 10C"), 5, "E KS  S 10S W JC  N JS")
    hand = CardSet.parse("AH QD JD 9D JC 7C")
    assert problems_of(deal) == (
        DealProblem(
            DealReason.ILLEGAL_CARD, 3, 2, Seat.WEST, Card.parse("AH"), play_reason=PlayReason.FOLLOW_SUIT, hand=hand
        ),
        DealProblem(DealReason.WRONG_LEADER, 4, 1, Seat.EAST, Card.parse("AD"), expected=Seat.WEST),
        DealProblem(DealReason.WRONG_LEADER, 6, 1, Seat.WEST, Card.parse("QD"), expected=Seat.SOUTH),
    )


def test_each_play_rule_broken_is_named() -> None:
    """Overtrump: South leads the 10 of trumps (his jack comes last): West holds the ace and must
    beat it. Trump: North keeps his king of diamonds for trick 4, so West's queen wins trick 6 and
    South, void in diamonds, must trump instead of playing his ace of spades; West, not North,
    then has to lead trick 7."""
    overtrump = with_trick(with_trick(T1_DEAL, 1, "S 10H W QH  N 7H  E 7S"), 8, "N AC  E QS  S JH  W JD")
    assert problems_of(overtrump) == (
        DealProblem(
            DealReason.ILLEGAL_CARD,
            1,
            2,
            Seat.WEST,
            Card.parse("QH"),
            play_reason=PlayReason.GO_HIGHER,  # trump led: beat the 10
            hand=CardSet.parse("AH KH QH QD JD 9D JC 7C"),
        ),
    )
    trump = with_trick(with_trick(T1_DEAL, 4, "E AD  S 10D W 9D  N KD"), 6, "W QD  N 7D  E 8D  S AS")
    assert problems_of(trump) == (
        DealProblem(
            DealReason.ILLEGAL_CARD,
            6,
            4,
            Seat.SOUTH,
            Card.parse("AS"),
            play_reason=PlayReason.TRUMP,
            hand=CardSet.parse("AS 8S 10H"),
        ),
        DealProblem(DealReason.WRONG_LEADER, 7, 1, Seat.NORTH, Card.parse("KC"), expected=Seat.WEST),
    )


def test_every_problem_of_a_deal_is_reported_in_play_order() -> None:
    """A deal with several problems at once: each is reported, inputs first, missing cards last."""
    deal = with_trick(with_trick(T1_DEAL, 3, "S 9C  W AH  N QC  E 10C"), 5, "E KS  S 10S W JC  N JS")
    deal = replace(with_trick(deal, 8, "N AC  E QS  S 10H W 9D"), multiplier=2)
    reasons = [(problem.reason, problem.trick, problem.place) for problem in problems_of(deal)]
    assert reasons == [
        (DealReason.MULTIPLIER_MISMATCH, None, None),
        (DealReason.ILLEGAL_CARD, 3, 2),
        (DealReason.WRONG_LEADER, 4, 1),
        (DealReason.WRONG_LEADER, 6, 1),
        (DealReason.DUPLICATE_CARD, 8, 4),
        (DealReason.MISSING_CARD, None, None),
    ]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(random_deals(), st.data())
def test_a_changed_deal_is_refused_exactly_when_check_deal_finds_a_problem(drawn, data: st.DataObject) -> None:
    """Swap two cards of the play (or give one twice): the fast scorer and the full check agree."""
    deal = drawn[0]
    plays = [play for trick in deal.tricks for play in trick]
    first, second = data.draw(st.integers(0, 31)), data.draw(st.integers(0, 31))
    duplicate = data.draw(st.booleans())
    changed = list(plays)
    changed[first] = (plays[first][0], plays[second][1])
    if not duplicate:
        changed[second] = (plays[second][0], plays[first][1])
    deal = replace(deal, tricks=tuple(tuple(changed[i : i + 4]) for i in range(0, 32, 4)))
    problems = check_deal(deal)
    if problems:
        with pytest.raises(IllegalDeal) as raised:
            score_deal(deal)
        assert raised.value.problems == problems
    else:
        assert score_deal(deal).tally == tally_deal(deal)
    if duplicate and first != second:
        assert DealProblem(DealReason.MISSING_CARD, card=plays[first][1]) in problems
