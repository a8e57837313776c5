"""Simulating Nylon-ppong games with bots: one tidy row per round, and the charts drawn from it."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

from kit import plots
from kit.nylonppong import Rules, combination_odds, settle_round
from kit.nylonppong.bots import cautious, random_bot
from kit.nylonppong.sim import simulate
from kit.plots.common import seat_colour

RULES = Rules(players=3, rounds=4)


def test_one_row_per_round_in_games_of_rules_rounds() -> None:
    frame = simulate(10, rules=RULES, seed=2)
    assert len(frame) == 10
    assert list(frame["game"]) == [0] * 4 + [1] * 4 + [2] * 2
    assert list(frame["round"]) == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2]
    assert set(frame["ended_by"]) <= {"combination", "stop", "ppong-out", "deck-empty"}
    assert [c for c in frame.columns if c.startswith("penalty_")] == [
        "penalty_0",
        "penalty_1",
        "penalty_2",
    ]
    assert frame.attrs["bots"] == ["greedy", "cautious", "greedy"]


def test_same_seed_same_rows_and_other_seed_other_rows() -> None:
    a = simulate(200, rules=RULES, seed=11)
    b = simulate(200, rules=RULES, seed=11)
    c = simulate(200, rules=RULES, seed=12)
    pd.testing.assert_frame_equal(a, b)
    assert not a.equals(c)


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_any_executor_gives_the_same_rows(pool: type) -> None:
    here = simulate(120, rules=RULES, seed=5)
    with pool(max_workers=2) as executor:
        there = simulate(120, rules=RULES, seed=5, executor=executor)
    pd.testing.assert_frame_equal(here, there)


def test_progress_callback_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(30, rules=RULES, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (30, 30)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_stop_columns_agree_with_settlement() -> None:
    frame = simulate(400, rules=RULES, seed=3)
    stops = frame[frame["ended_by"] == "stop"]
    assert len(stops) > 0
    assert (stops["stop_sum"] <= RULES.stop_limit).all()
    failed = stops[stops["stop_failed"].astype(bool)]
    for _, row in failed.iterrows():
        assert row[f"penalty_{row['player']}"] >= RULES.failed_stop_penalty
    assert frame.loc[frame["ended_by"] != "stop", "stop_failed"].isna().all()


def test_victim_named_only_for_ppong_out() -> None:
    frame = simulate(400, rules=RULES, seed=4)
    assert frame.loc[frame["ended_by"] == "ppong-out", "victim"].notna().all()
    assert frame.loc[frame["ended_by"] != "ppong-out", "victim"].isna().all()


def test_bot_functions_and_names_mix() -> None:
    frame = simulate(8, rules=RULES, bots=[cautious, "greedy", random_bot(1)], seed=0)
    assert frame.attrs["bots"] == ["cautious", "greedy", "random"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rounds": 0}, "positive"),
        ({"rounds": 5, "bots": ["clever"]}, "unknown bot"),
        ({"rounds": 5, "bots": ["greedy"] * 4}, "4 bots for 3 seats"),
    ],
)
def test_bad_arguments_raise_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(rules=RULES, **kwargs)  # type: ignore[arg-type]


def test_charts_carry_the_simulated_data() -> None:
    frame = simulate(300, rules=RULES, seed=9)
    endings = plots.endings_chart(frame)
    shares = frame["ended_by"].value_counts(normalize=True)
    assert dict(zip(endings.data[0].x, endings.data[0].y, strict=True)) == pytest.approx(
        shares.to_dict()
    )
    boxes = plots.penalty_distribution(frame)
    assert [trace.name for trace in boxes.data] == [
        "seat 0 (greedy)",
        "seat 1 (cautious)",
        "seat 2 (greedy)",
    ]
    stops = plots.stop_failure_chart({"A": frame})
    assert max(stops.data[0].x) <= RULES.stop_limit
    compare = plots.compare_rule_sets({"A": frame, "B": frame})
    assert list(compare.data[1].y) == pytest.approx(
        [frame[f"penalty_{s}"].mean() for s in range(3)]
    )


def test_probability_and_penalty_charts() -> None:
    odds = combination_odds()
    figure = plots.probability_chart(odds)
    assert list(figure.data[0].x)[-1] == "any"
    assert figure.data[0].y[-1] == pytest.approx(79_112 / 12_271_512)
    penalties = settle_round([[1, 2], [5, 6]], ended_by="stop", player=0)
    bar = plots.penalties_bar(penalties)
    assert list(bar.data[0].y) == [3, 11]
    assert list(bar.data[0].marker.color) == [seat_colour(0), seat_colour(1)]
    assert bar.data[0].text[0] == "3 (fewest)"


def test_the_random_bot_gives_the_same_rows_with_any_executor() -> None:
    rules = Rules(players=3, rounds=5)
    kwargs = {"rules": rules, "bots": ["random", "greedy"], "seed": 1}
    plain = simulate(30, **kwargs)  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(plain, simulate(30, **kwargs))  # type: ignore[arg-type]
    with ThreadPoolExecutor(2) as threads:
        pd.testing.assert_frame_equal(plain, simulate(30, executor=threads, **kwargs))  # type: ignore[arg-type]
    with ProcessPoolExecutor(2) as processes:
        pd.testing.assert_frame_equal(plain, simulate(30, executor=processes, **kwargs))  # type: ignore[arg-type]
