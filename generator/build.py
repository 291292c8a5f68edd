"""The build: load content → check every example → read catalogs → render → write.

Nothing is written unless every stage succeeds; the new site is written to a temporary folder
next to the output and swapped in, so a failed build leaves the previous site as it was.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlsplit

from .files import (
    FileError,
    explain,
    is_folder,
    read_input,
    recover_folder,
    staging_folder,
    swap_folder,
    within_project,
    write_new,
)
from .i18n.catalogs import LOCALES, Entry, Key, Translator, catalog_path
from .problems import Problem, count
from .project import ASSETS, CACHE, CONTENT, SITE_FILE, TEMPLATES, Project, load_project
from .reader.pages import ExampleBlock, Page, Site, Text, see_targets
from .reuse import (
    MARKER,
    Outcome,
    Record,
    code_version,
    digest,
    folder_digest,
    input_stamps,
    inputs_digest,
    load_records,
    reusable,
    save_records,
    stamp,
    unchanged,
)
from .words.terms import TERMS, Message

if TYPE_CHECKING:  # the template machinery is imported only when a file must be rendered
    from .render import Link, LocaleRenderer

INPUTS = (CONTENT, LOCALES, TEMPLATES)
"""The project's folders a build reads (besides its cache)."""

NAV_ALL = 12
"""A locale of at most this many pages lists every page in each page's footer; a larger one shows
the page's neighbours and a link to the locale's index (a thousand links on every page would help
no reader and make the build quadratic)."""

PARALLEL_MIN = 60
"""Below this many files to render, a second process costs more than it saves."""


def page_href(slug: str) -> str:
    """A page's file name within its locale's folder."""
    return f"{slug}.html"


class NavItem(NamedTuple):
    """A link of a page's footer."""

    href: str
    title: str  # Markup: the page's title, translated, as inline HTML
    current: bool


class IndexEntry(NamedTuple):
    """A page as the locale's index lists it (what its key covers of the page, see :func:`_outline`)."""

    title: Text
    href: str
    examples: int
    terms: int
    """The glossary's words (0 for a rules page)."""


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


class LocaleParts(NamedTuple):
    """What the language chooser and ``404.html`` show of a published locale, in its language:
    rendered with the locale's pages, while its catalog is held; and the messages each part had
    to show in English (a reused chooser or 404.html gives their warnings again)."""

    language: Language
    lost: Lost
    chooser_warnings: list[tuple[str | None, str, Problem]]
    lost_warnings: list[tuple[str | None, str, Problem]]


class SitemapUrl(NamedTuple):
    url: str
    alternates: list[Link]


@dataclass
class RecordingTranslator(Translator):
    """A translator that also notes each message it had to show in English since :attr:`misses`
    was last emptied, so that a reused page can give its warnings again."""

    misses: set[Key] = field(default_factory=set)

    def _entry(self, message: Message, origin: str | None) -> Entry | None:
        entry = super()._entry(message, origin)
        if entry is None:
            self.misses.add((message.context, message.msgid))
        return entry


@dataclass
class LocaleResult:
    """What rendering (part of) one locale gave: each file's record, the locale's warnings, or its
    first error."""

    locale: str
    records: list[tuple[str, Record]] = field(default_factory=list)
    warnings: dict[Key, Problem] = field(default_factory=dict)
    error: Problem | None = None
    parts: LocaleParts | None = None
    """Its parts of the shared pages, when they are to be rendered and this was its last file."""


class SiteRenderer:
    """Renders every output file of a checked project, file by file, reusing those of the previous
    site whose inputs did not change (see :mod:`generator.reuse`)."""

    def __init__(
        self, project: Project, previous: Path | None = None, records: dict[str, Record] | None = None
    ) -> None:
        assert project.site is not None
        self.project = project
        self.site: Site = project.site
        self.templates = project.root / TEMPLATES
        self.previous = previous
        self.records = records or {}
        self.translators = {  # each given its catalog while a file of its locale is rendered
            locale: RecordingTranslator(locale, None, catalog_path(Path(LOCALES), locale).as_posix())
            for locale in self.site.locales
        }
        self.renderers: dict[str, LocaleRenderer] = {}
        self.parts: dict[str, LocaleParts] = {}
        root = project.root
        self.base_key = digest(code_version(), folder_digest(self.templates), read_input(root / SITE_FILE, SITE_FILE))
        # Each catalog's bytes' digest, taken when it was checked (a build has every catalog).
        self.catalog_keys = {locale: project.catalogs.digests.get(locale, "") for locale in self.site.locales}
        # A page's examples' answers are the engine's on the page's bytes: the code's version, in
        # every key (base_key), stands for them, so that a change in generator/rules/ renders again.
        self.page_keys = {page.slug: digest(read_input(root / page.path, page.path)) for page in project.pages}
        # What the locale's home, the glossaries and 404.html show of the other pages: an edit of
        # the rest of a page (its prose, its examples) leaves them as they were.
        self.outlines = digest(*(repr(_outline(page)) for page in project.pages))

    def renderer(self, locale: str) -> LocaleRenderer:
        """The locale's renderer, made (with its catalog read back) when a first file of it must
        be rendered; :meth:`let_go` drops both."""
        if locale not in self.renderers:
            from .render import LocaleRenderer

            translator = self.translators[locale]
            if translator.catalog is None and locale in self.project.catalogs:
                translator.catalog = self.project.catalogs[locale]  # FileError: changed meanwhile
            renderer = LocaleRenderer(
                self.templates,
                self.site,
                locale,
                self.translators[locale],
                self.project.compiled,
                frozenset(page.title for page in self.project.pages),  # shown in the navigation's links
            )
            renderer.env.globals["pairs"] = self.project.pairs  # read by the examples' macros
            for page in self.project.pages:
                if page.entries:
                    renderer.glossary = self.glossary_words(locale, page)
                    renderer.glossary_href = page_href(page.slug)
            self.renderers[locale] = renderer
        return self.renderers[locale]

    def let_go(self, locale: str) -> None:
        """Drop the locale's renderer and catalog, once its files are rendered: the next locale's
        are not held beside them."""
        self.renderers.pop(locale, None)
        self.translators[locale].catalog = None
        self.project.catalogs.release(locale)

    def glossary_words(self, locale: str, glossary: Page) -> list[tuple[str, str]]:
        """The glossary's words in ``locale`` that a page may link on first use, longest first: not a
        word another term also says (Hindi's "Coinche" is the game and the call), which would mislead."""
        translator = self.translators[locale]
        catalog = translator.catalog
        said: dict[str, set[Message]] = {}
        for term in TERMS:
            entry = catalog.entries.get((term.context, term.msgid)) if catalog else None
            text = entry.strings[0] if entry and entry.strings and not entry.fuzzy else term.msgid
            said.setdefault(text.casefold(), set()).add(term)
        words = [(translator.gettext(entry.term), entry.id) for entry in glossary.entries]
        return sorted(
            ((word, anchor) for word, anchor in words if len(said.get(word.casefold(), set())) <= 1),
            key=lambda pair: -len(pair[0]),
        )

    @functools.cached_property
    def targets(self) -> dict[str, Text]:
        """Each section and example a glossary entry may point at (``PAGE#ANCHOR``): its heading or title."""
        return see_targets(self.project.pages)  # the check of `see` accepts these and no more

    def pager(self, locale: str, index: int | None) -> tuple[NavItem | None, NavItem | None]:
        """The previous and the next page of page ``index`` (None: the locale's index), in menu
        order with the locale's index first."""
        renderer = self.renderer(locale)
        pages = self.project.pages

        def item(number: int) -> NavItem:
            return NavItem(page_href(pages[number].slug), renderer.markdown(pages[number].title), False)

        if index is None:
            return None, item(0) if pages else None
        previous = item(index - 1) if index > 0 else NavItem("index.html", renderer.gettext("Help"), False)
        return previous, item(index + 1) if index + 1 < len(pages) else None

    def url(self, locale: str, name: str) -> str:
        return f"{self.site.base_url}{locale}/{name}"

    def alternates(self, name: str) -> list[Link]:
        """The same file in every published locale (absolute URLs, for hreflang and the sitemap)."""
        from .render import Link, language_name

        return [
            Link(code, language_name(code), f"../{code}/{name}", self.url(code, name), False)
            for code in self.site.published
        ]

    def languages(self, locale: str, name: str) -> list[Link]:
        """The language switcher: the same page in every published locale (and this one, if a draft)."""
        from .render import Link, language_name

        codes = self.site.published + ([locale] if locale not in self.site.published else [])
        return [
            Link(code, language_name(code), f"../{code}/{name}", self.url(code, name), code == locale) for code in codes
        ]

    def nav_pages(self, index: int | None) -> list[int | None]:
        """The footer of page ``index`` (None: the locale's index page), as page numbers (None:
        the index): every page of a small locale; in a large one, the previous page, the index and
        the next page."""
        count = len(self.project.pages)
        if count <= NAV_ALL:
            return list(range(count))
        if index is None:
            return [0]
        return ([index - 1] if index > 0 else []) + [None] + ([index + 1] if index + 1 < count else [])

    def nav(self, locale: str, index: int | None) -> list[NavItem]:
        """The footer's links (see :meth:`nav_pages`), translated."""
        renderer = self.renderer(locale)
        items = []
        for number in self.nav_pages(index):
            if number is None:
                items.append(NavItem("index.html", renderer.gettext("Help"), False))
            else:
                page = self.project.pages[number]
                items.append(NavItem(page_href(page.slug), renderer.markdown(page.title), number == index))
        return items

    @functools.cache  # noqa: B019 (one renderer per build)
    def outputs(self, locale: str) -> list[tuple[str, str, Callable[[], str]]]:
        """Each file of a locale: its path, its key (everything it is rendered from) and how to render it."""
        return list(self.locale_outputs(locale))

    def locale_outputs(self, locale: str) -> Iterator[tuple[str, str, Callable[[], str]]]:
        """See :meth:`outputs`."""
        published = self.site.locales[locale] == "published"
        base = digest(self.base_key, locale, self.catalog_keys[locale])
        pages = self.project.pages
        glossaries = digest(*(self.page_keys[page.slug] for page in pages if page.entries))
        for number, page in enumerate(pages):
            name = page_href(page.slug)
            near = [n for n in (number - 1, number + 1) if 0 <= n < len(pages)]
            footer = [None if n is None else (pages[n].slug, pages[n].title) for n in self.nav_pages(number)]
            footer += [(pages[n].slug, pages[n].title) for n in near]  # the pager
            # a glossary shows the headings it links to; a rules page links its glossary's words
            linked = self.outlines if page.entries else glossaries
            key = digest(base, self.page_keys[page.slug], repr(footer), linked)

            def render(page: Page = page, name: str = name, number: int = number) -> str:
                previous, following = self.pager(locale, number)
                return self.renderer(locale).render(
                    "glossary.html" if page.entries else "page.html",
                    link_glossary=not page.entries,
                    page=page,
                    targets=self.targets if page.entries else {},  # what a glossary links to
                    previous=previous,
                    next=following,
                    views=self.project.views,
                    root="../",
                    canonical=self.url(locale, name),
                    alternates=self.alternates(name) if published else [],
                    languages=self.languages(locale, name),
                    nav=self.nav(locale, number),
                )

            yield f"{locale}/{name}", key, render
        entries = [
            IndexEntry(page.title, page_href(page.slug), _example_count(page), len(page.entries))
            for page in self.project.pages
        ]
        key = digest(base, self.outlines)

        def render_index() -> str:
            previous, following = self.pager(locale, None)
            return self.renderer(locale).render(
                "index.html",
                pages=entries,
                previous=previous,
                next=following,
                root="../",
                canonical=self.url(locale, "index.html"),
                alternates=self.alternates("index.html") if published else [],
                languages=self.languages(locale, "index.html"),
                nav=self.nav(locale, None),
            )

        yield f"{locale}/index.html", key, render_index

    def render_locale(self, locale: str, sink: Sink, part: slice = slice(None)) -> LocaleResult:
        """Render every file of one locale (or the ``part`` of its files), handing each to ``sink``
        as it is ready, or give it the previous site's file when it is reusable; then, when this is
        the locale's last file and the shared pages are stale, its parts of them. The locale's
        catalog is read back for it and let go after. A template's runtime error (or a file that
        cannot be read) stops the locale and is returned as its error."""
        translator = self.translators[locale]
        result = LocaleResult(locale)
        outputs = self.outputs(locale)
        try:
            for name, key, render in outputs[part]:
                record = self.records.get(name)
                if record is not None and self.previous is not None and reusable(self.previous, name, record, key):
                    if (linked := sink.link(self.previous, name)) is not None:
                        for context, msgid, warning in record.warnings:
                            translator.warnings.setdefault((context, msgid), warning)
                        result.records.append((name, dataclasses.replace(record, stamp=linked)))
                        continue
                translator.misses = set()
                data = render().encode("utf-8")
                written = sink.write(name, data)
                result.records.append(
                    (name, Record(key, hashlib.sha256(data).hexdigest(), _warnings(translator), written or (0, 0)))
                )
            last = len(outputs) - 1 in range(len(outputs))[part]
            if last and locale in self.site.published and self.shared_stale:
                result.parts = self.locale_parts(locale)
        except OSError:
            raise  # writing the staged site failed (a full disk...): the build reports it as such
        except FileError as error:  # a template that cannot be read, a catalog changed meanwhile
            result.error = Problem(error.display, 0, 0, error.message)
        except Exception as error:  # a template's runtime error: undefined name, bad filter, ...
            result.error = _template_problem(error, self.project.root / TEMPLATES)
        finally:
            self.let_go(locale)
        result.warnings = dict(translator.warnings)
        return result

    def adopt(self, results: list[LocaleResult]) -> None:
        """Take in what rendering (in this process or another) found: warnings and shared parts."""
        for result in results:  # in the serial order: the first warning of a message is kept, as there
            warnings = self.translators[result.locale].warnings
            for key, warning in result.warnings.items():
                warnings.setdefault(key, warning)
            if result.parts is not None:
                self.parts[result.locale] = result.parts

    @functools.cached_property
    def shared_stale(self) -> bool:
        """Whether the language chooser or ``404.html`` must be rendered (they show every
        published locale: each locale's rendering gives its parts, see :class:`LocaleParts`)."""
        return any(
            self.previous is None
            or (record := self.records.get(name)) is None
            or not reusable(self.previous, name, record, key)
            for name, key, _ in self.shared_outputs()
            if name in ("index.html", "404.html")
        )

    def locale_parts(self, code: str) -> LocaleParts:
        """What the shared pages show of a published locale: its parts given by its rendering,
        or made now (its catalog read back, then let go)."""
        if code in self.parts:
            return self.parts[code]
        from markupsafe import Markup

        from .render import language_name, og_locale, text_direction

        translator = self.translators[code]
        try:
            renderer = self.renderer(code)
            translator.misses = set()
            said = _module(renderer.env, "chooser-locale.html")
            language = Language(
                code,
                language_name(code),
                f"{code}/index.html",
                renderer.markdown(self.site.name),
                code.replace("_", "-"),
                text_direction(code),
                vars(said)["line"],  # exported by the template
                og_locale(code),
            )
            chooser_warnings = _warnings(translator)
            translator.misses = set()
            prefix = urlsplit(self.site.base_url).path
            links = [
                {"href": f"{prefix}{code}/{page_href(page.slug)}", "title": renderer.markdown(page.title)}
                for page in self.project.pages
            ]
            part = _module(renderer.env, "missing-locale.html", {"links": links, "home": f"{prefix}{code}/index.html"})
            lost = Lost(
                code.replace("_", "-"), renderer.markdown(self.site.name), vars(part)["not_found"], Markup(str(part))
            )
            lost_warnings = _warnings(translator)
        finally:
            self.let_go(code)
        self.parts[code] = LocaleParts(language, lost, chooser_warnings, lost_warnings)
        return self.parts[code]

    def shared_outputs(self) -> list[tuple[str, str, Callable[[], str]]]:
        """The language chooser and the sitemap, with their keys and how to render them."""
        chooser = digest(self.base_key, *(self.catalog_keys[code] for code in self.site.published))
        sitemap = digest(self.base_key, *(page.slug for page in self.project.pages))
        lost = digest(chooser, self.outlines)
        return [
            ("index.html", chooser, self.root_page),
            ("404.html", lost, self.missing_page),
            ("sitemap.xml", sitemap, self.sitemap),
            ("robots.txt", self.base_key, self.robots),
        ]

    def render_shared(self, sink: Sink) -> list[tuple[str, Record]]:
        """Render (or reuse) the language chooser, 404.html, the sitemap and robots.txt, and copy
        the assets, into ``sink``; their records, with the messages the chooser and 404.html showed
        in English (a reused one gives them again). A template's runtime error is a RenderError."""
        by_catalog = {translator.catalog_display: translator for translator in self.translators.values()}
        records = []
        for name, key, render in self.shared_outputs():
            record = self.records.get(name)
            if record is None or self.previous is None or not reusable(self.previous, name, record, key):
                try:
                    data = render().encode("utf-8")
                except (OSError, FileError):
                    raise
                except Exception as error:  # a template's runtime error
                    raise RenderError(_template_problem(error, self.project.root / TEMPLATES)) from None
                warnings = self.shared_warnings(name)
                record = Record(key, hashlib.sha256(data).hexdigest(), warnings, sink.write(name, data) or (0, 0))
            elif (linked := sink.link(self.previous, name)) is None:
                raise OSError(f"cannot link {name} from the previous site")
            else:
                for context, msgid, warning in record.warnings:
                    if (translator := by_catalog.get(warning.path)) is not None:  # a locale's catalog
                        translator.warnings.setdefault((context, msgid), warning)
                record = dataclasses.replace(record, stamp=linked)
            records.append((name, record))
        for asset in sorted((self.templates / ASSETS).rglob("*")):
            relative = asset.relative_to(self.templates / ASSETS)
            if not is_folder(asset) and not any(part.startswith(".") for part in relative.parts):
                data = read_input(asset, f"{TEMPLATES}/{ASSETS}/{relative.as_posix()}")  # FileError: unreadable
                name, sha = f"{ASSETS}/{relative.as_posix()}", hashlib.sha256(data).hexdigest()
                records.append((name, Record(sha, sha, [], sink.write(name, data) or (0, 0))))
        return records

    def shared_warnings(self, name: str) -> list[tuple[str | None, str, Problem]]:
        """The messages the chooser (``index.html``) or ``404.html`` showed in English."""
        if name not in ("index.html", "404.html"):
            return []
        parts = [self.locale_parts(code) for code in self.site.published]
        return [w for part in parts for w in (part.chooser_warnings if name == "index.html" else part.lost_warnings)]

    def render(self) -> dict[str, bytes]:
        """Every output file in memory (a build without ``--out``); raises a template's error."""
        sink = MemorySink()
        for locale in self.site.locales:
            result = self.render_locale(locale, sink)
            if result.error is not None:
                raise RenderError(result.error)
            self.adopt([result])
        self.render_shared(sink)
        return sink.files

    def root_page(self) -> str:
        from .render import make_environment, markdown_inline

        env = make_environment(self.templates, self.project.compiled)
        return env.get_template("root.html").render(
            site=self.site,
            site_name=markdown_inline(self.site.name.msgid),
            languages=[self.locale_parts(code).language for code in self.site.published],
            alternates=self.alternates("index.html"),
        )

    def missing_page(self) -> str:
        """``404.html``: every published language's help pages, linked from the root of the host
        (the path of ``base_url``), so that the page works at any depth it is served."""
        from .render import make_environment, markdown_inline

        env = make_environment(self.templates, self.project.compiled)
        return env.get_template("missing.html").render(
            site_name=markdown_inline(self.site.name.msgid),
            languages=[self.locale_parts(code).lost for code in self.site.published],
            prefix=urlsplit(self.site.base_url).path,
        )

    def robots(self) -> str:
        from .render import make_environment

        env = make_environment(self.templates, self.project.compiled)
        return env.get_template("robots.txt").render(base_url=self.site.base_url)

    def sitemap(self) -> str:
        from .render import make_environment

        names = ["index.html"] + [page_href(page.slug) for page in self.project.pages]
        urls = [SitemapUrl(self.site.base_url, [])]
        for code in self.site.published:
            urls += [SitemapUrl(self.url(code, name), self.alternates(name)) for name in names]
        env = make_environment(self.templates, self.project.compiled)
        return env.get_template("sitemap.xml").render(urls=urls, base_url=self.site.base_url)

    @property
    def warnings(self) -> list[Problem]:
        """Messages shown in English, per locale, in a stable order."""
        return sorted(problem for translator in self.translators.values() for problem in translator.warnings.values())


class RenderError(Exception):
    """A template's runtime error, located at its template and line."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


_WORKER: tuple[SiteRenderer, Path] | None = None
"""The renderer and staging folder a forked worker renders with (inherited, never pickled)."""


def _render_in_worker(job: tuple[str, int, int]) -> LocaleResult:
    assert _WORKER is not None
    renderer, staging = _WORKER
    locale, start, stop = job
    return renderer.render_locale(locale, FolderSink(staging), slice(start, stop))


class Sink:
    """Where rendered files go: a folder being written (:class:`FolderSink`) or memory."""

    def write(self, name: str, data: bytes) -> tuple[int, int] | None:
        """Keep one file; its size and modification time when written to disk."""
        raise NotImplementedError

    def link(self, previous: Path, name: str) -> tuple[int, int] | None:
        """Keep the previous site's file ``name`` as it is: its size and time; None when it cannot."""
        return None


class MemorySink(Sink):
    """Files kept in memory, for a build without an output folder."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}

    def write(self, name: str, data: bytes) -> None:
        if name in self.files:
            raise AssertionError(f"two outputs at {name}")  # each output path is planned once
        self.files[name] = data
        return None


class FolderSink(Sink):
    """Files written into the staging folder as they are rendered."""

    def __init__(self, staging: Path) -> None:
        self.staging = staging

    def write(self, name: str, data: bytes) -> tuple[int, int]:
        target = self.staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        write_new(target, data)
        return stamp(target)

    def link(self, previous: Path, name: str) -> tuple[int, int] | None:
        """A hard link to the previous site's file (a copy where links are refused): its size and time."""
        target = self.staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(previous / name, target)
        except OSError:
            try:
                write_new(target, (previous / name).read_bytes())
            except OSError:
                return None
        return stamp(target)


def render_into(renderer: SiteRenderer, staging: Path) -> list[LocaleResult]:
    """Render every locale into ``staging``, file by file; on two cores, when nothing else runs
    threads here and there is enough to render, in this process and one forked child at once. The
    result is the same either way: each file is rendered by the same code, and results come back
    in locale order. The files of all locales, in order, are cut in two halves of as many files to
    render, the child rendering the first and this process the second: both are busy to the end,
    and each holds one locale's catalog at a time. What this process holds (the loaded project,
    without its catalogs unless the cache cannot keep them) is frozen out of the garbage collector's
    reach before the fork, so that the child's collections do not write to it and it stays shared
    rather than copied."""
    global _WORKER
    locales = list(renderer.site.locales)
    weights = {  # 1 for each file to render, 0 for one the previous site has as it is
        locale: [
            int((record := renderer.records.get(name)) is None or record.key != key)
            for name, key, _ in renderer.outputs(locale)
        ]
        for locale in locales
    }
    to_render = sum(sum(files) for files in weights.values())
    if (os.cpu_count() or 1) < 2 or to_render < PARALLEL_MIN or threading.active_count() > 1:
        return [renderer.render_locale(locale, FolderSink(staging)) for locale in locales]
    import gc
    import multiprocessing

    first, second = halves(weights)
    renderer.shared_stale  # noqa: B018 (worked out once, before the fork)
    _WORKER = (renderer, staging)
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(1) as pool:
            theirs = pool.map_async(_render_in_worker, first, chunksize=1)
            mine = [_render_in_worker(job) for job in second]
            results = theirs.get() + mine
    finally:
        _WORKER = None
    return results  # in the serial order: the first error found is the one a serial build reports


def halves(weights: Mapping[str, list[int]]) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]]:
    """The files of every locale, in order, cut in two where the first half holds half the files
    to render (``weights``: each locale's files, 1 for a file to render and 0 for one reused); each
    half as jobs ``(locale, start, stop)``, one per locale."""
    half = sum(sum(files) for files in weights.values()) // 2
    first, second, taken = [], [], 0
    for locale, files in weights.items():
        cut = 0
        while cut < len(files) and taken < half:
            taken += files[cut]
            cut += 1
        if cut:
            first.append((locale, 0, cut))
        if cut < len(files):
            second.append((locale, cut, len(files)))
    return first, second


def _outline(page: Page) -> tuple[object, ...]:
    """What other files show of a page: its address and title (the home, 404.html, the footers),
    how many examples or words it has (the home), its sections' headings and examples' titles
    (what a glossary entry links to). Texts with where they are written, which warnings cite."""
    sections = [
        (section.id, section.heading, [(b.example.id, b.title) for b in section.blocks if isinstance(b, ExampleBlock)])
        for section in page.sections
    ]
    return page.slug, page.title, _example_count(page), len(page.entries), sections


def _example_count(page: Page) -> int:
    return sum(1 for block in page.blocks if block.kind == "example")


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
    for folder in (CONTENT, LOCALES, TEMPLATES, CACHE):
        if target.is_relative_to(project / folder):
            return f"--out {out}: inside the project's {folder}/; choose a folder of its own, such as site/"
    if target.exists() and not target.is_dir():
        return f"--out {out}: a file, not a folder"
    if target.is_dir() and not (target / MARKER).is_file() and any(target.iterdir()):
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


def _template_location(error: BaseException, templates: Path) -> tuple[str, int]:
    """The template file and line where a rendering error happened (Jinja maps its frames there)."""
    from jinja2 import TemplateSyntaxError

    location = (TEMPLATES, 1)
    traceback = error.__traceback__
    while traceback is not None:
        name = Path(traceback.tb_frame.f_code.co_filename)
        if name.is_relative_to(templates.absolute()) or name.is_relative_to(templates):
            location = (f"{TEMPLATES}/{name.name}", traceback.tb_lineno)
        traceback = traceback.tb_next
    if isinstance(error, TemplateSyntaxError) and error.name:
        location = (f"{TEMPLATES}/{error.name}", error.lineno)
    return location


def _template_problem(error: BaseException, templates: Path) -> Problem:
    """A template's runtime error (undefined name, bad filter...) at its template's line."""
    name, line = _template_location(error, templates)
    return Problem(name, line, 1, f"template: {type(error).__name__}: {error}")


def _module(env: Any, name: str, values: dict[str, Any] | None = None) -> Any:
    """A template run for what it exports (``make_module``), its errors told at the template's
    lines as a render's are (Jinja rewrites the traceback only when asked)."""
    template = env.get_template(name)
    try:
        return template.make_module(values)
    except Exception:  # noqa: BLE001 (re-raised, with the template's lines)
        env.handle_exception()


def _warnings(translator: RecordingTranslator) -> list[tuple[str | None, str, Problem]]:
    """The messages shown in English since ``translator.misses`` was emptied, in a stable order."""
    return [
        (context, msgid, translator.warnings[(context, msgid)])
        for context, msgid in sorted(translator.misses, key=lambda key: (key[0] or "", key[1]))
    ]


@dataclass
class BuildResult:
    """What a build did: exit code, files rendered, warnings."""

    code: int
    files: dict[str, bytes] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)


@within_project  # every read inside the project: a link out of it is refused
def build(root: Path, out: Path | None, strict: bool, report: Any = print) -> BuildResult:
    """Build the site of the project at ``root`` into ``out`` (None: render only, write nothing).

    Exit code 0 when built, 1 when an example does not hold, 2 when the input is invalid
    (or, with ``strict``, a translation is missing); nothing is written unless 0.
    """
    started = time.perf_counter()
    refusal = output_problem(root, out) if out is not None else None
    if refusal is not None:
        report(f"error: {refusal}")
        return BuildResult(2)
    if out is not None:
        try:
            recover_folder(out.absolute())  # a killed build's leftovers: the site put back, the rest removed
        except OSError as error:
            report(f"{out}: error: cannot put back the site a killed build left aside: {explain(error)}")
            return BuildResult(2)
    cache = root / CACHE
    previous = out.absolute() if out is not None and (out / MARKER).is_file() else None
    # The inputs' stamps and digest are taken before they are read, and the stamps again once the
    # site is written: the digest is recorded only if they held (an edit made meanwhile is not missed).
    inputs, stamps = inputs_digest(root, INPUTS, code_version()) if out is not None else ("", {})
    if out is not None and previous is not None and (outcome := unchanged(cache, out, inputs)) is not None:
        _report_warnings(outcome.warnings, strict, report)
        if strict and outcome.warnings:
            return BuildResult(2, {}, outcome.warnings)
        _report_done(out, outcome, started, report, " (nothing changed since the last build)")
        return BuildResult(0, {}, outcome.warnings)
    project = load_project(root)
    if project.problems or project.mismatches:
        for problem in sorted(project.problems):
            report(problem)
        for mismatch in project.mismatches:
            report(mismatch)
        failing = len({m.example.id for m in project.mismatches})
        parts = [count(len(project.problems), "error")] if project.problems else []
        parts += [f"{count(failing, 'example')} not holding"] if failing else []
        report(f"{' and '.join(parts)}; nothing written")
        return BuildResult(2 if project.problems else 1)
    renderer = SiteRenderer(project, previous, load_records(cache, out) if out and previous else {})
    if out is None:
        try:
            files = renderer.render()
        except RenderError as error:
            return _template_failure(error.problem, report)
        except FileError as error:  # an asset that cannot be read, a catalog changed meanwhile
            return _template_failure(error, report)
        warnings = renderer.warnings
        _report_warnings(warnings, strict, report)
        if strict and warnings:
            return BuildResult(2, files, warnings)
        _report_done(None, _outcome(project, inputs, files, warnings), started, report)
        return BuildResult(0, files, warnings)
    try:
        staging = make_staging(out)
    except OSError as error:
        report(f"{out}: error: cannot write the site: {explain(error)}; nothing written")
        return BuildResult(2)
    try:
        try:
            results = render_into(renderer, staging)
            failure = next((result.error for result in results if result.error is not None), None)
            if failure is not None:
                return _template_failure(failure, report)
            renderer.adopt(results)
            shared = renderer.render_shared(FolderSink(staging))
        except RenderError as error:  # a shared page's template
            return _template_failure(error.problem, report)
        except FileError as error:  # an asset that cannot be read, a catalog changed meanwhile
            return _template_failure(error, report)
        except OSError as error:
            report(f"{out}: error: cannot write the site: {explain(error)}; nothing written")
            return BuildResult(2)
        warnings = renderer.warnings
        _report_warnings(warnings, strict, report)
        if strict and warnings:
            return BuildResult(2, {}, warnings)
        try:
            swap_in(staging, out)
        except OSError as error:
            report(f"{out}: error: cannot write the site: {explain(error)}; nothing written")
            return BuildResult(2, {}, warnings)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # nothing left once swapped in
    records = {name: record for result in results for name, record in result.records} | dict(shared)
    held = input_stamps(root, INPUTS) == stamps
    outcome = _outcome(project, inputs if held else "", records, warnings)
    save_records(cache, out, records, outcome)
    _report_done(out, outcome, started, report)
    return BuildResult(0, {}, warnings)


def _template_failure(problem: Problem | FileError, report: Any) -> BuildResult:
    report(problem)
    report("1 error; nothing written")
    return BuildResult(2)


def _report_warnings(warnings: list[Problem], strict: bool, report: Any) -> None:
    for warning in warnings:
        report(Problem(warning.path, warning.line, warning.column, warning.message, "error" if strict else "warning"))
    if strict and warnings:
        report(f"{count(len(warnings), 'error')} (missing or fuzzy translations, --strict); nothing written")


def _outcome(project: Project, inputs: str, files: Mapping[str, object], warnings: list[Problem]) -> Outcome:
    """What this build read and reports: its pages are the HTML files it wrote."""
    assert project.site is not None
    pages = sum(1 for name in files if name.endswith(".html"))
    return Outcome(inputs, pages, len(project.examples), len(project.site.locales), warnings)


def _report_done(out: Path | None, outcome: Outcome, started: float, report: Any, note: str = "") -> None:
    report(
        f"{'Built' if out is not None else 'Rendered'} {count(outcome.pages, 'page')} in "
        f"{count(outcome.locales, 'locale')}{f' into {out}/' if out is not None else ''}{note}: "
        f"{count(outcome.examples, 'example')} checked, {count(len(outcome.warnings), 'warning')}, "
        f"{time.perf_counter() - started:.2f} s"
    )
