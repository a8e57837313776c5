"""Small timing helpers: repeated runs, medians, and a cold run in a fresh interpreter."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Figure:
    """One printed benchmark line: what was measured, the figure, and the target."""

    name: str
    value: float
    unit: str
    target: str
    met: bool

    def __str__(self) -> str:
        verdict = "ok" if self.met else "MISSED"
        return f"{self.name:<52} {self.value:>12,.3f} {self.unit:<12} target {self.target:<14} {verdict}"


def median_seconds(run: Callable[[], object], *, repeat: int = 7, number: int = 1) -> float:
    """The median wall time of ``number`` calls, over ``repeat`` repetitions."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            run()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def cold_seconds(setup: str, statement: str, *, repeat: int = 5) -> float:
    """Median time of ``statement`` run once in fresh interpreters, after ``setup`` (not timed)."""
    code = (
        f"{setup}\nimport time\nstart = time.perf_counter()\n{statement}\n"
        "print(time.perf_counter() - start)"
    )
    times = [
        float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                             text=True).stdout)
        for _ in range(repeat)
    ]  # fmt: skip
    return statistics.median(times)


def deals_per_second(table: Any, bots: Sequence[Callable[[Any], Any]], deals: int = 300) -> float:
    """Full bot deals per CPU second on one core, for a mahjong ``Table`` class."""
    rng = random.Random(1)
    table.deal(rng=rng).play(bots)  # load the hand tables first
    start = time.process_time()
    for _ in range(deals):
        table.deal(rng=rng).play(bots)
    return deals / (time.process_time() - start)
