"""`regenerate`: a rule changes, every example follows, its prose is flagged in every catalog."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from .conftest import ROOT
from .site_helpers import LOCALES, copy_project, stopped_making_a_folder, tree
from .test_serve import WRONG

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
    """Official Coinche's must_undertrump set to ``value`` in the copy's rulesets.py (one line)."""
    path = project / RULESETS
    text = path.read_text(encoding="utf-8")
    old = OFFICIAL_COINCHE.format(not value)
    if text.count(old) == 1:
        path.write_text(text.replace(old, OFFICIAL_COINCHE.format(value)), encoding="utf-8")
    assert text.count(OFFICIAL_COINCHE.format(value)) + text.count(old) == 1


def fuzzy_in(project: Path, code: str) -> bool:
    with (project / f"locales/{code}/LC_MESSAGES/messages.po").open("rb") as stream:
        return read_po(stream).get(EXPLANATION).fuzzy


@pytest.mark.slow
def test_a_rule_change_regenerates_exactly_the_examples_that_depend_on_it(tmp_path: Path) -> None:
    project = copy_with_engine(tmp_path / "project")
    set_flag(project, False)  # official Coinche frees the undertrump, as when this test was written,
    assert run(project, "regenerate").returncode == 0  # and the content follows (whatever a rules change did since)
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


@pytest.mark.slow
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


@pytest.mark.variants
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_regenerate_stopped_as_it_makes_its_scratch_folder_leaves_everything_as_it_was(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """Stopped at the worst moment of building the site after the change (for the report): nothing
    is written, and the scratch copy of the project is removed."""
    project = copy_project(tmp_path / "project")
    page = project / "content/allowed-cards.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace(*WRONG, 1), encoding="utf-8")  # an answer to fix
    before = tree(project)
    report = tmp_path / "report.md"
    run, temporary = stopped_making_a_folder(tmp_path, stop, "regenerate", "-C", str(project), "--report", str(report))
    assert run.returncode == 128 + stop and "Traceback" not in run.stdout, run.stdout
    assert tree(project) == before and not report.exists()
    assert not any(temporary.iterdir()), "the scratch folder is removed"


OFFICIAL_TRUMP_LITIGE = re.compile(
    r'(Game\.TRUMP: Rules\(\n\s+"official",\n\s+Game\.TRUMP,\n(?:\s+\w+=\w+,\n){2}\s+litige=Litige\.)(\w+)'
)


def set_official_trump_litige(project: Path, value: str) -> None:
    """The official trump game's litige set to ``value`` in the copy's rulesets.py (one line)."""
    path = project / RULESETS
    text = path.read_text(encoding="utf-8")
    found = OFFICIAL_TRUMP_LITIGE.search(text)
    assert found is not None
    path.write_text(text[: found.start(2)] + value + text[found.end(2) :], encoding="utf-8")


@pytest.mark.slow
def test_regenerate_follows_a_rule_change_that_removes_a_field(tmp_path: Path) -> None:
    """Issue 22: the official trump game loses its litige; `carried_out` is then a wrong answer that
    regenerate removes (it stopped at exit 2 on it as on bad input)."""
    project = copy_with_engine(tmp_path / "project")
    path = project / RULESETS
    set_official_trump_litige(project, "CARRY_OVER")  # as it was then (a later rules change moves no test):
    assert run(project, "regenerate").returncode == 0  # the content as those rules have it
    assert path.is_file() and "carried_out: 81}" in (project / "content/scoring.yaml").read_text(encoding="utf-8")
    set_official_trump_litige(project, "DEDANS")
    result = run(project, "regenerate")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "content/scoring.yaml: tie-official: carried_out: 81 -> (none: the official rules" in result.stdout
    scoring = (project / "content/scoring.yaml").read_text(encoding="utf-8")
    assert "carried_out" not in scoring and "outcome: failed, score: {NS: 162, EW: 0}}" in scoring
    again = run(project, "check", "content")
    assert again.returncode == 0, again.stdout + again.stderr


def project_copy(target: Path) -> Path:
    """A copy of the repository as a fresh clone has it (the files git tracks or would add), with
    the venv and the Node packages linked: a rules change can be made and tested there."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet committed is listed too
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for linked in (".venv", "node_modules"):
        (target / linked).symlink_to(ROOT / linked)
    return target


def git(project: Path, *args: str) -> str:
    identity = ["-c", "user.name=test", "-c", "user.email=test@example.com"]
    done = subprocess.run(["git", *identity, *args], cwd=project, capture_output=True, text=True, check=True)
    return done.stdout


HOUSE_COINCHE_UNDERTRUMP = re.compile(
    r'(Game\.COINCHE: Rules\(\n\s+"house",\n\s+Game\.COINCHE,\n\s+must_undertrump=)(\w+)'
)
FLIPS = {  # a flag of card play (the review's), and one of scoring (the README's example)
    "house Coinche's undertrump": (HOUSE_COINCHE_UNDERTRUMP, {"True": "False", "False": "True"}),
    "the official trump litige": (OFFICIAL_TRUMP_LITIGE, {"CARRY_OVER": "DEDANS", "DEDANS": "CARRY_OVER"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("flip", FLIPS)
def test_the_regenerate_workflow_leaves_one_check_failing_the_strict_build_listing_the_prose(
    tmp_path: Path, flip: str
) -> None:
    """A rules change as the README describes it (one flag of rulesets.py), committed in a copy of the
    repository; then the steps of regenerate.yml, run as GitHub runs them; then what the pull request's
    CI runs: every test but the browser's and the slow ones passes, ./setup's build passes, and the
    strict build alone fails, each error a line of prose to review, each an annotation."""
    project = project_copy(tmp_path / "project")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "before the rules change")
    rulesets = project / RULESETS
    text = rulesets.read_text(encoding="utf-8")
    pattern, other = FLIPS[flip]
    flag = pattern.search(text)
    assert flag is not None
    rulesets.write_text(text[: flag.start(2)] + other[flag.group(2)] + text[flag.end(2) :], encoding="utf-8")
    git(project, "commit", "-q", "-am", f"the rules change: {flip} flipped")

    runner = tmp_path / "runner"
    runner.mkdir()
    summary = tmp_path / "summary.md"
    workflow = yaml.safe_load((ROOT / ".github/workflows/regenerate.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["regenerate"]["steps"]
    environment = os.environ | {
        "RUNNER_TEMP": str(runner),
        "GITHUB_WORKSPACE": str(project),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_ACTIONS": "true",
    }
    ran = []
    for step in steps:
        if "run" not in step or step.get("name") == "Install":  # the venv is this one's
            continue
        env = {name: "" if "${{" in str(value) else str(value) for name, value in step.get("env", {}).items()}
        done = subprocess.run(
            ["bash", "-e", "-c", step["run"]], cwd=project, env=environment | env, capture_output=True, text=True
        )
        assert done.returncode == 0, (step["name"], done.stdout, done.stderr)
        ran.append(step["name"])
    assert len(ran) == 3, ran

    changed = [line[3:] for line in git(project, "status", "--porcelain").splitlines()]
    pull_request = next(step for step in steps if step.get("uses", "").startswith("peter-evans/create-pull-request"))
    folders = [glob.removesuffix("**") for glob in pull_request["with"]["add-paths"].split()]
    assert changed and all(any(name.startswith(folder) for folder in folders) for name in changed), changed
    assert any(name.startswith("tests/examples/") for name in changed)  # the edge cases follow the rules too
    check = run(project, "check", "content", "tests/examples")
    assert check.returncode == 0, check.stdout
    report = summary.read_text(encoding="utf-8")
    assert "### What is left to do" in report and "### The site's text, before and after" in report
    for locale in LOCALES:
        assert f"<summary>{locale}</summary>" in report and f"`{locale}/" in report

    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-m", "not browser and not slow", "-q", "-x", "-p", "no:cacheprovider"],
        cwd=project,
        capture_output=True,
        text=True,
        env={name: value for name, value in os.environ.items() if name != "GITHUB_ACTIONS"},
    )
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert run(project, "build", "--no-search").returncode == 0  # ./setup's build

    strict = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--strict", "--no-search", "--out", str(tmp_path / "site")],
        cwd=project,
        capture_output=True,
        text=True,
        env=environment,
    )
    assert strict.returncode == 2
    lines = strict.stdout.splitlines()
    errors = [line for line in lines if ": error: " in line]
    assert errors and all("the example's answer changed (regenerate)" in line for line in errors), errors
    assert {line.split("/")[1] for line in errors} == set(LOCALES)  # each locale's catalog, at its line
    assert sum(line.startswith("::error file=locales/") for line in lines) == len(errors)
