"""What both mahjong engines read off a table before scoring a win: the winning hand, and
whether it came on the dealer's first tiles.

>>> from kit.sichuan import Table
>>> table = Table.deal(seed=1)  # the dealer holds 14 tiles, the last one drawn
>>> hand = winning_hand(table, 0, table.drawn, taken=False)
>>> len(hand.concealed), heavenly_or_earthly(table, 0, drawn=True)
(14, (True, False))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import Hand, Meld, Tile

__all__ = ["DealState", "KongState", "heavenly_or_earthly", "winning_hand"]


def winning_hand(table: MahjongTable[Any], seat: int, tile: Tile, *, taken: bool) -> Hand:
    """``seat``'s hand as it wins on ``tile``: a tile ``taken`` (a discard or a robbed kong)
    joins the concealed tiles; a self-drawn tile is already among them."""
    concealed = list(table.concealed[seat])
    if taken:
        concealed.append(tile)
    return Hand(tuple(concealed), tuple(table.melds[seat]))


class DealState(Protocol):
    """What a table and a seat's view both show of a deal, enough to say how a win came."""

    @property
    def dealer(self) -> int: ...

    @property
    def turns(self) -> int: ...

    @property
    def discards(self) -> Sequence[tuple[Tile, int]]: ...

    @property
    def all_melds(self) -> Sequence[Sequence[Meld]]: ...


class KongState(DealState, Protocol):
    """A deal's public state with what the last draws and kongs were: how a win scores."""

    @property
    def drawn_after_kong(self) -> bool: ...

    @property
    def discard_after_kong(self) -> bool: ...

    @property
    def last_draw_emptied_wall(self) -> bool: ...


def heavenly_or_earthly(
    table: DealState, seat: int, *, drawn: bool, robbing: bool = False
) -> tuple[bool, bool]:
    """(heavenly, earthly): the dealer's win on its dealt tiles, or a win on the dealer's
    first discard; either only before any meld, and never by robbing a kong. ``table``
    may be a seat's view: all of this is public."""
    if any(table.all_melds) or robbing:
        return False, False
    if drawn:
        return seat == table.dealer and table.turns == 0 and not table.discards, False
    return False, len(table.discards) == 1 and table.discards[0][1] == table.dealer
