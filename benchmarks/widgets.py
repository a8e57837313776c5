"""Widget speed: one value change per app, kernel side, against the 20 ms goal.

Each figure is the median over repeated changes of the time from setting a
control's ``.value`` to the app having updated its text and its chart (the
chart's new output is ready to send); the browser's drawing is not counted.
Changes alternate between two values, so that every one is a real change.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.common import Figure

GOAL_MS = 20.0
REPEAT = 31


def change_ms(control: Any, values: tuple[Any, Any], *, repeat: int = REPEAT) -> float:
    """Median milliseconds of ``control.value = …``, alternating between two values."""
    control.value = values[1]  # the first change may load caches; not timed
    times = []
    for index in range(repeat):
        start = time.perf_counter()
        control.value = values[index % 2]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def settlement_explorer_ms() -> float:
    """Nylon-ppong settlement explorer: a seat's hand is retyped."""
    from kit.widgets.nylonppong import SettlementExplorer

    explorer = SettlementExplorer()
    return change_ms(explorer.hands[1], ("2 5 7 9 11", "2 5 7 9 12"))


def payout_explorer_ms() -> float:
    """Sichuan payout explorer: the fan of a win in the event script is changed."""
    from kit.widgets.sichuan import PayoutExplorer

    explorer = PayoutExplorer()
    scripts = ("win 1 fan 1 from 0\nwin 3 fan 2 self", "win 1 fan 1 from 0\nwin 3 fan 3 self")
    return change_ms(explorer.script, scripts)


def payout_rules_ms() -> float:
    """Sichuan payout explorer: rule set A's fan cap is changed."""
    from kit.widgets.sichuan import PayoutExplorer

    explorer = PayoutExplorer()
    return change_ms(explorer.rule_controls["A"]["fan_cap"], (3, 5))


def table_editor_ms() -> float:
    """Hong Kong table editor: one cell of the payment table is edited."""
    from kit.widgets.hongkong import TableEditor

    editor = TableEditor()
    return change_ms(editor.cells[(5, "discard")], (40, 41))


APPS: dict[str, Callable[[], float]] = {
    "settlement explorer (Nylon-ppong): edit a hand": settlement_explorer_ms,
    "payout explorer (Sichuan): edit the script": payout_explorer_ms,
    "payout explorer (Sichuan): change the fan cap": payout_rules_ms,
    "table editor (Hong Kong): edit a cell": table_editor_ms,
}


def run() -> list[Figure]:
    figures = []
    for name, measure in APPS.items():
        value = measure()
        figures.append(Figure(name, value, "ms", f"< {GOAL_MS:g} ms", value < GOAL_MS))
    return figures


if __name__ == "__main__":
    for figure in run():
        print(figure)
