"""Registering a locale in the site's configuration (``i18n add`` and ``publish``), edited in place."""

from __future__ import annotations

from pathlib import Path

from .files import FileError, write_file
from .project import SITE_FILE
from .reader.edit import apply, insert, replace
from .reader.source import Map, Scalar, SourceError, load, parse


def set_locale_state(path: Path, locale: str, state: str) -> str | None:
    """Set ``locales: {LOCALE: STATE}`` in the site's configuration by editing its text in place
    (comments, layout and line endings kept), checking that the result reads back as intended;
    a message, and the file untouched, when it cannot."""
    data, problem = locale_state_edit(path, locale, state)
    if data is None:
        return problem
    try:
        write_file(path, data, SITE_FILE)
    except FileError as error:
        return str(error)
    return None


def locale_state_edit(path: Path, locale: str, state: str) -> tuple[bytes | None, str | None]:
    """The site's configuration with ``locales: {LOCALE: STATE}`` set (see :func:`set_locale_state`),
    as the bytes to write; or None and why it cannot be."""
    display = SITE_FILE
    try:
        document = load(path, display)
    except FileError as error:
        return None, f"{display}: error: cannot edit the site's configuration: {error.message}"
    except SourceError as error:
        return None, f"{display}:1:1: error: cannot edit the site's configuration: {error}"
    root = document.root
    locales = root.get("locales") if isinstance(root, Map) else None
    if not isinstance(locales, Map):
        return None, f"{display}:1:1: error: no `locales:` mapping to register {locale} in"
    where, entry = f"{display}:{locales.pos.line}:{locales.pos.column}", f"{locale}: {state}"
    existing = locales.get(locale)
    if isinstance(existing, Scalar):
        edit = replace(document.text, next(key for key, value in locales.entries if value is existing), existing, state)
    elif locales.entries or locales.flow:
        edit = insert(document.text, locales, [entry], [entry])
    else:
        return None, f"{where}: error: `locales:` is empty: write `{entry}`"
    text = apply(document.text, [edit])
    if not _reads_back(text, locale, state, len(locales.entries) + (existing is None)):
        return None, f"{where}: error: could not add `{entry}` to `locales:` safely: write it there by hand"
    return ("\ufeff" * document.bom + text).encode("utf-8"), None


def _reads_back(text: str, locale: str, state: str, count: int) -> bool:
    """True when the edited configuration parses and says ``LOCALE: STATE`` among ``count`` locales."""
    try:
        edited = parse(text)
    except SourceError:
        return False
    locales = edited.get("locales") if isinstance(edited, Map) else None
    if not isinstance(locales, Map) or len(locales.entries) != count:
        return False
    value = locales.get(locale)
    return isinstance(value, Scalar) and value.value == state
