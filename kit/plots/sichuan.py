"""Sichuan charts: nets per deal, how often each pattern wins, payouts under rule sets, hand values.

The frame charts take the rows of :func:`kit.sichuan.simulate` and check them
first: another game's rows raise a ``ValueError`` naming the columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pandas as pd
import plotly.graph_objects as go

from kit.plots.common import (
    LAYOUT,
    LEGEND_ON_TOP,
    SEAT_COLOURS,
    require_columns,
    require_entries,
    require_seat_columns,
    rule_set_colour,
    seat_columns,
    seat_label,
)

if TYPE_CHECKING:
    from kit.sichuan.rules import Rules

__all__ = [
    "PAYOUT_MEASURES",
    "compare_payouts",
    "hand_value_curve",
    "pattern_frequencies",
    "sichuan_net_distribution",
]

SOURCE = "kit.sichuan.simulate"


def sichuan_net_distribution(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame], *, title: str = "Net per deal, by seat"
) -> go.Figure:
    """One box per seat of what it wins (+) or loses (−) in a deal, from Sichuan ``simulate`` rows.

    Given several frames (rule set label → frame), the boxes of each seat stand side by side,
    one colour per rule set.
    """
    chart = "sichuan_net_distribution"
    figure = go.Figure()
    if isinstance(frames, pd.DataFrame):
        for seat, column in enumerate(
            require_seat_columns(frames, "net_", chart=chart, source=SOURCE)
        ):
            figure.add_trace(
                go.Box(
                    y=frames[column],
                    name=seat_label(frames, seat),
                    marker_color=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                    boxmean=True,
                )
            )
        figure.update_layout(showlegend=False)
    else:
        require_entries(frames, chart=chart, what="frame")
        for index, (label, frame) in enumerate(frames.items()):
            columns = require_seat_columns(frame, "net_", chart=chart, source=SOURCE)
            figure.add_trace(
                go.Box(
                    x=[seat_label(frame, seat) for seat, c in enumerate(columns) for _ in frame[c]],
                    y=pd.concat([frame[c] for c in columns], ignore_index=True),
                    name=label,
                    marker_color=rule_set_colour(index),
                    boxmean=True,
                )
            )
    figure.update_layout(
        title=title, yaxis_title="net per deal (base units)", yaxis_zeroline=True, **LAYOUT
    )
    if not isinstance(frames, pd.DataFrame):
        figure.update_layout(boxmode="group", **LEGEND_ON_TOP)
    return figure


def pattern_frequencies(
    frame: pd.DataFrame, *, title: str = "How often each fan pattern is part of a win"
) -> go.Figure:
    """Share of wins that hold each pattern, from the ``patterns`` and ``wins`` columns.

    Every pattern of the standard table gets a bar, even a rare one at 0 %; an optional
    pattern only when it occurs.
    """
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
    figure.update_layout(
        title=f"{title} ({wins} wins)",
        yaxis_title="share of wins",
        yaxis_tickformat=".0%",
        **LAYOUT,
    )
    return figure


PAYOUT_MEASURES = (
    "mean |net| of a seat in a deal",
    "mean biggest loss in a deal",
    "mean value of a winning hand",
)
"""What :func:`compare_payouts` measures, in base units."""


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
    require_entries(frames, chart="compare_payouts", what="frame")
    figure = go.Figure()
    for index, (label, frame) in enumerate(frames.items()):
        measures = _payout_measures(frame)
        figure.add_trace(
            go.Bar(
                x=list(PAYOUT_MEASURES),
                y=measures,
                name=label,
                text=[f"{value:.1f}" for value in measures],
                textposition="outside",
                marker_color=rule_set_colour(index),
            )
        )
    figure.update_layout(title=title, barmode="group", yaxis_title="base units", **LAYOUT)
    figure.update_layout(**LEGEND_ON_TOP)
    return figure


def hand_value_curve(
    rule_sets: Mapping[str, Rules],
    *,
    fans: Sequence[int] = range(9),
    title: str = "Hand value against fan",
) -> go.Figure:
    """One line per rule set (label → :class:`~kit.sichuan.Rules`): ``rules.hand_value(fan)``.

    Each line doubles with every fan until it reaches its rule set's cap, then stays flat.
    """
    require_entries(rule_sets, chart="hand_value_curve", what="Rules")
    figure = go.Figure()
    for index, (label, rules) in enumerate(rule_sets.items()):
        if not hasattr(rules, "hand_value"):
            raise ValueError(
                f"hand_value_curve needs Sichuan Rules for {label!r}; got {type(rules).__name__}"
            )
        figure.add_trace(
            go.Scatter(
                x=list(fans),
                y=[rules.hand_value(fan) for fan in fans],
                mode="lines+markers",
                name=label,
                marker_color=rule_set_colour(index),
            )
        )
    figure.update_layout(
        title=title,
        xaxis_title="fan",
        xaxis_dtick=1,
        yaxis_title="hand value = base × 2^min(fan, cap)",
        **LAYOUT,
    )
    return figure
