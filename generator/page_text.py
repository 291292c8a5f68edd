"""Page text in a locale: the content's inline Markdown (raw HTML off, no ``javascript:`` links),
runs of another language marked with ``lang``, glossary words linked on first use, and
:class:`Words`, which translates the templates' messages and names the game's cards, seats, calls
and the engine's sentences for one locale's pages.

Everything here returns escaped text (``Markup``): translations are text, and format strings escape
their values unless they are markup we built (a card chip).
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from .i18n.catalogs import Key, Translator
from .reader.pages import Entry, Text
from .rules import Call, CallKind, Card, Game, Rank, Seat, Suit, Team
from .words import reasons, scoring, terms
from .words.terms import Message

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
LINK_SCHEMES = ("http", "https", "mailto")
"""The only schemes a link may have; any other (``javascript:``, ``data:``, ``file:``...) is text."""


def safe_link(url: str) -> bool:
    """True for an ``http``, ``https`` or ``mailto`` link, or a relative one (no scheme)."""
    scheme = _SCHEME.match(url.strip())
    return scheme is None or scheme.group(1).lower() in LINK_SCHEMES


def _markdown(links: bool) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).disable(["image"])
    md.validateLink = safe_link  # type: ignore[method-assign]
    if not links:  # the link's text stays, the link goes
        md.add_render_rule("link_open", lambda *args: "")
        md.add_render_rule("link_close", lambda *args: "")
    return md


_MARKDOWN = {True: _markdown(True), False: _markdown(False)}
"""Inline Markdown only: emphasis, code, links; no raw HTML, no images (no external requests);
without links for text that is shown inside a link (the navigation's titles, the site's name)."""


_NOT_PLAIN = re.compile(r"[\n\r\t\\`*_\[\]!<>&~\x00]|^\s|\s$")
"""A character some inline rule of Markdown acts on (or a space it would trim): text without any
comes out of markdown-it as itself, with only ``"`` escaped."""


@functools.lru_cache(maxsize=4096)
def markdown_inline(text: str, links: bool = True) -> Markup:
    """Inline Markdown as safe HTML: any ``<tag>`` in the text comes out as text; without links
    when ``links`` is false. Most prose has no Markdown at all; it skips the parser (with the
    parser's output, as a test checks)."""
    if not _NOT_PLAIN.search(text):
        return Markup(text.replace('"', "&quot;"))
    return Markup(_MARKDOWN[links].renderInline(text))


_TAG = re.compile(r"<[^>]*>")
_ASCII_SPACE = re.compile(r"[ \t\n\r\f]+")


def plain_text(markup: str) -> str:
    """Markup as plain text for an attribute or the ``<title>``: tags dropped, entities decoded,
    runs of ASCII white space made one space. Unlike Jinja's ``striptags`` it keeps no-break
    spaces (U+00A0, U+202F), which French puts before « : ; ? ! »."""
    return _ASCII_SPACE.sub(" ", html.unescape(_TAG.sub("", without_languages(str(markup))))).strip()


def unlinked(markup: str) -> Markup:
    """Markup without its links (their text kept), for a title shown inside a link of our own."""
    return Markup(re.sub(r"</?a(\s[^>]*)?>", "", str(markup)))


_LANG_TAG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\Z")


def foreign_words(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The words of a "foreign words" message (``fr: Coinche, Capot; en: trick``; without a colon,
    such as ``none``, there are none) as (language tag, word) pairs, longest word first, and what
    is wrong with it."""
    if ":" not in text:  # "none", however translated
        return [], []
    pairs, wrong = [], []
    for part in filter(None, (piece.strip() for piece in text.split(";"))):
        tag, colon, words = part.partition(":")
        if not colon or not _LANG_TAG.match(tag.strip()):
            wrong.append(f"{part!r}: write LANG: word, word (a language tag such as fr), or none")
            continue
        pairs += [(tag.strip(), w.strip()) for w in words.split(",") if w.strip()]
    return sorted(pairs, key=lambda pair: -len(pair[1])), wrong


def search_words(text: str) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """The terms and forms of a "search words" message (``Belote: बेलोट, बेलोटे; Capot: कपो``;
    without a colon, such as ``none``, there are none) as (term, forms) pairs, and what is wrong
    with it. A term ends at its part's first colon and space (else its first colon), so that a
    colon inside a word, as in ``javascript:``, stays the term's or the form's."""
    if ":" not in text:  # "none", however translated
        return [], []
    pairs, wrong = [], []
    for part in filter(None, (piece.strip() for piece in text.split(";"))):
        term, colon, forms = part.partition(": " if ": " in part else ":")
        found = [form.strip() for form in forms.split(",") if form.strip()]
        if not colon or not term.strip() or not found:
            wrong.append(f"{part!r}: write TERM: form, form (TERM as the glossary writes it), or none")
            continue
        pairs.append((term.strip(), found))
    return pairs, wrong


LANG_OPEN = "\ue000"
"""Opens a run of text in another language: ``LANG_OPEN + tag + LANG_TAG_END + text + LANG_CLOSE``.
Messages (a template's, a term) are marked so, not with a ``<span>``, since a template may print
one inside an attribute or a ``<title>``; a rendered page makes them spans where they are text
and drops them elsewhere (:func:`resolve_languages`). Private-use characters: never in prose."""
LANG_TAG_END = "\ue001"
LANG_CLOSE = "\ue002"
_LANG_MARK = re.compile("\ue000([^\ue001]*)\ue001|\ue002")
_MARKS_AND_TAGS = re.compile("(<[^>]*>|\ue000[^\ue001]*\ue001|\ue002)")
"""Tags and language marks: what splits a text into runs of text that words are looked for in."""


def in_language(text: str, tag: str) -> str:
    """``text`` marked as in language ``tag`` (see :data:`LANG_OPEN`)."""
    return f"{LANG_OPEN}{tag}{LANG_TAG_END}{text}{LANG_CLOSE}"


def without_languages(text: str) -> str:
    """``text`` without its language marks, for where a span cannot be (an attribute, a title)."""
    return _LANG_MARK.sub("", text) if LANG_OPEN in text or LANG_CLOSE in text else text


_RAW = re.compile(r"<(title|script|style|textarea|svg)[\s>]", re.IGNORECASE)


def resolve_languages(page: str) -> str:
    """A rendered page with its language marks made ``<span lang>`` in text, and dropped inside tags
    (attributes), in elements whose text cannot hold a span (``title``, ``svg``, ``script``...)."""
    if LANG_OPEN not in page and LANG_CLOSE not in page:
        return page
    parts = re.split(r"(<[^>]*>)", page)  # text, then a tag and the text after it, and so on
    raw: str | None = None  # the element whose text is not HTML, while inside it
    for index, part in enumerate(parts):
        marked = LANG_OPEN in part or LANG_CLOSE in part
        if index % 2 or part.startswith("<"):  # a tag (or a last "<" that no ">" closes)
            if raw is None:
                if (opened := _RAW.match(part)) and not part.endswith("/>"):
                    raw = opened.group(1).lower()
            elif part.lower() == f"</{raw}>":
                raw = None
            if marked:
                parts[index] = _LANG_MARK.sub("", part)
        elif marked:
            parts[index] = _LANG_MARK.sub("" if raw is not None else _span, part)
    return "".join(parts)


def _span(mark: re.Match[str]) -> str:
    return f'<span lang="{mark.group(1)}">' if mark.group(0) != LANG_CLOSE else "</span>"


_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


def _text_of(part: str) -> tuple[str, list[tuple[int, int]] | None]:
    """A run of HTML text as the text it shows (entities decoded) and, when it has any entity, where
    each character of it is in the HTML (an entity's characters all span the entity)."""
    if "&" not in part:
        return part, None
    text: list[str] = []
    spans: list[tuple[int, int]] = []
    position = 0
    for entity in _ENTITY.finditer(part):
        decoded = html.unescape(entity.group(0))
        text += [part[position : entity.start()], decoded]
        spans += [(at, at + 1) for at in range(position, entity.start())] + [entity.span()] * len(decoded)
        position = entity.end()
    text.append(part[position:])
    spans += [(at, at + 1) for at in range(position, len(part))]
    return "".join(text), spans


def _in_html(spans: list[tuple[int, int]] | None, start: int, end: int) -> tuple[int, int]:
    """Where the characters ``start:end`` of a run's text are in its HTML."""
    return (start, end) if spans is None else (spans[start][0], spans[end - 1][1])


def _is_mark(character: str) -> bool:
    """A combining mark (Unicode Mn, Mc): a Devanagari vowel sign such as «ों», which Python's
    ``\\w`` does not count as part of a word, though it is."""
    return unicodedata.category(character) in ("Mn", "Mc")


def _continues_word(character: str) -> bool:
    """Whether a character next to a word makes it part of a longer one: a letter, a digit, ``_``, a mark."""
    return character.isalnum() or character == "_" or _is_mark(character)


def _whole_matches(pattern: re.Pattern[str], text: str) -> Iterator[tuple[re.Match[str], int]]:
    """Each leftmost match of ``pattern`` in ``text`` that is a whole word, with where the word ends:
    after the combining marks that follow it (Hindi «चाल» in «चालों» is the word with its vowel
    signs, all of it), and then no word character; none after a word character or a mark. A match
    that is not whole is tried again one character further."""
    position = 0
    while (match := pattern.search(text, position)) is not None:
        start, end = match.span()
        while end < len(text) and _is_mark(text[end]):
            end += 1
        if (start == 0 or not _continues_word(text[start - 1])) and (
            end == len(text) or not _continues_word(text[end])
        ):
            yield match, end
            position = max(end, start + 1)
        else:
            position = start + 1


def mark_foreign(html: str, words: list[tuple[str, str]]) -> Markup:
    """``html`` with each whole word of another language (matched ignoring case, in the text the
    HTML shows: a word never matches inside an entity) in a ``<span lang>``; only text between tags
    changes, nothing but the span is added, and text already in another language is left alone."""
    if not words:
        return Markup(html)
    languages, pattern = _foreign_pattern(tuple(words))
    if "&" not in html and pattern.search(html) is None:
        return Markup(html)  # without entities, a word's text is in the HTML as it is: none anywhere, one search
    return _marked_runs(html, languages, pattern)


def _marked_runs(html: str, languages: dict[str, str], pattern: re.Pattern[str]) -> Markup:
    """``html`` with the whole words of ``pattern`` in its runs of text marked (see :func:`mark_foreign`)."""
    parts = _MARKS_AND_TAGS.split(str(html))
    depth = 0  # inside a span of another language (and the spans within it)
    for index, part in enumerate(parts):
        if not part:
            continue
        if part.startswith(LANG_OPEN) or part.startswith('<span lang="'):
            depth += 1
        elif depth and (part == LANG_CLOSE or part == "</span>"):
            depth -= 1
        elif depth and part.startswith("<span"):
            depth += 1
        elif not depth and part[0] not in "<\ue002":
            parts[index] = _marked(part, languages, pattern)
    return Markup("".join(parts))


def _marked(part: str, languages: dict[str, str], pattern: re.Pattern[str]) -> str:
    """One run of HTML text with its whole foreign words in spans."""
    text, spans = _text_of(part)
    pieces, position = [], 0
    for match, ends in _whole_matches(pattern, text):
        start, end = _in_html(spans, match.start(), ends)
        if start < position:
            continue
        if text[max(0, match.start() - 2) : match.start()] == "%(":
            continue  # a placeholder's name, not a word
        tag = languages.get(_fold(match.group(0))) or next(iter(languages.values()))
        pieces += [part[position:start], f'<span lang="{tag}">{part[start:end]}</span>']
        position = end
    return "".join(pieces) + part[position:] if pieces else part


@functools.lru_cache(maxsize=64)
def _foreign_pattern(words: tuple[tuple[str, str], ...]) -> tuple[dict[str, str], re.Pattern[str]]:
    """Each foreign word, case-folded, with its language (the first listed of a word twice), and the
    pattern matching any of them ignoring case (longest first; :func:`_whole_matches` checks the edges)."""
    languages: dict[str, str] = {}
    for tag, w in words:
        languages.setdefault(_fold(w), tag)
    ordered = sorted({w for _, w in words}, key=lambda w: -len(w))
    return languages, re.compile("|".join(re.escape(w) for w in ordered), re.IGNORECASE)


def link_first_use(html: str, words: list[tuple[str, str]], linked: set[str], href: str) -> Markup:
    """``html`` with the first use of each glossary word not yet in ``linked`` (matched whole and
    case-insensitively, in the text the HTML shows, outside links; with the vowel signs that follow
    it, «<a>चालों</a>») made a link to its entry, ``href#ANCHOR``; ``linked`` grows."""
    pending = [(word, anchor) for word, anchor in words if anchor not in linked]
    if not pending:
        return Markup(html)
    folded = _fold(str(html))
    if len(folded) == len(html):  # each character folds to one: a word matched ignoring case is in the folded text
        pending = [(word, anchor) for word, anchor in pending if (fold := _folded(word)) is None or fold in folded]
        if not pending:
            return Markup(html)  # none of the words anywhere: the common case, found without a search
    parts = _MARKS_AND_TAGS.split(str(html))
    inside_link = False
    for index, part in enumerate(parts):
        if part.startswith("<"):
            inside_link = part.startswith("<a ") or part == "<a>" or (inside_link and part != "</a>")
            continue
        if inside_link or not part or part[0] in "\ue000\ue002":
            continue
        text, spans = _text_of(part)
        for word, anchor in pending:
            if anchor in linked:
                continue
            found = next(_whole_matches(_word(word), text), None)
            if found:
                match, ends = found
                start, end = _in_html(spans, match.start(), ends)
                link = f'<a class="gloss" href="{href}#{anchor}">{part[start:end]}</a>'
                parts[index] = part[:start] + link + part[end:]
                linked.add(anchor)
                break  # one link per text run: the rest of it is searched no further
    return Markup("".join(parts))


@functools.lru_cache(maxsize=4096)
def _word(word: str) -> re.Pattern[str]:
    """A glossary word, matched case-insensitively (:func:`_whole_matches` checks that it is whole)."""
    return re.compile(re.escape(word), re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _folded(word: str) -> str | None:
    """A glossary word case-folded, as the HTML would hold it; None if a character of it folds to
    several, or it holds a character that HTML may write as an entity (the search then looks)."""
    folded = _fold(word)
    return folded if len(folded) == len(word) and not _ESCAPED.search(word) else None


_ESCAPED = re.compile("[&<>\"']")


def _fold(text: str) -> str:
    """``text`` case-folded as a search that ignores case compares letters (where a letter folds
    to one, and with the dotless i, which Python's search takes for an i, folded to it)."""
    return text.casefold().replace("ı", "i")


_AS_IS = (Markup, int, float, bool)
"""The types of the values a message is filled with that need no escaping: markup, numbers (``%(n)d``)."""


def sentence_start(markup: Markup) -> Markup:
    """``markup`` with the first letter of its text upper-cased (tags and language marks skipped): a
    generated sentence whose message opens with a placeholder ("%(card)s: allowed.") starts with a
    capital even when the value is written in lower case mid-sentence (Bulgarian «поп пика»)."""
    text = str(markup)
    position = 0
    while position < len(text):
        token = _MARKS_AND_TAGS.match(text, position)
        if token:
            position = token.end()
            continue
        if text.startswith("&", position) and (entity := _ENTITY.match(text, position)):
            position = entity.end()  # "&quot;" and the like: not a letter
            continue
        character = text[position]
        if character.isalpha():
            return Markup(text[:position] + character.upper() + text[position + 1 :])
        if not character.isspace() and character not in "«„“\"'¡¿(":
            break  # a digit or a sign first: nothing to capitalise
        position += 1
    return markup


class Words:
    """A locale's words on its pages: the templates' messages and the content's prose translated,
    and the game's cards, seats, calls, games, rule sets and the engine's sentences named, each as
    page text (escaped, its words of another language marked with ``lang``, marked English where it
    has no translation). The templates reach it as ``words``; the examples' markup
    (:mod:`generator.example_markup`) names with it too. The translator records what it had to show
    in English."""

    def __init__(self, locale: str, translator: Translator) -> None:
        self.locale = locale
        self.translator = translator
        self.page_texts: dict[tuple[str, bool], Markup] = {}
        """Each translated message as page text, before its placeholders are filled (:meth:`_page_text`)."""
        self.made: dict[tuple[Any, ...], tuple[Markup, frozenset[Key]]] = {}
        """Markup the locale's files repeat (card faces, messages without values, terms), by what
        it is built from, with the messages it showed in English: built once (see :meth:`_made`)."""
        self.foreign_words, wrong = foreign_words(translator.gettext(terms.FOREIGN_WORDS))
        """The words of another language this locale's text keeps (its "foreign words" message)."""
        if wrong:
            translator.flag(terms.FOREIGN_WORDS, "; ".join(wrong))

    # -- messages and prose -----------------------------------------------------------------------

    def gettext(self, msgid: str, **values: Any) -> Markup:
        """A template's message, translated, escaped, its foreign words marked and filled with
        ``values`` (marked as English when it has no translation): the templates' ``_``."""

        def make() -> Markup:
            return self._format(self._page_text(*self.translator.translate(Message(None, msgid))), values)

        return make() if values else self._made(("_", msgid), make)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> Markup:
        """The plural form for ``n`` (CLDR's, through the catalog's Plural-Forms), with ``%(num)s``."""
        text, english = self.translator.translate_plural(Message(None, singular, plural), n)
        return self._format(self._page_text(text, english), {"num": n, **values})

    def markdown(self, text: Text, links: bool = True) -> Markup:
        """A content string, translated, as inline Markdown (without links, for a text shown inside
        one: a page's title, the site's name), its foreign words marked with ``lang`` (all of it
        marked English when untranslated): the templates' ``md``."""
        translated, english = self.translator.translate(Message(None, text.msgid), text.origin)
        return self._shown(markdown_inline(translated, links), english)

    def foreign(self, text: str) -> Markup:
        """Page text, escaped, with its words of another language marked with ``lang`` (the ``foreign`` filter)."""
        return mark_foreign(escape(text), self.foreign_words)

    def say(self, phrase: reasons.Phrase | None) -> Markup:
        """A generated sentence (a reason, an outcome) in the page's language, escaped, its foreign
        words marked with ``lang`` (an attribute that shows one takes its text: ``striptags``)."""
        if phrase is None:
            return Markup("")
        if phrase.message.plural is not None:  # counted by its %(num)s, as the templates' ngettext
            count = int(str(dict(phrase.values)["num"]))
            text, english = self.translator.translate_plural(phrase.message, count)
        else:
            text, english = self.translator.translate(phrase.message)
        values = {key: self.name(value) for key, value in phrase.values}
        return self._format(self._page_text(text, english), values)

    def fill(self, context: str, msgid: str, **values: Any) -> Markup:
        """A term with placeholders (a generated message of the engine's modules), filled and escaped."""
        return self._format(self.text(Message(context, msgid)), values)

    # -- the game's words -------------------------------------------------------------------------

    def text(self, message: Message) -> str:
        """A term's translation, as text; marked as English (:func:`in_language`) when it has none."""
        text, english = self.translator.translate(message)
        return in_language(text, "en") if english else text

    def named(self, message: Message) -> Markup:
        """A term as page text: escaped, its foreign words marked with ``lang``."""
        return self._made(("named", message), lambda: self.foreign(self.text(message)))

    def search_forms(self, entries: tuple[Entry, ...]) -> dict[str, Markup]:
        """The forms a player types for the glossary's terms (entry id → "form, form", page text),
        from the locale's "search words" message (:data:`~generator.words.terms.SEARCH_WORDS`); a
        part of it that is not of the form, or names no term of the glossary, flags the message."""
        pairs, wrong = search_words(self.translator.gettext(terms.SEARCH_WORDS))
        ids = {plain_text(self.text(entry.term)).casefold(): entry.id for entry in entries}
        forms: dict[str, Markup] = {}
        for term, found in pairs:
            if term.casefold() in ids:
                forms[ids[term.casefold()]] = self.foreign(", ".join(found))
            else:
                wrong.append(f"{term!r} is not a term of the glossary (its terms: {', '.join(sorted(ids))})")
        if wrong:
            self.translator.flag(terms.SEARCH_WORDS, "; ".join(wrong))
        return forms

    def card(self, card: Card) -> str:
        """A card's name: "the Jack of hearts"."""
        return self.text(terms.card(card))

    def played(self, card: Card) -> str:
        """A card as the object of “%(seat)s plays %(card)s.”."""
        return self.text(terms.played_card(card))

    def corner(self, rank: Rank) -> str:
        """A rank's index, as the corner of a card face shows it."""
        return self.text(terms.rank_index(rank))

    def seat(self, seat: Seat) -> str:
        return self.text(terms.seat(seat))

    def hand(self, seat: Seat) -> str:
        """The label of a seat's hand: "South's hand"."""
        return self.text(terms.hand_of(seat))

    def team(self, team: Team) -> Markup:
        """A team's name as page text: "North–South"."""
        return self.named(scoring.team(team))

    def game(self, game: Game) -> Markup:
        return self.named(terms.game(game))

    def rules(self, name: str) -> Markup:
        """A rule set's name: "House rules"."""
        return self.named(terms.rules(name))

    def trump(self, suit: Suit) -> str:
        """A suit as the trump suit (or the suit led) is named: "hearts"."""
        return self.text(terms.trump_suit(suit))

    def turned(self, suit: Suit) -> str:
        """A suit as the turned card's: "a heart"."""
        return self.text(terms.turned_suit(suit))

    def contract(self, value: int) -> str:
        """A contract's value as shown on its own: "100", or the name of Capot or Générale."""
        named = terms.contract(value)
        return self.text(named) if named else str(value)

    def call(self, call: Call) -> Markup:
        """A call in the page's language: "Pasa", "80 a corazones", "Capot a picas"."""
        return self._call(call, terms.call(call))

    def choice(self, call: Call) -> Markup:
        """A call as the practice page offers it to the player: "Prendre à pique", "Cojo a picas"."""
        return self._call(call, terms.call_choice(call))

    def _call(self, call: Call, message: Message) -> Markup:
        if call.kind is not CallKind.BID:
            return self.named(message)
        assert call.value is not None
        named = terms.contract(call.value)
        return self._format(self.text(message), {"contract": self.named(named) if named else str(call.value)})

    def turn_order(self, start: Seat = Seat.SOUTH) -> str:
        """The seats in the engine's turn order from ``start``, named: "West → North → East → South";
        each arrow kept on the line of the seat before it (a line never starts with "→")."""
        return "\u00a0→ ".join(self.seat(start.next(step)) for step in range(len(Seat)))

    def name(self, value: reasons.Value) -> Markup | str:
        """An engine value or a term, named in the page's language inside a sentence (a suit as the
        trump suit's name, a card in lower case where the language writes it so; a team's name kept
        on one line: "North–South" never breaks at its dash)."""
        if isinstance(value, Message) and value.context == "team":
            return Markup('<span class="team">%s</span>') % self.text(value)
        if isinstance(value, Message):
            return self.named(value)  # a game's or a rule set's name: its French word marked
        if isinstance(value, Seat):
            return self.seat(value)
        if isinstance(value, Card):
            return self.text(terms.card_in_sentence(value))
        if isinstance(value, Suit):
            return self.trump(value)
        if isinstance(value, Call):
            return self.call(value)
        return value

    def face(self, card: Card, state: str = "", verdict: Markup | None = None) -> Markup:
        """A card face: its suit a class (the symbol is drawn by CSS), the locale's rank index in
        ``data-i`` (drawn by CSS), its full name the text (read by assistive technology, hidden from
        the eye); ``verdict``, shown on touch, as plain text. Each one is built once per locale."""
        return self._made(("face", card, state, verdict), lambda: self._face(card, state, verdict))

    def _face(self, card: Card, state: str, verdict: Markup | None) -> Markup:
        classes = f"face s{card.suit.code()}" + (f" {state}" if state else "")
        said = Markup(' data-verdict="%s"') % plain_text(verdict) if verdict is not None else Markup("")
        return Markup('<span class="%s" data-i="%s"%s><span class="name">%s</span></span>') % (
            classes,
            self.corner(card.rank),
            said,
            self.card(card),
        )

    def once(self, name: str, make: Callable[..., str], *values: Hashable) -> Markup:
        """Markup that follows from its ``values`` alone in a locale (a template's macro: the rules
        tables; a card of a trick), made once per locale for those values (as :meth:`_made`), under
        the ``name`` its caller gives it."""
        return self._made(("once", name, values), lambda: Markup(make(*values)))

    # -- how --------------------------------------------------------------------------------------

    def _format(self, text: str | Markup, values: dict[str, Any]) -> Markup:
        """A message escaped (as it is, when it is markup already) and filled with ``values``; a
        sentence that opens with a placeholder starts with a capital (:func:`sentence_start`)."""
        escaped = text if type(text) is Markup else escape(text)
        if not values:
            return escaped
        # As ``escaped % values`` (each value escaped, markup and numbers left as they are), in half
        # the time: it is the most frequent formatting of a build (about 5 % of its CPU at 200 pages).
        safe = {name: value if type(value) in _AS_IS else escape(value) for name, value in values.items()}
        filled = Markup(str.__mod__(escaped, safe))
        return sentence_start(filled) if without_languages(str(text)).startswith("%(") else filled

    def _page_text(self, text: str, english: bool) -> Markup:
        """A translated message as page text: its foreign words marked, or all of it marked as
        English when the translation is missing (a screen reader then speaks it in English). Each
        is made once per locale: a message with placeholders is the same text before it is filled."""
        made = self.page_texts.get((text, english))
        if made is None:
            made = self.page_texts[(text, english)] = self._shown(escape(text), english)
        return made

    def _shown(self, markup: Markup, english: bool) -> Markup:
        """Page text with its foreign words marked, or all of it marked as English (untranslated)."""
        return Markup(in_language(str(markup), "en")) if english else mark_foreign(markup, self.foreign_words)

    def _made(self, key: tuple[Any, ...], make: Callable[[], Markup]) -> Markup:
        """``make()``, built once per locale: the messages it showed in English are kept with it
        and noted again each time it is reused, so a file that reuses it still gives its warnings."""
        made = self.made.get(key)
        if made is not None:
            self.translator.misses |= made[1]
            return made[0]
        before, self.translator.misses = self.translator.misses, set()
        markup = make()
        missed = frozenset(self.translator.misses)
        self.translator.misses = before | missed
        self.made[key] = (markup, missed)
        return markup
