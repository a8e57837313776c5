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
    figures.append(
        Figure("Nylon-ppong coach bot rounds per second", speed, "rounds/s", ">= 10", speed >= 10)
    )
    return figures  # fmt: skip


if __name__ == "__main__":
    for figure in run(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS):
        print(figure)
