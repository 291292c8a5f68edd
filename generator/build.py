"""The build: load content → check every example → read catalogs → render → write.

Nothing is written unless every stage succeeds; the new site is written to a temporary folder
next to the output and swapped in, so a failed build leaves the previous site as it was.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import TemplateSyntaxError
from markupsafe import Markup

from .i18n.catalogs import LOCALES, Translator, catalog_path
from .i18n.terms import TERMS, Message
from .problems import Problem, count
from .project import ASSETS, CACHE, CONTENT, TEMPLATES, Project, load_project
from .reader.pages import ExampleBlock, Page, Site, Text
from .render import Link, LocaleRenderer, language_name, make_environment, markdown_inline, og_locale, text_direction

MARKER = ".belote-docs-site"
"""An empty file in every built site: a build replaces a non-empty folder only if it has one."""


def page_href(slug: str) -> str:
    """A page's file name within its locale's folder."""
    return f"{slug}.html"


class SiteRenderer:
    """Renders every output file of a checked project into memory, path by path."""

    def __init__(self, project: Project) -> None:
        assert project.site is not None
        self.project = project
        self.site: Site = project.site
        self.templates = project.root / TEMPLATES
        self.translators = {
            locale: Translator(locale, project.catalogs.get(locale), catalog_path(Path(LOCALES), locale).as_posix())
            for locale in self.site.locales
        }
        self.renderers = {
            locale: LocaleRenderer(self.templates, self.site, locale, translator, project.compiled)
            for locale, translator in self.translators.items()
        }
        self.files: dict[str, bytes] = {}
        for page in project.pages:
            for locale, renderer in self.renderers.items():
                if page.entries:
                    renderer.glossary = self.glossary_words(locale, page)
                    renderer.glossary_href = page_href(page.slug)
        self.targets: dict[str, Text] = {}
        """Each section and example a glossary entry may point at (``PAGE#ANCHOR``): its heading or title."""
        for page in project.pages:
            for section in page.sections:
                self.targets[f"{page.slug}#{section.id}"] = section.heading
                for block in section.blocks:
                    if isinstance(block, ExampleBlock):
                        self.targets[f"{page.slug}#ex-{block.example.id}"] = block.title

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

    def url(self, locale: str, name: str) -> str:
        return f"{self.site.base_url}{locale}/{name}"

    def alternates(self, name: str) -> list[Link]:
        """The same file in every published locale (absolute URLs, for hreflang and the sitemap)."""
        return [
            Link(code, language_name(code), f"../{code}/{name}", self.url(code, name), False)
            for code in self.site.published
        ]

    def languages(self, locale: str, name: str) -> list[Link]:
        """The language switcher: the same page in every published locale (and this one, if a draft)."""
        codes = self.site.published + ([locale] if locale not in self.site.published else [])
        return [
            Link(code, language_name(code), f"../{code}/{name}", self.url(code, name), code == locale) for code in codes
        ]

    def add(self, path: str, content: str | bytes) -> None:
        if path in self.files:
            raise AssertionError(f"two outputs at {path}")  # each output path is planned once
        self.files[path] = content.encode("utf-8") if isinstance(content, str) else content

    def render(self) -> dict[str, bytes]:
        """Every output file: each locale's pages and index, the language chooser, the sitemap, assets."""
        for locale, renderer in self.renderers.items():
            published = self.site.locales[locale] == "published"
            nav = [
                {"href": page_href(page.slug), "title": renderer.markdown(page.title), "slug": page.slug}
                for page in self.project.pages
            ]
            for page in self.project.pages:
                name = page_href(page.slug)
                self.add(
                    f"{locale}/{name}",
                    renderer.render(
                        "glossary.html" if page.entries else "page.html",
                        link_glossary=not page.entries,
                        page=page,
                        targets=self.targets,
                        views=self.project.views,
                        root="../",
                        canonical=self.url(locale, name),
                        alternates=self.alternates(name) if published else [],
                        languages=self.languages(locale, name),
                        nav=[dict(item, current=item["slug"] == page.slug) for item in nav],
                    ),
                )
            entries = [
                {
                    "page": page,
                    "href": page_href(page.slug),
                    "examples": _example_count(page),
                    "terms": len(page.entries),
                }
                for page in self.project.pages
            ]
            self.add(
                f"{locale}/index.html",
                renderer.render(
                    "index.html",
                    pages=entries,
                    root="../",
                    canonical=self.url(locale, "index.html"),
                    alternates=self.alternates("index.html") if published else [],
                    languages=self.languages(locale, "index.html"),
                    nav=[dict(item, current=False) for item in nav],
                ),
            )
        self.add("index.html", self.root_page())
        self.add("404.html", self.missing_page())
        self.add("sitemap.xml", self.sitemap())
        env = make_environment(self.templates, self.project.compiled)
        self.add("robots.txt", env.get_template("robots.txt").render(base_url=self.site.base_url))
        for asset in sorted((self.templates / ASSETS).rglob("*")):
            relative = asset.relative_to(self.templates / ASSETS)
            if asset.is_file() and not any(part.startswith(".") for part in relative.parts):
                self.add(f"{ASSETS}/{relative.as_posix()}", asset.read_bytes())
        return self.files

    def root_page(self) -> str:
        env = make_environment(self.templates, self.project.compiled)
        languages = []
        for code in self.site.published:
            renderer = self.renderers[code]
            said = renderer.env.get_template("chooser-locale.html").make_module()
            languages.append(
                {
                    "lang": code.replace("_", "-"),
                    "dir": text_direction(code),
                    "name": language_name(code),
                    "href": f"{code}/index.html",
                    "site_name": renderer.markdown(self.site.name),
                    "line": vars(said)["line"],  # exported by the template
                    "og_locale": og_locale(code),
                }
            )
        return env.get_template("root.html").render(
            site=self.site,
            site_name=markdown_inline(self.site.name.msgid),
            languages=languages,
            alternates=self.alternates("index.html"),
        )

    def missing_page(self) -> str:
        """``404.html``: every published language's help pages, linked from the root of the host
        (the path of ``base_url``), so that the page works at any depth it is served."""
        prefix = urlsplit(self.site.base_url).path
        env = make_environment(self.templates, self.project.compiled)
        languages = []
        for code in self.site.published:
            renderer = self.renderers[code]
            links = [
                {"href": f"{prefix}{code}/{page_href(page.slug)}", "title": renderer.markdown(page.title)}
                for page in self.project.pages
            ]
            part = renderer.env.get_template("missing-locale.html").make_module(
                {"links": links, "home": f"{prefix}{code}/index.html"}
            )
            languages.append(
                {
                    "lang": code.replace("_", "-"),
                    "site_name": renderer.markdown(self.site.name),
                    "not_found": vars(part)["not_found"],
                    "section": Markup(str(part)),
                }
            )
        return env.get_template("missing.html").render(
            site_name=markdown_inline(self.site.name.msgid), languages=languages, prefix=prefix
        )

    def sitemap(self) -> str:
        names = ["index.html"] + [page_href(page.slug) for page in self.project.pages]
        urls: list[dict[str, Any]] = [{"url": self.site.base_url, "alternates": []}]
        for code in self.site.published:
            urls += [{"url": self.url(code, name), "alternates": self.alternates(name)} for name in names]
        env = make_environment(self.templates, self.project.compiled)
        return env.get_template("sitemap.xml").render(urls=urls, base_url=self.site.base_url)

    @property
    def warnings(self) -> list[Problem]:
        """Messages shown in English, per locale, in a stable order."""
        return sorted(problem for translator in self.translators.values() for problem in translator.warnings.values())


def _example_count(page: Page) -> int:
    return sum(1 for block in page.blocks if block.kind == "example")


def output_problem(root: Path, out: Path) -> str | None:
    """Why ``out`` may not receive the site, if it may not: a build replaces the whole folder, so
    it must be a folder of its own (a site built here before, or new, or empty)."""
    target, project = out.resolve(), root.resolve()
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


def write_site(files: dict[str, bytes], out: Path) -> None:
    """Write the files into a new folder beside ``out``, then swap it in; the old site is removed
    only once the new one is in place (and put back if the swap fails)."""
    out = out.absolute()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    previous = None
    try:
        for name in sorted(files):
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(files[name])
        (staging / MARKER).write_bytes(b"")
        staging.chmod(0o755)
        if out.exists():
            previous = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            out.rename(previous / "site")
        staging.rename(out)
    except BaseException:
        if previous is not None and (previous / "site").exists() and not out.exists():
            (previous / "site").rename(out)
        shutil.rmtree(staging, ignore_errors=True)
        if previous is not None:
            shutil.rmtree(previous, ignore_errors=True)
        raise
    if previous is not None:
        shutil.rmtree(previous, ignore_errors=True)


def _template_location(error: BaseException, templates: Path) -> tuple[str, int]:
    """The template file and line where a rendering error happened (Jinja maps its frames there)."""
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


@dataclass
class BuildResult:
    """What a build did: exit code, files rendered, warnings."""

    code: int
    files: dict[str, bytes] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)


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
    renderer = SiteRenderer(project)
    try:
        files = renderer.render()
    except Exception as error:  # a template's runtime error: undefined name, bad filter, ...
        name, line = _template_location(error, project.root / TEMPLATES)
        report(Problem(name, line, 1, f"template: {type(error).__name__}: {error}"))
        report("1 error; nothing written")
        return BuildResult(2)
    warnings = renderer.warnings
    for warning in warnings:
        report(Problem(warning.path, warning.line, warning.column, warning.message, "error" if strict else "warning"))
    if strict and warnings:
        report(f"{count(len(warnings), 'error')} (missing or fuzzy translations, --strict); nothing written")
        return BuildResult(2, files, warnings)
    if out is not None:
        try:
            write_site(files, out)
        except OSError as error:
            report(f"error: cannot write the site into {out}: {error.strerror or error}; nothing written")
            return BuildResult(2, files, warnings)
    assert project.site is not None
    pages = sum(1 for name in files if name.endswith(".html"))
    report(
        f"{'Built' if out is not None else 'Rendered'} {count(pages, 'page')} in "
        f"{count(len(project.site.locales), 'locale')}{f' into {out}/' if out is not None else ''}: "
        f"{count(len(project.examples), 'example')} checked, {count(len(warnings), 'warning')}, "
        f"{time.perf_counter() - started:.2f} s"
    )
    return BuildResult(0, files, warnings)
