"""The project's messages: the template extracted from the content, templates and terms, and
merged into the catalogs. Used by ``i18n extract``/``update``/``add`` and by ``regenerate``."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .files import read_input
from .i18n.catalogs import LOCALES, TEMPLATE, catalog_path, translated_records
from .i18n.entries import Entries
from .i18n.merge import differs, merged_catalogs, write_if_changed, write_together
from .i18n.pofile import po_bytes
from .problems import Problem
from .reader.pages import Site
from .verify import Mismatch


@dataclass(frozen=True)
class Extraction:
    """What :func:`extract` did: the template's message count and whether it changed, or the
    examples that do not hold (then nothing is written)."""

    mismatches: list[Mismatch] = field(default_factory=list)
    messages: int = 0
    changed: bool = False
    template: bytes | None = None
    """The template's bytes (None when the content does not build)."""


def extract(root: Path, site: Site, problems: list[Problem], write: bool = True) -> Extraction:
    """Write ``locales/messages.pot`` from the content: pages read, examples solved, templates
    compiled (no catalog read); without ``write``, only say what it would write. The content must
    build first: on problems (added to ``problems``) or examples that do not hold, nothing is
    written. ``FileError`` when a template cannot be read or the template cannot be written (then
    it is as it was)."""
    from .i18n.extract import template_catalog  # the content's and templates' machinery: not an update's
    from .project import compile_templates, read_pages

    files = read_pages(root, site, problems)
    mismatches = [mismatch for read in files for mismatch in read.mismatches]
    compile_templates(root, problems)
    if problems or mismatches:
        return Extraction(mismatches)
    pages = [read.page for read in files if read.page is not None]
    views = {id_: view for read in files for id_, view in read.views.items()}
    catalog = template_catalog(root, pages, site.name, views, site.base_url)
    data, path = po_bytes(catalog), root / LOCALES / TEMPLATE
    changed = write_if_changed(path, data) if write else differs(path, data)
    return Extraction([], len(catalog), changed, data)


def template_exists(root: Path) -> bool:
    """True when ``locales/messages.pot`` has been extracted (or is there but cannot be read,
    which its reader then reports)."""
    return os.path.lexists(root / LOCALES / TEMPLATE)


def update(root: Path, codes: list[str], problems: list[Problem]) -> list[str]:
    """Merge the template into each locale's catalog; the locales whose catalog changed (none
    written when one cannot be read; all or none written, else ``FileError``)."""
    files = merged(root, codes, problems)
    if problems:
        return []
    write_together(files, {path: path.relative_to(root).as_posix() for path in files})
    return [code for code in codes if catalog_path(root / LOCALES, code) in files]


def merged(root: Path, codes: list[str], problems: list[Problem], template: bytes | None = None) -> dict[Path, bytes]:
    """The catalogs ``template`` (by default ``locales/messages.pot``) would change, as the bytes to
    write (see :func:`update`), with their records of translated messages; written by the caller."""
    read: dict[Path, Entries] = {}
    changed = merged_catalogs(root / LOCALES, codes, problems, template, read)
    if problems:
        return {}
    if template is None:
        template = read_input(root / LOCALES / TEMPLATE, f"{LOCALES}/{TEMPLATE}")
    return changed | translated_records(root / LOCALES, codes, changed, template, read)
