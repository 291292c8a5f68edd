"""The search index (generator/search.py): Pagefind, the binary pinned in constraints.txt, handed
the finished pages of each locale in the order of their paths, writes one index per locale; the
index is a function of the pages' bytes (another order of writing them, on tmpfs, an incremental
build: the same bytes), holds what a player searches for and not the examples' card faces,
verdicts or the practice answers, and is part of the site's record. The indexer is bounded like
any input: hung, flooding its output, stopping or refusing, it is killed and the error says
whether Pagefind is missing or broken (run ./setup) or failed on these pages (naming the largest);
a translation far longer than its source is refused at its catalog line before anything is
indexed; the previous site stays as it was."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import pagefind, search
from generator.files import FileError
from generator.i18n.catalogs import read_catalog
from generator.records import FileRecord

from .conftest import ROOT
from .site_helpers import ALL_PAGES, LOCALES, copy_project, run_build, tree


def index_site(site: Path) -> dict[str, FileRecord]:
    """Index the pages of the finished ``site`` into ``site/pagefind/``, as a build does at its end."""
    site_index = search.SiteIndex(site)
    try:
        return site_index.finish()
    finally:
        site_index.stop()


def fragments(bundle: Path) -> dict[str, dict]:
    """Each indexed page's fragment (its URL, the text indexed, its anchors) by URL."""
    found = {}
    for path in (bundle / "fragment").iterdir():
        data = gzip.decompress(path.read_bytes())
        assert data.startswith(b"pagefind_dcd")
        fragment = json.loads(data[len(b"pagefind_dcd") :])
        found[fragment["url"]] = fragment
    return found


@contextlib.contextmanager
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A new folder on tmpfs (/dev/shm), where a folder lists its files newest first, not in the
    order of their names (ext4 happens to list them sorted); under ``tmp_path`` without one."""
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() and os.access(shm, os.W_OK) else tmp_path / "tmpfs"
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_the_indexer_is_the_pagefind_pinned_in_constraints() -> None:
    pinned = {
        name.lower(): version
        for name, _, version in (line.partition("==") for line in (ROOT / "constraints.txt").read_text().splitlines())
    }
    assert pagefind.indexer_version() == pinned[pagefind.PACKAGE] != ""
    command = pagefind.indexer()
    assert command is not None, "run ./setup"
    run = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["pagefind", pinned[pagefind.PACKAGE]]


def test_one_index_per_locale_of_its_pages_and_only_what_the_box_uses(built_site: Path) -> None:
    bundle = built_site / search.BUNDLE
    entry = json.loads((bundle / "pagefind-entry.json").read_bytes())
    assert list(entry["languages"]) == sorted(LOCALES)  # the chooser and 404.html (lang mul) left out; sorted
    assert {language["page_count"] for language in entry["languages"].values()} == {
        2 + len(ALL_PAGES)
    }  # the home, the pages and practice
    names = {path.relative_to(bundle).as_posix() for path in bundle.rglob("*") if path.is_file()}
    assert {"pagefind.js", "pagefind-worker.js", "pagefind-entry.json"} <= names
    assert all(search.KEPT.fullmatch(name) for name in names)
    assert not any("-ui." in name or "highlight" in name for name in names)  # Pagefind's own interfaces


def test_the_index_is_a_function_of_the_pages_bytes(built_site: Path, tmp_path: Path) -> None:
    """The same pages written again on tmpfs, where a folder lists its files newest first (not in
    the order of their paths, as Pagefind's own walk of a folder would take them), give the same
    bundle as the build's, to the byte."""
    with tmpfs(tmp_path) as folder:
        pages = sorted(path.relative_to(built_site) for path in built_site.rglob("*.html"))
        for name in pages:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes((built_site / name).read_bytes())
        listed = [path.name for path in (folder / "es").iterdir()]
        assert listed != sorted(listed) or not folder.is_relative_to("/dev/shm")  # not the order of the paths
        index_site(folder)
        assert tree(folder / search.BUNDLE) == tree(built_site / search.BUNDLE)


@pytest.mark.slow
def test_an_incremental_build_on_tmpfs_gives_the_index_of_a_clean_one(tmp_path: Path) -> None:
    with tmpfs(tmp_path) as folder:
        project = copy_project(folder / "project")
        out = project / "site"
        assert run_build(project, out)[0].code == 0
        scoring = project / "content" / "scoring.yaml"
        text = scoring.read_text(encoding="utf-8")
        scoring.write_text(text.replace("title: Scoring", "title: Scoring Zanzibarword", 1), encoding="utf-8")
        assert run_build(project, out, strict=False)[0].code == 0
        scoring.write_text(text, encoding="utf-8")
        assert run_build(project, out)[0].code == 0  # some pages rendered, the others kept
        clean = copy_project(folder / "clean")
        assert run_build(clean, clean / "site")[0].code == 0
        assert tree(out) == tree(clean / "site")


def test_a_player_s_words_are_indexed_not_the_examples_cards_verdicts_or_answers(built_site: Path) -> None:
    found = fragments(built_site / search.BUNDLE)
    allowed = found["/es/allowed-cards.html"]
    assert "Cartas permitidas" not in allowed["content"]  # an example's verdict
    assert "Mano de Este" not in allowed["content"]  # a hand's label
    assert "solo su 9 de triunfo gana al 8" in allowed["content"]  # an example's explanation
    assert "sobrefallar" in allowed["content"].lower()
    assert {"in-brief", "why", "trumping"} <= {anchor["id"] for anchor in allowed["anchors"]}
    for locale in LOCALES:
        practice = found[f"/{locale}/practice.html"]
        assert practice["word_count"] < 150, practice["content"]  # its introduction, not its questions
    scoring = found["/es/scoring.html"]
    assert "J 20. A 11." not in scoring["content"]  # the table of points


def test_what_is_not_searched_is_cut_out_before_pagefind_as_pagefind_would_leave_it_out(
    built_site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pagefind handed the pages less their NOT_SEARCHED elements (searched()) makes the same bundle,
    to the byte, as Pagefind left to leave them out itself (its exclude_selectors), with far less to read."""
    pages = {folder: search.folder_pages(built_site, folder) for folder in search.folders(built_site)}
    texts = [page.data.decode() for group in pages.values() for page in group]
    assert sum(len(search.searched(text)) for text in texts) < sum(map(len, texts)) / 3
    cut = index(pages)
    monkeypatch.setattr(search, "searched", lambda page: page)
    assert index(pages) == cut


@pytest.mark.parametrize(
    ("page", "kept"),
    [
        (
            '<main><p>a</p><div class="felt x"><div>b</div><div>c</div></div><p>d</p></main>',
            "<main><p>a</p><p>d</p></main>",
        ),
        ('<nav><ol><li>a</li></ol></nav><ul class="hand-cards"><li>b</li></ul>x', "x"),
        ('<p class="handy">a</p><p class="why">b</p>', '<p class="handy">a</p><p class="why">b</p>'),  # whole classes
        ('<div class="felt"><div>unclosed</div>', '<div class="felt"><div>unclosed</div>'),  # left to Pagefind
        ('<ol class="questions"><li><ol class="calls"><li>1</li></ol></li></ol>ok', "ok"),  # nested, one cut
        (
            '<section class="drill calls"><h2>a</h2><ol class="calls"><li>1</li></ol></section>',
            '<section class="drill calls"><h2>a</h2></section>',
        ),  # ol.calls only
    ],
)
def test_an_element_not_searched_is_cut_from_its_start_to_its_end(page: str, kept: str) -> None:
    assert search.searched(page) == kept


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
    assert any("Zanzibarword" in fragment["content"] for fragment in fragments(out / search.BUNDLE).values())


# The indexer bounded: fakes of Pagefind's service, each misbehaving one way.

FAKE = """\
import base64, json, os, signal, sys, time
print(os.getpid(), file=open(sys.argv[0] + ".pid", "a"))
def answer(number, payload):
    sys.stdout.buffer.write(base64.b64encode(json.dumps({"message_id": number, "payload": payload}).encode()) + b",")
    sys.stdout.buffer.flush()
waiting = b""
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        sys.exit(0)
    waiting += chunk
    while b"," in waiting:
        raw, _, waiting = waiting.partition(b",")
        message = json.loads(base64.b64decode(raw))
        number, kind = message["message_id"], message["payload"]["type"]
        if kind == "NewIndex":
            answer(number, {"type": "NewIndex", "index_id": 0})
        elif kind == "AddFile":
            BEHAVIOUR
        else:
            answer(number, {"type": "GetFiles", "files": []})
"""


def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> Path:
    """A Pagefind that runs ``script`` (Python), made the indexer; its path."""
    path = tmp_path / "fake-pagefind"
    path.write_text(f"#!{sys.executable}\n{script}", encoding="utf-8")
    path.chmod(0o755)
    monkeypatch.setattr(pagefind, "indexer", lambda: str(path))
    return path


def on_a_page(behaviour: str) -> str:
    return FAKE.replace("BEHAVIOUR", behaviour)


def gone(binary: Path) -> bool:
    """Whether every fake Pagefind that ran as ``binary`` has ended (killed and waited for): each
    adds its pid to the file as a line of its own (the locales' Pagefinds may run at once)."""
    pids = [int(line) for line in binary.with_name(binary.name + ".pid").read_text().splitlines()]
    assert pids
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        return False
    return True


PAGES = {
    "es": [search.Page("es/a.html", b'<html lang="es"><main><p>sobrefallar</p></main></html>')],
    "fr": [search.Page("fr/a.html", b'<html lang="fr"><main><p>surcouper ' + b"x" * 5000 + b"</p></main></html>")],
}


def build_index(pages: dict[str, list[search.Page]], progress: search.Progress) -> dict[str, bytes]:
    """The bundle's files (path in the bundle → bytes) of an index of ``pages``, as a build makes
    it of a site's folders (:class:`generator.search.SiteIndex`): each locale's by a Pagefind of its
    own, handed its pages less what is not searched, in their order. Broken or Failed."""
    indexing = pagefind.Indexing(search.CONFIG)
    try:
        for locale, group in pages.items():
            documents = [search._document(page.path, lambda data=page.data: data) for page in group]
            search._hand(indexing, locale, documents, sum(len(page.data) for page in group))
        return search._bundle(indexing, sum(map(len, pages.values())), progress)
    finally:
        indexing.stop()


def index(pages: dict[str, list[search.Page]] | None = None) -> dict[str, bytes]:
    return build_index(PAGES if pages is None else pages, lambda _: None)


def test_indexing_says_how_far_it_is() -> None:
    """On a terminal, the build's progress line says it (``build``'s Progress shows one line, rewritten)."""
    said: list[str] = []
    files = build_index(PAGES, said.append)
    assert said[-1] == "indexing for search: 2 of 2 pages" and set(said) <= {
        f"indexing for search: {n} of 2 pages" for n in range(3)
    }
    assert sorted(json.loads(files["pagefind-entry.json"])["languages"]) == ["es", "fr"]


def test_the_fakes_speak_pagefind_s_protocol(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    binary = fake(tmp_path, monkeypatch, on_a_page('answer(number, {"type": "IndexedFile"})'))
    assert index() == {}
    assert gone(binary)


def test_a_hung_indexer_is_killed_at_its_time_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    binary = fake(
        tmp_path,
        monkeypatch,
        'import os, sys, time\nprint(os.getpid(), file=open(sys.argv[0] + ".pid", "a"))\ntime.sleep(60)\n',
    )
    monkeypatch.setattr(search, "SECONDS", 1.0)
    started = time.monotonic()
    with pytest.raises(pagefind.Broken, match=r"^it did not answer in 1 s$"):
        index()
    assert time.monotonic() - started < 10 and gone(binary)


@pytest.mark.slow
def test_an_indexer_slow_on_the_pages_failed_on_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    binary = fake(tmp_path, monkeypatch, on_a_page("time.sleep(60)"))
    monkeypatch.setattr(search, "SECONDS", 5.0)  # time for the fake to start, on a busy machine too
    monkeypatch.setattr(search, "SECONDS_PER_MB", 0.0)
    with pytest.raises(pagefind.Failed, match=r"^(es|fr) took over 5 s, the limit for documents of this size$"):
        index()
    assert gone(binary)


def test_an_indexer_that_floods_its_output_is_read_up_to_a_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    binary = fake(
        tmp_path,
        monkeypatch,
        'import os, sys\nprint(os.getpid(), file=open(sys.argv[0] + ".pid", "a"))\n'
        'while True:\n    sys.stdout.buffer.write(b"y" * 65536)\n',
    )
    with pytest.raises(
        pagefind.Broken, match=r"^it wrote over 1024 KiB that is not an answer \(Pagefind answers in base64\)$"
    ):
        index()
    assert gone(binary)


def test_what_the_indexer_says_on_its_error_stream_is_kept_up_to_a_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """10 MB on its error stream, then the real Pagefind: the index is made, what it said is not all kept."""
    real = pagefind.indexer()
    assert real is not None
    fake(
        tmp_path,
        monkeypatch,
        f'import os, sys\nprint(os.getpid(), file=open(sys.argv[0] + ".pid", "a"))\n'
        f'for _ in range(160):\n    sys.stderr.buffer.write(b"noise " * 10923)\n'
        f"os.execv({real!r}, [{real!r}, *sys.argv[1:]])\n",
    )
    files = index()
    assert json.loads(files["pagefind-entry.json"])["languages"].keys() == {"es", "fr"}


def test_an_indexer_that_stops_at_once_is_broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake(tmp_path, monkeypatch, 'import sys\nprint("Error: the sky fell", file=sys.stderr)\nsys.exit(3)\n')
    with pytest.raises(pagefind.Broken, match=r"^it stopped \(exit 3\): Error: the sky fell$"):
        index()


def test_an_indexer_that_answers_nonsense_is_broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake(
        tmp_path,
        monkeypatch,
        'import sys, time\nsys.stdout.write("hello, world,")\nsys.stdout.flush()\ntime.sleep(60)\n',
    )
    with pytest.raises(pagefind.Broken, match=r"^its answer is not of its protocol: b'hello'$"):
        index()


def test_an_indexer_that_refuses_a_page_failed_on_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake(tmp_path, monkeypatch, on_a_page('answer(number, {"type": "Error", "message": "no <html>"})'))
    with pytest.raises(pagefind.Failed, match=r"^it refused (es|fr)/a\.html: no <html>$"):
        index()


def test_an_indexer_killed_on_the_pages_names_the_largest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the kernel kills a process out of memory: the error names the largest page and what made
    it large, and every Pagefind started is gone."""
    binary = fake(tmp_path, monkeypatch, on_a_page("os.kill(os.getpid(), signal.SIGKILL)"))
    site = tmp_path / "site"
    for group in PAGES.values():
        for page in group:
            (site / page.path).parent.mkdir(parents=True, exist_ok=True)
            (site / page.path).write_bytes(page.data)
    with pytest.raises(FileError) as raised:
        index_site(site)
    assert raised.value.message.startswith("Pagefind failed on these pages: while indexing ")
    assert "it was killed (SIGKILL, out of memory?); the largest page is fr/a.html (5 KB, 3 elements; " in (
        raised.value.message
    )
    assert raised.value.message.endswith(
        "its longest text is 5,010 characters: 'surcouper xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...')"
    )
    assert gone(binary) and not (site / search.BUNDLE).exists()


def test_without_pagefind_the_build_says_to_run_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "es" / "index.html"
    page.parent.mkdir()
    page.write_text('<html lang="es"><body><main data-pagefind-body><h1>Reglas</h1></main></body></html>')
    monkeypatch.setattr(pagefind, "indexer", lambda: None)
    with pytest.raises(FileError) as raised:
        index_site(tmp_path)
    assert str(raised.value) == (
        "pagefind: error: Pagefind, the search indexer, is missing or broken: the package pagefind_bin is not "
        "installed: run ./setup, which reinstalls it (pagefind_bin from PyPI, pinned in constraints.txt)"
    )


@pytest.mark.slow
def test_a_failing_indexer_is_an_error_and_keeps_the_previous_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = copy_project(tmp_path / "project")
    out = project / "site"
    assert run_build(project, out)[0].code == 0
    kept = tree(out)
    (project / "content" / "scoring.yaml").write_bytes((project / "content" / "scoring.yaml").read_bytes() + b"\n")
    monkeypatch.setattr(pagefind, "indexer", lambda: shutil.which("false"))
    result, lines = run_build(project, out)
    assert result.code == 2 and lines[0] == (
        "pagefind: error: Pagefind, the search indexer, is missing or broken: it stopped (exit 1): "
        "run ./setup, which reinstalls it (pagefind_bin from PyPI, pinned in constraints.txt)"
    ), lines
    assert tree(out) == kept


def test_a_translation_far_longer_than_its_source_is_refused_at_its_line(tmp_path: Path) -> None:
    """Such as a seat's name of 300,000 characters, which would make every page huge (and Pagefind
    run out of memory): the catalog is refused where it is read, before anything is rendered."""
    catalog = tmp_path / "messages.po"
    catalog.write_text(
        textwrap.dedent(
            """\
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"

            msgctxt "seat"
            msgid "South"
            msgstr "Sur"

            msgctxt "seat"
            msgid "North"
            msgstr "NORTH"
            """
        ).replace('msgstr "NORTH"', f'msgstr "{"Norte" * 60_000}"'),
        encoding="utf-8",
    )
    problems: list = []
    assert read_catalog(catalog, "locales/es/LC_MESSAGES/messages.po", "es", problems) is None
    assert [str(problem) for problem in problems] == [
        "locales/es/LC_MESSAGES/messages.po:10:1: error: translation of 'North': 300,000 characters, far longer "
        "than its source (5): at most 10 times the source and 500 characters more; shorten it (was something "
        "pasted by mistake?)"
    ]


def test_pagefinds_share_the_processors_while_their_pages_are_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """The five locales of a site of 200 pages each are indexed at once (two at a time left the last
    one alone on one core); a larger site's one per processor, its memory bounded."""
    monkeypatch.setattr(pagefind, "cpu_count", lambda: 2)

    def run(size: int) -> pagefind._Run:
        return pagefind._Run("es", [], {}, 0, 1.0, size)

    small, large = run(pagefind.TOGETHER // 5), run(pagefind.TOGETHER // 2 + 1)
    assert pagefind._room([small] * 4, small)
    assert not pagefind._room([small] * 5, small)
    assert pagefind._room([], large) and pagefind._room([large], large)
    assert not pagefind._room([large, large], small)
