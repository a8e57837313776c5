"""How a Nylon-ppong round ended: the :class:`DealResult` its engine's ``play`` returns.

A Nylon-ppong round is what the mahjong engines call a deal (one shuffle, one
hand dealt, played to an end and scored in a ledger), so its result carries the
same name and the same core: ``ended_by``, ``ledger``, ``to_frame()`` and
``describe()``. Its ledger holds penalty points, lower is better
(reference/nylon-ppong.md#round-scoring).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.hwatu import Hand
from kit.nylonppong.rules import Combination, Ending, Ledger, stop_succeeds

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DealResult"]


@dataclass(frozen=True)
class DealResult:
    """How a round ended and each seat's penalty points
    (reference/nylon-ppong.md#round-scoring), line by line in :attr:`ledger`."""

    ended_by: Ending
    player: int | None
    """Who ended it: declarer, stop caller, player who went out, or who could not draw."""
    victim: int | None
    ledger: Ledger
    hands: tuple[Hand, ...]
    laid: tuple[Hand, ...]
    turns: int
    dealer: int
    """The seat that started the round."""
    combination: Combination | None = None

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalty points for the round."""
        return self.ledger.penalties

    @property
    def stop_succeeded(self) -> bool | None:
        if self.ended_by != "stop" or self.player is None:
            return None
        return stop_succeeds([hand.total for hand in self.hands], self.player)

    def describe(self) -> str:
        """One sentence a learner can read: who ended the round, how, and what it cost."""
        who = f"Seat {self.player}"
        if self.ended_by == "combination" and self.combination is not None:
            return f"{who} declared {self.combination}."
        if self.ended_by == "stop":
            total = self.hands[self.player or 0].total
            if self.stop_succeeded:
                return f"{who} called stop with a sum of {total}, the lowest: the stop succeeded."
            return f"{who} called stop with a sum of {total}, not the lowest: the stop failed."
        if self.ended_by == "ppong-out":
            return f"{who} went out by ppong on seat {self.victim}'s discard."
        return f"The draw pile ran out when seat {self.player} had to draw."

    def to_frame(self) -> pd.DataFrame:
        """One row per seat: its hand at the end, the hand's sum and its penalty."""
        import pandas as pd

        return pd.DataFrame(
            {
                "hand": [hand.notation() for hand in self.hands],
                "sum": [hand.total for hand in self.hands],
                "penalty": list(self.penalties),
            },
            index=pd.Index(range(len(self.hands)), name="seat"),
        )

    def _repr_html_(self) -> str:
        from kit.render import round_result_html

        return round_result_html(self)
