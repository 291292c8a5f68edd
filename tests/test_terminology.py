"""Each locale's game terms on the built pages: the preferred word for each concept is used, and the
forms a native player would not write (Latin "trick" in Hindi, «кози» in Bulgarian, «annonce» for a
bid in French…) appear nowhere outside the lines of the source documents, which stay verbatim."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .pagetext import document_lines, squash, visible_text
from .site_helpers import LOCALES, PAGES, SEED_PAGES, SEEDS, copy_project, run_build


@dataclass(frozen=True)
class Avoid:
    """A form that must not appear (a regular expression, case-insensitive), with a text it catches."""

    pattern: str
    example: str


@dataclass(frozen=True)
class Term:
    """A concept's preferred term in a locale, and the forms to avoid for it.

    ``preferred`` must match on each of ``pages`` (source lines included); the ``avoid`` forms must not appear on
    ``avoid_on`` (every page of the locale when None) outside the source documents' lines.
    """

    concept: str
    preferred: str
    avoid: tuple[Avoid, ...]
    pages: tuple[str, ...] = PAGES
    avoid_on: tuple[str, ...] | None = None


TERMS: dict[str, tuple[Term, ...]] = {
    "es": (
        Term("trick", r"\bbazas?\b", (Avoid(r"\blevadas?\b", "la levada"),)),
        Term("undertrump", r"\bsubfallar\b", (Avoid(r"\binfrafall\w*", "infrafallar"),), pages=("allowed-cards",)),
        Term(
            "a failed contract falls (fallar is to trump)",
            r"\bca[eí]\w*",
            (Avoid(r"\bfallad[oa]s?\b", "contrato fallado"), Avoid(r"\bfracas\w*", "el contrato fracasa")),
            pages=("scoring",),
            avoid_on=("scoring",),
        ),
    ),
    "ru": (
        Term("trick", r"\bвзятк\w*", (Avoid(r"\bлевэ\b", "левэ"),)),
        Term(
            "bid (outbidding is not overtrumping)",
            r"\bзаявк\w*",
            (Avoid(r"\bпереби\w*", "Восток перебивает его"),),
            pages=("bidding",),
            avoid_on=("bidding",),
        ),
        Term("refused bid", r"\(заявка отклонена\)", (Avoid(r"\(отклонено\)", "(отклонено)"),), pages=("bidding",)),
    ),
    "hi": (
        Term("trick", "चाल", (Avoid(r"\btricks?\b", "यह trick"),), pages=("allowed-cards", "scoring")),
        # The rule sets as the source document on hi/bidding names them («Maison नियमों में …»), their French
        # word marked with lang (a span of its own in the page text).
        Term("house rules", r"Maison\s+नियम", (Avoid("घरेलू नियम", "घरेलू नियम"),)),
        Term(
            "official rules",
            r"Officielles\s+नियम",
            (Avoid("आधिकारिक नियम", "आधिकारिक नियम"),),
            pages=("allowed-cards",),
        ),
    ),
    "bg": (
        Term(
            "trumps (plural)",
            r"\bкозове(те)?\b",
            (Avoid(r"\bкози(те)?\b", "няма повече кози"),),
            pages=("allowed-cards",),
        ),
        Term(
            "overtrump",
            r"\bнадцак\w*",
            (
                Avoid(r"\bкач\w* с по-висок коз", "да качи с по-висок коз"),
                Avoid(r"\bкачи над\b", "не може да качи над"),
            ),
            pages=("allowed-cards",),
        ),
        Term(
            "undertrump",
            r"\bподцак\w*",
            (Avoid(r"цакане с по-нисък коз", "Цакане с по-нисък коз"),),
            pages=("allowed-cards",),
        ),
        Term("trick", r"\bръка(та)?\b", (Avoid(r"\bвзятк\w*", "взятката"),), pages=("allowed-cards", "scoring")),
        Term("dedans: the takers are in", r"\bвътре\b", (Avoid(r"\bпровал\w*", "провал"),), pages=("scoring",)),
    ),
    "fr": (
        Term(
            "bid (les annonces are melds)",
            r"\benchères?\b",
            (
                Avoid(
                    r"(?:\b(?:une|chaque|les|des|cette|son|sa|ses|leur|leurs)\s+|\b[ld][’'])annonces?\b", "l’annonce"
                ),
                Avoid(r"\bannonces?\s+refusées?\b", "(annonce refusée)"),
            ),
            pages=("bidding",),
        ),
        Term("trick", r"\bplis?\b", (Avoid(r"\blevées?\b", "la levée"),), pages=("allowed-cards", "scoring")),
        Term("a failed contract", r"\bchut\w*", (Avoid(r"\béchou\w*", "le contrat a échoué"),), pages=("scoring",)),
        Term(
            "overtrump",
            r"\bsurcoup\w*",
            (Avoid(r"\bcouper plus haut\b", "doit couper plus haut"),),
            pages=("allowed-cards",),
        ),
        Term(
            "undertrump",
            r"\bsous-coup\w*",
            (Avoid(r"\bcouper plus bas\b", "couper plus bas"),),
            pages=("allowed-cards",),
        ),
    ),
}

_ATTRIBUTES = ("aria-label", "alt", "title", "placeholder")
_META = re.compile(r"^(description|og:(title|description|image:alt|site_name)|twitter:(title|description|image:alt))$")


class _Labels(HTMLParser):
    """The text a page gives outside its visible text: <title>, labels and alternative texts, share tags."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.in_title = tag == "title"
        self.parts += [value for name, value in attrs if name in _ATTRIBUTES and value]
        if tag == "meta" and _META.match(attributes.get("name") or attributes.get("property") or ""):
            self.parts.append(attributes.get("content") or "")

    def handle_endtag(self, tag: str) -> None:
        self.in_title = False

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.parts.append(data)


def reader_text(html: str) -> str:
    """Everything a reader or a screen reader gets from a page: its visible text, then its labels."""
    labels = _Labels()
    labels.feed(html)
    labels.close()
    return "\n".join([visible_text(html), *labels.parts])


def without_lines(text: str, lines: list[str]) -> str:
    """``text`` with each line of a source document (found in order, white space aside) cut out."""
    kept: list[str] = []
    position = 0
    for line in lines:
        pattern = r"\s*".join(re.escape(char) for char in squash(line))
        found = re.compile(pattern).search(text, position)
        if found:
            kept.append(text[position : found.start()])
            position = found.end()
    kept.append(text[position:])
    return "\n".join(kept)


def source_lines(page: str) -> list[str]:
    """The lines of the source document that ``page`` ("ru/allowed-cards.html") must show; none for most."""
    return [
        line
        for document, name in SEED_PAGES.items()
        if name == page
        for line in document_lines((SEEDS / document).read_text(encoding="utf-8"))
    ]


def avoided_forms(locale: str, page: str, text: str) -> list[str]:
    """Each avoided form found in ``text`` (the reader text of ``page``, source lines already cut out)."""
    found = []
    slug = page.rsplit("/", 1)[-1].removesuffix(".html")
    for term in TERMS[locale]:
        if term.avoid_on is not None and slug not in term.avoid_on:
            continue
        for form in term.avoid:
            for match in re.finditer(form.pattern, text, re.IGNORECASE):
                context = " ".join(text[max(0, match.start() - 30) : match.end() + 30].split())
                found.append(f"{page}: «{match.group(0)}» for {term.concept} (use /{term.preferred}/): …{context}…")
    return found


def page_text(site: Path, page: str) -> str:
    """The reader text of a built page with its source document's lines cut out."""
    return without_lines(reader_text((site / page).read_text(encoding="utf-8")), source_lines(page))


def locale_pages(site: Path, locale: str) -> list[str]:
    """Every built page of a locale, as "hi/allowed-cards.html"; new pages are checked as they come."""
    return sorted(path.relative_to(site).as_posix() for path in (site / locale).glob("*.html"))


# The built site ---------------------------------------------------------------------------------


def test_every_locale_has_a_terminology_table() -> None:
    assert set(TERMS) == set(LOCALES)
    for terms in TERMS.values():
        assert all(term.avoid and set(term.pages) <= set(PAGES) for term in terms)


@pytest.mark.variants
@pytest.mark.parametrize("locale", LOCALES)
def test_no_avoided_form_appears_outside_the_source_lines(built_site: Path, locale: str) -> None:
    pages = locale_pages(built_site, locale)
    assert {f"{locale}/{slug}.html" for slug in PAGES} <= set(pages)
    found = [problem for page in pages for problem in avoided_forms(locale, page, page_text(built_site, page))]
    assert found == [], "\n".join(found)


_TERMS = [(locale, term) for locale, terms in TERMS.items() for term in terms]
_FORMS = [(locale, term, form) for locale, term in _TERMS for form in term.avoid]


@pytest.mark.parametrize("locale, term", _TERMS, ids=[f"{locale}-{term.concept}" for locale, term in _TERMS])
def test_the_preferred_term_is_used_on_its_pages(built_site: Path, locale: str, term: Term) -> None:
    for slug in term.pages:
        page = f"{locale}/{slug}.html"
        text = reader_text((built_site / page).read_text(encoding="utf-8"))
        assert re.search(term.preferred, text, re.IGNORECASE), f"{page}: no /{term.preferred}/"


# The check itself can fail ------------------------------------------------------------------------


@pytest.mark.parametrize("locale, term, form", _FORMS, ids=[f"{locale}-{form.example}" for locale, _, form in _FORMS])
def test_a_planted_avoided_form_is_found(built_site: Path, locale: str, term: Term, form: Avoid) -> None:
    slug = (term.avoid_on or PAGES)[0]
    page = f"{locale}/{slug}.html"
    html = (built_site / page).read_text(encoding="utf-8")
    planted = html.replace("</main>", f"<p>… {form.example} …</p></main>", 1)
    assert planted != html
    text = without_lines(reader_text(planted), source_lines(page))
    assert [problem for problem in avoided_forms(locale, page, text) if f"for {term.concept} " in problem]


def test_a_form_in_a_label_or_the_title_is_found() -> None:
    html = '<html><head><title>Chaque annonce</title></head><body><nav aria-label="l’annonce"></nav></body></html>'
    assert len(avoided_forms("fr", "fr/bidding.html", reader_text(html))) == 2


def test_the_source_lines_are_exempt_and_only_they(built_site: Path) -> None:
    page = "hi/bidding.html"
    whole = reader_text((built_site / page).read_text(encoding="utf-8"))
    assert re.search(r"सारी\s+tricks", whole) and re.search(r"Maison\s+नियमों\s+में", whole)  # the source, verbatim
    assert avoided_forms("hi", page, whole) != []
    assert avoided_forms("hi", page, without_lines(whole, source_lines(page))) == []
    assert without_lines("a b trick d", ["ab", "d"]) == "\n trick \n"


@pytest.mark.slow
def test_a_bad_translation_fails_the_check_after_a_build(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    catalog = project / "locales/hi/LC_MESSAGES/messages.po"
    text = catalog.read_text(encoding="utf-8")
    good = 'msgstr "%(seat)s चाल जीतता है।"'
    assert good in text
    catalog.write_text(text.replace(good, 'msgstr "%(seat)s trick जीतता है।"'), encoding="utf-8")
    result, lines = run_build(project, tmp_path / "site")
    assert result.code == 0, lines
    found = avoided_forms("hi", "hi/allowed-cards.html", page_text(tmp_path / "site", "hi/allowed-cards.html"))
    assert len(found) == 1 and "«trick» for trick" in found[0] and "पूर्व trick जीतता है" in found[0]


@pytest.mark.slow
def test_the_played_card_takes_the_case_its_sentence_needs(tmp_path: Path) -> None:
    """Russian "X играет CARD" takes the accusative ("Даму пик"); the source document's «Восток играет
    Валет червей.» stays as it is written (masculine card names keep the form the document uses)."""
    project = copy_project(tmp_path / "project")
    page = project / "content" / "allowed-cards.yaml"
    text = page.read_text(encoding="utf-8")
    old = (
        "          hand: {E: [JH, KD]}\n          play: JH\n          expect:\n"
        "            allowed: [JH]\n            winner: E\n            points: 41\n"
    )
    assert old in text
    new = (
        "          hand: {E: [QS, KD]}\n          play: QS\n          expect:\n"
        "            allowed: [QS]\n            winner: S\n            points: 24\n"
    )
    page.write_text(text.replace(old, new), encoding="utf-8")
    result, lines = run_build(project, tmp_path / "site", strict=False)
    assert result.code == 0, lines
    russian = squash(visible_text((tmp_path / "site" / "ru" / "allowed-cards.html").read_text(encoding="utf-8")))
    assert squash("Восток играет Даму пик.") in russian
    assert squash("Рука Востока: Дама пик") in russian  # the list keeps the name as it stands alone
    assert squash("Este juega Dama de picas.") in squash(
        visible_text((tmp_path / "site" / "es" / "allowed-cards.html").read_text(encoding="utf-8"))
    )
