"""Hong Kong drill: positions from bot-played deals, "which discard?", answered by the coach.

``Drill(rules=Rules(players=2))`` drills the two-player Golden table.

>>> drill = Drill(seed=1)
>>> good = drill.choose(drill.advice.action.tile)
>>> good, drill.right, drill.tried
(True, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kit.coach import Advice
from kit.hongkong.bots import BOTS
from kit.hongkong.game import Table
from kit.hongkong.rules import Rules
from kit.widgets.hongkong.display import WIND_LABELS
from kit.widgets.mahjong_play import MahjongDrill

__all__ = ["Drill"]


class Drill(MahjongDrill):
    """Which tile would you discard? Hong Kong positions, the coach's answer, your running score."""

    GAME = "Hong Kong"
    CSS_CLASS = "kit-drill-hongkong"
    BOTS = ("flush-hunter", "pung-hunter")

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
        from kit.hongkong.coach import advise

        return advise(view)

    def _seat_words(self, view: Any) -> str:
        return (
            f"you are seat {view.seat}, {WIND_LABELS[view.seat_wind]} wind, in the "
            f"{WIND_LABELS[view.round_wind]} round; {view.rules.min_fan} fan to win"
        )
