"""What every chart shares: colours per seat and per rule set, the layout, and input checks.

A chart checks its input before it draws: given rows of another game, or no
rows at all, it raises a ``ValueError`` that names the columns it needs.

>>> import pandas as pd
>>> require_columns(pd.DataFrame({"x": [1]}), ["ended_by"], chart="endings_chart")
Traceback (most recent call last):
...
ValueError: endings_chart needs a frame with the column ended_by; this one has x
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import pandas as pd

__all__ = [
    "LAYOUT",
    "LEGEND_ON_TOP",
    "RULE_SET_COLOURS",
    "SEAT_COLOURS",
    "require_columns",
    "require_entries",
    "require_seat_columns",
    "rule_set_colour",
    "seat_columns",
    "seat_label",
    "translucent",
]

SEAT_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00", "#6a3d9a", "#b15928")
"""One colour per seat: seat 0, seat 1, …"""
RULE_SET_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00")
"""One colour per rule set compared side by side: A, B, …"""
LAYOUT = {
    "template": "plotly_white",
    "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
    "height": 360,
}
"""The look every chart shares."""
LEGEND_ON_TOP = {
    "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
    "margin": {"l": 50, "r": 20, "t": 80, "b": 45},
}
"""Rule-set legends go above the plot, so that the plot keeps the whole width."""


def seat_columns(frame: pd.DataFrame, prefix: str) -> list[str]:
    """The per-seat columns ``<prefix>0``, ``<prefix>1``, … of a simulation frame."""
    return [
        column
        for column in frame.columns
        if str(column).startswith(prefix) and str(column)[len(prefix) :].isdigit()
    ]


def seat_label(frame: pd.DataFrame, seat: int) -> str:
    """ "seat 2", or "seat 2 (greedy)" when the frame names its bots."""
    bots = frame.attrs.get("bots")
    return f"seat {seat} ({bots[seat]})" if bots and seat < len(bots) else f"seat {seat}"


def rule_set_colour(index: int) -> str:
    return RULE_SET_COLOURS[index % len(RULE_SET_COLOURS)]


def translucent(colour: str, alpha: float = 0.55) -> str:
    """A ``#rrggbb`` colour as ``rgba(…)`` with some transparency."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


def _listed(names: Iterable[object]) -> str:
    shown = [str(name) for name in names]
    return ", ".join(shown) if shown else "no columns"


def require_columns(
    frame: object,
    columns: Sequence[str],
    *,
    chart: str,
    seats: str | Sequence[str] = (),
    rows: bool = True,
    source: str = "",
) -> pd.DataFrame:
    """Check that ``frame`` is a DataFrame with ``columns`` and per-seat ``<prefix>N`` columns
    for each prefix in ``seats``.

    With ``rows`` it must also hold at least one row. The error names the chart,
    the columns it needs and, when given, where such rows come from (``source``).
    """
    prefixes = [seats] if isinstance(seats, str) else list(seats)
    needed = [*columns, *(f"{prefix}0, {prefix}1, …" for prefix in prefixes)]
    where = f" (the rows of {source})" if source else ""
    plural = "s" if len(needed) > 1 else ""
    wanted = f"{chart} needs a frame with the column{plural} {', '.join(needed)}{where}"
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"{wanted}; got {type(frame).__name__}")
    missing = [column for column in columns if column not in frame.columns]
    if missing or any(not seat_columns(frame, prefix) for prefix in prefixes):
        raise ValueError(f"{wanted}; this one has {_listed(frame.columns)}")
    if rows and not len(frame):
        raise ValueError(f"{wanted}; this one has no rows")
    return frame


def require_seat_columns(frame: object, prefix: str, *, chart: str, source: str = "") -> list[str]:
    """The ``<prefix>N`` columns of ``frame``, after :func:`require_columns` has checked them."""
    checked = require_columns(frame, [], chart=chart, seats=prefix, source=source)
    return seat_columns(checked, prefix)


T = TypeVar("T")


def require_entries(entries: Mapping[str, T], *, chart: str, what: str) -> Mapping[str, T]:
    """Check that a chart of several labelled inputs (label → ``what``) was given at least one."""
    if not isinstance(entries, Mapping):
        raise ValueError(f"{chart} needs a dict of label → {what}; got {type(entries).__name__}")
    if not entries:
        raise ValueError(f"{chart} needs at least one {what}, as a dict of label → {what}")
    return entries
