"""The catalogs through the tools translators use: GNU gettext's writer (msgcat, which wraps as
msgmerge and Poedit do), translate-toolkit's (Weblate's), msginit's new catalogs; what the build
and ``i18n update`` say and keep of what those tools write."""

from __future__ import annotations

import difflib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from translate.storage.po import pofile

from generator import invocation

from .site_helpers import LOCALES, copy_project, run_build, tree

needs_gettext = pytest.mark.skipif(
    shutil.which("msgcat") is None or shutil.which("msginit") is None, reason="unreachable: ./setup installs gettext"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


def catalog(project: Path, code: str) -> Path:
    return project / "locales" / code / "LC_MESSAGES" / "messages.po"


def update(run_cli, project: Path) -> str:
    code, output = run_cli("i18n", "update", "-C", str(project))
    assert code == 0, output
    return output


def changed_lines(before: dict[str, bytes], after: dict[str, bytes]) -> list[str]:
    """Every line added or removed between two trees, with its file."""
    lines = []
    for name in sorted(set(before) | set(after)):
        old = before.get(name, b"").decode().splitlines()
        new = after.get(name, b"").decode().splitlines()
        lines += [f"{name}: {line}" for line in difflib.ndiff(old, new) if line[:1] in "+-"]
    return lines


@pytest.mark.slow
@needs_gettext
def test_a_gnu_save_of_every_catalog_then_update_changes_no_line(project: Path, run_cli) -> None:
    """What Poedit, msgmerge and msgcat write (wrapped at 79 columns) is the project's layout."""
    before = tree(project / "locales")
    for path in [*(catalog(project, code) for code in LOCALES), project / "locales/messages.pot"]:
        subprocess.run(["msgcat", str(path), "-o", str(path)], check=True)
    assert changed_lines(before, tree(project / "locales")) == []
    assert update(run_cli, project).endswith("updated: none\n")
    assert changed_lines(before, tree(project / "locales")) == []


def weblate_save(path: Path, edit: dict[str, str] | None = None) -> None:
    """Load and save a catalog as Weblate does (translate-toolkit's PO store), with ``edit``'s
    translations set on the way (source → target)."""
    with path.open("rb") as stream:
        store = pofile(stream)
    for unit in store.units:
        if edit and unit.source in edit:
            unit.target = edit[unit.source]
    with path.open("wb") as stream:
        store.serialize(stream)


def test_a_weblate_save_of_every_catalog_then_update_changes_no_line(project: Path, run_cli) -> None:
    before = tree(project / "locales")
    for code in LOCALES:
        weblate_save(catalog(project, code))
    assert changed_lines(before, tree(project / "locales")) == []
    assert update(run_cli, project).endswith("updated: none\n")
    assert changed_lines(before, tree(project / "locales")) == []


def test_a_translation_edited_in_weblate_is_not_rewritten_by_update(project: Path, run_cli) -> None:
    path = catalog(project, "fr")
    weblate_save(path, {"In brief": "En résumé, vraiment", "Allowed cards:": "Cartes autorisées :"})
    saved = tree(project / "locales")
    assert len(changed_lines(tree(copy_project(project.parent / "again") / "locales"), saved)) == 4
    assert update(run_cli, project).endswith("updated: none\n")
    assert tree(project / "locales") == saved


def test_header_fields_of_other_tools_are_kept_in_their_place(project: Path, run_cli) -> None:
    path = catalog(project, "es")
    text = path.read_text(encoding="utf-8")
    text = text.replace('"Language: es\\n"\n', '"Language: es\\n"\n"X-Generator: Weblate 5.9\\n"\n', 1)
    text = text.replace('"Language-Team: español <es>\\n"', '"Language-Team: Spanish <https://hosted.weblate.org/>\\n"')
    path.write_text(text + '\n#~ msgid "Old and untranslated"\n#~ msgstr ""\n', encoding="utf-8")
    update(run_cli, project)
    written = path.read_text(encoding="utf-8")
    kept = '"Language: es\\n"\n"X-Generator: Weblate 5.9\\n"\n"Language-Team: Spanish <https://hosted.weblate'
    assert kept in written
    assert "Old and untranslated" not in written  # as gettext: an obsolete entry is kept for its translation


@pytest.mark.slow
def test_references_do_not_move_when_an_example_is_added(project: Path, run_cli) -> None:
    page = project / "content/allowed-cards.yaml"
    page.write_text(
        page.read_text(encoding="utf-8").replace(
            "      - example:\n          id: follow-suit\n",
            "      - example:\n          id: follow-suit-new\n          title: North has clubs\n"
            "          game: trump\n          trump: H\n          trick: [{W: AC}]\n"
            "          hand: {N: [KC, JH]}\n          expect:\n            allowed: [KC]\n"
            "          explanation: West leads clubs. North has one, so he plays it.\n"
            "      - example:\n          id: follow-suit\n",
            1,
        ),
        encoding="utf-8",
    )
    before = tree(project / "locales")
    assert run_cli("i18n", "extract", "-C", str(project))[0] == 0
    update(run_cli, project)
    changed = changed_lines(before, tree(project / "locales"))
    removed = [line for line in changed if line.split(": ", 1)[1].startswith("-")]
    assert all("POT-Creation-Date" in line for line in removed), removed
    assert any("+ #: content/allowed-cards.yaml" in line for line in changed)
    assert any('+ msgid "North has clubs"' in line for line in changed)


@pytest.mark.slow
@needs_gettext
def test_a_catalog_from_msginit_is_a_warning_then_added_with_its_own_plural_forms(project: Path, run_cli) -> None:
    """What any gettext tool's "new translation" makes: the build says how to add it, in one warning
    that does not fail `--strict` (a language begun in Weblate blocks no deploy); `i18n add`
    keeps it and its two plural forms (gettext's for Italian, where CLDR has three), and every
    command follows them."""
    assert run_build(project, project / "site", strict=False)[0].code == 0
    path = catalog(project, "it")
    path.parent.mkdir(parents=True)
    subprocess.run(
        ["msginit", "--no-translator", "-l", "it", "-i", str(project / "locales/messages.pot"), "-o", str(path)],
        check=True,
        capture_output=True,
    )
    result, lines = run_build(project, project / "site", strict=False)  # a new file: not "nothing changed"
    assert result.code == 0, lines
    program = invocation.program()
    assert (
        f"locales/it/LC_MESSAGES/messages.po: warning: a catalog for it, which is not a locale of the site, so "
        f"not built: run `{program} i18n add it` to build it as a draft (or remove the file)"
    ) in lines
    assert not (project / "site/it").exists()
    strict, lines = run_build(project, project / "site", strict=True)  # a deploy does not wait for `i18n add`
    assert strict.code == 0 and sum("a catalog for it" in line for line in lines) == 1, lines

    code, output = run_cli("i18n", "add", "-C", str(project), "it")
    assert code == 0, output
    assert "the catalog there is kept for italiano (it), with its own plural forms (nplurals=2;" in output
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in path.read_text(encoding="utf-8")
    assert update(run_cli, project).endswith("updated: none\n")
    code, output = run_cli("i18n", "stats", "-C", str(project))
    assert code == 0 and re.search(r"^it\s+draft\s+0 ", output, re.M), output
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0 and (project / "site/it/bidding.html").is_file(), lines
    assert not any("a catalog for it" in line for line in lines)


@pytest.mark.slow
def test_a_page_file_the_site_does_not_list_is_a_warning(project: Path) -> None:
    assert run_build(project, project / "site", strict=False)[0].code == 0
    shutil.copy(project / "content/bidding.yaml", project / "content/faq.yaml")
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0, lines
    assert (
        "content/faq.yaml: warning: not a page of the site, so not built: add `faq` to `pages:` in "
        "content/site.yaml (or remove the file)"
    ) in lines
    strict, lines = run_build(project, project / "site", strict=True)
    assert strict.code == 2 and "content/faq.yaml: error: not a page of the site" in "\n".join(lines)


@pytest.mark.parametrize(
    "argv, executable, expected",
    [
        (["/opt/tools/bin/belote-docs"], "/usr/bin/python3", "/opt/tools/bin/belote-docs i18n update"),
        (["-m"], "{cwd}/.venv/bin/python", ".venv/bin/python -m generator i18n update"),
        (["-m"], "/elsewhere/python", "/elsewhere/python -m generator i18n update"),
    ],
)
def test_hints_name_the_program_as_it_was_run(monkeypatch, tmp_path: Path, argv, executable, expected) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", argv)
    monkeypatch.setattr(sys, "executable", executable.format(cwd=tmp_path))
    monkeypatch.setenv("PATH", "/nowhere")
    assert invocation.command("i18n update") == expected


@pytest.mark.slow
def test_the_hint_for_a_new_message_says_extract_then_update(project: Path) -> None:
    page = project / "content/bidding.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("title: Take, pass, coinche", "title: Take it"))
    result, lines = run_build(project, None, strict=False)
    program = invocation.program()
    hint = f"the message is not in the catalog: run `{program} i18n extract`, then `{program} i18n update`"
    assert result.code == 0 and any("'Take it'" in line and line.endswith(hint) for line in lines), lines
