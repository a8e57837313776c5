"""The apps update their charts in place: only what changed, and nothing when nothing did.

A learner's edit must answer at once (kernel side well under 20 ms, see
``benchmarks/widgets.py``); building a plotly figure costs more than that, so
the three apps redrawn on every change keep their figure and update its traces.
"""

from __future__ import annotations

import json

import plotly.graph_objects as go

from kit import plots
from kit.widgets.common import chart, refresh
from kit.widgets.hongkong import TableEditor
from kit.widgets.nylonppong import SettlementExplorer
from kit.widgets.sichuan import PayoutExplorer


def shown(target: object) -> dict[str, object]:
    """The figure a chart area sends to the page, as the page reads it."""
    outputs = target.outputs  # type: ignore[attr-defined]
    bundle = outputs[0]["data"]["application/vnd.plotly.v1+json"]
    return json.loads(json.dumps(bundle, default=list))  # type: ignore[no-any-return]


def test_refresh_builds_once_then_updates_in_place_and_skips_when_unchanged() -> None:
    area = chart("kit-test-chart")
    built: list[int] = []

    def build(values: list[int]) -> go.Figure:
        built.append(1)
        return plots.penalties_bar(values)

    for values in ([4, 34, 38, 15], [6, 34, 38, 15], [6, 34, 38, 15]):
        changed = refresh(
            area,
            lambda values=values: build(values),  # type: ignore[misc]
            shape=len(values),
            values=tuple(values),
            traces=lambda values=values: plots.penalties_bar_traces(values),  # type: ignore[misc]
        )
        assert list(area.data[0].y) == values
        assert shown(area)["data"][0]["y"] == values  # type: ignore[index]
    assert len(built) == 1
    assert changed is False
    refresh(
        area,
        lambda: build([1, 2, 3]),
        shape=3,
        values=(1, 2, 3),
        traces=lambda: plots.penalties_bar_traces([1, 2, 3]),
    )
    assert len(built) == 2 and list(area.data[0].x) == ["seat 0", "seat 1", "seat 2"]


def test_settlement_explorer_updates_its_bars_and_title_in_place() -> None:
    explorer = SettlementExplorer()
    figure = explorer.chart.figure
    explorer.hands[0].value = "1 2"
    assert explorer.chart.figure is figure
    assert list(explorer.chart.data[0].y) == explorer.penalties
    assert shown(explorer.chart)["data"][0]["y"] == explorer.penalties  # type: ignore[index]
    explorer.ending.value = "deck-empty"
    assert "deck-empty" in explorer.chart.layout.title.text
    assert list(explorer.chart.data[0].y) == explorer.penalties


def test_payout_explorer_updates_nets_and_flows_after_a_script_edit() -> None:
    explorer = PayoutExplorer(script="win 1 fan 1 from 0\nwin 3 fan 2 self")
    nets = explorer.nets_chart.figure
    explorer.script.value = "win 1 fan 1 from 0\nwin 3 fan 3 self"
    assert explorer.nets_chart.figure is nets
    bars = {trace.name.split(":")[0]: list(trace.y) for trace in explorer.nets_chart.data}
    assert bars == {"A": explorer.deals["A"].net, "B": explorer.deals["B"].net}
    flows = explorer.flows_chart.data[0]
    assert sum(flows.link.value) == sum(t.amount for t in explorer.deals["A"].transfers)
    explorer.rule_controls["A"]["fan_cap"].value = 3
    names = [trace.name for trace in explorer.nets_chart.data]
    assert names[0].startswith("A: cap 3")
    explorer.script.value = ""
    assert explorer.flows_chart.layout.title.text.endswith("no payments yet")


def test_table_editor_moves_one_point_and_keeps_the_log_ticks_right() -> None:
    editor = TableEditor()
    curve, compare = editor.curve.figure, editor.compare.figure
    editor.cells[(10, "discard")].value = 4096
    assert editor.curve.figure is curve and editor.compare.figure is compare
    assert editor.curve.data[0].y[-1] == 4096
    assert editor.compare.data[0].y[-1] == 4096
    assert 4096 in editor.compare.layout.yaxis.tickvals
    editor.fan.value = 7  # the payouts change, the charts do not
    assert editor.curve.figure is curve
    editor.which.value = "golden"
    assert editor.curve.data[0].name.startswith("edited Golden table")
