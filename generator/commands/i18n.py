"""The ``i18n`` commands: extract, update, add a language, stats, publish.

A translator's path: ``add LOCALE`` (a draft catalog, registered in the site's configuration)
→ translate the ``.po`` in any gettext tool → ``stats`` → ``build`` (a draft is built and
marked as such) → ``publish LOCALE`` once the catalog is complete.
A catalog that cannot be read is reported at FILE:LINE and nothing is written over it.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import asdict
from pathlib import Path

from babel import Locale

from ..files import FileError, ensure_inside, read_input
from ..i18n.catalogs import LOCALES, TEMPLATE, catalog_path, read_catalog
from ..i18n.merge import write_together
from ..i18n.pofile import header_lines_of
from ..i18n.stats import catalog_stats
from ..invocation import command
from ..locales import canonical_locale
from ..messages import Extraction, extract, merged, template_exists, update
from ..problems import Problem
from ..project import SITE_FILE, read_site
from ..reader.pages import Site
from ..site_file import locale_state_edit, set_locale_state
from . import failed, invalid, report


def run(arguments: argparse.Namespace) -> int:
    """Dispatch ``i18n ACTION``."""
    if arguments.action == "add":
        return run_add(arguments.project, arguments.locale)
    if arguments.action == "publish":
        return run_publish(arguments.project, arguments.locale)
    if arguments.action == "stats":
        return run_stats(arguments.project, arguments.strict, arguments.json)
    if arguments.action == "extract":
        return run_extract(arguments.project)
    return run_update(arguments.project)


def _site(root: Path) -> Site | None:
    """The site's configuration (only that file is read), or None after printing why it cannot be read."""
    problems: list[Problem] = []
    site = read_site(root, problems)
    if site is None or problems:
        invalid(problems, "nothing written")
        return None
    return site


def _extract(root: Path, site: Site, write: bool = True) -> Extraction | None:
    """Write the template from the content (without ``write``, only make it); None (problems
    printed) when the content is invalid or the template cannot be written."""
    problems: list[Problem] = []
    try:
        extraction = extract(root, site, problems, write)
    except FileError as error:
        failed(error, "nothing written")
        return None
    if problems or extraction.mismatches:
        for mismatch in extraction.mismatches:
            report(mismatch)
        invalid(problems, "the content must build before its messages are extracted; nothing written")
        return None
    if write:
        _extracted(extraction)
    return extraction


def _extracted(extraction: Extraction) -> None:
    print(f"{LOCALES}/{TEMPLATE}: {extraction.messages} messages{'' if extraction.changed else ', unchanged'}")


def run_extract(root: Path) -> int:
    """Write ``locales/messages.pot`` from the content, templates and terms; 2 on invalid content."""
    site = _site(root)
    return 0 if site is not None and _extract(root, site) is not None else 2


def _template_ready(root: Path) -> bool:
    if template_exists(root):
        return True
    print(f"{LOCALES}/{TEMPLATE}: error: no template: run `{command('i18n extract')}` first")
    return False


def run_update(root: Path) -> int:
    """Merge the template into the catalog of every locale of the site."""
    site = _site(root)
    if site is None or not _template_ready(root):
        return 2
    codes = list(site.locales)
    problems: list[Problem] = []
    try:
        changed = update(root, codes, problems)
    except FileError as error:
        return failed(error, "no catalog updated")
    if problems:
        return invalid(problems, "no catalog updated")
    print(f"{len(codes)} catalog{'s' * (len(codes) != 1)}; updated: {', '.join(changed) or 'none'}")
    return 0


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
    configuration, problem = locale_state_edit(root / SITE_FILE, name, "draft")
    if configuration is None:
        report(problem)
        return 2
    try:  # a locale folder linked out of the project is refused, as every read through it is
        ensure_inside(root / LOCALES / name, f"{LOCALES}/{name}")
    except FileError as error:
        return failed(error, "nothing written")
    # The template, the new catalog and the site's configuration are written together, or none.
    extraction = _extract(root, site, write=False)
    if extraction is None or extraction.template is None:
        return 2
    problems: list[Problem] = []
    path = catalog_path(root / LOCALES, name)
    existing = os.path.lexists(path)  # made by msginit, Weblate or Poedit: merged into, not replaced
    try:
        files = merged(root, [name], problems, extraction.template)
        if problems:
            return invalid(problems, "nothing written")
        plural = header_lines_of(files.get(path) or read_input(path, path.name)).get("plural-forms", (0, ""))[1]
        if extraction.changed:
            files[root / LOCALES / TEMPLATE] = extraction.template
        files[root / SITE_FILE] = configuration
        write_together(files, {path: path.relative_to(root).as_posix() for path in files})
    except FileError as error:
        return failed(error, "nothing written")
    _extracted(extraction)
    print(f"1 catalog; updated: {name}")
    locale = Locale.parse(name)
    display = catalog_path(Path(LOCALES), name).as_posix()
    if existing:
        print(
            f"{display}: the catalog there is kept for {locale.get_display_name(locale)} ({name}), with its own "
            f"plural forms ({plural}), which every command follows; registered as a draft in {SITE_FILE}"
        )
    else:
        print(
            f"{display}: created for {locale.get_display_name(locale)} ({name}), "
            f"{len(locale.plural_form.tags) + 1} CLDR plural categories; registered as a draft in {SITE_FILE}"
        )
    print(f"Next: translate that file, check `{command('i18n stats')}`, then `{command(f'i18n publish {name}')}`.")
    return 0


def run_stats(root: Path, strict: bool, as_json: bool) -> int:
    """Print each locale's translation counts; with ``strict``, 1 when a published one is incomplete."""
    site = _site(root)
    if site is None or not _template_ready(root):
        return 2
    problems: list[Problem] = []
    stats = catalog_stats(root, site.locales, problems)
    if problems:
        return invalid(problems, "no statistics")
    incomplete = [entry.locale for entry in stats if entry.state == "published" and not entry.complete]
    if as_json:
        locales = [  # english (the lines publish lists) as their number, worded left out
            {name: value for name, value in asdict(entry).items() if name not in ("english", "worded")}
            | {"total": entry.total, "percent": round(entry.percent, 1), "english": len(entry.english)}
            for entry in stats
        ]
        print(json.dumps({"locales": locales, "incomplete_published": incomplete}, indent=2))
    else:
        print(
            f"{'locale':<8} {'state':<10} {'translated':>10} {'fuzzy':>6} {'untranslated':>12} {'percent':>8} "
            f"{'lost':>5} {'words':>6} {'words left':>10}"
        )
        for entry in stats:
            print(
                f"{entry.locale:<8} {entry.state:<10} {entry.translated:>10} {entry.fuzzy:>6} "
                f"{entry.untranslated:>12} {entry.percent:>7.1f}% {entry.lost:>5} {entry.words:>6} "
                f"{entry.words_left:>10}"
            )
    if strict and incomplete:
        if not as_json:
            print(f"incomplete published locales: {', '.join(incomplete)}")
        return 1
    return 0


SHOWN = 10
"""Lines of translations that are their English ``publish`` lists before refusing."""


def run_publish(root: Path, code: str) -> int:
    """Flip a complete draft locale to published; 1 (listing what is missing) while it is not, 2
    when its catalog is one the build refuses."""
    found = _locale_and_site(root, code)
    if found is None or not _template_ready(root):
        return 2
    name, site = found
    if name not in site.locales:
        print(f"error: {name} is not a locale of the site: run `{command(f'i18n add {name}')}` first")
        return 2
    problems: list[Problem] = []
    stats = catalog_stats(root, {name: site.locales[name]}, problems)
    if not problems:  # the checks every build makes of the catalog (placeholders, plural forms)
        display = catalog_path(Path(LOCALES), name).as_posix()
        read_catalog(root / display, display, name, problems)
    if problems:
        return invalid(problems, "not published")
    entry = stats[0]
    if not entry.complete:
        for line in entry.missing:
            print(line)
        print(
            f"{name}: not published: {entry.untranslated} untranslated and {entry.fuzzy} fuzzy of "
            f"{entry.total} messages ({entry.percent:.1f}%), listed above"
        )
        return 1
    if entry.english_copy:
        for line in entry.english[:SHOWN]:
            print(line)
        more = f" (the first {SHOWN} listed above)" if len(entry.english) > SHOWN else " (listed above)"
        print(
            f"{name}: not published: {len(entry.english)} of its {entry.worded} messages with words are translated "
            f'by their English itself{more}, as a copy of the source makes (msgen, a tool\'s "copy source"): '
            "translate them, or leave them untranslated so that the pages say they are in English"
        )
        return 1
    problem = set_locale_state(root / SITE_FILE, name, "published")
    if problem:
        report(problem)
        return 2
    print(f"{name}: published ({entry.total} messages); it is now in the language chooser and the sitemap")
    return 0
