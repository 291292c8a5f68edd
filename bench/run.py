"""Benchmarks, each figure printed beside its aim: the site built at several sizes (clean build,
no-op rebuild, one-page edit, peak memory) next to Hugo on the same pages, the real site's cold
build next to the bare import of its libraries, ``serve``'s edit-to-reload time at the real size
and at 200 pages per locale, ``i18n update``, ``check`` on 10,000 examples, the engine's
allowed-card throughput and the deals it scores per second.

Run: .venv/bin/python bench/run.py [--sizes 2,20,200,1000] [--repeats N] [--baseline DIR]

Every figure is the median of REPEATS runs with its spread (min–max); the tools compared are
run alternately in one loop, so that a busy second core slows them alike. ``--baseline DIR``
also runs another checkout of the project (``DIR/generator``, e.g. a clone of main, or the start
of a round), alternating with this one, with the same ``--no-search`` (refused if its build has no
such option): its builds and its ``serve`` beside this one's, each on a site of its own content's
format (the real site's, or one of the same size that its own ``bench/synthetic.py`` makes).
Hugo runs when ``hugo`` is on the PATH (Debian: ``apt-get install hugo``); without
``--no-search``, so does "Hugo then Pagefind over its output" (the Pagefind of constraints.txt, as
``pagefind --site public``), the anchor of the published build.
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from budget import BUDGET, page_weights  # noqa: E402
from synthetic import add_page, make_hugo_site, make_site  # noqa: E402

from generator.pagefind import indexer  # noqa: E402
from generator.rules import (  # noqa: E402
    DECK,
    RULESETS,
    CardSet,
    Deal,
    Game,
    Seat,
    Suit,
    allowed,
    rules_for,
    score_deal,
    trick_result,
)
from generator.rules.scoring import CONTRACTS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MiB = 1024 * 1024

# Commands run as on an ordinary installation, where Python caches the bytecode of modules it
# imports (this sandbox sets PYTHONDONTWRITEBYTECODE, which would recompile the package at every run).
ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


@dataclass
class Run:
    seconds: float
    peak: int  # bytes: the most memory the process tree held at once
    code: int
    cpu: float = 0.0  # user + system seconds of the process and the children it waited for
    own: int = 0  # bytes: the most the tree held at once without the search indexer (sampled runs)


INDEXER = "pagefind"
"""The search indexer's process name: its memory is Pagefind's, printed apart from the build's."""
_KCMP = {"x86_64": 312, "aarch64": 272}.get(os.uname().machine)
"""The kcmp system call's number (``KCMP_VM``: whether two processes share one address space)."""


def _same_memory(pid: int, parent: int) -> bool:
    """Whether ``pid`` runs in its parent's address space: a child made with ``vfork`` (as
    ``subprocess`` starts Pagefind) before it runs its program, whose memory map is its parent's
    and would count twice."""
    return _KCMP is not None and _libc().syscall(_KCMP, pid, parent, 1, 0, 0) == 0


@functools.cache
def _libc() -> ctypes.CDLL:
    """The C library, opened once: :func:`_same_memory` asks it for each child at every sample."""
    return ctypes.CDLL(None, use_errno=True)


def _tree_memory(pid: int) -> tuple[int, int]:
    """Memory of a process and its descendants, from /proc: the sum of their proportional set sizes
    (a page shared by a forked worker and its parent counts half in each, so nothing twice), and
    the part of it that is not the search indexer's."""
    total, own, stack = 0, 0, [(pid, 0)]
    while stack:
        current, parent = stack.pop()
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    stack += [(int(child), current) for child in children.read().split()]
            if parent and _same_memory(current, parent):
                continue
            with open(f"/proc/{current}/comm") as comm:
                indexer = comm.read().strip().startswith(INDEXER)
            with open(f"/proc/{current}/smaps_rollup") as rollup:
                for line in rollup:
                    if line.startswith("Pss:"):
                        size = int(line.split()[1]) * 1024
                        total += size
                        own += 0 if indexer else size
                        break
        except (OSError, ValueError):
            continue
    return total, own


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, sample: bool = False) -> Run:
    """Run a command; its wall time, peak memory and exit code. With ``sample``, the peak is the
    process tree's memory sampled every 20 ms (at least the kernel's peak resident size of its
    largest process), and ``own`` the same without the search indexer's; without, that kernel
    figure alone. Sampling reads each process's memory map, which slows the process it reads (the
    more, the more memory it maps: Hugo's clean build at 1000 pages per locale took 8.4–10.1 s
    sampled, 5.0–8.2 s not), so timed runs are not sampled."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env or ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    peak = [0, 0]
    done = threading.Event()

    def sampling() -> None:
        while not done.wait(0.02):
            total, own = _tree_memory(process.pid)
            peak[0], peak[1] = max(peak[0], total), max(peak[1], own)

    sampler = threading.Thread(target=sampling, daemon=True)
    if sample:
        sampler.start()
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    done.set()
    if sample:
        sampler.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode and os.environ.get("BENCH_VERBOSE"):
        sys.stderr.write(errors.decode(errors="replace")[-2000:])
    cpu = usage.ru_utime + usage.ru_stime
    largest = usage.ru_maxrss * 1024
    return Run(seconds, max(peak[0], largest), process.returncode, cpu, peak[1] if sample and peak[1] else largest)


@dataclass
class Series:
    runs: list[Run] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(r.seconds for r in self.runs)

    @property
    def spread(self) -> str:
        times = [r.seconds for r in self.runs]
        return f"{min(times):.2f}–{max(times):.2f}"

    @property
    def codes(self) -> set[int]:
        return {r.code for r in self.runs}

    def show(self) -> str:
        bad = f" [exit {sorted(self.codes)}]" if self.codes != {0} else ""
        cpu = statistics.median(r.cpu for r in self.runs)
        return f"{self.median:.2f} s ({self.spread}, n={len(self.runs)}; CPU {cpu:.2f} s){bad}"


def verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def alternate(tools: dict[str, Callable[[], Run]], repeats: int) -> dict[str, Series]:
    """Run each tool ``repeats`` times, rotating their order every round."""
    series = {name: Series() for name in tools}
    names = list(tools)
    for round_ in range(repeats):
        order = names[round_ % len(names) :] + names[: round_ % len(names)]
        for name in order:
            series[name].runs.append(tools[name]())
    return series


@dataclass
class Generator:
    """A checkout of the project, run with this interpreter on a given project folder."""

    name: str
    checkout: Path
    options: tuple[str, ...] = ()
    """Options of its ``build`` (``--no-search``)."""

    def env(self) -> dict[str, str]:
        return dict(ENVIRONMENT, PYTHONPATH=str(self.checkout))

    def command(self, *arguments: str) -> list[str]:
        return [sys.executable, "-m", "generator", *arguments]

    def accepts(self, *options: str) -> bool:
        """Whether this checkout's ``build`` knows every one of ``options`` (its ``--help`` names them)."""
        shown = subprocess.run(
            self.command("build", "--help"), cwd=self.checkout, env=self.env(), capture_output=True, text=True
        )
        return all(option in shown.stdout for option in options)

    def build(self, project: Path, sample: bool = False) -> Run:
        return run(
            self.command("build", "--strict", *self.options, "--project", str(project), "--out", str(project / "site")),
            self.checkout,
            self.env(),
            sample,
        )

    def clean_build(self, project: Path, sample: bool = False) -> Run:
        shutil.rmtree(project / ".cache", ignore_errors=True)
        shutil.rmtree(project / "site", ignore_errors=True)
        return self.build(project, sample)


def edit_page(project: Path, slug: str, counter: list[int]) -> None:
    """A one-page edit: a word of the page's first paragraph changes (its message then is new in
    every locale, shown in English), nothing else. A comment line would change nothing the page
    shows, so a build would rightly render nothing."""
    counter[0] += 1
    path = project / f"content/{slug}.yaml"
    text = path.read_text(encoding="utf-8")
    marker = "\n      - You play the suit led if you have it"  # the first line of its summary
    at = text.index(marker) + len(marker)
    edited = re.sub(r"\A \(edit \d+\)", "", text[at:])
    path.write_text(text[:at] + f" (edit {counter[0]})" + edited, encoding="utf-8")


PER_PAGE: dict[tuple[str, int], float] = {}
"""Each generator's clean build time per page×locale at each size, for the linearity figure."""


def own_site(generator: Generator, project: Path, pages: int | None) -> None:
    """Into ``project``: the checkout's own real site (``pages`` None), or a synthetic one of
    ``pages`` pages per locale made by its own ``bench/synthetic.py`` (a baseline's reads content
    of its own format: the start of a round may not read today's)."""
    if pages is None:
        for folder in ("content", "locales", "templates"):
            shutil.copytree(generator.checkout / folder, project / folder)
    elif generator.checkout == ROOT:
        make_site(project, pages)
    else:
        script = (
            "import sys; from pathlib import Path; sys.path.insert(0, 'bench'); from synthetic import make_site; "
            f"make_site(Path({str(project)!r}), {pages})"
        )
        subprocess.run([sys.executable, "-c", script], cwd=generator.checkout, env=generator.env(), check=True)


def bench_size(pages: int, generators: list[Generator], repeats: int, hugo: str | None) -> list[str]:
    """Clean build, no-op rebuild, one-page edit and peak memory at ``pages`` pages per locale,
    each generator on its own synthetic site (:func:`own_site`); Hugo on the equivalent site. The
    times are of runs whose memory is not sampled; the peak is of one more clean build each, sampled."""
    lines = []
    with tempfile.TemporaryDirectory(prefix=f"bench-{pages}-") as temporary:
        base = make_site(Path(temporary) / "source", pages)
        projects = {}
        for generator in generators:
            projects[generator.name] = project = Path(temporary) / generator.name
            if generator.checkout == ROOT:
                shutil.copytree(base, project)
            else:
                own_site(generator, project, pages)
        counter = [0]
        tools: dict[str, Callable[[], Run]] = {}
        sampled: dict[str, Callable[[], Run]] = {}
        for generator in generators:
            project = projects[generator.name]

            def clean(generator: Generator = generator, project: Path = project, sample: bool = False) -> Run:
                return generator.clean_build(project, sample)

            def noop(generator: Generator = generator, project: Path = project) -> Run:
                generator.build(project)  # so that a cache exists, whatever ran before
                return generator.build(project)

            def edit(generator: Generator = generator, project: Path = project) -> Run:
                generator.build(project)
                edit_page(project, "allowed-cards", counter)
                return generator.build(project)

            tools[f"{generator.name} clean"] = clean
            tools[f"{generator.name} no-op"] = noop
            tools[f"{generator.name} edit"] = edit
            if generator.checkout == ROOT:  # what the second rendering process buys (--jobs)

                def one_job(generator: Generator = generator, project: Path = project) -> Run:
                    shutil.rmtree(project / ".cache", ignore_errors=True)
                    shutil.rmtree(project / "site", ignore_errors=True)
                    options = ("--strict", *generator.options, "--jobs", "1", "--project", str(project))
                    return run(generator.command("build", *options), generator.checkout, generator.env())

                tools[f"{generator.name} clean, one job"] = one_job
            sampled[generator.name] = functools.partial(clean, sample=True)
        if hugo:
            generators[0].build(base)  # the Hugo pages carry the text of the built pages
            hugo_site = make_hugo_site(Path(temporary) / "hugo", base, base / "site")

            def hugo_build(sample: bool = False) -> Run:
                shutil.rmtree(hugo_site / "public", ignore_errors=True)
                shutil.rmtree(hugo_site / "resources", ignore_errors=True)
                return run(
                    [hugo, "--quiet", "--source", str(hugo_site), "--destination", str(hugo_site / "public")],
                    hugo_site,
                    sample=sample,
                )

            tools["hugo"] = hugo_build
            sampled["hugo"] = functools.partial(hugo_build, sample=True)
            pagefind = indexer()  # the Pagefind the project pins, run as a Hugo site runs it
            if pagefind and not generators[0].options:  # beside the published build, with its index

                def hugo_then_pagefind() -> Run:
                    built = hugo_build()
                    indexed = run([pagefind, "--site", str(hugo_site / "public")], hugo_site)
                    return Run(
                        built.seconds + indexed.seconds,
                        max(built.peak, indexed.peak),
                        built.code or indexed.code,
                        built.cpu + indexed.cpu,
                    )

                tools["hugo+pagefind"] = hugo_then_pagefind
        series = alternate(tools, repeats)
        measured = {name: measure() for name, measure in sampled.items()}
        peaks = {name: found.peak / MiB for name, found in measured.items()}
        own = {name: found.own / MiB for name, found in measured.items()}
    units = pages * 5
    for generator in generators:
        clean, noop, edit = (series[f"{generator.name} {kind}"] for kind in ("clean", "no-op", "edit"))
        PER_PAGE[(generator.name, pages)] = clean.median / units
        lines.append(
            f"  {generator.name}: clean build {clean.show()}, {clean.median / units * 1000:.1f} ms per page×locale, "
            f"peak {peaks[generator.name]:.0f} MiB, without Pagefind's {own[generator.name]:.0f} MiB"
            + (
                f" (aim <= 400 MiB at 1000, without Pagefind's: {verdict(own[generator.name] <= 400)})"
                if pages >= 1000
                else ""
            )
        )
        if f"{generator.name} clean, one job" in series:
            single = series[f"{generator.name} clean, one job"]
            lines.append(
                f"  {generator.name}: clean build with --jobs 1 {single.show()} (two jobs: {clean.median:.2f} s)"
            )
        lines.append(f"  {generator.name}: no-op rebuild {noop.show()} = {noop.median / clean.median:.0%} of clean")
        lines.append(f"  {generator.name}: one-page edit {edit.show()} = {edit.median / clean.median:.0%} of clean")
        if "hugo" in series:
            lines.append(f"  {generator.name}: clean build / Hugo = {clean.median / series['hugo'].median:.2f}")
        if "hugo+pagefind" in series:
            ratio = clean.median / series["hugo+pagefind"].median
            aim = f" (aim <= 1.5 at 200: {verdict(ratio <= 1.5)})" if pages == 200 else ""
            lines.append(f"  {generator.name}: published build / Hugo then Pagefind = {ratio:.2f}{aim}")
    if len(generators) > 1:
        pairs = zip(series["project clean"].runs, series["baseline clean"].runs, strict=True)
        walls, cpus = zip(*((a.seconds / b.seconds, a.cpu / b.cpu) for a, b in pairs), strict=True)
        ratio = statistics.median(walls)
        aim = f" (aim <= 1.05 at 200: {verdict(ratio <= 1.05)})" if pages == 200 else ""
        noise = f"pairs {min(walls):.2f}–{max(walls):.2f}, n={len(walls)}; CPU {statistics.median(cpus):.2f}"
        lines.append(f"  project / baseline, clean build, paired runs: {ratio:.2f}{aim} ({noise})")
    if "hugo" in series:
        lines.append(f"  hugo: {series['hugo'].show()}, peak {peaks['hugo']:.0f} MiB")
    if "hugo+pagefind" in series:
        lines.append(f"  hugo then Pagefind over its output: {series['hugo+pagefind'].show()}")
    return lines


def bench_floor(generators: list[Generator], repeats: int) -> list[str]:
    """The real site's cold build (a new process, no .cache), warm build (its .cache kept, nothing
    changed) and one-page edit (a new process, its .cache kept) next to the bare import of jinja2,
    babel, yaml and markdown_it, alternately."""
    lines = []
    counter = [0]
    with tempfile.TemporaryDirectory(prefix="bench-real-") as temporary:
        tools: dict[str, Callable[[], Run]] = {
            "floor": lambda: run([sys.executable, "-c", "import jinja2, babel, yaml, markdown_it"], ROOT)
        }
        for generator in generators:
            project = Path(temporary) / generator.name
            for folder in ("content", "locales", "templates"):
                shutil.copytree(generator.checkout / folder, project / folder)  # each checkout's real site
            tools[f"{generator.name} cold"] = lambda g=generator, p=project: g.clean_build(p)
            tools[f"{generator.name} warm"] = lambda g=generator, p=project: g.build(p)

            def edit(generator: Generator = generator, project: Path = project) -> Run:
                edit_page(project, "allowed-cards", counter)
                return generator.build(project)

            tools[f"{generator.name} edit"] = edit
        series = alternate(tools, repeats)
    floor = series["floor"]
    lines.append(f"  import jinja2, babel, yaml, markdown_it: {floor.show()}")
    for generator in generators:
        cold, warm = series[f"{generator.name} cold"], series[f"{generator.name} warm"]
        edit = series[f"{generator.name} edit"]
        ratio = cold.median / floor.median
        lines.append(
            f"  {generator.name}: cold build {cold.show()} = {ratio:.2f}× the import; "
            f"warm rebuild {warm.show()} = {warm.median / floor.median:.2f}× "
            f"(aim <= 1.5: {verdict(warm.median <= 1.5 * floor.median)}); "
            f"one-page edit {edit.show()} = {edit.median / floor.median:.2f}×"
        )
    return lines


def bench_serve(
    generators: list[Generator], repeats: int, pages: int | None = None, hugo: str | None = None
) -> list[str]:
    """`serve` of each checkout on the real site (its own) or on a synthetic one of ``pages`` pages
    per locale (made by its own ``bench/synthetic.py``, so that a baseline reads content of its
    format), beside `hugo server` on a Hugo site of the same pages, alternately: the time from an
    edit of a page's first paragraph (a second after the last edit, of any server), written beside
    the file and renamed over it, to the first answer for that page (es) that holds the new words.
    The page is asked for as a browser does: of our servers, when their answer to the page's
    question (``/__build?after=N``) says a build has ended (asked every 5 ms instead, a server in
    Python spends on the questions a share of the time the build needs: at 200 pages, builds of
    0.37 s instead of 0.27 s); of Hugo's (its live reload off, so that nothing else runs), every 5 ms."""
    import socket
    import urllib.request

    def fetch(url: str) -> str:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.read().decode("utf-8")
        except OSError:
            return ""

    def free_port() -> int:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return int(sock.getsockname()[1])

    def started(
        command: list[str], cwd: Path, url: str, env: dict[str, str] = ENVIRONMENT
    ) -> subprocess.Popen[bytes] | None:
        server = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 600
        while not fetch(url):
            if time.monotonic() > deadline or server.poll() is not None:
                server.terminate()
                return None
            time.sleep(0.05)
        return server

    def saved(path: Path, text: str) -> None:
        beside = path.with_name(f".{path.name}.new")
        beside.write_text(text, encoding="utf-8")
        os.replace(beside, path)

    def timed(path: Path, edit: Callable[[str, int], str], url: str, ours: bool, number: int) -> float:
        original = path.read_text(encoding="utf-8")
        time.sleep(1.0)  # the watcher has seen the previous state, and the last server has settled
        build = url.replace("/es/allowed-cards.html", "/__build")  # ours: when the next build ends
        seen = fetch(build) if ours else ""
        start = time.perf_counter()
        saved(path, edit(original, number))
        while True:
            if ours:
                seen = fetch(f"{build}?after={seen}")  # answered as soon as a build ends
            if f"(edit {number})" in fetch(url):
                return time.perf_counter() - start
            if not ours:
                time.sleep(0.005)

    lines: list[str] = []
    marker = "\n      - You play the suit led if you have it"  # the first line of its summary
    names = {
        generator.name: "serve" if generator.checkout == ROOT else f"serve ({generator.name})"
        for generator in generators
    }
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as temporary:
        servers: dict[str, subprocess.Popen[bytes] | None] = {}
        edits: dict[str, tuple[Path, Callable[[str, int], str], str, bool]] = {}
        for generator in generators:
            project = Path(temporary) / generator.name
            own_site(generator, project, pages)
            port = free_port()
            url = f"http://127.0.0.1:{port}/es/allowed-cards.html"
            command = generator.command("serve", "-C", str(project), "--port", str(port))
            servers[names[generator.name]] = started(command, generator.checkout, url, generator.env())
            edits[names[generator.name]] = (
                project / "content/allowed-cards.yaml",
                lambda text, n: text.replace(marker, f"{marker} (edit {n})", 1),
                url,
                True,
            )
        if hugo:
            project, built = Path(temporary) / generators[0].name, Path(temporary) / "built"
            subprocess.run(
                [sys.executable, "-m", "generator", "build", "-C", str(project), "--no-search", "--out", str(built)],
                cwd=ROOT,
                env=ENVIRONMENT,
                check=True,
                capture_output=True,
            )
            site = make_hugo_site(Path(temporary) / "hugo", project, built)
            hugo_port = free_port()
            hugo_url = f"http://127.0.0.1:{hugo_port}/es/allowed-cards/"
            hugo_command = [hugo, "server", "--disableLiveReload", "--port", str(hugo_port), "--source", str(site)]
            servers["hugo server"] = started(hugo_command, site, hugo_url)
            markdown = site / "content/es/allowed-cards.md"
            first = markdown.read_text(encoding="utf-8").split("\n---\n", 1)[1].strip().split("\n", 1)[0]
            edits["hugo server"] = (
                markdown,
                lambda text, n: text.replace(first, f"{first} (edit {n})", 1),
                hugo_url,
                False,
            )
        try:
            if any(server is None for server in servers.values()):
                return [f"  {name}: did not start" for name, server in servers.items() if server is None]
            times: dict[str, list[float]] = {name: [] for name in servers}
            for number in range(max(repeats, 5)):
                for name in servers:
                    times[name].append(timed(*edits[name], number))
        finally:
            for server in servers.values():
                if server is not None:
                    server.terminate()
                    server.wait(timeout=10)
    medians = {name: statistics.median(values) for name, values in times.items()}
    aim = 0.1 if pages is None else 0.3
    for name, values in times.items():
        spread = f"({min(values):.3f}–{max(values):.3f}, n={len(values)})"
        line = f"  {name}: edit saved → the page served anew {medians[name]:.3f} s {spread}"
        if name == "serve":
            line += f"; aim <= {aim} s: {verdict(medians[name] <= aim)}"
            if "hugo server" in medians:
                ratio = medians[name] / medians["hugo server"]
                line += f"; / hugo server = {ratio:.2f} (aim < 1: {verdict(ratio < 1)})"
            for other in medians:
                if other.startswith("serve ("):
                    pairs = statistics.median(a / b for a, b in zip(values, times[other], strict=True))
                    line += f"; / {other} = {medians[name] / medians[other]:.2f} (pair median {pairs:.2f})"
        lines.append(line)
    return lines


def change_messages(project: Path, counter: list[int]) -> None:
    """What a writer does before `i18n update`: one page's title and one explanation reworded,
    and a new page added (a copy of the first page with its own ids and texts)."""
    counter[0] += 1
    n = counter[0]
    path = project / "content/allowed-cards.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("title: Which card may be played?", f"title: Which card may be played? (rev {n})", 1)
    text = text.replace(
        "He\n            may neither trump nor discard.", f"He\n            may neither trump nor discard (rev {n}).", 1
    )
    path.write_text(text, encoding="utf-8")
    add_page(project, f"new{n}")


def bench_update(pages: int, generators: list[Generator], repeats: int) -> list[str]:
    """`i18n update` after a content edit (changed messages) on the catalogs of a synthetic site;
    each run starts from the same project, its cache included (the catalogs as the last update
    wrote them)."""
    lines = []
    with tempfile.TemporaryDirectory(prefix=f"bench-i18n-{pages}-") as temporary:
        base = make_site(Path(temporary) / "source", pages)
        tools: dict[str, Callable[[], Run]] = {}
        counter = [0]
        for generator in generators:
            project = Path(temporary) / generator.name
            shutil.copytree(base, project)
            run(generator.command("i18n", "extract", "--project", str(project)), generator.checkout, generator.env())
            run(generator.command("i18n", "update", "--project", str(project)), generator.checkout, generator.env())
            saved = Path(temporary) / f"{generator.name}-saved"
            shutil.copytree(project, saved)

            def update(
                generator: Generator = generator, project: Path = project, saved: Path = saved, fresh: bool = False
            ) -> Run:
                for folder in ("content", "locales", ".cache"):  # the project as it was, its cache too
                    shutil.rmtree(project / folder, ignore_errors=True)
                    if (saved / folder).exists() and not (fresh and folder == ".cache"):
                        shutil.copytree(saved / folder, project / folder)
                change_messages(project, counter)
                run(
                    generator.command("i18n", "extract", "--project", str(project)), generator.checkout, generator.env()
                )
                return run(
                    generator.command("i18n", "update", "--project", str(project)), generator.checkout, generator.env()
                )

            tools[generator.name] = update
            tools[f"{generator.name} fresh"] = functools.partial(update, fresh=True)
        series = alternate(tools, repeats)
    for generator in generators:
        for name, what in ((generator.name, "after an edit"), (f"{generator.name} fresh", "the first in a fresh copy")):
            figure = series[name]
            aim = f" (aim <= 1 s at 200: {verdict(figure.median <= 1)})" if pages == 200 else ""
            lines.append(f"  {generator.name}: i18n update, {what}: {figure.show()}{aim}")
    return lines


def random_positions(count: int, rng: random.Random) -> list[tuple]:
    """Random positions: a deal's first 0-3 cards as the trick, the next 1-8 as the hand."""
    positions = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        played, size = rng.randrange(4), rng.randrange(1, 9)
        trump = rng.choice([None, *Suit])
        game = Game.NO_TRUMP if trump is None else rng.choice([Game.TRUMP, Game.COINCHE])
        rules = rules_for(game, rng.choice(list(RULESETS)))
        positions.append((CardSet(deck[played : played + size]), deck[:played], trump, rules))
    return positions


def bench_allowed(rng: random.Random, repeats: int) -> list[str]:
    """Allowed-card positions per second (this process, one core), 200,000 positions a run."""
    positions = random_positions(200_000, rng)
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        for hand, trick, trump, rules in positions:
            allowed(hand, trick, trump, rules)
        rates.append(len(positions) / (time.perf_counter() - start))
    rate = statistics.median(rates)
    return [
        f"  allowed cards: {rate:,.0f} positions/s ({min(rates):,.0f}–{max(rates):,.0f}); aim >= 250,000: "
        f"{verdict(rate >= 250_000)}"
    ]


def random_deals(count: int, rng: random.Random) -> list[Deal]:
    """Random legal deals of every game and rule set: 32 cards dealt, then random allowed cards played."""
    deals = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        game = rng.choice(list(Game))
        rules = rules_for(game, rng.choice(list(RULESETS)))
        trump = rng.choice(list(Suit)) if game.has_trump else None
        hands = {seat: CardSet(deck[8 * seat : 8 * seat + 8]) for seat in Seat}
        leader = first = rng.choice(list(Seat))
        tricks = []
        for _ in range(8):
            trick: list = []
            for step in range(4):
                seat = leader.next(step)
                card = rng.choice(list(allowed(hands[seat], [c for _, c in trick], trump, rules)))
                hands[seat] -= CardSet([card])
                trick.append((seat, card))
            tricks.append(tuple(trick))
            leader = trick_result(trick[0][0], [c for _, c in trick], trump).winner
        coinche = game is Game.COINCHE
        contract = rng.choice(sorted(CONTRACTS)) if coinche else None
        multiplier = rng.choice([1, 2, 4]) if coinche else 1
        deals.append(Deal(rules, trump, first, rng.choice(list(Seat)), tuple(tricks), contract, multiplier))
    return deals


def bench_deals(rng: random.Random, repeats: int) -> list[str]:
    """Deals verified and scored per second over ``repeats`` runs of 20,000 random legal deals: the
    median and best rate on CPU time (what other processes on the shared cores do not inflate),
    and the median on wall time."""
    deals = random_deals(20_000, rng)
    cpu, wall = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        for deal in deals:
            score_deal(deal)
        cpu.append(len(deals) / (time.process_time() - start_cpu))
        wall.append(len(deals) / (time.perf_counter() - start))
    rate = statistics.median(cpu)
    return [
        f"  deals scored per second (legality check included): {rate:,.0f} on CPU time, best {max(cpu):,.0f}, "
        f"{statistics.median(wall):,.0f} on wall time; aim >= 50,000: {verdict(rate >= 50_000)}"
    ]


def example_file(count: int, rng: random.Random) -> str:
    """A YAML file of ``count`` valid examples, half plays and half auctions, with their expect."""
    lines = []
    for index in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        if index % 2:
            lead = rng.choice(list(Seat))
            trick = deck[: rng.randrange(4)]
            seat = lead.next(len(trick))
            hand = CardSet(deck[4:12])
            rules = rules_for(Game.COINCHE, rng.choice(list(RULESETS)))
            result = allowed(hand, trick, Suit.HEARTS, rules)
            played = ", ".join(f"{{{lead.next(i)}: {card}}}" for i, card in enumerate(trick))
            lines += [
                f"- id: play-{index}",
                "  game: coinche",
                f"  rules: {rules.name}",
                "  trump: H",
                f"  trick: [{played}]",
                f"  hand: {{{seat}: [{', '.join(c.code() for c in hand)}]}}",
                f"  expect: {{allowed: [{', '.join(c.code() for c in result)}]}}",
            ]
        else:
            lines += [
                f"- id: auction-{index}",
                "  game: coinche",
                "  dealer: S",
                "  calls: [{W: 80 H}, {N: 90 S}, {E: coinche}, {S: pass}, {W: pass}, {N: pass}]",
                "  expect: {result: {taker: N, trump: S, contract: 90, multiplier: 2}}",
            ]
    return "\n".join(lines) + "\n"


def bench_check(generators: list[Generator], rng: random.Random, repeats: int) -> list[str]:
    """`python -m generator check` on a file of 10,000 examples."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "examples.yaml"
        path.write_text(example_file(10_000, rng), encoding="utf-8")
        tools: dict[str, Callable[[], Run]] = {
            g.name: (lambda g=g: run(g.command("check", str(path)), g.checkout, g.env())) for g in generators
        }
        series = alternate(tools, repeats)
    return [
        f"  {name}: check, 10,000 examples: {figure.show()}; aim < 2 s: {verdict(figure.median < 2)}"
        for name, figure in series.items()
    ]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument(
        "--sizes", default="2,20", help="pages per locale, comma-separated (default: 2,20; the issue's: 2,20,200,1000)"
    )
    options.add_argument("--repeats", type=int, default=3, help="runs of each figure (default: 3)")
    options.add_argument(
        "--no-search", action="store_true", help="build this checkout's sites without their search index"
    )
    options.add_argument("--baseline", type=Path, help="another checkout of the project to compare (e.g. main)")
    options.add_argument(
        "--only",
        default="sizes,floor,serve,update,check,engine,budget",
        help="which parts to run (default: all): sizes,floor,serve,update,check,engine,budget",
    )
    arguments = options.parse_args()
    sizes = [int(size) for size in arguments.sizes.split(",")]
    parts = set(arguments.only.split(","))
    build_options = ("--no-search",) if arguments.no_search else ()
    generators = [Generator("project", ROOT, build_options)]
    if arguments.baseline:
        if not (arguments.baseline / "generator").is_dir():
            options.error(
                f"{arguments.baseline} is not a checkout of the project (git worktree add DIR COMMIT makes one)"
            )
        baseline = Generator("baseline", arguments.baseline.resolve())
        if build_options and not baseline.accepts(*build_options):
            options.error(f"{baseline.checkout}'s build has no {' '.join(build_options)}: drop it to compare the two")
        generators.append(Generator(baseline.name, baseline.checkout, build_options))
    hugo = shutil.which("hugo")
    load = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; "
        f"hugo: {hugo or 'not installed (apt-get install hugo)'}; repeats {arguments.repeats}",
        flush=True,
    )
    if "sizes" in parts:
        for pages in sizes:
            print(f"site of {pages} pages per locale ({pages * 5} pages):", flush=True)
            for line in bench_size(pages, generators, arguments.repeats, hugo):
                print(line, flush=True)
        for generator in generators:
            if (generator.name, 200) in PER_PAGE and (generator.name, 1000) in PER_PAGE:
                ratio = PER_PAGE[(generator.name, 1000)] / PER_PAGE[(generator.name, 200)]
                print(
                    f"  {generator.name}: cost per page×locale at 1000 / at 200 = {ratio:.2f} "
                    f"(aim <= 1.15: {verdict(ratio <= 1.15)})",
                    flush=True,
                )
    if "floor" in parts:
        print("the real site against the import floor:", flush=True)
        for line in bench_floor(generators, max(arguments.repeats, 5)):
            print(line, flush=True)
    if "serve" in parts:
        print("serve, at the real size:", flush=True)
        for line in bench_serve(generators, arguments.repeats, hugo=hugo):
            print(line, flush=True)
        if 200 in sizes:
            print("serve, at 200 pages per locale:", flush=True)
            for line in bench_serve(generators, arguments.repeats, 200, hugo):
                print(line, flush=True)
    if "update" in parts:
        for pages in sizes:
            print(f"i18n update at {pages} pages per locale:", flush=True)
            for line in bench_update(pages, generators, arguments.repeats):
                print(line, flush=True)
    rng = random.Random(2026)
    if "check" in parts:
        print("check:", flush=True)
        for line in bench_check(generators, rng, max(arguments.repeats, 5)):
            print(line, flush=True)
    if "engine" in parts:
        print("engine:", flush=True)
        for line in bench_allowed(rng, 5) + bench_deals(rng, 5):
            print(line, flush=True)
    if "budget" in parts:
        with tempfile.TemporaryDirectory() as folder:
            build = [sys.executable, "-m", "generator", "build", "--strict", "--out", f"{folder}/site"]
            subprocess.run(build, cwd=ROOT, capture_output=True)
            weights = page_weights(Path(folder) / "site")
        largest = max(weights, key=weights.__getitem__)
        print(
            f"page weight: largest {largest} {weights[largest] / 1024:.1f} KB gzip with its CSS and script "
            f"(aim <= {BUDGET // 1024} KB; bench/budget.py lists every page)",
            flush=True,
        )
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")


if __name__ == "__main__":
    main()
