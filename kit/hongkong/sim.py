"""Simulate many Hong Kong deals with bots: one tidy row per deal.

>>> frame = simulate(6, seed=1)
>>> list(frame.columns[:5])
['deal', 'dealer', 'ended_by', 'winner', 'discarder']
>>> bool((frame[["net_0", "net_1", "net_2", "net_3"]].sum(axis=1) == 0).all())
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from kit.hongkong.bots import BOTS, DEFAULT_OPPONENTS
from kit.hongkong.game import Action, SeatView, Table
from kit.hongkong.rules import Rules
from kit.sim import Progress, Row, Simulation
from kit.sim import resolve_bots as shared_resolve_bots

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["deal_row", "resolve_bots", "simulate"]

Bot = Callable[[SeatView], Action]
BotSpec = str | Bot


def resolve_bots(bots: Sequence[BotSpec] | None, players: int) -> list[Bot]:
    """One bot per seat from names in :data:`BOTS` or bot functions, repeated round the table."""
    return shared_resolve_bots(bots, players, BOTS, DEFAULT_OPPONENTS)


def deal_row(number: int, table: Table) -> Row:
    """The tidy row of one finished deal: who won how, the fan, pao, and each seat's net."""
    win = table.wins[0] if table.wins else None
    row: Row = {
        "deal": number,
        "dealer": table.dealer,
        "ended_by": table.ended_by,
        "winner": win.seat if win else None,
        "discarder": win.discarder if win else None,
        "self_drawn": bool(win and win.discarder is None),
        "fan": win.score.fan if win else None,
        "limit": bool(win and win.score.limit),
        "patterns": ";".join(key for key, _ in win.score.patterns) if win else "",
        "liable": table.liable_for(win.seat) if win else None,
        "turns": table.turns,
    }
    for seat, amount in enumerate(table.net):
        row[f"net_{seat}"] = amount
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

    Returns one row per deal: ``deal``, ``dealer``, ``ended_by`` (``win`` or
    ``wall-empty``), ``winner``, ``discarder`` (empty on a self-draw),
    ``self_drawn``, ``fan``, ``limit``, ``patterns`` (";"-joined), ``liable``
    (the pao player who paid, if any), ``turns``, and ``net_0`` … one column
    per seat (they sum to zero). Same ``seed``, same rows, with or without an
    ``executor``.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {rules!r}")
    run = Simulation(rules, resolve_bots(bots, rules.players), seed, executor, progress)
    rows = run.deals(deals, Table, deal_row, "Hong Kong deals")
    return run.frame(rows, dict.fromkeys(("winner", "discarder", "fan", "liable"), "Int64"))
