"""The scoring page: every deal drawn from the engine's score (tricks, winners, points, totals,
scores), the same play under both rule sets shown once with both scores, the sentences chosen
by the engine's outcome, and the scoring rows of the differences table on this page only."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from generator import tables
from generator.deal_views import DealView
from generator.project import load_project
from generator.rules import RULESETS, Game, Litige, Rules, score_deal, trick_result
from generator.words import scoring

from .conftest import ROOT
from .pagetext import visible_text
from .site_helpers import LOCALES


@pytest.fixture(scope="module")
def project():
    loaded = load_project(ROOT, catalogs=False)
    assert loaded.problems == []
    return loaded


def deals(project) -> dict[str, DealView]:
    return {key: view for key, view in project.views.items() if isinstance(view, DealView)}


def only_scoring(rules: Rules) -> tuple[object, ...]:
    """The values of the flags that decide only a deal's score (``SCORING`` metadata)."""
    return tuple(getattr(rules, item.name) for item in dataclasses.fields(rules) if item.metadata.get("scoring"))


def scoring_flags(view: DealView) -> tuple[object, ...]:
    """The flags that score a deal of the view's game and rule set, as the rules are now."""
    return only_scoring(RULESETS[view.rules][view.game])


PINNED_UNDER = {
    name: {game: only_scoring(rules) for game, rules in games.items()}
    for name, games in {
        "house": {
            Game.TRUMP: Rules("house", Game.TRUMP, True, False, Litige.DEDANS, True, True),
            Game.NO_TRUMP: Rules("house", Game.NO_TRUMP, True, False, Litige.DEDANS, True, True),
            Game.COINCHE: Rules("house", Game.COINCHE, True, True, Litige.DEDANS, True, True),
        },
        "official": {
            Game.TRUMP: Rules("official", Game.TRUMP, True, False, Litige.CARRY_OVER, True, True),
            Game.NO_TRUMP: Rules("official", Game.NO_TRUMP, True, False, Litige.CARRY_OVER, True, True),
            Game.COINCHE: Rules("official", Game.COINCHE, False, False, Litige.DEDANS, False, False),
        },
    }.items()
}
"""The rule sets the pins below were written under (their scoring flags): a pin is checked on a deal
only while its rules score as they did then, so that a rules change moves no test (the invariants,
the engine's own score, hold for every deal whatever the rules)."""


def pinned(views: dict[str, DealView], pins: dict[str, object]) -> list[tuple[DealView, object]]:
    """The views whose rules still score as the pins were written (and their pins): at least half of them."""
    found = [
        (views[key], pin)
        for key, pin in pins.items()
        if scoring_flags(views[key]) == (PINNED_UNDER[views[key].rules][views[key].game])
    ]
    assert 2 * len(found) >= len(pins), "most pins no longer apply: write them for the rules as they are"
    return found


def test_every_rule_of_the_spec_has_a_deal_on_the_page(project) -> None:
    views = deals(project)
    assert len(views) == 17
    outcomes = {(view.game.value, view.rules, view.outcome.value) for view in views.values()}
    assert {("trump", "house", "made"), ("no-trump", "house", "made")} <= outcomes
    assert any(game == "trump" and outcome == "failed" for game, _, outcome in outcomes)
    carrying = [name for name in RULESETS if RULESETS[name][Game.TRUMP].litige is Litige.CARRY_OVER]
    assert not carrying or any(("trump", name, "litige") in outcomes for name in carrying)  # where the rules have one
    assert {(view.contract, view.multiplier) for view in views.values() if view.contract} >= {
        (80, 1),
        (100, 1),
        (90, 2),
        (110, 4),
        (250, 1),
        (500, 1),
    }


def test_each_deal_view_is_the_engines_score(project) -> None:
    examples = {example.id: example for example in project.examples}
    for key, view in deals(project).items():
        score = score_deal(examples[key].deal)
        assert [entry.score for entry in view.teams] == list(score.score)
        assert [entry.card_points for entry in view.teams] == list(score.card_points)
        assert [entry.total for entry in view.teams] == list(score.totals)
        assert view.carried_out == score.carried_out
        assert view.carries == (RULESETS[view.rules][view.game].litige is Litige.CARRY_OVER)
        for row, trick in zip(view.tricks, examples[key].tricks, strict=True):
            result = trick_result(trick[0][0], [card for _, card in trick], examples[key].trump)
            assert row.winner == result.winner and row.points == result.points  # the leader: the order below
            assert [card.seat for card in row.cards if card.wins] == [result.winner]
            assert [card.seat for card in sorted(row.cards, key=lambda c: c.order)] == [seat for seat, _ in trick]
        assert sum(row.points for row in view.tricks) == 152 and view.tricks[-1].last in (10, 100)


def test_the_score_is_made_up_again_from_its_parts(project) -> None:
    views = deals(project)
    made_up = 0
    for view in views.values():  # every deal, whatever its rules: the sum written is the score
        for entry in view.teams:
            if entry.sum:
                assert eval(entry.sum.replace("×", "*")) == entry.score, (view.id, entry.sum)  # noqa: S307 (digits)
                made_up += 1
    assert made_up >= 10
    for view, sums in pinned(
        views,
        {
            "coinched-house": ["(162 + 90) × 2", ""],  # EW's kept belote is one number: nothing to add up
            "coinched-official": ["(162 + 90) × 2 + 20", ""],
            "coinche-failed-house": ["162 + 100", ""],
            "coinche-made": ["96 + 80", ""],
            "capot-made": ["252 + 250 + 20", ""],
            "tie-official": ["", ""],
        },
    ):
        assert [entry.sum for entry in view.teams] == sums, view.id


def test_the_outcome_sentences_follow_the_engines_case(project) -> None:
    def keys(view: DealView) -> list[str]:
        found = {message: key for key, (message, _) in {**scoring.OUTCOME_MESSAGES, **scoring.SCORE_MESSAGES}.items()}
        return [found[phrase.message] for phrase in view.said]

    views = deals(project)
    for view, expected in pinned(
        views,
        {
            "trump-made": ["made"],
            "trump-capot": ["made-capot"],
            "trump-dedans": ["dedans", "all-to-defence", "belote-kept"],
            "tie-house": ["dedans-tie", "all-to-defence", "nothing"],
            "tie-official": ["litige"],
            "coinche-tie-house": ["coinche-not-ahead", "all-to-defence-contract", "nothing"],
            "coinche-tie-official": ["coinche-made-behind", "made-contract"],
            "coinche-failed-official": ["coinche-short", "all-to-defence-contract", "belote-lost"],
            "coinched-house": ["coinche-made", "doubled", "belote-kept"],
            "surcoinched": ["coinche-made", "quadrupled", "nothing"],
            "capot-failed": ["capot-failed", "all-to-defence-contract", "nothing"],
            "generale-made": ["generale-made", "made-contract"],
        },
    ):
        assert keys(view) == expected, view.id
    for view in views.values():  # whatever the rules: a litige is said as such, and names the defence
        if view.outcome.value == "litige":
            assert keys(view) == ["litige"]
            defence = next(entry.team for entry in view.teams if not entry.takers)
            assert dict(view.said[0].values)["defence"] == scoring.team(defence)


@pytest.mark.variants
@pytest.mark.parametrize("locale", LOCALES)
def test_the_page_draws_every_deal_and_pairs_the_rule_sets(built_site: Path, project, locale: str) -> None:
    html = (built_site / locale / "scoring.html").read_text(encoding="utf-8")
    articles = re.findall(r'<article class="example deal[^"]*" id="ex-([\w-]+)".*?</article>', html, re.S)
    pairs = {"tie-house", "coinche-tie-house", "coinche-failed-house", "coinched-house"}
    assert len(articles) == 17 - len(pairs)
    for key in deals(project):
        assert f'id="ex-{key}"' in html  # the second of a pair is its column's anchor
    for key in pairs:
        article = html[html.index(f'id="ex-{key}"') : html.index("</article>", html.index(f'id="ex-{key}"'))]
        assert article.count('<section class="ruling"') == 2 and article.count('<tbody class="score">') == 2
        assert len(re.findall(r'<table class="tricks"[ >]', article)) == 1
    for article in re.findall(r'<table class="tricks"[ >].*?</table>', html, re.S):
        assert article.count('<tr><th scope="row">') == 8 and article.count('class="face') == 32
        assert "%(" not in visible_text(article)
    assert "%(" not in visible_text(html)


@pytest.mark.parametrize("locale", LOCALES)
def test_only_the_winner_is_framed_and_the_belote_is_a_tag(built_site: Path, project, locale: str) -> None:
    html = (built_site / locale / "scoring.html").read_text(encoding="utf-8")
    assert "face s" in html and not re.search(r'class="face [^"]*\bbel\b', html)  # no belote frame on a card
    for table in re.findall(r'<table class="tricks"[ >].*?</table>', html, re.S):
        for row in re.findall(r"<tr><th scope=\"row\">.*?</tr>", table, re.S):
            assert len(re.findall(r'class="face [^"]*\bwin\b', row)) == 1  # one framed card: the trick's winner
    drawn = re.findall(r'<article class="example deal[^"]*" id="ex-([\w-]+)"', html)  # one table each
    views = deals(project)
    belotes = sum(1 for key in drawn for row in views[key].tricks for card in row.cards if card.belote)
    assert belotes > 0 and html.count('<span class="bel">') == belotes  # each belote card of each table tagged


def test_the_scoring_page_shows_the_scoring_rules_in_the_differences_table(built_site: Path) -> None:
    flags = {row.flag for row in tables.differences()}
    assert {"litige", "must_beat_defence", "belote_kept"} <= flags
    french = (built_site / "fr/scoring.html").read_text(encoding="utf-8")
    table = french[
        french.index('<table class="differ">') : french.index("</table>", french.index('<table class="differ">'))
    ]
    for name in ("litige", "must_beat_defence", "belote_kept"):
        label = tables.flag_label(name)
        assert label.msgid not in table  # shown in French, not in English
    assert table.count('class="flag"') == len(tables.differences())


def test_the_other_pages_and_the_index_link_to_the_scoring_page(built_site: Path) -> None:
    for locale in LOCALES:
        for slug in ("index", "bidding", "allowed-cards"):
            html = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
            assert 'href="scoring.html"' in html, (locale, slug)
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("/scoring.html") >= len(LOCALES)


def test_each_trick_names_its_winning_team_and_a_tie_carries_under_the_takers(built_site: Path, project) -> None:
    html = (built_site / "es/scoring.html").read_text(encoding="utf-8")
    views = deals(project)
    for key in re.findall(r'<article class="example deal[^"]*" id="ex-([\w-]+)"', html):
        article = html[html.index(f'id="ex-{key}"') : html.index("</article>", html.index(f'id="ex-{key}"'))]
        assert article.count('<details class="fold">') == 1 and '<details class="fold" open' not in article
        won = re.findall(r'<span class="by (ns|ew)">', article)
        assert won == [row.winner.team.code().lower() for row in views[key].tricks]
    for key in re.findall(r'<article class="example deal[^"]*" id="ex-([\w-]+)"', html):
        pair = [view for view in views.values() if view.position == views[key].position]  # its rule sets' column
        article = html[html.index(f'id="ex-{key}"') : html.index("</article>", html.index(f'id="ex-{key}"'))]
        carried = re.search(r"<tr><th scope=\"row\">Pasa a la mano siguiente</th>(.*?)</tr>", article)
        carrying = [view for view in pair if view.carries]  # its pot shown, 0 or not
        assert (carried is not None) == bool(carrying), key  # a tie carried over shows its pot, under the takers
        if carried is not None:
            takers = [entry.takers for entry in carrying[0].teams]
            cells = re.findall(r"<td>(.*?)</td>", carried.group(1))
            assert str(carrying[0].carried_out) in cells and cells.count("—") == takers.count(False)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_tricks_ten_is_said_once_and_a_capots_hundred_on_its_deal(
    built_site: Path, project, locale: str
) -> None:
    """The recap at the top says once that the last trick adds 10 (the dix de der); a deal says it again
    only where it is not 10: a capot's last trick adds 100, a line of its own under its tricks."""
    html = (built_site / locale / "scoring.html").read_text(encoding="utf-8")
    views = deals(project)
    drawn = re.findall(r'<article class="example deal[^"]*" id="ex-([\w-]+)".*?</article>', html, re.S)
    articles = dict(re.findall(r'<article class="example deal[^"]*" id="ex-([\w-]+)"(.*?)</article>', html, re.S))
    capots = [key for key in drawn if views[key].tricks[-1].last == 100]
    assert capots and len(capots) < len(drawn)
    for key in drawn:
        notes = re.findall(r'<p class="last-note">(.*?)</p>', articles[key], re.S)
        assert len(notes) == (key in capots), key
        if notes:
            assert "100" in notes[0] and "10" in notes[0].replace("100", ""), notes
