"""The player's own case on a reason's landing, in headless Chromium: for every refusal code and
every sentence of it, in every locale, the page shows above the rule the sentence the build's own
words give the same facts (generator/case.py); a hostile or malformed query shows nothing and runs
nothing. A screenshot of a case at 320 px is saved for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest

from generator.page_text import plain_text
from generator.project import load_project

from .case_helpers import call_cases, play_cases, say_case
from .chromium import start_chromium
from .conftest import ROOT
from .site_helpers import LOCALES
from .test_reasons import renderer

pytestmark = pytest.mark.browser  # headless Chromium: deselected by -m "not browser"

PAGES = {"play": "allowed-cards.html", "call": "bidding.html"}
SHOWN = (
    "var b = document.getElementById('case');"
    "return [b.hidden, b.parentNode.id, b.querySelector('.sentence').textContent]"
)


@pytest.fixture(scope="module")
def browser() -> Iterator:
    driver = start_chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def words() -> dict:
    project = load_project(ROOT)
    return {locale: renderer(project, locale) for locale in LOCALES}


def landing(site: Path, locale: str, kind: str, query: str, anchor: str) -> str:
    return f"{(site / locale / PAGES[kind]).as_uri()}{query}#{anchor}"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_reason_shows_the_players_case_in_the_builds_words(
    built_site: Path, browser, words: dict, locale: str
) -> None:
    cases = play_cases() + call_cases()
    for found in cases:
        browser.get(landing(built_site, locale, found.kind, "?" + urlencode(found.query), f"why-{found.code}"))
        hidden, parent, shown = browser.execute_script(SHOWN)
        expected = plain_text(say_case(words[locale], found.refused, found.phrase))
        assert (hidden, parent) == (False, f"why-{found.code}"), (locale, found)
        assert shown == expected, (locale, found.code, found.situation, shown, expected)
    assert len({(c.kind, c.code) for c in cases}) == 20
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


HOSTILE = [
    "",
    "?",
    "?card=KH",
    "?card=KH&led=S&led=S",
    "?card=KH&led=S&x=1",
    "?card=KH&led=S&trump=",
    "?card=11H&led=S",
    "?card=kh&led=S",
    "?card=KH&led=%E0%A4%A",
    "?card=KH&led=S%",
    "?card=" + quote("<img src=x onerror=window.pwned=1>") + "&led=S",
    "?card=" + quote('"><script>window.pwned=1</script>') + "&led=S",
    "?card=javascript:window.pwned=1&led=S",
    "?card=toString&led=S",
    "?card=__proto__&led=S",
    "?__proto__=KH&led=S",
    "?constructor=KH&led=S",
    "?card=KH&led=S&card=QH",
    "?card=KH=QH&led=S",
    "?card=KH;led=S",
    "?card=KH&led=S&trump=D&&",
]


@pytest.mark.parametrize("anchor", ["why-must-follow-suit", "why-no-such-reason", "why-__proto__", "why-toString", ""])
def test_a_query_outside_the_grammar_shows_nothing_and_runs_nothing(built_site: Path, browser, anchor: str) -> None:
    for query in HOSTILE + (["?card=KH&led=S&trump=D"] if anchor != "why-must-follow-suit" else []):
        url = f"{(built_site / 'fr' / PAGES['play']).as_uri()}{query}" + (f"#{anchor}" if anchor else "")
        browser.get(url)
        hidden, parent, shown = browser.execute_script(SHOWN)
        assert hidden and shown == "" and parent == "", (query, anchor)  # in the section, out of every line
        assert browser.execute_script("return window.pwned") is None, (query, anchor)
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors


def test_the_case_follows_the_address_and_is_seen_on_a_phone(built_site: Path, browser) -> None:
    """Another reason's anchor (a link followed on the page) moves the case or hides it; a screenshot
    of a case at 320 px for a person to look at."""
    from .test_browser import SCREENSHOTS

    browser.set_window_size(320, 700)
    query = "?card=KH&led=S&trump=D"
    browser.get(landing(built_site, "ru", "play", query, "why-must-follow-suit"))
    assert browser.execute_script(SHOWN)[:2] == [False, "why-must-follow-suit"]
    box = browser.execute_script(
        "var r = document.getElementById('case').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]"
    )
    assert 0 <= box[0] < box[1] <= box[2], box  # on screen, the line being the target
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / "case-ru-320.png"))  # the screen the player lands on
    browser.execute_script("location.hash = '#why-must-trump'")  # the query does not fit that reason
    assert browser.execute_script(SHOWN)[0] is True
    browser.execute_script("location.hash = '#why-must-follow-suit'")
    assert browser.execute_script(SHOWN)[:2] == [False, "why-must-follow-suit"]
