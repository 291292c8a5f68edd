"""The engine's codes as the app's contract: every released code is still given (none disappears or
is renamed), every code the engine gives is released, and the README's table and the schemas' enums
list them with their meanings, from the engine's docstrings."""

from __future__ import annotations

import json
import sys

import pytest

from generator import codes

from .conftest import ROOT

RELEASED = ROOT / "tests" / "released-codes.txt"


def released() -> list[str]:
    lines = RELEASED.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def given() -> list[str]:
    """Every code the engine gives as ``KIND CODE``, the form of released-codes.txt."""
    return [f"{kind.name} {code}" for kind in codes.KINDS for code in codes.meanings(kind.enum)]


def test_no_released_code_disappears_or_is_renamed() -> None:
    gone = sorted(set(released()) - set(given()))
    assert not gone, f"released codes the engine no longer gives (an app depends on them): {gone}"


def test_every_code_the_engine_gives_is_released() -> None:
    new = sorted(set(given()) - set(released()))
    assert not new, f"new codes: add them to {RELEASED.name} as they ship, and to CHANGELOG.md: {new}"


def test_a_planted_rename_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    renamed = [line.replace("must-follow-suit", "must-follow") for line in given()]
    monkeypatch.setattr(sys.modules[__name__], "given", lambda: renamed)
    with pytest.raises(AssertionError, match="play-reason must-follow-suit"):
        test_no_released_code_disappears_or_is_renamed()


def test_every_code_has_a_meaning_in_the_readme_and_the_schemas() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert codes.with_table(readme) == readme, "run `belote-docs schema`: the README's table of codes is not current"
    for name in ("examples.schema.json", "reasons.schema.json"):
        defs = json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))["$defs"]
        for kind in codes.KINDS:
            listed = {item["const"]: item["description"] for item in defs[kind.name]["oneOf"]}
            assert listed == codes.meanings(kind.enum), (name, kind.name)
            assert all(meaning.endswith(".") and len(meaning) > 15 for meaning in listed.values())
