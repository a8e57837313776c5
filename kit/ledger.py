"""What every game's money record shares: payment reasons, transfers, and their sums.

A ledger is a list of :class:`Transfer` values (payer, payee, amount, reason,
event). They always sum to zero: what one seat pays another receives. The
reason is a :class:`Reason`, never a display string to be sniffed; its value is
the words a learner reads.

>>> t = Transfer(payer=1, payee=0, amount=8, reason=Reason.WIN_ON_DISCARD, event=0)
>>> net_of([t], players=4)
[8, -8, 0, 0]
>>> str(Reason.KONG_TRANSFER), Reason("flower pig") is Reason.FLOWER_PIG
('kong transfer', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMNS", "Reason", "Transfer", "TransferLedger", "net_of"]

COLUMNS = ["payer", "payee", "amount", "reason", "event"]
"""The columns of a mahjong ledger's frame, one row per transfer."""


class Reason(StrEnum):
    """Why points or money change hands, in every game of the kit."""

    # wins (both mahjong games)
    WIN_ON_DISCARD = "win on discard"
    SELF_DRAWN_WIN = "self-drawn win"
    PAO = "pao"
    """Hong Kong: the liable player pays the whole win."""
    # kongs: wind and rain (Sichuan)
    EXPOSED_KONG = "exposed kong"
    ADDED_KONG = "added kong"
    CONCEALED_KONG = "concealed kong"
    KONG_TRANSFER = "kong transfer"
    # the end of the wall (Sichuan)
    FLOWER_PIG = "flower pig"
    NOT_READY = "not ready"
    REFUND = "refund"
    # Nylon-ppong penalties (points against a seat, lower is better)
    HAND_SUM = "hand sum"
    FAILED_STOP = "failed stop"
    PPONG_VICTIM = "ppong victim"
    DECLARED = "declared combination"


@dataclass(frozen=True)
class Transfer:
    """One payment: ``payer`` gives ``payee`` ``amount`` for ``reason`` (event number ``event``)."""

    payer: int
    payee: int
    amount: int
    reason: Reason
    event: int


def net_of(transfers: Iterable[Transfer], players: int) -> list[int]:
    """Each seat's balance over some transfers: received minus paid; always sums to zero."""
    balance = [0] * players
    for t in transfers:
        balance[t.payer] -= t.amount
        balance[t.payee] += t.amount
    return balance


class TransferLedger:
    """What both mahjong ledgers share: their transfers, each seat's net, a frame, a picture.

    A game's ledger (a dataclass) supplies ``transfers``, ``players``, ``events``,
    ``won`` and ``checks`` (end-of-wall checks; none in Hong Kong).
    """

    transfers: list[Transfer]
    events: list[str]
    won: list[int]

    @property
    def players(self) -> int:
        """How many seats the ledger keeps (a game's ledger gives it)."""
        raise NotImplementedError

    @property
    def net(self) -> list[int]:
        """Each seat's balance; always sums to zero."""
        return net_of(self.transfers, self.players)

    def to_frame(self) -> pd.DataFrame:
        """One row per payment: payer, payee, amount, reason (a :class:`Reason`) and event."""
        import pandas as pd

        return pd.DataFrame([vars(t) for t in self.transfers], columns=COLUMNS)

    def _repr_html_(self) -> str:
        from kit.render import deal_html
        from kit.render.mahjong import LedgerLike

        return deal_html(cast("LedgerLike", self))
