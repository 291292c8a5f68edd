"""The command line: ``python -m generator COMMAND ...`` (``--help`` on every command)."""

from __future__ import annotations

import argparse
import gc
import sys

from .check import run_check


def parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    main = argparse.ArgumentParser(
        prog="python -m generator",
        description="Generator of the Belote app's rules help site; checks every example with the rules engine.",
    )
    commands = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check", help="check example files against the rules engine",
        description="Run every example through the rules engine and compare with its `expect`. "
                    "Exit 0 when all hold, 1 when some do not (one line each), "
                    "2 when the input is invalid (every problem as FILE:LINE:COL).")
    check.add_argument("files", nargs="+", metavar="FILE", help="example files (YAML or JSON) or folders")
    check.add_argument("--fix", action="store_true",
                       help="write the engine's answers into each example's `expect`, keeping the rest of the file")
    return main


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code."""
    arguments = parser().parse_args(argv)
    # A command is a short batch run over bounded input whose values are acyclic and freed by
    # reference counting; the cycle collector only rescans them (it tripled `check`'s time).
    gc.disable()
    try:
        if arguments.command == "check":
            return run_check(arguments.files, arguments.fix)
        raise AssertionError(arguments.command)
    finally:
        gc.enable()


if __name__ == "__main__":
    sys.exit(main())
