"""Shared by the site's tests: the locales and pages, a strict build, and copies of the project."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.build import BuildResult, build
from generator.commands.build import tell

from .conftest import ROOT

LOCALES = ("es", "ru", "hi", "bg", "fr")
PAGES = ("bidding", "allowed-cards", "scoring")
"""The rules pages."""
ALL_PAGES = (*PAGES, "glossary")
"""Every page of a locale besides its index, in menu order."""
SITE_PAGES = ("index.html", "404.html") + tuple(
    f"{locale}/{name}.html" for locale in LOCALES for name in ("index", *ALL_PAGES, "practice")
)
"""Every HTML page of the built site."""
SEEDS = ROOT / "tests" / "seeds"
SEED_PAGES = {  # source document -> the page that must show every line of it (tests/seeds/README.md)
    "000_aa3d2d22d99ce634.txt": "es/bidding.html",
    "001_f6865bf75042f06b.txt": "ru/allowed-cards.html",
    "002_360f8aa1d7d70533.txt": "es/allowed-cards.html",
    "003_6b6fa844e86a40f8.txt": "hi/bidding.html",
    "004_579af9f54ca5dc02.txt": "bg/bidding.html",
}


def run_build(
    project: Path, out: Path | None, strict: bool = True, jobs: int | None = None
) -> tuple[BuildResult, list[str]]:
    """Build quietly; return the result and the lines it reported."""
    lines: list[str] = []
    result = build(project, out, strict, jobs=jobs)
    tell(result, out, strict, lambda line: lines.append(str(line)))
    return result, lines


def copy_project(target: Path) -> Path:
    """A copy of the project's inputs (content, catalogs, templates) to break or change in a test."""
    for folder in ("content", "locales", "templates"):
        shutil.copytree(ROOT / folder, target / folder)
    return target


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes, by relative path (the build cache and the
    bytecode Python writes beside a copied ``generator/`` aside)."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not {".cache", "__pycache__"} & set(path.relative_to(folder).parts)
    }
