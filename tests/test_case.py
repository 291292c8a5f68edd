"""The player's own case on a reason's landing (generator/case.py): the query an app sends is read
by a small closed grammar, documented per reason in reasons.json; for the facts of a real position
the sentence is the engine's own; anything outside the grammar gives nothing. Chromium holds the
page's script to the same (tests/test_browser_case.py)."""

from __future__ import annotations

import json

import pytest

from generator import case
from generator.rules import AuctionReason, Card, PlayReason
from generator.words import reasons

from .case_helpers import call_cases, play_cases, query_phrase


def test_every_reason_has_a_grammar_and_every_sentence_a_real_case() -> None:
    assert set(case.GRAMMAR["play"]) == {reason.value for reason in PlayReason}
    assert set(case.GRAMMAR["call"]) == {reason.value for reason in AuctionReason}
    plays = {(c.code, c.situation) for c in play_cases()}
    every = {(reason.value, situation) for reason, situation in reasons.PLAY_MESSAGES}
    undertrump = {
        ("must-undertrump", "rules" if reasons.names_rules(game, "must_undertrump") else "")
        for game in (case.Game.TRUMP, case.Game.COINCHE)
    }  # the sentences the rule sets as they are can give
    assert plays == {key for key in every if key[0] != "must-undertrump"} | undertrump
    calls = {(c.code, c.situation) for c in call_cases()}
    assert {code for code, _ in calls} == {reason.value for reason in AuctionReason}


@pytest.mark.parametrize("kind", ["play", "call"])
def test_the_query_of_a_real_case_gives_the_engines_sentence(kind: str) -> None:
    for found in play_cases() if kind == "play" else call_cases():
        read = query_phrase(kind, found.code, found.query)
        assert read == (found.refused, found.phrase), found
        for name, _ in found.query:  # every parameter of the grammar, none other
            assert name in {written.rstrip("?") for written in case.GRAMMAR[kind][found.code]}


HOSTILE = [
    (),  # no case
    (("card", "KH"),),  # the suit led missing
    (("card", "KH"), ("led", "S"), ("led", "S")),  # twice
    (("card", "KH"), ("led", "S"), ("x", "1")),  # unknown
    (("card", "11H"), ("led", "S")),
    (("card", "kh"), ("led", "S")),  # the codes as the engine writes them, nothing else
    (("card", "KH"), ("led", "spades")),
    (("card", "<script>alert(1)</script>"), ("led", "S")),
    (("card", "toString"), ("led", "S")),
    (("__proto__", "KH"), ("led", "S")),
    (("card", "KH"), ("led", "S"), ("trump", "")),
]


@pytest.mark.parametrize("pairs", HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
def test_a_query_outside_the_grammar_gives_nothing(pairs: tuple) -> None:
    assert query_phrase("play", "must-follow-suit", pairs) is None
    assert query_phrase("play", "no-such-reason", (("card", "KH"),)) is None
    assert query_phrase("call", "bid-too-low", (("call", "90-S"), ("contract", "pass"))) is None  # not a bid
    unnamed = query_phrase("call", "out-of-turn", (("call", "coinche"), ("speaks", "N")))
    assert (unnamed is None) == reasons.names_rules(case.Game.COINCHE, "coinche_out_of_turn")  # rules not given


def test_reasons_json_documents_each_reasons_grammar() -> None:
    for kind, codes in case.GRAMMAR.items():
        for code, written in codes.items():
            documented = case.grammar(kind, code)
            assert list(documented) == [name.rstrip("?") for name in written]
            assert all(entry["type"] in case.TYPES and entry["meaning"] for entry in documented.values())
    assert case.grammar("play", "must-follow-suit")["trump"] == {
        "type": "suit",
        "required": False,
        "meaning": "the trump suit (leave it out in the no-trump game)",
    }


def test_the_pages_data_is_json_in_an_attribute_made_of_the_builds_words(built_site) -> None:
    """No script inline: the words are text in the case's data-words, escaped there (a quote,
    a < of a translation), and read back as the same JSON."""
    import html
    import re

    from generator.i18n.catalogs import Translator
    from generator.page_text import Words

    words = Words("fr", Translator("fr", None, "locales/fr/LC_MESSAGES/messages.po"))
    for kind in ("play", "call"):
        loaded = json.loads(case.case_data(words, kind))
        assert set(loaded["sentences"]) == set(case.GRAMMAR[kind]) and loaded["kind"] == kind
    page = (built_site / "fr" / "allowed-cards.html").read_text(encoding="utf-8")
    found = re.search(r'<p class="case" id="case" hidden data-words="([^"]*)">', page)
    assert found is not None and "<" not in found.group(1)
    loaded = json.loads(html.unescape(found.group(1)))
    assert loaded["names"]["card"][Card.parse("KH").code()] == "Roi de cœur" and loaded["kind"] == "play"
