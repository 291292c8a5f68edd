"""Example and page files named on the command line: found in folders, loaded, their examples read."""

from __future__ import annotations

import os
from pathlib import Path

from ..files import FileError
from ..inputs import Inputs
from ..problems import Problem
from .examples import ExampleSet
from .pages import NO_TEMPLATES, Page, PageReader, is_page, is_site, template_ids
from .source import Document, SourceError, document_of, read_source

EXAMPLE_SUFFIXES = (".yaml", ".yml", ".json")
GENERATOR_TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
"""The templates of the project this generator is part of: the ids a page named to ``check`` may not take."""


def expand(paths: list[str]) -> list[str]:
    """The files named, with each folder replaced by its example files (sorted, recursively)."""
    files: list[str] = []
    for name in paths:
        path = Path(name)
        if name and os.path.isdir(path):  # Path("") is the current folder: an empty name is refused on reading
            found = [
                str(child)
                for child in sorted(path.rglob("*"))
                if child.suffix.lower() in EXAMPLE_SUFFIXES
                and os.path.isfile(child)
                and not any(part.startswith(".") for part in child.relative_to(path).parts)
            ]
            files.extend(found or [name])
        else:
            files.append(name)
    return files


def load_documents(
    files: list[str], problems: list[Problem], base: Path | None = None, inputs: Inputs | None = None
) -> list[Document]:
    """Load each file (named relative to ``base``, if given; noted in ``inputs``, if given); a
    file that cannot be read adds its problems and is left out."""
    documents = []
    for name in files:
        data = read_file(name, problems, base, inputs)
        loaded = parse_file(name, data, problems) if data is not None else None
        if loaded is not None:
            documents.append(loaded)
    return documents


def read_file(
    name: str, problems: list[Problem], base: Path | None = None, inputs: Inputs | None = None
) -> bytes | None:
    """The bytes of a file (named relative to ``base``, if given; noted in ``inputs``, if given);
    None, with its problem, when it cannot be read."""
    if not name:
        problems.append(Problem("''", 0, 0, "an empty file name: name a file or folder"))
        return None
    path = base / name if base else Path(name)
    try:
        data = read_source(path, name)
        if inputs is not None:
            inputs.note(name, data)
        return data
    except FileError as error:
        message = "a folder with no example files (.yaml, .yml, .json)" if os.path.isdir(path) else error.message
        problems.append(Problem(name, 0, 0, message))
    except SourceError as error:
        problems.extend(Problem(name, line, column, message) for line, column, message in error.problems)
    return None


def parse_file(name: str, data: bytes, problems: list[Problem]) -> Document | None:
    """The document of a file's bytes; None, with every problem found, when it is not valid YAML (or JSON)."""
    try:
        return document_of(name, data)
    except SourceError as error:
        problems.extend(Problem(name, line, column, message) for line, column, message in error.problems)
        return None


def read_examples(documents: list[Document], problems: list[Problem], pages: list[Page] | None = None) -> ExampleSet:
    """The examples of example files and of page files (the site's configuration has none);
    the pages read are added to ``pages`` when it is given."""
    examples = ExampleSet(problems=problems)
    pages_named = any(is_page(document) for document in documents)
    templates = template_ids(GENERATOR_TEMPLATES) if pages_named else NO_TEMPLATES  # examples alone need none
    for document in documents:
        if is_page(document):
            page = PageReader(document, examples, templates).page(Path(document.path).stem)
            if page is not None and pages is not None:
                pages.append(page)
        elif not is_site(document):
            examples.add_document(document)
    return examples
