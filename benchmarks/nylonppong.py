"""Nylon-ppong speed: exact odds (cold), bot rounds per second, hand-builder updates."""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from itertools import combinations_with_replacement

from benchmarks.common import Figure, cold_seconds, median_seconds


def naive_odds() -> dict[str, int]:
    """The reference: a plain enumeration of month patterns, as a first version would do it.

    Every sorted multiset of six months, a Counter for its weight, and the six
    combination tests written inline. Returns hands that qualify, per combination.
    """
    qualifies = dict.fromkeys(
        ["three-pairs", "two-triples", "four-and-pair", "straight", "sib-bujok", "daeppang"], 0
    )
    for months in combinations_with_replacement(range(1, 13), 6):
        counts = Counter(months)
        weight = math.prod(math.comb(4, c) for c in counts.values())
        if not weight:
            continue
        profile = sorted(counts.values(), reverse=True)
        total = sum(months)
        tests = {
            "three-pairs": profile == [2, 2, 2],
            "two-triples": profile == [3, 3],
            "four-and-pair": profile == [4, 2],
            "straight": len(counts) == 6 and max(months) - min(months) == 5,
            "sib-bujok": total <= 10,
            "daeppang": total >= 66,
        }
        for key, applies in tests.items():
            if applies:
                qualifies[key] += weight
    return qualifies


def bot_rounds_per_second(rounds: int = 5_000) -> float:
    from kit.nylonppong.bots import cautious, greedy
    from kit.nylonppong.game import Round
    from kit.nylonppong.rules import Rules

    rules, rng = Rules(), random.Random(1)
    bots = [greedy, cautious, greedy, cautious]
    start = time.process_time()
    for _ in range(rounds):
        Round.deal(rules, rng=rng).play(bots)
    return rounds / (time.process_time() - start)


def hand_builder_update_ms() -> float:
    from kit.hwatu import DECK
    from kit.widgets.nylonppong import HandBuilder

    builder = HandBuilder()
    cards = [card for card in DECK if card.month in (3, 4, 5, 6, 7, 8) and card.index == 0]

    def click_six_then_clear() -> None:
        for card in cards:
            builder.toggle(card)
        for card in cards:
            builder.toggle(card)

    return median_seconds(click_six_then_clear, repeat=9) / 12 * 1000


def run() -> list[Figure]:
    cold = cold_seconds(
        "import pandas\nfrom kit.nylonppong import combination_odds", "combination_odds()"
    )
    naive = cold_seconds("from benchmarks.nylonppong import naive_odds", "naive_odds()", repeat=3)
    rate = bot_rounds_per_second()
    update = hand_builder_update_ms()
    return [
        Figure("combination_odds(), cold (fresh interpreter)*", cold, "s", "< 0.1 s", cold < 0.1),
        Figure("  naive month-pattern enumeration (reference)", naive, "s", "-", True),
        Figure("  ratio naive / kit", naive / cold, "x", "> 1", naive / cold > 1),
        Figure("bot rounds per second, one core (4 seats)", rate, "rounds/s", ">= 5,000",
               rate >= 5000),
        Figure("hand-builder update, kernel side (median click)", update, "ms", "< 20 ms",
               update < 20),
    ]  # fmt: skip
