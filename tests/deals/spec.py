"""The 16 worked deals of specs/scoring.md §6.2 (17 rows: C6 is scored as a Capot and as a Générale).

Five are played card by card (§6.1): ``PLAYS`` gives their tricks in play order and ``HANDS`` the
hands the specification prints, which the tests compare with the play. The other rows are tallies
(card points, tricks, belote) fed straight to the scorer. Each row states the result under the
house and the official rules: (outcome, NS score, EW score, carried out).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.rules import Game, Litige, Rules

PLAYS = {
    "T1": """
        S JH  W QH  N 7H  E 7S
        S 9H  W KH  N 8H  E 9S
        S 9C  W JC  N QC  E 10C
        E AD  S 10D W 9D  N 7D
        E KS  S 10S W AH  N JS
        W QD  N KD  E 8D  S AS
        N KC  E 8C  S 8S  W 7C
        N AC  E QS  S 10H W JD
    """,
    "T3": """
        E AH  S 8H  W QH  N 7H
        E JS  S KS  W 7S  N 8S
        E 10S S 7D  W AS  N 9S
        N AD  E 8D  S QD  W 9D
        N JD  E KD  S 8C  W 10D
        W QS  N JC  E 9H  S KH
        W AC  N QC  E 7C  S KC
        W 9C  N 10H E JH  S 10C
    """,
    "T5": """
        N KC  E 7H  S 10C W QC
        S JC  W JS  N 8S  E 9D
        S 9C  W JD  N 8D  E 7S
        S 7C  W QS  N 9S  E 7D
        S AC  W QH  N 10D E 8H
        S 8C  W KS  N AD  E JH
        S KH  W 10H N AH  E QD
        N AS  E KD  S 9H  W 10S
    """,
    "N1": """
        W 7H  N 9D  E JH  S QH
        S AS  W 9H  N 7S  E 9S
        S 10S W 7C  N JS  E 8C
        S KS  W QC  N QS  E JC
        S 8H  W 10H N 9C  E KH
        W AH  N JD  E QD  S 7D
        W AC  N KC  E 10C S 8D
        W 10D N KD  E AD  S 8S
    """,
    "C6": """
        S JH  W 7H  N 9C  E 8H
        S 9H  W 7S  N 8C  E 8S
        S AH  W JS  N 8D  E 9S
        S 10H W QD  N 7C  E 9D
        S QH  W KD  N JD  E 7D
        S AD  W 10D N JC  E QS
        S KH  W 10S N QC  E KC
        S AS  W 10C N AC  E KS
    """,
}
"""The card-by-card deals: one trick a line, ``SEAT CARD`` pairs in play order."""

TRICK_POINTS = {
    "T1": (23, 18, 15, 21, 27, 18, 4, 26),
    "T3": (14, 24, 35, 14, 16, 9, 18, 22),
    "T5": (17, 22, 16, 3, 24, 17, 28, 25),
    "N1": (5, 19, 12, 12, 14, 24, 33, 33),
    "C6": (20, 14, 13, 13, 9, 26, 21, 36),
}
"""The points of each trick as the specification prints them (without the dix de der)."""

HANDS = {
    "T1": {"S": "JH 9H 10H AS 10S 8S 10D 9C", "W": "AH KH QH QD JD 9D JC 7C",
           "N": "8H 7H JS KD 7D AC KC QC", "E": "KS QS 9S 7S AD 8D 10C 8C"},
    "T3": {"S": "KS KH 8H QD 7D 10C KC 8C", "W": "AS QS 7S QH 10D 9D AC 9C",
           "N": "9S 8S 10H 7H AD JD QC JC", "E": "JS 10S AH JH 9H KD 8D 7C"},
    "T5": {"S": "JC 9C AC 10C 8C 7C KH 9H", "W": "QC 10S KS QS JS 10H QH JD",
           "N": "KC AS 9S 8S AH AD 10D 8D", "E": "7S JH 8H 7H KD QD 9D 7D"},
    "N1": {"S": "AS 10S KS 8S QH 8H 8D 7D", "W": "AH 10H 9H 7H 10D AC QC 7C",
           "N": "QS JS 7S KD JD 9D KC 9C", "E": "9S KH JH AD QD 10C JC 8C"},
    "C6": {"S": "JH 9H AH 10H KH QH AS AD", "W": "7H 10S JS 7S 10D KD QD 10C",
           "N": "JD 8D AC QC JC 9C 8C 7C", "E": "8H KS QS 9S 8S 9D 7D KC"},
}  # fmt: skip
"""The hands of §6.1's tables."""


@dataclass(frozen=True)
class Row:
    """One row of §6.2."""

    name: str
    game: str
    trump: str | None
    """The trump of a card-by-card deal (a tally row needs none)."""
    taker: str
    dealer: str | None
    """The dealer of a card-by-card deal (the next seat leads); None for a tally row."""
    contract: int | None
    multiplier: int
    cards: tuple[int, int]
    seat_tricks: dict[str, int]
    belote: str | None
    totals: tuple[int, int]
    """T : D, the takers' and the defence's totals."""
    house: tuple[str, int, int, int]
    official: tuple[str, int, int, int]
    carried_in: tuple[int, int] = (0, 0)
    """Under house, official rules."""
    play: str | None = None


ROWS = [
    Row("T1", "trump", "H", "S", "E", None, 1, (99, 63), {"S": 3, "W": 1, "N": 2, "E": 2}, "EW", (99, 83),
        ("made", 99, 83, 0), ("made", 99, 83, 0), play="T1"),
    Row("T2", "trump", None, "W", None, None, 1, (92, 70), {"S": 4, "W": 4}, "EW", (90, 92),
        ("failed", 162, 20, 0), ("failed", 162, 20, 0)),
    Row("T3", "trump", "S", "E", "N", None, 1, (81, 81), {"S": 1, "W": 3, "N": 2, "E": 2}, None, (81, 81),
        ("failed", 162, 0, 0), ("litige", 81, 0, 81), play="T3"),
    Row("T4", "trump", None, "S", None, None, 1, (75, 87), {"S": 4, "W": 4}, "NS", (95, 87),
        ("made", 95, 87, 0), ("made", 176, 87, 0), carried_in=(0, 81)),
    Row("T5", "trump", "C", "S", "W", None, 1, (252, 0), {"S": 6, "N": 2}, None, (252, 0),
        ("made", 252, 0, 0), ("made", 252, 0, 0), play="T5"),
    Row("N1", "no-trump", None, "W", "S", None, 1, (48, 114), {"S": 4, "W": 3, "E": 1}, None, (114, 48),
        ("made", 48, 114, 0), ("made", 48, 114, 0), play="N1"),
    Row("N2", "no-trump", None, "W", None, None, 1, (252, 0), {"S": 8}, None, (0, 252),
        ("failed", 252, 0, 0), ("failed", 252, 0, 0)),
    Row("C1", "coinche", None, "N", None, 80, 1, (96, 66), {"N": 5, "E": 3}, None, (96, 66),
        ("made", 176, 66, 0), ("made", 176, 66, 0)),
    Row("C2", "coinche", None, "E", None, 100, 1, (90, 72), {"N": 4, "E": 4}, "EW", (92, 90),
        ("failed", 262, 20, 0), ("failed", 282, 0, 0)),
    Row("C3", "coinche", None, "S", None, 90, 2, (95, 67), {"S": 5, "E": 3}, "EW", (95, 87),
        ("made", 504, 20, 0), ("made", 524, 0, 0)),
    Row("C4", "coinche", None, "W", None, 90, 2, (78, 84), {"S": 4, "W": 4}, None, (84, 78),
        ("failed", 504, 0, 0), ("failed", 504, 0, 0)),
    Row("C5", "coinche", None, "N", None, 110, 4, (118, 44), {"N": 6, "W": 2}, None, (118, 44),
        ("made", 1088, 0, 0), ("made", 1088, 0, 0)),
    Row("C6a", "coinche", "H", "S", "E", 250, 1, (252, 0), {"S": 8}, "NS", (272, 0),
        ("made", 522, 0, 0), ("made", 522, 0, 0), play="C6"),
    Row("C6b", "coinche", "H", "S", "E", 500, 1, (252, 0), {"S": 8}, "NS", (272, 0),
        ("made", 772, 0, 0), ("made", 772, 0, 0), play="C6"),
    Row("C7", "coinche", None, "E", None, 250, 1, (14, 148), {"S": 1, "E": 7}, None, (148, 14),
        ("failed", 502, 0, 0), ("failed", 502, 0, 0)),
    Row("C8", "coinche", None, "S", None, 500, 1, (252, 0), {"S": 7, "N": 1}, None, (252, 0),
        ("failed", 0, 752, 0), ("failed", 0, 752, 0)),
    Row("C9", "coinche", None, "W", None, 80, 1, (81, 81), {"S": 4, "W": 4}, None, (81, 81),
        ("failed", 242, 0, 0), ("made", 81, 161, 0)),
]  # fmt: skip
"""§6.2's table. A tally row gives each team's tricks to one of its seats, except where the row
splits them (C8: S 7, N 1), as only a Générale looks at who won them."""


SPEC_RULES: dict[str, dict[Game, Rules]] = {
    "house": {
        Game.TRUMP: Rules("house", Game.TRUMP, True, False, Litige.DEDANS, True, True),
        Game.NO_TRUMP: Rules("house", Game.NO_TRUMP, True, False, Litige.DEDANS, True, True),
        Game.COINCHE: Rules("house", Game.COINCHE, True, True, Litige.DEDANS, True, True),
    },
    "official": {
        Game.TRUMP: Rules("official", Game.TRUMP, True, False, Litige.CARRY_OVER, True, True),
        Game.NO_TRUMP: Rules("official", Game.NO_TRUMP, True, False, Litige.CARRY_OVER, True, True),
        Game.COINCHE: Rules("official", Game.COINCHE, False, False, Litige.DEDANS, False, False),
    },
}
"""The house and the official rules as §6.2 defines them, flag by flag: the rows' results are the
engine's under these, whatever generator/rules/rulesets.py says today (a rules change of the app
moves no test of the engine against its specification)."""
