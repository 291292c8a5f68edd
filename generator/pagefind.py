"""Pagefind, the search indexer: the binary of PyPI's ``pagefind_bin`` (pinned in constraints.txt),
driven through its service interface (``pagefind --service``: base64 JSON messages on its standard
input and output, the ones its Python package ``pagefind`` speaks) by a client of our own, bounded
like any input. That package's reader waits 0.1 s before each answer (a second for every ten
pages), has no time limit, and reads the binary's errors mixed into its answers; here: a time
limit, each answer read up to a size cap, what Pagefind says on its error stream kept up to a few
lines, every Pagefind started killed with whatever it started on any error (and on Ctrl+C). A
failure is :class:`Broken` (Pagefind is missing, does not start, or does not speak its protocol:
reinstall it) or :class:`Failed` (it stopped, ran out of time or refused a document: these
documents are the cause).

Each group of documents makes an index of its own, in a Pagefind of its own, as many at once as
there are processors, or more while their pages are small (:data:`TOGETHER`); each is handed its
documents one by one, in their order, so that its index is a function of them alone (Pagefind's
own walk of a folder takes the files in the order the file system lists them). The groups are
handed over as they are ready (:class:`Indexing`), and served by a thread: a build indexes one
locale while it renders the next.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import importlib.metadata
import json
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .forked import cpu_count

PACKAGE = "pagefind_bin"
"""The PyPI package of the Pagefind binary (its version is the binary's)."""
ANSWER_CAP = 1024 * 1024
"""The largest answer to a document (it says its URL, word count and title)."""
SAID_CAP = 4096
"""What is kept of Pagefind's error stream (the rest is read and dropped)."""
WINDOW = 8
"""Documents sent ahead of their answers."""
TOGETHER = 64 * 1000 * 1000
"""The most bytes of pages that more Pagefinds than processors may index at once: at 200 pages per
locale (53 MB) the five locales' Pagefinds share the two cores to the end (3.8 s instead of 4.5 s:
two at a time left the fifth alone on one core) in about 200 MiB; a larger site runs one per
processor, its memory bounded as before."""


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


class Broken(Exception):
    """Pagefind is missing, does not start, or does not speak its protocol."""


class Failed(Exception):
    """Pagefind stopped, ran out of time or refused a document while it indexed them."""


@dataclass(frozen=True)
class Document:
    """What Pagefind is handed of a page: its URL, and its HTML, made when it is sent (so that making
    the next overlaps Pagefind's reading of the last)."""

    url: str
    html: Callable[[], str]


class Indexing:
    """Pagefinds at work on groups of documents handed over one group at a time (:meth:`add`), as
    many at once as there are processors (or more: :data:`TOGETHER`), in a thread of this process:
    a build renders the next locale while the last one is indexed. Each group is indexed within its
    own time limit from the moment its Pagefind starts. :meth:`stop` stops every Pagefind if this
    process fails before :meth:`finish` (on Ctrl+C too)."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.indexed = 0
        """Documents indexed (answered) so far, every group's."""
        self._lock = threading.Lock()
        self._added: list[_Run] = []
        self._closed = self._stopping = False
        self._error: BaseException | None = None
        self._files: dict[str, dict[str, bytes]] = {}
        self._wake_read, self._wake_write = os.pipe()
        self._thread: threading.Thread | None = None

    def add(self, group: str, documents: list[Document], seconds: float, index_cap: int, size: int) -> None:
        """Index ``documents`` (``size`` bytes of pages) as ``group``, within ``seconds`` of its start
        and ``index_cap`` bytes of index (base64). The thread starts with the first group: no fork
        may follow it."""
        with self._lock:
            self._added.append(_Run(group, documents, self.config, index_cap, seconds, size))
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="pagefind", daemon=True)
            self._thread.start()
        os.write(self._wake_write, b".")

    def finish(self, progress: Callable[[int], None]) -> dict[str, dict[str, bytes]]:
        """Each group's index: its files (path in the bundle → bytes), once every group is indexed;
        ``progress`` is told how many documents are indexed, as they are. Broken or Failed."""
        with self._lock:
            self._closed = True
        os.write(self._wake_write, b".")
        told = -1
        while self._thread is not None and self._thread.is_alive():
            if self.indexed != told:
                told = self.indexed
                progress(told)
            self._thread.join(0.1)
        self._release()
        if self._error is not None:
            raise self._error
        progress(self.indexed)
        return self._files

    def stop(self) -> None:
        """Stop every Pagefind started, and the thread (nothing when :meth:`finish` has returned)."""
        if self._thread is not None and self._thread.is_alive():
            with self._lock:
                self._stopping = True
            os.write(self._wake_write, b".")
            self._thread.join()
        self._release()

    def _release(self) -> None:
        for handle in (self._wake_read, self._wake_write):
            with contextlib.suppress(OSError):
                os.close(handle)
        self._wake_read = self._wake_write = -1

    def _work(self) -> None:
        """The thread: start each group's Pagefind when a processor is free, and serve them all
        until every group handed over is indexed (or one fails: every one is then killed)."""
        running: list[_Run] = []
        waiting: list[_Run] = []
        done = 0
        try:
            binary = indexer()
            while True:
                with self._lock:
                    waiting += self._added
                    self._added.clear()
                    closed, stopping = self._closed, self._stopping
                if stopping or (closed and not waiting and not running):
                    return
                if binary is None:
                    raise Broken(f"the package {PACKAGE} is not installed")
                while waiting and _room(running, waiting[0]):
                    running.append(waiting.pop(0))
                    running[-1].start(binary)
                self._serve(running)
                for run in [run for run in running if run.files is not None]:
                    run.close()
                    running.remove(run)
                    self._files[run.group] = run.files or {}
                    done += run.indexed
                self.indexed = done + sum(run.indexed for run in running)
        except BaseException as error:  # noqa: BLE001 (raised again by finish, in the build's thread)
            self._error = error
        finally:
            for run in running:
                run.kill()

    def _serve(self, running: list[_Run]) -> None:
        """Wait until a running Pagefind can be written to or has something to read, or another
        group is handed over (at most until the first deadline), and do so."""
        readers = {handle: run for run in running for handle in run.open}
        writers = {handle: run for run in running if (handle := run.wants_to_write()) is not None}
        first = min(running, key=lambda run: run.deadline, default=None)
        left = None if first is None else max(0.0, first.deadline - time.monotonic())
        ready_to_read, ready_to_write, _ = select.select([*readers, self._wake_read], list(writers), [], left)
        if first is not None and not ready_to_read and not ready_to_write:
            raise first.timed_out()
        for handle in ready_to_write:
            writers[handle].write()
        for handle in ready_to_read:
            if handle == self._wake_read:
                os.read(handle, 4096)
            else:
                readers[handle].read(handle)


def _room(running: list[_Run], waiting: _Run) -> bool:
    """Whether ``waiting``'s Pagefind may start beside those ``running``: one per processor, and more
    while all their pages total at most :data:`TOGETHER` bytes."""
    return len(running) < cpu_count() or sum(run.size for run in [*running, waiting]) <= TOGETHER


@dataclass(eq=False)
class _Run:
    """One Pagefind indexing one group's documents: a new index (message 1), then each document
    (messages 2 to P+1, up to :data:`WINDOW` of them sent ahead of their answers, so that Pagefind
    never waits for the next), then the index's files (message P+2). Each answer is checked in
    turn: Pagefind answers its messages one by one, in order."""

    group: str
    documents: list[Document]
    config: dict[str, Any]
    index_cap: int
    seconds: float
    size: int
    """The bytes of its pages (what its memory grows with)."""
    deadline: float = float("inf")
    """When it runs out of time: ``seconds`` after it starts."""
    process: subprocess.Popen[bytes] | None = None
    index_id: int | None = None
    indexed: int = 0
    """Pages indexed (answered)."""
    files: dict[str, bytes] | None = None
    sent: int = 0
    outgoing: bytearray = field(default_factory=bytearray)
    answers: bytearray = field(default_factory=bytearray)
    said: bytearray = field(default_factory=bytearray)
    open: list[int] = field(default_factory=list)

    def start(self, binary: str) -> None:
        self.deadline = time.monotonic() + self.seconds
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
        self._send(type="NewIndex", config=self.config)

    @property
    def stage(self) -> str:
        """What it is doing: starting (until it has made the index), indexing, or writing the index."""
        return "starting" if self.index_id is None else "indexing" if self.indexed < len(self.documents) else "writing"

    def _send(self, **payload: Any) -> None:
        self.sent += 1
        message = {"message_id": self.sent, "payload": payload}
        self.outgoing += base64.b64encode(json.dumps(message).encode("utf-8")) + b","

    def _send_ahead(self) -> None:
        """Send the next documents (and, after the last, the request of the files), up to the window."""
        assert self.index_id is not None
        while self.sent - 1 - self.indexed < WINDOW and self.sent - 1 <= len(self.documents):
            if self.sent - 1 < len(self.documents):
                document = self.documents[self.sent - 1]
                self._send(type="AddFile", index_id=self.index_id, url=document.url, file_contents=document.html())
            else:
                self._send(type="GetFiles", index_id=self.index_id)

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
        if not chunk:
            self.open.remove(handle)
        if handle != self.process.stdout.fileno():
            self.said += chunk[: max(0, SAID_CAP - len(self.said))]
            return
        if not chunk:
            raise self._ended()
        self.answers += chunk
        while (end := self.answers.find(b",")) >= 0 and self.files is None:
            answer = bytes(self.answers[:end])
            del self.answers[: end + 1]
            self._answered(answer)
        cap = self.index_cap if self.stage == "writing" else ANSWER_CAP
        if len(self.answers) > cap:
            if self.stage == "writing":
                raise Failed(f"the index of {self.group} is over {cap // 1_000_000} MB")
            raise Broken(f"it wrote over {cap // 1024} KiB that is not an answer (Pagefind answers in base64)")

    def _answered(self, answer: bytes) -> None:
        expected = 1 + (self.index_id is not None) + self.indexed
        try:  # Broken and Failed pass through
            message = json.loads(base64.b64decode(answer, validate=True))
            number, payload, kind = message["message_id"], message["payload"], message["payload"]["type"]
            if number != expected:
                raise Broken(f"it answered message {number} where {expected} was next")
            if kind == "Error":
                what = str(payload.get("message", ""))[:300]
                if self.stage == "starting":
                    raise Broken(f"it refused to make an index: {what}")
                if self.stage == "indexing":
                    raise Failed(f"it refused {self.documents[self.indexed].url.lstrip('/')}: {what}")
                raise Failed(f"it could not write the index of {self.group}: {what}")
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
        self._hear_the_rest()
        said = self.said.decode("utf-8", "replace").strip().splitlines()
        last = f": {said[-1][:300]}" if said else ""
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            how = f"it was killed ({name}{', out of memory?' if -code == signal.SIGKILL else ''})"
        else:
            how = f"it stopped (exit {code}){last}"
        return Broken(how) if self.stage == "starting" else Failed(f"while {self.stage} {self.group}, {how}")

    def _hear_the_rest(self) -> None:
        """What it said on its error stream before it ended and is still unread (its output may end
        first), for a second at most: something it started may hold the stream open."""
        assert self.process is not None and self.process.stderr is not None
        if self.process.stderr.closed:  # killed: nothing more to hear
            return
        handle = self.process.stderr.fileno()
        until = time.monotonic() + 1.0
        while handle in self.open and select.select([handle], [], [], max(0.0, until - time.monotonic()))[0]:
            self.read(handle)

    def timed_out(self) -> Exception:
        if self.stage == "starting":
            return Broken(f"it did not answer in {self.seconds:.0f} s")
        return Failed(f"{self.group} took over {self.seconds:.0f} s, the limit for documents of this size")

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
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._release()

    def _release(self) -> None:
        assert self.process is not None
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None and not stream.closed:
                stream.close()
