"""What every game's outcome estimates share: their arguments, their seats, their error.

A coach that forecasts what an option leads to deals the hidden cards or tiles
at random into a number of *worlds* and plays each option out in each of them
(:mod:`kit.mahjong.outcomes`, :mod:`kit.nylonppong.outcomes`). Both check their
arguments alike, seat the player and the opponents alike, and give the
standard error of a sampled mean alike; this module holds those parts once.

>>> standard_error([1, 3])
1.0
>>> worlds_argument(0)
Traceback (most recent call last):
...
ValueError: worlds must be between 1 and 10000, not 0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = [
    "MAX_WORLDS",
    "chosen_actions",
    "rng_argument",
    "seat_bots",
    "standard_error",
    "worlds_argument",
]

MAX_WORLDS = 10_000
"""The most worlds an outcome estimate plays per option."""


def worlds_argument(worlds: object) -> int:
    """``worlds`` if it is a whole number of worlds 1–:data:`MAX_WORLDS`, else an error naming it."""
    if not isinstance(worlds, int) or isinstance(worlds, bool):
        raise TypeError(f"worlds must be a whole number, not {worlds!r}")
    if not 1 <= worlds <= MAX_WORLDS:
        raise ValueError(f"worlds must be between 1 and {MAX_WORLDS}, not {worlds}")
    return worlds


def chosen_actions(view: Any, actions: Iterable[Any] | None) -> list[Any]:
    """The actions to estimate: every legal action of ``view``'s seat, or ``actions``
    (each checked legal, repeats dropped); an error when there is nothing to decide."""
    legal = view.legal_actions()
    if actions is None:
        chosen = list(legal)
    else:
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise TypeError(f"actions must be a list of actions or None, not {actions!r:.80}")
        chosen = list(dict.fromkeys(actions))
        for action in chosen:
            if action not in legal:
                raise ValueError(f"actions: {action} is not legal for seat {view.seat} now")
    if not chosen:
        raise ValueError(f"seat {view.seat} has no decision to make now ({view.phase})")
    return chosen


def rng_argument(rng: object, seed: object) -> random.Random:
    """The random source of an estimate: ``rng``, or a new one from ``seed`` (not both)."""
    if rng is not None and seed is not None:
        raise TypeError("give a seed or an rng, not both")
    if rng is not None:
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random or None, not {rng!r}")
        return rng
    if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
        raise TypeError(f"seed must be a whole number, a string or None, not {seed!r}")
    return random.Random(seed)


def seat_bots(
    game: Any,
    players: int,
    seat: int,
    player: object,
    opponents: Sequence[Any] | None,
) -> list[Callable[[Any], Any]]:
    """One bot per seat: ``player`` for ``seat``, the opponents (bot names or functions, the
    ``game``'s defaults unless given) round the table after it."""
    from kit.sim import resolve_bots

    if not callable(player):
        raise TypeError(f"player must be a bot function or None, not {player!r}")
    others = resolve_bots(opponents, players - 1, game.bots, game.opponents)
    bots: list[Callable[[Any], Any]] = [player] * players
    for step in range(1, players):
        bots[(seat + step) % players] = others[step - 1]
    return bots


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)
