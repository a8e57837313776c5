"""How a mahjong hand was won: one frozen value both games' scorers and engines read.

>>> WinConditions(self_drawn=True)
WinConditions(self_drawn=True)
>>> WinConditions(robbing_kong=True, self_drawn=True)
Traceback (most recent call last):
...
ValueError: robbing a kong wins on another player's tile; it cannot be self-drawn
>>> WinConditions(heavenly="yes")
Traceback (most recent call last):
...
TypeError: heavenly must be True or False, not 'yes'

Some conditions only make sense with some hands. :meth:`WinConditions.problem_with`
says why a hand rules them out:

>>> from kit.mahjong.tiles import Hand, Tile
>>> one_kong = Hand.parse("234p567p789s55s(1111m)")
>>> WinConditions(kong_replacement=True, consecutive_kongs=True).problem_with(
...     one_kong, Tile.parse("5s"))
'a win after consecutive kongs needs two kongs in the hand; one kong cannot be two kongs in a row'

Reading choices (a careful player would expect these):

- A win on a kong's replacement tile is self-drawn: ``kong_replacement`` needs
  no ``self_drawn``, and a self-drawn fan counts for it.
- A heavenly hand is self-drawn too: the dealer wins on its 14 dealt tiles, which
  it took from the wall. An earthly hand is a win on the dealer's first discard,
  so it is never self-drawn.
- Both are won before anyone claims or declares anything, so the hand holds no
  meld at all: no claimed group and no kong, exposed or concealed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import TypedDict

from kit.mahjong.tiles import Hand, MeldKind, Tile

__all__ = ["LABELS", "WinConditions", "WinFlags"]


@dataclass(frozen=True)
class WinConditions:
    """How the winning tile came: each field a True/False flag, all False for a plain
    win on a discard. Contradictions raise ``ValueError`` when the value is made."""

    self_drawn: bool = False
    """The winning tile was drawn from the wall."""
    kong_replacement: bool = False
    """Won on the replacement tile drawn after one's own kong (self-drawn)."""
    consecutive_kongs: bool = False
    """Won on the replacement tile after two kongs in a row (Hong Kong)."""
    shot_after_kong: bool = False
    """Won on the tile a player discarded right after their kong (Sichuan)."""
    robbing_kong: bool = False
    """Won on the tile another player added to their pung."""
    last_tile: bool = False
    """Won on the last wall tile (Sichuan: or on the discard right after it)."""
    heavenly: bool = False
    """The dealer wins on its 14 dealt tiles."""
    earthly: bool = False
    """Won on the dealer's first discard, before any claim."""

    def __post_init__(self) -> None:
        for name in FLAGS:
            value = getattr(self, name)
            if value is not True and value is not False:
                raise TypeError(f"{name} must be True or False, not {value!r}")
        why = self.contradiction()
        if why:
            raise ValueError(why)

    def __repr__(self) -> str:
        """Only the flags that are on, so the repr pastes back and reads short."""
        on = ", ".join(f"{name}=True" for name in self.on())
        return f"WinConditions({on})"

    @property
    def drawn(self) -> bool:
        """Was the winning tile taken from the wall: self-drawn, a kong replacement or a
        heavenly hand? (Hong Kong also counts a win on the last tile; its scorer adds it.)"""
        return self.self_drawn or self.kong_replacement or self.heavenly

    def on(self) -> tuple[str, ...]:
        """The names of the flags that are on."""
        return tuple(name for name in FLAGS if getattr(self, name))

    def contradiction(self) -> str | None:
        """Why these flags cannot all be true of one win, or None."""
        if self.robbing_kong:
            if self.self_drawn:
                return "robbing a kong wins on another player's tile; it cannot be self-drawn"
            if self.kong_replacement:
                return (
                    "robbing a kong wins on another player's tile, not on a kong's replacement tile"
                )
            if self.last_tile:
                return "robbing a kong cannot be on the last tile: no kong is made once the wall is empty"
        if self.shot_after_kong and self.drawn:
            return "a shot after a kong wins on a discard; it cannot be self-drawn"
        if self.shot_after_kong and self.robbing_kong:
            return "a win cannot be both on a discard after a kong and on a robbed kong"
        if self.consecutive_kongs and not self.kong_replacement:
            return "a win after consecutive kongs is a win on a kong replacement tile"
        if self.heavenly:
            if self.earthly:
                return "a hand cannot be both heavenly and earthly"
            if self.robbing_kong or self.kong_replacement:
                what = "a robbed kong" if self.robbing_kong else "a kong's replacement tile"
                return f"a heavenly hand wins on the dealer's dealt tiles, not on {what}"
            if self.last_tile:
                return "a heavenly hand wins before the first draw, not on the last tile"
        if self.earthly:
            if self.self_drawn or self.kong_replacement:
                return "an earthly hand wins on the dealer's first discard; it cannot be self-drawn"
            if self.last_tile:
                return "an earthly hand wins on the dealer's first discard, not on the last tile"
            if self.robbing_kong:
                return "an earthly hand wins on the dealer's first discard, not on a robbed kong"
        return None

    def problem_with(self, hand: Hand, win: Tile) -> str | None:
        """Why this hand, won on ``win``, cannot have been won this way, or None."""
        kongs = sum(1 for meld in hand.melds if meld.kind is MeldKind.KONG)
        if self.kong_replacement and not kongs:
            return "a win on a kong's replacement tile needs a kong in the hand"
        if self.consecutive_kongs and kongs < 2:
            return (
                "a win after consecutive kongs needs two kongs in the hand; "
                "one kong cannot be two kongs in a row"
            )
        if (self.heavenly or self.earthly) and hand.melds:
            what = "heavenly" if self.heavenly else "earthly"
            return (
                f"a {what} hand is won before any claim or kong, "
                f"so it holds no meld, but this one holds {hand.melds[0]}"
            )
        if self.robbing_kong and hand.all_tiles.count(win) > 1:
            return (
                f"robbing a kong of {win}: the other three {win} are in that kong, "
                f"so the hand holds only one"
            )
        return None

    def check(self, hand: Hand, win: Tile) -> None:
        """Raise ``ValueError`` if the hand rules these conditions out."""
        why = self.problem_with(hand, win)
        if why:
            raise ValueError(why)

    def check_used(self, used: Iterable[str], game: str) -> None:
        """Raise ``ValueError`` for a flag that is on but that ``game`` does not score."""
        allowed = set(used)
        for name in self.on():
            if name not in allowed:
                raise ValueError(f"{game} mahjong has no {LABELS[name][0]} win ({name})")

    @classmethod
    def of(cls, conditions: WinConditions | None, **flags: bool) -> WinConditions:
        """``conditions`` itself, or one made from keyword flags; not both.

        >>> WinConditions.of(None, self_drawn=True, last_tile=False)
        WinConditions(self_drawn=True)
        """
        if conditions is None:
            return cls(**flags)
        if not isinstance(conditions, WinConditions):
            raise TypeError(f"conditions must be a WinConditions, not {conditions!r}")
        given = [name for name, value in flags.items() if value is not False]
        if given:
            raise TypeError(
                f"pass conditions or the keyword flags, not both (also given: {', '.join(given)})"
            )
        return conditions


FLAGS: tuple[str, ...] = tuple(each.name for each in fields(WinConditions))
"""The names of the win-condition flags, in order."""


class WinFlags(TypedDict, total=False):
    """The fields of :class:`WinConditions` as keyword flags: what ``score(..., self_drawn=True)``
    accepts in both games."""

    self_drawn: bool
    kong_replacement: bool
    consecutive_kongs: bool
    shot_after_kong: bool
    robbing_kong: bool
    last_tile: bool
    heavenly: bool
    earthly: bool


LABELS: Mapping[str, tuple[str, str]] = {
    "self_drawn": ("self-drawn", "The winning tile was drawn from the wall"),
    "kong_replacement": ("kong replacement", "Won on a kong's replacement tile"),
    "consecutive_kongs": (
        "consecutive kongs",
        "Won on the replacement tile after two kongs in a row (also needs kong replacement)",
    ),
    "shot_after_kong": ("shot after a kong", "Won on a tile discarded right after a kong"),
    "robbing_kong": ("robbing a kong", "Won on the tile another player added to a pung"),
    "last_tile": ("last tile", "Won on the last wall tile"),
    "heavenly": ("heavenly hand", "The dealer wins on its 14 dealt tiles"),
    "earthly": ("earthly hand", "Won on the dealer's first discard, before any claim"),
}
"""A short label and a tooltip for each field: the hand builders' toggles."""
