"""The Hong Kong coach: how strong the coach bot plays, and how fast it ranks a hand.

Strength: the coach in seat 0, the game's default bots in the others (pung-hunter,
flush-hunter, pung-hunter; flush-hunter at the two-player table), over seeded deals.
The coach must have the best mean net of all seats and, at four players, at least 1.5
times the average win count of the other seats.
"""

from __future__ import annotations

import random
import time

from benchmarks.common import Figure, median_seconds

DEALS = 1_000
WIN_RATIO = 1.5
FOUR = ("coach", "pung-hunter", "flush-hunter", "pung-hunter")
TWO = ("coach", "flush-hunter")


def strength_table(players: int = 4, deals: int = DEALS) -> list[tuple[str, float, int]]:
    """(seat and bot, mean net, wins) per seat, the coach in seat 0; the seat's label also
    gives its deal-ins and its mean fan a win."""
    from kit.hongkong.rules import Rules
    from kit.hongkong.sim import simulate

    names = FOUR if players == 4 else TWO
    frame = simulate(
        deals, rules=Rules(players=players), bots=names, seed="coach-bench", progress=False
    )
    rows = []
    for seat, name in enumerate(names):
        won = frame[frame["winner"] == seat]
        dealt_in = int((frame["discarder"] == seat).sum())
        fan = float(won["fan"].mean()) if len(won) else 0.0
        rows.append(
            (
                f"seat {seat} {name}, {dealt_in} deal-ins, {fan:.2f} fan a win",
                float(frame[f"net_{seat}"].mean()),
                len(won),
            )
        )
    return rows


def rank_discards_ms(hands: int = 200) -> float:
    """Median time of one ranking of a random 14-tile hand, with 30 tiles in view."""
    from kit.hongkong.coach import rank_discards
    from kit.mahjong.tiles import ALL_TILES, Hand

    rng = random.Random(5)
    cases = []
    for _ in range(hands):
        wall = ALL_TILES.wall()
        rng.shuffle(wall)
        cases.append((Hand(tuple(wall[:14])), wall[14:44]))
    rank_discards(*cases[0][:1], visible=cases[0][1])  # load the hand tables first
    index = iter(range(10**9))

    def one() -> None:
        hand, seen = cases[next(index) % hands]
        rank_discards(hand, visible=seen)

    return median_seconds(one, repeat=hands) * 1000


def coach_deals_per_second(deals: int = 100) -> float:
    """Whole deals per CPU second with the coach in seat 0 and the default bots around it."""
    from kit.hongkong.bots import BOTS
    from kit.hongkong.game import Table

    bots = [BOTS[name] for name in FOUR]
    rng = random.Random(1)
    Table.deal(rng=rng).play(bots)
    start = time.process_time()
    for _ in range(deals):
        Table.deal(rng=rng).play(bots)
    return deals / (time.process_time() - start)


def _strength(players: int) -> list[Figure]:
    table = strength_table(players)
    coach_net, coach_wins = table[0][1], table[0][2]
    others_net = max(net for _, net, _ in table[1:])
    others_wins = sum(wins for _, _, wins in table[1:]) / (len(table) - 1)
    where = "four players" if players == 4 else "two-player table"
    figures = [
        Figure(
            f"Hong Kong coach ({where}), mean net over {DEALS:,} deals",
            coach_net,
            "points",
            f"> {others_net:.2f}",
            coach_net > others_net,
        )
    ]
    if players == 4:
        ratio = coach_wins / others_wins if others_wins else float("inf")
        figures.append(
            Figure(
                "Hong Kong coach wins / other seats' mean wins",
                ratio,
                "x",
                f">= {WIN_RATIO}",
                ratio >= WIN_RATIO,
            )
        )
    figures += [
        Figure(f"  {name} ({wins:,} wins)", net, "points", "-", True) for name, net, wins in table
    ]
    return figures


def run() -> list[Figure]:
    ranking = rank_discards_ms()
    speed = coach_deals_per_second()
    return [
        *_strength(4),
        *_strength(2),
        Figure("Hong Kong rank_discards, median", ranking, "ms", "< 5 ms", ranking < 5),
        Figure("Hong Kong coach-bot deals per second", speed, "deals/s", ">= 30", speed >= 30),
    ]


if __name__ == "__main__":
    for figure in run():
        print(figure)
