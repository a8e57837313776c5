"""Tiles by name, as a learner says them: "9 of characters", "West 西", "Red dragon 中".

The kit writes tiles in notation (``9m``, ``3z``) for code; the learner's apps show a
tile's picture and one of these names instead, the notation kept for a tooltip
(reference/hongkong.md#tiles, reference/sichuan.md#tiles). Plain text: no HTML here.

>>> from kit.mahjong.tiles import Hand, Tile
>>> tile_name(Tile.parse("9m")), tile_name(Tile.parse("3z")), tile_name(Tile.parse("7z"))
('9 of characters', 'West 西', 'Red dragon 中')
>>> tiles_name(Hand.parse("345m").concealed), tiles_name(Hand.parse("555p").concealed)
('3-4-5 of characters', 'three 5 of dots')
>>> suit_name("s")
'bamboo'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from kit.mahjong.tiles import HONOUR_CHINESE, HONOUR_NAMES, SUIT_NAMES, Tile

__all__ = ["suit_name", "tile_name", "tiles_name"]

_COUNTS = {2: "two", 3: "three", 4: "four"}


def suit_name(letter: str) -> str:
    """A numbered suit's name: ``m`` characters, ``p`` dots, ``s`` bamboo."""
    if letter not in ("m", "p", "s"):
        raise ValueError(f"letter: a suit is m, p or s, not {letter!r}")
    return SUIT_NAMES[letter]


def tile_name(tile: Tile) -> str:
    """A tile's name: "5 of dots"; a wind with its glyph, "East 東"; "White dragon 白"."""
    if not isinstance(tile, Tile):
        raise TypeError(f"tile: expected a Tile, not {tile!r}")
    if tile.is_honour:
        name = HONOUR_NAMES[tile.number - 1]
        kind = " dragon" if tile.is_dragon else ""
        return f"{name}{kind} {HONOUR_CHINESE[tile.number - 1]}"
    return f"{tile.number} of {SUIT_NAMES[tile.suit]}"


def tiles_name(tiles: Sequence[Tile]) -> str:
    """Several tiles by name: a run "3-4-5 of characters", copies "three 5 of dots",
    else each named, "1 and 9 of dots", "East 東 and 1 of bamboo"."""
    listed = list(tiles)
    if not listed:
        raise ValueError("tiles: name at least one tile")
    if len(listed) == 1:
        return tile_name(listed[0])
    first = listed[0]
    if all(tile == first for tile in listed):
        return f"{_COUNTS.get(len(listed), str(len(listed)))} {tile_name(first)}"
    if not first.is_honour and all(t.suit == first.suit for t in listed):
        numbers = [str(t.number) for t in listed]
        steps = all(b.index - a.index == 1 for a, b in pairwise(listed))
        if steps:
            return f"{'-'.join(numbers)} of {SUIT_NAMES[first.suit]}"
        return f"{_and(numbers)} of {SUIT_NAMES[first.suit]}"
    return _and([tile_name(tile) for tile in listed])


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
