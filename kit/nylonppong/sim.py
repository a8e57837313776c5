"""Simulate many Nylon-ppong rounds with bots: one tidy row per round.

>>> frame = simulate(20, rules=Rules(players=3, rounds=10), bots=("greedy", "cautious", "greedy"), seed=1)
>>> len(frame), list(frame.columns[:4])
(20, ['game', 'round', 'dealer', 'ended_by'])
>>> (frame[["penalty_0", "penalty_1", "penalty_2"]].to_numpy() == simulate(
...     20, rules=Rules(players=3, rounds=10), bots=("greedy", "cautious", "greedy"), seed=1
... )[["penalty_0", "penalty_1", "penalty_2"]].to_numpy()).all()
np.True_
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from functools import partial
from typing import TYPE_CHECKING

from kit.nylonppong.bots import BOTS, DEFAULT_OPPONENTS
from kit.nylonppong.game import Bot, DealResult, Game
from kit.nylonppong.rules import Rules, rules_of
from kit.sim import Batch, Progress, Row, Simulation, count_of, game_seed
from kit.sim import resolve_bots as shared_resolve_bots

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["resolve_bots", "round_row", "simulate"]

BotSpec = str | Bot


def resolve_bots(bots: Sequence[BotSpec] | None, players: int) -> list[Bot]:
    """One bot per seat from names in :data:`BOTS` or bot functions, repeated to fill the table.

    >>> [bot.__name__ for bot in resolve_bots(["greedy", "cautious"], 3)]
    ['greedy', 'cautious', 'greedy']
    >>> resolve_bots((), 3)
    Traceback (most recent call last):
    ...
    ValueError: bots is empty; name at least one bot, or pass None for the default
    """
    if bots is not None and not isinstance(bots, str) and len(bots) == 0:
        raise ValueError("bots is empty; name at least one bot, or pass None for the default")
    return shared_resolve_bots(bots, players, BOTS, DEFAULT_OPPONENTS)


def round_row(game: int, number: int, result: DealResult) -> Row:
    """The tidy row of one round: how it ended, who ended it, and each seat's penalty."""
    stop = result.ended_by == "stop"
    row: Row = {
        "game": game,
        "round": number,
        "dealer": result.dealer,
        "ended_by": result.ended_by,
        "player": result.player,
        "victim": result.victim,
        "turns": result.turns,
        "stop_sum": result.hands[result.player or 0].total if stop else math.nan,
        "stop_failed": (not result.stop_succeeded) if stop else None,
    }
    for seat, penalty in enumerate(result.penalties):
        row[f"penalty_{seat}"] = penalty
    return row


def _play_batch(batch: Batch, *, rules: Rules, bots: Sequence[Bot], rounds: int) -> list[Row]:
    rows: list[Row] = []
    for game_number in range(batch.start, batch.stop):
        game = Game(rules, seed=game_seed(batch.seed, game_number))
        to_play = min(rules.rounds, rounds - game_number * rules.rounds)
        for number in range(1, to_play + 1):
            result = game.new_round().play(bots)
            game.record()
            rows.append(round_row(game_number, number, result))
    return rows


def simulate(
    rounds: int,
    *,
    rules: Rules = Rules(),
    bots: Sequence[BotSpec] | None = DEFAULT_OPPONENTS,
    seed: int | str = 0,
    executor: Executor | None = None,
    progress: Progress = None,
) -> pd.DataFrame:
    """Play ``rounds`` rounds with bots, as games of ``rules.rounds`` rounds
    (reference/nylon-ppong.md#game).

    Returns one row per round: ``game``, ``round`` (1-based within its game),
    ``dealer`` (who started), ``ended_by``, ``player`` (who ended it), ``victim``
    (of a ppong-out), ``turns``, ``stop_sum`` and ``stop_failed`` (for stops),
    and ``penalty_0`` … one column per seat.

    ``bots`` are names from :data:`kit.nylonppong.bots.BOTS` or bot functions,
    repeated around the table. The same ``seed`` gives the same rows, with or
    without an ``executor`` (any :class:`concurrent.futures.Executor`: a process
    pool, or a Dask or Ray executor; bots must then be picklable, as the
    named ones are). ``progress`` shows a bar on long runs (see :mod:`kit.sim`).
    """
    count_of(rounds, "rounds")
    rules = rules_of(rules)
    run = Simulation(rules, resolve_bots(bots, rules.players), seed, executor, progress)
    games = math.ceil(rounds / rules.rounds)
    per_game = [min(rules.rounds, rounds - game * rules.rounds) for game in range(games)]
    play = partial(_play_batch, rules=rules, bots=run.bots, rounds=rounds)
    rows = run.rows(per_game, play, "Nylon-ppong rounds")
    return run.frame(rows, {"victim": "Int64", "stop_failed": "boolean"})
