"""``schema [--out FILE]``: the JSON Schema of the content files, for editors (README, "Edit with a schema")."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..files import FileError, output_problem, write_files
from ..outputs import input_refusal
from ..project import project_inputs
from ..schema import schema_bytes
from . import failed

SCHEMA_FILE = Path("schemas") / "content.schema.json"


def run(arguments: argparse.Namespace) -> int:
    """Write the schema to ``--out`` (default: schemas/content.schema.json in the project); 0 or 2."""
    out = arguments.out if arguments.out is not None else arguments.project / SCHEMA_FILE
    refusal = output_problem(out) or input_refusal(project_inputs(arguments.project), out, f"{SCHEMA_FILE}")
    if refusal is not None:
        print(f"{out}: error: {refusal}; nothing written")
        return 2
    data = schema_bytes()
    if out.is_file() and out.read_bytes() == data:
        print(f"{out}: already current")
        return 0
    try:
        write_files({out: data})
    except FileError as error:
        return failed(error, "nothing written")
    print(f"{out}: written")
    return 0
