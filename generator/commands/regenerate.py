"""``regenerate [PATH ...] [--report FILE]``: after a rules change, write the new answers, flag
their prose fuzzy in every catalog and report each change."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..files import write_atomically
from ..messages import extract, template_exists, update
from ..problems import Problem, count
from ..project import read_site
from ..regenerate import markdown_report, regenerate


def run(arguments: argparse.Namespace) -> int:
    """The command: see :func:`run_regenerate`."""
    return run_regenerate(arguments.project, arguments.paths, arguments.report)


def run_regenerate(root: Path, paths: list[str], report: Path | None) -> int:
    """Recompute, rewrite, flag the prose and report; 0 done (changed or not), 2 invalid input."""
    if report is not None:
        try:
            report.open("a", encoding="utf-8").close()
        except OSError as error:
            print(f"error: cannot write the report {report}: {error.strerror or error}; nothing regenerated")
            return 2
    plan = regenerate(root, paths)
    if plan.problems:
        for problem in sorted(plan.problems):
            print(problem)
        print(f"{count(len(plan.problems), 'error')} in the input; nothing regenerated")
        return 2
    for path, text in plan.files.items():
        write_atomically(path, text)
    for path, data in plan.catalogs.items():
        write_atomically(path, data)
    if plan.changed:
        _refresh_translator_comments(root)
    for change in plan.changes:
        print(f"{change.path}: {change.example}: {change.field}: {change.before} -> {change.after}")
    if plan.changed:
        print(f"{count(len(plan.changed), 'example')} changed: {', '.join(plan.changed)}")
        if plan.fuzzy:
            print(
                f"the prose of {', '.join(plan.fuzzy)} is fuzzy in every catalog (newly flagged in "
                f"{', '.join(plan.flagged) or 'none'}): review it, then clear the flags"
            )
    else:
        print(
            f"nothing changed: {count(plan.examples, 'example')} in "
            f"{count(plan.documents, 'file')} already state what the engine computes"
        )
    if report is not None:
        write_atomically(report, markdown_report(plan.changes, plan.fuzzy, plan.flagged))
    return 0


def _refresh_translator_comments(root: Path) -> None:
    """Extract and update, so that the translators' comments state the new answers."""
    problems: list[Problem] = []
    site = read_site(root, problems)
    if site is None or extract(root, site, problems).mismatches or problems:
        return
    if template_exists(root):
        update(root, list(site.locales), [])
