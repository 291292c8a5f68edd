"""The examples in headless Chromium, at 320, 390 and 1280 px, light and dark: "Try it" answers
every card of every hand exactly as the engine does (by pointer and by keyboard alone) and shows
nothing of the answer before a choice; the seat to play is drawn lowest; no page of any locale
scrolls sideways at 320 or 390 px, at normal or 200 % text; and no seat is separated from its call
or its card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from generator.i18n.catalogs import LOCALES as LOCALES_DIR
from generator.i18n.catalogs import Translator, catalog_path, read_catalog
from generator.page_text import Words, plain_text
from generator.project import load_project
from generator.views import PlayView

from .chromium import StaticHost, color_scheme, start_chromium
from .conftest import ROOT
from .site_helpers import LOCALES, PAGES, SITE_PAGES

pytestmark = pytest.mark.browser  # headless Chromium: deselected by -m "not browser"

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
WIDTHS = (320, 390, 1280)
SCHEMES = ("light", "dark")


@pytest.fixture(scope="module")
def browser() -> Iterator:
    driver = start_chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, list[str]]]:
    """Locale -> example -> the verdict of each card of its hand, from the engine and the catalog."""
    project = load_project(ROOT)
    assert project.site is not None
    page = next(page for page in project.pages if page.slug == "allowed-cards")
    ids = [block.example.id for section in page.sections for block in section.blocks if block.kind == "example"]
    verdicts: dict[str, dict[str, list[str]]] = {}
    for locale in LOCALES:
        path = catalog_path(ROOT / LOCALES_DIR, locale)
        catalog = read_catalog(path, str(path), locale, [])
        render = Words(locale, Translator(locale, catalog, str(path)))
        verdicts[locale] = {}
        for view in (project.views[id_] for id_ in ids):
            assert isinstance(view, PlayView)
            verdicts[locale][view.id] = [  # as data-verdict holds it: text, its words' lang marks dropped
                plain_text(
                    str(
                        render.gettext(
                            "%(card)s: allowed. %(reason)s",
                            card=render.card(entry.card),
                            reason=render.say(entry.allows),
                        )
                        if entry.allowed
                        else render.gettext(
                            "%(card)s: not allowed. %(reason)s",
                            card=render.card(entry.card),
                            reason=render.say(entry.reason),
                        )
                    )
                )
                for entry in view.hand
            ]
    return verdicts


def open_page(driver, site: Path, locale: str, slug: str, width: int, scheme: str = "light", text: int = 100) -> None:
    color_scheme(driver, scheme)
    driver.set_window_size(width, 900)
    driver.get((site / locale / f"{slug}.html").as_uri())
    if text != 100:
        driver.execute_script(f"document.documentElement.style.fontSize = '{text}%'")


# Before any choice nothing of the answer shows: no mark, verdict or reason, no allowed-cards line,
# no card played (its place is a "?"), no explanation; the first tap unfolds the allowed line and the
# explanation (the player has chosen); each tap shows that card's verdict and its mark alone; a
# refused card's ring is red, never green.
TAP_EVERY_CARD = """
const visible = e => !!e && e.checkVisibility({visibilityProperty: true});
const mark = li => getComputedStyle(li, '::after').visibility === 'visible';
return Array.from(document.querySelectorAll('.example[data-try]')).map(example => {
  const items = Array.from(example.querySelectorAll('.hand-cards li'));
  const said = example.querySelector('.said');
  const played = example.querySelector('.spot.to-play .face:not(.empty)');
  const hidden = example.classList.contains('trying') && !visible(example.querySelector('.allowed'))
    && !visible(example.querySelector('.reasons')) && !visible(example.querySelector(':scope > .why'))
    && !visible(example.querySelector('.played')) && !items.some(mark) && !/[✓✕]/.test(said.textContent)
    && (!played || (!visible(played.querySelector('.name'))
        && getComputedStyle(played, '::before').content.includes('?')));
  const verdicts = Array.from(example.querySelectorAll('.hand-cards button')).map(card => {
    card.click();
    const item = card.parentNode;
    const ring = getComputedStyle(card.querySelector('.face')).boxShadow;
    const marks = items.filter(mark);
    return [said.textContent, card.getAttribute('aria-pressed'), said.getAttribute('role'),
            marks.length === 1 && marks[0] === item, item.classList.contains('no') ? ring : ''];
  });
  const unfolded = visible(example.querySelector('.allowed')) && visible(example.querySelector(':scope > .why'));
  return [example.id.slice(3), hidden && unfolded, verdicts];
});
"""
REFUSED = {"light": "rgb(179, 38, 30)", "dark": "rgb(255, 138, 128)"}
"""The refused colour (--refused) of each scheme: the ring of a chosen refused card."""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("locale", LOCALES)
def test_try_it_answers_every_card_as_the_engine(
    built_site: Path, browser, expected, locale: str, width: int, scheme: str
) -> None:
    open_page(browser, built_site, locale, "allowed-cards", width, scheme)
    results = browser.execute_script(TAP_EVERY_CARD)
    assert [example for example, _, _ in results] == list(expected[locale])
    for example, hides_the_answer, verdicts in results:
        assert hides_the_answer, f"{example}: nothing of the answer shows until a card is chosen"
        assert [said for said, *_ in verdicts] == expected[locale][example], example
        assert all(pressed == "true" and role == "status" and alone for _, pressed, role, alone, _ in verdicts)
        assert all(REFUSED[scheme] in ring for *_, ring in verdicts if ring), f"{example}: a refused card's ring"
    if width == 320:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for slug in PAGES:
            open_page(browser, built_site, locale, slug, width, scheme)
            height = browser.execute_script("return document.documentElement.scrollHeight")
            browser.set_window_size(width, min(height, 16000))
            browser.save_screenshot(str(SCREENSHOTS / f"{locale}-{slug}-320-{scheme}.png"))


def test_try_it_with_the_keyboard_alone(built_site: Path, browser, expected) -> None:
    open_page(browser, built_site, "ru", "allowed-cards", 390)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    first_card = ".example[data-try] .hand-cards button"
    for _ in range(80):  # Tab to the first example's first card: the answer is hidden already
        active = browser.switch_to.active_element
        if browser.execute_script(f"return document.activeElement === document.querySelector('{first_card}')"):
            break
        active.send_keys(Keys.TAB)
    else:
        pytest.fail("Tab never reaches the first card of the first example")
    example = browser.find_element(By.CSS_SELECTOR, ".example[data-try]")
    assert "trying" in example.get_attribute("class")
    said = example.find_element(By.CSS_SELECTOR, ".said")
    first = expected["ru"][example.get_attribute("id")[3:]]
    card = browser.switch_to.active_element
    card.send_keys(Keys.ENTER)
    assert said.text == first[0]
    focus = browser.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert focus == "dashed"  # focus is not the chosen card's ring (a solid box shadow)
    drawn = browser.execute_script(  # the hand as it is drawn, sorted by suit: the arrows follow it
        "return Array.from(arguments[0].querySelectorAll('.hand-cards button'))"
        ".sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)"
        ".map(b => Array.from(arguments[0].querySelectorAll('.hand-cards button')).indexOf(b))",
        example,
    )
    browser.execute_script(
        "arguments[0].focus()", example.find_elements(By.CSS_SELECTOR, ".hand-cards button")[drawn[0]]
    )
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # the arrows move between the cards of the hand
    browser.switch_to.active_element.send_keys(Keys.SPACE)
    assert said.text == first[drawn[1]]
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert (
        browser.execute_script("return document.activeElement")
        == example.find_elements(By.CSS_SELECTOR, ".hand-cards button")[drawn[0]]
    )
    show = example.find_element(By.CSS_SELECTOR, ".try button:not([hidden])")
    show.send_keys(Keys.ENTER)
    assert "trying" not in example.get_attribute("class")
    assert example.find_element(By.CSS_SELECTOR, ".allowed").is_displayed()
    assert example.find_element(By.CSS_SELECTOR, ":scope > .why").is_displayed()


OVERFLOW = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(scope="module")
def host(built_site: Path) -> Iterator[StaticHost]:
    """The site over HTTP, as a host serves it (404.html's root-relative links need a host's root)."""
    served = StaticHost(built_site)
    yield served
    served.close()


@pytest.mark.parametrize("page", SITE_PAGES)
def test_no_page_scrolls_sideways_at_320_or_390_px_normal_or_200_percent_text(browser, host, page: str) -> None:
    """Every page of the site (every locale's home, rules pages, glossary and practice, the chooser and
    404.html): and practice after a card and a call are checked (their verdicts shown)."""
    color_scheme(browser, "light")
    for width in (320, 390):
        for text in (100, 200):
            browser.set_window_size(width, 900)
            browser.get(host.url + page)
            if text != 100:
                browser.execute_script(f"document.documentElement.style.fontSize = '{text}%'")
            overflow = browser.execute_script(OVERFLOW)
            assert overflow <= 0, f"{page} at {width}px, {text}% text: {overflow}px too wide"
            if page.endswith("practice.html"):
                browser.execute_script(CHECK_BOTH_DRILLS)
                overflow = browser.execute_script(OVERFLOW)
                assert overflow <= 0, f"{page} checked, at {width}px, {text}% text: {overflow}px too wide"


CHECK_BOTH_DRILLS = """
document.querySelectorAll('.drill').forEach(drill => {
  const question = Array.from(drill.querySelectorAll('.question')).find(q => !q.hidden);
  question.querySelector('.hand-cards button, .choices button').click();
  drill.querySelector('.try button').click();
});
"""


def test_the_sideways_check_fails_on_a_page_too_wide(built_site: Path, browser) -> None:
    browser.set_window_size(320, 900)
    browser.get((built_site / "bg" / "glossary.html").as_uri())
    browser.execute_script("document.querySelector('h1').style.width = '400px'")
    assert browser.execute_script(OVERFLOW) > 0


SEPARATED = """
const bad = [];
document.querySelectorAll('ol.calls > li').forEach(row => {
  const seat = Array.from(row.querySelector('.seat').getClientRects()).pop();  // the line the name ends on
  const call = row.querySelector('.call').getClientRects()[0];
  if (Math.abs(seat.top - call.top) > seat.height / 2 || call.left < seat.right - 1) bad.push(row.textContent);
});
document.querySelectorAll('.spot').forEach(spot => {
  const seat = spot.querySelector('.seat').getBoundingClientRect();
  const face = spot.querySelector('.face').getBoundingClientRect();
  const box = spot.getBoundingClientRect();
  const inside = r => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1;
  if (!inside(seat) || !inside(face) || face.top - seat.bottom > seat.height) bad.push(spot.textContent);
});
return bad;
"""


@pytest.mark.parametrize("locale", LOCALES)
def test_no_seat_is_separated_from_its_call_or_card(built_site: Path, browser, locale: str) -> None:
    for slug in (*PAGES, "practice"):
        for width, text in ((320, 100), (360, 100), (390, 100), (1280, 100), (320, 200)):
            open_page(browser, built_site, locale, slug, width, text=text)
            assert browser.execute_script(SEPARATED) == [], f"{locale}/{slug} at {width}px, {text}% text"


def test_the_separation_check_fails_on_a_split_row(built_site: Path, browser) -> None:
    open_page(browser, built_site, "ru", "bidding", 320)
    browser.execute_script("document.querySelector('.calls .what').style.display = 'block'")
    assert browser.execute_script(SEPARATED) != []


@pytest.mark.parametrize("locale", LOCALES)
def test_the_header_is_the_brand_and_one_row_of_languages_at_390_px(built_site: Path, browser, locale: str) -> None:
    for slug in ("index", *PAGES):
        open_page(browser, built_site, locale, slug, 390)
        tops = browser.execute_script(
            "return Array.from(document.querySelectorAll('.langs li')).map(li => li.getBoundingClientRect().top)"
        )
        assert len(tops) == len(LOCALES) and max(tops) - min(tops) < 1, f"{locale}/{slug}: {tops}"


def test_bold_is_700_so_that_devanagari_shows_it(built_site: Path, browser) -> None:
    css = (ROOT / "templates/assets/site.css").read_text(encoding="utf-8")
    assert "font-weight: 600" not in css
    open_page(browser, built_site, "hi", "bidding", 390)
    weights = browser.execute_script(
        "return ['.seat', '.label', '.verdict', '.round'].map(s => document.querySelector(s))"
        ".filter(e => e).map(e => getComputedStyle(e).fontWeight)"
    )
    assert weights and set(weights) == {"700"}


LOWEST = """
return Array.from(document.querySelectorAll('.felt')).filter(felt => felt.checkVisibility()).map(felt => {
  const me = felt.querySelector('.spot.to-play').getBoundingClientRect();
  const others = Array.from(felt.querySelectorAll('.spot:not(.to-play)')).map(spot => spot.getBoundingClientRect());
  const partner = felt.querySelector('.spot.partner').getBoundingClientRect();
  return others.every(r => r.top < me.top) && others.every(r => r.top >= partner.top)
    && Math.abs((me.left + me.right) - (partner.left + partner.right)) < 2;
});
"""


@pytest.mark.parametrize("locale", LOCALES)
def test_the_seat_to_play_is_drawn_lowest_and_its_partner_at_the_top(built_site: Path, browser, locale: str) -> None:
    """As the app draws the player's own seat: on every table of the examples and of the practice page
    (read without script, every question shown), at 320, 390 and 1280 px."""
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        for slug in ("allowed-cards", "practice"):
            for width in WIDTHS:
                open_page(browser, built_site, locale, slug, width)
                tables = browser.execute_script(LOWEST)
                assert len(tables) > 5 and all(tables), f"{locale}/{slug} at {width}px: {tables}"
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
