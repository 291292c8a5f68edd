"""What a build may reuse from the site it replaces: each output file recorded with the key of
everything it was rendered from, its digest and the warnings rendering it gave; and the digest of
all the build read, with what it reported, so that a build of unchanged inputs into an intact
site does nothing but say so again.

The record lives in ``.cache/builds/`` (one per output folder). A file is reused only when its key
is the same, the previous site still has it and its bytes still have the recorded digest; a
damaged, stale or missing record means rendering again, never trusting it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .files import FileError, file_digest, read_input, write_file
from .problems import Problem

FORMAT = 2
_PACKAGE = Path(__file__).resolve().parent


def digest(*parts: bytes | str) -> str:
    """A SHA-256 of the parts, each length-prefixed so that no two lists of parts collide."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "big"))
        hasher.update(data)
    return hasher.hexdigest()


def folder_digest(
    folder: Path, suffixes: tuple[str, ...] | None = None, stamps: dict[str, tuple[int, int]] | None = None
) -> str:
    """A digest of every file under ``folder`` (names and bytes' digests), in a stable order;
    folders that are symbolic links are followed, as reading the files through them does. Into
    ``stamps``, each file's size and time, taken before it is read (see :func:`input_stamps`)."""
    parts: list[bytes | str] = []
    for path in files_under(folder):
        if suffixes is None or path.suffix in suffixes:
            try:
                if stamps is not None:
                    stamps[str(path)] = _input_stamp(path)
                parts += [path.relative_to(folder).as_posix(), file_digest(path)]
            except OSError:  # unreadable: keyed apart, and reported by the stage that reads it
                parts += [path.relative_to(folder).as_posix(), b"\0unreadable"]
    return digest(*parts)


def files_under(folder: Path) -> list[Path]:
    """Every file under ``folder`` (``__pycache__`` aside), sorted; linked folders are followed,
    each folder once (a link back up is not a loop)."""
    found: list[Path] = []
    seen: set[tuple[int, int]] = set()
    for top, folders, names in os.walk(folder, followlinks=True):
        try:
            status = os.stat(top)
        except OSError:
            folders[:] = []
            continue
        if (status.st_dev, status.st_ino) in seen:
            folders[:] = []
            continue
        seen.add((status.st_dev, status.st_ino))
        folders[:] = [name for name in folders if name != "__pycache__"]
        found += [path for name in names if (path := Path(top) / name).is_file()]
    return sorted(found)


_LIBRARIES = ("jinja2", "markupsafe", "markdown_it", "babel", "yaml")
"""The libraries that parse and render: their versions can change what a build writes."""


def _installed() -> list[str]:
    """The name and version of every distribution installed beside the libraries (their
    ``*.dist-info`` folders, this package's included), found without importing anything."""
    import importlib.util

    folders = set()
    for name in _LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            folders.add(Path(spec.origin).parent.parent)
    return sorted(entry for folder in folders for entry in os.listdir(folder) if entry.endswith(".dist-info"))


@functools.cache
def code_version() -> str:
    """The generator's own code (every module, the rules engine included) and the versions of the
    installed distributions (this package's and the libraries'): a change in any of them renders
    everything again (every example is checked at every build anyway)."""
    return digest(*_installed(), folder_digest(_PACKAGE, (".py",)))


MARKER = ".belote-docs-site"
"""An empty file in every built site: a build replaces a non-empty folder only if it has one."""

Warning_ = tuple[str | None, str, Problem]
"""A message shown in English: its context, its source text, and the warning it gives."""


@dataclass
class Record:
    """An output file as it was last written: its key, digest and warnings."""

    key: str
    digest: str
    warnings: list[Warning_] = field(default_factory=list)
    stamp: tuple[int, int] = (0, 0)
    """The file's size and modification time when written: when the previous site's file still has
    them, it is linked without being read again."""


def inputs_digest(root: Path, folders: tuple[str, ...], version: str) -> tuple[str, dict[str, tuple[int, int]]]:
    """Everything a build's output and report follow from: the code's ``version`` and every file
    of the project's input ``folders``, by name and bytes; and each file's size and time, taken
    before it is read."""
    stamps: dict[str, tuple[int, int]] = {}
    return digest(version, *(folder_digest(root / folder, stamps=stamps) for folder in folders)), stamps


def input_stamps(root: Path, folders: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """The size and modification time of every input file: the same after a build has written the
    site as before it read its inputs, the inputs' digest is the digest of what it read."""
    return {str(path): _input_stamp(path) for folder in folders for path in files_under(root / folder)}


def _input_stamp(path: Path) -> tuple[int, int]:
    try:
        return stamp(path)
    except OSError:
        return (-1, -1)


@dataclass
class Outcome:
    """What the last build into a folder read (the digest of its inputs) and reported."""

    inputs: str
    pages: int
    examples: int
    locales: int
    warnings: list[Problem]


def record_path(cache: Path, out: Path) -> Path:
    """Where the record of the site built into ``out`` is kept."""
    return cache / "builds" / f"{digest(str(out.absolute()))[:24]}.json"


def load_records(cache: Path, out: Path) -> dict[str, Record]:
    """The record of the last build into ``out``; empty when missing, damaged or of another format."""
    try:
        data = json.loads(read_input(record_path(cache, out)))
        if data["format"] != FORMAT:
            return {}
        return {
            name: Record(
                key, sha, [(context, msgid, Problem(*problem)) for context, msgid, problem in warnings], tuple(stamp)
            )
            for name, (key, sha, warnings, stamp) in data["files"].items()
        }
    except (OSError, FileError, ValueError, KeyError, TypeError):
        return {}


def save_records(cache: Path, out: Path, records: dict[str, Record], outcome: Outcome) -> None:
    """Keep the record of the build just swapped in (a read-only project only loses the reuse)."""
    path = record_path(cache, out)
    files = {
        name: [
            record.key,
            record.digest,
            [[context, msgid, _fields(p)] for context, msgid, p in record.warnings],
            list(record.stamp),
        ]
        for name, record in sorted(records.items())
    }
    build = [outcome.inputs, outcome.pages, outcome.examples, outcome.locales, [_fields(p) for p in outcome.warnings]]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"format": FORMAT, "build": build, "files": files}, ensure_ascii=False)
        write_file(path, data.encode("utf-8"), durable=False)
    except (OSError, FileError):
        pass


def _fields(problem: Problem) -> list[str | int]:
    return [problem.path, problem.line, problem.column, problem.message, problem.severity]


def unchanged(cache: Path, out: Path, inputs: str) -> Outcome | None:
    """The outcome of the last build into ``out`` when it read the same ``inputs`` and the site is
    as it left it (the same files, each with the size and time it was written with, and no other);
    None otherwise, or when the record is missing or damaged."""
    try:
        data = json.loads(read_input(record_path(cache, out)))
        if data["format"] != FORMAT or data["build"][0] != inputs:
            return None
        kept, pages, examples, locales, warnings = data["build"]
        outcome = Outcome(kept, int(pages), int(examples), int(locales), [Problem(*fields) for fields in warnings])
        expected = {name: tuple(stamp) for name, (_, _, _, stamp) in data["files"].items()}
    except (OSError, FileError, ValueError, KeyError, TypeError, IndexError):
        return None
    found: dict[str, tuple[int, int]] = {}
    try:
        _stamps(out, "", found)
    except OSError:
        return None
    return outcome if found == expected else None


def _stamps(folder: Path | str, prefix: str, found: dict[str, tuple[int, int]]) -> None:
    """The size and modification time of every file under ``folder`` (its marker aside), by
    relative name; a symbolic link or anything but a file or folder counts as changed."""
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


def stamp(path: Path) -> tuple[int, int]:
    """A file's size and modification time (nanoseconds)."""
    status = path.stat()
    return status.st_size, status.st_mtime_ns


def reusable(previous: Path, name: str, record: Record | None, key: str) -> bool:
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
        return hashlib.sha256(path.read_bytes()).hexdigest() == record.digest
    except OSError:
        return False
