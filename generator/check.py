"""The ``check`` command: load example files, run them through the engine, report or fix."""

from __future__ import annotations

from pathlib import Path

from .files import FileError, is_folder, is_readable_file, write_files
from .fix import fix_text
from .problems import Problem
from .reader.examples import ExampleSet
from .reader.pages import Page, is_page, is_site, read_page
from .reader.source import Document, SourceError, load
from .verify import verify

EXAMPLE_SUFFIXES = (".yaml", ".yml", ".json")


def expand(paths: list[str]) -> list[str]:
    """The files named, with each folder replaced by its example files (sorted, recursively)."""
    files: list[str] = []
    for name in paths:
        path = Path(name)
        if name and is_folder(path):  # Path("") is the current folder: an empty name is refused on reading
            found = [
                str(child)
                for child in sorted(path.rglob("*"))
                if child.suffix.lower() in EXAMPLE_SUFFIXES
                and is_readable_file(child)
                and not any(part.startswith(".") for part in child.relative_to(path).parts)
            ]
            files.extend(found or [name])
        else:
            files.append(name)
    return files


def load_documents(files: list[str], problems: list[Problem], base: Path | None = None) -> list[Document]:
    """Load each file (named relative to ``base``, if given); a file that cannot be read adds
    its problems and is left out."""
    documents = []
    for name in files:
        if not name:
            problems.append(Problem("''", 0, 0, "an empty file name: name a file or folder"))
            continue
        try:
            documents.append(load(base / name if base else Path(name), name))
        except FileError as error:
            folder = is_folder(base / name if base else Path(name))
            problems.append(
                Problem(name, 0, 0, "a folder with no example files (.yaml, .yml, .json)" if folder else error.message)
            )
        except SourceError as error:
            problems.extend(Problem(name, line, column, message) for line, column, message in error.problems)
    return documents


def read_examples(documents: list[Document], problems: list[Problem], pages: list[Page] | None = None) -> ExampleSet:
    """The examples of example files and of page files (the site's configuration has none);
    the pages read are added to ``pages`` when it is given."""
    examples = ExampleSet(problems=problems)
    for document in documents:
        if is_page(document):
            page = read_page(document, Path(document.path).stem, examples)
            if page is not None and pages is not None:
                pages.append(page)
        elif not is_site(document):
            examples.add_document(document)
    return examples


def run_check(paths: list[str], fix: bool) -> int:
    """Check (or fix) the example files; 0 all hold, 1 some do not, 2 the input is invalid."""
    files = expand(paths)
    problems: list[Problem] = []
    documents = load_documents(files, problems)
    examples = read_examples(documents, problems)
    verification = verify(examples.examples)
    problems.extend(verification.problems)
    if problems:
        order = {name: index for index, name in enumerate(files)}
        for problem in sorted(problems, key=lambda p: (order.get(p.path, 0), p.line, p.column)):
            print(problem)
        print(f"{count(len(problems), 'error')} in the input; nothing checked{' or written' if fix else ''}")
        return 2
    if fix:
        fixed: dict[Path, bytes] = {}
        for document in documents:
            answers = [
                (example, verification.answers[example.id])
                for example in examples.examples
                if example.path == document.path
            ]
            text = fix_text(document.text, answers, as_json=document.is_json)
            if text != document.text:
                fixed[Path(document.path)] = ("\ufeff" * document.bom + text).encode("utf-8")
        try:
            write_files(fixed)
        except FileError as error:
            print(error)
            print("1 error; nothing written")
            return 2
        changed = len(fixed)
        print(
            f"{count(len(examples.examples), 'example')} in {count(len(files), 'file')}; "
            f"{count(changed, 'file')} updated"
        )
        return 0
    for mismatch in verification.mismatches:
        print(mismatch)
    failing = len({m.example.id for m in verification.mismatches})
    if failing:
        print(f"{failing} of {len(examples.examples)} examples do not hold")
        return 1
    print(f"{count(len(examples.examples), 'example')} in {count(len(files), 'file')}: all hold")
    return 0


def count(number: int, noun: str) -> str:
    """``1 file``, ``2 files``: a count with its noun (the command line speaks English)."""
    return f"{number} {noun}{'s' * (number != 1)}"
