"""The JSON Schemas of the content files (schemas/content-KIND.schema.json per kind of file, and
schemas/content.schema.json choosing the kind by the file's keys; `belote-docs schema`): they are
current with the readers' tables, every page of content/ and every file of tests/examples/ passes
its kind's and the general one, an error is reported at its place (not the whole document), the
closed sets are enums, the README's modeline is right from the folder it names, and each broken
file of tests/invalid/ whose fault is one the schema can see (a field unknown, missing or misspelt,
a wrong kind of value, an unknown game, rule set, seat or call) is refused by it too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.schema import VALUES, content_schema, schema_files

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
    "unknown seat",
    "unknown call",
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


def test_the_committed_schemas_are_current(run_cli, tmp_path: Path) -> None:
    for name, data in schema_files().items():
        assert (ROOT / "schemas" / name).read_bytes() == data, f"run `belote-docs schema` and commit schemas/{name}"
    assert SCHEMA.read_bytes() == schema_files()[SCHEMA.name]
    code, output = run_cli("schema", "-C", str(ROOT), "--out", str(tmp_path))
    assert code == 0 and output.count(": written\n") == len(schema_files()) + 2, output  # and the app's two
    for name in schema_files():
        assert (tmp_path / name).read_bytes() == (ROOT / "schemas" / name).read_bytes()
    for name in ("examples.schema.json", "reasons.schema.json"):
        assert (tmp_path / name).read_bytes() == (ROOT / "schemas" / name).read_bytes()
    assert run_cli("schema", "-C", str(ROOT), "--out", str(tmp_path)) == (0, f"{tmp_path}: already current\n")


def test_every_field_of_the_readers_tables_has_a_kind_of_value() -> None:
    """A field added to a table with no kind here would make the schema fail to build."""
    assert content_schema()["$defs"].keys() >= {"site", "page", "glossary", "example", "page-example"}
    assert "game" not in VALUES and "expect" not in VALUES  # given per kind of example


KIND_OF = {"site.yaml": "site", "glossary.yaml": "glossary"}


def kind_of(path: Path) -> str:
    return "examples" if path.parent.name == "examples" else KIND_OF.get(path.name, "page")


@pytest.mark.parametrize("path", VALID, ids=[path.name for path in VALID])
def test_every_content_file_passes_its_kinds_schema(path: Path) -> None:
    schema = json.loads((ROOT / "schemas" / f"content-{kind_of(path)}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(_load(path))]
    assert not errors, errors[:3]


def test_an_error_is_reported_where_it_is_and_the_closed_sets_are_enums(
    validator: jsonschema.Draft202012Validator,
) -> None:
    """The general schema chooses the kind of file by its keys and the kind of example by its
    fields, so that a validator reports the one error at its place (check-jsonschema printed the
    whole document under a root `anyOf`); a game, a seat or a call outside its set is named as such."""
    page = _load(ROOT / "content" / "allowed-cards.yaml")
    example = next(
        block["example"] for section in page["sections"] for block in section["content"] if "example" in block
    )
    example |= {"game": "trumps", "alowed": [], "hand": {"X": ["7S"]}}
    errors = sorted(validator.iter_errors(page), key=lambda error: list(error.absolute_path))
    place = ["sections", *example_place(page), "example"]
    assert [(list(error.absolute_path), error.validator) for error in errors] == [
        (place, "additionalProperties"),
        ([*place, "game"], "enum"),
        ([*place, "hand"], "enum"),  # the seat X, a key of the hand
    ], [error.message for error in errors]
    assert errors[1].validator_value == ["trump", "no-trump", "coinche"]
    examples = [{"id": "a", "game": "coinche", "dealer": "S", "calls": [{"W": "100 hearts"}]}]
    (error,) = validator.iter_errors(examples)
    assert list(error.absolute_path) == [0, "calls", 0, "W"] and error.validator == "enum"
    assert content_schema("examples")["$defs"]["seat"]["enum"] == ["N", "E", "S", "W"]


def example_place(page: dict) -> list:
    """Where the first example's block is: its section's index, ``content``, its own index."""
    for number, section in enumerate(page["sections"]):
        for index, block in enumerate(section["content"]):
            if "example" in block:
                return [number, "content", index]
    raise AssertionError("no example")


def test_the_readmes_modeline_is_right_from_each_folder_it_names() -> None:
    """The README gives the modeline for each depth; each path it gives leads to the schema from there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Edit with a schema", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"`# yaml-language-server: \$schema=([^`]+)` in `([^`]+)`", section)
    assert {folder for _, folder in found} >= {"content/", "tests/examples/"}, found
    for path, folder in found:
        assert (ROOT / folder / path).resolve() == SCHEMA.resolve(), (folder, path)


@pytest.mark.parametrize("path", VALID, ids=[path.name for path in VALID])
def test_every_content_file_passes(path: Path, validator: jsonschema.Draft202012Validator) -> None:
    data = _load(path)
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
