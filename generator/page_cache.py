"""The pages read before, kept between builds in one file of the build cache (``.cache/pages.pickle``).

Each page file read without problems is kept with its examples and the ids they claim, under the
digest of the generator's code, the file's name and its bytes: a page is taken from there only when
all three are the same. The file maps each key to its page pickled on its own, so that a page is
unpickled only when it is used, a page kept again is not pickled again, and a damaged entry costs
only its page. The file is read once and written once a build, only when what it holds changes (and
then with just this build's pages); a damaged file or entry is as if absent (see :mod:`.cache`: the
file is unpickled only when its digest holds).
"""

from __future__ import annotations

import pickle
from pathlib import Path

from . import cache
from .keys import code_version, digest
from .reader.examples import Example
from .reader.pages import Page

FILE = "pages.pickle"

CachedPage = tuple[Page, list[Example], dict[str, str]]
"""A page, its examples, and the ids they claim (id -> FILE:LINE)."""


def page_key(name: str, data: bytes) -> str:
    """The key of a page file's bytes as this generator reads them."""
    return digest(code_version(), name, data)


class PageCache:
    """The cache file of a build: the pages it holds, and those this build keeps for the next."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / FILE if folder is not None else None
        self.stored = _read(self.path) if self.path is not None else {}
        self.kept: dict[str, bytes] = {}

    def get(self, key: str) -> CachedPage | None:
        """The page stored under ``key``; None when there is none, or it cannot be read back."""
        data = self.stored.get(key)
        if data is None:
            return None
        try:
            stored = pickle.loads(data)  # our own cache, its digest checked
        except Exception:  # noqa: BLE001 (of another version of the code: as if absent)
            return None
        if (
            isinstance(stored, tuple)
            and len(stored) == 3
            and isinstance(stored[0], Page)
            and isinstance(stored[1], list)
            and all(isinstance(example, Example) for example in stored[1])
            and isinstance(stored[2], dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in stored[2].items())
        ):
            return stored
        return None

    def reuse(self, key: str) -> None:
        """Keep the page stored under ``key`` (got with :meth:`get`) for the next build, as it is stored."""
        self.kept[key] = self.stored[key]

    def keep(self, key: str, page: CachedPage) -> None:
        """Keep a page just read for the next build."""
        self.kept[key] = pickle.dumps(page, protocol=pickle.HIGHEST_PROTOCOL)

    def save(self) -> None:
        """Write the pages kept, unless the file holds just them already (a read-only project is only slower)."""
        if self.path is None or self.kept == self.stored:
            return
        cache.store(self.path, "pages", "-", pickle.dumps(self.kept, protocol=pickle.HIGHEST_PROTOCOL))


def _read(path: Path) -> dict[str, bytes]:
    """The entries of the cache file, each a pickled page; empty when it is missing, damaged or of another shape."""
    kept = cache.load(path, "pages")
    if kept is None:
        return {}
    try:
        stored = pickle.loads(kept[1])  # our own cache, its digest checked
    except Exception:  # noqa: BLE001 (of another version of the code: as if absent)
        return {}
    if not isinstance(stored, dict):
        return {}
    return {key: data for key, data in stored.items() if isinstance(key, str) and isinstance(data, bytes)}
