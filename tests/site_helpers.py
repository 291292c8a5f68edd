"""Shared by the site's tests: the locales and pages, a strict build, and copies of the project."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from generator.build import BuildResult, build
from generator.commands.build import tell
from generator.i18n.catalogs import TO_REVIEW, blocks_strict

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
    """Build quietly; return the result and the lines it reported. ``strict`` is ``--strict`` but for
    prose awaiting review after a rules change (regenerate flags it fuzzy in every catalog): listing
    that is the one strict check's job (CI's `strict` job), not that of every test that builds the
    site, so such a build is made again without ``--strict`` (a test of that check runs the command)."""
    lines: list[str] = []
    result = build(project, out, strict, jobs=jobs)
    if strict and result.code == 2 and awaits_review(result):
        result = build(project, out, False, jobs=jobs)
    tell(result, out, strict and not awaits_review(result), lambda line: lines.append(str(line)))
    return result, lines


def awaits_review(result: BuildResult) -> bool:
    """Whether the only warnings that fail ``--strict`` are prose flagged for review by ``regenerate``
    (and there is one): no error, nothing else lost or unusable."""
    blocking = [warning for warning in result.warnings if blocks_strict(warning)]
    return not result.problems and bool(blocking) and all(warning.kind == TO_REVIEW for warning in blocking)


def review_count(result: BuildResult) -> int:
    """The warnings of prose awaiting review (none, but on a rules change's pull request)."""
    return sum(warning.kind == TO_REVIEW for warning in result.warnings)


def copy_project(target: Path) -> Path:
    """A copy of the project's inputs (content, catalogs, templates) to break or change in a test,
    as after review: prose a rules change left awaiting review (the strict check's to list, and only
    on that change's pull request) is marked reviewed, so that a test of the build, of the catalogs
    or of a command sees a complete project."""
    for folder in ("content", "locales", "templates"):
        shutil.copytree(ROOT / folder, target / folder)
    return reviewed(target)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes, by relative path (the build cache and the
    bytecode Python writes beside a copied ``generator/`` aside)."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not {".cache", "__pycache__"} & set(path.relative_to(folder).parts)
    }


def reviewed(project: Path) -> Path:
    """The copy ``project`` with the prose awaiting review after a rules change marked reviewed, as the
    translators do (the fuzzy flag and regenerate's note removed): for a test that needs every
    translation complete (none awaits review but on a rules change's pull request)."""
    from generator.i18n.catalogs import ANSWER_CHANGED, LOCALES, catalog_path
    from generator.i18n.pofile import parse_po, po_bytes

    for path in sorted((project / LOCALES).glob("*/LC_MESSAGES/messages.po")):
        problems: list = []
        catalog = parse_po(path.read_bytes(), str(path), problems, locale=path.parent.parent.name)
        assert catalog is not None and not problems, problems
        for message in catalog:
            if ANSWER_CHANGED in message.user_comments:
                message.user_comments.remove(ANSWER_CHANGED)
                message.flags.discard("fuzzy")
        path.write_bytes(po_bytes(catalog))
        assert path == catalog_path(project / LOCALES, path.parent.parent.name)
    return project


def awaiting_review(locale: str, project: Path = ROOT) -> set[str]:
    """The translations of a locale that regenerate flagged for review after a rules change (none,
    but on that change's pull request), without white space: the page shows their English meanwhile,
    and the strict build lists them (CI's strict job; test_regenerate)."""
    from babel.messages.pofile import read_po

    from generator.i18n.catalogs import ANSWER_CHANGED

    with (project / "locales" / locale / "LC_MESSAGES" / "messages.po").open("rb") as stream:
        catalog = read_po(stream, locale=locale)
    flagged = [m.string for m in catalog if m.fuzzy and ANSWER_CHANGED in m.user_comments and m.string]
    return {"".join(str(text).replace("**", "").split()) for text in flagged}  # the page shows no Markdown marks


def missing_but_review(lines: list[str], text: str, locale: str) -> list[tuple[int, str]]:
    """The lines of a source document a page's text does not show in order, but those awaiting review."""
    from .pagetext import missing_lines, squash

    awaiting = awaiting_review(locale)
    return [(number, line) for number, line in missing_lines(lines, text) if squash(line) not in awaiting]


_STOPPED_MAKING_A_FOLDER = """
import os, sys, tempfile
made = tempfile.mkdtemp
def mkdtemp(*arguments, **named):
    folder = made(*arguments, **named)
    os.kill(os.getpid(), int(sys.argv[1]))  # just as the folder exists: Python has not noted it yet
    return folder
tempfile.mkdtemp = mkdtemp
from generator.__main__ import main
sys.exit(main(sys.argv[2:]))
"""


def stopped_making_a_folder(
    tmp_path: Path, stop: signal.Signals, *arguments: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``python -m generator ARGUMENTS`` sent ``stop`` at the worst moment, as it makes its first
    temporary folder; the run (its output on stdout) and the folder its temporary files go to."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    run = subprocess.run(
        [sys.executable, "-c", _STOPPED_MAKING_A_FOLDER, str(int(stop)), *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    return run, temporary
