"""Problems found in the input, each pointing at FILE:LINE:COL so that an editor can jump to it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input file; line and column count from 1."""

    path: str
    line: int
    column: int
    message: str
    severity: str = "error"
    """``error`` (the run fails) or ``warning`` (reported; an error under ``--strict``)."""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}"


def count(number: int, noun: str) -> str:
    """``1 file``, ``2 files``: a count with its noun (the command line speaks English)."""
    return f"{number} {noun}{'s' * (number != 1)}"
