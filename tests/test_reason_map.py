"""Why was my card (my call) refused? Every reason the engine can give has a line at the top of its
page, in every locale, at an anchor named by its code; reasons.json maps each code to those lines
(with the engine's sentence there), and every address of the map leads to its line."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import jsonschema
import pytest

from generator import positions
from generator.plan import reason_anchor
from generator.project import load_project, read_site
from generator.rules import RULESETS, AuctionReason, CallPermission, Game, PlayPermission, PlayReason
from generator.words.reasons import general_phrase

from .conftest import ROOT
from .pagetext import squash, visible_text
from .site_helpers import LOCALES

PAGES = {"play": "allowed-cards.html", "call": "bidding.html"}
ENGINE = {"play": PlayReason, "call": AuctionReason}


class Elements(HTMLParser):
    """Each element with an id: its tag and the text inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None]] = []
        self.text: dict[str, list[str]] = {}
        self.tags: dict[str, str] = {}
        self.links: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        ident = found.get("id")
        if ident:
            assert ident not in self.tags, f"id {ident} twice"
            self.tags[ident], self.text[ident], self.links[ident] = tag, [], []
        for _, name in self.open:
            if name and tag == "a" and found.get("href"):
                self.links[name].append(found["href"] or "")
        if tag not in ("br", "img", "meta", "link", "input", "wbr", "hr"):
            self.open.append((tag, ident))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, name in self.open:
            if name:
                self.text[name].append(data)


def elements(path: Path) -> Elements:
    parser = Elements()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def project_renderers() -> dict:
    """A renderer of each locale with the project's catalogs (the build's own words)."""
    from .test_reasons import renderer

    project = load_project(ROOT)
    return {locale: renderer(project, locale) for locale in LOCALES}


@pytest.fixture(scope="module")
def reason_map(built_site: Path) -> dict:
    return json.loads((built_site / "reasons.json").read_text(encoding="utf-8"))


def test_the_map_has_every_reason_of_the_engine_in_every_locale(reason_map: dict) -> None:
    assert reason_map["format"] == 2 and reason_map["locales"] == list(LOCALES)
    assert reason_map["default_locale"] == LOCALES[0]
    for kind, engine in ENGINE.items():
        assert set(reason_map["reasons"][kind]) == {reason.value for reason in engine}  # a new reason fails here
        for code, entry in reason_map["reasons"][kind].items():
            assert entry["anchor"] == f"why-{code}" == reason_anchor(engine(code))
            assert set(entry["locales"]) == set(LOCALES)
            for locale in LOCALES:
                line = entry["locales"][locale]
                assert line["path"].endswith(f"/{locale}/{PAGES[kind]}#why-{code}")
                assert line["url"].endswith(line["path"])
                assert line["sentence"] and "%(" not in line["sentence"]
    for kind, engine in {"play": PlayPermission, "call": CallPermission}.items():
        assert set(reason_map["permissions"][kind]) == {code.value for code in engine}
        for entry in reason_map["permissions"][kind].values():
            assert set(entry["locales"]) == set(LOCALES) and all(v["sentence"] for v in entry["locales"].values())


def test_the_map_gives_each_reasons_rule_not_an_examples_case(project_renderers, reason_map: dict) -> None:
    """The sentence of a reason or a permission is its rule in general, in the locale's words: the
    same whichever example shows it (no card, suit or seat of one example)."""
    from generator.render import plain_text
    from generator.rules import CallPermission as CP

    for locale, render in project_renderers.items():
        for kind, engine in ENGINE.items():
            for code, entry in reason_map["reasons"][kind].items():
                said = plain_text(render.say(general_phrase(engine(code))))
                assert entry["locales"][locale]["sentence"] == said, (locale, code)
        for kind, engine in {"play": PlayPermission, "call": CP}.items():
            for code, entry in reason_map["permissions"][kind].items():
                assert entry["locales"][locale]["sentence"] == plain_text(render.say(general_phrase(engine(code))))
    french = reason_map["reasons"]["play"]["must-follow-suit"]["locales"]["fr"]["sentence"]
    assert french == "Vous avez la couleur demandée\u00a0: vous devez fournir."


def test_the_map_validates_against_its_published_schema(built_site: Path, reason_map: dict) -> None:
    schema = json.loads((built_site / "reasons.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(reason_map)
    site = read_site(ROOT, [])
    assert site is not None
    assert reason_map["$schema"] == schema["$id"] == f"{site.base_url}reasons.schema.json"
    assert (ROOT / "schemas" / "reasons.schema.json").read_bytes() == (built_site / "reasons.schema.json").read_bytes()
    examples = json.loads((built_site / "examples.json").read_text(encoding="utf-8"))
    examples_schema = json.loads((built_site / "examples.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(examples_schema).validate(examples)
    assert examples["$schema"] == examples_schema["$id"] == f"{site.base_url}examples.schema.json"
    broken = json.loads(json.dumps(reason_map))
    broken["reasons"]["play"]["must-folow-suit"] = broken["reasons"]["play"].pop("must-follow-suit")
    assert not jsonschema.Draft202012Validator(schema).is_valid(broken)  # a renamed code is caught


@pytest.mark.variants
@pytest.mark.parametrize("locale", LOCALES)
def test_every_address_of_the_map_leads_to_its_line_with_its_sentence(
    built_site: Path, reason_map: dict, locale: str
) -> None:
    pages: dict[str, Elements] = {}
    for kind, reasons in reason_map["reasons"].items():
        for entry in reasons.values():
            url = urlsplit(entry["locales"][locale]["url"])
            path = urlsplit(entry["locales"][locale]["path"])
            assert (path.path, path.fragment) == (url.path, url.fragment)
            name = url.path.lstrip("/")  # the site is served at its host's root
            assert name == f"{locale}/{PAGES[kind]}"
            page = pages.setdefault(name, elements(built_site / name))
            assert page.tags.get(url.fragment) == "li", f"{name}#{url.fragment}"
            assert squash(entry["locales"][locale]["sentence"]) in squash("".join(page.text[url.fragment]))
            if entry["example"] is not None:
                assert f"#ex-{entry['example']}" in page.links[url.fragment]


@pytest.mark.parametrize("locale", LOCALES)
def test_each_page_lists_every_reason_once_the_same_anchors_in_every_locale(built_site: Path, locale: str) -> None:
    for kind, engine in ENGINE.items():
        page = elements(built_site / locale / PAGES[kind])
        anchors = [ident for ident in page.tags if ident.startswith("why-")]
        assert anchors == [reason_anchor(reason) for reason in engine]  # every reason, in the engine's order
        for anchor in anchors:
            for href in page.links[anchor]:  # a line's example is on the same page and shows the reason,
                if href.startswith("practice.html?"):  # and the practice page asks it (tests/test_practice.py)
                    assert href.startswith(f"practice.html?reason={anchor[len('why-') :]}#")
                    continue
                assert href.startswith("#ex-") and href[1:] in page.tags
        assert "%(" not in visible_text((built_site / locale / PAGES[kind]).read_text(encoding="utf-8"))


def test_a_line_links_the_first_example_of_its_page_that_shows_the_reason() -> None:
    """Derived from the engine's answers, not from the examples' ids: a rules change that moves a
    reason from one example to another moves the link, and this test with it."""
    from generator.reader.pages import ExampleBlock
    from generator.verify import AuctionSolution, PlaySolution, solve

    project = load_project(ROOT, catalogs=False)
    checked = 0
    for page in project.pages:
        showing: dict[PlayReason | AuctionReason, list[str]] = {}
        for block in page.blocks:
            if not isinstance(block, ExampleBlock):
                continue
            solution = solve(block.example)
            said: list[PlayReason | AuctionReason] = []
            if isinstance(solution, PlaySolution):
                said = list(solution.refusals.values())
            elif isinstance(solution, AuctionSolution):
                said = [verdict.refusal for verdict in solution.calls if verdict.refusal is not None]
            for code in said:
                showing.setdefault(code, []).append(block.example.id)
        for line in page_reasons(page.slug) or ():
            assert line.example == (showing[line.code][0] if line.code in showing else None), line.code
            checked += 1
        assert PlayReason.NOT_IN_HAND not in showing  # no example can show it: the app offers held cards
    assert checked == len(PlayReason) + len(AuctionReason)


def page_reasons(slug: str) -> tuple:
    """The list of refusal reasons the page ``slug`` shows at its top."""
    from generator.plan import reason_lists

    project = load_project(ROOT, catalogs=False)
    shown = project.shown
    return next(
        lines for page, lines in zip(shown, reason_lists(shown, positions.draw_all()), strict=True) if page.slug == slug
    )


def test_the_reasons_occur_where_the_rule_flags_say() -> None:
    everywhere = {(game, name) for name, games in RULESETS.items() for game in games}
    trump = {(game, name) for game, name in everywhere if game.has_trump}
    play = {reason: set(seen.where) for reason, seen in positions.play_reasons().items()}
    assert play[PlayReason.FOLLOW_SUIT] == play[PlayReason.NOT_IN_HAND] == everywhere
    assert play[PlayReason.TRUMP] == play[PlayReason.OVERTRUMP] == play[PlayReason.GO_HIGHER] == trump
    assert play[PlayReason.UNDERTRUMP] == {(g, n) for g, n in trump if RULESETS[n][g].must_undertrump}
    calls = {reason: {game for game, _ in seen.where} for reason, seen in positions.call_reasons().items()}
    assert set(calls) == set(AuctionReason)
    assert calls[AuctionReason.NO_SUIT] == {Game.NO_TRUMP}
    assert calls[AuctionReason.TURNED_SUIT_ONLY] == calls[AuctionReason.NOT_TURNED_SUIT] == {Game.TRUMP}
    assert calls[AuctionReason.BID_TOO_LOW] == calls[AuctionReason.NOT_CONTRACT_TEAM] == {Game.COINCHE}


@pytest.mark.slow
def test_the_positions_are_the_same_at_every_build() -> None:
    first = positions.play_reasons(), positions.call_reasons(), positions.play_draws(Game.TRUMP, "house")
    for cached in (positions.play_reasons, positions.call_reasons, positions.play_draws):
        cached.cache_clear()
    assert (positions.play_reasons(), positions.call_reasons(), positions.play_draws(Game.TRUMP, "house")) == first


def test_every_card_drawn_is_either_allowed_and_why_or_refused_and_why() -> None:
    """Over the engine's drawn positions, a card has a permission exactly when it has no refusal,
    and every permission the draws meet has its sentence, every placeholder filled."""
    from generator.rules import CardSet, PlayPermission, permission, refusal
    from generator.words.reasons import allow_phrase, placeholders

    met: set[PlayPermission] = set()
    for name, games in RULESETS.items():
        for game, rules in games.items():
            for position in positions.play_draws(game, name):
                trick = [card for _, card in position.trick]
                for card in position.hand:
                    allowed = permission(CardSet(position.hand), trick, card, position.trump, rules)
                    refused = refusal(CardSet(position.hand), trick, card, position.trump, rules)
                    assert (allowed is None) != (refused is None), (position, card)
                    if allowed is not None:
                        met.add(allowed)
                        phrase = allow_phrase(allowed, position.trick, position.trump, rules)
                        assert [name for name, _ in phrase.values] == list(placeholders(phrase.message))
    assert met == set(PlayPermission) - {PlayPermission.LEAD}  # the draws never lead; the examples may


def test_a_call_no_example_shows_is_shown_in_an_auction_the_engine_drew() -> None:
    """On bidding, each reason without an example of the page has the auction the engine refused
    it in: the same engine's verdicts, the last call refused for that reason, the others accepted."""
    for line in page_reasons("bidding"):
        assert (line.example is None) == (line.drawn is not None), line.code
        if line.drawn is not None:
            *before, last = line.drawn.calls
            assert last.code is line.code and last.refused and last.reason is not None
            assert not any(call.refused for call in before)
        assert line.phrase == general_phrase(line.code)  # the rule, not the drawn auction's own sentence


@pytest.mark.parametrize("locale", LOCALES)
def test_the_drawn_auctions_are_on_the_page(built_site: Path, locale: str) -> None:
    html = (built_site / locale / "bidding.html").read_text(encoding="utf-8")
    section = html[
        html.index('<section class="refusals"') : html.index("</section>", html.index('<section class="refusals"'))
    ]
    lines = section.split('<li id="why-')[1:]
    assert [line.split('"')[0] for line in lines] == [reason.value for reason in AuctionReason]
    for reason, line in zip(AuctionReason, lines, strict=True):
        assert '<a href="#ex-' in line or line.count('<li class="refused">') == 1, reason
