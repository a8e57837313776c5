"""Hong Kong payment tables: bad cells, bad shapes, bad numbers, and the Golden default."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest

from kit.hongkong import GOLDEN, PRESETS, PaymentTable, Rules, payout
from kit.hongkong.rules import golden_of


def half_spicy() -> pd.DataFrame:
    return PRESETS["half-spicy"].to_frame()


def with_cell(value: object, fan: int = 5, column: str = "discard") -> pd.DataFrame:
    frame = half_spicy().astype(object)
    frame.loc[fan, column] = value
    return frame


# --- cells ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [math.inf, -math.inf, np.inf, np.float64(-np.inf)])
def test_an_infinite_cell_is_a_clear_value_error(value: object) -> None:
    with pytest.raises(ValueError, match=r"discard at fan 5 is -?inf; payments are finite"):
        Rules(table=with_cell(value))


def test_an_infinite_cell_in_a_float_column_is_a_clear_value_error() -> None:
    frame = half_spicy().astype(float)
    frame.loc[7, "self_draw"] = np.inf
    with pytest.raises(ValueError, match="self_draw at fan 7 is inf"):
        PaymentTable.from_frame(frame)


def test_a_nan_cell_is_refused() -> None:
    with pytest.raises(ValueError, match=r"discard at fan 5 is empty \(NaN\)"):
        Rules(table=with_cell(math.nan))


@pytest.mark.parametrize("value", ["48", "forty-eight", True, False, np.bool_(True), None, 4.5])
def test_strings_booleans_and_fractions_are_refused_not_coerced(value: object) -> None:
    with pytest.raises(ValueError, match="discard at fan 5 must be a whole number of points"):
        Rules(table=with_cell(value))


@pytest.mark.parametrize("value", [np.int64(50), np.int32(50), 50.0, np.float64(50.0)])
def test_numpy_integers_and_whole_floats_are_read_as_ints(value: object) -> None:
    rules = Rules(table=with_cell(value))
    assert rules.table.discard(5) == 50
    assert type(rules.table.discard(5)) is int


def test_whole_float_and_numpy_columns_are_fine() -> None:
    for frame in (half_spicy().astype(float), half_spicy().astype(np.int32)):
        assert Rules(table=frame).table.rows == PRESETS["half-spicy"].rows


def test_a_negative_payment_is_refused() -> None:
    with pytest.raises(ValueError, match="row for fan 5 has a negative payment"):
        Rules(table=with_cell(-1))


def test_a_negative_fan_row_is_refused() -> None:
    frame = pd.concat([pd.DataFrame({"discard": [1], "self_draw": [1]}, index=[-2]), half_spicy()])
    with pytest.raises(ValueError, match="row for fan -2; fans are 0 or more"):
        Rules(table=frame)


@pytest.mark.parametrize("fan", ["3", 3.5, True])
def test_a_fan_index_must_be_a_whole_number(fan: object) -> None:
    frame = half_spicy()
    frame.index = pd.Index([fan, *frame.index[1:]], dtype=object)
    with pytest.raises(ValueError, match="fan index must be a whole number"):
        PaymentTable.from_frame(frame)


def test_a_fan_listed_twice_is_named() -> None:
    frame = half_spicy()
    frame.index = pd.Index([3, 3, *frame.index[2:]])
    with pytest.raises(ValueError, match="lists fan 3 twice"):
        PaymentTable.from_frame(frame)


# --- shapes -----------------------------------------------------------------------------------


def test_duplicate_columns_are_named() -> None:
    frame = pd.concat([half_spicy(), half_spicy()[["discard"]]], axis=1)
    with pytest.raises(ValueError, match="has the column discard twice"):
        Rules(table=frame)


def test_multiindex_columns_give_an_accurate_message() -> None:
    frame = half_spicy()
    frame.columns = pd.MultiIndex.from_tuples([("pay", "discard"), ("pay", "self_draw")])
    with pytest.raises(ValueError, match="MultiIndex"):
        Rules(table=frame)


def test_a_multiindex_of_fans_gives_an_accurate_message() -> None:
    frame = half_spicy()
    frame.index = pd.MultiIndex.from_tuples([(fan, "x") for fan in frame.index])
    with pytest.raises(ValueError, match="MultiIndex"):
        Rules(table=frame)


def test_from_frame_needs_a_dataframe() -> None:
    with pytest.raises(TypeError, match="DataFrame indexed by fan, not dict"):
        PaymentTable.from_frame({"discard": [16]})  # type: ignore[arg-type]


# --- the numbers of Rules -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", 4.0),
        ("players", True),
        ("players", np.float64(2.0)),
        ("min_fan", 3.0),
        ("min_fan", "3"),
        ("fan_cap", 10.0),
        ("fan_cap", None),
    ],
)
def test_rules_numbers_must_be_ints_and_name_the_field(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"{field} must be a whole number"):
        Rules(**{field: value})  # type: ignore[arg-type]


# --- the Golden default -----------------------------------------------------------------------


def test_the_golden_default_follows_the_chosen_table() -> None:
    rules = Rules(players=2, table="full-spicy")
    assert payout(10, winner=0, discarder=1, rules=rules) == [2048, -2048]
    assert payout(10, winner=0, rules=rules) == [2048, -2048]
    assert rules.golden == golden_of(PRESETS["full-spicy"])
    assert rules.payments is rules.golden


def test_golden_stays_the_half_spicy_default() -> None:
    assert Rules().golden == GOLDEN == golden_of(PRESETS["half-spicy"])
    assert GOLDEN.name == "golden"
    assert all(discard == self_draw for _, discard, self_draw in GOLDEN.rows)


def test_a_golden_table_given_explicitly_still_wins() -> None:
    mine = PRESETS["half-spicy"].to_frame()
    mine["self_draw"] = mine["discard"] * 2
    rules = Rules(players=2, table="full-spicy", golden=mine)
    assert payout(10, winner=0, discarder=1, rules=rules) == [256, -256]
    assert payout(10, winner=0, rules=rules) == [512, -512]
    assert (
        Rules(players=2, table="full-spicy", golden=PRESETS["half-spicy"]).golden.discard(10) == 256
    )


def test_the_derived_golden_table_follows_a_replaced_table() -> None:
    rules = dataclasses.replace(Rules(players=2), table=PRESETS["full-spicy"])
    assert rules.golden.discard(10) == 2048
    assert rules == Rules(players=2, table="full-spicy")
    assert Rules(golden="golden", table="full-spicy").golden.discard(10) == 2048


def test_rules_with_a_derived_golden_stay_comparable_and_hashable() -> None:
    assert Rules(players=2) == Rules(players=2, golden=None)
    assert hash(Rules(players=2, table="full-spicy")) == hash(Rules(players=2, table="full-spicy"))
    assert Rules(players=2) != Rules(players=2, table="full-spicy")
    assert len({Rules(), Rules(golden=GOLDEN), Rules(table="half-spicy")}) == 1
    assert eval(repr(Rules()), {"Rules": Rules, "PaymentTable": PaymentTable}) == Rules()


# --- the table editor -------------------------------------------------------------------------


def test_the_table_editor_shows_an_infinite_cell_as_a_clear_error() -> None:
    from kit.widgets.hongkong.tables import TableEditor

    editor = TableEditor()
    frame = half_spicy().astype(float)
    frame.loc[5, "discard"] = np.inf
    editor.value = frame
    assert "discard at fan 5 is inf" in editor.error.value
    assert "Overflow" not in editor.error.value and "went wrong" not in editor.error.value
    assert editor.rules.table.discard(5) == 48
