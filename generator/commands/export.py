"""``export [--out FILE]``: every example with the engine's answers as one JSON file, and its schema beside it."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..export import export_data, schema_data
from ..files import FileError, output_problem, write_files
from ..outputs import input_refusal
from ..problems import count
from ..project import load_project, project_inputs
from . import failed

SCHEMA_NAME = "examples.schema.json"
DEFAULT = "examples.json"
"""Where ``export`` writes, in the project folder, unless told otherwise."""


def run(arguments: argparse.Namespace) -> int:
    """The command: see :func:`run_export`."""
    out = arguments.out if arguments.out is not None else arguments.project / DEFAULT
    return run_export(arguments.project, out)


def run_export(root: Path, out: Path) -> int:
    """Check every example of the site, then write ``out`` and its schema beside it (both or
    neither); 0 written, 1 an example does not hold, 2 the input (or the output's place) is wrong."""
    schema = out.parent / SCHEMA_NAME
    if out.name == SCHEMA_NAME:
        print(f"{out}: error: that is the name of the schema written beside the file: choose another name")
        return 2
    inputs = project_inputs(root)
    for target in (out, schema):
        refusal = output_problem(target) or input_refusal(inputs, target, f"{DEFAULT} in the project folder")
        if refusal is not None:
            print(f"{target}: error: {refusal}; nothing written")
            return 2
    project = load_project(root, catalogs=False)
    if project.problems or project.mismatches:
        for problem in sorted(project.problems):
            print(problem)
        for mismatch in project.mismatches:
            print(mismatch)
        failing = len({m.example.id for m in project.mismatches})
        parts = [count(len(project.problems), "error")] if project.problems else []
        parts += [f"{count(failing, 'example')} not holding"] if failing else []
        print(f"{' and '.join(parts)}; nothing written")
        return 2 if project.problems else 1
    try:
        write_files({out: export_data(project.examples, project.exported), schema: schema_data()})
    except FileError as error:
        return failed(error, "nothing written")
    print(f"{out}: {count(len(project.examples), 'example')} with the engine's answers; schema: {schema}")
    return 0
