"""The search index (generator/search.py): Pagefind, run by the build over the finished staging
folder, writes one index per locale of the locales' pages, part of the site's record, the same
bytes for the same pages, rebuilt when a page changes; without Pagefind the build is an error
that says to run ./setup, and the previous site stays as it was."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from generator import search

from .conftest import ROOT
from .site_helpers import ALL_PAGES, LOCALES, copy_project, run_build, tree


def test_the_indexer_run_is_the_version_pinned_in_package_json() -> None:
    pinned = json.loads((ROOT / "package.json").read_bytes())["devDependencies"]["pagefind"]
    command = search.indexer()
    assert command is not None, "run ./setup"
    run = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["pagefind", pinned]


def test_one_index_per_locale_of_its_pages(built_site: Path) -> None:
    entry = json.loads((built_site / search.BUNDLE / "pagefind-entry.json").read_bytes())
    assert sorted(entry["languages"]) == sorted(LOCALES)  # the chooser and 404.html (lang mul) left out
    assert {language["page_count"] for language in entry["languages"].values()} == {
        2 + len(ALL_PAGES)
    }  # the home, the pages and practice


@pytest.mark.slow
def test_a_changed_page_is_found_by_its_new_word(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    out = project / "site"
    assert run_build(project, out)[0].code == 0
    before = tree(out / search.BUNDLE)
    glossary = project / "content" / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    assert "title: Glossary" in text
    glossary.write_text(text.replace("title: Glossary", "title: Glossary Zanzibarword", 1), encoding="utf-8")
    result, lines = run_build(project, out, strict=False)
    assert result.code == 0, lines
    after = tree(out / search.BUNDLE)
    assert after != before and after["pagefind-entry.json"] != before["pagefind-entry.json"]


@pytest.mark.slow
def test_without_pagefind_the_build_says_to_run_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = copy_project(tmp_path / "project")
    monkeypatch.setattr(search, "indexer", lambda: None)
    result, lines = run_build(project, project / "site")
    assert result.code == 2 and not (project / "site").exists()
    assert lines[0] == "pagefind: error: Pagefind, the search indexer, is not installed: run ./setup (it runs npm ci)"


@pytest.mark.slow
def test_a_failing_indexer_is_an_error_and_keeps_the_previous_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = copy_project(tmp_path / "project")
    out = project / "site"
    assert run_build(project, out)[0].code == 0
    kept = tree(out)
    (project / "content" / "scoring.yaml").write_bytes((project / "content" / "scoring.yaml").read_bytes() + b"\n")
    monkeypatch.setattr(search, "indexer", lambda: shutil.which("false"))
    result, lines = run_build(project, out)
    assert result.code == 2 and lines[0] == (
        "pagefind: error: Pagefind, the search indexer, failed: exit 1 (if it is broken, ./setup reinstalls it)"
    ), lines
    assert tree(out) == kept
