"""Sichuan charts: nets, pattern frequencies, payouts under two rule sets, who pays whom (§2)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pandas as pd

from kit.plots.common import (
    LAYOUT,
    LEGEND_ON_TOP,
    SEAT_COLOURS,
    rule_set_colour,
    seat_columns,
    seat_label,
    translucent,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "compare_payouts",
    "ledger_flows",
    "nets_bar",
    "pattern_frequencies",
    "sichuan_net_distribution",
]

REASON_COLOURS = {
    "win on discard": "#1f78b4",
    "self-drawn win": "#33a02c",
    "exposed kong": "#ff7f00",
    "added kong": "#fdbf6f",
    "concealed kong": "#e31a1c",
    "kong transfer": "#6a3d9a",
    "flower pig": "#b15928",
    "not ready": "#777777",
    "refund": "#cab2d6",
}
"""Colours of the ledger's payment reasons (:class:`kit.sichuan.settle.Transfer`)."""


def sichuan_net_distribution(
    frames: pd.DataFrame | Mapping[str, pd.DataFrame], *, title: str = "Net per deal, by seat"
) -> go.Figure:
    """One box per seat of what it wins (+) or loses (−) in a deal, from Sichuan ``simulate`` rows.

    Given several frames (rule set label → frame), the boxes of each seat stand side by side,
    one colour per rule set.
    """
    import plotly.graph_objects as go

    figure = go.Figure()
    if isinstance(frames, pd.DataFrame):
        for seat, column in enumerate(seat_columns(frames, "net_")):
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
        for index, (label, frame) in enumerate(frames.items()):
            columns = seat_columns(frame, "net_")
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
    """Share of wins that hold each pattern (§2.2), from the ``patterns`` and ``wins`` columns.

    Every pattern of the standard table gets a bar, even a rare one at 0 %; an optional
    pattern only when it occurs.
    """
    import plotly.graph_objects as go

    from kit.sichuan.fan import PATTERNS

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
    rules = frame.attrs.get("rules")
    if rules is None:
        raise ValueError("a simulation frame carries its rules in frame.attrs['rules']")
    nets = frame[seat_columns(frame, "net_")]
    fans = pd.concat([frame[c] for c in seat_columns(frame, "fan_")]).dropna()
    values = [rules.hand_value(int(fan)) for fan in fans]
    return [
        float(nets.abs().to_numpy().mean()) if len(nets) else 0.0,
        float((-nets.min(axis=1)).mean()) if len(nets) else 0.0,
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


def nets_bar(
    nets: Mapping[str, Sequence[int]], *, title: str = "Net per seat under each rule set"
) -> go.Figure:
    """One group of bars per seat, one bar per rule set (label → nets by seat)."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for index, (label, values) in enumerate(nets.items()):
        figure.add_trace(
            go.Bar(
                x=[f"seat {seat}" for seat in range(len(values))],
                y=list(values),
                name=label,
                text=[f"{value:+d}" if value else "0" for value in values],
                textposition="outside",
                marker_color=rule_set_colour(index),
            )
        )
    figure.update_layout(
        title=title, barmode="group", yaxis_title="net (base units)", yaxis_zeroline=True, **LAYOUT
    )
    figure.update_layout(**LEGEND_ON_TOP)
    return figure


def ledger_flows(ledger: pd.DataFrame, *, title: str = "Who pays whom") -> go.Figure:
    """A Sankey diagram of a deal's ledger: payers on the left, payees on the right.

    ``ledger`` has the columns ``payer``, ``payee``, ``amount`` and ``reason``
    (:attr:`kit.sichuan.settle.Deal.ledger`); one band per payer, payee and reason.
    Without payments the diagram is hidden (a Sankey with no bands cannot be drawn)
    and the title says so.
    """
    import plotly.graph_objects as go

    if not len(ledger):
        figure = go.Figure(go.Sankey(visible=False))
        figure.update_layout(
            title=f"{title}: no payments yet", xaxis_visible=False, yaxis_visible=False, **LAYOUT
        )
        return figure
    flows = ledger.groupby(["payer", "payee", "reason"], sort=False)["amount"].sum().reset_index()
    seats = sorted({int(s) for s in flows["payer"]} | {int(s) for s in flows["payee"]})
    left = {seat: index for index, seat in enumerate(seats)}
    right = {seat: len(seats) + index for index, seat in enumerate(seats)}
    colours = [SEAT_COLOURS[seat % len(SEAT_COLOURS)] for seat in seats]
    figure = go.Figure(
        go.Sankey(
            arrangement="snap",
            node={
                "label": [f"seat {s} pays" for s in seats] + [f"seat {s} receives" for s in seats],
                "color": colours + colours,
                "pad": 18,
                "thickness": 16,
            },
            link={
                "source": [left[int(s)] for s in flows["payer"]],
                "target": [right[int(s)] for s in flows["payee"]],
                "value": [int(a) for a in flows["amount"]],
                "label": list(flows["reason"]),
                "color": [
                    translucent(REASON_COLOURS.get(str(reason), "#999999"))
                    for reason in flows["reason"]
                ],
                "hovertemplate": "%{source.label} → %{target.label}: %{value} (%{label})"
                "<extra></extra>",
            },
        )
    )
    figure.update_layout(title=title, **LAYOUT)
    return figure
