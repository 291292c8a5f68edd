"""Loading a project, as named stages a command can use alone:

read the site (:func:`read_site`) → read the pages (:func:`read_pages`) → solve every example
(:func:`solve_examples`) → read the catalogs (:func:`read_catalogs`) → compile the templates
(:func:`compile_templates`). :func:`load_project` runs them all for a build (on two cores the
catalogs are read aside while the rest runs, so the templates are compiled before they are in).
Each stage adds what is wrong with its input to the run's list of problems and goes on, so that
every problem of a run is reported at once.
"""

from __future__ import annotations

import gc
import os
import pickle
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .deal_views import DealView, deal_view
from .files import FileError, explain
from .i18n.catalogs import LOCALES, Catalogs, cache_path, catalog_path
from .page_cache import PageCache, page_key
from .problems import Problem
from .reader.documents import load_documents, parse_file, read_file
from .reader.examples import AuctionExample, DealExample, Example, ExampleSet, PlayExample
from .reader.pages import ExampleBlock, Page, Site, Text, anchor_problems, read_page, see_targets, template_ids
from .reader.pages import read_site as read_site_document
from .reader.source import SourceError
from .verify import AuctionSolution, DealSolution, Mismatch, PlaySolution, Verification, verify
from .views import AuctionView, PlayView, auction_view, pairs, play_view

if TYPE_CHECKING:  # the template machinery is imported by the stage that compiles templates
    from .render import CompiledTemplates

CONTENT, TEMPLATES, ASSETS = "content", "templates", "assets"
SITE_FILE = f"{CONTENT}/site.yaml"
CACHE = ".cache"
"""Compiled templates and parsed catalogs kept between builds (safe to delete; never published)."""

View = PlayView | AuctionView | DealView


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused for a stage: reading and solving make millions of objects
    without cycles (freed as they go by reference counting), and with every page read the
    collector would scan all the pages kept so far again, a cost that grows faster than the site."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_site(root: Path, problems: list[Problem]) -> Site | None:
    """Stage 1: the site's configuration (``content/site.yaml``); None when it cannot be read."""
    documents = load_documents([SITE_FILE], problems, root)
    return read_site_document(documents[0], ExampleSet(problems=problems)) if documents else None


@_no_cycle_collection()
def read_pages(
    root: Path, site: Site, problems: list[Problem], cache: Path | None = None
) -> tuple[list[Page], list[Example]]:
    """Stage 2: the site's pages, in the site's order, and their examples. With ``cache``, a page
    whose file (and the generator's code) did not change since it was last read without problems
    is taken from there instead of being parsed again."""
    examples = ExampleSet(problems=problems)
    pages = []
    cached = PageCache(cache)
    templates = template_ids(root / TEMPLATES)  # the ids no section may take
    for slug in site.pages:
        name = f"{CONTENT}/{slug}.yaml"
        data = read_file(name, problems, root)
        if data is None:
            continue
        key = page_key(name, data)
        stored = cached.get(key)
        if stored is not None and examples.adopt(stored[1], stored[2]):
            pages.append(stored[0])
            cached.reuse(key)
            continue
        before, claimed, first = len(problems), examples.claimed, len(examples.examples)
        document = parse_file(name, data, problems)
        page = read_page(document, slug, examples, templates) if document is not None else None
        if page is not None:
            pages.append(page)
            if len(problems) == before:
                cached.keep(key, (page, examples.examples[first:], examples.claimed_since(claimed)))
    cached.save()
    problems.extend(glossary_problems(pages, site.pages))
    problems.extend(anchor_problems(pages, templates))  # a page from the cache, read with other templates
    return pages, examples.examples


def _every_page(root: Path) -> Site:
    """A stand-in for a site's configuration that cannot be read: every page file of ``content/``."""
    try:
        slugs = sorted(path.stem for path in (root / CONTENT).glob("*.yaml") if path.name != "site.yaml")
    except OSError:
        slugs = []
    return Site(SITE_FILE, Text("", SITE_FILE, 1, 1), "", {}, tuple(slugs))


def glossary_problems(pages: list[Page], slugs: tuple[str, ...]) -> list[Problem]:
    """Each glossary entry whose `see` is not a section or an example of a page of the site (a page
    of the site that could not be read has its own problems, and is not looked into)."""
    anchors = {page.slug: page.anchors for page in pages}
    targets = see_targets(pages)  # what templates/glossary.html renders: a section or an example
    problems = []
    for page in pages:
        for entry in page.entries:
            slug, _, anchor = entry.see.msgid.partition("#")
            if slug in slugs and slug not in anchors:
                continue
            if entry.see.msgid not in targets:
                where = f"no page {slug}" if slug not in anchors else f"{slug} has no section or example #{anchor}"
                problems.append(
                    Problem(entry.see.path, entry.see.line, entry.see.column, f"see: {entry.see.msgid}: {where}")
                )
    return problems


@_no_cycle_collection()
def solve_examples(examples: list[Example], problems: list[Problem]) -> tuple[Verification, dict[str, View]]:
    """Stage 3: every example through the engine, compared with its ``expect``; the view a page
    shows of each example that could be solved."""
    verification = verify(examples)
    problems.extend(verification.problems)
    views: dict[str, View] = {}
    for example in examples:
        solution = verification.solutions.get(example.id)
        if isinstance(example, PlayExample) and isinstance(solution, PlaySolution):
            views[example.id] = play_view(example, solution)
        elif isinstance(example, AuctionExample) and isinstance(solution, AuctionSolution):
            views[example.id] = auction_view(example, solution)
        elif isinstance(example, DealExample) and isinstance(solution, DealSolution):
            views[example.id] = deal_view(example, solution)
    return verification, views


def page_pairs(pages: list[Page], views: dict[str, View]) -> dict[str, View]:
    """Each example's pair under the other rule set (see :func:`views.pairs`) among the examples
    of its own page: the page shows the two side by side, or links one to the other's anchor."""
    paired: dict[str, View] = {}
    for page in pages:
        ids = [block.example.id for block in page.blocks if isinstance(block, ExampleBlock)]
        paired |= pairs({id: views[id] for id in ids if id in views})
    return paired


def read_catalogs(root: Path, locales: list[str], problems: list[Problem]) -> Catalogs:
    """Stage 4: each locale's catalog checked; those that can be read (the others add their
    problems), read back from the cache when used."""
    catalogs = Catalogs(root, root / CATALOG_CACHE)
    for locale in locales:
        catalogs.read(locale, problems)
    return catalogs


CATALOG_CACHE = f"{CACHE}/catalogs"
"""Where the parsed catalogs are kept (see :class:`generator.i18n.catalogs.Catalogs`)."""

ASIDE_MIN = 2 * 1024 * 1024
"""Catalogs of fewer bytes than this are read in this process: a second one costs more than it saves."""


def _read_catalogs_aside(root: Path, locales: list[str]) -> tuple[dict[str, str], dict[str, bytes], list[Problem]]:
    """The catalogs checked in a child: their digests, pickled those the cache could not keep
    (the others are read back from it when used), and their problems."""
    problems: list[Problem] = []
    catalogs = read_catalogs(root, locales, problems)
    held = {code: pickle.dumps(catalog, protocol=pickle.HIGHEST_PROTOCOL) for code, catalog in catalogs.held.items()}
    return catalogs.digests, held, problems


@contextmanager
def catalogs_aside(root: Path, locales: list[str]) -> Iterator[Callable[[list[Problem]], Catalogs]]:
    """Stage 4 started early: on two cores, with large catalogs to parse (not all in the cache
    already, which this process checks faster than a child could), they are parsed in a forked
    child while this process reads the pages (parsing them here would also leave the parser's
    garbage in this process's memory, which a later fork copies).
    Yields the function that waits for them (their problems added, as :func:`read_catalogs` would)."""
    size, parsed = 0, True  # bytes to read; whether each catalog seems parsed in the cache already
    try:
        for locale in locales:
            status = os.stat(root / catalog_path(Path(LOCALES), locale))
            size += status.st_size
            cached = cache_path(root / CATALOG_CACHE, locale)
            parsed = parsed and os.path.exists(cached) and os.stat(cached).st_mtime_ns >= status.st_mtime_ns
    except OSError:
        size = 0  # a catalog missing or unreadable: read here, where its problem is found
    if parsed or size < ASIDE_MIN or (os.cpu_count() or 1) < 2 or threading.active_count() > 1:
        yield lambda problems: read_catalogs(root, locales, problems)
        return
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(1)
    try:
        pending = pool.apply_async(_read_catalogs_aside, (root, locales))

        def wait(problems: list[Problem]) -> Catalogs:
            digests, held, found = pending.get()
            problems.extend(found)
            catalogs = Catalogs(root, root / CATALOG_CACHE)
            for locale, digest in digests.items():
                catalogs.keep(locale, digest, pickle.loads(held[locale]) if locale in held else None)  # our own child's
            return catalogs

        yield wait
    finally:
        pool.terminate()
        pool.join()


def compile_templates(root: Path, problems: list[Problem]) -> CompiledTemplates:
    """Stage 5: every template compiled, so that a syntax error is reported at its line before rendering."""
    from jinja2 import TemplateSyntaxError

    from .render import CompiledTemplates, make_environment

    compiled = CompiledTemplates(root / CACHE / "templates")
    folder = root / TEMPLATES
    env = make_environment(folder, compiled)
    try:
        paths = sorted(folder.glob("*"))
    except OSError as error:
        problems.append(Problem(TEMPLATES, 0, 0, explain(error)))
        return compiled
    for path in paths:
        if path.name.startswith(".") or path.suffix not in (".html", ".xml"):
            continue  # editors' swap and lock files, assets
        try:
            env.get_template(path.name)
        except TemplateSyntaxError as error:
            problems.append(Problem(f"{TEMPLATES}/{path.name}", error.lineno, 1, f"template syntax: {error.message}"))
        except FileError as error:  # not a regular file, unreadable...
            problems.append(Problem(f"{TEMPLATES}/{path.name}", 0, 0, error.message))
        except SourceError as error:  # not UTF-8, at the byte
            line, column, message = error.problems[0]
            problems.append(Problem(f"{TEMPLATES}/{path.name}", line, column, message))
        except RecursionError:  # Jinja's parser recurses once per nested block or parenthesis
            problems.append(Problem(f"{TEMPLATES}/{path.name}", 0, 0, "nested too deeply to compile: flatten it"))
    return compiled


@dataclass
class Project:
    """Everything a build reads, checked: the site, its pages, the examples' views, the catalogs."""

    root: Path
    site: Site | None = None
    pages: list[Page] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    views: dict[str, View] = field(default_factory=dict)
    pairs: dict[str, View] = field(default_factory=dict)
    """Each example's pair under the other rule set on its page, if it has one (see :func:`page_pairs`)."""
    catalogs: Catalogs = field(default_factory=lambda: Catalogs(Path(), None))
    """Each readable catalog, read back from the cache when looked up (see :class:`Catalogs`)."""
    compiled: CompiledTemplates | None = None
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)


def load_project(root: Path, catalogs: bool = True, templates: bool = True) -> Project:
    """Run the stages: the site, its pages, every example solved, the templates compiled (unless
    ``templates`` is false), every catalog (unless ``catalogs`` is false; read aside meanwhile,
    where it pays)."""
    project = Project(root)
    project.site = read_site(root, project.problems)
    if project.site is None:  # which pages there are is not known: each page file is read for its problems
        read_pages(root, _every_page(root), project.problems)
        return project
    with catalogs_aside(root, list(project.site.locales) if catalogs else []) as read_later:
        project.pages, project.examples = read_pages(root, project.site, project.problems, root / CACHE)
        verification, project.views = solve_examples(project.examples, project.problems)
        project.pairs = page_pairs(project.pages, project.views)
        project.mismatches = verification.mismatches
        if templates:  # while the catalogs may still be read aside
            project.compiled = compile_templates(root, project.problems)
        if catalogs:
            project.catalogs = read_later(project.problems)
    return project
