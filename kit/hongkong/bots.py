"""Hong Kong bots that aim for fan, so that they reach the 3-fan minimum.

Both pick a *target suit* (the suit they hold most of) and play towards a
flush: honours are kept (they make a half flush and can be scoring pungs),
the other two suits are thrown first. ``flush_hunter`` claims only what fits
the flush; ``pung_hunter`` also pungs every scoring honour and any pair it
can, going for all pungs as well. ``"random"`` picks any legal action, drawn
from the deal's seed. ``"coach"`` plays the advice of :mod:`kit.hongkong.coach`.

>>> from kit.hongkong.game import Table
>>> result = Table.deal(seed=5).play([flush_hunter, pung_hunter, flush_hunter, pung_hunter])
>>> sum(result.net)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from kit.hongkong.coach import classic_coach, coach
from kit.hongkong.game import (
    Action,
    Chow,
    Discard,
    Hu,
    Kong,
    Pass,
    Pung,
    SeatView,
)
from kit.hongkong.rules import FORMS
from kit.mahjong.hands import shanten
from kit.mahjong.tiles import SUITS, Tile, counts_of, wind_tile
from kit.sim import RandomBot, random_bot

__all__ = [
    "BOTS",
    "DEFAULT_OPPONENTS",
    "coach",
    "flush_hunter",
    "pung_hunter",
    "random_bot",
]

Bot = Callable[[SeatView], Action]


def target_suit(view: SeatView) -> str:
    """The suit the seat holds most of, melds included (ties: m, p, s order)."""
    held = Counter(t.suit for t in view.hand.all_tiles if not t.is_honour)
    melded = {m.first.suit for m in view.melds if not m.first.is_honour}
    if len(melded) == 1:
        return melded.pop()
    return max(SUITS, key=lambda suit: (held[suit], -SUITS.index(suit)))


def _scoring_honour(tile: Tile, view: SeatView) -> bool:
    """A dragon, or the seat's or round's wind: its pung scores a fan."""
    return tile.is_dragon or tile in (wind_tile(view.seat_wind), wind_tile(view.round_wind))


def _discard(view: SeatView) -> Action:
    seat, concealed = view.seat, view.concealed
    if view.can_win():
        return Hu(seat)
    kong = view.kong_to_declare()
    if kong is not None:
        return kong
    held = Counter(concealed)
    suit = target_suit(view)
    off = [t for t in concealed if not t.is_honour and t.suit != suit]
    if off:  # shed the other suits first, the most isolated first
        return Discard(
            seat, min(off, key=lambda t: (_neighbours(t, concealed), -abs(t.number - 5)))
        )
    honours = [
        t for t in concealed if t.is_honour and held[t] == 1 and not _scoring_honour(t, view)
    ]
    if honours:
        return Discard(seat, honours[0])
    counts = counts_of(concealed)
    forms = FORMS
    best: tuple[int, int, Tile] | None = None
    for tile in sorted(held):
        counts[tile.index] -= 1
        rank = (shanten(counts, forms), -_neighbours(tile, concealed), tile)
        counts[tile.index] += 1
        if best is None or rank < best:
            best = rank
    assert best is not None
    return Discard(seat, best[2])


def _neighbours(tile: Tile, concealed: Sequence[Tile]) -> int:
    if tile.is_honour:
        return concealed.count(tile) - 1
    return sum(
        1
        for t in concealed
        if t != tile and t.suit == tile.suit and abs(t.number - tile.number) <= 2
    )


def _claim(view: SeatView, *, eager: bool) -> Action:
    seat = view.seat
    if view.can_win():
        return Hu(seat)
    tile = view.claimed_tile
    if tile is None or view.phase == "rob":
        return Pass(seat)
    fits = tile.is_honour or tile.suit == target_suit(view)
    if view.can_kong() and fits:
        return Kong(seat)
    if view.can_pung() and fits and (eager or _scoring_honour(tile, view) or not tile.is_honour):
        return Pung(seat)
    chows = view.chows()
    if chows and fits and not eager:
        return Chow(seat, chows[0])
    return Pass(seat)


def flush_hunter(view: SeatView) -> Action:
    """Goes for a half or full flush: claims only tiles of its suit or scoring honours."""
    return _discard(view) if view.phase == "discard" else _claim(view, eager=False)


def pung_hunter(view: SeatView) -> Action:
    """Goes for a flush and all pungs: pungs every tile that fits, never chows."""
    return _discard(view) if view.phase == "discard" else _claim(view, eager=True)


BOTS: dict[str, Bot] = {
    "coach": coach,
    "classic-coach": classic_coach,
    "flush-hunter": flush_hunter,
    "pung-hunter": pung_hunter,
    "random": RandomBot(),
}
"""The strategies offered in the widgets and in simulations, by name."""

DEFAULT_OPPONENTS: tuple[str, ...] = ("flush-hunter", "pung-hunter")
"""The bots the other seats play by default, repeated round the table."""
