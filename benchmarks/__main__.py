"""Run every benchmark and print its figures: ``python -m benchmarks``."""

from __future__ import annotations

import platform
import time

from benchmarks import (
    clone_mahjong,
    clone_nylonppong,
    coach,
    coach_hongkong,
    coach_nylonppong_outcomes,
    coach_outcomes,
    coach_sichuan,
    hands,
    hongkong,
    nylonppong,
    outcomes,
    play,
    sichuan,
    widgets,
)


def main() -> None:
    print(f"kit benchmarks, {time.strftime('%Y-%m-%d')}, Python {platform.python_version()},")
    print(f"{platform.machine()}, {_cores()} cores")
    print()
    for section in (
        nylonppong,
        hands,
        sichuan,
        hongkong,
        clone_mahjong,
        clone_nylonppong,
        widgets,
        play,
        coach,
        coach_nylonppong_outcomes,
        coach_sichuan,
        coach_hongkong,
        coach_outcomes,
        outcomes,
    ):
        print(f"[{section.__name__.split('.')[-1]}]")
        for figure in section.run():
            print(figure)
        print()
    print("* combination_odds: first call in a fresh interpreter that has imported the kit and")
    print("  pandas (the import itself is not timed). shanten: hands holding four of a tile are")
    print("  left out of the comparison, as seven pairs differs there on purpose (the kit counts")
    print("  four identical tiles as two pairs; the mahjong package does not).")
    print("  Rates are CPU time of this process. What does this hand need: each hand's time is")
    print("  the best of three updates of the widget, kernel side. Widgets: the median time of one")
    print(
        "  value change, kernel side, until the app's text and chart are updated. Coach: the coach"
    )
    print("  bot in seat 0, the default bots in the others, seeded; lower penalty is better.")
    print("  Coach outcomes: the coach's money and deal-ins over seeded deals, ± standard error.")


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


if __name__ == "__main__":
    main()
