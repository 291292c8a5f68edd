"""The record of the last build into an output folder: what it read and reported, and each file it
wrote with its key, digest, warnings and stamp. A build reuses a file of the previous site only when
the record says it was rendered under the same key and the file is still as written; a build whose
inputs are all as recorded, into an intact site, does nothing but report the same again.

The record is kept as the build cache keeps a stage's work (:mod:`generator.cache`): labelled with
this code's version and digest-checked, so that anything else is no record and the build renders
everything.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from . import cache as cache_file
from .files import FileError, read_input
from .keys import code_version, digest
from .problems import Problem

MARKER = ".belote-docs-site"
"""An empty file in every built site: a build replaces a non-empty folder only if it has one."""

Warning_ = tuple[str | None, str, Problem]
"""A message shown in English: its context, its source text, and the warning it gives."""


@dataclass(frozen=True)
class FileRecord:
    """An output file as it was written: its key, digest, warnings, and size and time."""

    key: str
    digest: str
    warnings: tuple[Warning_, ...] = ()
    stamp: tuple[int, int] = (0, 0)


@dataclass
class BuildRecord:
    """What a build into a folder read (see :class:`generator.inputs.Inputs`) and reported."""

    code: str
    inputs: dict[str, str]
    pages: int
    examples: int
    locales: int
    warnings: list[Problem]
    files: dict[str, FileRecord] = field(default_factory=dict)


def record_path(cache: Path, out: Path) -> Path:
    """Where the record of the site built into ``out`` is kept."""
    return cache / "builds" / f"{digest(str(out.absolute()))[:24]}.record"


def load(cache: Path, out: Path) -> BuildRecord | None:
    """The record of the last build into ``out`` by this code; None when there is none or it cannot
    be used (as any file of the build cache: missing, damaged, of other code)."""
    record = cache_file.load(record_path(cache, out), "build", code_version())
    return record if isinstance(record, BuildRecord) else None


def save(cache: Path, out: Path, record: BuildRecord) -> None:
    """Keep the record of the build just swapped in (a read-only project only loses the reuse)."""
    path = record_path(cache, out)
    if cache_file.store(path, "build", code_version(), record):
        _prune(path.parent)


KEPT = 16
"""The records kept: those of the folders built into last (a build into another folder, whose record
was let go, renders every file, as a first build there does)."""


def _prune(folder: Path) -> None:
    """Remove all but the :data:`KEPT` records written last (a record per folder ever built into
    would pile up: each ``--out``, each ``serve``'s temporary folder)."""
    try:
        found = sorted(folder.glob("*.record"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
        for path in found[KEPT:]:
            path.unlink(missing_ok=True)
    except OSError:  # one removed meanwhile (another build), or a folder that refuses: pruned next time
        pass


def stamp(path: Path) -> tuple[int, int]:
    """A file's size and modification time (nanoseconds)."""
    status = path.stat()
    return status.st_size, status.st_mtime_ns


def intact(out: Path, files: dict[str, FileRecord]) -> bool:
    """Whether the site in ``out`` has exactly the recorded files, each with the size and time it
    was written with (a file put there, removed, edited or replaced by a link is a change)."""
    found: dict[str, tuple[int, int]] = {}
    try:
        _stamps(out, "", found)
    except OSError:
        return False
    return found == {name: record.stamp for name, record in files.items()}


def _stamps(folder: Path | str, prefix: str, found: dict[str, tuple[int, int]]) -> None:
    with os.scandir(folder) as entries:
        for entry in entries:
            name = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                _stamps(entry.path, name + "/", found)
            elif entry.is_file(follow_symlinks=False):
                if name != MARKER:
                    status = entry.stat(follow_symlinks=False)
                    found[name] = (status.st_size, status.st_mtime_ns)
            else:
                found[name] = (-1, -1)


def reusable(previous: Path, name: str, record: FileRecord | None, key: str) -> bool:
    """True when the previous site's file ``name`` may be reused: its record has this key and the
    file is intact (the size and time it was written with, or else the recorded digest)."""
    if record is None or record.key != key:
        return False
    path = previous / name
    try:
        status = path.lstat()
        if not stat.S_ISREG(status.st_mode):  # a link put there is not the file written
            return False
        if (status.st_size, status.st_mtime_ns) == record.stamp:
            return True
        return hashlib.sha256(read_input(path)).hexdigest() == record.digest
    except (OSError, FileError):
        return False
