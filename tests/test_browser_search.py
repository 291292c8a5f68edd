"""The search box in headless Chromium, over HTTP as a static host serves it, in every locale: a
rule word opens the section of its rule first (its heading and an excerpt of its text shown), one
word per locale and rules page; the practice page does not come first for a rule word; a form a
player types that the site writes otherwise (hi बेलोट for belote) opens its glossary entry; a word
of no page says so, whatever words the index found that do not begin with it; results work from a
site built under `/REPO/`. Pagefind loads only once the box is used, and from file:// (where its
fetch is forbidden) the box stays hidden without an error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from .chromium import StaticHost, color_scheme, start_chromium
from .site_helpers import LOCALES, copy_project, run_build
from .test_browser import console_errors, screenshot
from .test_gate_a11y import AXE, RUN_AXE

pytestmark = pytest.mark.browser

LOADED = "return performance.getEntriesByType('resource').some(e => e.name.includes('/pagefind/'))"
FOUND = "return [...document.querySelectorAll('form.search ol.found a')].map(a => a.getAttribute('href'))"
ANSWERED = "return !document.querySelector('form.search').hasAttribute('aria-busy')"

RULE_WORDS = [
    ("es", "sobrefallar", "allowed-cards", "trumping"),
    ("es", "cogida", "bidding", "trump-game"),
    ("es", "empate", "scoring", "tie"),
    ("ru", "перебить", "allowed-cards", "trumping"),
    ("ru", "торговли", "bidding", "trump-game"),
    ("ru", "ничья", "scoring", "tie"),
    ("hi", "काटना", "allowed-cards", "trumping"),
    ("hi", "दौर", "bidding", "trump-game"),
    ("hi", "बराबरी", "scoring", "tie"),
    ("bg", "надцакване", "allowed-cards", "trumping"),
    ("bg", "вземане", "bidding", "trump-game"),
    ("bg", "белот", "scoring", "belote"),
    ("fr", "surcouper", "allowed-cards", "trumping"),
    ("fr", "prise", "bidding", "trump-game"),
    ("fr", "égalité", "scoring", "tie"),
]
"""A word of each locale's rules, by page: the section it opens first."""

TYPED_FORMS = [
    ("es", "diez de últimas", "dix-de-der"),
    ("ru", "куанш", "coinche"),
    ("hi", "बेलोट", "belote"),
    ("bg", "куанш", "coinche"),
    ("fr", "belotte", "belote"),
]
"""A form a player types that the site writes otherwise (the catalogs' "search words"): the
glossary entry it opens."""

NOWHERE = {"es": "guiñote", "ru": "преферанс", "hi": "दहला", "bg": "бридж", "fr": "tarot"}
"""A word of no page (hi दहला, the ten: Pagefind alone finds दो, "two", for it)."""


def answered(driver) -> list[str]:
    """The links found for the words typed last (not for the first letters, answered earlier)."""
    return driver.execute_script(FOUND) if driver.execute_script(ANSWERED) else []


def said(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "form.search [role=status]").text


def search(driver, url: str, words: str) -> list[str]:
    """Open ``url``, type ``words`` into its box; the links found, once answered."""
    driver.get(url)
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.send_keys(words)
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(ANSWERED) and said(d))
    return driver.execute_script(FOUND)


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
    found = re.search(rf'id="{anchor}">\s*<dt>(?:<span lang="\w+">)?([^<]+)<', html)
    assert found, f"{locale}/glossary.html has no term #{anchor}"
    return found.group(1).strip()


def heading(site: Path, locale: str, page: str, section: str) -> str:
    html = (site / locale / f"{page}.html").read_text(encoding="utf-8")
    found = re.search(rf'<h2 id="{section}">(.*?)</h2>', html)
    assert found, f"{locale}/{page}.html has no heading #{section}"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


@pytest.mark.parametrize(("locale", "word", "page", "section"), RULE_WORDS)
def test_a_rule_word_opens_its_section_first(
    built_site: Path, host: StaticHost, browser, locale: str, word: str, page: str, section: str
) -> None:
    browser.set_window_size(390, 844)
    found = search(browser, f"{host.url}{locale}/practice.html", word)
    assert found and found[0] == f"/{locale}/{page}.html#{section}", found
    assert not any("practice" in href for href in found), found  # the practice page's answers are not indexed
    first = browser.find_element(By.CSS_SELECTOR, "form.search ol.found li")
    link = first.find_element(By.TAG_NAME, "a")
    shown = " ".join(link.text.split())  # its text as Chromium gives it: no-break spaces as spaces
    assert shown.startswith(" ".join(heading(built_site, locale, page, section).split())), shown
    marks = first.find_elements(By.CSS_SELECTOR, "mark")  # in the heading or the excerpt, the word marked
    assert marks and all(mark.find_elements(By.XPATH, "./*") == [] for mark in marks)
    link.click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url == f"{host.url}{locale}/{page}.html#{section}")
    assert browser.execute_script("return document.querySelector(':target').tagName") == "H2"
    assert console_errors(browser) == []


@pytest.mark.parametrize("locale", LOCALES)
def test_a_glossary_term_finds_its_entry_and_its_rule(built_site: Path, host: StaticHost, browser, locale: str) -> None:
    browser.set_window_size(390, 844)
    browser.get(f"{host.url}{locale}/bidding.html")
    assert not browser.execute_script(LOADED)  # nothing loaded until the box is used
    found = search(browser, f"{host.url}{locale}/bidding.html", glossary_term(built_site, locale, "undertrump"))
    assert f"/{locale}/glossary.html#undertrump" in found and f"/{locale}/allowed-cards.html#undertrump" in found
    assert all(href.startswith(f"/{locale}/") for href in found), found  # this language's index only
    assert console_errors(browser) == []


@pytest.mark.parametrize(("locale", "typed", "entry"), TYPED_FORMS)
def test_a_form_players_type_opens_its_glossary_entry(
    host: StaticHost, browser, locale: str, typed: str, entry: str
) -> None:
    found = search(browser, f"{host.url}{locale}/index.html", typed)
    assert found[:1] == [f"/{locale}/glossary.html#{entry}"], found
    marks = browser.find_elements(By.CSS_SELECTOR, "form.search ol.found li:first-child p mark")
    assert all(any(word in mark.text for mark in marks) for word in typed.split())


@pytest.mark.parametrize("locale", LOCALES)
def test_a_word_of_no_page_says_so(built_site: Path, host: StaticHost, browser, locale: str) -> None:
    found = search(browser, f"{host.url}{locale}/index.html", NOWHERE[locale])
    none = re.search(r'data-none="([^"]+)"', (built_site / locale / "index.html").read_text(encoding="utf-8"))
    assert none and said(browser) == none.group(1)
    assert found == [] and console_errors(browser) == []


@pytest.mark.parametrize(("locale", "word"), [("es", "triunfo"), ("hi", "तुरुप")])
def test_the_practice_page_is_not_the_first_result_for_a_rule_word(
    host: StaticHost, browser, locale: str, word: str
) -> None:
    """As it was, with every question and answer of practice in the index (the ux review's N-C6)."""
    found = search(browser, f"{host.url}{locale}/index.html", word)
    assert len(found) >= 3 and not any("practice" in href for href in found), found


def test_results_work_under_a_base_path(tmp_path: Path, browser) -> None:
    """A site built for `/REPO/` (a GitHub Pages project site) and served there: the links found
    lead to their section under `/REPO/`."""
    project = copy_project(tmp_path / "project")
    site = project / "site"
    site.mkdir()
    (project / "content/site.yaml").write_text(
        (project / "content/site.yaml")
        .read_text(encoding="utf-8")
        .replace("base_url: https://help.belote.example/", "base_url: https://octo.github.io/REPO/"),
        encoding="utf-8",
    )
    result, lines = run_build(project, site / "REPO")
    assert result.code == 0, lines
    served = StaticHost(site)
    try:
        found = search(browser, f"{served.url}REPO/es/index.html", "sobrefallar")
        assert found[0] == "/REPO/es/allowed-cards.html#trumping", found
        browser.find_element(By.CSS_SELECTOR, "form.search ol.found a").click()
        WebDriverWait(browser, 10).until(lambda d: d.current_url == f"{served.url}REPO/es/allowed-cards.html#trumping")
        found = search(browser, f"{served.url}REPO/hi/index.html", "बेलोट")
        assert found[0] == "/REPO/hi/glossary.html#belote", found
        assert console_errors(browser) == []
    finally:
        served.close()


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


@pytest.mark.parametrize(("locale", "word"), [("hi", "बेलोट"), ("es", "sobrefallar")])
def test_results_on_a_phone(host: StaticHost, browser, locale: str, word: str) -> None:
    """What a player sees: screenshots at 390 px of a form typed in Hindi and a rule word in Spanish."""
    browser.set_window_size(390, 844)
    search(browser, f"{host.url}{locale}/index.html", word)
    screenshot(browser, f"search-{locale}-390-results.png")
    assert console_errors(browser) == []


def test_on_a_phone_the_results_lie_over_the_page_until_put_away(host: StaticHost, browser) -> None:
    """At 390 px the box shares the header's row with the site's name: its results open under the
    whole header, as wide as the screen; a touch on the page or Escape puts them away, the box's
    focus brings them back."""
    browser.set_window_size(390, 844)
    search(browser, f"{host.url}es/index.html", "sobrefallar")
    found = browser.find_element(By.CSS_SELECTOR, "form.search ol.found")
    header = browser.find_element(By.CSS_SELECTOR, "header.top")
    assert found.size["width"] >= 380 and found.location["y"] >= header.location["y"] + header.size["height"] - 1
    browser.find_element(By.CSS_SELECTOR, "footer.foot p").click()  # below the results: the page
    assert not found.is_displayed()
    box = browser.find_element(By.CSS_SELECTOR, "form.search input")
    box.click()
    assert found.is_displayed()
    box.send_keys(Keys.ESCAPE)
    assert not found.is_displayed()


def test_from_a_file_the_box_stays_hidden_without_an_error(built_site: Path, browser) -> None:
    browser.get((built_site / "hi" / "index.html").as_uri())
    assert not browser.find_element(By.CSS_SELECTOR, "form.search").is_displayed()
    assert not browser.execute_script(LOADED) and console_errors(browser) == []


def test_markup_in_a_page_s_text_is_shown_as_text_in_a_result(tmp_path: Path, browser) -> None:
    """A page whose text reads as markup (a hostile translation, which the page shows as text):
    the excerpt of it is put in the list as text, never as elements (its glossary entry's, taken
    from the page's words as Pagefind keeps them: it decodes the page's "&lt;" as "<")."""
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
        assert browser.execute_script(FOUND)[0] == "/es/glossary.html#dealer"
        excerpt = browser.find_element(By.CSS_SELECTOR, "form.search ol.found p")
        assert "<img src=x onerror=window.pwned=1> Zanzibarword <b>" in excerpt.text, excerpt.text
        assert excerpt.find_elements(By.CSS_SELECTOR, ":not(mark)") == []
        assert browser.execute_script("return window.pwned") is None
    finally:
        served.close()
