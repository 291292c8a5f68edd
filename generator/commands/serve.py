"""``serve [--host HOST] [--port PORT]``: build into a temporary folder, serve it, rebuild on change.

The operating system tells a watcher (watchfiles) of every change under content/, locales/ and
templates/, and in the real folder of everything the last build read (a folder linked in while it
runs included: what it watches follows what the build read, after every build); after a change it
rebuilds. A build that
fails keeps the last good site served (or, before the first good build, a page of its own) with
the errors shown in a banner over every page; the build itself writes nothing of it. Served pages
get a small script that reloads them as soon as a build has ended, good or failed, as
``mkdocs serve`` does; an unknown address gets the site's 404.html with status 404. A client that
goes away is its own business (nothing is said), an address that can be no file's is a 400, and
anything else that goes wrong with a request is one line, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import html
import http.server
import ipaddress
import os
import re
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path

import watchfiles

from ..cache import Session
from ..files import explain, temporary_folder
from ..i18n.catalogs import LOCALES
from ..inputs import LISTING, listing
from ..project import CONTENT, TEMPLATES
from ..urls import SiteURL
from .build import build_and_tell

_RELOAD = (
    b"<script>(function(){var v=null;function ask(){fetch('/__build'+(v===null?'':'?after='+v))"
    b".then(function(r){return r.text()}).then(function(t){if(v!==null&&t!==v){location.reload();return}"
    b"v=t;ask()}).catch(function(){setTimeout(ask,500)})}ask()})();</script>"
)
"""Served pages ask for the build number, then ask again and again with ``?after=N``: the answer
comes as soon as a build has ended, and the page reloads (showing the new site, or the banner)."""

BANNER_ID = "belote-serve-error"
"""The id of the banner of a failed build, injected into every served page."""

WAIT = 25.0
"""How long a page's question waits for a new build before the answer is the same number."""

STEP_MS = 10
"""The watcher reports a batch of changes once this long has passed without a further one (an
editor's save is several writes); the rebuild starts then. At 50 ms an edit took 0.18 s to reach
the page at the real size, against 0.09 s when every file was polled every 50 ms; at 10 ms, 0.07 s.
Idle, the watcher only wakes to check for Ctrl+C."""


def banner(lines: list[str]) -> bytes:
    """The banner of a failed build: its report, as the terminal shows it."""
    text = html.escape("\n".join(lines))
    return (
        f'<div id="{BANNER_ID}" role="alert" style="position:sticky;top:0;z-index:2147483647;margin:0;'
        "padding:.75em 1em;background:#fdecea;color:#611a15;border-bottom:3px solid #b3261e;"
        'font:14px/1.4 monospace;white-space:pre-wrap;overflow:auto;max-height:50vh">'
        f"<strong>The last build failed; this is the last good site.</strong>\n{text}</div>"
    ).encode()


_NO_SITE = (
    b'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
    b'<meta name="viewport" content="width=device-width, initial-scale=1">'
    b"<title>The build failed</title></head><body><p>No build has succeeded yet: fix what the banner says "
    b"and save; this page reloads by itself.</p></body></html>\n"
)
"""What every address shows before a first build has succeeded."""


def inject(page: bytes, error: list[str] | None) -> bytes:
    """A served page: the banner of the last build's errors (if it failed) after ``<body>``, and
    the reload script before ``</body>``."""
    if error is not None:
        opening = re.search(rb"<body[^>]*>", page)
        at = opening.end() if opening else 0
        page = page[:at] + banner(error) + page[at:]
    return page.replace(b"</body>", _RELOAD + b"</body>", 1) if b"</body>" in page else page + _RELOAD


class _State:
    """The build number the pages ask for and the last build's errors, shared between the watcher
    and the server."""

    def __init__(self) -> None:
        self.generation = 0
        self.error: list[str] | None = None
        self.changed = threading.Condition()

    def ended(self, error: list[str] | None) -> None:
        """A build has ended (``error``: its report, if it failed): answer every page waiting."""
        with self.changed:
            self.generation += 1
            self.error = error
            self.changed.notify_all()

    def after(self, seen: str) -> int:
        """The build number, once it is not ``seen`` (or after :data:`WAIT` seconds)."""
        with self.changed:
            self.changed.wait_for(lambda: str(self.generation) != seen, timeout=WAIT)
            return self.generation


class _Server(http.server.ThreadingHTTPServer):
    """The standard library's threading server, for IPv6 too, that says no traceback: a client
    that goes away (a page left while its reload question waits, a tab closed, a connection reset)
    is no error; anything else is one line. Its queue of connections not yet accepted holds a
    browser's burst (the standard library's 5 made the sixth wait for the client to try again, a
    second and more later)."""

    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            return
        print(f"error: answering a request: {type(error).__name__}: {error}", flush=True)


def _handler(folder: Path, state: _State) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            if _no_file_name(self.path):
                self.send_error(400, "an address that can be no file's name (a NUL character)")
                return
            try:
                self._get()
            except ValueError:  # a name the file system refuses (a lone surrogate...)
                self.send_error(400, "an address that can be no file's name")

        def do_HEAD(self) -> None:  # noqa: N802
            self.do_GET()

        def _get(self) -> None:
            if self.path == "/__build" or self.path.startswith("/__build?after="):
                seen = self.path.partition("?after=")[2]
                number = state.after(seen) if seen else state.generation
                self.send(200, str(number).encode(), "text/plain")
                return
            if not folder.is_dir():  # no build has succeeded yet
                self.send(500, inject(_NO_SITE, state.error or []), "text/html; charset=utf-8")
                return
            path = Path(self.translate_path(self.path))
            if path.is_dir() and self.path.split("?")[0].endswith("/"):
                path = path / "index.html"  # a folder without its '/' is redirected by the base class
            if path.suffix == ".html":
                try:
                    page = path.read_bytes()
                except OSError:  # no such page (or it is being swapped out)
                    self.send_error(404)
                    return
                self.send(200, inject(page, state.error), "text/html; charset=utf-8")
                return
            super().do_GET() if self.command == "GET" else super().do_HEAD()

        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            """An unknown address gets the site's 404.html, as the host will answer."""
            try:
                missing = (folder / "404.html").read_bytes() if code == 404 else None
            except OSError:
                missing = None
            if missing is None:
                super().send_error(code, message, explain)
                return
            self.send(404, inject(missing, state.error), "text/html; charset=utf-8")

        def send(self, code: int, body: bytes, content_type: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", content_type)
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass  # one line per request would drown the build reports

    return functools.partial(Handler, directory=str(folder))  # type: ignore[return-value]


def _no_file_name(address: str) -> bool:
    """Whether a request's address names no file: it holds a NUL character, written or encoded."""
    path = address.split("?", 1)[0].split("#", 1)[0]
    return "\x00" in path or "%00" in path


def watched(root: Path, read: Iterable[str] = ()) -> list[Path]:
    """The folders to watch: the project's folders a build reads, and the real folder of each file
    and folder the last build read (``read``: :attr:`BuildResult.read`), such as a locale folder
    linked in, which a watcher started before the link was made does not follow; each once, none
    inside another; the project folder itself while there is none."""
    found = {Path(os.path.realpath(root / folder)) for folder in (CONTENT, LOCALES, TEMPLATES)}
    for name in read:
        path = root / name.removesuffix(LISTING)
        found.add(Path(os.path.realpath(path if name.endswith(LISTING) else path.parent)))
    folders = sorted(folder for folder in found if folder.is_dir())
    kept = [
        folder for folder in folders if not any(folder.is_relative_to(other) for other in folders if other != folder)
    ]
    return kept or [root]


def _changed_since(folders: list[Path], since: int) -> bool:
    """Whether a file under ``folders``, or a folder's list of names (a file added, removed or
    renamed, a folder moved or linked), was modified at or after ``since`` (nanoseconds)."""
    for folder in folders:
        seen: set[tuple[int, int]] = set()
        for top, names, _ in os.walk(folder, followlinks=True):
            try:
                status = os.stat(top)
            except OSError:
                return True  # removed meanwhile: a change
            if (status.st_dev, status.st_ino) in seen:
                names[:] = []  # a loop of links
                continue
            seen.add((status.st_dev, status.st_ino))
            if status.st_mtime_ns >= since:
                return True
        for path in listing(folder):
            try:
                if path.stat().st_mtime_ns >= since:
                    return True
            except OSError:
                return True
    return False


def run(arguments: argparse.Namespace) -> int:
    """Serve the project's site on http://HOST:PORT/ until interrupted (Ctrl+C or SIGTERM, even
    during the first build: exit 0); 2 if it cannot listen there.

    Each rebuild is an ordinary incremental build (only the files whose inputs changed are
    rendered); with the watcher told at once of a save and pages told at once of a new build, a
    saved edit reaches the open page about 0.1 s later at the real site's size (``bench/run.py --only serve``).
    The site is built for http://HOST:PORT/, so that 404.html's root-relative links work here."""
    root, port, host = arguments.project, arguments.port, arguments.host
    if not 0 <= port <= 65535:
        print(f"error: --port {port}: a port is a number from 1 to 65535 (0: any free one); the default is 8000")
        return 2
    if not host.strip():
        print(
            f"error: --host {host!r}: no address: write 127.0.0.1 (this machine only, the default), or 0.0.0.0 "
            "to be reached from every network this machine is on"
        )
        return 2
    shown = f"[{host}]" if ":" in host else host
    try:  # the address the site is built for, checked before anything listens
        SiteURL.parse(f"http://{shown}:{port or 1}/")
    except ValueError:
        print(
            f"error: cannot serve on {host} port {port}: not a host name or an IP address: choose another with "
            "--host (127.0.0.1, ::1, 0.0.0.0 or this machine's name)"
        )
        return 2
    signal.signal(signal.SIGTERM, signal.getsignal(signal.SIGINT))  # `kill` stops it as Ctrl+C does
    session = Session()  # what each build keeps for the next (the pages read, the catalogs, the templates)
    with contextlib.suppress(KeyboardInterrupt), temporary_folder("belote-serve-") as temporary:
        out = Path(temporary) / "site"
        state = _State()
        try:
            server = _listening(host, port, _handler(out, state))
        except OSError as error:
            reason = "in use by another program" if error.errno == errno.EADDRINUSE else explain(error)
            print(f"error: cannot serve on {host} port {port}: {reason}: choose another with --host or --port")
            return 2
        serving = False
        try:
            address = f"http://{shown}:{server.server_address[1]}/"
            base_url = SiteURL.parse(address)
            if not _loopback(str(server.server_address[0])):
                print(
                    f"note: {host} is reached from every network this machine is on, not only from itself: "
                    "anyone there can read the site being written",
                    flush=True,
                )
            started = time.time_ns()
            state.error, read = _build(root, out, base_url, session)
            print(f"Serving on {address} (Ctrl+C to stop)", flush=True)  # before any page is served
            threading.Thread(target=server.serve_forever, daemon=True).start()
            serving = True
            _watch(root, out, base_url, state, started, session, read)
        finally:
            if serving:
                server.shutdown()
            server.server_close()
    return 0


def _listening(host: str, port: int, handler: type[http.server.BaseHTTPRequestHandler]) -> _Server:
    """A server listening on ``host`` (a name, an IPv4 or an IPv6 address) and ``port``; OSError
    when it cannot."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except socket.gaierror as error:
        raise OSError(errno.EADDRNOTAVAIL, f"no such address ({error.strerror})") from None
    server = type("Server", (_Server,), {"address_family": family})
    return server((host, port), handler)


def _loopback(address: str) -> bool:
    """Whether the address listened on is reached only from this machine."""
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _build(root: Path, out: Path, base_url: SiteURL, session: Session) -> tuple[list[str] | None, tuple[str, ...]]:
    """Build the site into ``out``, printing its report; the report if the build failed, and what
    the build read."""
    lines: list[str] = []

    def report(line: object) -> None:
        print(line, flush=True)
        lines.append(str(line))

    try:
        result = build_and_tell(root, out, False, report, base_url, search=False, session=session)  # no index (README)
    except Exception as error:  # keep serving the last good site whatever happens
        report(f"error: the build failed: {type(error).__name__}: {error}")
        return lines, ()
    return (None if result.code == 0 else lines), result.read


def _rebuild(state: _State, root: Path, out: Path, base_url: SiteURL, session: Session) -> tuple[str, ...]:
    """Build again and tell the pages; what the build read."""
    error, read = _build(root, out, base_url, session)
    state.ended(error)
    return read


def _watch(
    root: Path, out: Path, base_url: SiteURL, state: _State, since: int, session: Session, read: tuple[str, ...]
) -> None:
    """Rebuild after every batch of changes, forever (until interrupted); and once the watcher runs,
    if a file changed after ``since`` (the first build's start, or the watcher's last): an edit
    saved before the watcher started would otherwise wait for the next one. After every build, the
    watcher starts again when what the build read is not what it watches (:func:`watched`)."""
    while True:
        folders = watched(root, read)
        watching = watchfiles.watch(
            *folders, step=STEP_MS, ignore_permission_denied=True, yield_on_timeout=True, rust_timeout=200
        )
        for changes in watching:
            if not changes:  # the watcher is running, and nothing changed for a while
                if since and _changed_since(folders, since):  # what changed before it started?
                    read = _rebuild(state, root, out, base_url, session) or read
                since = 0
                continue
            read = _rebuild(state, root, out, base_url, session) or read
            print(flush=True)
            if watched(root, read) != folders:  # a folder appeared, or was linked in: watch it too
                since = time.time_ns()
                break
