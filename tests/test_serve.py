"""`serve`: builds, serves the site on 127.0.0.1, rebuilds when content changes (a linked folder's
too), keeps serving through a failed build with its errors in a banner, answers unknown addresses
with 404.html, and stops cleanly on SIGTERM or Ctrl+C, even during its first build."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.commands.serve import BANNER_ID

from .conftest import ROOT
from .site_helpers import copy_project

WRONG = ("allowed: [KS, 7S]", "allowed: [KS, 7S, JH]")
"""An edit of content/allowed-cards.yaml that makes an example wrong (JH is refused: must follow suit)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, timeout: float = 60) -> str:
    """The body of ``url`` once the server answers 200 (bounded by ``timeout``)."""
    return answer(url, timeout)[1]


def answer(url: str, timeout: float = 60) -> tuple[int, str]:
    """The status and body of ``url``, once the server answers (bounded by ``timeout``)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@contextlib.contextmanager
def served(project: Path, output: list[str] | None = None) -> Iterator[str]:
    """`serve` running on a free port of 127.0.0.1 for the block; yields its base URL. Its output,
    once it has stopped, is added to ``output``; it must stop cleanly."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "-C", str(project), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        printed = server.communicate(timeout=20)[0]
        if output is not None:
            output.append(printed)
    assert server.returncode == 0 and "Traceback" not in printed, printed


def test_serve_rebuilds_when_content_changes(tmp_path: Path) -> None:
    """The catalog edited is in a linked folder (inside the project: a link out of it is refused),
    as a translator's checkout may be: it is watched."""
    project = copy_project(tmp_path / "project")
    elsewhere = project / "translations-es"
    shutil.move(project / "locales/es", elsewhere)
    (project / "locales/es").symlink_to(elsewhere)
    with served(project) as base:
        page = fetch(f"{base}/es/bidding.html")
        assert "Coger, pasar, contrar" in page and "/__build" in page  # the reload script
        assert fetch(f"{base}/__build") == "0"
        assert "<h1>" in fetch(f"{base}/")
        path = elsewhere / "LC_MESSAGES/messages.po"
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


@pytest.mark.slow
def test_serve_redirects_a_folder_without_its_slash(tmp_path: Path) -> None:
    with served(copy_project(tmp_path / "project")) as base:
        fetch(f"{base}/")
        with urllib.request.urlopen(f"{base}/fr", timeout=5) as response:
            assert response.url.endswith("/fr/") and 'lang="fr"' in response.read().decode("utf-8")


@pytest.mark.slow
def test_an_unknown_address_gets_the_sites_404_page(tmp_path: Path) -> None:
    with served(copy_project(tmp_path / "project")) as base:
        fetch(f"{base}/")
        for address in ("/fr/nope.html", "/nowhere/", "/assets/nope.png"):
            status, page = answer(base + address)
            assert status == 404 and 'hreflang="fr"' in page and "/__build" in page, address
        links = re.findall(r'href="(/[^"#]*)"', answer(f"{base}/nope.html")[1])
        assert links and all(answer(base + link)[0] == 200 for link in links), links


@pytest.mark.slow
def test_a_failed_build_is_shown_in_the_page_over_the_last_good_site(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "content/allowed-cards.yaml"
    good = page.read_text(encoding="utf-8")
    output: list[str] = []
    with served(project, output) as base:
        assert BANNER_ID not in fetch(f"{base}/es/bidding.html")
        page.write_text(good.replace(*WRONG), encoding="utf-8")
        assert fetch(f"{base}/__build?after=0") == "1"  # the open page is told, and reloads
        shown = fetch(f"{base}/es/bidding.html")
        assert BANNER_ID in shown and "Coger, pasar, contrar" in shown  # the last good site, with the banner
        assert "follow-suit: allowed: file says [KS, 7S, JH], engine computes [KS, 7S]" in shown
        assert answer(f"{base}/es/nope.html")[1].count(BANNER_ID) == 1
        page.write_text(good, encoding="utf-8")
        assert fetch(f"{base}/__build?after=1") == "2"
        assert BANNER_ID not in fetch(f"{base}/es/bidding.html")
    folder = re.search(r"into (\S+)/: ", output[0])
    assert folder is not None and not Path(folder[1]).exists()  # the banner was never written into the site


@pytest.mark.slow
def test_serve_starts_on_a_tree_that_does_not_build_and_shows_why(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "content/allowed-cards.yaml"
    good = page.read_text(encoding="utf-8")
    page.write_text(good.replace(*WRONG), encoding="utf-8")
    with served(project) as base:
        status, shown = answer(f"{base}/fr/index.html")
        assert status == 500 and BANNER_ID in shown and "engine computes [KS, 7S]" in shown
        assert "1 example not holding; nothing written" in shown
        page.write_text(good, encoding="utf-8")
        assert fetch(f"{base}/__build?after=0") == "1"
        assert answer(f"{base}/fr/index.html")[0] == 200


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_serve_stops_cleanly_during_its_first_build(tmp_path: Path, stop: signal.Signals) -> None:
    project = copy_project(tmp_path / "project")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "-C", str(project), "--port", str(free_port())],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    deadline = time.monotonic() + 60
    while not any(temporary.glob("belote-serve-*")) and time.monotonic() < deadline:
        time.sleep(0.01)  # the folder is made once the signals are handled, just before the first build
    server.send_signal(stop)
    printed = server.communicate(timeout=20)[0]
    assert server.returncode == 0 and "Traceback" not in printed, printed
    assert "Serving on" not in printed, "stopped during the first build"
    assert not any(temporary.iterdir()), "the build's folder is removed"


def test_serve_refuses_a_host_it_cannot_listen_on(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "generator", "serve", "-C", str(ROOT), "--host", "no such host!"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stdout + run.stderr, run
    assert run.stdout.startswith("error: cannot serve on no such host! port 8000:"), run.stdout
