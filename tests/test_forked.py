"""A job run in a forked process beside this one (generator/forked.py): what a cold build's draws,
its rendering of half of the site and i18n update's merge stand on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from types import FrameType

import pytest

from generator.forked import Beside, Died, can_fork

from .conftest import ROOT


def test_the_job_is_inherited_and_its_outcome_comes_back() -> None:
    lock = threading.Lock()  # cannot be pickled: the job is handed over by the fork, as it is
    parent = os.getpid()
    beside = Beside(lambda: (lock.locked(), os.getpid() != parent, [1, "two", {3: 4.0}]))
    assert beside.result() == (False, True, [1, "two", {3: 4.0}])


def _raises() -> object:
    raise ValueError("as raised there")


def test_what_the_job_raises_is_raised_here() -> None:
    with pytest.raises(ValueError, match="as raised there"):
        Beside(_raises).result()
    with pytest.raises(RuntimeError, match="cannot pickle"):  # an outcome that cannot go back: its text
        Beside(lambda: threading.Lock()).result()


def test_a_process_that_dies_is_an_error_not_a_wait() -> None:
    started = time.monotonic()
    with pytest.raises(Died):
        Beside(lambda: os._exit(9)).result()
    assert time.monotonic() - started < 10


def test_no_fork_beside_another_thread() -> None:
    assert can_fork()
    done = threading.Event()
    thread = threading.Thread(target=done.wait)
    thread.start()
    try:
        assert not can_fork()  # its locks would be copied in whatever state they are
    finally:
        done.set()
        thread.join()


SIGNAL_AT_THE_FORK = """
import os, signal, sys
from generator.forked import Beside
os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGINT))  # Ctrl+C as it forks
try:
    Beside(lambda: 1)
except KeyboardInterrupt:
    sys.exit(3)
sys.exit(0)
"""


def test_ctrl_c_while_forking_is_not_lost() -> None:
    """A signal handled in the fork's own handlers (those of logging, of multiprocessing) is only
    printed by Python, and a command would go on as if it had not come: it is held back until the
    fork is done, then raised."""
    run = subprocess.run([sys.executable, "-c", SIGNAL_AT_THE_FORK], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 3 and "Exception ignored" not in run.stderr, run.stderr


DRAWN_BESIDE = """
import dataclasses, os, signal
from generator.cache import Keeper
from generator.forked import cpu_count
from generator.positions import draw_all
from generator.drawing import Drawing

with Drawing(Keeper(None)) as drawing:  # nothing kept: drawn beside this process, on two cores
    assert (drawing.beside is not None) == (cpu_count() >= 2)
    beside = drawing.draws()
with Drawing(Keeper(None)) as drawing:
    if drawing.beside is not None:
        os.kill(drawing.beside.pid, signal.SIGKILL)  # killed (out of memory): drawn again here
    again = drawing.draws()
fields = [[getattr(draws, field.name) for field in dataclasses.fields(draws)] for draws in (beside, again, draw_all())]
assert fields[0] == fields[1] == fields[2]
"""


@pytest.mark.slow
def test_the_draws_made_beside_the_load_are_the_engine_s_and_a_killed_drawing_is_drawn_again() -> None:
    """A cold build draws the engine's positions in a forked process while it loads the project
    (generator/drawing.py); in a process of its own, where no other thread runs."""
    run = subprocess.run([sys.executable, "-c", DRAWN_BESIDE], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


class _Stop(Exception):
    """What the alarm raises where the process waits (as Ctrl+C or SIGTERM would)."""


def _stop(signum: int, frame: object) -> None:
    raise _Stop


def test_a_wait_stopped_by_a_signal_stops_the_forked_process_too() -> None:
    """Stopped while it waits for the outcome, this process stops the forked one instead of
    waiting for it to end (it would wait for its job, or block on a pipe no one reads)."""
    beside = Beside(lambda: time.sleep(30))
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    started = time.monotonic()
    try:
        with pytest.raises(_Stop):
            beside.result()
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - started < 10
    assert beside.pid is not None
    with pytest.raises(ProcessLookupError):  # ended and waited for
        os.kill(beside.pid, 0)


def test_a_signal_at_any_line_of_a_held_block_is_raised_once_when_it_ends() -> None:
    """Ctrl+C sent at each line of :func:`~generator.files.signals_held` (another thread running,
    to which the kernel gives it while this one holds it back): raised once, by the end of the
    block at the latest, and nothing left held back or noted for the next block."""
    from generator import files
    from generator.__main__ import _interrupt

    code = files.signals_held.__wrapped__.__code__  # type: ignore[attr-defined]
    first = code.co_firstlineno
    last = max(line for _, _, line in code.co_lines() if line is not None)
    previous = signal.signal(signal.SIGINT, _interrupt)
    waiting = threading.Event()
    threading.Thread(target=waiting.wait, daemon=True).start()
    try:
        for target in range(first, last + 1):
            sent: list[int] = []

            def trace(
                frame: FrameType, event: str, argument: object, target: int = target, sent: list[int] = sent
            ) -> object:
                if frame.f_code is code and event == "line" and frame.f_lineno == target and not sent:
                    sent.append(target)
                    os.kill(os.getpid(), signal.SIGINT)
                    time.sleep(0.01)  # the other thread handles it meanwhile, if it is given it
                    for _ in range(2):  # this thread's handler runs here: raised at that line
                        pass
                return trace

            raised = 0
            sys.settrace(trace)
            try:
                with files.signals_held():
                    pass
                for _ in range(3):  # a signal the handler has yet to see is seen here
                    pass
            except KeyboardInterrupt:
                raised += 1
            finally:
                sys.settrace(None)
            assert raised == len(sent), target
            assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, []), target
            with files.signals_held():  # nothing noted is raised again
                pass
    finally:
        waiting.set()
        signal.signal(signal.SIGINT, previous)
