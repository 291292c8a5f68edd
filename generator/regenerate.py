"""Regenerating after a rules change: every example follows, in every language.

It recomputes every example of the pages (and of any other example files named), writes the
engine's answers into the files as ``check --fix`` does, and marks the explanation of every
example whose answer changed **fuzzy in every catalog**: the prose may now be wrong, so
``build --strict`` fails until a writer and the translators have looked at it. It reports each
change (page, example, field, before → after) as text, and as Markdown with ``--report FILE``;
given the site as built before the change (``--site-before DIR``), the report also lists every
page and ``reasons.json`` sentence whose text the change alters, per locale.
Everything is read and checked first (content, site configuration, every catalog); only then
is anything written.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import site_text
from .files import FileError, confined, read_input, temporary_folder
from .fix import Change, changes_of, fixed_texts
from .i18n.catalogs import ANSWER_CHANGED, LOCALES, catalog_path
from .i18n.pofile import parse_po, po_bytes, with_line_ends_of
from .problems import Problem, count
from .project import CONTENT, TEMPLATES, read_site
from .reader.documents import expand, load_documents, read_examples
from .reader.pages import ExampleBlock, Figure, Page, Text, is_site
from .site_text import TextChange
from .verify import verify

if TYPE_CHECKING:
    from .build import BuildResult


def fuzzy_catalogs(root: Path, codes: list[str], texts: list[Text], problems: list[Problem]) -> dict[Path, bytes]:
    """Each catalog with the texts' messages flagged fuzzy (only those it changes); problems when a
    catalog cannot be read."""
    msgids = {text.msgid for text in texts}
    flagged = {}
    for code in codes:
        display = catalog_path(Path(LOCALES), code).as_posix()
        if not os.path.lexists(root / display):
            continue
        try:
            data = read_input(root / display, display)
        except FileError as error:
            problems.append(Problem(display, 0, 0, error.message))
            continue
        catalog = parse_po(data, display, problems, locale=code)
        if catalog is None:
            continue
        for message in catalog:
            if message.id in msgids and message.string:
                message.flags.add("fuzzy")
                if ANSWER_CHANGED not in message.user_comments:
                    message.user_comments.append(ANSWER_CHANGED)
        if (flagged_data := with_line_ends_of(po_bytes(catalog), data)) != data:
            flagged[root / display] = flagged_data
    return flagged


def markdown_report(
    changes: list[Change],
    fuzzy: list[str],
    catalogs: list[str],
    site: list[TextChange] | None = None,
    review: list[Problem] | None = None,
) -> str:
    """The report as Markdown, for a pull request or a CI job summary: the examples' answers that
    changed, the prose flagged for review (each catalog line ``build --strict`` will list), and with
    ``site`` every page and ``reasons.json`` sentence whose text changed, per locale."""
    if not changes:
        return "## Regenerate\n\nNothing changed: every example already states what the engine computes.\n"
    lines = [
        "## Regenerate",
        "",
        f"{count(len({c.example for c in changes}), 'example')} changed with the rules.",
        "",
        "| file | example | field | before | after |",
        "| --- | --- | --- | --- | --- |",
    ]
    lines += [f"| `{c.path}` | `{c.example}` | {c.field} | `{c.before}` | `{c.after}` |" for c in changes]
    if fuzzy:
        newly = f"; newly flagged in {', '.join(catalogs)}" if catalogs else ""
        lines += [
            "",
            "### What is left to do",
            "",
            "Their prose is now fuzzy in every catalog (it may be wrong): `build --strict` (CI's strict build, "
            "the one check of this pull request that fails) lists it until a writer has fixed the English "
            f"(then `i18n extract` and `i18n update`) or the translators have reviewed it{newly}:",
            "",
        ]
        lines += [f"- `{example}`" for example in fuzzy]
    if review:
        lines += ["", "The lines to review (locale's catalog, line):", "", "```"]
        lines += [f"{problem.path}:{problem.line}: {_reviewed_example(problem)}" for problem in review]
        lines += ["```"]
    if site is not None:
        lines += ["", "### The site's text, before and after", "", site_text.markdown(site)]
    return "\n".join(lines).rstrip("\n") + "\n"


def _reviewed_example(problem: Problem) -> str:
    """The example a warning of prose to review is about (its message names it), or the message."""
    found = re.search(r"example ([a-z0-9-]+)", problem.message)
    return f"example {found.group(1)}" if found else problem.message


def read_site_files(folder: Path) -> dict[str, bytes]:
    """A built site's pages and reasons.json, by their path in the site (``fr/bidding.html``): a
    folder the user names, outside the project (read as it is, as a file named on the command line)."""
    found: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and (name.endswith(".html") or name == "reasons.json") and "pagefind" not in name:
            try:
                found[name] = path.read_bytes()
            except OSError as error:
                raise FileError(str(path), f"cannot be read: {error.strerror}") from None
    return found


def site_after(root: Path, plan: Regeneration) -> BuildResult:
    """The site as it will be once ``plan`` is written, built in memory from a copy of the project
    with the new files (answers and flagged catalogs), without the search index: so that the report
    can tell what a reader will see change before anything of the project is written."""
    from .build import build  # the build's modules are needed only for this report

    with temporary_folder("belote-docs-regenerate-") as scratch:
        copy = Path(scratch)
        for folder in (CONTENT, LOCALES, TEMPLATES):
            shutil.copytree(root / folder, copy / folder, symlinks=False)
        for path, data in (plan.files | plan.catalogs).items():
            target = copy / path.relative_to(root)
            if target.parent.is_dir():  # a page or a catalog; an edge case of tests/examples is not the site's
                target.write_bytes(data)
        with confined(copy):  # the copy is the project of these reads
            if plan.changed:
                refresh_translator_comments(copy)  # as the command then does: the catalogs' lines as they will be
            return build(copy, None, strict=False, search=False)


def refresh_translator_comments(root: Path) -> None:
    """Extract and update, so that the translators' comments state the new answers."""
    from .messages import extract, template_exists, update

    problems: list[Problem] = []
    site = read_site(root, problems)
    if site is None or extract(root, site, problems).mismatches or problems:
        return
    if template_exists(root):
        update(root, list(site.locales), [])


@dataclass
class Regeneration:
    """What a regenerate would write, computed from everything read and checked first."""

    problems: list[Problem] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    """The ids of the examples whose answer changed, in file order."""
    fuzzy: list[str] = field(default_factory=list)
    """Those of them whose prose (explanation, alternative text) is on a page."""
    files: dict[Path, bytes] = field(default_factory=dict)
    """Each content file to rewrite, with its new text in UTF-8 (a byte-order mark kept)."""
    catalogs: dict[Path, bytes] = field(default_factory=dict)
    """Each catalog that flags prose fuzzy for the first time, with its new content."""
    inputs: list[Path] = field(default_factory=list)
    """Every file read (the report may not replace one of them)."""
    examples: int = 0
    documents: int = 0
    """Example and page files read (the site's configuration aside)."""

    @property
    def flagged(self) -> list[str]:
        """The locales whose catalog is newly flagged."""
        return sorted(path.parent.parent.name for path in self.catalogs)


def regenerate(root: Path, paths: list[str]) -> Regeneration:
    """Recompute every example of ``paths`` (relative to ``root``; default: ``content/``) and
    plan the new files: the answers written as ``check --fix`` does, the prose flagged fuzzy."""
    names = [os.path.relpath(name, root) for name in expand([str(root / name) for name in (paths or [CONTENT])])]
    plan = Regeneration()
    problems = plan.problems
    documents = load_documents(names, problems, root)
    plan.inputs = [root / name for name in names]
    pages: list[Page] = []
    examples = read_examples(documents, problems, pages)
    prose: dict[str, Text] = {}  # example id -> the prose that states its answer
    for block in (block for page in pages for block in page.blocks):
        if isinstance(block, ExampleBlock):
            prose[block.example.id] = block.explanation
        elif isinstance(block, Figure):
            prose[block.example.id] = block.alt
    verification = verify(examples.examples)
    problems.extend(verification.problems)
    site = read_site(root, problems) if not problems else None  # its locales' catalogs flag the prose
    plan.changes = [
        change
        for example in examples.examples
        for change in changes_of(example, verification.checks.get(example.id, []))
    ]
    plan.changed = list(dict.fromkeys(change.example for change in plan.changes))
    plan.fuzzy = [example for example in plan.changed if example in prose]
    if plan.fuzzy:
        locales = list(site.locales) if site else []
        plan.catalogs = fuzzy_catalogs(root, locales, [prose[example] for example in plan.fuzzy], problems)
    changed = [example for example in examples.examples if example.id in plan.changed]
    texts = fixed_texts(documents, changed, verification.checks)
    plan.files = {root / path: text.encode("utf-8") for path, text in texts.items()}
    plan.examples = len(examples.examples)
    plan.documents = sum(1 for document in documents if not is_site(document))
    return plan
