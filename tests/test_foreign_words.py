"""Words of another language inside a page (Latin "Coinche", "Capot", "Générale" in Hindi; "Capot",
"Générale" in Spanish) carry a `lang` attribute, from each catalog's "foreign words" term; the
marking adds nothing but `<span lang>` and a malformed list is a warning at its catalog line."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from generator.page_text import (
    _foreign_pattern,
    _marked_runs,
    foreign_words,
    in_language,
    mark_foreign,
    plain_text,
    resolve_languages,
)

from .site_helpers import ALL_PAGES, copy_project, run_build

MARKED = {
    "hi": ("Coinche", "Surcoinche", "Capot", "Générale", "coincher", "Belote", "Maison", "Officielles"),
    "es": ("Capot", "Générale"),
}


class _Words(HTMLParser):
    """Each run of visible body text with the language it is in (the nearest `lang`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.runs: list[tuple[str | None, str]] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("meta", "link", "br", "img", "input"):
            return
        self.stack.append((tag, dict(attrs).get("lang")))
        # an SVG's text is its alternative text; an <option>'s can hold no <span lang> (HTML: text only)
        self.skip += tag in ("head", "script", "style", "svg", "option")

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, _ = self.stack.pop()
            self.skip -= name in ("head", "script", "style", "svg", "option")
            if name == tag:
                return

    def handle_data(self, data: str) -> None:
        if not self.skip:
            lang = next((lang for _, lang in reversed(self.stack) if lang), None)
            self.runs.append((lang, data))


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


@pytest.mark.parametrize("locale", sorted(MARKED))
@pytest.mark.parametrize("slug", ["index", *ALL_PAGES, "practice"])
def test_foreign_words_carry_their_language(site: Path, locale: str, slug: str) -> None:
    parser = _Words()
    parser.feed((site / locale / f"{slug}.html").read_text(encoding="utf-8"))
    import re

    for word in MARKED[locale]:
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
        unmarked = [text for lang, text in parser.runs if lang != "fr" and pattern.search(text)]
        assert unmarked == [], (word, unmarked)
    if slug == "bidding":
        assert any(lang == "fr" and "Capot" in text for lang, text in parser.runs)


def test_the_list_is_parsed_and_the_marking_adds_only_spans() -> None:
    assert foreign_words("none") == ([], [])
    words, wrong = foreign_words("fr: Capot, Générale; en: trick")
    assert words == [("fr", "Générale"), ("fr", "Capot"), ("en", "trick")] and wrong == []
    assert foreign_words("ninguna") == ([], [])  # "none", translated
    assert foreign_words('f"r: Capot')[1] and foreign_words("<script>alert(1)</script>: Capot")[1]
    html = '<a href="Capot.html" title="Capot">Capot</a> capot Capots &lt;b&gt;'
    assert mark_foreign(html, [("fr", "Capot"), ("fr", "<b>")]) == (
        '<a href="Capot.html" title="Capot"><span lang="fr">Capot</span></a> <span lang="fr">capot</span> Capots '
        '<span lang="fr">&lt;b&gt;</span>'
    )


def test_words_are_matched_in_the_text_ignoring_case_and_never_inside_an_entity() -> None:
    words = [("fr", "quot"), ("fr", "belote"), ("en", "amp")]
    html = "&quot;Belote&quot; &amp; BELOTE amp"
    assert mark_foreign(html, words) == (
        '&quot;<span lang="fr">Belote</span>&quot; &amp; <span lang="fr">BELOTE</span> <span lang="en">amp</span>'
    )
    assert mark_foreign("&lt;b&gt;", [("fr", "<b>")]) == '<span lang="fr">&lt;b&gt;</span>'


_WORDS = [("fr", "Belote"), ("fr", "dix de der"), ("fr", "Générale"), ("en", "tricks"), ("fr", "a&b")]
_PIECES = st.sampled_from(
    [
        "Belote",
        "belote",
        "BELOTE",
        "dix de der",
        "générale",
        "tricks",
        "a&b",
        "a&amp;b",
        "Bel&#111;te",
        "&quot;",
        "<b>",
        "</b>",
        '<span lang="fr">',
        "</span>",
        "\ue000fr\ue001",
        "\ue002",
        "x",
        " ",
        "ों",
        "é",
        '<a href="Belote">',
    ]
)


@given(st.lists(_PIECES, max_size=12).map("".join), st.lists(st.sampled_from(_WORDS), min_size=1, max_size=5))
def test_the_search_that_skips_a_text_without_any_word_changes_nothing(html: str, words: list[tuple[str, str]]) -> None:
    """A text in which the words' pattern finds nothing (and that has no entity) is left as it is:
    what marking its runs one by one gives too."""
    words = sorted(set(words), key=lambda pair: -len(pair[1]))
    assert mark_foreign(html, words) == _marked_runs(html, *_foreign_pattern(tuple(words)))


def test_a_word_takes_the_vowel_signs_that_follow_it() -> None:
    """Devanagari vowel signs (Unicode Mn, Mc) are not ``\\w``, but they belong to the word before them:
    «चालें» is «चाल» inflected, marked whole; a letter after them, or before the word, makes another word."""
    assert mark_foreign("चालें चाल", [("hi", "चाल")]) == '<span lang="hi">चालें</span> <span lang="hi">चाल</span>'
    assert mark_foreign("चाल", [("hi", "चा")]) == "चाल"  # «ल» continues the word
    assert mark_foreign("कर्म", [("hi", "कर")]) == "कर्म"  # a virama (Mn), then a letter
    assert mark_foreign("ाकर", [("hi", "कर")]) == "ाकर"  # after a vowel sign: inside a word


def test_text_already_in_another_language_is_not_marked_again() -> None:
    marked = mark_foreign("Belote", [("fr", "Belote")])
    assert mark_foreign(marked, [("fr", "Belote")]) == marked == '<span lang="fr">Belote</span>'
    assert mark_foreign(in_language("Belote", "en"), [("fr", "Belote")]) == in_language("Belote", "en")
    assert mark_foreign("%(belote)s belote", [("fr", "belote")]) == '%(belote)s <span lang="fr">belote</span>'


def test_language_marks_are_spans_in_text_and_dropped_in_attributes_and_titles() -> None:
    word = in_language("Belote", "fr")
    page = f'<title>{word}</title><p data-v="{word}">{word}</p><svg><text>{word}</text></svg>'
    assert resolve_languages(page) == (
        '<title>Belote</title><p data-v="Belote"><span lang="fr">Belote</span></p><svg><text>Belote</text></svg>'
    )
    assert resolve_languages(f"<p>{word}</p><b {word}") == '<p><span lang="fr">Belote</span></p><b Belote'  # unclosed
    assert plain_text(Markup(word)) == "Belote"


@pytest.mark.slow
def test_a_malformed_list_is_a_warning_at_its_catalog_line(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    path = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    text = path.read_text(encoding="utf-8")
    listed = 'msgstr ""\n"fr: Capot, Générale, dedans, litige, dix de der, rebelote, belote-rebelote"'
    assert listed in text
    path.write_text(text.replace(listed, 'msgstr "fr Capot: Générale"'), encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines().index('msgstr "fr Capot: Générale"')
    result, lines = run_build(project, tmp_path / "site")
    assert result.code == 2
    assert any(
        entry.startswith("locales/es/LC_MESSAGES/messages.po:")
        and "error: es: translation of 'none' (foreign words): 'fr Capot: Générale': write LANG: word" in entry
        for entry in lines
    ), (line, lines)
