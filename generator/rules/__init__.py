"""The rules engine of French Belote: cards, seats, rule sets, card play and auctions.

Pure Python: it imports nothing of YAML, HTML, templates or locales, and returns typed
values (reasons as enums), never prose.
"""

from .auction import (
    CAPOT,
    GENERALE,
    MULTIPLIERS,
    Auction,
    AuctionOutcome,
    AuctionReason,
    AuctionStatus,
    Call,
    CallKind,
    contract_code,
    contract_value,
    multiplier_value,
    outcome_fields,
)
from .cards import DECK, Card, CardSet, Rank, Suit
from .play import PlayReason, TrickResult, allowed, allowed_mask, card_points, refusal, trick_result
from .rulesets import DEFAULT_RULESET, RULESETS, Game, Rules, flags, rule_sets_differ, rules_for
from .seats import Seat

__all__ = [
    "CAPOT",
    "DECK",
    "DEFAULT_RULESET",
    "GENERALE",
    "MULTIPLIERS",
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
    "card_points",
    "contract_code",
    "contract_value",
    "flags",
    "multiplier_value",
    "outcome_fields",
    "refusal",
    "rule_sets_differ",
    "rules_for",
    "trick_result",
]
