"""Money charts both mahjong games share: nets per seat, and who pays whom in a deal.

Payment reasons are :class:`kit.ledger.Reason` members; a ledger frame may hold
them or their words (``"win on discard"``), which are equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import pandas as pd
import plotly.graph_objects as go

from kit.ledger import Reason
from kit.plots.common import (
    LAYOUT,
    LEGEND_ON_TOP,
    SEAT_COLOURS,
    require_columns,
    require_entries,
    rule_set_colour,
    translucent,
)

__all__ = [
    "LEDGER_COLUMNS",
    "REASON_COLOURS",
    "ledger_flow_traces",
    "ledger_flows",
    "ledger_frame",
    "nets_bar",
    "nets_bar_traces",
    "reason_colour",
]

REASON_COLOURS: dict[Reason, str] = {
    Reason.WIN_ON_DISCARD: "#1f78b4",
    Reason.SELF_DRAWN_WIN: "#33a02c",
    Reason.PAO: "#e65100",
    Reason.EXPOSED_KONG: "#ff7f00",
    Reason.ADDED_KONG: "#fdbf6f",
    Reason.CONCEALED_KONG: "#e31a1c",
    Reason.KONG_TRANSFER: "#6a3d9a",
    Reason.FLOWER_PIG: "#b15928",
    Reason.NOT_READY: "#777777",
    Reason.REFUND: "#cab2d6",
}
"""The colour of each payment reason in a ledger."""
OTHER_REASON = "#999999"

LEDGER_COLUMNS = ("payer", "payee", "amount", "reason")
"""The columns :func:`ledger_flows` reads from a ledger's ``to_frame()``."""


def reason_colour(reason: object) -> str:
    """The colour of a payment reason, given as a :class:`~kit.ledger.Reason` or its words."""
    try:
        return REASON_COLOURS.get(Reason(str(reason)), OTHER_REASON)
    except ValueError:
        return OTHER_REASON


def nets_bar_traces(nets: Mapping[str, Sequence[int]]) -> list[dict[str, Any]]:
    """The bars of :func:`nets_bar`, as plotly properties: what an app updates in place."""
    require_entries(nets, chart="nets_bar", what="list of nets by seat")
    traces = []
    for index, (label, values) in enumerate(nets.items()):
        if isinstance(values, (str, pd.DataFrame)) or not len(values):
            raise ValueError(f"nets_bar needs one net per seat for {label!r}, e.g. [-4, 4, 0, 0]")
        traces.append(
            {
                "x": [f"seat {seat}" for seat in range(len(values))],
                "y": list(values),
                "name": label,
                "text": [f"{value:+d}" if value else "0" for value in values],
                "marker_color": rule_set_colour(index),
            }
        )
    return traces


def nets_bar(
    nets: Mapping[str, Sequence[int]], *, title: str = "Net per seat under each rule set"
) -> go.Figure:
    """One group of bars per seat, one bar per rule set (label → nets by seat)."""
    figure = go.Figure([go.Bar(textposition="outside", **trace) for trace in nets_bar_traces(nets)])
    figure.update_layout(
        title=title, barmode="group", yaxis_title="net (base units)", yaxis_zeroline=True, **LAYOUT
    )
    figure.update_layout(**LEGEND_ON_TOP)
    return figure


class HasFrame(Protocol):
    def to_frame(self) -> pd.DataFrame: ...


def ledger_frame(ledger: pd.DataFrame | HasFrame) -> pd.DataFrame:
    """A ledger's frame, checked: a game's ``Ledger`` or its ``to_frame()``."""
    if not isinstance(ledger, pd.DataFrame) and hasattr(ledger, "to_frame"):
        ledger = ledger.to_frame()
    return require_columns(
        ledger, LEDGER_COLUMNS, chart="ledger_flows", rows=False, source="a Ledger's to_frame()"
    )


def ledger_flow_traces(ledger: pd.DataFrame | HasFrame) -> list[dict[str, Any]]:
    """The Sankey of :func:`ledger_flows` as plotly properties (none without payments)."""
    transfers = getattr(ledger, "transfers", None)
    rows: Iterable[tuple[Any, Any, Any, Any]]
    if isinstance(ledger, pd.DataFrame) or transfers is None:
        frame = ledger_frame(ledger)
        rows = zip(frame["payer"], frame["payee"], frame["reason"], frame["amount"], strict=True)
    else:  # a game's Ledger: read its transfers, no frame needed
        rows = ((t.payer, t.payee, t.reason, t.amount) for t in transfers)
    flows: dict[tuple[int, int, str], int] = {}
    for payer, payee, reason, amount in rows:
        key = (int(payer), int(payee), str(reason))
        flows[key] = flows.get(key, 0) + int(amount)
    if not flows:
        return []
    seats = sorted({payer for payer, _, _ in flows} | {payee for _, payee, _ in flows})
    left = {seat: index for index, seat in enumerate(seats)}
    right = {seat: len(seats) + index for index, seat in enumerate(seats)}
    colours = [SEAT_COLOURS[seat % len(SEAT_COLOURS)] for seat in seats]
    return [
        {
            "node": {
                "label": [f"seat {s} pays" for s in seats] + [f"seat {s} receives" for s in seats],
                "color": colours + colours,
            },
            "link": {
                "source": [left[payer] for payer, _, _ in flows],
                "target": [right[payee] for _, payee, _ in flows],
                "value": list(flows.values()),
                "label": [reason for _, _, reason in flows],
                "color": [translucent(reason_colour(reason)) for _, _, reason in flows],
            },
        }
    ]


def ledger_flows(ledger: pd.DataFrame | HasFrame, *, title: str = "Who pays whom") -> go.Figure:
    """A Sankey diagram of a deal's ledger: payers on the left, payees on the right.

    ``ledger`` is a game's ``Ledger`` or its ``to_frame()``: the columns ``payer``,
    ``payee``, ``amount`` and ``reason``; one band per payer, payee and reason.
    Without payments the diagram is hidden (a Sankey with no bands cannot be drawn)
    and the title says so.
    """
    traces = ledger_flow_traces(ledger)
    if not traces:
        figure = go.Figure(go.Sankey(visible=False))
        figure.update_layout(
            title=f"{title}: no payments yet", xaxis_visible=False, yaxis_visible=False, **LAYOUT
        )
        return figure
    figure = go.Figure(
        go.Sankey(
            arrangement="snap",
            node={"pad": 18, "thickness": 16, **traces[0]["node"]},
            link={
                **traces[0]["link"],
                "hovertemplate": "%{source.label} → %{target.label}: %{value} (%{label})"
                "<extra></extra>",
            },
        )
    )
    figure.update_layout(title=title, **LAYOUT)
    return figure
