"""The search index: Pagefind, the binary of the ``pagefind_bin`` package from PyPI (pinned in
constraints.txt), handed the finished pages one by one in the order of their paths, so that the
index is a function of the pages' bytes alone, not of the order a folder lists them in.

The binary is driven through its service interface (``pagefind --service``: base64 JSON messages
on its standard input and output), the one its Python package ``pagefind`` speaks, by a client of
our own: that package's reader waits 0.1 s before each answer (a second for every ten pages), has
no time limit, and reads the binary's errors mixed into its answers. Here the indexer is bounded
like any input: a time limit in proportion to the pages' size, each answer read up to a size cap,
what it says on its error stream kept up to a few lines; a failure says whether Pagefind is
missing or broken (./setup reinstalls it) or failed on these pages (the largest is named, with
what made it large).

Each locale's pages make one index of their own, so the locales are indexed side by side, one
Pagefind per processor: each writes the files of its language only, and the bundle's shared files
(its script and the WebAssembly of each language) alike. Only what the header's box uses is kept
(not Pagefind's own search interfaces). Pagefind writes the languages of its entry file in a
random order (a hash map's); they are written sorted.

Pagefind indexes each page's ``<main>``, less what a player never searches for
(:data:`NOT_SEARCHED`): the card faces of the hands and tables, the tricks, the verdict lists, the
practice page's questions and answers, the navigation. Those are cut out of each page before it is
handed over (:func:`searched`: the same index to the byte, with a quarter of the bytes to parse).
"""

from __future__ import annotations

import base64
import binascii
import importlib.metadata
import json
import os
import re
import select
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from .files import FileError, write_new
from .keys import digest
from .records import FileRecord, stamp

BUNDLE = "pagefind"
"""The folder of the site that holds the search bundle: Pagefind's script, WebAssembly and indexes."""
PACKAGE = "pagefind_bin"
"""The PyPI package of the Pagefind binary (its version is the binary's)."""

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
    ".calls",  # an auction, call by call
    ".grid",
    ".questions",  # the practice page's questions and their answers
)
"""What Pagefind leaves out of each page's ``<main>`` (CSS selectors of the pages' markup): what a
player does not type into a search box, and would otherwise crowd the results with excerpts of
card names and verdicts. An example keeps its heading and its explanation."""

CONFIG = {"root_selector": "main", "exclude_selectors": list(NOT_SEARCHED)}
"""Pagefind's settings: each page's ``<main>``, less :data:`NOT_SEARCHED` (cut out before it is
handed over, :func:`searched`; left out by Pagefind too, should a part of it not be cut)."""

_NOT_SEARCHED = re.compile(
    "<(?:"
    + "|".join(selector for selector in NOT_SEARCHED if not selector.startswith("."))
    + r")\b|\sclass=\"(?:[^\"]*\s)?(?:"
    + "|".join(re.escape(selector[1:]) for selector in NOT_SEARCHED if selector.startswith("."))
    + r")[\s\"]"
)
"""The start of an element of :data:`NOT_SEARCHED`: its tag's name, or a class of it in a start tag."""
_TAG_NAME = re.compile(r"<([a-z][a-z0-9-]*)")
_SAME_TAGS: dict[str, re.Pattern[str]] = {}

KEPT = re.compile(
    r"pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|wasm\.[^/]+\.pagefind"
    r"|(index|fragment|filter)/[^/]+"
)
"""The files of Pagefind's bundle that the header's box uses (not its ready-made interfaces)."""
ENTRY = "pagefind-entry.json"

SECONDS = 30.0
"""The time limit of indexing a site of no size; each megabyte of pages adds :data:`SECONDS_PER_MB`."""
SECONDS_PER_MB = 2.0
ANSWER_CAP = 1024 * 1024
"""The largest answer to a page (it says the page's URL, word count and title)."""
INDEX_CAP = 16 * 1024 * 1024
"""The largest index of a site of no size, base64-encoded; twice the pages' size is added."""
SAID_CAP = 4096
"""What is kept of Pagefind's error stream (the rest is read and dropped)."""
WINDOW = 8
"""Pages sent ahead of their answers."""

Progress = Callable[[str], None]
_REINSTALL = f"run ./setup, which reinstalls it ({PACKAGE} from PyPI, pinned in constraints.txt)"


def indexer() -> str | None:
    """The Pagefind binary of the installed ``pagefind_bin``; None when it is not installed."""
    try:
        import pagefind_bin  # type: ignore[import-untyped]

        return str(pagefind_bin.get_executable())
    except (ImportError, FileNotFoundError):
        return None


def indexer_version() -> str:
    """The version of the installed Pagefind, "" when there is none: a new one indexes the site again."""
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return ""


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
        if start < done or name is None:
            continue
        same = _SAME_TAGS.get(name.group(1))
        if same is None:
            same = _SAME_TAGS[name.group(1)] = re.compile(rf"<(/?){re.escape(name.group(1))}[\s>]")
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


def search_words(text: str) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """The terms and forms of a "search words" message (``Belote: बेलोट, बेलोटे; Capot: कपो``;
    without a colon, such as ``none``, there are none) as (term, forms) pairs, and what is wrong
    with it."""
    if ":" not in text:  # "none", however translated
        return [], []
    pairs, wrong = [], []
    for part in filter(None, (piece.strip() for piece in text.split(";"))):
        term, colon, forms = part.partition(":")
        found = [form.strip() for form in forms.split(",") if form.strip()]
        if not colon or not term.strip() or not found:
            wrong.append(f"{part!r}: write TERM: form, form (TERM as the glossary writes it), or none")
            continue
        pairs.append((term.strip(), found))
    return pairs, wrong


class Broken(Exception):
    """Pagefind is missing, does not start, or does not speak its protocol."""


class Failed(Exception):
    """Pagefind stopped, ran out of time or refused while it indexed the pages."""


@dataclass(frozen=True)
class Page:
    """A page to index: its path in the site (its URL from the site's root, less the slash) and its bytes."""

    path: str
    data: bytes


def index_search(site: Path, progress: Progress | None = None) -> dict[str, FileRecord]:
    """Index the pages of ``site`` into ``site/pagefind/``; the record of every file written (so
    that the next build sees the site as it left it). FileError when Pagefind is missing or broken,
    or fails on these pages."""
    pages = site_pages(site)
    try:
        files = build_index(pages, progress or (lambda _: None))
    except Broken as error:
        raise FileError(BUNDLE, f"Pagefind, the search indexer, is missing or broken: {error}: {_REINSTALL}") from None
    except Failed as error:
        raise FileError(BUNDLE, f"Pagefind failed on these pages: {error}; {largest(pages)}") from None
    records = {}
    for name, data in sorted(files.items()):
        path = site / BUNDLE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_new(path, data)
        sha = digest(data)
        records[f"{BUNDLE}/{name}"] = FileRecord(sha, sha, (), stamp(path))
    return records


def site_pages(site: Path) -> dict[str, list[Page]]:
    """The pages to index, by locale (the site's folders; the language chooser and 404.html, of no
    language, are left out), each locale's in the order of their paths."""
    pages: dict[str, list[Page]] = {}
    for folder in sorted(site.iterdir()):
        if folder.is_dir() and folder.name not in (BUNDLE, "assets"):
            found = sorted(path.relative_to(site).as_posix() for path in folder.rglob("*.html") if path.is_file())
            if found:
                pages[folder.name] = [Page(name, (site / name).read_bytes()) for name in found]
    return pages


def limit(pages: dict[str, list[Page]]) -> float:
    """The seconds Pagefind may take over these pages, in proportion to their size."""
    return SECONDS + SECONDS_PER_MB * _size(pages) / 1e6


def build_index(pages: dict[str, list[Page]], progress: Progress) -> dict[str, bytes]:
    """The bundle's files (path in the bundle → bytes) of an index of ``pages``: one Pagefind per
    locale, as many at once as there are processors. Broken or Failed, every Pagefind started
    killed (on Ctrl+C too)."""
    binary = indexer()
    if binary is None:
        raise Broken(f"the package {PACKAGE} is not installed")
    seconds = limit(pages)
    deadline = time.monotonic() + seconds
    index_cap = INDEX_CAP + 2 * _size(pages)
    waiting = [_Run(locale, group, index_cap) for locale, group in pages.items()]
    finished: list[_Run] = []
    running: list[_Run] = []
    total = sum(map(len, pages.values()))
    try:
        while waiting or running:
            while waiting and len(running) < _processors():
                running.append(waiting.pop(0))
                running[-1].start(binary)
            _serve(running, deadline, seconds)
            for run in [run for run in running if run.files is not None]:
                run.close()
                running.remove(run)
                finished.append(run)
            progress(f"indexing for search: {sum(run.indexed for run in finished + running)} of {total} pages")
    finally:
        for run in running:
            run.kill()
    return _merged(sorted(finished, key=lambda run: run.locale))


def _processors() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _size(pages: dict[str, list[Page]]) -> int:
    return sum(len(page.data) for group in pages.values() for page in group)


class _Run:
    """One Pagefind indexing one locale's pages: a new index (message 1), then each page (messages
    2 to P+1, up to :data:`WINDOW` of them sent ahead of their answers, so that Pagefind never waits
    for the next), then the index's files (message P+2). Each answer is checked in turn: Pagefind
    answers its messages one by one, in order."""

    def __init__(self, locale: str, pages: list[Page], index_cap: int) -> None:
        self.locale = locale
        self.pages = pages
        self.index_cap = index_cap
        self.process: subprocess.Popen[bytes] | None = None
        self.index_id: int | None = None
        self.indexed = 0
        """Pages indexed (answered)."""
        self.files: dict[str, bytes] | None = None
        self.sent = 0
        self.outgoing = bytearray()
        self.answers = bytearray()
        self.said = bytearray()
        self.open: list[int] = []

    def start(self, binary: str) -> None:
        try:
            self.process = subprocess.Popen(
                [binary, "--service"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,  # killed with whatever it starts
            )
        except OSError as error:
            raise Broken(f"{binary} could not start ({error.strerror or error})") from None
        assert self.process.stdin and self.process.stdout and self.process.stderr
        os.set_blocking(self.process.stdin.fileno(), False)
        self.open = [self.process.stdout.fileno(), self.process.stderr.fileno()]
        self._send({"type": "NewIndex", "config": CONFIG})

    @property
    def stage(self) -> str:
        """What it is doing: starting (until it has made the index), indexing, or writing the index."""
        return "starting" if self.index_id is None else "indexing" if self.indexed < len(self.pages) else "writing"

    def _send(self, payload: dict[str, Any]) -> None:
        self.sent += 1
        message = {"message_id": self.sent, "payload": payload}
        self.outgoing += base64.b64encode(json.dumps(message).encode("utf-8")) + b","

    def _send_ahead(self) -> None:
        """Send the next pages (and, after the last, the request of the files), up to the window."""
        assert self.index_id is not None
        while self.sent - 1 - self.indexed < WINDOW and self.sent - 1 <= len(self.pages):
            if self.sent - 1 < len(self.pages):
                page = self.pages[self.sent - 1]
                content = searched(page.data.decode("utf-8", "replace"))
                self._send(
                    {"type": "AddFile", "index_id": self.index_id, "url": "/" + page.path, "file_contents": content}
                )
            else:
                self._send({"type": "GetFiles", "index_id": self.index_id})

    def wants_to_write(self) -> int | None:
        assert self.process is not None and self.process.stdin is not None
        return self.process.stdin.fileno() if self.outgoing else None

    def write(self) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            written = os.write(self.process.stdin.fileno(), self.outgoing[: 1 << 16])
        except BlockingIOError:
            return
        except BrokenPipeError:  # it has ended: its output ends too, and says how
            self.outgoing.clear()
            return
        del self.outgoing[:written]

    def read(self, handle: int) -> None:
        assert self.process is not None and self.process.stdout is not None
        chunk = os.read(handle, 1 << 16)
        if handle != self.process.stdout.fileno():
            self.said += chunk[: max(0, SAID_CAP - len(self.said))]
            if not chunk:
                self.open.remove(handle)
            return
        if not chunk:
            self.open.remove(handle)
            raise self._ended()
        self.answers += chunk
        while (end := self.answers.find(b",")) >= 0 and self.files is None:
            answer = bytes(self.answers[:end])
            del self.answers[: end + 1]
            self._answered(answer)
        cap = self.index_cap if self.stage == "writing" else ANSWER_CAP
        if len(self.answers) > cap:
            if self.stage == "writing":
                raise Failed(f"the index of {self.locale} is over {cap // 1_000_000} MB")
            raise Broken(f"it wrote over {cap // 1024} KiB that is not an answer (Pagefind answers in base64)")

    def _answered(self, answer: bytes) -> None:
        expected = 1 + (self.index_id is not None) + self.indexed
        try:
            message = json.loads(base64.b64decode(answer, validate=True))
            number, payload, kind = message["message_id"], message["payload"], message["payload"]["type"]
        except (binascii.Error, ValueError, TypeError, KeyError):
            raise Broken(f"its answer is not of its protocol: {answer[:60]!r}") from None
        if number != expected:
            raise Broken(f"it answered message {number} where {expected} was next")
        if kind == "Error":
            what = str(payload.get("message", ""))[:300]
            if self.stage == "starting":
                raise Broken(f"it refused to make an index: {what}")
            if self.stage == "indexing":
                raise Failed(f"it refused {self.pages[self.indexed].path}: {what}")
            raise Failed(f"it could not write the index of {self.locale}: {what}")
        try:
            if self.stage == "starting":
                self.index_id = int(payload["index_id"])
            elif self.stage == "indexing":
                if kind != "IndexedFile":
                    raise KeyError(kind)
                self.indexed += 1
            else:
                self.files = {
                    str(file["path"]): base64.b64decode(file["content"], validate=True) for file in payload["files"]
                }
                return
        except (binascii.Error, ValueError, TypeError, KeyError):
            raise Broken(f"its answer is not of its protocol: {answer[:60]!r}") from None
        self._send_ahead()

    def _ended(self) -> Exception:
        """Why its output ended: how it exited, and the last thing it said."""
        assert self.process is not None
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.process.returncode
        said = self.said.decode("utf-8", "replace").strip().splitlines()
        last = f": {said[-1][:300]}" if said else ""
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            how = f"it was killed ({name}{', out of memory?' if -code == signal.SIGKILL else ''})"
        else:
            how = f"it stopped (exit {code}){last}"
        return Broken(how) if self.stage == "starting" else Failed(f"while {self.stage} {self.locale}, {how}")

    def timed_out(self, seconds: float) -> Exception:
        if self.stage == "starting":
            return Broken(f"it did not answer in {seconds:.0f} s")
        return Failed(f"{self.locale} took over {seconds:.0f} s, the limit for pages of this size")

    def close(self) -> None:
        """Let it end (the end of its input tells it to), or kill it."""
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
        self._release()

    def kill(self) -> None:
        """Stop it and whatever it started, and wait for it: a Pagefind left running would hold the
        machine, and its pipes."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.process.wait()
        self._release()

    def _release(self) -> None:
        assert self.process is not None
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None and not stream.closed:
                stream.close()


def _serve(running: list[_Run], deadline: float, seconds: float) -> None:
    """Wait until one of the running Pagefinds can be written to or has something to read (at
    most until the deadline), and do so."""
    readers = {handle: run for run in running for handle in run.open}
    writers = {handle: run for run in running if (handle := run.wants_to_write()) is not None}
    left = deadline - time.monotonic()
    ready_to_read, ready_to_write, _ = select.select(list(readers), list(writers), [], max(0.0, left))
    if not ready_to_read and not ready_to_write:
        raise max(running, key=lambda run: run.stage != "starting").timed_out(seconds)
    for handle in ready_to_write:
        writers[handle].write()
    for handle in ready_to_read:
        readers[handle].read(handle)


def _merged(runs: list[_Run]) -> dict[str, bytes]:
    """The bundle of every locale's index: the files each run wrote (those the box uses), and one
    entry file that lists every language, sorted."""
    files: dict[str, bytes] = {}
    languages: dict[str, Any] = {}
    entry: dict[str, Any] = {}
    for run in runs:
        assert run.files is not None
        for name, data in run.files.items():
            if name == ENTRY:
                try:
                    own = json.loads(data)
                    languages.update({language: value for language, value in own.pop("languages").items()})
                except (ValueError, AttributeError, KeyError):
                    raise Broken(f"its {ENTRY} is not JSON of its entry: {data[:60]!r}") from None
                if entry and own != entry:
                    raise Broken(f"two of its runs wrote different entries: {entry} and {own}")
                entry = own
            elif KEPT.fullmatch(name):
                if files.setdefault(name, data) != data:
                    raise Broken(f"two of its runs wrote different {name}")
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
