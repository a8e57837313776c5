"""Simulating Sichuan deals with bots: one tidy row per deal (reference/sichuan.md)."""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

from kit.sichuan.bots import efficient, flush_hunter, random_bot
from kit.sichuan.game import Table
from kit.sichuan.rules import Rules
from kit.sichuan.sim import deal_row, simulate
from kit.sim import game_seed

NETS = [f"net_{seat}" for seat in range(4)]
FANS = [f"fan_{seat}" for seat in range(4)]
COLUMNS = ["deal", "dealer", "ended_by", "wins", "turns", *NETS, *FANS, "patterns", "names",
           "self_drawn"]  # fmt: skip


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return simulate(120, seed=7)


def test_one_row_per_deal_with_the_documented_columns(frame: pd.DataFrame) -> None:
    assert len(frame) == 120
    assert list(frame.columns) == COLUMNS
    assert list(frame["deal"]) == list(range(120))
    assert list(frame["dealer"]) == [deal % 4 for deal in range(120)]  # the dealer moves round
    assert set(frame["ended_by"]) <= {"three-wins", "wall-empty"}
    assert ((frame["ended_by"] == "three-wins") == (frame["wins"] == 3)).all()
    assert frame["wins"].between(0, 3).all()
    assert (frame["turns"] > 0).all()
    assert frame.attrs["bots"] == ["efficient", "flush_hunter", "efficient", "flush_hunter"]
    assert frame.attrs["rules"] == Rules() and frame.attrs["seed"] == 7


def test_nets_sum_to_zero_in_every_row(frame: pd.DataFrame) -> None:
    assert (frame[NETS].sum(axis=1) == 0).all()
    assert (frame[NETS] != 0).any(axis=None)


def test_fan_patterns_and_self_draws_agree_with_the_wins(frame: pd.DataFrame) -> None:
    assert all(str(frame[column].dtype) == "Int64" for column in FANS)
    assert (frame[FANS].notna().sum(axis=1) == frame["wins"]).all()
    assert (frame[FANS].fillna(0) >= 0).all(axis=None)
    assert frame["self_drawn"].between(0, frame["wins"]).all()
    # one entry per win; an empty entry is a win with a pattern but no familiar name
    names = frame.apply(lambda row: row["names"].split(";") if row["wins"] else [], axis=1)
    assert (names.map(len) == frame["wins"]).all()
    assert (frame.loc[frame["wins"] == 0, "names"] == "").all()
    patterns = {key for text in frame["patterns"] for key in text.split(";") if key}
    assert patterns <= {"root", "all-pungs", "golden-wait", "full-flush", "seven-pairs",
                        "win-after-kong", "shot-after-kong", "robbing-kong", "under-the-sea"}  # fmt: skip
    assert frame["wins"].sum() > 0


def test_a_row_is_the_deal_its_seed_names(frame: pd.DataFrame) -> None:
    """Deal k is dealt from the run's seed and k alone, and played by the bots named."""
    for number in (0, 5, 119):
        table = Table.deal(dealer=number % 4, seed=game_seed(7, number))
        table.play([efficient, flush_hunter, efficient, flush_hunter])
        row = {k: None if v is pd.NA else v for k, v in frame.iloc[number].to_dict().items()}
        assert row == deal_row(number, table)


def test_same_seed_same_frame_other_seed_other_frame(frame: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(simulate(120, seed=7), frame)
    assert not simulate(120, seed=8).equals(frame)
    pd.testing.assert_frame_equal(simulate(40, seed="s"), simulate(40, seed="s"))


@pytest.mark.parametrize("pool", [ThreadPoolExecutor, ProcessPoolExecutor])
def test_any_executor_gives_the_same_frame(pool: type, frame: pd.DataFrame) -> None:
    with pool(max_workers=2) as executor:
        there = simulate(120, seed=7, executor=executor)
    pd.testing.assert_frame_equal(there, frame)


def test_progress_callback_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(30, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (30, 30)
    assert {total for _, total in seen} == {30}
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    seen.clear()
    with ThreadPoolExecutor(max_workers=2) as executor:
        simulate(30, seed=1, executor=executor, progress=lambda d, t: seen.append((d, t)))
    assert len(seen) > 1 and seen[-1] == (30, 30)


def test_rules_and_bots_are_passed_through() -> None:
    doubled = simulate(60, rules=Rules(base=2), seed=3)
    assert doubled.attrs["rules"] == Rules(base=2)
    assert (doubled[NETS] % 2 == 0).all(axis=None)  # every payment is in units of the base
    mixed = simulate(8, bots=[flush_hunter, "efficient", random_bot(1)], seed=0)
    assert mixed.attrs["bots"] == ["flush_hunter", "efficient", "random", "flush_hunter"]
    alone = simulate(8, bots=["efficient"], seed=0)
    assert alone.attrs["bots"] == ["efficient"] * 4


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": 0}, "deals must be a positive whole number"),
        ({"deals": -3}, "deals must be a positive whole number"),
        ({"deals": 2.5}, "deals must be a positive whole number"),
        ({"deals": "10"}, "deals must be a positive whole number"),
        ({"deals": 5, "bots": ["clever"]}, "unknown bot 'clever'"),
        ({"deals": 5, "bots": ["efficient"] * 5}, "5 bots for 4 seats"),
        ({"deals": 5, "bots": [3]}, "a bot is a name or a function"),
    ],
)
def test_bad_arguments_raise_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(**kwargs)  # type: ignore[arg-type]


def test_a_bool_is_no_number_of_deals() -> None:
    with pytest.raises(ValueError, match="deals must be a positive whole number"):
        simulate(True)  # type: ignore[arg-type]


# --- the random bot, size limits and argument errors --------------------------------------------


def test_the_random_bot_gives_the_same_rows_twice_and_under_any_executor() -> None:
    bot = random_bot(1)
    first = simulate(20, bots=[bot], seed=1)
    pd.testing.assert_frame_equal(simulate(20, bots=[bot], seed=1), first)
    for pool in (ThreadPoolExecutor, ProcessPoolExecutor):
        with pool(max_workers=2) as executor:
            there = simulate(20, bots=[bot], seed=1, executor=executor)
        pd.testing.assert_frame_equal(there, first)
    assert not simulate(20, bots=[random_bot(2)], seed=1).equals(first)


def test_random_is_a_registered_bot_and_plays_legal_deals() -> None:
    frame = simulate(6, bots=["random"], seed=2)
    assert frame.attrs["bots"] == ["random"] * 4
    assert (frame[NETS].sum(axis=1) == 0).all()


def test_a_bare_string_of_bots_is_refused_by_name() -> None:
    message = "bots must be a list of bot names or functions, not the string 'efficient'"
    with pytest.raises(ValueError, match=message):
        simulate(3, bots="efficient")  # type: ignore[arg-type]


def test_counts_above_the_limit_are_refused_before_anything_runs() -> None:
    from kit.sim import MAX_COUNT

    for deals in (MAX_COUNT + 1, 10**7, 10**12):
        with pytest.raises(ValueError, match="deals must be at most 1,000,000 in one run"):
            simulate(deals)


def test_rules_must_be_sichuan_rules() -> None:
    from kit.hongkong import Rules as HongKongRules

    for rules in (None, HongKongRules(), "default"):
        with pytest.raises(TypeError, match=r"rules must be a kit\.sichuan\.Rules value"):
            simulate(3, rules=rules)  # type: ignore[arg-type]


def test_a_long_run_is_planned_from_its_count_in_a_few_batches() -> None:
    from kit.sim import MAX_COUNT, plan_batches

    batches = plan_batches(1, MAX_COUNT, workers=2)
    assert len(batches) == 50
    assert sum(batch.units for batch in batches) == MAX_COUNT
    assert batches[0].start == 0 and batches[-1].stop == MAX_COUNT
    assert all(a.stop == b.start for a, b in itertools.pairwise(batches))
