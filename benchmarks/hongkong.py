"""Hong Kong speed: scoring, "what does this hand need?", and full four-bot deals per second."""

from __future__ import annotations

import random
import statistics
import time

from benchmarks.common import Figure, deals_per_second

SAMPLE_HANDS = (  # (hand, winning tile)
    ("123m456m789m11m[555z]", "1m"),
    ("111m999m111p999p11s", "1s"),
    ("19m19p19s1234567z1z", "1z"),
    ("555z666z11z123m[777z]", "1z"),
    ("123m456p789s11z23s4s", "4s"),
    ("1112345678999m5m", "5m"),
)


def score_median_ms() -> float:
    from kit.hongkong import score

    times = []
    for _ in range(200):
        for hand, win in SAMPLE_HANDS:
            start = time.perf_counter()
            score(hand, win=win)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def needs_times_ms(count: int = 500) -> tuple[float, float]:
    """(median, max) over hands of one "What does this hand need?" update.

    Each hand's time is the best of three updates, so that a pause of the
    machine is not charged to a hand; the max is then the slowest hand.
    """
    from kit.hongkong.payout import wall
    from kit.mahjong.tiles import Hand
    from kit.widgets.hongkong import WhatDoesThisHandNeed

    rng = random.Random(4)
    tiles = wall()
    hands = ["1112345678999m", "19m19p19s1234567z", "111222333m4445z"]
    while len(hands) < count:
        hands.append(Hand(tuple(rng.sample(tiles, 13))).notation())
    widget = WhatDoesThisHandNeed()
    widget.value = hands[0]  # first use loads the tables
    times = []
    for text in hands:
        best = float("inf")
        for _ in range(3):
            widget.value = hands[0] if text != hands[0] else hands[1]
            start = time.perf_counter()
            widget.value = text
            best = min(best, time.perf_counter() - start)
        times.append(best)
    return statistics.median(times) * 1000, max(times) * 1000


def run() -> list[Figure]:
    median = score_median_ms()
    needs_median, needs_max = needs_times_ms()
    from kit.hongkong.bots import flush_hunter, pung_hunter
    from kit.hongkong.game import Table

    rate = deals_per_second(Table, [flush_hunter, pung_hunter, flush_hunter, pung_hunter])
    return [
        Figure("Hong Kong score(), median", median, "ms", "< 0.5 ms", median < 0.5),
        Figure("What does this hand need?, median update", needs_median, "ms", "< 10 ms",
               needs_median < 10),
        Figure("What does this hand need?, slowest of 500 hands*", needs_max, "ms", "< 10 ms",
               needs_max < 10),
        Figure("Hong Kong four-bot deals per second, one core", rate, "deals/s", ">= 100",
               rate >= 100),
    ]  # fmt: skip
