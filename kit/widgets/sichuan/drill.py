"""Sichuan drill: positions from bot-played deals, "which discard?", answered by the coach.

>>> drill = Drill(seed=1)
>>> len(drill.tiles) + 3 * len(drill.view.melds), drill.tried
(14, 0)
>>> good = drill.choose(drill.advice.action.tile)
>>> good, drill.right, drill.tried
(True, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kit.coach import Advice
from kit.sichuan.bots import BOTS
from kit.sichuan.game import Table
from kit.sichuan.rules import Rules
from kit.widgets.mahjong_play import SUIT_NAMES, MahjongDrill

__all__ = ["Drill"]


class Drill(MahjongDrill):
    """Which tile would you discard? Sichuan positions, the coach's answer, your running score."""

    GAME = "Sichuan"
    CSS_CLASS = "kit-drill-sichuan"
    BOTS = ("efficient", "flush-hunter")

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        super().__init__(rules, seed)

    @classmethod
    def _table_class(cls) -> type[Table]:
        return Table

    @classmethod
    def _rules_class(cls) -> type[Rules]:
        return Rules

    @classmethod
    def _bots(cls) -> Mapping[str, Callable[[Any], Any]]:
        return BOTS

    def _advise(self, view: Any) -> Advice:
        from kit.sichuan.coach import advise

        return advise(view)

    def _seat_words(self, view: Any) -> str:
        return f"you are seat {view.seat}, void in {SUIT_NAMES[view.void]}"
