"""Keys derived from what a step reads: a digest of bytes, and a fingerprint of a value.

An output's key is the digest of everything its rendering can read: the code, the site's
configuration, the templates its template uses, the catalogs of its locales and its context
(:class:`Fingerprints`). Nothing is composed by hand: a template that shows more of its context is
covered by the same key.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path


def digest(*parts: bytes | str) -> str:
    """A SHA-256 of the parts, each length-prefixed so that no two lists of parts collide."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "big"))
        hasher.update(data)
    return hasher.hexdigest()


_SHORT = 96
"""A compound value's fingerprint longer than this is kept, and used in its parents', as its digest:
memory and work stay in proportion to the number of values, not to the length of their texts."""


class Fingerprints:
    """Fingerprints of values: a stable text of every field of a value, recursively, the same in
    every process (no address, no hash order). Each object is fingerprinted once per instance of
    this class, so a page shared by five locales' outputs costs one walk. Only plain data is
    accepted: dataclasses, named tuples, tuples, lists, dicts, sets, enums, strings, numbers, None;
    anything else is a ``TypeError`` (a value whose fields could not be seen would make a key that
    misses them). A value made by the code from input bytes alone says so (``BY_SOURCE``) and is
    fingerprinted by their digest, its ``source`` (with its fields made from more than them,
    ``NOT_FROM_SOURCE``): a page is not walked once per output."""

    def __init__(self) -> None:
        self._memo: dict[int, tuple[object, str]] = {}

    def of(self, value: object) -> str:
        """The digest of ``value``'s fingerprint."""
        return digest(self._text(value))

    def _text(self, value: object) -> str:
        kind = type(value)
        if value is None or kind is bool or kind is int or kind is float or kind is str:
            return repr(value)
        if kind is bytes:
            return f"bytes({hashlib.sha256(value).hexdigest()})"  # type: ignore[arg-type]
        if isinstance(value, enum.Enum):
            return f"{kind.__qualname__}.{value.name}"
        memo = self._memo.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        text = self._compound(value)
        if len(text) > _SHORT:  # stands for its children by their digest, as a Merkle tree does
            text = "#" + hashlib.sha256(text.encode("utf-8")).hexdigest()  # (a text of its own starts otherwise)
        self._memo[id(value)] = (value, text)  # the value is held, so that its id is not reused
        return text

    def _compound(self, value: object) -> str:
        kind: type = type(value)
        if getattr(kind, "BY_SOURCE", False) and getattr(value, "source", ""):
            others = ",".join(self._text(getattr(value, name)) for name in getattr(kind, "NOT_FROM_SOURCE", ()))
            return f"{kind.__qualname__}@{value.source}({others})"  # type: ignore[attr-defined]
        names = _field_names(kind)
        if names is not None:
            fields = (f"{name}={self._text(getattr(value, name))}" for name in names)
            return f"{kind.__qualname__}({','.join(fields)})"
        if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
            return f"{kind.__qualname__}({self._items(value)})"
        if isinstance(value, tuple | list):
            return f"[{self._items(value)}]"
        if isinstance(value, dict):
            return "{" + ",".join(f"{self._text(k)}:{self._text(v)}" for k, v in value.items()) + "}"
        if isinstance(value, frozenset | set):
            return "{" + ",".join(sorted(self._text(item) for item in value)) + "}"
        if isinstance(value, int | str):  # a subclass (a card is an int): its type and value
            return f"{kind.__qualname__}({value!r})"
        raise TypeError(f"cannot fingerprint a {kind.__qualname__}: give the plan plain data")

    def _items(self, values: Iterable[object]) -> str:
        return ",".join(self._text(item) for item in values)


@functools.cache
def _field_names(kind: type) -> tuple[str, ...] | None:
    """The names of a dataclass's fields, in order (None: not a dataclass), read once per class."""
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else None


_PACKAGE = Path(__file__).resolve().parent
_LIBRARIES = ("jinja2", "markupsafe", "markdown_it", "babel", "yaml")
"""The libraries that parse and render: their versions can change what a build writes."""


def _installed() -> list[str]:
    """The name and version of every distribution installed beside the libraries (their
    ``*.dist-info`` folders, this package's included), found without importing anything."""
    import importlib.util

    specs = [importlib.util.find_spec(name) for name in _LIBRARIES]
    folders = {Path(spec.origin).parent.parent for spec in specs if spec is not None and spec.origin is not None}
    return sorted(entry for folder in folders for entry in os.listdir(folder) if entry.endswith(".dist-info"))


@functools.cache
def code_version() -> str:
    """The generator's own code (every module, the rules engine included) and the versions of the
    installed distributions (this package's and the libraries'): a change in any of them renders
    everything again."""
    sources = sorted(_PACKAGE.rglob("*.py"))
    return digest(
        *_installed(),
        *(part for path in sources for part in (path.relative_to(_PACKAGE).as_posix(), path.read_bytes())),
    )
