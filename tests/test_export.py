"""`export`: examples with the engine's answers (the app team's conformance suite): the site's, and
those of any files named, completed by positions the engine draws so that every refusal code shows
at least three times. The file validates against its committed schema (jsonschema), each exported
position run again through generator.rules gives the exported answer, and the bytes are the same at
every run."""

from __future__ import annotations

import json
from collections import Counter
from enum import Enum
from pathlib import Path

import jsonschema
import pytest

from generator import reason_map
from generator.export import schema_data
from generator.project import read_site
from generator.rules import (
    Auction,
    AuctionReason,
    Call,
    CallPermission,
    Card,
    CardSet,
    Deal,
    Game,
    PlayPermission,
    PlayReason,
    Seat,
    Suit,
    Team,
    allowed,
    contract_value,
    permission,
    refusal,
    rules_for,
    score_deal,
    trick_result,
)

from .conftest import ROOT
from .site_helpers import copy_project

SCHEMA = ROOT / "schemas" / "examples.schema.json"


def base_url() -> str:
    site = read_site(ROOT, [])
    assert site is not None
    return site.base_url


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's examples and its edge cases, exported once (the schema beside them)."""
    from generator.__main__ import main

    out = tmp_path_factory.mktemp("export") / "examples.json"
    assert main(["export", "-C", str(ROOT), "content", "tests/examples", "--out", str(out)]) == 0
    return out


def examples_of(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["examples"]


def test_the_committed_schemas_are_current() -> None:
    assert SCHEMA.read_bytes() == schema_data(base_url()), "run: belote-docs schema"
    reasons = ROOT / "schemas" / "reasons.schema.json"
    assert reasons.read_bytes() == reason_map.schema_data(base_url()), "run: belote-docs schema"


def test_the_export_validates_against_its_schema(exported: Path) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = json.loads(exported.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    assert (exported.parent / "examples.schema.json").read_bytes() == SCHEMA.read_bytes()
    assert data["$schema"] == schema["$id"] == f"{base_url()}examples.schema.json" and data["format"] == 2
    kinds = {example["kind"] for example in data["examples"]}
    assert kinds == {"play", "auction", "deal"} and len(data["examples"]) >= 150


@pytest.mark.variants
@pytest.mark.parametrize(
    "fault",
    [
        lambda play, auction: play["answer"]["allowed"].append("11H"),
        lambda play, auction: play["answer"]["refused"].append({"card": "7H", "reason": "must-folow-suit"}),
        lambda play, auction: play["answer"]["permitted"].append({"card": "7H", "permission": "must-follow-suit"}),
        lambda play, auction: auction["answer"]["calls"][0].update(refused="bid-too-small"),
        lambda play, auction: play.pop("file"),
    ],
    ids=["card", "reason", "permission", "call reason", "missing key"],
)
def test_a_planted_fault_breaks_the_schema(exported: Path, fault) -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    data = json.loads(exported.read_text(encoding="utf-8"))
    play = next(example for example in data["examples"] if example["kind"] == "play")
    auction = next(example for example in data["examples"] if example["kind"] == "auction")
    assert validator.is_valid(data)
    fault(play, auction)
    assert not validator.is_valid(data)


def shown(example: dict) -> set[Enum]:
    """The codes an exported example's answer shows."""
    answer = example["answer"]
    if example["kind"] == "play":
        found: set[Enum] = {PlayReason(item["reason"]) for item in [*answer["refused"], answer["not_held"]]}
        return found | {PlayPermission(item["permission"]) for item in answer["permitted"]}
    if example["kind"] == "auction":
        found = {AuctionReason(call["refused"]) for call in answer["calls"] if call["refused"]}
        return found | {CallPermission(call["accepted"]) for call in answer["calls"] if call["accepted"]}
    return set()


def test_every_refusal_code_shows_three_times_and_every_permission_once(exported: Path, tmp_path: Path) -> None:
    """The suite of the site and its edge cases, and the site's alone (as published), each with its drawn cases."""
    from generator.__main__ import main

    alone = tmp_path / "site.json"
    assert main(["export", "-C", str(ROOT), "--out", str(alone)]) == 0
    for path in (exported, alone):
        examples = examples_of(path)
        met = Counter(code for example in examples for code in shown(example))
        for code in (*PlayReason, *AuctionReason):
            assert met[code] >= 3, (path.name, code)
        for code in (*PlayPermission, *CallPermission):
            assert met[code] >= 1, (path.name, code)
        drawn = [example for example in examples if example["id"].startswith("drawn-")]
        assert all(example["file"] is None and example["page"] is None for example in drawn)
    files = {example["file"] for example in examples_of(exported)}
    assert {"content/allowed-cards.yaml", "tests/examples/rules-play.yaml", None} <= files
    pages = {example["page"] for example in examples_of(exported)}
    assert pages == {"bidding", "allowed-cards", "scoring", None}  # the edge cases are on no page


def test_export_takes_files_and_folders(tmp_path: Path, run_cli) -> None:
    out = tmp_path / "edge.json"
    code, output = run_cli("export", "-C", str(ROOT), "tests/examples/rules-play.yaml", "--out", str(out))
    assert code == 0, output
    named = [example for example in examples_of(out) if not example["id"].startswith("drawn-")]
    assert named and {example["file"] for example in named} == {"tests/examples/rules-play.yaml"}


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def _suit(code: str | None) -> Suit | None:
    return None if code is None else Suit.parse(code)


def _contract(value: int | str | None) -> int | None:
    return contract_value(str(value)) if value is not None else None


def test_every_exported_answer_is_the_engines_on_the_exported_position(exported: Path) -> None:
    """Only the file is read (not the example files): an app reading it has what it needs."""
    for example in examples_of(exported):
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
            permitted = {item["card"]: item["permission"] for item in answer["permitted"]}
            for card in _cards(position["hand"]):
                reason = refusal(hand, trick, card, trump, rules)
                assert (reason.value if reason else None) == refused.get(card.code()), (example["id"], card)
                why = permission(hand, trick, card, trump, rules)
                assert (why.value if why else None) == permitted.get(card.code()), (example["id"], card)
            absent = Card.parse(answer["not_held"]["card"])
            assert absent not in hand and absent not in trick
            assert refusal(hand, trick, absent, trump, rules).value == answer["not_held"]["reason"]  # type: ignore[union-attr]
            if answer["trick"] is not None:
                leader = Seat.parse(position["trick"][0]["seat"])
                result = trick_result(leader, [*trick, Card.parse(position["play"])], trump)
                assert (result.winner.code(), result.points) == (answer["trick"]["winner"], answer["trick"]["points"])
        elif example["kind"] == "auction":
            auction = Auction(rules, Seat.parse(position["dealer"]), _suit(position["turned"]))
            for call, verdict in zip(position["calls"], answer["calls"], strict=True):
                accepted = auction.permission(Seat.parse(call["seat"]), Call.parse(call["call"]))
                assert (accepted.value if accepted else None) == verdict["accepted"], (example["id"], call)
                reason = auction.call(Seat.parse(call["seat"]), Call.parse(call["call"]))
                assert (reason.value if reason else None) == verdict["refused"], (example["id"], call)
            outcome = auction.outcome
            assert outcome.status.value == answer["outcome"]["status"], example["id"]
            assert (outcome.taker.code() if outcome.taker is not None else None) == answer["outcome"]["taker"], example[
                "id"
            ]
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
    assert run_cli("export", "-C", str(ROOT), "content", "tests/examples", "--out", str(again))[0] == 0
    assert again.read_bytes() == exported.read_bytes()


@pytest.mark.slow
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
