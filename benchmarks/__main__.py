"""Run every benchmark and print its figures: ``python -m benchmarks``."""

from __future__ import annotations

import platform
import time

from benchmarks import nylonppong


def main() -> None:
    print(f"kit benchmarks, {time.strftime('%Y-%m-%d')}, Python {platform.python_version()},")
    print(f"{platform.machine()}, {_cores()} cores")
    print()
    for figure in nylonppong.run():
        print(figure)


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


if __name__ == "__main__":
    main()
