"""Hong Kong mahjong: the 3-fan table, payments, pao, and the two-player Golden table
(see the Hong Kong rules: reference/hongkong.md).

The same kinds of names as every game package: the ``Rules``, the scoring
entry points, the engine ``Table`` and its ``DealResult``, the money record
``Ledger``, ``simulate`` and the ``BOTS``; plus the payment helpers.
"""

from kit.errors import IllegalAction
from kit.hongkong.bots import BOTS
from kit.hongkong.fan import PATTERNS, Score, pattern_table, score, waits_with_fan
from kit.hongkong.game import DealResult, SeatView, Table
from kit.hongkong.payout import Ledger, payout, wall
from kit.hongkong.rules import GOLDEN, PRESETS, PaymentTable, Rules
from kit.hongkong.sim import simulate
from kit.mahjong.conditions import WinConditions
from kit.mahjong.world import sample_world

__all__ = [
    "BOTS",
    "GOLDEN",
    "PATTERNS",
    "PRESETS",
    "DealResult",
    "IllegalAction",
    "Ledger",
    "PaymentTable",
    "Rules",
    "Score",
    "SeatView",
    "Table",
    "WinConditions",
    "pattern_table",
    "payout",
    "sample_world",
    "score",
    "simulate",
    "waits_with_fan",
    "wall",
]
