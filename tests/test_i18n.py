"""The translators' workflow: extract, update, add a language, stats, publish; and the catalogs'
soundness (msgfmt, Babel's checks, CLDR plural forms)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po, write_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.i18n.catalogs import (
    ANSWER_CHANGED,
    LOST_TRANSLATION,
    NEW_MESSAGE,
    TRANSLATED_RECORD,
    Translator,
    blocks_strict,
    catalog_path,
    read_catalog,
)
from generator.i18n.catalogs import LOCALES as LOCALES_DIR
from generator.i18n.extract import MARKUP
from generator.problems import Problem
from generator.reader.pages import Text
from generator.regenerate import fuzzy_catalogs
from generator.rules import RULESETS, Game, Litige
from generator.site_file import set_locale_state
from generator.words.terms import Message

from .conftest import ROOT
from .pagetext import visible_text
from .site_helpers import LOCALES, run_build, tree

CATALOGS = [ROOT / "locales" / code / "LC_MESSAGES" / "messages.po" for code in LOCALES]


def cli(run_cli, project: Path, *args: str) -> tuple[int, str]:
    return (
        run_cli(*args[:-1], "-C", str(project), args[-1])
        if args[-1] not in ("extract", "update", "stats")
        else run_cli(*args, "-C", str(project))
    )


# The catalogs are sound --------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="unreachable: ./setup installs gettext")
@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_msgfmt_check_passes_without_a_warning(path: Path) -> None:
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stderr == "", result.stderr


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="unreachable: ./setup installs gettext")
def test_msgfmt_checks_the_template_formats() -> None:
    # A template's header keeps its placeholders (translator, team) by design; its messages are checked.
    result = subprocess.run(
        ["msgfmt", "--check-format", "-o", "/dev/null", str(ROOT / "locales/messages.pot")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_msgfmt_is_installed() -> None:
    assert shutil.which("msgfmt"), "gettext's msgfmt is needed: run ./setup (it installs gettext)"


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_babel_checks_pass(path: Path) -> None:
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=path.parent.parent.name)
    assert [(message.id, errors) for message, errors in catalog.check()] == []
    review = ANSWER_CHANGED  # prose a rules change flagged: the strict build lists it (CI's strict job), not this test
    assert not [
        message.id
        for message in catalog
        if message.id and (message.fuzzy and review not in message.user_comments or not message.string)
    ]


@pytest.mark.parametrize("code", LOCALES)
def test_plural_forms_follow_cldr_categories(code: str, project: Path) -> None:
    """Numbers of one CLDR category get one form, and each category its own, for trick points."""
    problems: list[Problem] = []
    catalog = read_catalog(ROOT / "locales" / code / "LC_MESSAGES/messages.po", code, code, problems)
    assert catalog is not None and problems == []
    cldr = Locale.parse(code).plural_form
    forms: dict[str, set[int]] = {}
    for points in range(0, 1001):
        forms.setdefault(cldr(points), set()).add(catalog.plural(points))
    assert all(len(indices) == 1 for indices in forms.values()), forms
    assert len({next(iter(indices)) for indices in forms.values()}) == len(forms)
    entry = catalog.entries[(None, "Trick value: %(sum)s = %(num)s point.")]
    for category in forms:
        assert "%(num)s" in entry.strings[next(iter(forms[category]))]


# extract and update ------------------------------------------------------------------------------


def test_extract_then_update_on_an_unchanged_tree_changes_nothing(project: Path, run_cli) -> None:
    before = tree(project / "locales")
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    assert tree(project / "locales") == before


def test_the_template_has_source_references_and_a_comment_for_every_example_message() -> None:
    with (ROOT / "locales/messages.pot").open("rb") as stream:
        template = read_po(stream)
    messages = [message for message in template if message.id]
    assert all(message.locations for message in messages)
    assert any(location == ("content/bidding.yaml", None) for message in messages for location in message.locations)
    assert all(line is None for message in messages for _, line in message.locations)  # files only: they do not move
    heading = template.get("Trump game: two rounds of taking")
    assert heading is not None and heading.auto_comments == ["A section heading, on bidding.html#trump-game."]
    titles = [
        m
        for m in messages
        if any(c.startswith(("Title of example", "Explanation of example")) for c in m.auto_comments)
    ]
    assert len(titles) == 2 * (15 + 17)  # 15 play and auction examples and 17 deals, each a title and an explanation
    for message in titles:
        comment = " ".join(message.auto_comments)
        assert re.search(
            r"(Calls: 1\. \w+ .+ Result: )|(hand: .+ Allowed: )|(taker \w+.+Tricks: 1\. .+ -> .+ Outcome: )", comment
        ), comment
    deal = next(m for m in messages if "Title of example tie-official" in " ".join(m.auto_comments))
    comment = " ".join(deal.auto_comments).replace("–", "-")
    assert "East-West (takers): cards 81, belote 0, total 81" in comment  # the comment states the engine's answer:
    if RULESETS["official"][Game.TRUMP].litige is Litige.CARRY_OVER:  # a litige, under today's official rules
        assert "score 0" in comment and "Outcome: litige, carried to the next deal 81." in comment
    else:
        assert "Outcome: failed." in comment
    rejected = next(m for m in messages if "coinche-lower-bid-rejected" in " ".join(m.auto_comments))
    assert "2. North 90 S (refused)" in " ".join(rejected.auto_comments)


def test_every_template_message_has_its_note_for_translators() -> None:
    """Each message of the templates and of the examples' markup (generator/example_markup.py)
    carries its note (generator/words/template_notes.py) as its translator comment, in the template
    and in every catalog; no note is left for a message neither says."""
    from generator.words.template_notes import NOTES

    for name in ["messages.pot", *(f"{locale}/LC_MESSAGES/messages.po" for locale in LOCALES)]:
        with (ROOT / "locales" / name).open("rb") as stream:
            catalog = read_po(stream)
        said = {
            message.id if isinstance(message.id, str) else message.id[0]: " ".join(message.auto_comments)
            for message in catalog
            if message.id and any(path.startswith("templates/") or path == MARKUP for path, _ in message.locations)
        }
        assert len(said) > 70 and set(said) == set(NOTES), name
        assert all(NOTES[msgid] in comment for msgid, comment in said.items()), name


@pytest.mark.slow
def test_update_marks_a_changed_message_fuzzy_and_keeps_a_removed_one_obsolete(project: Path, run_cli) -> None:
    page = project / "content/bidding.yaml"
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text.replace("title: A bid must be higher", "title: A bid must always be higher").replace(
            "title: Coinche, then surcoinche", "title: Coinche, then surcoinche!"
        ),
        encoding="utf-8",
    )
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    with (project / "locales/bg/LC_MESSAGES/messages.po").open("rb") as stream:
        catalog = read_po(stream)
    changed = catalog.get("A bid must always be higher")
    assert changed.fuzzy and changed.string
    text = (project / "locales/bg/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert '#, fuzzy\n#| msgid "A bid must be higher"\nmsgid "A bid must always be higher"' in text
    assert "A bid must be higher" in catalog.obsolete or "A bid must be higher" not in catalog
    result, lines = run_build(project, None, strict=True)
    # changed English is shown until the translator reviews it: a warning, not an error, even strict
    assert result.code == 0 and any("fuzzy translation of 'A bid must always be higher'" in line for line in lines)


@pytest.mark.slow
def test_update_keeps_a_crlf_catalog_crlf(project: Path, run_cli) -> None:
    """A catalog saved with CRLF line ends (an editor on Windows, git's autocrlf) keeps them: a diff
    shows the lines that changed, not the whole file; regenerate's fuzzy flags too."""
    path = project / "locales/bg/LC_MESSAGES/messages.po"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    before = path.read_bytes()
    page = project / "content/bidding.yaml"
    page.write_text(
        page.read_text(encoding="utf-8").replace("title: A bid must be higher", "title: A bid must always be higher"),
        encoding="utf-8",
    )
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    after = path.read_bytes()
    assert after != before and after.count(b"\n") == after.count(b"\r\n")
    assert b'#| msgid "A bid must be higher"\r\nmsgid "A bid must always be higher"\r\n' in after
    lf = (project / "locales/fr/LC_MESSAGES/messages.po").read_bytes()
    assert b"\r" not in lf  # each catalog its own
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    assert path.read_bytes() == after  # nothing to change: not written
    fuzzy = fuzzy_catalogs(project, ["bg"], [Text("A bid must always be higher", "x", 1, 1)], [])
    assert fuzzy and all(data.count(b"\n") == data.count(b"\r\n") for data in fuzzy.values())


# add, stats, publish -----------------------------------------------------------------------------


def translate(path: Path, only: set[str] | None = None) -> int:
    """Fill the catalog's empty translations (with a marked copy of the source); return how many."""
    with path.open("rb") as stream:
        catalog = read_po(stream)
    count = 0
    for message in catalog:
        if not message.id or (only is not None and message.id not in only):
            continue
        if isinstance(message.id, tuple):
            message.string = (f"DE {message.id[0]}", f"DE {message.id[1]}")
        else:
            message.string = f"DE {message.id}"
        count += 1
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100)
    return count


@pytest.mark.slow
def test_add_a_language_end_to_end(project: Path, run_cli) -> None:
    """The README's "Add a language": add, translate a few, build (draft), strict fails naming the
    missing messages, translate the rest, publish: German is in the chooser, hreflang both ways."""
    code, output = cli(run_cli, project, "i18n", "add", "de")
    assert code == 0, output
    catalog = project / "locales/de/LC_MESSAGES/messages.po"
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in catalog.read_text(encoding="utf-8")
    assert "Language-Team: Deutsch <de>" in catalog.read_text(encoding="utf-8")
    assert "  de: draft\n" in (project / "content/site.yaml").read_text(encoding="utf-8")

    assert translate(catalog, {"In brief", "Allowed cards:", "Take, pass, coinche"}) == 3
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0, lines
    assert any(
        re.match(
            r"de: no translation of 'Which card may be played\?' "
            r"\(from content/allowed-cards\.yaml:4\): English shown$",
            warning.message,
        )
        and warning.kind == "new"
        for warning in result.warnings
    ), result.warnings
    assert any(
        re.match(r"locales/de/LC_MESSAGES/messages\.po: warning: \d+ messages shown in English", line) for line in lines
    )
    assert not any("'In brief'" in warning.message for warning in result.warnings)
    german = (project / "site/de/bidding.html").read_text(encoding="utf-8")
    assert 'lang="de"' in german and 'class="draft"' in german and "DE Take, pass, coinche" in german
    assert "In the trump game" in visible_text(german)  # the English source as fallback
    assert "de/" not in (project / "site/index.html").read_text(encoding="utf-8")
    assert "/de/" not in (project / "site/sitemap.xml").read_text(encoding="utf-8")
    assert 'hreflang="de"' not in (project / "site/es/bidding.html").read_text(encoding="utf-8")

    strict, lines = run_build(project, project / "site", strict=True)
    assert strict.code == 0, lines  # new messages of a draft are shown in English: the site deploys
    code, output = cli(run_cli, project, "i18n", "publish", "de")
    assert code == 1 and f"not published: {template_size() - 3} untranslated" in output

    translate(catalog)
    assert cli(run_cli, project, "i18n", "stats", "--strict")[0] == 0
    code, output = cli(run_cli, project, "i18n", "publish", "de")
    assert code == 0, output
    assert "  de: published\n" in (project / "content/site.yaml").read_text(encoding="utf-8")
    result, lines = run_build(project, project / "site", strict=True)
    assert result.code == 0, lines
    german = (project / "site/de/allowed-cards.html").read_text(encoding="utf-8")
    assert '<link rel="alternate" hreflang="es" href="https://help.belote.example/es/allowed-cards.html">' in german
    assert 'class="draft"' not in german
    spanish = (project / "site/es/allowed-cards.html").read_text(encoding="utf-8")
    assert '<link rel="alternate" hreflang="de" href="https://help.belote.example/de/allowed-cards.html">' in spanish
    assert 'href="../de/allowed-cards.html" hreflang="de" lang="de"' in spanish
    assert ">Deutsch<" in (project / "site/index.html").read_text(encoding="utf-8")
    assert "https://help.belote.example/de/bidding.html" in (project / "site/sitemap.xml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "code, message",
    [
        ("xx", "error: 'xx' is not a locale CLDR knows: write a language's code"),
        ("../x", "error: '../x' is not a locale CLDR knows: write a language's code"),
        ("de_XX", "error: 'de_XX' is not a locale CLDR knows: write a language's code"),
        ("sr@latin", "error: 'sr@latin' is not a locale CLDR knows: write a language's code"),
        ("", "error: an empty locale code: write"),
        ("en", "error: en is the language the content is written in"),
        ("EN", "error: en is the language the content is written in"),
        ("ca-ES-valencia", "error: 'ca-ES-valencia' is CLDR's ca_ES_VALENCIA, a variant"),
        ("es", "error: es is already a locale of the site (published)"),
    ],
)
def test_add_refuses_an_unknown_or_existing_locale(project: Path, run_cli, code: str, message: str) -> None:
    """In the project's words, what CLDR's locale data (Babel's) lists being the codes there are;
    the source language is no translation."""
    before = tree(project)
    result, output = cli(run_cli, project, "i18n", "add", code)
    assert result == 2 and output.startswith(message), output
    assert "expected only letters" not in output and "unknown locale" not in output
    assert tree(project) == before


@pytest.mark.parametrize(
    "code, name",
    [
        ("pt-br", "pt_BR"),
        ("zh-hant-tw", "zh_Hant_TW"),
        ("sr_Latn", "sr_Latn"),
        ("en-GB", "en_GB"),
        ("es_419", "es_419"),
    ],
)
def test_a_locale_code_is_written_as_cldr_writes_it(code: str, name: str) -> None:
    from generator.locales import canonical_locale

    assert canonical_locale(code) == name


@pytest.mark.slow
def test_add_accepts_a_regional_code_written_with_a_hyphen(project: Path, run_cli) -> None:
    assert cli(run_cli, project, "i18n", "add", "pt-BR")[0] == 0
    assert (project / "locales/pt_BR/LC_MESSAGES/messages.po").is_file()
    assert "  pt_BR: draft\n" in (project / "content/site.yaml").read_text(encoding="utf-8")


def template_size() -> int:
    """The number of messages of locales/messages.pot."""
    from babel.messages.pofile import read_po

    with (ROOT / "locales" / "messages.pot").open("rb") as stream:
        return sum(1 for message in read_po(stream) if message.id)


def test_stats_as_json_and_strict_on_an_incomplete_published_locale(project: Path, run_cli) -> None:
    code, output = cli(run_cli, project, "i18n", "stats", "--json")
    assert code == 0
    data = json.loads(output)
    assert [entry["locale"] for entry in data["locales"]] == list(LOCALES)
    assert all(entry["percent"] == 100.0 and entry["untranslated"] == 0 for entry in data["locales"])
    path = project / "locales/ru/LC_MESSAGES/messages.po"
    path.write_text(path.read_text(encoding="utf-8").replace('msgstr "Коротко"', 'msgstr ""'), encoding="utf-8")
    code, output = cli(run_cli, project, "i18n", "stats", "--strict")
    total = template_size()
    words = data["locales"][0]["words"]
    assert code == 1 and re.search(
        rf"ru +published +{total - 1} +0 +1 +{(total - 1) / total * 100:.1f}% +1 +{words} +2$",
        output,
        re.M,  # emptied by hand: lost; its English, "In brief", is the two words left to translate
    )
    assert re.search(rf"es +published +\d+ +0 +0 +100\.0% +0 +{words} +0$", output, re.M)
    assert output.rstrip().endswith("incomplete published locales: ru")


def test_registering_a_locale_keeps_comments_and_handles_flow_style(tmp_path: Path) -> None:
    path = tmp_path / "site.yaml"
    path.write_text(
        "name: X  # the name\nbase_url: https://x.example/\nlocales: {es: published}\npages: [a]\n", encoding="utf-8"
    )
    assert set_locale_state(path, "de", "draft") is None
    assert path.read_text(encoding="utf-8") == (
        "name: X  # the name\nbase_url: https://x.example/\nlocales: {es: published, de: draft}\npages: [a]\n"
    )
    assert set_locale_state(path, "de", "published") is None
    assert "locales: {es: published, de: published}\n" in path.read_text(encoding="utf-8")


# Found in review ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_update_twice_keeps_the_previous_source_of_a_changed_message(project: Path, run_cli) -> None:
    page = project / "content/allowed-cards.yaml"
    page.write_text(
        page.read_text(encoding="utf-8").replace("title: North has spades", "title: North holds spades"),
        encoding="utf-8",
    )
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    once = tree(project / "locales")
    code, output = cli(run_cli, project, "i18n", "update")
    assert code == 0 and output.endswith("updated: none\n")
    assert tree(project / "locales") == once
    assert '#, fuzzy\n#| msgid "North has spades"\nmsgid "North holds spades"' in (
        project / "locales/es/LC_MESSAGES/messages.po"
    ).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('msgstr "Coger, pasar, contrar"', 'msgstr "Coger, pasar, contrar', "catalog syntax"),
        ("charset=utf-8", "charset=nonexistent", "the header says charset=nonexistent, but every catalog is UTF-8"),
    ],
)
def test_update_refuses_to_write_over_a_catalog_it_cannot_read(
    project: Path, run_cli, old: str, new: str, message: str
) -> None:
    path = project / "locales/es/LC_MESSAGES/messages.po"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    before = tree(project / "locales")
    code, output = cli(run_cli, project, "i18n", "update")
    assert code == 2 and re.match(r"locales/es/LC_MESSAGES/messages\.po:\d+:1: error: " + message, output), output
    assert tree(project / "locales") == before
    for command in ("stats", "publish"):
        args = ("i18n", command) if command == "stats" else ("i18n", command, "es")
        assert cli(run_cli, project, *args)[0] == 2


@pytest.mark.slow
def test_a_translation_with_an_unnamed_conversion_is_an_error(project: Path) -> None:
    path = project / "locales/es/LC_MESSAGES/messages.po"
    text = path.read_text(encoding="utf-8")
    assert 'msgstr "%(game)s; triunfo: %(suit)s."' in text
    path.write_text(
        text.replace('msgstr "%(game)s; triunfo: %(suit)s."', 'msgstr "%s %(game)s; triunfo: %(suit)s."'),
        encoding="utf-8",
    )
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2 and "'%s ' is not a placeholder" in lines[0]


@pytest.mark.parametrize("code", ["root", "und", "en-XX"])
def test_add_refuses_a_code_that_is_not_a_language(project: Path, run_cli, code: str) -> None:
    before = tree(project)
    result, output = cli(run_cli, project, "i18n", "add", code)
    assert result == 2 and output.startswith("error: ")
    assert tree(project) == before


@pytest.mark.slow
def test_publish_lists_each_missing_message_at_its_line(project: Path, run_cli) -> None:
    assert cli(run_cli, project, "i18n", "add", "de")[0] == 0
    translate(project / "locales/de/LC_MESSAGES/messages.po")
    path = project / "locales/de/LC_MESSAGES/messages.po"
    path.write_text(
        path.read_text(encoding="utf-8").replace('msgstr "DE Ace of hearts"', 'msgstr ""'), encoding="utf-8"
    )
    code, output = cli(run_cli, project, "i18n", "publish", "de")
    line = path.read_text(encoding="utf-8").splitlines().index('msgid "Ace of hearts"') + 1
    assert code == 1 and output.startswith(f"locales/de/LC_MESSAGES/messages.po:{line}: untranslated: 'Ace of hearts'")


@pytest.mark.slow
def test_publish_refuses_a_catalog_the_build_refuses(project: Path, run_cli) -> None:
    """Issue 22: a complete catalog with a dropped placeholder was published, then refused by every
    build; publish checks it with the build's own reader of catalogs."""
    assert cli(run_cli, project, "i18n", "add", "de")[0] == 0
    path = project / "locales/de/LC_MESSAGES/messages.po"
    translate(path)
    text = path.read_text(encoding="utf-8")
    old = 'msgstr "DE %(game)s; the dealer is %(dealer)s."'
    assert old in text
    path.write_text(text.replace(old, 'msgstr "DE %(game)s; the dealer."'), encoding="utf-8")
    site = (project / "content/site.yaml").read_bytes()
    code, output = cli(run_cli, project, "i18n", "publish", "de")
    line = path.read_text(encoding="utf-8").splitlines().index('msgid "%(game)s; the dealer is %(dealer)s."') + 1
    assert code == 2, output
    assert f"locales/de/LC_MESSAGES/messages.po:{line}:1: error: translation of " in output
    assert "missing %(dealer)s" in output and output.rstrip().endswith("not published")
    assert (project / "content/site.yaml").read_bytes() == site


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "locales: {\n es: published,\n fr: published,\n}\n",
            "locales: {\n es: published,\n fr: published, de: draft}\n",
        ),
        (
            "locales:\n  es: published\n  fr: >-\n    published\npages: [a]\n",
            "locales:\n  es: published\n  fr: >-\n    published\n  de: draft\npages: [a]\n",
        ),
        (
            "locales:\r\n  es: published\r\npages: [a]\r\n",
            "locales:\r\n  es: published\r\n  de: draft\r\npages: [a]\r\n",
        ),
    ],
)
def test_registering_a_locale_in_other_layouts(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "site.yaml"
    path.write_bytes(text.encode("utf-8"))
    assert set_locale_state(path, "de", "draft") is None
    assert path.read_bytes().decode("utf-8") == expected


@pytest.mark.parametrize(
    "code, says",
    [
        ("und", "'und' is not a locale"),
        ("root", "'root' is not a locale"),
        ("xx", "'xx' is not a locale"),
        ("en", "en is the language the content is written in"),
        ("pt-BR", "'pt-BR': write it pt_BR"),
    ],
)
def test_the_site_refuses_the_codes_that_i18n_add_refuses(project: Path, run_cli, code: str, says: str) -> None:
    """One validator for content/site.yaml and `i18n add`: `und` (CLDR reads it as en_US) is no language."""
    site = project / "content/site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("  fr: published\n", f"  {code}: published\n"))
    if code != "pt-BR":  # which i18n add writes pt_BR
        assert cli(run_cli, project, "i18n", "add", code)[0] == 2
    result, lines = run_build(project, None)
    assert result.code == 2
    line = site.read_text(encoding="utf-8").splitlines().index(f"  {code}: published") + 1
    assert any(entry.startswith(f"content/site.yaml:{line}:3: error: locales: {says}") for entry in lines), lines


# Changed messages are matched by where they come from (issue 14) -------------------------------


@pytest.mark.slow
def test_update_matches_a_rewritten_explanation_by_its_example_not_by_its_words(project: Path, run_cli) -> None:
    # Nothing of the old words is left, so string similarity could not match it; the example can.
    page = project / "content/allowed-cards.yaml"
    text = page.read_text(encoding="utf-8")
    old = (
        "West leads spades. North has spades: he must play one of them, whichever he likes. He\n"
        "            may neither trump nor discard."
    )
    assert old in text
    page.write_text(text.replace(old, "Spades first; holding some, N follows."), encoding="utf-8")
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    with (project / "locales/fr/LC_MESSAGES/messages.po").open("rb") as stream:
        catalog = read_po(stream)
    with (ROOT / "locales/fr/LC_MESSAGES/messages.po").open("rb") as stream:
        before = read_po(stream)
    changed = catalog.get("Spades first; holding some, N follows.")
    assert changed.fuzzy and changed.string == before.get(" ".join(old.split())).string
    written = (project / "locales/fr/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert '#| msgid ""\n#| "West leads spades.' in written
    assert " ".join(old.split()) not in catalog.obsolete  # replaced, not kept twice


@pytest.mark.slow
def test_update_leaves_a_new_example_untranslated_however_close_its_words(project: Path, run_cli) -> None:
    # Difflib would give the new title the translation of "North has spades"; it is a new message.
    page = project / "content/allowed-cards.yaml"
    text = page.read_text(encoding="utf-8")
    start = text.index("      - example:\n          id: follow-suit")
    end = text.index("  - id:", start)  # the next section
    copy = (
        text[start:end]
        .replace("id: follow-suit", "id: follow-suit-again")
        .replace("title: North has spades", "title: North has spades again")
    )
    copy = copy.replace("whichever he likes", "whichever he likes, again")
    page.write_text(text[:end] + copy + text[end:], encoding="utf-8")
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    with (project / "locales/ru/LC_MESSAGES/messages.po").open("rb") as stream:
        catalog = read_po(stream)
    new = catalog.get("North has spades again")
    assert new is not None and not new.string and not new.fuzzy and not new.previous_id
    kept = catalog.get("North has spades")
    assert kept.string and not kept.fuzzy


def _whole_and_by_entries(template: bytes, catalog: bytes, code: str) -> tuple[bytes | None, bytes | None]:
    """A catalog merged with a template as a whole (Babel), and entry by entry."""
    from generator.i18n.entries import read_entries, text_of
    from generator.i18n.merge import _merge_changed, merge_catalog
    from generator.i18n.pofile import parse_po

    problems: list[Problem] = []
    parsed = parse_po(template, "messages.pot", problems)
    assert parsed is not None and not problems
    whole = merge_catalog(parsed, catalog, "messages.po", code, problems)
    assert not problems
    entries = read_entries(template.decode("utf-8"))
    assert entries is not None
    by_entries = _merge_changed(entries, catalog, "messages.po", code)
    return whole, text_of(by_entries).encode("utf-8") if by_entries is not None else None


def _edited_template(template: bytes, draw: st.DrawFn) -> bytes:
    """The template after a random content edit: messages removed, reworded, moved to another file,
    with another extracted comment, or added (a python-format one among them), written as
    ``i18n extract`` writes it."""
    from babel.messages.catalog import Catalog as PoCatalog

    from generator.i18n.pofile import parse_po, po_bytes

    parsed = parse_po(template, "messages.pot", [])
    assert parsed is not None
    messages = [message for message in parsed if message.id]
    edited = PoCatalog(header_comment=parsed.header_comment, fuzzy=False)
    edited.mime_headers = parsed.mime_headers
    for message in messages:
        edit = draw(st.sampled_from(["keep"] * 12 + ["remove", "reword", "move", "comment"]))
        msgid = message.id
        locations = message.locations
        comments = message.auto_comments
        if edit == "remove":
            continue
        if edit == "reword":
            msgid = (f"{msgid[0]} again", msgid[1]) if isinstance(msgid, tuple) else f"{msgid} again"
        if edit == "move":
            locations = [("content/elsewhere.yaml", None)]
        if edit == "comment":
            comments = [*comments, "Said again."]
        edited.add(msgid, None, locations, flags=message.flags, auto_comments=comments, context=message.context)
    for number in range(draw(st.integers(0, 3))):
        edited.add(f"A new message {number}, a little longer than one line of a catalog would hold, to be wrapped")
    edited.add("%(points)d points more", None, [("templates/page.html", None)], flags={"python-format"})
    return po_bytes(edited)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), code=st.sampled_from(LOCALES))
def test_a_catalog_merged_entry_by_entry_is_the_whole_merge(data: st.DataObject, code: str) -> None:
    """A catalog as ``i18n update`` wrote it, merged with the template after any content edit: its
    entries the edit leaves alone kept as their bytes, the others merged by Babel, gives the bytes
    of the whole catalog merged by Babel (new messages, obsolete ones, translations matched by
    origin and fuzzy, previous msgids)."""
    template = (ROOT / "locales/messages.pot").read_bytes()
    written, _ = _whole_and_by_entries(template, (ROOT / catalog_path(Path(LOCALES_DIR), code)).read_bytes(), code)
    assert written is not None
    edited = _edited_template(template, data.draw)
    whole, by_entries = _whole_and_by_entries(edited, written, code)
    assert by_entries is not None and by_entries == whole


def test_an_update_merges_entry_by_entry_the_catalogs_of_the_writers_layout(
    project: Path, run_cli, monkeypatch
) -> None:
    """Each catalog of the writer's layout is merged entry by entry, in a fresh copy of the project
    too (nothing is recorded of earlier updates); one a translator's tool saved in another layout
    is merged whole; the catalogs are those a whole merge gives."""
    from generator.i18n import merge as merge_module

    by_entries: list[str] = []
    original = merge_module._merge_changed

    def merge_changed(template: object, data: bytes, display: str, code: str) -> object:
        merged = original(template, data, display, code)  # type: ignore[arg-type]
        if merged is not None:
            by_entries.append(code)
        return merged

    page = project / "content/bidding.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("nobody has taken", "no one has taken"), encoding="utf-8")
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    ru = project / catalog_path(Path(LOCALES_DIR), "ru")
    ru.write_bytes(ru.read_bytes() + b"\n# saved by a translator\n")
    whole = project.parent / "whole"
    shutil.copytree(project, whole)
    monkeypatch.setattr(merge_module, "_merge_changed", merge_changed)
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    assert sorted(by_entries) == sorted(code for code in LOCALES if code != "ru")
    monkeypatch.setattr(merge_module, "_merge_changed", lambda *arguments: None)
    assert cli(run_cli, whole, "i18n", "update")[0] == 0
    assert tree(project / "locales") == tree(whole / "locales")


@pytest.mark.slow
def test_catalogs_merged_in_two_processes_are_those_merged_in_one(project: Path, run_cli, monkeypatch) -> None:
    """A large site's catalogs are merged half in a forked process (generator/i18n/merge.py): the
    catalogs and their records are those one process writes, and a forked process that dies has
    its catalogs merged here."""
    from generator import forked
    from generator.i18n import merge as merge_module

    page = project / "content/bidding.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("nobody has taken", "no one has taken"), encoding="utf-8")
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    alone, killed = project.parent / "alone", project.parent / "killed"
    shutil.copytree(project, alone)
    shutil.copytree(project, killed)
    assert cli(run_cli, alone, "i18n", "update")[0] == 0  # the real site's template: merged in one process
    forks: list[object] = []
    monkeypatch.setattr(merge_module, "PARALLEL_FROM", 0)
    monkeypatch.setattr(merge_module, "Beside", lambda job: forks.append(job) or forked.Beside(job))
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    assert len(forks) == 1 and tree(project / "locales") == tree(alone / "locales")
    monkeypatch.setattr(merge_module, "Beside", lambda job: forked.Beside(lambda: os._exit(9)))
    assert cli(run_cli, killed, "i18n", "update")[0] == 0
    assert tree(killed / "locales") == tree(alone / "locales")


def test_the_record_of_translated_messages_reads_entries_as_the_catalog_reader() -> None:
    """The digests of the template's messages, and of those each catalog translates, read entry by
    entry, are those of the messages the catalog reader gives (with the template's digests, and
    without)."""
    from generator.i18n.catalogs import _template_messages, _translated, message_digest
    from generator.i18n.pofile import parse_po

    def key(message: object) -> tuple[str | None, str]:
        msgid = message.id  # type: ignore[attr-defined]
        return message.context, msgid if isinstance(msgid, str) else msgid[0]  # type: ignore[attr-defined]

    template = (ROOT / "locales/messages.pot").read_bytes()
    read = parse_po(template, "messages.pot", [])
    assert read is not None
    digests, written = _template_messages(template)
    assert digests == {message_digest(*key(message)) for message in read if message.id}
    assert len(written) == len(digests)
    for path in CATALOGS:
        read = parse_po(path.read_bytes(), path.name, [])
        assert read is not None
        done = {
            message_digest(*key(m))
            for m in read
            if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple | list) else (m.string,))
        }
        assert done and _translated(path.read_bytes(), path.name, written) == done
        assert _translated(path.read_bytes(), path.name, {}) == done
        with path.open("rb") as stream:  # Babel's own layout, lines wrapped at 100 columns
            babel = read_po(stream)
        out = io.BytesIO()
        write_po(out, babel, width=100)
        assert _translated(out.getvalue(), path.name, written) == done


@pytest.mark.parametrize(
    "text",
    [
        'msgid ""\r\nmsgstr ""\r\n\r\nmsgid "a"\r\nmsgstr "b"\r\n',  # CRLF
        'msgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "d"\n',  # no header
        'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "b"\nmsgid "c"\nmsgstr "d"\n',  # no empty line between
        'msgid ""\nmsgstr ""\n\nmsgid "a"\n# a comment\nmsgstr "b"\n',  # a comment inside
        'msgid ""\nmsgstr ""\n\n\nmsgid "a"\nmsgstr "b"\n',  # two empty lines
        'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "b"',  # no last line feed
    ],
)
def test_a_file_of_another_layout_is_left_to_the_full_readers(text: str) -> None:
    from generator.i18n.entries import read_entries

    assert read_entries(text) is None


# English-first: new messages and lost translations ------------------------------------------------


def _warning(project: Path, locale: str, message: Message) -> Problem:
    """The warning a locale's translator gives for ``message``, shown in English."""
    path = project / catalog_path(Path(LOCALES_DIR), locale)
    catalog = read_catalog(path, "po", locale, [])
    translator = Translator(locale, catalog, "po")
    text, english = translator.translate(message)
    assert english and text == message.msgid
    return translator.warnings[(message.context, message.msgid)]


def _set_translation(path: Path, msgid: str, string: str | None, fuzzy: bool = False) -> None:
    """Give ``msgid`` a translation by hand (a translator's tool), or delete its entry (None)."""
    with path.open("rb") as stream:
        catalog = read_po(stream)
    if string is None:
        catalog.delete(msgid)
    else:
        message = catalog.get(msgid)
        message.string = string
        if fuzzy:
            message.flags.add("fuzzy")
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100)


@pytest.mark.slow
def test_a_new_message_is_new_and_a_translation_lost_since_the_last_update_is_lost(project: Path, run_cli) -> None:
    page = project / "content/allowed-cards.yaml"
    text = page.read_text(encoding="utf-8")
    start = text.index("      - example:\n          id: follow-suit")
    end = text.index("  - id:", start)  # a new example: a copy of this one, under a new title
    copy = text[start:end].replace("id: follow-suit", "id: follow-suit-again")
    copy = copy.replace("title: North has spades", "title: North has spades, again")
    text = text[:end] + copy + text[end:]
    page.write_text(
        text.replace("title: The partner is winning", "title: The partner is winning the trick", 1), encoding="utf-8"
    )
    assert cli(run_cli, project, "i18n", "extract")[0] == 0
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    new = _warning(project, "ru", Message(None, "North has spades, again"))
    assert (
        new.kind == NEW_MESSAGE
        and new.message.startswith("ru: no translation of")
        and "lost" not in new.message
        and not blocks_strict(new)
    )
    changed = _warning(project, "ru", Message(None, "The partner is winning the trick"))
    assert changed.kind == NEW_MESSAGE and changed.message.startswith("ru: fuzzy translation of")

    ru = project / "locales/ru/LC_MESSAGES/messages.po"
    _set_translation(ru, "Counting the points", "")  # emptied by hand
    _set_translation(ru, "Made or dedans", None)  # deleted
    _set_translation(ru, "The same trick under the Official rules", "Та же взятка", fuzzy=True)
    for msgid in ("Counting the points", "Made or dedans"):
        lost = _warning(project, "ru", Message(None, msgid))
        assert (
            lost.kind == LOST_TRANSLATION
            and "; a translation lost: it was translated at the last `i18n update`" in lost.message
            and blocks_strict(lost)
        )
    fuzzy = _warning(project, "ru", Message(None, "The same trick under the Official rules"))
    assert fuzzy.kind == NEW_MESSAGE and not blocks_strict(fuzzy)

    assert cli(run_cli, project, "i18n", "update")[0] == 0  # the update puts the deleted entry back, empty
    for msgid in ("Counting the points", "Made or dedans"):
        assert _warning(project, "ru", Message(None, msgid)).kind == LOST_TRANSLATION  # still lost
    assert _warning(project, "ru", Message(None, "North has spades, again")).kind == NEW_MESSAGE
    _set_translation(ru, "North has spades, again", "У Севера снова пики")
    assert cli(run_cli, project, "i18n", "update")[0] == 0
    _set_translation(ru, "North has spades, again", "")  # translated at an update, then emptied: lost
    assert _warning(project, "ru", Message(None, "North has spades, again")).kind == LOST_TRANSLATION


def test_a_catalog_without_a_record_counts_every_missing_translation_as_lost(project: Path) -> None:
    (project / "locales/es/LC_MESSAGES" / TRANSLATED_RECORD).unlink()
    _set_translation(project / "locales/es/LC_MESSAGES/messages.po", "Counting the points", "")
    assert _warning(project, "es", Message(None, "Counting the points")).kind == LOST_TRANSLATION


@pytest.mark.slow
def test_a_new_locale_has_every_message_new(project: Path, run_cli) -> None:
    assert cli(run_cli, project, "i18n", "add", "de")[0] == 0
    assert (project / "locales/de/LC_MESSAGES" / TRANSLATED_RECORD).is_file()
    assert _warning(project, "de", Message(None, "Counting the points")).kind == NEW_MESSAGE


def test_stats_counts_the_source_words_of_every_message_and_of_those_left() -> None:
    from generator.i18n.stats import catalog_stats, words

    assert words("You hold %(led)s, the suit led: you must play %(led)s.") == 8
    assert words("%(num)s point") == 1 and words("Take, pass, coinche") == 3 and words("North–South's") == 2
    (entry,) = catalog_stats(ROOT, {"fr": "published"}, [])  # complete, but prose a rules change flagged, if any
    from babel.messages.pofile import read_po

    with (ROOT / "locales" / "messages.pot").open("rb") as stream:
        template = [message for message in read_po(stream) if message.id]
    expected = sum(words(text) for m in template for text in ([m.id] if isinstance(m.id, str) else m.id))
    assert entry.words == expected > 4000 and (entry.words_left == 0) == (not entry.missing)


@pytest.mark.slow
def test_publish_refuses_a_catalog_whose_translations_are_its_english(project: Path, run_cli) -> None:
    """What msgen (or a tool's "copy source") makes: every message translated by its English. The
    real catalogs keep a few such (names, "Total"), far from the share that refuses."""
    from generator.i18n.stats import catalog_stats

    assert cli(run_cli, project, "i18n", "add", "de")[0] == 0
    path = project / "locales/de/LC_MESSAGES/messages.po"
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as stream:
        catalog = read_po(stream, locale="de")
    for message in catalog:
        if message.id:
            message.string = message.id if isinstance(message.id, str) else tuple(message.id)
    with path.open("wb") as stream:
        write_po(stream, catalog, width=79)
    code, output = cli(run_cli, project, "i18n", "publish", "de")
    assert code == 1 and "de: not published: " in output and "translated by their English itself" in output
    assert "draft" in (project / "content/site.yaml").read_text(encoding="utf-8").split("de:", 1)[1].split("\n")[0]
    for entry in catalog_stats(ROOT, dict.fromkeys(LOCALES, "published"), []):
        assert not entry.english_copy and len(entry.english) < 25, (entry.locale, entry.english)


def test_the_headers_carry_the_projects_values(project: Path, run_cli) -> None:
    """No placeholder where the project has a value: its name and version, and its address."""
    from generator.i18n.extract import project_version

    assert cli(run_cli, project, "i18n", "add", "de")[0] == 0
    for path in [ROOT / "locales/messages.pot", *CATALOGS, project / "locales/de/LC_MESSAGES/messages.po"]:
        header = path.read_text(encoding="utf-8").split("\n\n", 1)[0]
        assert f'"Project-Id-Version: belote-docs {project_version()}\\n"' in header, path
        assert '"Report-Msgid-Bugs-To: https://help.belote.example/\\n"' in header, path
        assert "VERSION" not in header and "Report-Msgid-Bugs-To: EMAIL" not in header, path
