"""The page parts computed from the engine: the table of rule-set differences (any flag, any
value type, with no template edit), the card order and points table, and the figure's contract."""

from __future__ import annotations

import dataclasses
import enum
import re
from pathlib import Path

import pytest

from generator import tables
from generator.rules import RULESETS, Card, Game, Rules, Suit, card_points, rank_order
from generator.words.terms import Message

from .conftest import ROOT
from .pagetext import visible_text
from .site_helpers import LOCALES, PAGES, copy_project, run_build


def test_every_rule_flag_has_an_english_label() -> None:
    assert set(tables.flag_names()) == set(tables.FLAG_LABELS)
    assert {message for message, _ in tables.messages()} >= {tables.flag_label(n) for n in tables.flag_names()}


@pytest.mark.slow
def test_a_rule_flag_without_an_english_label_fails_a_strict_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its Python name would be published to players (a regression of the English-first builds):
    an error under --strict at the labels' line, a warning without."""
    monkeypatch.setattr(tables, "FLAG_LABELS", {k: v for k, v in tables.FLAG_LABELS.items() if k != "belote_kept"})
    line = tables.FLAG_LABELS_LINE
    assert (ROOT / "generator/tables.py").read_text(encoding="utf-8").splitlines()[line - 1].startswith("FLAG_LABELS")
    result, lines = run_build(ROOT, None, strict=True)
    assert result.code == 2, lines
    stated = f"generator/tables.py:{line}:1: error: the rule flag belote_kept has no English label"
    assert any(found.startswith(stated) for found in lines), lines
    result, lines = run_build(ROOT, None, strict=False)
    assert result.code == 0 and any(found.startswith(stated.replace("error", "warning")) for found in lines), lines


def test_the_differences_are_the_flags_that_differ_game_by_game() -> None:
    expected = [
        (game, name)
        for game in Game
        for name in tables.flag_names()
        if len({getattr(RULESETS[ruleset][game], name) for ruleset in RULESETS}) > 1
    ]
    assert [(row.game, row.flag) for row in tables.differences()] == expected


class Stake(enum.Enum):
    SHARED = "shared"
    DEFENCE = "to the defence"


@dataclasses.dataclass(frozen=True)
class MoreRules(Rules):
    stake: Stake = Stake.SHARED


def test_a_new_flag_of_any_type_shows_up_with_its_label_and_values(monkeypatch: pytest.MonkeyPatch) -> None:
    rulesets = {
        name: {
            game: MoreRules(
                **{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)},
                stake=Stake.DEFENCE if name == "official" else Stake.SHARED,
            )
            for game, rules in by_game.items()
        }
        for name, by_game in RULESETS.items()
    }
    monkeypatch.setattr(tables, "Rules", MoreRules)
    monkeypatch.setattr(tables, "RULESETS", rulesets)
    rows = [row for row in tables.differences() if row.flag == "stake"]
    assert [row.game for row in rows] == list(Game)
    assert rows[0].label == Message("rule flag", "stake")  # no label yet: its name, which has no translation
    assert rows[0].values == (Message("rule value", "shared"), Message("rule value", "to the defence"))
    assert (Message("rule value", "to the defence"), "A value of the rule Stake.") in tables.messages()


def test_every_value_of_an_enum_flag_has_an_english_label() -> None:
    values = [
        getattr(rules, name)
        for by_game in RULESETS.values()
        for rules in by_game.values()
        for name in tables.flag_names()
    ]
    for kind in {type(value) for value in values}:
        if issubclass(kind, enum.Enum):
            assert set(kind) <= set(tables.VALUE_LABELS), kind


@pytest.mark.parametrize("locale", LOCALES)
def test_each_page_has_the_table_of_differences(built_site: Path, locale: str) -> None:
    for slug in PAGES:
        html = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
        table = html[
            html.index('<table class="differ">') : html.index("</table>", html.index('<table class="differ">'))
        ]
        assert table.count('class="flag"') == len(tables.differences())
        assert "%(" not in visible_text(table)


def test_the_card_order_table_on_the_page_is_the_engines(built_site: Path) -> None:
    html = (built_site / "fr/allowed-cards.html").read_text(encoding="utf-8")
    table = html[html.index('<table class="order">') : html.index("</table>", html.index('<table class="order">'))]
    cells = re.findall(r'<span class="idx">([^<]+)</span>(?: <span class="pts">(\d+)</span>)?', table)
    corner = {"J": "V", "Q": "D", "K": "R"}

    def column(ranks, suit, trump):
        return [(corner.get(r.code(), r.code()), str(card_points(Card.of(r, suit), trump))) for r in ranks]

    trump = column(rank_order(True), Suit.HEARTS, Suit.HEARTS)
    plain = column(rank_order(False), Suit.SPADES, Suit.HEARTS)
    no_trump = column(rank_order(False), Suit.SPADES, None)
    assert cells == [cell for row in zip(trump, plain, no_trump, strict=True) for cell in row]
    assert "<table" not in (built_site / "fr/index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_figure_names_a_capot_contract(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "content/bidding.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("contract: {S: 100 S}", "contract: {S: capot S}"))
    result, lines = run_build(project, project / "site")
    assert result.code == 0, lines
    for locale, name in (("es", "Capot"), ("ru", "Капот"), ("bg", "Капо")):
        svg = (project / "site" / locale / "bidding.html").read_text(encoding="utf-8")
        svg = svg[svg.index("<svg") : svg.index("</svg>")]
        assert f">{name}</text>" in svg and ">250<" not in svg


@pytest.mark.parametrize("locale", LOCALES)
def test_without_script_the_page_shows_every_mark_and_reason(built_site: Path, locale: str) -> None:
    """The answers are in the static page; only the script adds Try it (and the class that hides them)."""
    html = (built_site / locale / "allowed-cards.html").read_text(encoding="utf-8")
    assert "<button" not in html and "trying" not in html
    for article in re.findall(r'<article class="example[^"]*" id="ex-[\w-]+".*?</article>', html, re.S):
        marks = re.findall(r'<li class="(ok|no)(?: only)?"(?: style="order:\d+")?><span class="face', article)
        refused = sum(len(cards.split()) for cards in re.findall(r'<li data-cards="([^"]+)">', article))
        assert marks and refused == marks.count("no")


def _luminance(color: str) -> float:
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_phone_outline_stands_out_in_dark_mode() -> None:
    css = (ROOT / "templates/assets/site.css").read_text(encoding="utf-8")
    dark = css[css.index("@media screen and (prefers-color-scheme: dark)") :]
    background = re.search(r"--bg: (#[0-9a-f]{6})", dark)
    body = re.search(r"\.phone \.body \{ fill: #[0-9a-f]{6}; stroke: (#[0-9a-f]{6})", css)
    assert background and body
    assert _contrast(body[1], background[1]) >= 3  # WCAG 1.4.11, non-text contrast


def _pair_by_scan(view, views):  # the definition: the first other example of the same position under other rules
    return next(
        (o for o in views.values() if o.id != view.id and o.rules != view.rules and o.position == view.position),
        None,
    )


def test_an_example_is_paired_on_its_own_page_only() -> None:
    from generator.plan import ShownExample, show_page
    from generator.project import load_project
    from generator.reader.pages import ExampleBlock

    def paired(pages: list) -> dict:
        return {
            block.view.id: block.pair.id
            for page in (show_page(page, project.views) for page in pages)  # every view handed
            for section in page.sections
            for block in section.blocks
            if isinstance(block, ShownExample) and block.pair is not None
        }

    project = load_project(ROOT, catalogs=False)
    together = paired(project.pages)
    assert together
    scoring = next(page for page in project.pages if page.slug == "scoring")
    examples = [block for block in scoring.blocks if isinstance(block, ExampleBlock)]
    # its examples on two pages, one of two on each: each page pairs its own, and pairs are split
    halves = [
        dataclasses.replace(scoring, sections=(dataclasses.replace(scoring.sections[0], blocks=tuple(part)),))
        for part in (examples[0::2], examples[1::2])
    ]
    expected = {}
    for half in halves:
        views = {b.example.id: project.views[b.example.id] for b in half.blocks if isinstance(b, ExampleBlock)}
        expected |= {
            v.id: other.id for v in views.values() if v.position is not None and (other := _pair_by_scan(v, views))
        }
    assert paired(halves) == expected
    assert {block.example.id for block in examples} & together.keys() - expected.keys()  # some were split


def test_each_example_is_paired_with_the_first_example_of_its_position_under_the_other_rules() -> None:
    from generator.project import load_project
    from generator.views import pairs

    views = load_project(ROOT, catalogs=False).views
    found = pairs(views)
    expected = {
        view.id: other for view in views.values() if view.position is not None and (other := _pair_by_scan(view, views))
    }
    assert found == expected
    assert {view.position[0] for view in found.values()} == {"play", "deal"}  # both kinds of example are paired
    # the same positions many times over (a site of copies): still the first of each, found in one pass
    copies = {f"{key}-{k}": dataclasses.replace(view, id=f"{key}-{k}") for k in range(3) for key, view in views.items()}
    assert pairs(copies) == {
        view.id: other
        for view in copies.values()
        if view.position is not None and (other := _pair_by_scan(view, copies))
    }


@pytest.mark.slow
def test_what_a_locale_builds_once_is_what_it_would_build_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Faces, messages and terms are built once per locale (``_made``): the pages are those
    rendered with each built afresh."""
    from generator.build import BuildResult, build
    from generator.page_text import Words

    def pages() -> BuildResult:
        return build(ROOT, None, strict=False)  # strictness is test_site's (and CI's strict job's)

    memoized = pages()
    monkeypatch.setattr(Words, "_made", lambda self, key, make: make())
    afresh = pages()
    assert memoized.code == afresh.code == 0 and memoized.files == afresh.files


@pytest.mark.slow
def test_a_locale_that_shows_english_builds_its_repeated_markup_once_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Markup built once per locale is reused with the messages it showed in English (each page
    that reuses it still gives its warnings): a locale missing a translation costs no more."""
    from generator.build import build
    from generator.page_text import Words

    made: list[object] = []
    original = Words._face

    def face(self: Words, *args: object) -> object:
        made.append(args)
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Words, "_face", face)
    assert build(ROOT, None, strict=False).code == 0
    translated = len(made)
    project = copy_project(tmp_path / "project")
    catalog = project / "locales/fr/LC_MESSAGES/messages.po"
    text = catalog.read_text(encoding="utf-8")
    card = 'msgctxt "card"\nmsgid "King of spades"'
    catalog.write_text(text.replace(card, "#, fuzzy\n" + card, 1), "utf-8")
    made.clear()
    result = build(project, None, strict=False)
    assert result.code == 0 and any("King of spades" in w.message for w in result.warnings)
    assert len(made) == translated


@pytest.mark.parametrize("locale", LOCALES)
def test_the_table_starts_the_turn_at_the_leader_and_shows_the_suits_as_symbols(built_site: Path, locale: str) -> None:
    from generator.project import load_project
    from generator.views import PlayView

    project = load_project(ROOT, catalogs=False)
    html = (built_site / locale / "allowed-cards.html").read_text(encoding="utf-8")
    seats = {
        code: re.search(
            rf'class="spot at{code} [^"]*">\s*<span class="who">(?:<span class="num">\d\.</span> )?'
            rf'<span class="seat">([^<]+)</span>',
            html,
        ).group(1)  # type: ignore[union-attr]
        for code in "SWNE"
    }
    for id_, view in project.views.items():
        if not isinstance(view, PlayView) or f'id="ex-{id_}"' not in html:
            continue
        article = html[html.index(f'id="ex-{id_}"') : html.index("</article>", html.index(f'id="ex-{id_}"'))]
        start = view.trick[0].seat if view.trick else view.seat
        order = "\u00a0→ ".join(seats[start.next(step).code()] for step in range(4))  # "→" never starts a line
        assert order in article, id_
        if view.led is not None:
            assert f'<span class="sym s{view.led.code()}" aria-hidden="true">' in article
        if view.trump is not None:
            assert f'<span class="sym s{view.trump.code()}" aria-hidden="true">' in article
    for slug in ("allowed-cards", "scoring"):  # the direction of play, once on each page with plays
        page = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
        assert page.count('<p class="direction">') == 1
        assert (
            "\u00a0→ ".join(seats[code] for code in "SWNE") in page.split('<p class="direction">')[1].split("</p>")[0]
        )


def test_the_glossary_defines_the_rule_sets_as_the_table_computes_them() -> None:
    """The two rule sets' definitions name every game in which the table finds a difference (the
    glossary once said they differed only in Coinche), and the scoring words have their entries."""
    import yaml

    entries = {e["id"]: e for e in yaml.safe_load((ROOT / "content/glossary.yaml").read_text("utf-8"))["entries"]}
    assert {"dedans", "litige", "dix-de-der"} <= set(entries)
    said = (entries["house-rules"]["definition"] + " " + entries["official-rules"]["definition"]).lower()
    words = {Game.TRUMP: "trump", Game.NO_TRUMP: "no-trump", Game.COINCHE: "coinche"}
    games = {row.game for row in tables.differences()}
    assert all(words[game] in said for game in games)  # (a rules change that removes one leaves prose to edit)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", PAGES)
def test_each_rules_page_says_at_its_top_that_the_app_offers_both_rule_sets(
    built_site: Path, locale: str, slug: str
) -> None:
    html = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
    note = html.index('<p class="rulesets-note">')
    assert html.index("<h1>") < note < html.index('<nav class="toc"')  # right under the title
    line = html[note : html.index("</p>", note)]
    assert str(len(tables.differences())) in visible_text(line) and '<a href="#rule-sets">' in line
    assert 'id="rule-sets"' in html  # the table it links to is on the page


def test_the_scoring_recap_follows_the_rule_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recap's sentences come from the flags: a tie is a litige exactly where the rules carry it
    over, and a Coinche rule set that frees the takers from beating the defence says a tie is enough."""
    recap = {row.label.msgid: row for row in tables.scoring_recap()}
    assert list(recap) == [label.msgid for label in tables.RECAP_LABELS.values()]
    tie = recap["A tie on points"].cells
    litige = {(game, cell.rules) for cell in tie if "litige" in cell.message.msgid for game in cell.games}
    carried = {(g, name) for name, by in RULESETS.items() for g, r in by.items() if r.litige.value == "carry_over"}
    assert litige == carried
    changed = {name: dict(by) for name, by in RULESETS.items()}
    changed["house"][Game.TRUMP] = dataclasses.replace(changed["house"][Game.TRUMP], belote_kept=False)
    monkeypatch.setattr(tables, "RULESETS", changed)
    failed = {row.label.msgid: row for row in tables.scoring_recap()}["Contract failed (dedans)"].cells
    assert any(cell.rules == "house" and "every belote" in cell.message.msgid for cell in failed)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_scoring_page_opens_with_the_recap(built_site: Path, locale: str) -> None:
    for slug in PAGES:
        html = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
        assert ('id="how-scored"' in html) == (slug == "scoring")
    html = (built_site / locale / "scoring.html").read_text(encoding="utf-8")
    recap = html[html.index('id="how-scored"') : html.index("</section>", html.index('id="how-scored"'))]
    assert recap.count('<div class="recap-row">') == len(tables.RECAP_LABELS)
    assert html.index('id="how-scored"') < html.index('class="example deal')
    assert "%(" not in visible_text(recap) and "252" in recap and "× 2" in recap and "× 4" in recap


# The words of the examples: each in the person and case its place needs --------------------------

WIN = {
    "es": "ganas la baza",
    "ru": "забираете взятку",
    "hi": "चाल जीतते हैं",
    "bg": "вземате ръката",
    "fr": "remportez le pli",
}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_seat_to_play_that_wins_is_told_so_as_you(built_site: Path, locale: str) -> None:
    """Under the player's own seat ("you"), the winner's tag speaks to the player: "you win the trick",
    not "wins the trick" (review 4, S17); every other winner keeps the third person."""
    html = (built_site / locale / "allowed-cards.html").read_text(encoding="utf-8")
    spots = re.findall(r'<div class="spot (at\w) (\w+) ([\w-]+)( winning)?">(.*?)</div>', html, re.S)
    mine = [
        body for _, _, role, winning, body in spots if role == "to-play" and winning and '<span class="mark">' in body
    ]
    assert mine and all(f'<span class="mark">{WIN[locale]}</span>' in body for body in mine)
    others = [body for _, _, role, winning, body in spots if role != "to-play" and winning]
    assert others and not any(WIN[locale] in body for body in others)


@pytest.mark.parametrize(
    ("locale", "inside", "alone"),
    [("es", "rey de picas", "Rey de picas"), ("ru", "король", "Король пик"), ("fr", "roi de", "Roi de")],
)
def test_a_card_inside_a_reason_is_in_lower_case_and_alone_keeps_its_capital(
    built_site: Path, locale: str, inside: str, alone: str
) -> None:
    """A reason names a card mid-sentence in lower case («(rey de picas)», translations-4 ES9, RU4, FR3);
    a card on its own (a face, the allowed cards) keeps the capital the source documents write."""
    html = (built_site / locale / "practice.html").read_text(encoding="utf-8")
    reasons = " ".join(re.findall(r'<ul class="verdicts">(.*?)</ul>', html, re.S))
    assert re.search(rf"\({inside}", reasons), locale
    assert not re.search(r"\((Rey|Dama|Jota|As|Король|Дама|Валет|Туз|Roi|Dame|Valet|As) ", reasons)
    assert f'<span class="name">{alone}' in (built_site / locale / "allowed-cards.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_setup_lines_rule_set_is_kept_with_the_lines_last_word(built_site: Path, locale: str) -> None:
    html = (built_site / locale / "practice.html").read_text(encoding="utf-8")
    badges = re.findall(r'(.{6})<span class="rules">', html.split('<ol class="questions">')[1])
    assert badges and set(badges) == {"&nbsp;"}  # a no-break space: the badge never starts a line alone


def test_a_hand_is_drawn_sorted_by_suit_and_its_text_keeps_the_examples_order(built_site: Path) -> None:
    """The app sorts a hand by suit (black and red in turn, each from its strongest card): so are the
    hands drawn (CSS order), while the page's text keeps the order the source documents list them in."""
    html = (built_site / "es" / "allowed-cards.html").read_text(encoding="utf-8")
    article = html[html.index('id="ex-must-trump"') : html.index("</article>", html.index('id="ex-must-trump"'))]
    hand = re.findall(
        r'<li class="\w+( only)?"(?: style="order:(\d)")?><span class="face s(\w)[^"]*" data-i="([^"]+)"', article
    )
    assert [(suit, rank) for _, _, suit, rank in hand] == [("H", "8"), ("H", "D"), ("S", "R"), ("D", "9"), ("S", "7")]
    drawn = sorted(hand, key=lambda item: int(item[1]))
    assert [(suit, rank) for _, _, suit, rank in drawn] == [("S", "R"), ("S", "7"), ("H", "D"), ("H", "8"), ("D", "9")]
