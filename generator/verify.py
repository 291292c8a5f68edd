"""Run every example through the rules engine and compare with what it states in ``expect``.

The engine's answers (:class:`PlaySolution`, :class:`AuctionSolution`) are what the site
shows; ``expect`` only checks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .problems import Problem
from .reader.examples import AuctionExample, Example, PlayExample, result_keys
from .reader.notation import flow
from .rules import (
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    Card,
    CardSet,
    Game,
    PlayReason,
    Seat,
    TrickResult,
    allowed,
    refusal,
    trick_result,
)


@dataclass(frozen=True)
class PlaySolution:
    """The engine's answer for a play example."""

    allowed: CardSet
    refusals: dict[Card, PlayReason]
    """Why each card of the hand that is not allowed is refused."""
    trick: TrickResult | None
    """The complete trick's result, when the example's `play` completes it."""


@dataclass(frozen=True)
class CallVerdict:
    """One call of an auction as the app takes it: its bidding round and why it is refused, if it is."""

    seat: Seat
    call: Call
    round: int
    refused: AuctionReason | None


@dataclass(frozen=True)
class AuctionSolution:
    """The engine's answer for an auction example."""

    calls: tuple[CallVerdict, ...]
    outcome: AuctionOutcome


Solution = PlaySolution | AuctionSolution


@dataclass(frozen=True)
class Mismatch:
    """A field whose stated value differs from the engine's."""

    example: Example
    field: str
    line: int
    stated: str
    computed: str

    def __str__(self) -> str:
        return (
            f"{self.example.path}:{self.line}: {self.example.id}: {self.field}: "
            f"file says {self.stated}, engine computes {self.computed}"
        )


@dataclass
class Verification:
    """The outcome of checking a set of examples."""

    solutions: dict[str, Solution] = field(default_factory=dict)
    answers: dict[str, dict[str, object]] = field(default_factory=dict)
    mismatches: list[Mismatch] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def solve_play(example: PlayExample) -> PlaySolution:
    """Allowed cards, the reason for each refused card, and the trick's result when complete."""
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
    return PlaySolution(permitted, refusals, result)


def solve_auction(example: AuctionExample) -> AuctionSolution:
    """Each call's verdict in order, and the auction's outcome."""
    auction = Auction(example.rules, example.dealer, example.turned)
    verdicts = []
    for seat, call in example.calls:
        round_ = auction.round
        verdicts.append(CallVerdict(seat, call, round_, auction.call(seat, call)))
    return AuctionSolution(tuple(verdicts), auction.outcome)


def answer(example: Example, solution: Solution) -> dict[str, object]:
    """The engine's answer in the fields of ``expect``, as the file would write them."""
    if isinstance(solution, PlaySolution):
        assert isinstance(example, PlayExample)
        fields: dict[str, object] = {"allowed": tuple(card for card in example.hand if card in solution.allowed)}
        if solution.trick is not None:
            fields["winner"] = solution.trick.winner
            fields["points"] = solution.trick.points
        return fields
    rejected = tuple(number for number, verdict in enumerate(solution.calls, 1) if verdict.refused)
    fields = {"rejected": rejected} if rejected or "rejected" in example.expect else {}
    fields["result"] = _result(example.game, solution.outcome)
    return fields


def _result(game: Game, outcome: AuctionOutcome) -> object:
    if outcome.status is not AuctionStatus.CONTRACT:
        return outcome.status.value
    return {key: getattr(outcome, key) for key in result_keys(game)}


def agrees(name: str, stated: object, computed: object) -> bool:
    """True when a stated ``expect`` field holds: ``allowed`` as a set, a result on the fields it states."""
    if name == "allowed":
        return set(stated) == set(computed)  # type: ignore[call-overload]
    if name == "result" and isinstance(stated, dict):
        return isinstance(computed, dict) and all(computed.get(key) == value for key, value in stated.items())
    return stated == computed


def verify(examples: list[Example]) -> Verification:
    """Solve every example, collect mismatches with ``expect`` and plays the engine refuses."""
    verification = Verification()
    for example in examples:
        solution: Solution
        if isinstance(example, PlayExample):
            solution = play = solve_play(example)
            if example.play is not None and example.play not in play.allowed and example.play_pos:
                reason = play.refusals.get(example.play)
                why = reason.value.replace("-", " ") if reason else "refused"
                verification.problems.append(
                    Problem(
                        example.path,
                        example.play_pos.line,
                        example.play_pos.column,
                        f"play: {example.play} may not be played ({why}); allowed: "
                        f"{flow(tuple(c for c in example.hand if c in play.allowed))}",
                    )
                )
                continue
        else:
            assert isinstance(example, AuctionExample)
            solution = solve_auction(example)
        verification.solutions[example.id] = solution
        computed = answer(example, solution)
        verification.answers[example.id] = computed
        for name, stated in example.expect.items():
            value = computed.get(name)
            if not agrees(name, stated.value, value):
                verification.mismatches.append(
                    Mismatch(example, name, stated.key.pos.line, flow(stated.value), flow(value))
                )
    return verification
