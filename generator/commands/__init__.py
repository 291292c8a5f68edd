"""The command line's commands, one module each (check, build, serve, regenerate, i18n, export, schema).

Each is a thin layer over the library: it takes the parsed arguments, calls the library, prints
what happened and returns the exit code. No library module imports one.
"""

from __future__ import annotations

import os

from ..files import FileError
from ..problems import Problem, count


def failed(error: FileError, what: str) -> int:
    """A file that could not be read or written, as the one error of the run; exit code 2."""
    return invalid([Problem(error.display, 0, 0, error.message)], what)


def invalid(problems: list[Problem], what: str) -> int:
    """Every problem of the run, sorted, then their count and ``what`` (was not done); exit code 2."""
    for problem in sorted(problems):
        report(problem)
    print(f"{count(len(problems), 'error')}; {what}")
    return 2


def report(item: object) -> None:
    """Print a line of a command's output; a problem or an example that does not hold is also, when
    run by GitHub Actions, a workflow command that makes it an annotation at its file and line."""
    print(item)
    if os.environ.get("GITHUB_ACTIONS") == "true" and (command := annotation(item)) is not None:
        print(command)


def annotation(item: object) -> str | None:
    """``::error file=F,line=L,col=C::message`` (or ``::warning``) for a problem or a mismatch, as
    GitHub's workflow commands write them (values escaped); None for any other line."""
    from ..verify import Mismatch  # the engine, imported only on GitHub: a no-op build need not

    if isinstance(item, Problem) and item.path:
        place = {"file": item.path} | ({"line": str(item.line), "col": str(item.column)} if item.line else {})
        return _command("error" if item.severity == "error" else "warning", place, item.message)
    if isinstance(item, Mismatch):
        place = {"file": item.example.path, "line": str(item.line)}
        return _command("error", place, str(item).split(": ", 1)[1])
    return None


def _command(kind: str, place: dict[str, str], message: str) -> str:
    properties = ",".join(f"{key}={_escape(value, property_=True)}" for key, value in place.items())
    return f"::{kind} {properties}::{_escape(message)}"


def _escape(text: str, property_: bool = False) -> str:
    """A value as GitHub's workflow commands read it: ``%``, CR and LF escaped, and in a property ``:`` and ``,``."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_ else text
