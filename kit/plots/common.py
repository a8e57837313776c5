"""What every chart shares: colours per seat and per rule set, the layout, and input checks;
and the pieces several charts draw alike: seat boxes, notes, and the figure of a comparison.

A chart checks its input before it draws: given rows of another game, or no
rows at all, it raises a ``ValueError`` that names the columns it needs.

>>> import pandas as pd
>>> require_columns(pd.DataFrame({"x": [1]}), ["ended_by"], chart="endings_chart")
Traceback (most recent call last):
...
ValueError: endings_chart needs a frame with the column ended_by; this one has x
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pandas as pd

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "LAYOUT",
    "LEGEND_AT_RIGHT",
    "LEGEND_ON_TOP",
    "MONEY_PER_DEAL",
    "RULE_SET_COLOURS",
    "SEAT_COLOURS",
    "chart_title",
    "compared",
    "laid_out",
    "legend_on_top",
    "note",
    "odds_text",
    "odds_ticks",
    "require_columns",
    "require_entries",
    "require_seat_columns",
    "rule_set_colour",
    "seat_boxes",
    "seat_colour",
    "seat_columns",
    "seat_label",
    "translucent",
]

SEAT_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00", "#6a3d9a", "#b15928")
"""The kit's one palette of seats: seat 0 blue, seat 1 red, seat 2 green, seat 3 orange, …

Every chart that tells seats apart by colour takes it from here (:func:`seat_colour`)."""
RULE_SET_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00")
"""One colour per rule set compared side by side: A, B, …"""
LAYOUT = {
    "template": "plotly_white",
    "margin": {"l": 60, "r": 20, "t": 60, "b": 55},
    "height": 380,
}
"""The look every chart shares."""
LEGEND_ON_TOP: dict[str, dict[str, Any]] = {
    "legend": {
        "orientation": "h",
        "x": 0,
        "xanchor": "left",
        "xref": "container",
        "y": 0.9,
        "yanchor": "top",
        "yref": "container",
        "bgcolor": "rgba(255,255,255,0)",
    },
    "margin": {"l": 60, "r": 20, "t": 100, "b": 55},
}
"""Legends sit in a band of their own, under the title and above the plot (and above any
subplot titles): they never cover data, and the plot keeps the whole width."""

LEGEND_AT_RIGHT: dict[str, Any] = {"x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"}
"""A legend at the right, outside the plot: for line charts, whose lines keep the whole plot."""

MONEY_PER_DEAL = "money won (+) or lost (−) per deal, in stakes"
"""The axis title of a seat's net in a deal: plain words for the kit's money unit."""


def legend_on_top(height: int = 380, rows: int = 1) -> dict[str, Any]:
    """:data:`LEGEND_ON_TOP` for a chart ``height`` pixels tall, with ``rows`` of legend entries.

    The title takes the top 40 pixels, the legend about 22 per row under it; the plot
    area starts below both.
    """
    band = 40 + 22 * rows
    return {
        "legend": {**LEGEND_ON_TOP["legend"], "y": 1 - 40 / height},
        "margin": {"l": 60, "r": 20, "t": band + 30, "b": 55},
    }


def chart_title(text: str) -> dict[str, Any]:
    """A chart's title, at the top left above everything else (legend, subplot titles, plot)."""
    return {
        "text": text,
        "x": 0.01,
        "xanchor": "left",
        "y": 0.98,
        "yanchor": "top",
        "yref": "container",
    }


def laid_out(figure: go.Figure, title: str, **layout: Any) -> go.Figure:
    """``figure`` with the kit's look (:data:`LAYOUT`), ``title`` at the top left, then ``layout``.

    ``layout`` updates the look, so a ``margin`` that names one side keeps the others.
    """
    figure.update_layout(**LAYOUT)
    figure.update_layout(title=chart_title(title), **layout)
    return figure


def note(text: str, *, y: float, x: float = 0, **more: Any) -> dict[str, Any]:
    """A small grey note whose top left corner stands at (``x``, ``y``) of the plot area, as an
    annotation: under the chart (``y`` below 0) or in a corner. ``more`` adds or overrides."""
    return {
        "text": text,
        "x": x,
        "xref": "paper",
        "xanchor": "left",
        "y": y,
        "yref": "paper",
        "yanchor": "top",
        "showarrow": False,
        "font": {"size": 11, "color": "#555555"},
        **more,
    }


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` in every chart of the kit."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def odds_text(probability: float) -> str:
    """A probability in words a class reads at once: a percentage, and "1 in N" when rare.

    >>> [odds_text(p) for p in (0.5, 0.034, 0.00012, 0.0)]
    ['50%', '3.4% (1 in 29)', '1 in 8,333', 'never']
    """
    if probability <= 0:
        return "never"
    if probability >= 0.1:
        return f"{probability:.0%}"
    one_in = f"1 in {round(1 / probability):,}"
    if probability >= 0.001:
        return f"{probability:.1%} ({one_in})"
    return one_in


def odds_ticks(probabilities: Iterable[float]) -> dict[str, list[object]]:
    """Log-axis ticks at the powers of ten that span ``probabilities``, labelled in words.

    >>> odds_ticks([0.3, 0.0004])
    {'tickvals': [1, 0.1, 0.01, 0.001, 0.0001], 'ticktext': ['certain', '1 in 10', '1 in 100', '1 in 1,000', '1 in 10,000']}
    """
    positive = [p for p in probabilities if p > 0]
    lowest = min(positive, default=0.1)
    values: list[object] = [1]
    texts: list[object] = ["certain"]
    power = 1
    while 10.0**-power >= lowest / 10 and power < 12:
        values.append(round(10.0**-power, power))
        texts.append(f"1 in {10**power:,}")
        if 10.0**-power <= lowest:
            break
        power += 1
    return {"tickvals": values, "ticktext": texts}


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


def seat_boxes(frame: pd.DataFrame, columns: Sequence[str]) -> list[go.Box]:
    """One box per seat column of ``frame``, in the seat's colour, its mean dashed."""
    import plotly.graph_objects as go

    return [
        go.Box(
            y=frame[column],
            name=seat_label(frame, seat),
            marker_color=seat_colour(seat),
            boxmean=True,
        )
        for seat, column in enumerate(columns)
    ]


def rule_set_colour(index: int) -> str:
    """The colour of the ``index``-th rule set (or table, or strategy) compared in a chart."""
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


def compared(
    entries: Mapping[str, T],
    trace: Callable[[str, T, dict[str, Any]], Any],
    *,
    chart: str,
    what: str = "frame",
) -> go.Figure:
    """A figure with one trace per labelled entry (label → frame, table, rules …): the charts
    that compare rule sets side by side.

    ``trace(label, entry, style)`` draws one entry with ``style``: its name (the label) and
    its colour (:func:`rule_set_colour` of its place).
    """
    import plotly.graph_objects as go

    require_entries(entries, chart=chart, what=what)
    figure = go.Figure()
    for index, (label, entry) in enumerate(entries.items()):
        style = {"name": label, "marker_color": rule_set_colour(index)}
        figure.add_trace(trace(label, entry, style))
    return figure
