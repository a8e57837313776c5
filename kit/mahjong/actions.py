"""The actions of a mahjong deal and what a deal produces: its wins and its result.

Each action is a frozen value naming its seat: a discard, a win (``Hu``), a pung,
an exposed kong on the discard, a chow (Hong Kong), a concealed or an added kong,
and a pass. :class:`Win` is one win with its score; :class:`DealResult` how a deal
played out, with its money.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeVar

from kit.mahjong.tiles import Tile

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CLAIM_ACTIONS",
    "TURN_ACTIONS",
    "Action",
    "AddedKong",
    "Chow",
    "ConcealedKong",
    "DealResult",
    "Discard",
    "Hu",
    "Kong",
    "Money",
    "Pass",
    "Phase",
    "Pung",
    "S",
    "Scored",
    "Win",
]

Phase = Literal["void", "discard", "claim", "rob", "over"]


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.tile}"


@dataclass(frozen=True, slots=True)
class Hu:
    """Win: on one's own draw, on the last discard, or by robbing a kong."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} declares a win"


@dataclass(frozen=True, slots=True)
class Pung:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} pungs"


@dataclass(frozen=True, slots=True)
class Kong:
    """An exposed kong on the last discard."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} kongs the discard"


@dataclass(frozen=True, slots=True)
class Chow:
    """A chow on the last discard, starting at ``first`` (Hong Kong only)."""

    seat: int
    first: Tile

    def __str__(self) -> str:
        run = "".join(str(self.first.number + step) for step in range(3))
        return f"seat {self.seat} chows {run}{self.first.suit}"


@dataclass(frozen=True, slots=True)
class ConcealedKong:
    seat: int
    tile: Tile

    def __str__(self) -> str:
        return f"seat {self.seat} declares a concealed kong of {self.tile}"


@dataclass(frozen=True, slots=True)
class AddedKong:
    seat: int
    tile: Tile

    def __str__(self) -> str:
        return f"seat {self.seat} adds {self.tile} to its pung"


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


Action = Discard | Hu | Pung | Kong | Chow | ConcealedKong | AddedKong | Pass
TURN_ACTIONS = (Discard, Hu, ConcealedKong, AddedKong)
CLAIM_ACTIONS = (Hu, Kong, Pung, Chow, Pass)


class Scored(Protocol):
    """What the engine needs of a game's score: does it win, how many fan, and why not."""

    @property
    def wins(self) -> bool: ...

    @property
    def fan(self) -> int: ...

    @property
    def reason(self) -> str | None: ...


S = TypeVar("S", bound=Scored)


@dataclass(frozen=True)
class Win(Generic[S]):
    """One win of the deal, with its score (whose hand holds the winning tile).

    A tile won on a discard or a robbed kong stays on the discard pile, so that
    several players can win on one tile and the tiles still add up.
    """

    seat: int
    discarder: int | None
    score: S


class Money(Protocol):
    """What a game's ledger offers: each seat's balance, a frame of payments, a view."""

    @property
    def net(self) -> list[int]: ...

    def to_frame(self) -> pd.DataFrame: ...

    def _repr_html_(self) -> str: ...


@dataclass(frozen=True)
class DealResult(Generic[S]):
    """How a deal played out: its wins in order, how it ended, and its money.

    ``ended_by`` is the game's word for the end (``"three-wins"``, ``"win"`` or
    ``"wall-empty"``); ``ledger`` the game's record of payments with reasons.
    """

    wins: tuple[Win[S], ...]
    ended_by: str | None
    ledger: Money

    def __post_init__(self) -> None:
        if not isinstance(self.wins, tuple) or not all(isinstance(w, Win) for w in self.wins):
            raise TypeError(f"wins must be a tuple of Win values, not {self.wins!r}")
        if self.ended_by is not None and not isinstance(self.ended_by, str):
            raise TypeError(f"ended_by must be a string or None, not {self.ended_by!r}")
        if not all(hasattr(self.ledger, name) for name in ("net", "to_frame", "_repr_html_")):
            raise TypeError(f"ledger must be a game's Ledger, not {self.ledger!r}")

    @property
    def net(self) -> list[int]:
        """Each seat's balance at the end of the deal; always sums to zero."""
        return list(self.ledger.net)

    def to_frame(self) -> pd.DataFrame:
        """Every payment of the deal: payer, payee, amount, reason, event."""
        return self.ledger.to_frame()

    def describe(self) -> str:
        """The deal in one line: who won how, and how it ended."""
        wins = [
            f"seat {w.seat} won {w.score.fan} fan "
            + ("self-drawn" if w.discarder is None else f"on seat {w.discarder}'s tile")
            for w in self.wins
        ]
        ended = f"ended by {self.ended_by}" if self.ended_by else "not over"
        return "; ".join([*wins, ended])

    def _repr_html_(self) -> str:
        from kit.render.mahjong import deal_result_html

        return deal_result_html(self)
