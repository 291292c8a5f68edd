"""The JSON Schema of the content files (schemas/content.schema.json, `belote-docs schema`): it is
current with the readers' tables, every page of content/ and every file of tests/examples/ passes
it, and each broken file of tests/invalid/ whose fault is one the schema can see (a field unknown,
missing or misspelt, a wrong kind of value, an unknown game or rule set) is refused by it too."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.schema import VALUES, content_schema, schema_bytes

from .conftest import ROOT
from .test_invalid_inputs import CASES, expectations

SCHEMA = ROOT / "schemas" / "content.schema.json"
VALID = sorted((ROOT / "content").glob("*.yaml")) + sorted((ROOT / "tests" / "examples").glob("*.*"))

SEEN = (
    "unknown field",
    "unknown top-level key",
    "missing `id`",
    "missing `game`",
    "unknown game",
    "unknown rule set",
    "use lowercase letters, digits and '-'",
    "expected a list of examples",
    "no examples",
    "an example is either a play",
)
"""The problems of the reader that the schema sees too: those of the fields, not of their values."""
UNSEEN = ("for the trump game", "for the no-trump game", "for the coinche game")
"""Except the fields of a result that depend on the game (the schema does not tie them to it)."""


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_committed_schema_is_current(run_cli, tmp_path: Path) -> None:
    assert SCHEMA.read_bytes() == schema_bytes(), "run `belote-docs schema` and commit schemas/content.schema.json"
    out = tmp_path / "schema.json"
    assert run_cli("schema", "-C", str(ROOT), "--out", str(out)) == (0, f"{out}: written\n")
    assert out.read_bytes() == SCHEMA.read_bytes()


def test_every_field_of_the_readers_tables_has_a_kind_of_value() -> None:
    """A field added to a table with no kind here would make the schema fail to build."""
    assert content_schema()["$defs"].keys() >= {"site", "page", "glossary", "example", "page-example"}
    assert "game" not in VALUES and "expect" not in VALUES  # given per kind of example


@pytest.mark.parametrize("path", VALID, ids=[path.name for path in VALID])
def test_every_content_file_passes(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [error.message for error in validator.iter_errors(data)]
    assert not errors, errors[:3]


def _seen(case: Path) -> bool:
    fragments = [fragment for _, _, fragment in expectations(case) if not any(part in fragment for part in UNSEEN)]
    return any(part in fragment for fragment in fragments for part in SEEN)


def _load(case: Path) -> object:
    text = case.read_text(encoding="utf-8")
    return json.loads(text) if case.suffix == ".json" else yaml.safe_load(text)


SEEN_CASES = [case for case in CASES if _seen(case)]


def test_the_schema_sees_a_good_share_of_the_corpus() -> None:
    assert len(SEEN_CASES) >= 12, [case.name for case in SEEN_CASES]


@pytest.mark.parametrize("case", SEEN_CASES, ids=[case.name for case in SEEN_CASES])
def test_each_broken_file_the_schema_can_see_is_refused(case: Path, validator: jsonschema.Draft202012Validator) -> None:
    try:
        data = _load(case)
    except (yaml.YAMLError, json.JSONDecodeError, UnicodeDecodeError):
        pytest.skip("not YAML or JSON an editor could read")
    assert not validator.is_valid(data), f"{case.name}: {expectations(case)}"
