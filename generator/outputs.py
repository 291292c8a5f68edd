"""What no command writes: the project's own inputs. Every output a command is told to write
(``build --out``, ``export --out``, ``schema --out``, ``regenerate --report``) is checked here
against what a build reads (:func:`generator.project.project_inputs`, the loader's own notes), so
that an output never replaces a page, a catalog or a template, nor lands where the next build
would read it as one."""

from __future__ import annotations

import os
from pathlib import Path

from .files import under
from .inputs import LISTING, Inputs


def input_refusal(inputs: Inputs, target: Path, instead: str) -> str | None:
    """Why ``target`` may not be written, and where to write instead (``instead``, such as
    ``site/``): it is one of ``inputs``' files, it is inside a folder they list (through a link
    too), or it is a folder holding one of them (a build replaces its output folder whole); None
    when it may be written."""
    real = Path(os.path.realpath(target))
    files, folders = _real_paths(inputs)
    where = f"write it elsewhere, such as {instead}"
    if real in files:
        return f"this is {files[real]}, one of the project's inputs, which no command writes over: {where}"
    inside = [(len(folder.parts), name) for folder, name in folders.items() if under(str(real), str(folder))]
    if inside:  # the innermost
        return f"inside {max(inside)[1]}/, which a build reads (a file there is one of the project's inputs): {where}"
    held = min(((path, name) for path, name in files.items() if under(str(path), str(real))), default=None)
    if held is not None:
        return f"this folder holds {held[1]}, one of the project's inputs, which no command writes over: {where}"
    return None


def _real_paths(inputs: Inputs) -> tuple[dict[Path, str], dict[Path, str]]:
    """The real path of each file ``inputs`` noted, and of each folder it listed and each folder
    under it (a linked one by its real path), with its name in the project."""
    files: dict[Path, str] = {}
    folders: dict[Path, str] = {}
    parents: dict[str, str] = {}  # each folder's real path, found once
    for name in inputs.digests:
        path = inputs.root / name.removesuffix(LISTING)
        if not name.endswith(LISTING):
            parent = str(path.parent)
            if parent not in parents:
                parents[parent] = os.path.realpath(parent)
            linked = os.path.islink(path)  # else its real path is its folder's, and its name
            files[Path(os.path.realpath(path) if linked else os.path.join(parents[parent], path.name))] = name
            continue
        for top, names, _ in os.walk(path, followlinks=True):
            real = Path(os.path.realpath(top))
            if real in folders:
                names[:] = []  # a loop of links, or a folder linked twice
                continue
            folders[real] = Path(top).relative_to(inputs.root).as_posix()
    return files, folders
