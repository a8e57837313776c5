"""Simulate many Sichuan blood-battle deals with bots: one tidy row per deal.

>>> frame = simulate(4, seed=1)
>>> list(frame.columns[:5])
['deal', 'dealer', 'ended_by', 'wins', 'turns']
>>> bool((frame[["net_0", "net_1", "net_2", "net_3"]].sum(axis=1) == 0).all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from kit.sichuan.bots import BOTS, DEFAULT_OPPONENTS
from kit.sichuan.game import Action, SeatView, Table
from kit.sichuan.rules import PLAYERS, Rules
from kit.sim import Progress, Row, Simulation
from kit.sim import resolve_bots as shared_resolve_bots

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["deal_row", "resolve_bots", "simulate"]

Bot = Callable[[SeatView], Action]
BotSpec = str | Bot


def resolve_bots(bots: Sequence[BotSpec] | None) -> list[Bot]:
    """Four bots from names in :data:`BOTS` or bot functions, repeated around the table."""
    return shared_resolve_bots(bots, PLAYERS, BOTS, DEFAULT_OPPONENTS)


def deal_row(number: int, table: Table) -> Row:
    """The tidy row of one finished deal: how it ended, each seat's net, fan and patterns."""
    row: Row = {
        "deal": number,
        "dealer": table.dealer,
        "ended_by": table.ended_by,
        "wins": len(table.wins),
        "turns": table.turns,
    }
    net = table.ledger.net
    fans: dict[int, int] = {win.seat: win.score.fan for win in table.wins}
    for seat in range(PLAYERS):
        row[f"net_{seat}"] = net[seat]
    for seat in range(PLAYERS):
        row[f"fan_{seat}"] = fans.get(seat)
    row["patterns"] = ";".join(key for win in table.wins for key, _ in win.score.patterns)
    row["names"] = ";".join(win.score.name or "" for win in table.wins)
    row["self_drawn"] = sum(1 for win in table.wins if win.discarder is None)
    return row


def simulate(
    deals: int,
    *,
    rules: Rules = Rules(),
    bots: Sequence[BotSpec] | None = DEFAULT_OPPONENTS,
    seed: int | str = 0,
    executor: Executor | None = None,
    progress: Progress = None,
) -> pd.DataFrame:
    """Play ``deals`` deals with bots; the dealer moves round the table deal by deal.

    Returns one row per deal: ``deal``, ``dealer``, ``ended_by`` (``three-wins``
    or ``wall-empty``), ``wins``, ``turns``, ``net_0`` … ``net_3`` (they sum to
    zero), ``fan_0`` … ``fan_3`` (the fan of each seat's win, empty if it did
    not win), ``patterns`` and ``names`` (";"-joined over the wins; an empty name is a win
    with a pattern but no familiar name) and
    ``self_drawn`` (how many wins were self-drawn). Same ``seed``, same rows,
    with or without an ``executor``.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.sichuan.Rules value, not {rules!r}")
    run = Simulation(rules, resolve_bots(bots), seed, executor, progress)
    rows = run.deals(deals, Table, deal_row, "Sichuan deals")
    return run.frame(rows, {f"fan_{seat}": "Int64" for seat in range(PLAYERS)})
