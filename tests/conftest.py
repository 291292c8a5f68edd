"""Shared helpers: the repository root and running the command line in-process."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "examples"
CONTENT = ROOT / "content"


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]):
    """Run ``python -m generator ARGS`` in-process; return (exit code, stdout + stderr)."""

    def run(*args: str) -> tuple[int, str]:
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out + captured.err

    return run
