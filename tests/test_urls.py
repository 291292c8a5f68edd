"""The base URL (generator/urls.py): what it accepts and refuses, where it comes from (site.yaml,
`build --base-url`, $BELOTE_DOCS_BASE_URL), and a site built at a domain's root and under
`/REPO/` (as GitHub Pages serves a project site), fetched over HTTP from 127.0.0.1."""

from __future__ import annotations

import contextlib
import functools
import http.server
import re
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.build import build
from generator.urls import ENVIRONMENT, SiteURL, override

from .conftest import ROOT
from .site_helpers import copy_project, run_build


@pytest.mark.parametrize(
    ("text", "url", "path"),
    [
        ("https://help.example.com/", "https://help.example.com/", "/"),
        ("https://octo.github.io/belote-docs", "https://octo.github.io/belote-docs/", "/belote-docs/"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000/", "/"),
        ("https://Bücher.example/règles/", "https://xn--bcher-kva.example/r%C3%A8gles/", "/r%C3%A8gles/"),
        ("https://x.example/a%20b/", "https://x.example/a%20b/", "/a%20b/"),
        # RFC 3986's normalizations (6.2.2, 6.2.3): escapes in capitals, unreserved ones decoded,
        # the port without its leading zeros, the scheme's own dropped
        ("https://x.example/%c3%a8%7e%2D/", "https://x.example/%C3%A8~-/", "/%C3%A8~-/"),
        ("http://x.example:0080/docs", "http://x.example/docs/", "/docs/"),
        ("https://x.example:443/", "https://x.example/", "/"),
        ("https://x.example:/", "https://x.example/", "/"),
        ("http://x.example:8080/", "http://x.example:8080/", "/"),
        ("https://x.example/a..b/.c/", "https://x.example/a..b/.c/", "/a..b/.c/"),
        ("http://[::1]:8000/", "http://[::1]:8000/", "/"),
    ],
)
def test_a_base_url_is_ascii_and_ends_in_a_slash(text: str, url: str, path: str) -> None:
    parsed = SiteURL.parse(text)
    assert (str(parsed), parsed.path) == (url, path)
    assert parsed.page("pt_BR", "index.html") == f"{url}pt_BR/index.html"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("ftp://x.example/", "must start with https://"),
        ("help.example.com", "must start with https://"),
        ("https://me:secret@x.example/", "user name or password"),
        ("https://x.example/?lang=fr", "no query"),
        ("https://x.example/#top", "no fragment"),
        ("https:///docs/", "no host"),
        ("https://x example/", "holds a space"),
        ("https://a..b/", "is not a host name"),
        ("https://x.example:99999/", "port 99999: a port is a number from 1 to 65535"),
        ("https://x.example:0/", "port 0: a port is a number from 1 to 65535"),
        ("https://x.example:+80/", "port '+80': a port is a number from 1 to 65535"),
        ("https://x.example:８0/", "port '８0': a port is a number from 1 to 65535"),
        ("https://x.example/%zz/", "'%zz' is not a percent-escape"),
        ("https://x.example/a%2/", "'%2' is not a percent-escape"),
        ("https://x.example/100%/", "'%' is not a percent-escape"),
        ("https://x.example/%2e%2e/", "a dot segment ('%2e%2e')"),
        ("https://x.example/a/../b/", "a dot segment ('..')"),
        ("https://x.example/./", "a dot segment ('.')"),
        ("https://x.example/docs/%2E", "a dot segment ('%2E')"),
        ("https://999.1.2.3/", "'999.1.2.3' is not a host name"),
        ("https://[::1/", "'[::1' is not an IPv6 address"),
    ],
)
def test_a_base_url_that_is_not_one_is_refused(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        SiteURL.parse(text)


def test_the_option_stands_for_the_environment_and_the_environment_for_site_yaml() -> None:
    assert override(None, {}) is None
    assert override(None, {ENVIRONMENT: ""}) is None
    assert str(override(None, {ENVIRONMENT: "https://e.example"})) == "https://e.example/"
    assert str(override("https://o.example", {ENVIRONMENT: "https://e.example"})) == "https://o.example/"
    with pytest.raises(ValueError, match=f"^{ENVIRONMENT}: 'ftp://e.example'"):
        override(None, {ENVIRONMENT: "ftp://e.example"})


def test_a_wrong_base_url_in_site_yaml_is_reported_at_its_place(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    site = project / "content/site.yaml"
    site.write_text(
        site.read_text(encoding="utf-8").replace("base_url: https://help.belote.example/", "base_url: https://x/?a=1"),
        encoding="utf-8",
    )
    line = next(n for n, text in enumerate(site.read_text().splitlines(), 1) if text.startswith("base_url"))
    result, lines = run_build(project, None)
    assert result.code == 2
    assert f"content/site.yaml:{line}:11: error: base_url: 'https://x/?a=1': a site's address has no query" in lines[0]


def test_a_wrong_base_url_option_is_refused_before_anything_is_read(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "generator", "build", "-C", str(ROOT), "--out", str(tmp_path / "site")]
    done = subprocess.run([*command, "--base-url", "https://u:p@x/"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and not (tmp_path / "site").exists()
    assert (
        done.stdout.startswith("error: --base-url: 'https://u:p@x/': an address with a user name") and not done.stderr
    )


@pytest.mark.slow
def test_robots_is_plain_text_and_the_sitemap_xml_escaped() -> None:
    built = build(ROOT, None, False, base_url=SiteURL.parse("https://x.example/a&b/ré/"))
    assert built.code == 0
    robots = built.files["robots.txt"].decode()
    sitemap = built.files["sitemap.xml"].decode()
    assert "Sitemap: https://x.example/a&b/r%C3%A9/sitemap.xml\n" in robots
    assert "<loc>https://x.example/a&amp;b/r%C3%A9/fr/index.html</loc>" in sitemap
    assert "a&b" not in sitemap


@contextlib.contextmanager
def http_folder(folder: Path) -> Iterator[str]:
    """A static server of ``folder`` on 127.0.0.1 (a free port) for the block, answering unknown
    addresses with the site's 404.html as GitHub Pages does; yields its origin."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            missing = next(iter(sorted(folder.rglob("404.html"))), None)
            if code != 404 or missing is None:
                super().send_error(code, message, explain)
                return
            body = missing.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def status(url: str) -> tuple[int, str]:
    """The status and body of a GET of ``url``."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@pytest.mark.slow
@pytest.mark.parametrize("prefix", ["/", "/belote-docs/"])
def test_the_site_works_over_http_at_its_base_url(tmp_path: Path, prefix: str) -> None:
    """Built at the address it is then served at: 404.html's links (root-relative), each page's
    canonical and hreflang URLs, the sitemap's and robots.txt's all answer 200."""
    docroot = tmp_path / "docroot"
    out = docroot / prefix.strip("/") if prefix != "/" else docroot
    with http_folder(docroot) as origin:
        built = build(ROOT, out, False, base_url=SiteURL.parse(origin + prefix))  # strictness: test_site's
        assert built.code == 0, built.problems
        code, missing = status(f"{origin}{prefix}fr/no-such-page.html")
        assert code == 404 and 'hreflang="fr"' in missing
        links = re.findall(r'(?:href|src)="(/[^"#]*)', missing)
        assert len(links) > 10 and all(link.startswith(prefix) for link in links)
        for link in sorted(set(links)):
            assert status(origin + link)[0] == 200, link
        code, robots = status(f"{origin}{prefix}robots.txt")
        sitemap_url = re.search(r"^Sitemap: (\S+)$", robots, re.M)
        assert code == 200 and sitemap_url is not None and sitemap_url[1] == f"{origin}{prefix}sitemap.xml"
        code, sitemap = status(sitemap_url[1])
        urls = set(re.findall(r'<loc>([^<]+)</loc>|href="([^"]+)"', sitemap))
        flat = {url for pair in urls for url in pair if url}
        assert code == 200 and len(flat) > 20
        for url in sorted(flat):
            assert url.startswith(origin + prefix) and status(url)[0] == 200, url
        page = status(f"{origin}{prefix}es/bidding.html")[1]
        assert f'<link rel="canonical" href="{origin}{prefix}es/bidding.html">' in page
    shutil.rmtree(docroot)
