"""The ``i18n`` commands: extract, update, add a language, stats, publish.

A translator's path: ``add LOCALE`` (a draft catalog, registered in the site's configuration)
→ translate the ``.po`` in any gettext tool → ``stats`` → ``build`` (a draft is built and
marked as such) → ``publish LOCALE`` once the catalog is complete.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from babel import Locale
from babel.core import UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po

from ..build import LOCALES, SITE_FILE, load_project
from ..reader.source import Map, Scalar, SourceError, load
from .catalogs import catalog_path
from .extract import POT, template_catalog, update_catalogs, write_template


def _extract(root: Path) -> Catalog | None:
    """Write the template from the content; None (problems printed) when the content is invalid."""
    project = load_project(root, catalogs=False)
    if project.problems or project.mismatches or project.site is None:
        for problem in sorted(project.problems):
            print(problem)
        for mismatch in project.mismatches:
            print(mismatch)
        print("the content must build before its messages are extracted; nothing written")
        return None
    catalog = template_catalog(root, project.pages, project.site.name, project.views)
    changed = write_template(root / LOCALES, catalog)
    print(f"{LOCALES}/{POT}: {len(catalog)} messages{'' if changed else ', unchanged'}")
    return catalog


def run_extract(root: Path) -> int:
    """Write ``locales/messages.pot`` from the content, templates and terms; 2 on invalid content."""
    return 0 if _extract(root) is not None else 2


def _site_locales(root: Path) -> dict[str, str] | None:
    project = load_project(root, catalogs=False)
    if project.site is None:
        for problem in sorted(project.problems):
            print(problem)
        return None
    return project.site.locales


def run_update(root: Path) -> int:
    """Merge the template into the catalog of every locale of the site."""
    locales = _site_locales(root)
    if locales is None:
        return 2
    if not (root / LOCALES / POT).is_file():
        print(f"{LOCALES}/{POT}: error: no template: run `python -m generator i18n extract` first")
        return 2
    changed = update_catalogs(root / LOCALES, list(locales))
    print(f"{len(locales)} catalogs; updated: {', '.join(changed) or 'none'}")
    return 0


def canonical_locale(code: str) -> Locale:
    """The CLDR locale of a code such as ``de``, ``pt_BR`` or ``pt-BR``; ``ValueError`` if unknown."""
    try:
        return Locale.parse(code.strip().replace("-", "_"))
    except (UnknownLocaleError, ValueError) as error:
        raise ValueError(f"{code!r} is not a locale CLDR knows ({error}): write a code such as de, "
                         "pt_BR or sr_Latn") from None


def run_add(root: Path, code: str) -> int:
    """Create a draft catalog for a new locale and register it in the site's configuration."""
    try:
        locale = canonical_locale(code)
    except ValueError as error:
        print(f"error: {error}")
        return 2
    name = str(locale)
    locales = _site_locales(root)
    if locales is None:
        return 2
    if name in locales:
        print(f"error: {name} is already a locale of the site ({locales[name]})")
        return 2
    if _extract(root) is None:
        return 2
    path = catalog_path(root / LOCALES, name)
    update_catalogs(root / LOCALES, [name])
    problem = set_locale_state(root / SITE_FILE, name, "draft")
    if problem:
        print(problem)
        return 2
    display = locale.get_display_name(locale) or name
    print(f"{path.relative_to(root).as_posix()}: created for {display} ({name}), "
          f"{len(locale.plural_form.tags) + 1} CLDR plural categories; "
          f"registered as a draft in {SITE_FILE}")
    print(f"Next: translate that file, check `python -m generator i18n stats`, then "
          f"`python -m generator i18n publish {name}`.")
    return 0


@dataclass(frozen=True)
class Stats:
    """How much of the template a locale's catalog translates."""

    locale: str
    state: str
    translated: int
    fuzzy: int
    untranslated: int

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    @property
    def complete(self) -> bool:
        return self.translated == self.total


def catalog_stats(root: Path, locales: dict[str, str]) -> tuple[list[Stats], list[str]]:
    """Each locale's counts against the template's messages; and the problems reading them."""
    problems: list[str] = []
    with (root / LOCALES / POT).open("rb") as stream:
        template = read_po(stream)
    keys = [(message.context, message.id if isinstance(message.id, str) else message.id[0])
            for message in template if message.id]
    stats = []
    for code, state in locales.items():
        path = catalog_path(root / LOCALES, code)
        translated = fuzzy = 0
        if path.is_file():
            try:
                with path.open("rb") as stream:
                    catalog = read_po(stream, abort_invalid=True)
            except PoFileError as error:
                problems.append(f"{path.relative_to(root).as_posix()}:{error.lineno + 1}:1: error: {error}")
                continue
            for context, msgid in keys:
                message = catalog.get(msgid, context=context)
                strings = message.string if message is not None else ""
                if message is None or not all(strings if isinstance(strings, tuple) else (strings,)):
                    continue
                if message.fuzzy:
                    fuzzy += 1
                else:
                    translated += 1
        stats.append(Stats(code, state, translated, fuzzy, len(keys) - translated - fuzzy))
    return stats, problems


def _template_ready(root: Path) -> bool:
    if (root / LOCALES / POT).is_file():
        return True
    print(f"{LOCALES}/{POT}: error: no template: run `python -m generator i18n extract` first")
    return False


def run_stats(root: Path, strict: bool, as_json: bool) -> int:
    """Print each locale's translation counts; with ``strict``, 1 when a published one is incomplete."""
    locales = _site_locales(root)
    if locales is None or not _template_ready(root):
        return 2
    stats, problems = catalog_stats(root, locales)
    for problem in problems:
        print(problem)
    if problems:
        return 2
    incomplete = [entry.locale for entry in stats if entry.state == "published" and not entry.complete]
    if as_json:
        print(json.dumps({"locales": [dict(asdict(entry), total=entry.total, percent=round(entry.percent, 1))
                                      for entry in stats], "incomplete_published": incomplete}, indent=2))
    else:
        print(f"{'locale':<8} {'state':<10} {'translated':>10} {'fuzzy':>6} {'untranslated':>12} {'percent':>8}")
        for entry in stats:
            print(f"{entry.locale:<8} {entry.state:<10} {entry.translated:>10} {entry.fuzzy:>6} "
                  f"{entry.untranslated:>12} {entry.percent:>7.1f}%")
    if strict and incomplete:
        if not as_json:
            print(f"incomplete published locales: {', '.join(incomplete)}")
        return 1
    return 0


def run_publish(root: Path, code: str) -> int:
    """Flip a complete draft locale to published; 1 while its catalog is incomplete."""
    try:
        name = str(canonical_locale(code))
    except ValueError as error:
        print(f"error: {error}")
        return 2
    locales = _site_locales(root)
    if locales is None or not _template_ready(root):
        return 2
    if name not in locales:
        print(f"error: {name} is not a locale of the site: run `python -m generator i18n add {name}` first")
        return 2
    stats, problems = catalog_stats(root, {name: locales[name]})
    for problem in problems:
        print(problem)
    if problems:
        return 2
    entry = stats[0]
    if not entry.complete:
        print(f"{catalog_path(Path(LOCALES), name).as_posix()}: not published: {entry.untranslated} untranslated "
              f"and {entry.fuzzy} fuzzy of {entry.total} messages ({entry.percent:.1f}%); "
              f"`python -m generator build --strict` lists them")
        return 1
    problem = set_locale_state(root / SITE_FILE, name, "published")
    if problem:
        print(problem)
        return 2
    print(f"{name}: published ({entry.total} messages); it is now in the language chooser and the sitemap")
    return 0


def set_locale_state(path: Path, locale: str, state: str) -> str | None:
    """Set ``locales: {LOCALE: STATE}`` in the site's configuration by editing its text in place
    (comments and layout kept); a message when the file cannot be edited."""
    display = SITE_FILE
    try:
        document = load(path, display)
    except (OSError, SourceError) as error:
        return f"{display}:1:1: error: cannot edit the site's configuration: {error}"
    root = document.root
    locales = root.get("locales") if isinstance(root, Map) else None
    if not isinstance(locales, Map):
        return f"{display}:1:1: error: no `locales:` mapping to register {locale} in"
    text = document.text
    existing = locales.get(locale)
    if isinstance(existing, Scalar):
        text = text[:existing.pos.start] + state + text[existing.pos.end:]
    elif locales.flow:
        closing = locales.pos.end - 1
        separator = ", " if locales.entries else ""
        text = text[:closing].rstrip() + f"{separator}{locale}: {state}" + text[closing:]
    elif locales.entries:
        last_key, last_value = locales.entries[-1]
        line_end = text.find("\n", last_value.pos.end)
        line_end = len(text) if line_end < 0 else line_end
        indent = " " * (last_key.pos.column - 1)
        text = text[:line_end] + f"\n{indent}{locale}: {state}" + text[line_end:]
    else:
        return f"{display}:{locales.pos.line}:{locales.pos.column}: error: `locales:` is empty: write `{locale}: {state}`"
    path.write_text(("\ufeff" if document.bom else "") + text, encoding="utf-8")
    return None
