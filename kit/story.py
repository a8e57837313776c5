"""What the story of every game's deal or round is made of: the moves a play widget records,
and the turning points told from them.

Each game tells its own story (:mod:`kit.mahjong.story` for both mahjong games,
:mod:`kit.nylonppong.story`); both record the same :class:`Move` and tell the same
:class:`TurningPoint`, which the page draws (:func:`kit.render.coaching.turning_point_html`)
with a *Replay this decision* button beside each decision of the learner's.

>>> point = TurningPoint("Your 9m gave Seat 2 its win: −2.", -2.0, 4, "fed")
>>> point.decision, point.money, point.kind
(4, -2.0, 'fed')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["MOST", "Move", "TurningPoint", "seat_namer"]

MOST = 3
"""How many turning points a story leads with."""


@dataclass(frozen=True)
class Move:
    """One move applied in the deal or round: the seat, its action, and the index of the
    learner's reviewed decision it was (None for a bot's move, or a move with nothing to
    choose)."""

    seat: int
    action: Any
    decision: int | None = None


@dataclass(frozen=True)
class TurningPoint:
    """One moment that decided the deal's money, or the round's penalty, for the learner."""

    text: str
    """What happened, in plain words (tiles and cards in the kit's notation, for the page
    to draw)."""
    money: float | None
    """What it cost the learner (negative) or gained, in the game's units (Nylon-ppong:
    penalty points taken are negative); None when it is not a number."""
    decision: int | None
    """The learner's reviewed decision to replay (an index into the review), or None."""
    kind: str = "choice"
    """``fed`` (your discard fed a win; Nylon-ppong: a ppong that went out), ``choice``
    (a costly choice), ``stop`` (your stop failed), ``signal`` (what an opponent's
    discards showed), ``not-yours`` (a win or an ending you could not have stopped),
    ``yours`` (your own win) or ``wall`` (what you paid at the end of the wall)."""


def seat_namer(you: int, names: Mapping[int, str] | None = None) -> Callable[[int], str]:
    """How a story names a seat: "You" for ``you``, else its name in ``names`` ("Seat 2"
    by default).

    >>> name = seat_namer(0, {1: "Seat 1 (greedy)"})
    >>> name(0), name(1), name(2)
    ('You', 'Seat 1 (greedy)', 'Seat 2')
    """

    def name(seat: int) -> str:
        if seat == you:
            return "You"
        return (names or {}).get(seat, f"Seat {seat}")

    return name
