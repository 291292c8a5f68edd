"""How much of the template each locale's catalog translates (``i18n stats`` and ``publish``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog as PoCatalog

from ..files import FileError, read_input
from ..problems import Problem
from .catalogs import LOCALES, catalog_path, message_digest, read_translated
from .extract import POT
from .pofile import parse_po


@dataclass(frozen=True)
class Stats:
    """How much of the template a locale's catalog translates; ``missing``: FILE:LINE and text of
    each message still untranslated or fuzzy; ``lost``: how many of the untranslated had a
    translation at the last ``i18n update`` (see :mod:`.catalogs`: the others are new)."""

    locale: str
    state: str
    translated: int
    fuzzy: int
    untranslated: int
    missing: tuple[str, ...]
    lost: int = 0

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
        translated = fuzzy = lost = 0
        missing = []
        recorded = read_translated(path)
        for context, msgid in keys:
            message = catalog.get(msgid, context=context) if catalog is not None else None
            strings = message.string if message is not None else ""
            done = message is not None and all(strings if isinstance(strings, tuple) else (strings,))
            if done and not message.fuzzy:  # type: ignore[union-attr]
                translated += 1
                continue
            fuzzy += done
            gone = not done and (recorded is None or message_digest(context, msgid) in recorded)
            lost += gone
            where = f"{display}:{message.lineno}" if message is not None and message.lineno else display
            state_of = "fuzzy" if done else "untranslated (lost)" if gone else "untranslated"
            missing.append(f"{where}: {state_of}: {msgid[:60]!r}")
        stats.append(Stats(code, state, translated, fuzzy, len(keys) - translated - fuzzy, tuple(missing), lost))
    return stats


def _parse(path: Path, display: str, problems: list[Problem]) -> PoCatalog | None:
    """A catalog read (through the guarded reader) and parsed; None, with problems, when it cannot be."""
    try:
        return parse_po(read_input(path, display), display, problems)
    except FileError as error:
        problems.append(Problem(display, 0, 0, error.message))
        return None
