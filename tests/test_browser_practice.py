"""The practice page in headless Chromium: every position and every bidding question answers as the
engine does, by pointer (every locale) and by keyboard alone; the answers stay hidden until the
player has chosen; the filter shows only its game and rule set; nothing scrolls sideways at 320 px;
screenshots at 320, 390 and 1280 px, light and dark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from generator.plan import practice_questions

from .chromium import color_scheme, start_chromium
from .conftest import ROOT
from .site_helpers import LOCALES

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


@pytest.fixture(scope="module")
def browser() -> Iterator:
    driver = start_chromium()
    yield driver
    driver.quit()


def open_practice(driver, site: Path, locale: str, width: int = 390, scheme: str = "light") -> None:
    color_scheme(driver, scheme)
    driver.set_window_size(width, 900)
    driver.get((site / locale / "practice.html").as_uri())


def shown(driver, drill: str):
    found = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).filter(q => q.checkVisibility())",
        f".{drill} .question",
    )
    assert len(found) == 1, "one question at a time"
    return found[0]


def said(driver, drill: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, f".{drill} .said").get_attribute("class")


def press(driver, drill: str, which: int) -> None:
    driver.find_elements(By.CSS_SELECTOR, f".{drill} .try button")[which].click()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_position_and_bid_answers_as_the_engine_by_pointer(built_site: Path, browser, locale: str) -> None:
    plays, calls, _ = practice_questions()
    open_practice(browser, built_site, locale)
    for number, view in enumerate(plays):
        question = shown(browser, "plays")
        assert question.get_attribute("id") == view.id
        assert not question.find_element(By.CSS_SELECTOR, ".verdicts").is_displayed()  # hidden until checked
        cards = question.find_elements(By.CSS_SELECTOR, ".hand-cards button")
        wrong = number % 3 == 0  # every third answer is made wrong on purpose: the page must say so
        for index, (card, entry) in enumerate(zip(cards, view.hand, strict=True)):
            if entry.allowed != (wrong and index == 0):
                card.click()
        press(browser, "plays", 0)
        assert said(browser, "plays") == ("said no" if wrong else "said ok"), view.id
        assert question.find_element(By.CSS_SELECTOR, ".verdicts").is_displayed()
        press(browser, "plays", 1)
    right = len(plays) - len(range(0, len(plays), 3))
    tally = browser.find_element(By.CSS_SELECTOR, ".plays .tally").text
    assert f"{right}" in tally and f"{len(plays)}" in tally
    for number, view in enumerate(calls):
        question = shown(browser, "calls")
        assert question.get_attribute("id") == view.auction.id
        assert not any(answer.is_displayed() for answer in question.find_elements(By.CSS_SELECTOR, ".answer"))
        pick = number % len(view.choices)
        question.find_elements(By.CSS_SELECTOR, ".choices button")[pick].click()
        assert said(browser, "calls") == ("said ok" if view.choices[pick].accepted else "said no"), view.auction.id
        assert all(answer.is_displayed() for answer in question.find_elements(By.CSS_SELECTOR, ".answer"))
        press(browser, "calls", 0)
    assert not browser.get_log("browser")


def test_practice_with_the_keyboard_alone(built_site: Path, browser) -> None:
    plays, calls, _ = practice_questions()
    open_practice(browser, built_site, "hi")
    first = shown(browser, "plays").find_element(By.CSS_SELECTOR, ".hand-cards button")
    first.send_keys(Keys.SHIFT, Keys.TAB)  # into the page's flow just before the first card
    for view in plays[:12]:
        browser.switch_to.active_element.send_keys(Keys.TAB)
        for entry in view.hand:
            focused = browser.switch_to.active_element
            assert focused.tag_name == "button" and focused.get_attribute("aria-pressed") == "false"
            if entry.allowed:
                focused.send_keys(Keys.SPACE)
            focused.send_keys(Keys.ARROW_RIGHT)
        assert browser.switch_to.active_element == shown(browser, "plays").find_element(
            By.CSS_SELECTOR, ".hand-cards button"
        )
        check = browser.find_elements(By.CSS_SELECTOR, ".plays .try button")[0]
        check.send_keys(Keys.ENTER)
        assert said(browser, "plays") == "said ok", view.id
        browser.find_elements(By.CSS_SELECTOR, ".plays .try button")[1].send_keys(
            Keys.ENTER
        )  # next: focus on its first card
        browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    for view in calls[:8]:
        choice = next(n for n, c in enumerate(view.choices) if c.accepted)
        shown(browser, "calls").find_element(By.CSS_SELECTOR, ".choices button").send_keys(*[Keys.ARROW_DOWN] * choice)
        browser.switch_to.active_element.send_keys(Keys.ENTER)
        assert said(browser, "calls") == "said ok", view.auction.id
        browser.find_element(By.CSS_SELECTOR, ".calls .try button").send_keys(Keys.ENTER)


def test_the_filter_shows_only_its_game_and_rule_set(built_site: Path, browser) -> None:
    plays, calls, games = practice_questions()
    open_practice(browser, built_site, "bg")
    for game in games:
        Select(browser.find_element(By.NAME, "game")).select_by_value(game.value)
        Select(browser.find_element(By.NAME, "rules")).select_by_value("official")
        for drill, views in (("plays", plays), ("calls", [q.auction for q in calls])):
            want = [v.id for v in views if v.game is game and v.rules == "official"]
            seen = []
            for _ in want:
                question = shown(browser, drill)
                assert question.get_attribute("data-game") == game.value
                seen.append(question.get_attribute("id"))
                browser.find_elements(By.CSS_SELECTOR, f".{drill} .try button")[-1].click()  # next
            assert seen == want and shown(browser, drill).get_attribute("id") == want[0]  # and round again


@pytest.mark.parametrize("locale", LOCALES)
def test_the_practice_page_at_every_width_and_scheme(built_site: Path, browser, locale: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (320, 390, 1280):
        for scheme in ("light", "dark"):
            open_practice(browser, built_site, locale, width, scheme)
            question = shown(browser, "plays")
            question.find_element(By.CSS_SELECTOR, ".hand-cards button").click()
            width_of = browser.execute_script("return document.documentElement.scrollWidth")
            assert width_of <= width, (width, scheme, width_of)
            browser.save_screenshot(str(SCREENSHOTS / f"{locale}-practice-{width}-{scheme}.png"))
            press(browser, "plays", 0)
            calls = shown(browser, "calls")
            browser.execute_script("arguments[0].scrollIntoView()", calls)
            calls.find_element(By.CSS_SELECTOR, ".choices button").click()
            assert browser.execute_script("return document.documentElement.scrollWidth") <= width
            browser.save_screenshot(str(SCREENSHOTS / f"{locale}-practice-{width}-{scheme}-checked.png"))


def test_without_script_every_question_shows_with_its_answers(built_site: Path, browser) -> None:
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_practice(browser, built_site, "fr")
        plays, calls, _ = practice_questions()
        questions = browser.find_elements(By.CSS_SELECTOR, ".question")
        assert len(questions) == len(plays) + len(calls) and all(q.is_displayed() for q in questions[:5])
        assert questions[0].find_element(By.CSS_SELECTOR, ".verdicts").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
