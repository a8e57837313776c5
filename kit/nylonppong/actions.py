"""The six Nylon-ppong actions, frozen values that name the seat taking them
(see the Nylon-ppong rules: reference/nylon-ppong.md#deal-and-turn).

>>> str(Draw(0)), str(Stop(2)), Pass(1) == Pass(1) != Stop(1)
('seat 0 draws', 'seat 2 calls stop', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kit.hwatu import Card

__all__ = ["ACTION_TYPES", "Action", "Declare", "Discard", "Draw", "Pass", "Ppong", "Stop"]


@dataclass(frozen=True, slots=True)
class SeatAction:
    """An action that names nothing but the seat taking it; ``verb`` says what it does."""

    seat: int
    verb: ClassVar[str] = "acts"

    def __str__(self) -> str:
        return f"seat {self.seat} {self.verb}"


class Draw(SeatAction):
    """Draw the top card of the pile. With the pile empty, this ends the round
    (reference/nylon-ppong.md#deal-and-turn)."""

    __slots__ = ()
    verb = "draws"


class Ppong(SeatAction):
    """Lay out a pair matching the top discard (in turn, or out of turn in the claim window)."""

    __slots__ = ()
    verb = "calls ppong"


class Pass(SeatAction):
    """Decline an out-of-turn ppong on the last discard."""

    __slots__ = ()
    verb = "passes"


class Stop(SeatAction):
    """With exactly two cards summing to at most the stop limit, end the round
    (reference/nylon-ppong.md#stop)."""

    __slots__ = ()
    verb = "calls stop"


class Declare(SeatAction):
    """Show six cards that make a combination, ending the round
    (reference/nylon-ppong.md#combinations)."""

    __slots__ = ()
    verb = "declares a combination"


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay one card face up on the discard pile, ending the turn.

    ``card`` is a :class:`~kit.hwatu.Card`; notation is refused with a hint:

    >>> Discard(0, "10J2")
    Traceback (most recent call last):
    ...
    TypeError: Discard needs a Card, not the text '10J2'; write Discard(0, Card.parse('10J2'))
    """

    seat: int
    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            if isinstance(self.card, str):
                raise TypeError(
                    f"Discard needs a Card, not the text {self.card!r}; "
                    f"write Discard({self.seat!r}, Card.parse({self.card!r}))"
                )
            raise TypeError(f"Discard needs a Card, not {self.card!r}")

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.card}"


Action = Draw | Discard | Ppong | Pass | Stop | Declare
ACTION_TYPES = (Draw, Discard, Ppong, Pass, Stop, Declare)
