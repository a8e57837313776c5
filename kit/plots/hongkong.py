"""Hong Kong charts: payment tables against fan, and what the table size changes.

The frame charts take the rows of :func:`kit.hongkong.simulate` and check them
first: another game's rows raise a ``ValueError`` naming the columns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from kit.plots.common import (
    LEGEND_AT_RIGHT,
    compared,
    laid_out,
    legend_on_top,
    require_columns,
    require_entries,
    rule_set_colour,
    seat_columns,
    translucent,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from kit.hongkong.rules import PaymentTable

__all__ = [
    "ECONOMICS_MEASURES",
    "PAYMENT_COLUMNS",
    "economics",
    "fan_distribution",
    "log_ticks",
    "payment_curve",
    "payment_curve_traces",
]

SOURCE = "kit.hongkong.simulate"

PAYMENT_COLUMNS = {"discard": "discarder pays", "self_draw": "each pays on a self-draw"}
"""The two columns of a Hong Kong payment table (:class:`kit.hongkong.rules.PaymentTable`)."""

ECONOMICS_MEASURES = (
    "money a seat wins or loses per deal",
    "share of deals that end in a win",
    "average fan of a winning hand",
)
"""What :func:`economics` measures, one panel each: the money a seat wins or loses in a
deal, counted without its sign and averaged over seats and deals (so a table where more
money changes hands scores higher); the share of deals won; the average fan of the wins."""
ECONOMICS_AXES = ("money, in payment-table units", "share of deals", "fan")
"""The y axis of each panel of :func:`economics`."""


def payment_curve_traces(tables: Mapping[str, PaymentTable]) -> list[dict[str, Any]]:
    """The lines of :func:`payment_curve`, as plotly properties: what an app updates in place."""
    require_entries(tables, chart="payment_curve", what="PaymentTable")
    traces = []
    count = len(tables)
    for index, (label, table) in enumerate(tables.items()):
        if not hasattr(table, "to_frame"):
            raise ValueError(
                f"payment_curve needs a PaymentTable for {label!r}; got {type(table).__name__}"
            )
        frame = require_columns(table.to_frame(), list(PAYMENT_COLUMNS), chart="payment_curve")
        colour = rule_set_colour(index)
        wide = index < count - 1
        for column, meaning in PAYMENT_COLUMNS.items():
            traces.append(
                {
                    "x": [int(fan) for fan in frame.index],
                    "y": [int(value) for value in frame[column]],
                    "name": f"{label}: {meaning}",
                    "legendgroup": label,
                    "line": {
                        "color": translucent(colour, 0.6) if wide else colour,
                        "width": 2 + 2 * (count - 1 - index),
                        "dash": "solid" if column == "discard" else "dash",
                    },
                    "marker": {"color": colour, "size": 7},
                    "hovertemplate": f"{label}, %{{x}} fan: {meaning} %{{y}}<extra></extra>",
                }
            )
    return traces


def log_ticks(traces: Sequence[Mapping[str, Any]]) -> list[int] | None:
    """Ticks at the powers of two that span the payments, where a doubling table steps evenly."""
    payments = [value for trace in traces for value in trace["y"] if value > 0]
    if not payments:
        return None
    low, high = min(payments).bit_length() - 1, max(payments).bit_length()
    return [2**power for power in range(low, high)]


def payment_curve(
    tables: Mapping[str, PaymentTable], *, title: str = "What a win pays, by fan", log: bool = False
) -> go.Figure:
    """One line per table and column: what the discarder pays (solid) and what each other
    player pays on a self-draw (dashed), for every fan the table lists.

    ``tables`` maps a label to a :class:`~kit.hongkong.rules.PaymentTable`, e.g.
    ``{"half-spicy": PRESETS["half-spicy"], "full-spicy": PRESETS["full-spicy"]}``.
    Earlier tables are drawn wider and paler underneath, so that a table equal to another
    still shows. ``log`` puts the payments on a log scale, where doubling tables are straight.
    """
    import plotly.graph_objects as go

    traces = payment_curve_traces(tables)
    figure = laid_out(
        go.Figure([go.Scatter(mode="lines+markers", **trace) for trace in traces]),
        title,
        xaxis_title="fan of the winning hand",
        xaxis_dtick=1,
        yaxis_title="paid to the winner (log scale)" if log else "paid to the winner",
        yaxis_type="log" if log else "linear",
        legend={"font": {"size": 11}, **LEGEND_AT_RIGHT},
    )
    ticks = log_ticks(traces) if log else None
    if ticks:
        figure.update_yaxes(tickvals=ticks)
    return figure


def _economics_measures(frame: pd.DataFrame) -> list[float]:
    require_columns(frame, ["ended_by", "fan"], chart="economics", seats="net_", source=SOURCE)
    nets = frame[seat_columns(frame, "net_")]
    fans = frame["fan"].dropna()
    return [
        float(nets.abs().to_numpy().mean()),
        float((frame["ended_by"] == "win").mean()),
        float(fans.astype(float).mean()) if len(fans) else 0.0,
    ]


def economics(
    frames: Mapping[str, pd.DataFrame], *, title: str = "What the table size changes"
) -> go.Figure:
    """Side-by-side panels of :data:`ECONOMICS_MEASURES`, one bar per frame in each.

    ``frames`` maps a label (e.g. "4 players", "2 players, 80 tiles") to the rows of
    :func:`kit.hongkong.simulate`: the ``net_<seat>``, ``ended_by`` and ``fan`` columns.
    """
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    require_entries(frames, chart="economics", what="frame")
    figure = make_subplots(
        rows=1,
        cols=len(ECONOMICS_MEASURES),
        subplot_titles=ECONOMICS_MEASURES,
        horizontal_spacing=0.1,
    )
    for index, (label, frame) in enumerate(frames.items()):
        values = _economics_measures(frame)
        texts = [f"{values[0]:.1f}", f"{values[1]:.0%}", f"{values[2]:.2f}"]
        for panel, (value, text) in enumerate(zip(values, texts, strict=True), start=1):
            figure.add_trace(
                go.Bar(
                    x=[label],
                    y=[value],
                    name=label,
                    legendgroup=label,
                    showlegend=panel == 1,
                    text=[text],
                    textposition="outside",
                    marker_color=rule_set_colour(index),
                    hovertemplate=f"{label}: {text}<extra></extra>",
                ),
                row=1,
                col=panel,
            )
    laid_out(figure, title, **legend_on_top())
    figure.update_annotations(font_size=13)  # the panel titles
    figure.update_yaxes(rangemode="tozero")
    for panel, axis in enumerate(ECONOMICS_AXES, start=1):
        figure.update_yaxes(title_text=axis, title_standoff=4, row=1, col=panel)
    figure.update_yaxes(tickformat=".0%", row=1, col=2)
    figure.update_xaxes(showticklabels=False)  # the legend names the bars
    return figure


def fan_distribution(
    frames: Mapping[str, pd.DataFrame], *, title: str = "How many fan the winning hands have"
) -> go.Figure:
    """For each frame (label → :func:`kit.hongkong.simulate` rows), the share of wins at each fan.

    Deals without a win (an empty ``fan``) are left out.
    """
    import plotly.graph_objects as go

    def shares(label: str, frame: pd.DataFrame, style: dict[str, Any]) -> go.Bar:
        require_columns(frame, ["fan"], chart="fan_distribution", source=SOURCE)
        share = frame["fan"].dropna().astype(int).value_counts(normalize=True).sort_index()
        return go.Bar(
            x=[int(fan) for fan in share.index],
            y=[float(value) for value in share],
            text=[f"{value:.0%}" for value in share],
            textposition="outside",
            **style,
        )

    return laid_out(
        compared(frames, shares, chart="fan_distribution"),
        title,
        xaxis_title="fan of the winning hand",
        xaxis_dtick=1,
        yaxis_title="share of wins",
        yaxis_tickformat=".0%",
        barmode="group",
        **legend_on_top(),
    )
