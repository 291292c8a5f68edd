"""Gate: hostile and broken input never crashes and never publishes harm.

- Markup, scripts and `javascript:` links in any translation or content string come out as text.
- YAML bombs, deep nesting, a 50 MB file, binary bytes, other encodings, tabs, duplicate keys:
  a clear FILE:LINE:COL error (exit 2), in bounded time and memory.
- Fuzzing (hypothesis) over generated and mutated example files: `check` accepts them or reports
  FILE:LINE:COL problems, never a traceback.
Run alone: .venv/bin/python -m pytest tests/test_gate_hostile.py
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import markupsafe
import pytest
from babel.messages.pofile import read_po, write_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.__main__ import main
from generator.page_text import plain_text
from generator.render import make_environment

from .conftest import EXAMPLES, ROOT
from .site_helpers import copy_project, run_build, tree

HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    "</title><svg onload=alert(1)>",
    "<!-- x --><iframe src=//evil.example>",
]


OWN_SCRIPTS = tuple(
    [("src", f"../assets/{name}"), ("defer", None)] for name in ("try.js", "case.js", "practice.js", "search.js")
)
"""The scripts a page may load: the site's own ("Try it", the player's case, practice, the search box), by
a relative path (nothing inline, nothing from elsewhere)."""


class Markup(HTMLParser):
    """The tags and attributes of a page, to look for anything that would run or load."""

    def __init__(self) -> None:
        super().__init__()
        self.harm: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and attrs in OWN_SCRIPTS:
            return  # the site's own scripts, from its own assets
        if tag in ("script", "iframe", "img", "object", "embed"):
            self.harm.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.harm.append(f"<{tag} {name}>")
            if name in ("href", "src") and value and re.match(r"\s*(javascript|data|vbscript):", value, re.I):
                self.harm.append(f"<{tag} {name}={value}>")
            if name == "src" or (tag == "link" and name == "href" and value and value.startswith("//")):
                self.harm.append(f"<{tag} {name}={value}>")


def harm(html: str) -> list[str]:
    parser = Markup()
    parser.feed(html)
    return parser.harm


def poison_catalog(path: Path, payload: str) -> None:
    """Prefix every translation of a catalog with ``payload`` (placeholders kept), and each search word's
    forms (its terms kept)."""
    with path.open("rb") as stream:
        catalog = read_po(stream)
    for message in catalog:
        if message.context == "search words" and ":" in message.string:  # each TERM kept: see test_glossary
            message.string = "; ".join(
                f"{plain_text(f'{payload} {term.strip()}')}: {payload}, {forms}"  # the term as its poisoned translation
                for term, _, forms in (part.partition(": ") for part in message.string.split(";"))
            )
        elif message.id and message.context != "foreign words":  # language tags, not text: see test_foreign_words
            if isinstance(message.string, tuple):
                message.string = tuple(f"{payload} {string}" for string in message.string)
            else:
                message.string = f"{payload} {message.string}"
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100)


# Hostile text renders as text --------------------------------------------------------------------


def test_the_gate_allows_only_the_sites_own_scripts() -> None:
    assert harm('<script src="../assets/try.js" defer></script>') == []
    assert harm('<script src="../assets/search.js" defer></script>') == []
    for other in (
        '<script src="../assets/searching.js" defer></script>',
        '<script src="../assets/try.js"></script>',
        '<script src="//evil.example/try.js" defer></script>',
        "<script>alert(1)</script>",
        '<script src="https://x.example/a.js" defer></script>',
    ):
        assert harm(other), other


@pytest.mark.slow
def test_the_built_site_holds_nothing_that_runs_or_loads(tmp_path: Path) -> None:
    result, lines = run_build(ROOT, tmp_path / "site")
    assert result.code == 0, lines
    for name, data in tree(tmp_path / "site").items():
        if name.endswith(".html"):
            assert harm(data.decode("utf-8")) == [], name


@pytest.mark.slow
@pytest.mark.parametrize("payload", HOSTILE)
def test_hostile_translations_render_as_text_everywhere(tmp_path: Path, payload: str) -> None:
    """Every message of the Spanish catalog poisoned: prose, titles, the figure's alt text, card
    names, seats, calls, setup lines, the site's name."""
    project = copy_project(tmp_path / "project")
    poison_catalog(project / "locales/es/LC_MESSAGES/messages.po", payload)
    result, lines = run_build(project, project / "site", strict=True)
    assert result.code == 0, lines
    names = (
        "es/bidding.html",
        "es/allowed-cards.html",
        "es/scoring.html",
        "es/glossary.html",
        "es/index.html",
        "index.html",
        "404.html",
    )
    for name in (*names, "ru/bidding.html"):
        html = (project / "site" / name).read_text(encoding="utf-8")
        assert harm(html) == [], name
    bidding = (project / "site/es/bidding.html").read_text(encoding="utf-8")
    svg = bidding[bidding.index("<svg") : bidding.index(">", bidding.index("<svg"))]
    assert ("alert(1)" in svg or "evil.example" in svg) and harm(svg + ">") == []  # the payload, as text
    if payload.startswith("<script>"):
        assert '<span class="card sS">&lt;script&gt;alert(1)&lt;/script&gt; Rey de picas</span>' in (
            project / "site/es/allowed-cards.html"
        ).read_text(encoding="utf-8")
        assert (
            '<a class="brand" href="index.html">&lt;script&gt;alert(1)&lt;/script&gt; La Belote francesa</a>' in bidding
        )
        scoring = (project / "site/es/scoring.html").read_text(encoding="utf-8")  # a team named in a sentence
        assert '<span class="team">&lt;script&gt;alert(1)&lt;/script&gt; Norte-Sur</span>' in scoring


@pytest.mark.slow
def test_a_javascript_link_in_content_is_not_a_link(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "content/bidding.yaml"
    page.write_text(
        page.read_text(encoding="utf-8").replace(
            "title: Take, pass, coinche", "title: Take [pass](javascript:alert(1)) coinche"
        ),
        encoding="utf-8",
    )
    result, lines = run_build(project, None, strict=False)
    assert result.code == 0, lines
    assert harm(result.files["fr/bidding.html"].decode()) == []


@pytest.mark.variants
@pytest.mark.parametrize("text", ["<script>alert(1)</script>", "<b onclick=x>bold</b>", "<!-- comment -->"])
def test_raw_html_in_content_is_an_error(tmp_path: Path, text: str) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "content/allowed-cards.yaml"
    page.write_text(
        page.read_text(encoding="utf-8").replace("title: North has spades", f"title: North {text}"), encoding="utf-8"
    )
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert re.match(r"content/allowed-cards\.yaml:\d+:18: error: title: raw HTML is not allowed", lines[0])


# Broken files: a clear error, bounded time and memory --------------------------------------------

BROKEN = {
    "alias-bomb": b"a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    b"c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n",
    "deep-nesting": b"[" * 200_000 + b"]" * 200_000,
    "binary": b"- id: \x00\xff\xfe\x01 binary",
    "utf-16": "- id: x\n  game: trump\n".encode("utf-16"),
    "latin-1": "- id: caf\xe9\n".encode("latin-1"),
    "tabs": b"- id: x\n\tgame: trump\n",
    "duplicate-keys": b"- id: x\n  game: trump\n  game: coinche\n",
}
EXPECTED = {
    "alias-bomb": r":2:8: error: alias \*a is not supported",
    "deep-nesting": r":1:\d+: error: YAML syntax: exceeded maximum nesting depth",
    "binary": r":1:8: error: not UTF-8 text",
    "utf-16": r":1:1: error: not UTF-8 text",
    "latin-1": r":1:10: error: not UTF-8 text",
    "tabs": r":2:1: error: YAML syntax: a tab character",
    "duplicate-keys": r":3:3: error: duplicate key 'game'",
    "hundred-megabytes": r":1:1: error: file is 100,000,000 bytes; the limit is 67,108,864",
}


def limited() -> None:
    """Run the child with 1 GiB of address space and 60 s of CPU: a blow-up fails, never hangs."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


@pytest.mark.variants
@pytest.mark.parametrize("kind", sorted(EXPECTED))
@pytest.mark.parametrize("where", ["check", "build"])
def test_broken_files_give_a_clear_error_in_bounded_time_and_memory(tmp_path: Path, kind: str, where: str) -> None:
    project = copy_project(tmp_path / "project")
    target = project / "content/bidding.yaml" if where == "build" else tmp_path / "examples.yaml"
    if kind == "hundred-megabytes":
        with target.open("wb") as stream:
            stream.truncate(100_000_000)
    else:
        target.write_bytes(BROKEN[kind])
    command = (
        [sys.executable, "-m", "generator", "build", "-C", str(project)]
        if where == "build"
        else [sys.executable, "-m", "generator", "check", str(target)]
    )
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120, preexec_fn=limited)
    shown = "content/bidding.yaml" if where == "build" else re.escape(str(target))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and result.stderr == ""
    assert re.match(shown + EXPECTED[kind], result.stdout), result.stdout
    assert not (project / "site").exists()


# Fuzzing -----------------------------------------------------------------------------------------

SEED_TEXT = (EXAMPLES / "rules-play.yaml").read_text(encoding="utf-8")[:6000]
LINE = re.compile(
    r"(?:[^\n]*:\d+:\d+: (?:error|warning): .+|[^\n]*:\d+: [a-z0-9-]+: [a-z.]+: file says .+, "
    r"engine computes .+|\d+ errors? in the input; nothing checked|\d+ of \d+ examples do not hold|"
    r"\d+ examples? in \d+ files?: all hold)"
)

cards = st.sampled_from(["AS", "10H", "JD", "7C", "QS", "KH", "9D", "8C", "XX", "11H", ""])
seats = st.sampled_from(["N", "E", "S", "W", "X", "north"])
values = st.one_of(
    cards,
    seats,
    st.sampled_from(
        ["trump", "coinche", "no-trump", "house", "official", "[]", "{}", "pass", "80 H", "take S", "coinche", "-1"]
    ),
    st.text(max_size=8),
)
fields = st.sampled_from(
    [
        "id",
        "game",
        "rules",
        "trump",
        "trick",
        "hand",
        "play",
        "expect",
        "dealer",
        "turned",
        "calls",
        "allowed",
        "winner",
        "points",
        "rejected",
        "result",
        "titel",
    ]
)


@st.composite
def example_files(draw: st.DrawFn) -> str:
    """A list of examples built from plausible and implausible fields and values."""
    lines = []
    for index in range(draw(st.integers(1, 4))):
        lines.append(f"- id: {draw(st.sampled_from(['ex', f'ex-{index}', 'Bad Id', '']))}")
        for _ in range(draw(st.integers(0, 7))):
            field, value = draw(fields), draw(values)
            shape = draw(
                st.sampled_from(
                    ["{f}: {v}", "{f}: [{v}]", "{f}: {{{s}: {v}}}", "{f}: [{{{s}: {v}}}]", "{f}:\n    {s}: [{v}, {v}]"]
                )
            )
            lines.append("  " + shape.format(f=field, v=value, s=draw(seats)))
    return "\n".join(lines) + "\n"


@st.composite
def mutated_files(draw: st.DrawFn) -> str:
    """A valid example file with characters inserted, deleted or replaced."""
    text = SEED_TEXT
    for _ in range(draw(st.integers(1, 6))):
        position = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(
            st.sampled_from(
                [
                    "[",
                    "]",
                    "{",
                    "}",
                    ":",
                    "-",
                    " ",
                    "\n",
                    "\t",
                    "&a",
                    "*a",
                    "'",
                    '"',
                    "#",
                    "!!python/object:os.system",
                    "\x00",
                    "é",
                    "AS",
                    "10",
                    ",",
                    "?",
                    "|",
                    ">",
                ]
            )
        )
        if action == "insert":
            text = text[:position] + piece + text[position:]
        elif action == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 20)) :]
        else:
            text = text[:position] + piece + text[position + len(piece) :]
    return text


def check_never_crashes(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code = main(["check", str(path)])
    output = capsys.readouterr()
    assert code in (0, 1, 2) and output.err == ""
    for line in output.out.splitlines():
        assert LINE.fullmatch(line), line
    if code == 2:
        assert re.match(re.escape(str(path)) + r":\d+:\d+: error: ", output.out)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=example_files())
def test_fuzz_generated_example_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    check_never_crashes(tmp_path, text, capsys)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated_files())
def test_fuzz_mutated_example_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    check_never_crashes(tmp_path, text, capsys)


def test_every_template_escapes_its_output_so(tmp_path: Path) -> None:
    (tmp_path / "t.html").write_text(
        "{{ text }}|{{ safe }}|{{ number }}{% macro m(x) %}<b>{{ x }}</b>{% endmacro %}|{{ m(text) }}"
    )
    template = make_environment(tmp_path).get_template("t.html")
    rendered = template.render(text="<i>&", safe=markupsafe.Markup("<i>&amp;</i>"), number=12)
    assert rendered == "&lt;i&gt;&amp;|<i>&amp;</i>|12|<b>&lt;i&gt;&amp;</b>"
