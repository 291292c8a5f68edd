"""Fault injection for the one writer and the one reader (generator/files.py).

Every file a command reads or writes goes through ``generator.files``, which calls the
operating system only through its module attribute ``os`` (and ``syncfs`` and ``exchange`` for the
site's swap).
``Faults`` replaces them with counting stand-ins, so that a test can make the n-th write point
(a write, an fsync, a rename, a link, the site's syncfs and exchange) fail with an ``OSError`` (a full disk, an I/O
error, an immutable file), or end the process there as a kill would (``os._exit``: no cleanup, no
``finally``), or send it a signal there (SIGTERM, SIGINT), or make opening chosen paths fail (an
unreadable file).

``run_killed`` runs a command in a forked child killed at its n-th write point.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from generator import files

POINTS = ("write", "fsync", "rename", "link", "unlink", "fchmod", "fchown")
"""The calls of ``files.os`` that change something on disk: each is one write point."""
KILLED = 137


class Faults:
    """Counts the write points of ``generator.files`` and fails (or kills) at one of them."""

    def __init__(
        self,
        at: int | None = None,
        error: int = errno.ENOSPC,
        kill: bool = False,
        unreadable: Callable[[str], bool] = lambda path: False,
        exchange: bool = True,
        signal: int | None = None,
    ) -> None:
        self.at, self.error, self.kill, self.unreadable = at, error, kill, unreadable
        self.signal = signal
        """A signal sent to the process at write point ``at`` instead of an error (Ctrl+C, SIGTERM)."""
        self.exchange = exchange
        """False: as on a system without an atomic exchange of two paths (two renames instead)."""
        self.count = 0
        self.log: list[str] = []

    def point(self, name: str, where: object) -> None:
        self.count += 1
        if isinstance(where, int):  # a file descriptor: the file (or folder) it is open on
            where = os.readlink(f"/proc/self/fd/{where}") + ("/" if os.path.isdir(f"/proc/self/fd/{where}") else "")
        self.log.append(f"{name} {where}")
        if self.count == self.at:
            if self.signal is not None:
                os.kill(os.getpid(), self.signal)  # handled before the write point's next line
                return
            if self.kill:
                sys.stdout.flush()  # what was printed so far, as a terminal would have shown it
                os._exit(KILLED)
            raise OSError(self.error, os.strerror(self.error), str(where))

    def stand_in(self) -> SimpleNamespace:
        """An ``os`` whose write points are counted and whose opening of chosen paths fails."""
        faults = self

        def counted(name: str) -> Callable[..., Any]:
            real = getattr(os, name)

            def call(*args: Any, **kwargs: Any) -> Any:
                faults.point(name, args[0] if args else "")
                return real(*args, **kwargs)

            return call

        def opening(path: Any, flags: int, *args: Any) -> int:
            if faults.unreadable(os.fspath(path)):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
            return os.open(path, flags, *args)

        names = {name: getattr(os, name) for name in dir(os) if not name.startswith("__")}
        names.update({name: counted(name) for name in POINTS}, open=opening)
        return SimpleNamespace(**names)


@contextmanager
def injected(faults: Faults) -> Iterator[Faults]:
    """``generator.files`` (and the rest of the generator through it) under ``faults``."""
    real_os, real_exchange, real_syncfs = files.os, files.exchange, files.syncfs

    def exchange(a: Path, b: Path) -> bool:
        faults.point("exchange", b)
        return faults.exchange and real_exchange(a, b)

    def syncfs(handle: int) -> None:
        faults.point("syncfs", handle)
        real_syncfs(handle)

    files.os, files.exchange, files.syncfs = faults.stand_in(), exchange, syncfs  # type: ignore[assignment]
    try:
        yield faults
    finally:
        files.os, files.exchange, files.syncfs = real_os, real_exchange, real_syncfs  # type: ignore[assignment]


def run_killed(argv: list[str], at: int, log: Path, exchange: bool = True) -> int:
    """Run ``python -m generator ARGV`` in a forked child killed at write point ``at`` (as
    ``kill -9`` would: nothing after it runs); its exit code (137 when killed), its output in ``log``."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into the test runner
        code = 1
        try:
            with log.open("w", encoding="utf-8") as out:
                sys.stdout = sys.stderr = out
                from generator.__main__ import main as generator

                with injected(Faults(at=at, kill=True, exchange=exchange)):
                    code = generator(argv)
                out.flush()
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
