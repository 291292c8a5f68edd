"""Typed examples ("scenarios") read from located YAML, with every problem at FILE:LINE:COL.

An example is a position of card play (a trick and the hand of the seat to play), an
auction (the calls in order) or a whole deal (its 8 tricks, scored), and what it states of the
app's answer in ``expect``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from ..problems import Problem, name_invisible
from ..rules import (
    DECK,
    DEFAULT_RULESET,
    RULESETS,
    AuctionStatus,
    Call,
    Card,
    CardSet,
    Deal,
    Game,
    Litige,
    Outcome,
    Rules,
    Seat,
    Suit,
    Team,
    contract_value,
    multiplier_value,
    outcome_fields,
    rules_for,
)
from .source import Document, Map, Node, Pos, Scalar, Seq

T = TypeVar("T")

ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_WITHOUT_CONTRACT = {status.value: status for status in AuctionStatus if status is not AuctionStatus.CONTRACT}
"""How ``expect.result`` names an auction with no contract (``open``, ``redeal``); a contract is a mapping."""
MAX_DIGITS = 9
"""The longest number any field may hold (points, call numbers, bids, multipliers)."""

COMMON_REQUIRED = ("id", "game")
"""What every example must have (generator/schema.py makes the content's JSON Schema of these tables)."""
_REQUIRED_HINTS = {"game": " (trump, no-trump or coinche)"}
_COMMON_FIELDS = (*COMMON_REQUIRED, "rules")
PLAY_FIELDS = _COMMON_FIELDS + ("trump", "trick", "hand", "play", "expect")
AUCTION_FIELDS = _COMMON_FIELDS + ("dealer", "turned", "calls", "expect")
PLAY_EXPECT = ("allowed", "winner", "points")
AUCTION_EXPECT = ("rejected", "result")
DEAL_FIELDS = _COMMON_FIELDS + ("trump", "dealer", "taker", "contract", "multiplier", "carried_in", "tricks", "expect")
DEAL_EXPECT = ("card_points", "belote", "outcome", "score", "carried_out")
EXAMPLES_KEY = "examples"
"""An example file is a list of examples, or a mapping with this one key holding the list."""
NO_BELOTE = "none"
"""How ``expect.belote`` says that nobody holds the belote."""

Place = tuple[int, int]
"""A line and a column (from 1), where a problem is reported: a deal keeps one for each of its cards
and seats, as plain tuples of ints (which take less memory than a :class:`Pos`, and none of the
garbage collector's time)."""


@dataclass(frozen=True, slots=True)
class Stated:
    """A value an example states in ``expect``, and the line of its key (where a mismatch is reported)."""

    value: object
    line: int


@dataclass(frozen=True, slots=True)
class Example:
    """What every example has: where it is written, its id, game and rules, and what it states in
    ``expect``. Its YAML is not kept: ``check --fix`` finds it again in the file's tree at ``pos``."""

    path: str
    pos: Pos
    id: str
    game: Game
    rules: Rules
    expect: dict[str, Stated]


@dataclass(frozen=True, slots=True)
class PlayExample(Example):
    """A trick in progress and the hand of the seat to play; optionally the card it plays."""

    trump: Suit | None
    trick: tuple[tuple[Seat, Card], ...]
    seat: Seat
    hand: tuple[Card, ...]
    play: Card | None
    play_pos: Pos | None

    @property
    def hand_set(self) -> CardSet:
        """The hand as a set of cards."""
        return CardSet(self.hand)


@dataclass(frozen=True, slots=True)
class AuctionExample(Example):
    """An auction: who deals, the turned card (trump game), and the calls in order."""

    dealer: Seat
    turned: Suit | None
    turned_card: Card | None
    calls: tuple[tuple[Seat, Call], ...]


@dataclass(frozen=True, slots=True)
class DealExample(Example):
    """A whole deal: the auction's outcome (taker, contract, multiplier), who deals, the 8 tricks."""

    trump: Suit | None
    dealer: Seat
    taker: Seat
    contract: int | None
    multiplier: int
    carried_in: int
    """The pot as written (0 when not): the engine takes it only under rules that carry a litige over."""
    carried_in_line: int
    """Where `carried_in` is written (0: it is not); under other rules it is a wrong answer to remove."""
    tricks: tuple[tuple[tuple[Seat, Card], ...], ...]
    card_pos: tuple[tuple[Place, ...], ...]
    """Where each card of each trick is written."""
    seat_pos: tuple[tuple[Place, ...], ...]
    """Where the seat of each card is written."""
    trick_pos: tuple[Place, ...]
    """Where each trick is written."""
    tricks_pos: Place
    """Where the `tricks` list is written."""

    @property
    def deal(self) -> Deal:
        """The deal as the engine takes it: the seat after the dealer leads trick 1."""
        return Deal(
            self.rules,
            self.trump,
            self.dealer.next(),
            self.taker,
            self.tricks,
            self.contract,
            self.multiplier,
            self.carried_in if self.rules.litige is Litige.CARRY_OVER else 0,
        )


@dataclass
class ExampleSet:
    """The examples of one run, and every problem found while reading them."""

    examples: list[Example] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    claims: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    """Each example id read, with where it is written (file, line, column), in reading order."""

    def add_document(self, document: Document) -> None:
        """Read the examples of a loaded file (a list, or a mapping with ``examples:``)."""
        reader = Reader(document.path, self.problems)
        root = document.root
        if isinstance(root, Map) and root.get(EXAMPLES_KEY) is not None:
            for key, _ in root.entries:
                if key.value != EXAMPLES_KEY:
                    reader.error(key, f"unknown top-level key {key.value!r} (a file holds `examples:`)")
            root = root.get(EXAMPLES_KEY)
        if root is None or (isinstance(root, Seq) and not root.items):
            where = root or Scalar("", True, Pos(1, 1, 0, 0))
            reader.error(where, "no examples: write a list of examples (see tests/examples/)")
            return
        if not isinstance(root, Seq):
            reader.error(
                root, "expected a list of examples (each starting with `- id: ...`), or a mapping with `examples:`"
            )
            return
        for node in root.items:
            self.add(reader, node)

    def add(self, reader: Reader, node: Node, extra: tuple[str, ...] = ()) -> Example | None:
        """Read one example (``extra``: the fields its container adds, such as a page's `title`), its id
        recorded, or reported as already used, even when the example is invalid."""
        id_node = node.get("id") if isinstance(node, Map) else None
        if isinstance(id_node, Scalar) and ID_PATTERN.match(id_node.value):
            first = self.claims.get(id_node.value)
            if first is None:
                self.claims[id_node.value] = (reader.path, id_node.pos.line, id_node.pos.column)
            else:
                reader.error(id_node, not_unique(id_node.value, first))
        example = reader.example(node, extra)
        if example is not None:
            self.examples.append(example)
        return example


def not_unique(id_: str, first: tuple[str, int, int]) -> str:
    """The problem of an example id used again, ``first`` where it was first used."""
    return f"id {id_!r} is not unique (first used at {first[0]}:{first[1]}): rename one"


_PLACES: dict[Place, Place] = {}
"""Each place made, once: the deals of many files share their lines and columns."""


def _place(node: Node) -> Place:
    """Where a node is written: the one tuple of that line and column."""
    place = (node.pos.line, node.pos.column)
    return _PLACES.setdefault(place, place)


_PLAYS = tuple((seat, card) for seat in Seat for card in DECK)
"""Every (seat, card) pair, once: the tricks of thousands of examples share these 128."""


def _play(seat: Seat, card: Card) -> tuple[Seat, Card]:
    """The one (seat, card) pair of that seat and card."""
    return _PLAYS[seat * len(DECK) + card]


def _outcome(text: str) -> Outcome:
    """An outcome as written: ``made``, ``failed`` or ``litige``."""
    try:
        return Outcome(text.strip().lower())
    except ValueError:
        raise ValueError(f"{text!r}: write made, failed or litige") from None


def _belote(text: str) -> str:
    """`expect.belote` as written: the team holding it (``NS``, ``EW``) or ``none``."""
    return NO_BELOTE if text.strip().lower() == NO_BELOTE else Team.parse(text).code()


_SEAT_PAIR_HINTS = {
    "hand": "`SEAT: [CARD, ...]`, such as `N: [KS, 7S]`",
    "trick": "`SEAT: CARD` pair, such as `W: AS`",
    "calls": "`SEAT: CALL` pair, such as `S: pass`",
    "contract": "`SEAT: VALUE SUIT` pair (the taker and the bid), such as `S: 100 S`",
    "tricks": "`SEAT: CARD` pair, such as `S: JH`",
}
"""What a field of one ``SEAT: value`` entry holds, as its problem says it."""


class Reader:
    """Turns located nodes of one file into typed values, recording a problem for each bad one.

    It reads on past a bad value so that every problem of a file is reported at once, and
    keeps quiet about what only follows from an earlier problem.
    """

    def __init__(self, path: str, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems
        self.suggested: set[str] = set()
        """The fields named by a "did you mean" in this example: not reported missing as well."""

    def error(self, node: Node, message: str) -> None:
        """Record a problem at the node's line and column (an invisible character it quotes named)."""
        self.problems.append(Problem(self.path, node.pos.line, node.pos.column, name_invisible(message)))

    def text(self, node: Node, what: str) -> str | None:
        """The node's text as written; None (reported) for a list, a mapping or an empty plain value."""
        if isinstance(node, Scalar):
            if node.value.strip() or not node.plain:
                return node.value
            self.error(node, f"{what}: no value: write one after the colon")
            return None
        self.error(node, f"{what}: expected a single value, not a {'list' if isinstance(node, Seq) else 'mapping'}")
        return None

    def parsed(self, node: Node | None, what: str, parse: Callable[[str], T]) -> T | None:
        """The node's text read by ``parse`` (an engine parser); None with its ``ValueError`` as the
        problem, or for a field not written (``node`` None)."""
        if node is None:
            return None
        text = self.text(node, what)
        if text is None or not self.short_numbers(node, text, what):
            return None
        try:
            return parse(text)
        except ValueError as error:
            self.error(node, f"{what}: {error}")
            return None

    def items(self, node: Node, what: str) -> list[Node] | None:
        """The items of a list; None (reported) for anything else."""
        if isinstance(node, Seq):
            return node.items
        self.error(node, f"{what}: expected a list, such as [a, b] or lines starting with '- '")
        return None

    def each(self, node: Node | None, what: str) -> list[Node]:
        """The items of a list, or none: for a field not written (``node`` None) or not a list (reported)."""
        return (self.items(node, what) or []) if node is not None else []

    def one_key(self, node: Node, what: str) -> tuple[Scalar, Node] | None:
        """The one ``KEY: value`` entry of a mapping such as ``{W: AS}``; None (reported) otherwise."""
        if isinstance(node, Map) and len(node.entries) == 1:
            return node.entries[0]
        self.error(node, f"{what}: expected one {_SEAT_PAIR_HINTS[what]}")
        return None

    def cards(self, node: Node, what: str) -> tuple[Card, ...] | None:
        """A list of distinct cards in written order; None when a card is wrong or repeated."""
        items = self.items(node, what)
        if items is None:
            return None
        seen: dict[Card, Pos] = {}  # in written order
        ok = True
        for item in items:
            card = self.parsed(item, what, Card.parse)
            if card is None:
                ok = False
            elif (first := seen.get(card)) is not None:
                self.error(item, f"{what}: card {card} twice (first at {first.at}): keep one")
                ok = False
            else:
                seen[card] = item.pos
        return tuple(seen) if ok else None

    def integer(self, node: Node, what: str) -> int | None:
        """A whole number written without quotes; None (reported) otherwise."""
        text = self.text(node, what)
        if text is None:
            return None
        if isinstance(node, Scalar) and node.plain and text.isdecimal():
            return int(text) if self.short_numbers(node, text, what) else None
        hint = ": write it without quotes" if text.strip().isdecimal() else ""
        self.error(node, f"{what}: expected a whole number, found {text!r}{hint}")
        return None

    def short_numbers(self, node: Node, text: str, what: str) -> bool:
        """False (with a problem) when ``text`` holds a number too long for any field: it is
        refused before Python converts it (which is slow, and limited, for thousands of digits)."""
        if len(text) <= MAX_DIGITS:
            return True
        longest = max((len(run) for run in re.findall(r"\d+", text)), default=0)
        if longest <= MAX_DIGITS:
            return True
        self.error(
            node, f"{what}: a number of {longest:,} digits is too long: no value here has more than {MAX_DIGITS}"
        )
        return False

    def example(self, node: Node, extra: tuple[str, ...] = ()) -> Example | None:
        """A play, an auction or a deal example, told apart by its fields; None when anything in it is wrong."""
        if not isinstance(node, Map):
            self.error(node, "an example is a mapping with `id`, `game` and its fields")
            return None
        problems_before = len(self.problems)
        is_play = any(node.get(key) is not None for key in ("trick", "hand", "play"))
        is_deal = any(node.get(key) is not None for key in ("tricks", "taker", "contract", "multiplier", "carried_in"))
        is_auction = any(node.get(key) is not None for key in ("calls", "turned")) or (
            node.get("dealer") is not None and not is_deal
        )
        if is_play + is_auction + is_deal > 1:
            self.error(
                node,
                "an example is either a play (trick, hand), an auction (dealer, calls) "
                "or a deal (dealer, taker, tricks), not several",
            )
            return None
        known = AUCTION_FIELDS if is_auction else DEAL_FIELDS if is_deal else PLAY_FIELDS
        self.unknown_fields(node, known + extra)
        common = self.common(node)
        game: Game | None = common["game"] if common else None
        if is_deal:
            example: Example | None = self.deal(node, common, game)
        elif is_auction:
            example = self.auction(node, common, game)
        elif is_play or "hand" in self.suggested:
            example = self.play(node, common, game)
        else:
            self.error(node, "an example needs `hand` (a play) or `dealer` and `calls` (an auction)")
            return None
        return example if len(self.problems) == problems_before else None

    def unknown_fields(self, node: Map, known: tuple[str, ...]) -> None:
        """Report each key not in ``known``, with a "did you mean" when one is close (remembered in ``suggested``)."""
        self.suggested = set()
        for key, _ in node.entries:
            if key.value in known:
                continue
            close = difflib.get_close_matches(key.value, [name for name in known if node.get(name) is None], 1)
            if close:
                self.suggested.add(close[0])
                self.error(key, f"unknown field {key.value!r}: did you mean `{close[0]}`?")
            else:
                self.error(key, f"unknown field {key.value!r} (known: {', '.join(known)})")

    def require(self, node: Map, key: str, why: str = "") -> Node | None:
        """The value of a required key; a problem when it is missing (unless a misspelling of it was reported)."""
        value = node.get(key)
        if value is None and key not in self.suggested:
            self.error(node, f"missing `{key}`{why}")
        return value

    def common(self, node: Map) -> dict | None:
        """The id, game and rules; None when one of them is wrong (already reported)."""
        id_node, game_node = (self.require(node, key, _REQUIRED_HINTS.get(key, "")) for key in COMMON_REQUIRED)
        example_id = self.text(id_node, "id") if id_node else None
        if id_node is not None and example_id is not None and not ID_PATTERN.match(example_id):
            self.error(id_node, f"id {example_id!r}: use lowercase letters, digits and '-' (e.g. follow-suit)")
            example_id = None
        game = self.parsed(game_node, "game", Game.parse)
        rules_node = node.get("rules")
        ruleset = self.text(rules_node, "rules") if rules_node else DEFAULT_RULESET
        if ruleset is not None and ruleset not in RULESETS:
            self.error(rules_node or node, f"rules: unknown rule set {ruleset!r} (write one of: {', '.join(RULESETS)})")
            ruleset = None
        if example_id is None or game is None or ruleset is None:
            return None
        return {"path": self.path, "pos": node.pos, "id": example_id, "game": game, "rules": rules_for(game, ruleset)}

    def trump_field(self, node: Map, game: Game | None, key: str) -> Node | None:
        """A field only games with a trump have (`trump`, `turned`): required there, refused otherwise."""
        value = node.get(key)
        if game is None:
            return value
        if game.has_trump and value is None:
            self.require(node, key, f": the {game.value} game needs it")
        elif not game.has_trump and value is not None:
            self.error(value, f"`{key}`: the no-trump game has no trump: remove it")
            return None
        return value

    def seat_entries(
        self, node: Node | None, what: str, parse: Callable[[str], T]
    ) -> list[tuple[Seat, T, Scalar, Node] | None]:
        """The `SEAT: value` entries of a trick or of calls; None for an entry that is wrong."""
        entries: list[tuple[Seat, T, Scalar, Node] | None] = []
        for item in self.each(node, what):
            pair = self.one_key(item, what)
            if pair is None:
                entries.append(None)
                continue
            seat = self.parsed(pair[0], what, Seat.parse)
            value = self.parsed(pair[1], what, parse)
            entries.append(None if seat is None or value is None else (seat, value, pair[0], pair[1]))
        return entries

    def play(self, node: Map, common: dict | None, game: Game | None) -> PlayExample | None:
        """A play example: the trick in turn order, the hand of the seat to play, `play`, `expect`."""
        trump = self.parsed(self.trump_field(node, game, "trump"), "trump", Suit.parse)
        trick: list[tuple[Seat, Card]] = []
        trick_cards: dict[Card, Pos] = {}
        previous: Seat | None = None  # unknown after a bad entry: no turn check follows from it
        trick_node = node.get("trick")
        entries = self.seat_entries(trick_node, "trick", Card.parse)
        for entry in entries:
            if entry is None:
                previous = None
                continue
            player, card, seat_node, card_node = entry
            if previous is not None and player != previous.next():
                self.error(seat_node, f"trick: {player} plays out of turn: after {previous} comes {previous.next()}")
            if (first := trick_cards.get(card)) is not None:
                self.error(card_node, f"trick: card {card} twice (first at {first.at}): keep one")
            trick_cards[card] = card_node.pos
            trick.append(_play(player, card))
            previous = player
        if len(entries) > 3 and isinstance(trick_node, Seq):
            self.error(trick_node.items[3], "trick: at most 3 cards before the hand's turn (the 4th is `play`)")
        seat, hand = self.hand(node, previous, trick_cards)
        play_node = node.get("play")
        play = self.parsed(play_node, "play", Card.parse)
        if play_node is not None and play is not None and hand is not None and play not in hand:
            self.error(play_node, f"play: {play} is not in {seat}'s hand")
        complete = play is not None and len(entries) == 3
        expect = self.expect(
            node,
            PLAY_EXPECT,
            {
                "allowed": lambda n: self.cards(n, "expect.allowed"),
                "winner": lambda n: (
                    self.parsed(n, "expect.winner", Seat.parse)
                    if self.needs_complete_trick(n, complete, "winner")
                    else None
                ),
                "points": lambda n: (
                    self.integer(n, "expect.points") if self.needs_complete_trick(n, complete, "points") else None
                ),
            },
        )
        if common is None or seat is None or hand is None:
            return None
        return PlayExample(
            **common,
            expect=expect,
            trump=trump,
            trick=tuple(trick),
            seat=seat,
            hand=hand,
            play=play,
            play_pos=play_node.pos if play_node else None,
        )

    def hand(
        self, node: Map, previous: Seat | None, trick_cards: dict[Card, Pos]
    ) -> tuple[Seat | None, tuple[Card, ...] | None]:
        """The seat to play (the next after ``previous``) and its cards, none of them in the trick."""
        hand_node = self.require(node, "hand", ": `hand: {SEAT: [CARD, ...]}`, the seat to play next")
        pair = self.one_key(hand_node, "hand") if hand_node else None
        if pair is None:
            return None, None
        seat = self.parsed(pair[0], "hand", Seat.parse)
        if seat is not None and previous is not None and seat != previous.next():
            self.error(pair[0], f"hand: {seat} is not the next to play: after {previous} comes {previous.next()}")
        cards_node = pair[1]
        hand = self.cards(cards_node, "hand")
        if hand is None or not isinstance(cards_node, Seq):
            return seat, None
        if len(hand) > 8:
            self.error(cards_node, f"hand: {len(hand)} cards; a hand holds at most 8")
        if not hand:
            self.error(cards_node, "hand: empty; write the cards of the seat to play")
        for card_node, card in zip(cards_node.items, hand, strict=True):
            if (first := trick_cards.get(card)) is not None:
                self.error(card_node, f"hand: card {card} is also in the trick (at {first.at}): a card is in one place")
        return seat, hand

    def needs_complete_trick(self, node: Node, complete: bool, what: str) -> bool:
        """True when the example's `play` completes the trick, as `winner` and `points` need."""
        if not complete:
            self.error(
                node, f"expect.{what}: only an example whose `play` completes the trick (3 cards in `trick`) has one"
            )
        return complete

    def auction(self, node: Map, common: dict | None, game: Game | None) -> AuctionExample | None:
        """An auction example: the dealer, the turned card (trump game), the calls, `expect`."""
        dealer_node = self.require(node, "dealer", ": the seat who deals (the next one speaks first)")
        dealer = self.parsed(dealer_node, "dealer", Seat.parse)
        turned_card = turned = None
        turned_node = node.get("turned")
        if game is Game.TRUMP:
            turned_node = self.trump_field(node, game, "turned")
        elif game is not None and turned_node is not None:
            self.error(turned_node, "`turned`: only the trump game turns a card for the auction: remove it")
            turned_node = None
        if turned_node is not None:
            turned_card, turned = self.turned(turned_node)
        calls_node = self.require(node, "calls", ": a list of `SEAT: CALL`, such as `- S: pass`")
        entries = self.seat_entries(calls_node, "calls", Call.parse)
        calls = [(entry[0], entry[1]) for entry in entries if entry is not None]
        expect = self.expect(
            node,
            AUCTION_EXPECT,
            {
                "rejected": lambda n: self.rejected(n, len(entries)),
                "result": lambda n: self.result(n, game),
            },
        )
        if common is None or dealer is None or (game is Game.TRUMP and turned is None):
            return None
        return AuctionExample(
            **common,
            expect=expect,
            dealer=dealer,
            turned=turned,
            turned_card=turned_card,
            calls=tuple(calls),
        )

    def deal(self, node: Map, common: dict | None, game: Game | None) -> DealExample | None:
        """A deal example: trump, dealer, the contract's taker (and in Coinche its value and
        multiplier), a pot carried in, the 8 tricks and `expect`. The engine checks the play."""
        trump = self.parsed(self.trump_field(node, game, "trump"), "trump", Suit.parse)
        dealer_node = self.require(node, "dealer", ": the seat who deals (the next one leads trick 1)")
        dealer = self.parsed(dealer_node, "dealer", Seat.parse)
        taker_node = self.require(node, "taker", ": the seat who took, or whose bid stands")
        taker = self.parsed(taker_node, "taker", Seat.parse)
        contract_node, multiplier_node = node.get("contract"), node.get("multiplier")
        if game is Game.COINCHE:
            self.require(node, "contract", ": 80 to 160, capot or generale")
        elif game is not None:
            for key, value_node in (("contract", contract_node), ("multiplier", multiplier_node)):
                if value_node is not None:
                    self.error(value_node, f"`{key}`: only Coinche has one: remove it")
            contract_node = multiplier_node = None
        contract = self.parsed(contract_node, "contract", contract_value)
        multiplier = self.parsed(multiplier_node, "multiplier", multiplier_value) or 1
        # Whether the rules carry a litige over is the engine's to say (verify.compare): a pot
        # written under rules that carry none is a wrong answer, which --fix removes.
        carried_node = node.get("carried_in")
        carried_in = (self.integer(carried_node, "carried_in") or 0) if carried_node is not None else 0
        tricks_node = self.require(node, "tricks", ": the 8 tricks, each a list of 4 `SEAT: CARD` in play order")
        tricks: list[tuple[tuple[Seat, Card], ...]] = []
        card_pos: list[tuple[Place, ...]] = []
        seat_pos: list[tuple[Place, ...]] = []
        trick_pos: list[Place] = []
        readable = tricks_node is not None
        for item in self.each(tricks_node, "tricks"):
            entries = self.seat_entries(item, "tricks", Card.parse)
            if any(entry is None for entry in entries) or not isinstance(item, Seq):
                readable = False
                continue
            tricks.append(tuple(_play(entry[0], entry[1]) for entry in entries if entry is not None))
            card_pos.append(tuple(_place(entry[3]) for entry in entries if entry is not None))
            seat_pos.append(tuple(_place(entry[2]) for entry in entries if entry is not None))
            trick_pos.append(_place(item))
        expect = self.expect(
            node,
            DEAL_EXPECT,
            {
                "card_points": lambda n: self.team_points(n, "expect.card_points"),
                "belote": lambda n: self.parsed(n, "expect.belote", _belote),
                "outcome": lambda n: self.parsed(n, "expect.outcome", _outcome),
                "score": lambda n: self.team_points(n, "expect.score"),
                "carried_out": lambda n: self.integer(n, "expect.carried_out"),
            },
        )
        if common is None or dealer is None or taker is None or tricks_node is None or not readable:
            return None
        if game is Game.COINCHE and contract is None:
            return None
        return DealExample(
            **common,
            expect=expect,
            trump=trump,
            dealer=dealer,
            taker=taker,
            contract=contract,
            multiplier=multiplier,
            carried_in=carried_in,
            carried_in_line=carried_node.pos.line if carried_node is not None else 0,
            tricks=tuple(tricks),
            card_pos=tuple(card_pos),
            seat_pos=tuple(seat_pos),
            trick_pos=tuple(trick_pos),
            tricks_pos=_place(tricks_node),
        )

    def team_points(self, node: Node, what: str) -> dict[str, int] | None:
        """`{NS: points, EW: points}`: a whole number for each team."""
        teams = tuple(team.code() for team in Team)
        if not isinstance(node, Map):
            self.error(node, f"{what}: expected {{NS: POINTS, EW: POINTS}}")
            return None
        points: dict[str, int] = {}
        for key, value in node.entries:
            if key.value not in teams:
                self.error(key, f"{what}: unknown team {key.value!r} (write NS and EW)")
                continue
            number = self.integer(value, f"{what}.{key.value}")
            if number is not None:
                points[key.value] = number
        missing = [team for team in teams if node.get(team) is None]
        if missing:
            self.error(node, f"{what}: missing {' and '.join(missing)}: write {{NS: POINTS, EW: POINTS}}")
        return {team: points[team] for team in teams} if len(points) == len(teams) else None

    def turned(self, node: Node) -> tuple[Card | None, Suit | None]:
        """The turned card (``KH``) or only its suit (``H``)."""
        text = self.text(node, "turned")
        if text is None:
            return None, None
        for parse in (Suit.parse, Card.parse):
            try:
                value = parse(text)
            except ValueError:
                continue
            return (None, value) if isinstance(value, Suit) else (value, value.suit)
        self.error(node, f"turned: unknown suit or card {text!r} (write a suit such as H, or a card such as KH)")
        return None, None

    def rejected(self, node: Node, count: int) -> tuple[int, ...] | None:
        """`expect.rejected`: the numbers (1 to ``count``) of the refused calls, sorted."""
        numbers: list[int] = []
        for item in self.each(node, "expect.rejected"):
            number = self.integer(item, "expect.rejected")
            if number is None:
                continue
            if not 1 <= number <= count:
                self.error(item, f"expect.rejected: {number} is not a call number (1 to {count})")
            elif number in numbers:
                self.error(item, f"expect.rejected: call {number} listed twice: keep one")
            else:
                numbers.append(number)
        return tuple(sorted(numbers))

    def result(self, node: Node, game: Game | None) -> object:
        """`expect.result`: an :class:`AuctionStatus` without a contract, or the contract's fields it states."""
        keys = outcome_fields(game or Game.COINCHE)
        if isinstance(node, Scalar):
            if node.value in _WITHOUT_CONTRACT:
                return _WITHOUT_CONTRACT[node.value]
            self.error(node, f"expect.result: {node.value!r}: write redeal, open or {{{', '.join(keys)}}}")
            return None
        if not isinstance(node, Map):
            self.error(node, "expect.result: expected redeal, open or a mapping")
            return None
        parsers: dict[str, Callable[[str], object]] = {
            "taker": Seat.parse,
            "trump": Suit.parse,
            "contract": contract_value,
            "multiplier": multiplier_value,
        }
        result: dict[str, object] = {}
        for key, value in node.entries:
            if key.value not in keys:
                game_name = f"the {game.value} game" if game else "an auction"
                self.error(
                    key, f"expect.result: unknown field {key.value!r} for {game_name} (known: {', '.join(keys)})"
                )
                continue
            parsed = self.parsed(value, f"expect.result.{key.value}", parsers[key.value])
            if parsed is not None:
                result[key.value] = parsed
        if node.get("taker") is None:
            self.error(node, "expect.result: missing `taker`")
        return result

    def expect(
        self, node: Map, fields: tuple[str, ...], readers: dict[str, Callable[[Node], object]]
    ) -> dict[str, Stated]:
        """What the example states in `expect` (each of ``fields`` read by its reader)."""
        expect_node = node.get("expect")
        if expect_node is None:
            return {}
        if not isinstance(expect_node, Map):
            self.error(expect_node, f"expect: expected a mapping of {', '.join(fields)}")
            return {}
        stated: dict[str, Stated] = {}
        for key, value in expect_node.entries:
            if key.value not in fields:
                self.error(key, f"expect: unknown field {key.value!r} (known: {', '.join(fields)})")
                continue
            parsed = readers[key.value](value)
            if parsed is not None:
                stated[key.value] = Stated(parsed, key.pos.line)
        return stated
