"""Fault injection: every command killed at each of its writes, failing at each of them (a full
disk, an I/O error, an immutable file), on a real full disk (a small tmpfs, as root), and with
unreadable inputs. After each fault: no traceback, every file is its old or its new content
(never cut short, never empty), a failed run changed nothing, and the next run ends as a run
without the fault would have (what the killed run left beside its files removed).

How: tests/faults.py counts the write points of generator/files.py, the one writer; a command
run in a forked child is ended at write point n with ``os._exit`` (as ``kill -9``: nothing after
it runs), for n = 1, 2, ... until the command ends first. The same counting raises an OSError at
point n in-process. Real kernel faults: strace's syscall injection, and a tmpfs filled up.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import ROOT
from .faults import KILLED, Faults, injected, run_killed
from .site_helpers import copy_project

State = dict[str, bytes]
DATES = re.compile(rb'^"(?:POT-Creation|PO-Revision)-Date: .*$', re.MULTILINE)

pytestmark = pytest.mark.slow


def state(folder: Path) -> State:
    """Every file under ``folder`` (the build cache aside), dates in catalogs headers blanked."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and ".cache" not in relative.parts:
            found[relative.as_posix()] = DATES.sub(b"", path.read_bytes())
    return found


def leftovers(found: State) -> list[str]:
    """What a killed run left: the files it was writing, or in a folder it was writing."""
    return [name for name in found if any(part.endswith(".part") for part in name.split("/"))]


def without_leftovers(found: State) -> State:
    return {name: data for name, data in found.items() if name not in leftovers(found)}


def change_content(project: Path) -> None:
    """Edit the English of a page, so that a build, extract and update all have something to write."""
    page = project / "content/bidding.yaml"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("title: Taking in the first round", "title: Taking in round one", 1), encoding="utf-8")


def fixable(folder: Path) -> list[Path]:
    """Two example files whose `expect` check --fix corrects."""
    paths = []
    for name, old, new in (
        ("rules-play.yaml", "allowed: [JH, 7S, AD, 10C]", "allowed: [JH, 7S]"),
        ("rules-auction.yaml", "result: {taker: S, trump: H}", "result: {taker: N, trump: H}"),
    ):
        source = (ROOT / "tests/examples" / name).read_text(encoding="utf-8")
        assert old in source
        (folder / name).write_text(source.replace(old, new, 1), encoding="utf-8")
        paths.append(folder / name)
    return paths


Setup = Callable[[Path], list[str]]


def setup_build(project: Path) -> list[str]:
    from .site_helpers import run_build

    assert run_build(project, project / "site", strict=False)[0].code == 0  # the old site
    change_content(project)
    return ["build", "-C", str(project)]


def setup_update(project: Path) -> list[str]:
    from generator.__main__ import main

    change_content(project)
    assert main(["i18n", "extract", "-C", str(project)]) == 0
    return ["i18n", "update", "-C", str(project)]


def setup_extract(project: Path) -> list[str]:
    change_content(project)
    return ["i18n", "extract", "-C", str(project)]


def setup_add(project: Path) -> list[str]:
    return ["i18n", "add", "-C", str(project), "de"]


def setup_add_stale(project: Path) -> list[str]:
    """`add` when the template is behind the content: it writes the template, the new catalog and
    the site's configuration, all or none."""
    change_content(project)
    return setup_add(project)


def setup_fix(project: Path) -> list[str]:
    (project / "examples").mkdir()
    return ["check", "--fix", *map(str, fixable(project / "examples"))]


SETUPS: dict[str, Setup] = {
    "build": setup_build,
    "build-two-renames": setup_build,  # as where the system has no atomic exchange of two paths
    "i18n-update": setup_update,
    "i18n-extract": setup_extract,
    "i18n-add": setup_add,
    "i18n-add-stale": setup_add_stale,
    "check-fix": setup_fix,
}


def prepared(tmp_path: Path, name: str, setup: Setup) -> tuple[Path, list[str]]:
    project = copy_project(tmp_path / name)
    return project, setup(project)


def representative(log: list[str]) -> list[int]:
    """The write points (from 1) to fault: every one, except that of the many alike (each file of
    the site being staged, each compiled template cached) only the first and the last are kept."""
    first: dict[tuple[str, str], int] = {}
    last: dict[tuple[str, str], int] = {}
    for at, entry in enumerate(log, 1):
        operation, _, path = entry.partition(" ")
        kind = "site" if ".site.new-" in path else "cache" if "/.cache/" in path else re.sub(r"\d+-\w+\.", "", path)
        first.setdefault((operation, kind), at)
        last[(operation, kind)] = at
    return sorted(set(first.values()) | set(last.values()))


def outcome(tmp_path: Path, command: str) -> tuple[State, State, list[int]]:
    """The state before the command, after it (run without faults) and the write points to fault."""
    project, argv = prepared(tmp_path, "clean", SETUPS[command])
    before = state(project)
    from generator.__main__ import main

    with injected(Faults(exchange=command != "build-two-renames")) as counted:
        assert main(argv) == 0
    after = state(project)
    assert before != after and not leftovers(after)
    return before, after, representative(counted.log)


def assert_old_or_new(found: State, before: State, after: State) -> None:
    for name in sorted(set(found) | set(before) | set(after)):
        if name in leftovers(found):
            continue
        assert found.get(name) in (before.get(name), after.get(name)), f"{name} is neither its old nor its new self"


@pytest.mark.parametrize("command", sorted(SETUPS))
def test_a_command_killed_at_any_of_its_writes_loses_nothing(tmp_path: Path, command: str) -> None:
    before, after, points = outcome(tmp_path, command)
    assert len(points) > 2
    for at in points:
        project, argv = prepared(tmp_path, f"kill-{at}", SETUPS[command])
        log = tmp_path / f"kill-{at}.log"
        code = run_killed(argv, at, log, exchange=command != "build-two-renames")
        assert code == KILLED, (at, code, log.read_text())
        assert "Traceback" not in log.read_text()
        found = state(project)
        if command == "build-two-renames" and "site/index.html" not in found:  # killed between the renames
            aside = {n.split("/", 1)[1] for n in found if re.match(r"\.site\.old-\d+-\w+\.part/index\.html", n)}
            assert aside, "no site at all, not even aside"
            found = {re.sub(r"\A\.site\.old-\d+-\w+\.part/", "site/", name): data for name, data in found.items()}
        assert_old_or_new(found, before, after)
        if command.startswith("i18n-add") and b"de: draft" in found["content/site.yaml"]:
            assert "locales/de/LC_MESSAGES/messages.po" in found  # registered only once its catalog is there
        if command == "build":
            assert "site/index.html" in found, "no site at all"
        from generator.__main__ import main

        if without_leftovers(found) == after:
            continue  # killed while removing its temporary files: done (and a second `add` would be refused)
        assert main(argv) == 0, at  # the next run, without the fault
        again = state(project)
        assert without_leftovers(again) == after
        if command.startswith("build"):
            assert not [p for p in project.iterdir() if p.name.startswith(".site.")], at
        shutil.rmtree(project)


STOPPED = [("build", signal.SIGTERM, False), ("i18n-add", signal.SIGTERM, False)]
STOPPED += [("i18n-update", signal.SIGINT, False), ("check-fix", signal.SIGINT, False)]
STOPPED += [("i18n-update", signal.SIGINT, True), ("check-fix", signal.SIGTERM, True)]  # a thread beside


@pytest.mark.parametrize(
    "command, sent, thread",
    STOPPED,
    ids=[f"{c}-{signal.Signals(s).name}{'-beside-a-thread' if t else ''}" for c, s, t in STOPPED],
)
def test_a_command_stopped_by_a_signal_at_any_of_its_writes_changes_nothing_or_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, sent: int, thread: bool
) -> None:
    """Ctrl+C or SIGTERM at each write point: exit 130 or 143 with one line, no traceback, and the
    run's files all as before or all as after (a stopped run undoes its renames), nothing left; also
    when another thread runs (as Pagefind's, or serve's), to which the kernel then gives the signal
    that the writing thread holds back."""
    before, after, points = outcome(tmp_path, command)
    from generator.__main__ import main

    waiting = threading.Event()
    if thread:  # waits, its signals not held back, until the last write point is tried
        threading.Thread(target=waiting.wait, daemon=True).start()
    try:
        for at in points:
            project, argv = prepared(tmp_path, f"stop-{at}", SETUPS[command])
            capsys.readouterr()
            with injected(Faults(at=at, signal=sent)):
                code = main(argv)
            output = capsys.readouterr()
            assert code == 128 + sent, (at, code, output)
            assert "Traceback" not in output.out + output.err and "the command stopped" in output.err, output
            found = state(project)
            assert found in (before, after), (at, [n for n in found if found.get(n) != before.get(n)])
            assert not [p for p in project.iterdir() if p.name.startswith(".site.")], at
            shutil.rmtree(project)
    finally:
        waiting.set()


FAILURES = [(command, errno.ENOSPC) for command in sorted(SETUPS)] + [
    ("check-fix", errno.EIO),
    ("check-fix", errno.EPERM),  # an immutable file, or one its owner alone may replace
    ("i18n-add", errno.EIO),
]


@pytest.mark.parametrize("command, error", FAILURES, ids=[f"{c}-{errno.errorcode[e]}" for c, e in FAILURES])
def test_a_write_that_fails_changes_nothing_and_says_why(
    tmp_path: Path, command: str, error: int, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after, points = outcome(tmp_path, command)
    capsys.readouterr()
    from generator.__main__ import main

    for at in points:
        project, argv = prepared(tmp_path, f"fail-{at}", SETUPS[command])
        start = state(project)
        with injected(Faults(at=at, error=error, exchange=command != "build-two-renames")) as faults:
            code = main(argv)
        output = capsys.readouterr().out
        point = faults.log[at - 1]
        if code == 0:  # what a run may do without: a cache, the link to undo it, a temporary file, a folder's fsync
            optional = point.startswith(("link ", "unlink ")) or "/.cache/" in point
            assert optional or (point.startswith("fsync ") and point.endswith("/")), (at, point, output)
            assert without_leftovers(state(project)) == after
            continue
        assert code == 2, (at, output)
        assert "Traceback" not in output and re.search(r"(^|\n)\S+: error: ", output), (at, output)
        hint = {errno.ENOSPC: "no space left", errno.EIO: "input/output error", errno.EPERM: "not permitted"}
        assert hint[error] in output, (at, output)
        found = state(project)
        assert found == start, (at, output)  # nothing changed, no temporary file left
        shutil.rmtree(project)
    assert before


UNREADABLE = {
    "page": ("content/bidding.yaml", ["build"]),
    "site": ("content/site.yaml", ["build"]),
    "catalog": ("locales/es/LC_MESSAGES/messages.po", ["build"]),
    "template": ("templates/page.html", ["build"]),
    "asset": ("templates/assets/site.css", ["build"]),
    "pot": ("locales/messages.pot", ["i18n", "update"]),
    "catalog-update": ("locales/ru/LC_MESSAGES/messages.po", ["i18n", "update"]),
    "catalog-stats": ("locales/bg/LC_MESSAGES/messages.po", ["i18n", "stats"]),
    "template-extract": ("templates/page.html", ["i18n", "extract"]),
}


@pytest.mark.parametrize("case", sorted(UNREADABLE))
def test_an_unreadable_input_is_named_with_what_to_do(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from generator.__main__ import main

    name, command = UNREADABLE[case]
    project = copy_project(tmp_path / "project")
    shutil.copy(ROOT / "locales/messages.pot", project / "locales/messages.pot")
    before = state(project)
    target = str(project / name)
    with injected(Faults(unreadable=lambda path: path == target)):
        code = main([*command, "-C", str(project)])
    output = capsys.readouterr().out
    assert code == 2, output
    assert "Traceback" not in output
    assert re.search(rf"(^|\n){re.escape(name)}: error: permission denied: make it readable", output), output
    assert state(project) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="unreachable as root, who reads any file: the case above injects EACCES")
def test_a_file_without_read_permission_is_named(tmp_path: Path, run_cli) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("- id: x\n")
    path.chmod(0)
    code, output = run_cli("check", str(path))
    assert code == 2 and f"{path}: error: permission denied" in output, output


# Real faults from the kernel ---------------------------------------------------------------------


def strace(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["strace", "-f", "-qq", "-o", "/dev/null", *arguments], capture_output=True, text=True, timeout=120
    )


needs_strace = pytest.mark.skipif(
    shutil.which("strace") is None or strace("true").returncode != 0,
    reason="unreachable: strace missing or ptrace not allowed (the injected faults above still run)",
)


@needs_strace
def test_an_fsync_that_fails_in_the_kernel_changes_nothing(tmp_path: Path) -> None:
    paths = fixable(tmp_path)
    before = {path: path.read_bytes() for path in paths}
    run = strace(
        "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=2", sys.executable, "-m", "generator", "check",
        "--fix", *map(str, paths),
    )  # fmt: skip
    assert run.returncode == 2 and "Traceback" not in run.stderr, run
    assert "input/output error" in run.stdout, run.stdout
    assert {path: path.read_bytes() for path in paths} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)


@needs_strace
@pytest.mark.parametrize("when", [1, 2, 3])
def test_i18n_add_killed_by_the_kernel_at_a_rename_keeps_the_site_configuration(tmp_path: Path, when: int) -> None:
    _, after, _ = outcome(tmp_path, "i18n-add")
    project = copy_project(tmp_path / "project")
    site = (project / "content/site.yaml").read_bytes()
    run = strace(
        "-e", "trace=rename,renameat,renameat2", "-e", f"inject=rename,renameat,renameat2:signal=KILL:when={when}",
        sys.executable, "-m", "generator", "i18n", "add", "-C", str(project), "de",
    )  # fmt: skip
    assert "Traceback" not in run.stdout + run.stderr
    now = (project / "content/site.yaml").read_bytes()
    assert run.returncode in (-9, KILLED), run
    assert now in (site, after["content/site.yaml"]), now


# A real full disk --------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 16 MiB tmpfs (root only), unmounted afterwards: room for the project and two sites with
    their search index, before it is filled."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)]).returncode:
        pytest.skip("unreachable: mounting a tmpfs needs root (the injected ENOSPC above still runs)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(disk: Path, keep: int) -> None:
    """Fill the disk but ``keep`` bytes."""
    free = shutil.disk_usage(disk).free - keep
    with (disk / "filler").open("wb") as stream:
        while free > 0:
            free -= stream.write(b"\0" * min(free, 1 << 20))


@pytest.mark.parametrize("command", sorted(SETUPS))
def test_a_full_disk_changes_nothing_and_says_so(small_disk: Path, command: str) -> None:
    project, argv = prepared(small_disk, "project", SETUPS[command])
    before = state(project)
    fill(small_disk, 4096)
    run = subprocess.run([sys.executable, "-m", "generator", *argv], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2, run
    assert "Traceback" not in run.stdout + run.stderr and "no space left on the device" in run.stdout, run
    assert state(project) == before
