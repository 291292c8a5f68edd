"""``reasons.json``, the app's map of the engine's codes to the site, and its JSON Schema.

For each refusal code (``play``, ``call``): the anchor of its line on the page that lists the
reasons, the example of that page that shows it, and per published locale the line's address and
the rule's sentence in that language (the same for every position: it names no card, suit or
seat), and the query parameters that give the player's own case on the line (:mod:`.case`); for
each permission code, its sentence. It names the default locale (an app falls back to
it for a language the site does not publish) and the version of its format (``format``), raised
only by a change that would break a reader of the previous one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from . import case, codes
from .export import json_object
from .rules import CallPermission, PlayPermission

if TYPE_CHECKING:
    from .plan import ReasonMapContext

FORMAT = 2
"""The version of ``reasons.json``'s format (1 had ``version`` and one example's sentence)."""

SCHEMA_NAME = "reasons.schema.json"
"""The schema's file name, beside ``reasons.json`` on the site and in ``schemas/``."""

PERMISSIONS = (("play", tuple(PlayPermission)), ("call", tuple(CallPermission)))
"""The permission codes, by kind, in the engine's order (their sentences follow the reasons')."""


def schema_id(base_url: str) -> str:
    """Where the site publishes the schema: its ``$id``, and the ``$schema`` of the file."""
    return f"{base_url}{SCHEMA_NAME}"


def reason_map(context: ReasonMapContext, sentences: dict[str, tuple[str, ...]]) -> str:
    """reasons.json, from each published locale's ``sentences`` (plain text: the reasons' lines in
    the context's order, then every permission's). Keys sorted, so that the same site is the same bytes."""
    reasons: dict[str, dict[str, dict[str, Any]]] = {}
    for index, target in enumerate(context.targets):
        anchor, kind = target.line.anchor, target.line.kind
        where = {code: f"{code}/{target.page}#{anchor}" for code in context.locales}
        reasons.setdefault(kind, {})[target.line.code.value] = {
            "anchor": anchor,
            "case": case.grammar(kind, target.line.code.value),
            "example": target.line.example,
            "locales": {
                code: {
                    "url": f"{context.root}{where[code]}",
                    "path": f"{context.path}{where[code]}",
                    "sentence": sentences[code][index],
                }
                for code in context.locales
            },
        }
    permissions: dict[str, dict[str, dict[str, Any]]] = {}
    listed = [(kind, member) for kind, members in PERMISSIONS for member in members]
    for index, (kind, member) in enumerate(listed, len(context.targets)):  # their sentences follow the reasons'
        locales = {code: {"sentence": sentences[code][index]} for code in context.locales}
        permissions.setdefault(kind, {})[member.value] = {"locales": locales}
    data = {
        "$schema": schema_id(context.root),
        "format": FORMAT,
        "default_locale": context.locales[0],
        "locales": list(context.locales),
        "reasons": reasons,
        "permissions": permissions,
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def schema_data(base_url: str) -> bytes:
    """The JSON Schema of reasons.json, its ``$id`` under ``base_url`` (deterministic bytes)."""
    return (json.dumps(schema(base_url), ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _by_code(kind: str, entry: dict[str, Any]) -> dict[str, Any]:
    """An object with one ``entry`` per code of ``kind`` (every code the engine has, and only those)."""
    names = list(codes.meanings(next(k for k in codes.KINDS if k.name == kind).enum))
    return {
        "type": "object",
        "propertyNames": {"$ref": f"#/$defs/{kind}"},
        "additionalProperties": entry,
        "required": names,
    }


def schema(base_url: str) -> dict[str, Any]:
    """The schema of :func:`reason_map`'s file."""
    locale = {"type": "string", "pattern": "^[a-z]{2,3}(_[A-Za-z0-9]+)*$", "description": "a locale code: fr, pt_BR"}
    line = json_object(
        {
            "url": {"type": "string", "description": "the absolute address of the reason's line on its page"},
            "path": {"type": "string", "description": "the same, from the host's root (under the site's path)"},
            "sentence": {
                "type": "string",
                "description": "the rule in this language, as the line says it: no card, suit or seat named",
            },
        }
    )
    parameter = json_object(
        {
            "type": {"enum": sorted(case.TYPES), "description": "; ".join(case.TYPES.values())},
            "required": {"type": "boolean"},
            "meaning": {"type": "string"},
        }
    )
    reason = json_object(
        {
            "anchor": {"type": "string", "pattern": "^why-[a-z-]+$", "description": "the line's id: why-CODE"},
            "case": {
                "type": "object",
                "description": "the player's own case: the query parameters the line's address may take "
                "(url?NAME=VALUE&...#why-CODE), each of a type; the page then shows the player's sentence above "
                "the rule (a query outside them shows nothing)",
                "propertyNames": {"enum": sorted(case.PARAMETERS)},
                "additionalProperties": parameter,
            },
            "example": {
                "type": ["string", "null"],
                "description": "the id of the example of the page that shows it (its anchor is ex-ID), if one does",
            },
            "locales": {"type": "object", "propertyNames": locale, "additionalProperties": line},
        }
    )
    permission = json_object(
        {
            "locales": {
                "type": "object",
                "propertyNames": locale,
                "additionalProperties": json_object({"sentence": {"type": "string"}}),
            }
        }
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id(base_url),
        "title": "The Belote help site's reasons: each engine code's line and sentence in every language",
        "description": "For the app to show why a card or a call is refused (or allowed) in the player's language "
        "and to link to the rule's line. `format` is raised only by a change that would break a reader of the "
        "previous format; codes are never removed or renamed once released, and a new one may appear.",
        "type": "object",
        "properties": {
            "$schema": {"type": "string", "description": "the address of this schema"},
            "format": {"const": FORMAT},
            "default_locale": locale | {"description": "the language to fall back to for one the site lacks"},
            "locales": {"type": "array", "items": locale, "minItems": 1, "description": "the published locales"},
            "reasons": json_object(
                {"play": _by_code("play-reason", reason), "call": _by_code("call-reason", reason)},
                "why a card (play) or a call (call) is refused, by the engine's code",
            ),
            "permissions": json_object(
                {"play": _by_code("play-permission", permission), "call": _by_code("call-permission", permission)},
                "why a card or a call is allowed, by the engine's code",
            ),
        },
        "required": ["$schema", "format", "default_locale", "locales", "reasons", "permissions"],
        "additionalProperties": False,
        "$defs": {kind.name: codes.enum_schema(kind) for kind in codes.KINDS},
    }
