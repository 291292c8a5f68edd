"""The project's loader: stages that are plain functions of their input, each usable alone, which
together are the build's load; the keeper around them (:mod:`generator.cache`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator import project as project_module
from generator.cache import Keeper, Session
from generator.i18n import catalogs as catalogs_module
from generator.problems import Problem
from generator.project import (
    CACHE,
    Project,
    check_catalog,
    compile_templates,
    load_project,
    read_catalogs,
    read_pages,
    read_site,
)
from generator.reader.pages import NO_TEMPLATES

from .conftest import ROOT
from .site_helpers import ALL_PAGES, LOCALES, copy_project


def test_the_stages_in_order_are_the_whole_load() -> None:
    problems: list[Problem] = []
    site = read_site(ROOT, problems)
    assert site is not None and site.pages == ALL_PAGES and tuple(site.locales) == LOCALES
    files = read_pages(ROOT, site, problems)
    catalogs = read_catalogs(ROOT, list(site.locales), problems)
    compiled = compile_templates(ROOT, problems)
    assert problems == [] and all(read.mismatches == () for read in files) and compiled is not None
    project = load_project(ROOT)
    assert project.problems == [] and project.site == site
    assert [page.slug for page in project.pages] == [read.page.slug for read in files if read.page] == list(ALL_PAGES)
    assert [example.id for example in project.examples] == [e.id for read in files for e in read.examples]
    assert project.views == {id_: view for read in files for id_, view in read.views.items()}
    assert len(project.views) == len(project.examples) == 33
    assert set(project.catalogs) == set(catalogs) == set(LOCALES)
    assert project.draws is not None and project.draws.practice_plays


def test_the_keeper_gives_back_what_a_stage_made_for_the_same_arguments_only(tmp_path: Path) -> None:
    """A stage's work is kept under the digest of the code, the kind, the name and every argument:
    in a session, and on disk when asked; other arguments make it again and replace it in its
    slot; a file of the cache that is damaged is as if absent; a cache that cannot be written only
    says so."""
    made: list[tuple[object, ...]] = []

    def stage(*arguments: object) -> list[object]:
        made.append(arguments)
        return [len(made), *arguments]

    session = Session()
    keeper = Keeper(tmp_path / CACHE, session)
    first = keeper.kept("kind", "a", stage, b"bytes", "text", (1, 2), disk=True)
    assert keeper.kept("kind", "a", stage, b"bytes", "text", (1, 2), disk=True) is first and len(made) == 1
    assert Keeper(tmp_path / CACHE).kept("kind", "a", stage, b"bytes", "text", (1, 2), disk=True) == first
    assert len(made) == 1  # a new process reads it back from the folder
    assert keeper.kept("kind", "a", stage, b"bytes", "text", (1, 3), disk=True) == [2, b"bytes", "text", (1, 3)]
    assert list(session) == [("kind", "a")]  # one value a slot: the last
    assert keeper.kept("kind", "b", stage, b"bytes", "text", (1, 3)) == [3, b"bytes", "text", (1, 3)]
    assert not (tmp_path / CACHE / "kind" / "b").exists()  # kept in the session only
    path = tmp_path / CACHE / "kind" / "a"
    path.write_bytes(path.read_bytes()[:-1] + b"!")  # damaged: its digest no longer holds
    assert Keeper(tmp_path / CACHE).kept("kind", "a", stage, b"bytes", "text", (1, 3), disk=True)[0] == 4
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache's folder would be", encoding="utf-8")
    unwritable = Keeper(blocked)
    assert unwritable.kept("kind", "a", stage, disk=True) == [5] and unwritable.unwritable


def test_a_session_reads_again_only_what_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that builds again (``serve``) reads and solves only the page files whose bytes
    changed, and parses only the catalogs whose bytes changed; the project is the same as one
    loaded afresh."""
    project = copy_project(tmp_path / "project")
    keeper = Keeper(project / CACHE, Session())
    pages: list[str] = []
    parsed: list[str] = []
    read_page_file, parse_catalog = project_module.read_page_file, catalogs_module.parse_catalog
    monkeypatch.setattr(
        project_module, "read_page_file", lambda name, *rest: pages.append(name) or read_page_file(name, *rest)
    )
    monkeypatch.setattr(
        project_module,
        "parse_catalog",
        lambda data, display, locale: parsed.append(locale) or parse_catalog(data, display, locale),
    )

    def load(keeper: Keeper) -> tuple[Project, dict[str, object]]:
        loaded = load_project(project, keeper=keeper)
        checked = {locale: check_catalog(found, keeper)[0] for locale, found in loaded.catalogs.items()}
        return loaded, {locale: catalog.entries for locale, catalog in checked.items() if catalog}

    first, _ = load(keeper)
    assert len(pages) == len(ALL_PAGES) and parsed == list(LOCALES) and first.problems == []
    pages.clear(), parsed.clear()
    page = project / "content/scoring.yaml"
    page.write_text(page.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    po = project / "locales/fr/LC_MESSAGES/messages.po"
    po.write_text(po.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    again, catalogs = load(keeper)
    assert pages == ["content/scoring.yaml"] and parsed == ["fr"]
    afresh, fresh_catalogs = load(Keeper(None))
    assert (again.pages, again.views, again.exported, again.problems) == (
        afresh.pages,
        afresh.views,
        afresh.exported,
        afresh.problems,
    )
    assert catalogs == fresh_catalogs and len(catalogs) == len(LOCALES)


def test_a_catalog_is_checked_from_its_bytes_read_again_only_if_they_are_those_the_build_noted(
    tmp_path: Path,
) -> None:
    """A build notes each catalog's digest when it reads it, and does not hold its bytes; its locale
    is checked from the bytes read again, which must be those (the pages' keys name them): a
    catalog saved in between is a problem at the file, and nothing checked is kept for it."""
    project = copy_project(tmp_path / "project")
    problems: list[Problem] = []
    found = read_catalogs(project, ["fr"], problems)["fr"]
    assert problems == [] and not any(isinstance(value, bytes) for value in vars(found).values())
    keeper = Keeper(None, Session())
    catalog, found_problems = check_catalog(found, keeper)
    assert catalog is not None and found_problems == []
    po = project / "locales/fr/LC_MESSAGES/messages.po"
    po.write_text(po.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    fresh = Keeper(None, Session())
    catalog, found_problems = check_catalog(found, fresh)
    assert catalog is None
    changed = "changed while the site was being built; the next build reads it again"
    assert found_problems == [Problem("locales/fr/LC_MESSAGES/messages.po", 0, 0, changed)]
    assert fresh.session is not None and fresh.session == {}  # the next build reads it again
    assert check_catalog(read_catalogs(project, ["fr"], problems)["fr"], fresh)[0] is not None


def test_a_page_whose_example_the_engine_refuses_is_read_with_its_problem_and_not_shown() -> None:
    """A play the rules refuse leaves its example without a view: the page file's stage gives the
    problem at the card, and no page as shown (a build plans none), instead of failing."""
    name = "content/allowed-cards.yaml"
    data = (ROOT / name).read_bytes()
    assert b"play: JH" in data
    read = project_module.read_page_file(name, "allowed-cards", data.replace(b"play: JH", b"play: KD", 1), NO_TEMPLATES)
    assert read.page is not None and read.shown is None
    assert [p for p in read.problems if "may not be played" in p.message and p.path == name]
    whole = project_module.read_page_file(name, "allowed-cards", data, NO_TEMPLATES)
    assert whole.shown is not None and whole.problems == ()


def test_an_example_id_used_on_two_pages_is_a_problem_at_its_second_use(tmp_path: Path) -> None:
    """Each page file is read on its own; the ids of all of them are then compared."""
    project = copy_project(tmp_path / "project")
    page = project / "content/scoring.yaml"
    text = page.read_text(encoding="utf-8")
    first = load_project(project, catalogs=False)
    assert first.problems == []
    taken = next(example.id for example in first.examples if example.path == "content/bidding.yaml")
    other = next(example.id for example in first.examples if example.path == "content/scoring.yaml")
    page.write_text(text.replace(f"id: {other}\n", f"id: {taken}\n", 1), encoding="utf-8")
    problems = load_project(project, catalogs=False).problems
    assert [(p.path, p.message) for p in problems if "not unique" in p.message] == [
        (
            "content/scoring.yaml",
            f"id {taken!r} is not unique (first used at content/bidding.yaml:"
            f"{next(e for e in first.examples if e.id == taken).pos.line}): rename one",
        )
    ]


def test_a_build_parses_only_the_templates_whose_uses_the_cache_does_not_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What each template names is kept in the build cache by its source: a build in a new process
    parses only a template edited since."""
    project = copy_project(tmp_path / "project")
    problems: list[Problem] = []
    first = compile_templates(project, problems, keeper=Keeper(project / CACHE))[1]
    assert problems == [] and first["page.html"] == ("base.html", "blocks.html", "pager.html")
    parsed: list[str] = []
    parse = project_module.referenced

    def counted(source: str) -> tuple[str, ...]:
        parsed.append(source)
        return parse(source)

    monkeypatch.setattr(project_module, "referenced", counted)
    assert compile_templates(project, problems, keeper=Keeper(project / CACHE))[1] == first and parsed == []
    page = project / "templates/page.html"
    page.write_text(page.read_text(encoding="utf-8") + '{% include "figure.html" %}\n', encoding="utf-8")
    edited = compile_templates(project, problems, keeper=Keeper(project / CACHE))[1]
    assert parsed == [page.read_text(encoding="utf-8")] and problems == []
    assert edited == first | {"page.html": ("base.html", "blocks.html", "figure.html", "pager.html")}
    parsed.clear()
    assert compile_templates(project, problems, keeper=Keeper(project / CACHE))[1] == edited and parsed == []


def test_each_stage_reads_only_its_own_input(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    (project / "content/bidding.yaml").write_text("title: [never closed\n", encoding="utf-8")
    (project / "locales/es/LC_MESSAGES/messages.po").write_text('msgid "x\n', encoding="utf-8")
    (project / "templates/page.html").write_text("{% if %}\n", encoding="utf-8")
    problems: list[Problem] = []
    site = read_site(project, problems)
    assert site is not None and problems == []  # i18n add and update need nothing else
    files = read_pages(project, site, problems)
    assert [read.page.slug for read in files if read.page] == ["allowed-cards", "scoring", "glossary"]
    assert sum(len(read.examples) for read in files) == 9 + 17
    assert {problem.path for problem in problems} == {"content/bidding.yaml"}
    russian = read_catalogs(project, ["ru"], problems)["ru"]
    problems += check_catalog(russian)[1]
    assert {problem.path for problem in problems} == {"content/bidding.yaml"}
    problems += check_catalog(read_catalogs(project, ["es"], problems)["es"])[1]
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


def test_the_cycle_collector_is_paused_while_a_project_is_loaded_and_back_after() -> None:
    """Loading builds many acyclic values the collector would only rescan: it is off meanwhile,
    and on again after (serve's builds leave it running between them); a pause inside a pause
    leaves it to the outer one."""
    import gc

    from generator import collector

    seen: list[bool] = []
    read_site = project_module.read_site

    def noted(*arguments: object) -> object:
        seen.append(gc.isenabled())
        return read_site(*arguments)  # type: ignore[arg-type]

    assert gc.isenabled()
    project_module.read_site = noted  # type: ignore[assignment]
    try:
        load_project(ROOT, catalogs=False)
        with collector.paused():
            load_project(ROOT, catalogs=False)
            assert not gc.isenabled()  # the inner pause left it off for the outer one
    finally:
        project_module.read_site = read_site
    assert seen == [False, False] and gc.isenabled()


def test_only_the_process_own_command_leaves_its_values_to_the_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m generator`` (``main()`` without arguments) freezes what its command leaves, so
    that neither a collection nor the exit scans it; a command run in a process that goes on
    (``main(argv)``: the tests, an editor's plugin) is collected as usual and freezes nothing."""
    import gc

    from generator.__main__ import main

    command = ["i18n", "stats", "-C", str(ROOT)]
    frozen = gc.get_freeze_count()
    assert main(command) == 0 and gc.isenabled()
    assert gc.get_freeze_count() == frozen
    monkeypatch.setattr(sys, "argv", ["generator", *command])
    try:
        assert main() == 0 and gc.isenabled()
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()  # this process goes on
    assert capsys.readouterr().out.count("translated  fuzzy") == 2  # both ran the command
