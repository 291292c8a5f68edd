"""Moving around the site: stable anchors (the same in every locale, from the page files' `id:`),
"on this page" contents, a permalink on every section and example, previous / next and the way
back to the language chooser near the top, the footer marking the current page; a page file whose
sections share an anchor is refused at FILE:LINE:COL."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import ROOT
from .site_helpers import ALL_PAGES, LOCALES, PAGES, copy_project, run_build
from .test_site import Elements

ANCHORS = {
    "allowed-cards": ["follow-suit", "trump-led", "trumping", "undertrump", "no-trump", "trick-winner"],
    "bidding": ["trump-game", "no-trump-game", "coinche-contracts"],
    "scoring": [
        "card-points",
        "belote",
        "made-or-dedans",
        "tie",
        "coinche-contract",
        "capot-generale",
        "coinche-surcoinche",
    ],
}


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


def html(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def anchors(page: str) -> list[str]:
    """The ids of the page's sections and examples, in order."""
    return re.findall(r'<(?:section class="part"|article class="example") id="([^"]+)"', page)


@pytest.mark.parametrize("slug", PAGES)
def test_every_locale_has_the_same_readable_anchors(site: Path, slug: str) -> None:
    found = {locale: anchors(html(site, f"{locale}/{slug}.html")) for locale in LOCALES}
    assert len({tuple(ids) for ids in found.values()}) == 1, found
    ids = found["es"]
    assert [i for i in ids if not i.startswith("ex-")] == ANCHORS[slug]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("slug", PAGES)
def test_contents_and_permalinks(site: Path, locale: str, slug: str) -> None:
    page = html(site, f"{locale}/{slug}.html")
    toc = page[page.index('<nav class="toc"') : page.index("</nav>", page.index('<nav class="toc"'))]
    assert [attrs["href"] for attrs in Elements(toc).find("a")] == [f"#{i}" for i in ANCHORS[slug]]
    for anchor in anchors(page):  # each section and example has a permalink to itself, inside it
        start = page.index(f' id="{anchor}"')
        end = page.index("</section>" if not anchor.startswith("ex-") else "</article>", start)
        assert f'<a class="permalink" href="#{anchor}" aria-label="' in page[start:end], anchor
    assert page.index('<nav class="toc"') < page.index('id="in-brief"')


@pytest.mark.parametrize("locale", LOCALES)
def test_previous_next_and_the_way_back_near_the_top(site: Path, locale: str) -> None:
    order = ["index.html", *(f"{slug}.html" for slug in ALL_PAGES), "practice.html"]  # practice last
    for position, name in enumerate(order):
        page = html(site, f"{locale}/{name}")
        pager = page[page.index('<nav class="pager"') : page.index("</nav>", page.index('<nav class="pager"'))]
        links = {attrs.get("rel") or "up": attrs["href"] for attrs in Elements(pager).find("a")}
        assert links["up"] == "../index.html"
        assert links.get("prev") == (order[position - 1] if position else None)
        assert links.get("next") == (order[position + 1] if position + 1 < len(order) else None)
        assert page.index('<nav class="pager"') < page.index("<h1>")
        footer = Elements(page[page.index('<footer class="foot">') :]).find("a")
        assert [attrs["href"] for attrs in footer if attrs.get("aria-current") == "page"] == (
            [name] if name != "index.html" else []
        )


@pytest.mark.slow
def test_two_sections_sharing_an_anchor_are_refused_at_their_line(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    page = project / "content" / "allowed-cards.yaml"
    text = page.read_text(encoding="utf-8")
    line = text.splitlines().index("  - id: undertrump") + 1
    page.write_text(
        text.replace("  - id: undertrump", "  - id: trumping").replace(
            "  - id: no-trump\n", "  - id: ex-follow-suit\n"
        ),
        encoding="utf-8",
    )
    result, lines = run_build(project, tmp_path / "site")
    assert result.code == 2 and not (tmp_path / "site").exists()
    first = text.splitlines().index("  - id: trumping") + 1
    assert any(
        line_.startswith(f"content/allowed-cards.yaml:{line}:9: error: id: #trumping is not unique on this page")
        and f"(first at content/allowed-cards.yaml:{first}:9)" in line_
        for line_ in lines
    ), lines
    assert any(": error: id: 'ex-follow-suit' is taken by the page itself" in line_ for line_ in lines), lines


@pytest.mark.slow
@pytest.mark.parametrize(
    "taken",
    ["card-order", "rule-sets", "v-t1-deal", "ex-belote", "main", "in-brief", "why-must-follow-suit", "search-words"],
)
def test_a_section_id_the_templates_give_is_refused_at_its_place(tmp_path: Path, taken: str) -> None:
    """Issue 22: card-order, rule-sets and v-… were accepted, then twice on the page (the reserved
    ids were a hand-kept copy of the templates'); they are now read from the templates."""
    project = copy_project(tmp_path)
    page = project / "content" / "scoring.yaml"
    text = page.read_text(encoding="utf-8")
    line = text.splitlines().index("  - id: belote") + 1
    page.write_text(text.replace("  - id: belote\n", f"  - id: {taken}\n"), encoding="utf-8")
    result, lines = run_build(project, tmp_path / "site")
    assert result.code == 2 and not (tmp_path / "site").exists()
    assert [x for x in lines if ": error: " in x] == [
        f"content/scoring.yaml:{line}:9: error: id: {taken!r} is taken by the page itself (templates/*.html give "
        "the ids card-order, case, contents, how-scored, in-brief, main, practice-calls, practice-play, rule-sets, "
        "search-said, search-words, why and "
        "those starting ex-, lost-, v-, why-): choose another"
    ], lines


def test_check_refuses_a_section_id_the_templates_give(tmp_path: Path, run_cli) -> None:
    page = tmp_path / "scoring.yaml"
    text = (ROOT / "content/scoring.yaml").read_text(encoding="utf-8")
    page.write_text(text.replace("  - id: belote\n", "  - id: v-belote\n"), encoding="utf-8")
    code, output = run_cli("check", str(page))
    line = text.splitlines().index("  - id: belote") + 1
    assert code == 2 and f"{page}:{line}:9: error: id: 'v-belote' is taken by the page itself" in output, output


@pytest.mark.slow
def test_an_id_a_template_starts_to_give_is_refused_in_a_page_read_before(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    assert run_build(project, tmp_path / "site")[0].code == 0  # the pages are now in the build's cache
    base = project / "templates" / "base.html"
    base.write_text(base.read_text(encoding="utf-8").replace('<main id="main">', '<main id="belote">'), "utf-8")
    result, lines = run_build(project, tmp_path / "site")
    assert result.code == 2, lines
    assert any(x.startswith("content/scoring.yaml:") and "id: 'belote' is taken by the page itself" in x for x in lines)


@pytest.mark.slow
def test_a_section_without_an_id_is_refused(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    page = project / "content" / "bidding.yaml"
    page.write_text(
        page.read_text(encoding="utf-8").replace("  - id: trump-game\n    heading:", "  - heading:"), encoding="utf-8"
    )
    result, lines = run_build(project, None)
    assert result.code == 2 and any("content/bidding.yaml:" in line and "`id`" in line for line in lines), lines


@pytest.mark.slow
def test_a_large_sites_pager_names_the_true_neighbours(tmp_path: Path) -> None:
    """Past a dozen pages the footer lists only a page's neighbours; the pager still follows menu order."""
    import yaml

    from bench.synthetic import make_site

    project = make_site(tmp_path / "project", 15)
    slugs = yaml.safe_load((project / "content/site.yaml").read_text(encoding="utf-8"))["pages"]
    assert len(slugs) > 12
    result, lines = run_build(project, tmp_path / "site")
    assert result.code == 0, lines
    for position in (0, len(slugs) // 2, len(slugs) - 1):
        page = (tmp_path / "site" / "fr" / f"{slugs[position]}.html").read_text(encoding="utf-8")
        pager = page[page.index('<nav class="pager"') : page.index("</nav>", page.index('<nav class="pager"'))]
        links = {attrs.get("rel") or "up": attrs["href"] for attrs in Elements(pager).find("a")}
        assert links.get("prev") == (f"{slugs[position - 1]}.html" if position else "index.html")
        assert links.get("next") == (f"{slugs[position + 1]}.html" if position + 1 < len(slugs) else "practice.html")


@pytest.mark.parametrize("locale", LOCALES)
def test_each_permalink_names_what_it_links_to(site: Path, locale: str) -> None:
    """A screen reader's list of links tells the permalinks apart: each names its section, example or
    glossary word, not only "link to this section"."""
    for name in (*(f"{slug}.html" for slug in ALL_PAGES),):
        page = html(site, f"{locale}/{name}")
        labels = [str(attrs["aria-label"]) for attrs in Elements(page).find("a") if attrs.get("class") == "permalink"]
        assert len(labels) > 5 and len(set(labels)) == len(labels), (name, labels)
        for label in labels:
            assert re.search(r"[:：]\s*\S", label), label  # "Link to this section: Following suit"
