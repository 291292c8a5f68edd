"""The pages read before, kept between builds in one file of the build cache (``.cache/pages.pickle``).

Each page file read without problems is kept with its examples, the ids they claim and, once they
are solved without a problem or a mismatch, each one's view and line of ``examples.json``, under the
digest of the generator's code, the file's name and its bytes: a page is taken from there only when
all three are the same. Every one of those follows from the page file alone, so a kept page needs
neither parsing nor solving again.

The file maps each key to its page pickled on its own, so that a page is unpickled only when it is
used, a page kept again is not pickled again, and a damaged entry costs only its page. The file is
read once and written once a build, only when what it holds changes (and then with just this
build's pages); a damaged file or entry is as if absent (see :mod:`.cache`: the file is unpickled
only when its digest holds). A process that builds again (``serve``) keeps the last file it read or
wrote, unpickled, for as long as the file is the one it knew (:func:`generator.cache.hold_between_builds`):
the next build neither reads nor unpickles it again.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, replace
from pathlib import Path

from . import cache
from .deal_views import DealView
from .keys import code_version, digest
from .reader.examples import Example
from .reader.pages import Page
from .views import AuctionView, PlayView

FILE = "pages.pickle"

View = PlayView | AuctionView | DealView
Answer = tuple[View, str]
"""What a page shows of an example the engine solved, and its line of ``examples.json``."""


@dataclass(frozen=True, slots=True)
class KeptPage:
    """A page file read without problems: its page, its examples, the ids they claim (id ->
    FILE:LINE), and each example's answer (view and line of data) once all were solved without a
    problem or a mismatch (None before)."""

    page: Page
    examples: tuple[Example, ...]
    claimed: dict[str, str]
    solved: tuple[Answer, ...] | None = None


def page_key(name: str, data: bytes) -> str:
    """The key of a page file's bytes as this generator reads them."""
    return digest(code_version(), name, data)


_Stamp = tuple[int, int, int, int]
"""A file's device, inode, size and modification time: when all four are the same, it was not replaced."""

_LAST: dict[Path, tuple[_Stamp, dict[str, bytes], dict[str, KeptPage]]] = {}
"""In a process that builds again (:func:`generator.cache.hold_between_builds`), the cache file it
last wrote or found unchanged (one project's only): its stamp, entries and pages."""


class PageCache:
    """The cache file of a build: the pages it holds, and those this build keeps for the next."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / FILE if folder is not None else None
        self.stored: dict[str, bytes] = {}
        self.pages: dict[str, KeptPage] = {}  # the entries of ``stored`` unpickled so far
        if self.path is not None:
            last = _LAST.get(self.path)
            if last is not None and last[0] == _stamp(self.path):
                _, self.stored, pages = last
                self.pages = dict(pages)
            else:
                self.stored = _read(self.path)
        self.kept: dict[str, KeptPage] = {}
        self.entries: dict[str, bytes] = {}  # the entries kept as they are stored

    def get(self, key: str) -> KeptPage | None:
        """The page stored under ``key``; None when there is none, or it cannot be read back."""
        if key in self.pages:
            return self.pages[key]
        data = self.stored.get(key)
        if data is None:
            return None
        try:
            stored = pickle.loads(data)  # our own cache, its digest checked
        except Exception:  # noqa: BLE001 (of another version of the code: as if absent)
            return None
        if not _is_kept_page(stored):
            return None
        self.pages[key] = stored
        return stored

    def reuse(self, key: str) -> None:
        """Keep the page stored under ``key`` (got with :meth:`get`) for the next build, as it is stored."""
        self.kept[key] = self.pages[key]
        self.entries[key] = self.stored[key]

    def keep(self, key: str, page: KeptPage) -> None:
        """Keep a page just read for the next build."""
        self.kept[key] = page
        self.entries.pop(key, None)

    def solved(self) -> dict[str, Answer]:
        """The answer on each example of the pages kept solved, by id."""
        return {
            example.id: answer
            for page in self.kept.values()
            if page.solved is not None
            for example, answer in zip(page.examples, page.solved, strict=True)
        }

    def keep_solved(self, solved: dict[str, Answer]) -> None:
        """Keep with each page kept unsolved its examples' answers, when all of its examples have
        one in ``solved`` (those solved without a problem or mismatch)."""
        for key, page in self.kept.items():
            if page.solved is None and all(example.id in solved for example in page.examples):
                self.keep(key, replace(page, solved=tuple(solved[example.id] for example in page.examples)))

    def save(self) -> None:
        """Write the pages kept, unless the file holds just them already (a read-only project is only slower)."""
        if self.path is None:
            return
        for key, page in self.kept.items():
            if key not in self.entries:
                self.entries[key] = cache.dumps(page)
        if self.entries != self.stored:
            cache.store(self.path, "pages", "-", pickle.dumps(self.entries, protocol=pickle.HIGHEST_PROTOCOL))
        _LAST.clear()  # another project's pages are not held
        if cache.holding() and (stamp := _stamp(self.path)) is not None:
            _LAST[self.path] = (stamp, self.entries, self.kept)


def _stamp(path: Path) -> _Stamp | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def _is_kept_page(value: object) -> bool:
    """Whether an entry read back is a :class:`KeptPage` whose every field holds what it says."""
    return (
        isinstance(value, KeptPage)
        and isinstance(value.page, Page)
        and isinstance(value.examples, tuple)
        and all(isinstance(example, Example) for example in value.examples)
        and isinstance(value.claimed, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in value.claimed.items())
        and (
            value.solved is None
            or (
                isinstance(value.solved, tuple)
                and len(value.solved) == len(value.examples)
                and all(_is_answer(answer) for answer in value.solved)
            )
        )
    )


def _is_answer(answer: object) -> bool:
    return isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[0], View) and isinstance(answer[1], str)


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
