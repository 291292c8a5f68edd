"""Finding and sharing the site: each page's description and Open Graph / Twitter card tags in its
language, the PNG icons and the share image (exactly what generator/images.py draws), the root
chooser in every language, 404.html at the root (root-relative links, every language's pages)
and robots.txt."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
import yaml

from generator import images

from .conftest import ROOT
from .pagetext import visible_text
from .site_helpers import ALL_PAGES, LOCALES, PAGES
from .test_site import Elements

BASE_URL = "https://help.belote.example/"
OG_LOCALES = {"es": "es_ES", "ru": "ru_RU", "hi": "hi_IN", "bg": "bg_BG", "fr": "fr_FR"}
ASSETS = ROOT / "templates" / "assets"
SIZES = {"favicon-32.png": (32, 32), "apple-touch-icon.png": (180, 180), "share.png": (1200, 630)}
"""Each image's size in pixels (width, height)."""


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


def meta(elements: Elements) -> dict[str, str]:
    """The page's <meta> tags by name or property (og:locale:alternate joined by spaces)."""
    found: dict[str, str] = {}
    for attrs in elements.find("meta"):
        key = attrs.get("property") or attrs.get("name")
        if key:
            found[key] = f"{found[key]} {attrs['content']}" if key in found else str(attrs["content"])
    return found


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", ["index.html", *(f"{slug}.html" for slug in ALL_PAGES)])
def test_description_and_open_graph_tags_in_the_pages_language(site: Path, locale: str, name: str) -> None:
    elements = Elements((site / locale / name).read_text(encoding="utf-8"))
    tags = meta(elements)
    canonical = elements.find("link", rel="canonical")[0]["href"]
    description = tags["description"]
    assert len(description) > 40
    assert tags["og:description"] == tags["twitter:description"] == description
    assert tags["og:url"] == canonical == f"{BASE_URL}{locale}/{name}"
    assert tags["og:locale"] == OG_LOCALES[locale]
    assert tags["og:locale:alternate"].split() == [OG_LOCALES[code] for code in LOCALES if code != locale]
    assert tags["og:type"] == "website" and tags["twitter:card"] == "summary_large_image"
    assert tags["og:title"] == tags["twitter:title"] and tags["og:title"]
    assert tags["og:image"] == tags["twitter:image"] == f"{BASE_URL}assets/share.png"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["og:image:alt"] == tags["twitter:image:alt"] and tags["og:image:alt"]
    icons = {attrs["rel"]: attrs for attrs in elements.find("link") if "icon" in str(attrs["rel"])}
    assert icons["apple-touch-icon"]["href"] == "../assets/apple-touch-icon.png"
    pngs = [attrs for attrs in elements.find("link", rel="icon") if attrs.get("type") == "image/png"]
    assert [attrs["href"] for attrs in pngs] == ["../assets/favicon-32.png"] and pngs[0]["sizes"] == "32x32"


@pytest.mark.variants
@pytest.mark.parametrize("locale", LOCALES)
def test_each_description_is_translated_and_differs_per_page(site: Path, locale: str) -> None:
    descriptions = [
        meta(Elements((site / locale / f"{slug}.html").read_text(encoding="utf-8")))["description"] for slug in PAGES
    ]
    assert len(set(descriptions)) == len(PAGES)
    english = {
        " ".join(str(yaml.safe_load((ROOT / f"content/{slug}.yaml").read_text())["description"]).split())
        for slug in PAGES
    }
    assert not set(descriptions) & english


def test_french_no_break_spaces_stay_in_the_title_and_attributes(site: Path) -> None:
    html = (site / "fr" / "allowed-cards.html").read_text(encoding="utf-8")
    assert "<title>Quelle carte peut-on jouer\u202f? · " in html
    tags = meta(Elements(html))
    assert tags["og:title"] == "Quelle carte peut-on jouer\u202f?"
    assert "\u00a0:" in tags["description"] and " :" not in tags["description"]
    figure = Elements((site / "fr" / "bidding.html").read_text(encoding="utf-8")).find("svg")[0]
    assert "\u202f;" in str(figure["aria-label"]) and " ;" not in str(figure["aria-label"])


@pytest.mark.slow
def test_the_icons_and_the_share_image_are_what_the_script_draws() -> None:
    for name, draw in images.IMAGES.items():
        data = (ASSETS / name).read_bytes()
        assert png_size(data) == SIZES[name]
        assert data == draw(), f"templates/assets/{name} is not what generator/images.py draws: run it"


def test_png_writer_round_trips_pixels() -> None:
    import zlib

    data = images.png(2, 1, [bytes([1, 2, 3, 4, 5, 6])], alpha=False)
    assert png_size(data) == (2, 1)
    start = data.index(b"IDAT") + 4
    length = struct.unpack(">I", data[start - 8 : start - 4])[0]
    assert zlib.decompress(data[start : start + length]) == b"\x00\x01\x02\x03\x04\x05\x06"


def test_the_root_chooser_says_what_the_site_is_in_each_language(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    elements = Elements(html)
    assert elements.find("html")[0]["lang"] == "mul"  # several languages; English is not one of them
    assert "French Belote" not in visible_text(html)
    items = [attrs["lang"] for attrs in elements.find("li")]
    assert items == list(LOCALES)
    for locale in LOCALES:
        index = meta(Elements((site / locale / "index.html").read_text(encoding="utf-8")))
        assert index["description"] in html  # the locale's one line, in its language
    heading = html[html.index("<h1>") : html.index("</h1>")]
    position = 0
    for code in LOCALES:  # each site name in its own language, in the chooser's order
        position = heading.index(f'<span lang="{code}">', position) + 1
    assert meta(elements)["og:url"] == BASE_URL
    assert meta(elements)["og:site_name"] == meta(elements)["og:title"]  # every language's name, no English
    assert "French Belote" not in meta(elements)["og:site_name"]


def test_the_404_page_offers_every_languages_pages_from_the_root(site: Path) -> None:
    html = (site / "404.html").read_text(encoding="utf-8")
    elements = Elements(html)
    assert elements.find("html")[0]["lang"] == "mul"
    assert meta(elements)["robots"] == "noindex"
    sections = [attrs["lang"] for attrs in elements.find("section")]
    assert sections == list(LOCALES)
    hrefs = [str(attrs["href"]) for attrs in elements.find("a")]
    expected = [f"/{code}/{name}.html" for code in LOCALES for name in ("index", *ALL_PAGES, "practice")]
    assert hrefs == expected
    for attrs in elements.find("link"):
        assert str(attrs["href"]).startswith("/assets/")  # the same at any depth
    assert all((site / href[1:]).is_file() for href in hrefs)
    text = visible_text(html)
    for words in (
        "Página no encontrada",
        "Страница не найдена",
        "पेज नहीं मिला",
        "Страницата не е намерена",
        "Page introuvable",
    ):
        assert words in text


def test_robots_txt_points_at_the_sitemap(site: Path) -> None:
    lines = (site / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert "User-agent: *" in lines and f"Sitemap: {BASE_URL}sitemap.xml" in lines
    assert (site / "sitemap.xml").is_file()
