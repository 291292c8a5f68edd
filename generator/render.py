"""Rendering: one Jinja environment per locale, with the page's language passed explicitly.

Everything a template prints is escaped: translations are text, content and translated prose
go through Markdown with raw HTML off (markdown-it also refuses ``javascript:`` links), and
format strings escape their values unless they are markup we built (a card chip).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale
from jinja2 import BytecodeCache, Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from jinja2.bccache import Bucket
from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from . import deal_views, tables, views
from .i18n import reasons, scoring, terms
from .i18n.catalogs import Translator
from .i18n.terms import Message
from .reader.pages import Site, Text
from .rules import Call, CallKind, Card, Game, Rank, Seat, Suit, rule_sets_differ
from .rules.scoring import BELOTE

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).disable(["image"])
"""Inline Markdown only: emphasis, code, links; no raw HTML, no images (no external requests)."""


_NOT_PLAIN = re.compile(r"[\n\r\t\\`*_\[\]!<>&~\x00]|^\s|\s$")
"""A character some inline rule of Markdown acts on (or a space it would trim): text without any
comes out of markdown-it as itself, with only ``"`` escaped."""


@functools.lru_cache(maxsize=4096)
def markdown_inline(text: str) -> Markup:
    """Inline Markdown as safe HTML: any ``<tag>`` in the text comes out as text. Most prose has
    no Markdown at all; it skips the parser (with the parser's output, as a test checks)."""
    if not _NOT_PLAIN.search(text):
        return Markup(text.replace('"', "&quot;"))
    return Markup(_MARKDOWN.renderInline(text))


@functools.cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


@functools.cache
def language_name(code: str) -> str:
    """The language's name in itself, from CLDR, as a menu shows it: "Español", "हिन्दी"."""
    name = _locale(code).get_display_name(_locale(code)) or code
    return name[:1].upper() + name[1:]


def text_direction(code: str) -> str:
    """``ltr`` or ``rtl``, from CLDR's character order of the locale."""
    return "rtl" if _locale(code).character_order == "right-to-left" else "ltr"


def nobreak_sum(text: Markup) -> Markup:
    """A sum that never breaks across lines: "11 + 10 + 0 + 20 = 41" joined by no-break spaces."""
    return Markup(str(text).replace(" + ", "\u00a0+\u00a0").replace(" = ", "\u00a0=\u00a0"))


@dataclass(frozen=True)
class Link:
    """A link to the same page in another locale."""

    locale: str
    name: str
    href: str
    url: str
    current: bool


class LocaleRenderer:
    """Renders the pages of one locale; the translator records what it had to show in English."""

    def __init__(
        self, templates: Path, site: Site, locale: str, translator: Translator, compiled: BytecodeCache | None = None
    ) -> None:
        self.site = site
        self.locale = locale
        self.translator = translator
        self.env = make_environment(templates, compiled)
        self.env.globals.update(
            _=self.gettext,
            ngettext=self.ngettext,
            md=self.markdown,
            card_name=self.card_name,
            card_corner=self.card_corner,
            seat_name=self.seat_name,
            hand_label=self.hand_label,
            call_name=self.call_name,
            game_name=self.game_name,
            rules_name=self.rules_name,
            trump_name=self.trump_name,
            turned_name=self.turned_name,
            rules_matter=rule_sets_differ,
            say=self.say,
            fill=self.fill,
            term=lambda context, msgid: self.term(Message(context, msgid)),
            paired=views.paired,
            deal_partner=deal_views.deal_paired,
            team_msgid=lambda team: scoring.team(team).msgid,
            turn_seats=lambda: tuple(Seat),
            belote_points=BELOTE,
            only_here=views.only_here,
            rule_differences=tables.differences,
            rule_differences_by_game=tables.differences_by_game,
            rule_sets=tables.rule_sets,
            card_order=tables.card_order,
            turn_order=self.turn_order,
            contract_name=self.contract_name,
            seat_of=Seat.parse,
            suit_code=lambda suit: Suit(suit).code(),
            lang=locale.replace("_", "-"),
            dir=text_direction(locale),
            site=site,
            site_name=self.markdown(site.name),
            is_draft=site.locales.get(locale) == "draft",
        )

    def render(self, template: str, **context: Any) -> str:
        """Render one template of this locale."""
        return self.env.get_template(template).render(**context)

    def _format(self, text: str, values: dict[str, Any]) -> Markup:
        return Markup(escape(text)) % values if values else Markup(escape(text))

    def gettext(self, msgid: str, **values: Any) -> Markup:
        """A template's message, translated, escaped and filled with ``values``."""
        return self._format(self.translator.gettext(Message(None, msgid)), values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> Markup:
        """The plural form for ``n`` (CLDR's, through the catalog's Plural-Forms), with ``%(num)s``."""
        text = self.translator.ngettext(Message(None, singular, plural), n)
        return self._format(text, {"num": n, **values})

    def markdown(self, text: Text) -> Markup:
        """A content string, translated, as inline Markdown."""
        return markdown_inline(self.translator.gettext(Message(None, text.msgid), text.origin))

    def term(self, message: Message) -> str:
        return self.translator.gettext(message)

    def card_name(self, card: Card) -> str:
        return self.term(terms.card(card))

    def card_corner(self, rank: Rank) -> str:
        return self.term(terms.rank_index(rank))

    def seat_name(self, seat: Seat) -> str:
        return self.term(terms.seat(seat))

    def hand_label(self, seat: Seat) -> str:
        return self.term(terms.hand_of(seat))

    def game_name(self, game: Game) -> str:
        return self.term(terms.game(game))

    def rules_name(self, name: str) -> str:
        return self.term(terms.rules(name))

    def trump_name(self, suit: Suit) -> str:
        return self.term(terms.trump_suit(suit))

    def turned_name(self, suit: Suit) -> str:
        return self.term(terms.turned_suit(suit))

    def name(self, value: reasons.Value) -> Markup | str:
        """An engine value or a term, named in the page's language (a suit as the trump suit's name;
        a team's name kept on one line: "North–South" never breaks at its dash)."""
        if isinstance(value, Message) and value.context == "team":
            return Markup('<span class="team">%s</span>') % self.term(value)
        if isinstance(value, Message):
            return self.term(value)
        if isinstance(value, Seat):
            return self.seat_name(value)
        if isinstance(value, Card):
            return self.card_name(value)
        if isinstance(value, Suit):
            return self.trump_name(value)
        if isinstance(value, Call):
            return self.call_name(value)
        return value

    def turn_order(self) -> str:
        """The seats in the engine's turn order, named: "South → West → North → East"."""
        return " → ".join(self.seat_name(seat) for seat in Seat)

    def contract_name(self, value: int) -> str:
        """A contract's value as shown on its own: "100", or the name of Capot or Générale."""
        named = terms.contract(value)
        return self.term(named) if named else str(value)

    def fill(self, context: str, msgid: str, **values: Any) -> Markup:
        """A term with placeholders (a generated message of the engine's modules), filled and escaped."""
        return self._format(self.term(Message(context, msgid)), values)

    def say(self, phrase: reasons.Phrase | None) -> Markup:
        """A generated sentence (a reason, an outcome) in the page's language, escaped."""
        if phrase is None:
            return Markup("")
        return self._format(self.term(phrase.message), {key: self.name(value) for key, value in phrase.values})

    def call_name(self, call: Call) -> Markup:
        """A call in the page's language: "Pasa", "80 a corazones", "Capot a picas"."""
        text = self.term(terms.call(call))
        if call.kind is not CallKind.BID:
            return Markup(escape(text))
        assert call.value is not None
        named = terms.contract(call.value)
        return self._format(text, {"contract": self.term(named) if named else str(call.value)})


class CompiledTemplates(BytecodeCache):
    """Compiled templates shared by every locale's environment (each compiles nothing twice) and,
    when ``folder`` is writable, kept there between builds. Jinja keys each entry by the
    template's source, so an edited template is compiled again."""

    def __init__(self, folder: Path | None) -> None:
        self.memory: dict[str, bytes] = {}
        self.disk: FileSystemBytecodeCache | None = None
        if folder is not None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                self.disk = FileSystemBytecodeCache(str(folder))
            except OSError:
                self.disk = None  # a read-only project builds as well, only slower

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self.memory.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)
        elif self.disk is not None:
            self.disk.load_bytecode(bucket)
            if bucket.code is not None:
                self.memory[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.memory[bucket.key] = bucket.bytecode_to_string()
        if self.disk is not None:
            try:
                self.disk.dump_bytecode(bucket)
            except OSError:
                self.disk = None


def make_environment(templates: Path, compiled: BytecodeCache | None = None) -> Environment:
    """A Jinja environment over the templates folder: autoescaped, strict about undefined names."""
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        bytecode_cache=compiled,
    )
    env.filters["nobreak_sum"] = nobreak_sum
    return env
