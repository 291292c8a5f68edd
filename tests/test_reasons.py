"""The reasons a page gives for each refused card and call, and the auction's outcome: generated
from the engine's reason and the position, in every locale, every placeholder filled; the page
says exactly what the engine says (a planted wrong reason is caught)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from markupsafe import Markup, escape

from generator.i18n.catalogs import LOCALES as LOCALES_DIR
from generator.i18n.catalogs import Translator, catalog_path, read_catalog
from generator.page_text import Words, resolve_languages, sentence_start
from generator.project import load_project
from generator.rules import (
    RULESETS,
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    CallPermission,
    Card,
    CardSet,
    Game,
    PlayPermission,
    PlayReason,
    Seat,
    Suit,
    permission,
    refusal,
    rules_for,
)
from generator.views import PlayView
from generator.words import reasons, scoring, terms
from generator.words.terms import Message, rules

from .conftest import ROOT
from .pagetext import squash, visible_text
from .site_helpers import LOCALES


@pytest.fixture(scope="module")
def project():
    project = load_project(ROOT)
    assert project.problems == [] and project.mismatches == []
    return project


def renderer(project, locale: str) -> Words:
    problems: list = []
    path = catalog_path(ROOT / LOCALES_DIR, locale)
    catalog = read_catalog(path, str(path), locale, problems)
    assert problems == []
    translator = Translator(locale, catalog, str(path))
    return Words(locale, translator)


SAMPLE: dict[str, reasons.Value] = {
    "led": Suit.DIAMONDS,
    "card": Card.parse("JS"),
    "winner": Seat.NORTH,
    "rules": rules("house"),
    "game": Message("game", "Coinche"),
    "seat": Seat.WEST,
    "suit": Suit.HEARTS,
    "contract": Call.parse("100 H"),
    "taker": Seat.EAST,
    "call": Call.parse("coinche"),
}


def every_message() -> list[Message]:
    return [message for message, _ in reasons.messages()]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_reason_and_outcome_is_a_sentence_in_every_locale_with_every_placeholder_filled(project, locale) -> None:
    render = renderer(project, locale)
    for message in every_message():
        names = reasons.placeholders(message)
        values = {name: "…" if name == "reason" else SAMPLE[name] for name in names}
        text = str(render.say(reasons.Phrase(message, tuple(values.items()))))
        assert "%(" not in text and text.strip(), (locale, message)
        for name, value in values.items():
            named = str(escape(render.name(value)))  # page text: a term's foreign words in their spans
            assert named in text or text.startswith(named[:1].upper() + named[1:]), (locale, message.msgid, name, text)
    assert render.translator.warnings == {}, list(render.translator.warnings.values())


def test_every_play_reason_and_situation_comes_from_a_real_position() -> None:
    """Each sentence is reachable: the engine gives its reason in a position, and the situation picks it."""
    house_trump = rules_for(Game.TRUMP)
    positions = {
        (PlayReason.FOLLOW_SUIT, "plain"): ("KS 7S JH", [(Seat.WEST, "AS")], "JH", Suit.HEARTS, house_trump),
        (PlayReason.FOLLOW_SUIT, "trump"): ("QS 9D 7D", [(Seat.NORTH, "8D")], "QS", Suit.DIAMONDS, house_trump),
        (PlayReason.GO_HIGHER, "partner"): (
            "QS 9D 7D",
            [(Seat.NORTH, "8D"), (Seat.EAST, "9C")],
            "7D",
            Suit.DIAMONDS,
            house_trump,
        ),
        (PlayReason.GO_HIGHER, "opponent"): ("QS 9D 7D", [(Seat.EAST, "8D")], "7D", Suit.DIAMONDS, house_trump),
        (PlayReason.OVERTRUMP, ""): (
            "7S 9S KH",
            [(Seat.WEST, "AD"), (Seat.NORTH, "8S")],
            "KH",
            Suit.SPADES,
            house_trump,
        ),
        (PlayReason.TRUMP, ""): ("8H QH KS", [(Seat.EAST, "AC")], "KS", Suit.HEARTS, house_trump),
    }
    for game in (Game.TRUMP, Game.COINCHE):  # the rule set is named only in a game whose rule sets differ on it
        situation = "rules" if reasons.names_rules(game, "must_undertrump") else ""
        undertrump = dataclasses.replace(rules_for(game), must_undertrump=True)
        under = ("7S 9S KH", [(Seat.WEST, "AD"), (Seat.NORTH, "JS")], "KH", Suit.SPADES, undertrump)
        positions[(PlayReason.UNDERTRUMP, situation)] = under
    unreachable = {(PlayReason.UNDERTRUMP, s) for s in ("", "rules")} - set(positions)  # the rules as they are
    assert set(positions) | {(PlayReason.NOT_IN_HAND, "")} == set(reasons.PLAY_MESSAGES) - unreachable
    for key, (hand, trick, card, trump, ruleset) in positions.items():
        played = [(seat, Card.parse(code)) for seat, code in trick]
        seat = played[-1][0].next()
        reason = refusal(CardSet.parse(hand), [c for _, c in played], Card.parse(card), trump, ruleset)
        assert reason is key[0], key
        assert reasons.play_phrase(reason, seat, played, trump, ruleset).message == reasons.PLAY_MESSAGES[key][0]


def test_a_rule_set_is_named_only_in_a_game_whose_rule_sets_differ_on_the_rule() -> None:
    """Over the positions and auctions the engine draws (practice, the reason lists) under every game
    and rule set, a sentence names its rule set exactly when the two rule sets differ there."""
    from generator import positions

    named = 0
    for name, games in RULESETS.items():
        for game, rules_ in games.items():
            differs = reasons.names_rules(game, "must_undertrump")
            for position in positions.play_draws(game, name):
                trick = [card for _, card in position.trick]
                for card in position.hand:
                    refused = refusal(CardSet(position.hand), trick, card, position.trump, rules_)
                    allowed = permission(CardSet(position.hand), trick, card, position.trump, rules_)
                    phrase = (
                        reasons.play_phrase(refused, position.seat, position.trick, position.trump, rules_)
                        if refused is not None
                        else reasons.allow_phrase(allowed, position.trick, position.trump, rules_)  # type: ignore[arg-type]
                    )
                    says = "rules" in reasons.placeholders(phrase.message)
                    assert not says or differs, (game, name, phrase.message.msgid)
                    named += says
    assert named or not any(reasons.names_rules(game, "must_undertrump") for game in Game)
    for name in RULESETS:  # a coinche out of turn (Coinche alone has the call): named where the rule sets differ
        auction = Auction(rules_for(Game.COINCHE, name), dealer=Seat.SOUTH)
        auction.call(Seat.WEST, Call.parse("100 H"))
        phrase = reasons.call_phrase(AuctionReason.OUT_OF_TURN, Call.parse("coinche"), auction)
        named = reasons.names_rules(Game.COINCHE, "coinche_out_of_turn")
        assert ("rules" in reasons.placeholders(phrase.message)) == named


def test_a_general_sentence_names_nothing_of_a_position() -> None:
    """The rule of each reason and permission, as the reason lists and reasons.json give it: no card,
    suit, seat, game or rule set named, and one for every code the engine has."""
    assert set(reasons.GENERAL_PLAY) == set(PlayReason) and set(reasons.GENERAL_CALL) == set(AuctionReason)
    assert set(reasons.GENERAL_ALLOW) == set(PlayPermission) and set(reasons.GENERAL_ACCEPT) == set(CallPermission)
    for code in (*PlayReason, *PlayPermission, *AuctionReason, *CallPermission):
        phrase = reasons.general_phrase(code)
        assert phrase.values == () and reasons.placeholders(phrase.message) == (), code
        assert phrase.message in every_message(), code  # extracted for the translators


def test_every_auction_reason_has_a_sentence_and_the_outcomes_are_computed() -> None:
    assert {reason for reason, _ in reasons.CALL_MESSAGES} == set(AuctionReason)
    auction = Auction(rules_for(Game.COINCHE), dealer=Seat.SOUTH)
    auction.call(Seat.WEST, Call.parse("100 H"))
    phrase = reasons.call_phrase(AuctionReason.BID_TOO_LOW, Call.parse("90 S"), auction)
    assert phrase.values == (("contract", Call.parse("100 H")),)
    phrase = reasons.call_phrase(AuctionReason.OUT_OF_TURN, Call.parse("coinche"), auction)
    named = reasons.names_rules(Game.COINCHE, "coinche_out_of_turn")
    assert phrase.message.msgid.startswith("Under these rules") is named and dict(phrase.values)["seat"] is Seat.NORTH
    outcome = AuctionOutcome(AuctionStatus.CONTRACT, Seat.EAST, Suit.HEARTS, 100, 4)
    said = reasons.outcome_phrase(outcome, Seat.SOUTH)
    assert said.message.msgid.endswith("×4.") and dict(said.values)["contract"] == Call.parse("100 H")
    assert reasons.outcome_phrase(AuctionOutcome(AuctionStatus.REDEAL), Seat.SOUTH).message.msgid.startswith(
        "Outcome: nobody"
    )


# The page says what the engine says -------------------------------------------------------------


REASON_ITEM = re.compile(r'<li data-cards="([^"]*)">(.*?)</li>', re.S)


def page_reasons(html: str) -> dict[tuple[str, str], str]:
    """Each example's reasons as the page shows them: (example, cards) -> the visible sentence."""
    found = {}
    for article in re.finditer(r'<article class="example[^"]*" id="ex-([\w-]+)"(.*?)</article>', html, re.S):
        for cards, item in REASON_ITEM.findall(article.group(2)):
            found[(article.group(1), cards)] = squash(visible_text(item))
    return found


def engine_reasons(project, locale: str) -> dict[tuple[str, str], str]:
    """The same, computed from the engine's views and the catalog, without the templates."""
    render = renderer(project, locale)
    found = {}
    page = next(page for page in project.pages if page.slug == "allowed-cards")
    ids = [block.example.id for section in page.sections for block in section.blocks if block.kind == "example"]
    for view in (project.views[id_] for id_ in ids):
        if isinstance(view, PlayView):
            for cards, phrase in view.reasons:
                names = "".join(render.card(card) for card in cards)
                text = render.fill("reason", "%(card)s: %(reason)s", card=names, reason=render.say(phrase))
                found[(view.id, " ".join(map(str, cards)))] = squash(visible_text(resolve_languages(str(text))))
    return found


def mismatches(shown: dict, computed: dict) -> list:
    return sorted(set(shown.items()) ^ set(computed.items()))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_page_gives_the_engines_reason_for_every_refused_card(project, built_site: Path, locale) -> None:
    html = (built_site / locale / "allowed-cards.html").read_text(encoding="utf-8")
    shown, computed = page_reasons(html), engine_reasons(project, locale)
    assert len(computed) >= 6 and mismatches(shown, computed) == []


def test_a_planted_wrong_reason_is_caught(project, built_site: Path) -> None:
    html = (built_site / "es/allowed-cards.html").read_text(encoding="utf-8")
    render = renderer(project, "es")
    wrong = str(
        render.say(
            reasons.Phrase(
                reasons.PLAY_MESSAGES[(PlayReason.TRUMP, "")][0], (("led", Suit.DIAMONDS), ("winner", Seat.NORTH))
            )
        )
    )
    right = next(m.group(2) for m in REASON_ITEM.finditer(html) if "subfallar" not in m.group(2) and ":" in m.group(2))
    planted = html.replace(right, right.split(":")[0] + ": " + wrong, 1)
    assert planted != html
    assert mismatches(page_reasons(planted), engine_reasons(project, "es")) != []


def test_a_card_trumped_with_has_its_own_case(project) -> None:
    """C5: the card after "has trumped with" is its own term, so each language gives it its article or case."""
    trick = ((Seat.WEST, Card.parse("AH")), (Seat.NORTH, Card.parse("8S")))
    phrase = reasons.play_phrase(PlayReason.OVERTRUMP, Seat.EAST, trick, Suit.SPADES, rules_for(Game.TRUMP))
    assert dict(phrase.values)["card"] == terms.trumped_card(Card.parse("8S"))
    said = {locale: str(renderer(project, locale).say(phrase)) for locale in LOCALES}
    assert "ha fallado con el 8 de picas" in said["es"]
    assert "побил взятку восьмёркой пик" in said["ru"]
    assert "हुकुम के 8 से काटा है" in said["hi"]
    assert "е цакал с осмица пика" in said["bg"]
    assert "a coupé du 8 de pique" in said["fr"]


def test_ru_plays_an_ace_a_king_and_a_jack_in_the_accusative_but_the_source_documents_jack(project) -> None:
    """C8: «Восток играет туза пик»; the source document's «Восток играет Валет червей.» stays as written."""
    render = renderer(project, "ru")
    assert [render.played(Card.parse(code)) for code in ("AS", "KD", "JC", "QS")] == [
        "Туза пик",
        "Короля бубен",
        "Валета треф",
        "Даму пик",
    ]
    assert render.played(Card.parse("JH")) == "Валет червей"


def test_the_no_trump_deal_says_no_belote(project, built_site: Path) -> None:
    """C9: a no-trump deal has no belote, so its outcome does not say "(belote included)"."""
    page = (built_site / "es" / "scoring.html").read_text(encoding="utf-8")
    outcome = next(p for p in re.findall(r'<p class="outcome [^"]*">(.*?)</p>', page) if "114 a 48" in p)
    assert "belote" not in outcome and "Cumplido" in outcome
    for key in ("made-no-trump", "dedans-no-trump"):
        message = scoring.OUTCOME_MESSAGES[key][0]
        assert "belote" not in message.msgid
        for locale in LOCALES:
            text = renderer(project, locale).translator.gettext(message)
            assert text != message.msgid and not re.search("belote|белот|белота", text, re.I), (locale, text)


def test_a_sentence_that_opens_with_a_placeholder_starts_with_a_capital(project) -> None:
    """C6: bg names cards in lower case («поп пика»), right mid-sentence; a sentence they open is capitalised."""
    render = renderer(project, "bg")
    card = render.card(Card.parse("KS"))
    assert card == "поп пика"
    assert str(render.gettext("%(card)s: allowed. %(reason)s", card=card, reason="…")).startswith("Поп пика: ")
    line = render.fill("reason", "%(card)s: %(reason)s", card=card, reason="…")
    assert str(line).startswith("Поп пика")
    assert str(sentence_start(Markup('<span class="x"><span lang="fr">belote</span></span>'))) == (
        '<span class="x"><span lang="fr">Belote</span></span>'
    )
    assert str(sentence_start(Markup("80 в купа"))) == "80 в купа"


def test_a_message_is_filled_as_markupsafe_fills_it(project) -> None:
    """Words' own filling of a message (faster than ``Markup % values``) gives the same markup: text
    escaped, quotes included; markup as it is; numbers formatted by their directive; any other value
    as its text, escaped. Leaving out one of the escapes would fail this."""

    class Named:
        def __str__(self) -> str:
            return "<Named & Co>"

    render = renderer(project, "ru")
    message = "%(n)d cards, %(x).1f, %(s)s, %(m)s and %(o)s"
    values = {"n": 3, "x": 2.25, "s": "<b>\"A\" & 'B'</b>", "m": Markup("<i>ok</i>"), "o": Named()}
    filled = render.gettext(message, **values)
    assert filled == render.gettext(message) % values
    assert "&lt;b&gt;&#34;A&#34; &amp; &#39;B&#39;&lt;/b&gt;" in filled
    assert "<i>ok</i>" in filled and "&lt;Named &amp; Co&gt;" in filled and "3 cards, 2.2" in filled


def test_the_templates_strings_have_their_foreign_words_marked(project) -> None:
    """C4: a template's message goes through the catalog's foreign words too, whatever the case."""
    render = renderer(project, "es")
    note = render.gettext(
        "Capot: the last trick adds %(last)s instead of the %(usual)s of the dix de der.", last=100, usual=10
    )
    assert resolve_languages(str(note)) == (
        '<span lang="fr">Capot</span>: la última baza suma 100 en lugar de los 10 del '
        '«<span lang="fr">dix de der</span>».'
    )


def test_a_message_shown_in_english_is_marked_english(project) -> None:
    """A message without a translation is shown in English, in a span that says so (not in attributes)."""
    render = renderer(project, "fr")
    render.translator.catalog.entries.pop((None, "Try it"))
    shown = render.gettext("Try it")
    assert resolve_languages(f"<p>{shown}</p>") == '<p><span lang="en">Try it</span></p>'
    assert resolve_languages(f'<button aria-label="{shown}">{shown}</button>') == (
        '<button aria-label="Try it"><span lang="en">Try it</span></button>'
    )
    assert list(render.translator.warnings.values())[0].kind == "lost"


def test_a_number_of_points_takes_its_plural_form_in_every_locale(project) -> None:
    """The deal's points said with a number are plural messages, counted on that number: Russian
    says «162 очка» and «250 очков», as CLDR's categories for the number ask."""
    from generator.rules import Team
    from generator.words.reasons import Phrase
    from generator.words.scoring import SCORE_MESSAGES, team

    message = SCORE_MESSAGES["all-to-defence"][0]
    assert message.plural is not None
    said = {
        n: str(renderer(project, "ru").say(Phrase(message, (("defence", team(Team.EW)), ("num", str(n))))))
        for n in (162, 250, 21)
    }
    assert "162 очка" in said[162] and "250 очков" in said[250] and "21 очко" in said[21], said
    for locale in LOCALES:
        sentence = str(renderer(project, locale).say(Phrase(message, (("defence", team(Team.NS)), ("num", "252")))))
        assert "252" in sentence and "%(" not in sentence, (locale, sentence)
