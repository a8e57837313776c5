"""Sichuan drill: positions from bot-played deals, "which discard?", answered by the coach.

>>> drill = Drill(seed=1)
>>> len(drill.tiles) + 3 * len(drill.view.melds), drill.tried
(14, 0)
>>> good = drill.choose(drill.advice.action.tile)
>>> good, drill.right, drill.tried
(True, 1, 1)
"""

from __future__ import annotations

from typing import Any

from kit.sichuan.rules import Rules
from kit.widgets.mahjong_play import SUIT_NAMES, MahjongDrill

__all__ = ["Drill"]


class Drill(MahjongDrill):
    """Which tile would you discard? Sichuan positions, the coach's answer, your running score."""

    GAME = "Sichuan"
    PACKAGE = "kit.sichuan"
    CSS_CLASS = "kit-drill-sichuan"
    BOTS = ("efficient", "flush-hunter")

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        super().__init__(rules, seed)

    def _seat_words(self, view: Any) -> str:
        return f"you are seat {view.seat}, void in {SUIT_NAMES[view.void]}"
