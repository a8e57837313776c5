"""Hong Kong mahjong: the 3-fan table, payments, pao, and the two-player Golden table (RULES.md §3)."""

from kit.hongkong.fan import PATTERNS, Score, score
from kit.hongkong.payout import payout, wall
from kit.hongkong.rules import GOLDEN, PRESETS, PaymentTable, Rules

__all__ = [
    "GOLDEN",
    "PATTERNS",
    "PRESETS",
    "PaymentTable",
    "Rules",
    "Score",
    "payout",
    "score",
    "wall",
]
