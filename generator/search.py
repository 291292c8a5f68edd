"""The search index of the site: each locale's finished pages handed to Pagefind
(:mod:`generator.pagefind`) in the order of their paths, so that the index is a function of the
pages' bytes alone, not of the order a folder lists them in; the locales indexed side by side, one
Pagefind each, each from the moment its pages are written (:class:`SiteIndex`: while the build
renders the next), their indexes made one bundle in ``pagefind/``. Only what the header's box uses is
kept (not Pagefind's own search interfaces); Pagefind writes the languages of its entry file in a
random order (a hash map's), they are written sorted. A failure says whether Pagefind is missing
or broken (./setup reinstalls it) or failed on these pages (the largest is named, with what makes
it large).

Pagefind indexes each page's ``<main>``, less what a player never searches for
(:data:`NOT_SEARCHED`): the card faces of the hands and tables, the tricks, the verdict lists, the
practice page's questions and answers, the navigation. Those are cut out of each page before it is
handed over (:func:`searched`: the same index to the byte, with a quarter of the bytes to parse).
The forms a player types for a glossary term that a translation writes otherwise come from each
catalog's "search words" message (:meth:`generator.page_text.Words.search_forms`): the glossary
shows them, so the index finds its entry by them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from . import pagefind
from .files import FileError, write_new
from .keys import digest
from .records import FileRecord, stamp

BUNDLE = "pagefind"
"""The folder of the site that holds the search bundle: Pagefind's script, WebAssembly and indexes."""
NOT_SEARCHED = (
    "nav",  # the pager, the page's table of contents
    "form",  # the practice page's filter
    "svg",  # a drawing's labels
    ".order",  # the table of the cards' order and points
    ".setup",  # an example's deal: the game, trump, dealer, taker
    ".felt",  # an example's table: seats, card faces, roles
    ".hand",
    ".hand-cards",
    ".hands",
    ".allowed",  # an example's verdicts: the cards allowed, each card's reason, the outcome
    ".reasons",
    ".outcome",
    ".rulings",
    ".last-note",
    ".tricks",  # a deal's tricks and tally
    ".fold",
    ".tally",
    "ol.calls",  # an auction, call by call (the practice page's drill of calls is a section.calls)
    ".grid",
    ".questions",  # the practice page's questions and their answers
    ".one-rule",  # the practice page's reasons, one shown when a page's link asks for it
)
"""What Pagefind leaves out of each page's ``<main>`` (CSS selectors of the pages' markup): what a
player does not type into a search box, and would otherwise crowd the results with excerpts of
card names and verdicts. An example keeps its heading and its explanation."""

CONFIG = {"root_selector": "main", "exclude_selectors": list(NOT_SEARCHED)}
"""Pagefind's settings: each page's ``<main>``, less :data:`NOT_SEARCHED` (cut out before it is
handed over, :func:`searched`; left out by Pagefind too, should a part of it not be cut)."""

_CLASSES = {selector.partition(".")[2]: selector.partition(".")[0] for selector in NOT_SEARCHED if "." in selector}
"""Each class of :data:`NOT_SEARCHED`, with the tag it is on ("": any)."""
_NOT_SEARCHED = re.compile(
    "<(?:"
    + "|".join(selector for selector in NOT_SEARCHED if "." not in selector)
    + r")\b|\sclass=\"(?:[^\"]*\s)?("
    + "|".join(map(re.escape, _CLASSES))
    + r")[\s\"]"
)
"""The start of an element of :data:`NOT_SEARCHED`: its tag's name, or a class of it in a start tag."""
_TAG_NAME = re.compile(r"<([a-z][a-z0-9-]*)")

KEPT = re.compile(
    r"pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|wasm\.[^/]+\.pagefind"
    r"|(index|fragment|filter)/[^/]+"
)
"""The files of Pagefind's bundle that the header's box uses (not its ready-made interfaces)."""
ENTRY = "pagefind-entry.json"

SECONDS = 30.0
"""The time limit of indexing a site of no size; each megabyte of pages adds :data:`SECONDS_PER_MB`."""
SECONDS_PER_MB = 2.0
INDEX_CAP = 16 * 1024 * 1024
"""The largest index of a site of no size, base64-encoded; twice the pages' size is added."""
Progress = Callable[[str], None]
_REINSTALL = f"run ./setup, which reinstalls it ({pagefind.PACKAGE} from PyPI, pinned in constraints.txt)"


def searched(page: str) -> str:
    """A page less its elements of :data:`NOT_SEARCHED`, cut out (each from its start tag to its
    matching end tag, the same tags counted within): what Pagefind indexes of it with
    ``exclude_selectors``, made without Pagefind parsing the rest (the examples' markup is three
    quarters of its time, and most of the pages' bytes). Our pages are well formed and escape ``>``
    in attributes; an element whose end is not found is left to Pagefind."""
    kept: list[str] = []
    done = at = 0
    while (found := _NOT_SEARCHED.search(page, at)) is not None:
        start = found.start() if page[found.start()] == "<" else page.rfind("<", 0, found.start())
        name = _TAG_NAME.match(page, start)
        at = found.end()
        if start < done or name is None or (found.group(1) and _CLASSES[found.group(1)] not in ("", name.group(1))):
            continue
        same = re.compile(rf"<(/?){name.group(1)}[\s>]")  # a name of _TAG_NAME; re keeps it compiled
        depth, scan = 1, page.find(">", found.end()) + 1
        while depth and (tag := same.search(page, scan)) is not None:
            depth += -1 if tag.group(1) else 1
            scan = tag.end()
        if depth or scan == 0:
            continue
        kept.append(page[done:start])
        done = at = page.find(">", scan - 1) + 1
    kept.append(page[done:])
    return "".join(kept)


@dataclass(frozen=True)
class Page:
    """A page to index: its path in the site (its URL from the site's root, less the slash) and its bytes."""

    path: str
    data: bytes


class SiteIndex:
    """The search index of a site being written into ``site``: each locale's pages handed to
    Pagefind as soon as its folder is complete (:meth:`add`: indexed while the next is rendered),
    the rest at the end (:meth:`finish`); :meth:`stop` stops every Pagefind if the build fails
    first."""

    def __init__(self, site: Path, progress: Progress | None = None) -> None:
        self.site = site
        self.progress = progress or (lambda _: None)
        self.pages: dict[str, list[str]] = {}
        """Each folder's pages handed over, by path: each is read when it is sent to Pagefind, so
        that the pages are not all held in memory at once."""
        self.indexing = pagefind.Indexing(CONFIG)

    def add(self, folder: str) -> None:
        """Index the pages of the site's ``folder`` (a locale's), written in full by now."""
        if folder not in self.pages:
            names = self.pages[folder] = folder_paths(self.site, folder)
            size = sum((self.site / name).stat().st_size for name in names)
            _hand(self.indexing, folder, [_document(name, (self.site / name).read_bytes) for name in names], size)

    def finish(self) -> dict[str, FileRecord]:
        """Index the folders not indexed yet, write ``site/pagefind/`` and give the record of every
        file written (so that the next build sees the site as it left it). FileError when
        Pagefind is missing or broken, or fails on these pages."""
        for folder in folders(self.site):
            self.add(folder)
        try:
            files = _bundle(self.indexing, sum(map(len, self.pages.values())), self.progress)
        except pagefind.Broken as error:
            raise FileError(
                BUNDLE, f"Pagefind, the search indexer, is missing or broken: {error}: {_REINSTALL}"
            ) from None
        except pagefind.Failed as error:
            pages = {folder: folder_pages(self.site, folder) for folder in self.pages}
            raise FileError(BUNDLE, f"Pagefind failed on these pages: {error}; {largest(pages)}") from None
        records = {}
        for name, data in sorted(files.items()):
            path = self.site / BUNDLE / name
            path.parent.mkdir(parents=True, exist_ok=True)
            write_new(path, data)
            sha = digest(data)
            records[f"{BUNDLE}/{name}"] = FileRecord(sha, sha, (), stamp(path))
        return records

    def stop(self) -> None:
        """Stop every Pagefind this index started (nothing once it is finished)."""
        self.indexing.stop()


def folder_paths(site: Path, folder: str) -> list[str]:
    """The paths in the site of the pages of one of its folders (a locale's), sorted."""
    return sorted(path.relative_to(site).as_posix() for path in (site / folder).rglob("*.html") if path.is_file())


def folder_pages(site: Path, folder: str) -> list[Page]:
    """The pages of one of the site's folders (a locale's), in the order of their paths."""
    return [Page(name, (site / name).read_bytes()) for name in folder_paths(site, folder)]


def folders(site: Path) -> list[str]:
    """The site's folders whose pages are indexed, one per locale, sorted (not the bundle's, not the
    assets'; the language chooser and 404.html, of no language, are left out)."""
    return [
        folder.name for folder in sorted(site.iterdir()) if folder.is_dir() and folder.name not in (BUNDLE, "assets")
    ]


def _hand(indexing: pagefind.Indexing, folder: str, documents: list[pagefind.Document], size: int) -> None:
    """Hand a folder's documents (if any), ``size`` bytes of pages, to a Pagefind of its own, with
    the limits their size gives: the seconds it may take and the largest index it may make (base64)."""
    if documents:
        indexing.add(folder, documents, SECONDS + SECONDS_PER_MB * size / 1e6, INDEX_CAP + 2 * size, size)


def _bundle(indexing: pagefind.Indexing, total: int, progress: Progress) -> dict[str, bytes]:
    """The bundle of the ``total`` pages handed to ``indexing``, once indexed (the progress said)."""
    found = indexing.finish(lambda done: progress(f"indexing for search: {done} of {total} pages"))
    return _merged([found[group] for group in sorted(found)])


def _document(path: str, data: Callable[[], bytes]) -> pagefind.Document:
    """The page at ``path`` in the site as Pagefind is handed it, its bytes read (``data``) when sent."""
    return pagefind.Document("/" + path, lambda: searched(data().decode("utf-8", "replace")))


def _merged(bundles: list[dict[str, bytes]]) -> dict[str, bytes]:
    """The bundle of every locale's index: the files each Pagefind wrote (those the box uses), and
    one entry file that lists every language, sorted."""
    files: dict[str, bytes] = {}
    languages: dict[str, Any] = {}
    entry: dict[str, Any] = {}
    for bundle in bundles:
        for name, data in bundle.items():
            if name == ENTRY:
                try:
                    own = json.loads(data)
                    languages.update(own.pop("languages").items())  # not a mapping: AttributeError
                except (ValueError, AttributeError, KeyError):
                    raise pagefind.Broken(f"its {ENTRY} is not JSON of its entry: {data[:60]!r}") from None
                if entry and own != entry:
                    raise pagefind.Broken(f"two of its runs wrote different entries: {entry} and {own}")
                entry = own
            elif KEPT.fullmatch(name):
                if files.setdefault(name, data) != data:
                    raise pagefind.Broken(f"two of its runs wrote different {name}")
    if entry:
        entry = {"version": entry.get("version"), "languages": dict(sorted(languages.items())), **entry}
        files[ENTRY] = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return files


class _Text(HTMLParser):
    """A page's elements counted, and its longest run of text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements = 0
        self.longest = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements += 1

    def handle_data(self, data: str) -> None:
        if len(data.strip()) > len(self.longest):
            self.longest = data.strip()


def largest(pages: dict[str, list[Page]]) -> str:
    """The largest of the pages and what makes it large: its size, elements and longest text."""
    every = [page for group in pages.values() for page in group]
    if not every:
        return "there are no pages"
    page = max(every, key=lambda page: (len(page.data), page.path))
    text = _Text()
    text.feed(page.data.decode("utf-8", "replace"))
    text.close()
    longest = text.longest if len(text.longest) <= 60 else text.longest[:57] + "..."
    return (
        f"the largest page is {page.path} ({len(page.data) / 1000:,.0f} KB, {text.elements:,} elements; "
        f"its longest text is {len(text.longest):,} characters: {longest!r})"
    )
