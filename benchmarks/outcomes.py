"""Playing every option of a first discard out: ``kit.mahjong.outcomes.outcomes``."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.common import Figure

FIRST_DISCARD_SEEDS = {"sichuan": 13, "hongkong": 0}
"""Deals whose dealer's first discard has 14 options."""
WORLDS = 32


def first_discard(key: str, seed: int) -> Any:
    """Seat 0's view at its first discard of the deal of ``seed``, the coach in seat 0."""
    from kit.games import game
    from kit.sim import resolve_bots

    g = game(key)
    engine: Any = g.engine
    table = engine.deal(seed=seed)
    bots = [g.coach.act, *resolve_bots(None, table.players - 1, g.bots, g.opponents)]
    while not (table.phase == "discard" and table.turn == 0):
        seat = table.to_move()[0]
        table.apply(bots[seat](table.view(seat)))
    return table.view(0)


def seconds_for_a_first_discard(key: str) -> float:
    """Processor seconds for the outcomes of all 14 options, each over ``WORLDS`` worlds."""
    from kit.mahjong.outcomes import outcomes

    view = first_discard(key, FIRST_DISCARD_SEEDS[key])
    start = time.process_time()
    found = outcomes(view, worlds=WORLDS, seed=1)
    assert len(found) == len(view.legal_actions())
    return time.process_time() - start


def run() -> list[Figure]:
    figures = []
    for key, name in (("sichuan", "Sichuan"), ("hongkong", "Hong Kong")):
        spent = seconds_for_a_first_discard(key)
        figures.append(
            Figure(
                f"{name} outcomes of a first discard, 14 options x {WORLDS} worlds",
                spent, "s", "-", True,
            )
        )  # fmt: skip
    return figures


if __name__ == "__main__":
    for figure in run():
        print(figure)
