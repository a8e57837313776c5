"""Hong Kong `Rules`, payment tables, payments, pao and the walls (reference/hongkong.md)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.hongkong import GOLDEN, PRESETS, PaymentTable, Rules, payout, wall
from kit.hongkong.rules import TWO_PLAYER_TILES
from kit.mahjong.tiles import TILES, Tile

FANS = range(3, 11)
HALF_SPICY = {  # reference/hongkong.md#payments, half-spicy: fan -> (discarder, each on self-draw)
    3: (16, 8),
    4: (32, 16),
    5: (48, 24),
    6: (64, 32),
    7: (96, 48),
    8: (128, 64),
    9: (192, 96),
    10: (256, 128),
}


def frame_of(rows: dict[int, tuple[int, int]]) -> pd.DataFrame:
    return pd.DataFrame(
        {"discard": [d for d, _ in rows.values()], "self_draw": [s for _, s in rows.values()]},
        index=pd.Index(list(rows), name="fan"),
    )


# --- the Rules value: reference/hongkong.md#house-rules --------------------------------------


def test_rules_fields_and_defaults() -> None:
    rules = Rules()
    assert [f.name for f in dataclasses.fields(Rules)] == [
        "players",
        "min_fan",
        "fan_cap",
        "table",
        "golden",
        "pao",
    ]
    assert (rules.players, rules.min_fan, rules.fan_cap, rules.pao) == (4, 3, 10, True)
    assert rules.table == PRESETS["half-spicy"] and rules.table.name == "half-spicy"
    assert rules.golden == GOLDEN
    assert Rules(table="half-spicy") == rules
    assert rules.payments == rules.table


def test_rules_are_frozen_hashable_and_comparable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.pao = False  # type: ignore[misc]
    assert hash(rules) == hash(Rules()) and rules == Rules()
    assert Rules(pao=False) != rules and Rules(table="full-spicy") != rules
    assert eval(repr(rules), {"Rules": Rules, "PaymentTable": PaymentTable}) == rules


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3}, "players"),
        ({"players": 1}, "players"),
        ({"players": "4"}, "players"),
        ({"min_fan": 11}, "min_fan"),
        ({"min_fan": -1}, "min_fan"),
        ({"fan_cap": 3.5}, "fan_cap"),
        ({"pao": "yes"}, "pao"),
        ({"table": "spicy"}, "table"),
        ({"table": 42}, "table"),
    ],
)
def test_rules_reject_values_outside_the_book(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("missing", [3, 7, 10])
@pytest.mark.parametrize("field", ["table", "golden"])
def test_a_table_must_cover_every_fan_from_min_to_cap(missing: int, field: str) -> None:
    rows = {fan: values for fan, values in HALF_SPICY.items() if fan != missing}
    with pytest.raises(ValueError, match=f"no row for fan {missing}; it must cover every fan"):
        Rules(**{field: frame_of(rows)})  # type: ignore[arg-type]


def test_a_table_covers_the_fans_of_its_own_rules() -> None:
    short = frame_of({fan: HALF_SPICY[fan] for fan in range(4, 9)})
    rules = Rules(min_fan=4, fan_cap=8, table=short, golden=short)
    assert rules.table.fans() == [4, 5, 6, 7, 8]
    with pytest.raises(ValueError, match="no row for fan 11"):
        Rules(fan_cap=11)


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame({"discard": [1] * 8}, index=FANS),  # no self_draw column
        pd.DataFrame({"discard": [-1] * 8, "self_draw": [1] * 8}, index=FANS),
        pd.DataFrame({"discard": [1.5] * 8, "self_draw": [1] * 8}, index=FANS),
        pd.DataFrame({"discard": [1] * 9, "self_draw": [1] * 9}, index=[*FANS, 3]),
    ],
    ids=["missing-column", "negative", "fractional", "fan-twice"],
)
def test_a_malformed_table_raises(frame: pd.DataFrame) -> None:
    with pytest.raises(ValueError):
        Rules(table=frame)


def test_the_default_half_spicy_table() -> None:
    table = Rules().table
    assert {fan: (table.discard(fan), table.self_draw(fan)) for fan in FANS} == HALF_SPICY
    expected = frame_of(HALF_SPICY)
    pd.testing.assert_frame_equal(table.to_frame(), expected, check_dtype=False)


def test_preset_full_spicy_doubles_from_16_8_to_2048_1024() -> None:
    table = Rules(table="full-spicy").table
    assert (table.discard(3), table.self_draw(3)) == (16, 8)
    assert (table.discard(10), table.self_draw(10)) == (2048, 1024)
    for fan in range(4, 11):
        assert table.discard(fan) == 2 * table.discard(fan - 1)
        assert table.self_draw(fan) == 2 * table.self_draw(fan - 1)
    assert PRESETS["full-spicy"] == table


def test_an_edited_table_round_trips_through_to_frame() -> None:
    frame = Rules().table.to_frame()
    frame.loc[7, "discard"] = 100
    frame.loc[10, "self_draw"] = 200
    rules = Rules(table=frame)
    pd.testing.assert_frame_equal(rules.table.to_frame(), frame)
    assert (rules.table.discard(7), rules.table.self_draw(10)) == (100, 200)
    assert payout(7, winner=0, discarder=1, rules=rules) == [100, -100, 0, 0]
    frame.loc[7, "discard"] = 1  # the Rules value keeps its own copy
    assert rules.table.discard(7) == 100
    assert Rules().table.discard(7) == 96


def test_an_edited_golden_table_round_trips_through_to_frame() -> None:
    frame = Rules().golden.to_frame()
    frame["discard"] = frame["discard"] * 3
    frame["self_draw"] = frame["self_draw"] * 2
    rules = Rules(players=2, golden=frame)
    pd.testing.assert_frame_equal(rules.golden.to_frame(), frame)
    assert payout(4, winner=0, discarder=1, rules=rules) == [96, -96]
    assert payout(4, winner=0, rules=rules) == [64, -64]


# --- payments: reference/hongkong.md#payments and reference/hongkong.md#pao ------------------


@pytest.mark.parametrize("fan", FANS)
@pytest.mark.parametrize(("winner", "discarder"), [(0, 1), (0, 3), (2, 1), (3, 0)])
def test_a_discard_win_is_paid_by_the_discarder_alone(
    fan: int, winner: int, discarder: int
) -> None:
    net = payout(fan, winner=winner, discarder=discarder)
    expected = [0] * 4
    expected[winner], expected[discarder] = HALF_SPICY[fan][0], -HALF_SPICY[fan][0]
    assert net == expected


@pytest.mark.parametrize("fan", FANS)
@pytest.mark.parametrize("winner", range(4))
def test_a_self_drawn_win_is_paid_by_each_of_the_three_others(fan: int, winner: int) -> None:
    net = payout(fan, winner=winner)
    each = HALF_SPICY[fan][1]
    assert net == [3 * each if seat == winner else -each for seat in range(4)]


def test_worked_numbers() -> None:
    assert payout(5, winner=0, discarder=2) == [48, 0, -48, 0]
    assert payout(5, winner=0) == [72, -24, -24, -24]
    assert payout(10, winner=1, rules=Rules(table="full-spicy")) == [-1024, 3072, -1024, -1024]


@pytest.mark.parametrize("fan", FANS)
@pytest.mark.parametrize(("winner", "liable"), [(0, 1), (0, 3), (2, 0)])
def test_pao_on_a_self_draw_the_liable_player_pays_three_self_draw_values(
    fan: int, winner: int, liable: int
) -> None:
    net = payout(fan, winner=winner, liable=liable)
    expected = [0] * 4
    expected[winner], expected[liable] = 3 * HALF_SPICY[fan][1], -3 * HALF_SPICY[fan][1]
    assert net == expected


@pytest.mark.parametrize("fan", FANS)
@pytest.mark.parametrize(("winner", "discarder", "liable"), [(0, 1, 2), (0, 1, 1), (3, 2, 0)])
def test_pao_on_a_discard_win_the_liable_player_pays_the_discard_value(
    fan: int, winner: int, discarder: int, liable: int
) -> None:
    net = payout(fan, winner=winner, discarder=discarder, liable=liable)
    expected = [0] * 4
    expected[winner], expected[liable] = HALF_SPICY[fan][0], -HALF_SPICY[fan][0]
    assert net == expected  # and the discarder, if another player, pays nothing


@pytest.mark.parametrize("discarder", [None, 2])
def test_pao_off_the_usual_payers_pay(discarder: int | None) -> None:
    off = Rules(pao=False)
    for fan in FANS:
        assert payout(fan, winner=0, discarder=discarder, liable=1, rules=off) == payout(
            fan, winner=0, discarder=discarder
        )


@pytest.mark.parametrize("fan", [-1, 0, 1, 2])
def test_below_the_minimum_raises(fan: int) -> None:
    with pytest.raises(ValueError, match="below the 3-fan minimum"):
        payout(fan, winner=0, discarder=1)
    with pytest.raises(ValueError, match="minimum"):
        payout(fan, winner=0)


@pytest.mark.parametrize("fan", [11, 12, 13, 20, 100])
def test_fan_above_the_cap_counts_as_the_cap(fan: int) -> None:
    assert payout(fan, winner=0, discarder=1) == payout(10, winner=0, discarder=1)
    assert payout(fan, winner=2) == payout(10, winner=2)
    assert payout(fan, winner=2, liable=0) == payout(10, winner=2, liable=0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"winner": 4},
        {"winner": -1},
        {"winner": 0, "discarder": 0},
        {"winner": 0, "discarder": 4},
        {"winner": 0, "liable": 0},
        {"winner": 0, "liable": 7},
        {"winner": "0"},
    ],
)
def test_bad_seats_raise(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        payout(5, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("fan", [5.0, "5", None, True])
def test_fan_must_be_a_whole_number(fan: object) -> None:
    with pytest.raises(ValueError):
        payout(fan, winner=0)  # type: ignore[arg-type]


def tables() -> st.SearchStrategy[pd.DataFrame | str]:
    values = st.lists(st.integers(0, 10_000), min_size=8, max_size=8)
    frames = st.tuples(values, values).map(
        lambda pair: pd.DataFrame({"discard": pair[0], "self_draw": pair[1]}, index=FANS)
    )
    return st.one_of(st.sampled_from(list(PRESETS)), frames)


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    fan=st.integers(3, 30),
    players=st.sampled_from([2, 4]),
    table=tables(),
    golden=tables(),
    pao=st.booleans(),
)
def test_payments_are_zero_sum(
    data: st.DataObject,
    fan: int,
    players: int,
    table: pd.DataFrame | str,
    golden: pd.DataFrame | str,
    pao: bool,
) -> None:
    rules = Rules(players=players, table=table, golden=golden, pao=pao)
    winner = data.draw(st.integers(0, players - 1))
    others = [seat for seat in range(players) if seat != winner]
    discarder = data.draw(st.none() | st.sampled_from(others))
    liable = data.draw(st.none() | st.sampled_from(others))
    net = payout(fan, winner=winner, discarder=discarder, liable=liable, rules=rules)
    assert len(net) == players and sum(net) == 0
    capped = min(fan, 10)
    paying = rules.golden if players == 2 else rules.table
    if discarder is None:
        owed = {seat: paying.self_draw(capped) for seat in others}
    else:
        owed = {discarder: paying.discard(capped)}
    if pao and liable is not None:
        owed = {liable: sum(owed.values())}
    assert net[winner] == sum(owed.values())
    assert all(net[seat] == -owed.get(seat, 0) for seat in others)


# --- two players: reference/hongkong.md#two-player -------------------------------------------

TWO = Rules(players=2)


@pytest.mark.parametrize("fan", FANS)
@pytest.mark.parametrize("winner", [0, 1])
def test_two_players_the_opponent_pays_the_discard_value_for_any_win(fan: int, winner: int) -> None:
    value = HALF_SPICY[fan][0]
    expected = [value if seat == winner else -value for seat in range(2)]
    loser = 1 - winner
    assert payout(fan, winner=winner, discarder=loser, rules=TWO) == expected
    assert payout(fan, winner=winner, rules=TWO) == expected
    assert payout(fan, winner=winner, liable=loser, rules=TWO) == expected


def test_the_golden_table_is_the_four_player_discard_column() -> None:
    assert GOLDEN.name == "golden"
    assert {fan: (GOLDEN.discard(fan), GOLDEN.self_draw(fan)) for fan in FANS} == {
        fan: (discard, discard) for fan, (discard, _) in HALF_SPICY.items()
    }
    assert TWO.payments == TWO.golden == GOLDEN


def test_two_players_pay_from_golden_four_players_from_table() -> None:
    golden = frame_of({fan: (1000 + fan, 2000 + fan) for fan in FANS})
    table = frame_of({fan: (10 + fan, 20 + fan) for fan in FANS})
    assert payout(5, winner=0, discarder=1, rules=Rules(players=2, golden=golden, table=table)) == [
        1005,
        -1005,
    ]
    assert payout(5, winner=0, rules=Rules(players=2, golden=golden, table=table)) == [2005, -2005]
    assert payout(5, winner=0, discarder=1, rules=Rules(golden=golden, table=table)) == [
        15,
        -15,
        0,
        0,
    ]
    assert payout(12, winner=1, discarder=0, rules=TWO) == [-256, 256]


# --- the walls: reference/hongkong.md#tiles and reference/hongkong.md#two-player -------------


def test_the_four_player_wall_is_136_tiles_four_of_each() -> None:
    tiles = wall(Rules())
    assert len(tiles) == 136
    assert Counter(tiles) == {tile: 4 for tile in TILES}


def kept_by_3_4(tile: Tile) -> bool:
    """Bamboo and characters 2-8 are removed; their 1s and 9s, all dots, all honours stay."""
    return tile.suit in ("p", "z") or tile.number in (1, 9)


def test_the_two_player_wall_is_80_tiles() -> None:
    tiles = wall(TWO)
    assert len(tiles) == 80 == 136 - 2 * 7 * 4
    kinds = {tile for tile in TILES if kept_by_3_4(tile)}
    assert Counter(tiles) == {tile: 4 for tile in kinds}
    names = sorted(str(tile) for tile in kinds)
    assert names == sorted(
        ["1m", "9m", "1s", "9s", *(f"{n}p" for n in range(1, 10)), *(f"{n}z" for n in range(1, 8))]
    )
    assert all((tile in TWO_PLAYER_TILES) == kept_by_3_4(tile) for tile in TILES)


def test_a_fresh_wall_each_time() -> None:
    first = wall(TWO)
    first.pop()
    assert len(wall(TWO)) == 80


# --- the ledger: the same payments, with their reasons ------------------------------------------


@pytest.mark.parametrize("rules", [Rules(), Rules(pao=False), Rules(players=2)])
@pytest.mark.parametrize("discarder", [None, 1])
@pytest.mark.parametrize("liable", [None, 1])
@pytest.mark.parametrize("fan", [3, 7, 13])
def test_the_ledger_pays_what_payout_says_and_says_why(
    rules: Rules, discarder: int | None, liable: int | None, fan: int
) -> None:
    from kit.hongkong import Ledger
    from kit.ledger import Reason

    ledger = Ledger(rules)
    ledger.win(0, fan=fan, discarder=discarder, liable=liable)
    assert ledger.net == payout(fan, winner=0, discarder=discarder, liable=liable, rules=rules)
    reasons = {t.reason for t in ledger.transfers}
    if liable is not None and rules.pao:
        assert reasons == {Reason.PAO} and {t.payer for t in ledger.transfers} == {liable}
    elif discarder is None:
        assert reasons == {Reason.SELF_DRAWN_WIN}
    else:
        assert reasons == {Reason.WIN_ON_DISCARD}


def test_the_walls_are_the_tile_sets_walls() -> None:
    from kit.mahjong.tiles import ALL_TILES

    assert wall() == ALL_TILES.wall() and wall(Rules(players=2)) == TWO_PLAYER_TILES.wall()
    with pytest.raises(TypeError, match=r"rules must be a kit\.hongkong\.Rules value"):
        wall(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rules must be a kit\.hongkong\.Rules value"):
        payout(3, winner=0, rules=None)  # type: ignore[arg-type]


def test_every_payment_line_names_the_table_row_it_came_from() -> None:
    from kit.hongkong.payout import Ledger, table_row_words
    from kit.render.mahjong import deal_html

    for rules, fan, discarder in ((Rules(players=2), 8, 1), (Rules(), 4, None), (Rules(), 12, 2)):
        ledger = Ledger(rules=rules)
        ledger.win(0, fan=fan, discarder=discarder)
        row = table_row_words(fan, self_drawn=discarder is None, rules=rules)
        html = deal_html(ledger)
        lines = html.split("kit-ledger", 1)[1]
        assert lines.count(row.replace("→", "→")) == len(ledger.transfers), row
    assert (
        table_row_words(8, self_drawn=False, rules=Rules(players=2))
        == "8 fan → 128 from the discarder, on the Golden table"
    )
