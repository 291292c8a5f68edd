"""How much of the template each locale's catalog translates (``i18n stats`` and ``publish``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problem
from .catalogs import LOCALES, catalog_path, parse_po
from .extract import POT


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
    template = parse_po((root / LOCALES / POT).read_bytes(), f"{LOCALES}/{POT}", problems)
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
        catalog = parse_po(path.read_bytes(), display, problems) if path.is_file() else None
        if path.is_file() and catalog is None:
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
