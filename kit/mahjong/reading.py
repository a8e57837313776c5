"""Reading what a mahjong seat sees: tiles given as tiles or notation, and the unseen copies.

Both mahjong coaches take the tiles in view as a list of tiles or tile
notation and count, for each tile kind, the copies not in view. One reading
serves both, so that a bad input gets the same clear error in either game.

>>> unseen = unseen_counts(Hand.parse("11m[555z]"), tiles_of(["1m"]))
>>> unseen[0], unseen[33 - 2], sum(unseen)
(1, 1, 130)
"""

from __future__ import annotations

from collections.abc import Iterable

from kit.mahjong.tiles import COPIES, KINDS, TILES, Hand, Tile, TileSet, counts_of

__all__ = ["quoted", "tiles_of", "unseen_counts"]


def quoted(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tiles_of(items: Iterable[Tile | str] | str, *, name: str = "visible") -> list[Tile]:
    """The tiles of ``items``: tiles, tile notation each, or one notation string.

    A TypeError names the argument ``name`` when ``items`` or one of its items is
    neither a tile nor notation."""
    if isinstance(items, str):
        return list(Hand.parse(items).all_tiles) if items.strip() else []
    if not isinstance(items, Iterable):
        raise TypeError(f"{name} must be tiles or tile notation, not {quoted(items)}")
    found = []
    for item in items:
        if isinstance(item, Tile):
            found.append(item)
        elif isinstance(item, str):
            found.append(Tile.parse(item))
        else:
            raise TypeError(f"{name} must hold tiles or tile notation, not {quoted(item)}")
    return found


def unseen_counts(
    hand: Hand, visible: Iterable[Tile] = (), tiles: TileSet | None = None
) -> list[int]:
    """Copies of each tile kind not in view: :data:`COPIES` minus those in the hand (melds
    too) and ``visible``; 0 for tiles outside ``tiles`` (the game's set, when given)."""
    seen = counts_of(hand.all_tiles)
    for tile in visible:
        seen[tile.index] += 1
    over = [i for i in range(KINDS) if seen[i] > COPIES]
    if over:
        tile = TILES[over[0]]
        raise ValueError(
            f"more than four {tile} are in view: {seen[over[0]]} copies are in the hand "
            "and in view, and there are only four"
        )
    return [COPIES - seen[i] if tiles is None or TILES[i] in tiles else 0 for i in range(KINDS)]
