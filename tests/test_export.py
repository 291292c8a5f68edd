"""`export`: every example of the site with the engine's answers (the app team's conformance
suite). The file validates against its committed schema, each exported position run again
through generator.rules gives the exported answer, and the bytes are the same at every run."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

import jsonschema
import pytest

from generator.export import schema_data
from generator.rules import (
    Auction,
    Call,
    Card,
    CardSet,
    Deal,
    Game,
    Seat,
    Suit,
    Team,
    allowed,
    contract_value,
    refusal,
    rules_for,
    score_deal,
    trick_result,
)

from .conftest import ROOT
from .site_helpers import copy_project

SCHEMA = ROOT / "schemas" / "examples.schema.json"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's examples, exported once (the schema beside them)."""
    from generator.__main__ import main

    out = tmp_path_factory.mktemp("export") / "examples.json"
    assert main(["export", "-C", str(ROOT), "--out", str(out)]) == 0
    return out


def test_the_committed_schema_is_current() -> None:
    assert SCHEMA.read_bytes() == schema_data(), "run: belote-docs export, and copy its schema to schemas/"


def test_the_export_validates_against_its_schema(exported: Path) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = json.loads(exported.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    assert (exported.parent / "examples.schema.json").read_bytes() == SCHEMA.read_bytes()
    kinds = {example["kind"] for example in data["examples"]}
    assert kinds == {"play", "auction", "deal"} and len(data["examples"]) >= 30


def test_a_planted_fault_breaks_the_schema(exported: Path) -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    data = json.loads(exported.read_text(encoding="utf-8"))
    play = next(example for example in data["examples"] if example["kind"] == "play")
    play["answer"]["allowed"].append("11H")
    assert not validator.is_valid(data)


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def _suit(code: str | None) -> Suit | None:
    return None if code is None else Suit.parse(code)


def _contract(value: int | str | None) -> int | None:
    return contract_value(str(value)) if value is not None else None


def test_every_exported_answer_is_the_engines_on_the_exported_position(exported: Path) -> None:
    """Only the file is read (not the example files): an app reading it has what it needs."""
    for example in json.loads(exported.read_text(encoding="utf-8"))["examples"]:
        rules = rules_for(Game(example["game"]), example["rules"]["name"])
        flags = {name: value for name, value in example["rules"].items() if name != "name"}
        expected = {name: getattr(rules, name) for name in flags}
        assert flags == {name: value.value if isinstance(value, Enum) else value for name, value in expected.items()}
        position, answer = example["position"], example["answer"]
        if example["kind"] == "play":
            hand = CardSet(_cards(position["hand"]))
            trick = [Card.parse(play["card"]) for play in position["trick"]]
            trump = _suit(position["trump"])
            assert allowed(hand, trick, trump, rules) == CardSet(_cards(answer["allowed"])), example["id"]
            refused = {item["card"]: item["reason"] for item in answer["refused"]}
            for card in _cards(position["hand"]):
                reason = refusal(hand, trick, card, trump, rules)
                assert (reason.value if reason else None) == refused.get(card.code()), (example["id"], card)
            if answer["trick"] is not None:
                leader = Seat.parse(position["trick"][0]["seat"])
                result = trick_result(leader, [*trick, Card.parse(position["play"])], trump)
                assert (result.winner.code(), result.points) == (answer["trick"]["winner"], answer["trick"]["points"])
        elif example["kind"] == "auction":
            auction = Auction(rules, Seat.parse(position["dealer"]), _suit(position["turned"]))
            for call, verdict in zip(position["calls"], answer["calls"], strict=True):
                reason = auction.call(Seat.parse(call["seat"]), Call.parse(call["call"]))
                assert (reason.value if reason else None) == verdict["refused"], (example["id"], call)
            outcome = auction.outcome
            assert outcome.status.value == answer["outcome"]["status"], example["id"]
            assert (outcome.taker.code() if outcome.taker else None) == answer["outcome"]["taker"], example["id"]
            assert outcome.multiplier == answer["outcome"]["multiplier"], example["id"]
        else:
            tricks = tuple(
                tuple((Seat.parse(play["seat"]), Card.parse(play["card"])) for play in trick)
                for trick in position["tricks"]
            )
            deal = Deal(
                rules,
                _suit(position["trump"]),
                Seat.parse(position["dealer"]).next(),
                Seat.parse(position["taker"]),
                tricks,
                _contract(position["contract"]),
                position["multiplier"],
                position["carried_in"],
            )
            score = score_deal(deal)
            assert {team.code(): points for team, points in zip(Team, score.score, strict=True)} == answer["score"]
            assert score.outcome.value == answer["outcome"] and score.carried_out == answer["carried_out"]


def test_the_export_is_the_same_bytes_at_every_run(exported: Path, tmp_path: Path, run_cli) -> None:
    again = tmp_path / "again.json"
    assert run_cli("export", "-C", str(ROOT), "--out", str(again))[0] == 0
    assert again.read_bytes() == exported.read_bytes()


def test_an_example_that_does_not_hold_writes_nothing(tmp_path: Path, run_cli) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "content/allowed-cards.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("allowed: [KS, 7S]", "allowed: [KS]"), encoding="utf-8")
    code, output = run_cli("export", "-C", str(project))
    assert code == 1 and output.endswith("1 example not holding; nothing written\n"), output
    assert not (project / "examples.json").exists() and not (project / "examples.schema.json").exists()


def test_export_has_help(run_cli) -> None:
    with pytest.raises(SystemExit) as done:
        run_cli("export", "--help")
    assert done.value.code == 0
