"""The practice page: its positions and auctions are the engine's (every reason and permission of
every game and rule set, several times), seeded, and the built page marks each card and each call
as the engine judges it, in every locale."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from generator.plan import practice_ids, practice_questions
from generator.positions import (
    EVERY_CARD_SHARE,
    PRACTICE_EACH,
    SHORT_HAND,
    draw_all,
    mixed_permissions,
    play_draws,
    practice_calls,
    practice_plays,
)
from generator.rules import (
    RULESETS,
    Auction,
    AuctionReason,
    CallKind,
    CardSet,
    Game,
    PlayReason,
    allowed,
    refusal,
)

from .site_helpers import LOCALES

COMBOS = [(game, rules) for rules, games in RULESETS.items() for game in games]


@pytest.mark.parametrize(("game", "rules"), COMBOS, ids=lambda v: getattr(v, "value", v))
def test_every_reason_and_permission_the_draws_meet_is_practised_several_times(game, rules) -> None:
    drawn: Counter = Counter()
    for position in play_draws(game, rules):
        if position.refusals() and len(position.hand) > 1:
            drawn.update({*position.refusals().values(), *position.permissions().values()})
    practised: Counter = Counter()
    for position in practice_plays():
        if (position.game, position.rules) == (game, rules):
            practised.update({*position.refusals().values(), *position.permissions().values()})
    assert drawn, "the draws meet no reason"
    for thing, times in drawn.items():
        assert practised[thing] >= min(times, PRACTICE_EACH), (thing, practised[thing])


@pytest.mark.parametrize("game", list(Game), ids=lambda game: game.value)
def test_a_permission_that_allows_every_card_is_practised_once_in_its_game(game: Game) -> None:
    """A free discard or a partner winning allows every card: one such question per game, whichever
    rule set (both play it alike), never more than the share of such questions allows."""
    only_free = {
        why
        for rules, games in RULESETS.items()
        if game in games
        for position in play_draws(game, rules)
        if not position.refusals() and len(position.hand) > 1
        for why in position.permissions().values()
        if why not in mixed_permissions(game, rules)
    }
    practised = {why for p in practice_plays() if p.game is game for why in p.permissions().values()}
    assert only_free and only_free <= practised


def test_few_questions_allow_every_card_and_hands_hold_three_cards_or_more() -> None:
    positions = practice_plays()
    every = [position for position in positions if not position.refusals()]
    assert 0 < len(every) <= EVERY_CARD_SHARE * len(positions), (len(every), len(positions))
    short = [position for position in positions if len(position.hand) <= SHORT_HAND]
    assert len(short) <= 0.05 * len(positions), short
    assert len(set(positions)) == len(positions)


def test_every_call_reason_a_seat_to_speak_can_meet_is_practised_in_some_game() -> None:
    met = {choice.reason for question in practice_calls() for choice in question.choices if choice.reason}
    assert met == set(AuctionReason) - {AuctionReason.AUCTION_CLOSED, AuctionReason.OUT_OF_TURN}
    for question in practice_calls():
        verdicts = [choice.reason is None for choice in question.choices]
        assert any(verdicts) and not all(verdicts), question  # one right answer at least, one wrong


def test_no_call_is_offered_under_two_labels_and_the_turned_card_has_its_rank() -> None:
    """In the first round of the trump game "Takes" and "Takes in hearts" (hearts turned) are one call:
    a question offers one of them; the turned card is drawn whole, its rank shown."""
    for question in practice_calls():
        drawn = question.auction
        auction = Auction(RULESETS[drawn.rules][drawn.game], drawn.dealer, drawn.turned)
        for seat, call in drawn.calls:
            auction.call(seat, call)
        takes = {choice.call.suit for choice in question.choices if choice.call.kind is CallKind.TAKE}
        if drawn.game is Game.TRUMP and auction.round == 1:
            assert not {None, drawn.turned} <= takes, question
        assert (drawn.turned_card is not None) == (drawn.game is Game.TRUMP)
        assert drawn.turned_card is None or drawn.turned_card.suit == drawn.turned
        assert len({choice.call for choice in question.choices}) == len(question.choices)


def test_the_positions_are_the_same_on_every_draw_and_each_is_the_engines() -> None:
    assert practice_plays.__wrapped__() == practice_plays() and practice_calls.__wrapped__() == practice_calls()
    for position in practice_plays():
        rules = RULESETS[position.rules][position.game]
        cards = [card for _, card in position.trick]
        hand = CardSet(position.hand)
        assert set(position.permissions()) == set(allowed(hand, cards, position.trump, rules)) & set(position.hand)
        assert set(position.permissions()).isdisjoint(position.refusals())
        assert all(
            refusal(hand, cards, card, position.trump, rules) == why for card, why in position.refusals().items()
        )
    for question in practice_calls():
        drawn = question.auction
        auction = Auction(RULESETS[drawn.rules][drawn.game], drawn.dealer, drawn.turned)
        assert all(auction.call(seat, call) is None for seat, call in drawn.calls)
        assert auction.to_speak == question.seat
        for choice in question.choices:
            assert auction.refusal(question.seat, choice.call) == choice.reason
            assert (auction.permission(question.seat, choice.call) is None) == (choice.reason is not None)


def test_a_call_questions_grid_starts_at_the_dealers_left_and_keeps_each_call_under_its_seat() -> None:
    _, calls, _ = practice_questions()
    for question in calls:
        assert question.columns[0] == question.auction.dealer.next() and question.columns[-1] == question.auction.dealer
        cells = [cell for row in question.rows for cell in row]
        assert all(len(row) == 4 for row in question.rows)
        assert cells[question.turn] is None and all(cell is None for cell in cells[question.turn :])
        for index, cell in enumerate(cells[: question.turn]):
            assert cell is not None and cell.seat == question.columns[index % 4]


QUESTION = re.compile(r'<li class="question[^"]*" id="(?P<id>[^"]+)"[^>]*>(?P<body>.*?)\n</li>', re.S)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_built_page_marks_every_card_and_call_as_the_engine_does(built_site: Path, locale: str) -> None:
    html = (built_site / locale / "practice.html").read_text(encoding="utf-8")
    found = {match["id"]: match["body"] for match in QUESTION.finditer(html)}
    plays, calls, _ = practice_questions()
    assert list(found) == [view.id for view in plays] + [question.auction.id for question in calls]
    for view in plays:
        hand = re.search(r'<ul class="hand-cards">(.*?)</ul>', found[view.id], re.S)
        assert hand is not None
        marks = re.findall(r'<li class="(ok|no)">', hand[1])
        assert marks == ["ok" if entry.allowed else "no" for entry in view.hand], view.id
        verdicts = re.search(r'<ul class="verdicts">(.*?)</ul>', found[view.id], re.S)
        assert verdicts is not None and len(re.findall("<li ", verdicts[1])) == len(view.hand)
    for question in calls:
        marks = re.findall(r'<li class="(ok|no)"><span class="call">', found[question.auction.id])
        assert marks == ["ok" if choice.accepted else "no" for choice in question.choices]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_practice_page_is_linked_from_the_home_and_every_footer(built_site: Path, locale: str) -> None:
    for page in (built_site / locale).glob("*.html"):
        assert 'href="practice.html"' in page.read_text(encoding="utf-8"), page.name


def test_every_reason_but_those_no_position_can_show_has_a_question_to_practise_it() -> None:
    """A card not in the hand, a call after the auction or out of turn: no practice question can ask
    them (the player only ever holds the cards shown and speaks in turn); every other reason can."""
    practised = set(practice_ids(draw_all()))
    cannot = {PlayReason.NOT_IN_HAND, AuctionReason.AUCTION_CLOSED, AuctionReason.OUT_OF_TURN}
    assert practised == (set(PlayReason) | set(AuctionReason)) - cannot


@pytest.mark.parametrize("locale", LOCALES)
def test_each_reason_links_to_the_questions_that_ask_it(built_site: Path, locale: str) -> None:
    """Under each line of a page's list of reasons, "practise this rule" opens the practice page on that
    reason (``?reason=CODE``) at the first question that asks it; each question says the reasons it
    asks (``data-reasons``), and the practice page has each practised reason's sentence to show."""
    page = (built_site / locale / "practice.html").read_text(encoding="utf-8")
    asked = dict(re.findall(r'<li class="question[^"]*" id="([a-z]+-\d+)"[^>]* data-reasons="([a-z -]*)"', page))
    plays, calls, _ = practice_questions()
    assert list(asked) == [v.id for v in plays] + [q.auction.id for q in calls]
    for view in plays:
        assert set(asked[view.id].split()) == {entry.code.value for entry in view.refused if entry.code}
    for question in calls:
        assert set(asked[question.auction.id].split()) == {c.code.value for c in question.choices if c.code}
    rules = re.findall(r'<li data-reason="([a-z-]+)" hidden>', page)
    practised = practice_ids(draw_all())
    assert sorted(rules) == sorted(code.value for code in practised)
    linked = 0
    for slug in ("allowed-cards", "bidding"):
        html = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
        for line in html.split('<li id="why-')[1:]:
            code = line[: line.index('"')]
            found = re.findall(r'<a href="practice\.html\?reason=([a-z-]+)#([a-z]+-\d+)">', line)
            if not found:
                assert code not in {reason.value for reason in practised}, code
                continue
            assert found == [(code, found[0][1])] and code in asked[found[0][1]].split(), code
            assert found[0][1] == next(id_ for id_, reasons in asked.items() if code in reasons.split())
            linked += 1
    assert linked == len(practised)
