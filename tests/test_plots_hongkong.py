"""The Hong Kong charts: a table or a DataFrame in, a Figure out; the tests read the figures' data."""

from __future__ import annotations

import pandas as pd
import pytest

from kit import plots
from kit.hongkong import GOLDEN, PRESETS, PaymentTable, Rules
from kit.hongkong.sim import simulate


def frame(nets: list[list[int]], fans: list[int | None], ended: list[str]) -> pd.DataFrame:
    """Rows shaped like :func:`kit.hongkong.sim.simulate`: one per deal."""
    rows = pd.DataFrame(
        {"ended_by": ended, "fan": pd.array(fans, dtype="Int64")}
        | {f"net_{seat}": [net[seat] for net in nets] for seat in range(len(nets[0]))}
    )
    return rows


def test_payment_curve_draws_both_columns_of_each_table() -> None:
    figure = plots.payment_curve({"half-spicy": PRESETS["half-spicy"], "golden": GOLDEN})
    assert [trace.type for trace in figure.data] == ["scatter"] * 4
    assert [trace.name for trace in figure.data] == [
        "half-spicy: discarder pays",
        "half-spicy: each pays on a self-draw",
        "golden: discarder pays",
        "golden: each pays on a self-draw",
    ]
    assert list(figure.data[0].x) == list(range(3, 11))
    assert list(figure.data[0].y) == [16, 32, 48, 64, 96, 128, 192, 256]
    assert list(figure.data[1].y) == [8, 16, 24, 32, 48, 64, 96, 128]
    assert list(figure.data[3].y) == list(figure.data[2].y) == list(figure.data[0].y)
    assert figure.data[0].line.dash == "solid" and figure.data[1].line.dash == "dash"
    assert figure.data[0].legendgroup == figure.data[1].legendgroup == "half-spicy"
    assert figure.layout.xaxis.title.text == "fan of the winning hand"
    assert figure.layout.yaxis.type == "linear"


def test_payment_curve_of_an_edited_table_and_a_log_scale() -> None:
    edited = PaymentTable.from_frame(
        pd.DataFrame({"discard": [10, 20], "self_draw": [5, 10]}, index=[3, 4]), name="mine"
    )
    figure = plots.payment_curve(
        {"mine": edited, "full-spicy": PRESETS["full-spicy"]}, title="t", log=True
    )
    assert list(figure.data[0].x) == [3, 4] and list(figure.data[0].y) == [10, 20]
    assert list(figure.data[2].y)[-1] == 2048
    assert figure.layout.yaxis.type == "log" and figure.layout.title.text == "t"
    assert list(figure.layout.yaxis.tickvals) == [2**power for power in range(2, 12)]  # 4 … 2048
    # the earlier table is drawn wider underneath, so equal tables both show
    assert figure.data[0].line.width > figure.data[2].line.width


def test_economics_measures_each_frame() -> None:
    four = frame(
        [[48, -48, 0, 0], [-16, -16, 48, -16], [0, 0, 0, 0]],
        [5, 4, None],
        ["win", "win", "wall-empty"],
    )
    two = frame([[-32, 32], [64, -64]], [4, 6], ["win", "win"])
    figure = plots.economics({"4 players": four, "2 players": two})
    assert [trace.type for trace in figure.data] == ["bar"] * 6
    by_label: dict[str, list[float]] = {}
    for trace in figure.data:
        by_label.setdefault(trace.name, []).append(float(trace.y[0]))
    assert by_label["4 players"] == pytest.approx([(96 + 96) / 12, 2 / 3, 4.5])
    assert by_label["2 players"] == pytest.approx([48.0, 1.0, 5.0])
    assert [trace.showlegend for trace in figure.data] == [True, False, False] * 2
    titles = [annotation.text for annotation in figure.layout.annotations]
    assert titles == list(plots.ECONOMICS_MEASURES)
    assert figure.layout.yaxis2.tickformat == ".0%"


def test_economics_of_real_simulations_of_both_table_sizes() -> None:
    frames = {
        "4 players": simulate(8, seed=3, progress=False),
        "2 players, 80 tiles": simulate(8, rules=Rules(players=2), seed=3, progress=False),
    }
    figure = plots.economics(frames)
    assert {trace.name for trace in figure.data} == set(frames)
    for trace in figure.data:
        assert float(trace.y[0]) >= 0
