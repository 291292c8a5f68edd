"""Loading a project, as named stages a command can use alone:

read the site (:func:`read_site`) → read the pages (:func:`read_pages`) → solve every example
(:func:`solve_examples`) → read the catalogs (:func:`read_catalogs`) → compile the templates
(:func:`compile_templates`). :func:`load_project` runs them all, in that order, for a build.
Each stage adds what is wrong with its input to the run's list of problems and goes on, so that
every problem of a run is reported at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import TemplateSyntaxError

from .deal_views import DealView, deal_view
from .i18n.catalogs import LOCALES, Catalog, catalog_path, read_catalog
from .problems import Problem
from .reader.documents import load_documents
from .reader.examples import AuctionExample, DealExample, Example, ExampleSet, PlayExample
from .reader.pages import Page, Site, read_page
from .reader.pages import read_site as read_site_document
from .render import CompiledTemplates, make_environment
from .verify import AuctionSolution, DealSolution, Mismatch, PlaySolution, Verification, verify
from .views import AuctionView, PlayView, auction_view, play_view

CONTENT, TEMPLATES, ASSETS = "content", "templates", "assets"
SITE_FILE = f"{CONTENT}/site.yaml"
CACHE = ".cache"
"""Compiled templates and parsed catalogs kept between builds (safe to delete; never published)."""

View = PlayView | AuctionView | DealView


def read_site(root: Path, problems: list[Problem]) -> Site | None:
    """Stage 1: the site's configuration (``content/site.yaml``); None when it cannot be read."""
    documents = load_documents([SITE_FILE], problems, root)
    return read_site_document(documents[0], ExampleSet(problems=problems)) if documents else None


def read_pages(root: Path, site: Site, problems: list[Problem]) -> tuple[list[Page], list[Example]]:
    """Stage 2: the site's pages, in the site's order, and their examples."""
    examples = ExampleSet(problems=problems)
    pages = []
    for document in load_documents([f"{CONTENT}/{slug}.yaml" for slug in site.pages], problems, root):
        page = read_page(document, Path(document.path).stem, examples)
        if page is not None:
            pages.append(page)
    return pages, examples.examples


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
    compiled = CompiledTemplates(root / CACHE / "templates")
    folder = root / TEMPLATES
    env = make_environment(folder, compiled)
    for path in sorted(folder.glob("*")):
        if path.name.startswith(".") or path.suffix not in (".html", ".xml") or not path.is_file():
            continue  # editors' swap and lock files, assets
        try:
            env.get_template(path.name)
        except TemplateSyntaxError as error:
            problems.append(Problem(f"{TEMPLATES}/{path.name}", error.lineno, 1, f"template syntax: {error.message}"))
        except UnicodeDecodeError as error:
            problems.append(Problem(f"{TEMPLATES}/{path.name}", 1, 1, f"not UTF-8 text: {error.reason}"))
    return compiled


@dataclass
class Project:
    """Everything a build reads, checked: the site, its pages, the examples' views, the catalogs."""

    root: Path
    site: Site | None = None
    pages: list[Page] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    views: dict[str, View] = field(default_factory=dict)
    catalogs: dict[str, Catalog] = field(default_factory=dict)
    compiled: CompiledTemplates | None = None
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)


def load_project(root: Path, catalogs: bool = True, templates: bool = True) -> Project:
    """Run the stages in order: the site, its pages, every example solved, every catalog (unless
    ``catalogs`` is false), the templates compiled (unless ``templates`` is false)."""
    project = Project(root)
    project.site = read_site(root, project.problems)
    if project.site is None:
        return project
    project.pages, project.examples = read_pages(root, project.site, project.problems)
    verification, project.views = solve_examples(project.examples, project.problems)
    project.mismatches = verification.mismatches
    if catalogs:
        project.catalogs = read_catalogs(root, list(project.site.locales), project.problems)
    if templates:
        project.compiled = compile_templates(root, project.problems)
    return project
