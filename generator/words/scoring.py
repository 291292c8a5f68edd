"""What a scored deal comes to, as catalog messages with placeholders: the contract played, whether
it is made and why, and what each team scores.

The engine says *what* (a :class:`DealScore`: totals, outcome, scores); this module picks the
sentence for the game, the outcome and the case (a tie, a Capot, a belote given away…) and fills
its placeholders with engine values. No sentence is written per example.
"""

from __future__ import annotations

from ..rules import CAPOT, GENERALE, Call, CallKind, DealScore, Game, Outcome, Rules, Seat, Suit, Team
from ..rules.scoring import CAPOT_DEAL, DEAL
from .reasons import Phrase, Value, placeholders
from .terms import Message

_TEAMS = {Team.NS: "North–South", Team.EW: "East–West"}
_CONTRACT = "deal contract"
_OUTCOME = "deal outcome"
_SCORE = "deal score"


def team(team: Team) -> Message:
    """A team's name: "North–South"."""
    return Message("team", _TEAMS[team])


CONTRACT_MESSAGES: dict[str, tuple[Message, str]] = {
    "take": (Message(_CONTRACT, "%(seat)s takes."), "Trump or no-trump game: who took. %(seat)s: a seat."),
    "contract-1": (
        Message(_CONTRACT, "%(seat)s plays %(contract)s."),
        "Coinche: the taker and the contract (%(contract)s: a call such as “90 in hearts” or “Capot in hearts”).",
    ),
    "contract-2": (
        Message(_CONTRACT, "%(seat)s plays %(contract)s, coinched: score ×2."),
        "Coinche: the contract was coinched.",
    ),
    "contract-4": (
        Message(_CONTRACT, "%(seat)s plays %(contract)s, coinched and surcoinched: score ×4."),
        "Coinche: the contract was coinched, then surcoinched.",
    ),
}
"""The contract of a deal, as its setup says it."""

OUTCOME_MESSAGES: dict[str, tuple[Message, str]] = {
    "made": (
        Message(
            _OUTCOME,
            "Made: the takers, %(takers)s, have more points than the defence, %(t)s to %(d)s (belote included). "
            "Each team scores its own points.",
        ),
        "Trump or no-trump game, the takers' total (cards, last trick, belote) is higher than the defence's. "
        "%(takers)s: a team's name; %(t)s and %(d)s: numbers.",
    ),
    "made-no-trump": (
        Message(
            _OUTCOME,
            "Made: the takers, %(takers)s, have more points than the defence, %(t)s to %(d)s. "
            "Each team scores its own points.",
        ),
        "No-trump game (no belote without trumps), the takers' total is higher than the defence's. "
        "%(takers)s: a team's name; %(t)s and %(d)s: numbers.",
    ),
    "made-capot": (
        Message(_OUTCOME, "Made, with a capot: the takers, %(takers)s, won all eight tricks."),
        "Trump or no-trump game, the takers won every trick: their last trick is worth 100.",
    ),
    "dedans": (
        Message(
            _OUTCOME,
            "Dedans: the takers, %(takers)s, have fewer points than the defence, %(t)s to %(d)s (belote included).",
        ),
        "Trump or no-trump game, the takers' total is lower than the defence's: they fail (“dedans”).",
    ),
    "dedans-no-trump": (
        Message(_OUTCOME, "Dedans: the takers, %(takers)s, have fewer points than the defence, %(t)s to %(d)s."),
        "No-trump game (no belote without trumps), the takers' total is lower than the defence's: they fail "
        "(“dedans”).",
    ),
    "dedans-tie": (
        Message(
            _OUTCOME,
            "A tie, %(t)s to %(d)s: under these rules the takers, %(takers)s, have not scored more than the "
            "defence, so they are dedans.",
        ),
        "Trump or no-trump game, house rules: the two totals are equal, which counts as a failure (“dedans”).",
    ),
    "litige": (
        Message(
            _OUTCOME,
            "A tie, %(t)s to %(d)s: a litige. The defence, %(defence)s, scores its %(d)s now; the takers' %(t)s "
            "are carried to the next deal and go to the team that wins it.",
        ),
        "Trump or no-trump game, official rules: the two totals are equal (“litige”).",
    ),
    "coinche-made": (
        Message(
            _OUTCOME,
            "Made: the takers, %(takers)s, have %(t)s (belote included), at least their contract of %(contract)s, "
            "and more than the defence's %(d)s.",
        ),
        "Coinche, a numbered contract made. %(contract)s: the contract's value, e.g. 90.",
    ),
    "coinche-made-behind": (
        Message(
            _OUTCOME,
            "Made: the takers, %(takers)s, have %(t)s (belote included), at least their contract of %(contract)s. "
            "Under these rules it does not matter that the defence has %(d)s.",
        ),
        "Coinche, official rules: the contract is made although the defence has as many points or more.",
    ),
    "coinche-short": (
        Message(
            _OUTCOME,
            "Failed: the takers, %(takers)s, have %(t)s (belote included), less than their contract of %(contract)s.",
        ),
        "Coinche: the takers' total is below their contract.",
    ),
    "coinche-not-ahead": (
        Message(
            _OUTCOME,
            "Failed: the takers, %(takers)s, reach their contract of %(contract)s with %(t)s, but under these "
            "rules they must also have more than the defence, which has %(d)s.",
        ),
        "Coinche, house rules: the contract is reached but the defence has as many points or more.",
    ),
    "capot-made": (
        Message(_OUTCOME, "Made: a Capot needs every trick, and the takers, %(takers)s, won all eight."),
        "Coinche, a Capot contract made.",
    ),
    "capot-failed": (
        Message(_OUTCOME, "Failed: a Capot needs every trick, and the takers, %(takers)s, lost at least one."),
        "Coinche, a Capot contract failed.",
    ),
    "generale-made": (
        Message(_OUTCOME, "Made: a Générale needs the taker, %(taker)s, to win every trick alone, and he did."),
        "Coinche, a Générale contract made. %(taker)s: a seat.",
    ),
    "generale-failed": (
        Message(_OUTCOME, "Failed: a Générale needs the taker, %(taker)s, to win every trick alone, and he did not."),
        "Coinche, a Générale contract failed (the partner or the defence won a trick).",
    ),
}
"""Whether the contract is made, and why: one sentence per game, outcome and case."""

SCORE_MESSAGES: dict[str, tuple[Message, str]] = {
    "all-to-defence": (
        Message(
            _SCORE,
            "The defence, %(defence)s, scores all %(num)s point of the deal.",
            "The defence, %(defence)s, scores all %(num)s points of the deal.",
        ),
        "The takers failed: the defence takes the deal's 162 points (252 if it won every trick). %(num)s: that "
        "number (a plural message: one form per plural category of your language).",
    ),
    "all-to-defence-contract": (
        Message(
            _SCORE,
            "The defence, %(defence)s, scores the %(num)s point of the deal plus the contract.",
            "The defence, %(defence)s, scores the %(num)s points of the deal plus the contract.",
        ),
        "Coinche, failed: the defence scores 162 (or 252) plus the contract's value. %(num)s: that number (a "
        "plural message).",
    ),
    "made-contract": (
        Message(_SCORE, "The takers score their points plus their contract; the defence scores its own points."),
        "Coinche, made and not coinched.",
    ),
    "doubled": (
        Message(_SCORE, "Coinched: the whole deal, %(base)s plus the contract, counts double for %(winner)s."),
        "Coinche ×2: the team that wins the deal scores (162 or 252 + contract) × 2. %(winner)s: a team.",
    ),
    "quadrupled": (
        Message(_SCORE, "Surcoinched: the whole deal, %(base)s plus the contract, counts four times for %(winner)s."),
        "Coinche ×4: the team that wins the deal scores (162 or 252 + contract) × 4. %(winner)s: a team.",
    ),
    "nothing": (
        Message(_SCORE, "%(loser)s score nothing for the deal."),
        "The team that lost the deal (failed, or beaten on a coinched deal) scores 0. %(loser)s: a team.",
    ),
    "belote-kept": (
        Message(_SCORE, "%(loser)s score nothing for the deal but keep their belote."),
        "The team that lost the deal holds the belote and, under these rules, keeps its 20 points.",
    ),
    "belote-lost": (
        Message(_SCORE, "%(loser)s score nothing for the deal, and under these rules their belote goes to %(winner)s."),
        "Official Coinche: the team that lost the deal holds the belote and gives its 20 points to the winner.",
    ),
}
"""What the outcome gives each team, as sentences (the numbers are in the score table)."""


def contract_phrase(taker: Seat, trump: Suit | None, contract: int | None, multiplier: int) -> Phrase:
    """The contract a deal is played in: "South takes." or "South plays 90 in hearts, coinched"."""
    if contract is None:
        return Phrase(CONTRACT_MESSAGES["take"][0], (("seat", taker),))
    assert trump is not None
    message = CONTRACT_MESSAGES[f"contract-{multiplier}"][0]
    return Phrase(message, (("seat", taker), ("contract", Call(CallKind.BID, trump, contract))))


def deal_phrases(
    score: DealScore, rules: Rules, taker: Seat, contract: int | None, multiplier: int
) -> tuple[Phrase, ...]:
    """The outcome of a scored deal and what it gives, as sentences from the engine's score."""
    takers, defence = score.takers, score.takers.other
    mine, theirs = score.totals[takers], score.totals[defence]
    made = score.outcome is Outcome.MADE
    winner, loser = (takers, defence) if made else (defence, takers)
    capot = contract in (CAPOT, GENERALE) or score.tally.tricks[winner] == 8
    values: dict[str, Value] = {
        "takers": team(takers),
        "defence": team(defence),
        "winner": team(winner),
        "loser": team(loser),
        "taker": taker,
        "t": str(mine),
        "d": str(theirs),
        "contract": str(contract),
        "base": str(CAPOT_DEAL if capot else DEAL),
        "num": str(CAPOT_DEAL if capot else DEAL),  # the count of a plural message (see render.say)
    }
    keys = [_outcome_key(score, rules.game, contract, mine, theirs)]
    if score.outcome is not Outcome.LITIGE:
        if made and multiplier == 1:
            keys.append("made-contract" if contract is not None else "")
        elif multiplier > 1:
            keys.append("doubled" if multiplier == 2 else "quadrupled")
        else:
            keys.append("all-to-defence-contract" if contract is not None else "all-to-defence")
        if not made or multiplier > 1:
            keys.append(
                "nothing" if score.belote is not loser else "belote-kept" if rules.belote_kept else "belote-lost"
            )
    said = [(OUTCOME_MESSAGES.get(key) or SCORE_MESSAGES[key])[0] for key in filter(None, keys)]
    return tuple(Phrase(message, tuple((name, values[name]) for name in placeholders(message))) for message in said)


def _outcome_key(score: DealScore, game: Game, contract: int | None, mine: int, theirs: int) -> str:
    made = score.outcome is Outcome.MADE
    if score.outcome is Outcome.LITIGE:
        return "litige"
    if contract is None:
        plain = "-no-trump" if game is Game.NO_TRUMP else ""  # no belote to include without trumps
        if made:
            return "made-capot" if score.tally.capot is score.takers else f"made{plain}"
        return "dedans-tie" if mine == theirs else f"dedans{plain}"
    if contract == CAPOT:
        return "capot-made" if made else "capot-failed"
    if contract == GENERALE:
        return "generale-made" if made else "generale-failed"
    if made:
        return "coinche-made" if mine > theirs else "coinche-made-behind"
    return "coinche-short" if mine < contract else "coinche-not-ahead"


def messages() -> list[tuple[Message, str]]:
    """Every message of this module with its translator comment, in a stable order, for extraction."""
    found = [(team(t), "A team's name, as the score table heads its column and the sentences name it.") for t in Team]
    found += list(CONTRACT_MESSAGES.values()) + list(OUTCOME_MESSAGES.values()) + list(SCORE_MESSAGES.values())
    return found
