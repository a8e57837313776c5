"""Hong Kong drill: positions from bot-played deals, "which discard?", answered by the coach.

``Drill(rules=Rules(players=2))`` drills the two-player Golden table.

>>> from kit.hongkong import Rules
>>> drill = Drill(Rules(players=2), seed=1)
>>> drill.table.players, "3 fan to win" in drill.question.value
(2, True)
"""

from __future__ import annotations

from typing import Any

from kit.games import game
from kit.mahjong.tiles import WIND_LABELS
from kit.widgets.mahjong_drill import MahjongDrill

__all__ = ["Drill"]


class Drill(MahjongDrill, game=game("hongkong"), short_name="Hong Kong"):
    """Which tile would you discard? Hong Kong positions, the coach's answer, your running score.

    ``Drill(store=Store())`` (:class:`kit.progress.Store`) drills your own costly decisions
    from the play widget first (discards, claims, kongs, win or hold out): those due,
    then one of your weakest idea.
    """

    def _seat_words(self, view: Any) -> str:
        return (
            f"you are the {WIND_LABELS[view.seat_wind]} seat, in the "
            f"{WIND_LABELS[view.round_wind]} round; {view.rules.min_fan} fan to win"
        )
