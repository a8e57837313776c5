"""Where a Hong Kong seat's money comes from: its wins, its deal-ins, pao, the others' wins.

A mean net a deal says how much, not why. Seat 0 plays with a bot of the kit against the
default bots on seeded deals (dealt as ``simulate`` deals them), and each deal is put in
one row by how it ended for seat 0: it won on a discard or self-drawn; it paid a win as
the player liable under pao (reference/hongkong.md#pao); it threw the winning tile; another
player self-drew; another won on a third player's discard; or nobody won. Each row gives
its share of the deals, seat 0's mean net in them, and what it adds to the mean a deal.

``python -m benchmarks.money_sources coach flush-hunter --deals 600 --seeds 20261202``

>>> found = money_sources("coach", deals=2, seed="sources-doc")
>>> sum(found.deals.values()), round(sum(found.net.values()), 6) == round(found.total, 6)
(2, True)
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchmarks.coach_outcomes import default_deals
from kit.hongkong.game import Table
from kit.hongkong.rules import Rules

ENDINGS = (
    "won on a discard",
    "won self-drawn",
    "paid as liable (pao)",
    "threw the winning tile",
    "another self-drew",
    "another won on a third's discard",
    "nobody won",
)
"""How a deal ended for seat 0, in the order the rows are printed."""


@dataclass
class Sources:
    """Seat 0's deals and net, by how each deal ended for it."""

    bot: str
    deals: Counter[str] = field(default_factory=Counter)
    net: Counter[str] = field(default_factory=Counter)

    @property
    def total(self) -> float:
        return float(sum(self.net.values()))

    def add(self, other: Sources) -> None:
        self.deals.update(other.deals)
        self.net.update(other.net)

    def rows(self) -> list[str]:
        played = sum(self.deals.values())
        lines = [
            f"{self.bot}: {self.total / played:+.2f} a deal over {played} deals",
            "",
            "| how the deal ended for seat 0 | share of deals | mean net then | a deal |",
            "|---|---|---|---|",
        ]
        for ending in ENDINGS:
            n = self.deals[ending]
            mean = self.net[ending] / n if n else 0.0
            lines.append(
                f"| {ending} | {n / played:.1%} | {mean:+.1f} | {self.net[ending] / played:+.2f} |"
            )
        return lines


def ending_of(table: Table) -> str:
    """How a finished deal ended for seat 0 (one of :data:`ENDINGS`)."""
    if not table.wins:
        return "nobody won"
    win = table.wins[0]
    if win.seat == 0:
        return "won self-drawn" if win.discarder is None else "won on a discard"
    if table.liable_for(win.seat) == 0:
        return "paid as liable (pao)"
    if win.discarder == 0:
        return "threw the winning tile"
    if win.discarder is None:
        return "another self-drew"
    return "another won on a third's discard"


def money_sources(bot: str, *, deals: int, seed: str) -> Sources:
    """Play ``deals`` deals of ``seed`` with ``bot`` in seat 0 and sort its net by ending."""
    found = Sources(bot)
    for _, table, bots in default_deals("hongkong", Rules(), bot, deals, seed):
        table.run(bots)
        ending = ending_of(table)
        found.deals[ending] += 1
        found.net[ending] += table.ledger.net[0]
    return found


def _job(args: tuple[str, int, str]) -> Sources:
    bot, deals, seed = args
    return money_sources(bot, deals=deals, seed=seed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.money_sources", description=__doc__)
    parser.add_argument("bots", nargs="+", help="the bots to put in seat 0, one run each")
    parser.add_argument("--deals", type=int, default=600, help="deals of each seed (600)")
    parser.add_argument("--seeds", default="20261202", help="comma-separated seeds (20261202)")
    args = parser.parse_args(argv)
    seeds = args.seeds.split(",")
    jobs = [(bot, args.deals, seed) for bot in args.bots for seed in seeds]
    with ProcessPoolExecutor(max_workers=min(len(jobs), 2)) as pool:
        parts = list(pool.map(_job, jobs))
    for bot in args.bots:
        total = Sources(bot)
        for (name, _, _), part in zip(jobs, parts, strict=True):
            if name == bot:
                total.add(part)
        print("\n".join(total.rows()))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
