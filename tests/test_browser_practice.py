"""The practice page in headless Chromium: every position and every bidding question answers as the
engine does, by pointer (every locale) and by keyboard alone; nothing of an answer shows until the
player has checked; after "Check" the verdict line, naming the cards (calls) misjudged, and "Next"
stand in view under the hand, the misjudged ones ringed; after "Next" the new question's first line
is in view and its first card in focus (every locale, 320 and 390 px, light and dark, 200 % text);
"question k of n" and a count per drill, a word when the set starts over; the filter shows only its
game and rule set, the rule sets only where they change the play; a link "practise this rule" opens
the page on that reason's questions; screenshots at 320, 390 and 1280 px, light and dark."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from generator.plan import practice_ids, practice_questions
from generator.positions import draw_all
from generator.rules import rule_sets_differ

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


def open_practice(
    driver, site: Path, locale: str, width: int = 390, scheme: str = "light", text: int = 100, query: str = ""
) -> None:
    color_scheme(driver, scheme)
    driver.set_window_size(width, 900)
    driver.get((site / locale / "practice.html").as_uri() + query)
    if text != 100:
        driver.execute_script(f"document.documentElement.style.fontSize = '{text}%'")


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


def toggles(question) -> list:
    return question.find_elements(By.CSS_SELECTOR, ".hand-cards button, .choices button")


# After "Check": what is in view, where the verdict line stands, which items are ringed.
CHECKED = """
const drill = document.querySelector(arguments[0]);
const question = Array.from(drill.querySelectorAll('.question')).find(q => !q.hidden);
const line = drill.querySelector('.said'), next = drill.querySelectorAll('.try button')[1];
const box = e => e.getBoundingClientRect();
const seen = e => box(e).top >= -1 && box(e).bottom <= innerHeight + 1;
const items = Array.from(question.querySelectorAll('.hand-cards > li, .choices > li'));
const ring = item => item.querySelector('.face') || item.querySelector('button');
const ringed = items.map(item => getComputedStyle(ring(item)).boxShadow.includes('3px'));
const list = question.querySelector('.hand-cards, .choices'), verdicts = question.querySelector('.verdicts');
const fits = box(next).bottom - box(line).top <= innerHeight;  // at 200 % text the line may be a screen
return {text: line.textContent, seen: fits ? seen(line) && seen(next) : Math.abs(box(line).top) < 20,
  under: box(line).top >= box(list).bottom - 1 && box(line).top - box(list).bottom < 40,
  before: !verdicts || box(line).bottom <= box(verdicts).top + 1,
  focused: document.activeElement === line, ringed: ringed, wrong: items.map(i => i.classList.contains('wrong')),
  disabled: items.every(i => i.querySelector('button').disabled)};
"""


@pytest.mark.parametrize("locale", LOCALES)
def test_every_position_and_bid_answers_as_the_engine_by_pointer(built_site: Path, browser, locale: str) -> None:
    plays, calls, _ = practice_questions()
    open_practice(browser, built_site, locale)
    for drill, views, items in (
        ("plays", plays, [[entry.allowed for entry in view.hand] for view in plays]),
        ("calls", [q.auction for q in calls], [[choice.accepted for choice in q.choices] for q in calls]),
    ):
        for number, (view, answers) in enumerate(zip(views, items, strict=True)):
            question = shown(browser, drill)
            assert question.get_attribute("id") == view.id
            progress = question.find_element(By.CSS_SELECTOR, ".progress").text
            assert re.search(rf"\b{number + 1}\b", progress) and str(len(views)) in progress
            hidden = ".verdicts" if drill == "plays" else ".answer"
            assert not any(e.is_displayed() for e in question.find_elements(By.CSS_SELECTOR, hidden))
            wrong = number % 3 == 0  # every third answer is made wrong on purpose: the page must say so
            buttons = toggles(question)
            for index, (button, good) in enumerate(zip(buttons, answers, strict=True)):
                if good != (wrong and index == 0):
                    button.click()
            press(browser, drill, 0)
            assert said(browser, drill) == ("said no" if wrong else "said ok"), view.id
            checked = browser.execute_script(CHECKED, f".{drill}")
            assert checked["wrong"] == [wrong and index == 0 for index in range(len(answers))], view.id
            assert checked["ringed"] == checked["wrong"] and checked["disabled"], view.id
            names = [b.get_attribute("textContent").strip() for b in buttons]
            if wrong:  # the verdict names the card (call) misjudged
                assert names[0] in checked["text"], (view.id, checked["text"])
            assert all(e.is_displayed() for e in question.find_elements(By.CSS_SELECTOR, hidden))
            press(browser, drill, 1)
        right = len(views) - len(range(0, len(views), 3))
        tally = browser.find_element(By.CSS_SELECTOR, f".{drill} .tally").text
        assert f"{right}" in tally and f"{len(views)}" in tally
        assert "again" in said(browser, drill)  # the set starts over, and the page says so
        assert shown(browser, drill).get_attribute("id") == views[0].id
    assert not browser.get_log("browser")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("locale", LOCALES)
def test_the_loop_stays_in_view_after_check_and_after_next(
    built_site: Path, browser, locale: str, width: int, scheme: str
) -> None:
    """After "Check" the verdict line (the focus) and "Next" are on screen, right under the hand or the
    calls; after "Next" the new question's first lines (its count and its setup: game, trump, rules)
    are on screen and its first card or call has the focus; at normal and at 200 % text."""
    for text in (100, 200):
        open_practice(browser, built_site, locale, width, scheme, text)
        browser.set_window_size(width, 568 + 139)  # a 320 × 568 phone's screen, under headless's frame
        for drill in ("plays", "calls"):
            for _ in range(4):
                question = shown(browser, drill)
                toggles(question)[0].click()
                press(browser, drill, 0)
                checked = browser.execute_script(CHECKED, f".{drill}")
                assert checked["seen"] and checked["under"] and checked["before"] and checked["focused"], (
                    locale,
                    width,
                    text,
                    drill,
                    question.get_attribute("id"),
                    checked,
                )
                press(browser, drill, 1)
                now = shown(browser, drill)
                top = browser.execute_script(
                    "const q = arguments[0], s = q.querySelector('.setup').getBoundingClientRect();"
                    "const p = q.querySelector('.progress').getBoundingClientRect();"
                    "return [p.top >= 0 && s.bottom <= innerHeight, q.contains(document.activeElement),"
                    " document.activeElement === q.querySelector('.hand-cards button, .choices button')];",
                    now,
                )
                assert top == [True, True, True], (locale, width, text, drill, now.get_attribute("id"), top)
        if width == 320 and scheme == "dark" and text == 200:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(SCREENSHOTS / f"{locale}-practice-320-dark-200-after-next.png"))


def test_practice_with_the_keyboard_alone(built_site: Path, browser) -> None:
    plays, calls, _ = practice_questions()
    open_practice(browser, built_site, "hi")
    first = shown(browser, "plays").find_element(By.CSS_SELECTOR, ".hand-cards button")
    first.send_keys(Keys.SHIFT, Keys.TAB)  # into the page's flow just before the first card
    for drill, items in (
        ("plays", [[entry.allowed for entry in view.hand] for view in plays[:10]]),
        ("calls", [[choice.accepted for choice in q.choices] for q in calls[:8]]),
    ):
        if drill == "calls":
            shown(browser, "calls").find_element(By.CSS_SELECTOR, ".choices button").send_keys(Keys.SHIFT, Keys.TAB)
        for answers in items:
            browser.switch_to.active_element.send_keys(Keys.TAB)
            for good in answers:
                focused = browser.switch_to.active_element
                assert focused.tag_name == "button" and focused.get_attribute("aria-pressed") == "false"
                if good:
                    focused.send_keys(Keys.SPACE)
                focused.send_keys(Keys.ARROW_RIGHT)
            assert browser.switch_to.active_element == toggles(shown(browser, drill))[0]
            browser.find_elements(By.CSS_SELECTOR, f".{drill} .try button")[0].send_keys(Keys.ENTER)
            assert said(browser, drill) == "said ok"
            line = browser.find_element(By.CSS_SELECTOR, f".{drill} .said")
            assert browser.switch_to.active_element == line  # the verdict, read out; then Tab goes to "Next"
            line.send_keys(Keys.TAB)
            next_button = browser.switch_to.active_element
            assert next_button == browser.find_elements(By.CSS_SELECTOR, f".{drill} .try button")[1]
            next_button.send_keys(Keys.ENTER)  # next: focus on its first card
            assert browser.switch_to.active_element == toggles(shown(browser, drill))[0]
            browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)


def test_the_filter_shows_only_its_game_and_its_rule_set_where_the_rule_sets_differ(built_site: Path, browser) -> None:
    plays, calls, games = practice_questions()
    open_practice(browser, built_site, "bg")
    rules = browser.find_element(By.NAME, "rules")
    for game in games:
        Select(browser.find_element(By.NAME, "game")).select_by_value(game.value)
        differ = rule_sets_differ(game)
        assert rules.is_enabled() == differ
        assert browser.find_element(By.CSS_SELECTOR, ".same-rules").is_displayed() == (not differ)
        if differ:
            Select(rules).select_by_value("official")
        for drill, views in (("plays", plays), ("calls", [q.auction for q in calls])):
            want = [v.id for v in views if v.game is game and (not differ or v.rules == "official")]
            seen = []
            for _ in want:
                question = shown(browser, drill)
                assert question.get_attribute("data-game") == game.value
                assert str(len(want)) in question.find_element(By.CSS_SELECTOR, ".progress").text
                seen.append(question.get_attribute("id"))
                browser.find_elements(By.CSS_SELECTOR, f".{drill} .try button")[-1].click()  # next
            assert seen == want and shown(browser, drill).get_attribute("id") == want[0]  # and round again
            assert "again" in said(browser, drill)
        if rules.is_enabled():
            Select(rules).select_by_index(0)


@pytest.mark.parametrize("locale", ["es", "hi"])
def test_a_link_to_practise_a_rule_opens_on_its_questions(built_site: Path, browser, locale: str) -> None:
    """Every "practise this rule" link of a page's list of reasons opens the practice page on the
    questions that ask that reason, and only them, with the reason's sentence above; "every question"
    brings them all back."""
    plays, calls, _ = practice_questions()
    links = {}
    for slug in ("allowed-cards", "bidding"):
        html = (built_site / locale / f"{slug}.html").read_text(encoding="utf-8")
        lines = html.split('<li id="why-')[1:]  # each line of the list of reasons, up to the next
        for line in lines:
            code = line[: line.index('"')]
            found = re.findall(rf'<a href="(practice\.html\?reason={code}#[a-z]+-[0-9]+)"', line)
            assert len(found) <= 1, code
            links |= {code: found[0]} if found else {}
    assert set(links) == {reason.value for reason in practice_ids(draw_all())}
    asking = {
        **{v.id: {e.code.value for e in v.refused if e.code} for v in plays},
        **{q.auction.id: {c.code.value for c in q.choices if c.code} for q in calls},
    }
    for code, href in links.items():
        color_scheme(browser, "light")
        browser.set_window_size(390, 900)
        browser.get((built_site / locale).as_uri() + "/" + href)
        rule = browser.find_element(By.CSS_SELECTOR, ".one-rule")
        assert rule.is_displayed() and rule.find_element(By.CSS_SELECTOR, f'[data-reason="{code}"]').is_displayed()
        drill = "plays" if any(code in asking[v.id] for v in plays) else "calls"
        other = "calls" if drill == "plays" else "plays"
        assert not browser.find_element(By.CSS_SELECTOR, f".drill.{other}").is_displayed()
        want = [i for i, reasons in asking.items() if code in reasons and i.startswith(drill[:4])]
        seen = []
        for _ in want:
            seen.append(shown(browser, drill).get_attribute("id"))
            browser.find_elements(By.CSS_SELECTOR, f".{drill} .try button")[-1].click()
        assert seen == want, code
    rule.find_element(By.CSS_SELECTOR, "button").click()
    assert not rule.is_displayed() and "?reason=" not in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, ".drill.plays").is_displayed()
    assert str(len(plays)) in shown(browser, "plays").find_element(By.CSS_SELECTOR, ".progress").text


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
            browser.save_screenshot(str(SCREENSHOTS / f"{locale}-practice-{width}-{scheme}-checked.png"))
            calls = shown(browser, "calls")
            browser.execute_script("arguments[0].scrollIntoView()", calls)
            calls.find_element(By.CSS_SELECTOR, ".choices button").click()
            press(browser, "calls", 0)
            assert browser.execute_script("return document.documentElement.scrollWidth") <= width
            browser.save_screenshot(str(SCREENSHOTS / f"{locale}-practice-{width}-{scheme}-call-checked.png"))


def test_without_script_every_question_shows_with_its_answers(built_site: Path, browser) -> None:
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        open_practice(browser, built_site, "fr")
        plays, calls, _ = practice_questions()
        questions = browser.find_elements(By.CSS_SELECTOR, ".question")
        assert len(questions) == len(plays) + len(calls) and all(q.is_displayed() for q in questions[:5])
        assert questions[0].find_element(By.CSS_SELECTOR, ".verdicts").is_displayed()
        assert questions[-1].find_element(By.CSS_SELECTOR, ".answer").is_displayed()
        assert not browser.find_element(By.CSS_SELECTOR, ".filter").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
