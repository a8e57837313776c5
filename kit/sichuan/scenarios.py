"""Scripted Sichuan deals: a table set up tile by tile for a lesson and its tests.

Bank or hold (reference/sichuan.md#coach): seat 2 holds a full flush of bamboo, ready on
several tiles, and seat 0 throws the 5 of bamboo that completes it. The same win is
offered with the wall full or cut short, on a quiet table or while seat 1 shows two
pungs, so the coach's choice between banking the win and holding out for a self-draw
can be compared moment by moment.

>>> table = win_offered(wall_size=22, busy=True)
>>> len(table.wall), [len(melds) for melds in table.view(2).all_melds]
(22, [0, 2, 0, 0])
"""

from __future__ import annotations

from kit.mahjong.tiles import Tile
from kit.sichuan.game import Discard, Table

__all__ = ["OFFERED_TO", "win_offered"]

OFFERED_TO = 2
"""The seat whose ready hand the discard completes."""


def win_offered(wall_size: int | None = None, *, busy: bool = False) -> Table:
    """Seat 0 throws 5s into seat 2's ready bamboo hand, the wall full or cut to
    ``wall_size`` tiles; with ``busy`` seat 1 shows two pungs (of 1 and 9 of characters)."""
    seat_1 = "55s[111m][999m]456m19p" if busy else "55s123m456m789m19p"
    hands = ["1112345678999p5s", seat_1, "1112223334445s", "667788s999s2345p"]
    table = Table.arrange(hands, voids=list("mpmm"), phase="discard", wall_size=wall_size)
    table.apply(Discard(0, Tile.parse("5s")))
    return table
