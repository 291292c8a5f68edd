"""What the build keeps of a stage's work, keyed by what the stage was handed.

A stage is a plain function of its arguments (bytes, text, tuples and dataclasses of them; the
one that parses a catalog reads its bytes again and refuses any but those of the digest it is
handed, so that the digest stands for them). :meth:`Keeper.kept` wraps one: the key is the
digest of the code's version, this Python's, the stage's kind and name and its arguments, so that
it is derived from what the stage reads and cannot go stale. A value is kept

- in memory, in a :class:`Session`: ``serve`` builds again on every save, and keeps there the last
  value of each stage's slot (a page file, a locale's catalog, the engine's draws), one a slot, so
  that its memory stays in proportion to the project;
- in the build cache's folder (``.cache/KIND/NAME``), for the stages whose work pays across
  processes (``disk=True``: the engine's draws, the compiled templates): a label line — what it
  holds, the format, the key and the SHA-256 of the rest — and the value pickled. A file is used
  only when it reads back through the one guarded reader with that label and digest: a damaged,
  truncated, foreign or older file is as if absent, and its bytes are never loaded.

The cache is the project's own, written by this code: like the code itself it is trusted (a pickle
runs code when loaded), so a ``.cache`` from elsewhere must never be copied in. The digest guards
against damage, not against someone who can write the project's files. A cache that cannot be
written (a read-only project, a full disk) only makes the next build slower.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .files import FileError, make_folder, read_input, write_file
from .keys import Fingerprints, code_version, digest

FOLDER = ".cache"
"""The build cache's folder, in the project's."""
FORMAT = 3
MISSING = object()

T = TypeVar("T")


def _label(kind: str, key: str, payload: bytes) -> bytes:
    return f"belote-docs {kind} {FORMAT} {key} {hashlib.sha256(payload).hexdigest()}\n".encode("ascii")


def store(path: Path, kind: str, key: str, value: object) -> bool:
    """Keep ``value``, pickled, in ``path`` under ``key``, through the one writer (a folder or file
    that a link leads out of the project is refused); False when it cannot be written."""
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        make_folder(path.parent)
        write_file(path, _label(kind, key, payload) + payload, durable=False)
    except (OSError, FileError):
        return False
    return True


def load(path: Path, kind: str, key: str) -> object:
    """The value kept in ``path`` under ``key``; ``MISSING`` when it is missing, unreadable, not a
    regular file, of another kind, format or key, damaged, or does not unpickle."""
    try:
        data = read_input(path)
    except FileError:
        return MISSING
    end = data.find(b"\n", 0, 256)
    if end < 0:
        return MISSING
    payload = data[end + 1 :]
    if data[:end] != _label(kind, key, payload)[:-1]:
        return MISSING
    try:
        return pickle.loads(payload)  # our own cache, its digest checked
    except Exception:  # noqa: BLE001 (as if absent)
        return MISSING


Session = dict[tuple[str, str], tuple[str, object]]
"""What a process that builds again (``serve``) keeps between its builds: the last value of each
stage's slot (its kind and name), with its key."""


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


class Keeper:
    """Where a build keeps its stages' work: its session's memory, and the cache folder (None:
    nowhere on disk, as in a project that is read only)."""

    def __init__(self, folder: Path | None, session: Session | None = None) -> None:
        self.folder = folder
        self.session = session
        self.unwritable = False
        """Whether a value could not be written to the folder (the build says so once)."""
        self.fingerprints = Fingerprints()
        """The build's fingerprints of arguments: one shared by every page's stage (the templates'
        ids) is taken once."""

    def kept(self, kind: str, name: str, make: Callable[..., T], *arguments: object, disk: bool = False) -> T:
        """``make(*arguments)``, or what it gave for the same arguments before: in this session,
        or (``disk``) in the cache folder; ``name`` is the slot it replaces there (a page's file, a
        template)."""
        key = self.key(kind, name, *arguments)
        value = self.get(kind, name, key, disk)
        if value is MISSING:
            value = make(*arguments)
            self.put(kind, name, key, value, disk)
        return value  # type: ignore[return-value]

    def key(self, kind: str, name: str, *arguments: object) -> str:
        """The key of a stage's work: the code's version, this Python's, the kind, the name and the
        fingerprint of each argument (bytes and text as they are)."""
        parts = [part if isinstance(part, bytes | str) else self.fingerprints.of(part) for part in arguments]
        return digest(code_version(), sys.version, kind, name, *parts)

    def get(self, kind: str, name: str, key: str, disk: bool = False) -> object:
        """The value kept under ``key`` in ``name``'s slot (``MISSING`` when there is none)."""
        if self.session is not None and (held := self.session.get((kind, name))) and held[0] == key:
            return held[1]
        if not disk or self.folder is None:
            return MISSING
        value = load(self._path(kind, name), kind, key)
        if value is not MISSING and self.session is not None:
            self.session[(kind, name)] = (key, value)
        return value

    def put(self, kind: str, name: str, key: str, value: object, disk: bool = False) -> None:
        """Keep ``value`` under ``key`` in ``name``'s slot (replacing what it held)."""
        if self.session is not None:
            self.session[(kind, name)] = (key, value)
        if disk and self.folder is not None and not store(self._path(kind, name), kind, key, value):
            self.unwritable = True

    def _path(self, kind: str, name: str) -> Path:
        assert self.folder is not None
        return self.folder / kind / _UNSAFE.sub("_", name)
