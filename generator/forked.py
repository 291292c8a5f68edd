"""Work done in a forked process beside this one, for the commands that have two cores to use
(a cold build's draws, a large site's catalogs checked beside its pages, ``build --jobs 2``'s rendering,
``i18n update``'s merge of a large site).

The forked process inherits this process's memory as it is at the fork, so its job is handed
over as it is (never pickled); only its outcome comes back, pickled, through a pipe. A process
that ends without giving its outcome (killed, out of memory) is :class:`Died`, never a wait for
it; an exception its job raised is raised here. A forked process is stopped with the command that
started it (it is a daemon of multiprocessing's: stopped when this process exits).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from .files import signals_held

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")


class Died(Exception):
    """The forked process ended without giving its outcome (killed, or out of memory)."""


def cpu_count() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def can_fork() -> bool:
    """Whether a process can be forked to run beside this one: no other thread runs (a fork would
    copy its locks in whatever state they are: ``serve``'s builds)."""
    return threading.active_count() == 1


PARALLEL_MIN = 200
"""Below this many files to render, a second process costs more than it saves (``bench/run.py``)."""
PARALLEL_MAX = 5500
"""From this many pages (in all locales) on, one process renders: each process holds the whole
project, so that two would pass the build's memory bound of 400 MiB (``bench/run.py``, Pagefind's
processes left out): at 1000 pages per locale (5,000 pages) two processes peak at 359 MiB with the
catalogs checked beside the pages and unpacked one locale at a time (590 MiB when each parsed its
own), a tenth under the bound; one peaks at 301 MiB (the checker beside it included), and one
without it (``--jobs 1``) takes 1.4 times as long as two."""


def jobs_for(jobs: int | None, files: int, pages: int) -> int:
    """How many processes render ``files`` files of a site of ``pages`` pages: ``jobs`` when given
    (``--jobs``); by default two on two cores from :data:`PARALLEL_MIN` files on, where the bench
    shows a second process paying (never on the real site), up to :data:`PARALLEL_MAX` pages; else
    one."""
    if jobs is not None:
        return jobs
    return 2 if files >= PARALLEL_MIN and pages < PARALLEL_MAX and cpu_count() >= 2 else 1


def checks_beside(jobs: int | None, pages: int) -> bool:
    """Whether a build of a site of ``pages`` pages (in all locales) checks its catalogs in a
    forked process while it loads its pages: as for two processes rendering (:func:`jobs_for`),
    but also from :data:`PARALLEL_MAX` pages on, where the catalogs, handed over packed and
    unpacked one locale at a time, take less memory than parsing each where it is rendered."""
    if jobs is not None:
        return jobs > 1
    return pages >= PARALLEL_MIN and cpu_count() >= 2


def _run(job: Callable[[], object], send: Connection, receive: Connection) -> None:
    """In the forked process: its job's outcome, sent back (an exception that cannot be pickled as
    its text; the reading end, inherited, closed: a parent that stops reading makes the sending
    fail rather than wait). Ctrl+C and SIGTERM, held back while it was forked, are handled again
    (as the command's forked processes handle them: ``generator.__main__``)."""
    receive.close()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        outcome: tuple[bool, object] = (True, job())
    except BaseException as error:  # noqa: BLE001 (raised again in the process that waits for it)
        outcome = (False, error)
    try:
        send.send(outcome)
    except Exception as error:  # noqa: BLE001 (an outcome that cannot be pickled)
        send.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


class Beside(contextlib.AbstractContextManager["Beside[T]"], Generic[T]):
    """``job()`` run in a forked process from now on, while this one goes on (see :func:`can_fork`);
    as a context, the process is stopped if this one fails before it has its outcome (it would go
    on writing where this one cleans up)."""

    def __init__(self, job: Callable[[], T]) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)
        try:  # forked, the job is inherited (never pickled); once started, the Process lets go of it
            self._process = context.Process(target=_run, args=(job, send, self._receive), daemon=True)
            with signals_held():  # a signal raised in the fork's handlers would be lost (only printed)
                self._process.start()
        finally:
            send.close()  # the forked process holds the only writing end: it ends when that process does

    @property
    def pid(self) -> int | None:
        """The forked process's id."""
        return self._process.pid

    def result(self) -> T:
        """What the job returned there (what it raised is raised here); :class:`Died` when its
        process ended first."""
        try:
            succeeded, value = self._receive.recv()
        except EOFError:
            raise Died from None
        except BaseException:  # stopped while waiting (Ctrl+C, SIGTERM): it is stopped too
            self._process.terminate()
            raise
        finally:
            self._receive.close()
            self._process.join()
        if not succeeded:
            raise value
        return value

    def __exit__(self, *failed: object) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._receive.close()
