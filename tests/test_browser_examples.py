"""The examples in headless Chromium, at 320, 390 and 1280 px, light and dark: "Try it" answers
every card of every hand exactly as the engine does (by pointer and by keyboard alone), no page
scrolls sideways at 320 px or at 200 % text, and no seat is separated from its call or its card."""

from __future__ import annotations

import html as html_lib
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from generator.i18n.catalogs import LOCALES as LOCALES_DIR
from generator.i18n.catalogs import Translator, catalog_path, read_catalog
from generator.page_text import Words
from generator.project import load_project
from generator.views import PlayView

from .chromium import color_scheme, start_chromium
from .conftest import ROOT
from .site_helpers import LOCALES, PAGES

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
            verdicts[locale][view.id] = [
                html_lib.unescape(
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


# Before any choice, no mark, verdict or reason shows (the answer is hidden from the start); each
# tap shows that card's verdict and its mark alone; a refused card's ring is red, never green.
TAP_EVERY_CARD = """
const visible = e => e && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden';
const mark = li => getComputedStyle(li, '::after').visibility === 'visible';
return Array.from(document.querySelectorAll('.example[data-try]')).map(example => {
  const items = Array.from(example.querySelectorAll('.hand-cards li'));
  const said = example.querySelector('.said');
  // the allowed line and the explanation stay shown: they are lines of the source documents
  const hidden = example.classList.contains('trying') && visible(example.querySelector('.allowed'))
    && !visible(example.querySelector('.reasons')) && !items.some(mark) && !/[✓✕]/.test(said.textContent);
  const verdicts = Array.from(example.querySelectorAll('.hand-cards button')).map(card => {
    card.click();
    const item = card.parentNode;
    const ring = getComputedStyle(card.querySelector('.face')).boxShadow;
    const marks = items.filter(mark);
    return [said.textContent, card.getAttribute('aria-pressed'), said.getAttribute('role'),
            marks.length === 1 && marks[0] === item, item.classList.contains('no') ? ring : ''];
  });
  return [example.id.slice(3), hidden, verdicts];
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
        assert hides_the_answer, f"{example}: the marks and the answer are hidden until a card is chosen"
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
    card.send_keys(Keys.ARROW_RIGHT)  # the arrows move between the cards of the hand
    browser.switch_to.active_element.send_keys(Keys.SPACE)
    assert said.text == first[1]
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert browser.execute_script(f"return document.activeElement === document.querySelector('{first_card}')")
    show = example.find_element(By.CSS_SELECTOR, ".try button:not([hidden])")
    show.send_keys(Keys.ENTER)
    assert "trying" not in example.get_attribute("class")
    assert example.find_element(By.CSS_SELECTOR, ".allowed").is_displayed()


@pytest.mark.parametrize("locale", LOCALES)
def test_no_page_scrolls_sideways_at_320_px_or_at_200_percent_text(built_site: Path, browser, locale: str) -> None:
    for slug in ("index", *PAGES):
        for width, text in ((320, 100), (320, 200), (390, 200)):
            open_page(browser, built_site, locale, slug, width, text=text)
            overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{locale}/{slug} at {width}px, {text}% text: {overflow}px too wide"


SEPARATED = """
const bad = [];
document.querySelectorAll('.calls li').forEach(row => {
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
    for slug in PAGES:
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
