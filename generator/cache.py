"""The build cache's files (``.cache/``): each one a label line — what it holds, its format and the
SHA-256 of the rest — and the bytes it keeps. A file is used only when it reads back through the
one guarded reader with that label and that digest: a damaged, truncated, foreign or older file is
as if absent, and its bytes (a pickle) are never loaded.

The cache is the project's own, written by this code: like the code itself it is trusted (a pickle
runs code when loaded), so a ``.cache`` from elsewhere must never be copied in. The digest guards
against damage, not against someone who can write the project's files.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

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
