"""The coaches: how strong the coach bot plays, and how fast it ranks a hand.

Strength: the coach in seat 0, the game's default bots in the other seats, over
seeded rounds; the figure is the coach's mean penalty against the best other seat.
"""

from __future__ import annotations

import random

from benchmarks.common import Figure, median_seconds

NYLONPPONG_ROUNDS = 10_000


def nylonppong_table(rounds: int = NYLONPPONG_ROUNDS) -> list[tuple[str, float, int]]:
    """(seat's bot, mean penalty, good endings: rounds it ended by a combination or a
    successful stop)."""
    from kit.nylonppong.sim import simulate

    names = ["coach", "cautious", "greedy", "cautious"]
    frame = simulate(rounds, bots=names, seed="coach-bench", progress=False)
    rows = []
    for seat, name in enumerate(names):
        mine = frame["player"] == seat
        good = (frame["ended_by"] == "combination") | (
            (frame["ended_by"] == "stop") & ~frame["stop_failed"].fillna(True).astype(bool)
        )
        rows.append(
            (
                f"seat {seat} {name}",
                float(frame[f"penalty_{seat}"].mean()),
                int((mine & good).sum()),
            )
        )
    return rows


def rank_discards_ms(hands: int = 200) -> float:
    """Median time of one Nylon-ppong ranking of a six-card hand, random hands and seen cards."""
    from kit.hwatu import DECK
    from kit.nylonppong.coach import rank_discards

    rng = random.Random(5)
    cases = []
    for _ in range(hands):
        cards = rng.sample(DECK, 14)
        cases.append((cards[:6], cards[6:]))
    index = iter(range(10**9))

    def one() -> None:
        hand, seen = cases[next(index) % hands]
        rank_discards(hand, seen=seen)

    return median_seconds(one, repeat=hands) * 1000


def run() -> list[Figure]:
    table = nylonppong_table()
    figures = [
        Figure(f"  {name} ({wins:,} good endings)", mean, "points", "-", True)
        for name, mean, wins in table
    ]
    coach = table[0][1]
    others = min(mean for _, mean, _ in table[1:])
    ranking = rank_discards_ms()
    return [
        Figure(
            f"Nylon-ppong coach, mean penalty over {NYLONPPONG_ROUNDS:,} rounds",
            coach,
            "points",
            f"< {others:.2f}",
            coach < others,
        ),
        *figures,
        Figure("Nylon-ppong rank_discards, median", ranking, "ms", "< 5 ms", ranking < 5),
    ]
