"""Nylon-ppong charts: how rounds end, penalties, failed stops, odds (RULES.md §1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pandas as pd

from kit.plots.common import (
    ENDING_COLOURS,
    LAYOUT,
    SEAT_COLOURS,
    penalty_columns,
    seat_label,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "compare_rule_sets",
    "endings_chart",
    "penalties_bar",
    "penalty_distribution",
    "probability_chart",
    "stop_failure_chart",
]


def endings_chart(frame: pd.DataFrame, *, title: str = "How rounds end") -> go.Figure:
    """Share of rounds ended by each ending (§1.5), from :func:`simulate` rows."""
    import plotly.graph_objects as go

    shares = frame["ended_by"].value_counts(normalize=True)
    order = [ending for ending in ENDING_COLOURS if ending in shares.index]
    figure = go.Figure(
        go.Bar(
            x=order,
            y=[float(shares[ending]) for ending in order],
            marker_color=[ENDING_COLOURS[ending] for ending in order],
            text=[f"{shares[ending]:.1%}" for ending in order],
            textposition="outside",
        )
    )
    figure.update_layout(
        title=title, yaxis_title="share of rounds", yaxis_tickformat=".0%", **LAYOUT
    )
    return figure


def penalty_distribution(
    frame: pd.DataFrame, *, title: str = "Penalty points per round"
) -> go.Figure:
    """One box per seat: how many penalty points it takes in a round (lower is better)."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for seat, column in enumerate(penalty_columns(frame)):
        figure.add_trace(
            go.Box(
                y=frame[column],
                name=seat_label(frame, seat),
                marker_color=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                boxmean=True,
            )
        )
    figure.update_layout(title=title, yaxis_title="penalty points", showlegend=False, **LAYOUT)
    return figure


def stop_failure_chart(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame], *, title: str = "How often a stop fails"
) -> go.Figure:
    """Failure rate of stops by the caller's hand sum; one line per rule set (e.g. stop limit)."""
    import plotly.graph_objects as go

    if isinstance(frames, pd.DataFrame):
        limit = getattr(frames.attrs.get("rules"), "stop_limit", "?")
        frames = {f"stop limit {limit}": frames}
    figure = go.Figure()
    for label, frame in frames.items():
        stops = frame[frame["ended_by"] == "stop"]
        rate = stops.groupby("stop_sum")["stop_failed"].agg(["mean", "size"])
        figure.add_trace(
            go.Scatter(
                x=rate.index.astype(int),
                y=rate["mean"].astype(float),
                mode="lines+markers",
                name=label,
                customdata=rate["size"],
                hovertemplate="sum %{x}: %{y:.0%} of %{customdata} stops failed<extra></extra>",
            )
        )
    figure.update_layout(
        title=title,
        xaxis_title="the stop caller's hand sum",
        yaxis_title="share of stops that fail",
        yaxis_tickformat=".0%",
        yaxis_range=[0, 1],
        **LAYOUT,
    )
    return figure


def compare_rule_sets(
    frames: Mapping[str, pd.DataFrame], *, title: str = "Two rule sets side by side"
) -> go.Figure:
    """Mean penalty per seat under each rule set, as grouped bars."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for label, frame in frames.items():
        columns = penalty_columns(frame)
        figure.add_trace(
            go.Bar(
                x=[seat_label(frame, seat) for seat in range(len(columns))],
                y=[float(frame[column].mean()) for column in columns],
                name=label,
            )
        )
    figure.update_layout(
        title=title, barmode="group", yaxis_title="mean penalty points per round", **LAYOUT
    )
    return figure


def probability_chart(
    odds: pd.DataFrame, *, title: str = "Chance of each combination"
) -> go.Figure:
    """The ``probability`` column of :func:`combination_odds`, on a log scale."""
    import plotly.graph_objects as go

    figure = go.Figure(
        go.Bar(
            x=[str(key) for key in odds.index],
            y=odds["probability"].astype(float),
            text=[f"{p:.4%}" for p in odds["probability"]],
            textposition="outside",
            marker_color=["#6a3d9a" if key != "any" else "#444444" for key in odds.index],
        )
    )
    figure.update_layout(
        title=title, yaxis_type="log", yaxis_title="probability (log scale)", **LAYOUT
    )
    return figure


def penalties_bar(
    penalties: Sequence[int], *, labels: Sequence[str] | None = None, title: str = "Penalty points"
) -> go.Figure:
    """One bar per seat; the best (lowest) seat is drawn in green."""
    import plotly.graph_objects as go

    names = list(labels) if labels else [f"seat {seat}" for seat in range(len(penalties))]
    best = min(penalties) if penalties else 0
    figure = go.Figure(
        go.Bar(
            x=names,
            y=list(penalties),
            text=[str(p) for p in penalties],
            textposition="outside",
            marker_color=["#33a02c" if p == best else "#1f78b4" for p in penalties],
        )
    )
    figure.update_layout(title=title, yaxis_title="penalty points (lower is better)", **LAYOUT)
    return figure
