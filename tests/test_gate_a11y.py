"""Gate: axe-core (npm, pinned in package.json) inside headless Chromium finds no serious or
critical accessibility violation on any page, at phone and desktop width, in the light and the
dark colour scheme (contrast of red suits on dark backgrounds, the switcher's labels, the
figure's alternative text, heading order, `lang`).
Run alone: .venv/bin/python -m pytest tests/test_gate_a11y.py"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .chromium import color_scheme, start_chromium
from .conftest import ROOT

pytestmark = pytest.mark.browser  # axe-core in headless Chromium: deselected by -m "not browser"

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))),
  e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


@pytest.fixture(scope="module")
def browser() -> Iterator:
    if not AXE.is_file():
        pytest.fail("axe-core is needed: run ./setup (or `npm ci` at the repository root)")
    driver = start_chromium()
    driver.set_script_timeout(60)
    yield driver
    driver.quit()


def serious_violations(driver, url: str, width: int, scheme: str) -> list[dict]:
    driver.set_window_size(width, 900)
    driver.get(url)
    color_scheme(driver, scheme)
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    violations = driver.execute_async_script(RUN_AXE)
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def page_names(site: Path) -> list[str]:
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))


def test_no_serious_or_critical_violation_on_any_page(site: Path, browser) -> None:
    found = {}
    names = page_names(site)
    assert len(names) == 21  # the root chooser and 4 pages in each of 5 locales
    for name in names:
        for width in (320, 390, 1280):
            for scheme in ("light", "dark"):
                violations = serious_violations(browser, (site / name).as_uri(), width, scheme)
                if violations:
                    found[f"{name} {width}px {scheme}"] = violations
    assert found == {}


def test_the_gate_fails_on_a_page_planted_to_break_it(site: Path, browser, tmp_path: Path) -> None:
    html = (site / "es" / "bidding.html").read_text(encoding="utf-8")
    broken = tmp_path / "broken.html"
    broken.write_text(
        html.replace('<html lang="es"', "<html", 1)
        .replace('aria-label="', 'data-label="', 1)
        .replace("<h1>", '<h1><img src="../assets/favicon.svg">', 1),
        encoding="utf-8",
    )
    ids = {violation["id"] for violation in serious_violations(browser, broken.as_uri(), 390, "dark")}
    assert {"html-has-lang", "image-alt"} <= ids, ids
