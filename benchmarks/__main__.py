"""Run every benchmark and print its figures: ``python -m benchmarks``."""

from __future__ import annotations

import platform
import time

from benchmarks import hands, hongkong, nylonppong, sichuan


def main() -> None:
    print(f"kit benchmarks, {time.strftime('%Y-%m-%d')}, Python {platform.python_version()},")
    print(f"{platform.machine()}, {_cores()} cores")
    print()
    for section in (nylonppong, hands, sichuan, hongkong):
        print(f"[{section.__name__.split('.')[-1]}]")
        for figure in section.run():
            print(figure)
        print()
    print("* combination_odds: first call in a fresh interpreter that has imported the kit and")
    print("  pandas (the import itself is not timed). shanten: hands holding four of a tile are")
    print("  left out of the comparison, as seven pairs differs there on purpose (RULES.md §2.1:")
    print("  four identical tiles count as two pairs; the mahjong package does not count them).")
    print("  Rates are CPU time of this process. What does this hand need: each hand's time is")
    print("  the best of three updates of the widget, kernel side.")


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


if __name__ == "__main__":
    main()
