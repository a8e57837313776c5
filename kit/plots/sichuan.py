"""Sichuan charts: nets per deal, how often each pattern wins, payouts under rule sets, hand values.

The frame charts take the rows of :func:`kit.sichuan.simulate` and check them
first: another game's rows raise a ``ValueError`` naming the columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from kit.plots.common import (
    LEGEND_AT_RIGHT,
    MONEY_PER_DEAL,
    compared,
    laid_out,
    legend_on_top,
    note,
    require_columns,
    require_seat_columns,
    seat_boxes,
    seat_columns,
    seat_label,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from kit.sichuan.rules import Rules

__all__ = [
    "PAYOUT_MEASURES",
    "compare_payouts",
    "hand_value_curve",
    "pattern_frequencies",
    "sichuan_net_distribution",
]

SOURCE = "kit.sichuan.simulate"


CLIP_PERCENTILE = 0.99
"""Where :func:`sichuan_net_distribution` cuts its axis when a few deals squash the boxes."""


def _clipped_range(values: pd.Series, percentile: float) -> tuple[float, float] | None:
    """The y range that holds the middle ``percentile`` of ``values`` (both tails cut), or
    ``None`` when the extremes do not squash the boxes (under twice that range)."""
    low, high = float(values.quantile(1 - percentile)), float(values.quantile(percentile))
    span = max(high - low, 1.0)
    if float(values.max()) - float(values.min()) <= 2 * span:
        return None
    pad = 0.08 * span
    return low - pad, high + pad


def sichuan_net_distribution(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame],
    *,
    title: str = "Money won or lost per deal, by seat",
    clip: float | None = CLIP_PERCENTILE,
) -> go.Figure:
    """One box per seat of what it wins (+) or loses (−) in a deal, from Sichuan ``simulate`` rows.

    Given several frames (rule set label → frame), the boxes of each seat stand side by side,
    one colour per rule set; one frame, each seat in its kit colour. A box holds the middle
    half of the deals, its line the median, its dashes the mean.

    A few huge deals would squash every box flat: when the extremes reach beyond twice the
    range of the middle ``clip`` share of deals (99 % by default), the axis shows that range
    only and a note under the chart says how many deals lie beyond and the largest of them.
    ``clip=None`` shows every deal.
    """
    import plotly.graph_objects as go

    chart = "sichuan_net_distribution"
    everything: list[pd.Series] = []

    def boxes(label: str, frame: pd.DataFrame, style: dict[str, Any]) -> go.Box:
        columns = require_seat_columns(frame, "net_", chart=chart, source=SOURCE)
        values = pd.concat([frame[c] for c in columns], ignore_index=True)
        everything.append(values)
        return go.Box(
            x=[seat_label(frame, seat) for seat, c in enumerate(columns) for _ in frame[c]],
            y=values,
            boxmean=True,
            **style,
        )

    if isinstance(frames, pd.DataFrame):
        columns = require_seat_columns(frames, "net_", chart=chart, source=SOURCE)
        everything += [frames[column] for column in columns]
        figure = go.Figure(seat_boxes(frames, columns))
        figure.update_layout(showlegend=False)
    else:
        figure = compared(frames, boxes, chart=chart)
    laid_out(figure, title, xaxis_title="seat", yaxis_title=MONEY_PER_DEAL, yaxis_zeroline=True)
    if not isinstance(frames, pd.DataFrame):
        figure.update_layout(boxmode="group", **legend_on_top())
    values = pd.concat(everything, ignore_index=True).astype(float)
    shown = _clipped_range(values, clip) if clip is not None and len(values) else None
    if shown is not None:
        low, high = shown
        beyond = values[(values < low) | (values > high)]
        largest = beyond.abs().max()
        figure.update_yaxes(range=[low, high])
        figure.update_layout(margin={"b": 80})
        cut = (
            f"Axis cut to the middle {clip:.0%} of the deals: {len(beyond)} of "
            f"{len(values)} seat-deals lie beyond it, up to {largest:,.0f} stakes won or lost."
        )
        figure.add_annotation(note(cut, y=-0.2, name="clip note"))
    return figure


def pattern_frequencies(
    frame: pd.DataFrame, *, title: str = "How often each fan pattern is part of a win"
) -> go.Figure:
    """Share of wins that hold each pattern, from the ``patterns`` and ``wins`` columns.

    Every pattern of the standard table gets a bar, even a rare one at 0 %; an optional
    pattern only when it occurs.
    """
    import plotly.graph_objects as go

    from kit.sichuan.fan import PATTERNS

    require_columns(frame, ["patterns", "wins"], chart="pattern_frequencies", source=SOURCE)
    wins = int(frame["wins"].sum())
    counts: dict[str, int] = {}
    for text in frame["patterns"]:
        for key in str(text).split(";"):
            if key:
                counts[key] = counts.get(key, 0) + 1
    known = {pattern.key for pattern in PATTERNS}
    shown = [p for p in PATTERNS if p.option is None or p.key in counts]
    labels = ["<br>".join([*textwrap.wrap(p.english, 11), p.chinese]) for p in shown]
    keys = [p.key for p in shown] + sorted(set(counts) - known)
    labels += sorted(set(counts) - known)
    shares = [counts.get(key, 0) / wins if wins else 0.0 for key in keys]
    figure = go.Figure(
        go.Bar(
            x=labels,
            y=shares,
            customdata=[[key, counts.get(key, 0)] for key in keys],
            text=[f"{share:.0%}" for share in shares],
            textposition="outside",
            marker_color="#6a3d9a",
            hovertemplate="%{customdata[0]}: in %{customdata[1]} wins (%{y:.1%})<extra></extra>",
        )
    )
    return laid_out(
        figure,
        f"{title} ({wins} wins)",
        xaxis_title="fan pattern",
        yaxis_title="share of wins that hold it",
        yaxis_tickformat=".0%",
        margin={"b": 90},
    )


PAYOUT_MEASURES = (
    "money a seat wins or loses per deal",
    "biggest loss in a deal",
    "value of a winning hand",
)
"""What :func:`compare_payouts` measures, each an average over the deals, in stakes (the
base): the money a seat wins or loses in a deal counted without its sign; the most any seat
loses in a deal; the value of each winning hand."""


def _payout_measures(frame: pd.DataFrame) -> list[float]:
    chart = "compare_payouts"
    require_columns(frame, [], chart=chart, seats=("net_", "fan_"), source=SOURCE)
    net_columns, fan_columns = seat_columns(frame, "net_"), seat_columns(frame, "fan_")
    rules = frame.attrs.get("rules")
    if rules is None or not hasattr(rules, "hand_value"):
        raise ValueError(
            "compare_payouts: a simulation frame carries its Sichuan rules in frame.attrs['rules']"
        )
    nets = frame[net_columns]
    fans = pd.concat([frame[c] for c in fan_columns]).dropna()
    values = [rules.hand_value(int(fan)) for fan in fans]
    return [
        float(nets.abs().to_numpy().mean()),
        float((-nets.min(axis=1)).mean()),
        sum(values) / len(values) if values else 0.0,
    ]


def compare_payouts(
    frames: Mapping[str, pd.DataFrame], *, title: str = "How the rules change the payouts"
) -> go.Figure:
    """Grouped bars of :data:`PAYOUT_MEASURES`, one colour per rule set (label → frame).

    A hand's value is ``rules.hand_value(fan)`` of the rules in ``frame.attrs``; the self-draw
    bonus shows in the nets, not in the hand values.
    """
    import plotly.graph_objects as go

    def bars(label: str, frame: pd.DataFrame, style: dict[str, Any]) -> go.Bar:
        measures = _payout_measures(frame)
        return go.Bar(
            x=list(PAYOUT_MEASURES),
            y=measures,
            text=[f"{value:.1f}" for value in measures],
            textposition="outside",
            **style,
        )

    return laid_out(
        compared(frames, bars, chart="compare_payouts"),
        title,
        barmode="group",
        xaxis_title="average over the deals",
        yaxis_title="stakes (1 stake = the base)",
        **legend_on_top(),
    )


def hand_value_curve(
    rule_sets: Mapping[str, Rules],
    *,
    fans: Sequence[int] = range(9),
    title: str = "What a winning hand is worth, by fan",
) -> go.Figure:
    """One line per rule set (label → :class:`~kit.sichuan.Rules`): ``rules.hand_value(fan)``.

    Each line doubles with every fan until it reaches its rule set's cap, then stays flat.
    """
    import plotly.graph_objects as go

    def line(label: str, rules: Rules, style: dict[str, Any]) -> go.Scatter:
        if not hasattr(rules, "hand_value"):
            raise ValueError(
                f"hand_value_curve needs Sichuan Rules for {label!r}; got {type(rules).__name__}"
            )
        return go.Scatter(
            x=list(fans), y=[rules.hand_value(fan) for fan in fans], mode="lines+markers", **style
        )

    figure = laid_out(
        compared(rule_sets, line, chart="hand_value_curve", what="Rules"),
        title,
        xaxis_title="fan of the hand",
        xaxis_dtick=1,
        yaxis_title="hand value, in stakes",
        legend=LEGEND_AT_RIGHT,
    )
    figure.add_annotation(note("doubles with each fan, up to the cap", x=0.01, y=1))
    return figure
