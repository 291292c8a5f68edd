"""The command line's commands, one module each (check, build, serve, regenerate, i18n).

Each is a thin layer over the library: it takes the parsed arguments, calls the library, prints
what happened and returns the exit code. No library module imports one.
"""

from __future__ import annotations

from ..files import FileError


def failed(error: FileError, what: str) -> int:
    """A file that could not be read or written, as the one error of the run; exit code 2."""
    print(error)
    print(f"1 error; {what}")
    return 2
