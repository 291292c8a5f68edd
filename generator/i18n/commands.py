"""The ``i18n`` commands: extract the messages, update the catalogs."""

from __future__ import annotations

from pathlib import Path

from ..build import LOCALES, load_project
from .extract import POT, template_catalog, update_catalogs, write_template


def run_extract(root: Path) -> int:
    """Write ``locales/messages.pot`` from the content, templates and terms; 2 on invalid content."""
    project = load_project(root, catalogs=False)
    if project.problems or project.mismatches or project.site is None:
        for problem in sorted(project.problems):
            print(problem)
        for mismatch in project.mismatches:
            print(mismatch)
        print("the content must build before its messages are extracted; nothing written")
        return 2
    catalog = template_catalog(root, project.pages, project.site.name, project.views)
    changed = write_template(root / LOCALES, catalog)
    print(f"{LOCALES}/{POT}: {len(catalog)} messages{'' if changed else ', unchanged'}")
    return 0


def run_update(root: Path) -> int:
    """Merge the template into the catalog of every locale of the site."""
    project = load_project(root, catalogs=False)
    if project.site is None:
        for problem in sorted(project.problems):
            print(problem)
        return 2
    if not (root / LOCALES / POT).is_file():
        print(f"{LOCALES}/{POT}: error: no template: run `python -m generator i18n extract` first")
        return 2
    changed = update_catalogs(root / LOCALES, list(project.site.locales))
    print(f"{len(project.site.locales)} catalogs; updated: {', '.join(changed) or 'none'}")
    return 0
