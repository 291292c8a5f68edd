"""The ``check`` command end to end: exit codes, message formats, ``--fix`` round trips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import CONTENT, EXAMPLES, ROOT
from .test_invalid_inputs import CASES, expectations

COMMENTED = """\
# Hand-written examples; comments and layout must survive --fix.
examples:
  - id: follow-suit   # the first example
    game: trump
    trump: H
    trick:
      - W: AS
    hand:
      N: [KS, 7S, JH, 9C, 10D]
    expect:
      allowed: [KS, 7S, JH]   # wrong: JH is a trump, not a spade

  # An auction with no expect at all.
  - id: refused-bid
    game: coinche
    dealer: S
    calls:
      - W: 100 H
      - N: 90 S
  - id: last-trick
    game: trump
    trump: H
    trick: [{S: AS}, {W: 10S}, {N: 7S}]
    hand: {E: [JH, KD]}
    play: JH
    expect:
      allowed:
        - JH
        - KD
      winner: W
    # trailing comment
"""

FIXED = """\
# Hand-written examples; comments and layout must survive --fix.
examples:
  - id: follow-suit   # the first example
    game: trump
    trump: H
    trick:
      - W: AS
    hand:
      N: [KS, 7S, JH, 9C, 10D]
    expect:
      allowed: [KS, 7S]   # wrong: JH is a trump, not a spade

  # An auction with no expect at all.
  - id: refused-bid
    game: coinche
    dealer: S
    calls:
      - W: 100 H
      - N: 90 S
    expect:
      rejected: [2]
      result: open
  - id: last-trick
    game: trump
    trump: H
    trick: [{S: AS}, {W: 10S}, {N: 7S}]
    hand: {E: [JH, KD]}
    play: JH
    expect:
      allowed:
        - JH
      winner: E
      points: 41
    # trailing comment
"""


def test_every_example_file_holds(run_cli) -> None:
    code, output = run_cli("check", str(EXAMPLES))
    assert code == 0, output
    assert output.strip().endswith("all hold")


def test_a_wrong_example_gives_one_line_per_field_and_exit_1(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    code, output = run_cli("check", str(path))
    assert code == 1
    assert output.splitlines() == [
        f"{path}:11: follow-suit: allowed: file says [KS, 7S, JH], engine computes [KS, 7S]: "
        "North must follow suit (JH refused)",
        f"{path}:27: last-trick: allowed: file says [JH, KD], engine computes [JH]: East must trump (KD refused)",
        f"{path}:30: last-trick: winner: file says W, engine computes E: East wins the trick with JH, 41 points",
        "2 of 3 examples do not hold",
    ]


def test_fix_changes_only_the_expect_values_and_is_idempotent(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    code, output = run_cli("check", "--fix", str(path))
    assert code == 0
    assert output.splitlines() == [  # what it changed, as regenerate says it
        f"{path}: follow-suit: allowed: [KS, 7S, JH] -> [KS, 7S]",
        f"{path}: refused-bid: rejected: (not stated) -> [2]",
        f"{path}: refused-bid: result: (not stated) -> open",
        f"{path}: last-trick: allowed: [JH, KD] -> [JH]",
        f"{path}: last-trick: winner: W -> E",
        f"{path}: last-trick: points: (not stated) -> 41",
        "3 examples in 1 file; 1 file updated",
    ]
    assert path.read_text(encoding="utf-8") == FIXED
    assert run_cli("check", str(path))[0] == 0
    assert run_cli("check", "--fix", str(path))[1].strip().endswith("0 files updated")
    assert path.read_text(encoding="utf-8") == FIXED


def test_fix_keeps_a_json_file_json(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "examples.json"
    examples = [
        {
            "id": "json-trick",
            "game": "coinche",
            "trump": "S",
            "trick": [{"W": "AD"}, {"N": "JS"}],
            "hand": {"E": ["7S", "9S", "KH", "QC"]},
            "rules": "official",
            "expect": {"allowed": ["7S"]},
        },
        {
            "id": "json-auction",
            "game": "no-trump",
            "dealer": "S",
            "calls": [{"W": "pass"}, {"N": "pass"}, {"E": "pass"}, {"S": "pass"}],
        },
    ]
    path.write_text(json.dumps(examples, indent=2), encoding="utf-8")
    assert run_cli("check", str(path))[0] == 1
    assert run_cli("check", "--fix", str(path))[0] == 0
    fixed = json.loads(path.read_text(encoding="utf-8"))
    assert fixed[0]["expect"] == {"allowed": ["7S", "9S", "KH", "QC"]}
    assert fixed[1]["expect"] == {"result": "redeal"}
    assert run_cli("check", str(path))[0] == 0


def test_invalid_input_writes_nothing_with_fix(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "bad.yaml"
    text = COMMENTED.replace("[KS, 7S, JH, 9C, 10D]", "[KS, 7S, JH, 9C, 1D]")
    path.write_text(text, encoding="utf-8")
    code, output = run_cli("check", "--fix", str(path))
    assert code == 2 and f"{path}:9:27: error: hand: unknown card '1D'" in output
    assert path.read_text(encoding="utf-8") == text


def test_problems_of_every_file_are_listed_and_ids_are_unique_across_files(tmp_path: Path, run_cli) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(COMMENTED, encoding="utf-8")
    second.write_text(COMMENTED.replace("game: coinche", "game: chess"), encoding="utf-8")
    code, output = run_cli("check", str(first), str(second), str(tmp_path / "missing.yaml"))
    assert code == 2
    assert f"{second}:3:9: error: id 'follow-suit' is not unique (first used at {first}:3): rename one" in output
    assert f"{second}:15:11: error: game: unknown game 'chess'" in output
    assert f"{tmp_path / 'missing.yaml'}: error: no such file" in output


def test_the_command_line_runs_as_a_module_with_help_on_every_command() -> None:
    for args in ([], ["check"], ["build"], ["serve"], ["i18n"], ["i18n", "extract"], ["i18n", "update"]):
        result = subprocess.run(
            [sys.executable, "-m", "generator", *args, "--help"], cwd=ROOT, capture_output=True, text=True
        )
        assert result.returncode == 0 and f"usage: {typed_python()} -m generator" in result.stdout
    result = subprocess.run(
        [sys.executable, "-m", "generator", "check", "tests/examples"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout.endswith("all hold\n")


def typed_python() -> str:
    """This Python as the user types it from the repository's root (``.venv/bin/python``)."""
    relative = os.path.relpath(sys.executable, ROOT)
    return relative if not relative.startswith("..") else sys.executable


def test_the_usage_line_names_the_program_as_it_was_run() -> None:
    """`belote-docs --help` says `usage: belote-docs`, not `python -m generator` (nor the other way)."""
    import shutil
    from pathlib import Path

    script = Path(sys.executable).parent / "belote-docs"
    if not script.is_file():
        pytest.fail("the belote-docs script is installed into .venv by ./setup")
    result = subprocess.run([str(script), "check", "--help"], cwd=ROOT, capture_output=True, text=True)
    relative = os.path.relpath(script, ROOT)
    typed = relative if not relative.startswith("..") else str(script)  # as the hints write it (invocation.py)
    typed = "belote-docs" if shutil.which("belote-docs") == str(script) else typed
    assert result.returncode == 0 and result.stdout.startswith(f"usage: {typed} check "), result.stdout


def test_the_real_command_line_reports_the_whole_broken_corpus_without_a_traceback() -> None:
    """One interpreter on every case of tests/invalid/ (whose exact problems the in-process test checks)."""
    result = subprocess.run(
        [sys.executable, "-m", "generator", "check", "tests/invalid"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2 and result.stderr == "", result.stdout + result.stderr
    assert "Traceback" not in result.stdout
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert {error.split(":", 1)[0] for error in errors} == {f"tests/invalid/{case.name}" for case in CASES}
    assert len(errors) >= sum(len(expectations(case)) for case in CASES), result.stdout
    assert result.stdout.endswith(f"\n{len(errors)} errors in the input; nothing checked\n"), result.stdout


@pytest.mark.parametrize(
    "path",
    [CONTENT / "allowed-cards.yaml", CONTENT / "bidding.yaml", EXAMPLES / "rules-play.yaml"],
    ids=lambda path: path.name,
)
def test_fix_on_files_that_hold_changes_nothing(tmp_path: Path, run_cli, path: Path) -> None:
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    assert run_cli("check", "--fix", str(copy))[0] == 0
    assert copy.read_bytes() == path.read_bytes()


def test_fix_writes_the_answer_into_an_example_of_a_page(tmp_path: Path, run_cli) -> None:
    copy = tmp_path / "allowed-cards.yaml"
    text = (CONTENT / "allowed-cards.yaml").read_text(encoding="utf-8")
    copy.write_text(text.replace("            allowed: [9S]\n", "            allowed: [9S, KH]\n"), encoding="utf-8")
    code, output = run_cli("check", str(copy))
    assert code == 1
    assert (
        "must-overtrump: allowed: file says [9S, KH], engine computes [9S]: East must overtrump (KH refused)" in output
    )
    assert run_cli("check", "--fix", str(copy))[0] == 0
    assert copy.read_text(encoding="utf-8") == text


TRICK = """\
- id: last-trick
  game: trump
  trump: H
  trick: [{S: AS}, {W: 10S}, {N: 7S}]
  hand:
    E: [JH, 8C]  # East's cards
"""


def fix(tmp_path: Path, run_cli, data: bytes, name: str = "examples.yaml") -> bytes:
    path = tmp_path / name
    path.write_bytes(data)
    assert run_cli("check", "--fix", str(path))[0] == 0
    assert run_cli("check", str(path))[0] == 0
    return path.read_bytes()


def test_fix_inserts_after_a_trailing_comment(tmp_path: Path, run_cli) -> None:
    fixed = fix(tmp_path, run_cli, TRICK.encode())
    assert fixed.decode().endswith("    E: [JH, 8C]  # East's cards\n  expect:\n    allowed: [JH]\n")


def test_fix_keeps_crlf_line_endings_and_the_byte_order_mark(tmp_path: Path, run_cli) -> None:
    original = b"\xef\xbb\xbf" + TRICK.replace("\n", "\r\n").encode()
    fixed = fix(tmp_path, run_cli, original)
    assert fixed.startswith(b"\xef\xbb\xbf" + TRICK.replace("\n", "\r\n").encode())
    assert fixed.count(b"\n") == fixed.count(b"\r\n") == TRICK.count("\n") + 2


def test_fix_handles_a_trailing_comma_in_a_flow_mapping(tmp_path: Path, run_cli) -> None:
    text = TRICK.replace("  hand:\n    E: [JH, 8C]  # East's cards\n", "  hand: {E: [JH, 8C]}\n  play: JH\n")
    fixed = fix(tmp_path, run_cli, (text + "  expect: {winner: E, }\n").encode()).decode()
    assert fixed.endswith("  expect: {winner: E, allowed: [JH], points: 41}\n")


def test_fix_writes_through_a_link_and_keeps_the_file_mode(tmp_path: Path, run_cli) -> None:
    real, link = tmp_path / "real.yaml", tmp_path / "link.yaml"
    real.write_text(TRICK, encoding="utf-8")
    real.chmod(0o644)
    link.symlink_to(real)
    assert run_cli("check", "--fix", str(link))[0] == 0
    assert link.is_symlink() and "expect:" in real.read_text(encoding="utf-8")
    assert real.stat().st_mode & 0o777 == 0o644


def test_folders_skip_hidden_ones_and_an_empty_folder_is_an_error(tmp_path: Path, run_cli) -> None:
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "broken.yaml").write_text("not: [an example", encoding="utf-8")
    code, output = run_cli("check", str(tmp_path))
    assert code == 2 and "a folder with no example files" in output
    (tmp_path / "EXAMPLES.YAML").write_text(TRICK + "  expect: {allowed: [JH]}\n", encoding="utf-8")
    assert run_cli("check", str(tmp_path)) == (0, "1 example in 1 file: all hold\n")


PAGE = """\
title: Which card may be played?
description: Which card you may play.
summary:
  - text: In brief.
sections:
  - id: following-suit
    heading: Following suit
    content:
      - example:
          id: follow-suit
          title: North has spades
          game: trump
          trump: H
          trick: [{W: AS}]
          hand: {N: [KS, 7S, JH, 9C, 10D]}
          explanation: >-
            West leads spades. North has spades: he must play one of them,
            whichever he likes.
      - example:
          id: keep-lines
          title: Kept lines
          game: trump
          trump: H
          trick: [{W: AS}]
          hand: {N: [KS, JH]}
          explanation: |+
            The last line break is kept.

  - id: next
    heading: Next
    content:
      - text: After.
"""


def test_fix_inserts_expect_after_a_block_scalar_that_ends_an_example(tmp_path: Path, run_cli) -> None:
    fixed = fix(tmp_path, run_cli, PAGE.encode(), "page.yaml").decode()
    assert fixed == PAGE.replace(
        "            whichever he likes.\n",
        "            whichever he likes.\n          expect:\n            allowed: [KS, 7S]\n",
    ).replace(
        "            The last line break is kept.\n\n",
        "            The last line break is kept.\n\n          expect:\n            allowed: [KS]\n",
    )


COMMENTS = """\
- id: flow-below
  game: trump
  trump: H
  trick: [{W: AS}]
  hand: {N: [KS, 7S, JH]}
  expect:
    allowed:  # the engine says
      [KS, JH]
- id: block-below
  game: trump
  trump: H
  trick: [{W: AS}]
  hand: {N: [KS, 7S, JH]}
  expect:
    allowed: # only spades
    - JH
- id: scalar-below
  game: trump
  trump: H
  trick: [{S: AS}, {W: 10S}, {N: 7S}]
  hand: {E: [JH, 8C]}
  play: JH
  expect:
    winner:
      # who takes it
      W
"""


def test_fix_keeps_a_comment_between_a_key_and_its_value(tmp_path: Path, run_cli) -> None:
    fixed = fix(tmp_path, run_cli, COMMENTS.encode()).decode()
    assert fixed == (
        COMMENTS.replace("      [KS, JH]\n", "      [KS, 7S]\n")
        .replace("    - JH\n", "    - KS\n    - 7S\n")
        .replace("      W\n", "      E\n    allowed: [JH]\n    points: 41\n")
    )
    indentless = COMMENTS.replace(
        "  expect:\n    allowed: # only spades\n    - JH\n",
        "  expect:\n    allowed: # only spades\n    - JH\n    - KS\n    - 7S\n",
    )
    assert fix(tmp_path, run_cli, indentless.encode()) == fixed.encode()


def test_fix_on_an_emptied_block_list_at_its_key_column_keeps_the_comment(tmp_path: Path, run_cli) -> None:
    text = """\
- id: refused
  game: coinche
  dealer: S
  calls: [{W: 100 H}, {N: 110 S}]
  expect:
    rejected: # the second, says the file
    - 2
    result: open
"""
    fixed = fix(tmp_path, run_cli, text.encode()).decode()
    assert fixed == text.replace(
        "    rejected: # the second, says the file\n    - 2\n", "    rejected: [] # the second, says the file\n"
    )


AUCTION = """\
- id: coinched
  game: coinche
  dealer: S
  calls: [{W: 100 H}, {N: coinche}, {E: pass}, {S: pass}, {W: pass}]
  expect:
    result: {taker: W, contract: 100, trump: H, multiplier: 4}
- id: coinched-block
  game: coinche
  dealer: S
  calls: [{W: 100 H}, {N: coinche}, {E: pass}, {S: pass}, {W: pass}]
  expect:
    result:
      multiplier: 1   # stated first
      taker: W
"""


def test_fix_changes_only_the_wrong_value_of_a_result_mapping(tmp_path: Path, run_cli) -> None:
    fixed = fix(tmp_path, run_cli, AUCTION.encode()).decode()
    assert fixed == AUCTION.replace("multiplier: 4}", "multiplier: 2}").replace(
        "      multiplier: 1   # stated first\n", "      multiplier: 2   # stated first\n"
    )


def test_a_wrong_refusal_of_a_call_says_the_engines_reason(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "calls.yaml"
    path.write_text(
        "examples:\n  - id: lower\n    game: coinche\n    dealer: S\n    calls: [{W: 100 H}, {N: 90 S}, {E: Pass}]\n"
        "    expect:\n      rejected: [3]\n",  # 2 is refused (and so 3 is out of turn)
        encoding="utf-8",
    )
    code, output = run_cli("check", str(path))
    assert code == 1 and output.splitlines()[0] == (
        f"{path}:7: lower: rejected: file says [3], engine computes [2, 3]: call 2 (N 90 S) refused: bid too low"
    ), output


@pytest.mark.parametrize(
    "command", [["build"], ["serve"], ["regenerate"], ["i18n", "stats"], ["i18n", "extract"], ["i18n", "add", "de"]]
)
def test_a_project_command_outside_a_project_says_where_to_run_it(
    tmp_path: Path, command: list[str], run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = run_cli(*command)
    assert code == 2 and output == (
        "error: this folder is not a belote-docs project (no content/site.yaml): run the command in the project "
        "folder (the one holding content/, locales/ and templates/) or pass it with -C DIR\n"
    )
    code, output = run_cli(*command, "-C", str(tmp_path / "elsewhere"))
    assert code == 2 and output.startswith(f"error: {tmp_path / 'elsewhere'} is not a belote-docs project")
    assert list(tmp_path.iterdir()) == []


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    from generator.__main__ import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == f"belote-docs {version('belote-docs')}\n"


def test_under_github_actions_each_problem_is_also_an_annotation_at_its_place(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`::error file=F,line=L,col=C::message` (GitHub's workflow command) after each problem and each
    example that does not hold, when GITHUB_ACTIONS is set; nothing of it otherwise."""
    broken = tmp_path / "broken, 100%.yaml"
    broken.write_text("- id: a\n  game: chess\n", encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(
        "- id: w\n  game: trump\n  trump: H\n  trick: [{W: AS}]\n  hand: {N: [KS, 7S, JH]}\n"
        "  expect:\n    allowed: [KS]\n",
        encoding="utf-8",
    )
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    code, output = run_cli("check", str(broken))
    assert code == 2 and "::error" not in output
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, output = run_cli("check", str(broken))
    lines = output.splitlines()
    problem = next(n for n, line in enumerate(lines) if "unknown game" in line)
    assert lines[problem].startswith(f"{broken}:2:9: error: game: unknown game 'chess'")
    place = str(broken).replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
    assert lines[problem + 1].startswith(f"::error file={place},line=2,col=9::game: unknown game 'chess'"), lines
    code, output = run_cli("check", str(wrong))
    assert code == 1
    assert f"::error file={wrong},line=7::w: allowed: file says [KS], engine computes [KS, 7S]" in output, output
