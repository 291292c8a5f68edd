"""The games and the named rule sets: every difference between "house" and "official" is a flag here.

A change of the app's rules is a one-line edit of :data:`RULESETS`; every example is then
re-checked against it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum


class Game(Enum):
    """The variants of the app: classic trump game, no-trump game, and Coinche."""

    TRUMP = "trump"
    """Two bidding rounds on the turned card; the taker's suit is trump."""
    NO_TRUMP = "no-trump"
    """One bidding round; no trump, and no card points."""
    COINCHE = "coinche"
    """Bids from 80 to 160, Capot and Générale, coinche and surcoinche."""

    @classmethod
    def parse(cls, text: str) -> Game:
        """Read a game name as written in example files: ``trump``, ``no-trump`` or ``coinche``."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown game {text!r} (write trump, no-trump or coinche)") from None

    @property
    def has_trump(self) -> bool:
        """True for the games played with a trump suit."""
        return self is not Game.NO_TRUMP


@dataclass(frozen=True)
class Rules:
    """The obligations of one game under one rule set."""

    name: str
    game: Game
    must_undertrump: bool
    """Without the led suit, facing an opponent's trump you cannot beat: still play a trump."""
    coinche_out_of_turn: bool
    """A defender may coinche out of turn as soon as a contract stands."""


RULESETS: dict[str, dict[Game, Rules]] = {
    "house": {
        Game.TRUMP: Rules("house", Game.TRUMP, must_undertrump=True, coinche_out_of_turn=False),
        Game.NO_TRUMP: Rules("house", Game.NO_TRUMP, must_undertrump=True, coinche_out_of_turn=False),
        Game.COINCHE: Rules("house", Game.COINCHE, must_undertrump=True, coinche_out_of_turn=True),
    },
    "official": {
        Game.TRUMP: Rules("official", Game.TRUMP, must_undertrump=True, coinche_out_of_turn=False),
        Game.NO_TRUMP: Rules("official", Game.NO_TRUMP, must_undertrump=True, coinche_out_of_turn=False),
        Game.COINCHE: Rules("official", Game.COINCHE, must_undertrump=False, coinche_out_of_turn=False),
    },
}
"""Rule set name -> game -> its rules. ``house`` is the app's default."""

DEFAULT_RULESET = "house"


def flags(rules: Rules) -> tuple[object, ...]:
    """The values of every obligation of ``rules`` (every field but its name and game), so that
    a flag added to :class:`Rules` is compared without a second list."""
    return tuple(getattr(rules, field.name) for field in fields(rules) if field.name not in ("name", "game"))


def rule_sets_differ(game: Game) -> bool:
    """True when the named rule sets give ``game`` different obligations (so that an example
    says which one it uses)."""
    return len({flags(by_game[game]) for by_game in RULESETS.values()}) > 1


def rules_for(game: Game, ruleset: str = DEFAULT_RULESET) -> Rules:
    """The rules of ``game`` under the named rule set; ``ValueError`` for an unknown name.

    >>> rules_for(Game.COINCHE, "official").must_undertrump
    False
    """
    try:
        return RULESETS[ruleset][game]
    except KeyError:
        names = ", ".join(RULESETS)
        raise ValueError(f"unknown rule set {ruleset!r} (write one of: {names})") from None
