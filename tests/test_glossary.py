"""The glossary, in every locale: each term is the catalogs' term (the word the pages use), with a
one-line definition and a link to the section or example that shows it; a term that is not one
of the catalogs' terms, or a link to an anchor that does not exist, is refused at FILE:LINE:COL."""

from __future__ import annotations

import html as html_lib
import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.i18n.catalogs import Translation, Translator, read_catalog
from generator.page_text import Words, link_first_use, search_words
from generator.reader.pages import Entry, Text
from generator.words.terms import SEARCH_WORDS, TERMS, Message, word

from .conftest import ROOT
from .pagetext import squash, visible_text
from .site_helpers import LOCALES, PAGES, copy_project, run_build
from .test_site import Elements
from .test_terminology import TERMS as PREFERRED

ENTRIES = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))["entries"]
CONCEPTS = {"trick": "trick", "undertrump": "undertrump", "overtrump": "overtrump"}
"""Glossary entries whose word the terminology check also fixes (entry id -> its concept there)."""


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


def message(term: str | dict[str, str]) -> Message:
    if isinstance(term, dict):
        ((context, text),) = term.items()
        return Message(context, text)
    return word(term)


def test_the_glossary_covers_the_issues_terms_and_names_only_catalog_terms() -> None:
    ids = [entry["id"] for entry in ENTRIES]
    for wanted in ("take", "pass", "trump", "follow-suit", "trumping", "overtrump", "undertrump", "discard"):
        assert wanted in ids
    for wanted in ("partner-winning", "trick", "coinche", "surcoinche", "capot", "generale", "dealer", "turned-card"):
        assert wanted in ids
    assert "house-rules" in ids and "official-rules" in ids
    assert all(message(entry["term"]) in TERMS for entry in ENTRIES)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_term_is_the_catalogs_word_with_its_definition_and_link(site: Path, locale: str) -> None:
    catalog = read_catalog(ROOT / f"locales/{locale}/LC_MESSAGES/messages.po", "po", locale, [])
    translator = Translator(locale, catalog, "po")
    html = (site / locale / "glossary.html").read_text(encoding="utf-8")
    found = re.findall(r'<div class="term" id="([^"]+)">\s*<dt>(.*?) <a class="permalink"', html)
    assert [anchor for anchor, _ in found] == [entry["id"] for entry in ENTRIES]
    typed = dict(search_words(translator.gettext(SEARCH_WORDS))[0])  # the forms players type, by term
    for (anchor, shown), entry in zip(found, ENTRIES, strict=True):
        shown, _, forms = shown.partition(' <span class="also">')
        shown = re.sub(r'<span lang="fr">(.*?)</span>', r"\1", shown)  # a foreign word, marked
        assert shown == translator.gettext(message(entry["term"])), anchor
        forms = re.sub(r"<[^>]+>", "", forms).removeprefix("(").removesuffix(")")
        assert forms.split(", ") == next((v for k, v in typed.items() if k.casefold() == shown.casefold()), [""])
        if anchor in CONCEPTS and any(term.concept == CONCEPTS[anchor] for term in PREFERRED.get(locale, ())):
            preferred = next(term for term in PREFERRED[locale] if term.concept == CONCEPTS[anchor]).preferred
            assert re.search(preferred, shown, re.IGNORECASE), (locale, anchor, shown)
    assert translator.warnings == {}
    links = [attrs["href"] for attrs in Elements(html).find("a", **{"class": "see"})]
    assert links == [entry["see"].replace("#", ".html#") for entry in ENTRIES]
    for link in links:  # every link leads to an anchor of its page
        file, anchor = str(link).split("#")
        assert f'id="{anchor}"' in (site / locale / file).read_text(encoding="utf-8")


def test_the_forms_players_type_name_terms_of_the_glossary() -> None:
    """The "search words" message: each TERM a term of the glossary as the locale writes it (in
    any case), else a warning at the message's line that names the terms; parts not of the form
    said too."""
    catalog = read_catalog(ROOT / "locales/es/LC_MESSAGES/messages.po", "po", "es", [])
    assert catalog is not None
    line = catalog.entries[(SEARCH_WORDS.context, SEARCH_WORDS.msgid)].line
    catalog.entries[(SEARCH_WORDS.context, SEARCH_WORDS.msgid)] = Translation(
        ("contra: coinche, contrée; Contrá: coinche; nonsense; Capot:",), False, line
    )
    translator = Translator("es", catalog, "po")
    nothing = Text("", "", 0, 0)
    entries = (
        Entry("trick", word("trick"), nothing, nothing),
        Entry("coinche", Message("call", "Coinche"), nothing, nothing),
    )
    assert Words("es", translator).search_forms(entries) == {"coinche": "coinche, contrée"}
    [warning] = translator.warnings.values()
    assert (warning.path, warning.line, warning.severity) == ("po", line, "warning")
    assert warning.message == (
        "es: translation of 'none' (search words): 'nonsense': write TERM: form, form (TERM as the glossary "
        "writes it), or none; 'Capot:': write TERM: form, form (TERM as the glossary writes it), or none; "
        "'Contrá' is not a term of the glossary (its terms: baza, contra)"
    )
    assert search_words("none") == ([], []) and search_words("ninguna") == ([], [])
    assert search_words("Capot:capote; http://x.example: javascript:x") == (
        [("Capot", ["capote"]), ("http://x.example", ["javascript:x"])],
        [],
    )


@pytest.mark.slow
def test_a_term_not_in_the_catalogs_and_a_link_to_nowhere_are_refused(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / "content" / "glossary.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    term_line = lines.index("    term: trick") + 1
    see_line = lines.index("    see: allowed-cards#undertrump") + 1
    path.write_text(text.replace("    term: trick\n", "    term: levée\n"), encoding="utf-8")
    result, report = run_build(project, tmp_path / "site")
    assert result.code == 2 and not (tmp_path / "site").exists()
    assert any(
        line.startswith(f"content/glossary.yaml:{term_line}:11: error: term: not a term of generator/words/terms.py")
        for line in report
    ), report
    path.write_text(
        text.replace("    see: allowed-cards#undertrump\n", "    see: allowed-cards#sous-couper\n"), encoding="utf-8"
    )
    result, report = run_build(project, tmp_path / "site")
    assert result.code == 2 and not (tmp_path / "site").exists()
    assert report == [
        f"content/glossary.yaml:{see_line}:10: error: see: allowed-cards#sous-couper: "
        "allowed-cards has no section or example #sous-couper",
        "1 error; nothing written",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("see", ["glossary#dealer", "glossary#turned-card"])
def test_a_see_the_glossary_cannot_show_is_refused_by_the_check(tmp_path: Path, see: str) -> None:
    """Issue 22: an entry pointing at the glossary itself passed the check, then failed in
    templates/glossary.html; the check and the template take their targets from one function."""
    project = copy_project(tmp_path)
    path = project / "content" / "glossary.yaml"
    text = path.read_text(encoding="utf-8")
    see_line = text.splitlines().index("    see: bidding#ex-trump-take-round-one") + 1
    path.write_text(text.replace("    see: bidding#ex-trump-take-round-one\n", f"    see: {see}\n"), encoding="utf-8")
    result, report = run_build(project, tmp_path / "site")
    assert result.code == 2 and not (tmp_path / "site").exists()
    assert report == [
        f"content/glossary.yaml:{see_line}:10: error: see: {see}: glossary has no section or example "
        f"#{see.partition('#')[2]}",
        "1 error; nothing written",
    ], report


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", PAGES)
def test_the_first_use_of_a_glossary_word_links_to_its_entry(site: Path, locale: str, slug: str) -> None:
    page = (site / locale / f"{slug}.html").read_text(encoding="utf-8")
    glossary = (site / locale / "glossary.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="gloss" href="glossary\.html#([a-z-]+)">([^<]*)</a>', page)
    assert len(links) >= (3 if slug == "bidding" else 1), links
    anchors = [anchor for anchor, _ in links]
    assert len(anchors) == len(set(anchors)), "one link per word and page"
    for anchor, text in links:
        assert f'<div class="term" id="{anchor}">' in glossary
        headword = re.search(rf'<div class="term" id="{anchor}">\s*<dt>(.*?) <(?:a|span class="also")', glossary).group(
            1
        )  # type: ignore[union-attr]
        word = re.sub(r"<[^>]+>", "", headword).casefold()
        assert text.casefold().startswith(word), (headword, text)
        assert all(unicodedata.category(c) in ("Mn", "Mc") for c in text[len(word) :]), (headword, text)  # its signs
    for heading in re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", page, re.DOTALL):
        assert 'class="gloss"' not in heading
    assert not re.search(r"<a [^>]*>[^<]*<a ", page), "no link inside a link"
    assert 'class="gloss"' not in glossary


@pytest.mark.parametrize("slug", PAGES)
def test_a_link_never_closes_inside_a_word(site: Path, slug: str) -> None:
    """A first-use link ends where its word ends: never before a Devanagari vowel sign (Mn, Mc), «<a>चाल</a>ों»;
    the inflected word is linked whole, «<a>चालों</a>»."""
    page = (site / "hi" / f"{slug}.html").read_text(encoding="utf-8")
    inside = [m.group(0) for m in re.finditer(r"</a>(.)", page) if unicodedata.category(m.group(1)) in ("Mn", "Mc")]
    assert inside == []
    assert 'class="gloss"' in page


@pytest.mark.parametrize("locale", LOCALES)
def test_the_locale_home_says_what_the_glossary_is(site: Path, locale: str) -> None:
    """Under each page's link, the home says what the page is about (its description), not a count."""
    home = (site / locale / "index.html").read_text(encoding="utf-8")
    card = home[home.index('<li><a href="glossary.html">') :]
    card = card[: card.index("</li>")]
    glossary = (site / locale / "glossary.html").read_text(encoding="utf-8")
    description = re.search(r'<meta name="description" content="([^"]+)">', glossary).group(1)  # type: ignore[union-attr]
    assert squash(visible_text(card.split("<span>", 1)[1])) == squash(html_lib.unescape(description))


def _joins(character: str) -> bool:
    return character.isalnum() or character == "_" or unicodedata.category(character) in ("Mn", "Mc")


def _first_whole(part: str, word: str) -> tuple[int, int] | None:
    """Where in a run of HTML the first whole use of ``word`` is, compared character by character
    ignoring case in the text the run shows (an entity is one piece: never matched inside)."""
    pieces = re.findall(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|.", part, re.DOTALL)
    shown = [html_lib.unescape(piece) if len(piece) > 1 else piece for piece in pieces]
    for first in range(len(pieces)):
        last, text = first, ""
        while last < len(pieces) and len(text) < len(word):
            text, last = text + shown[last], last + 1
        if len(text) != len(word) or not all(
            re.fullmatch(re.escape(a), b, re.I) for a, b in zip(word, text, strict=True)
        ):
            continue
        while last < len(pieces) and len(shown[last]) == 1 and unicodedata.category(shown[last]) in ("Mn", "Mc"):
            last += 1  # the word's vowel signs are the word's
        before, after = "".join(shown[:first])[-1:], "".join(shown[last:])[:1]
        if not (before and _joins(before)) and not (after and _joins(after)):
            start = sum(len(piece) for piece in pieces[:first])
            return start, start + sum(len(piece) for piece in pieces[first:last])
    return None


def linked_by_definition(html: str, words: list[tuple[str, str]], linked: set[str], href: str) -> str:
    """``link_first_use`` as its docstring defines it, word by word and run by run of text, with no
    shortcut: what the renderer's faster search must give."""
    pending = [(w, a) for w, a in words if a not in linked]
    parts = re.split(r"(<[^>]*>)", html)
    inside_link = False
    for index, part in enumerate(parts):
        if part.startswith("<"):
            inside_link = part.startswith("<a ") or part == "<a>" or (inside_link and part != "</a>")
            continue
        for w, anchor in [] if inside_link else pending:
            found = None if anchor in linked else _first_whole(part, w)
            if found:
                start, end = found
                parts[index] = (
                    part[:start] + f'<a class="gloss" href="{href}#{anchor}">{part[start:end]}</a>' + part[end:]
                )
                linked.add(anchor)
                break
    return "".join(parts)


FOLDING = "sSſkKKiIİıσςΣµμϐβßẞﬅ &<;éЁёचालों"
"""Letters whose case folding is unusual (long s, the Kelvin sign, dotted and dotless i, final
sigma, micro sign, curled beta, sharp s, a ligature) among plain ones, spaces, characters escaped
in HTML (and the pieces of an entity), and Devanagari letters and vowel signs."""


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.text(FOLDING, min_size=1, max_size=4), min_size=1, max_size=4, unique=True),
    st.lists(
        st.one_of(
            st.text(FOLDING, max_size=12),
            st.sampled_from(["<a href=x>", "</a>", "<em>", "</em>", "&amp;", "&lt;", "&quot;", "&#39;", "&amp"]),
        ),
        max_size=6,
    ),
)
def test_the_first_use_of_a_word_is_found_as_a_search_word_by_word_finds_it(
    words: list[str], pieces: list[str]
) -> None:
    glossary = [(w, f"w{n}") for n, w in enumerate(words)]
    html = "".join(pieces)
    mine, theirs = set(), set()
    for run in (html, html):  # a second text of the page: words linked in the first stay unlinked
        assert str(link_first_use(run, glossary, mine, "g.html")) == linked_by_definition(
            run, glossary, theirs, "g.html"
        )
        assert mine == theirs
