"""Charts a class reads at once: titles and axes in words, legends off the data, one colour per
seat, a key for the payment flows, probability ticks in words, boxes not squashed flat.

The tests read each figure's data and layout, not pixels.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache

import pandas as pd
import plotly.graph_objects as go
import pytest

from kit import nylonppong, plots
from kit.hongkong import GOLDEN, PRESETS
from kit.plots import progress as progress_charts
from kit.plots.common import SEAT_COLOURS, odds_text, seat_colour
from kit.plots.display import VOILA_RENDERER, WidgetRenderer, use_widget_renderer_in_voila
from kit.plots.money import REASON_COLOURS, ledger_flows, reason_colour
from kit.progress import Deal, Decision, Store
from kit.sichuan import Ledger, Rules


@cache
def rows(game: str) -> pd.DataFrame:
    if game == "nylonppong":
        from kit.nylonppong.sim import simulate as np_simulate

        return np_simulate(40, seed=2, progress=False)
    if game == "sichuan":
        from kit.sichuan.sim import simulate as sc_simulate

        return sc_simulate(6, seed=2, progress=False)
    from kit.hongkong.sim import simulate as hk_simulate

    return hk_simulate(6, seed=2, progress=False)


def some_deals() -> list[Deal]:
    """Deals of two games over three days, as a learner's store keeps them."""
    store = Store(":memory:")
    line = Decision("discard", "5p", "9s", False, "kept 9s", 1.0)
    for day in range(3):
        at = datetime(2025, 3, 1 + day, 9, tzinfo=UTC)
        store.record_deal(Rules(), seed=day, lines=[line], net=day - 1, dealt_in=True, at=at)
        store.record_deal(
            nylonppong.Rules(), seed=day, lines=[], net=1 - day, dealt_in=False, at=at
        )
    return store.deals()


def a_ledger() -> Ledger:
    ledger = Ledger(Rules())
    ledger.kong(2, "concealed")
    ledger.win(3, fan=2, discarder=2)
    return ledger


CHARTS: dict[str, Callable[[], go.Figure]] = {
    "endings_chart": lambda: plots.endings_chart(rows("nylonppong")),
    "penalty_distribution": lambda: plots.penalty_distribution(rows("nylonppong")),
    "stop_failure_chart": lambda: plots.stop_failure_chart({"A": rows("nylonppong")}),
    "compare_rule_sets": lambda: plots.compare_rule_sets(
        {"A": rows("nylonppong"), "B": rows("nylonppong")}
    ),
    "probability_chart": lambda: plots.probability_chart(
        pd.DataFrame({"probability": [0.3, 0.02, 0.0004]}, index=["any", "straight", "flush"])
    ),
    "penalties_bar": lambda: plots.penalties_bar([4, 34, 38, 15]),
    "sichuan_net_distribution": lambda: plots.sichuan_net_distribution(rows("sichuan")),
    "sichuan_net_distribution (several)": lambda: plots.sichuan_net_distribution(
        {"A": rows("sichuan"), "B": rows("sichuan")}
    ),
    "pattern_frequencies": lambda: plots.pattern_frequencies(rows("sichuan")),
    "compare_payouts": lambda: plots.compare_payouts({"A": rows("sichuan")}),
    "hand_value_curve": lambda: plots.hand_value_curve({"cap 3": Rules(), "cap 5": Rules()}),
    "payment_curve": lambda: plots.payment_curve({"half": PRESETS["half-spicy"], "gold": GOLDEN}),
    "economics": lambda: plots.economics({"4 players": rows("hongkong"), "B": rows("hongkong")}),
    "fan_distribution": lambda: plots.fan_distribution({"A": rows("hongkong")}),
    "nets_bar": lambda: plots.nets_bar({"A": [-2, -2, -4, 8], "B": [0, 0, -8, 8]}),
    "ledger_flows": lambda: ledger_flows(a_ledger()),
    "coach_match_chart": lambda: progress_charts.coach_match_chart(some_deals()),
    "deal_in_chart": lambda: progress_charts.deal_in_chart(some_deals()),
    "net_chart": lambda: progress_charts.net_chart(some_deals()),
}

JARGON = re.compile(r"\|net\||base units|\^|\bmean\b")
"""Symbols and words a chart label must not lean on: |x|, "base units", powers, "mean"."""


def axes_of(figure: go.Figure) -> list[go.layout.XAxis | go.layout.YAxis]:
    layout = figure.layout
    names = [name for name in layout if re.fullmatch(r"[xy]axis\d*", name)]
    return [layout[name] for name in sorted(names)]


@pytest.mark.parametrize("name", list(CHARTS))
def test_every_chart_has_a_title_and_axis_titles_in_words(name: str) -> None:
    figure = CHARTS[name]()
    title = figure.layout.title.text
    assert title and len(title) > 8, f"{name} has no title"
    assert not JARGON.search(title), title
    if name == "ledger_flows":
        return  # a Sankey has no axes: its title says left pays, right receives
    axes = [axis for axis in axes_of(figure) if axis.showticklabels is not False]
    assert axes, f"{name} shows no axis"
    for axis in axes:
        text = axis.title.text
        assert text and re.search(r"[a-z]{3}", text), f"{name}: an axis without a title in words"
        assert not JARGON.search(text), f"{name}: {text!r}"


@pytest.mark.parametrize("name", list(CHARTS))
def test_a_legend_never_covers_the_data_or_a_panel_title(name: str) -> None:
    figure = CHARTS[name]()
    layout = figure.layout
    shown = [t for t in figure.data if getattr(t, "showlegend", False) is not False and t.name]
    if layout.showlegend is False or len(shown) < 2:
        return
    legend = layout.legend
    if legend.xref == "container" or legend.yref == "container":
        # a band under the title, above the plot area and any panel title
        assert legend.yref == "container" and legend.yanchor == "top"
        top_of_plot = layout.margin.t
        legend_top = (1 - legend.y) * layout.height
        assert legend_top >= 30 and legend_top + 22 <= top_of_plot - 20, (name, legend_top)
        assert layout.title.yref == "container" and layout.title.y > legend.y
    else:  # at the right, outside the plot area
        assert legend.x is not None and legend.x >= 1, name


def test_the_hong_kong_economics_legend_stays_off_the_panel_titles() -> None:
    figure = CHARTS["economics"]()
    panel_titles = [a.text for a in figure.layout.annotations]
    assert panel_titles == list(plots.ECONOMICS_MEASURES)
    assert not any("|" in text for text in panel_titles)
    legend = figure.layout.legend
    # the panel titles stand on the plot area (paper y = 1); the legend ends 20 px above it
    assert legend.yref == "container"
    assert (1 - legend.y) * figure.layout.height + 22 < figure.layout.margin.t - 20
    assert [figure.layout[f"yaxis{n}"].title.text for n in ("", "2", "3")] == [
        "money, in payment-table units",
        "share of deals",
        "fan",
    ]


def test_one_colour_per_seat_across_the_kit() -> None:
    seats = [seat_colour(seat) for seat in range(4)]
    assert seats == list(SEAT_COLOURS[:4])
    boxes = CHARTS["sichuan_net_distribution"]()
    assert [trace.marker.color for trace in boxes.data] == seats
    penalties = CHARTS["penalty_distribution"]()
    assert [trace.marker.color for trace in penalties.data][:4] == seats[: len(penalties.data)]
    bars = CHARTS["penalties_bar"]()
    assert list(bars.data[0].marker.color) == seats
    assert list(bars.data[0].text) == ["4 (fewest)", "34", "38", "15"]
    flows = CHARTS["ledger_flows"]()
    node = flows.data[0].node
    for label, colour in zip(node.label, node.color, strict=True):
        assert colour == seat_colour(int(label.split()[1])), label


def test_the_who_pays_whom_chart_has_a_key_for_its_reasons() -> None:
    figure = CHARTS["ledger_flows"]()
    reasons = set(figure.data[0].link.label)
    assert reasons == {"concealed kong", "win on discard"}
    (key,) = [a for a in figure.layout.annotations if a.name == "reason key"]
    for reason in reasons:
        assert f'<span style="color:{reason_colour(reason)}">■</span> {reason}' in key.text
    assert key.text.index("win on discard") < key.text.index("concealed kong")  # kit order
    assert key.y < 0 and key.yanchor == "top"  # under the diagram
    assert len(set(REASON_COLOURS.values())) == len(REASON_COLOURS)  # no two reasons alike
    assert "left: who pays" in figure.layout.title.text
    empty = plots.ledger_flows(Ledger(Rules()))
    assert "no payments yet" in empty.layout.title.text


def test_probability_ticks_read_one_in_n_never_si_prefixes() -> None:
    figure = CHARTS["probability_chart"]()
    axis = figure.layout.yaxis
    assert axis.type == "log"
    assert list(axis.ticktext) == ["certain", "1 in 10", "1 in 100", "1 in 1,000", "1 in 10,000"]
    assert list(axis.tickvals) == [1, 0.1, 0.01, 0.001, 0.0001]
    assert list(figure.data[0].text) == ["30%", "2.0% (1 in 50)", "1 in 2,500"]
    assert not any("µ" in text for text in [*axis.ticktext, *figure.data[0].text])
    assert odds_text(1.0) == "100%" and odds_text(0.05) == "5.0% (1 in 20)"


def test_one_outlier_does_not_squash_the_sichuan_boxes() -> None:
    nets = {f"net_{seat}": [(-1) ** i * (i % 5) for i in range(200)] for seat in range(4)}
    frame = pd.DataFrame(nets)
    frame.loc[7, "net_2"] = 512  # one enormous deal
    frame.loc[7, "net_0"] = -512
    figure = plots.sichuan_net_distribution(frame)
    low, high = figure.layout.yaxis.range
    assert -10 < low < 0 < high < 10, "the axis shows the middle of the deals"
    (note,) = [a for a in figure.layout.annotations if a.name == "clip note"]
    assert "2 of 800 seat-deals lie beyond it, up to 512 stakes" in note.text
    assert figure.layout.yaxis.title.text == "money won (+) or lost (−) per deal, in stakes"
    everything = plots.sichuan_net_distribution(frame, clip=None)
    assert everything.layout.yaxis.range is None and not everything.layout.annotations
    calm = plots.sichuan_net_distribution(frame.drop(index=7))
    assert calm.layout.yaxis.range is None, "no cut when nothing squashes the boxes"


def test_in_voila_a_figure_travels_inside_an_output_widget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import plotly.io as pio

    monkeypatch.setattr(pio.renderers, "default", pio.renderers.default)
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    assert not use_widget_renderer_in_voila()  # JupyterLab keeps plotly's own renderer
    monkeypatch.setenv("VOILA_KERNEL_ID", "1234")
    assert use_widget_renderer_in_voila()
    bundle = plots.nets_bar({"A": [1, -1]})._repr_mimebundle_()
    view = bundle["application/vnd.jupyter.widget-view+json"]
    assert bundle["text/plain"] == "a chart: Money won or lost by each seat"
    import ipywidgets.widgets.widget as registry

    holder = registry._instances[view["model_id"]]
    assert "kit-figure" in holder._dom_classes
    (output,) = holder.outputs
    assert "application/vnd.plotly.v1+json" in output["data"]
    assert isinstance(pio.renderers[VOILA_RENDERER], WidgetRenderer)
