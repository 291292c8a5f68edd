"""Loading a project, as named stages a command can use alone:

read the site (:func:`read_site`) → read the pages (:func:`read_pages`) → solve every example
(:func:`solve_examples`) → read the catalogs (:func:`read_catalogs`) → compile the templates
(:func:`compile_templates`). :func:`load_project` runs them all, in that order, for a build.
Each stage adds what is wrong with its input to the run's list of problems and goes on, so that
every problem of a run is reported at once.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .deal_views import DealView, deal_view
from .files import FileError, explain, read_input, write_file
from .i18n.catalogs import LOCALES, Catalog, catalog_path, read_catalog
from .problems import Problem
from .reader.documents import load_documents
from .reader.examples import AuctionExample, DealExample, Example, ExampleSet, PlayExample
from .reader.pages import Page, Site, Text, read_page
from .reader.pages import read_site as read_site_document
from .reader.source import SourceError
from .reuse import code_version, digest
from .verify import AuctionSolution, DealSolution, Mismatch, PlaySolution, Verification, verify
from .views import AuctionView, PlayView, auction_view, pairs, play_view

if TYPE_CHECKING:  # the template machinery is imported by the stage that compiles templates
    from .render import CompiledTemplates

CONTENT, TEMPLATES, ASSETS = "content", "templates", "assets"
SITE_FILE = f"{CONTENT}/site.yaml"
CACHE = ".cache"
"""Compiled templates and parsed catalogs kept between builds (safe to delete; never published)."""

View = PlayView | AuctionView | DealView


def read_site(root: Path, problems: list[Problem]) -> Site | None:
    """Stage 1: the site's configuration (``content/site.yaml``); None when it cannot be read."""
    documents = load_documents([SITE_FILE], problems, root)
    return read_site_document(documents[0], ExampleSet(problems=problems)) if documents else None


def read_pages(
    root: Path, site: Site, problems: list[Problem], cache: Path | None = None
) -> tuple[list[Page], list[Example]]:
    """Stage 2: the site's pages, in the site's order, and their examples. With ``cache``, a page
    whose file (and the generator's code) did not change since it was last read without problems
    is taken from there instead of being parsed again."""
    examples = ExampleSet(problems=problems)
    pages = []
    for slug in site.pages:
        name = f"{CONTENT}/{slug}.yaml"
        stored = _cached_page(root, name, cache)
        if stored is not None and examples.adopt(stored[1], stored[2]):
            pages.append(stored[0])
            continue
        before, claimed = len(problems), examples.claimed
        first = len(examples.examples)
        for document in load_documents([name], problems, root):
            page = read_page(document, Path(document.path).stem, examples)
            if page is not None:
                pages.append(page)
                if len(problems) == before and cache is not None:
                    _store_page(root, name, cache, (page, examples.examples[first:], examples.claimed_since(claimed)))
    problems.extend(glossary_problems(pages, site.pages))
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
    problems = []
    for page in pages:
        for entry in page.entries:
            slug, _, anchor = entry.see.msgid.partition("#")
            if slug in slugs and slug not in anchors:
                continue
            if anchor not in anchors.get(slug, set()):
                where = f"no page {slug}" if slug not in anchors else f"{slug} has no section or example #{anchor}"
                problems.append(
                    Problem(entry.see.path, entry.see.line, entry.see.column, f"see: {entry.see.msgid}: {where}")
                )
    return problems


CachedPage = tuple[Page, list[Example], dict[str, str]]


def _page_cache_file(root: Path, name: str, cache: Path) -> Path | None:
    try:
        data = read_input(root / name, name)
    except FileError:
        return None  # the loader reports why
    return cache / "pages" / f"{digest(code_version(), name, data)}.pickle"


def _cached_page(root: Path, name: str, cache: Path | None) -> CachedPage | None:
    """A page as read before from the same bytes by the same code; None when there is none, or
    it cannot be read back (a damaged cache is ignored)."""
    path = _page_cache_file(root, name, cache) if cache is not None else None
    if path is None or not os.path.lexists(path):
        return None
    try:
        stored = pickle.loads(read_input(path))  # our own cache, written below
    except Exception:  # damaged, of another version, unreadable: as if absent
        return None
    if not (isinstance(stored, tuple) and len(stored) == 3 and isinstance(stored[0], Page)):
        return None
    return stored


def _store_page(root: Path, name: str, cache: Path, stored: CachedPage) -> None:
    path = _page_cache_file(root, name, cache)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(path, pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, FileError):
        pass  # a read-only project is only slower


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


def read_catalogs(root: Path, locales: list[str], problems: list[Problem]) -> dict[str, Catalog]:
    """Stage 4: each locale's catalog that can be read (the others add their problems)."""
    catalogs = {}
    for locale in locales:
        display = catalog_path(Path(LOCALES), locale).as_posix()
        catalog = read_catalog(root / display, display, locale, problems, root / CACHE / "catalogs")
        if catalog is not None:
            catalogs[locale] = catalog
    return catalogs


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
    """Each example's pair under the other rule set, if it has one (see :func:`views.pairs`)."""
    catalogs: dict[str, Catalog] = field(default_factory=dict)
    compiled: CompiledTemplates | None = None
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)


def load_project(root: Path, catalogs: bool = True, templates: bool = True) -> Project:
    """Run the stages in order: the site, its pages, every example solved, every catalog (unless
    ``catalogs`` is false), the templates compiled (unless ``templates`` is false)."""
    project = Project(root)
    project.site = read_site(root, project.problems)
    if project.site is None:  # which pages there are is not known: each page file is read for its problems
        read_pages(root, _every_page(root), project.problems)
        return project
    project.pages, project.examples = read_pages(root, project.site, project.problems, root / CACHE)
    verification, project.views = solve_examples(project.examples, project.problems)
    project.pairs = pairs(project.views)
    project.mismatches = verification.mismatches
    if catalogs:
        project.catalogs = read_catalogs(root, list(project.site.locales), project.problems)
    if templates:
        project.compiled = compile_templates(root, project.problems)
    return project
