"""The record of the last build into an output folder: what it read and reported, and each file it
wrote with its key, digest, warnings and stamp. A build reuses a file of the previous site only when
the record says it was rendered under the same key and the file is still as written; a build whose
inputs are all as recorded, into an intact site, does nothing but report the same again.

The record is JSON, read through the one guarded reader and checked field by field: anything else
(damaged, of another format, of the wrong types) is no record, and the build says so and renders
everything.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .files import FileError, make_folder, read_input, write_file
from .keys import digest
from .problems import Problem

FORMAT = 4

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
    return cache / "builds" / f"{digest(str(out.absolute()))[:24]}.json"


class Damaged(ValueError):
    """A record that is there but cannot be used."""


def load(cache: Path, out: Path) -> BuildRecord | None:
    """The record of the last build into ``out``; None when there is none, ``Damaged`` when it
    cannot be used (unreadable, not JSON, another format, a field of the wrong type)."""
    path = record_path(cache, out)
    if not os.path.lexists(path):
        return None
    try:
        data = json.loads(read_input(path, str(path), limit=256 * 1024 * 1024))
        return _record(data)
    except (FileError, ValueError, TypeError, KeyError, IndexError) as error:
        raise Damaged(str(error)) from None


def _record(data: object) -> BuildRecord:
    item = _object(data)
    if item.get("format") != FORMAT:
        raise Damaged("another format")
    inputs = _object(item["inputs"])
    files = _object(item["files"])
    return BuildRecord(
        _str(item["code"]),
        {_str(name): _str(value) for name, value in inputs.items()},
        _int(item["pages"]),
        _int(item["examples"]),
        _int(item["locales"]),
        [_problem(p) for p in _list(item["warnings"])],
        {_str(name): _file(value) for name, value in files.items()},
    )


def _file(data: object) -> FileRecord:
    key, sha, warnings, stamp = _list(data)
    size, time = _list(stamp)
    return FileRecord(_str(key), _str(sha), tuple(_warning(w) for w in _list(warnings)), (_int(size), _int(time)))


def _warning(data: object) -> Warning_:
    context, msgid, problem = _list(data)
    return (None if context is None else _str(context), _str(msgid), _problem(problem))


def _problem(data: object) -> Problem:
    path, line, column, message, severity, kind = _list(data)
    if severity not in ("error", "warning"):
        raise Damaged("expected error or warning")
    return Problem(_str(path), _int(line), _int(column), _str(message), severity, _str(kind))


def _object(data: object) -> dict[str, object]:
    if not isinstance(data, dict):
        raise Damaged("expected an object")
    return data


def _list(data: object) -> list[object]:
    if not isinstance(data, list):
        raise Damaged("expected a list")
    return data


def _str(data: object) -> str:
    if not isinstance(data, str):
        raise Damaged("expected a string")
    return data


def _int(data: object) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise Damaged("expected an integer")
    return data


def save(cache: Path, out: Path, record: BuildRecord) -> None:
    """Keep the record of the build just swapped in (a read-only project only loses the reuse)."""

    def fields(problem: Problem) -> list[str | int]:
        return [problem.path, problem.line, problem.column, problem.message, problem.severity, problem.kind]

    files = {
        name: [r.key, r.digest, [[c, m, fields(p)] for c, m, p in r.warnings], list(r.stamp)]
        for name, r in sorted(record.files.items())
    }
    data = {
        "format": FORMAT,
        "code": record.code,
        "inputs": dict(sorted(record.inputs.items())),
        "pages": record.pages,
        "examples": record.examples,
        "locales": record.locales,
        "warnings": [fields(p) for p in record.warnings],
        "files": files,
    }
    path = record_path(cache, out)
    try:
        make_folder(path.parent)
        write_file(path, json.dumps(data, ensure_ascii=False).encode("utf-8"), durable=False)
        _prune(path.parent)
    except (OSError, FileError):
        pass


KEPT = 16
"""The records kept: those of the folders built into last (a build into another folder, whose record
was let go, renders every file, as a first build there does)."""


def _prune(folder: Path) -> None:
    """Remove all but the :data:`KEPT` records written last (a record per folder ever built into
    would pile up: each ``--out``, each ``serve``'s temporary folder)."""
    found = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
    for path in found[KEPT:]:
        path.unlink(missing_ok=True)


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
