"""The ``regenerate`` command: after a change of the rules, every example follows, in every language.

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
from dataclasses import dataclass
from pathlib import Path

from .build import CONTENT, SITE_FILE, TEMPLATES, load_project
from .check import count, expand, load_documents, read_examples
from .files import FileError, output_problem, read_input, write_files
from .fix import fix_text
from .i18n.catalogs import LOCALES, catalog_path, parse_po, po_bytes
from .i18n.extract import POT, template_catalog, update_catalogs, write_template
from .problems import Problem
from .reader.examples import Example
from .reader.notation import flow
from .reader.pages import ExampleBlock, Figure, Page, Text, is_site
from .verify import agrees, verify


@dataclass(frozen=True)
class Change:
    """One field of one example whose answer the engine now computes differently."""

    path: str
    example: str
    field: str
    before: str
    after: str


def changes_of(example: Example, answer: dict[str, object]) -> list[Change]:
    """The fields whose stated value differs from the engine's answer (or that are not stated)."""
    found = []
    for name, value in answer.items():
        stated = example.expect.get(name)
        if stated is None or not agrees(name, stated.value, value):
            before = "(not stated)" if stated is None else flow(stated.value)
            found.append(Change(example.path, example.id, name, before, flow(value)))
    return found


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
        flagged_data = po_bytes(catalog)
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


def run_regenerate(root: Path, paths: list[str], report: Path | None) -> int:
    """Recompute, rewrite, flag the prose and report; 0 done (changed or not), 2 invalid input."""
    names = [os.path.relpath(name, root) for name in expand([str(root / name) for name in (paths or [CONTENT])])]
    if report is not None:
        inputs = [root / name for name in names] + [root / SITE_FILE, root / LOCALES / POT]
        inputs += [root / catalog_path(Path(LOCALES), code) for code in _locale_codes(root)]
        refusal = output_problem(report, str(report), inputs) or _inside_inputs(root, report)
        if refusal is not None:
            print(f"{report}: error: {refusal} (the report); nothing regenerated")
            return 2
    problems: list[Problem] = []
    documents = load_documents(names, problems, root)
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
    site = load_project(root, catalogs=False).site if not problems else None
    if site is None and not problems:
        problems.append(
            Problem(
                "content/site.yaml",
                1,
                1,
                "the site's configuration cannot be read: run `python -m generator build` to see why",
            )
        )
    changes = [
        change
        for example in examples.examples
        for change in changes_of(example, verification.answers.get(example.id, {}))
    ]
    changed = list(dict.fromkeys(change.example for change in changes))
    fuzzy = [example for example in changed if example in prose]
    catalogs = (
        fuzzy_catalogs(root, list(site.locales) if site else [], [text for e in fuzzy for text in prose[e]], problems)
        if fuzzy
        else {}
    )
    if problems:
        for problem in sorted(problems):
            print(problem)
        print(f"{count(len(problems), 'error')} in the input; nothing regenerated")
        return 2
    written: dict[Path, bytes] = {}
    for document in documents:
        answers = [
            (example, verification.answers[example.id])
            for example in examples.examples
            if example.path == document.path and example.id in changed
        ]
        if answers:
            text = "\ufeff" * document.bom + fix_text(document.text, answers, as_json=document.is_json)
            written[root / document.path] = text.encode("utf-8")
    written.update(catalogs)
    flagged = sorted(path.parent.parent.name for path in catalogs)
    if report is not None:
        written[report] = markdown_report(changes, fuzzy, flagged).encode("utf-8")
    try:
        write_files(written, {path: os.path.relpath(path, root) for path in written if path != report})
    except FileError as error:
        print(error)
        print("1 error; nothing regenerated")
        return 2
    try:
        if changed:
            _refresh_translator_comments(root, list(site.locales) if site else [])
    except FileError as error:
        print(error)
        print("the answers are written; the translators' comments are not: run `i18n extract` and `i18n update`")
        return 2
    for change in changes:
        print(f"{change.path}: {change.example}: {change.field}: {change.before} -> {change.after}")
    if changed:
        print(f"{count(len(changed), 'example')} changed: {', '.join(changed)}")
        if fuzzy:
            print(
                f"the prose of {', '.join(fuzzy)} is fuzzy in every catalog (newly flagged in "
                f"{', '.join(flagged) or 'none'}): review it, then clear the flags"
            )
    else:
        print(
            f"nothing changed: {count(len(examples.examples), 'example')} in "
            f"{count(sum(1 for d in documents if not is_site(d)), 'file')} already state what the engine computes"
        )
    return 0


def _locale_codes(root: Path) -> list[str]:
    """The locales that have a catalog folder (each catalog is an input the report may not replace)."""
    try:
        return sorted(entry.name for entry in (root / LOCALES).iterdir() if entry.is_dir())
    except OSError:
        return []


def _inside_inputs(root: Path, report: Path) -> str | None:
    """Why the report may not go where it is named: inside a folder the project reads."""
    target = Path(os.path.realpath(report))
    for folder in (CONTENT, LOCALES, TEMPLATES):
        if target.is_relative_to(Path(os.path.realpath(root / folder))):
            return f"inside the project's {folder}/, which regenerate reads: write the report elsewhere"
    return None


def _refresh_translator_comments(root: Path, codes: list[str]) -> None:
    """Extract and update, so that the translators' comments state the new answers."""
    project = load_project(root, catalogs=False)
    if project.site is None or project.problems or project.mismatches:
        return
    write_template(root / LOCALES, template_catalog(root, project.pages, project.site.name, project.views))
    if (root / LOCALES / POT).is_file():
        update_catalogs(root / LOCALES, codes, [])
