"""What the other Hong Kong seats show, and how dangerous each tile is to throw.

A seat that shows exposed groups of one number suit (or, with none exposed,
never throws one suit) visibly collects it; throwing that suit, or an honour
(which fits any flush), may feed its hand. The danger of a tile is the largest
such threat: the seat's exposed groups, plus one late in the wall. The coach
weighs it only against a very visible hand (:data:`RISK_FREE`).

>>> from kit.mahjong.tiles import Hand
>>> west = Opponent("the West seat", Hand.parse("[111p][456p]").melds)
>>> west.collecting(), west.groups
('p', 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.hongkong.fan_distance import NO_PATH
from kit.mahjong.forecast import suits_shown
from kit.mahjong.reading import quoted
from kit.mahjong.tiles import SUIT_NAMES, SUITS, TILES, WIND_NAMES, Meld, Tile

__all__ = [
    "LATE_WALL",
    "PUSH_WITHIN",
    "READ_DISCARDS",
    "RISK_FREE",
    "Opponent",
    "checked_opponents",
    "dangers",
    "opponents_of",
    "risk_cost",
]

READ_DISCARDS = 6
"""A seat that never threw one number suit in this many number-tile discards collects it."""
LATE_WALL = 24
"""Fewer tiles than this left in the wall is *late*: every hand is near ready."""
RISK_FREE = 3
"""Danger up to this costs nothing; each level above it weighs as one tile of distance.
Only a seat with four exposed groups (or three late in the wall) is that visible: against
the default bots, folding earlier cost more wins than it saved in payments (measured over
1,200 deals, 2 seeds: danger from level 2 on gave 1.25 times the others' wins instead of
1.5, and no better net)."""
PUSH_WITHIN = 2
"""A hand at most one step (of effort) from ready ignores danger and plays to win."""


@dataclass(frozen=True)
class Opponent:
    """What one other seat shows: its name at the table, its exposed melds, its discards."""

    name: str
    melds: tuple[Meld, ...] = ()
    discards: tuple[Tile, ...] = ()

    def collecting(self) -> str | None:
        """The number suit this seat visibly collects, or None when it shows none.

        Exposed melds of a single number suit name it; without melds, a suit it
        has never thrown after at least :data:`READ_DISCARDS` number-tile discards."""
        suits = suits_shown(self.melds)
        if len(suits) == 1:
            return suits.pop()
        if suits:
            return None
        thrown = [t.suit for t in self.discards if not t.is_honour]
        if len(thrown) < READ_DISCARDS:
            return None
        never = [s for s in SUITS if s not in thrown]
        return never[0] if len(never) == 1 else None

    @property
    def groups(self) -> int:
        """Exposed groups (kongs count, concealed or not)."""
        return len(self.melds)


def opponents_of(view: Any) -> list[Opponent]:
    """The other seats as this seat sees them: their exposed melds and their discards."""
    table_melds = view.all_melds
    thrown: dict[int, list[Tile]] = {}
    for tile, seat in view.discards:
        thrown.setdefault(seat, []).append(tile)
    winds = view.seat_winds
    return [
        Opponent(
            f"the {WIND_NAMES[winds[seat]]} seat",
            tuple(table_melds[seat]),
            tuple(thrown.get(seat, ())),
        )
        for seat in range(view.rules.players)
        if seat != view.seat
    ]


def dangers(
    opponents: Sequence[Opponent], unseen: Sequence[int], wall_size: int | None
) -> tuple[list[int], list[str]]:
    """Each tile's danger (0 safe … 4) and its reason: the largest threat among the seats
    that visibly collect its suit (honours fit any flush), a threat being the seat's
    exposed groups, plus one late in the wall. An honour with at most one copy unseen
    can only be a single wait, so it counts as safe. A tile the seat threw itself keeps its
    level, and its reason says so: a player seldom waits on a tile it has just let go (the
    deal-in risk, which is measured, counts it as far safer)."""
    danger = [0] * 34
    why = [""] * 34
    late = wall_size is not None and wall_size < LATE_WALL
    for opp in opponents:
        suit = opp.collecting()
        if suit is None:
            continue
        threat = opp.groups + (1 if late and opp.groups else 0)
        if threat < 1:
            continue
        shown = (
            f"{opp.groups} exposed group{'s' if opp.groups != 1 else ''} in {SUIT_NAMES[suit]}"
            if opp.groups
            else f"no {SUIT_NAMES[suit]} thrown"
        )
        if late and opp.groups:
            shown += ", late in the wall"
        for index in range(34):
            tile = TILES[index]
            if tile.is_honour:
                if unseen[index] <= 1:
                    continue
                what = "an honour"
            elif tile.suit == suit:
                what = SUIT_NAMES[suit]
            else:
                continue
            if threat > danger[index]:
                danger[index] = threat
                why[index] = f"{opp.name} shows {shown}, and this is {what}"
                if tile in opp.discards:
                    # the level stays a rough warning; the deal-in risk reads this too
                    why[index] += ", though that seat threw this tile itself"
    return danger, why


def risk_cost(danger: int, effort: int = NO_PATH) -> int:
    """How many steps of distance the coach gives up to avoid a tile this dangerous: none
    while its own hand is near (``effort`` below :data:`PUSH_WITHIN`, it plays to win),
    else one per danger level above :data:`RISK_FREE`."""
    return 0 if effort < PUSH_WITHIN else max(0, danger - RISK_FREE)


def checked_opponents(opponents: object) -> tuple[Opponent, ...]:
    """``opponents`` as a tuple, or a TypeError naming the argument when it is not a
    sequence of :class:`Opponent` values."""
    if isinstance(opponents, str | bytes) or not isinstance(opponents, Iterable):
        raise TypeError(f"opponents must be a sequence of Opponent values, not {quoted(opponents)}")
    found = tuple(opponents)
    for item in found:
        if not isinstance(item, Opponent):
            raise TypeError(f"opponents must hold Opponent values, not {quoted(item)}")
    return found
