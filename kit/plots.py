"""Charts: a DataFrame (or a few numbers) in, a plotly Figure out.

Nothing here computes rules; it only draws what the simulations
(:mod:`kit.nylonppong.sim`, :mod:`kit.sichuan.sim`) and the rules modules
return. Tests read the figures' data, not pixels.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

if TYPE_CHECKING:
    from kit.hongkong.rules import PaymentTable

__all__ = [
    "ECONOMICS_MEASURES",
    "PAYMENT_COLUMNS",
    "PAYOUT_MEASURES",
    "REASON_COLOURS",
    "compare_payouts",
    "compare_rule_sets",
    "economics",
    "endings_chart",
    "ledger_flows",
    "nets_bar",
    "pattern_frequencies",
    "payment_curve",
    "penalties_bar",
    "penalty_distribution",
    "probability_chart",
    "sichuan_net_distribution",
    "stop_failure_chart",
]


# --- What every chart shares -------------------------------------------------------------------

ENDING_COLOURS = {
    "combination": "#6a3d9a",
    "stop": "#1f78b4",
    "ppong-out": "#33a02c",
    "deck-empty": "#999999",
}
SEAT_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00", "#6a3d9a", "#b15928")
LAYOUT = {
    "template": "plotly_white",
    "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
    "height": 360,
}


def seat_columns(frame: pd.DataFrame, prefix: str) -> list[str]:
    """The per-seat columns ``<prefix>0``, ``<prefix>1``, … of a simulation frame."""
    return [column for column in frame.columns if str(column).startswith(prefix)]


def penalty_columns(frame: pd.DataFrame) -> list[str]:
    return seat_columns(frame, "penalty_")


def seat_label(frame: pd.DataFrame, seat: int) -> str:
    bots = frame.attrs.get("bots")
    return f"seat {seat} ({bots[seat]})" if bots and seat < len(bots) else f"seat {seat}"


RULE_SET_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00")
"""One colour per rule set compared side by side: A, B, …"""
LEGEND_ON_TOP = {
    "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
    "margin": {"l": 50, "r": 20, "t": 80, "b": 45},
}
"""Rule-set legends go above the plot, so that the plot keeps the whole width."""


def rule_set_colour(index: int) -> str:
    return RULE_SET_COLOURS[index % len(RULE_SET_COLOURS)]


def translucent(colour: str, alpha: float = 0.55) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


# --- Nylon-ppong (RULES.md §1) -------------------------------------------------------------------


def endings_chart(frame: pd.DataFrame, *, title: str = "How rounds end") -> go.Figure:
    """Share of rounds ended by each ending (§1.5), from :func:`simulate` rows."""
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


# --- Sichuan blood battle (RULES.md §2) ---------------------------------------------------------

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


# --- Hong Kong (RULES.md §3) --------------------------------------------------------------------


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
