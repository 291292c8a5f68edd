"""The build: load content → check every example → plan the outputs → render the stale ones → write.

Nothing is written unless every stage succeeds; the new site is written to a staging folder next
to the output and swapped in, so a failed build leaves the previous site as it was. The files of
the previous site whose key is unchanged are linked into the new one instead of being rendered.

This module decides whether anything changed since the last build into the same folder (a no-op
build only says the last one's outcome again); the stages themselves are in
:mod:`generator.pipeline`, imported only when something changed, so that a no-op build does not
import the loader, Jinja, Babel or Markdown (``bench/run.py --only floor``: its time beside the
bare import of those libraries).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import records
from .cache import FOLDER as CACHE
from .cache import Keeper, Session
from .collector import paused
from .files import confined, explain, recover_folder
from .i18n.catalogs import blocks_strict
from .inputs import Inputs, changed
from .keys import code_version, digest
from .pagefind import indexer_version
from .problems import Problem
from .records import MARKER, BuildRecord
from .urls import SiteURL

if TYPE_CHECKING:
    from .verify import Mismatch


@dataclass
class BuildResult:
    """What a build did, for the command to report: its exit code and why."""

    code: int
    files: dict[str, bytes] = field(default_factory=dict)
    """The rendered files, for a build without an output folder."""
    warnings: list[Problem] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    """Errors: invalid input, a template's error, a file that cannot be written."""
    mismatches: list[Mismatch] = field(default_factory=list)
    pages: int = 0
    examples: int = 0
    locales: int = 0
    rendered: int = 0
    """Files rendered (the others were the previous site's, unchanged)."""
    unchanged: bool = False
    """Nothing changed since the last build into the same folder: nothing was done."""
    notes: list[str] = field(default_factory=list)
    """Lines to tell the user, such as a cache that could not be written."""
    unwritable: bool = False
    """The site could not be written (its one problem says why)."""
    read: tuple[str, ...] = ()
    """What the build read (an :class:`~generator.inputs.Inputs` key each: a file, or a folder it
    listed), as far as it got: what ``serve`` watches."""
    seconds: float = 0.0


Progress = Callable[[str], None]
"""Told what the build is doing, a few times a second at most: a stage, or a count of files."""


def build(
    root: Path,
    out: Path | None,
    strict: bool,
    base_url: SiteURL | None = None,
    progress: Progress | None = None,
    search: bool = True,
    session: Session | None = None,
    jobs: int | None = None,
) -> BuildResult:
    """Build the site of the project at ``root`` into ``out`` (None: render into memory only).

    Exit code 0 when built, 1 when an example does not hold, 2 when the input is invalid (or, with
    ``strict``, a translation is lost) or the site cannot be written; nothing is written unless 0.
    Without ``search``, the site has no search index (``serve``'s previews: indexing takes longer
    than rendering an edit). ``session``: what a process that builds again keeps between its builds
    (``serve``'s); ``jobs``: how many processes render (see :func:`~generator.forked.jobs_for`; with
    1, none checks the catalogs beside the pages either: :func:`~generator.forked.checks_beside`).
    """
    started = time.perf_counter()
    keeper = Keeper(root / CACHE, session)
    inputs = Inputs(root)
    # every read inside the project (a link out of it is refused); the cycle collector paused: it
    # only rescans a build's acyclic values
    with confined(root), paused():
        result = _build(root, out, strict, base_url, progress or (lambda _: None), search, keeper, jobs, inputs)
    result.read = result.read or tuple(inputs.digests)
    if keeper.unwritable:
        result.notes.append(f"the build cache ({CACHE}/) could not be written: the next build is slower")
    result.seconds = time.perf_counter() - started
    return result


def _build(
    root: Path,
    out: Path | None,
    strict: bool,
    base_url: SiteURL | None,
    progress: Progress,
    search: bool,
    keeper: Keeper,
    jobs: int | None,
    inputs: Inputs,
) -> BuildResult:
    previous: Path | None = None
    last: BuildRecord | None = None
    if out is not None:
        if (refusal := output_problem(root, out)) is not None:
            return BuildResult(2, problems=[Problem("", 0, 0, refusal)])
        try:  # the site a killed build left aside put back, and the rest it left removed
            recover_folder(out.absolute())
        except OSError as error:
            message = f"cannot put back the site a killed build left aside: {explain(error)}"
            return BuildResult(2, problems=[Problem(str(out), 0, 0, message)])
        if (out / MARKER).is_file():
            previous, last = out.absolute(), records.load(root / CACHE, out)
    if (  # the last build read what this one would, and its site is as it left it
        last is not None
        and previous is not None
        and last.code == base_key(base_url, search)
        and not changed(root, last.inputs)
        and records.intact(previous, last.files)
    ):
        return _reported(last, strict)
    from .drawing import Drawing

    with Drawing(keeper) as drawing:  # the draws, if not kept, made from now on beside this process
        from .pipeline import made  # the stages' modules, imported only now (see the module's docstring)

        return made(root, out, strict, base_url, progress, search, keeper, jobs, inputs, last, previous, drawing)


def base_key(base_url: str | None, search: bool = True) -> str:
    """What every output follows from besides its inputs: the code, the base URL given, and whether
    the site has its search index (and the indexer's version)."""
    return digest(code_version(), base_url or "", f"search {indexer_version()}" if search else "")


def _reported(last: BuildRecord, strict: bool) -> BuildResult:
    """The outcome of a build of unchanged inputs: the last one's, said again."""
    code = 2 if strict and any(blocks_strict(warning) for warning in last.warnings) else 0
    return BuildResult(
        code,
        warnings=last.warnings,
        pages=last.pages,
        examples=last.examples,
        locales=last.locales,
        unchanged=True,
        read=tuple(last.inputs),
    )


def output_problem(root: Path, out: Path) -> str | None:
    """Why ``out`` may not receive the site, if it may not: a build replaces the whole folder, so
    it must be a folder of its own (a site built here before, or new, or empty)."""
    try:
        target, project = out.resolve(strict=False), root.resolve()
        target.exists()
    except (OSError, RuntimeError) as error:  # RuntimeError: a loop of symbolic links (Python 3.11, 3.12)
        reason = explain(error) if isinstance(error, OSError) else "a loop of symbolic links: fix the link"
        return f"--out {out}: {reason}"
    if target == project or project.is_relative_to(target):
        return f"--out {out}: this folder holds the project; choose one of its own, such as site/"
    if target.is_relative_to(project / CACHE):  # the inputs' folders are refused once the loader has listed them
        return f"--out {out}: inside the project's {CACHE}/; choose a folder of its own, such as site/"
    if target.exists() and not target.is_dir():
        return f"--out {out}: a file, not a folder"
    try:
        foreign = target.is_dir() and not (target / MARKER).is_file() and any(target.iterdir())
    except OSError as error:
        return f"--out {out}: {explain(error)}"
    if foreign:
        return (
            f"--out {out}: this folder is not a site built here (it has no {MARKER}) and would be "
            "replaced: empty it or choose another"
        )
    return None
