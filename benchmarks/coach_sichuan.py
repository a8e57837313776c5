"""The Sichuan coach: how strong the coach bot plays, and how fast it ranks a hand.

Strength: the coach in seat 0, the game's default bots in the others (flush
hunter, efficient, flush hunter), over seeded deals; the dealer moves round the
table deal by deal. The figure is the coach's mean net against the best other seat.
"""

from __future__ import annotations

import random

from benchmarks.common import Figure, deals_per_second, median_seconds

SICHUAN_DEALS = 2_000
SEATS = ("coach", "flush-hunter", "efficient", "flush-hunter")


def sichuan_table(deals: int = SICHUAN_DEALS) -> list[tuple[str, float, int]]:
    """(seat's bot, mean net per deal, wins) for each seat."""
    from kit.sichuan.sim import simulate

    frame = simulate(deals, bots=list(SEATS), seed="coach-bench", progress=False)
    return [
        (f"seat {seat} {name}", float(frame[f"net_{seat}"].mean()), int(frame[f"fan_{seat}"].notna().sum()))
        for seat, name in enumerate(SEATS)
    ]  # fmt: skip


def rank_discards_ms(hands: int = 200) -> float:
    """Median time of one ranking of a random 14-tile hand, with random tiles in view."""
    from kit.mahjong.tiles import Hand
    from kit.sichuan.coach import rank_discards
    from kit.sichuan.rules import SICHUAN_TILES

    rng = random.Random(8)
    cases = []
    for _ in range(hands):
        wall = SICHUAN_TILES.wall()
        rng.shuffle(wall)
        cases.append((Hand(tuple(wall[:14])), wall[14:40], rng.choice("mps")))
    index = iter(range(10**9))

    def one() -> None:
        hand, visible, void = cases[next(index) % hands]
        rank_discards(hand, void=void, visible=visible)

    one()  # load the hand tables first
    return median_seconds(one, repeat=hands) * 1000


def run() -> list[Figure]:
    from kit.sichuan.bots import BOTS
    from kit.sichuan.game import Table

    table = sichuan_table()
    figures = [
        Figure(f"  {name} ({wins:,} wins)", mean, "per deal", "-", True)
        for name, mean, wins in table
    ]
    coach = table[0][1]
    others = max(mean for _, mean, _ in table[1:])
    ranking = rank_discards_ms()
    bench = deals_per_second(Table, [BOTS[name] for name in SEATS], deals=200)
    alone = deals_per_second(Table, [BOTS["coach"]] * 4, deals=100)
    return [
        Figure(
            f"Sichuan coach, mean net over {SICHUAN_DEALS:,} deals",
            coach,
            "per deal",
            f"> {others:.2f}",
            coach > others,
        ),
        *figures,
        Figure("Sichuan rank_discards, median", ranking, "ms", "< 5 ms", ranking < 5),
        Figure("Sichuan deals/s, coach + default bots", bench, "deals/s", ">= 30", bench >= 30),
        Figure("Sichuan deals/s, four coaches", alone, "deals/s", ">= 30", alone >= 30),
    ]


if __name__ == "__main__":
    for figure in run():
        print(figure)
