"""Gate: every internal link and asset reference of the built site resolves (fragments too),
nothing is fetched from elsewhere, every page has its hreflang siblings and they point back,
and the sitemap lists only pages that exist. Run alone: .venv/bin/python -m pytest tests/test_gate_links.py"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from .test_site import Elements

BASE_URL = "https://help.belote.example/"
BASE_PATH = "/"
SHARED_FILES = ("og:image", "twitter:image")
"""Open Graph and Twitter card tags that name a file of the site by its absolute URL."""


def link_problems(site: Path) -> list[str]:
    """Every broken reference, external fetch and one-way hreflang link of the site."""
    problems = []
    alternates: dict[str, set[str]] = {}  # page URL -> its hreflang siblings
    defaults: dict[str, str] = {}  # page URL -> its x-default
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        html = path.read_text(encoding="utf-8")
        elements = Elements(html)
        for tag, attrs in elements.tags:
            for key in ("href", "src", "data-bundle"):  # data-bundle: the search box's Pagefind script
                target = attrs.get(key)
                if target is None:
                    continue
                if tag == "link" and attrs.get("rel") in ("canonical", "alternate"):
                    if not target.startswith(BASE_URL):
                        problems.append(f"{name}: {attrs['rel']} {target} is not under {BASE_URL}")
                    continue
                if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|//", target):
                    if tag != "a" or key != "href":
                        problems.append(f"{name}: <{tag} {key}> fetches {target} from elsewhere")
                    continue
                file, _, fragment = target.partition("#")
                file = file.partition("?")[0]  # a query (practice.html?reason=CODE) is for the page's script
                if file.startswith("/"):  # root-relative (404.html): from the path of the base URL
                    linked = site / file[len(BASE_PATH) :] if file.startswith(BASE_PATH) else site / "nowhere"
                else:
                    linked = (path.parent / file).resolve() if file else path
                if not linked.is_file():
                    problems.append(f"{name}: <{tag} {key}={target!r}> leads nowhere")
                elif fragment and f'id="{fragment}"' not in linked.read_text(encoding="utf-8"):
                    problems.append(f"{name}: <{tag} {key}={target!r}>: no element has that id")
        for attrs in elements.find("meta"):
            if attrs.get("property") in SHARED_FILES or attrs.get("name") in SHARED_FILES:
                content = str(attrs.get("content"))
                if not content.startswith(BASE_URL) or not (site / content[len(BASE_URL) :]).is_file():
                    problems.append(
                        f"{name}: {attrs.get('property') or attrs.get('name')} {content} is not a file of the site"
                    )
        links = {attrs["hreflang"]: attrs["href"] for attrs in elements.find("link", rel="alternate")}
        if links:
            url = BASE_URL + (name if name != "index.html" else "")  # the language chooser is the root
            alternates[url] = {href for lang, href in links.items() if lang != "x-default"}
            defaults[url] = str(links.get("x-default"))
    for url, siblings in alternates.items():
        if url not in siblings and defaults[url] != url:
            problems.append(f"{url[len(BASE_URL) :]}: its hreflang alternates do not include itself")
        if defaults[url] not in alternates:
            problems.append(f"{url[len(BASE_URL) :]}: x-default {defaults[url]} is not a page of the site")
        for sibling in siblings:
            if sibling not in alternates:
                problems.append(f"{url[len(BASE_URL) :]}: hreflang {sibling} is not a page of the site")
            elif url not in alternates[sibling] and defaults[sibling] != url:
                problems.append(f"{sibling[len(BASE_URL) :]}: does not point back to {url[len(BASE_URL) :]}")
    sitemap = ElementTree.fromstring((site / "sitemap.xml").read_bytes())
    for location in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc"):
        relative = (location.text or "")[len(BASE_URL) :] or "index.html"
        if not (site / relative).is_file():
            problems.append(f"sitemap.xml: {location.text} is not a page of the site")
    return problems


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


def test_the_site_has_no_broken_link_and_every_hreflang_points_back(site: Path) -> None:
    assert link_problems(site) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "old, new, problem",
    [
        ('href="allowed-cards.html"', 'href="allowed-card.html"', "leads nowhere"),
        ('href="#main"', 'href="#nowhere"', "no element has that id"),
        (
            '<link rel="stylesheet" href="../assets/site.css">',
            '<link rel="stylesheet" href="https://cdn.example/site.css">',
            "fetches https://cdn.example/site.css",
        ),
        (
            '<link rel="alternate" hreflang="ru" href="https://help.belote.example/ru/bidding.html">\n',
            "",
            "es/bidding.html: does not point back to ru/bidding.html",
        ),
        ('href="/fr/allowed-cards.html"', 'href="/fr/allowed-card.html"', "404.html: <a href='/fr/allowed-card.html'"),
        ("assets/share.png", "assets/shared.png", "og:image https://help.belote.example/assets/shared.png"),
        ('"../pagefind/pagefind.js"', '"../pagefind/search.js"', "<form data-bundle='../pagefind/search.js'> leads"),
    ],
)
def test_the_gate_fails_on_a_planted_fault(site: Path, tmp_path: Path, old: str, new: str, problem: str) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    page = copy / ("404.html" if old.startswith('href="/') else "es/bidding.html")
    html = page.read_text(encoding="utf-8")
    assert old in html
    page.write_text(html.replace(old, new, 1), encoding="utf-8")
    assert any(problem in found for found in link_problems(copy)), link_problems(copy)
