"""The JSON Schema of the content files (``content/site.yaml``, the pages, example files), made
from the readers' own tables of fields (:mod:`generator.reader.pages`, :mod:`generator.reader.examples`)
and of values (games, rule sets, locale states, block kinds), so that an editor (VS Code's YAML
extension) completes and checks what the reader reads. It sees the fields: unknown, missing,
misspelt, or of the wrong kind of value (text, list, mapping); the cards, seats, calls and the
rules of the game stay the reader's and the engine's to check (``check``).
"""

from __future__ import annotations

import json
from typing import Any

from .case import every_call
from .reader import examples as fields
from .reader.pages import (
    BLOCK_KINDS,
    ENTRY_FIELDS,
    EXAMPLE_EXTRA,
    FIGURE_FIELDS,
    GLOSSARY_FIELDS,
    LOCALE_STATES,
    PAGE_FIELDS,
    SECTION_FIELDS,
    SITE_FIELDS,
)
from .rules import RULESETS, CallKind, Game, Seat, Suit

ID_PREFIX = "urn:belote-docs:schema:"
"""The content schemas' ``$id``s: names, not addresses (the site does not publish them; editors read
them from ``schemas/``)."""

KINDS = ("site", "page", "glossary", "examples")
"""The kinds of content file, each with its own schema (``schemas/content-KIND.schema.json``)."""

TEXT: dict[str, Any] = {"type": "string"}
LIST: dict[str, Any] = {"type": "array"}
MAPPING: dict[str, Any] = {"type": "object"}
NUMBER: dict[str, Any] = {"type": ["integer", "string"]}
"""A number (a contract may also be written `capot`)."""
ONE_SEAT = {"type": "object", "propertyNames": {"$ref": "#/$defs/seat"}, "minProperties": 1, "maxProperties": 1}

VALUES: dict[str, dict[str, Any]] = {
    # the site
    "name": TEXT,
    "base_url": TEXT | {"pattern": "^https?://"},
    "locales": MAPPING,
    "pages": LIST,
    # pages, sections, blocks, glossary entries, figures
    "title": TEXT,
    "description": TEXT,
    "summary": LIST,
    "sections": LIST,
    "entries": LIST,
    "heading": TEXT,
    "content": LIST,
    "term": {"type": ["string", "object"]},  # a term of the game's words, or {CONTEXT: WORD}
    "definition": TEXT,
    "see": TEXT,
    "alt": TEXT,
    "caption": TEXT,
    "explanation": TEXT,
    # examples
    "id": TEXT,
    "contract": NUMBER,
    "rules": {"enum": list(RULESETS)},
    "trump": TEXT,
    "trick": {"type": "array", "items": {"$ref": "#/$defs/played"}},
    "hand": ONE_SEAT,
    "play": TEXT,
    "dealer": {"$ref": "#/$defs/seat"},
    "turned": TEXT,
    "calls": {"type": "array", "items": {"$ref": "#/$defs/called"}},
    "taker": {"$ref": "#/$defs/seat"},
    "multiplier": NUMBER,
    "carried_in": NUMBER,
    "tricks": LIST,
    # expect
    "allowed": LIST,
    "winner": {"$ref": "#/$defs/seat"},
    "points": NUMBER,
    "rejected": LIST,
    "result": {"type": ["string", "object"]},
    "card_points": MAPPING,
    "belote": TEXT,
    "outcome": TEXT,
    "score": MAPPING,
    "carried_out": NUMBER,
}
"""The kind of value of each field (a field of no table here is an error of :func:`content_schema`)."""


SEATS = [seat.code() for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)]
"""The seats as the files write them (the reader takes any case and the names too: the schema asks
for the form the README gives)."""


def calls() -> list[str]:
    """Every call as the files write it (``pass``, ``take S``, ``100 H``, ``capot S``, ``coinche``)."""
    found = [call.code() for call in every_call() if call.kind not in (CallKind.COINCHE, CallKind.SURCOINCHE)]
    accented = [f"générale {suit}" for suit in Suit]  # as French writes it; the reader takes both
    return found + accented + ["coinche", "surcoinche"]


def _defs() -> dict[str, Any]:
    """The closed sets every kind of file may name, as enums (an editor lists their values)."""
    return {
        "seat": {"enum": SEATS, "description": "N, E, S or W"},
        "game": {"enum": [game.value for game in Game], "description": "the game: trump, no-trump or coinche"},
        "call": {
            "enum": calls(),
            "description": "pass, take, take SUIT, VALUE SUIT, capot SUIT, generale SUIT, coinche, surcoinche",
        },
        "played": ONE_SEAT | {"additionalProperties": TEXT, "description": "SEAT: CARD"},
        "called": ONE_SEAT | {"additionalProperties": {"$ref": "#/$defs/call"}, "description": "SEAT: CALL"},
    }


def _mapping(names: tuple[str, ...], required: tuple[str, ...], values: dict[str, Any] | None = None) -> dict[str, Any]:
    """A mapping of exactly the fields ``names`` (``required`` among them), each of its kind of value."""
    kinds = VALUES | (values or {})
    properties = {name: kinds[name] for name in names}
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


def _choose(cases: list[tuple[dict[str, Any], dict[str, Any]]], otherwise: dict[str, Any]) -> dict[str, Any]:
    """The first schema whose condition holds, else ``otherwise``: a chain of ``if``/``then``/``else``,
    so that a validator reports the errors of that one schema (not of every alternative)."""
    chosen = otherwise
    for condition, schema in reversed(cases):
        chosen = {"if": condition, "then": schema, "else": chosen}
    return chosen


def _example(extra: tuple[str, ...]) -> dict[str, Any]:
    """An example (with the ``extra`` fields of its container): an auction has ``calls``, a deal
    ``tricks``, any other is a play."""
    example_id = TEXT | {"pattern": "^" + fields.ID_PATTERN.pattern.removesuffix("\\Z") + "$"}
    kinds = {}
    for names, answers in (
        (fields.PLAY_FIELDS, fields.PLAY_EXPECT),
        (fields.AUCTION_FIELDS, fields.AUCTION_EXPECT),
        (fields.DEAL_FIELDS, fields.DEAL_EXPECT),
    ):
        values = {"id": example_id, "game": {"$ref": "#/$defs/game"}, "expect": _mapping(answers, ())}
        kinds[names] = _mapping(names + extra, fields.COMMON_REQUIRED + extra, values)
    return _choose(
        [
            ({"type": "object", "required": ["calls"]}, kinds[fields.AUCTION_FIELDS]),
            ({"type": "object", "required": ["tricks"]}, kinds[fields.DEAL_FIELDS]),
        ],
        kinds[fields.PLAY_FIELDS],
    )


def _parts() -> dict[str, dict[str, Any]]:
    """Each kind of file's schema, and the parts they share, by name (``$defs``)."""
    block = {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"enum": list(BLOCK_KINDS)},
        "properties": {
            "text": TEXT,
            "note": TEXT,
            "list": {"type": "array", "items": TEXT},
            "example": {"$ref": "#/$defs/page-example"},
            "figure": {"$ref": "#/$defs/figure"},
        },
    }
    blocks = {"type": "array", "items": {"$ref": "#/$defs/block"}}
    page_values = {"summary": blocks, "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}}}
    glossary_values = {"summary": blocks, "entries": {"type": "array", "items": {"$ref": "#/$defs/entry"}}}
    site_values = {
        "locales": {"type": "object", "additionalProperties": {"enum": list(LOCALE_STATES)}},
        "pages": {"type": "array", "items": TEXT},
    }
    examples = {"type": "array", "items": {"$ref": "#/$defs/example"}, "minItems": 1}
    return {
        "site": _mapping(SITE_FIELDS, SITE_FIELDS, site_values),
        "page": _mapping(PAGE_FIELDS, PAGE_FIELDS, page_values),
        "glossary": _mapping(GLOSSARY_FIELDS, GLOSSARY_FIELDS, glossary_values),
        "examples": _choose(
            [({"type": "array"}, examples)],
            _mapping((fields.EXAMPLES_KEY,), (fields.EXAMPLES_KEY,), {fields.EXAMPLES_KEY: examples}),
        ),
        "section": _mapping(SECTION_FIELDS, SECTION_FIELDS, {"content": blocks}),
        "entry": _mapping(ENTRY_FIELDS, ENTRY_FIELDS),
        "block": block,
        "figure": _mapping(FIGURE_FIELDS, FIGURE_FIELDS, {"contract": MAPPING, "example": {"$ref": "#/$defs/example"}}),
        "example": _example(()),
        "page-example": _example(EXAMPLE_EXTRA),
    }


_USES = {
    "site": (),
    "page": ("section", "block", "figure", "example", "page-example"),
    "glossary": ("entry", "block", "figure", "example", "page-example"),
    "examples": ("example",),
}
"""The shared parts each kind of file's schema carries."""

_TITLES = {
    "site": "content/site.yaml: the site's name, address, locales and pages",
    "page": "a page of content/ (bidding, allowed-cards, scoring): its summary and sections",
    "glossary": "content/glossary.yaml: the words of the game",
    "examples": "a file of examples, such as those of tests/examples/: a list, or `examples:` and a list",
}


def content_schema(kind: str | None = None) -> dict[str, Any]:
    """The schema of one kind of content file (:data:`KINDS`), or with None of any of them: the kind
    chosen by its top-level keys (a list or ``examples:``, ``base_url``/``locales``/``pages``,
    ``entries``, else a page), so that a validator reports the errors of that kind alone."""
    parts = _parts()
    shared = _defs()
    if kind is not None:
        own = {name: parts[name] for name in _USES[kind]}
        return _head(kind, _TITLES[kind]) | parts[kind] | {"$defs": shared | own}
    chosen = _choose(
        [
            ({"type": "array"}, {"$ref": "#/$defs/examples"}),
            ({"type": "object", "required": [fields.EXAMPLES_KEY]}, {"$ref": "#/$defs/examples"}),
            (
                {"type": "object", "anyOf": [{"required": [name]} for name in ("base_url", "locales", "pages")]},
                {"$ref": "#/$defs/site"},
            ),
            ({"type": "object", "required": ["entries"]}, {"$ref": "#/$defs/glossary"}),
        ],
        {"$ref": "#/$defs/page"},
    )
    title = "belote-docs content: content/site.yaml, a page, the glossary or a file of examples, by its keys"
    return _head("content", title) | chosen | {"$defs": shared | parts}


def _head(name: str, title: str) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{ID_PREFIX}{name}",
        "title": title,
        "description": "Made by `belote-docs schema` from the readers' tables; `check` checks the rest.",
    }


def schema_files() -> dict[str, bytes]:
    """Each content schema as written to ``schemas/`` (deterministic bytes), by file name."""
    files = {"content.schema.json": _bytes(content_schema())}
    return files | {f"content-{kind}.schema.json": _bytes(content_schema(kind)) for kind in KINDS}


def _bytes(schema: dict[str, Any]) -> bytes:
    return (json.dumps(schema, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
