"""Nylon-ppong charts: how rounds end, penalties per seat, failed stops, combination odds.

Each takes the rows of :func:`kit.nylonppong.simulate` (or a few numbers) and
checks them first: another game's rows raise a ``ValueError`` naming the columns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from kit.plots.common import (
    compared,
    laid_out,
    legend_on_top,
    odds_text,
    odds_ticks,
    require_columns,
    require_seat_columns,
    seat_boxes,
    seat_colour,
    seat_label,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "ENDING_COLOURS",
    "compare_rule_sets",
    "endings_chart",
    "penalties_bar",
    "penalties_bar_traces",
    "penalty_distribution",
    "probability_chart",
    "stop_failure_chart",
]

SOURCE = "kit.nylonppong.simulate"

ENDING_COLOURS = {
    "combination": "#6a3d9a",
    "stop": "#1f78b4",
    "ppong-out": "#33a02c",
    "deck-empty": "#999999",
}
"""One colour per way a round can end."""


def penalty_columns(frame: pd.DataFrame, chart: str = "this chart") -> list[str]:
    """The ``penalty_<seat>`` columns of Nylon-ppong rows, checked."""
    return require_seat_columns(frame, "penalty_", chart=chart, source=SOURCE)


def endings_chart(frame: pd.DataFrame, *, title: str = "How rounds end") -> go.Figure:
    """Share of rounds ended by each ending, from :func:`kit.nylonppong.simulate` rows."""
    import plotly.graph_objects as go

    require_columns(frame, ["ended_by"], chart="endings_chart", source=SOURCE)
    shares = frame["ended_by"].value_counts(normalize=True)
    order = [ending for ending in ENDING_COLOURS if ending in shares.index]
    if not order:
        raise ValueError(
            "endings_chart needs Nylon-ppong rows: their ended_by column holds "
            f"{', '.join(ENDING_COLOURS)}; this one holds {', '.join(map(str, shares.index))}"
        )
    figure = go.Figure(
        go.Bar(
            x=order,
            y=[float(shares[ending]) for ending in order],
            marker_color=[ENDING_COLOURS[ending] for ending in order],
            text=[f"{shares[ending]:.1%}" for ending in order],
            textposition="outside",
        )
    )
    return laid_out(
        figure,
        title,
        xaxis_title="how the round ended",
        yaxis_title="share of rounds",
        yaxis_tickformat=".0%",
    )


def penalty_distribution(
    frame: pd.DataFrame, *, title: str = "Penalty points per round"
) -> go.Figure:
    """One box per seat: how many penalty points it takes in a round (lower is better)."""
    import plotly.graph_objects as go

    figure = go.Figure(seat_boxes(frame, penalty_columns(frame, "penalty_distribution")))
    return laid_out(
        figure,
        title,
        xaxis_title="seat",
        yaxis_title="penalty points in a round (lower is better)",
        showlegend=False,
    )


def stop_failure_chart(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame], *, title: str = "How often a stop fails"
) -> go.Figure:
    """Failure rate of stops by the caller's hand sum; one line per rule set (e.g. stop limit)."""
    import plotly.graph_objects as go

    if isinstance(frames, pd.DataFrame):
        limit = getattr(frames.attrs.get("rules"), "stop_limit", "?")
        frames = {f"stop limit {limit}": frames}

    def failures(label: str, frame: pd.DataFrame, style: dict[str, Any]) -> go.Scatter:
        require_columns(
            frame,
            ["ended_by", "stop_sum", "stop_failed"],
            chart="stop_failure_chart",
            source=SOURCE,
        )
        stops = frame[frame["ended_by"] == "stop"]
        rate = stops.groupby("stop_sum")["stop_failed"].agg(["mean", "size"])
        return go.Scatter(
            x=rate.index.astype(int),
            y=rate["mean"].astype(float),
            mode="lines+markers",
            customdata=rate["size"],
            hovertemplate="sum %{x}: %{y:.0%} of %{customdata} stops failed<extra></extra>",
            **style,
        )

    return laid_out(
        compared(frames, failures, chart="stop_failure_chart"),
        title,
        xaxis_title="hand sum of the player who calls stop",
        yaxis_title="share of stops that fail",
        yaxis_tickformat=".0%",
        yaxis_range=[0, 1],
        **legend_on_top(),
    )


def compare_rule_sets(
    frames: Mapping[str, pd.DataFrame], *, title: str = "Two rule sets side by side"
) -> go.Figure:
    """Mean penalty per seat under each rule set, as grouped bars."""
    import plotly.graph_objects as go

    def means(label: str, frame: pd.DataFrame, style: dict[str, Any]) -> go.Bar:
        columns = penalty_columns(frame, "compare_rule_sets")
        return go.Bar(
            x=[seat_label(frame, seat) for seat in range(len(columns))],
            y=[float(frame[column].mean()) for column in columns],
            **style,
        )

    return laid_out(
        compared(frames, means, chart="compare_rule_sets"),
        title,
        barmode="group",
        xaxis_title="seat",
        yaxis_title="average penalty points per round",
        **legend_on_top(),
    )


def probability_chart(
    odds: pd.DataFrame, *, title: str = "Chance of each combination"
) -> go.Figure:
    """The ``probability`` column of :func:`kit.nylonppong.combination_odds`, on a log scale.

    The ticks read "1 in 10", "1 in 100" …, and each bar its chance as a percentage and,
    when rare, as "1 in N".
    """
    import plotly.graph_objects as go

    require_columns(
        odds, ["probability"], chart="probability_chart", source="kit.nylonppong.combination_odds"
    )
    chances = [float(p) for p in odds["probability"]]
    figure = go.Figure(
        go.Bar(
            x=[str(key) for key in odds.index],
            y=chances,
            text=[odds_text(p) for p in chances],
            textposition="outside",
            marker_color=["#6a3d9a" if key != "any" else "#444444" for key in odds.index],
            hovertemplate="%{x}: %{text}<extra></extra>",
        )
    )
    laid_out(
        figure,
        title,
        xaxis_title="combination",
        yaxis_type="log",
        yaxis_title="chance in a hand (log scale)",
    )
    figure.update_yaxes(**odds_ticks(chances))
    return figure


def penalties_bar_traces(
    penalties: Sequence[int], *, labels: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The bars of :func:`penalties_bar`, as plotly properties: what an app updates in place."""
    if isinstance(penalties, (str, pd.DataFrame)) or not len(penalties):
        raise ValueError("penalties_bar needs one penalty per seat, e.g. [4, 34, 38, 15]")
    names = list(labels) if labels else [f"seat {seat}" for seat in range(len(penalties))]
    best = min(penalties)
    return [
        {
            "x": names,
            "y": list(penalties),
            "text": [f"{p} (fewest)" if p == best else str(p) for p in penalties],
            "marker_color": [seat_colour(seat) for seat in range(len(penalties))],
        }
    ]


def penalties_bar(
    penalties: Sequence[int], *, labels: Sequence[str] | None = None, title: str = "Penalty points"
) -> go.Figure:
    """One bar per seat, in the seat's colour; the best (lowest) seat says "fewest"."""
    import plotly.graph_objects as go

    figure = go.Figure(
        [
            go.Bar(textposition="outside", **trace)
            for trace in penalties_bar_traces(penalties, labels=labels)
        ]
    )
    return laid_out(
        figure, title, xaxis_title="seat", yaxis_title="penalty points (lower is better)"
    )
