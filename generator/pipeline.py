"""The build's stages, once :mod:`generator.build` has found that something changed: load the
project and check every example, plan the outputs, render the stale ones (the others are linked
from the previous site), index them for search, write the new site beside the old one and swap it
in, and record what the build read.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from . import export, reason_map, records
from .build import BuildResult, Progress, base_key
from .cache import Keeper
from .drawing import Drawing
from .files import FileError, explain, read_input, staging_folder, swap_folder, write_new
from .i18n.catalogs import LOCALES, TRANSLATED_RECORD, blocks_strict, catalog_path
from .inputs import Inputs
from .keys import Fingerprints, digest
from .layout import ASSETS, SITE_FILE, TEMPLATES
from .outputs import input_refusal
from .plan import Output, plan
from .problems import Problem
from .project import CACHE, Project, load_project
from .records import MARKER, BuildRecord, FileRecord
from .rendering import Rendered, RenderError, Sink, folder_sink, memory_sink, render_site
from .search import SiteIndex
from .urls import SiteURL

EXAMPLES = "examples.json"
"""Where the site publishes every example with the engine's answers (beside its JSON Schema and
reasons.json's, named by their modules; reasons.json itself is rendered with the pages' sentences)."""


def made(
    root: Path,
    out: Path | None,
    strict: bool,
    base_url: SiteURL | None,
    progress: Progress,
    search: bool,
    keeper: Keeper,
    jobs: int | None,
    inputs: Inputs,
    last: BuildRecord | None,
    previous: Path | None,
    drawing: Drawing | None = None,
) -> BuildResult:
    """The site built into ``out`` (None: into memory), rendering only the files that ``last``,
    the record of the build into ``previous``, does not have as they would be rendered now;
    ``drawing``: the engine's draws, begun."""
    progress("reading and checking the pages")
    project = load_project(root, inputs, keeper=keeper, drawing=drawing, jobs=jobs)
    if out is not None and (refusal := input_refusal(inputs, out, "site/")) is not None:
        return BuildResult(2, problems=[Problem("", 0, 0, f"--out {out}: {refusal}")])
    errors = [problem for problem in project.problems if problem.severity == "error"]
    if errors or project.mismatches:  # every problem of the run, the catalogs' too
        errors += [problem for found in project.catalogs.values() for problem in project.take_catalog(found, keeper)[0]]
        return BuildResult(2 if errors else 1, problems=sorted(errors), mismatches=project.mismatches)
    assert project.site is not None
    url = SiteURL(base_url or project.site.base_url)
    lines = [project.exported[example.id] for example in project.examples]
    data = {  # the app team's conformance suite and contract, their schemas' ids under the site's address
        EXAMPLES: export.export_data(lines, url, project.drawn),
        export.SCHEMA_NAME: export.schema_data(url),
        reason_map.SCHEMA_NAME: reason_map.schema_data(url),
    }
    outputs = plan(project.site, project.pages, project.shown, url, data, search, project.draws)
    keys = output_keys(outputs, project, inputs, base_url, search)
    stale, reused = partition(outputs, keys, last, previous)
    progress(f"rendering {len(stale)} of {len(outputs)} files")
    pairs = [(output, keys[output.path]) for output in stale]
    if out is None:
        files: dict[str, bytes] = {}
        try:
            rendered = render_site(project, pairs, None, memory_sink(files), progress, jobs, keeper, None)
            _copy_assets(project.root, inputs, memory_sink(files))
        except RenderError as error:
            return BuildResult(2, problems=sorted(error.problems))
        except FileError as error:  # an asset that cannot be read
            return BuildResult(2, problems=[Problem(error.display, 0, 0, error.message)])
        return _result(project, rendered, strict, outputs, len(stale), files)
    try:
        staging = staging_folder(out.absolute())
    except OSError as error:
        return _unwritable(out, error)
    index = SiteIndex(staging, progress) if search else None  # generator/search.py: Pagefind over the pages
    try:
        linked = _link_reused(reused, last, previous, staging)  # first: a locale's folder is whole once rendered
        done = index.add if index is not None else None  # each locale indexed while the next is rendered
        rendered = render_site(project, pairs, staging, folder_sink(staging), progress, jobs, keeper, done)
        rendered.files |= linked
        rendered.files |= _copy_assets(project.root, inputs, folder_sink(staging))
        result = _result(project, rendered, strict, outputs, len(stale))
        if result.code != 0:
            return result
        if index is not None:
            progress("indexing the pages for search")
            rendered.files |= index.finish()
        swap_in(staging, out)
    except OSError as error:
        return _unwritable(out, error)
    except FileError as error:  # an asset that cannot be read
        return BuildResult(2, problems=[Problem(error.display, 0, 0, error.message)])
    except RenderError as error:
        return BuildResult(2, problems=sorted(error.problems))
    finally:
        if index is not None:
            index.stop()  # no Pagefind left indexing a build that failed
        shutil.rmtree(staging, ignore_errors=True)  # nothing left once swapped in
    record = BuildRecord(
        base_key(base_url, search),
        inputs.digests,
        result.pages,
        result.examples,
        result.locales,
        result.warnings,
        rendered.files,
    )
    records.save(root / CACHE, out, record)
    return result


def output_keys(
    outputs: list[Output], project: Project, inputs: Inputs, base_url: str | None, search: bool = True
) -> dict[str, str]:
    """Each output's key: the digest of all its rendering can read (the code, the site's
    configuration, the templates its template uses, its locales' catalogs, its context)."""
    base = digest(base_key(base_url, search), inputs.digests.get(SITE_FILE, ""))
    closures: dict[tuple[str, ...], str] = {}
    catalogs: dict[tuple[str, ...], tuple[str, ...]] = {}
    fingerprints = Fingerprints()
    keys = {}
    for output in outputs:
        templates = (output.template, *output.parts) if output.template else ()  # a data file has none
        if templates not in closures:
            used = sorted({name for template in templates for name in template_closure(project.uses, template)})
            closures[templates] = digest(*(f"{name}:{inputs.digests.get(f'{TEMPLATES}/{name}')}" for name in used))
        if output.catalogs not in catalogs:  # each catalog, and its record of translated messages (new from lost)
            catalogs[output.catalogs] = tuple(
                inputs.digests.get(name, "")
                for locale in output.catalogs
                for name in (
                    catalog_path(Path(LOCALES), locale).as_posix(),
                    f"{LOCALES}/{locale}/LC_MESSAGES/{TRANSLATED_RECORD}",
                )
            )
        keys[output.path] = digest(
            base, closures[templates], *catalogs[output.catalogs], fingerprints.of(output.context)
        )
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


def _link_reused(
    reused: list[Output], last: BuildRecord | None, previous: Path | None, staging: Path
) -> dict[str, FileRecord]:
    """Each reused file of the previous site, hard-linked into the staging folder (copied where
    links are refused), with its record."""
    files: dict[str, FileRecord] = {}
    if not reused:
        return files
    assert last is not None and previous is not None
    folders: set[Path] = set()  # each made once
    for output in reused:
        target = staging / output.path
        if target.parent not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            folders.add(target.parent)
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
    warnings = {
        (locale, *key): problem for locale, found in rendered.warnings.items() for key, problem in found.items()
    }
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


def swap_in(staging: Path, out: Path) -> None:
    """Put the written site ``staging`` in place of ``out`` so that ``out`` is the old site or the
    new one at every instant (an atomic exchange; see files.swap_folder); the old one is then
    removed. What a killed build left beside ``out`` (``.site.*.part``, ignored by git) is cleaned
    up by the next build (:func:`generator.files.recover_folder`)."""
    write_new(staging / MARKER, b"")
    staging.chmod(0o755)
    swap_folder(staging, out.absolute())
