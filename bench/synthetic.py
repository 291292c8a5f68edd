"""Synthetic sites for the benchmarks: the project's real pages copied into P pages per locale
(every example and every message unique, complete catalogs), and a Hugo site of the same pages.

Copy 0 of each real page is the page itself, so a site of as many pages as the real site is the
real site.
Copy k > 0 gets ids ``ID-k``, every English string (and its translations) ends in `` (k)``, and
each example shows a position of its own: its suits permuted and its seats turned (48 variants of
each real position, so that a site of up to 200 pages per locale repeats almost none, as the real
site does; a memo keyed by an example's content would otherwise measure the benchmark, not the
product).
"""

from __future__ import annotations

import itertools
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from generator.i18n.catalogs import TRANSLATED_RECORD, translated_record

ROOT = Path(__file__).resolve().parent.parent
TEXT_KEYS = ("title", "text", "heading", "explanation", "caption", "alt", "note", "definition")


SUITS = "SHDC"
_PERMUTATIONS = list(itertools.permutations(SUITS))
_SEATS = {"N": "S", "S": "N", "E": "W", "W": "E"}
"""The seats turned half round the table: the turn order and the teams stay as they were."""
_CARD = re.compile(r"(10|[789TJQKA])([SHDC])", re.I)
_CALL = re.compile(r"(\d+|take|capot|generale) ([SHDC])", re.I)


class Variant:
    """The same deal seen another way: its suits permuted and, for every second variant, its seats
    turned half round the table. The rules are the same for every suit and every seat, so every
    answer is the engine's for the new position (a card, a suit, a seat of ``expect`` follow)."""

    def __init__(self, k: int) -> None:
        self.suits = dict(zip(SUITS, _PERMUTATIONS[k % len(_PERMUTATIONS)], strict=True))
        self.turned = (k // len(_PERMUTATIONS)) % 2 == 1

    def seat(self, seat: str) -> str:
        return _SEATS[seat] if self.turned and seat in _SEATS else seat

    def value(self, key: object, value: str) -> str:
        if key in ("trump", "turned", "suit") and value.upper() in self.suits:
            return self.suits[value.upper()]
        if key in ("dealer", "taker", "winner", "belote_seat") or (len(value) == 1 and value in _SEATS and key is None):
            return self.seat(value)
        if (match := _CARD.fullmatch(value)) is not None:
            return match.group(1) + self.suits[match.group(2).upper()]
        if (match := _CALL.fullmatch(value)) is not None:
            return f"{match.group(1)} {self.suits[match.group(2).upper()]}"
        return value


def _copy_page(node: Any, k: int | str, key: object = None, variant: Variant | None = None) -> Any:
    """A page's YAML tree with its ids and English strings made unique for copy ``k``, and each
    example a position of its own (see :class:`Variant`)."""
    if variant is None and isinstance(k, int):
        variant = Variant(k)
    if isinstance(node, dict):
        copied = {}
        for name, value in node.items():
            if name == "id" and isinstance(value, str):
                copied[name] = f"{value}-{k}"
            elif name in TEXT_KEYS and isinstance(value, str):
                copied[name] = f"{value} ({k})"
            elif name == "list" and isinstance(value, list):
                copied[name] = [f"{item} ({k})" for item in value]
            else:
                turned = variant.seat(name) if variant is not None and isinstance(name, str) else name
                copied[turned] = _copy_page(value, k, name, variant)
        return copied
    if isinstance(node, list):
        return [_copy_page(item, k, key, variant) for item in node]
    if isinstance(node, str) and variant is not None:
        return variant.value(key, node)
    return node


def page_plan(pages: int) -> list[tuple[str, str, int]]:
    """(slug, real page, copy number) of every page of a site of ``pages`` pages per locale."""
    site = yaml.safe_load((ROOT / "content/site.yaml").read_text(encoding="utf-8"))
    real = list(site["pages"])
    plan = []
    for index in range(pages):
        source, k = real[index % len(real)], index // len(real)
        plan.append((source if k == 0 else f"{source}-{k}", source, k))
    return plan


_SUFFIX = re.compile(r"^(.*) \((\d+)\)$", re.S)


def make_site(folder: Path, pages: int) -> Path:
    """Write a project of ``pages`` pages per locale into ``folder`` (content, complete catalogs,
    the real templates); returns ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "templates", folder / "templates", dirs_exist_ok=True)
    (folder / "content").mkdir(exist_ok=True)
    site_text = (ROOT / "content/site.yaml").read_text(encoding="utf-8")
    plan = page_plan(pages)
    site_text = re.sub(r"(?m)^pages: .*$", f"pages: [{', '.join(slug for slug, _, _ in plan)}]", site_text)
    (folder / "content/site.yaml").write_text(site_text, encoding="utf-8")
    trees = {
        source: yaml.safe_load((ROOT / f"content/{source}.yaml").read_text(encoding="utf-8")) for _, source, _ in plan
    }
    for slug, source, k in plan:
        if k == 0:
            shutil.copy(ROOT / f"content/{source}.yaml", folder / f"content/{slug}.yaml")
        else:
            text = yaml.safe_dump(_copy_page(trees[source], k), allow_unicode=True, sort_keys=False, width=100)
            (folder / f"content/{slug}.yaml").write_text(text, encoding="utf-8")
    copies = {source: [k for _, s, k in plan if s == source and k > 0] for source in trees}
    locales = folder / "locales"
    for po in sorted((ROOT / "locales").glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as stream:
            real_catalog = read_po(stream)
        catalog = Catalog(locale=real_catalog.locale, header_comment=real_catalog.header_comment, fuzzy=False)
        catalog.mime_headers = real_catalog.mime_headers
        for message in real_catalog:
            if not message.id:
                continue
            catalog[message.id] = message
            sources = {Path(path).stem for path, _ in message.locations if path.startswith("content/")}
            for source in sources & copies.keys():
                for k in copies[source]:
                    catalog.add(
                        f"{message.id} ({k})",
                        f"{message.string} ({k})",
                        locations=[(f"content/{source}-{k}.yaml", line) for _, line in message.locations],
                        auto_comments=message.auto_comments,
                    )
        target = locales / po.relative_to(ROOT / "locales")
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as stream:
            write_po(stream, catalog, width=100)
        # the record i18n update writes beside it: a message the site then shows in English is new
        record = translated_record(target.read_bytes(), str(target), set(), None)
        (target.parent / TRANSLATED_RECORD).write_bytes(record)
    shutil.copy(ROOT / "locales/messages.pot", locales / "messages.pot")
    return folder


def add_page(project: Path, k: str) -> None:
    """A new page in the site: a copy of the allowed-cards page with its own ids and texts."""
    tree = yaml.safe_load((ROOT / "content/allowed-cards.yaml").read_text(encoding="utf-8"))
    text = yaml.safe_dump(_copy_page(tree, k), allow_unicode=True, sort_keys=False, width=100)
    (project / f"content/page-{k}.yaml").write_text(text, encoding="utf-8")
    site = project / "content/site.yaml"
    site.write_text(
        re.sub(r"(?m)^pages: \[(.*)\]$", rf"pages: [\1, page-{k}]", site.read_text(encoding="utf-8")), encoding="utf-8"
    )


def make_hugo_site(folder: Path, project: Path, built: Path) -> Path:
    """A Hugo site of the same pages as the project in ``project``, whose site was built into
    ``built``: same locales, page index per locale, language switcher, hreflang alternates, footer
    with the page's neighbours and the locale's index, and the same text as each built page (its
    headings, paragraphs, lists and tables, the examples' included, as Markdown)."""
    site = yaml.safe_load((project / "content/site.yaml").read_text(encoding="utf-8"))
    locales = list(site["locales"])
    config = [
        f'baseURL = "{site["base_url"]}"',
        'defaultContentLanguage = "fr"',
        "defaultContentLanguageInSubdir = true",
        'disableKinds = ["taxonomy", "term", "RSS"]',
        "[languages]",
    ]
    for weight, code in enumerate(locales, 1):
        config += [
            f"[languages.{code}]",
            f'contentDir = "content/{code}"',
            f"weight = {weight}",
            f'languageName = "{code}"',
        ]
    (folder / "layouts/_default").mkdir(parents=True, exist_ok=True)
    (folder / "hugo.toml").write_text("\n".join(config) + "\n", encoding="utf-8")
    (folder / "layouts/_default/baseof.html").write_text(
        """<!DOCTYPE html>
<html lang="{{ .Language.Lang }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}<link rel="stylesheet" href="{{ "assets/site.css" | relURL }}"></head>
<body><header class="top"><a class="brand" href="{{ "" | relLangURL }}">{{ .Site.Title }}</a>
<nav class="langs"><ul>{{ range .AllTranslations }}<li><a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">
{{- .Language.LanguageName }}</a></li>{{ end }}</ul></nav></header>
<main id="main">{{ block "main" . }}{{ end }}</main>
<footer class="foot"><nav><ul>
{{ with .PrevInSection }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}
<li><a href="{{ "" | relLangURL }}">{{ .Site.Title }}</a></li>
{{ with .NextInSection }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}
</ul></nav></footer></body></html>
""",
        encoding="utf-8",
    )
    (folder / "layouts/_default/single.html").write_text(
        '{{ define "main" }}<article class="page"><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}\n',
        encoding="utf-8",
    )
    (folder / "layouts/index.html").write_text(
        '{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul class="pages">{{ range .Site.RegularPages.ByWeight }}'
        '<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span>{{ .Params.examples }}</span></li>'
        "{{ end }}</ul>{{ end }}\n",
        encoding="utf-8",
    )
    (folder / "layouts/_default/list.html").write_text((folder / "layouts/index.html").read_text(), encoding="utf-8")
    (folder / "static/assets").mkdir(parents=True, exist_ok=True)
    shutil.copy(project / "templates/assets/site.css", folder / "static/assets/site.css")
    for code in locales:
        lang = folder / "content" / code
        lang.mkdir(parents=True, exist_ok=True)
        name = _title(built / code / "index.html")
        (lang / "_index.md").write_text(f'---\ntitle: "{name}"\n---\n', encoding="utf-8")
        for weight, slug in enumerate(site["pages"], 1):
            page = built / code / f"{slug}.html"
            body = _markdown(page)
            title = _title(page).replace('"', '\\"')
            front = f'---\ntitle: "{title}"\nweight: {weight}\nexamples: {body.count("### ")}\n---\n'
            (lang / f"{slug}.md").write_text(front + body, encoding="utf-8")
    return folder


_BLOCKS = {"h1": "# ", "h2": "## ", "h3": "### ", "h4": "#### ", "p": "", "li": "- ", "caption": ""}


class _PageText(HTMLParser):
    """The text of a built page's article as Markdown: each heading, paragraph and list item a
    line of its own, each table row a Markdown table row."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.inside = 0  # depth within <article class="page">
        self.block: list[str] | None = None
        self.prefix = ""
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.rows = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article" and ("class", "page") in attrs:
            self.inside = 1
        elif self.inside and tag == "article":
            self.inside += 1
        if not self.inside:
            return
        if tag in _BLOCKS and self.cell is None:
            self.block, self.prefix = [], _BLOCKS[tag]
        elif tag == "table":
            self.rows = 0
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if not self.inside:
            return
        if tag in _BLOCKS and self.block is not None and self.cell is None:
            text = " ".join("".join(self.block).split())
            if text:
                self.lines += [self.prefix + text.replace("|", "\\|"), ""]
            self.block = None
        elif tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()).replace("|", "\\|") or " ")
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.lines.append("| " + " | ".join(self.row) + " |")
            if self.rows == 0:
                self.lines.append("|" + "---|" * len(self.row))
            self.rows += 1
            self.row = None
        elif tag == "table":
            self.lines.append("")
        elif tag == "article":
            self.inside -= 1

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif self.block is not None:
            self.block.append(data)


def _markdown(page: Path) -> str:
    parser = _PageText()
    parser.feed(page.read_text(encoding="utf-8"))
    return "\n".join(parser.lines[2:]) + "\n"  # the h1 is Hugo's title


def _title(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text[text.index("<title>") + 7 : text.index("</title>")].split(" · ")[0].split(" — ")[0]
