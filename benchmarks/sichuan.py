"""Sichuan speed: scoring a hand, and full four-bot deals per second."""

from __future__ import annotations

import statistics
import time

from benchmarks.common import Figure, deals_per_second

SAMPLE_HANDS = (  # (hand, winning tile, void)
    ("11223344556677p", "7p", "m"),
    ("111m222m333m456m99m", "9m", "s"),
    ("123m456m789m11p234p", "3p", "s"),
    ("[1111p][2222p][3333p][4444p]55p", "5p", "m"),
    ("11112233445566s", "6s", "m"),
    ("123m123m123m456p99p", "9p", "s"),
)


def score_median_ms() -> float:
    from kit.sichuan import score

    times = []
    for _ in range(200):
        for hand, win, void in SAMPLE_HANDS:
            start = time.perf_counter()
            score(hand, win=win, void=void)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def run() -> list[Figure]:
    median = score_median_ms()
    from kit.sichuan.bots import efficient, flush_hunter
    from kit.sichuan.game import Table

    rate = deals_per_second(Table, [efficient, flush_hunter, efficient, flush_hunter])
    return [
        Figure("Sichuan score(), median", median, "ms", "< 0.5 ms", median < 0.5),
        Figure("Sichuan four-bot deals per second, one core", rate, "deals/s", ">= 100",
               rate >= 100),
    ]  # fmt: skip
