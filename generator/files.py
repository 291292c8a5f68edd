"""Writing files: every file a command writes (content, catalogs, the template, reports) goes
through :func:`write_atomically`, so an interrupted run never leaves half a file."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: str | bytes) -> None:
    """Replace the file's content atomically (text is written as UTF-8, line endings as given),
    through a symbolic link and keeping the file's permissions; a new file gets the default ones."""
    target = path.resolve()
    if target.exists():
        mode = stat.S_IMODE(target.stat().st_mode)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
