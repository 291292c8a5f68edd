"""The games and the named rule sets: every difference between "house" and "official" is a flag here.

A change of the app's rules is a one-line edit of :data:`RULESETS`; every example is then
re-checked against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum


class Game(Enum):
    """The variants of the app: classic trump game, no-trump game, and Coinche."""

    TRUMP = "trump"
    """Two bidding rounds on the turned card; the taker's suit is trump."""
    NO_TRUMP = "no-trump"
    """One bidding round; no trump (and no belote), every ace worth 19 points."""
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


class Litige(Enum):
    """What a tie between the takers and the defence (81-81, or 91-91 with a belote) does in the trump games."""

    DEDANS = "dedans"
    """The takers have not scored more than the defence: they fail, as on any lower total."""
    CARRY_OVER = "carry_over"
    """The defence scores its points; the takers' points are carried to the winner of the next deal."""


SCORING = {"scoring": True}
"""The metadata of the flags that decide only a deal's score, not which card or call the app takes."""


@dataclass(frozen=True)
class Rules:
    """The obligations of one game under one rule set."""

    name: str
    game: Game
    must_undertrump: bool
    """Without the led suit, facing an opponent's trump you cannot beat: still play a trump."""
    coinche_out_of_turn: bool
    """A defender may coinche out of turn as soon as a contract stands."""
    litige: Litige = field(metadata=SCORING)
    """A tie of the takers and the defence: a failure (``dedans``) or a litige whose points are carried over."""
    must_beat_defence: bool = field(metadata=SCORING)
    """Coinche: besides reaching its contract, the takers' total must be higher than the defence's."""
    belote_kept: bool = field(metadata=SCORING)
    """A team that scores nothing for the deal (failed, or beaten on a coinched one) keeps its belote's 20."""


RULESETS: dict[str, dict[Game, Rules]] = {
    "house": {
        Game.TRUMP: Rules(
            "house",
            Game.TRUMP,
            must_undertrump=True,
            coinche_out_of_turn=False,
            litige=Litige.DEDANS,
            must_beat_defence=True,
            belote_kept=True,
        ),
        Game.NO_TRUMP: Rules(
            "house",
            Game.NO_TRUMP,
            must_undertrump=True,
            coinche_out_of_turn=False,
            litige=Litige.DEDANS,
            must_beat_defence=True,
            belote_kept=True,
        ),
        Game.COINCHE: Rules(
            "house",
            Game.COINCHE,
            must_undertrump=True,
            coinche_out_of_turn=True,
            litige=Litige.DEDANS,
            must_beat_defence=True,
            belote_kept=True,
        ),
    },
    "official": {
        Game.TRUMP: Rules(
            "official",
            Game.TRUMP,
            must_undertrump=True,
            coinche_out_of_turn=False,
            litige=Litige.CARRY_OVER,
            must_beat_defence=True,
            belote_kept=True,
        ),
        Game.NO_TRUMP: Rules(
            "official",
            Game.NO_TRUMP,
            must_undertrump=True,
            coinche_out_of_turn=False,
            litige=Litige.CARRY_OVER,
            must_beat_defence=True,
            belote_kept=True,
        ),
        Game.COINCHE: Rules(
            "official",
            Game.COINCHE,
            must_undertrump=False,
            coinche_out_of_turn=False,
            litige=Litige.DEDANS,
            must_beat_defence=False,
            belote_kept=False,
        ),
    },
}
"""Rule set name -> game -> its rules. ``house`` is the app's default."""

DEFAULT_RULESET = "house"


def flags(rules: Rules, scoring: bool = False) -> tuple[object, ...]:
    """The values of the obligations of ``rules`` (every field but its name and game; the
    :data:`SCORING` ones only with ``scoring``), so that a flag added to :class:`Rules` is
    compared without a second list."""
    return tuple(
        getattr(rules, flag.name)
        for flag in fields(rules)
        if flag.name not in ("name", "game") and (scoring or not flag.metadata.get("scoring"))
    )


def rule_sets_differ(game: Game, scoring: bool = False) -> bool:
    """True when the named rule sets give ``game`` different obligations of card play and the
    auction, or with ``scoring`` of a deal's score as well (so that an example says which one it uses).

    >>> rule_sets_differ(Game.TRUMP) <= rule_sets_differ(Game.TRUMP, scoring=True)  # scoring adds flags
    True
    """
    return len({flags(by_game[game], scoring) for by_game in RULESETS.values()}) > 1


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
