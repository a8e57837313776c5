"""The Sichuan charts: a DataFrame in, a Figure out; the tests read the figures' data."""

from __future__ import annotations

import pandas as pd
import pytest

from kit import plots
from kit.sichuan import Rules
from kit.sichuan.settle import Ledger
from kit.sichuan.sim import simulate


def frame(rules: Rules | None = None) -> pd.DataFrame:
    """Three deals, shaped like :func:`kit.sichuan.sim.simulate` rows."""
    rows = pd.DataFrame(
        {
            "deal": [0, 1, 2],
            "wins": [2, 1, 0],
            "net_0": [10, -4, 0],
            "net_1": [-5, 4, 0],
            "net_2": [-5, 0, 0],
            "net_3": [0, 0, 0],
            "fan_0": pd.array([2, None, None], dtype="Int64"),
            "fan_1": pd.array([None, 5, None], dtype="Int64"),
            "fan_2": pd.array([0, None, None], dtype="Int64"),
            "fan_3": pd.array([None, None, None], dtype="Int64"),
            "patterns": ["full-flush;root", "seven-pairs;full-flush", ""],
            "names": ["清一色;平胡", "清七对", ""],
        }
    )
    rows.attrs.update(
        rules=rules or Rules(), bots=["efficient", "flush_hunter", "efficient", "flush_hunter"]
    )
    return rows


def test_net_distribution_has_one_box_per_seat() -> None:
    figure = plots.sichuan_net_distribution(frame())
    assert [trace.type for trace in figure.data] == ["box"] * 4
    assert figure.data[0].name == "seat 0 (efficient)"
    assert list(figure.data[1].y) == [-5, 4, 0]


def test_net_distribution_of_two_rule_sets_groups_boxes_by_seat() -> None:
    figure = plots.sichuan_net_distribution({"A": frame(), "B": frame()})
    assert [trace.name for trace in figure.data] == ["A", "B"]
    assert len(figure.data[0].y) == 12
    assert figure.data[0].x[3] == "seat 1 (flush_hunter)"
    assert figure.layout.boxmode == "group"


def test_pattern_frequencies_are_shares_of_wins() -> None:
    figure = plots.pattern_frequencies(frame())
    bar = figure.data[0]
    shares = {key: share for (key, _), share in zip(bar.customdata, bar.y, strict=True)}
    assert shares["full-flush"] == pytest.approx(2 / 3)
    assert shares["root"] == shares["seven-pairs"] == pytest.approx(1 / 3)
    assert shares["robbing-kong"] == 0  # standard patterns are shown even at 0 %
    assert "all-simples" not in shares  # optional ones only when they occur
    assert "full flush<br>清一色" in bar.x
    assert "3 wins" in figure.layout.title.text


def test_compare_payouts_measures_nets_losses_and_hand_values() -> None:
    figure = plots.compare_payouts({"A": frame(), "B": frame(Rules(fan_cap=6))})
    a, b = figure.data
    assert list(a.x) == list(plots.PAYOUT_MEASURES)
    mean_abs = (10 + 5 + 5 + 4 + 4) / 12
    biggest_loss = (5 + 4 + 0) / 3
    assert list(a.y) == pytest.approx([mean_abs, biggest_loss, (4 + 16 + 1) / 3])
    assert list(b.y)[2] == pytest.approx((4 + 32 + 1) / 3)  # a 5-fan hand under cap 6


def test_compare_payouts_needs_the_rules_of_each_frame() -> None:
    bare = frame()
    bare.attrs.clear()
    with pytest.raises(ValueError, match="rules"):
        plots.compare_payouts({"A": bare})


def test_nets_bar_groups_rule_sets_by_seat() -> None:
    figure = plots.nets_bar({"A": [-7, 2, -5, 10], "B": [-10, 2, -8, 16]})
    assert [trace.name for trace in figure.data] == ["A", "B"]
    assert list(figure.data[1].y) == [-10, 2, -8, 16]
    assert list(figure.data[0].x) == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert figure.data[0].text[3] == "+10"
    assert figure.layout.barmode == "group"


def test_ledger_flows_draw_each_payer_payee_and_reason() -> None:
    deal = Ledger()
    deal.kong(0, "concealed")
    deal.win(1, fan=2, discarder=0)
    deal.win(3, fan=2)
    sankey = plots.ledger_flows(deal.to_frame()).data[0]
    assert sankey.type == "sankey"
    labels = list(sankey.node.label)
    links = {
        (labels[s], labels[t], reason): value
        for s, t, reason, value in zip(
            sankey.link.source,
            sankey.link.target,
            sankey.link.label,
            sankey.link.value,
            strict=True,
        )
    }
    assert links[("seat 0 pays", "seat 1 receives", "win on discard")] == 4
    assert links[("seat 2 pays", "seat 3 receives", "self-drawn win")] == 5
    assert links[("seat 1 pays", "seat 0 receives", "concealed kong")] == 2
    assert sum(sankey.link.value) == sum(t.amount for t in deal.transfers)


def test_ledger_flows_of_an_empty_ledger_say_so() -> None:
    figure = plots.ledger_flows(Ledger())
    assert figure.data[0].visible is False
    assert figure.layout.title.text == "Who pays whom: no payments yet"


def test_charts_read_real_simulation_rows() -> None:
    rows = simulate(8, seed=3)
    assert len(plots.sichuan_net_distribution(rows).data) == 4
    assert plots.pattern_frequencies(rows).data[0].y is not None
    assert len(plots.compare_payouts({"A": rows}).data[0].y) == 3
