"""The ``regenerate`` command: after a change of the rules, every example follows, in every language.

It recomputes every example of the pages (and of any other example files named), writes the
engine's answers into the files as ``check --fix`` does, and marks the explanation of every
example whose answer changed **fuzzy in every catalog**: the prose may now be wrong, so
``build --strict`` fails until a writer and the translators have looked at it. It reports each
change (page, example, field, before → after) as text, and as Markdown with ``--report FILE``.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from .build import CONTENT, LOCALES, load_project
from .check import count, expand, load_documents, write_atomically
from .fix import fix_text
from .i18n.catalogs import catalog_path
from .problems import Problem
from .reader.examples import Example, ExampleSet
from .reader.notation import flow
from .reader.pages import ExampleBlock, Figure, Text, is_page, is_site, read_page
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


def mark_fuzzy(locales: Path, codes: list[str], texts: list[Text]) -> list[str]:
    """Flag each text's message fuzzy in each locale's catalog; the catalogs changed."""
    msgids = {text.msgid for text in texts}
    changed = []
    for code in codes:
        path = catalog_path(locales, code)
        if not path.is_file():
            continue
        data = path.read_bytes()
        catalog = read_po(io.BytesIO(data), locale=code)
        for message in catalog:
            if message.id in msgids and message.string:
                message.flags.add("fuzzy")
        stream = io.BytesIO()
        write_po(stream, catalog, width=100, include_previous=True)
        if stream.getvalue() != data:
            path.write_bytes(stream.getvalue())
            changed.append(code)
    return changed


def markdown_report(changes: list[Change], fuzzy: list[str], catalogs: list[str]) -> str:
    """The report as Markdown, for a pull request or a CI job summary."""
    if not changes:
        return "## Regenerate\n\nNothing changed: every example already states what the engine computes.\n"
    lines = ["## Regenerate", "",
             f"{count(len({c.example for c in changes}), 'example')} changed with the rules.", "",
             "| page | example | field | before | after |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| `{c.path}` | `{c.example}` | {c.field} | `{c.before}` | `{c.after}` |" for c in changes]
    if fuzzy:
        lines += ["", f"Marked fuzzy in {', '.join(catalogs) or 'no catalog'} (the prose may now be wrong; "
                      "`build --strict` fails until they are reviewed):", ""]
        lines += [f"- {example}" for example in fuzzy]
    return "\n".join(lines) + "\n"


def run_regenerate(root: Path, paths: list[str], report: Path | None) -> int:
    """Recompute, rewrite, flag the prose and report; 0 done (changed or not), 2 invalid input."""
    names = [os.path.relpath(name, root) for name in expand([str(root / name) for name in (paths or [CONTENT])])]
    problems: list[Problem] = []
    documents = load_documents(names, problems, root)
    examples = ExampleSet(problems=problems)
    blocks: dict[str, list[Text]] = {}  # example id -> the prose that describes its answer
    for document in documents:
        if is_page(document):
            page = read_page(document, Path(document.path).stem, examples)
            for section in page.sections if page else ():
                for block in section.blocks:
                    if isinstance(block, ExampleBlock):
                        blocks[block.example.id] = [block.explanation]
                    elif isinstance(block, Figure):
                        blocks[block.example.id] = [block.alt]
        elif not is_site(document):
            examples.add_document(document)
    verification = verify(examples.examples)
    problems.extend(verification.problems)
    if problems:
        for problem in sorted(problems):
            print(problem)
        print(f"{count(len(problems), 'error')} in the input; nothing regenerated")
        return 2
    changes = [change for example in examples.examples
               for change in changes_of(example, verification.answers[example.id])]
    changed_ids = list(dict.fromkeys(change.example for change in changes))
    for document in documents:
        answers = [(example, verification.answers[example.id]) for example in examples.examples
                   if example.path == document.path and example.id in changed_ids]
        if answers:
            text = fix_text(document.text, answers, as_json=document.is_json)
            if text != document.text:
                write_atomically(root / document.path, "\ufeff" * document.bom + text)
    fuzzy = [example for example in changed_ids if example in blocks]
    catalogs: list[str] = []
    if fuzzy:
        site = load_project(root, catalogs=False).site
        codes = list(site.locales) if site else []
        catalogs = mark_fuzzy(root / LOCALES, codes, [text for example in fuzzy for text in blocks[example]])
    for change in changes:
        print(f"{change.path}: {change.example}: {change.field}: {change.before} -> {change.after}")
    if changes:
        print(f"{count(len(changed_ids), 'example')} changed: {', '.join(changed_ids)}; the prose of "
              f"{', '.join(fuzzy) or 'none'} is fuzzy in every catalog ({count(len(catalogs), 'catalog')} "
              "changed now): review it, then clear the flags")
    else:
        print(f"nothing changed: {count(len(examples.examples), 'example')} in "
              f"{count(sum(1 for d in documents if not is_site(d)), 'file')} already state what the engine computes")
    if report is not None:
        report.write_text(markdown_report(changes, fuzzy, catalogs), encoding="utf-8")
    return 0
