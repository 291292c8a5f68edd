"""The search box in headless Chromium, over HTTP as a static host serves the site: a glossary
term typed in each locale's box finds its page (Pagefind's index of that language: Devanagari
and Cyrillic words too), Pagefind loads only once the box is used, and from file:// (where its
fetch is forbidden) the box stays hidden without an error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from .chromium import StaticHost, color_scheme, start_chromium
from .site_helpers import LOCALES, copy_project, run_build
from .test_browser import console_errors, screenshot
from .test_gate_a11y import AXE, RUN_AXE

pytestmark = pytest.mark.browser

LOADED = "return performance.getEntriesByType('resource').some(e => e.name.includes('/pagefind/'))"
FOUND = "return [...document.querySelectorAll('form.search ol.found a')].map(a => a.getAttribute('href'))"
ANSWERED = "return !document.querySelector('form.search').hasAttribute('aria-busy')"


def answered(driver) -> list[str]:
    """The links found for the words typed last (not for the first letters, answered earlier)."""
    return driver.execute_script(FOUND) if driver.execute_script(ANSWERED) else []


@pytest.fixture(scope="module")
def host(built_site: Path) -> Iterator[StaticHost]:
    served = StaticHost(built_site)
    yield served
    served.close()


@pytest.fixture(scope="module")
def browser() -> Iterator:
    driver = start_chromium()
    yield driver
    driver.quit()


def glossary_term(site: Path, locale: str, anchor: str) -> str:
    """The words of a glossary entry's term as its locale's glossary page shows them."""
    html = (site / locale / "glossary.html").read_text(encoding="utf-8")
    found = re.search(rf'id="{anchor}">\s*<dt>([^<]+)<', html)
    assert found, f"{locale}/glossary.html has no term #{anchor}"
    return found.group(1).strip()


@pytest.mark.parametrize("locale", LOCALES)
def test_a_glossary_term_finds_its_page(built_site: Path, host: StaticHost, browser, locale: str) -> None:
    browser.set_window_size(390, 844)
    browser.get(f"{host.url}{locale}/bidding.html")
    box = browser.find_element(By.CSS_SELECTOR, "form.search input")
    assert box.is_displayed() and not browser.execute_script(LOADED)  # shown, and nothing loaded until used
    box.send_keys(glossary_term(built_site, locale, "undertrump"))
    WebDriverWait(browser, 10).until(answered)
    found = browser.execute_script(FOUND)
    assert f"/{locale}/glossary.html" in found and f"/{locale}/allowed-cards.html" in found, found
    assert all(href.startswith(f"/{locale}/") for href in found), found  # this language's index only
    marks = browser.find_elements(By.CSS_SELECTOR, "form.search ol.found mark")
    assert marks and all(mark.find_elements(By.XPATH, "./*") == [] for mark in marks)  # text only in a mark
    browser.find_element(By.CSS_SELECTOR, f'form.search ol.found a[href="/{locale}/glossary.html"]').click()
    assert browser.current_url == f"{host.url}{locale}/glossary.html"
    assert console_errors(browser) == []


@pytest.mark.parametrize("width, scheme", [(320, "light"), (390, "dark"), (1280, "light")])
def test_the_box_and_its_results_pass_axe(built_site: Path, host: StaticHost, browser, width: int, scheme: str) -> None:
    """axe-core on a page with the box shown and results under it (the accessibility gate reads
    pages from file://, where the box is hidden)."""
    browser.set_window_size(width, 900)
    browser.get(f"{host.url}bg/index.html")
    color_scheme(browser, scheme)
    browser.find_element(By.CSS_SELECTOR, "form.search input").send_keys(glossary_term(built_site, "bg", "undertrump"))
    WebDriverWait(browser, 10).until(answered)
    screenshot(browser, f"search-bg-{width}-{scheme}.png")
    browser.set_script_timeout(60)
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    violations = browser.execute_async_script(RUN_AXE)
    assert [v for v in violations if v["impact"] in ("serious", "critical")] == []


def test_words_no_page_has_are_said(host: StaticHost, browser) -> None:
    browser.get(f"{host.url}fr/index.html")
    browser.find_element(By.CSS_SELECTOR, "form.search input").send_keys("zzzqxj")
    said = browser.find_element(By.CSS_SELECTOR, "form.search [role=status]")
    WebDriverWait(browser, 10).until(lambda driver: driver.execute_script(ANSWERED))
    assert said.text == "Aucune page ne contient ces mots."
    assert browser.execute_script(FOUND) == [] and console_errors(browser) == []


def test_from_a_file_the_box_stays_hidden_without_an_error(built_site: Path, browser) -> None:
    browser.get((built_site / "hi" / "index.html").as_uri())
    assert not browser.find_element(By.CSS_SELECTOR, "form.search").is_displayed()
    assert not browser.execute_script(LOADED) and console_errors(browser) == []


def test_markup_in_a_page_s_text_is_shown_as_text_in_a_result(tmp_path: Path, browser) -> None:
    """A page whose text reads as markup (a hostile translation, which the page shows as text):
    Pagefind's excerpt of it is put in the list as text, never as elements. (Pagefind escapes the
    page's < and > in an excerpt but not its &, so a literal "&lt;" of the page reads "<" there.)"""
    from babel.messages.pofile import read_po, write_po

    project = copy_project(tmp_path / "project")
    path = project / "locales" / "es" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as stream:
        catalog = read_po(stream)
    message = catalog.get("The player who deals the cards; the player after the dealer speaks and leads first.")
    hostile = "<img src=x onerror=window.pwned=1> Zanzibarword &lt;b&gt;"
    message.string = f"{hostile} {message.string}"
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100)
    result, lines = run_build(project, tmp_path / "site", strict=False)
    assert result.code == 0, lines
    served = StaticHost(tmp_path / "site")
    try:
        browser.get(f"{served.url}es/index.html")
        browser.find_element(By.CSS_SELECTOR, "form.search input").send_keys("Zanzibarword")
        WebDriverWait(browser, 10).until(answered)
        excerpt = browser.find_element(By.CSS_SELECTOR, "form.search ol.found p")
        assert "<img src=x onerror=window.pwned=1> Zanzibarword <b>" in excerpt.text, excerpt.text  # "&lt;": see below
        assert excerpt.find_elements(By.CSS_SELECTOR, ":not(mark)") == []
        assert browser.execute_script("return window.pwned") is None
    finally:
        served.close()
