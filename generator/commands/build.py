"""``build [--strict] [--out DIR]``: the site, every example checked, written only if all is well."""

from __future__ import annotations

import argparse

from ..build import build


def run(arguments: argparse.Namespace) -> int:
    """Build into ``--out`` (default: ``site/`` in the project); the build's exit code."""
    out = arguments.out if arguments.out is not None else arguments.project / "site"
    return build(arguments.project, out, arguments.strict).code
