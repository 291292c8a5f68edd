"""The ``i18n`` commands: extract, update, add a language, stats, publish.

A translator's path: ``add LOCALE`` (a draft catalog, registered in the site's configuration)
→ translate the ``.po`` in any gettext tool → ``stats`` → ``build`` (a draft is built and
marked as such) → ``publish LOCALE`` once the catalog is complete.
A catalog that cannot be read is reported at FILE:LINE and nothing is written over it.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from babel import Locale
from babel.core import UnknownLocaleError
from babel.messages.catalog import Catalog as BabelCatalog

from ..build import SITE_FILE, load_project
from ..files import FileError, read_input, write_file
from ..problems import Problem
from ..reader.pages import LOCALE_PATTERN, Site
from ..reader.source import Map, Scalar, SourceError, load, parse
from .catalogs import LOCALES, catalog_path, parse_po
from .extract import POT, template_catalog, update_catalogs, write_template


def _report(problems: list[Problem], what: str) -> int:
    for problem in sorted(problems):
        print(problem)
    print(f"{len(problems)} error{'s' * (len(problems) != 1)}; {what}")
    return 2


def _site(root: Path) -> Site | None:
    """The site's configuration, or None after printing why it cannot be read."""
    project = load_project(root, catalogs=False)
    if project.site is None or project.problems:
        _report(project.problems, "nothing written")
        return None
    return project.site


def _extract(root: Path) -> bool:
    """Write the template from the content; False (problems printed) when the content is invalid."""
    project = load_project(root, catalogs=False)
    if project.problems or project.mismatches or project.site is None:
        for mismatch in project.mismatches:
            print(mismatch)
        _report(project.problems, "the content must build before its messages are extracted; nothing written")
        return False
    try:
        catalog = template_catalog(root, project.pages, project.site.name, project.views)
        changed = write_template(root / LOCALES, catalog)
    except FileError as error:
        print(error)
        print("1 error; nothing written")
        return False
    print(f"{LOCALES}/{POT}: {len(catalog)} messages{'' if changed else ', unchanged'}")
    return True


def run_extract(root: Path) -> int:
    """Write ``locales/messages.pot`` from the content, templates and terms; 2 on invalid content."""
    return 0 if _extract(root) else 2


def _template_ready(root: Path) -> bool:
    if os.path.lexists(root / LOCALES / POT):
        return True  # or it cannot be read, which its reader reports
    print(f"{LOCALES}/{POT}: error: no template: run `python -m generator i18n extract` first")
    return False


def _update(root: Path, codes: list[str]) -> int:
    problems: list[Problem] = []
    try:
        changed = update_catalogs(root / LOCALES, codes, problems)
    except FileError as error:
        print(error)
        print("1 error; no catalog updated")
        return 2
    if problems:
        return _report(problems, "no catalog updated")
    print(f"{len(codes)} catalog{'s' * (len(codes) != 1)}; updated: {', '.join(changed) or 'none'}")
    return 0


def run_update(root: Path) -> int:
    """Merge the template into the catalog of every locale of the site."""
    site = _site(root)
    if site is None or not _template_ready(root):
        return 2
    return _update(root, list(site.locales))


def canonical_locale(code: str) -> str:
    """The locale code as the site writes it (``pt-BR`` → ``pt_BR``); ``ValueError`` unless CLDR
    knows exactly that locale."""
    written = code.strip().replace("-", "_")
    if not written:
        raise ValueError("an empty locale code: write a code such as de, pt_BR or sr_Latn")
    try:
        name = str(Locale.parse(written))
    except (UnknownLocaleError, ValueError) as error:
        raise ValueError(
            f"{code!r} is not a locale CLDR knows ({error}): write a code such as de, pt_BR or sr_Latn"
        ) from None
    if name.lower() != written.lower() or not LOCALE_PATTERN.match(name):
        raise ValueError(
            f"{code!r} is not a language's code (CLDR reads it as {name!r}): write a code such as de, pt_BR or sr_Latn"
        )
    return name


def _locale_and_site(root: Path, code: str) -> tuple[str, Site] | None:
    """The locale's canonical code and the site's configuration; None after saying what is wrong."""
    try:
        name = canonical_locale(code)
    except ValueError as error:
        print(f"error: {error}")
        return None
    site = _site(root)
    return (name, site) if site is not None else None


def run_add(root: Path, code: str) -> int:
    """Create a draft catalog for a new locale and register it in the site's configuration."""
    found = _locale_and_site(root, code)
    if found is None:
        return 2
    name, site = found
    if name in site.locales:
        print(f"error: {name} is already a locale of the site ({site.locales[name]})")
        return 2
    problem = set_locale_state(root / SITE_FILE, name, "draft", check_only=True)
    if problem:
        print(problem)
        return 2
    catalog = root / catalog_path(Path(LOCALES), name)
    created = not os.path.lexists(catalog)
    if not _extract(root) or _update(root, [name]):
        return 2
    problem = set_locale_state(root / SITE_FILE, name, "draft")
    if problem:  # the locale is not registered: its new catalog goes too, leaving the project as it was
        if created:
            catalog.unlink(missing_ok=True)
        print(problem)
        return 2
    locale = Locale.parse(name)
    print(
        f"{catalog_path(Path(LOCALES), name).as_posix()}: created for {locale.get_display_name(locale)} ({name}), "
        f"{len(locale.plural_form.tags) + 1} CLDR plural categories; registered as a draft in {SITE_FILE}"
    )
    print(
        f"Next: translate that file, check `python -m generator i18n stats`, then "
        f"`python -m generator i18n publish {name}`."
    )
    return 0


@dataclass(frozen=True)
class Stats:
    """How much of the template a locale's catalog translates; ``missing``: FILE:LINE and text of
    each message still untranslated or fuzzy."""

    locale: str
    state: str
    translated: int
    fuzzy: int
    untranslated: int
    missing: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    @property
    def complete(self) -> bool:
        return self.translated == self.total


def catalog_stats(root: Path, locales: dict[str, str], problems: list[Problem]) -> list[Stats]:
    """Each locale's counts against the template's messages."""
    template = _parse(root / LOCALES / POT, f"{LOCALES}/{POT}", problems)
    if template is None:
        return []
    keys = [
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in template
        if message.id
    ]
    stats = []
    for code, state in locales.items():
        display = catalog_path(Path(LOCALES), code).as_posix()
        path = root / display
        catalog = _parse(path, display, problems) if os.path.lexists(path) else None
        if os.path.lexists(path) and catalog is None:
            continue
        translated = fuzzy = 0
        missing = []
        for context, msgid in keys:
            message = catalog.get(msgid, context=context) if catalog is not None else None
            strings = message.string if message is not None else ""
            done = message is not None and all(strings if isinstance(strings, tuple) else (strings,))
            if done and not message.fuzzy:  # type: ignore[union-attr]
                translated += 1
                continue
            fuzzy += done
            where = f"{display}:{message.lineno}" if message is not None and message.lineno else display
            missing.append(f"{where}: {'fuzzy' if done else 'untranslated'}: {msgid[:60]!r}")
        stats.append(Stats(code, state, translated, fuzzy, len(keys) - translated - fuzzy, tuple(missing)))
    return stats


def _parse(path: Path, display: str, problems: list[Problem]) -> BabelCatalog | None:
    """A catalog read and parsed; None, with problems, when it cannot be."""
    try:
        return parse_po(read_input(path, display), display, problems)
    except FileError as error:
        problems.append(Problem(display, 0, 0, error.message))
        return None


def run_stats(root: Path, strict: bool, as_json: bool) -> int:
    """Print each locale's translation counts; with ``strict``, 1 when a published one is incomplete."""
    site = _site(root)
    if site is None or not _template_ready(root):
        return 2
    problems: list[Problem] = []
    stats = catalog_stats(root, site.locales, problems)
    if problems:
        return _report(problems, "no statistics")
    incomplete = [entry.locale for entry in stats if entry.state == "published" and not entry.complete]
    if as_json:
        print(
            json.dumps(
                {
                    "locales": [
                        dict(asdict(entry), total=entry.total, percent=round(entry.percent, 1)) for entry in stats
                    ],
                    "incomplete_published": incomplete,
                },
                indent=2,
            )
        )
    else:
        print(f"{'locale':<8} {'state':<10} {'translated':>10} {'fuzzy':>6} {'untranslated':>12} {'percent':>8}")
        for entry in stats:
            print(
                f"{entry.locale:<8} {entry.state:<10} {entry.translated:>10} {entry.fuzzy:>6} "
                f"{entry.untranslated:>12} {entry.percent:>7.1f}%"
            )
    if strict and incomplete:
        if not as_json:
            print(f"incomplete published locales: {', '.join(incomplete)}")
        return 1
    return 0


def run_publish(root: Path, code: str) -> int:
    """Flip a complete draft locale to published; 1 (listing what is missing) while it is not."""
    found = _locale_and_site(root, code)
    if found is None or not _template_ready(root):
        return 2
    name, site = found
    if name not in site.locales:
        print(f"error: {name} is not a locale of the site: run `python -m generator i18n add {name}` first")
        return 2
    problems: list[Problem] = []
    stats = catalog_stats(root, {name: site.locales[name]}, problems)
    if problems:
        return _report(problems, "not published")
    entry = stats[0]
    if not entry.complete:
        for line in entry.missing:
            print(line)
        print(
            f"{name}: not published: {entry.untranslated} untranslated and {entry.fuzzy} fuzzy of "
            f"{entry.total} messages ({entry.percent:.1f}%), listed above"
        )
        return 1
    problem = set_locale_state(root / SITE_FILE, name, "published")
    if problem:
        print(problem)
        return 2
    print(f"{name}: published ({entry.total} messages); it is now in the language chooser and the sitemap")
    return 0


def set_locale_state(path: Path, locale: str, state: str, check_only: bool = False) -> str | None:
    """Set ``locales: {LOCALE: STATE}`` in the site's configuration by editing its text in place
    (comments, layout and line endings kept), checking that the result reads back as intended;
    a message, and the file untouched, when it cannot. ``check_only``: find out, write nothing."""
    display = SITE_FILE
    try:
        document = load(path, display)
    except FileError as error:
        return f"{display}: error: cannot edit the site's configuration: {error.message}"
    except SourceError as error:
        return f"{display}:1:1: error: cannot edit the site's configuration: {error}"
    root = document.root
    locales = root.get("locales") if isinstance(root, Map) else None
    if not isinstance(locales, Map):
        return f"{display}:1:1: error: no `locales:` mapping to register {locale} in"
    text = document.text
    newline = "\r\n" if "\r\n" in text else "\n"
    existing = locales.get(locale)
    if isinstance(existing, Scalar):
        text = text[: existing.pos.start] + state + text[existing.pos.end :]
    elif locales.flow:
        closing = locales.pos.end - 1
        before = text[:closing].rstrip()
        separator = "" if before.endswith("{") else (" " if before.endswith(",") else ", ")
        text = before + f"{separator}{locale}: {state}" + text[closing:]
    elif locales.entries:
        last_key, last_value = locales.entries[-1]
        line_end = text.find("\n", last_value.pos.end - 1)
        line_end = len(text) if line_end < 0 else line_end
        line_end -= text[:line_end].endswith("\r")
        text = text[:line_end] + f"{newline}{' ' * (last_key.pos.column - 1)}{locale}: {state}" + text[line_end:]
    else:
        return (
            f"{display}:{locales.pos.line}:{locales.pos.column}: error: `locales:` is empty: write `{locale}: {state}`"
        )
    if not _reads_back(text, locale, state, len(locales.entries) + (existing is None)):
        return (
            f"{display}:{locales.pos.line}:{locales.pos.column}: error: could not add `{locale}: {state}` "
            "to `locales:` safely: write it there by hand"
        )
    if not check_only:
        try:
            write_file(path, (("\ufeff" if document.bom else "") + text).encode("utf-8"), display)
        except FileError as error:
            return str(error)
    return None


def _reads_back(text: str, locale: str, state: str, count: int) -> bool:
    """True when the edited configuration parses and says ``LOCALE: STATE`` among ``count`` locales."""
    try:
        edited = parse(text)
    except SourceError:
        return False
    locales = edited.get("locales") if isinstance(edited, Map) else None
    value = locales.get(locale) if isinstance(locales, Map) else None
    return (
        isinstance(locales, Map)
        and len(locales.entries) == count
        and isinstance(value, Scalar)
        and value.value == state
    )
