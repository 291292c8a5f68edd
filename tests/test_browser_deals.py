"""The scoring page's deals in headless Chromium, at 320, 390 and 1280 px, light and dark, in every
locale: each trick's four card faces sit inside their own cells, one beside the other, readable
(not shrunk below their size), under seat names on one line each; the tricks table (folded until a tap) and the score
fit the page at 100 % text; at 1280 px the two rule sets of a pair stand side by side."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .chromium import color_scheme, start_chromium
from .site_helpers import LOCALES

pytestmark = pytest.mark.browser  # headless Chromium: deselected by -m "not browser"

READABLE = """
const bad = [];
document.querySelectorAll('details.fold').forEach(fold => {
  if (fold.open) bad.push('the tricks are open before a tap');
  if (fold.querySelector('table.tricks').checkVisibility()) bad.push('folded tricks show');
  fold.open = true;  // a tap opens them
});
document.querySelectorAll('table.tally th, table.tally td').forEach(cell => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const re = /\\S+/g;
    for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
      const word = document.createRange();
      word.setStart(node, m.index);
      word.setEnd(node, m.index + m[0].length);
      const lines = new Set(Array.from(word.getClientRects()).map(r => Math.round(r.top)));
      if (lines.size > 1 && !/[–-]/.test(m[0])) bad.push('a tally word broken: ' + m[0]);
    }
  }
});
document.querySelectorAll('table.tricks').forEach(table => {
  const wrap = table.closest('.deal-tricks');
  if (wrap.scrollWidth > wrap.clientWidth + 1) bad.push('the tricks scroll: ' + wrap.scrollWidth);
  table.querySelectorAll('tbody td:not(.pts)').forEach(cell => {
    const box = cell.getBoundingClientRect();
    const face = cell.querySelector('.face').getBoundingClientRect();
    const inside = face.left >= box.left - 1 && face.right <= box.right + 1
      && face.top >= box.top - 1 && face.bottom <= box.bottom + 1;
    if (!inside || face.width < 30 || face.height < 40) bad.push(cell.textContent + ' ' + face.width);
  });
});
document.querySelectorAll('table.tricks thead th:not(:first-child)').forEach(th => {
  const words = document.createRange();
  words.selectNodeContents(th);
  if (words.getClientRects().length !== 1) bad.push('a seat name broken over lines: ' + th.textContent);
});
document.querySelectorAll('table.tally').forEach(table => {
  const page = document.querySelector('main').getBoundingClientRect();
  if (table.getBoundingClientRect().right > page.right + 1) bad.push('tally wider than the page');
});
return bad;
"""

SIDE_BY_SIDE = """
return Array.from(document.querySelectorAll('.rulings')).map(rulings => {
  const [a, b] = rulings.querySelectorAll('.ruling');
  return Math.abs(a.getBoundingClientRect().top - b.getBoundingClientRect().top) < 2;
});
"""


@pytest.fixture(scope="module")
def browser() -> Iterator:
    driver = start_chromium()
    yield driver
    driver.quit()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_drawn_deal_is_readable_at_every_width(built_site: Path, browser, locale: str) -> None:
    for width in (320, 390, 1280):
        for scheme in ("light", "dark"):
            color_scheme(browser, scheme)
            browser.set_window_size(width, 900)
            browser.get((built_site / locale / "scoring.html").as_uri())
            assert browser.execute_script("return document.querySelectorAll('table.tricks').length") == 13
            assert browser.execute_script(READABLE) == [], (locale, width, scheme)
            assert browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth") <= 0
            side = browser.execute_script(SIDE_BY_SIDE)
            assert len(side) == 4 and (all(side) if width == 1280 else True), (locale, width, side)
