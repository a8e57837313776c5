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
from functools import lru_cache, partial
from hashlib import blake2b
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MAX_COUNT",
    "Batch",
    "Progress",
    "RandomBot",
    "Simulation",
    "bot_names",
    "chance_key",
    "check_way",
    "choice_index",
    "count_of",
    "game_seed",
    "plan_batches",
    "random_bot",
    "resolve_bots",
    "run_batches",
    "simulate",
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


def simulate(game: object, count: int, **options: Any) -> pd.DataFrame:
    """Play ``count`` seeded deals (or Nylon-ppong rounds) of any game: a tidy DataFrame.

    ``game`` is a registry key (``"sichuan"``) or a ``Rules`` value, which is then
    played; ``options`` go to that game's own ``simulate`` (``bots``, ``seed``,
    ``executor``, ``progress`` …).

    >>> from kit.sichuan import Rules
    >>> frame = simulate(Rules(fan_cap=3), 4, seed=1, progress=False)
    >>> len(frame), frame.attrs["rules"].fan_cap
    (4, 3)
    """
    from kit.games import game as game_of

    chosen = game_of(game)
    if not isinstance(game, str):
        if "rules" in options:
            raise TypeError("give the rules once: as the game, or as rules=, not both")
        options["rules"] = game
    frame: pd.DataFrame = chosen.simulate(count, **options)
    return frame


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
    """A mahjong table that bots can play out (see :class:`kit.mahjong.table.MahjongTable`)."""

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


class Deals(Protocol):
    """A game's mahjong table class: how many seats its rules seat, and a seeded deal."""

    def seats(self, rules: Any) -> int: ...

    def deal(self, rules: Any, *, dealer: int, seed: str) -> Dealt: ...


def _new_table(number: int, seed: str, *, table: Deals, rules: object) -> Dealt:
    """Deal ``number`` of a run: the dealer moves round the table deal by deal."""
    return table.deal(rules, dealer=number % table.seats(rules), seed=seed)


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


@dataclass(frozen=True)
class Simulation:
    """One game's simulation call, its arguments checked: the runner every ``simulate`` shares.

    A game's ``simulate`` checks its rules, names a bot per seat, and then plays
    its rows (:meth:`deals` for mahjong, :meth:`rows` for any batches) and
    turns them into a frame (:meth:`frame`).
    """

    rules: Any
    bots: Sequence[Callable[..., Any]]
    """One bot per seat."""
    seed: int | str
    executor: Executor | None
    progress: Progress

    def rows(
        self, games: Sequence[int] | int, play: Callable[[Batch], list[Row]], description: str
    ) -> list[Row]:
        """Play ``games`` (see :func:`plan_batches`) in batches, each with ``play``.

        ``play`` must be picklable (a module-level function, or a
        :func:`functools.partial` of one) when an executor runs other processes.
        """
        batches = plan_batches(self.seed, games, workers_of(self.executor))
        return run_batches(
            play, batches, executor=self.executor, progress=self.progress, description=description
        )

    def deals(
        self, deals: int, table: Deals, row: Callable[[int, Any], Row], description: str
    ) -> list[Row]:
        """Play ``deals`` mahjong deals, a fresh ``table`` each, and ``row`` each finished one."""
        count = count_of(deals, "deals")
        new_table = partial(_new_table, table=table, rules=self.rules)
        play = partial(_play_deals, new_table=new_table, row=row, bots=self.bots)
        return self.rows(count, play, description)

    def frame(self, rows: list[Row], dtypes: Mapping[str, str]) -> pd.DataFrame:
        """The rows as a tidy DataFrame, ``dtypes`` typing its nullable columns; the rules,
        bot names and seed are kept in its ``attrs``."""
        import pandas as pd

        frame = pd.DataFrame(rows).astype(dtypes)
        frame.attrs.update(rules=self.rules, bots=bot_names(self.bots), seed=self.seed)
        return frame


@lru_cache(maxsize=4096)
def chance_key(seed: int | str | None) -> str:
    """A deal's seed as a seat may see it: a one-way digest that keeps decisions seeded.

    Random bots draw from it, so the same seed gives the same play, but it cannot
    be turned back into the seed, so no seat can re-deal the wall from it.

    >>> chance_key(7) == chance_key(7) != chance_key("7x"), len(chance_key(7))
    (True, 16)
    """
    return blake2b(repr(seed).encode(), digest_size=8).hexdigest()


def check_way(bots: object, choices: object) -> None:
    """``TypeError`` unless ``bots`` is a tuple of bot names and ``choices`` a tuple of
    indices into legal actions (0 or more): the way a replayed position is kept."""
    if not isinstance(bots, tuple) or not all(isinstance(b, str) for b in bots):
        raise TypeError(f"bots must be a tuple of bot names, not {bots!r:.60}")
    if not isinstance(choices, tuple) or not all(
        isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in choices
    ):
        raise TypeError(f"choices must be a tuple of indices (0 or more), not {choices!r:.60}")


def choice_index(legal: Sequence[Any], action: Any) -> int:
    """The index of ``action`` among ``legal`` (``ValueError`` naming ``action`` if absent):
    how a learner's choice is kept, so that the position can be played again.

    >>> choice_index(["draw", "stop"], "stop")
    1
    """
    for index, candidate in enumerate(legal):
        if candidate == action:
            return index
    raise ValueError(f"action {action!r:.60} is not among the legal actions")


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
