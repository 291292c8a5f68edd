"""Scoring one complete deal: verify its whole play, tally the points, decide the contract, score it.

A deal is scored only when it is legal: :func:`check_deal` returns every problem it finds, each
a typed reason at its position (trick 1-8, place 1-4 in the trick), never prose. The tally is
the card points per team (cards + dix de der: 162, or 252 on a capot, in every game), the tricks
and the belote; :func:`score_tally` turns it into the two teams' scores under the rule set's
``litige``, ``must_beat_defence`` and ``belote_kept`` (see ``specs/scoring.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .auction import CAPOT, GENERALE, MULTIPLIERS
from .cards import DECK, Card, CardSet, Rank, Suit
from .play import PlayReason, allowed_mask, card_points, refusal, trick_keys, winning_index
from .rulesets import Game, Litige, Rules
from .seats import Seat, Team

CONTRACTS = frozenset((*range(80, 161, 10), CAPOT, GENERALE))
"""The contract values of Coinche, as the auction gives them: 80 to 160 by 10, Capot and Générale."""
BELOTE = 20
"""The belote-rebelote's points: never multiplied, outside the 162."""
LAST_TRICK, LAST_TRICK_CAPOT = 10, 100
"""The dix de der, and what it is worth to a team that won all 8 tricks."""
DEAL, CAPOT_DEAL = 162, 252
"""What a deal's cards and dix de der add up to; and on a capot."""

_FULL = 0xFFFFFFFF
_POINTS = tuple(tuple(card_points(card, None if trump < 0 else Suit(trump)) for card in DECK) for trump in range(-1, 4))
"""Indexed by trump + 1 (trump -1: none), then by card: the card's points."""
_AFTER = tuple(tuple(seat.next(steps) for seat in Seat) for steps in range(4))
"""Indexed by a number of turns, then by seat: the seat that plays that many turns after it."""
_STRENGTHS = tuple(tuple(trick_keys(trump, led) for led in range(4)) for trump in range(-1, 4))
"""Indexed by trump + 1, then by the led suit: :func:`trick_keys`."""


class Outcome(Enum):
    """What became of the takers' contract."""

    MADE = "made"
    """The takers reached their contract (in the trump games: scored more than the defence)."""
    FAILED = "failed"
    """Failed, or "dedans" in the trump and no-trump games."""
    LITIGE = "litige"
    """A tie under ``litige: carry_over``: the takers' points wait for the next deal."""


class DealReason(Enum):
    """Why a deal cannot be scored (the reader says where and how; the engine writes no prose)."""

    TRUMP_MISMATCH = "trump-mismatch"
    """A trump suit in the no-trump game, or none in a game that has one."""
    CONTRACT_MISMATCH = "contract-mismatch"
    """No contract in Coinche, one elsewhere, or a value that is not a contract."""
    MULTIPLIER_MISMATCH = "multiplier-mismatch"
    """Not 1, 2 or 4 in Coinche; not 1 elsewhere."""
    CARRIED_IN_MISMATCH = "carried-in-mismatch"
    """Points carried in where the rules carry no litige over, or a negative pot."""
    WRONG_SHAPE = "wrong-shape"
    """Not 8 tricks (no trick given), or a trick of other than 4 cards."""
    OUT_OF_TURN = "out-of-turn"
    """In a trick, a seat that does not follow the previous one in the turn order."""
    WRONG_LEADER = "wrong-leader"
    """A trick not led by the leader (trick 1) or by the previous trick's winner."""
    DUPLICATE_CARD = "duplicate-card"
    """A card played again (reported where it comes again)."""
    MISSING_CARD = "missing-card"
    """A card of the deck that nobody played (no position)."""
    ILLEGAL_CARD = "illegal-card"
    """A card the play rules refuse from the hand the seat held then (``play_reason`` says which rule)."""


@dataclass(frozen=True)
class DealProblem:
    """One problem of a deal, at its position."""

    reason: DealReason
    trick: int | None = None
    """The trick, 1 to 8; None for the deal as a whole (its inputs, its number of tricks, a missing card)."""
    place: int | None = None
    """The place in the trick, 1 to 4; None for the trick as a whole."""
    seat: Seat | None = None
    """The seat that played at that place."""
    card: Card | None = None
    """The card played there; for ``MISSING_CARD``, the card nobody played."""
    expected: Seat | None = None
    """``OUT_OF_TURN``, ``WRONG_LEADER``: the seat whose turn it was."""
    play_reason: PlayReason | None = None
    """``ILLEGAL_CARD``: the play rule the card breaks."""
    hand: CardSet | None = None
    """``ILLEGAL_CARD``: the seat's hand then, rebuilt from the play (the cards it plays from there on)."""
    first: tuple[int, int] | None = None
    """``DUPLICATE_CARD``: the (trick, place) where the card was played first."""


class IllegalDeal(ValueError):
    """A deal that cannot be scored; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[DealProblem]) -> None:
        super().__init__(", ".join(problem.reason.value for problem in problems))
        self.problems = tuple(problems)


Play = tuple[Seat, Card]
"""One card of a trick, with the seat that played it."""


@dataclass(frozen=True)
class Deal:
    """One complete deal: the auction's outcome and the 8 tricks, each in play order."""

    rules: Rules
    trump: Suit | None
    leader: Seat
    """The seat that leads trick 1: the one after the dealer."""
    taker: Seat
    """The seat that took (trump, no-trump) or whose bid stands (Coinche)."""
    tricks: tuple[tuple[Play, ...], ...]
    contract: int | None = None
    """Coinche only: 80 to 160, :data:`CAPOT` or :data:`GENERALE`."""
    multiplier: int = 1
    """Coinche only: 2 after a coinche, 4 after a surcoinche."""
    carried_in: int = 0
    """Under ``litige: carry_over`` only: the pot left by earlier tied deals."""


class TeamPoints(NamedTuple):
    """One number per team; index it with a :class:`Team`."""

    ns: int
    ew: int


@dataclass(frozen=True)
class Tally:
    """What the play of a deal gives the scorer."""

    card_points: TeamPoints
    """The points of the cards in the tricks each team won, plus the dix de der."""
    seat_tricks: tuple[int, int, int, int]
    """The tricks each seat won, indexed by :class:`Seat`."""
    belote: Team | None
    """The team of the seat that played both the king and the queen of trump."""

    @property
    def tricks(self) -> TeamPoints:
        """The tricks each team won."""
        won = self.seat_tricks
        return TeamPoints(won[Seat.SOUTH] + won[Seat.NORTH], won[Seat.WEST] + won[Seat.EAST])

    @property
    def capot(self) -> Team | None:
        """The team that won all 8 tricks, if one did."""
        tricks = self.tricks
        return Team.NS if tricks.ns == 8 else Team.EW if tricks.ew == 8 else None

    def belote_points(self) -> TeamPoints:
        """The belote's 20 points, for its team."""
        return TeamPoints(BELOTE if self.belote is Team.NS else 0, BELOTE if self.belote is Team.EW else 0)


@dataclass(frozen=True)
class DealScore:
    """A scored deal."""

    tally: Tally
    takers: Team
    totals: TeamPoints
    """Card points + belote: the takers' T and the defence's D, the totals that decide the contract."""
    outcome: Outcome
    score: TeamPoints
    """The points written on the score sheet for this deal, a collected pot included."""
    carried_out: int
    """The pot passed to the next deal: 0 unless the deal is a litige."""

    @property
    def card_points(self) -> TeamPoints:
        """The card points per team, dix de der included."""
        return self.tally.card_points

    @property
    def belote(self) -> Team | None:
        """The team that holds the belote, if any."""
        return self.tally.belote


def _stake_problems(rules: Rules, contract: int | None, multiplier: int, carried_in: int) -> list[DealProblem]:
    """The problems of the auction's inputs for the game and rules."""
    problems = []
    coinche = rules.game is Game.COINCHE
    if not ((contract in CONTRACTS) if coinche else contract is None):
        problems.append(DealProblem(DealReason.CONTRACT_MISMATCH))
    if not ((multiplier in MULTIPLIERS) if coinche else multiplier == 1):
        problems.append(DealProblem(DealReason.MULTIPLIER_MISMATCH))
    if not ((carried_in >= 0) if rules.litige is Litige.CARRY_OVER else carried_in == 0):
        problems.append(DealProblem(DealReason.CARRIED_IN_MISMATCH))
    return problems


def check_deal(deal: Deal) -> tuple[DealProblem, ...]:
    """Every problem of ``deal`` (none: it can be scored), in this order: its inputs, its number of
    tricks, then each trick's shape and each card in play order (its turn or lead, a repeat, the
    play rules), then the missing cards. The play is replayed as given after any problem; a card
    played out of turn is not judged by the play rules, which depend on who played before it."""
    problems = _stake_problems(deal.rules, deal.contract, deal.multiplier, deal.carried_in)
    if (deal.trump is not None) != deal.rules.game.has_trump:
        problems.append(DealProblem(DealReason.TRUMP_MISMATCH))
    if len(deal.tricks) != 8:
        problems.append(DealProblem(DealReason.WRONG_SHAPE))
    hands = _hands(deal.tricks)
    seen: dict[Card, tuple[int, int]] = {}
    leader: Seat | None = deal.leader
    for number, trick in enumerate(deal.tricks, 1):
        if len(trick) != 4:
            problems.append(DealProblem(DealReason.WRONG_SHAPE, number))
        for place, (seat, card) in enumerate(trick, 1):
            expected = leader if place == 1 else trick[0][0].next(place - 1) if place <= 4 else None
            in_turn = place == 1 or seat == expected
            if expected is not None and seat != expected:
                reason = DealReason.WRONG_LEADER if place == 1 else DealReason.OUT_OF_TURN
                problems.append(DealProblem(reason, number, place, seat, card, expected=expected))
            if card in seen:
                problems.append(DealProblem(DealReason.DUPLICATE_CARD, number, place, seat, card, first=seen[card]))
            else:
                seen[card] = (number, place)
            if in_turn and place <= 4:  # who may play what depends on who played before, in turn
                hand = hands[number - 1][place - 1]
                played = [card for _, card in trick[: place - 1]]
                why = refusal(hand, played, card, deal.trump, deal.rules)
                if why is not None:
                    problems.append(
                        DealProblem(DealReason.ILLEGAL_CARD, number, place, seat, card, play_reason=why, hand=hand)
                    )
        complete = len(trick) == 4
        leader = trick[0][0].next(winning_index([card for _, card in trick], deal.trump)) if complete else None
    problems.extend(DealProblem(DealReason.MISSING_CARD, card=card) for card in DECK if card not in seen)
    return tuple(problems)


def _hands(tricks: Sequence[Sequence[Play]]) -> list[list[CardSet]]:
    """For each trick and place, the hand of the seat playing there: the cards it plays from there on."""
    later = [CardSet(), CardSet(), CardSet(), CardSet()]
    hands = [[CardSet()] * len(trick) for trick in tricks]
    for number in reversed(range(len(tricks))):
        for place in reversed(range(len(tricks[number]))):
            seat, card = tricks[number][place]
            later[seat] = hands[number][place] = later[seat] | CardSet([card])
    return hands


def tally_deal(deal: Deal) -> Tally:
    """The tally of a deal whose play is legal (its contract is not looked at); otherwise
    :class:`IllegalDeal` with every problem of the deal, as :func:`check_deal` gives them.

    >>> from generator.rules import Game, rules_for
    >>> play = "SJH WQH N7H E7S S9H WKH N8H E9S S9C WJC NQC E10C EAD S10D W9D N7D EKS S10S WAH NJS WQD NKD E8D SAS "
    >>> play += "NKC E8C S8S W7C NAC EQS S10H WJD"
    >>> plays = [(Seat.parse(word[0]), Card.parse(word[1:])) for word in play.split()]
    >>> deal = Deal(rules_for(Game.TRUMP), Suit.HEARTS, Seat.SOUTH, Seat.SOUTH,
    ...             tuple(tuple(plays[i : i + 4]) for i in range(0, 32, 4)))
    >>> tally_deal(deal)
    Tally(card_points=TeamPoints(ns=99, ew=63), seat_tricks=(3, 1, 2, 2), belote=Team.parse('EW'))
    """
    tally = _legal_tally(deal)
    if tally is None:
        raise IllegalDeal(check_deal(deal))
    return tally


def _legal_tally(deal: Deal) -> Tally | None:
    """The tally of ``deal`` when its play is legal (None at its first problem): the fast path of
    :func:`check_deal` and :func:`tally_deal`, on plain ints, with :func:`allowed_mask` for the play
    rules. It skips two cases :func:`allowed_mask` always allows: a card of the led suit when that
    suit is not trump, and the last trick's cards (a one-card hand)."""
    tricks = deal.tricks
    if len(tricks) != 8 or (deal.trump is not None) != deal.rules.game.has_trump:
        return None
    hands = [0, 0, 0, 0]
    try:
        for (s0, c0), (s1, c1), (s2, c2), (s3, c3) in tricks:
            hands[s0] |= 1 << c0
            hands[s1] |= 1 << c1
            hands[s2] |= 1 << c2
            hands[s3] |= 1 << c3
    except ValueError:  # a trick of other than 4 cards
        return None
    if hands[0] | hands[1] | hands[2] | hands[3] != _FULL:
        return None  # 32 cards that are not the whole deck: one is repeated
    trump = -1 if deal.trump is None else int(deal.trump)
    undertrump = deal.rules.must_undertrump
    points, strengths = _POINTS[trump + 1], _STRENGTHS[trump + 1]
    second, third, fourth = _AFTER[1], _AFTER[2], _AFTER[3]
    belote: Team | None = None
    if trump >= 0:
        pair = (1 << (trump * 8 + Rank.KING)) | (1 << (trump * 8 + Rank.QUEEN))
        for seat in Seat:
            if hands[seat] & pair == pair:
                belote = seat.team
    leader = deal.leader
    won = [0, 0, 0, 0]
    team_points = [0, 0]
    for number, ((s0, c0), (s1, c1), (s2, c2), (s3, c3)) in enumerate(tricks):
        if s0 is not leader or s1 is not second[s0] or s2 is not third[s0] or s3 is not fourth[s0]:
            return None
        led = c0 >> 3
        if number < 7:  # in trick 8, each seat plays the one card it holds
            checked = led == trump  # a plain suit led: a card of that suit is always allowed
            if (checked or c1 >> 3 != led) and not allowed_mask(hands[s1], (c0,), trump, undertrump) >> c1 & 1:
                return None
            if (checked or c2 >> 3 != led) and not allowed_mask(hands[s2], (c0, c1), trump, undertrump) >> c2 & 1:
                return None
            if (checked or c3 >> 3 != led) and not allowed_mask(hands[s3], (c0, c1, c2), trump, undertrump) >> c3 & 1:
                return None
        hands[s0] ^= 1 << c0
        hands[s1] ^= 1 << c1
        hands[s2] ^= 1 << c2
        hands[s3] ^= 1 << c3
        keys = strengths[led]
        best, leader = keys[c0], s0
        if keys[c1] > best:
            best, leader = keys[c1], s1
        if keys[c2] > best:
            best, leader = keys[c2], s2
        if keys[c3] > best:
            leader = s3
        won[leader] += 1
        team_points[leader & 1] += points[c0] + points[c1] + points[c2] + points[c3]
    last = leader & 1
    team_points[last] += LAST_TRICK_CAPOT if won[last] + won[last + 2] == 8 else LAST_TRICK
    return Tally(TeamPoints(*team_points), (won[0], won[1], won[2], won[3]), belote)


def score_deal(deal: Deal) -> DealScore:
    """Verify ``deal`` and score it; :class:`IllegalDeal` with every problem when it is not legal
    (when its play is legal, :func:`check_deal` finds only the stake problems :func:`score_tally` raises)."""
    return score_tally(tally_deal(deal), deal.rules, deal.taker, deal.contract, deal.multiplier, deal.carried_in)


def score_tally(
    tally: Tally, rules: Rules, taker: Seat, contract: int | None = None, multiplier: int = 1, carried_in: int = 0
) -> DealScore:
    """Score a deal from its tally (specs/scoring.md §4.6); :class:`IllegalDeal` when the contract,
    multiplier or pot do not fit the game and rules.

    The trump and no-trump games are Coinche with a contract of 0 and no multiplier: the takers'
    total T (card points + belote) must reach the contract and, under ``must_beat_defence``, beat
    the defence's D; a tie is a failure or, under ``litige: carry_over``, a litige.
    """
    problems = _stake_problems(rules, contract, multiplier, carried_in)
    if problems:
        raise IllegalDeal(problems)
    takers = taker.team
    defence = takers.other
    value = contract or 0
    cards, belote = tally.card_points, tally.belote_points()
    totals = TeamPoints(cards.ns + belote.ns, cards.ew + belote.ew)
    mine, theirs = totals[takers], totals[defence]
    if contract == CAPOT:
        outcome = Outcome.MADE if tally.capot is takers else Outcome.FAILED
    elif contract == GENERALE:
        outcome = Outcome.MADE if tally.seat_tricks[taker] == 8 else Outcome.FAILED
    elif mine < value:
        outcome = Outcome.FAILED
    elif not rules.must_beat_defence or mine > theirs:
        outcome = Outcome.MADE
    elif mine < theirs:
        outcome = Outcome.FAILED
    else:  # a tie
        outcome = Outcome.LITIGE if rules.litige is Litige.CARRY_OVER else Outcome.FAILED
    score = [0, 0]
    carried_out = 0
    if outcome is Outcome.LITIGE:
        score[defence] = theirs
        carried_out = carried_in + mine
    else:
        winner = takers if outcome is Outcome.MADE else defence
        loser = defence if outcome is Outcome.MADE else takers
        if outcome is Outcome.MADE and multiplier == 1:
            score[takers] = cards[takers] + value + belote[takers]
            score[defence] = cards[defence] + belote[defence]
        else:
            capot = contract in (CAPOT, GENERALE) or tally.capot is winner
            score[winner] = ((CAPOT_DEAL if capot else DEAL) + value) * multiplier + belote[winner]
            if rules.belote_kept:
                score[loser] = belote[loser]
            else:
                score[winner] += belote[loser]
        score[winner] += carried_in
    return DealScore(tally, takers, totals, outcome, TeamPoints(score[0], score[1]), carried_out)
