"""``build [--strict] [--out DIR] [--base-url URL]``: the site, every example checked, written only if all is well."""

from __future__ import annotations

import argparse
import os

from ..build import build
from ..urls import override


def run(arguments: argparse.Namespace) -> int:
    """Build into ``--out`` (default: ``site/`` in the project), at ``--base-url`` (else
    ``$BELOTE_DOCS_BASE_URL``, else ``content/site.yaml``'s); the build's exit code."""
    try:
        base_url = override(arguments.base_url, os.environ)
    except ValueError as error:
        print(f"error: {error}")
        return 2
    out = arguments.out if arguments.out is not None else arguments.project / "site"
    return build(arguments.project, out, arguments.strict, base_url=base_url).code
