"""The engine's draws for a build (:func:`~generator.positions.draw_all`): those kept, or else
made in a forked process beside the loading of the project."""

from __future__ import annotations

import contextlib

from .cache import MISSING, Keeper
from .forked import Beside, Died, can_fork, cpu_count
from .positions import Draws, draw_all


class Drawing(contextlib.AbstractContextManager["Drawing"]):
    """The engine's draws for a build: those kept (in the session, in ``.cache/``), or else drawn in
    a forked process from the start of a build while this one imports its stages, reads and solves
    the pages, reads the catalogs and compiles the templates (on two cores, where no other thread
    runs: the draws are the longest stage of a cold build's loading), or else drawn here. As a
    context, a forked process is stopped with a failed build."""

    def __init__(self, keeper: Keeper) -> None:
        self.keeper = keeper
        self.key = keeper.key("draws", "draws")
        self.kept = keeper.get("draws", "draws", self.key, disk=True)
        self.beside = Beside(draw_all) if self.kept is MISSING and cpu_count() >= 2 and can_fork() else None

    def draws(self) -> Draws:
        """The draws, kept for the next build when they were made now."""
        if self.kept is MISSING:
            try:
                self.kept = self.beside.result() if self.beside is not None else draw_all()
            except Died:  # killed: drawn again here
                self.kept = draw_all()
            self.keeper.put("draws", "draws", self.key, self.kept, disk=True)
        assert isinstance(self.kept, Draws)
        return self.kept

    def __exit__(self, *failed: object) -> None:
        if self.beside is not None:
            self.beside.__exit__(*failed)
