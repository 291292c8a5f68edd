"""Run every example through the rules engine and compare with what it states in ``expect``.

The engine's answers (:class:`PlaySolution`, :class:`AuctionSolution`, :class:`DealSolution`)
are what the site shows; ``expect`` only checks them. A deal the engine cannot score (an illegal
play) is a problem of the input, reported at the card or trick at fault.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from .problems import Problem
from .reader.examples import NO_BELOTE, AuctionExample, DealExample, Example, PlayExample, Stated
from .reader.notation import written
from .rules import (
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    CallPermission,
    Card,
    CardSet,
    DealProblem,
    DealReason,
    DealScore,
    IllegalDeal,
    Litige,
    PlayReason,
    Seat,
    Team,
    TrickResult,
    allowed,
    outcome_fields,
    refusal,
    score_deal,
    trick_result,
)
from .words.terms import suit_name


@dataclass(frozen=True, slots=True)
class PlaySolution:
    """The engine's answer to a play example: the allowed cards, the trick's winner and points."""

    hand: tuple[Card, ...]
    """The hand in the order the example writes it."""
    allowed: CardSet
    refusals: dict[Card, PlayReason]
    """Why each card of the hand that is not allowed is refused."""
    trick: TrickResult | None
    """The complete trick's result, when the example's `play` completes it."""

    @property
    def allowed_in_hand_order(self) -> tuple[Card, ...]:
        """The allowed cards in the order the hand is written, as the file and the page list them."""
        return tuple(card for card in self.hand if card in self.allowed)


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """One call of an auction as the app takes it: its bidding round, and its permission or its refusal."""

    seat: Seat
    call: Call
    round: int
    permission: CallPermission | None
    refusal: AuctionReason | None


@dataclass(frozen=True, slots=True)
class AuctionSolution:
    """The engine's answer to an auction example: each call's verdict, the refused calls, the outcome."""

    calls: tuple[CallVerdict, ...]
    outcome: AuctionOutcome

    @property
    def rejected(self) -> tuple[int, ...]:
        """The numbers (from 1) of the calls the app refuses."""
        return tuple(number for number, verdict in enumerate(self.calls, 1) if verdict.refusal is not None)


@dataclass(frozen=True, slots=True)
class DealSolution:
    """The engine's answer to a deal example: the deal checked card by card, then scored."""

    score: DealScore


Solution = PlaySolution | AuctionSolution | DealSolution


@dataclass(frozen=True, slots=True)
class FieldCheck:
    """One field of ``expect``: the engine's value as the file writes it, and what the example
    states of it (None when it does not state it)."""

    name: str
    computed: object
    stated: Stated | None
    holds: bool
    """The stated value agrees with the engine's (True when nothing is stated)."""


@dataclass(frozen=True, slots=True)
class Absent:
    """The engine's answer for a field that the example's rules have no place for: a stated value
    is wrong (a mismatch) and ``check --fix`` removes the field."""

    reason: str

    def __str__(self) -> str:
        return f"(none: {self.reason})"


def _no_pot(example: Example) -> Absent:
    return Absent(f"the {example.rules.name} rules of this game carry no litige over")


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A field whose stated value differs from the engine's."""

    example: Example
    field: str
    line: int
    stated: str
    computed: str
    why: str = ""
    """The engine's reason, when it has one: why a card or a call stated allowed is refused, or
    that one stated refused is allowed; with which card the trick is won."""

    def __str__(self) -> str:
        return (
            f"{self.example.path}:{self.line}: {self.example.id}: {self.field}: "
            f"file says {self.stated}, engine computes {self.computed}{f': {self.why}' if self.why else ''}"
        )


@dataclass
class Verification:
    """The outcome of checking a set of examples."""

    solutions: dict[str, Solution] = field(default_factory=dict)
    checks: dict[str, list[FieldCheck]] = field(default_factory=dict)
    """Each solved example's fields, compared (by example id)."""
    mismatches: list[Mismatch] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def solve_play(example: PlayExample) -> PlaySolution:
    """Allowed cards, the refusal of each other card, and the trick's result when complete."""
    hand = example.hand_set
    trick = [card for _, card in example.trick]
    permitted = allowed(hand, trick, example.trump, example.rules)
    refusals = {
        card: reason
        for card in hand - permitted
        if (reason := refusal(hand, trick, card, example.trump, example.rules)) is not None
    }
    result = None
    if example.play is not None and len(trick) == 3:
        leader = example.trick[0][0]
        result = trick_result(leader, trick + [example.play], example.trump)
    return PlaySolution(example.hand, permitted, refusals, result)


def solve_auction(example: AuctionExample) -> AuctionSolution:
    """Each call's verdict in order, and the auction's outcome."""
    auction = Auction(example.rules, example.dealer, example.turned)
    verdicts = tuple(  # each call's round and permission read before the call is made
        CallVerdict(seat, call, auction.round, auction.permission(seat, call), auction.call(seat, call))
        for seat, call in example.calls
    )
    return AuctionSolution(verdicts, auction.outcome)


def solve(example: Example) -> Solution:
    """The engine's answer to an example of any kind (:class:`IllegalDeal`, with every problem of
    its play, for a deal it cannot score)."""
    if isinstance(example, PlayExample):
        return solve_play(example)
    if isinstance(example, DealExample):
        return DealSolution(score_deal(example.deal))
    assert isinstance(example, AuctionExample)
    return solve_auction(example)


def compare(example: Example, solution: Solution) -> list[FieldCheck]:
    """Every field the engine answers, in the order ``expect`` writes them, with what the
    example states of it: the one place where a stated answer is compared with the engine's."""
    checks = []
    for name, computed, agrees in _fields(example, solution):
        stated = example.expect.get(name)
        checks.append(FieldCheck(name, computed, stated, stated is None or agrees(stated.value)))
    if isinstance(example, DealExample) and example.carried_in_line and example.rules.litige is not Litige.CARRY_OVER:
        checks.append(
            FieldCheck("carried_in", _no_pot(example), Stated(example.carried_in, example.carried_in_line), False)
        )
    return checks


def _fields(example: Example, solution: Solution) -> list[tuple[str, object, Callable[[object], bool]]]:
    """Each answered field: its name, its value as the file writes it, and whether a stated value agrees."""
    if isinstance(solution, PlaySolution):
        found: list[tuple[str, object, Callable[[object], bool]]] = [
            (
                "allowed",
                solution.allowed_in_hand_order,
                lambda stated: CardSet(stated) == solution.allowed,  # type: ignore[arg-type]
            )
        ]
        if solution.trick is not None:
            winner, points = solution.trick.winner, solution.trick.points
            found.append(("winner", winner, lambda stated: stated == winner))
            found.append(("points", points, lambda stated: stated == points))
        return found
    if isinstance(solution, DealSolution):
        return _deal_fields(example, solution.score)
    outcome = solution.outcome
    result: object = outcome.status
    if outcome.status is AuctionStatus.CONTRACT:
        result = {key: getattr(outcome, key) for key in outcome_fields(example.game)}
    return [
        ("rejected", solution.rejected, lambda stated: stated == solution.rejected),
        ("result", result, lambda stated: _result_agrees(stated, outcome)),
    ]


def _deal_fields(example: Example, score: DealScore) -> list[tuple[str, object, Callable[[object], bool]]]:
    """A deal's fields: the card points, the belote, the outcome, the score and, under rules
    that carry a litige over, the pot passed on (0 unless the deal is a litige; under other rules
    a stated one is :class:`Absent`)."""
    answers: dict[str, object] = {
        "card_points": {team.code(): points for team, points in zip(Team, score.card_points, strict=True)},
        "belote": score.belote.code() if score.belote is not None else NO_BELOTE,
        "outcome": score.outcome,
        "score": {team.code(): points for team, points in zip(Team, score.score, strict=True)},
    }
    if example.rules.litige is Litige.CARRY_OVER:
        answers["carried_out"] = score.carried_out
    elif "carried_out" in example.expect:  # a pot passed on where there is none
        answers["carried_out"] = _no_pot(example)
    return [(name, value, partial(operator.eq, value)) for name, value in answers.items()]


def deal_problems(example: DealExample, problems: tuple[DealProblem, ...]) -> list[Problem]:
    """Each problem of an illegal deal at the card, trick or list at fault; the missing cards in one."""
    found = []
    missing = [problem.card for problem in problems if problem.reason is DealReason.MISSING_CARD]
    for problem in problems:
        if problem.reason is DealReason.MISSING_CARD:
            continue
        line, column = example.pos.line, example.pos.column
        seat_at_fault = problem.reason in (DealReason.WRONG_LEADER, DealReason.OUT_OF_TURN)
        if problem.trick is not None and problem.place is not None:
            where = example.seat_pos if seat_at_fault else example.card_pos
            line, column = where[problem.trick - 1][problem.place - 1]
        elif problem.trick is not None and problem.trick <= len(example.trick_pos):
            line, column = example.trick_pos[problem.trick - 1]
        elif problem.reason is DealReason.WRONG_SHAPE:
            line, column = example.tricks_pos
        found.append(Problem(example.path, line, column, f"example '{example.id}': {_deal_message(example, problem)}"))
    if missing:
        cards = ", ".join(card.code() for card in missing if card is not None)
        message = f"example '{example.id}': tricks: {cards} never played: a deal plays each of the 32 cards once"
        found.append(Problem(example.path, *example.tricks_pos, message))
    return found


def _deal_message(example: DealExample, problem: DealProblem) -> str:
    """What one problem of a deal says (its position aside)."""
    reason, number = problem.reason, problem.trick
    where = f"trick {number}, {problem.seat}: {problem.card}"
    if reason is DealReason.ILLEGAL_CARD:
        return f"{where} is not allowed ({_broken_rule(example, problem)})"
    if reason is DealReason.OUT_OF_TURN:
        return f"trick {number}: {problem.seat} plays out of turn: {problem.expected} is to play"
    if reason is DealReason.WRONG_LEADER and number == 1:
        return f"trick 1 is led by {problem.seat}: {example.dealer} deals, so {problem.expected} leads"
    if reason is DealReason.WRONG_LEADER:
        return f"trick {number} is led by {problem.seat}: {problem.expected} won trick {(number or 1) - 1} and leads"
    if reason is DealReason.DUPLICATE_CARD:
        first = problem.first[0] if problem.first else "?"
        return f"{where} is played twice (first in trick {first}): a deal plays each card once"
    if reason is DealReason.WRONG_SHAPE and number is not None:
        count = len(example.tricks[number - 1]) if number <= len(example.tricks) else 0
        return f"trick {number}: {count} cards; a trick has 4, one per seat"
    if reason is DealReason.WRONG_SHAPE:
        return f"tricks: {len(example.tricks)} tricks; a deal has 8"
    return _words(reason)


def _broken_rule(example: DealExample, problem: DealProblem) -> str:
    """The play rule an illegal card breaks, and what the seat held that the rule asks for."""
    seat, hand, why = problem.seat, problem.hand, problem.play_reason
    assert hand is not None and problem.trick is not None and problem.place is not None
    trick = [card for _, card in example.tricks[problem.trick - 1][: problem.place - 1]]
    if why is PlayReason.FOLLOW_SUIT:
        return f"must follow suit: {seat} holds {suit_name(trick[0].suit)}"
    if why is PlayReason.TRUMP and example.trump is not None:
        return f"must trump: {seat} holds {suit_name(example.trump)}"
    allowed_cards = ", ".join(card.code() for card in allowed(hand, trick, example.trump, example.rules))
    if why in (PlayReason.OVERTRUMP, PlayReason.GO_HIGHER):
        return f"{_words(why)}: {seat} holds {allowed_cards}"
    return f"{_words(why) if why else 'refused'}; allowed: {allowed_cards}"


def _result_agrees(stated: object, outcome: AuctionOutcome) -> bool:
    """A result holds as a status, or as a contract on every field it states."""
    if isinstance(stated, AuctionStatus):
        return stated is outcome.status
    return (
        isinstance(stated, dict)
        and outcome.status is AuctionStatus.CONTRACT
        and all(getattr(outcome, key) == value for key, value in stated.items())
    )


def verify(examples: list[Example]) -> Verification:
    """Solve every example, collect mismatches with ``expect`` and plays the engine refuses."""
    verification = Verification()
    for example in examples:
        try:
            solution = solve(example)
        except IllegalDeal as illegal:
            assert isinstance(example, DealExample)
            verification.problems.extend(deal_problems(example, illegal.problems))
            continue
        if isinstance(example, PlayExample) and isinstance(solution, PlaySolution):
            if example.play is not None and example.play not in solution.allowed and example.play_pos:
                reason = solution.refusals.get(example.play)
                why = _words(reason) if reason else "refused"
                allowed_cards = written(solution.allowed_in_hand_order)
                message = f"play: {example.play} may not be played ({why}); allowed: {allowed_cards}"
                verification.problems.append(
                    Problem(example.path, example.play_pos.line, example.play_pos.column, message)
                )
                continue
        verification.solutions[example.id] = solution
        checks = verification.checks[example.id] = compare(example, solution)
        for check in checks:
            if (stated := check.stated) is not None and not check.holds:
                why = _why(example, solution, check.name, stated.value)
                verification.mismatches.append(
                    Mismatch(example, check.name, stated.line, written(stated.value), written(check.computed), why)
                )
    return verification


def _words(reason: PlayReason | AuctionReason | DealReason) -> str:
    """A reason's code as words: ``must-follow-suit`` → ``must follow suit``."""
    return reason.value.replace("-", " ")


def _why(example: Example, solution: Solution, name: str, stated: object) -> str:
    """Why the engine's ``allowed`` or ``rejected`` differs from the stated one, from the engine's
    own reasons (each card or call at odds, grouped by reason), or who wins the trick with which
    card (``winner``, ``points``); empty for the other fields."""
    if isinstance(example, PlayExample) and isinstance(solution, PlaySolution) and name == "allowed":
        said = CardSet(stated)  # type: ignore[arg-type]
        refused: dict[str, list[str]] = {}
        for card in example.hand:
            if card in said and card not in solution.allowed:
                reason = solution.refusals.get(card)
                refused.setdefault(_words(reason) if reason else "may not play it", []).append(card.code())
        seat = example.seat.name.title()
        parts = [f"{seat} {words} ({', '.join(cards)} refused)" for words, cards in refused.items()]
        also = [card.code() for card in example.hand if card in solution.allowed and card not in said]
        parts += [f"{seat} may also play {', '.join(also)}"] if also else []
        return "; ".join(parts)
    if isinstance(example, PlayExample) and isinstance(solution, PlaySolution) and name in ("winner", "points"):
        trick = solution.trick
        assert trick is not None  # these fields are answered only for a complete trick (_fields)
        plays = [*example.trick, (example.seat, example.play)]
        winning = next(card for seat, card in plays if seat == trick.winner)
        return f"{trick.winner.name.title()} wins the trick with {winning}, {trick.points} points"
    if isinstance(solution, AuctionSolution) and name == "rejected" and isinstance(stated, tuple):
        parts = []
        for number, verdict in enumerate(solution.calls, 1):
            if (number in stated) != (verdict.refusal is not None):
                call = f"call {number} ({verdict.seat.code()} {written(verdict.call)})"
                parts.append(f"{call} refused: {_words(verdict.refusal)}" if verdict.refusal else f"{call} is allowed")
        return "; ".join(parts)
    return ""
