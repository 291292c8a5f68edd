"""Regenerating after a rules change: every example follows, in every language.

It recomputes every example of the pages (and of any other example files named), writes the
engine's answers into the files as ``check --fix`` does, and marks the explanation of every
example whose answer changed **fuzzy in every catalog**: the prose may now be wrong, so
``build --strict`` fails until a writer and the translators have looked at it. It reports each
change (page, example, field, before → after) as text, and as Markdown with ``--report FILE``.
Everything is read and checked first (content, site configuration, every catalog); only then
is anything written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .files import FileError, read_input
from .fix import Change, changes_of, fix_text
from .i18n.catalogs import ANSWER_CHANGED, LOCALES, catalog_path
from .i18n.pofile import parse_po, po_bytes, with_line_ends_of
from .problems import Problem, count
from .project import CONTENT, read_site
from .reader.documents import expand, load_documents, read_examples
from .reader.pages import ExampleBlock, Figure, Page, Text, is_site
from .verify import verify


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
        flagged_data = with_line_ends_of(po_bytes(catalog), data)
        if flagged_data != data:
            flagged[root / display] = flagged_data
    return flagged


def markdown_report(changes: list[Change], fuzzy: list[str], catalogs: list[str]) -> str:
    """The report as Markdown, for a pull request or a CI job summary."""
    if not changes:
        return "## Regenerate\n\nNothing changed: every example already states what the engine computes.\n"
    lines = [
        "## Regenerate",
        "",
        f"{count(len({c.example for c in changes}), 'example')} changed with the rules.",
        "",
        "| page | example | field | before | after |",
        "| --- | --- | --- | --- | --- |",
    ]
    lines += [f"| `{c.path}` | `{c.example}` | {c.field} | `{c.before}` | `{c.after}` |" for c in changes]
    if fuzzy:
        newly = f"; newly flagged in {', '.join(catalogs)}" if catalogs else ""
        lines += [
            "",
            "Their prose is now fuzzy in every catalog (it may be wrong; `build --strict` fails until a "
            f"writer and the translators have reviewed it){newly}:",
            "",
        ]
        lines += [f"- `{example}`" for example in fuzzy]
    return "\n".join(lines) + "\n"


@dataclass
class Regeneration:
    """What a regenerate would write, computed from everything read and checked first."""

    problems: list[Problem] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    """The ids of the examples whose answer changed, in file order."""
    fuzzy: list[str] = field(default_factory=list)
    """Those of them whose prose (explanation, alternative text) is on a page."""
    files: dict[Path, str] = field(default_factory=dict)
    """Each content file to rewrite, with its new text (a byte-order mark kept)."""
    catalogs: dict[Path, bytes] = field(default_factory=dict)
    """Each catalog that flags prose fuzzy for the first time, with its new content."""
    locales: list[str] = field(default_factory=list)
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
    prose: dict[str, list[Text]] = {}  # example id -> the prose that states its answer
    for block in (block for page in pages for block in page.blocks):
        if isinstance(block, ExampleBlock):
            prose[block.example.id] = [block.explanation]
        elif isinstance(block, Figure):
            prose[block.example.id] = [block.alt]
    verification = verify(examples.examples)
    problems.extend(verification.problems)
    if not problems:
        site_problems: list[Problem] = []
        site = read_site(root, site_problems)
        problems.extend(site_problems)
        plan.locales = list(site.locales) if site else []
    plan.changes = [
        change
        for example in examples.examples
        for change in changes_of(example, verification.checks.get(example.id, []))
    ]
    plan.changed = list(dict.fromkeys(change.example for change in plan.changes))
    plan.fuzzy = [example for example in plan.changed if example in prose]
    if plan.fuzzy:
        plan.catalogs = fuzzy_catalogs(root, plan.locales, [text for e in plan.fuzzy for text in prose[e]], problems)
    for document in documents:
        fixes = [
            (example, verification.checks[example.id])
            for example in examples.examples
            if example.path == document.path and example.id in plan.changed
        ]
        if fixes:
            text = fix_text(document, fixes)
            plan.files[root / document.path] = "\ufeff" * document.bom + text
    plan.examples = len(examples.examples)
    plan.documents = sum(1 for document in documents if not is_site(document))
    return plan
