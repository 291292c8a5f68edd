"""The search index: Pagefind (the npm package pinned in package.json) run over the complete
staging folder, so that the index is swapped in with the pages it indexes.

Pagefind makes one index per ``<html lang>`` (each locale's pages; the chooser and 404.html are
left out by the glob), of each page's ``<main>`` only (not the header and footer every page
shares). Its output is deterministic: file names are content hashes, and two runs over the same
pages write the same bytes.
"""

from __future__ import annotations

import json
import shutil
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
    """The Pagefind command: this checkout's pinned one (``npm ci``), else one on the PATH."""
    pinned = _CHECKOUT / "node_modules" / ".bin" / "pagefind"
    return str(pinned) if pinned.is_file() else shutil.which("pagefind")


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
        run = subprocess.run(
            [command, "--site", str(site), *_OPTIONS],
            capture_output=True,
            encoding="utf-8",
            errors="replace",
            timeout=300,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise FileError(BUNDLE, f"Pagefind could not run ({error}): run ./setup") from None
    if run.returncode != 0:
        said = (run.stderr or run.stdout).strip().splitlines()
        reason = said[-1] if said else f"exit {run.returncode}"
        raise FileError(
            BUNDLE, f"Pagefind, the search indexer, failed: {reason} (if it is broken, ./setup reinstalls it)"
        )
    files = {}
    for path in sorted((site / BUNDLE).rglob("*")):
        if path.is_file():
            sha = digest(path.read_bytes())
            files[path.relative_to(site).as_posix()] = FileRecord(sha, sha, (), stamp(path))
    return files
