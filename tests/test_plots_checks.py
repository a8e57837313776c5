"""Every chart checks its input: another game's rows, or none, say which columns it needs."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pandas as pd
import pytest

from kit import plots
from kit.hongkong import PRESETS


@cache
def rows(game: str) -> pd.DataFrame:
    """A few rows of each game's ``simulate``."""
    if game == "nylonppong":
        from kit.nylonppong.sim import simulate as np_simulate

        return np_simulate(30, seed=1)
    if game == "sichuan":
        from kit.sichuan.sim import simulate as sc_simulate

        return sc_simulate(4, seed=1)
    from kit.hongkong.sim import simulate as hk_simulate

    return hk_simulate(4, seed=1)


Chart = Callable[[pd.DataFrame], Any]

CHARTS: dict[str, tuple[str, Chart, tuple[str, ...]]] = {
    # name: (the game whose rows it draws, the call, words the error must name)
    "endings_chart": ("nylonppong", plots.endings_chart, ("ended_by",)),
    "penalty_distribution": ("nylonppong", plots.penalty_distribution, ("penalty_0",)),
    "stop_failure_chart": (
        "nylonppong",
        lambda f: plots.stop_failure_chart({"A": f}),
        ("stop_sum", "stop_failed"),
    ),
    "compare_rule_sets": (
        "nylonppong",
        lambda f: plots.compare_rule_sets({"A": f}),
        ("penalty_0",),
    ),
    "sichuan_net_distribution": ("sichuan", plots.sichuan_net_distribution, ("net_0",)),
    "sichuan_net_distribution (several)": (
        "sichuan",
        lambda f: plots.sichuan_net_distribution({"A": f}),
        ("net_0",),
    ),
    "pattern_frequencies": ("sichuan", plots.pattern_frequencies, ("patterns", "wins")),
    "compare_payouts": ("sichuan", lambda f: plots.compare_payouts({"A": f}), ("fan_0",)),
    "economics": ("hongkong", lambda f: plots.economics({"A": f}), ("ended_by", "fan", "net_0")),
    "fan_distribution": ("hongkong", lambda f: plots.fan_distribution({"A": f}), ("fan",)),
}
GAMES = ("nylonppong", "sichuan", "hongkong")


def cases() -> list[Any]:
    found = []
    for name, (game, _, _) in CHARTS.items():
        for other in GAMES:
            if other == game:
                continue
            if name.startswith("sichuan_net_distribution") and other == "hongkong":
                continue  # Hong Kong rows have the same net_<seat> columns: a fair chart
            found.append(pytest.param(name, other, id=f"{name}-given-{other}"))
    return found


@pytest.mark.parametrize(("name", "game"), cases())
def test_a_chart_given_another_games_rows_names_the_columns_it_needs(name: str, game: str) -> None:
    _, draw, needed = CHARTS[name]
    with pytest.raises(ValueError, match="needs") as raised:
        draw(rows(game))
    message = str(raised.value)
    assert any(column in message for column in needed), message


@pytest.mark.parametrize("name", list(CHARTS))
def test_a_chart_given_an_empty_frame_says_what_it_needs(name: str) -> None:
    game, draw, needed = CHARTS[name]
    for empty in (pd.DataFrame(), rows(game).iloc[0:0]):
        with pytest.raises(ValueError, match="needs") as raised:
            draw(empty)
        assert any(column in str(raised.value) for column in needed) or "no rows" in str(
            raised.value
        )


@pytest.mark.parametrize("name", list(CHARTS))
def test_a_chart_draws_its_own_games_rows(name: str) -> None:
    game, draw, _ = CHARTS[name]
    assert draw(rows(game)).data


def test_the_error_lists_the_columns_the_frame_has() -> None:
    with pytest.raises(ValueError, match=r"needs a frame with the column ended_by.*has x, y"):
        plots.endings_chart(pd.DataFrame({"x": [1], "y": [2]}))


def test_endings_of_another_game_are_refused() -> None:
    frame = pd.DataFrame({"ended_by": ["win", "wall-empty"]})
    with pytest.raises(ValueError, match="combination, stop, ppong-out, deck-empty"):
        plots.endings_chart(frame)


@pytest.mark.parametrize(
    "draw",
    [
        lambda: plots.compare_rule_sets({}),
        lambda: plots.compare_payouts({}),
        lambda: plots.economics({}),
        lambda: plots.nets_bar({}),
        lambda: plots.payment_curve({}),
        lambda: plots.hand_value_curve({}),
        lambda: plots.stop_failure_chart({}),
        lambda: plots.sichuan_net_distribution({}),
        lambda: plots.penalties_bar([]),
        lambda: plots.nets_bar({"A": []}),
    ],
)
def test_nothing_to_draw_is_a_clear_value_error(draw: Callable[[], Any]) -> None:
    with pytest.raises(ValueError, match="needs"):
        draw()


def test_probability_chart_needs_the_probability_column() -> None:
    with pytest.raises(ValueError, match="probability"):
        plots.probability_chart(rows("sichuan"))


def test_ledger_flows_needs_a_ledgers_columns() -> None:
    with pytest.raises(ValueError, match="payer, payee, amount, reason"):
        plots.ledger_flows(rows("sichuan"))
    with pytest.raises(ValueError, match="payer, payee, amount, reason"):
        plots.ledger_flows(pd.DataFrame())


def test_payment_curve_needs_payment_tables() -> None:
    with pytest.raises(ValueError, match="PaymentTable"):
        plots.payment_curve({"A": rows("hongkong")})  # type: ignore[dict-item]
    assert plots.payment_curve({"half-spicy": PRESETS["half-spicy"]}).data


def test_every_name_of_the_old_plots_module_still_imports() -> None:
    import kit.plots

    names = [
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
        "ENDING_COLOURS",
        "SEAT_COLOURS",
        "LAYOUT",
        "RULE_SET_COLOURS",
        "LEGEND_ON_TOP",
        "seat_columns",
        "penalty_columns",
        "seat_label",
        "rule_set_colour",
        "translucent",
    ]
    assert [name for name in names if not hasattr(kit.plots, name)] == []


def test_reason_colours_match_reasons_and_their_words() -> None:
    from kit.ledger import Reason
    from kit.plots.money import reason_colour

    assert reason_colour(Reason.FLOWER_PIG) == reason_colour("flower pig") == "#b15928"
    assert reason_colour("something else") == "#999999"
    assert all(isinstance(reason, Reason) for reason in plots.REASON_COLOURS)
