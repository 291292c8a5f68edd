"""A job run in a forked process beside this one (generator/forked.py): what a cold build's draws,
its rendering of half of the site and i18n update's merge stand on."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

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
