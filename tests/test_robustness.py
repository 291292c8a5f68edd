"""Careless and hostile input, as issue 11 met it: each case of each class gives a clear error
(`FILE:LINE:COL: error:` or `FILE: error:`, with what to do), exit 2, no traceback, and loses
nothing. The faults themselves (kills, a full disk, unreadable files) are in test_faults.py."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.i18n.catalogs import read_catalog
from generator.i18n.pofile import parse_po, po_bytes
from generator.problems import Problem

from .conftest import ROOT
from .site_helpers import run_build, tree

pytestmark = pytest.mark.slow  # each case builds a project of its own: the fast loop leaves them to the full run

CATALOG = "locales/es/LC_MESSAGES/messages.po"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def clean(output: str) -> str:
    assert "Traceback" not in output, output
    return output


# Writing: never over an input, nothing created on failure ----------------------------------------


@pytest.mark.parametrize("report", ["content/bidding.yaml", CATALOG, "content/site.yaml", "locales/messages.pot"])
def test_regenerate_refuses_a_report_over_one_of_its_inputs(project: Path, run_cli, report: str) -> None:
    before = tree(project)
    code, output = run_cli("regenerate", "-C", str(project), "--report", str(project / report))
    assert code == 2, output
    assert re.search(rf"{re.escape(str(project / report))}: error: .*input", clean(output)), output
    assert tree(project) == before


OUTPUTS = [("export", "--out"), ("regenerate", "--report")]
INPUTS = [
    "content/site.yaml",
    "content/bidding.yaml",
    "locales/fr/LC_MESSAGES/messages.po",
    "locales/es/LC_MESSAGES/translated.txt",
    "locales/messages.pot",
    "templates/page.html",
    "templates/assets/site.css",
    "content/new.json",  # a file put where the build lists its inputs becomes one
    "templates/assets/new.json",
    "locales/new.json",
]


@pytest.mark.parametrize("target", INPUTS)
@pytest.mark.parametrize(("command", "option"), OUTPUTS, ids=[command for command, _ in OUTPUTS])
def test_no_command_writes_over_one_of_the_projects_inputs(
    project: Path, run_cli, command: str, option: str, target: str
) -> None:
    """What a build reads (derived from the loader, not listed by hand) is no command's output: the
    message says where to write instead; nothing is written."""
    before = tree(project)
    code, output = run_cli(command, "-C", str(project), option, str(project / target))
    assert code == 2, output
    said = clean(output).splitlines()[0]
    assert said.startswith(f"{project / target}: error: "), output
    assert re.search(r"(one of the project's inputs|which a build reads).*: write it elsewhere, such as \S", said), said
    assert tree(project) == before


@pytest.mark.parametrize("folder", ["content", "locales", "locales/fr/LC_MESSAGES", "templates", "templates/assets"])
def test_schema_writes_into_no_folder_a_build_reads(project: Path, run_cli, folder: str) -> None:
    """`schema --out DIR` writes the schemas into a folder: none that a build reads."""
    before = tree(project)
    code, output = run_cli("schema", "-C", str(project), "--out", str(project / folder))
    assert code == 2, output
    said = clean(output).splitlines()[0]
    assert said.startswith(f"{project / folder}/") and f"inside {folder}/, which a build reads" in said, said
    assert "such as schemas/ in the project folder" in said and tree(project) == before


def test_no_output_goes_into_a_locale_folder_linked_inside_the_project(project: Path, run_cli) -> None:
    """locales/es a link to translations-es/ (inside the project, as README advises): the build reads
    that folder, so it is no output's either, by any of its names."""
    shutil.move(project / "locales/es", project / "translations-es")
    (project / "locales/es").symlink_to(project / "translations-es")
    before = tree(project)
    for target in ("translations-es/LC_MESSAGES/messages.po", "translations-es/LC_MESSAGES/new.json"):
        code, output = run_cli("export", "-C", str(project), "--out", str(project / target))
        assert code == 2 and "locales/es" in clean(output), output
    assert run_cli("build", "-C", str(project), "--out", str(project / "translations-es"))[0] == 2
    for folder in ("translations-es/new", "content/site", "templates/assets/site"):
        code, output = run_cli("build", "-C", str(project), "--out", str(project / folder))
        assert code == 2 and "which a build reads" in clean(output) and "such as site/" in output, output
    assert tree(project) == before


def test_every_file_a_build_reads_is_refused_as_an_output(project: Path) -> None:
    """The list the commands check is the loader's: every input a real build recorded is in it."""
    from generator import records
    from generator.build import build
    from generator.outputs import input_refusal
    from generator.project import CACHE, project_inputs

    assert build(project, project / "site", strict=False, search=False).code == 0
    record = records.load(project / CACHE, project / "site")
    assert record is not None and len(record.inputs) > 30
    inputs = project_inputs(project)
    for name in record.inputs:
        assert input_refusal(inputs, project / name.rstrip("/"), "x") is not None, name


def test_regenerate_on_invalid_input_creates_no_report(project: Path, run_cli) -> None:
    edit(project / "content/bidding.yaml", "turned: 10H", "turned: X")
    code, output = run_cli("regenerate", "-C", str(project), "--report", str(project / "new.md"))
    assert code == 2, output
    assert not (project / "new.md").exists()


def test_regenerate_report_in_a_missing_folder_is_refused_before_anything(project: Path, run_cli) -> None:
    code, output = run_cli("regenerate", "-C", str(project), "--report", str(project / "nowhere/r.md"))
    assert code == 2 and ": error: " in clean(output), output


def test_check_fix_keeps_the_owner_and_refuses_to_split_hard_links(tmp_path: Path, run_cli) -> None:
    source = (ROOT / "tests/examples/rules-play.yaml").read_text(encoding="utf-8")
    path = tmp_path / "examples.yaml"
    path.write_text(source.replace("allowed: [", "allowed: [AS, ", 1), encoding="utf-8")
    if os.geteuid() == 0:
        os.chown(path, 65534, 65534)
    os.chmod(path, 0o640)
    code, output = run_cli("check", "--fix", str(path))
    assert code == 0, output
    status = path.stat()
    assert (status.st_mode & 0o777) == 0o640
    if os.geteuid() == 0:
        assert (status.st_uid, status.st_gid) == (65534, 65534)
    path.write_text(source.replace("allowed: [", "allowed: [AS, ", 1), encoding="utf-8")
    link = tmp_path / "link.yaml"
    os.link(path, link)
    before = path.read_bytes()
    code, output = run_cli("check", "--fix", str(path))
    assert code == 2, output
    assert f"{path}: error: the file has 2 hard links" in clean(output)
    assert path.read_bytes() == before == link.read_bytes() and path.stat().st_ino == link.stat().st_ino
    assert sorted(p.name for p in tmp_path.iterdir()) == ["examples.yaml", "link.yaml"]


def test_check_fix_on_an_immutable_file_is_an_error_and_leaves_no_temporary_file(tmp_path: Path, run_cli) -> None:
    if os.geteuid() != 0 or subprocess.run(["chattr", "-h"], capture_output=True).returncode not in (0, 1):
        pytest.skip("unreachable: chattr +i needs root (the fault suite injects EPERM instead)")
    path = tmp_path / "examples.yaml"
    text = (
        (ROOT / "tests/examples/rules-play.yaml").read_text(encoding="utf-8").replace("allowed: [", "allowed: [AS, ", 1)
    )
    path.write_text(text, encoding="utf-8")
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("unreachable: this file system has no immutable flag (the fault suite injects EPERM)")
    try:
        code, output = run_cli("check", "--fix", str(path))
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)
    assert code == 2, output
    assert f"{path}: error: " in clean(output)
    assert path.read_text(encoding="utf-8") == text
    assert [p.name for p in tmp_path.iterdir()] == ["examples.yaml"]


# The site swap -----------------------------------------------------------------------------------


def test_leftovers_of_a_killed_build_are_ignored_by_git_and_removed_by_the_next_build(project: Path) -> None:
    dead = 2**22 + 12345  # above the default pid_max: no process has it
    (project / f".site.new-{dead}-abc.part").mkdir()
    (project / f".site.old-{dead}-abc.part").mkdir()
    (project / "content" / f".bidding.yaml.{dead}-xyz.part").write_text("half")
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 0, lines
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".site")) == []
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", ".site.new-1-abc.part", "content/.x.yaml.1-a.part", ".site.old-1-a.part"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ignored.stdout.split() == [".site.new-1-abc.part", "content/.x.yaml.1-a.part", ".site.old-1-a.part"]


def test_a_site_left_aside_by_a_kill_between_two_renames_is_put_back(project: Path) -> None:
    out = project / "site"
    result, lines = run_build(project, out, strict=False)
    assert result.code == 0, lines
    before = tree(out)
    dead = 2**22 + 54321
    out.rename(project / f".site.old-{dead}-abc.part")  # where a system without an atomic exchange leaves it
    edit(project / "content/bidding.yaml", "turned: 10H", "turned: X")
    assert run_build(project, out, strict=False)[0].code == 2
    assert tree(out) == before


# Reading: regular files only, every OS error named --------------------------------------------


def test_a_named_pipe_is_refused_not_waited_on(tmp_path: Path, project: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "generator", "check", str(fifo)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and f"{fifo}: error: a named pipe, not a regular file" in run.stdout, run.stdout
    (project / "content/bidding.yaml").unlink()
    os.mkfifo(project / "content/bidding.yaml")
    run = subprocess.run(
        [sys.executable, "-m", "generator", "build", "-C", str(project)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and "content/bidding.yaml: error: a named pipe" in run.stdout, run.stdout
    assert time.monotonic() - started < 50 and "Traceback" not in run.stderr


def test_a_named_pipe_in_the_cache_is_not_waited_on(project: Path) -> None:
    """The build cache is the project's own, but a named pipe in it (a catalog's or the page
    cache's place) is taken for no cache, not opened to wait for a writer."""
    (project / ".cache/catalogs").mkdir(parents=True)
    os.mkfifo(project / ".cache/catalogs/es.pickle")
    os.mkfifo(project / ".cache/pages.pickle")
    run = subprocess.run(
        [sys.executable, "-m", "generator", "build", "-C", str(project), "--out", str(project / "site")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stdout + run.stderr
    assert (project / "site/es/bidding.html").is_file()


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.symlink_to(p.name), "a loop of symbolic links"),
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "a folder"),
    ],
    ids=["symlink-loop", "missing", "folder"],
)
def test_a_page_that_cannot_be_read_is_named(project: Path, make, message: str) -> None:
    page = project / "content/bidding.yaml"
    page.unlink()
    make(page)
    result, lines = run_build(project, project / "site", strict=False)
    assert result.code == 2
    assert any(line.startswith("content/bidding.yaml: error: ") and message in line for line in lines), lines


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "an empty file name"),
        ("content/site.yaml/x.yaml", "a part of the path is a file"),
        ("x" * 300 + ".yaml", "the name is too long"),
    ],
    ids=["empty", "through-a-file", "too-long"],
)
def test_check_names_each_path_it_cannot_read(run_cli, name: str, message: str) -> None:
    code, output = run_cli("check", name)
    assert code == 2, output
    assert ": error: " in clean(output) and message in output, output


def test_an_output_on_a_symlink_loop_is_an_error(project: Path) -> None:
    (project / "loop").symlink_to("loop")
    result, lines = run_build(project, project / "loop", strict=False)
    assert result.code == 2 and "loop of symbolic links" in " ".join(lines), lines


def test_a_bad_byte_in_a_template_is_reported_where_it_is(project: Path) -> None:
    path = project / "templates/page.html"
    data = path.read_bytes().split(b"\n")
    data[4] = b"ab\xff" + data[4]
    path.write_bytes(b"\n".join(data))
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert "templates/page.html:5:3: error: not UTF-8 text" in " ".join(lines), lines


@pytest.mark.parametrize(
    "source", ["{% if x %}" * 3000 + "{% endif %}" * 3000, "{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}"]
)
def test_a_template_nested_too_deeply_is_an_error(project: Path, source: str) -> None:
    (project / "templates/deep.html").write_text(source, encoding="utf-8")
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2 and "templates/deep.html: error: nested too deeply" in lines[0], lines


def test_a_problem_in_the_site_configuration_hides_no_page_error(project: Path) -> None:
    edit(project / "content/site.yaml", "locales:", "locale:")
    edit(project / "content/bidding.yaml", "turned: 10H", "turned: X")
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert any(line.startswith("content/site.yaml:") for line in lines), lines
    assert any(line.startswith("content/bidding.yaml:") and "X" in line for line in lines), lines


# Numbers from the input are bounded --------------------------------------------------------------


def test_a_huge_number_is_an_input_error(project: Path, run_cli) -> None:
    page = project / "content/allowed-cards.yaml"
    edit(page, "points: 41", "points: " + "9" * 5000)
    code, output = run_cli("check", str(page))
    assert code == 2, output
    assert re.search(r"allowed-cards.yaml:\d+:\d+: error: expect.points: .*too (long|large)", clean(output)), output
    edit(page, "points: " + "9" * 5000, "points: 41")
    edit(project / "content/bidding.yaml", "{N: 80 H}", "{N: " + "1" * 5000 + " H}")
    code, output = run_cli("check", str(project / "content/bidding.yaml"))
    assert code == 2 and "set_int_max_str_digits" not in clean(output), output
    assert re.search(r"bidding.yaml:\d+:\d+: error: ", output), output


# Catalogs: plural rules, charsets, duplicates, caches, previous text ------------------------------


def header(project: Path, old: str, new: str) -> int:
    """Change a header line of the Spanish catalog; the line number it is on."""
    path = project / CATALOG
    edit(path, old, new)
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if new in line)


@pytest.mark.parametrize(
    "plural, message",
    [
        ("nplurals=2; plural=(n>9)/(n-5);", "division by zero for n = 5"),
        ("nplurals=x; plural=n != 1;", "nplurals"),
        ("nplurals=2; plural=n ? ;", "Plural-Forms"),
        ("nplurals=2; plural=(n%1000)+0;", "gives form 2 for n = 2"),
    ],
)
def test_a_bad_plural_rule_is_reported_at_its_header_line(project: Path, plural: str, message: str) -> None:
    written = 'nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? "\n"1 : 2);'  # as gettext wraps it
    line = header(project, written, plural)
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert any(x.startswith(f"{CATALOG}:{line}:") and message in x for x in lines), lines


def test_a_plural_header_babel_cannot_read_is_reported_at_its_line(project: Path) -> None:
    line = header(project, "nplurals=3;", "nplurals=0;")
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert any(x.startswith(f"{CATALOG}:{line}:1: error: ") and "at least 1" in x for x in lines), lines


@pytest.mark.parametrize(
    "old, new",
    [('"Language: es\\n"', '"Language: zz_QQ_1\\n"'), ("POT-Creation-Date: ", "POT-Creation-Date: yesterday ")],
    ids=["language", "date"],
)
def test_a_header_field_babel_cannot_read_is_read_as_msgfmt_reads_it(
    project: Path, run_cli, old: str, new: str
) -> None:
    """As text (msgfmt --check accepts both): the build uses neither, and `i18n update` writes the
    catalog's own locale there (and its dates, with the next change of its messages)."""
    header(project, old, new)
    result, lines = run_build(project, None, strict=True)
    assert result.code == 0, lines
    assert run_cli("i18n", "update", "-C", str(project))[0] == 0
    text = (project / CATALOG).read_text(encoding="utf-8")
    assert '"Language: es\\n"' in text and "zz_QQ_1" not in text


def test_a_catalog_that_does_not_say_utf8_is_refused_at_its_header_line(project: Path, run_cli) -> None:
    line = header(project, "charset=utf-8", "charset=ISO-8859-1")
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert any(x.startswith(f"{CATALOG}:{line}:") and "charset" in x and "UTF-8" in x for x in lines), lines
    before = tree(project / "locales")
    assert run_cli("i18n", "extract", "-C", str(project))[0] == 0
    code, output = run_cli("i18n", "update", "-C", str(project))  # the hint's next step refuses too
    assert code == 2 and f"{CATALOG}:{line}:1: error: the header says charset=ISO-8859-1" in output, output
    assert tree(project / "locales")[CATALOG.removeprefix("locales/")] == before[CATALOG.removeprefix("locales/")]


def test_duplicate_catalog_entries_are_reported(project: Path) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\nmsgid "French Belote"\nmsgstr "Otra"\n', encoding="utf-8")
    line = len(text.splitlines()) + 2
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2
    assert any(x.startswith(f"{CATALOG}:{line}:") and "duplicate" in x for x in lines), lines


def test_a_compiled_template_that_does_not_read_back_is_compiled_again(project: Path) -> None:
    """A kept template whose label and digest hold but whose code does not read back (of another
    Python) is compiled again."""
    import pickle

    from jinja2.bccache import bc_magic

    from generator.cache import FORMAT

    first = run_build(project, None, strict=False)[0]
    assert first.code == 0
    compiled = sorted((project / ".cache/template").iterdir())
    assert compiled
    for path in compiled:  # the right label and digest, then bytes of a template's code that do not read back
        label = path.read_bytes().split(b"\n", 1)[0].split(b" ")
        payload = pickle.dumps(bc_magic + b"\x80\x04garbage")
        import hashlib

        label[2], label[4] = str(FORMAT).encode(), hashlib.sha256(payload).hexdigest().encode()
        path.write_bytes(b" ".join(label) + b"\n" + payload)
    result, lines = run_build(project, None, strict=False)
    assert result.code == 0 and result.files == first.files, lines


def test_a_long_previous_msgid_is_written_and_read_back_whole(tmp_path: Path) -> None:
    long = "In the trump game, if nobody has taken in the first round, " * 4
    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'#, fuzzy\n#| msgid "{long}"\nmsgid "New text"\nmsgstr "Nuevo"\n'
    ).encode()
    problems: list[Problem] = []
    catalog = parse_po(text, "x.po", problems)
    assert catalog is not None and not problems
    written = po_bytes(catalog)
    for line in written.decode().splitlines():
        assert not line.startswith("#|") or re.fullmatch(r'#\| (msgid )?".*"', line), line
    again = parse_po(written, "x.po", problems)
    assert again is not None and again.get("New text").previous_id == [long]
    assert b"# |" not in po_bytes(again) and po_bytes(again) == written
    assert subprocess.run(["msgfmt", "--check", "-o", "/dev/null", "-"], input=written).returncode == 0


CATALOG_CASES = sorted((ROOT / "tests/invalid/catalogs").glob("*.po"))
BABELS_WORDS = (  # what Babel's reader says, where the project's words are due
    "Unknown or misformatted keyword",
    "Got line starting with",
    "missing msgstr for msgid",
    "cannot parse po file",
    "expected only letters",
    "is not a valid locale identifier",
    "does not match format",
)


@pytest.mark.parametrize("case", CATALOG_CASES, ids=[case.name for case in CATALOG_CASES])
def test_each_broken_catalog_of_the_corpus_gives_exactly_its_problems(case: Path) -> None:
    """tests/invalid/catalogs/: each case states its problems as `# expect: LINE:COL: fragment` lines."""
    expected = [
        (int(line), int(column), fragment.decode("utf-8"))
        for line, column, fragment in re.findall(rb"^# expect: (\d+):(\d+): (.+)$", case.read_bytes(), re.M)
    ]
    assert expected, case.name
    problems: list[Problem] = []
    assert read_catalog(case, case.name, "es", problems) is None
    found = [str(problem) for problem in sorted(problems)]
    assert "Traceback" not in " ".join(found)
    assert not any(words in " ".join(found) for words in BABELS_WORDS), found  # the project's words, not Babel's
    for line, column, fragment in expected:
        prefix = f"{case.name}:{line}:{column}: error: "
        assert any(x.startswith(prefix) and fragment in x for x in found), (prefix, fragment, found)
    assert len(found) == len(expected), found


TEMPLATE_CASES = sorted((ROOT / "tests/invalid/templates").glob("*.html"))


@pytest.mark.parametrize("case", TEMPLATE_CASES, ids=[case.name for case in TEMPLATE_CASES])
def test_each_broken_template_of_the_corpus_gives_its_problem(project: Path, case: Path) -> None:
    """tests/invalid/templates/: each case states its problem as `{# expect: LINE:COL: fragment #}`."""
    from generator.project import compile_templates

    (line, column, fragment) = re.findall(rb"\{# expect: (\d+):(\d+): (.+?) #\}", case.read_bytes())[0]
    shutil.copy(case, project / "templates" / case.name)
    problems: list[Problem] = []
    compile_templates(project, problems)
    found = [str(problem) for problem in problems]
    where = f"templates/{case.name}:{int(line)}:{int(column)}: " if int(line) else f"templates/{case.name}: "
    assert len(found) == 1 and found[0].startswith(where + "error: ") and fragment.decode() in found[0], found


# Markdown rendered for where it goes -------------------------------------------------------------


def test_a_link_in_a_page_title_is_not_nested_in_the_navigation_link(project: Path) -> None:
    edit(
        project / "content/bidding.yaml",
        "title: Take, pass, coinche",
        "title: Take, [pass](https://x.example/), coinche",
    )
    result, lines = run_build(project, None, strict=False)
    assert result.code == 0, lines
    html = result.files["fr/allowed-cards.html"].decode()
    for anchor in re.findall(r"<a\b[^>]*>(.*?)</a>", html, re.S):
        assert "<a" not in anchor, anchor


@pytest.mark.parametrize("escape", ["\\0", "\\x07", "\\u0085", "\\e", "\\u202E", "&#x202E;", "&#8232;", "&#0;"])
def test_a_control_character_is_refused_however_it_is_written(project: Path, escape: str) -> None:
    edit(project / "content/bidding.yaml", "title: Take, pass, coinche", f'title: "Take,{escape} pass"')
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2, lines
    assert any(x.startswith("content/bidding.yaml:4:14: error: ") and "control character" in x for x in lines), lines


@pytest.mark.parametrize("written", ["\\a", "&#x202e;", "\x1b"])
def test_a_control_character_in_a_translation_is_refused(project: Path, written: str) -> None:
    edit(project / CATALOG, 'msgstr "La Belote francesa"', f'msgstr "La Belote{written} francesa"')
    result, lines = run_build(project, None, strict=False)
    assert result.code == 2 and any(CATALOG in x and "control character" in x for x in lines), lines


@pytest.mark.parametrize(
    "link", ["data:text/html;base64,PHNjcmlwdD4=", "data:image/png;base64,AAAA", "vbscript:x", "file:///etc/passwd"]
)
def test_only_http_https_mailto_and_relative_links_survive(project: Path, link: str) -> None:
    edit(project / CATALOG, 'msgstr "La Belote francesa"', f'msgstr "La [Belote]({link}) francesa"')
    edit(project / "content/bidding.yaml", "  - text: >-\n", "  - text: >-\n      [mail](mailto:a@b.c) [x](../y)\n")
    result, lines = run_build(project, None, strict=False)
    assert result.code == 0, lines
    html = result.files["es/bidding.html"].decode()
    # no link, source or action takes it (the site's name may still say it as text, in a tag's content too)
    assert not re.search(rf'(href|src|action)="{re.escape(link.split(":")[0])}:', html)
    assert link.split(":")[0] + ":" in html
    assert '<a href="mailto:a@b.c">mail</a> <a href="../y">x</a>' in result.files["fr/bidding.html"].decode()


# Positions in characters, 1-based ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, where",
    [
        ("- id: x\n  game: Козырь\x00\n", "2:15"),
        ("# 😀😀😀\n- id: x\n  game: a\x01b\n", "3:10"),
        ("- id: x\n\ufeff  game: trump\n", "2:1"),
    ],
    ids=["nul-after-cyrillic", "control-after-emoji", "bom-at-line-start"],
)
def test_a_bad_character_is_reported_at_its_character(tmp_path: Path, run_cli, text: str, where: str) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    code, output = run_cli("check", str(path))
    assert code == 2, output
    assert f"{path}:{where}: error: " in clean(output), output
    assert "did not find expected key" not in output


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("- " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
    code, output = run_cli("check", str(path))
    assert code == 2 and f"{path}:1:" in clean(output) and "nesting" in output, output


# Commands refuse empty names ---------------------------------------------------------------------


def test_i18n_add_refuses_an_empty_code(project: Path, run_cli) -> None:
    before = tree(project)
    code, output = run_cli("i18n", "add", "-C", str(project), "")
    assert code == 2 and "environment" not in clean(output) and "empty" in output, output
    assert tree(project) == before


# serve survives ----------------------------------------------------------------------------------


def test_serve_refuses_a_port_out_of_range_and_a_busy_one(project: Path) -> None:
    import socket

    run = subprocess.run(
        [sys.executable, "-m", "generator", "serve", "-C", str(project), "--port", "70000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr and "--port 70000" in run.stdout, run
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "generator", "serve", "-C", str(project), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert run.returncode == 2 and "Traceback" not in run.stderr + run.stdout, run
    assert f"port {port}: in use by another program" in run.stdout, run.stdout


# Catalogs fuzzed: never a traceback ----------------------------------------------------------------

CATALOG_TEXT = (ROOT / CATALOG).read_text(encoding="utf-8")[:5000].splitlines()
TOKENS = [
    'msgid ""',
    'msgstr ""',
    'msgid "Pass"',
    'msgstr "Paso"',
    'msgstr[7] "x"',
    "msgstr[" + "9" * 50 + '] "x"',
    'msgctxt "card"',
    '"Plural-Forms: nplurals=2; plural=(n>1)/(n-1);\\n"',
    '"Plural-Forms: nplurals=99; plural=n;\\n"',
    '"Content-Type: text/plain; charset=latin-1\\n"',
    '"Language: \\n"',
    '#| msgid "old',
    '#~ msgid "gone"',
    '"\\x07"',
    '"&#x202e;"',
    '"\x00"',
    '"%(num)s %"',
    '"\\',
    "#, fuzzy, python-format",
    "#: content/bidding.yaml:" + "9" * 5000,
    "",
]


@st.composite
def mutated_catalogs(draw: st.DrawFn) -> str:
    lines = list(CATALOG_TEXT)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(lines)))
        action = draw(st.sampled_from(["insert", "delete", "duplicate", "cut"]))
        if action == "insert":
            lines.insert(at, draw(st.sampled_from(TOKENS)))
        elif action == "delete" and lines:
            del lines[min(at, len(lines) - 1)]
        elif action == "duplicate" and lines:
            lines.insert(at, lines[min(at, len(lines) - 1)])
        elif lines:
            line = lines[min(at, len(lines) - 1)]
            lines[min(at, len(lines) - 1)] = line[: draw(st.integers(0, len(line)))]
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated_catalogs())
def test_fuzz_mutated_catalogs_never_crash(tmp_path: Path, text: str) -> None:
    path = tmp_path / "messages.po"
    path.write_text(text, encoding="utf-8")
    problems: list[Problem] = []
    catalog = read_catalog(path, "x.po", "es", problems)
    assert (catalog is None) == bool(problems), problems
    assert all(problem.path == "x.po" and problem.line >= 0 for problem in problems)
    parse_po(text.encode("utf-8"), "x.po", [])


# Nothing read from outside the project (issue 22) ------------------------------------------------


@pytest.mark.parametrize(
    "link",
    ["templates/assets/env.txt", "templates/page.html", "content/bidding.yaml", "content/site.yaml", CATALOG],
)
def test_a_link_out_of_the_project_is_refused_and_nothing_is_written(project: Path, tmp_path: Path, link: str) -> None:
    """A link in templates/assets/ to /proc/self/environ published the build's environment."""
    if link.endswith("env.txt"):
        target = Path("/proc/self/environ")
    else:
        target = tmp_path / "elsewhere" / Path(link).name  # the same bytes, outside the project
        target.parent.mkdir()
        shutil.copy(project / link, target)
        (project / link).unlink()
    (project / link).symlink_to(target)
    out = tmp_path / "site"
    result, lines = run_build(project, out, strict=False)
    assert result.code == 2, lines
    assert any(x.startswith(f"{link}: error: links outside the project: ") for x in lines), lines
    assert not out.exists()


def test_a_link_inside_the_project_to_inside_it_is_read(project: Path, tmp_path: Path) -> None:
    (project / "templates/assets/same.css").symlink_to("site.css")
    (project / "content/pages").mkdir()
    (project / "content/bidding.yaml").rename(project / "content/pages/bidding.yaml")
    (project / "content/bidding.yaml").symlink_to("pages/bidding.yaml")
    result, lines = run_build(project, tmp_path / "site", strict=False)
    assert result.code == 0, lines
    assert (tmp_path / "site/assets/same.css").read_bytes() == (project / "templates/assets/site.css").read_bytes()


def test_the_command_line_refuses_a_link_out_of_the_project(project: Path, tmp_path: Path, run_cli) -> None:
    (project / "templates/assets/env.txt").symlink_to("/proc/self/environ")
    code, output = run_cli("build", "-C", str(project), "--out", str(tmp_path / "site"))
    assert code == 2 and "templates/assets/env.txt: error: links outside the project: /proc/" in clean(output), output
    assert "nothing written" in output and not (tmp_path / "site").exists()


def test_every_reader_is_confined_to_the_project(project: Path, tmp_path: Path) -> None:
    from generator.files import FileError, confined, file_digest, read_input

    outside = tmp_path / "secret.txt"
    outside.write_text("secret", encoding="utf-8")
    (project / "content/secret.txt").symlink_to(outside)
    with confined(project):
        with pytest.raises(FileError, match=f"links outside the project: {re.escape(str(outside))}"):
            read_input(project / "content/secret.txt", "content/secret.txt")
        with pytest.raises(FileError, match=f"links outside the project: {re.escape(str(outside))}"):
            file_digest(project / "content/secret.txt")
        assert read_input(project / "content/site.yaml")  # inside: read
    assert read_input(project / "content/secret.txt") == b"secret"  # no project confines a plain read


def test_a_build_record_linked_from_outside_is_not_trusted(project: Path, tmp_path: Path) -> None:
    """The records in .cache say which files of the previous site to reuse: one from elsewhere is not read."""
    out = tmp_path / "site"
    assert run_build(project, out)[0].code == 0
    records = project / ".cache/builds"
    (record,) = records.iterdir()
    moved = tmp_path / "record"
    record.rename(moved)
    record.symlink_to(moved)
    result, lines = run_build(project, out)
    assert result.code == 0 and "nothing changed" not in lines[-1], lines


def test_a_cache_linked_out_of_the_project_is_neither_read_nor_written(project: Path, tmp_path: Path) -> None:
    """The build cache's writes go through the one writer: a ``.cache`` that is a link to a folder
    elsewhere gets no folder and no file, and the build says the cache could not be written; the
    site is built all the same, and git ignores the link as it ignores the folder."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / ".cache").symlink_to(elsewhere)
    result, lines = run_build(project, tmp_path / "site")
    assert (
        result.code == 0
        and lines[0] == "note: the build cache (.cache/) could not be written: the next build is slower"
    )
    assert not any(elsewhere.iterdir())
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "-q", ".cache"], cwd=ROOT)
    assert ignored.returncode == 0  # the pattern matches a link named .cache, not only a folder


def test_the_build_records_are_pruned(project: Path, tmp_path: Path) -> None:
    """A record per folder ever built into would pile up: only the last ones are kept."""
    from generator import records

    for number in range(records.KEPT + 3):
        records.save(project / ".cache", tmp_path / f"site-{number}", records.BuildRecord("code", {}, 0, 0, 0, []))
        time.sleep(0.01)  # written one after the other
    kept = list((project / ".cache/builds").glob("*.record"))
    assert len(kept) == records.KEPT
    assert records.record_path(project / ".cache", tmp_path / f"site-{records.KEPT + 2}") in kept
    assert records.record_path(project / ".cache", tmp_path / "site-0") not in kept


# Every entry point: its errors, signals, all-or-none writes (issue 22) ----------------------------


def images(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator.images", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


def test_images_has_help_and_refuses_a_missing_folder(tmp_path: Path) -> None:
    helped = images("--help")
    assert helped.returncode == 0 and "FOLDER" in helped.stdout, helped.stderr
    missing = images(str(tmp_path / "nowhere"))
    assert missing.returncode == 2, missing
    assert f"{tmp_path / 'nowhere'}: error: no such folder" in clean(missing.stdout + missing.stderr)


def test_images_writes_all_or_none(tmp_path: Path) -> None:
    folder = tmp_path / "assets"
    folder.mkdir()
    (folder / "share.png").write_bytes(b"old")
    os.link(folder / "share.png", tmp_path / "another-name.png")
    refused = images(str(folder))
    assert refused.returncode == 2, refused
    assert f"{folder / 'share.png'}: error: the file has 2 hard links" in clean(refused.stdout + refused.stderr)
    assert sorted(p.name for p in folder.iterdir()) == ["share.png"] and (folder / "share.png").read_bytes() == b"old"
    (tmp_path / "another-name.png").unlink()
    written = images(str(folder))
    assert written.returncode == 0, written
    assert sorted(p.name for p in folder.iterdir()) == ["apple-touch-icon.png", "favicon-32.png", "share.png"]


@pytest.mark.parametrize(("sent", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_command_stopped_by_a_signal_exits_cleanly(
    project: Path, tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch, sent: int, code: int
) -> None:
    import generator.pipeline

    def stopped(root: Path, *rest: object, **options: object) -> None:
        signal.raise_signal(sent)

    monkeypatch.setattr(generator.pipeline, "load_project", stopped)
    got, output = run_cli("build", "-C", str(project), "--out", str(tmp_path / "site"))
    assert got == code and "error: " in clean(output) and "stopped" in output, output
    assert not (tmp_path / "site").exists() and not list(tmp_path.glob(".site.*"))
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # put back once the command is done


def test_i18n_add_refuses_a_locale_folder_linked_out_of_the_project(project: Path, tmp_path: Path, run_cli) -> None:
    elsewhere = tmp_path / "translations-de"
    elsewhere.mkdir()
    (project / "locales/de").symlink_to(elsewhere)
    before = tree(project)
    code, output = run_cli("i18n", "add", "-C", str(project), "de")
    assert code == 2, output
    assert f"locales/de: error: links outside the project: {elsewhere}" in clean(output) and "nothing written" in output
    assert tree(project) == before and not any(elsewhere.iterdir())


def test_a_write_through_a_link_out_of_the_project_is_refused(project: Path, tmp_path: Path) -> None:
    from generator.files import FileError, confined, write_files

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / "out").symlink_to(elsewhere)
    with confined(project), pytest.raises(FileError, match="links outside the project"):
        write_files({project / "content/new.yaml": b"a", project / "out/x.yaml": b"b"})
    assert not (project / "content/new.yaml").exists() and not any(elsewhere.iterdir())
    with confined(project):
        write_files({tmp_path / "report.md": b"named outside the project: written"})
    assert (tmp_path / "report.md").read_bytes().startswith(b"named")


def test_a_worker_a_command_forks_leaves_stopping_to_the_command() -> None:
    """Ctrl+C reaches every process of the command: a forked renderer printed a traceback. It now
    ignores Ctrl+C and ends quietly on the SIGTERM its command sends it on the way out."""
    from generator.__main__ import stoppable

    def forks() -> int:
        pid = os.fork()
        if pid == 0:
            handlers = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM))
            os._exit(0 if handlers == (signal.SIG_IGN, signal.SIG_DFL) else 1)
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])

    assert stoppable(forks) == 0
    assert forks() == 1  # a process forked outside a command keeps its handlers
