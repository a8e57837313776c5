"""Hong Kong charts: payment against fan, and the economics of two table sizes (§3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pandas as pd

from kit.plots.common import LAYOUT, LEGEND_ON_TOP, rule_set_colour, seat_columns, translucent

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from kit.hongkong.rules import PaymentTable

__all__ = ["economics", "payment_curve"]

PAYMENT_COLUMNS = {"discard": "discarder pays", "self_draw": "each pays on a self-draw"}
"""The two columns of a Hong Kong payment table (:class:`kit.hongkong.rules.PaymentTable`)."""

ECONOMICS_MEASURES = (
    "mean |net| of a seat in a deal",
    "share of deals that end in a win",
    "mean fan of a winning hand",
)
"""What :func:`economics` measures, one panel each."""


def payment_curve(
    tables: Mapping[str, PaymentTable], *, title: str = "Payment against fan", log: bool = False
) -> go.Figure:
    """One line per table and column: what the discarder pays (solid) and what each other
    player pays on a self-draw (dashed), for every fan the table lists (RULES.md §3.3).

    ``tables`` maps a label to a :class:`~kit.hongkong.rules.PaymentTable`, e.g.
    ``{"half-spicy": PRESETS["half-spicy"], "full-spicy": PRESETS["full-spicy"]}``.
    Earlier tables are drawn wider and paler underneath, so that a table equal to another
    still shows. ``log`` puts the payments on a log scale, where doubling tables are straight.
    """
    import plotly.graph_objects as go

    figure = go.Figure()
    count = len(tables)
    for index, (label, table) in enumerate(tables.items()):
        frame = table.to_frame()
        colour = rule_set_colour(index)
        wide = index < count - 1
        for column, meaning in PAYMENT_COLUMNS.items():
            figure.add_trace(
                go.Scatter(
                    x=[int(fan) for fan in frame.index],
                    y=[int(value) for value in frame[column]],
                    mode="lines+markers",
                    name=f"{label}: {meaning}",
                    legendgroup=label,
                    line={
                        "color": translucent(colour, 0.6) if wide else colour,
                        "width": 2 + 2 * (count - 1 - index),
                        "dash": "solid" if column == "discard" else "dash",
                    },
                    marker={"color": colour, "size": 7},
                    hovertemplate=f"{label}, %{{x}} fan: {meaning} %{{y}}<extra></extra>",
                )
            )
    figure.update_layout(
        title=title,
        xaxis_title="fan",
        xaxis_dtick=1,
        yaxis_title="payment (log scale)" if log else "payment",
        yaxis_type="log" if log else "linear",
        legend={"font": {"size": 11}},
        **LAYOUT,
    )
    payments = [value for trace in figure.data for value in trace.y if value > 0]
    if log and payments:
        # ticks at the powers of two, where a table that doubles each fan steps evenly
        low, high = min(payments).bit_length() - 1, max(payments).bit_length()
        figure.update_yaxes(tickvals=[2**power for power in range(low, high)])
    return figure


def _economics_measures(frame: pd.DataFrame) -> list[float]:
    nets = frame[seat_columns(frame, "net_")]
    fans = frame["fan"].dropna()
    return [
        float(nets.abs().to_numpy().mean()) if len(nets) else 0.0,
        float((frame["ended_by"] == "win").mean()) if len(frame) else 0.0,
        float(fans.astype(float).mean()) if len(fans) else 0.0,
    ]


def economics(
    frames: Mapping[str, pd.DataFrame], *, title: str = "What the table size changes"
) -> go.Figure:
    """Side-by-side panels of :data:`ECONOMICS_MEASURES`, one bar per frame in each.

    ``frames`` maps a label (e.g. "4 players", "2 players, 80 tiles") to the rows of
    :func:`kit.hongkong.sim.simulate`: the ``net_<seat>``, ``ended_by`` and ``fan`` columns.
    """
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    figure = make_subplots(rows=1, cols=len(ECONOMICS_MEASURES), subplot_titles=ECONOMICS_MEASURES)
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
    figure.update_layout(title=title, **LAYOUT)
    figure.update_layout(**LEGEND_ON_TOP)
    figure.update_yaxes(rangemode="tozero")
    figure.update_yaxes(tickformat=".0%", row=1, col=2)
    figure.update_xaxes(showticklabels=False)
    return figure
