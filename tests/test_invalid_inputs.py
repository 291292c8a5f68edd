"""Every broken file under tests/invalid/ makes `check` exit 2 with exactly the problems it states.

A case states its problems as `# expect: LINE:COL: message fragment` lines: at the top of a
YAML file, or in a `NAME.json.expect` sidecar for JSON (which has no comments).
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

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
def test_check_reports_each_stated_problem(case: Path):
    name = f"tests/invalid/{case.name}"
    expected = expectations(case)
    assert expected, f"{name} states no `# expect:` line"
    run = subprocess.run(
        [sys.executable, "-m", "generator", "check", name], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    output = run.stdout + run.stderr
    assert "Traceback" not in output, output
    assert run.returncode == 2, output
    errors = [line for line in run.stdout.splitlines() if ": error: " in line]
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
