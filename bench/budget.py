"""The page budget: each page with the stylesheet and script it loads, compressed, stays small.

Run: .venv/bin/python bench/budget.py [SITE]   (default: a fresh strict build; prints every page)
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

BUDGET = 30 * 1024
"""Bytes, gzip-compressed: a page, its stylesheet and its script, each compressed as a server would."""
PRACTICE_BUDGET = 60 * 1024
"""The practice page's budget (its many positions, each with the engine's answers)."""


def budget(name: str) -> int:
    """The budget of the page at ``name`` (a path within the site)."""
    return PRACTICE_BUDGET if name.endswith("/practice.html") else BUDGET


_LOADS = re.compile(r'<(?:link rel="stylesheet" href|script src)="([^"]+)"')


def compressed(data: bytes) -> int:
    """The gzip size of ``data`` (level 9, no timestamp)."""
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def page_weights(site: Path) -> dict[str, int]:
    """Every HTML page of the site with the compressed size of the page plus what it loads."""
    weights = {}
    for page in sorted(site.rglob("*.html")):
        html = page.read_bytes()
        assets = [_asset(site, page, src) for src in _LOADS.findall(html.decode("utf-8"))]
        weights[page.relative_to(site).as_posix()] = compressed(html) + sum(compressed(a.read_bytes()) for a in assets)
    return weights


def _asset(site: Path, page: Path, src: str) -> Path:
    """The file a page loads: relative to the page, or root-relative (404.html's links start at the
    path of base_url, so the first of its suffixes that is in the site)."""
    if not src.startswith("/"):
        return (page.parent / src).resolve()
    parts = src.lstrip("/").split("/")
    found = (site.joinpath(*parts[i:]) for i in range(len(parts)))
    return next((path for path in found if path.is_file()), site / src.lstrip("/"))


def main(argv: list[str]) -> int:
    if argv:
        weights = page_weights(Path(argv[0]))
    else:
        from generator.build import build

        with tempfile.TemporaryDirectory() as folder:
            if build(Path(__file__).resolve().parent.parent, Path(folder) / "site", True).code:
                print("the build failed")
                return 2
            weights = page_weights(Path(folder) / "site")
    over = [name for name, size in weights.items() if size > budget(name)]
    for name, size in weights.items():
        flag = "  over budget" if name in over else ""
        print(f"{name:28} {size / 1024:6.1f} KB  (budget {budget(name) // 1024} KB){flag}")
    print(f"largest: {max(weights.values()) / 1024:.1f} KB compressed; {len(over)} over budget")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
