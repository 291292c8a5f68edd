"""The command line: ``python -m generator COMMAND ...`` (``--help`` on every command)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from .collector import paused
from .files import confined, deferred


def parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    from .invocation import program

    main = argparse.ArgumentParser(
        prog=program(),  # as the user ran it: belote-docs, or .venv/bin/python -m generator
        description="Generator of the Belote app's rules help site; checks every example with the rules engine.",
    )
    main.add_argument("--version", action=_Version, help="print the version of belote-docs and exit")
    commands = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="check example files against the rules engine",
        description="Run every example through the rules engine and compare with its `expect`. "
        "Exit 0 when all hold, 1 when some do not (one line each), "
        "2 when the input is invalid (every problem as FILE:LINE:COL).",
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="example or page files (YAML or JSON) or folders")
    check.add_argument(
        "--fix",
        action="store_true",
        help="write the engine's answers into each example's `expect`, keeping the rest of the file",
    )
    build = commands.add_parser(
        "build",
        help="build the help site (every example checked)",
        description="Build the site from content/, locales/ and templates/: one folder per locale. "
        "Exit 0 when built; 1 when an example does not hold; 2 when the input is invalid. "
        "Nothing is written unless the build succeeds: the previous output stays as it was.",
    )
    _project_options(build)
    build.add_argument("--out", type=Path, metavar="DIR", help="output folder (default: site/ in the project folder)")
    build.add_argument(
        "--strict", action="store_true", help="treat lost and unusable translations as errors (as CI does)"
    )
    build.add_argument(
        "--no-search",
        dest="search",
        action="store_false",
        help="leave out the search index (Pagefind indexes every page on each build: most of an edit's "
        "rebuild at a few hundred pages); the published site has it",
    )
    build.add_argument(
        "--base-url",
        metavar="URL",
        help="the address the site is published at, such as https://OWNER.github.io/REPO/ "
        "(default: $BELOTE_DOCS_BASE_URL if set, else content/site.yaml's base_url)",
    )
    build.add_argument(
        "--jobs",
        type=_jobs,
        metavar="N",
        help="render with N processes (default: 2 on two cores or more from 200 files to render on, "
        "where a second process pays, for a site of under 5500 pages in all locales, where two fit in "
        "400 MiB; else 1); with 1, the catalogs are not checked in a process of their own either "
        "(by default they are, on two cores or more, for a site of 200 pages or more)",
    )
    serve = commands.add_parser(
        "serve",
        help="build, serve on localhost, rebuild on every change",
        description="Build the site into a temporary folder, serve it on http://HOST:PORT/ and rebuild "
        "when content, catalogs or templates change; open pages reload themselves. A failed build "
        "keeps the last good site served, its errors shown in a banner on every page.",
    )
    _project_options(serve)
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every network, "
        "to preview on a phone of the same network)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    regenerate = commands.add_parser(
        "regenerate",
        help="after a rules change: recompute every example, flag its prose, report",
        description="Recompute every example (of content/, or of the files named), write the engine's answers "
        "into the files as `check --fix` does, mark the explanation of each example whose answer "
        "changed fuzzy in every catalog, and report each change (page, id, before -> after).",
    )
    regenerate.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="page or example files or folders, relative to the project (default: content/)",
    )
    regenerate.add_argument("--report", type=Path, metavar="FILE", help="also write the report as Markdown")
    regenerate.add_argument(
        "--site-before",
        type=Path,
        metavar="DIR",
        help="the site as built before the rules change (by the previous commit, with its own code): the "
        "report then lists every page and reasons.json sentence whose text the change alters, per locale",
    )
    _project_options(regenerate)
    export = commands.add_parser(
        "export",
        help="write examples with the engine's answers as JSON (the app's conformance suite)",
        description="Check every example of the files named (default: content/, the site's), then write them "
        "as one JSON file with positions the engine draws so that every refusal code shows at least three "
        "times: each example's position (hand, trick, calls, deal) and the engine's answers (each allowed "
        "card's permission code and each refused card's reason code, the trick's winner and points, each "
        "call's code and the auction's outcome, each deal's score), with its JSON Schema beside it "
        "(examples.schema.json). The same tree gives the same bytes. Exit 0 written, 1 an example does not "
        "hold, 2 invalid input.",
    )
    export.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="page or example files or folders, relative to the project (default: content/); such as "
        "`content tests/examples`",
    )
    _project_options(export)
    export.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="the JSON file to write (default: examples.json in the project folder)",
    )
    schema = commands.add_parser(
        "schema",
        help="write the JSON Schemas: of the content files (for editors) and of the app's data",
        description="Write into schemas/ (or --out DIR) the JSON Schema of each kind of content file "
        "(content-site, content-page, content-glossary, content-examples) and of any of them "
        "(content.schema.json), made from the reader's own tables of fields, so that an editor (VS Code's YAML "
        "extension, README) completes and checks the fields as you type; and the schemas of examples.json and "
        "reasons.json as the site publishes them. Without --out, also the README's table of the engine's codes.",
    )
    _project_options(schema)
    schema.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="default: schemas/ in the project (and the README's table)",
    )
    i18n = commands.add_parser(
        "i18n",
        help="translation catalogs: extract, update, add, stats, publish",
        description='Work on the gettext catalogs in locales/ (see README, "Add a language").',
    )
    actions = i18n.add_subparsers(dest="action", required=True, metavar="ACTION")
    extract = actions.add_parser(
        "extract",
        help="write locales/messages.pot from content, templates and terms",
        description="Write locales/messages.pot: the content's strings (with a comment stating each example), "
        "the templates' strings and the game's terms. Re-running on an unchanged tree changes nothing.",
    )
    update = actions.add_parser(
        "update",
        help="merge locales/messages.pot into every locale's catalog",
        description="Merge the template into each catalog: new messages added, changed ones marked fuzzy "
        "(the previous source kept), removed ones kept as obsolete.",
    )
    add = actions.add_parser(
        "add",
        help="start a new language: a draft catalog, registered in content/site.yaml",
        description="Check LOCALE with CLDR, create locales/LOCALE/LC_MESSAGES/messages.po (CLDR's plural forms, "
        "the language's name) from the current messages, and register the locale as a draft: "
        "built and marked as a draft, left out of the language chooser and the sitemap.",
    )
    add.add_argument("locale", metavar="LOCALE", help="a CLDR locale code, such as de, pt_BR or sr_Latn")
    stats = actions.add_parser(
        "stats",
        help="per locale: translated, fuzzy, untranslated, percent, lost, words",
        description="Count each catalog's messages against locales/messages.pot, and the source words "
        "(of every message, and of those not translated yet: what is left to translate).",
    )
    stats.add_argument("--strict", action="store_true", help="exit 1 when a published locale is not complete")
    stats.add_argument("--json", action="store_true", help="print JSON (for CI)")
    publish = actions.add_parser(
        "publish",
        help="publish a draft locale once its catalog is complete",
        description="Flip LOCALE to published in content/site.yaml; refused (exit 1) while a message is "
        "untranslated or fuzzy, or when the translations are mostly the English copied over (msgen).",
    )
    publish.add_argument("locale", metavar="LOCALE", help="the locale to publish, such as de")
    for action in (extract, update, add, stats, publish):
        _project_options(action)
    return main


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, looked up only when asked."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"belote-docs {version('belote-docs')}")
        except PackageNotFoundError:
            print("belote-docs (not installed: run ./setup, which installs it into .venv)")
        parser.exit()


def _project_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "-C",
        "--project",
        type=Path,
        default=Path("."),
        metavar="DIR",
        help="the project folder holding content/, locales/, templates/ (default: .)",
    )


class Terminated(BaseException):
    """SIGTERM, raised where the process is, so that every ``finally`` (a staged site removed, a
    write undone) runs as for Ctrl+C; a BaseException, so that no ``except Exception`` keeps it."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    if not deferred(signum):  # received by another thread within a block that holds it back
        raise Terminated


class Interrupted(KeyboardInterrupt):
    """Ctrl+C, raised by our own handler rather than Python's: with Python's own KeyboardInterrupt,
    a Ctrl+C while a command's modules loaded ended the process with SIGINT (exit -2) after the
    command had caught it and said so (3 of 10 signals sent early in a build); with this subclass,
    none did."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    if not deferred(signum):
        raise Interrupted


_running: list[bool] = []
"""One entry per command running in this process (:func:`stoppable`)."""


def _quiet_worker() -> None:
    """In a process a command forks (a worker rendering half of the site), leave stopping to the
    command: Ctrl+C, which a terminal sends to every process of the command, is ignored, and
    SIGTERM, which the command sends its workers on its way out, ends it without a word."""
    if _running:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


os.register_at_fork(after_in_child=_quiet_worker)


def stoppable(command: Callable[[], int]) -> int:
    """Run ``command``; stopped by Ctrl+C or SIGTERM, say so (no traceback) and return 130 or 143.
    Every write goes through generator/files.py, so a stopped run leaves no file half-written."""
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    interrupt = signal.signal(signal.SIGINT, _interrupt) if main_thread else None
    _running.append(True)
    try:
        return command()
    except KeyboardInterrupt:
        return _stopped("interrupted (Ctrl+C)", 130)
    except Terminated:
        return _stopped("stopped (SIGTERM)", 143)
    finally:
        _running.pop()
        if main_thread:
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
            signal.signal(signal.SIGINT, interrupt if interrupt is not None else signal.default_int_handler)


def _stopped(how: str, code: int) -> int:
    print(f"error: {how}: the command stopped; every file is as it was or fully written", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code (130 or 143 when stopped by Ctrl+C or SIGTERM).
    Without ``argv``, the command is the process's own (``python -m generator``, ``belote-docs``)
    and its last work: what it leaves is not collected (:func:`generator.collector.paused`)."""
    return stoppable(lambda: _main(argv, last=argv is None))


def _jobs(text: str) -> int:
    """``--jobs``: 1 or 2 processes (the rendering is split in two halves at most)."""
    if text not in ("1", "2"):
        raise argparse.ArgumentTypeError(f"{text!r}: write 1 or 2 (processes that render)")
    return int(text)


def _main(argv: list[str] | None, last: bool) -> int:
    arguments = parser().parse_args(argv)
    project = getattr(arguments, "project", None)
    if project is not None:
        from .layout import SITE_FILE

        if not os.path.lexists(project / SITE_FILE):
            where = "this folder" if project == Path(".") else str(project)
            print(
                f"error: {where} is not a belote-docs project (no {SITE_FILE}): run the command in the "
                "project folder (the one holding content/, locales/ and templates/) or pass it with -C DIR"
            )
            return 2
    # Each command's module is imported only when it runs: `check` needs no templates or catalogs.
    command = importlib.import_module(f"{__package__}.commands.{arguments.command}")
    # A command on a project reads nothing outside it (files.confined); the process's last one leaves
    # its values to the exit (collector.paused), but for serve, which builds again and again.
    with (
        confined(project) if project is not None else contextlib.nullcontext(),
        paused(last=True) if last and arguments.command != "serve" else contextlib.nullcontext(),
    ):
        return int(command.run(arguments))


if __name__ == "__main__":
    sys.exit(main())
