"""How the user ran this program, so that a hint names a command they can type as printed
(``python -m generator`` outside the project's virtual environment is a traceback: no Babel)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SCRIPT = "belote-docs"
"""The program's name when it is installed (``[project.scripts]``)."""


def command(arguments: str) -> str:
    """``arguments`` after the program as the user invoked it: ``belote-docs i18n update`` when it
    runs as that script, else ``.venv/bin/python -m generator i18n update`` (this Python, as the
    user can type it from where they are)."""
    return f"{program()} {arguments}"


def program() -> str:
    """The program as the user can type it: the ``belote-docs`` script they ran, or this Python
    with ``-m generator``."""
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == SCRIPT:
        return _typed(script)
    return f"{_typed(Path(sys.executable))} -m generator"


def _typed(path: Path) -> str:
    """A program's path as it can be typed: its bare name when that is what the PATH finds, else
    relative to the working folder when it is inside it (``.venv/bin/python``), else absolute."""
    found = shutil.which(path.name)
    absolute = os.path.abspath(path)
    if found is not None and os.path.abspath(found) == absolute:
        return path.name
    relative = os.path.relpath(absolute)
    if relative.startswith(os.pardir):
        return absolute
    return relative if os.sep in relative else os.path.join(os.curdir, relative)
