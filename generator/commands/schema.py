"""``schema [--out DIR]``: the JSON Schemas of the content files (for editors), of ``examples.json``
and of ``reasons.json`` (for the app), and the README's table of the engine's codes."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import reason_map
from ..codes import with_table
from ..export import SCHEMA_NAME, schema_data
from ..files import FileError, output_problem, read_input, write_files
from ..outputs import input_refusal
from ..problems import Problem
from ..project import project_inputs, read_site
from ..schema import schema_files
from . import failed, report

SCHEMAS = Path("schemas")
README = Path("README.md")


def run(arguments: argparse.Namespace) -> int:
    """Write the schemas into ``--out`` (default: schemas/ in the project, and then the README's
    table of codes too); 0 written or already current, 2 the site's file or an output is wrong."""
    root: Path = arguments.project
    out = arguments.out if arguments.out is not None else root / SCHEMAS
    problems: list[Problem] = []
    site = read_site(root, problems)
    if site is None:
        for problem in problems:
            report(problem)
        print(f"{len(problems)} error(s) in the site's file; nothing written")
        return 2
    files = {out / name: data for name, data in schema_files().items()}
    files[out / SCHEMA_NAME] = schema_data(site.base_url)  # ids under the site's address, as published
    files[out / reason_map.SCHEMA_NAME] = reason_map.schema_data(site.base_url)
    if arguments.out is None:
        try:
            readme = read_input(root / README, README.as_posix()).decode("utf-8")
        except FileError as error:
            return failed(error, "nothing written")
        tabled = with_table(readme)
        if tabled is not None:
            files[root / README] = tabled.encode("utf-8")
    inputs = project_inputs(root)
    for target in files:  # none of what a build reads
        refusal = input_refusal(inputs, target, f"{SCHEMAS}/ in the project folder") or output_problem(target)
        if refusal is not None:
            print(f"{target}: error: {refusal}; nothing written")
            return 2
    changed = {path: data for path, data in files.items() if not path.is_file() or path.read_bytes() != data}
    if not changed:
        print(f"{out}: already current")
        return 0
    try:
        write_files(changed)
    except FileError as error:
        return failed(error, "nothing written")
    for path in sorted(changed):
        print(f"{path}: written")
    return 0
