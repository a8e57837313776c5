"""Hand analysis against the ``mahjong`` package, side by side on the same 20,000 hands.

The kit's shanten and waits are checked for agreement first (where the two
rule sets coincide), then timed against ``Shanten.calculate_shanten``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from benchmarks.common import Figure

HANDS = 20_000
WALL = [index for index in range(34) for _ in range(4)]


def random_hands(count: int, size: int, seed: int) -> list[list[int]]:
    """Seeded random hands as 34-count lists, drawn from a 136-tile wall."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for index in rng.sample(WALL, size):
            counts[index] += 1
        hands.append(counts)
    return hands


def _cpu_seconds(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def reference_waits(counts: list[int]) -> list[int]:
    """Waits the way a ``mahjong`` user would find them: add each tile, ask for shanten -1."""
    from mahjong.shanten import Shanten

    found = []
    for index in range(34):
        if counts[index] >= 4:
            continue
        counts[index] += 1
        if Shanten.calculate_shanten(counts) == -1:
            found.append(index)
        counts[index] -= 1
    return found


def run() -> list[Figure]:
    from mahjong.shanten import Shanten

    from kit.mahjong.hands import shanten, waits

    warm = random_hands(HANDS, 13, seed=1)
    hands = random_hands(HANDS, 13, seed=2)
    for counts in warm:  # load the tables and fill the caches with other hands
        shanten(counts)

    theirs = [Shanten.calculate_shanten(c) for c in hands]
    ours = [shanten(c) for c in hands]
    quads = [any(n == 4 for n in c) for c in hands]
    disagree = sum(1 for a, b, q in zip(theirs, ours, quads, strict=True) if a != b and not q)

    reference = _cpu_seconds(lambda: [Shanten.calculate_shanten(c) for c in hands])
    kit_new = _cpu_seconds(lambda: [shanten(c) for c in hands])
    kit_again = _cpu_seconds(lambda: [shanten(c) for c in hands])
    sample = hands[:2_000]
    waits_reference = _cpu_seconds(lambda: [reference_waits(list(c)) for c in sample])
    waits_kit = _cpu_seconds(lambda: [waits(c) for c in sample])
    per = 1e6 / HANDS
    return [
        Figure("hands where shanten disagrees with mahjong*", disagree, "hands", "0", disagree == 0),
        Figure("mahjong Shanten.calculate_shanten, per hand", reference * per, "µs", "-", True),
        Figure("kit shanten, per hand (hands not seen before)", kit_new * per, "µs", "-", True),
        Figure("  ratio mahjong / kit (hands not seen before)", reference / kit_new, "x", ">= 5",
               reference / kit_new >= 5),
        Figure("  ratio mahjong / kit (same hands again)", reference / kit_again, "x", ">= 5",
               reference / kit_again >= 5),
        Figure("kit waits, per hand", waits_kit / len(sample) * 1e6, "µs", "-", True),
        Figure("  ratio mahjong-based waits / kit waits", waits_reference / waits_kit, "x", ">= 5",
               waits_reference / waits_kit >= 5),
    ]  # fmt: skip
