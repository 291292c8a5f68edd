"""Engine values that cannot be confused with one another.

A card, a seat and a suit are small ints, so that the engine works with bit operations and
index tables; but each compares equal only to a value of its own type (never to another type,
nor to a plain int), hashes apart from the others (so that they never collide as dict keys),
and orders only against its own type.

>>> from generator.rules import Card, Seat, Suit
>>> Card.parse("7S") == Seat.SOUTH or Seat.SOUTH == Suit.SPADES or Suit.SPADES == 0
False
>>> len({Card.parse("7S"): "card", Seat.SOUTH: "seat", Suit.SPADES: "suit"})
3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T", bound=type)


def distinct(cls: T) -> T:
    """Give an int subclass equality, hashing and ordering of its own type only."""

    def __eq__(self: int, other: object) -> bool:  # noqa: N807 (the method's own name)
        return type(other) is type(self) and int.__eq__(self, other)

    def __ne__(self: int, other: object) -> bool:  # noqa: N807
        return not __eq__(self, other)

    def __hash__(self: int) -> int:  # noqa: N807
        return hash((cls.__name__, int(self)))

    def ordering(name: str, compare: Callable[[int, int], bool]) -> Callable[[int, object], bool]:
        def method(self: int, other: object) -> bool:
            if type(other) is not type(self):
                raise TypeError(f"'{name}' is not defined between {type(self).__name__} and {type(other).__name__}")
            return compare(self, other)

        method.__name__ = name
        return method

    cls.__eq__ = __eq__  # type: ignore[assignment]
    cls.__ne__ = __ne__  # type: ignore[assignment]
    cls.__hash__ = __hash__  # type: ignore[assignment]
    for dunder, name in (("__lt__", "<"), ("__le__", "<="), ("__gt__", ">"), ("__ge__", ">=")):
        setattr(cls, dunder, ordering(name, getattr(int, dunder)))
    return cls
