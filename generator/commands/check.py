"""``check FILE|DIR ... [--fix]``: run example files through the engine, report or fix."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..collector import paused
from ..files import FileError, write_files
from ..fix import changes_of, fixed_texts
from ..problems import Problem, count
from ..reader.documents import expand, load_documents, read_examples
from ..verify import verify
from . import failed, report


@paused()  # the cycle collector only rescans the examples' acyclic values
def run(arguments: argparse.Namespace) -> int:
    """Check (or fix) the example files; 0 all hold, 1 some do not, 2 the input is invalid."""
    files, fix = expand(arguments.files), arguments.fix
    problems: list[Problem] = []
    documents = load_documents(files, problems)
    examples = read_examples(documents, problems)
    verification = verify(examples.examples)
    problems.extend(verification.problems)
    if problems:
        order = {name: index for index, name in enumerate(files)}
        for problem in sorted(problems, key=lambda p: (order.get(p.path, 0), p.line, p.column)):
            report(problem)
        print(f"{count(len(problems), 'error')} in the input; nothing checked{' or written' if fix else ''}")
        return 2
    if fix:
        texts = fixed_texts(documents, examples.examples, verification.checks)
        fixed = {Path(path): text.encode("utf-8") for path, text in texts.items()}
        checks = verification.checks
        changes = [change for example in examples.examples for change in changes_of(example, checks[example.id])]
        try:
            write_files(fixed)  # all or none
        except FileError as error:
            return failed(error, "nothing written")
        for change in changes:
            print(change)
        print(
            f"{count(len(examples.examples), 'example')} in {count(len(files), 'file')}; "
            f"{count(len(fixed), 'file')} updated"
        )
        return 0
    for mismatch in verification.mismatches:
        report(mismatch)
    failing = len({m.example.id for m in verification.mismatches})
    if failing:
        print(f"{failing} of {len(examples.examples)} examples do not hold")
        return 1
    print(f"{count(len(examples.examples), 'example')} in {count(len(files), 'file')}: all hold")
    return 0
