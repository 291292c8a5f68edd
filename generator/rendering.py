"""Rendering a list of planned outputs into files: each locale's with its renderer (made for its
files, then let go), the shared ones (the language chooser, 404.html,
reasons.json, the sitemap, robots.txt) with the parts each published locale gives of them, and the
data files (the examples and their schema) as they are.

The renderer renders what it is given and knows nothing of reuse: the build decides which outputs
are stale (:mod:`generator.pipeline`), and hands this module those alone.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from jinja2 import TemplateSyntaxError
from markupsafe import Markup

from .cache import Keeper
from .files import FileError, write_new
from .forked import Beside, Died, can_fork, jobs_for
from .i18n.catalogs import LOCALES, Key, LocaleCatalog, Translator, catalog_path
from .locales import language_name, og_locale, text_direction
from .page_text import markdown_inline, plain_text
from .plan import ChooserContext, DataContext, MissingContext, Output, ReasonMapContext, bcp47
from .problems import Problem
from .project import TEMPLATES, Project
from .reason_map import reason_map
from .records import FileRecord, Warning_, stamp
from .render import LocaleRenderer, make_environment


class Language(NamedTuple):
    """A published locale as the language chooser lists it: named in itself, and saying in itself
    in one line what the site is."""

    locale: str
    name: str
    href: str
    site_name: str  # Markup
    lang: str
    dir: str
    line: str  # Markup
    og_locale: str


class Lost(NamedTuple):
    """A published locale's part of 404.html."""

    lang: str
    site_name: str  # Markup
    not_found: str  # Markup
    section: str  # Markup


class RenderError(Exception):
    """What stops rendering, located: a template's runtime error, a file that cannot be read, or
    the problems of the catalogs of the locales to render (all of them)."""

    def __init__(self, *problems: Problem) -> None:
        super().__init__(problems[0].message)
        self.problems = problems

    def __reduce__(self) -> tuple[type[RenderError], tuple[Problem, ...]]:
        return RenderError, self.problems  # raised in the rendering process, told here


Sink = Callable[[str, bytes], tuple[int, int]]
"""Where a rendered file goes: its name and bytes in, its size and time out."""


def folder_sink(staging: Path) -> Sink:
    """Files written into the staging folder."""

    def write(name: str, data: bytes) -> tuple[int, int]:
        target = staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        write_new(target, data)
        return stamp(target)

    return write


def memory_sink(files: dict[str, bytes]) -> Sink:
    """Files kept in ``files``, for a build without an output folder."""

    def keep(name: str, data: bytes) -> tuple[int, int]:
        files[name] = data
        return (0, 0)

    return keep


@dataclass
class Rendered:
    """What rendering gave: each file's record, the messages each locale showed in English, and
    what each published locale gives of the shared files (with the messages they showed in English)."""

    files: dict[str, FileRecord] = field(default_factory=dict)
    warnings: dict[str, dict[Key, Problem]] = field(default_factory=dict)
    languages: dict[str, Language] = field(default_factory=dict)
    lost: dict[str, Lost] = field(default_factory=dict)
    said: dict[str, tuple[list[Warning_], list[Warning_]]] = field(default_factory=dict)
    reasons: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each published locale's sentences of the reasons and permissions, in the map's order (plain text)."""

    def merge(self, later: Rendered) -> None:
        """Take in what rendering the files after these gave (the first warning of a message is
        kept, as one process rendering them all in order would)."""
        self.files |= later.files
        self.take_warnings(later.warnings)
        self.languages |= later.languages
        self.lost |= later.lost
        self.said |= later.said
        self.reasons |= later.reasons

    def take_warnings(self, found: dict[str, dict[Key, Problem]]) -> None:
        """Take in each locale's messages shown in English, with the first warning of each kept."""
        for locale, warnings in found.items():
            mine = self.warnings.setdefault(locale, {})
            for key, problem in warnings.items():
                mine.setdefault(key, problem)


def render_site(
    project: Project,
    outputs: list[tuple[Output, str]],
    staging: Path | None,
    sink: Sink,
    progress: Callable[[str], None],
    jobs: int | None,
    keeper: Keeper,
    done: Callable[[str], None] | None,
) -> Rendered:
    """Render the outputs (each with its key) into ``sink``: the files of the locales, then the
    shared files; each locale's catalog is checked (and kept by ``keeper``) before its files are
    rendered, and the problems of every catalog checked stop rendering (:class:`RenderError`).
    With two jobs (:func:`jobs_for`), the first half of the locales' files is rendered (and their
    catalogs checked) in a forked process while this one renders the second (every catalog is
    checked here first when a session keeps them: ``serve``'s next build has them); a process that
    dies is an error, never a wait. With one, ``done`` is told each locale whose last file is written."""
    files = [(output, key) for output, key in outputs if output.locale is not None]
    shared = [(output, key) for output, key in outputs if output.locale is None]
    renderer = SiteRenderer(project, [output for output, _ in shared], progress, keeper)
    pages = len(project.pages) * len(renderer.site.locales)
    if staging is None or jobs_for(jobs, len(files), pages) < 2 or not can_fork():
        rendered = renderer.render_files(files, sink, done)
    else:
        half = len(files) // 2
        if keeper.session is not None:  # every catalog parsed here, for the next build
            renderer.check(dict.fromkeys(output.locale for output, _ in files if output.locale is not None))
        with Beside(lambda: _render_first_half(renderer, files[:half], staging)) as first:
            problems: list[Problem] = []
            try:
                mine = renderer.render_files(files[half:], sink)
            except RenderError as error:  # the other half's catalogs' problems are said too
                if not renderer.catalog_problems:
                    raise
                problems += error.problems
            try:
                rendered = first.result()
            except Died:
                raise RenderError(
                    Problem("", 0, 0, "the process rendering the first half of the site died (killed?): build again")
                ) from None
            except RenderError as error:
                problems += error.problems
            if problems:
                raise RenderError(*sorted(set(problems)))
        rendered.merge(mine)
    renderer.render_shared(shared, sink, rendered)
    return rendered


def _render_first_half(renderer: SiteRenderer, files: list[tuple[Output, str]], staging: Path) -> Rendered:
    """In the forked process: its files, written into the staging folder."""
    renderer.progress = lambda _: None  # the other process tells the terminal
    return renderer.render_files(files, folder_sink(staging))


class SiteRenderer:
    """Renders the outputs of a checked project."""

    def __init__(self, project: Project, shared: list[Output], progress: Callable[[str], None], keeper: Keeper) -> None:
        assert project.site is not None
        contexts = [output.context for output in shared]
        self.chooser = next((c for c in contexts if isinstance(c, ChooserContext)), None)
        self.missing = next((c for c in contexts if isinstance(c, MissingContext)), None)
        self.reasons = next((c for c in contexts if isinstance(c, ReasonMapContext)), None)
        self.wanted = {locale for output in shared for locale in output.catalogs}
        """The locales whose parts the shared files show."""
        self.progress = progress
        self.project = project
        self.site = project.site
        self.templates = project.root / TEMPLATES
        self.keeper = keeper
        self.translators: dict[str, Translator] = {}
        """Each locale's translator once its catalog is checked (:meth:`check`), given the catalog
        when the locale's renderer is made."""
        self.catalogs: dict[str, Callable[[], LocaleCatalog | None]] = {}
        """What gives each locale's catalog checked, until its renderer is made (:meth:`renderer`)."""
        self.catalog_problems: list[Problem] = []
        self.renderers: dict[str, LocaleRenderer] = {}

    def check(self, locales: Iterable[str]) -> None:
        """Check the catalogs of ``locales`` not checked yet, each made its locale's translator;
        the problems of every one of them a :class:`RenderError`."""
        for locale in locales:
            if locale not in self.translators:
                found = self.project.catalogs.get(locale)
                problems, catalog = (
                    self.project.take_catalog(found, self.keeper) if found is not None else ([], lambda: None)
                )
                self.catalog_problems += problems
                display = catalog_path(Path(LOCALES), locale).as_posix()
                self.translators[locale] = Translator(locale, None, display)
                self.catalogs[locale] = catalog
        if self.catalog_problems:
            raise RenderError(*self.catalog_problems)

    def renderer(self, locale: str) -> LocaleRenderer:
        """The locale's renderer, made when first needed (and its translator given its catalog)."""
        if locale not in self.renderers:
            if locale in self.catalogs:
                self.translators[locale].catalog = self.catalogs.pop(locale)()
            self.renderers[locale] = LocaleRenderer(
                self.templates, self.site, locale, self.translators[locale], self.project.compiled, self.project.sources
            )
        return self.renderers[locale]

    def let_go(self, locale: str) -> None:
        """Drop the locale's renderer (and what it built once for the locale's files) and its
        catalog: the next locale's are not held beside them."""
        self.renderers.pop(locale, None)
        self.translators[locale].catalog = None

    def render_files(
        self, files: list[tuple[Output, str]], sink: Sink, done: Callable[[str], None] | None = None
    ) -> Rendered:
        """Render each file of a locale (with its key) into ``sink``, in order, and each locale's
        parts of the shared files, ``done`` told each locale once its last file is in ``sink``; a
        template's runtime error (or a file that cannot be read) is a :class:`RenderError`."""
        rendered = Rendered()
        last = {output.locale: index for index, (output, _) in enumerate(files)}
        self.check(locale for locale in last if locale is not None)  # all their catalogs first: every problem said
        with self._located():
            for index, (output, key) in enumerate(files):
                if index % 20 == 0:
                    self.progress(f"rendering {output.locale}: {index} of {len(files)} files")
                assert output.locale is not None
                renderer = self.renderer(output.locale)
                translator = renderer.translator
                translator.misses = set()
                data = renderer.render(output).encode("utf-8")
                rendered.files[output.path] = _record(key, data, _warnings(translator), sink(output.path, data))
                if last[output.locale] == index:
                    if done is not None:
                        done(output.locale)
                    if output.locale in self.wanted:
                        self._parts(output.locale, rendered)
                    self.let_go(output.locale)
        rendered.take_warnings({locale: found.warnings for locale, found in self.translators.items()})
        return rendered

    def render_shared(self, shared: list[tuple[Output, str]], sink: Sink, rendered: Rendered) -> None:
        """Render the files for every locale into ``sink``, from the locales' parts in ``rendered``
        (those no locale file gave are made now)."""
        pending = [locale for locale in self.site.locales if locale in self.wanted and locale not in rendered.said]
        self.check(pending)
        with self._located():
            for locale in pending:
                self._parts(locale, rendered)
                self.let_go(locale)
            rendered.take_warnings({locale: found.warnings for locale, found in self.translators.items()})
            for output, key in shared:
                data, warnings = self._shared(output, rendered)
                rendered.files[output.path] = _record(key, data, warnings, sink(output.path, data))

    @contextlib.contextmanager
    def _located(self) -> Iterator[None]:
        """A template's runtime error, or a file that cannot be read, as a located :class:`RenderError`."""
        try:
            yield
        except (OSError, RenderError):
            raise  # writing the staged site failed (a full disk...): the build reports it as such
        except FileError as error:
            raise RenderError(Problem(error.display, 0, 0, error.message)) from None
        except Exception as error:  # a template's runtime error: undefined name, bad filter, ...
            raise RenderError(template_problem(error, self.templates)) from None

    def _parts(self, code: str, rendered: Rendered) -> None:
        """What the chooser and 404.html show of a published locale, in its language, and the
        messages each showed in English."""
        renderer = self.renderer(code)
        translator = renderer.translator
        site_name = renderer.words.markdown(self.site.name, links=False)
        said: tuple[list[Warning_], list[Warning_]] = ([], [])
        if self.chooser is not None and code in self.chooser.locales:
            translator.misses = set()
            line = vars(renderer.render_module("chooser-locale.html"))["line"]  # exported by the template
            rendered.languages[code] = Language(
                code,
                language_name(code),
                f"{code}/index.html",
                site_name,
                bcp47(code),
                text_direction(code),
                line,
                og_locale(code),
            )
            said[0].extend(_warnings(translator))
        if self.missing is not None and code in self.missing.locales:
            translator.misses = set()
            index = self.missing.locales.index(code)
            links = [
                {"href": link.href, "title": renderer.words.markdown(link.title, links=False)}
                for link in self.missing.links[index]
            ]
            part = renderer.render_module("missing-locale.html", links=links, home=self.missing.homes[index])
            rendered.lost[code] = Lost(bcp47(code), site_name, vars(part)["not_found"], Markup(str(part)))
            said[1].extend(_warnings(translator))
        if self.reasons is not None and code in self.reasons.locales:
            translator.misses = set()  # the pages show the same sentences and say what they miss
            rendered.reasons[code] = tuple(plain_text(renderer.words.say(phrase)) for phrase in self.reasons.phrases)
        rendered.said[code] = said

    def _shared(self, output: Output, rendered: Rendered) -> tuple[bytes, list[Warning_]]:
        """A file for every locale, and the messages its locales' parts showed in English."""
        if isinstance(output.context, DataContext):
            return output.context.data, []
        env = make_environment(self.templates, self.project.compiled, sources=self.project.sources)
        context = output.context
        warnings: list[Warning_] = []
        if isinstance(context, ChooserContext):
            values: dict[str, Any] = {
                "site_name": markdown_inline(self.site.name.msgid),
                "languages": [rendered.languages[code] for code in context.locales],
                "alternates": list(context.alternates),
                "url": context.url,
            }
            warnings = [w for code in context.locales for w in rendered.said[code][0]]
        elif isinstance(context, MissingContext):
            values = {
                "site_name": markdown_inline(self.site.name.msgid),
                "languages": [rendered.lost[code] for code in context.locales],
                "prefix": context.prefix,
            }
            warnings = [w for code in context.locales for w in rendered.said[code][1]]
        elif isinstance(context, ReasonMapContext):
            values = {"json": Markup(reason_map(context, rendered.reasons))}  # noqa: S704 (JSON, not HTML)
        else:
            values = {f.name: getattr(context, f.name) for f in dataclasses.fields(context)}
        return env.get_template(output.template).render(**values).encode("utf-8"), warnings


def _record(key: str, data: bytes, warnings: list[Warning_], written: tuple[int, int]) -> FileRecord:
    return FileRecord(key, hashlib.sha256(data).hexdigest(), tuple(warnings), written)


def _warnings(translator: Translator) -> list[Warning_]:
    """The messages shown in English since ``translator.misses`` was emptied, in a stable order."""
    return [
        (context, msgid, translator.warnings[(context, msgid)])
        for context, msgid in sorted(translator.misses, key=lambda key: (key[0] or "", key[1]))
    ]


def template_problem(error: BaseException, templates: Path) -> Problem:
    """A template's runtime error (undefined name, bad filter...) at its template's file and line
    (Jinja maps its frames there)."""
    name, line = TEMPLATES, 1
    traceback = error.__traceback__
    while traceback is not None:
        path = Path(traceback.tb_frame.f_code.co_filename)
        if path.is_relative_to(templates.absolute()) or path.is_relative_to(templates):
            name, line = f"{TEMPLATES}/{path.name}", traceback.tb_lineno
        traceback = traceback.tb_next
    if isinstance(error, TemplateSyntaxError) and error.name:
        name, line = f"{TEMPLATES}/{error.name}", error.lineno
    return Problem(name, line, 1, f"template: {type(error).__name__}: {error}")
