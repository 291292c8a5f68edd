"""``regenerate [PATH ...] [--report FILE]``: after a rules change, write the new answers, flag
their prose fuzzy in every catalog and report each change."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..files import FileError, output_problem, write_files
from ..messages import extract, template_exists, update
from ..outputs import input_refusal
from ..problems import Problem, count
from ..project import project_inputs, read_site
from ..regenerate import markdown_report, regenerate
from . import failed


def run(arguments: argparse.Namespace) -> int:
    """The command: see :func:`run_regenerate`."""
    return run_regenerate(arguments.project, arguments.paths, arguments.report)


def run_regenerate(root: Path, paths: list[str], report: Path | None) -> int:
    """Recompute, rewrite, flag the prose and report; 0 done (changed or not), 2 invalid input.
    Everything is read and checked first, the report's path too; then every file is written, or none."""
    plan = regenerate(root, paths)
    if report is not None:  # neither one of the files named nor one a build reads
        refusal = input_refusal(project_inputs(root), report, "regenerate.md") or output_problem(report, plan.inputs)
        if refusal is not None:
            print(f"{report}: error: {refusal} (the report); nothing regenerated")
            return 2
    if plan.problems:
        for problem in sorted(plan.problems):
            print(problem)
        print(f"{count(len(plan.problems), 'error')} in the input; nothing regenerated")
        return 2
    written: dict[Path, bytes] = {path: text.encode("utf-8") for path, text in plan.files.items()}
    written.update(plan.catalogs)
    if report is not None:
        written[report] = markdown_report(plan.changes, plan.fuzzy, plan.flagged).encode("utf-8")
    try:
        write_files(written, {path: os.path.relpath(path, root) for path in written if path != report})
    except FileError as error:
        return failed(error, "nothing regenerated")
    try:
        if plan.changed:
            _refresh_translator_comments(root)
    except FileError as error:
        print(error)
        print("the answers are written; the translators' comments are not: run `i18n extract` and `i18n update`")
        return 2
    for change in plan.changes:
        print(change)
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
    return 0


def _refresh_translator_comments(root: Path) -> None:
    """Extract and update, so that the translators' comments state the new answers."""
    problems: list[Problem] = []
    site = read_site(root, problems)
    if site is None or extract(root, site, problems).mismatches or problems:
        return
    if template_exists(root):
        update(root, list(site.locales), [])
