"""``build [--strict] [--out DIR] [--base-url URL] [--no-search]``: the site, every example checked, written only if all
is well."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..build import BuildResult, build
from ..cache import Session
from ..i18n.catalogs import blocks_strict
from ..invocation import command
from ..problems import Problem, count
from ..urls import SiteURL, override
from . import report as print_line

MANY = 10
"""A locale showing more messages in English than this is told of them in one line."""


def run(arguments: argparse.Namespace) -> int:
    """Build into ``--out`` (default: ``site/`` in the project), at ``--base-url`` (else
    ``$BELOTE_DOCS_BASE_URL``, else ``content/site.yaml``'s); the build's exit code."""
    try:
        base_url = override(arguments.base_url, os.environ)
    except ValueError as error:
        print(f"error: {error}")
        return 2
    out = arguments.out if arguments.out is not None else arguments.project / "site"
    return build_and_tell(
        arguments.project, out, arguments.strict, print_line, base_url, arguments.search, None, arguments.jobs
    ).code


def build_and_tell(
    root: Path,
    out: Path | None,
    strict: bool,
    report: Callable[[object], None],
    base_url: SiteURL | None,
    search: bool,
    session: Session | None,
    jobs: int | None = None,
) -> BuildResult:
    """Build, and tell the user what happened; the build's result (``serve`` watches what it read).
    On a terminal, what the build is doing is shown meanwhile on one line that updates (nothing
    when the output is piped)."""
    line = Progress(sys.stderr) if sys.stderr.isatty() else None
    try:
        result = build(root, out, strict, base_url, line, search, session, jobs)
    finally:
        if line is not None:
            line.clear()
    tell(result, out, strict, report)
    return result


class Progress:
    """One line of a terminal that says what is being done, rewritten at most ten times a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = 0.0
        self.width = 0

    def __call__(self, what: str) -> None:
        now = time.monotonic()
        if now - self.shown < 0.1:
            return
        self.shown = now
        self.stream.write("\r" + what.ljust(self.width))
        self.stream.flush()
        self.width = len(what)

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def tell(result: BuildResult, out: Path | None, strict: bool, report: Callable[[object], None]) -> None:
    """What a build did, line by line: its errors, the examples that do not hold, the warnings,
    and one line saying what was built."""
    for note in result.notes:
        report(f"note: {note}")
    for problem in result.problems:
        report(f"error: {problem.message}" if not problem.path else problem)
    for mismatch in result.mismatches:
        report(mismatch)
    if result.unwritable:
        return  # said in its one line
    if result.problems or result.mismatches:
        failing = len({m.example.id for m in result.mismatches})
        parts = [count(len(result.problems), "error")] if result.problems else []
        parts += [f"{count(failing, 'example')} not holding"] if failing else []
        if failing and not result.problems:
            report(
                f"note: after a rules change, `{command('regenerate content tests/examples')}` writes the engine's "
                'answers and flags the prose to review (README, "When the rules change")'
            )
        report(f"{' and '.join(parts)}; nothing written")
        return
    blocking = [warning for warning in result.warnings if strict and blocks_strict(warning)]
    new: dict[str, list[Problem]] = {}
    for warning in result.warnings:
        if warning in blocking:
            report(Problem(warning.path, warning.line, warning.column, warning.message, "error"))
        else:
            new.setdefault(warning.path, []).append(warning)
    for path, warnings in new.items():
        if len(warnings) <= MANY:
            for warning in warnings:
                report(warning)
        else:  # one line for the locale: `i18n stats` lists them
            message = (
                f"{count(len(warnings), 'message')} shown in English (new or changed, not translated yet): "
                f"{command('i18n stats')} lists them"
            )
            report(Problem(path, 0, 0, message, "warning"))
    if blocking:
        report(f"{count(len(blocking), 'error')} (warnings that --strict makes errors); nothing written")
        return
    note = " (nothing changed since the last build)" if result.unchanged else ""
    report(
        f"{'Built' if out is not None else 'Rendered'} {count(result.pages, 'page')} in "
        f"{count(result.locales, 'locale')}{f' into {out}/' if out is not None else ''}{note}: "
        f"{count(result.examples, 'example')} checked, {count(len(result.warnings), 'warning')}, "
        f"{result.seconds:.2f} s"
    )
