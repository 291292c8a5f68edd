"""The site's content read from located YAML: its configuration and its pages.

A page is a title, an "in brief" summary and sections of blocks: paragraphs, lists, worked
examples (in the engine's example format, plus a title and an explanation), a figure and notes.
Every string is English source text that keeps where it was written, so that a catalog, a
warning or a translator can point at it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from ..files import FileError, read_input
from ..invocation import command
from ..locales import locale_problem
from ..problems import Problem
from ..rules import Call, CallKind, Game, Seat
from ..urls import SiteURL
from ..words.terms import GLOSSARY_WORDS, TERMS, Message, word
from .examples import Example, ExampleSet, PlayExample, Reader
from .source import Document, Map, Node, Pos, Scalar, Seq

SLUG_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
ANCHOR_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")
_SEE = re.compile(r"[a-z0-9][a-z0-9-]*#[a-z][a-z0-9-]*\Z")
_TEMPLATE_ID = re.compile(r"""\bid=(["'])([a-z][a-z0-9-]*)(\1|\{\{)""")
"""An ``id`` a template gives: ``id="main"`` (an id), or ``id="v-{{ view.id }}"`` (a prefix, ``v-``)."""
_HTML = re.compile(r"<[A-Za-z!/?]")
"""An HTML tag or comment, which content may not use."""
LOCALE_STATES = ("published", "draft")
EXAMPLE_EXTRA = ("title", "explanation")
"""The fields a page's example has besides the example's own (both required)."""
BLOCK_KINDS = ("text", "list", "example", "figure", "note")
"""A block of a summary or a section is a mapping of one of these keys."""

# The fields of each mapping of the page and site files, all required (generator/schema.py makes
# the content's JSON Schema of these tables and of the examples' in examples.py).
SITE_FIELDS = ("name", "base_url", "locales", "pages")
PAGE_FIELDS = ("title", "description", "summary", "sections")
GLOSSARY_FIELDS = ("title", "description", "summary", "entries")
SECTION_FIELDS = ("id", "heading", "content")
ENTRY_FIELDS = ("id", "term", "definition", "see")
FIGURE_FIELDS = ("alt", "caption", "contract", "example")


@dataclass(frozen=True, slots=True)
class Text:
    """A source string (English, inline Markdown) and where it is written."""

    msgid: str
    path: str
    line: int
    column: int
    example: str | None = None
    """The id of the example it belongs to (a title, an explanation, a figure's text)."""

    @property
    def origin(self) -> str:
        """``FILE:LINE`` (and the example's id), as warnings cite it."""
        return f"{self.path}:{self.line}" + (f", example {self.example}" if self.example else "")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of prose."""

    kind: ClassVar[str] = "text"

    text: Text


@dataclass(frozen=True, slots=True)
class BulletList:
    """A bulleted list."""

    kind: ClassVar[str] = "list"

    items: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class Note:
    """A paragraph set apart, such as a difference between the house and official rules."""

    kind: ClassVar[str] = "note"

    text: Text


@dataclass(frozen=True, slots=True)
class ExampleBlock:
    """A worked example: its title, the engine-checked example, and its explanation."""

    kind: ClassVar[str] = "example"

    title: Text
    example: Example
    explanation: Text


@dataclass(frozen=True, slots=True)
class Figure:
    """A picture of the app's screen drawn from a checked play example and a contract."""

    kind: ClassVar[str] = "figure"

    alt: Text
    caption: Text
    taker: Seat
    contract: Call
    example: PlayExample


Block = Paragraph | BulletList | Note | ExampleBlock | Figure


@dataclass(frozen=True, slots=True)
class Section:
    """A heading, its anchor (the same in every locale) and its blocks."""

    id: str
    heading: Text
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Entry:
    """A glossary entry: its anchor, the game's term it defines (a catalog term, so that the glossary
    and the pages say the same word), a one-line definition, and the anchor of the page that shows it."""

    id: str
    term: Message
    definition: Text
    see: Text
    """``PAGE#ANCHOR``: a section or an example of another page."""


@dataclass(frozen=True, slots=True)
class Page:
    """One help page, as its content file writes it."""

    slug: str
    path: str
    title: Text
    description: Text
    """One or two sentences for search results and link previews (``<meta name="description">``)."""
    summary: tuple[Block, ...]
    sections: tuple[Section, ...]
    entries: tuple[Entry, ...] = ()
    """The glossary's entries (a glossary page has no sections)."""
    ids: tuple[tuple[str, int, int], ...] = ()
    """The id of each section or glossary entry and where it is written (line, column)."""

    @property
    def anchors(self) -> set[str]:
        """Every anchor of the page: sections, examples (``ex-ID``) and glossary entries."""
        examples = {f"ex-{block.example.id}" for block in self.blocks if isinstance(block, ExampleBlock)}
        return {section.id for section in self.sections} | examples | {entry.id for entry in self.entries}

    @property
    def blocks(self) -> list[Block]:
        """Every block of the page, the summary's first, in reading order."""
        return [*self.summary, *(block for section in self.sections for block in section.blocks)]


@dataclass(frozen=True, slots=True)
class Site:
    """The site's configuration: its name, base URL, locales (published or draft) and pages."""

    path: str
    name: Text
    base_url: SiteURL
    locales: dict[str, str]
    pages: tuple[str, ...]

    @property
    def published(self) -> list[str]:
        """The locales shown in the language chooser and the sitemap."""
        return [code for code, state in self.locales.items() if state == "published"]


def see_targets(pages: Iterable[Page]) -> dict[str, Text]:
    """Each section and example a glossary entry may point at (``PAGE#ANCHOR``), with the heading
    or title the glossary shows for it: what the check of `see` accepts and the template renders."""
    targets: dict[str, Text] = {}
    for page in pages:
        for section in page.sections:
            targets[f"{page.slug}#{section.id}"] = section.heading
            for block in section.blocks:
                if isinstance(block, ExampleBlock):
                    targets[f"{page.slug}#ex-{block.example.id}"] = block.title
    return targets


@dataclass(frozen=True, slots=True)
class TemplateIds:
    """The ids the templates give to their own elements, and the prefixes of those they make
    (``ex-`` + an example's id): a section or a glossary entry may take none."""

    ids: frozenset[str]
    prefixes: frozenset[str]

    def refusal(self, value: str) -> str | None:
        """Why a page may not take the id ``value`` (the page would give it twice); None if it may."""
        if value not in self.ids and not any(value.startswith(prefix) for prefix in self.prefixes):
            return None
        return (
            f"id: {value!r} is taken by the page itself (templates/*.html give the ids {', '.join(sorted(self.ids))} "
            f"and those starting {', '.join(sorted(self.prefixes))}): choose another"
        )


NO_TEMPLATES = TemplateIds(frozenset(), frozenset())


def template_ids(templates: Path) -> TemplateIds:
    """The ids of ``templates/*.html``, read from the files as they are now (a template that
    cannot be read has its own problem, where the templates are compiled)."""
    ids: set[str] = set()
    prefixes: set[str] = set()
    for path in sorted(templates.glob("*.html")) if os.path.isdir(templates) else []:
        try:
            text = read_input(path).decode("utf-8", "replace")
        except FileError:
            continue
        for _, value, end in _TEMPLATE_ID.findall(text):
            (prefixes if end == "{{" else ids).add(value)
    return TemplateIds(frozenset(ids), frozenset(prefix for prefix in prefixes if prefix.endswith("-")))


def anchor_problems(pages: Iterable[Page], templates: TemplateIds) -> list[Problem]:
    """Each section or glossary entry id of pages read before (kept in the build's cache) that the
    templates now give too, at its place; a page read now is checked as it is read."""
    return [
        Problem(page.path, line, column, refusal)
        for page in pages
        for value, line, column in page.ids
        if (refusal := templates.refusal(value)) is not None
    ]


def is_page(document: Document) -> bool:
    """True for a page file (a mapping with `sections`, or a glossary's `entries`), as opposed to a
    list of examples."""
    root = document.root
    return isinstance(root, Map) and (root.get("sections") is not None or root.get("entries") is not None)


def is_site(document: Document) -> bool:
    """True for the site's configuration file (a mapping with `locales`)."""
    return isinstance(document.root, Map) and document.root.get("locales") is not None


class PageReader:
    """Reads page and site files into :class:`Page` and :class:`Site`, with a :class:`Reader` for
    their values; the problems go to the run's list, as for examples."""

    def __init__(self, document: Document, examples: ExampleSet, templates: TemplateIds = NO_TEMPLATES) -> None:
        self.document = document
        self.examples = examples
        self.templates = templates
        """The ids the templates give, which no section or entry may take."""
        self.reader = Reader(document.path, examples.problems)
        self.ids: list[tuple[str, int, int]] = []
        """Each section's or entry's id read, and where (:attr:`Page.ids`)."""

    def fields(self, node: Node | None, what: str, required: tuple[str, ...]) -> Map | None:
        """``node`` as a mapping, with unknown and missing fields reported."""
        if not isinstance(node, Map):
            where = node or self.document.root or Scalar("", True, Pos(1, 1, 0, 0))
            self.reader.error(where, f"{what}: expected a mapping with {', '.join(required)}")
            return None
        self.reader.unknown_fields(node, required)
        for key in required:
            self.reader.require(node, key)
        return node

    def source(self, node: Node | None, what: str) -> Text | None:
        """The English source text at ``node``, with its place (runs of whitespace made one space);
        None, with a problem, when it is empty or holds raw HTML."""
        if node is None:
            return None
        value = self.reader.text(node, what)
        if value is None:
            return None
        if not value.strip():
            self.reader.error(node, f"{what}: empty text: write the English source text")
            return None
        if _HTML.search(value):
            self.reader.error(
                node, f"{what}: raw HTML is not allowed in content: use Markdown (**bold**, *italic*, [text](url))"
            )
            return None
        return Text(" ".join(value.split()), self.document.path, node.pos.line, node.pos.column)

    def blocks(self, node: Node | None, what: str) -> tuple[Block, ...]:
        """The blocks of a summary or a section, each one of `text:`, `list:`, `example:`, `figure:`, `note:`."""
        blocks: list[Block] = []
        for item in self.reader.each(node, what):
            if not isinstance(item, Map) or len(item.entries) != 1 or item.entries[0][0].value not in BLOCK_KINDS:
                self.reader.error(
                    item, f"{what}: each block is one of `text:`, `list:`, `example:`, `figure:` or `note:`"
                )
                continue
            block = self.block(item.entries[0][0].value, item.entries[0][1])
            if block is not None:
                blocks.append(block)
        return tuple(blocks)

    def block(self, kind: str, node: Node) -> Block | None:
        """One block of the given kind; None when it is wrong (already reported)."""
        if kind in ("text", "note"):
            text = self.source(node, kind)
            return (Paragraph if kind == "text" else Note)(text) if text else None
        if kind == "list":
            items = self.reader.items(node, "list")
            if items == []:
                self.reader.error(node, "list: empty: write its items as lines starting with '- '")
            texts = [self.source(item, "list") for item in items or []]
            return BulletList(tuple(t for t in texts if t)) if texts and all(texts) else None
        if kind == "example":
            return self.example_block(node)
        return self.figure(node)

    def example_block(self, node: Node) -> ExampleBlock | None:
        """A worked example: the engine's example format plus a `title` and an `explanation`."""
        title = self.source(node.get("title"), "title") if isinstance(node, Map) else None
        explanation = self.source(node.get("explanation"), "explanation") if isinstance(node, Map) else None
        example = self.examples.add(self.reader, node, EXAMPLE_EXTRA)
        if isinstance(node, Map):
            for key in EXAMPLE_EXTRA:
                self.reader.require(node, key)
        if example is None or title is None or explanation is None:
            return None
        return ExampleBlock(replace(title, example=example.id), example, replace(explanation, example=example.id))

    def figure(self, node: Node) -> Figure | None:
        """The picture of the app's screen: a Coinche position, a contract of the hand's team, its texts."""
        figure = self.fields(node, "figure", FIGURE_FIELDS)
        if figure is None:
            return None
        alt = self.source(figure.get("alt"), "alt")
        caption = self.source(figure.get("caption"), "caption")
        contract_node = figure.get("contract")
        taker = contract = None
        if contract_node is not None:
            pair = self.reader.one_key(contract_node, "contract")
            if pair is not None:
                taker = self.reader.parsed(pair[0], "contract", Seat.parse)
                contract = self.reader.parsed(pair[1], "contract", Call.parse)
                if contract is not None and contract.kind is not CallKind.BID:
                    self.reader.error(pair[1], "contract: write a bid such as `100 S` (VALUE SUIT)")
                    contract = None
        example_node = figure.get("example")
        example = self.examples.add(self.reader, example_node) if example_node is not None else None
        if example is None or example_node is None:
            return None
        if not isinstance(example, PlayExample) or example.game is not Game.COINCHE or example.play is not None:
            self.reader.error(
                example_node,
                "figure: the example is a Coinche position (trick and hand, no "
                "`play`): the picture shows the hand with its allowed cards",
            )
            return None
        if contract is not None and taker is not None and contract_node is not None:
            if example.trump != contract.suit:
                self.reader.error(
                    contract_node, f"contract: its suit {contract.suit} is not the example's trump {example.trump}"
                )
                return None
            if taker not in (example.seat, example.seat.partner):
                self.reader.error(
                    contract_node,
                    f"contract: {taker} is not in the team of {example.seat}, whose hand the picture shows",
                )
                return None
        if alt is None or caption is None or taker is None or contract is None:
            return None
        return Figure(replace(alt, example=example.id), replace(caption, example=example.id), taker, contract, example)

    def page(self, slug: str) -> Page | None:
        """The page of the whole file: title, summary and sections; None (with its problems added to
        the examples' set) when invalid, such as a section id that the templates give."""
        glossary = isinstance(self.document.root, Map) and self.document.root.get("entries") is not None
        root = self.fields(self.document.root, "page", GLOSSARY_FIELDS if glossary else PAGE_FIELDS)
        if root is None:
            return None
        before = len(self.examples.problems)
        title = self.source(root.get("title"), "title")
        description = self.source(root.get("description"), "description")
        summary = self.blocks(root.get("summary"), "summary")
        sections: list[Section] = []
        anchors: dict[str, str] = {}  # every anchor of the page -> where it is first given
        for item in self.reader.each(root.get("sections"), "sections"):
            section = self.fields(item, "section", SECTION_FIELDS)
            if section is None:
                continue
            anchor = self.anchor(section.get("id"), anchors)
            heading = self.source(section.get("heading"), "heading")
            blocks = self.blocks(section.get("content"), "content")
            if heading is not None and anchor is not None:
                sections.append(Section(anchor, heading, blocks))
        items = self.reader.each(root.get("entries"), "entries")
        entries = [entry for item in items if (entry := self.entry(item, anchors)) is not None]
        if title is None or description is None or len(self.examples.problems) > before:
            return None
        page = (slug, self.document.path, title, description, summary, tuple(sections), tuple(entries))
        return Page(*page, tuple(self.ids))

    def entry(self, node: Node, anchors: dict[str, str]) -> Entry | None:
        """A glossary entry: `id`, `term` (a term of generator/words/terms.py), `definition`, `see`."""
        entry = self.fields(node, "entry", ENTRY_FIELDS)
        if entry is None:
            return None
        anchor = self.anchor(entry.get("id"), anchors)
        term = self.term(entry.get("term"))
        definition = self.source(entry.get("definition"), "definition")
        see_node = entry.get("see")
        see = self.reader.text(see_node, "see") if see_node is not None else None
        if see is not None and see_node is not None and not _SEE.match(see):
            self.reader.error(
                see_node,
                f"see: {see!r}: write the page and the anchor that shows the term, such as allowed-cards#undertrump",
            )
            see = None
        if anchor is None or term is None or definition is None or see is None or see_node is None:
            return None
        return Entry(anchor, term, definition, Text(see, self.document.path, see_node.pos.line, see_node.pos.column))

    def term(self, node: Node | None) -> Message | None:
        """A term of the game: `WORD` (context `term`) or `CONTEXT: TEXT` for another of its terms."""
        if node is None:
            return None
        if isinstance(node, Map):
            pair = self.reader.one_key(node, "term")
            if pair is None:
                return None
            text = self.reader.text(pair[1], "term")
            message = Message(pair[0].value, text) if text is not None else None
        else:
            text = self.reader.text(node, "term")
            message = word(text) if text is not None else None
        if message is None:
            return None
        if message not in TERMS:
            self.reader.error(
                node,
                "term: not a term of generator/words/terms.py (the catalogs' terms): write a word of "
                f"GLOSSARY_WORDS ({', '.join(GLOSSARY_WORDS)}) or CONTEXT: TEXT, such as `contract: Capot`",
            )
            return None
        return message

    def anchor(self, node: Node | None, anchors: dict[str, str]) -> str | None:
        """A section's `id`: its anchor in every locale (``page.html#id``), kept when the heading changes.
        One the templates give (``main``, ``ex-ID`` ...) is refused by :func:`anchor_problems`."""
        if node is None:
            return None
        value = self.reader.text(node, "id")
        if value is None:
            return None
        if not ANCHOR_PATTERN.match(value):
            self.reader.error(node, f"id: {value!r}: write lowercase letters, digits and '-', such as undertrumping")
            return None
        if (refusal := self.templates.refusal(value)) is not None:
            self.reader.error(node, refusal)
            return None
        if (first := anchors.get(value)) is not None:
            self.reader.error(node, f"id: #{value} is not unique on this page (first at {first}): rename one")
            return None
        anchors[value] = f"{self.document.path}:{node.pos.line}:{node.pos.column}"
        self.ids.append((value, node.pos.line, node.pos.column))
        return value

    def site(self) -> Site | None:
        """The site's configuration of the whole file: name, base URL, locales and pages; None (with
        its problems added) when invalid."""
        root = self.fields(self.document.root, "site", SITE_FIELDS)
        if root is None:
            return None
        before = len(self.examples.problems)
        name = self.source(root.get("name"), "name")
        base_url = self.base_url(root.get("base_url"))
        locales: dict[str, str] = {}
        locales_node = root.get("locales")
        if isinstance(locales_node, Map):
            if not locales_node.entries:
                self.reader.error(locales_node, "locales: none: write `LOCALE: published` lines")
            for key, value in locales_node.entries:
                state = self.reader.text(value, f"locales.{key.value}")
                if (problem := locale_problem(key.value)) is not None:
                    self.reader.error(key, f"locales: {problem} (`{command('i18n add CODE')}` adds one)")
                elif state not in LOCALE_STATES and state is not None:
                    self.reader.error(value, f"locales.{key.value}: {state!r}: write published or draft")
                elif state is not None:
                    locales[key.value] = state
        elif locales_node is not None:
            self.reader.error(locales_node, "locales: expected `LOCALE: published` (or draft) lines")
        pages: list[str] = []
        pages_node = root.get("pages")
        if isinstance(pages_node, Seq) and not pages_node.items:
            self.reader.error(pages_node, "pages: none: list the page files, such as [bidding, allowed-cards]")
        for item in self.reader.each(pages_node, "pages"):
            slug = self.reader.text(item, "pages")
            if slug is not None and not SLUG_PATTERN.match(slug):
                self.reader.error(item, f"pages: {slug!r}: a page is named by its file, such as bidding")
            elif slug in pages:
                self.reader.error(item, f"pages: {slug!r} listed twice: keep one")
            elif slug is not None:
                pages.append(slug)
        if len(self.examples.problems) > before or name is None or base_url is None:
            return None
        return Site(self.document.path, name, base_url, locales, tuple(pages))

    def base_url(self, node: Node | None) -> SiteURL | None:
        """The address the site is published at (:class:`SiteURL`, a trailing `/` added)."""
        if node is None:
            return None
        value = self.reader.text(node, "base_url")
        if value is None:
            return None
        try:
            return SiteURL.parse(value)
        except ValueError as error:
            self.reader.error(node, f"base_url: {error}")
            return None
