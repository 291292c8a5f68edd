"""Every broken file under tests/invalid/ makes `check` exit 2 with exactly the problems it states.

A case states its problems as `# expect: LINE:COL: message fragment` lines: at the top of a
YAML file, or in a `NAME.json.expect` sidecar for JSON (which has no comments). The checker
runs in-process, as `python -m generator check` does; `tests/test_check_cli.py` runs the real
command line on the whole corpus.
"""

import re
from pathlib import Path

import pytest

from generator.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "tests" / "invalid").iterdir() if p.suffix in (".yaml", ".json"))
EXPECT = re.compile(rb"^# expect: (\d+):(\d+): (.+)$", re.MULTILINE)


def expectations(case: Path) -> list[tuple[int, int, str]]:
    """The (line, column, fragment) each case states, in order."""
    source = case.with_name(case.name + ".expect") if case.suffix == ".json" else case
    return [
        (int(line), int(col), fragment.decode("utf-8").rstrip("\r"))
        for line, col, fragment in EXPECT.findall(source.read_bytes())
    ]


def test_corpus_has_at_least_40_cases():
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_check_reports_each_stated_problem(
    case: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    name = f"tests/invalid/{case.name}"
    expected = expectations(case)
    assert expected, f"{name} states no `# expect:` line"
    monkeypatch.chdir(ROOT)
    code = main(["check", name])
    run = capsys.readouterr()
    output = run.out + run.err
    assert "Traceback" not in output, output
    assert code == 2, output
    errors = [line for line in run.out.splitlines() if ": error: " in line]
    found = []
    for line, col, fragment in expected:
        prefix = f"{name}:{line}:{col}: error: "
        matches = [
            i for i, error in enumerate(errors) if error.startswith(prefix) and fragment in error and i not in found
        ]
        assert matches, f"missing `{prefix}...{fragment}...` in:\n{output}"
        found.append(matches[0])
    assert found == sorted(found), f"problems not listed in file order:\n{output}"
    assert len(errors) == len(expected), f"expected {len(expected)} errors, got {len(errors)}:\n{output}"
