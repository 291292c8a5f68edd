"""Bad input fails the build clearly (FILE:LINE:COL, every problem, exit 1 or 2) and loses
nothing: the previous site stays byte for byte. Hostile text is shown as text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .site_helpers import run_build, tree


def replace(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def set_translation(project: Path, locale: str, msgid: str, msgstr: str) -> None:
    """Give ``msgid`` (a one-line message) the translation ``msgstr`` in a locale's catalog."""
    path = project / "locales" / locale / "LC_MESSAGES" / "messages.po"
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r'(msgid "' + re.escape(msgid) + r'"\n)msgstr (?:".*"\n)+')
    assert pattern.search(text), msgid
    escaped = msgstr.replace("\\", "\\\\").replace('"', '\\"')
    path.write_text(pattern.sub(lambda m: m.group(1) + f'msgstr "{escaped}"\n', text, count=1), encoding="utf-8")


def built_then_broken(project: Path, break_it) -> tuple[int, list[str], bool]:
    """Build, break an input, build again: (second exit code, its report, site unchanged)."""
    out = project / "site"
    first, lines = run_build(project, out, strict=False)
    assert first.code == 0, lines
    before = tree(out)
    break_it(project)
    second, lines = run_build(project, out, strict=False)
    return second.code, lines, tree(out) == before


def test_yaml_errors_are_listed_with_file_line_column_and_nothing_is_written(project: Path) -> None:
    def break_it(project: Path) -> None:
        replace(project / "content/bidding.yaml", "          turned: 10H\n", "          turned: X\n")
        replace(
            project / "content/allowed-cards.yaml",
            "hand: {N: [KS, 7S, JH, 9C, 10D]}",
            "hand: {N: [KS, 7S, JH, 9C, 9C]}",
        )
        replace(
            project / "content/allowed-cards.yaml",
            "          title: East must overtrump\n",
            "          titel: East must overtrump\n",
        )

    code, lines, unchanged = built_then_broken(project, break_it)
    assert code == 2 and unchanged
    assert lines[-1] == "3 errors; nothing written"
    assert re.match(r"content/allowed-cards\.yaml:\d+:\d+: error: hand: card 9C twice", lines[0])
    assert re.match(
        r"content/allowed-cards\.yaml:\d+:\d+: error: unknown field 'titel': did you mean `title`\?", lines[1]
    )
    assert re.match(r"content/bidding\.yaml:\d+:\d+: error: turned: unknown suit or card 'X'", lines[2])


def test_an_example_that_does_not_hold_fails_with_checks_message(project: Path) -> None:
    def break_it(project: Path) -> None:
        replace(
            project / "content/allowed-cards.yaml", "            allowed: [9S]\n", "            allowed: [9S, KH]\n"
        )

    code, lines, unchanged = built_then_broken(project, break_it)
    assert code == 1 and unchanged
    assert re.fullmatch(
        r"content/allowed-cards\.yaml:\d+: must-overtrump: allowed: file says \[9S, KH\], "
        r"engine computes \[9S\]: East must overtrump \(KH refused\)",
        lines[0],
    )
    assert lines[-1] == "1 example not holding; nothing written"


@pytest.mark.slow
def test_raw_html_in_content_is_refused(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project,
        lambda p: replace(
            p / "content/bidding.yaml", "title: Take, pass, coinche", "title: Take <script>alert(1)</script>"
        ),
    )
    assert code == 2 and unchanged
    assert re.match(r"content/bidding\.yaml:4:8: error: title: raw HTML is not allowed", lines[0])


@pytest.mark.slow
def test_a_broken_template_is_named_at_its_line(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project, lambda p: replace(p / "templates/page.html", "{% endfor %}", "{% endfo %}")
    )
    assert code == 2 and unchanged
    assert re.match(r"templates/page\.html:\d+:1: error: template syntax", lines[0])


@pytest.mark.slow
def test_a_broken_catalog_is_named_at_its_line(project: Path) -> None:
    def break_it(project: Path) -> None:
        replace(project / "locales/fr/LC_MESSAGES/messages.po", 'msgid "Second round"', 'msgid "Second round"\noops')

    code, lines, unchanged = built_then_broken(project, break_it)
    assert code == 2 and unchanged
    text = (project / "locales/fr/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    line = text.splitlines().index("oops") + 1
    assert lines[0].startswith(f"locales/fr/LC_MESSAGES/messages.po:{line}:1: error: catalog syntax")


@pytest.mark.slow
def test_a_translation_that_loses_a_placeholder_is_an_error(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project, lambda p: set_translation(p, "es", "Winner: %(seat)s.", "Ganador.")
    )
    assert code == 2 and unchanged
    assert re.match(
        r"locales/es/LC_MESSAGES/messages\.po:\d+:1: error: translation of 'Winner: %\(seat\)s\.': "
        r"missing %\(seat\)s",
        lines[0],
    )


@pytest.mark.slow
def test_a_bad_plural_header_is_an_error(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project, lambda p: replace(p / "locales/bg/LC_MESSAGES/messages.po", "plural=(n != 1)", "plural=(n !!= 1)")
    )
    assert code == 2 and unchanged
    assert lines[0].startswith("locales/bg/LC_MESSAGES/messages.po:12:1: error: bad Plural-Forms header")  # its line


@pytest.mark.slow
def test_a_missing_translation_is_a_warning_with_english_shown_and_an_error_when_strict(project: Path) -> None:
    set_translation(project, "bg", "In brief", "")
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0
    text = (project / "locales/bg/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    line = text.splitlines().index('msgid "In brief"') + 1
    assert lines[0] == (
        f"locales/bg/LC_MESSAGES/messages.po:{line}:1: warning: bg: no translation of 'In brief': English shown; "
        "a translation lost: it was translated at the last `i18n update`"  # emptied by hand
    )
    assert '><span lang="en">In brief</span></h2>' in (project / "site/bg/bidding.html").read_text(encoding="utf-8")
    assert ", 1 warning, " in lines[-1]
    before = tree(project / "site")
    strict, lines = run_build(project, project / "site", strict=True)
    assert strict.code == 2 and tree(project / "site") == before
    assert lines[0].startswith(f"locales/bg/LC_MESSAGES/messages.po:{line}:1: error: bg: no translation of 'In brief'")


@pytest.mark.slow
def test_a_fuzzy_translation_is_shown_in_english_with_its_line(project: Path) -> None:
    path = project / "locales/es/LC_MESSAGES/messages.po"
    replace(path, 'msgid "In brief"', '#, fuzzy\nmsgid "In brief"')
    result, lines = run_build(project, None, strict=False)
    assert result.code == 0
    assert re.match(
        r"locales/es/LC_MESSAGES/messages\.po:\d+:1: warning: es: fuzzy translation of 'In brief'", lines[0]
    )
    assert b'><span lang="en">In brief</span></h2>' in result.files["es/bidding.html"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "[click](javascript:alert(1))",
    ],
)
def test_hostile_translations_render_as_text(project: Path, hostile: str) -> None:
    set_translation(project, "es", "In brief", hostile)  # a template string
    set_translation(project, "es", "Take, pass, coinche", hostile)  # a content string (Markdown)
    set_translation(project, "es", "French Belote", hostile)  # the site's name
    replace(
        project / "locales/es/LC_MESSAGES/messages.po",
        'msgstr "Rey de picas"',
        f'msgstr "{hostile}"'.replace('"alert', '\\"alert').replace(')">', ')\\">'),
    )  # a card name
    result, lines = run_build(project, None, strict=False)
    assert result.code == 0, lines
    for name in ("es/bidding.html", "es/allowed-cards.html", "index.html"):
        html = result.files[name].decode()
        assert "<script>alert" not in html and "<img src=x" not in html
        assert 'href="javascript:' not in html
    if hostile.startswith("<script>"):
        html = result.files["es/bidding.html"].decode()
        assert '<h2 id="in-brief">&lt;script&gt;alert(1)&lt;/script&gt;</h2>' in html
        assert (
            '<span class="card sS">&lt;script&gt;alert(1)&lt;/script&gt;</span>'
            in result.files["es/allowed-cards.html"].decode()
        )


# Found in review: each of these once crashed or did harm ---------------------------------------


@pytest.mark.parametrize("out", [".", "content", "locales/es", "templates/assets"])
def test_the_output_may_not_be_the_project_or_one_of_its_inputs(project: Path, out: str) -> None:
    before = tree(project)
    result, lines = run_build(project, project / out, strict=False)
    assert result.code == 2 and lines[0].startswith(f"error: --out {project / out}:")
    assert tree(project) == before


@pytest.mark.slow
def test_a_folder_that_is_not_a_built_site_is_not_replaced(project: Path) -> None:
    other = project / "documents"
    other.mkdir()
    (other / "letter.txt").write_text("keep me", encoding="utf-8")
    result, lines = run_build(project, other, strict=False)
    assert result.code == 2 and "is not a site built here" in lines[0]
    assert (other / "letter.txt").read_text(encoding="utf-8") == "keep me"
    assert run_build(project, project / "site", strict=False)[0].code == 0
    assert run_build(project, project / "site", strict=False)[0].code == 0  # its own site is replaced


def test_an_unwritable_output_is_an_error_not_a_traceback(project: Path) -> None:
    (project / "afile").write_text("x", encoding="utf-8")
    result, lines = run_build(project, project / "afile" / "site", strict=False)
    assert result.code == 2 and lines[-1].startswith(f"{project}/afile/site: error: cannot write the site: ")


@pytest.mark.slow
@pytest.mark.parametrize(
    "msgstr, message",
    [
        ("Pli remporté à 100 % par %(seat)s.", "write %% for a percent sign"),
        ("Pli remporté par %(seat)d.", "write %% for a percent sign"),
    ],
)
def test_a_translation_that_cannot_be_formatted_is_an_error(project: Path, msgstr: str, message: str) -> None:
    code, lines, unchanged = built_then_broken(project, lambda p: set_translation(p, "fr", "Winner: %(seat)s.", msgstr))
    assert code == 2 and unchanged
    assert re.match(
        r"locales/fr/LC_MESSAGES/messages\.po:\d+:1: error: translation of 'Winner: %\(seat\)s\.'", lines[0]
    )
    assert message in lines[0]


@pytest.mark.slow
def test_a_msgstr_without_quotes_is_a_catalog_syntax_error(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project, lambda p: replace(p / "locales/es/LC_MESSAGES/messages.po", 'msgstr "Idioma"', "msgstr Idioma")
    )
    assert code == 2 and unchanged
    assert re.match(r"locales/es/LC_MESSAGES/messages\.po:\d+:1: error: catalog syntax: 'msgstr Idioma'", lines[0])


@pytest.mark.slow
def test_a_figure_contract_without_its_seat_is_reported(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project, lambda p: replace(p / "content/bidding.yaml", "contract: {S: 100 S}", "contract: 100 S")
    )
    assert code == 2 and unchanged
    assert re.match(r"content/bidding\.yaml:\d+:\d+: error: contract: expected one `SEAT: VALUE SUIT` pair", lines[0])


@pytest.mark.slow
@pytest.mark.parametrize(
    "old, new, message",
    [
        ("contract: {S: 100 S}", "contract: {E: 100 S}", "contract: E is not in the team of S"),
        ("contract: {S: 100 S}", "contract: {S: 100 H}", "contract: its suit H is not the example's trump S"),
        (
            "            id: figure-only-king-of-diamonds\n            game: coinche",
            "            id: figure-only-king-of-diamonds\n            game: trump",
            "figure: the example is a Coinche",
        ),
    ],
)
def test_a_figure_that_does_not_match_its_example_is_reported(project: Path, old: str, new: str, message: str) -> None:
    code, lines, unchanged = built_then_broken(project, lambda p: replace(p / "content/bidding.yaml", old, new))
    assert code == 2 and unchanged and message in lines[0], lines


@pytest.mark.slow
def test_editor_files_in_templates_are_ignored(project: Path) -> None:
    (project / "templates/.base.html.swp").write_bytes(b"b0VIM\0\xff")
    (project / "templates/.#base.html").symlink_to("nowhere")
    (project / "templates/assets/.site.css.swp").write_bytes(b"\xff")
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0, lines
    assert not any(".swp" in name for name in tree(project / "site"))


@pytest.mark.slow
def test_a_template_runtime_error_is_named_at_its_line(project: Path) -> None:
    code, lines, unchanged = built_then_broken(
        project,
        lambda p: replace(
            p / "templates/page.html",
            "<h1>{{ md(page.title, false) }}</h1>",
            "<h1>{{ md(page.title) }}{{ site_nam }}</h1>",
        ),
    )
    assert code == 2 and unchanged
    text = (project / "templates/page.html").read_text(encoding="utf-8")
    line = next(number for number, content in enumerate(text.splitlines(), 1) if "site_nam }}" in content)
    assert lines[0] == f"templates/page.html:{line}:1: error: template: UndefinedError: 'site_nam' is undefined"


@pytest.mark.slow
@pytest.mark.parametrize(
    "template, old, new",
    [
        ("root.html", '<meta charset="utf-8">', '<meta charset="utf-8">{{ nowhere.x }}'),
        ("missing.html", '<meta charset="utf-8">', '<meta charset="utf-8">{{ nowhere.x }}'),
        ("missing-locale.html", "<ul>", "<ul>{{ nowhere.x }}"),
        ("chooser-locale.html", "{% set line = ", "{{ nowhere.x }}{% set line = "),
    ],
)
def test_a_runtime_error_of_a_shared_page_is_named_at_its_line(
    project: Path, template: str, old: str, new: str
) -> None:
    """The language chooser and 404.html (and the parts each locale gives them) are templates as
    the pages are: an error is told at its template's line, and nothing is written, with or
    without an output folder."""
    code, lines, unchanged = built_then_broken(project, lambda p: replace(p / "templates" / template, old, new))
    assert code == 2 and unchanged, lines
    text = (project / "templates" / template).read_text(encoding="utf-8")
    line = next(number for number, content in enumerate(text.splitlines(), 1) if "nowhere.x" in content)
    assert lines == [
        f"templates/{template}:{line}:1: error: template: UndefinedError: 'nowhere' is undefined",
        "1 error; nothing written",
    ]
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2 and lines[0].startswith(f"templates/{template}:{line}:1: error: template:"), lines


@pytest.mark.slow
def test_an_unknown_locale_in_the_configuration_is_reported(project: Path) -> None:
    def break_it(project: Path) -> None:
        replace(project / "content/site.yaml", "  fr: published\n", "  fr: published\n  zz: draft\n")
        (project / "locales/zz/LC_MESSAGES").mkdir(parents=True)
        (project / "locales/zz/LC_MESSAGES/messages.po").write_text("", encoding="utf-8")

    code, lines, unchanged = built_then_broken(project, break_it)
    assert code == 2 and unchanged
    assert re.match(r"content/site\.yaml:\d+:3: error: locales: 'zz' is not a locale CLDR knows", lines[0])


@pytest.mark.slow
@pytest.mark.parametrize(
    "old, new, message",
    [
        ("pages: [bidding, allowed-cards, scoring, glossary]", "pages: []", "pages: none"),
        ("      - list:\n", "      - list: []\n      - list:\n", "list: empty"),
    ],
)
def test_empty_lists_are_reported(project: Path, old: str, new: str, message: str) -> None:
    path = project / ("content/site.yaml" if old.startswith("pages") else "content/bidding.yaml")
    code, lines, unchanged = built_then_broken(project, lambda p: replace(path, old, new))
    assert code == 2 and unchanged and message in lines[0], lines


@pytest.mark.slow
def test_a_damaged_cache_is_ignored(project: Path) -> None:
    assert run_build(project, None, strict=True)[0].code == 0
    for cached in (project / ".cache").rglob("*"):
        if cached.is_file():
            cached.write_bytes(b"\x00garbage")
    result, lines = run_build(project, None, strict=True)
    assert result.code == 0, lines


@pytest.mark.slow
def test_a_deal_on_any_page_is_shown_and_an_illegal_one_refused_at_its_card(project: Path) -> None:
    """A deal example may stand on any page: the page draws it; an illegal play is invalid input at its card."""
    deal = (
        "      - example:\n"
        "          id: t1-deal\n"
        "          title: A whole deal\n"
        "          game: trump\n"
        "          trump: H\n"
        "          dealer: E\n"
        "          taker: S\n"
        "          tricks:\n"
        + "".join(
            f"            - [{trick}]\n"
            for trick in (
                "S: JH, W: QH, N: 7H, E: 7S",
                "S: 9H, W: KH, N: 8H, E: 9S",
                "S: 9C, W: JC, N: QC, E: 10C",
                "E: AD, S: 10D, W: 9D, N: 7D",
                "E: KS, S: 10S, W: AH, N: JS",
                "W: QD, N: KD, E: 8D, S: AS",
                "N: KC, E: 8C, S: 8S, W: 7C",
                "N: AC, E: QS, S: 10H, W: JD",
            )
        )
        + "          explanation: A deal.\n"
    )
    heading = "    heading: In the no-trump game\n    content:\n"
    replace(project / "content/allowed-cards.yaml", heading, heading + deal)
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0, lines  # shown, with its new title and explanation in English until translated
    html = (project / "site/es/allowed-cards.html").read_text(encoding="utf-8")
    article = html[html.index('id="ex-t1-deal"') : html.index("</article>", html.index('id="ex-t1-deal"'))]
    assert article.count('<tr><th scope="row">') >= 8 and "99" in article and "83" in article
    broken = deal.replace("N: AC, E: QS, S: 10H, W: JD", "N: AC, E: QS, S: JD, W: 10H")
    code, lines, unchanged = built_then_broken(
        project, lambda p: replace(p / "content/allowed-cards.yaml", deal, broken)
    )
    assert code == 2 and unchanged is True
    assert any(
        re.match(
            r"content/allowed-cards\.yaml:\d+:\d+: error: example 't1-deal': trick \d, S: \w+ is not allowed", line
        )
        for line in lines
    )
