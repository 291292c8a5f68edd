"""What a build read: every input file by its path in the project, with the digest of the bytes read.

The loader notes each file as it reads it (and each folder whose listing it used), so the map is
of the bytes the site was rendered from, taken once. The next build asks :func:`changed` whether
any of them differs now: when none does, it has nothing to do.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from .files import FileError, file_digest

LISTING = "/"
"""The suffix of a folder's entry: its value is the digest of the names it lists."""


def listing(folder: Path) -> list[Path]:
    """Every file under ``folder``, sorted, hidden ones (editors' swap and lock files) left out;
    folders that are symbolic links are followed, each once."""
    found: list[Path] = []
    seen: set[tuple[int, int]] = set()
    for top, folders, names in os.walk(folder, followlinks=True):
        try:
            status: os.stat_result | None = os.stat(top)
        except OSError:  # removed meanwhile: the stage that reads it reports it
            status = None
        if status is None or (status.st_dev, status.st_ino) in seen:  # gone, or a loop of links
            folders[:] = []
            continue
        seen.add((status.st_dev, status.st_ino))
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name != "__pycache__")
        # anything but a folder: a named pipe or a device put there is then refused by its reader
        found += [path for name in names if not name.startswith(".") and not (path := Path(top) / name).is_dir()]
    return sorted(found)


def _names_digest(root: Path, found: list[Path]) -> str:
    """The digest of a listing: the files' paths in the project, in order."""
    names = "\n".join(path.relative_to(root).as_posix() for path in found)
    return hashlib.sha256(names.encode("utf-8")).hexdigest()


@dataclass
class Inputs:
    """The files (and folder listings) a build read, each with its digest."""

    root: Path
    digests: dict[str, str] = field(default_factory=dict)

    def note(self, name: str, data: bytes) -> str:
        """Note the bytes read of the file ``name`` (relative to the project); their digest."""
        digest = hashlib.sha256(data).hexdigest()
        self.digests[name] = digest
        return digest

    def files(self, folder: str) -> list[Path]:
        """The files under ``folder`` of the project (see :func:`listing`), its listing noted."""
        found = listing(self.root / folder)
        self.digests[folder.rstrip("/") + LISTING] = _names_digest(self.root, found)
        return found


def changed(root: Path, digests: dict[str, str]) -> bool:
    """Whether any file or listing of ``digests`` (an :class:`Inputs` map) differs now."""
    try:
        for name, digest in digests.items():
            if name.endswith(LISTING):
                if _names_digest(root, listing(root / name[: -len(LISTING)])) != digest:
                    return True
            elif file_digest(root / name).hex() != digest:
                return True
    except (OSError, FileError):
        return True
    return False
