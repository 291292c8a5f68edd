"""How much of the template each locale's catalog translates (``i18n stats`` and ``publish``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..problems import Problem
from .catalogs import LOCALES, TEMPLATE, catalog_path, message_digest, message_key, read_po, read_translated

_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
_WORD = re.compile(r"\w+(?:['’-]\w+)*")
_LETTERS = re.compile(r"[^\W\d_]{3,}")


def words(text: str) -> int:
    """The words of a source message, as a translator counts them (placeholders and marks aside)."""
    return len(_WORD.findall(_PLACEHOLDER.sub(" ", text)))


def is_english_copy(msgid: str, translation: str, context: str | None) -> bool:
    """Whether a translation is its English source copied over (``msgen``, a tool's "copy source"):
    the same text, for a message that has words to translate (a card's corner letter, a number or a
    name such as "Belote" may rightly stay as it is, and such messages are few)."""
    return translation == msgid and context != "card corner" and bool(_LETTERS.search(_PLACEHOLDER.sub(" ", msgid)))


ENGLISH_SHARE = 0.25
"""``i18n publish`` refuses a catalog when more than this share of its messages that have words is
translated by the English itself (a complete catalog keeps a few: names, "Total", "Points")."""


@dataclass(frozen=True)
class Stats:
    """How much of the template a locale's catalog translates; ``missing``: FILE:LINE and text of
    each message still untranslated or fuzzy; ``lost``: how many of the untranslated had a
    translation at the last ``i18n update`` (see :mod:`.catalogs`: the others are new); ``words``
    and ``words_left``: the template's source words, and those of the messages not translated yet;
    ``english``: FILE:LINE and text of each translation that is its English copied over, of
    ``worded`` messages with words to translate."""

    locale: str
    state: str
    translated: int
    fuzzy: int
    untranslated: int
    missing: tuple[str, ...]
    lost: int = 0
    words: int = 0
    words_left: int = 0
    english: tuple[str, ...] = ()
    worded: int = 0

    @property
    def english_copy(self) -> bool:
        """Whether so many translations are their English that the catalog is an English copy (``msgen``)."""
        return len(self.english) > ENGLISH_SHARE * self.worded

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
    template = read_po(root / LOCALES / TEMPLATE, f"{LOCALES}/{TEMPLATE}", problems)
    if template is None:
        return []
    counted = {
        message_key(message): sum(words(text) for text in ([message.id] if isinstance(message.id, str) else message.id))
        for message in template
        if message.id
    }
    worded = sum(1 for context, msgid in counted if is_english_copy(msgid, msgid, context))
    all_words = sum(counted.values())
    stats = []
    for code, state in locales.items():
        display = catalog_path(Path(LOCALES), code).as_posix()
        path = root / display
        catalog = read_po(path, display, problems) if os.path.lexists(path) else None
        if os.path.lexists(path) and catalog is None:
            continue
        translated = fuzzy = lost = left = 0
        missing = []
        english = []
        recorded = read_translated(path)
        for (context, msgid), source_words in counted.items():  # in the template's order
            message = catalog.get(msgid, context=context) if catalog is not None else None
            strings = message.string if message is not None else ""
            done = message is not None and all(strings if isinstance(strings, tuple) else (strings,))
            if done and not message.fuzzy:  # type: ignore[union-attr]
                translated += 1
                first = strings[0] if isinstance(strings, tuple | list) else strings
                if is_english_copy(msgid, str(first), context):
                    english.append(f"{display}:{message.lineno}: the English itself: {msgid[:60]!r}")  # type: ignore[union-attr]
                continue
            left += source_words
            fuzzy += done
            gone = not done and (recorded is None or message_digest(context, msgid) in recorded)
            lost += gone
            where = f"{display}:{message.lineno}" if message is not None and message.lineno else display
            state_of = "fuzzy" if done else "untranslated (lost)" if gone else "untranslated"
            missing.append(f"{where}: {state_of}: {msgid[:60]!r}")
        found = Stats(code, state, translated, fuzzy, len(counted) - translated - fuzzy, tuple(missing), lost)
        stats.append(replace(found, words=all_words, words_left=left, english=tuple(english), worded=worded))
    return stats
