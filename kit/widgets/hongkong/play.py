"""Play one Hong Kong deal as seat 0 against bots, with the coach beside you.

``PlayDeal(rules=Rules(players=2))`` is the two-player Golden table.

>>> game = PlayDeal(seed=3, pace=0)
>>> game.players, game.table.seat_wind(0), game.your_move
(4, 'E', True)
"""

from __future__ import annotations

from kit.games import game
from kit.hongkong.game import Table
from kit.hongkong.payout import payout
from kit.mahjong.tiles import WIND_LABELS
from kit.widgets.mahjong_play import MahjongPlay

__all__ = ["PlayDeal"]


class PlayDeal(MahjongPlay, game=game("hongkong"), short_name="Hong Kong"):
    """One Hong Kong deal against bots: the minimum fan to win, chows from your left, one winner.

    ``rules=Rules(players=2)`` plays the two-player Golden table. ``bots`` names the
    opponents from :data:`kit.hongkong.BOTS`; ``seed`` makes the deal repeatable;
    ``pace`` is the pause in seconds between the bots' moves (0: at once).
    """

    RANKED_WINS = False  # one win ends a Hong Kong deal: the ledger says "won", not "won 1st"

    def _title(self) -> str:
        if self.players == 2:
            return "Hong Kong, the two-player Golden table: you against one bot"
        return f"Hong Kong: you against {self.players - 1} bots ({self.rules.min_fan} fan to win)"

    def _story_threshold(self) -> float:
        """An eighth of the smallest win on a discard: a choice that gave up less than that
        in expected money is not a turning point."""
        return payout(self.rules.min_fan, winner=0, discarder=1, rules=self.rules)[0] / 8

    def _seat_notes(self, seat: int) -> list[str]:
        t = self.table
        assert isinstance(t, Table)
        notes = [
            f"{WIND_LABELS[t.seat_wind(seat)]} wind" + (", dealer" if seat == t.dealer else "")
        ]
        for win in t.wins:
            if win.seat == seat:
                notes.append(f"won, {win.score.fan} fan")
        return notes

    def _ending(self) -> str:
        t = self.table
        if t.ended_by == "wall-empty":
            return "The wall ran out: a draw, nobody pays."
        return super()._ending()
