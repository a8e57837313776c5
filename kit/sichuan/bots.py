"""Sichuan bots: plain functions from what one seat sees to an action.

Both name the suit they hold least as void, throw void tiles first, and
otherwise discard towards a smaller shanten; they always take a win.
``"random"`` picks any legal action, drawn from the deal's seed. ``"coach"``
plays what :mod:`kit.sichuan.coach` advises.

>>> from kit.sichuan.game import Table
>>> result = Table.deal(seed=2).play([efficient, flush_hunter, efficient, flush_hunter])
>>> sum(result.net), result.ended_by
(0, 'three-wins')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from kit.mahjong.hands import shanten
from kit.mahjong.tiles import SUITS, Tile, counts_of
from kit.sichuan.coach import classic_coach, coach
from kit.sichuan.game import (
    Action,
    ChooseVoid,
    Discard,
    Hu,
    Kong,
    Pass,
    Pung,
    SeatView,
)
from kit.sichuan.rules import FORMS
from kit.sim import RandomBot, random_bot

__all__ = [
    "BOTS",
    "DEFAULT_OPPONENTS",
    "efficient",
    "flush_hunter",
    "random_bot",
]

FLUSH_SHED = 4
"""The flush hunter sheds its weaker kept suit only while it holds this many of it or fewer."""


def _void(view: SeatView) -> Action:
    held = Counter(tile.suit for tile in view.concealed)
    return ChooseVoid(view.seat, min(SUITS, key=lambda suit: (held[suit], suit)))


def _shanten_after_discards(view: SeatView) -> dict[Tile, int]:
    """The shanten left after throwing each distinct tile of the hand."""
    counts = counts_of(view.concealed)
    forms = FORMS
    out = {}
    for tile in sorted(set(view.concealed)):
        counts[tile.index] -= 1
        out[tile] = shanten(counts, forms)
        counts[tile.index] += 1
    return out


def _isolation(tile: Tile, indices: Sequence[int]) -> int:
    """How few neighbours a tile has among the hand's tile ``indices`` (higher means more
    useless): tiles of its suit at most two ranks away, itself included.

    A suit is a block of nine indices (the honours the last, of seven), so two tiles are
    of one suit and near when their indices are at most two apart within one block.
    """
    index = tile.index
    block = index // 9
    return -sum(1 for i in indices if -2 <= i - index <= 2 and i // 9 == block)


def _turn(view: SeatView, prefer_out: str | None) -> Action:
    seat, concealed = view.seat, view.concealed
    if view.can_win():
        return Hu(seat)
    indices = [t.index for t in concealed]
    void_tiles = [t for t in concealed if t.suit == view.void]
    if void_tiles:
        return Discard(seat, max(void_tiles, key=lambda t: (_isolation(t, indices), t.number)))
    kong = view.kong_to_declare()
    if kong is not None:
        return kong
    after = _shanten_after_discards(view)
    best = min(after.values())
    isolation = {tile: _isolation(tile, indices) for tile in after}

    def badness(tile: Tile) -> tuple[bool, int, int, int]:
        # With a suit to shed, any tile of it goes first, if it costs at most one step.
        keep = prefer_out is None or tile.suit != prefer_out
        return (keep, after[tile], isolation[tile], -abs(tile.number - 5))

    choices = [t for t in after if after[t] <= best + (1 if prefer_out else 0)]
    return Discard(seat, min(choices, key=badness))


def _claim(view: SeatView, *, eager_pung: bool) -> Action:
    seat = view.seat
    if view.can_win():
        return Hu(seat)
    tile = view.claimed_tile
    if view.phase == "rob" or tile is None:
        return Pass(seat)
    counts = counts_of(view.concealed)
    before = shanten(counts, FORMS)
    if view.can_kong():
        return Kong(seat)
    if view.can_pung():
        counts[tile.index] -= 2
        # after a pung the player still discards one tile: find the best shanten then
        after = min(shanten(_minus(counts, i), FORMS) for i in range(34) if counts[i])
        if after < before or (eager_pung and after <= before):
            return Pung(seat)
    return Pass(seat)


def _minus(counts: list[int], index: int) -> list[int]:
    out = list(counts)
    out[index] -= 1
    return out


def efficient(view: SeatView) -> Action:
    """Plays for speed: the smallest shanten, pungs only when they bring the hand closer."""
    if view.phase == "void":
        return _void(view)
    if view.phase == "discard":
        return _turn(view, None)
    return _claim(view, eager_pung=False)


def flush_hunter(view: SeatView) -> Action:
    """Plays for fan: sheds its weaker kept suit (towards a full flush) and pungs eagerly."""
    if view.phase == "void":
        return _void(view)
    if view.phase == "discard":
        kept = Counter(t.suit for t in view.hand.all_tiles if t.suit != view.void)
        weaker = min(kept, key=lambda suit: (kept[suit], suit)) if len(kept) == 2 else None
        melded = {m.first.suit for m in view.melds}
        hopeful = weaker is not None and kept[weaker] <= FLUSH_SHED and weaker not in melded
        return _turn(view, weaker if hopeful else None)
    return _claim(view, eager_pung=True)


BOTS: dict[str, Callable[[SeatView], Action]] = {
    "coach": coach,
    "classic-coach": classic_coach,
    "efficient": efficient,
    "flush-hunter": flush_hunter,
    "random": RandomBot(),
}
"""The strategies offered in the widgets and in simulations, by name."""

DEFAULT_OPPONENTS: tuple[str, ...] = ("efficient", "flush-hunter")
"""The bots the other seats play by default, repeated round the table."""
