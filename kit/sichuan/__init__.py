"""Sichuan "blood battle" mahjong (血战到底), scored as base × 2^fan (see the Sichuan rules:
reference/sichuan.md).

The same kinds of names as every game package: the ``Rules``, the scoring
entry points, the engine ``Table`` and its ``DealResult``, the money record
``Ledger``, ``simulate`` and the ``BOTS``.
"""

from kit.errors import IllegalAction
from kit.mahjong.conditions import WinConditions
from kit.mahjong.world import sample_world
from kit.sichuan.bots import BOTS
from kit.sichuan.fan import PATTERNS, Score, pattern_table, score, waits_with_fan
from kit.sichuan.game import DealResult, SeatView, Table
from kit.sichuan.rules import Rules
from kit.sichuan.settle import Ledger
from kit.sichuan.sim import simulate

__all__ = [
    "BOTS",
    "PATTERNS",
    "DealResult",
    "IllegalAction",
    "Ledger",
    "Rules",
    "Score",
    "SeatView",
    "Table",
    "WinConditions",
    "pattern_table",
    "sample_world",
    "score",
    "simulate",
    "waits_with_fan",
]
