"""Money charts both mahjong games share: nets per seat, and who pays whom in a deal.

Payment reasons are :class:`kit.ledger.Reason` members; a ledger frame may hold
them or their words (``"win on discard"``), which are equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pandas as pd

from kit.ledger import Reason
from kit.plots.common import (
    laid_out,
    legend_on_top,
    note,
    require_columns,
    require_entries,
    rule_set_colour,
    seat_colour,
    translucent,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = [
    "LEDGER_COLUMNS",
    "REASON_COLOURS",
    "ledger_flow_layout",
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
    nets: Mapping[str, Sequence[int]], *, title: str = "Money won or lost by each seat"
) -> go.Figure:
    """One group of bars per seat, one bar per rule set (label → nets by seat)."""
    import plotly.graph_objects as go

    return laid_out(
        go.Figure([go.Bar(textposition="outside", **trace) for trace in nets_bar_traces(nets)]),
        title,
        barmode="group",
        xaxis_title="seat",
        yaxis_title="money won (+) or lost (−), in stakes",
        yaxis_zeroline=True,
        **legend_on_top(),
    )


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
    colours = [seat_colour(seat) for seat in seats]
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


def _reasons(ledger: pd.DataFrame | HasFrame) -> list[str]:
    """The payment reasons of a ledger, in the order :data:`REASON_COLOURS` lists them."""
    transfers = getattr(ledger, "transfers", None)
    if isinstance(ledger, pd.DataFrame) or transfers is None:
        found = {str(reason) for reason in ledger_frame(ledger)["reason"]}
    else:
        found = {str(transfer.reason) for transfer in transfers}
    order = [str(reason) for reason in REASON_COLOURS]
    return sorted(found, key=lambda r: (order.index(r) if r in order else len(order), r))


def ledger_flow_layout(ledger: pd.DataFrame | HasFrame) -> dict[str, Any]:
    """The colour key of :func:`ledger_flows` (one coloured square per reason paid), as layout
    properties: what an app updates with the traces when the payments change."""
    reasons = _reasons(ledger)
    key = "   ".join(
        f'<span style="color:{reason_colour(reason)}">■</span> {reason}' for reason in reasons
    )
    text = f"<b>band colour = why:</b>   {key}" if reasons else ""
    return {
        "annotations": [
            note(text, y=-0.04, align="left", font={"size": 12}, name="reason key"),
        ]
    }


def ledger_flows(ledger: pd.DataFrame | HasFrame, *, title: str = "Who pays whom") -> go.Figure:
    """A Sankey diagram of a deal's ledger: payers on the left, payees on the right.

    ``ledger`` is a game's ``Ledger`` or its ``to_frame()``: the columns ``payer``,
    ``payee``, ``amount`` and ``reason``; one band per payer, payee and reason, coloured
    by the reason, with a colour key under the diagram. Seats keep the kit's seat colours.
    Without payments the diagram is hidden (a Sankey with no bands cannot be drawn)
    and the title says so.
    """
    import plotly.graph_objects as go

    traces = ledger_flow_traces(ledger)
    if not traces:
        return laid_out(
            go.Figure(go.Sankey(visible=False)),
            f"{title}: no payments yet",
            xaxis_visible=False,
            yaxis_visible=False,
        )
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
    return laid_out(
        figure,
        f"{title} (left: who pays, right: who receives)",
        margin={"l": 20, "r": 20, "t": 60, "b": 60},
        **ledger_flow_layout(ledger),
    )
