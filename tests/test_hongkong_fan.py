"""Hong Kong hand scoring: fan list, minimum, cap, the two-player tiles and bad input.

Every expected fan below is worked out by hand from the fan table (reference/hongkong.md#fan,
reference/hongkong.md#limit-hands), and the property test at the end compares `score` with
an independent reading of the same table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from kit.hongkong import PATTERNS, Rules, Score, score
from kit.hongkong.fan import WinConditions, waits_with_fan
from kit.hongkong.fan_distance import _in_runs, closed_tiles
from kit.hongkong.rules import TWO_PLAYER_TILES
from kit.mahjong.hands import decompositions
from kit.mahjong.tiles import TILES, Hand, Tile, TileNotationError, counts_of


def parts(result: Score) -> dict[str, int]:
    return dict(result.patterns)


def wins_with(hand: str, win: str, expected: dict[str, int], **conditions: object) -> Score:
    """Score ``hand`` and check it wins with exactly the ``expected`` patterns."""
    result = score(hand, win=win, **conditions)  # type: ignore[arg-type]
    total = sum(expected.values())
    assert parts(result) == expected
    assert result.raw_fan == total
    assert result.fan == min(total, 10)
    assert result.wins and result.reason is None and not result.limit
    return result


def is_limit(hand: str, win: str, key: str, **conditions: object) -> Score:
    """Score ``hand`` and check it is the limit hand ``key``, worth the cap."""
    result = score(hand, win=win, **conditions)  # type: ignore[arg-type]
    assert result.wins and result.limit
    assert result.fan == 10  # the cap, whatever else the hand holds
    assert result.raw_fan == sum(parts(result).values()) >= 10
    assert parts(result)[key] == 10
    return result


# --- the minimum (reference/hongkong.md#minimum-and-cap), the table as data -------------------

RULES_TABLE = {
    "all-chows": 1,
    "concealed": 1,
    "self-drawn": 1,
    "dragon-pung": 1,
    "seat-wind": 1,
    "round-wind": 1,
    "terminals-honours-pungs": 1,
    "robbing-kong": 1,
    "kong-replacement": 1,
    "last-tile": 1,
    "half-flush": 3,
    "all-pungs": 3,
    "small-three-dragons": 3,
    "big-three-dragons": 5,
    "full-flush": 7,
}
LIMIT_HANDS = (
    "all-honours",
    "small-four-winds",
    "big-four-winds",
    "four-concealed-pungs",
    "four-kongs",
    "all-terminals",
    "heavenly-hand",
    "earthly-hand",
    "thirteen-orphans",
    "consecutive-kongs",
    "nine-gates",
)


def test_patterns_are_the_fan_list() -> None:
    assert {p.key: p.fan for p in PATTERNS if not p.limit} == RULES_TABLE
    assert {p.key for p in PATTERNS if p.limit} == set(LIMIT_HANDS)
    assert len({p.key for p in PATTERNS}) == len(PATTERNS)
    assert all(p.english and p.chinese and p.meaning and p.description for p in PATTERNS)


def test_a_complete_hand_of_2_fan_does_not_win() -> None:
    result = score("123m 456p 789s 234m 55p", win="5p")  # all chows 1 + concealed 1
    assert parts(result) == {"all-chows": 1, "concealed": 1}
    assert (result.wins, result.fan) == (False, 2)
    assert result.reason == "2 fan, below the 3-fan minimum"
    assert "does not win" in result.breakdown


def test_three_fan_is_enough() -> None:
    result = score("123m 456p 789s 234m 55p", win="5p", self_drawn=True)
    assert (result.wins, result.fan, result.reason) == (True, 3, None)


def test_a_hand_without_fan_explains_itself() -> None:
    result = score("[123m] 456p 789s 222m 55p", win="5p")
    assert (result.wins, result.fan, result.patterns) == (False, 0, ())
    assert result.reason == "0 fan, below the 3-fan minimum"


def test_seven_pairs_is_not_a_win_here() -> None:
    result = score("1133557799p 1122z", win="2z")
    assert not result.wins
    assert result.reason == "not four groups and a pair"


def test_min_fan_is_read_from_the_rules() -> None:
    table = pd.DataFrame({"discard": range(2, 11), "self_draw": range(2, 11)}, index=range(2, 11))
    low = Rules(min_fan=2, table=table, golden=table)
    assert score("123m 456p 789s 234m 55p", win="5p", rules=low).wins


# --- one test per pattern: reference/hongkong.md#fan -----------------------------------------


def test_all_chows_is_one() -> None:
    wins_with("123m 456m 789m 234m 11z", "4m", {"all-chows": 1, "concealed": 1, "half-flush": 3})


def test_all_chows_needs_four_chows() -> None:
    result = score("123m 456m 789m 222m 11z", win="4m")
    assert "all-chows" not in parts(result)


def test_concealed_is_kept_by_winning_on_a_discard() -> None:
    # the winning discard completes the dragon pung: still a concealed hand
    wins_with("234m 456m 678m 99m 555z", "5z", {"concealed": 1, "dragon-pung": 1, "half-flush": 3})


def test_concealed_is_spoiled_by_a_concealed_kong() -> None:
    wins_with("(5555z) 234m 456m 678m 99m", "9m", {"dragon-pung": 1, "half-flush": 3})


def test_concealed_is_spoiled_by_a_claimed_group() -> None:
    wins_with("[234m] 456m 678m 99m 555z", "9m", {"dragon-pung": 1, "half-flush": 3})


def test_self_drawn_is_one() -> None:
    wins_with(
        "234m 456m 678m 99m 555z",
        "9m",
        {"concealed": 1, "self-drawn": 1, "dragon-pung": 1, "half-flush": 3},
        self_drawn=True,
    )


def test_dragon_pung_is_one_each() -> None:
    wins_with("555z 666z 123m 456p 99s", "9s", {"concealed": 1, "dragon-pung": 2})


def test_dragon_kong_counts_as_a_dragon_pung() -> None:
    result = score("[5555z] [666z] [777p] 123m 99s", win="9s")
    assert parts(result) == {"dragon-pung": 2}
    assert result.reason == "2 fan, below the 3-fan minimum"


@pytest.mark.parametrize(
    ("honour", "seat", "round_", "expected"),
    [
        ("1z", "E", "E", {"seat-wind": 1, "round-wind": 1}),  # 2 together, the same wind
        ("2z", "S", "E", {"seat-wind": 1}),
        ("1z", "S", "E", {"round-wind": 1}),
        ("4z", "N", "W", {"seat-wind": 1}),
        ("3z", "N", "W", {"round-wind": 1}),
        ("3z", "E", "E", {}),  # a wind that is neither scores nothing
    ],
)
def test_seat_wind_and_round_wind(
    honour: str, seat: str, round_: str, expected: dict[str, int]
) -> None:
    hand = f"[{honour[0] * 3}z] 123m 456p 789s 99s"
    result = score(hand, win="9s", self_drawn=True, seat_wind=seat, round_wind=round_)
    assert parts(result) == {"self-drawn": 1, **expected}


def test_seat_and_round_wind_kong() -> None:
    result = score("(1111z) 123m 456p 789s 99s", win="9s", seat_wind="E", round_wind="E")
    assert parts(result) == {"seat-wind": 1, "round-wind": 1}


def test_terminals_honours_pungs_with_all_pungs_on_top() -> None:
    wins_with(
        "[111m] 999p 111z 999s 22z",
        "2z",
        {"terminals-honours-pungs": 1, "all-pungs": 3},
        seat_wind="W",
        round_wind="N",
    )


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("[111m] 999p 111s 999s 99m", "9m"),  # no honour: all terminals instead
        ("[555z] 666z 111z 222z 33z", "3z"),  # no terminal: all honours instead
        ("[111m] 999p 111z 789s 22z", "2z"),  # a chow
        ("[111m] 999p 111z 222p 99s", "9s"),  # a 2
    ],
)
def test_terminals_honours_pungs_needs_both_and_nothing_else(hand: str, win: str) -> None:
    assert "terminals-honours-pungs" not in parts(score(hand, win=win))


def test_robbing_kong_is_one() -> None:
    wins_with(
        "123m 456m 678m 99m 555z",
        "2m",
        {"robbing-kong": 1, "concealed": 1, "dragon-pung": 1, "half-flush": 3},
        robbing_kong=True,
    )


def test_kong_replacement_is_one_and_self_drawn() -> None:
    wins_with(
        "(5555z) 234m 456m 678m 99m",
        "9m",
        {"self-drawn": 1, "kong-replacement": 1, "dragon-pung": 1, "half-flush": 3},
        kong_replacement=True,
    )


def test_last_tile_is_one() -> None:
    wins_with(
        "234m 456m 678m 99m 555z",
        "9m",
        {"concealed": 1, "self-drawn": 1, "last-tile": 1, "dragon-pung": 1, "half-flush": 3},
        self_drawn=True,
        last_tile=True,
    )


def test_half_flush_is_three() -> None:
    wins_with("123p 456p 789p 22z 333z", "2z", {"concealed": 1, "half-flush": 3})


def test_all_pungs_is_three() -> None:
    wins_with("[111m] 222p 333s 444m 55p", "5p", {"all-pungs": 3})


def test_all_pungs_counts_kongs() -> None:
    wins_with("[1111m] 222p 333s 444m 55p", "5p", {"all-pungs": 3})


def test_small_three_dragons_is_five_with_its_pungs() -> None:
    wins_with("[555z] [666z] 77z 123m 456p", "7z", {"dragon-pung": 2, "small-three-dragons": 3})


def test_small_three_dragons_needs_the_dragon_pair() -> None:
    result = score("[555z] [666z] 11z 123m 456p", win="1z", seat_wind="S", round_wind="S")
    assert "small-three-dragons" not in parts(result)


def test_big_three_dragons_is_eight_with_its_pungs() -> None:
    wins_with("[555z] [666z] [777z] 123m 11p", "1p", {"dragon-pung": 3, "big-three-dragons": 5})


def test_big_three_dragons_with_kongs() -> None:
    wins_with("[5555z] (6666z) [777z] 123m 11p", "1p", {"dragon-pung": 3, "big-three-dragons": 5})


def test_full_flush_is_seven() -> None:
    wins_with("[123m] 456m 789m 234m 55m", "5m", {"all-chows": 1, "full-flush": 7})


# --- limit hands: reference/hongkong.md#limit-hands ------------------------------------------


@pytest.mark.parametrize(
    ("key", "hand", "win", "conditions"),
    [
        ("all-honours", "[111z] 222z 333z 555z 77z", "7z", {}),
        ("small-four-winds", "[111z] 222z 333z 44z 123m", "4z", {}),
        ("big-four-winds", "[111z] 222z 333z 444z 55m", "5m", {}),
        ("four-concealed-pungs", "111m 222p 333s 444m 55p", "4m", {"self_drawn": True}),
        ("four-concealed-pungs", "111m 222p 333s 444m 55p", "5p", {}),
        ("four-kongs", "[1111m] (2222p) [3333s] [4444z] 55p", "5p", {}),
        ("all-terminals", "[111m] 999p 111s 999s 99m", "9m", {}),
        ("heavenly-hand", "123m 456p 789s 234m 55p", "5p", {"self_drawn": True, "heavenly": True}),
        ("earthly-hand", "123m 456p 789s 234m 55p", "5p", {"earthly": True, "seat_wind": "S"}),
        ("thirteen-orphans", "19m 19p 19s 1234567z 1m", "1m", {}),
        ("thirteen-orphans", "19m 19p 19s 1234567z 7z", "3z", {"self_drawn": True}),
        (
            "consecutive-kongs",
            "(1111m) (2222p) 345s 678s 99s",
            "9s",
            {"kong_replacement": True, "consecutive_kongs": True},
        ),
    ],
)
def test_limit_hands_score_the_cap(
    key: str, hand: str, win: str, conditions: dict[str, bool]
) -> None:
    is_limit(hand, win, key, **conditions)


@pytest.mark.parametrize("suit", ["m", "p", "s"])
@pytest.mark.parametrize("number", range(1, 10))
def test_nine_gates_with_any_winning_tile_of_the_suit(suit: str, number: int) -> None:
    win = f"{number}{suit}"
    result = is_limit(f"1112345678999{suit} {win}", win, "nine-gates")
    assert "full-flush" in parts(result)
    assert is_limit(f"1112345678999{suit} {win}", win, "nine-gates", self_drawn=True)


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("[111m] 2345678999m 5m", "5m"),  # a claimed group
        ("1122345678999m 5m", "5m"),  # not 1112345678999 before the winning tile
        ("1112345678999m 1z", "1z"),  # not four groups and a pair anyway
    ],
)
def test_nine_gates_needs_the_exact_concealed_shape(hand: str, win: str) -> None:
    result = score(hand, win=win)
    assert "nine-gates" not in parts(result)


def test_four_concealed_pungs_spoiled_by_a_pung_completed_by_the_winning_discard() -> None:
    result = score("111m 222p 333s 444m 55p", win="4m")
    assert parts(result) == {"concealed": 1, "all-pungs": 3}
    assert (result.fan, result.limit) == (4, False)


def test_four_concealed_pungs_kept_when_the_pair_is_won_by_discard() -> None:
    result = score("111m 222p 333s 444m 55p", win="5p")
    assert result.limit and "four-concealed-pungs" in parts(result)


@pytest.mark.parametrize(
    "hand",
    ["(1111m) 222p 333s 444m 55p", "[111m] 222p 333s 444m 55p", "[1111m] 222p 333s 444m 55p"],
)
def test_four_concealed_pungs_without_a_kong_or_claim(hand: str) -> None:
    result = score(hand, win="5p", self_drawn=True)
    assert "four-concealed-pungs" not in parts(result) and not result.limit


def test_small_four_winds_needs_a_wind_pair() -> None:
    result = score("[111z] 222z 333z 55z 123m", win="5z")
    assert "small-four-winds" not in parts(result)


def test_consecutive_kongs_needs_a_kong_replacement() -> None:
    result = score(
        "(1111m) (2222p) 345s 678s 99s", win="9s", kong_replacement=True, consecutive_kongs=False
    )
    assert "consecutive-kongs" not in parts(result)
    with pytest.raises(ValueError, match="replacement"):
        score("(1111m) (2222p) 345s 678s 99s", win="9s", consecutive_kongs=True, self_drawn=True)


# --- subsumption (reference/hongkong.md#fan), best reading, the cap --------------------------


def test_half_flush_and_full_flush_exclude_each_other() -> None:
    full = parts(score("[123m] 456m 789m 234m 55m", win="5m"))
    half = parts(score("[123m] 456m 789m 234m 55z", win="5z"))
    assert "full-flush" in full and "half-flush" not in full
    assert "half-flush" in half and "full-flush" not in half


def test_all_honours_is_neither_flush() -> None:
    found = parts(score("[111z] 222z 333z 555z 77z", win="7z"))
    assert "half-flush" not in found and "full-flush" not in found


def test_all_chows_and_all_pungs_exclude_each_other() -> None:
    chows = parts(score("123m 456m 789m 234m 11z", win="4m"))
    pungs = parts(score("[111m] 222p 333s 444m 55p", win="5p"))
    assert "all-chows" in chows and "all-pungs" not in chows
    assert "all-pungs" in pungs and "all-chows" not in pungs


def test_a_limit_scores_the_cap_whatever_else() -> None:
    # big three dragons, all pungs and all honours: still only the cap
    result = is_limit("[555z] [666z] [777z] 111z 22z", "2z", "all-honours")
    assert {"big-three-dragons", "dragon-pung", "all-pungs"} <= parts(result).keys()
    assert "limit hand" in result.breakdown


def test_limit_hands_score_fan_cap() -> None:
    table = pd.DataFrame({"discard": range(3, 14), "self_draw": range(3, 14)}, index=range(3, 14))
    rules = Rules(fan_cap=13, table=table, golden=table)
    result = score("[111z] 222z 333z 444z 55m", win="5m", rules=rules)
    assert (result.fan, result.limit) == (13, True)


def test_best_reading_111222333m_as_pungs() -> None:
    # pungs: all pungs 3 + concealed 1; chows: concealed 1
    result = score("111222333m 555p 11z", win="5p")
    assert parts(result) == {"concealed": 1, "all-pungs": 3}
    assert result.reading is not None
    assert [g.kind for g in result.reading.groups].count("pung") == 4


def test_best_reading_111222333m_as_chows() -> None:
    # chows: all chows 1 + concealed 1 + full flush 7; pungs: concealed 1 + full flush 7
    result = score("111222333m 789m 55m", win="5m")
    assert parts(result) == {"all-chows": 1, "concealed": 1, "full-flush": 7}
    assert result.fan == 9


def test_the_cap_raw_above_10_counts_10() -> None:
    # dragons 3 + big three dragons 5 + half flush 3 + all pungs 3 = 14
    result = score("[555z] [666z] [777z] 111m 22m", win="2m")
    assert (result.raw_fan, result.fan, result.limit, result.wins) == (14, 10, False, True)
    assert result.breakdown.endswith("= 14 fan, capped at 10")


def test_the_cap_is_read_from_the_rules() -> None:
    table = pd.DataFrame({"discard": range(3, 9), "self_draw": range(3, 9)}, index=range(3, 9))
    rules = Rules(fan_cap=8, table=table, golden=table)
    result = score("[555z] [666z] [777z] 111m 22m", win="2m", rules=rules)
    assert (result.raw_fan, result.fan) == (14, 8)


def test_score_lists_its_parts() -> None:
    result = score("[555z] [666z] 77z 123m 456p", win="7z")
    assert result.breakdown == "dragon pung 2 + small three dragons 3 = 5 fan"
    frame = result.to_frame()
    assert list(zip(frame["pattern"], frame["fan"], strict=True)) == list(result.patterns)


# --- bad input: reference/hongkong.md#tiles --------------------------------------------------


@pytest.mark.parametrize(
    "hand", ["123m 456p 789s 234m 5p", "123m 456p 789s 234m 55p 6p", "[1111m] 456p 789s 234m 5p"]
)
def test_wrong_tile_count_raises(hand: str) -> None:
    with pytest.raises(ValueError, match="14 tiles"):
        score(hand, win="5p")


@pytest.mark.parametrize(
    ("hand", "win"),
    [("123m 456p 789s 234m 55p", "7p"), ("[555p] 123m 789s 234m 11p", "5p")],
)
def test_winning_tile_not_in_the_concealed_tiles_raises(hand: str, win: str) -> None:
    with pytest.raises(ValueError, match=f"winning tile {win} is not among the concealed"):
        score(hand, win=win)


CONTRADICTIONS = [
    pytest.param({"robbing_kong": True, "self_drawn": True}, "self-drawn", id="robbing-self-draw"),
    pytest.param(
        {"robbing_kong": True, "kong_replacement": True}, "replacement", id="robbing-replacement"
    ),
    pytest.param(
        {"consecutive_kongs": True, "self_drawn": True}, "replacement", id="consecutive-no-kong"
    ),
    pytest.param(
        {"heavenly": True, "earthly": True, "self_drawn": True}, "earthly", id="heavenly-earthly"
    ),
    pytest.param({"robbing_kong": True, "last_tile": True}, "last tile", id="robbing-last"),
    pytest.param({"robbing_kong": True, "heavenly": True}, "heavenly", id="robbing-heavenly"),
]


@pytest.mark.parametrize(("conditions", "message"), CONTRADICTIONS)
def test_contradictory_win_conditions_raise(conditions: dict[str, bool], message: str) -> None:
    hand = "(1111m) 234m 456p 79s 55s 8s"  # the winning 8s is the only one: robbable
    assert "robbing-kong" in parts(score(hand, win="8s", robbing_kong=True))
    with pytest.raises(ValueError, match=message):
        score(hand, win="8s", **conditions)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "win", "conditions"),
    [
        ("123m 456p 789s 234m 55p", "5p", {"kong_replacement": True}),  # no kong to replace
        ("123m 456p 789s 234m 55p", "5p", {"robbing_kong": True}),  # a pung is added to, not 55p
    ],
)
def test_impossible_win_conditions_raise(hand: str, win: str, conditions: dict[str, bool]) -> None:
    with pytest.raises(ValueError):
        score(hand, win=win, **conditions)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "value"), [("seat_wind", "X"), ("round_wind", "east")])
def test_bad_wind_raises(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        score("123m 456p 789s 234m 55p", win="5p", **{name: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "token"),
    [("123m 456p 789x 234m 55p", "789x"), ("11111m 456p 789s 234m", "11111m")],
)
def test_bad_notation_raises_quoting_the_token(hand: str, token: str) -> None:
    with pytest.raises(TileNotationError) as info:
        score(hand, win="4m")
    assert info.value.token == token and repr(token) in str(info.value)


# --- the two-player tiles: reference/hongkong.md#two-player ----------------------------------

TWO = Rules(players=2)


@pytest.mark.parametrize(
    ("hand", "token"),
    [
        ("123p 456p 789p 11z 555m", "555m"),
        ("123p 456p 789p 11z [888s]", "[888s]"),
        ("123p 456p 789p 11z (2222m)", "(2222m)"),
        ("123p 456p 789p 19s 5s 11z", "5s"),
    ],
)
def test_two_players_a_removed_tile_raises_naming_the_token(hand: str, token: str) -> None:
    with pytest.raises(ValueError) as info:
        score(hand, win="1z", rules=TWO)
    assert str(info.value).startswith(f"token {token!r} at position {hand.index(token)}: ")
    assert "two-player" in str(info.value)


def test_two_players_a_removed_tile_in_a_prepared_hand_raises() -> None:
    hand = Hand.parse("123p 456p 789p 11z 555m")
    with pytest.raises(ValueError, match="5m"):
        score(hand, win="1z", rules=TWO)


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        ("123p 456p 789p 11z 555z", "1z"),
        ("[111m] 999p 111s 999s 99m", "9m"),
        ("19m 19p 19s 1234567z 1m", "1m"),
        ("1112345678999p 5p", "5p"),
        ("[111z] 222z 333z 44z 123p", "4z"),
    ],
)
def test_two_players_other_patterns_score_as_at_four_players(hand: str, win: str) -> None:
    assert all(t in TWO_PLAYER_TILES for t in Hand.parse(hand))
    two, four = score(hand, win=win, rules=TWO), score(hand, win=win)
    assert (two.fan, two.patterns, two.wins) == (four.fan, four.patterns, four.wins)


# --- the whole table against an independent reading (property) -------------------------------


@dataclass(frozen=True)
class Group:
    kind: str  # chow, pung, kong
    first: Tile
    melded: bool  # claimed, or a concealed kong
    concealed: bool  # for kongs: concealed kong

    @property
    def tiles(self) -> list[Tile]:
        if self.kind == "chow":
            return [TILES[self.first.index + k] for k in range(3)]
        return [self.first] * (4 if self.kind == "kong" else 3)

    def notation(self) -> str:
        body = "".join(str(t.number) for t in self.tiles) + self.first.suit
        if not self.melded:
            return body
        return f"({body})" if self.concealed else f"[{body}]"


WIND_OF = {"E": 27, "S": 28, "W": 29, "N": 30}


def reference(
    groups: list[Group], pair: Tile, win: Tile, *, self_drawn: bool, seat: str, round_: str
) -> tuple[dict[str, int], bool]:
    """The fan table read for one given reading: (patterns, limit)."""
    tiles = [t for g in groups for t in g.tiles] + [pair, pair]
    suits = {t.suit for t in tiles if not t.is_honour}
    honours = any(t.is_honour for t in tiles)
    chows = [g for g in groups if g.kind == "chow"]
    pungs = [g.first for g in groups if g.kind != "chow"]
    found: dict[str, int] = {}
    if len(chows) == 4:
        found["all-chows"] = 1
    if not any(g.melded for g in groups):
        found["concealed"] = 1
    if self_drawn:
        found["self-drawn"] = 1
    dragons = sum(t.is_dragon for t in pungs)
    if dragons:
        found["dragon-pung"] = dragons
    if any(t.index == WIND_OF[seat] for t in pungs):
        found["seat-wind"] = 1
    if any(t.index == WIND_OF[round_] for t in pungs):
        found["round-wind"] = 1
    orphans = all(t.is_terminal or t.is_honour for t in tiles)
    if not chows and orphans and honours and any(t.is_terminal for t in tiles):
        found["terminals-honours-pungs"] = 1
    if len(suits) == 1 and honours:
        found["half-flush"] = 3
    if not chows:
        found["all-pungs"] = 3
    if dragons == 2 and pair.is_dragon:
        found["small-three-dragons"] = 3
    if dragons == 3:
        found["big-three-dragons"] = 5
    if len(suits) == 1 and not honours:
        found["full-flush"] = 7
    winds = sum(t.is_wind for t in pungs)
    limits = {
        "all-honours": not suits,
        "small-four-winds": winds == 3 and pair.is_wind,
        "big-four-winds": winds == 4,
        "four-concealed-pungs": len(pungs) == 4
        and not any(g.melded for g in groups)
        and (self_drawn or win not in pungs),
        "four-kongs": sum(g.kind == "kong" for g in groups) == 4,
        "all-terminals": all(t.is_terminal for t in tiles),
    }
    if not any(g.melded for g in groups) and len(suits) == 1 and not honours:
        before = sorted(t.number for t in tiles)
        before.remove(win.number)
        limits["nine-gates"] = before == [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    for key, holds in limits.items():
        if holds:
            found[key] = 10
    return found, any(limits.values())


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[Group], Tile, Tile]:
    suits = draw(st.sampled_from(["m", "p", "s", "mz", "pz", "sz", "z", "mp", "mpz", "mpsz"]))
    kinds = [TILES[i] for i in range(34) if TILES[i].suit in suits]
    groups = []
    for _ in range(4):
        first = draw(st.sampled_from(kinds))
        kind = draw(st.sampled_from(["chow", "chow", "pung", "pung", "kong"]))
        if kind == "chow" and (first.is_honour or first.number > 7):
            kind = "pung"
        melded = kind == "kong" or draw(st.integers(0, 3)) == 0
        concealed = kind == "kong" and draw(st.booleans())
        groups.append(Group(kind, first, melded, concealed))
    pair = draw(st.sampled_from(kinds))
    tiles = [t for g in groups for t in g.tiles] + [pair, pair]
    assume(max(Counter(tiles).values()) <= 4)
    hidden = [t for g in groups if not g.melded for t in g.tiles] + [pair]
    win = draw(st.sampled_from(sorted(set(hidden))))
    return groups, pair, win


@settings(max_examples=400, deadline=None)
@given(
    hand=hands(),
    self_drawn=st.booleans(),
    seat=st.sampled_from("ESWN"),
    round_=st.sampled_from("ESWN"),
)
def test_fan_agrees_with_the_table(
    hand: tuple[list[Group], Tile, Tile], self_drawn: bool, seat: str, round_: str
) -> None:
    groups, pair, win = hand
    hidden = [g for g in groups if not g.melded]
    text = " ".join([*(g.notation() for g in groups), f"{pair.number}{pair.number}{pair.suit}"])
    result = score(text, win=win, self_drawn=self_drawn, seat_wind=seat, round_wind=round_)
    expected, limit = reference(groups, pair, win, self_drawn=self_drawn, seat=seat, round_=round_)
    total = 10 if limit else min(sum(expected.values()), 10)
    # The best reading counts, so no reading scores more than the result
    assert result.fan >= total
    assert result.fan <= 10 and result.fan == min(result.raw_fan, 10)
    assert result.wins == (result.fan >= 3)
    if not result.wins:
        assert result.reason == f"{result.fan} fan, below the 3-fan minimum"
    found = parts(result)
    assert not {"half-flush", "full-flush"} <= found.keys()
    assert not {"all-chows", "all-pungs"} <= found.keys()
    assert result.limit == any(p.limit and p.key in found for p in PATTERNS)
    if result.limit:
        assert result.fan == 10
    concealed = [t for g in hidden for t in g.tiles] + [pair, pair]
    event(f"wins: {result.wins}, limit: {result.limit}")
    if len(decompositions(counts_of(concealed), forms=["standard"])) == 1:
        event("one reading")
        assert found == expected  # only one reading: the very same patterns
        assert result.fan == total
    # The same hand at the two-player table, if its tiles are there
    if not all(t in TWO_PLAYER_TILES for t in Hand.parse(text)):
        with pytest.raises(ValueError, match="two-player"):
            score(text, win=win, rules=TWO)
    elif {seat, round_} <= {"E", "S"}:  # two players sit East and South
        assert (
            score(
                text, win=win, self_drawn=self_drawn, seat_wind=seat, round_wind=round_, rules=TWO
            ).patterns
            == result.patterns
        )
    else:
        with pytest.raises(ValueError, match="two-player table is E or S"):
            score(text, win=win, seat_wind=seat, round_wind=round_, rules=TWO)


# --- win conditions: one value, its contradictions, the hand it needs -----------------------


@pytest.mark.parametrize("kong", ["(1111m)", "[1111m]"])
def test_consecutive_kongs_need_two_kongs(kong: str) -> None:
    with pytest.raises(ValueError, match="one kong cannot be two kongs in a row"):
        score(f"{kong} 234p 567p 789s 55s", win="5s", kong_replacement=True, consecutive_kongs=True)
    two = score("(1111m) [2222p] 567p 789s 55s", win="5s", kong_replacement=True,
                consecutive_kongs=True)  # fmt: skip
    assert two.limit and "consecutive-kongs" in parts(two)


@pytest.mark.parametrize(
    ("hand", "conditions", "message"),
    [
        ("[123m] 456p 789s 234m 55p", {"heavenly": True}, "holds no meld"),
        ("[123m] 456p 789s 234m 55p", {"earthly": True, "seat_wind": "S"}, "holds no meld"),
        ("123m 456p 789s 234m 55p", {"earthly": True, "self_drawn": True}, "self-drawn"),
        ("123m 456p 789s 234m 55p", {"earthly": True, "last_tile": True}, "last tile"),
        ("123m 456p 789s 234m 55p", {"heavenly": True, "seat_wind": "S"}, "dealer sits East"),
        ("123m 456p 789s 234m 55p", {"earthly": True}, "dealer \\(East\\) cannot"),
    ],
)
def test_heavenly_and_earthly_hands_the_definitions_rule_out(
    hand: str, conditions: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        score(hand, win="5p", **conditions)  # type: ignore[arg-type]


def test_a_heavenly_hand_is_self_drawn() -> None:
    result = score("123m 456p 789s 234m 55p", win="5p", heavenly=True)
    assert result.limit and "self-drawn" in parts(result)


@settings(max_examples=400, deadline=None)
@given(
    hand=hands(),
    exposed=st.booleans(),
    tight=st.booleans(),
    seat=st.sampled_from("ESWN"),
    round_=st.sampled_from("ESWN"),
)
def test_no_seat_wins_on_a_tile_its_groups_close(
    hand: tuple[list[Group], Tile, Tile], exposed: bool, tight: bool, seat: str, round_: str
) -> None:
    """The coach reads some tiles as ones a seat can never win on from a discard, given its
    exposed groups and the copies it could hold (``closed_tiles``). Every hand that does
    win on a discard shows it never wrongly: its winning tile is not closed, whether the
    thrower sees every copy the seat does not hold (``tight``) or none of them."""
    groups, pair, win = hand
    if exposed:  # every group the winning tile is not part of, claimed
        groups = [
            g if win in g.tiles else Group(g.kind, g.first, True, g.melded and g.concealed)
            for g in groups
        ]
    text = " ".join([*(g.notation() for g in groups), f"{pair.number}{pair.number}{pair.suit}"])
    if not score(text, win=win, seat_wind=seat, round_wind=round_).wins:
        event("no win on a discard")
        return
    parsed = Hand.parse(text)
    shown = Counter(t.index for meld in parsed.melds for t in meld.tiles)
    held = Counter(t.index for t in parsed.concealed)
    held[win.index] -= 1  # the winning tile is the thrower's
    # the copies the thrower cannot see: the seat's own, and in a loose reading every copy
    # not in the seat's exposed groups nor the thrown one
    unseen = [held[i] if tight else 4 - shown[i] - (i == win.index) for i in range(34)]
    closed = closed_tiles(Rules(), seat, round_, parsed.melds, unseen)
    event(f"closed kinds: {'none' if not closed else 'some'}")
    assert win.index not in closed, (text, str(win), tight)


def unseen_with(honours: Sequence[int], numbers: int = 4) -> list[int]:
    """Unseen copies: ``numbers`` of each number tile, ``honours`` of each honour."""
    return [numbers] * 27 + list(honours)


def test_a_seat_that_chowed_in_two_suits_wins_only_on_the_honours_it_could_pung() -> None:
    """Chows in two suits leave no flush and no all pungs: only honour pungs can still bring
    3 fan. As East in the East round, a pung of East (2 fan) and of white (1) with the two
    chows, and any pair: with two East tiles unseen, only the thrown East can complete it."""
    chows = Hand.parse("[123m][456p]").melds
    dragons_seen = unseen_with((2, 0, 0, 0, 3, 0, 0))
    open_to = [
        str(TILES[i])
        for i in range(34)
        if i not in closed_tiles(Rules(), "E", "E", chows, dragons_seen)
    ]
    assert open_to == ["1z"]
    nothing = unseen_with((0,) * 7)
    assert len(closed_tiles(Rules(), "E", "E", chows, nothing)) == 34
    # with a minimum of 1 fan, all chows wins: nothing is closed
    table = pd.DataFrame({"discard": range(1, 11), "self_draw": range(1, 11)}, index=range(1, 11))
    one_fan = Rules(min_fan=1, table=table, golden=table)
    assert closed_tiles(one_fan, "E", "E", chows, nothing) == frozenset()
    # a flush in one suit stays open to its suit and the honours only
    flush = closed_tiles(Rules(), "S", "E", Hand.parse("[123p][456p]").melds, unseen_with((3,) * 7))
    assert {TILES[i].suit for i in range(34) if i not in flush} == {"p", "z"}


def test_a_tile_with_no_copy_left_unseen_can_only_complete_a_chow() -> None:
    """A seat holds no copy of a tile whose other copies are all in view: it cannot pung it
    or pair it, so only a chow (or thirteen orphans) could use it. With one copy unseen it
    could be the pair."""
    pungs = Hand.parse("[111p][999s]").melds  # two suits: all pungs or small three dragons
    last_red, one_red = unseen_with((3, 3, 3, 3, 3, 3, 0)), unseen_with((3, 3, 3, 3, 3, 3, 1))
    red = Tile.parse("7z").index
    assert red in closed_tiles(Rules(), "S", "E", pungs, last_red)
    assert red not in closed_tiles(Rules(), "S", "E", pungs, one_red)
    none_of_5s = [4] * 34
    none_of_5s[Tile.parse("5s").index] = 0
    assert Tile.parse("5s").index in closed_tiles(Rules(), "S", "E", pungs, none_of_5s)
    # a seat that can still chow can use it without holding any
    chow = Hand.parse("[123s]").melds
    assert Tile.parse("5s").index not in closed_tiles(Rules(), "S", "E", chow, none_of_5s)
    # and a seat with nothing exposed may be after thirteen orphans: the last red is open
    assert red not in closed_tiles(Rules(), "S", "E", (), last_red)


def test_only_tiles_with_a_run_can_be_chowed() -> None:
    """At the two-player table characters and bamboo keep only their 1 and 9: only dots make
    chows there, so a character no one else holds can complete no hand of a seat that shows
    a group (thirteen orphans closed), where at four players it could complete a chow."""
    assert len(_in_runs(Rules())) == 27
    assert {TILES[i].suit for i in _in_runs(Rules(players=2))} == {"p"}


def test_win_conditions_as_one_value() -> None:
    won = WinConditions(self_drawn=True)
    assert score("123m 456p 789s 234m 55p", win="5p", conditions=won) == score(
        "123m 456p 789s 234m 55p", win="5p", self_drawn=True
    )
    with pytest.raises(TypeError, match="not both"):
        score("123m 456p 789s 234m 55p", win="5p", conditions=won, last_tile=True)
    with pytest.raises(TypeError, match="self_drawn"):
        score("123m 456p 789s 234m 55p", win="5p", self_drawn="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no shot after a kong"):
        score("123m 456p 789s 234m 55p", win="5p", conditions=WinConditions(shot_after_kong=True))


@pytest.mark.parametrize(("name", "wind"), [("seat_wind", "W"), ("round_wind", "N")])
def test_two_players_sit_east_and_south(name: str, wind: str) -> None:
    with pytest.raises(ValueError, match=f"{name} at the two-player table is E or S"):
        score("123p 456p 789p 11z 555z", win="1z", rules=TWO, **{name: wind})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=name):
        waits_with_fan(Hand.parse("123p456p789p11z55z"), TWO, **{name: wind})  # type: ignore[arg-type]


def test_waits_with_fan_reads_notation_and_refuses_other_values() -> None:
    assert waits_with_fan("123m456p789s22z55z") == waits_with_fan(Hand.parse("123m456p789s22z55z"))
    with pytest.raises(TypeError, match="expects a Hand"):
        waits_with_fan(13)  # type: ignore[arg-type]


def test_a_hand_of_seven_1p_built_directly_is_refused() -> None:
    with pytest.raises(ValueError, match="1p"):
        score(Hand((Tile.parse("1p"),) * 7 + (Tile.parse("2p"),) * 7), win="1p")
