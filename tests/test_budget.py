"""The page budget (bench/budget.py): every page with its stylesheet and script is at most 30 KB
compressed, and the measure counts what a page loads."""

from __future__ import annotations

import random
from pathlib import Path

from bench.budget import BUDGET, PRACTICE_BUDGET, budget, page_weights

from .site_helpers import SITE_PAGES


def test_every_page_with_its_css_and_script_is_within_the_budget(built_site: Path) -> None:
    weights = page_weights(built_site)
    assert sorted(weights) == sorted(SITE_PAGES)
    assert all(size <= budget(name) for name, size in weights.items()), weights
    assert budget("es/practice.html") == PRACTICE_BUDGET and budget("es/bidding.html") == BUDGET


def test_the_measure_counts_the_assets_a_page_loads(tmp_path: Path) -> None:
    (tmp_path / "a.css").write_bytes(random.Random(1).randbytes(50_000))  # 50 KB that gzip cannot shrink
    (tmp_path / "p.html").write_text('<link rel="stylesheet" href="a.css"><p>x</p>', encoding="utf-8")
    (tmp_path / "q.html").write_text("<p>x</p>", encoding="utf-8")
    weights = page_weights(tmp_path)
    assert weights["p.html"] > BUDGET > weights["q.html"]
