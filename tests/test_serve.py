"""`serve`: builds, serves the site on localhost, and rebuilds when content changes."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from .site_helpers import copy_project


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read().decode("utf-8")
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@contextlib.contextmanager
def served(project: Path) -> Iterator[str]:
    """`serve` running on a free port for the block; yields its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "-C", str(project), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_rebuilds_when_content_changes(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    with served(project) as base:
        page = fetch(f"{base}/es/bidding.html")
        assert "Coger, pasar, contrar" in page and "/__build" in page  # the reload script
        assert fetch(f"{base}/__build") == "0"
        assert "<h1>" in fetch(f"{base}/")
        path = project / "locales/es/LC_MESSAGES/messages.po"
        path.write_text(
            path.read_text(encoding="utf-8").replace(
                'msgstr "Coger, pasar, contrar"', 'msgstr "Coger, pasar o contrar"'
            ),
            encoding="utf-8",
        )
        # the page's question waits for the new build (as the reload script asks it)
        assert fetch(f"{base}/__build?after=0") == "1"
        assert "Coger, pasar o contrar" in fetch(f"{base}/es/bidding.html")
    assert not (project / "site").exists(), "serve builds into a temporary folder"


def test_serve_redirects_a_folder_without_its_slash(tmp_path: Path) -> None:
    with served(copy_project(tmp_path / "project")) as base:
        fetch(f"{base}/")
        with urllib.request.urlopen(f"{base}/fr", timeout=5) as response:
            assert response.url.endswith("/fr/") and 'lang="fr"' in response.read().decode("utf-8")
