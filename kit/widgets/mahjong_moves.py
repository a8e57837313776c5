"""A mahjong move as the play log says it: which tile, and whose.

An engine's action says only "seat 2 pungs"; the log says which tile was claimed and
from whom, "seat 2 pungs seat 1's 9m", read off the table *before* the move applies.
The sentence speaks of seats as the engines do; :func:`kit.render.spoken.said_by`
turns it into the learner's words ("Seat 2 pungs your 9m"), and the log shows the tiles
by picture and name.

>>> from kit.sichuan.game import Table
>>> table = Table.deal(seed=1)
>>> move_words(table, table.legal_actions(table.to_move()[0])[0]).startswith("seat ")
True
"""

from __future__ import annotations

from typing import Any

from kit.mahjong.actions import AddedKong, Chow, ConcealedKong, Discard, Hu, Kong, Pung
from kit.mahjong.names import suit_name

__all__ = ["move_words"]


def move_words(table: Any, action: Any) -> str:
    """What ``action`` does on ``table`` (not yet applied), in a sentence about seats."""
    seat = action.seat
    phase = table.phase
    claimed = table.discards[-1] if phase == "claim" and table.discards else None
    if isinstance(action, Hu):
        if phase == "rob" and table.robbed is not None:
            robbed, tile = table.robbed
            return f"seat {seat} robs the kong: wins on seat {robbed}'s {tile}"
        if claimed is not None:
            return f"seat {seat} wins on seat {claimed[1]}'s {claimed[0]}"
        return f"seat {seat} wins on its own draw"
    if claimed is not None:
        tile, discarder = claimed
        if isinstance(action, Pung):
            return f"seat {seat} pungs seat {discarder}'s {tile}"
        if isinstance(action, Kong):
            return f"seat {seat} kongs seat {discarder}'s {tile}"
        if isinstance(action, Chow):
            run = "".join(str(action.first.number + step) for step in range(3))
            return f"seat {seat} chows seat {discarder}'s {tile}, making {run}{tile.suit}"
    if isinstance(action, AddedKong):
        return f"seat {seat} adds {action.tile} to its pung, making a kong"
    if isinstance(action, ConcealedKong):
        return f"seat {seat} declares a concealed kong of {action.tile}"
    if isinstance(action, Discard):
        return f"seat {seat} discards {action.tile}"
    if type(action).__name__ == "ChooseVoid":
        return f"seat {seat} names {suit_name(action.suit)} as its void suit"
    return str(action)
