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
from .site_helpers import copy_project, stopped_making_a_folder

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
def served(project: Path, output: list[str] | None = None, host: str = "127.0.0.1") -> Iterator[str]:
    """`serve` running on a free port of ``host`` for the block; yields its base URL. Its output,
    once it has stopped, is added to ``output``; it must stop cleanly, without a traceback."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "-C", str(project), "--host", host, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield f"http://{'[::1]' if host == '::1' else '127.0.0.1'}:{port}"
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


@pytest.mark.variants
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


@pytest.mark.variants
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_serve_stopped_as_its_folder_is_made_leaves_nothing(tmp_path: Path, stop: signal.Signals) -> None:
    """The worst moment of the test above, every time (once, under load, it left the folder)."""
    project = copy_project(tmp_path / "project")
    run, temporary = stopped_making_a_folder(tmp_path, stop, "serve", "-C", str(project), "--port", str(free_port()))
    assert run.returncode == 0 and "Traceback" not in run.stdout and "Serving on" not in run.stdout, run.stdout
    assert not any(temporary.iterdir()), "the folder is removed"


def test_serve_refuses_a_host_it_cannot_listen_on(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "generator", "serve", "-C", str(ROOT), "--host", "no such host!"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stdout + run.stderr, run
    assert run.stdout.startswith("error: cannot serve on no such host! port 8000:"), run.stdout


# Requests as a careless or hostile client makes them: no traceback, ever -------------------------


def raw(base: str, request: bytes) -> bytes:
    """The server's answer to ``request``, sent as it is."""
    host, port = base.rsplit("/", 1)[-1].rsplit(":", 1)
    with socket.create_connection((host.strip("[]"), int(port)), timeout=30) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.slow
def test_an_address_that_cannot_be_a_path_is_a_400_and_a_client_that_leaves_is_no_error(tmp_path: Path) -> None:
    """An encoded NUL; a page's reload question left waiting when the page is left (every navigation,
    every closed tab), answered at the next save; a hundred idle connections closed, some reset."""
    project = copy_project(tmp_path / "project")
    output: list[str] = []
    with served(project, output) as base:
        fetch(f"{base}/")
        for address in ("/es/index%00.html", "/%00", "/es/%00/", "/assets/site%00.css"):
            status = raw(base, f"GET {address} HTTP/1.0\r\n\r\n".encode()).split(b"\r\n", 1)[0]
            assert status.split()[1] in (b"400", b"404"), (address, status)
            assert raw(base, f"HEAD {address} HTTP/1.0\r\n\r\n".encode()).split()[1] in (b"400", b"404")
        host, port = base.rsplit("/", 1)[-1].rsplit(":", 1)
        left = []
        for _ in range(5):  # pages left while their question waits
            sock = socket.create_connection((host, int(port)), timeout=30)
            sock.sendall(b"GET /__build?after=0 HTTP/1.1\r\nHost: x\r\n\r\n")
            left.append(sock)
        idle = [socket.create_connection((host, int(port)), timeout=30) for _ in range(100)]
        time.sleep(0.5)
        for sock in left:
            sock.close()
        for number, sock in enumerate(idle):
            if number % 2:  # a reset rather than a close
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            sock.close()
        page = project / "content/allowed-cards.yaml"
        page.write_text(page.read_text(encoding="utf-8").replace("North has spades", "North has a spade"))
        assert fetch(f"{base}/__build?after=0") == "1"  # the waiting questions are answered now
        time.sleep(0.5)
        assert "200" in raw(base, b"GET /fr/index.html HTTP/1.0\r\n\r\n").split(b"\r\n", 1)[0].decode()
    assert "Traceback" not in output[0] and "Error" not in output[0], output[0]


def test_serve_refuses_an_empty_host_before_it_listens(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "generator", "serve", "-C", str(ROOT), "--host", "", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stdout + run.stderr, run
    assert run.stdout.startswith("error: --host '': "), run.stdout
    assert "Built" not in run.stdout and len(run.stdout.splitlines()) == 1, run.stdout  # no build, nothing bound


@pytest.mark.slow
def test_serve_says_when_the_whole_network_can_reach_it(tmp_path: Path) -> None:
    output: list[str] = []
    with served(copy_project(tmp_path / "project"), output, host="0.0.0.0") as base:
        fetch(f"{base}/")
    notes = [line for line in output[0].splitlines() if "network" in line]
    assert len(notes) == 1 and notes[0].startswith("note: 0.0.0.0 ") and "every network" in notes[0], output[0]


@pytest.mark.slow
def test_serve_listens_on_ipv6_loopback(tmp_path: Path) -> None:
    output: list[str] = []
    with served(copy_project(tmp_path / "project"), output, host="::1") as base:
        assert 'hreflang="fr"' in fetch(f"{base}/")
    assert "Serving on http://[::1]:" in output[0] and "network" not in output[0], output[0]


@pytest.mark.slow
def test_serve_watches_a_locale_folder_linked_again_after_it_was_refused(tmp_path: Path) -> None:
    """A locale folder linked from outside is refused; moved into the project and linked again, as
    the error says, its edits are rebuilt: what serve watches follows what the build read."""
    project = copy_project(tmp_path / "project")
    outside = tmp_path / "outside-es"
    output: list[str] = []
    with served(project, output) as base:
        assert "Coger, pasar, contrar" in fetch(f"{base}/es/bidding.html")
        shutil.move(project / "locales/es", outside)
        (project / "locales/es").symlink_to(outside)
        assert fetch(f"{base}/__build?after=0") == "1"
        assert BANNER_ID in fetch(f"{base}/es/bidding.html")  # refused: links outside the project
        inside = project / "translations-es"
        shutil.move(outside, inside)
        (project / "locales/es").unlink()
        (project / "locales/es").symlink_to(inside)
        generation = fetch(f"{base}/__build?after=1")
        deadline = time.monotonic() + 30
        while BANNER_ID in fetch(f"{base}/es/bidding.html") and time.monotonic() < deadline:
            generation = fetch(f"{base}/__build?after={generation}")
        assert BANNER_ID not in fetch(f"{base}/es/bidding.html")
        time.sleep(0.5)  # the watcher follows the new link
        path = inside / "LC_MESSAGES/messages.po"
        path.write_text(
            path.read_text(encoding="utf-8").replace('msgstr "Coger, pasar, contrar"', 'msgstr "Coger o pasar"'),
            encoding="utf-8",
        )
        for _ in range(5):  # a build for each batch of the watcher's events, until the edit shows
            if "Coger o pasar" in fetch(f"{base}/es/bidding.html"):
                break
            after = fetch(f"{base}/__build?after={generation}")
            if after == generation:
                break  # no build for 25 s: the edit was not seen
            generation = after
        assert "Coger o pasar" in fetch(f"{base}/es/bidding.html")
