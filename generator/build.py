"""The build: load content → check every example → plan the outputs → render the stale ones → write.

Nothing is written unless every stage succeeds; the new site is written to a staging folder next
to the output and swapped in, so a failed build leaves the previous site as it was. The files of
the previous site whose key is unchanged are linked into the new one instead of being rendered.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import records
from .cache import Keeper, Session
from .collector import paused
from .export import drawn_lines, export_data, schema_data, shown_codes
from .files import (
    FileError,
    explain,
    read_input,
    recover_folder,
    staging_folder,
    swap_folder,
    within_project,
    write_new,
)
from .i18n.catalogs import LOCALES, TRANSLATED_RECORD, blocks_strict, catalog_path
from .inputs import Inputs, changed
from .keys import Fingerprints, code_version, digest
from .outputs import input_refusal
from .pagefind import indexer_version
from .plan import Output, plan
from .problems import Problem
from .project import ASSETS, CACHE, SITE_FILE, TEMPLATES, Project, check_catalog, load_project
from .reason_map import schema_data as reasons_schema
from .records import MARKER, BuildRecord, FileRecord
from .rendering import Rendered, RenderError, Sink, folder_sink, memory_sink, render_site
from .search import index_search
from .urls import SiteURL
from .verify import Mismatch

EXAMPLES, EXAMPLES_SCHEMA, REASONS_SCHEMA = "examples.json", "examples.schema.json", "reasons.schema.json"
"""Where the site publishes every example with the engine's answers, the file's JSON Schema, and
reasons.json's (reasons.json itself is rendered with the pages' sentences)."""


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
    """Lines to tell the user, such as a record that could not be used."""
    unwritable: bool = False
    """The site could not be written (its one problem says why)."""
    read: tuple[str, ...] = ()
    """What the build read (an :class:`~generator.inputs.Inputs` key each: a file, or a folder it
    listed), as far as it got: what ``serve`` watches."""
    seconds: float = 0.0


Progress = Callable[[str], None]
"""Told what the build is doing, a few times a second at most: a stage, or a count of files."""


@within_project  # every read inside the project: a link out of it is refused
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
    (``serve``'s); ``jobs``: how many processes render (see :func:`~generator.rendering.jobs_for`).
    """
    started = time.perf_counter()
    keeper = Keeper(root / CACHE, session)
    inputs = Inputs(root)
    with paused():  # the cycle collector only rescans a build's acyclic values
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
    if out is not None and (refusal := output_problem(root, out)) is not None:
        return BuildResult(2, problems=[Problem("", 0, 0, refusal)])
    if out is not None and (leftover := _recover(out)) is not None:
        return BuildResult(2, problems=[leftover])
    previous = out.absolute() if out is not None and (out / MARKER).is_file() else None
    last, notes = _last_record(root, out) if previous is not None and out is not None else (None, [])
    if last is not None and previous is not None and _unchanged(root, previous, last, base_url, search):
        return _reported(last, strict)
    progress("reading and checking the pages")
    project = load_project(root, inputs, keeper=keeper)
    if out is not None and (refusal := input_refusal(inputs, out, "site/")) is not None:
        return BuildResult(2, problems=[Problem("", 0, 0, f"--out {out}: {refusal}")])
    errors = [problem for problem in project.problems if problem.severity == "error"]
    if errors or project.mismatches:  # every problem of the run, the catalogs' too
        errors += [problem for found in project.catalogs.values() for problem in check_catalog(found, keeper)[1]]
        return BuildResult(2 if errors else 1, problems=sorted(errors), mismatches=project.mismatches)
    assert project.site is not None
    url = SiteURL(base_url or project.site.base_url)
    lines = [project.exported[example.id] for example in project.examples]
    data = {  # the app team's conformance suite and contract, their schemas' ids under the site's address
        EXAMPLES: export_data(
            lines, url, keeper.kept("conformance", "drawn", drawn_lines, shown_codes(lines), disk=True)
        ),
        EXAMPLES_SCHEMA: schema_data(url),
        REASONS_SCHEMA: reasons_schema(url),
    }
    outputs = plan(project.site, project.pages, project.views, url, data, inputs.digests, search, project.draws)
    keys = output_keys(outputs, project, inputs, base_url, search)
    stale, reused = partition(outputs, keys, last, previous)
    progress(f"rendering {len(stale)} of {len(outputs)} files")
    if out is None:
        files: dict[str, bytes] = {}
        rendered = _render(project, stale, keys, None, memory_sink(files), progress, jobs, keeper)
        if isinstance(rendered, BuildResult):
            return rendered
        try:
            _copy_assets(project.root, inputs, memory_sink(files))
        except FileError as error:  # an asset that cannot be read
            return BuildResult(2, problems=[Problem(error.display, 0, 0, error.message)])
        return _result(project, rendered, strict, outputs, len(stale), files)
    try:
        staging = make_staging(out)
    except OSError as error:
        return _unwritable(out, error)
    try:
        rendered = _render(project, stale, keys, staging, folder_sink(staging), progress, jobs, keeper)
        if isinstance(rendered, BuildResult):
            return rendered
        rendered.files |= _link_reused(reused, last, previous, staging)
        rendered.files |= _copy_assets(project.root, inputs, folder_sink(staging))
        result = _result(project, rendered, strict, outputs, len(stale))
        if result.code != 0:
            return result
        if search:
            progress("indexing the pages for search")
            rendered.files |= index_search(staging, progress)  # generator/search.py: Pagefind over the finished pages
        swap_in(staging, out)
    except OSError as error:
        return _unwritable(out, error)
    except FileError as error:  # an asset that cannot be read
        return BuildResult(2, problems=[Problem(error.display, 0, 0, error.message)])
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # nothing left once swapped in
    record = BuildRecord(
        _base(base_url, search),
        inputs.digests,
        result.pages,
        result.examples,
        result.locales,
        result.warnings,
        rendered.files,
    )
    records.save(root / CACHE, out, record)
    result.notes = notes
    return result


def _recover(out: Path) -> Problem | None:
    """Put back the site a killed build left aside, and remove the rest it left."""
    try:
        recover_folder(out.absolute())
    except OSError as error:
        return Problem(str(out), 0, 0, f"cannot put back the site a killed build left aside: {explain(error)}")
    return None


def _base(base_url: str | None, search: bool = True) -> str:
    """What every output follows from besides its inputs: the code, the base URL given, and whether
    the site has its search index (and the indexer's version)."""
    return digest(code_version(), base_url or "", f"search {indexer_version()}" if search else "")


def _last_record(root: Path, out: Path) -> tuple[BuildRecord | None, list[str]]:
    """The record of the last build into ``out``, and a line to say when it could not be used."""
    try:
        return records.load(root / CACHE, out), []
    except records.Damaged as error:
        return None, [f"the record of the last build could not be used ({error}): every file is rendered again"]


def _unchanged(root: Path, previous: Path, last: BuildRecord, base_url: str | None, search: bool) -> bool:
    """Whether the last build read what this one would, and its site is as it left it."""
    return (
        last.code == _base(base_url, search) and not changed(root, last.inputs) and records.intact(previous, last.files)
    )


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


def output_keys(
    outputs: list[Output], project: Project, inputs: Inputs, base_url: str | None, search: bool = True
) -> dict[str, str]:
    """Each output's key: the digest of all its rendering can read (the code, the site's
    configuration, the templates its template uses, its locales' catalogs, its context)."""
    base = digest(_base(base_url, search), inputs.digests.get(SITE_FILE, ""))
    closures: dict[tuple[str, ...], str] = {}
    fingerprints = Fingerprints()
    keys = {}
    for output in outputs:
        templates = (output.template, *output.parts) if output.template else ()  # a data file has none
        if templates not in closures:
            used = sorted({name for template in templates for name in template_closure(project.uses, template)})
            closures[templates] = digest(*(f"{name}:{inputs.digests.get(f'{TEMPLATES}/{name}')}" for name in used))
        catalogs = (  # a catalog, and its record of translated messages (which tells new from lost)
            part
            for locale in output.catalogs
            for part in (
                inputs.digests.get(catalog_path(Path(LOCALES), locale).as_posix(), ""),
                inputs.digests.get(f"locales/{locale}/LC_MESSAGES/{TRANSLATED_RECORD}", ""),
            )
        )
        keys[output.path] = digest(base, closures[templates], *catalogs, fingerprints.of(output.context))
    return keys


def template_closure(uses: dict[str, tuple[str, ...]], name: str) -> list[str]:
    """The template ``name`` and every template it uses, recursively, sorted (every template when
    one names another only when rendering)."""
    seen: set[str] = set()
    pending = [name]
    while pending:
        current = pending.pop()
        if current == "*":
            return sorted(uses)
        if current not in seen:
            seen.add(current)
            pending += uses.get(current, ())
    return sorted(seen)


def partition(
    outputs: list[Output], keys: dict[str, str], last: BuildRecord | None, previous: Path | None
) -> tuple[list[Output], list[Output]]:
    """The outputs to render, and those the previous site has as they would be rendered."""
    if last is None or previous is None:
        return outputs, []
    stale: list[Output] = []
    reused: list[Output] = []
    for output in outputs:
        fresh = records.reusable(previous, output.path, last.files.get(output.path), keys[output.path])
        (reused if fresh else stale).append(output)
    return stale, reused


def _render(
    project: Project,
    stale: list[Output],
    keys: dict[str, str],
    staging: Path | None,
    sink: Sink,
    progress: Progress,
    jobs: int | None,
    keeper: Keeper,
) -> Rendered | BuildResult:
    try:
        outputs = [(output, keys[output.path]) for output in stale]
        return render_site(project, outputs, staging, sink, progress, jobs, keeper)
    except RenderError as error:
        return BuildResult(2, problems=sorted(error.problems))


def _link_reused(
    reused: list[Output], last: BuildRecord | None, previous: Path | None, staging: Path
) -> dict[str, FileRecord]:
    """Each reused file of the previous site, hard-linked into the staging folder (copied where
    links are refused), with its record."""
    files: dict[str, FileRecord] = {}
    if not reused:
        return files
    assert last is not None and previous is not None
    for output in reused:
        target = staging / output.path
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(previous / output.path, target)
        except OSError:
            write_new(target, read_input(previous / output.path, output.path))
        kept = last.files[output.path]
        files[output.path] = FileRecord(kept.key, kept.digest, kept.warnings, records.stamp(target))
    return files


def _copy_assets(root: Path, inputs: Inputs, sink: Sink) -> dict[str, FileRecord]:
    """The assets (CSS, icons, the share image), copied as they are."""
    files: dict[str, FileRecord] = {}
    folder = f"{TEMPLATES}/{ASSETS}"
    for path in inputs.files(folder):
        relative = path.relative_to(root / folder).as_posix()
        data = read_input(path, f"{folder}/{relative}")  # FileError: unreadable
        sha = inputs.note(f"{folder}/{relative}", data)
        name = f"{ASSETS}/{relative}"
        files[name] = FileRecord(sha, sha, (), sink(name, data))
    return files


def _result(
    project: Project,
    rendered: Rendered,
    strict: bool,
    outputs: list[Output],
    stale: int,
    files: dict[str, bytes] | None = None,
) -> BuildResult:
    """The build's result once every file is rendered: its warnings (each message shown in English
    once per locale, the reused files' given again), an error under ``strict``."""
    assert project.site is not None
    warnings: dict[tuple[str, str | None, str], Problem] = {}
    for locale, found in rendered.warnings.items():
        for (context, msgid), problem in found.items():
            warnings.setdefault((locale, context, msgid), problem)
    by_catalog = {catalog_path(Path(LOCALES), locale).as_posix(): locale for locale in project.site.locales}
    for record in rendered.files.values():
        for context, msgid, problem in record.warnings:
            if (owner := by_catalog.get(problem.path)) is not None:
                warnings.setdefault((owner, context, msgid), problem)
    listed = sorted([*warnings.values(), *project.problems])  # the project's are warnings by now
    return BuildResult(
        2 if strict and any(blocks_strict(warning) for warning in listed) else 0,
        files=files or {},
        warnings=listed,
        pages=sum(1 for output in outputs if output.path.endswith(".html")),
        examples=len(project.examples),
        locales=len(project.site.locales),
        rendered=stale,
    )


def _unwritable(out: Path, error: OSError) -> BuildResult:
    return BuildResult(
        2,
        problems=[Problem(str(out), 0, 0, f"cannot write the site: {explain(error)}; nothing written")],
        unwritable=True,
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


def make_staging(out: Path) -> Path:
    """A new, empty folder beside ``out``, into which the site is written before it is swapped in."""
    out = out.absolute()
    out.parent.mkdir(parents=True, exist_ok=True)
    return staging_folder(out)


def swap_in(staging: Path, out: Path) -> None:
    """Put the written site ``staging`` in place of ``out`` so that ``out`` is the old site or the
    new one at every instant (an atomic exchange; see files.swap_folder); the old one is then
    removed. What a killed build left beside ``out`` (``.site.*.part``, ignored by git) is cleaned
    up by the next build (:func:`generator.files.recover_folder`)."""
    write_new(staging / MARKER, b"")
    staging.chmod(0o755)
    swap_folder(staging, out.absolute())
