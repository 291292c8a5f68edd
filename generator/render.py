"""Rendering: one Jinja environment per locale, with the page's language passed explicitly.

Everything a template prints is escaped (autoescape); the text it is handed is page text already
(:mod:`generator.page_text`). The templates' API, for every locale's environment:

- ``_(msgid, **values)``, ``ngettext(singular, plural, n, **values)``: the templates' messages,
  translated, escaped and filled (what ``i18n extract`` reads);
- ``md(text, links=True)``: a content string, translated, as inline Markdown;
- ``words``: the locale's :class:`~generator.page_text.Words`, naming the game's things:
  ``words.card(c)``, ``words.played(c)``, ``words.corner(rank)``, ``words.face(c, state, verdict)``,
  ``words.seat(s)``, ``words.hand(s)``, ``words.team(t)``, ``words.game(g)``, ``words.rules(name)``,
  ``words.trump(suit)``, ``words.turned(suit)``, ``words.contract(n)``, ``words.call(c)``,
  ``words.turn_order(start)``, ``words.fill(context, msgid, **values)``,
  ``words.say(phrase)``, ``words.foreign(text)``, ``words.once(name, macro, *values)``;
- ``case_data(kind)``: the words the reason landing's script fills the player's own case from
  (:func:`generator.case.case_data`, JSON for a ``<script type="application/json">``);
- ``markup``: the examples' markup (:class:`~generator.example_markup.ExampleMarkup`):
  ``markup.setup(view)``, ``markup.auction(view)``, ``markup.table(view)``, ``markup.play(view, other)``,
  ``markup.deal_setup(view, with_rules)``, ``markup.tricks(view)``, ``markup.tally(view, others)``,
  ``markup.said(view)``;
- the engine's tables and values (:mod:`generator.tables`, :mod:`generator.rules`):
  ``rules_matter(game, scoring=False)``, ``rule_sets()``, ``rule_differences()``,
  ``rule_differences_by_game()``, ``scoring_recap()``, ``card_order()``, ``seat_of(code)``;
- the page's locale: ``lang``, ``dir``, ``og_locale``, ``og_alternates``, ``site``, ``site_name``,
  ``is_draft``;
- filters: ``glossed`` (the first use of each glossary word linked), ``foreign`` (words of another
  language marked), ``striptags`` (keeps no-break spaces), ``unlinked``.

Each template is handed only its output's context (:mod:`generator.plan`): its fields are the
template's variables.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Callable
from pathlib import Path
from types import CodeType
from typing import Any

from jinja2 import BaseLoader, BytecodeCache, Environment, StrictUndefined, Template, TemplateNotFound, pass_environment
from jinja2.bccache import Bucket
from jinja2.loaders import split_template_path
from markupsafe import Markup, escape

from . import tables
from .cache import Keeper
from .case import case_data
from .example_markup import ExampleMarkup
from .files import read_input
from .i18n.catalogs import Translator
from .inputs import Inputs
from .locales import og_locale, text_direction
from .page_text import Words, link_first_use, plain_text, resolve_languages, unlinked
from .plan import Glossary, Output, bcp47
from .reader.pages import Site
from .reader.source import SourceError, control_problem, decode
from .rules import Seat, rule_sets_differ
from .words import terms
from .words.terms import Message


class LocaleRenderer:
    """Renders the files of one locale; the translator records what it had to show in English."""

    def __init__(
        self,
        templates: Path,
        site: Site,
        locale: str,
        translator: Translator,
        compiled: BytecodeCache | None = None,
        sources: dict[str, str] | None = None,
    ) -> None:
        self.site = site
        self.locale = locale
        self.translator = translator
        self.words = Words(locale, translator)
        self.env = make_environment(templates, compiled, sources=sources)
        self.glossary: list[tuple[str, str]] = []
        """The glossary words of the file being rendered, in this language, with their anchors."""
        self.glossary_href = "glossary.html"
        self.linked: set[str] = set()
        words = self.words
        self.env.globals.update(
            _=words.gettext,
            ngettext=words.ngettext,
            md=words.markdown,
            words=words,
            markup=ExampleMarkup(words),
            case_data=functools.partial(case_data, words),
            link_glossary_words=self.glossed,
            rules_matter=rule_sets_differ,
            rule_sets=tables.rule_sets,
            rule_differences=tables.differences,
            rule_differences_by_game=tables.differences_by_game,
            scoring_recap=tables.scoring_recap,
            card_order=tables.card_order,
            seat_of=Seat.parse,
            lang=bcp47(locale),
            dir=text_direction(locale),
            og_locale=og_locale(locale),
            og_alternates=[og_locale(code) for code in site.published if code != locale],
            site=site,
            site_name=words.markdown(site.name, links=False),
            is_draft=site.locales.get(locale) == "draft",
        )
        self._glossaries: dict[Glossary, list[tuple[str, str]]] = {}

    def render(self, output: Output) -> str:
        """Render one output of this locale from its context alone (its fields are the template's
        variables); on a rules page, the first use of each glossary word in its prose links to the
        word's entry."""
        context = output.context
        glossary = getattr(context, "glossary", None)
        self.glossary = self.glossary_words(glossary) if glossary is not None else []
        self.glossary_href = glossary.href if glossary is not None else "glossary.html"
        self.linked = set()
        values = {f.name: getattr(context, f.name) for f in dataclasses.fields(context)}
        frame = values.pop("frame")  # every locale's file has one
        values |= {f.name: getattr(frame, f.name) for f in dataclasses.fields(frame)}
        return self.env.get_template(output.template).render(**values)

    def render_module(self, template: str, **values: Any) -> Any:
        """A template run for what it exports (``make_module``), its errors told at the template's
        lines as a render's are (Jinja rewrites the traceback only when asked)."""
        try:
            return self.env.get_template(template).make_module(values)
        except Exception:  # noqa: BLE001 (re-raised, with the template's lines)
            self.env.handle_exception()

    def glossary_words(self, glossary: Glossary) -> list[tuple[str, str]]:
        """The glossary's words in this language that a page may link on first use, longest first:
        not a word another term also says (Hindi's "Coinche" is the game and the call), which
        would mislead."""
        if glossary not in self._glossaries:
            catalog = self.translator.catalog
            said: dict[str, set[Message]] = {}
            for term in terms.TERMS:
                entry = catalog.entries.get((term.context, term.msgid)) if catalog else None
                text = entry.strings[0] if entry and entry.strings and not entry.fuzzy else term.msgid
                said.setdefault(text.casefold(), set()).add(term)
            words = [(self.translator.gettext(entry.term), entry.id) for entry in glossary.entries]
            self._glossaries[glossary] = sorted(
                ((word, anchor) for word, anchor in words if len(said.get(word.casefold(), set())) <= 1),
                key=lambda pair: -len(pair[0]),
            )
        return self._glossaries[glossary]

    def glossed(self, html: Markup) -> Markup:
        """Prose with the first use on this page of each glossary word linked to its entry."""
        return link_first_use(html, self.glossary, self.linked, self.glossary_href)


class MarkedTemplate(Template):
    """Jinja's template, whose output has its language marks made spans (:func:`resolve_languages`)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        return resolve_languages(super().render(*args, **kwargs))


class CompiledTemplates(BytecodeCache):
    """Compiled templates shared by every locale's environment (each compiles nothing twice, and a
    template's code is read back once a build), kept by the build's :class:`~generator.cache.Keeper`
    (in a session, and in ``.cache/``) under the key of the template's source (Jinja's checksum of
    it): an edited template is compiled again; an entry that does not read back (of another
    Python) is as if absent."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper
        self._code: dict[str, CodeType] = {}
        """Each template's code, once read back or compiled, by its key: the five locales' renderers load it once."""

    def load_bytecode(self, bucket: Bucket) -> None:
        key = self.keeper.key("template", bucket.key, bucket.checksum)
        if key in self._code:
            bucket.code = self._code[key]
            return
        found = self.keeper.get("template", bucket.key, key, True)
        if isinstance(found, bytes):
            try:
                bucket.bytecode_from_string(found)  # reset by Jinja when of another Python
            except Exception:  # noqa: BLE001 (code that does not read back: compiled again)
                bucket.reset()
        if bucket.code is not None:
            self._code[key] = bucket.code

    def dump_bytecode(self, bucket: Bucket) -> None:
        key = self.keeper.key("template", bucket.key, bucket.checksum)
        self.keeper.put("template", bucket.key, key, bucket.bytecode_to_string(), True)
        if bucket.code is not None:
            self._code[key] = bucket.code


class TemplateFiles(BaseLoader):
    """The templates folder, read through the one guarded reader (regular files only, size
    bounded, ``FileError`` for an OS error, ``SourceError`` at the byte that is not UTF-8); each
    template read is noted in ``inputs``, when given, and kept in ``sources``: the environments of
    one build share it, so each template is read once and rendered from the bytes noted."""

    def __init__(self, folder: Path, inputs: Inputs | None = None, sources: dict[str, str] | None = None) -> None:
        self.folder = folder
        self.inputs = inputs
        self.sources = sources if sources is not None else {}

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if template not in self.sources:
            if not os.path.lexists(path):
                raise TemplateNotFound(template)
            data = read_input(path, f"templates/{template}")
            if self.inputs is not None:
                self.inputs.note(f"templates/{template}", data)
            source = decode(data)
            if (bad := control_problem(source)) is not None:
                raise SourceError([bad])
            self.sources[template] = source
        return self.sources[template], str(path), lambda: True


@pass_environment
def _glossed(env: Environment, html: Markup) -> Markup:
    """The `glossed` filter: prose with glossary words linked, by the locale's renderer (unchanged elsewhere)."""
    link = env.globals.get("link_glossary_words")
    return link(html) if callable(link) else html


@pass_environment
def _foreign(env: Environment, text: str) -> Markup:
    """The `foreign` filter: page text with its words of another language marked with ``lang``, by
    the locale's words (only escaped elsewhere)."""
    words = env.globals.get("words")
    return words.foreign(text) if isinstance(words, Words) else escape(text)


def make_environment(
    templates: Path,
    compiled: BytecodeCache | None = None,
    inputs: Inputs | None = None,
    sources: dict[str, str] | None = None,
) -> Environment:
    """A Jinja environment over the templates folder: autoescaped, strict about undefined names;
    its ``striptags`` keeps no-break spaces (:func:`plain_text`)."""
    env = Environment(
        loader=TemplateFiles(templates, inputs, sources),
        autoescape=lambda name: not (name or "").endswith(".txt"),  # robots.txt is not HTML
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        bytecode_cache=compiled,
    )
    env.template_class = MarkedTemplate
    env.filters.update(striptags=plain_text, unlinked=unlinked, glossed=_glossed, foreign=_foreign)
    return env
