"""Problems found in the input, each pointing at FILE:LINE:COL so that an editor can jump to it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input file; line and column count from 1 (0: the whole file, such as
    a file that cannot be read, shown as ``FILE: error: ...``)."""

    path: str
    line: int
    column: int
    message: str
    severity: Literal["error", "warning"] = "error"
    """``error`` (the run fails) or ``warning`` (reported; an error under ``--strict``)."""
    kind: str = field(default="", compare=False)
    """What a warning is, where it matters: a message shown in English is ``new`` (waiting for its
    translation: not blocking) or ``lost`` (a translation gone, which its message says too); see
    :mod:`generator.i18n.catalogs`. Not compared: the same problem made an error is the same problem."""

    def __str__(self) -> str:
        if self.line == 0:
            return f"{self.path}: {self.severity}: {self.message}"
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}"


def count(number: int, noun: str) -> str:
    """``1 file``, ``2 files``: a count with its noun (the command line speaks English)."""
    return f"{number} {noun}{'s' * (number != 1)}"


INVISIBLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
"""Characters that print as nothing and that ``repr`` keeps as they are (the variation selectors
an emoji keyboard adds after ♥, the Hangul fillers): a message quoting one would show a valid value."""


def name_invisible(message: str) -> str:
    """``message`` with each invisible character it quotes written ``<U+FE0F>``, and what to do."""
    found = sorted(set(INVISIBLE.findall(message)))
    if not found:
        return message
    shown = INVISIBLE.sub(lambda match: f"<U+{ord(match.group()):04X}>", message)
    names = ", ".join(f"U+{ord(character):04X}" for character in found)
    return (
        f"{shown}: {names} {'is an invisible character' if len(found) == 1 else 'are invisible characters'}, delete it"
    )
