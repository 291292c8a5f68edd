"""Shared fixtures: the repository root, the command line run in-process, the built site, a copy of
the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "examples"
CONTENT = ROOT / "content"


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test marked ``variants`` keeps its first case in the fast loop; its other cases are ``slow``."""
    seen: set[tuple[Path, str]] = set()
    for item in items:
        if isinstance(item, pytest.Function) and item.get_closest_marker("variants") is not None:
            name = (item.path, item.originalname)
            if name in seen:
                item.add_marker(pytest.mark.slow)
            seen.add(name)


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]):
    """Run ``python -m generator ARGS`` in-process; return (exit code, stdout + stderr)."""

    def run(*args: str) -> tuple[int, str]:
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out + captured.err

    return run


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's site, built once (strictly, but for prose awaiting review after a rules change:
    see ``run_build``) for every test that only reads it."""
    from .site_helpers import run_build

    out = tmp_path_factory.mktemp("built") / "site"
    result, lines = run_build(ROOT, out)
    assert result.code == 0, lines
    return out


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's inputs (content, catalogs, templates) to break or change; a module
    that means a loaded project by the name defines its own."""
    from .site_helpers import copy_project

    return copy_project(tmp_path / "project")
