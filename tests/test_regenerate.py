"""`regenerate`: a rule changes, every example follows, its prose is flagged in every catalog."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from .conftest import ROOT
from .site_helpers import LOCALES, copy_project, tree

RULESETS = "generator/rules/rulesets.py"
OFFICIAL_COINCHE = (
    'Game.COINCHE: Rules(\n            "official",\n            Game.COINCHE,\n            must_undertrump={}'
)
EXPLANATION = (
    "In Coinche under the Official rules, the app lets you discard when you cannot overtrump: East plays "
    "any card he likes."
)


def copy_with_engine(target: Path) -> Path:
    """The project's inputs and its engine, so that a rule can be changed in the copy."""
    copy_project(target)
    shutil.copytree(ROOT / "generator", target / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    return target


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m generator ARGS`` with the copy's own engine (run from the copy)."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], cwd=project, capture_output=True, text=True, timeout=120
    )


def set_flag(project: Path, value: bool) -> None:
    path = project / RULESETS
    text = path.read_text(encoding="utf-8")
    old = OFFICIAL_COINCHE.format(not value)
    assert text.count(old) == 1
    path.write_text(text.replace(old, OFFICIAL_COINCHE.format(value)), encoding="utf-8")


def fuzzy_in(project: Path, code: str) -> bool:
    with (project / f"locales/{code}/LC_MESSAGES/messages.po").open("rb") as stream:
        return read_po(stream).get(EXPLANATION).fuzzy


@pytest.mark.slow
def test_a_rule_change_regenerates_exactly_the_examples_that_depend_on_it(tmp_path: Path) -> None:
    project = copy_with_engine(tmp_path / "project")
    content = tree(project / "content")
    set_flag(project, True)  # official Coinche: must undertrump
    result = run(project, "regenerate", "--report", "report.md")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        result.stdout.splitlines()[0]
        == "content/allowed-cards.yaml: undertrump-official: allowed: [7S, 9S, KH, QC] -> [7S, 9S]"
    )
    changed = {name for name, data in tree(project / "content").items() if content[name] != data}
    assert changed == {"allowed-cards.yaml"}
    before = content["allowed-cards.yaml"].decode().splitlines()
    after = (project / "content/allowed-cards.yaml").read_text(encoding="utf-8").splitlines()
    assert [(a, b) for a, b in zip(before, after, strict=True) if a != b] == [
        ("            allowed: [7S, 9S, KH, QC]", "            allowed: [7S, 9S]")
    ]
    assert all(fuzzy_in(project, code) for code in LOCALES)
    report = (project / "report.md").read_text(encoding="utf-8")
    assert (
        "| `content/allowed-cards.yaml` | `undertrump-official` | allowed | `[7S, 9S, KH, QC]` | `[7S, 9S]` |" in report
    )
    assert "- `undertrump-official`" in report
    assert official_comment(project).endswith("Allowed: 7S 9S.")  # the translators see the new answer
    strict = run(project, "build", "--strict")
    assert strict.returncode == 2
    assert sum(
        "fuzzy translation" in line and "example undertrump-official" in line for line in strict.stdout.splitlines()
    ) == len(LOCALES)

    set_flag(project, False)  # back as it was
    assert run(project, "regenerate").returncode == 0
    assert tree(project / "content") == content
    assert all(fuzzy_in(project, code) for code in LOCALES), "a person clears the flags, not the tool"
    assert official_comment(project).endswith("Allowed: 7S 9S KH QC.")


def official_comment(project: Path) -> str:
    """The translators' comment on the official undertrump example's explanation."""
    with (project / "locales/messages.pot").open("rb") as stream:
        message = read_po(stream).get(EXPLANATION)
    return " ".join(message.auto_comments)


def test_a_regenerate_with_nothing_to_do_says_so_and_changes_no_file(tmp_path: Path) -> None:
    project = copy_with_engine(tmp_path / "project")
    before = tree(project)
    result = run(project, "regenerate", "--report", str(tmp_path / "report.md"))
    assert result.returncode == 0
    assert result.stdout.startswith("nothing changed: 33 examples in 4 files")
    assert "Nothing changed" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert {name: data for name, data in tree(project).items() if "__pycache__" not in name} == {
        name: data for name, data in before.items() if "__pycache__" not in name
    }


def test_regenerate_reports_invalid_input_without_writing(tmp_path: Path) -> None:
    project = copy_with_engine(tmp_path / "project")
    page = project / "content/bidding.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("turned: 10H", "turned: X", 1), encoding="utf-8")
    before = tree(project)
    result = run(project, "regenerate")
    assert result.returncode == 2 and result.stdout.startswith("content/bidding.yaml:")
    assert tree(project) == before


OFFICIAL_TRUMP = (
    'Game.TRUMP: Rules(\n            "official",\n            Game.TRUMP,\n            must_undertrump=True,\n'
)
OFFICIAL_TRUMP += "            coinche_out_of_turn=False,\n            litige=Litige.{},\n"


@pytest.mark.slow
def test_regenerate_follows_a_rule_change_that_removes_a_field(tmp_path: Path) -> None:
    """Issue 22: the official trump game loses its litige; `carried_out` is then a wrong answer that
    regenerate removes (it stopped at exit 2 on it as on bad input)."""
    project = copy_with_engine(tmp_path / "project")
    path = project / RULESETS
    text = path.read_text(encoding="utf-8")
    assert text.count(OFFICIAL_TRUMP.format("CARRY_OVER")) == 1
    path.write_text(text.replace(OFFICIAL_TRUMP.format("CARRY_OVER"), OFFICIAL_TRUMP.format("DEDANS")), "utf-8")
    assert "carried_out: 81}" in (project / "content/scoring.yaml").read_text(encoding="utf-8")
    result = run(project, "regenerate")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "content/scoring.yaml: tie-official: carried_out: 81 -> (none: the official rules" in result.stdout
    scoring = (project / "content/scoring.yaml").read_text(encoding="utf-8")
    assert "carried_out" not in scoring and "outcome: failed, score: {NS: 162, EW: 0}}" in scoring
    again = run(project, "check", "content")
    assert again.returncode == 0, again.stdout + again.stderr
