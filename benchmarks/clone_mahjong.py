"""Copying a mahjong deal in progress: ``Table.clone()`` against ``copy.deepcopy``."""

from __future__ import annotations

import copy
import random
from functools import partial
from typing import Any

from benchmarks.common import Figure, median_seconds


def _mid_deal(table: Any, bots: list[Any], steps: int = 40) -> Any:
    for _ in range(steps):
        if table.phase == "over":
            break
        seat = table.to_move()[0]
        table.apply(bots[seat](table.view(seat)))
    return table


def _tables() -> list[tuple[str, Any]]:
    from kit.hongkong.bots import flush_hunter as hk_flush
    from kit.hongkong.bots import pung_hunter
    from kit.hongkong.game import Table as HongKong
    from kit.sichuan.bots import efficient, flush_hunter
    from kit.sichuan.game import Table as Sichuan

    rng = random.Random(1)
    return [
        ("Sichuan", _mid_deal(Sichuan.deal(rng=rng), [efficient, flush_hunter] * 2)),
        ("Hong Kong", _mid_deal(HongKong.deal(rng=rng), [hk_flush, pung_hunter] * 2)),
    ]


def run() -> list[Figure]:
    figures = []
    for name, table in _tables():
        clone = median_seconds(table.clone, number=500) * 1e6
        deep = median_seconds(partial(copy.deepcopy, table), number=50) * 1e6
        ratio = deep / clone
        figures += [
            Figure(f"{name} Table.clone(), mid-deal", clone, "µs", "", True),
            Figure(f"{name} copy.deepcopy(table), mid-deal", deep, "µs", "", True),
            Figure(f"{name} deepcopy / clone", ratio, "×", ">= 5", ratio >= 5),
        ]
    return figures


if __name__ == "__main__":
    for figure in run():
        print(figure)
