"""``export [PATH ...] [--out FILE]``: examples with the engine's answers as one JSON file (the app's
conformance suite), completed by positions the engine draws, and its schema beside it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..export import SCHEMA_NAME, example_line, export_data, schema_data
from ..files import FileError, output_problem, write_files
from ..outputs import input_refusal
from ..problems import Problem, count
from ..project import CONTENT, project_inputs, read_site
from ..reader.documents import expand, load_documents, read_examples
from ..verify import verify
from . import failed, report

DEFAULT = "examples.json"
"""Where ``export`` writes, in the project folder, unless told otherwise."""


def run(arguments: argparse.Namespace) -> int:
    """The command: check every example of its paths (relative to the project; default: ``content/``),
    then write its output (default: :data:`DEFAULT`) and the schema beside it (both or neither); 0
    written, 1 an example does not hold, 2 the input (or the output's place) is wrong."""
    root, paths = arguments.project, arguments.paths
    out: Path = arguments.out if arguments.out is not None else root / DEFAULT
    schema = out.parent / SCHEMA_NAME
    if out.name == SCHEMA_NAME:
        print(f"{out}: error: that is the name of the schema written beside the file: choose another name")
        return 2
    names = [os.path.relpath(name, root) for name in expand([str(root / name) for name in (paths or [CONTENT])])]
    inputs, read = project_inputs(root), [root / name for name in names]
    for target in (out, schema):  # neither a file it reads nor one a build reads
        refusal = input_refusal(inputs, target, f"{DEFAULT} in the project folder") or output_problem(target, read)
        if refusal is not None:
            print(f"{target}: error: {refusal}; nothing written")
            return 2
    problems: list[Problem] = []
    site = read_site(root, problems)
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
