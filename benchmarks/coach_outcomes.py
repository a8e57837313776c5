"""The mahjong coaches' money: targets on fixed seeds, head to head, and speed.

Targets: the ``"coach"`` bot in seat 0 and the game's default bots in the other
seats (the default table with seat 0 taken by the coach), over :data:`DEALS`
seeded deals, the dealer moving round the table as ``simulate`` moves it. It
is measured on its mean net a deal (with its standard error) and on how often
seat 0 discarded a winning tile: at Hong Kong's four-player table, in
Sichuan beside the ``"classic-coach"`` bot (the shape-only coach) on the same
deals, and at the two-player (Golden) table against the flush hunter.

Head to head: over :data:`HEAD_TO_HEAD` deals the coach moves round the table,
against three ``"classic-coach"`` bots and against the default bots (in the
order they keep relative to seat 0 of the default table, so the coach always
faces the same line-up). Deal ``n`` is dealt as ``simulate`` deals it (dealer
``n % 4``) and the coach sits ``(n // 4) % 4`` places after the dealer, so it
takes every seat and every place relative to the dealer equally often; it is
not always the dealer, who gains a little in Sichuan. Each other player's mean
net is the mean over deals of the nets of the seats it played, per seat: a
bot that fills two seats is compared seat for seat with the coach's one.
The coach's must be the best.

Speed: the 95th percentile of one ``advise(view)`` at seat 0's decisions (views
with more than one legal action), and whole deals per CPU second of the target
deals above (one coach seat, the default bots around it).
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from benchmarks.common import Figure

SEED = 20261202
DEALS = 600
HEAD_TO_HEAD = 2_000
HEAD_TO_HEAD_SEED = "coach-head-to-head"
SPEED_DEALS = 30
HONGKONG_NET = 7.5
HONGKONG_DEAL_INS = 0.12
SICHUAN_NET = 1.5
GOLDEN_NET = 30.0
ADVISE_P95_MS = 300.0
DEALS_PER_SECOND = 10.0

Bot = Callable[[Any], Any]


@dataclass(frozen=True)
class Deal:
    """One finished deal: each seat's net and the seats that discarded a winning tile."""

    net: tuple[int, ...]
    dealt_in: frozenset[int]


@dataclass(frozen=True)
class Run:
    """Seeded deals played out, and the CPU seconds they took."""

    deals: tuple[Deal, ...]
    seconds: float

    def rate(self) -> float:
        """Whole deals per CPU second."""
        return len(self.deals) / self.seconds

    def net(self, seat: int) -> tuple[float, float]:
        """Mean net a deal of ``seat``, and its standard error."""
        return mean_and_error([deal.net[seat] for deal in self.deals])

    def dealt_in(self, seat: int) -> float:
        """The share of deals in which ``seat`` discarded a winning tile."""
        return sum(seat in deal.dealt_in for deal in self.deals) / len(self.deals)


def paired(first: Run, second: Run, seat: int = 0) -> tuple[float, float]:
    """The mean of ``seat``'s net in ``first`` minus its net in ``second``, deal by deal (the
    two runs played the same deals), and its standard error. The luck the two players share
    cancels: much of it when they differ in a few decisions, little when they soon play
    different deals (benchmarks/paired.py)."""
    if len(first.deals) != len(second.deals):
        raise ValueError(f"the runs played {len(first.deals)} and {len(second.deals)} deals")
    return mean_and_error(
        [a.net[seat] - b.net[seat] for a, b in zip(first.deals, second.deals, strict=True)]
    )


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def play(rules: Any, seats_of: Callable[[int], Sequence[Bot]], deals: int, seed: int | str) -> Run:
    """Play deals ``0 … deals - 1`` as ``simulate`` deals them, deal ``n`` with the bots
    ``seats_of(n)`` (one per seat); one extra deal first loads the hand tables, untimed."""
    from kit.games import game
    from kit.sim import game_seed

    engine: Any = game(rules).engine
    seats = engine.seats(rules)
    engine.deal(rules, seed=f"{seed}:warm-up").run(seats_of(0))
    played = []
    start = time.process_time()
    for n in range(deals):
        table = engine.deal(rules, dealer=n % seats, seed=game_seed(seed, n))
        table.run(seats_of(n))
        discarders = frozenset(w.discarder for w in table.wins if w.discarder is not None)
        played.append(Deal(tuple(table.ledger.net), discarders))
    return Run(tuple(played), time.process_time() - start)


def table_names(key: str, seats: int, lead: str) -> list[str]:
    """The game's default bots round the table, repeated as ``resolve_bots`` repeats them,
    with ``lead`` in seat 0."""
    from kit.games import game

    opponents = game(key).opponents
    return [lead, *(opponents[seat % len(opponents)] for seat in range(1, seats))]


def default_table(key: str, rules: Any, lead: str) -> list[Bot]:
    """The bots of :func:`table_names` for ``rules``."""
    from kit.games import game

    g = game(key)
    engine: Any = g.engine
    return [g.bots[name] for name in table_names(key, engine.seats(rules), lead)]


def default_deals(
    key: str, rules: Any, lead: str, deals: int, seed: int | str
) -> Iterator[tuple[int, Any, list[Bot]]]:
    """(deal, a fresh table, the bots) for deals ``0 … deals - 1`` of ``seed``, dealt as
    ``simulate`` deals them (the dealer moving round the table), with ``lead`` in seat 0
    and :func:`default_table`'s bots around it."""
    from kit.games import game
    from kit.sim import game_seed

    engine: Any = game(key).engine
    seats = engine.seats(rules)
    bots = default_table(key, rules, lead)
    for n in range(deals):
        yield n, engine.deal(rules, dealer=n % seats, seed=game_seed(seed, n)), bots


def _mean(name: str, value: tuple[float, float], target: float | None) -> Figure:
    mean, error = value
    name = f"{name} ± {error:.2f}"
    if target is None:
        return Figure(name, mean, "points", "-", True)
    return Figure(name, mean, "points", f">= {target:+.1f}", mean >= target)


def targets(seed: int | str = SEED, deals: int = DEALS) -> list[Figure]:
    """The coach in seat 0 against the default bots, on ``seed`` (the targets: :data:`SEED`)."""
    from kit.games import game
    from kit.hongkong.rules import Rules

    sichuan = game("sichuan").rules()
    four, golden = Rules(), Rules(players=2)
    hongkong = play(four, lambda n: default_table("hongkong", four, "coach"), deals, seed)
    shape = play(four, lambda n: default_table("hongkong", four, "classic-coach"), deals, seed)
    coach = play(sichuan, lambda n: default_table("sichuan", sichuan, "coach"), deals, seed)
    classic = play(
        sichuan, lambda n: default_table("sichuan", sichuan, "classic-coach"), deals, seed
    )
    bots = game("hongkong").bots
    two = play(golden, lambda n: [bots["coach"], bots["flush-hunter"]], deals, seed)
    share = hongkong.dealt_in(0)
    coach_ins, classic_ins = coach.dealt_in(0), classic.dealt_in(0)
    return [
        _mean(f"Hong Kong coach, four players, {deals} deals, net", hongkong.net(0), HONGKONG_NET),
        _mean("  coach − classic coach, deal by deal, net", paired(hongkong, shape), None),
        Figure(
            "  deals in which it discarded the winning tile",
            share * 100, "%", f"<= {HONGKONG_DEAL_INS:.0%}", share <= HONGKONG_DEAL_INS,
        ),
        _mean(f"Sichuan coach, {deals} deals, net", coach.net(0), SICHUAN_NET),
        _mean("  classic coach on the same deals, net", classic.net(0), None),
        _mean("  coach − classic coach, deal by deal, net", paired(coach, classic), None),
        Figure(
            "  coach's deal-ins a deal",
            coach_ins, "a deal", f"< {classic_ins:.3f}", coach_ins < classic_ins,
        ),
        Figure("  classic coach's deal-ins a deal", classic_ins, "a deal", "-", True),
        _mean(f"Golden coach v flush-hunter, {deals} deals, net", two.net(0), GOLDEN_NET),
        _rate("Hong Kong coach-bot deals per CPU second", hongkong),
        _rate("Sichuan coach-bot deals per CPU second", coach),
    ]  # fmt: skip


def _rate(name: str, run: Run) -> Figure:
    rate = run.rate()
    return Figure(name, rate, "deals/s", f">= {DEALS_PER_SECOND:.0f}", rate >= DEALS_PER_SECOND)


def coach_seat(n: int, seats: int = 4) -> int:
    """Where the coach sits in deal ``n``: ``(n // seats) % seats`` places after the dealer."""
    return (n + n // seats) % seats


def head_to_head(
    key: str, others: str | None, deals: int = HEAD_TO_HEAD
) -> tuple[tuple[float, float], dict[str, tuple[float, float]]]:
    """The coach's mean net a deal (and its error) over ``deals`` seeded deals, moving round
    the table against ``others`` in every other seat (None: the default bots), and each other
    player's mean net a seat and a deal (and its error), by name."""
    from kit.games import game

    g = game(key)
    rules = g.rules()
    engine: Any = g.engine
    seats = engine.seats(rules)
    names = table_names(key, seats, "coach")
    if others is not None:
        names = ["coach", *(others for _ in range(1, seats))]
    lineup = [g.bots[name] for name in names]

    def seats_of(n: int) -> list[Bot]:
        at = coach_seat(n, seats)
        return [lineup[(seat - at) % seats] for seat in range(seats)]

    run = play(rules, seats_of, deals, HEAD_TO_HEAD_SEED)
    coach = mean_and_error([d.net[coach_seat(n, seats)] for n, d in enumerate(run.deals)])
    players: dict[str, tuple[float, float]] = {}
    for name in dict.fromkeys(names[1:]):
        places = [place for place in range(1, seats) if names[place] == name]
        per_deal = [
            statistics.fmean(d.net[(coach_seat(n, seats) + p) % seats] for p in places)
            for n, d in enumerate(run.deals)
        ]
        players[name] = mean_and_error(per_deal)
    return coach, players


def head_to_head_figures() -> list[Figure]:
    """The coach against three classic coaches, and against the default bots (the four runs
    share the machine's cores, one process each)."""
    jobs = [
        (key, title, others, HEAD_TO_HEAD)
        for key, title in (("sichuan", "Sichuan"), ("hongkong", "Hong Kong"))
        for others in ("classic-coach", None)
    ]
    workers = min(len(jobs), len(os.sched_getaffinity(0)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_head_to_head_job, jobs))
    figures = []
    for (_, title, others, deals), (coach, players) in zip(jobs, results, strict=True):
        best = max(mean for mean, _ in players.values())
        against = others or "default bots"
        name = f"{title} coach v {against}, {deals:,} deals, net ± {coach[1]:.2f}"
        figures.append(Figure(name, coach[0], "points", f"> {best:+.2f}", coach[0] > best))
        figures += [
            _mean(f"  {player}, net a seat", mean, None) for player, mean in players.items()
        ]
    return figures


def _head_to_head_job(
    job: tuple[str, str, str | None, int],
) -> tuple[tuple[float, float], dict[str, tuple[float, float]]]:
    key, _, others, deals = job
    return head_to_head(key, others, deals)


def advise_ms(key: str, deals: int) -> list[float]:
    """CPU milliseconds of each ``advise(view)`` at seat 0's decisions, the coach bot in seat 0
    and the default bots in the others, over ``deals`` seeded deals."""
    from kit.games import game
    from kit.sim import game_seed

    g = game(key)
    rules = g.rules()
    engine: Any = g.engine
    bots = default_table(key, rules, "coach")
    seats = engine.seats(rules)
    times = []
    for n in range(-1, deals):  # deal -1 loads the hand tables, untimed
        table = engine.deal(rules, dealer=n % seats, seed=game_seed(SEED, n))
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            if seat == 0 and len(view.legal_actions()) > 1 and n >= 0:
                start = time.process_time()
                g.coach.advise(view)
                times.append((time.process_time() - start) * 1000)
            table.apply(bots[seat](view))
    return times


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def speed() -> list[Figure]:
    """The 95th percentile of ``advise`` for Sichuan and Hong Kong (four players)."""
    figures = []
    for key, title in (("sichuan", "Sichuan"), ("hongkong", "Hong Kong")):
        times = advise_ms(key, SPEED_DEALS)
        p95 = percentile(times, 0.95)
        name = f"{title} advise, 95th percentile of {len(times)} decisions"
        figures.append(Figure(name, p95, "ms", f"<= {ADVISE_P95_MS:.0f} ms", p95 <= ADVISE_P95_MS))
    return figures


def run() -> list[Figure]:
    return [*targets(), *head_to_head_figures(), *speed()]


def main(argv: Sequence[str] | None = None) -> None:
    """Print every figure; ``--targets-only --seed S --deals N`` measures the target setting
    on other seeded deals, to see how much one seed's figure owes to its luck."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m benchmarks.coach_outcomes")
    parser.add_argument("--targets-only", action="store_true", help="only the target figures")
    parser.add_argument("--seed", default=str(SEED), help=f"the deals' seed (default {SEED})")
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals (default {DEALS})")
    args = parser.parse_args(argv)
    seed: int | str = int(args.seed) if args.seed.isdigit() else args.seed
    figures = targets(seed, args.deals) if args.targets_only else run()
    for figure in figures:
        print(figure)


if __name__ == "__main__":
    main()
