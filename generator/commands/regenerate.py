"""``regenerate [PATH ...] [--report FILE] [--site-before DIR]``: after a rules change, write the new
answers, flag their prose fuzzy in every catalog and report each change (and, given the site built
before the change, every page and sentence of reasons.json whose text it alters)."""

from __future__ import annotations

import argparse
import os

from ..files import FileError, output_problem, write_files
from ..i18n.catalogs import TO_REVIEW
from ..outputs import input_refusal
from ..problems import Problem, count
from ..project import project_inputs
from ..regenerate import markdown_report, read_site_files, refresh_translator_comments, regenerate, site_after
from ..site_text import TextChange, site_changes
from . import failed
from . import report as show


def run(arguments: argparse.Namespace) -> int:
    """Recompute, rewrite, flag the prose and report; 0 done (changed or not), 2 invalid input.
    Everything is read and checked first, the report's path too, and the site the new files make is
    built (in memory, from a copy) for the report; then every file is written, or none."""
    root, report, site_before = arguments.project, arguments.report, arguments.site_before
    before: dict[str, bytes] | None = None
    if site_before is not None:
        try:
            before = read_site_files(site_before)
        except FileError as error:
            return failed(error, "nothing regenerated")
        if not before:
            print(
                f"{site_before}: error: no page of a built site there (the site before the change); nothing regenerated"
            )
            return 2
    plan = regenerate(root, arguments.paths)
    if report is not None:  # neither one of the files named nor one a build reads
        refusal = input_refusal(project_inputs(root), report, "regenerate.md") or output_problem(report, plan.inputs)
        if refusal is not None:
            print(f"{report}: error: {refusal} (the report); nothing regenerated")
            return 2
    if plan.problems:
        for problem in sorted(plan.problems):
            show(problem)
        print(f"{count(len(plan.problems), 'error')} in the input; nothing regenerated")
        return 2
    written = plan.files | plan.catalogs
    site: list[TextChange] | None = None
    review: list[Problem] = []
    if plan.changed and (report is not None or before is not None):
        after = site_after(root, plan)
        if after.code != 0:
            print("note: the site could not be built with the new answers; the report has no page of it")
        else:
            review = [warning for warning in after.warnings if warning.kind == TO_REVIEW]
            site = site_changes(before, after.files) if before is not None else None
    if report is not None:
        written[report] = markdown_report(plan.changes, plan.fuzzy, plan.flagged, site, review).encode("utf-8")
    try:
        write_files(written, {path: os.path.relpath(path, root) for path in written if path != report})
    except FileError as error:
        return failed(error, "nothing regenerated")
    try:
        if plan.changed:
            refresh_translator_comments(root)
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
    if site is not None:
        names = sorted({f"{change.locale}/{change.name}" for change in site})
        print(f"the site's text changes in {count(len(names), 'file')}: {', '.join(names) or 'none'}")
    return 0
