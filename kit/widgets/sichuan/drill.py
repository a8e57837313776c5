"""Sichuan drill: positions from bot-played deals, "which discard?", answered by the coach.

>>> drill = Drill(seed=1)
>>> len(drill.tiles) + 3 * len(drill.view.melds), drill.tried
(14, 0)
"""

from __future__ import annotations

from typing import Any

from kit.games import game
from kit.widgets.mahjong_drill import MahjongDrill
from kit.widgets.mahjong_parts import SUIT_NAMES, Choice
from kit.widgets.sichuan.play import void_choices

__all__ = ["Drill"]


class Drill(MahjongDrill, game=game("sichuan"), short_name="Sichuan"):
    """Which tile would you discard? Sichuan positions, the coach's answer, your running score.

    ``Drill(store=Store())`` (:class:`kit.progress.Store`) drills your own costly decisions
    from the play widget first (discards, claims, kongs, the void suit): those due, then
    one of your weakest idea.
    """

    def _seat_words(self, view: Any) -> str:
        if view.void is None:
            return "you have not chosen your void suit yet"
        return f"your void suit: {SUIT_NAMES[view.void]}"

    def _extra_choices(self, legal: list[Any]) -> list[Choice]:
        return void_choices(legal)
