"""The project's loader: named stages, each usable alone, which together are the build's load."""

from __future__ import annotations

import pickle
import pickletools
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator import cache
from generator import project as project_module
from generator.files import FileError
from generator.i18n.catalogs import load_cached, read_catalog
from generator.keys import code_version
from generator.page_cache import KeptPage
from generator.problems import Problem
from generator.project import (
    CACHE,
    CATALOG_CACHE,
    USES,
    compile_templates,
    engine_draws,
    load_project,
    read_catalogs,
    read_pages,
    read_site,
    solve_examples,
)

from .conftest import ROOT
from .site_helpers import ALL_PAGES, LOCALES, copy_project


def test_the_stages_in_order_are_the_whole_load() -> None:
    problems: list[Problem] = []
    site = read_site(ROOT, problems)
    assert site is not None and site.pages == ALL_PAGES and tuple(site.locales) == LOCALES
    pages, examples = read_pages(ROOT, site, problems)
    verification, views, _ = solve_examples(examples, problems)
    catalogs = read_catalogs(ROOT, list(site.locales), problems)
    compiled = compile_templates(ROOT, problems)
    assert problems == [] and verification.mismatches == [] and compiled is not None
    project = load_project(ROOT)
    assert project.problems == [] and project.site == site
    assert [page.slug for page in project.pages] == [page.slug for page in pages] == list(ALL_PAGES)
    assert [example.id for example in project.examples] == [example.id for example in examples]
    assert project.views == views and len(views) == len(examples) == 33
    assert set(project.catalogs) == set(catalogs) == set(LOCALES)


@dataclass(frozen=True, slots=True)
class _One:
    value: object


@dataclass(frozen=True)
class _Plain:  # without slots: pickled as pickle does
    value: object


def test_the_cache_pickles_every_kept_value_as_it_reads_back() -> None:
    """Each page kept (its page, examples and answers: frozen dataclasses with slots) and the
    engine's draws read back equal from :func:`cache.dumps`, each frozen dataclass with slots
    pickled as a call of its class (not through ``__setstate__``)."""
    problems: list[Problem] = []
    site = read_site(ROOT, problems)
    assert site is not None
    pages, examples = read_pages(ROOT, site, problems)
    _, views, lines = solve_examples(examples, problems)
    kept = [KeptPage(page, tuple(e for e in examples if e.id in page.anchors), {}, ()) for page in pages]
    answers = tuple((views[example.id], lines[example.id]) for example in examples)
    draws = engine_draws(ROOT)
    fields = (draws.play_reasons, draws.call_reasons, draws.practice_plays, draws.practice_calls, draws.source)
    for value in [*kept, answers, fields]:
        assert pickle.loads(cache.dumps(value)) == value
    one = _One(_One(1))
    assert pickle.loads(cache.dumps(one)) == one and "BUILD" not in _opcodes(cache.dumps(one))  # no __setstate__
    again = pickle.loads(cache.dumps(draws))
    assert (again.play_reasons, again.call_reasons, again.practice_plays, again.practice_calls, again.source) == fields
    plain = _Plain([1, _One("x")])
    assert pickle.loads(cache.dumps(plain)) == plain and "BUILD" in _opcodes(cache.dumps(plain))


def _opcodes(data: bytes) -> set[str]:
    return {opcode.name for opcode, _, _ in pickletools.genops(data)}


def test_a_build_parses_only_the_templates_whose_uses_the_cache_does_not_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What each template names is kept in the build cache by its source's digest: a build parses
    only a template edited since, and a kept file of another shape is as if absent."""
    project = copy_project(tmp_path / "project")
    problems: list[Problem] = []
    first = compile_templates(project, problems)[1]
    assert problems == [] and first["page.html"] == ("base.html", "blocks.html", "pager.html")
    parsed: list[str] = []
    parse = project_module._referenced

    def counted(source: str) -> tuple[str, ...]:
        parsed.append(source)
        return parse(source)

    monkeypatch.setattr(project_module, "_referenced", counted)
    assert compile_templates(project, problems)[1] == first and parsed == []
    page = project / "templates/page.html"
    page.write_text(page.read_text(encoding="utf-8") + '{% include "figure.html" %}\n', encoding="utf-8")
    edited = compile_templates(project, problems)[1]
    assert parsed == [page.read_text(encoding="utf-8")] and problems == []
    assert edited == first | {"page.html": ("base.html", "blocks.html", "figure.html", "pager.html")}
    parsed.clear()
    assert compile_templates(project, problems)[1] == edited and parsed == []
    cache.store(project / USES, "uses", code_version()[:32], b'{"0": [1]}')  # kept whole, of another shape
    assert compile_templates(project, problems)[1] == edited and len(parsed) == len(edited)


def test_each_stage_reads_only_its_own_input(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    (project / "content/bidding.yaml").write_text("title: [never closed\n", encoding="utf-8")
    (project / "locales/es/LC_MESSAGES/messages.po").write_text('msgid "x\n', encoding="utf-8")
    (project / "templates/page.html").write_text("{% if %}\n", encoding="utf-8")
    problems: list[Problem] = []
    site = read_site(project, problems)
    assert site is not None and problems == []  # i18n add and update need nothing else
    pages, examples = read_pages(project, site, problems)
    assert [page.slug for page in pages] == ["allowed-cards", "scoring", "glossary"] and len(examples) == 9 + 17
    assert {problem.path for problem in problems} == {"content/bidding.yaml"}
    solve_examples(examples, problems)
    assert {problem.path for problem in problems} == {"content/bidding.yaml"}
    read_catalogs(project, ["ru"], problems)
    assert {problem.path for problem in problems} == {"content/bidding.yaml"}
    read_catalogs(project, ["es"], problems)
    compile_templates(project, problems)
    assert {problem.path for problem in problems} == {
        "content/bidding.yaml",
        "locales/es/LC_MESSAGES/messages.po",
        "templates/page.html",
    }
    partial = load_project(project, catalogs=False)
    assert partial.catalogs == {} and partial.compiled is None
    assert {problem.path for problem in partial.problems} == {"content/bidding.yaml"}


@pytest.mark.slow
def test_i18n_update_reads_the_site_file_and_the_catalogs_only(tmp_path: Path, run_cli) -> None:
    project = copy_project(tmp_path / "project")
    (project / "content/bidding.yaml").write_text("title: [never closed\n", encoding="utf-8")
    code, output = run_cli("i18n", "update", "-C", str(project))
    assert code == 0, output
    code, output = run_cli("i18n", "extract", "-C", str(project))
    assert code == 2 and output.startswith("content/bidding.yaml:")


def test_a_catalog_is_held_only_while_it_is_looked_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked catalogs are kept in the cache, not in memory: each is read back when looked up,
    as parsed, and let go by release(); a catalog in the cache already is checked without being
    parsed; a cache removed meanwhile is made up for by parsing again, a catalog changed meanwhile
    is an error; a catalog the cache cannot keep is held from the start."""
    project = copy_project(tmp_path / "project")
    problems: list[Problem] = []
    catalogs = read_catalogs(project, list(LOCALES), problems)
    assert problems == [] and list(catalogs) == list(LOCALES) and catalogs.held == {}
    display = "locales/ru/LC_MESSAGES/messages.po"
    parsed = read_catalog(project / display, display, "ru", problems)
    assert parsed is not None and catalogs["ru"].entries == parsed.entries and len(parsed.entries) > 300
    assert [catalogs["ru"].plural(n) for n in range(30)] == [parsed.plural(n) for n in range(30)]
    assert list(catalogs.held) == ["ru"]
    catalogs.release("ru")
    assert catalogs.held == {}

    from generator.i18n import catalogs as catalogs_module

    def unparsable(*arguments: object, **keywords: object) -> None:
        raise AssertionError("parsed")

    with monkeypatch.context() as patch:
        patch.setattr(catalogs_module, "parse_po", unparsable)
        cached = read_catalogs(project, list(LOCALES), problems)
        assert problems == [] and list(cached) == list(LOCALES) and cached.held == {}
    es = project / CATALOG_CACHE / "es.pickle"
    es.write_bytes(es.read_bytes().split(b"\n", 1)[0] + b"\n\x80\x05damaged")  # its label, then no pickle
    spanish = read_catalog(project / display.replace("ru", "es"), display.replace("ru", "es"), "es", problems)
    assert spanish is not None and cached["es"].entries == spanish.entries  # parsed again, and kept again:
    assert load_cached(es, catalogs.digests["es"], "es", "es") is not None
    shutil.rmtree(project / CACHE)
    assert cached["ru"].entries == parsed.entries  # parsed again
    po = project / "locales/fr/LC_MESSAGES/messages.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "Late"\nmsgstr "Tard"\n', encoding="utf-8")
    with pytest.raises(FileError, match="changed while the site was built: build again"):
        cached["fr"]

    shutil.rmtree(project / CACHE)  # kept again above
    (project / CACHE).mkdir()
    (project / CATALOG_CACHE).write_text("not a folder", encoding="utf-8")  # the cache cannot keep them
    held = read_catalogs(project, ["es", "ru"], problems)
    assert problems == [] and list(held.held) == ["es", "ru"]
    held.release("ru")
    assert list(held.held) == ["es", "ru"] and held["ru"].entries == parsed.entries
