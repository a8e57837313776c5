"""The Nylon-ppong coach that forecasts the penalty of each choice, against the classic coach.

Two settings: the other three seats play the classic coach, or the game's
default bots. In each, the same seeded rounds are played twice, once with the
coach in the seat and once with the classic coach there, the seat rotated
round the table (a quarter of the rounds in each seat). The figure is each
one's mean penalty in that seat, lower is better, and their ratio; the error
is the standard error of the paired difference, round by round.

Run alone: ``python -m benchmarks.coach_nylonppong_outcomes [rounds]``.
"""

from __future__ import annotations

import sys
import time

from benchmarks.common import Figure

ROUNDS = 2_000
"""Rounds per setting and per coach, a quarter with the seat in each of the four places."""
SPEED_ROUNDS = 100
ADVISE_ROUNDS = 40
RULE_ROUNDS = 8_000


def _lineup(seat: int, mine: str, others: tuple[str, ...]) -> list[str]:
    """Four bot names: ``mine`` in ``seat``, ``others`` round the table after it."""
    names = [mine] * 4
    for step in range(1, 4):
        names[(seat + step) % 4] = others[(step - 1) % len(others)]
    return names


def penalties(mine: str, others: tuple[str, ...], rounds: int) -> list[int]:
    """The seat's penalty in each round, ``mine`` playing it, the seat rotated."""
    from kit.nylonppong.sim import simulate

    paid: list[int] = []
    for seat in range(4):
        frame = simulate(
            rounds // 4,
            bots=_lineup(seat, mine, others),
            seed=f"outcomes-{'-'.join(others)}-{seat}",
            progress=False,
        )
        paid += [int(p) for p in frame[f"penalty_{seat}"]]
    return paid


def head_to_head(others: tuple[str, ...], rounds: int) -> tuple[float, float, float]:
    """(the coach's mean penalty, the classic coach's, the standard error of the difference)."""
    from kit.playouts import standard_error

    new = penalties("coach", others, rounds)
    old = penalties("classic-coach", others, rounds)
    gaps = [a - b for a, b in zip(new, old, strict=True)]
    return sum(new) / len(new), sum(old) / len(old), standard_error(gaps)


def rule_against_classic(
    rounds: int = RULE_ROUNDS,
    *,
    draws_ahead: float | None = None,
    pair_worth: float | None = None,
    others: tuple[str, ...] = ("classic-coach",),
) -> tuple[float, float]:
    """(mean, standard error) of the seat's penalty with the coach's quick rule
    (:func:`kit.nylonppong.coach.quick_coach`, no playouts) minus the classic coach's,
    each seeded round played twice with the seat rotated and ``others`` in the other
    seats. ``draws_ahead`` and ``pair_worth`` try other weights of the rule."""
    import statistics

    from kit.nylonppong import coach as rule
    from kit.nylonppong.bots import BOTS
    from kit.nylonppong.game import Round

    kept = rule.DRAWS_AHEAD, rule.PAIR_WORTH
    rule.DRAWS_AHEAD = kept[0] if draws_ahead is None else draws_ahead
    rule.PAIR_WORTH = kept[1] if pair_worth is None else pair_worth
    try:
        gaps = []
        for number in range(rounds):
            seat = number % 4
            paid = []
            for mine in (rule.quick_coach, rule.classic_coach):
                bots = [BOTS[name] for name in _lineup(seat, others[0], others)]
                bots[seat] = mine
                seed = f"rule-{'-'.join(others)}-{number}"
                paid.append(Round.deal(seed=seed).play(bots).penalties[seat])
            gaps.append(paid[0] - paid[1])
    finally:
        rule.DRAWS_AHEAD, rule.PAIR_WORTH = kept
    return statistics.mean(gaps), statistics.stdev(gaps) / len(gaps) ** 0.5


def coach_rounds_per_second(rounds: int = SPEED_ROUNDS) -> float:
    """Rounds per processor second, one core, the coach in seat 0 and the default bots."""
    import random

    from kit.nylonppong.bots import BOTS, DEFAULT_OPPONENTS
    from kit.nylonppong.game import Round

    bots = [BOTS[name] for name in _lineup(0, "coach", DEFAULT_OPPONENTS)]
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(rounds):
        Round.deal(rng=rng).play(bots)
    return rounds / (time.process_time() - start)


def advise_ms(rounds: int = ADVISE_ROUNDS) -> tuple[float, float, int]:
    """(median, 95th percentile, decisions): the time of ``advise`` in milliseconds at each
    decision of seat 0 with two or more options, the coach in seat 0 and the default bots."""
    import statistics

    from kit.nylonppong.bots import BOTS, DEFAULT_OPPONENTS
    from kit.nylonppong.coach import advise
    from kit.nylonppong.game import Round

    bots = [BOTS[name] for name in _lineup(0, "coach", DEFAULT_OPPONENTS)]
    times: list[float] = []
    for seed in range(rounds):
        round_ = Round.deal(dealer=0, seed=f"advise-{seed}")
        while round_.result is None:
            seat = round_.to_move()[0]
            view = round_.view(seat)
            if seat == 0 and len(view.legal_actions()) > 1:
                start = time.perf_counter()
                advise(view)
                times.append((time.perf_counter() - start) * 1000)
            round_.apply(bots[seat](view))
    p95 = statistics.quantiles(times, n=20)[-1]
    return statistics.median(times), p95, len(times)


def run(rounds: int = ROUNDS) -> list[Figure]:
    from kit.nylonppong.bots import DEFAULT_OPPONENTS

    figures = []
    for others, name in ((("classic-coach",), "classic coaches"), (DEFAULT_OPPONENTS, "bots")):
        new, old, error = head_to_head(others, rounds)
        figures += [
            Figure(f"Nylon-ppong vs {name}: coach, {rounds:,} rounds", new, "points", f"< {old:.2f}", new < old),
            Figure("  classic coach in the same seats and rounds", old, "points", "-", True),
            Figure("  difference, standard error", error, "points", "-", True),
            Figure("  ratio coach / classic coach", new / old, "x", "< 1", new < old),
        ]  # fmt: skip
    speed = coach_rounds_per_second()
    median, p95, decisions = advise_ms()
    figures += [
        Figure("Nylon-ppong coach bot rounds per second", speed, "rounds/s", ">= 10", speed >= 10),
        Figure(f"Nylon-ppong advise, median of {decisions} decisions", median, "ms", "-", True),
        Figure("  95th percentile", p95, "ms", "<= 300", p95 <= 300),
    ]
    return figures  # fmt: skip


if __name__ == "__main__":
    for figure in run(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS):
        print(figure)
