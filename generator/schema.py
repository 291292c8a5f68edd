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
from .rules import RULESETS, Game

SCHEMA_ID = "https://belote-docs.example/schemas/content.schema.json"

TEXT: dict[str, Any] = {"type": "string"}
LIST: dict[str, Any] = {"type": "array"}
MAPPING: dict[str, Any] = {"type": "object"}
NUMBER: dict[str, Any] = {"type": ["integer", "string"]}
"""A number (a contract may also be written `capot`)."""
ANY: dict[str, Any] = {}

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
    "trick": LIST,
    "hand": MAPPING,
    "play": TEXT,
    "dealer": TEXT,
    "turned": TEXT,
    "calls": LIST,
    "taker": TEXT,
    "multiplier": NUMBER,
    "carried_in": NUMBER,
    "tricks": LIST,
    # expect
    "allowed": LIST,
    "winner": TEXT,
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


def _any_case(word: str) -> str:
    """A regular expression of ``word`` in any case (the reader lowercases a game's name)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in word)


def _mapping(names: tuple[str, ...], required: tuple[str, ...], values: dict[str, Any] | None = None) -> dict[str, Any]:
    """A mapping of exactly the fields ``names`` (``required`` among them), each of its kind of value."""
    given = values or {}
    properties = {name: given[name] if name in given else VALUES[name] for name in names}
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


def _example(extra: tuple[str, ...]) -> dict[str, Any]:
    """An example (with the ``extra`` fields of its container): a play, an auction or a deal."""
    example_id = TEXT | {"pattern": "^" + fields.ID_PATTERN.pattern.removesuffix("\\Z") + "$"}
    game = {"type": "string", "pattern": "^\\s*(" + "|".join(_any_case(g.value) for g in Game) + ")\\s*$"}
    expect = {
        fields.PLAY_FIELDS: fields.PLAY_EXPECT,
        fields.AUCTION_FIELDS: fields.AUCTION_EXPECT,
        fields.DEAL_FIELDS: fields.DEAL_EXPECT,
    }
    kinds = []
    for names, answers in expect.items():
        values = {"id": example_id, "game": game, "expect": _mapping(answers, ())}
        kinds.append(_mapping(names + extra, fields.COMMON_REQUIRED + extra, values))
    return {"anyOf": kinds}


def content_schema() -> dict[str, Any]:
    """The schema: a file is the site's configuration, a page, a glossary or a file of examples."""
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
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "belote-docs content: content/site.yaml, a page, a glossary or a file of examples",
        "description": "Made by `belote-docs schema` from the readers' tables; `check` checks the rest.",
        "anyOf": [
            {"$ref": "#/$defs/site"},
            {"$ref": "#/$defs/page"},
            {"$ref": "#/$defs/glossary"},
            examples,
            _mapping((fields.EXAMPLES_KEY,), (fields.EXAMPLES_KEY,), {fields.EXAMPLES_KEY: examples}),
        ],
        "$defs": {
            "site": _mapping(SITE_FIELDS, SITE_FIELDS, site_values),
            "page": _mapping(PAGE_FIELDS, PAGE_FIELDS, page_values),
            "glossary": _mapping(GLOSSARY_FIELDS, GLOSSARY_FIELDS, glossary_values),
            "section": _mapping(SECTION_FIELDS, SECTION_FIELDS, {"content": blocks}),
            "entry": _mapping(ENTRY_FIELDS, ENTRY_FIELDS),
            "block": block,
            "figure": _mapping(
                FIGURE_FIELDS, FIGURE_FIELDS, {"contract": MAPPING, "example": {"$ref": "#/$defs/example"}}
            ),
            "example": _example(()),
            "page-example": _example(EXAMPLE_EXTRA),
        },
    }


def schema_bytes() -> bytes:
    """The schema as written to ``schemas/content.schema.json`` (deterministic bytes)."""
    return (json.dumps(content_schema(), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
