"""Seeded simulation runner shared by the games: batches, executors and progress.

A game module supplies a function that plays one *batch* (a few games from
their own seeds) and returns plain rows; :func:`run_batches` fans the batches
out through any :class:`concurrent.futures.Executor` (a process pool, or a
Dask or Ray executor) and reports progress. Each game's seed is derived from
the run's seed and the game's number alone, so the rows are the same whatever
the executor or batch size.

A run is limited to :data:`MAX_COUNT` rounds or deals; batches are planned
from the count alone and their rows collected batch by batch.

Bots that play at random draw from the deal's seed (see :class:`RandomBot`),
so they too give the same rows with or without an executor.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

__all__ = [
    "MAX_COUNT",
    "Batch",
    "Progress",
    "RandomBot",
    "bot_names",
    "count_of",
    "game_seed",
    "plan_batches",
    "random_bot",
    "resolve_bots",
    "run_batches",
    "simulate_deals",
    "workers_of",
]

Row = dict[str, Any]
B = TypeVar("B", bound=Callable[..., Any])
Progress = bool | Callable[[int, int], None] | None
"""``None``: a bar for long runs; ``True``/``False``: always/never; a callable gets (done, total)."""

LONG_RUN = 2_000
"""Runs of at least this many rounds or deals show a progress bar by default."""

MAX_COUNT = 1_000_000
"""The most rounds or deals one simulation call plays.

A million Sichuan or Hong Kong deals take over an hour on one core (about 150
to 250 deals a second), so a bigger count is almost always a typo. For a longer
study, run several calls with different seeds and join their frames."""


def game_seed(seed: int | str, game: int) -> str:
    """The seed of one game of a run: a string, so :class:`random.Random` hashes it stably.

    >>> game_seed(7, 3)
    'kit:7:3'
    """
    return f"kit:{seed}:{game}"


@dataclass(frozen=True)
class Batch:
    """Games ``start`` … ``stop - 1`` of a run, played by one worker."""

    seed: int | str
    start: int
    stop: int
    units: int
    """How many rows (rounds or deals) this batch produces, for the progress bar."""


PROGRESS_STEPS = 50
"""Batches a run is split into at least, so that a progress bar moves smoothly."""


def plan_batches(seed: int | str, games: Sequence[int] | int, workers: int) -> list[Batch]:
    """Split a run's games into batches: ``games`` gives the rows of each game, or is
    a number of games of one row each (a deal), so that no per-game list is built.

    At least :data:`PROGRESS_STEPS` of them for a smooth progress bar, and
    ``4 × workers`` when an executor has more workers than that.

    >>> [(b.start, b.stop, b.units) for b in plan_batches(1, 5, workers=1)][:2]
    [(0, 1, 1), (1, 2, 1)]
    """
    total = games if isinstance(games, int) else len(games)
    count = max(1, min(total, max(PROGRESS_STEPS, 4 * workers)))
    size = max(1, math.ceil(total / count))

    def units(start: int, stop: int) -> int:
        return stop - start if isinstance(games, int) else sum(games[start:stop])

    return [
        Batch(seed, start, min(start + size, total), units(start, min(start + size, total)))
        for start in range(0, total, size)
    ]


def run_batches(
    play: Callable[[Batch], list[Row]],
    batches: Sequence[Batch],
    *,
    executor: Executor | None,
    progress: Progress,
    description: str,
) -> list[Row]:
    """Play every batch, in order, through ``executor`` (or here), reporting progress."""
    total = sum(batch.units for batch in batches)
    results: Iterable[list[Row]] = (
        map(play, batches) if executor is None else executor.map(play, batches)
    )
    report = _reporter(progress, total, description)
    rows: list[Row] = []
    done = 0
    try:
        for batch, batch_rows in zip(batches, results, strict=True):
            rows.extend(batch_rows)
            done += batch.units
            report(done, total)
    finally:
        report(-1, total)  # close the bar
    return rows


def _reporter(progress: Progress, total: int, description: str) -> Callable[[int, int], None]:
    if callable(progress):
        callback = progress
        return lambda done, total: None if done < 0 else callback(done, total)
    if progress is False or (progress is None and total < LONG_RUN):
        return lambda done, total: None
    from tqdm.auto import tqdm  # imported only when a bar is shown

    bar = tqdm(total=total, desc=description, unit="round" if "round" in description else "deal")

    def report(done: int, total: int) -> None:
        if done < 0:
            bar.close()
        else:
            bar.update(done - bar.n)

    return report


def resolve_bots(
    bots: Sequence[str | B] | None, players: int, registry: Mapping[str, B], default: Sequence[str]
) -> list[B]:
    """One bot per seat from names in ``registry`` or bot functions, repeated round the table.

    >>> def sly(view: object) -> None: ...
    >>> [bot.__name__ for bot in resolve_bots(["sly"], 3, {"sly": sly}, ["sly"])]
    ['sly', 'sly', 'sly']
    """
    if isinstance(bots, str):
        raise ValueError(f"bots must be a list of bot names or functions, not the string {bots!r}")
    specs = bots if bots else default
    resolved: list[B] = []
    for spec in specs:
        if isinstance(spec, str):
            if spec not in registry:
                raise ValueError(f"unknown bot {spec!r}; choose from {', '.join(registry)}")
            resolved.append(registry[spec])
        elif callable(spec):
            resolved.append(spec)
        else:
            raise ValueError(f"a bot is a name or a function, not {spec!r}")
    if len(resolved) > players:
        raise ValueError(f"{len(resolved)} bots for {players} seats")
    return [resolved[seat % len(resolved)] for seat in range(players)]


def bot_names(bots: Sequence[Callable[..., Any]]) -> list[str]:
    """Readable names of bot functions, for a frame's attributes."""
    return [str(getattr(bot, "__name__", repr(bot))) for bot in bots]


class Dealt(Protocol):
    """A mahjong table that bots can play out (see :class:`kit.engine.MahjongTable`)."""

    def run(self, bots: Sequence[Callable[..., Any]]) -> None: ...


def count_of(value: object, what: str) -> int:
    """A positive whole number of rounds or deals up to :data:`MAX_COUNT`, or a clear error.

    >>> count_of(10**7, "deals")
    Traceback (most recent call last):
    ...
    ValueError: deals must be at most 1,000,000 in one run, not 10,000,000; run several seeds and join the frames for more
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{what} must be a positive whole number, not {value!r}")
    if value > MAX_COUNT:
        raise ValueError(
            f"{what} must be at most {MAX_COUNT:,} in one run, not {value:,}; "
            "run several seeds and join the frames for more"
        )
    return value


def workers_of(executor: Executor | None) -> int:
    """How many workers an executor has (for sizing batches); 1 without one."""
    if executor is None:
        return 1
    return getattr(executor, "_max_workers", None) or os.cpu_count() or 1


def _play_deals(
    batch: Batch,
    *,
    new_table: Callable[[int, str], Dealt],
    row: Callable[[int, Any], Row],
    bots: Sequence[Callable[..., Any]],
) -> list[Row]:
    rows = []
    for number in range(batch.start, batch.stop):
        table = new_table(number, game_seed(batch.seed, number))
        table.run(bots)
        rows.append(row(number, table))
    return rows


def simulate_deals(
    deals: int,
    *,
    new_table: Callable[[int, str], Dealt],
    row: Callable[[int, Any], Row],
    bots: Sequence[Callable[..., Any]],
    seed: int | str,
    executor: Executor | None,
    progress: Progress,
    description: str,
) -> list[Row]:
    """Play ``deals`` mahjong deals, one table each from ``new_table(number, seed)``.

    ``new_table`` and ``row`` must be picklable (module-level functions, or
    :func:`functools.partial` of them) when an executor runs other processes.
    """
    count = count_of(deals, "deals")
    batches = plan_batches(seed, count, workers_of(executor))
    play = partial(_play_deals, new_table=new_table, row=row, bots=bots)
    return run_batches(play, batches, executor=executor, progress=progress, description=description)


class Viewed(Protocol):
    """What any game's seat view offers a bot that plays at random."""

    @property
    def decision_seed(self) -> str: ...

    def legal_actions(self) -> Sequence[Any]: ...


@dataclass(frozen=True)
class RandomBot:
    """A bot for any of the games that picks uniformly among the legal actions (engine tests).

    Its choice comes from ``salt`` and the view's :attr:`decision_seed` (the deal's
    seed, the actions so far and the seat) alone: it keeps no state, so the same
    seed gives the same play on a second run, in threads or in other processes.

    >>> class View:
    ...     decision_seed = "kit:1:0:0:2"
    ...     def legal_actions(self): return ["draw", "stop"]
    >>> bot = RandomBot(1)
    >>> bot(View()) == bot(View()), bot.__name__
    (True, 'random')
    """

    salt: int | str | None = None

    @property
    def __name__(self) -> str:  # read by bot_names, like a function's name
        return "random"

    def __call__(self, view: Viewed) -> Any:
        rng = random.Random(f"{self.salt}:{view.decision_seed}")
        return rng.choice(view.legal_actions())


def random_bot(seed: int | str | None = None) -> RandomBot:
    """A random bot; ``seed`` salts its choices, the deal's seed decides them (:class:`RandomBot`).

    >>> random_bot(1)
    RandomBot(salt=1)
    """
    if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
        raise TypeError(f"seed must be a whole number, a string or None, not {seed!r}")
    return RandomBot(seed)
