"""Loading a project, as named stages a command can use alone:

read the site (:func:`read_site`) → read the pages (:func:`read_pages`) → solve every example
(:func:`solve_examples`) → read the catalogs (:func:`read_catalogs`) → the engine's draws
(:func:`engine_draws`) → compile the templates (:func:`compile_templates`). :func:`load_project`
runs them all for a build, noting every file read in its :class:`~generator.inputs.Inputs`; with
two cores, the catalogs and the draws are made beside the pages (:func:`prepare`). Each stage adds
what is wrong with its input to the run's list of problems and goes on, so that every problem of a
run is reported at once.
"""

from __future__ import annotations

import functools
import hashlib
import json
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import cache
from .deal_views import deal_view
from .export import example_line
from .files import FileError, explain
from .forked import Beside, Died, can_fork
from .i18n.catalogs import LOCALES, Catalogs, catalog_path
from .inputs import Inputs, listing
from .invocation import command
from .keys import code_version
from .page_cache import Answer, KeptPage, PageCache, View, page_key
from .positions import Draws, draw_all, draws_source, is_draws
from .problems import Problem
from .reader.documents import load_documents, parse_file, read_file
from .reader.examples import AuctionExample, DealExample, Example, ExampleSet, PlayExample
from .reader.pages import Page, Site, Text, anchor_problems, read_page, see_targets, template_ids
from .reader.pages import read_site as read_site_document
from .reader.source import SourceError
from .tables import label_problems
from .urls import SiteURL
from .verify import AuctionSolution, DealSolution, Mismatch, PlaySolution, Verification, verify
from .views import auction_view, play_view

if TYPE_CHECKING:  # the template machinery is imported by the stage that compiles templates
    from .render import CompiledTemplates

CONTENT, TEMPLATES, ASSETS = "content", "templates", "assets"
SITE_FILE = f"{CONTENT}/site.yaml"
CACHE = cache.FOLDER
"""The build cache: compiled templates, parsed catalogs, the pages read and solved, the engine's
draws and the records of the builds, kept between builds (safe to delete; never published)."""


def read_site(root: Path, problems: list[Problem], inputs: Inputs | None = None) -> Site | None:
    """Stage 1: the site's configuration (``content/site.yaml``); None when it cannot be read."""
    documents = load_documents([SITE_FILE], problems, root, inputs)
    return read_site_document(documents[0], ExampleSet(problems=problems)) if documents else None


def read_pages(
    root: Path, site: Site, problems: list[Problem], cache: PageCache | None = None, inputs: Inputs | None = None
) -> tuple[list[Page], list[Example]]:
    """Stage 2: the site's pages, in the site's order, and their examples. With ``cache``, a page
    whose file (and the generator's code) did not change since it was last read without problems
    is taken from there instead of being parsed again (and kept there for the next build: see
    :meth:`PageCache.save`)."""
    examples = ExampleSet(problems=problems)
    pages = []
    templates = template_ids(root / TEMPLATES)  # the ids no section may take
    for slug in site.pages:
        name = f"{CONTENT}/{slug}.yaml"
        data = read_file(name, problems, root, inputs)
        if data is None:
            continue
        key = page_key(name, data)
        stored = cache.get(key) if cache is not None else None
        if stored is not None and cache is not None and examples.adopt(list(stored.examples), stored.claimed):
            pages.append(stored.page)
            cache.reuse(key)
            continue
        before, claimed, first = len(problems), examples.claimed, len(examples.examples)
        document = parse_file(name, data, problems)
        page = read_page(document, slug, examples, templates) if document is not None else None
        if page is not None:
            pages.append(page)
            if len(problems) == before and cache is not None:
                cache.keep(key, KeptPage(page, tuple(examples.examples[first:]), examples.claimed_since(claimed)))
    problems.extend(glossary_problems(pages, site.pages))
    problems.extend(anchor_problems(pages, templates))  # a page from the cache, read with other templates
    return pages, examples.examples


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
        parts = path.relative_to(root / LOCALES).parts
        code = parts[0]
        if len(parts) == 3 and parts[1:] == ("LC_MESSAGES", "messages.po") and code not in site.locales:
            warnings.append(
                Problem(
                    catalog_path(Path(LOCALES), code).as_posix(),
                    0,
                    0,
                    f"a catalog for {code}, which is not a locale of the site, so not built: run "
                    f"`{command(f'i18n add {code}')}` to build it as a draft (or remove the file)",
                    severity="warning",
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
    examples: list[Example], problems: list[Problem], cache: PageCache | None = None
) -> tuple[Verification, dict[str, View], dict[str, str]]:
    """Stage 3: every example through the engine, compared with its ``expect``; the view a page
    shows of each example that could be solved, and its line of ``examples.json``. With ``cache``,
    the examples of a page kept solved are taken from there (they hold, and have no problem), and
    those of the pages it keeps unsolved are kept with their answers once all of a page's hold."""
    known = cache.solved() if cache is not None else {}
    verification = verify([example for example in examples if example.id not in known])
    problems.extend(verification.problems)
    answers: dict[str, Answer] = {}
    for example in examples:
        if example.id in known:
            answers[example.id] = known[example.id]
            continue
        solution = verification.solutions.get(example.id)
        view: View | None = None
        if isinstance(example, PlayExample) and isinstance(solution, PlaySolution):
            view = play_view(example, solution)
        elif isinstance(example, AuctionExample) and isinstance(solution, AuctionSolution):
            view = auction_view(example, solution)
        elif isinstance(example, DealExample) and isinstance(solution, DealSolution):
            view = deal_view(example, solution)
        if view is not None and solution is not None:
            answers[example.id] = (view, example_line(example, solution))
    if cache is not None:
        failing = {mismatch.example.id for mismatch in verification.mismatches}
        cache.keep_solved({id_: answer for id_, answer in answers.items() if id_ not in failing})
    views = {id_: view for id_, (view, _) in answers.items()}
    return verification, views, {id_: line for id_, (_, line) in answers.items()}


def read_catalogs(root: Path, locales: list[str], problems: list[Problem], inputs: Inputs | None = None) -> Catalogs:
    """Stage 4: each locale's catalog checked; those that can be read (the others add their
    problems), read back from the cache when used."""
    catalogs = Catalogs(root, root / CATALOG_CACHE)
    for locale in locales:
        catalogs.read(locale, problems, inputs)
    return catalogs


CATALOG_CACHE = f"{CACHE}/catalogs"
"""Where the parsed catalogs are kept (see :class:`generator.i18n.catalogs.Catalogs`)."""


DRAWS = "draws.pickle"
"""Where the build cache keeps the engine's draws (:class:`~generator.positions.Draws`)."""


def engine_draws(root: Path) -> Draws:
    """Stage 5: the engine's draws: this process's, else those kept in the build cache for this
    code and this Python, else drawn (drawing them is a third of a one-page edit's rebuild at 200
    pages); kept there when it does not have them."""
    key = draws_source()
    path = root / CACHE / DRAWS
    if not _HELD:
        kept = cache.load(path, "draws", key)
        try:
            value = pickle.loads(kept[1]) if kept is not None else None  # our own cache, its digest checked
        except Exception:  # noqa: BLE001 (as if absent)
            value = None
        if is_draws(value):
            _HELD.append(value)
        else:
            _HELD.append(draw_all())
            cache.store(path, "draws", key, cache.dumps(_HELD[0]))
    elif not cache.has(path, "draws", key):
        cache.store(path, "draws", key, cache.dumps(_HELD[0]))
    return _HELD[0]


_HELD: list[Draws] = []
"""The draws, once a build of this process has them (they follow from the code alone)."""


def prepare(
    root: Path, locales: list[str], problems: list[Problem], inputs: Inputs | None = None
) -> Callable[[], tuple[Catalogs, Draws]]:
    """Stages 4 and 5 for a build, begun: what gives the catalogs checked (their problems added)
    and the engine's draws. With two cores, each catalog is read now (and noted in ``inputs``), and
    what the build cache does not keep yet (a catalog's parse and checks, the draws) is made in a
    process forked beside this one (:mod:`.forked`), which keeps it in the cache while this one
    reads the pages; what it made is then read back from there, as a build that finds it there
    does. Otherwise both stages run when asked."""
    if not can_fork():
        return lambda: (read_catalogs(root, locales, problems, inputs), engine_draws(root))
    catalogs = Catalogs(root, root / CATALOG_CACHE)
    unchecked = {locale: found for locale in locales if (found := catalogs.found(locale, problems, inputs)) is not None}
    draws = not _HELD and not cache.has(root / CACHE / DRAWS, "draws", draws_source())
    if not unchecked and not draws:
        return lambda: (catalogs, engine_draws(root))
    digests = {locale: digest for locale, (_, digest) in unchecked.items()}
    beside = Beside(functools.partial(_made, root, catalogs, unchecked, draws))
    del unchecked  # the forked process has their bytes

    def outcome() -> tuple[Catalogs, Draws]:
        try:
            found = beside.result()
        except Died:
            problems.append(Problem(LOCALES, 0, 0, "the process checking the catalogs died (killed?): build again"))
            return catalogs, engine_draws(root)
        for locale, digest in digests.items():
            problems.extend(found[locale])
            if not found[locale]:
                catalogs.keep(locale, digest, None)  # read back from the cache (or parsed again) when looked up
        return catalogs, engine_draws(root)

    return outcome


def _made(
    root: Path, catalogs: Catalogs, unchecked: dict[str, tuple[bytes, str]], draws: bool
) -> dict[str, list[Problem]]:
    """In the forked process: each catalog of ``unchecked`` (its bytes and their digest) checked
    (kept in the cache when valid), and the engine's draws when asked (kept there too); each
    catalog's problems."""
    found: dict[str, list[Problem]] = {}
    for locale, (data, digest) in unchecked.items():
        found[locale] = []
        catalogs.check(locale, data, digest, found[locale])
    if draws:
        engine_draws(root)
    return found


def compile_templates(
    root: Path, problems: list[Problem], inputs: Inputs | None = None
) -> tuple[CompiledTemplates, dict[str, tuple[str, ...]], dict[str, str]]:
    """Stage 5: every template (each file of ``templates/`` but its assets) compiled, so that a
    syntax error is reported at its line before rendering; the templates each one uses (extends,
    imports, includes: Jinja's reading); and their sources, read once, which rendering uses."""
    from jinja2 import TemplateSyntaxError

    from .render import CompiledTemplates, make_environment

    compiled = CompiledTemplates(root / CACHE / "templates")
    folder = root / TEMPLATES
    sources: dict[str, str] = {}
    env = make_environment(folder, compiled, inputs, sources)
    uses: dict[str, tuple[str, ...]] = {}
    kept = _kept_uses(root)
    named: dict[str, tuple[str, ...]] = {}  # what each template read names, by its source's digest
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
            digest = hashlib.sha256(source.encode("utf-8")).hexdigest()
            uses[path.name] = named[digest] = kept[digest] if digest in kept else _referenced(source)
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
    if named != kept:
        cache.store(root / USES, "uses", code_version()[:32], json.dumps(named, sort_keys=True).encode("utf-8"))
    return compiled, uses, sources


USES = f"{CACHE}/templates/uses.json"
"""Where the build cache keeps the templates each template names, by the digest of its source."""


def _kept_uses(root: Path) -> dict[str, tuple[str, ...]]:
    """The templates each template names (see :func:`_referenced`), by the digest of its source, as
    the build cache keeps them for this code: a build parses only the templates it does not find
    there (parsing every template was a fifth of a one-page edit's rebuild of the real site, and a
    third of ``serve``'s). Anything but the shape it is written in is as if absent."""
    kept = cache.load(root / USES, "uses", code_version()[:32])
    try:
        value = json.loads(kept[1]) if kept is not None else {}
    except ValueError:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(names, list) and all(isinstance(name, str) for name in names) for names in value.values()
    ):
        return {}
    return {digest: tuple(names) for digest, names in value.items()}


def _referenced(source: str) -> tuple[str, ...]:
    """The templates a template's source names (extends, imports, includes), sorted, and ``*`` for
    a name known only when rendering (any template); a syntax error is raised. Kept in the build
    cache by source (:func:`_kept_uses`)."""
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
    examples: list[Example] = field(default_factory=list)
    views: dict[str, View] = field(default_factory=dict)
    exported: dict[str, str] = field(default_factory=dict)
    """Each example's line of ``examples.json``, with the engine's answers (see :mod:`.export`), by id."""
    catalogs: Catalogs = field(default_factory=lambda: Catalogs(Path(), None))
    """Each readable catalog, read back from the cache when looked up (see :class:`Catalogs`)."""
    compiled: CompiledTemplates | None = None
    uses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The templates each template uses (see :func:`compile_templates`)."""
    sources: dict[str, str] = field(default_factory=dict)
    """Each template's source, as read (and noted) once by :func:`compile_templates`."""
    draws: Draws | None = None
    """The engine's draws (see :func:`engine_draws`), for a build."""
    problems: list[Problem] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)


def load_project(root: Path, inputs: Inputs | None = None, catalogs: bool = True) -> Project:
    """Run the stages: the site (and a warning for each page file or catalog it does not list), its
    pages, every example solved, and for a build (``catalogs``) every catalog checked, the engine's
    draws (both begun beside the pages: :func:`prepare`) and the templates compiled; each file read
    is noted in ``inputs``."""
    project = Project(root)
    project.site = read_site(root, project.problems, inputs)
    if project.site is None:  # which pages there are is not known: each page file is read for its problems
        read_pages(root, _every_page(root), project.problems)
        return project
    project.problems += unlisted_files(root, project.site, inputs) + label_problems()
    prepared = prepare(root, list(project.site.locales), project.problems, inputs) if catalogs else None
    kept = PageCache(root / CACHE)
    project.pages, project.examples = read_pages(root, project.site, project.problems, kept, inputs)
    verification, project.views, project.exported = solve_examples(project.examples, project.problems, kept)
    kept.save()
    project.mismatches = verification.mismatches
    if prepared is not None:
        project.compiled, project.uses, project.sources = compile_templates(root, project.problems, inputs)
        project.catalogs, project.draws = prepared()
    return project


def project_inputs(root: Path) -> Inputs:
    """Every input of a build of the project, as its stages note them (:func:`load_project`): each
    file read, and each folder listed (a file put there is read by the next build); a project whose
    site cannot be read has its folders listed as if every page were, so that no command's output
    (:mod:`generator.outputs`) replaces a file a build reads, whatever state the project is in."""
    inputs = Inputs(root)
    if load_project(root, inputs).site is None:
        unlisted_files(root, _every_page(root), inputs)
        compile_templates(root, [], inputs)
    return inputs
