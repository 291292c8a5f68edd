"""The plan of a site: every output file, its template and what the template is handed.

:func:`plan` is pure and untranslated: a context holds engine views, source texts (:class:`Text`)
and addresses, never translated markup, so that it can be computed before any catalog is read and
fingerprinted for the output's key (:func:`generator.pipeline.output_keys`). A template can show only what
its context holds (and what the code, the site's configuration, the templates and its locale's
catalog give every page), so a key taken from the context covers everything the file shows.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import ClassVar

from .deal_views import DealView
from .locales import language_name
from .positions import Draws, ReasonSeen, draw_all
from .reader.pages import Block, Entry, ExampleBlock, Figure, Page, Site, Text, see_targets
from .rules import RULESETS, AuctionReason, Call, Game, PlayReason, Seat
from .urls import SiteURL
from .views import (
    AuctionView,
    CallQuestionView,
    PlayView,
    View,
    call_question_view,
    drawn_auction_view,
    drawn_play_view,
    pairs,
)
from .words.reasons import Phrase, general_phrase

PRACTICE = "practice.html"
"""The practice page's file name in each locale's folder."""

NAV_ALL = 12
"""A locale of at most this many pages lists every page in each page's footer; a larger one shows
the page's neighbours and a link to the locale's index (a thousand links on every page would help
no reader and make the build quadratic)."""


def page_href(slug: str) -> str:
    """A page's file name within its locale's folder."""
    return f"{slug}.html"


# -- the blocks of a page, with what they show ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShownExample:
    """An example block as its page shows it: its texts, the engine's view of it, and its pair (the
    same position under the other rule set, on the same page) if it has one."""

    kind: ClassVar[str] = "example"

    title: Text
    explanation: Text
    view: View
    pair: View | None = None
    partner: ShownExample | None = None
    """A deal's pair in the same section, after it: the two are shown as one block, here."""
    merged: bool = False
    """A deal shown in the block of its pair, before it in the same section: nothing is shown here."""


@dataclass(frozen=True, slots=True)
class ShownFigure:
    """A figure with the view of its play example."""

    kind: ClassVar[str] = "figure"

    alt: Text
    caption: Text
    taker: Seat
    contract: Call
    view: PlayView


ShownBlock = Block | ShownExample | ShownFigure


@dataclass(frozen=True, slots=True)
class ShownSection:
    """A section: its anchor, heading and blocks as shown."""

    id: str
    heading: Text
    blocks: tuple[ShownBlock, ...]


@dataclass(frozen=True, slots=True)
class ReasonLine:
    """A refusal reason the engine can give, as the page's list of reasons shows it: its code, the
    games and rule sets it occurs under, its sentence (the rule in general, naming no card, suit or
    seat: the example's own sentence stays with the example) and an example of the page that shows
    it (else, for a call, the auction the engine drew)."""

    code: PlayReason | AuctionReason
    where: tuple[tuple[Game, str], ...]
    phrase: Phrase
    example: str | None = None
    """The id of an example of the page that shows the reason."""
    title: Text | None = None
    """That example's title."""
    drawn: AuctionView | None = None
    """When no example of the page shows it: the auction the engine drew in which it was refused."""
    practice: str | None = None
    """The first question of the practice page that asks about it (its id), when one does."""

    @property
    def kind(self) -> str:
        """``play`` for a card's refusal, ``call`` for a call's."""
        return "play" if isinstance(self.code, PlayReason) else "call"

    @property
    def anchor(self) -> str:
        """The line's id, the same in every locale: ``why-`` and the engine's code."""
        return reason_anchor(self.code)

    @property
    def games(self) -> tuple[tuple[Game, tuple[str, ...]], ...]:
        """Each game it occurs in, with the rule sets it occurs under there (none named: all of them)."""
        grouped: dict[Game, list[str]] = {}
        for game, rules in self.where:
            grouped.setdefault(game, []).append(rules)
        return tuple((game, () if len(names) == len(RULESETS) else tuple(names)) for game, names in grouped.items())


def reason_anchor(code: PlayReason | AuctionReason) -> str:
    """The anchor of a reason's line: ``why-must-overtrump``."""
    return f"why-{code.value}"


@dataclass(frozen=True, slots=True)
class ShownPage:
    """A page as shown: its texts, its blocks with their views, its glossary entries. All of it is
    made by :func:`show_page` in its file's own stage (:func:`generator.project.read_page_file`),
    which is handed that file's name and bytes alone, so its fingerprint is their digest,
    ``source`` (see :class:`generator.keys.Fingerprints`); what a page shows of the others (its
    list of reasons) is in its :class:`PageContext`. A test checks that each page's context holds
    the page its stage showed."""

    BY_SOURCE: ClassVar[bool] = True

    source: str
    """The digest of the page file's name and bytes ("" when unknown: the page is then fingerprinted whole)."""
    slug: str
    title: Text
    description: Text
    summary: tuple[ShownBlock, ...]
    sections: tuple[ShownSection, ...]
    entries: tuple[Entry, ...]
    plays: bool
    """Whether a section shows a play or a deal (the page then has the card order and points)."""
    scores: bool = False
    """Whether a section shows a scored deal (the page then opens with the recap of how a deal is scored)."""


# -- navigation -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NavItem:
    """A link to a page of the locale (``title`` None: the locale's home, "Help")."""

    href: str
    title: Text | None
    current: bool = False
    practice: bool = False
    """The practice page (its title is the templates' "Practice")."""


PRACTICE_ITEM = NavItem(PRACTICE, None, practice=True)
"""The practice page in the pager: after the last page (the glossary), before nothing."""
HOME_ITEM = NavItem("index.html", None)
"""The locale's home in the pager and the footer."""


@dataclass(frozen=True, slots=True)
class Link:
    """The same file in another locale: the language switcher, hreflang alternates, the sitemap."""

    locale: str
    name: str
    href: str
    url: str
    current: bool

    @property
    def lang(self) -> str:
        """The locale as a BCP 47 tag (``pt-BR``), for ``lang`` and ``hreflang``."""
        return bcp47(self.locale)


def bcp47(locale: str) -> str:
    """A locale code as a BCP 47 language tag: ``pt_BR`` → ``pt-BR``."""
    return locale.replace("_", "-")


@dataclass(frozen=True, slots=True)
class Glossary:
    """What a rules page needs to link the first use of each glossary word: the glossary's file
    and its entries (the words are the entries' terms in the page's language)."""

    href: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """A page as the locale's home lists it."""

    title: Text
    href: str
    description: Text
    """What the page is about (its description): the line under its title."""


# -- the contexts ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """What every page of a locale has around its content: its address, its alternates in the
    other published locales, the language switcher, the pager and the footer."""

    base_url: str
    root: str
    canonical: str
    alternates: tuple[Link, ...]
    languages: tuple[Link, ...]
    previous: NavItem | None
    next: NavItem | None
    nav: tuple[NavItem, ...]
    search: bool = True
    """Whether the site has its search index (``serve``'s previews have none): the header's box."""


@dataclass(frozen=True, slots=True)
class PageContext:
    """A rules page or the glossary."""

    frame: Frame
    page: ShownPage
    glossary: Glossary | None
    """The glossary whose words a rules page links (None on the glossary itself)."""
    targets: dict[str, Text]
    """The glossary's: each ``PAGE#ANCHOR`` its entries link to, with its heading or title."""
    why: tuple[ReasonLine, ...] = ()
    """The refusal reasons the page lists at its top: card play's on the first page with a play
    example, the auction's on the first with an auction example (see :func:`reason_lists`)."""


@dataclass(frozen=True, slots=True)
class PracticeContext:
    """The practice page: positions and auctions the engine drew, each with the engine's answers.
    Its questions follow from the code alone: its fingerprint is their ``source`` (the draws'),
    and its frame's (see :class:`generator.keys.Fingerprints`)."""

    BY_SOURCE: ClassVar[bool] = True
    NOT_FROM_SOURCE: ClassVar[tuple[str, ...]] = ("frame", "rules")

    frame: Frame
    plays: tuple[PlayView, ...]
    calls: tuple[CallQuestionView, ...]
    games: tuple[Game, ...]
    """The games of its questions, in the engine's order (the filter's choices)."""
    source: str = ""
    """What the questions follow from: the :attr:`~generator.positions.Draws.source` of their draws."""
    rules: tuple[ReasonLine, ...] = ()
    """The refusal reasons its questions ask about, as the pages' lists say them: a link to practise
    one (``practice.html?reason=CODE``) shows its sentence above its questions."""


@dataclass(frozen=True, slots=True)
class IndexContext:
    """A locale's home: its pages."""

    frame: Frame
    pages: tuple[IndexEntry, ...]


@dataclass(frozen=True, slots=True)
class ChooserContext:
    """The language chooser at the site's root: every published locale (each says what the site is
    in its own language) and their homes."""

    locales: tuple[str, ...]
    url: str
    alternates: tuple[Link, ...]


@dataclass(frozen=True, slots=True)
class LostLink:
    """A link of 404.html, root-relative."""

    href: str
    title: Text


@dataclass(frozen=True, slots=True)
class MissingContext:
    """404.html: every published locale's help pages, linked from the host's root."""

    locales: tuple[str, ...]
    prefix: str
    homes: tuple[str, ...]
    links: tuple[tuple[LostLink, ...], ...]
    """Per locale, its pages."""


@dataclass(frozen=True, slots=True)
class SitemapUrl:
    """A page of the sitemap and its alternates."""

    url: str
    alternates: tuple[Link, ...]


@dataclass(frozen=True, slots=True)
class SitemapContext:
    urls: tuple[SitemapUrl, ...]
    base_url: str


@dataclass(frozen=True, slots=True)
class RobotsContext:
    base_url: str


@dataclass(frozen=True, slots=True)
class DataContext:
    """A file of data published as it is (the examples with the engine's answers, their schema)."""

    data: bytes


@dataclass(frozen=True, slots=True)
class ReasonTarget:
    """A refusal reason and where the site explains it: its line on the page that lists it."""

    line: ReasonLine
    page: str
    """The page's file name in each locale's folder."""


@dataclass(frozen=True, slots=True)
class ReasonMapContext:
    """reasons.json, for the app to link a refusal to its explanation: every reason's line, in every
    published locale, with its sentence there, and every permission's sentence."""

    locales: tuple[str, ...]
    root: str
    path: str
    """The site's path below its host (the JSON's root-relative addresses start with it)."""
    targets: tuple[ReasonTarget, ...]

    @property
    def phrases(self) -> tuple[Phrase, ...]:
        """The sentences the file gives in each locale: the reasons' lines, then every permission's rule."""
        from .reason_map import PERMISSIONS

        permissions = tuple(general_phrase(code) for _, members in PERMISSIONS for code in members)
        return tuple(target.line.phrase for target in self.targets) + permissions


Context = (
    PageContext
    | PracticeContext
    | IndexContext
    | ChooserContext
    | MissingContext
    | SitemapContext
    | RobotsContext
    | ReasonMapContext
    | DataContext
)


@dataclass(frozen=True, slots=True)
class Output:
    """One file of the site: where it goes, its template, the locale it is in (None: a file for
    every locale, such as the chooser) and what its template is handed."""

    path: str
    template: str
    locale: str | None
    context: Context
    parts: tuple[str, ...] = ()
    """Templates rendered for its parts, in each of its locales (the chooser's line, 404.html's section)."""

    @property
    def catalogs(self) -> tuple[str, ...]:
        """The locales whose catalogs its rendering reads."""
        if self.locale is not None:
            return (self.locale,)
        if isinstance(self.context, ChooserContext | MissingContext | ReasonMapContext):
            return self.context.locales
        return ()


# -- the plan -------------------------------------------------------------------------------------


def reason_lists(shown: list[ShownPage], draws: Draws) -> list[tuple[ReasonLine, ...]]:
    """The list of refusal reasons each page shows at its top (most show none): card play's on the
    first page with a play example, the auction's on the first with an auction example."""
    lists: list[tuple[ReasonLine, ...]] = [() for _ in shown]
    for kind in (PlayView, AuctionView):
        number = next((n for n, page in enumerate(shown) if _examples(page, kind)), None)
        if number is not None:
            lists[number] += reason_lines(shown[number], kind, draws)
    return lists


def _examples(page: ShownPage, kind: type[PlayView] | type[AuctionView]) -> list[ShownExample]:
    blocks = [*page.summary, *(block for section in page.sections for block in section.blocks)]
    return [block for block in blocks if isinstance(block, ShownExample) and isinstance(block.view, kind)]


def reason_lines(page: ShownPage, kind: type[PlayView] | type[AuctionView], draws: Draws) -> tuple[ReasonLine, ...]:
    """Every reason the engine can give for refusing a card (``kind`` PlayView) or a call, in the
    engine's order: each with its rule in general, the games and rule sets ``draws`` found it in, and
    the first example of ``page`` that shows it (else the auction ``draws`` refused a call in)."""
    seen: list[tuple[PlayReason | AuctionReason, ReasonSeen]] = (
        [*draws.play_reasons.items()] if kind is PlayView else [*draws.call_reasons.items()]
    )
    shown: dict[PlayReason | AuctionReason, ShownExample] = {}
    for block in _examples(page, kind):
        view = block.view
        entries = view.hand if isinstance(view, PlayView) else view.calls if isinstance(view, AuctionView) else ()
        for entry in entries:
            if entry.code is not None:  # a refused card or call (its reason is said)
                shown.setdefault(entry.code, block)
    practised = practice_ids(draws)
    lines = []
    for code, found in seen:
        first, auction = shown.get(code), found.auction  # the page's first example that shows it
        example, title = (first.view.id, first.title) if first is not None else (None, None)
        drawn = None
        if first is None and auction is not None:  # none does: the auction the engine drew
            drawn = drawn_auction_view(reason_anchor(code), RULESETS[auction.rules][auction.game], auction)
        lines.append(ReasonLine(code, found.where, general_phrase(code), example, title, drawn, practised.get(code)))
    return tuple(lines)


def practice_ids(draws: Draws) -> dict[PlayReason | AuctionReason, str]:
    """Each refusal reason the practice page asks about, with the first question that asks it (its
    id): a card of the hand refused, or a call offered refused, for that reason."""
    first: dict[PlayReason | AuctionReason, str] = {}
    for number, position in enumerate(draws.practice_plays, 1):
        for reason in position.refusals().values():
            first.setdefault(reason, question_id("play", number))
    for number, question in enumerate(draws.practice_calls, 1):
        for choice in question.choices:
            if choice.reason is not None:
                first.setdefault(choice.reason, question_id("call", number))
    return first


def question_id(kind: str, number: int) -> str:
    """A practice question's id, the same in every locale: ``play-3``, ``call-12``."""
    return f"{kind}-{number}"


def show_page(page: Page, views: dict[str, View], source: str = "") -> ShownPage:
    """A page as shown, made from it and its own examples' views (``views``: those alone, by id);
    ``source``: the digest of its file's name and bytes, which it follows from."""
    ids = [block.example.id for block in page.blocks if isinstance(block, ExampleBlock)]
    paired = pairs({id: views[id] for id in ids if id in views})

    def blocks(section: tuple[Block, ...]) -> tuple[ShownBlock, ...]:
        order = [b.example.id if isinstance(b, ExampleBlock) else None for b in section]
        shown: list[ShownBlock] = []
        for block in section:
            if isinstance(block, Figure):
                play = views[block.example.id]
                assert isinstance(play, PlayView)  # a figure's example is a play example (the reader's check)
                shown.append(ShownFigure(block.alt, block.caption, block.taker, block.contract, play))
            elif isinstance(block, ExampleBlock):
                view = views[block.example.id]
                pair = paired.get(view.id)
                partner, merged = None, False
                if isinstance(view, DealView) and pair is not None and pair.id in order:
                    other = section[order.index(pair.id)]
                    assert isinstance(other, ExampleBlock)
                    merged = order.index(pair.id) < order.index(view.id)  # shown in its pair's block, before it
                    partner = None if merged else ShownExample(other.title, other.explanation, pair, view)
                shown.append(ShownExample(block.title, block.explanation, view, pair, partner, merged))
            else:
                shown.append(block)
        return tuple(shown)

    sections = tuple(ShownSection(s.id, s.heading, blocks(s.blocks)) for s in page.sections)
    plays = any(isinstance(b, ShownExample) and not isinstance(b.view, AuctionView) for s in sections for b in s.blocks)
    scores = any(isinstance(b, ShownExample) and isinstance(b.view, DealView) for s in sections for b in s.blocks)
    return ShownPage(
        source, page.slug, page.title, page.description, blocks(page.summary), sections, page.entries, plays, scores
    )


@functools.lru_cache(maxsize=1)  # the same draws on every build of a process (``serve``)
def practice_questions(
    draws: Draws | None = None,
) -> tuple[tuple[PlayView, ...], tuple[CallQuestionView, ...], tuple[Game, ...]]:
    """The practice page's questions, of ``draws`` (the engine's by default), and their games."""
    draws = draws or draw_all()
    plays = tuple(drawn_play_view(question_id("play", n), p) for n, p in enumerate(draws.practice_plays, 1))
    calls = tuple(call_question_view(question_id("call", n), q) for n, q in enumerate(draws.practice_calls, 1))
    found = {view.game for view in plays} | {question.auction.game for question in calls}
    return plays, calls, tuple(game for game in Game if game in found)


class _Site:
    """The plan's view of the site: its addresses and navigation. Each link is made once and shared
    by every output that shows it (their fingerprints are then taken once)."""

    def __init__(self, site: Site, url: SiteURL, pages: list[Page], search: bool = True) -> None:
        self.search = search
        self.site = site
        self.url = url
        self.pages = pages
        self._links: dict[tuple[str, str, bool], Link] = {}
        self._items: dict[tuple[int, bool], NavItem] = {}
        self._navs: dict[int | None, tuple[NavItem, ...]] = {}
        self._alternates: dict[str, tuple[Link, ...]] = {}

    def link(self, code: str, name: str, current: bool) -> Link:
        key = (code, name, current)
        if key not in self._links:
            self._links[key] = Link(code, language_name(code), f"../{code}/{name}", self.url.page(code, name), current)
        return self._links[key]

    def alternates(self, name: str) -> tuple[Link, ...]:
        """The same file in every published locale (absolute URLs, for hreflang and the sitemap)."""
        if name not in self._alternates:
            self._alternates[name] = tuple(self.link(code, name, False) for code in self.site.published)
        return self._alternates[name]

    def languages(self, locale: str, name: str) -> tuple[Link, ...]:
        """The language switcher: the same page in every published locale (and this one, if a draft)."""
        codes = self.site.published + ([locale] if locale not in self.site.published else [])
        return tuple(self.link(code, name, code == locale) for code in codes)

    def item(self, number: int, current: bool = False) -> NavItem:
        if (number, current) not in self._items:
            page = self.pages[number]
            self._items[(number, current)] = NavItem(page_href(page.slug), page.title, current)
        return self._items[(number, current)]

    def nav(self, index: int | None) -> tuple[NavItem, ...]:
        """The footer of page ``index`` (None: the locale's home), the same in every locale."""
        if index not in self._navs:
            self._navs[index] = self._nav(index)
        return self._navs[index]

    def _nav(self, index: int | None) -> tuple[NavItem, ...]:
        """Every page of a small locale; in a large one, the previous page, the home and the next page."""
        count = len(self.pages)
        if count <= NAV_ALL:
            return tuple(self.item(n, n == index) for n in range(count))
        if index is None:
            return (self.item(0),)
        near = [self.item(index - 1)] if index > 0 else []
        return (*near, HOME_ITEM, *([self.item(index + 1)] if index + 1 < count else []))

    def frame(self, locale: str, name: str, index: int | None) -> Frame:
        published = locale in self.site.published
        if index is None:
            previous, following = None, self.item(0) if self.pages else None
        else:
            previous = self.item(index - 1) if index > 0 else HOME_ITEM
            following = self.item(index + 1) if index + 1 < len(self.pages) else PRACTICE_ITEM
        return Frame(
            str(self.url),
            "../",
            self.url.page(locale, name),
            self.alternates(name) if published else (),
            self.languages(locale, name),
            previous,
            following,
            self.nav(index),
            self.search,
        )


def plan(
    site: Site,
    pages: list[Page],
    shown: list[ShownPage],
    url: SiteURL,
    data: dict[str, bytes] | None = None,
    search: bool = True,
    draws: Draws | None = None,
) -> list[Output]:
    """Every file of the site, in order: each locale's pages and home, then the language chooser,
    404.html, the map of the refusal reasons, the sitemap, robots.txt and the ``data`` files, by name
    (the assets are copied as they are); ``shown``: each page as its file's stage showed it
    (:func:`show_page`), in the order of ``pages``; ``draws``: the engine's own positions (made if
    not given)."""
    draws = draws or draw_all()
    where = _Site(site, url, pages, search)
    why = reason_lists(shown, draws)
    glossaries = [page for page in pages if page.entries]
    glossary = Glossary(page_href(glossaries[-1].slug), glossaries[-1].entries) if glossaries else None
    targets = see_targets(pages)  # what the check of `see` accepts
    entries = tuple(IndexEntry(p.title, page_href(p.slug), p.description) for p in pages)
    linked = [{e.see.msgid: targets[e.see.msgid] for e in page.entries if e.see.msgid in targets} for page in pages]
    practice = practice_questions(draws)
    practised = tuple(line for lines in why for line in lines if line.practice is not None)
    outputs: list[Output] = []
    for locale in site.locales:
        for number, (page, seen) in enumerate(zip(pages, shown, strict=True)):
            name = page_href(page.slug)
            frame = where.frame(locale, name, number)
            context = PageContext(frame, seen, None if page.entries else glossary, linked[number], why[number])
            template = "glossary.html" if page.entries else "page.html"
            outputs.append(Output(f"{locale}/{name}", template, locale, context))
        home = IndexContext(where.frame(locale, "index.html", None), entries)
        outputs.append(Output(f"{locale}/index.html", "index.html", locale, home))
        last = where.item(len(pages) - 1) if pages else HOME_ITEM
        frame = dataclasses.replace(where.frame(locale, PRACTICE, None), previous=last, next=None)
        drills = PracticeContext(frame, *practice, draws.source, practised)
        outputs.append(Output(f"{locale}/{PRACTICE}", "practice.html", locale, drills))
    published = tuple(site.published)
    chooser = ChooserContext(published, str(url), where.alternates("index.html"))
    outputs.append(Output("index.html", "root.html", None, chooser, ("chooser-locale.html",)))
    links = tuple(
        tuple(LostLink(f"{url.path}{code}/{page_href(p.slug)}", p.title) for p in pages) for code in published
    )
    homes = tuple(f"{url.path}{code}/index.html" for code in published)
    missing = MissingContext(published, url.path, homes, links)
    outputs.append(Output("404.html", "missing.html", None, missing, ("missing-locale.html",)))
    targets_of_reasons = tuple(
        ReasonTarget(line, page_href(page.slug)) for page, lines in zip(shown, why, strict=True) for line in lines
    )
    if targets_of_reasons:
        reasons = ReasonMapContext(published, str(url), url.path, targets_of_reasons)
        outputs.append(Output("reasons.json", "reasons.json", None, reasons))
    names = ["index.html"] + [page_href(page.slug) for page in pages] + [PRACTICE]
    urls = [SitemapUrl(str(url), ())]
    for code in published:
        urls += [SitemapUrl(url.page(code, name), where.alternates(name)) for name in names]
    outputs.append(Output("sitemap.xml", "sitemap.xml", None, SitemapContext(tuple(urls), str(url))))
    outputs.append(Output("robots.txt", "robots.txt", None, RobotsContext(str(url))))
    outputs += [Output(name, "", None, DataContext(bytes_)) for name, bytes_ in sorted((data or {}).items())]
    return outputs
