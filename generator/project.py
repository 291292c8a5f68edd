"""Loading a project, in stages that are plain functions of the bytes they are handed (a
catalog's stage of the digest of its bytes, which it reads again and checks):

read the site (:func:`read_site`) → read each catalog, noting its digest → read each page file
and solve its examples (:func:`read_page_file`) → the engine's draws
(:func:`~generator.positions.draw_all`) → compile the templates (:func:`compile_templates`); each
catalog is checked from its bytes read again (:func:`check_catalog`) in the process that renders
its locale, or, for a site of 200 pages or more, beside the pages (:func:`parse_beside`).
:func:`load_project` reads each file once (a catalog's bytes once more when they are checked,
against the digest), noting it in the build's :class:`~generator.inputs.Inputs`, and runs each
stage through the build's :class:`~generator.cache.Keeper`, which keeps what pays: in ``serve``'s
session every stage's work, by the bytes it was handed (a catalog's, by their digest); in
``.cache/`` the draws and the compiled templates.
Draws that are not kept are made in a forked process beside the rest of loading (:class:`~generator.drawing.Drawing`).
Each stage returns what is wrong with its input, so that every problem of a run is reported at
once."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import pickle
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from . import cache
from .cache import Keeper
from .collector import paused
from .deal_views import deal_view
from .drawing import Drawing
from .export import drawn_lines, example_codes, example_line, shown_codes
from .files import FileError, explain, read_input
from .forked import Beside, can_fork, checks_beside
from .i18n.catalogs import (
    LOCALES,
    TRANSLATED_RECORD,
    UNLISTED_CATALOG,
    LocaleCatalog,
    TranslatedRecord,
    catalog_bytes,
    catalog_path,
    parse_catalog,
)
from .inputs import Inputs, listing
from .invocation import command
from .keys import digest
from .layout import CONTENT, SITE_FILE, TEMPLATES
from .plan import ShownPage, show_page
from .positions import Draws
from .problems import Problem
from .reader.documents import load_documents, parse_file, read_file
from .reader.examples import AuctionExample, DealExample, Example, ExampleSet, PlayExample, not_unique
from .reader.pages import Page, PageReader, Site, TemplateIds, Text, anchor_problems, see_targets, template_ids
from .reader.source import SourceError
from .tables import label_problems
from .urls import SiteURL
from .verify import AuctionSolution, DealSolution, Mismatch, PlaySolution, Verification, verify
from .views import View, auction_view, play_view

if TYPE_CHECKING:  # the template machinery is imported by the stage that compiles templates
    from .render import CompiledTemplates

CACHE = cache.FOLDER
"""The build cache: compiled templates, the engine's draws and the records of the builds, kept
between builds (safe to delete; never published)."""


def read_site(root: Path, problems: list[Problem], inputs: Inputs | None = None) -> Site | None:
    """Stage 1: the site's configuration (``content/site.yaml``); None when it cannot be read."""
    documents = load_documents([SITE_FILE], problems, root, inputs)
    return PageReader(documents[0], ExampleSet(problems=problems)).site() if documents else None


@dataclass(frozen=True)
class PageFile:
    """What stage 2 gives for a page file's bytes: the page (None when it cannot be read) and the
    page as shown (None unless the engine solved every example: a build shows no page otherwise),
    its examples, the ids they claim with where, the view, the line of ``examples.json`` and the
    codes that line shows of each example the engine solved, and what is wrong."""

    page: Page | None
    shown: ShownPage | None
    examples: tuple[Example, ...]
    claims: dict[str, tuple[str, int, int]]
    views: dict[str, View]
    lines: dict[str, str]
    codes: dict[str, frozenset[Enum]]
    problems: tuple[Problem, ...]
    mismatches: tuple[Mismatch, ...]


def read_page_file(name: str, slug: str, data: bytes, templates: TemplateIds) -> PageFile:
    """Stage 2, for one page file: its page read (no section may take an id ``templates`` give),
    every example of it solved by the engine and compared with its ``expect``, and the page shown
    (:func:`~generator.plan.show_page`) with its examples' views: all of it follows from the
    file's name and bytes alone, whose digest stands for the shown page in its outputs' keys."""
    problems: list[Problem] = []
    examples = ExampleSet(problems=problems)
    document = parse_file(name, data, problems)
    page = PageReader(document, examples, templates).page(slug) if document is not None else None
    verification, views, lines = solve_examples(examples.examples, problems)
    solved = page is not None and all(example.id in views for example in examples.examples)
    return PageFile(
        page,
        show_page(page, views, digest(name, data)) if page is not None and solved else None,
        tuple(examples.examples),
        examples.claims,
        views,
        lines,
        {id_: example_codes(line) for id_, line in lines.items()},
        tuple(problems),
        tuple(verification.mismatches),
    )


def read_pages(
    root: Path, site: Site, problems: list[Problem], inputs: Inputs | None = None, keeper: Keeper | None = None
) -> list[PageFile]:
    """Stage 2: the site's page files, in the site's order, each read and solved (kept by its
    bytes in a session); an example id used on two pages is a problem at its second use."""
    templates = template_ids(root / TEMPLATES)  # the ids no section may take
    files = []
    first: dict[str, tuple[str, int, int]] = {}
    for slug in site.pages:
        name = f"{CONTENT}/{slug}.yaml"
        data = read_file(name, problems, root, inputs)
        if data is None:
            continue
        read = (keeper or Keeper(None)).kept("page", name, read_page_file, name, slug, data, templates)
        problems.extend(read.problems)
        for id_, where in read.claims.items():
            if (earlier := first.setdefault(id_, where)) is not where:
                problems.append(Problem(*where, not_unique(id_, earlier)))
        files.append(read)
    pages = [read.page for read in files if read.page is not None]
    problems.extend(glossary_problems(pages, site.pages))
    problems.extend(anchor_problems(pages, templates))
    return files


def _every_page(root: Path) -> Site:
    """A stand-in for a site's configuration that cannot be read: every page file of ``content/``."""
    try:
        slugs = sorted(path.stem for path in (root / CONTENT).glob("*.yaml") if path.name != "site.yaml")
    except OSError:
        slugs = []
    return Site(SITE_FILE, Text("", SITE_FILE, 1, 1), SiteURL.parse("http://localhost/"), {}, tuple(slugs))


def unlisted_files(root: Path, site: Site, inputs: Inputs | None = None) -> list[Problem]:
    """A warning for each page file of ``content/`` that the site does not list and each catalog
    of ``locales/`` for a locale it does not list (one made by msginit, or a tool's "new
    translation"): the build leaves them out, so it says so, with what to do. The two folders'
    listings are noted in ``inputs``: a file added there is a change."""
    warnings = []
    found = {folder: inputs.files(folder) if inputs else listing(root / folder) for folder in (CONTENT, LOCALES)}
    for path in found[CONTENT]:
        if (
            path.parent == root / CONTENT
            and path.suffix == ".yaml"
            and path.name != "site.yaml"
            and path.stem not in site.pages
        ):
            warnings.append(
                Problem(
                    f"{CONTENT}/{path.name}",
                    0,
                    0,
                    f"not a page of the site, so not built: add `{path.stem}` to `pages:` in {SITE_FILE} "
                    "(or remove the file)",
                    severity="warning",
                )
            )
    for path in found[LOCALES]:
        code, *rest = path.relative_to(root / LOCALES).parts
        if rest == ["LC_MESSAGES", "messages.po"] and code not in site.locales:
            warnings.append(
                Problem(
                    catalog_path(Path(LOCALES), code).as_posix(),
                    0,
                    0,
                    f"a catalog for {code}, which is not a locale of the site, so not built: run "
                    f"`{command(f'i18n add {code}')}` to build it as a draft (or remove the file)",
                    severity="warning",
                    kind=UNLISTED_CATALOG,  # begun in another tool: no deploy waits for it
                )
            )
    return warnings


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


def solve_examples(
    examples: list[Example], problems: list[Problem]
) -> tuple[Verification, dict[str, View], dict[str, str]]:
    """Every example through the engine, compared with its ``expect``; the view a page shows of
    each example that could be solved, and its line of ``examples.json``."""
    verification = verify(examples)
    problems.extend(verification.problems)
    views: dict[str, View] = {}
    lines: dict[str, str] = {}
    for example in examples:
        solution = verification.solutions.get(example.id)
        view: View | None = None
        if isinstance(example, PlayExample) and isinstance(solution, PlaySolution):
            view = play_view(example, solution)
        elif isinstance(example, AuctionExample) and isinstance(solution, AuctionSolution):
            view = auction_view(example, solution)
        elif isinstance(example, DealExample) and isinstance(solution, DealSolution):
            view = deal_view(example, solution)
        if view is not None and solution is not None:
            views[example.id] = view
            lines[example.id] = example_line(example, solution)
    return verification, views, lines


@dataclass(frozen=True)
class CatalogFile:
    """A locale's catalog as read: where it is, the digest of its bytes, and its record of
    translated messages. It is checked (:func:`check_catalog`) from its bytes read again, when its
    locale is rendered in the process that renders it, or beside the pages (:func:`parse_beside`): a
    build does not hold the catalogs' bytes while it renders (at 1000 pages per locale, 92 MB),
    and, when they are checked beside the pages, holds one parsed catalog at a time (the others
    packed); checked where they are rendered, a process parses its locales' catalogs first."""

    locale: str
    display: str
    path: Path
    sha: str
    translated: TranslatedRecord | None


def read_catalogs(
    root: Path, locales: list[str], problems: list[Problem], inputs: Inputs | None = None, keeper: Keeper | None = None
) -> dict[str, CatalogFile]:
    """Stage 3: each locale's catalog and its record of translated messages, read (and noted in
    ``inputs``; the record kept by its bytes in a session, where it is parsed once); a catalog that
    cannot be read adds its problem."""
    catalogs = {}
    for locale in locales:
        display = catalog_path(Path(LOCALES), locale).as_posix()
        data = catalog_bytes(root / display, display, locale, problems)
        if data is None:
            continue
        sha = inputs.note(display, data) if inputs is not None else hashlib.sha256(data).hexdigest()
        record = _record(root, display, inputs, keeper or Keeper(None))
        catalogs[locale] = CatalogFile(locale, display, root / display, sha, record)
    return catalogs


def check_catalog(found: CatalogFile, keeper: Keeper | None = None) -> Checked:
    """A catalog parsed and checked (kept by the digest of its bytes in a session), with its record
    of translated messages; None when it cannot be used, and its problems."""
    keeper = keeper or Keeper(None)
    try:
        catalog, problems = keeper.kept(
            "catalog", found.locale, _parse_again, str(found.path), found.display, found.locale, found.sha
        )
    except FileError as error:  # not kept: the next build reads it again
        return None, [Problem(found.display, 0, 0, error.message)]
    return (dataclasses.replace(catalog, translated=found.translated) if catalog else None), list(problems)


Checked = tuple[LocaleCatalog | None, list[Problem]]
"""A catalog checked (:func:`check_catalog`): the catalog, None when it cannot be used, and its problems."""


def parse_beside(found: list[CatalogFile]) -> Beside[dict[str, Packed]] | None:
    """The catalogs checked (:func:`check_catalog`) in a forked process beside the loading of the
    pages, for a build without a session of a site the size of which makes it pay
    (:func:`~generator.forked.checks_beside`): each comes back with its problems and packed
    (:data:`Packed`), and is unpacked by the process that renders its locale when it starts
    rendering it, instead of being parsed there while the other core waits (at 200 pages per
    locale, 0.18 s a catalog against 20 ms to unpack it; at 1000, 0.96 s and 110 MiB at its peak
    against 67 ms and 0.5 MB packed). The :class:`~generator.forked.Beside` returned, as a context,
    stops its process with a failed build; None when there is nothing to check or no process can be
    forked."""
    job = lambda: {each.locale: _packed(check_catalog(each)) for each in found}  # noqa: E731
    return Beside(job) if found and can_fork() else None


Packed = tuple[list[Problem], bytes | None]
"""A catalog checked beside the pages (:func:`parse_beside`): its problems, and the catalog pickled and
compressed (None when it cannot be used). zlib's fastest level takes 22 ms for a catalog of 1000
pages per locale, and a translated text is 3.5 times as small: the catalogs held until their
locale is rendered stay small beside the pages."""


def _packed(checked: Checked) -> Packed:
    """A checked catalog as the process that checks it beside the pages hands it over."""
    catalog, problems = checked
    return problems, None if catalog is None else zlib.compress(pickle.dumps(catalog, pickle.HIGHEST_PROTOCOL), 1)


def _unpacked(packed: bytes | None) -> LocaleCatalog | None:
    """A catalog from :data:`Packed`'s bytes."""
    return None if packed is None else pickle.loads(zlib.decompress(packed))  # noqa: S301 (our forked process's)


def _parse_again(path: str, display: str, locale: str, sha: str) -> tuple[LocaleCatalog | None, list[Problem]]:
    """The catalog's bytes read again and parsed (:func:`parse_catalog`); ``FileError`` when they
    cannot be read or are not those the build noted (``sha``): its pages' keys say which bytes
    they were rendered from."""
    data = read_input(Path(path), display)
    if hashlib.sha256(data).hexdigest() != sha:
        raise FileError(display, "changed while the site was being built; the next build reads it again")
    return parse_catalog(data, display, locale)


def _record(root: Path, display: str, inputs: Inputs | None, keeper: Keeper) -> TranslatedRecord | None:
    """The record of translated messages beside a catalog (None when there is none, or it is not
    one: each missing translation then counts as lost), noted in ``inputs``."""
    name = f"{Path(display).parent.as_posix()}/{TRANSLATED_RECORD}"
    try:
        data = read_input(root / name)
    except FileError:
        return None
    if inputs is not None:
        inputs.note(name, data)
    return keeper.kept("record", name, TranslatedRecord, data) if data.isascii() else None


def compile_templates(
    root: Path, problems: list[Problem], inputs: Inputs | None = None, keeper: Keeper | None = None
) -> tuple[CompiledTemplates, dict[str, tuple[str, ...]], dict[str, str]]:
    """Stage 5: every template (each file of ``templates/`` but its assets) compiled, so that a
    syntax error is reported at its line before rendering; the templates each one uses (extends,
    imports, includes: Jinja's reading); and their sources, read once, which rendering uses. Both
    are kept by each template's source (in the session and in ``.cache/``)."""
    from jinja2 import TemplateSyntaxError

    from .render import CompiledTemplates, make_environment

    keeper = keeper or Keeper(None)
    compiled = CompiledTemplates(keeper)
    folder = root / TEMPLATES
    sources: dict[str, str] = {}
    env = make_environment(folder, compiled, inputs, sources)
    uses: dict[str, tuple[str, ...]] = {}
    try:
        found_files = inputs.files(TEMPLATES) if inputs is not None else listing(folder)  # hidden files left out
    except OSError as error:
        problems.append(Problem(TEMPLATES, 0, 0, explain(error)))
        return compiled, uses, sources
    for path in found_files:
        if path.parent != folder or path.name.endswith("~"):
            continue  # the assets; editors' backups
        try:
            source = env.loader.get_source(env, path.name)[0]  # type: ignore[union-attr]
            uses[path.name] = keeper.kept("uses", path.name, referenced, source, disk=True)
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
    return compiled, uses, sources


def referenced(source: str) -> tuple[str, ...]:
    """The templates a template's source names (extends, imports, includes), sorted, and ``*`` for
    a name known only when rendering (any template); a syntax error is raised."""
    from jinja2 import meta

    from .render import make_environment

    found = tuple(meta.find_referenced_templates(make_environment(Path()).parse(source)))
    return tuple(sorted(name for name in found if name is not None)) + (("*",) if None in found else ())


@dataclass
class Project:
    """Everything a build reads, checked: the site, its pages, the examples' views, the catalogs."""

    root: Path
    site: Site | None = None
    pages: list[Page] = field(default_factory=list)
    shown: list[ShownPage] = field(default_factory=list)
    """Each page as shown (see :func:`read_page_file`), in the order of ``pages`` (every page, once
    every example holds: what a build plans)."""
    examples: list[Example] = field(default_factory=list)
    views: dict[str, View] = field(default_factory=dict)
    exported: dict[str, str] = field(default_factory=dict)
    """Each example's line of ``examples.json``, with the engine's answers (see :mod:`.export`), by id."""
    codes: dict[str, frozenset[Enum]] = field(default_factory=dict)
    """The codes each example's line shows (see :func:`~generator.export.example_codes`), by id."""
    catalogs: dict[str, CatalogFile] = field(default_factory=dict)
    """Each catalog that can be read, by locale (checked when its locale is rendered, or beside the
    pages: :attr:`checked`)."""
    checked: dict[str, Packed] = field(default_factory=dict)
    """The catalogs checked beside the loading of the pages (:func:`parse_beside`), packed, by locale:
    each taken and unpacked by the process that renders its locale."""
    compiled: CompiledTemplates | None = None
    uses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The templates each template uses (see :func:`compile_templates`)."""
    sources: dict[str, str] = field(default_factory=dict)
    """Each template's source, as read (and noted) once by :func:`compile_templates`."""
    draws: Draws | None = None
    """The engine's draws (see :func:`~generator.positions.draw_all`), for a build."""
    drawn: list[str] = field(default_factory=list)
    """The lines of ``examples.json`` that the engine draws to complete the examples' codes (see
    :func:`~generator.export.drawn_lines`), for a build."""
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)

    def take_catalog(
        self, found: CatalogFile, keeper: Keeper | None = None
    ) -> tuple[list[Problem], Callable[[], LocaleCatalog | None]]:
        """A catalog's problems, and what gives the catalog (None when it cannot be used): as
        checked beside the pages (taken, so that it is held once, and unpacked only when asked
        for, so that a process that renders the locales one after the other holds one at a time),
        or checked now."""
        packed = self.checked.pop(found.locale, None)
        if packed is None:
            catalog, problems = check_catalog(found, keeper)
            return problems, lambda: catalog
        return packed[0], lambda: _unpacked(packed[1])


def load_project(
    root: Path,
    inputs: Inputs | None = None,
    catalogs: bool = True,
    keeper: Keeper | None = None,
    drawing: Drawing | None = None,
    jobs: int | None = None,
) -> Project:
    """Run the stages: the site (and a warning for each page file or catalog it does not list), its
    pages with every example solved, and for a build (``catalogs``) every catalog read (checked
    when its locale is rendered, :func:`check_catalog`, or beside the pages for a large site,
    ``jobs`` permitting: :func:`parse_beside`), the engine's draws (from ``drawing``, when the build
    started it) and the templates compiled; each file read is noted in ``inputs``, and each
    stage's work kept by ``keeper`` (none: nothing kept)."""
    keeper = keeper or Keeper(None)
    with paused():  # the cycle collector only rescans the project's acyclic values
        if not catalogs or drawing is not None:
            return _read(root, inputs, keeper, catalogs, drawing, jobs)
        with Drawing(keeper) as drawing:
            return _read(root, inputs, keeper, catalogs, drawing, jobs)


def _read(
    root: Path, inputs: Inputs | None, keeper: Keeper, catalogs: bool, drawing: Drawing | None, jobs: int | None = None
) -> Project:
    """The stages of :func:`load_project`: the catalogs and templates only if ``catalogs``, the
    draws and the drawn lines only with a ``drawing`` (a build's)."""
    project = Project(root)
    project.site = read_site(root, project.problems, inputs)
    if project.site is None:  # which pages there are is not known: each page file is read for its problems
        read_pages(root, _every_page(root), project.problems)
        return project
    project.problems += unlisted_files(root, project.site, inputs) + label_problems()
    if catalogs:  # read first, to be checked beside the pages of a large site
        project.catalogs = read_catalogs(root, list(project.site.locales), project.problems, inputs, keeper)
    pages = len(project.site.pages) * len(project.site.locales)
    beside = keeper.session is None and checks_beside(jobs, pages)  # a session parses each catalog once
    parsing = parse_beside(list(project.catalogs.values())) if beside else None
    with parsing or contextlib.nullcontext():
        for read in read_pages(root, project.site, project.problems, inputs, keeper):
            if read.page is not None:
                project.pages.append(read.page)
            if read.shown is not None:
                project.shown.append(read.shown)
            project.examples += read.examples
            project.views |= read.views
            project.exported |= read.lines
            project.codes |= read.codes
            project.mismatches += read.mismatches
        if catalogs:  # what this process does while the draws (and the catalogs) are made beside it
            project.compiled, project.uses, project.sources = compile_templates(root, project.problems, inputs, keeper)
        if parsing is not None:
            with contextlib.suppress(Exception):  # it died or failed: each is checked where its locale is rendered
                project.checked = parsing.result()
    if drawing is not None:
        codes = [project.codes.get(example.id) for example in project.examples]
        if None not in codes:  # every example holds: the site will be built
            shown = shown_codes(found for found in codes if found is not None)
            project.drawn = keeper.kept("conformance", "drawn", drawn_lines, shown, disk=True)
        project.draws = drawing.draws()
    return project


def project_inputs(root: Path) -> Inputs:
    """Every input of a build of the project, as its stages note them (:func:`load_project`): each
    file read, and each folder listed (a file put there is read by the next build); a project whose
    site cannot be read has its folders listed as if every page were, so that no command's output
    (:mod:`generator.outputs`) replaces a file a build reads, whatever state the project is in."""
    inputs = Inputs(root)
    with paused():  # no draws: they read no file
        project = _read(root, inputs, Keeper(root / CACHE), True, None, jobs=1)  # a build's cache; nothing beside
    if project.site is None:
        unlisted_files(root, _every_page(root), inputs)
        compile_templates(root, [], inputs)
    return inputs
