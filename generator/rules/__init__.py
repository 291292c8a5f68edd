"""The rules engine of French Belote: cards, seats, rule sets, card play and auctions.

Pure Python: it imports nothing of YAML, HTML, templates or locales, and returns typed
values (reasons as enums), never prose.
"""

from .auction import (
    CAPOT,
    GENERALE,
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    contract_code,
)
from .cards import DECK, Card, CardSet, Rank, Suit
from .play import (
    PlayReason,
    TrickResult,
    allowed,
    allowed_mask,
    beats,
    card_points,
    rank_order,
    rank_points,
    refusal,
    trick_result,
    winning_index,
)
from .rulesets import DEFAULT_RULESET, RULESETS, Game, Rules, rules_for
from .seats import Seat

__all__ = [
    "CAPOT",
    "DECK",
    "DEFAULT_RULESET",
    "GENERALE",
    "RULESETS",
    "Auction",
    "AuctionOutcome",
    "AuctionReason",
    "AuctionStatus",
    "Call",
    "CallKind",
    "Card",
    "CardSet",
    "Game",
    "PlayReason",
    "Rank",
    "Rules",
    "Seat",
    "Suit",
    "TrickResult",
    "allowed",
    "allowed_mask",
    "beats",
    "card_points",
    "contract_code",
    "rank_order",
    "rank_points",
    "refusal",
    "rules_for",
    "trick_result",
    "winning_index",
]
