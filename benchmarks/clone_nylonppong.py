"""Copying a Nylon-ppong round in progress: ``Round.clone()`` against ``copy.deepcopy``."""

from __future__ import annotations

import copy
import random
from typing import Any

from benchmarks.common import Figure, median_seconds


def _mid_round(steps: int = 20) -> Any:
    """A seeded round after ``steps`` decisions of the default bots (or fewer, if it ended)."""
    from kit.nylonppong.game import Round
    from kit.nylonppong.sim import resolve_bots

    round_ = Round.deal(rng=random.Random(1))
    bots = resolve_bots(None, round_.players)
    for _ in range(steps):
        if round_.phase == "over":
            break
        seat = round_.to_move()[0]
        round_.apply(bots[seat](round_.view(seat)))
    return round_


def run() -> list[Figure]:
    round_ = _mid_round()
    clone = median_seconds(round_.clone, number=2000) * 1e6
    deep = median_seconds(lambda: copy.deepcopy(round_), number=200) * 1e6
    ratio = deep / clone
    return [
        Figure("Nylon-ppong Round.clone(), mid-round", clone, "µs", "", True),
        Figure("Nylon-ppong copy.deepcopy(round), mid-round", deep, "µs", "", True),
        Figure("Nylon-ppong deepcopy / clone", ratio, "×", ">= 5", ratio >= 5),
    ]


if __name__ == "__main__":
    for figure in run():
        print(figure)
