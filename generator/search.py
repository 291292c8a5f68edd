"""The search index: Pagefind (the npm package pinned in package.json) run over the complete
staging folder, so that the index is swapped in with the pages it indexes.

Pagefind makes one index per ``<html lang>`` (each locale's pages; the chooser and 404.html are
left out by the glob), of each page's ``<main>`` only (not the header and footer every page
shares). Its output is deterministic: file names are content hashes, and two runs over the same
pages write the same bytes.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from .files import FileError
from .keys import digest
from .records import FileRecord, stamp

BUNDLE = "pagefind"
"""The folder of the site that Pagefind writes: its scripts, WebAssembly and indexes."""
_CHECKOUT = Path(__file__).resolve().parent.parent
_OPTIONS = ("--glob", "*/**/*.html", "--root-selector", "main", "--keep-index-url", "--silent")


def indexer() -> str | None:
    """The binary of this checkout's pinned Pagefind: ``npm ci`` installs the one of this platform
    only, as an optional dependency of the ``pagefind`` package. Run directly rather than through
    the package's Node wrapper: that saves Node's start, 0.15 s of each of serve's rebuilds."""
    for name in ("pagefind_extended", "pagefind", "pagefind_extended.exe", "pagefind.exe"):
        for binary in sorted((_CHECKOUT / "node_modules" / "@pagefind").glob(f"*/bin/{name}")):
            if os.access(binary, os.X_OK):
                return str(binary)
    return None


def indexer_version() -> str:
    """The version of the Pagefind installed here (its npm package's), "" when none is: a new one
    indexes the site again."""
    package = _CHECKOUT / "node_modules" / "pagefind" / "package.json"
    try:
        return str(json.loads(package.read_text(encoding="utf-8")).get("version", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def index_search(site: Path) -> dict[str, FileRecord]:
    """Index the pages of ``site`` into ``site/pagefind/``; the record of every file written (so
    that the next build sees the site as it left it). FileError when Pagefind is missing or fails."""
    command = indexer()
    if command is None:
        raise FileError(BUNDLE, "Pagefind, the search indexer, is not installed: run ./setup (it runs npm ci)")
    try:
        printed, complaint = _run([command, "--site", str(site), *_OPTIONS])
    except (OSError, subprocess.TimeoutExpired) as error:
        raise FileError(BUNDLE, f"Pagefind could not run ({error}): run ./setup") from None
    if complaint is not None:
        said = printed.strip().splitlines()
        reason = said[-1] if said else complaint
        raise FileError(
            BUNDLE, f"Pagefind, the search indexer, failed: {reason} (if it is broken, ./setup reinstalls it)"
        )
    files = {}
    for path in sorted((site / BUNDLE).rglob("*")):
        if path.is_file():
            sha = digest(path.read_bytes())
            files[path.relative_to(site).as_posix()] = FileRecord(sha, sha, (), stamp(path))
    return files


def _run(command: list[str]) -> tuple[str, str | None]:
    """What the command printed, and ``exit N`` if it failed. Stopped (Ctrl+C, SIGTERM, the
    timeout), it is killed and waited for: Popen does not wait after Ctrl+C, and a Pagefind still
    writing into the staging folder would leave it behind as the build removes it."""
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, encoding="utf-8", errors="replace"
    ) as process:
        try:
            printed, _ = process.communicate(timeout=300)
        except BaseException:
            process.kill()
            process.wait()
            raise
    return printed, f"exit {process.returncode}" if process.returncode else None
