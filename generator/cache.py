"""The build cache's files (``.cache/``): each one a label line — what it holds, its format and the
SHA-256 of the rest — and the bytes it keeps. A file is used only when it reads back through the
one guarded reader with that label and that digest: a damaged, truncated, foreign or older file is
as if absent, and its bytes (a pickle) are never loaded.

The cache is the project's own, written by this code: like the code itself it is trusted (a pickle
runs code when loaded), so a ``.cache`` from elsewhere must never be copied in. The digest guards
against damage, not against someone who can write the project's files.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import pickle
from collections.abc import Callable
from operator import attrgetter
from pathlib import Path
from typing import Any

from .files import FileError, read_input, read_start, write_file

FOLDER = ".cache"
"""The build cache's folder, in the project's."""
FORMAT = 2


def _label(kind: str, key: str, payload: bytes) -> bytes:
    return f"belote-docs {kind} {FORMAT} {key} {hashlib.sha256(payload).hexdigest()}\n".encode("ascii")


def store(path: Path, kind: str, key: str, payload: bytes) -> None:
    """Keep ``payload`` in ``path`` under ``key``; a cache that cannot be written only makes the
    next build slower."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(path, _label(kind, key, payload) + payload, durable=False)
    except (OSError, FileError):
        pass


def has(path: Path, kind: str, key: str) -> bool:
    """Whether ``path`` says it keeps ``kind`` under ``key`` (its label only: :func:`load` checks the rest)."""
    start = f"belote-docs {kind} {FORMAT} {key} ".encode("ascii")
    try:
        return read_start(path, len(start)) == start
    except FileError:  # none, or not a regular file (a named pipe is not waited on)
        return False


def load(path: Path, kind: str, key: str | None = None) -> tuple[str, bytes] | None:
    """The key and bytes kept in ``path`` (with ``key``, only if kept under it); None when it is
    missing, unreadable, not a regular file, of another kind or format, or damaged."""
    try:
        data = read_input(path)
    except FileError:
        return None
    end = data.find(b"\n", 0, 256)
    if end < 0:
        return None
    fields = data[:end].split(b" ")
    if len(fields) != 5 or fields[:3] != [b"belote-docs", kind.encode("ascii"), str(FORMAT).encode("ascii")]:
        return None
    found, digest = fields[3].decode("ascii", "replace"), fields[4]
    payload = data[end + 1 :]
    if (key is not None and found != key) or hashlib.sha256(payload).hexdigest().encode("ascii") != digest:
        return None
    return found, payload


def dumps(value: object) -> bytes:
    """``value`` pickled for the cache: as :func:`pickle.dumps` would, but each frozen dataclass
    with slots (the pages, examples and views are made of them) as a call of its class with its
    fields, which :func:`pickle.loads` reads back as it is: pickle's own way for such a class goes
    through ``dataclasses.fields()`` for every object, and was most of the time a build spent
    keeping its pages and reading them back."""
    stream = io.BytesIO()
    _Pickler(stream, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return stream.getvalue()


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: object) -> Any:
        kind = type(obj)
        values = _FIELDS[kind] if kind in _FIELDS else _FIELDS.setdefault(kind, _frozen_fields(kind))
        return NotImplemented if values is None else (kind, values(obj))


_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]] | None] = {}
"""Each class pickled, with the getter of its fields' values if it is a frozen dataclass with slots."""


def _frozen_fields(cls: type) -> Callable[[Any], tuple[Any, ...]] | None:
    """The getter of a class's fields' values, as a tuple in their order, if the class is a frozen
    dataclass with slots that its ``__init__`` makes from them alone (None otherwise)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in vars(cls) or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if not fields or not all(field.init for field in fields):
        return None
    getter = attrgetter(*(field.name for field in fields))
    return getter if len(fields) > 1 else lambda obj: (getter(obj),)


_holding = False


def hold_between_builds() -> None:
    """Keep in this process what its builds read from the cache (the pages, each catalog), for its
    next builds, while the files are the same: for ``serve``, which builds again on every save. A
    build of its own lets it go."""
    global _holding
    _holding = True


def holding() -> bool:
    """Whether this process keeps what its builds read from the cache (:func:`hold_between_builds`)."""
    return _holding
