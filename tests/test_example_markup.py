"""The examples' markup built in Python (generator/example_markup.py) gives the bytes of its
reference macros (templates/blocks.html, templates/deal.html), and shows the same messages in
English, on every example of the real site and of synthetic sites (their positions turned and
their suits permuted), in every locale."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from generator.deal_views import DealView
from generator.i18n.catalogs import Translator
from generator.plan import ShownExample, shown_pages
from generator.project import Project, load_project
from generator.render import LocaleRenderer
from generator.views import AuctionView

from .conftest import ROOT

FUNCTIONS = {
    "setup_html": ("blocks.html", "setup"),
    "auction_html": ("blocks.html", "auction"),
    "play_html": ("blocks.html", "play"),
    "deal_setup_html": ("deal.html", "setup"),
    "tricks_html": ("deal.html", "tricks"),
    "tally_html": ("deal.html", "tally"),
    "said_html": ("deal.html", "said"),
}
"""Each function, by the name the templates call it, and its reference macro."""


def calls(project: Project) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every call of the functions a page of the project makes, and each with the options a page
    may give it (a play with and without its pair, a deal's rules named or not, its score alone
    or beside its pair's)."""
    for page in shown_pages(project.pages, project.views):
        blocks = [*page.summary, *(block for section in page.sections for block in section.blocks)]
        for block in blocks:
            if not isinstance(block, ShownExample):
                continue
            view, other = block.view, block.pair
            if isinstance(view, DealView):
                yield from [("deal_setup_html", (view,)), ("deal_setup_html", (view, False))]
                yield from [("tricks_html", (view,)), ("tally_html", (view,)), ("said_html", (view,))]
                if isinstance(other, DealView):
                    yield "tally_html", (view, [other])
            elif isinstance(view, AuctionView):
                yield from [("setup_html", (view,)), ("auction_html", (view,))]
            else:
                yield from [("setup_html", (view,)), ("play_html", (view, None))]
                if other is not None:
                    yield "play_html", (view, other)
        for line in page.why:
            if line.drawn is not None:
                yield from [("setup_html", (line.drawn,)), ("auction_html", (line.drawn,))]


def renderer(project: Project, locale: str) -> LocaleRenderer:
    assert project.site is not None
    translator = Translator(locale, project.catalogs[locale], f"locales/{locale}")
    return LocaleRenderer(project.root / "templates", project.site, locale, translator, project.compiled)


def assert_same_markup(project: Project) -> tuple[int, int]:
    """Check every call in every locale; the number of calls checked, and of those that showed English."""
    assert project.site is not None and project.problems == [] and project.mismatches == []
    every = list(calls(project))
    english = 0
    assert {name for name, _ in every} == set(FUNCTIONS)  # each function is checked
    for locale in project.site.locales:
        render = renderer(project, locale)
        modules = {name: render.env.get_template(name).module for name in ("blocks.html", "deal.html")}
        translator = render.translator
        for name, arguments in every:
            template, macro = FUNCTIONS[name]
            translator.misses = set()
            expected = getattr(modules[template], macro)(*arguments)
            shown_in_english, translator.misses = translator.misses, set()
            made = render.env.globals[name](*arguments)
            assert isinstance(made, Markup), name
            assert str(made) == str(expected), (locale, name, arguments[0].id)
            assert translator.misses == shown_in_english, (locale, name, arguments[0].id)
            english += bool(shown_in_english)
    return len(every), english


def test_the_python_markup_is_the_macros_on_the_real_site() -> None:
    checked, _ = assert_same_markup(load_project(ROOT))
    assert checked > 50


@pytest.mark.slow
@pytest.mark.parametrize("pages", [30, pytest.param(200, marks=pytest.mark.slow)])
def test_the_python_markup_is_the_macros_on_a_synthetic_site(tmp_path: Path, pages: int) -> None:
    from bench.synthetic import make_site

    checked, _ = assert_same_markup(load_project(make_site(tmp_path / "project", pages)))
    assert checked > pages * 8


def test_a_translation_missing_is_shown_in_english_by_both(tmp_path: Path) -> None:
    """A locale without some of its translations: the messages shown in English, marked so, are
    the same through the function and the macro."""
    from .site_helpers import copy_project

    root = copy_project(tmp_path / "project")
    catalog = root / "locales/fr/LC_MESSAGES/messages.po"
    text = catalog.read_text(encoding="utf-8")
    for msgid in ('msgctxt "card"\nmsgid "King of spades"', 'msgid "Allowed cards:"', 'msgid "The eight tricks"'):
        assert msgid in text, msgid
        text = text.replace(msgid, "#, fuzzy\n" + msgid, 1)
    catalog.write_text(text, encoding="utf-8")
    project = load_project(root)
    project.problems = [problem for problem in project.problems if "fuzzy" not in str(problem)]
    checked, english = assert_same_markup(project)
    assert checked > 50 and english > 0
