"""The four seats, in turn order South -> West -> North -> East, and the two teams: N-S and E-W."""

from __future__ import annotations

from enum import IntEnum

from .distinct import distinct


@distinct
class Seat(IntEnum):
    """A seat at the table; the value is its place in the turn order. Equal only to itself:
    never to a card, a suit or an int (:mod:`generator.rules.distinct`)."""

    SOUTH = 0
    """``S``; plays with North."""
    WEST = 1
    """``W``; plays with East."""
    NORTH = 2
    """``N``; plays with South."""
    EAST = 3
    """``E``; plays with West."""

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat: ``N E S W`` or ``north east south west`` (any case).

        >>> Seat.parse("west").next()
        Seat.parse('N')
        """
        seat = _SEAT_NAMES.get(text.strip().lower())
        if seat is None:
            raise ValueError(f"unknown seat {text!r} (write N, E, S or W)")
        return seat

    def next(self, steps: int = 1) -> Seat:
        """The seat that plays ``steps`` turns after this one."""
        return _SEATS[(self + steps) % 4]

    @property
    def partner(self) -> Seat:
        """The seat across the table."""
        return _SEATS[(self + 2) % 4]

    @property
    def team(self) -> Team:
        """The seat's team: N-S or E-W."""
        return _TEAMS[self & 1]

    def is_partner_of(self, other: Seat) -> bool:
        """True when both seats are in the same team (a seat is its own partner here)."""
        return (self - other) % 2 == 0

    def code(self) -> str:
        """The canonical one-letter form: ``S``, ``W``, ``N`` or ``E``."""
        return "SWNE"[self]

    def __repr__(self) -> str:
        return f"Seat.parse({self.code()!r})"

    __str__ = code


@distinct
class Team(IntEnum):
    """The two teams; the value is that of their seats modulo 2 (S, N even; W, E odd). Equal
    only to itself (:mod:`generator.rules.distinct`)."""

    NS = 0
    """North and South."""
    EW = 1
    """East and West."""

    @classmethod
    def parse(cls, text: str) -> Team:
        """Read a team: ``NS`` or ``EW`` (any case; ``N-S`` and ``E-W`` too).

        >>> Team.parse("e-w").other
        Team.parse('NS')
        """
        team = _TEAM_NAMES.get(text.strip().lower().replace("-", ""))
        if team is None:
            raise ValueError(f"unknown team {text!r} (write NS or EW)")
        return team

    @property
    def other(self) -> Team:
        """The opposing team."""
        return _TEAMS[1 - self]

    def code(self) -> str:
        """The canonical form: ``NS`` or ``EW``."""
        return self.name

    def __repr__(self) -> str:
        return f"Team.parse({self.code()!r})"

    __str__ = code


_TEAMS = (Team.NS, Team.EW)
_SEATS = tuple(Seat)
"""The seats by value (an index is faster than calling the enum)."""
_TEAM_NAMES = {team.code().lower(): team for team in Team}
_SEAT_NAMES = {name: seat for seat in Seat for name in (seat.code().lower(), seat.name.lower())}
