"""The rules engine of French Belote: cards, seats, rule sets, card play, auctions and scoring.

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
from .play import PlayReason, TrickResult, allowed, allowed_mask, card_points, refusal, trick_keys, trick_result
from .rulesets import DEFAULT_RULESET, RULESETS, Game, Litige, Rules, rules_for
from .scoring import (
    Deal,
    DealProblem,
    DealReason,
    DealScore,
    IllegalDeal,
    Outcome,
    Tally,
    TeamPoints,
    check_deal,
    score_deal,
    score_tally,
    tally_deal,
)
from .seats import Seat, Team

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
    "Deal",
    "DealProblem",
    "DealReason",
    "DealScore",
    "Game",
    "IllegalDeal",
    "Litige",
    "Outcome",
    "PlayReason",
    "Rank",
    "Rules",
    "Seat",
    "Suit",
    "Tally",
    "Team",
    "TeamPoints",
    "TrickResult",
    "allowed",
    "allowed_mask",
    "card_points",
    "check_deal",
    "contract_code",
    "refusal",
    "rules_for",
    "score_deal",
    "score_tally",
    "tally_deal",
    "trick_keys",
    "trick_result",
]
