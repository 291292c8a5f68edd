"""``export [PATH ...] [--out FILE]``: examples with the engine's answers as one JSON file (the app's
conformance suite), completed by positions the engine draws, and its schema beside it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..export import SCHEMA_NAME, example_line, export_data, schema_data
from ..files import FileError, output_problem, write_files
from ..problems import Problem, count
from ..project import CONTENT, read_site
from ..reader.documents import expand, load_documents, read_examples
from ..verify import verify
from . import failed, report


def run(arguments: argparse.Namespace) -> int:
    """The command: see :func:`run_export`."""
    out = arguments.out if arguments.out is not None else arguments.project / "examples.json"
    return run_export(arguments.project, arguments.paths, out)


def run_export(root: Path, paths: list[str], out: Path) -> int:
    """Check every example of ``paths`` (relative to ``root``; default: ``content/``), then write
    ``out`` and its schema beside it (both or neither); 0 written, 1 an example does not hold, 2
    the input (or the output's place) is wrong."""
    schema = out.parent / SCHEMA_NAME
    if out.name == SCHEMA_NAME:
        print(f"{out}: error: that is the name of the schema written beside the file: choose another name")
        return 2
    for target in (out, schema):
        refusal = output_problem(target, []) or _inside_content(root, target)
        if refusal is not None:
            print(f"{target}: error: {refusal}; nothing written")
            return 2
    problems: list[Problem] = []
    site = read_site(root, problems)
    names = [os.path.relpath(name, root) for name in expand([str(root / name) for name in (paths or [CONTENT])])]
    documents = load_documents(names, problems, root)
    examples = read_examples(documents, problems)
    verification = verify(examples.examples)
    problems += verification.problems
    if problems or verification.mismatches:
        for problem in sorted(problems):
            report(problem)
        for mismatch in verification.mismatches:
            report(mismatch)
        failing = len({m.example.id for m in verification.mismatches})
        parts = [count(len(problems), "error")] if problems else []
        parts += [f"{count(failing, 'example')} not holding"] if failing else []
        print(f"{' and '.join(parts)}; nothing written")
        return 2 if problems else 1
    assert site is not None
    lines = [example_line(example, verification.solutions[example.id]) for example in examples.examples]
    data = export_data(lines, site.base_url)
    try:
        write_files({out: data, schema: schema_data(site.base_url)})
    except FileError as error:
        return failed(error, "nothing written")
    drawn = data.count(b'"id":"drawn-')
    print(
        f"{out}: {count(len(examples.examples), 'example')} of {count(len(names), 'file')} and {drawn} drawn by "
        f"the engine, with its answers; schema: {schema}"
    )
    return 0


def _inside_content(root: Path, target: Path) -> str | None:
    """Why the file may not go there: among the pages, where it would be read as one."""
    if target.resolve().is_relative_to((root / CONTENT).resolve()):
        return f"inside the project's {CONTENT}/, which holds the pages: write it elsewhere"
    return None
