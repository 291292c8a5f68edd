"""``serve [--port PORT]``: build into a temporary folder, serve it on localhost, rebuild on change.

A watcher polls the modification times of content/, locales/ and templates/; after a change
it rebuilds (a failed build keeps the last good site and prints the errors). Served pages get
a small script that reloads them as soon as a new build is in place, as ``mkdocs serve`` does.
"""

from __future__ import annotations

import argparse
import errno
import functools
import http.server
import signal
import stat
import tempfile
import threading
import time
from pathlib import Path

from ..files import explain
from ..i18n.catalogs import LOCALES
from ..project import CONTENT, TEMPLATES
from .build import build_and_report

_RELOAD = (
    b"<script>(function(){var v=null;function ask(){fetch('/__build'+(v===null?'':'?after='+v))"
    b".then(function(r){return r.text()}).then(function(t){if(v!==null&&t!==v){location.reload();return}"
    b"v=t;ask()}).catch(function(){setTimeout(ask,500)})}ask()})();</script>"
)
"""Served pages ask for the build number, then ask again and again with ``?after=N``: the answer
comes as soon as a new build is in place, and the page reloads."""

WAIT = 25.0
"""How long a page's question waits for a new build before the answer is the same number."""


def snapshot(root: Path) -> tuple[tuple[str, int, int], ...]:
    """The watched files with their modification time and size, to detect a change. A file that
    vanishes while it is scanned (an editor's swap file) is left out; an unreadable folder is
    left out too (the build reports it)."""
    files = []
    for folder in (CONTENT, LOCALES, TEMPLATES):
        try:
            paths = sorted((root / folder).rglob("*"))
        except OSError:
            continue
        for path in paths:
            try:
                status = path.stat()
            except OSError:
                continue
            if stat.S_ISREG(status.st_mode):
                files.append((path.as_posix(), status.st_mtime_ns, status.st_size))
    return tuple(files)


class _State:
    """The build number the pages ask for, shared between the watcher and the server."""

    def __init__(self) -> None:
        self.generation = 0
        self.changed = threading.Condition()

    def next(self) -> None:
        """A new build is in place: answer every page waiting for one."""
        with self.changed:
            self.generation += 1
            self.changed.notify_all()

    def after(self, seen: str) -> int:
        """The build number, once it is not ``seen`` (or after :data:`WAIT` seconds)."""
        with self.changed:
            self.changed.wait_for(lambda: str(self.generation) != seen, timeout=WAIT)
            return self.generation


def _handler(folder: Path, state: _State) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            if self.path == "/__build" or self.path.startswith("/__build?after="):
                seen = self.path.partition("?after=")[2]
                number = state.after(seen) if seen else state.generation
                self.send(str(number).encode(), "text/plain")
                return
            path = Path(self.translate_path(self.path))
            if path.is_dir() and self.path.split("?")[0].endswith("/"):
                path = path / "index.html"  # a folder without its '/' is redirected by the base class
            if path.suffix == ".html":
                try:
                    page = path.read_bytes()
                except OSError:  # no such page (or it is being swapped out): the base class says 404
                    super().do_GET()
                    return
                self.send(page.replace(b"</body>", _RELOAD + b"</body>", 1), "text/html; charset=utf-8")
                return
            super().do_GET()

        def send(self, body: bytes, content_type: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass  # one line per request would drown the build reports

    return functools.partial(Handler, directory=str(folder))  # type: ignore[return-value]


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run(arguments: argparse.Namespace) -> int:
    """The command: see :func:`serve`."""
    return serve(arguments.project, arguments.port)


def serve(root: Path, port: int, poll: float = 0.05) -> int:
    """Serve the project's site on http://127.0.0.1:PORT/ until interrupted; 2 if the first build fails.

    Each rebuild is an ordinary incremental build (only the files whose inputs changed are
    rendered); with the watcher polling every 0.05 s and pages told at once of a new build, a saved
    edit is on screen about 0.2 s later at the real site's size (``bench/run.py --only serve``)."""
    if not 0 <= port <= 65535:
        print(f"error: --port {port}: a port is a number from 1 to 65535 (0: any free one); the default is 8000")
        return 2
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as Ctrl+C does, removing the build
    with tempfile.TemporaryDirectory(prefix="belote-serve-") as temporary:
        out = Path(temporary) / "site"
        state = _State()
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), _handler(out, state))
        except OSError as error:
            reason = "in use by another program" if error.errno == errno.EADDRINUSE else explain(error)
            print(f"error: cannot serve on 127.0.0.1 port {port}: {reason}: choose another with --port")
            return 2
        if build_and_report(root, out, False) != 0:
            server.server_close()
            return 2
        threading.Thread(target=server.serve_forever, daemon=True).start()
        print(f"Serving on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C to stop)", flush=True)
        seen = snapshot(root)
        try:
            while True:
                time.sleep(poll)
                current = snapshot(root)
                if current != seen:
                    seen = current
                    try:
                        built = build_and_report(root, out, False) == 0
                    except Exception as error:  # keep serving the last good site whatever happens
                        print(f"error: the rebuild failed: {type(error).__name__}: {error}")
                        built = False
                    if built:
                        state.next()
                    print(flush=True)
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    return 0
