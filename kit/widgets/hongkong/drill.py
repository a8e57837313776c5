"""Hong Kong drill: positions from bot-played deals, "which discard?", answered by the coach.

``Drill(rules=Rules(players=2))`` drills the two-player Golden table.

>>> drill = Drill(seed=1)
>>> good = drill.choose(drill.advice.action.tile)
>>> good, drill.right, drill.tried
(True, 1, 1)
"""

from __future__ import annotations

from typing import Any

from kit.hongkong.rules import Rules
from kit.widgets.hongkong.display import WIND_LABELS
from kit.widgets.mahjong_play import MahjongDrill

__all__ = ["Drill"]


class Drill(MahjongDrill):
    """Which tile would you discard? Hong Kong positions, the coach's answer, your running score."""

    GAME = "Hong Kong"
    PACKAGE = "kit.hongkong"
    CSS_CLASS = "kit-drill-hongkong"
    BOTS = ("flush-hunter", "pung-hunter")

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        super().__init__(rules, seed)

    def _seat_words(self, view: Any) -> str:
        return (
            f"you are seat {view.seat}, {WIND_LABELS[view.seat_wind]} wind, in the "
            f"{WIND_LABELS[view.round_wind]} round; {view.rules.min_fan} fan to win"
        )
