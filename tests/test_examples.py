"""Every example holds: those of the site's pages (content/) and the hand-made edge cases
(tests/examples/).

Each example is its own test, so a failure names the example and the field.
"""

from __future__ import annotations

import pytest

from generator.problems import Problem
from generator.reader.documents import expand, load_documents, read_examples
from generator.reader.examples import AuctionExample, ExampleSet, PlayExample
from generator.verify import compare, solve

from .conftest import CONTENT, EXAMPLES


def load_all() -> ExampleSet:
    problems: list[Problem] = []
    return read_examples(load_documents(expand([str(CONTENT), str(EXAMPLES)]), problems), problems)


EXAMPLE_SET = load_all()


def test_example_files_are_valid() -> None:
    assert EXAMPLE_SET.problems == []
    assert len(EXAMPLE_SET.examples) >= 100


@pytest.mark.parametrize("example", EXAMPLE_SET.examples, ids=lambda example: example.id)
def test_example_holds(example) -> None:
    checks = compare(example, solve(example))
    assert example.expect, "every example states what the app answers"
    assert {check.name for check in checks if check.stated is not None} == set(example.expect)
    for check in checks:
        assert check.holds, (check.name, check.stated, check.computed)


def by_file(name: str) -> list:
    return [example for example in EXAMPLE_SET.examples if example.path.endswith(name)]


def test_the_seed_pages_examples_are_all_there() -> None:
    plays = by_file("content/allowed-cards.yaml")
    auctions = [example for example in by_file("content/bidding.yaml") if isinstance(example, AuctionExample)]
    assert len(plays) == 9 and all(isinstance(example, PlayExample) for example in plays)
    assert len(auctions) == 6
    stated = {(example.game.value, example.rules.name) for example in plays}
    assert {("coinche", "house"), ("coinche", "official"), ("no-trump", "house")} <= stated
    trick = next(example for example in plays if "points" in example.expect)
    assert trick.expect["points"].value == 41 and trick.expect["winner"].value.code() == "E"
    assert any("rejected" in example.expect for example in auctions)
    out_of_turn = [example for example in EXAMPLE_SET.examples if example.id.startswith("coinche-out-of-turn")]
    assert {example.rules.name for example in out_of_turn} == {"house", "official"}
