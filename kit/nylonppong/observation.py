"""What one Nylon-ppong seat may know: a sealed, frozen :class:`SeatView`.

``Round.view(seat)`` builds one. It holds values only (tuples, cards, the
rules), never the round or any of its lists, so a bot, the coach or a search
can keep it, compare it or sample worlds from it
(:func:`kit.nylonppong.world.sample_world`) and the round cannot change under
it. What is public in this game: the discard pile, the pairs laid out by
ppong, how many cards each hand and the draw pile hold, whose turn it is and
who dealt; a finished round shows every hand in its :attr:`SeatView.result`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from kit.hwatu import Card
from kit.nylonppong.actions import Action, Declare, Discard, Draw, Pass, Ppong, Stop
from kit.nylonppong.result import DealResult
from kit.nylonppong.rules import Combination, Rules

__all__ = ["Phase", "SeatPhase", "SeatView", "sealed"]

Phase = Literal["draw", "discard", "over"]
"""The round's phase (see :mod:`kit.nylonppong.game`)."""

SeatPhase = Literal["draw", "claim", "discard", "wait", "over"]
"""One seat's phase: the round's, or ``claim`` (it may ppong out of turn) or ``wait``."""


class SeatView(NamedTuple):
    """Everything one seat may know now, and nothing else. Bots are functions ``SeatView -> Action``.

    An immutable named tuple: the engine makes one for every decision of every
    round, so it is the cheapest frozen value Python builds (:func:`sealed`).
    """

    seat: int
    rules: Rules
    phase: SeatPhase
    """``claim`` when this seat may ppong out of turn; ``wait`` when it has nothing to do."""
    round_phase: Phase
    """The round's own phase: ``draw``, ``discard`` or ``over``."""
    hand: tuple[Card, ...]
    """This seat's cards, in the order it holds them."""
    discards: tuple[tuple[Card, int], ...]
    """The discard pile, bottom first, each card with the seat that discarded it."""
    laid: tuple[tuple[Card, ...], ...]
    """Each seat's cards laid out by ppong."""
    hand_sizes: tuple[int, ...]
    pile_count: int
    """Cards left in the face-down draw pile."""
    turn: int
    dealer: int
    drew: bool
    """In the discard phase: the turn player drew (rather than ppong'd)."""
    turns: int
    can_ppong: bool
    """May this seat ppong the top discard now (in turn, or out of turn in its claim)?"""
    can_stop: bool
    """May this seat call stop now?"""
    combination: Combination | None
    """The combination this seat may declare now, if any."""
    chance: str
    """The round's seed as a seat may see it (:func:`kit.sim.chance_key`): it seeds
    random bots' decisions, and cannot be turned back into the deal."""
    history_length: int
    """How many actions were applied to the round so far (passes included)."""
    result: DealResult | None = None
    """How the round ended, once it has."""

    @property
    def decision_seed(self) -> str:
        """A seed for this decision alone: the round's chance key, the actions so far, this seat."""
        return f"{self.chance}:{self.history_length}:{self.seat}"

    @property
    def months(self) -> list[int]:
        return [card.month for card in self.hand]

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1][0] if self.discards else None

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now, in the engine's order (the same list as
        ``Round.legal_actions(seat)``), read from the phase, the hand and the flags."""
        seat, phase = self.seat, self.phase
        legal: list[Action] = []
        if phase == "draw":
            legal.append(Draw(seat))
        if phase in ("draw", "claim") and self.can_ppong:
            legal.append(Ppong(seat))
        if phase == "claim":
            legal.append(Pass(seat))
        if phase == "draw" and self.can_stop:
            legal.append(Stop(seat))
        if phase == "discard":
            if self.combination is not None:
                legal.append(Declare(seat))
            legal += [Discard(seat, card) for card in self.hand]
        return legal


def sealed(*values: object) -> SeatView:
    """The :class:`SeatView` of ``values``, every field in order: ``SeatView(*values)``, made
    faster. The engine makes a view for every decision, and a named tuple's own
    constructor costs more than a bot's whole decision; this builds the same value directly.
    """
    return tuple.__new__(SeatView, values)
