"""Sichuan hand scoring: `Rules`, the fan table, hand values and bad input.

Expected fan is worked out here from the fan table alone (reference/sichuan.md#fan; an
independent reading of it is below) and compared with `score`. Hand values follow
reference/sichuan.md#hand-value, the settings reference/sichuan.md#house-rules, and the
notation and bad input reference/sichuan.md#tiles.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kit.mahjong.tiles import TILES, Hand, MeldKind, Tile
from kit.sichuan import PATTERNS, Rules, Score, score
from kit.sichuan.fan import FAMILIAR_NAMES, WinConditions, waits_with_fan

# --- An independent reading of the fan table (reference/sichuan.md#fan) ------------------

SUITED = TILES[:27]
"""The 108-tile set's kinds: characters, dots and bamboo 1-9 (reference/sichuan.md#tiles)."""


def _standard(counts: list[int]) -> Iterator[list[tuple[str, int]]]:
    """Every split of 27 counts into chows and pungs plus exactly one pair."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        yield []
        return
    if counts[first] >= 3:
        counts[first] -= 3
        yield from ([("pung", first), *rest] for rest in _standard(counts))
        counts[first] += 3
    if first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for i in (first, first + 1, first + 2):
            counts[i] -= 1
        yield from ([("chow", first), *rest] for rest in _standard(counts))
        for i in (first, first + 1, first + 2):
            counts[i] += 1
    if counts[first] >= 2:
        counts[first] -= 2
        yield from ([("pair", first), *rest] for rest in _standard(counts))
        counts[first] += 2


def _group_tiles(kind: str, index: int) -> list[Tile]:
    if kind == "chow":
        return [TILES[index], TILES[index + 1], TILES[index + 2]]
    return [TILES[index]] * (3 if kind == "pung" else 2)


def expected_fan(hand: Hand, win: Tile, rules: Rules, *, situational: int = 0) -> int | None:
    """The best fan over every reading, by the fan table; None if the hand does not win.

    A heavenly or earthly hand (an option) is worth the cap whatever its fan; it is left out.
    """
    concealed = [0] * 27
    for tile in hand.concealed:
        concealed[tile.index] += 1
    every = list(concealed)
    for meld in hand.melds:
        for tile in meld.tiles:
            every[tile.index] += 1
    tiles = list(hand.all_tiles)
    roots = every.count(4)
    flush = len({t.suit for t in tiles}) == 1
    common = roots + 2 * flush + situational
    if rules.concealed_hand and all(m.concealed for m in hand.melds):
        common += 1
    if rules.all_simples and all(t.number not in (1, 9) for t in tiles):
        common += 1
    golden = len(hand.melds) == 4 and list(hand.concealed) == [win, win]
    best: int | None = None
    for groups in _standard(list(concealed)):
        if sum(kind == "pair" for kind, _ in groups) != 1:
            continue
        pungs = all(kind != "chow" for kind, _ in groups)
        fan = common + pungs + golden
        if rules.pungs_258 and pungs and all(t.number in (2, 5, 8) for t in tiles):
            fan += 2
        all_groups = [_group_tiles(k, i) for k, i in groups] + [list(m.tiles) for m in hand.melds]
        if rules.terminals_in_all and all(
            any(t.number in (1, 9) for t in group) for group in all_groups
        ):
            fan += 2
        best = fan if best is None else max(best, fan)
    if len(hand.concealed) == 14 and all(c % 2 == 0 for c in concealed):
        fan = common + 2 + (rules.app_dragon_seven_pairs and roots > 0)
        best = fan if best is None else max(best, fan)
    return best


def keys(result: Score) -> dict[str, int]:
    return dict(result.patterns)


# --- the Rules value: reference/sichuan.md#house-rules -----------------------------------

OPTIONAL = {
    "terminals_in_all",
    "pungs_258",
    "concealed_hand",
    "all_simples",
    "heavenly_earthly",
    "app_dragon_seven_pairs",
}


def test_rules_fields_and_defaults():
    rules = Rules()
    names = [f.name for f in dataclasses.fields(Rules)]
    assert names[:5] == ["base", "fan_cap", "self_draw_bonus", "kong_transfer", "pig_pays_winners"]
    assert (rules.base, rules.fan_cap, rules.self_draw_bonus) == (1, 4, "base")
    assert rules.kong_transfer is True
    assert rules.pig_pays_winners is False
    assert set(names[5:]) == OPTIONAL
    assert all(getattr(rules, name) is False for name in OPTIONAL)


def test_one_toggle_per_optional_pattern():
    options = [p.option for p in PATTERNS if p.option is not None]
    assert sorted(options) == sorted(OPTIONAL)


def test_rules_are_frozen_and_comparable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().base = 2  # type: ignore[misc]
    assert Rules() == Rules()
    assert Rules(fan_cap=5) != Rules()
    assert eval(repr(Rules(fan_cap=6, pungs_258=True))) == Rules(fan_cap=6, pungs_258=True)


@pytest.mark.parametrize(
    "kwargs",
    [{"fan_cap": 3}, {"fan_cap": 5}, {"fan_cap": 6}, {"base": 5}]
    + [{"self_draw_bonus": bonus} for bonus in ("base", "fan", "none")]
    + [{name: True} for name in sorted(OPTIONAL | {"pig_pays_winners"})]
    + [{"kong_transfer": False}],
)
def test_rules_accepts_every_listed_setting(kwargs):
    rules = Rules(**kwargs)
    for name, value in kwargs.items():
        assert getattr(rules, name) == value


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"fan_cap": 2}, "fan_cap"),
        ({"fan_cap": 7}, "fan_cap"),
        ({"fan_cap": "4"}, "fan_cap"),
        ({"fan_cap": None}, "fan_cap"),
        ({"base": 0}, "base"),
        ({"base": -1}, "base"),
        ({"base": 1.5}, "base"),
        ({"base": True}, "base"),
        ({"base": "1"}, "base"),
        ({"self_draw_bonus": "double"}, "self_draw_bonus"),
        ({"self_draw_bonus": None}, "self_draw_bonus"),
        ({"kong_transfer": 1}, "kong_transfer"),
        ({"pig_pays_winners": "yes"}, "pig_pays_winners"),
    ]
    + [({name: 1}, name) for name in sorted(OPTIONAL)],
)
def test_rules_rejects_values_outside_the_book(kwargs, field):
    with pytest.raises(ValueError, match=field):
        Rules(**kwargs)


def test_rules_rejects_a_fractional_fan_cap():
    with pytest.raises(ValueError, match="fan_cap"):
        Rules(fan_cap=4.0)  # type: ignore[arg-type]


# --- the fan table: reference/sichuan.md#fan ---------------------------------------------

TABLE = {
    "root": ("根", 1),
    "all-pungs": ("对对胡", 1),
    "golden-wait": ("金钩钓", 1),
    "full-flush": ("清一色", 2),
    "seven-pairs": ("七对", 2),
    "win-after-kong": ("杠上开花", 1),
    "shot-after-kong": ("杠上炮", 1),
    "robbing-kong": ("抢杠胡", 1),
    "under-the-sea": ("海底", 1),
}


def test_patterns_are_the_table():
    standard = {p.key: (p.chinese, p.fan) for p in PATTERNS if p.option is None}
    assert standard == TABLE
    assert all(p.meaning and p.description for p in PATTERNS)
    assert "self-draw" not in " ".join(p.key for p in PATTERNS)


# root


def test_root_counts_four_across_pung_and_chow():
    result = score("111m123m456p789p99p", win="9p", void="s")
    assert result.patterns == (("root", 1),)
    assert result.fan == 1


@pytest.mark.parametrize("kong", ["[1111m]", "(1111m)"])
def test_root_counts_kongs(kong):
    result = score(f"123p456p789p55p{kong}", win="5p", void="s")
    assert keys(result) == {"root": 1}


def test_root_is_one_fan_each():
    result = score("123p456p55p[1111m](2222m)", win="5p", void="s")
    assert keys(result)["root"] == 2
    assert result.fan == 2


def test_root_needs_all_four_copies():
    result = score("111m234m456p789p99p", win="9p", void="s")
    assert "root" not in keys(result)
    assert result.fan == 0


def test_seven_pairs_with_four_identical_is_seven_pairs_and_root():
    result = score("1111m2233m4455p66p", win="6p", void="s")
    assert keys(result) == {"root": 1, "seven-pairs": 2}
    assert result.fan == 3


# all pungs


def test_all_pungs():
    assert keys(score("111m222m333p444p55p", win="5p", void="s")) == {"all-pungs": 1}
    assert keys(score("[111m][222m]333p444p55p", win="4p", void="s")) == {"all-pungs": 1}


def test_all_pungs_not_with_a_chow():
    result = score("111m222m333p456p55p", win="5p", void="s")
    assert "all-pungs" not in keys(result)
    assert result.fan == 0


# golden wait


def test_golden_wait_adds_to_all_pungs():
    result = score("[111m][222m][333p][444p]55p", win="5p", void="s")
    assert keys(result) == {"all-pungs": 1, "golden-wait": 1}
    assert result.fan == 2


def test_golden_wait_counts_concealed_kongs_as_melds():
    result = score("(1111m)[222m][333p](4444p)55p", win="5p", void="s")
    assert keys(result) == {"root": 2, "all-pungs": 1, "golden-wait": 1}


def test_golden_wait_needs_four_melds():
    result = score("[111m][222m][333p]444p55p", win="5p", void="s")
    assert keys(result) == {"all-pungs": 1}


def test_no_golden_wait_when_the_win_completes_a_concealed_group():
    result = score("[111m][222m][333p]44p555p", win="5p", void="s")
    assert "golden-wait" not in keys(result)


# full flush


def test_full_flush():
    result = score("123m345m666m789m99m", win="9m")
    assert keys(result) == {"full-flush": 2}


def test_full_flush_not_with_two_suits():
    result = score("123m345m666m789p99p", win="9p", void="s")
    assert "full-flush" not in keys(result)


# seven pairs


def test_seven_pairs():
    result = score("11335577m224499p", win="4p", void="s")
    assert keys(result) == {"seven-pairs": 2}


def test_seven_pairs_needs_seven_pairs():
    result = score("11335577m224589p", win="4p", void="s")
    assert not result.wins


def test_seven_pairs_counts_four_identical_as_two_pairs():
    result = score("11112233m445566p", win="6p", void="s")
    assert result.reading.form == "seven-pairs"
    assert keys(result) == {"root": 1, "seven-pairs": 2}


# situational patterns


def test_win_after_kong():
    hand = "123p456p789p55p(1111m)"
    assert keys(score(hand, win="5p", void="s", kong_replacement=True)) == {
        "root": 1,
        "win-after-kong": 1,
    }
    assert "win-after-kong" not in keys(score(hand, win="5p", void="s", self_drawn=True))


PLAIN = "123m456m789m123p55p"
"""A 0-fan hand: chows, a pair, two suits."""


def test_plain_hand_has_no_fan():
    result = score(PLAIN, win="3p", void="s")
    assert (result.wins, result.fan, result.patterns, result.value) == (True, 0, (), 1)


@pytest.mark.parametrize(
    ("flags", "key"),
    [
        ({"shot_after_kong": True}, "shot-after-kong"),
        ({"robbing_kong": True}, "robbing-kong"),
        ({"last_tile": True}, "under-the-sea"),
        ({"last_tile": True, "self_drawn": True}, "under-the-sea"),
    ],
)
def test_situational_patterns_add_one_fan(flags, key):
    result = score(PLAIN, win="3p", void="s", **flags)
    assert result.patterns == ((key, 1),)
    assert score(PLAIN, win="3p", void="s").fan == 0


def test_situational_patterns_add_up():
    # a shot after a kong on the discard right after the last wall tile
    result = score(PLAIN, win="3p", void="s", shot_after_kong=True, last_tile=True)
    assert keys(result) == {"shot-after-kong": 1, "under-the-sea": 1}


def test_robbing_a_kong_cannot_be_on_the_last_tile():
    # no kong can be made once the wall is empty, so nothing can be robbed then
    with pytest.raises(ValueError, match="wall is empty"):
        score(PLAIN, win="3p", void="s", robbing_kong=True, last_tile=True)


# familiar names


@pytest.mark.parametrize(
    ("hand", "win", "name", "fan"),
    [
        ("111m222m333m555m77m", "7m", "清对", 3),
        ("1111m2233m4455p66p", "6p", "龙七对", 3),
        ("11223344556677p", "7p", "清七对", 4),
        ("11112233445566m", "6m", "清龙七对", 5),
        ("[1111m][2222m](3333p)[4444p]55p", "5p", "十八罗汉", 6),
    ],
)
def test_familiar_names_and_their_sums(hand, win, name, fan):
    result = score(hand, win=win)
    assert result.name == name
    assert result.raw_fan == fan
    assert result.fan == min(fan, Rules().fan_cap)
    assert name in [chinese for chinese, _, _ in FAMILIAR_NAMES]


def test_plain_win_names_only_a_win_with_no_pattern():
    plain = score("123m456m789m234p55p", win="5p", void="s")
    assert plain.patterns == () and plain.fan == 0
    assert (plain.name, plain.english_name) == ("平胡", "plain win, no fan")


@pytest.mark.parametrize(
    ("hand", "win", "how"),
    [
        ("1111m23m456m789p99p", "9p", {}),  # a root alone: 1 fan
        ("123m456m789m123p55p", "1p", {"shot_after_kong": True}),
        ("123m456m789m123p55p", "1p", {"last_tile": True}),
        ("123m456m789m55p(7777p)", "5p", {"kong_replacement": True}),  # root + flower on kong
    ],
)
def test_a_pattern_without_a_familiar_name_has_no_name(hand, win, how):
    # 平胡 means "no fan" in Sichuan: a 1-fan hand is never called that
    result = score(hand, win=win, void="s", **how)
    assert result.wins and result.fan >= 1
    assert result.name is None and result.english_name is None and result.title is None
    assert "does not win" not in result.breakdown


def test_every_familiar_name_is_one_thing():
    names = [chinese for chinese, _, _ in FAMILIAR_NAMES]
    assert len(names) == len(set(names))
    plain = [matches for chinese, _, matches in FAMILIAR_NAMES if chinese == "平胡"]
    hand = Hand.parse("123m456m789m234p55p")
    assert plain[0]({}, hand) and not plain[0]({"root": 1}, hand)


def test_eighteen_arhats_is_four_roots_all_pungs_golden_wait():
    result = score("[1111m][2222m](3333p)[4444p]55p", win="5p")
    assert keys(result) == {"root": 4, "all-pungs": 1, "golden-wait": 1}


def test_eighteen_arhats_in_one_suit_adds_full_flush():
    result = score("[1111m][2222m](3333m)[4444m]55m", win="5m")
    assert result.name == "十八罗汉"
    assert keys(result) == {"root": 4, "all-pungs": 1, "golden-wait": 1, "full-flush": 2}
    assert (result.raw_fan, result.fan) == (8, 4)  # the fan paid is capped
    assert result.value == 16


# the best reading counts


def test_best_reading_counts():
    # 111222333m reads as three pungs (all pungs) or three chows (nothing).
    result = score("111222333m555p77p", win="7p", void="s")
    assert keys(result) == {"all-pungs": 1}
    assert [g.kind for g in result.reading.groups].count("chow") == 0


def test_best_reading_prefers_seven_pairs_over_four_groups():
    # 123m 123m 11m 456p 456p is a 1-fan reading (the root); seven pairs and a root is 3.
    result = score("1111m2233m4455p66p", win="6p", void="s")
    assert result.reading.form == "seven-pairs"
    assert result.fan == 3


def test_best_reading_with_an_option_may_be_the_chow_reading():
    # With 带幺九, 123m 123m 123m 789p 99p scores 2; the pung reading scores nothing.
    rules = Rules(terminals_in_all=True)
    result = score("111222333m789p99p", win="9p", void="s", rules=rules)
    assert keys(result) == {"terminals-in-all": 2}


# optional patterns


@pytest.mark.parametrize(
    ("option", "key", "hand", "win", "extra"),
    [
        ("terminals_in_all", "terminals-in-all", "123m789m111p999p99m", "9m", 2),
        ("pungs_258", "258-pungs", "222m555m888p222p55p", "5p", 2),
        ("concealed_hand", "concealed", PLAIN, "3p", 1),
        ("concealed_hand", "concealed", "123m456m123p55p(7777m)", "3p", 1),
        ("all_simples", "all-simples", "234m567m345p678p55p", "5p", 1),
        ("app_dragon_seven_pairs", "app-dragon-seven-pairs", "1111m2233m4455p66p", "6p", 1),
    ],
)
def test_optional_pattern_off_by_default_and_adds_its_fan(option, key, hand, win, extra):
    off = score(hand, win=win, void="s")
    on = score(hand, win=win, void="s", rules=Rules(**{option: True}))
    assert key not in keys(off)
    assert keys(on)[key] == extra
    assert on.fan == off.fan + extra


def test_pungs_comes_on_top_of_all_pungs():
    result = score("222m555m888p222p55p", win="5p", void="s", rules=Rules(pungs_258=True))
    assert keys(result) == {"all-pungs": 1, "258-pungs": 2}


@pytest.mark.parametrize(
    ("option", "hand", "win"),
    [
        ("terminals_in_all", "123m456m789p111p99p", "9p"),
        ("pungs_258", "222m555m888p333p55p", "5p"),
        ("concealed_hand", "123m456m789m55p[222p]", "5p"),
        ("all_simples", "234m567m345p789p55p", "5p"),
        ("app_dragon_seven_pairs", "11335577m224499p", "4p"),
    ],
)
def test_optional_pattern_only_where_it_applies(option, hand, win):
    off = score(hand, win=win, void="s")
    on = score(hand, win=win, void="s", rules=Rules(**{option: True}))
    assert on.fan == off.fan


@pytest.mark.parametrize("cap", [3, 4, 5, 6])
def test_heavenly_or_earthly_hand_is_the_cap(cap):
    off = score(PLAIN, win="3p", void="s", self_drawn=True, heavenly=True, rules=Rules(fan_cap=cap))
    on = score(
        PLAIN,
        win="3p",
        void="s",
        self_drawn=True,
        heavenly=True,
        rules=Rules(fan_cap=cap, heavenly_earthly=True),
    )
    assert off.fan == 0
    assert on.fan >= cap
    assert on.value == 2**cap


# --- hand value: reference/sichuan.md#hand-value -----------------------------------------


@pytest.mark.parametrize("cap", [3, 4, 5, 6])
@pytest.mark.parametrize("base", [1, 2, 5])
def test_hand_value_is_base_times_two_to_the_capped_fan(cap, base):
    rules = Rules(base=base, fan_cap=cap)
    assert [rules.hand_value(fan) for fan in range(9)] == [
        base * 2 ** min(fan, cap) for fan in range(9)
    ]
    for hand, win, fan in [
        (PLAIN, "3p", 0),
        ("111m222m333p444p55p", "5p", 1),
        ("1111m2233m4455p66p", "6p", 3),
        ("11112233445566m", "6m", 5),
        ("[1111m][2222m](3333m)[4444m]55m", "5m", 8),
    ]:
        result = score(hand, win=win, rules=rules)
        assert (result.raw_fan, result.fan) == (fan, min(fan, cap))
        assert result.value == base * 2**result.fan


def test_hand_value_table():
    assert [Rules().hand_value(fan) for fan in range(5)] == [1, 2, 4, 8, 16]


@pytest.mark.parametrize(
    ("hand", "win", "flags"),
    [
        (PLAIN, "3p", {}),
        ("11112233445566m", "6m", {}),
        ("123p456p789p55p(1111m)", "5p", {"kong_replacement": True}),
        ("111m222m333p444p55p", "5p", {"last_tile": True}),
    ],
)
def test_fan_never_includes_the_self_draw_bonus(hand, win, flags):
    on_discard = score(hand, win=win, **flags)
    self_drawn = score(hand, win=win, self_drawn=True, **flags)
    assert self_drawn.fan == on_discard.fan
    assert self_drawn.patterns == on_discard.patterns
    assert self_drawn.value == on_discard.value


# --- Results explain themselves ----------------------------------------------------------


def test_score_lists_its_parts():
    result = score("11112233445566m", win="6m")
    frame = result.to_frame()
    assert list(frame["pattern"]) == [key for key, _ in result.patterns]
    assert frame["fan"].sum() == result.raw_fan == 5
    assert result.fan == 4
    assert result.breakdown.endswith("= 5 fan, capped at 4 → ×16")


# --- hands that parse but do not win: reference/sichuan.md#winning-hands -----------------


def test_not_four_groups_and_a_pair_is_a_result():
    result = score("123m456m789p11p245p", win="1p", void="s")
    assert result.wins is False
    assert "not four groups and a pair" in result.reason
    assert (result.fan, result.value, result.patterns) == (0, 0, ())
    assert "does not win" in result.breakdown


@pytest.mark.parametrize("void", ["m", "p"])
def test_holding_the_void_suit_does_not_win(void):
    result = score("123m456m789m123p55p", win="5p", void=void)
    assert result.wins is False
    assert "holds a tile of the void suit" in result.reason
    assert result.value == 0


def test_a_meld_of_the_void_suit_does_not_win():
    result = score("123p456p789p55p[111m]", win="5p", void="m")
    assert result.wins is False
    assert "void suit" in result.reason


def test_three_suits_without_a_void_do_not_win():
    result = score("123m456m789p11p789s", win="1p")
    assert result.wins is False
    assert "void" in result.reason
    assert score("123m456m789p11p789s", win="1p", void="s").wins is False


def test_two_suits_win_with_or_without_a_named_void():
    assert score(PLAIN, win="3p").wins
    assert score(PLAIN, win="3p", void="s").wins


# --- bad input raises: reference/sichuan.md#tiles ----------------------------------------


@pytest.mark.parametrize(
    ("hand", "token", "position"),
    [
        ("123m456m789m11p555z", "555z", 15),
        ("123m456m789m11p [555z]", "[555z]", 16),
        ("1z23m456m789m11p555p", "1z", 0),
    ],
)
def test_honours_in_sichuan_raise_naming_token_and_position(hand, token, position):
    with pytest.raises(ValueError, match="honour") as raised:
        score(hand, win="1p")
    assert repr(token) in str(raised.value)
    assert f"position {position}" in str(raised.value)


def test_honours_in_a_prepared_hand_raise():
    with pytest.raises(ValueError, match="honour"):
        score(Hand.parse("123m456m789m11p555z"), win="1p")


def test_a_claimed_chow_raises():
    with pytest.raises(ValueError, match="chow") as raised:
        score("123m456m789m11p[123s]", win="1p")
    assert "[123s]" in str(raised.value)


def test_a_claimed_chow_names_its_position():
    with pytest.raises(ValueError) as raised:
        score("123m456m789m11p[123s]", win="1p")
    assert "position 15" in str(raised.value)


@pytest.mark.parametrize(
    "hand",
    [
        "123m456m789m123p5p",  # 13
        "123m456m789m123p555p",  # 15
        "123m456m789m55p(1111p)2p",  # 15, the kong as three
        "123m456m789m5p[1111p]",  # 14 tiles held, but 13 with the kong as three
    ],
)
def test_wrong_number_of_tiles_raises(hand):
    with pytest.raises(ValueError, match="14"):
        score(hand, win="5p")


def test_kongs_count_as_three():
    assert score("123p456p789p55p(1111m)", win="5p").wins


@pytest.mark.parametrize(("hand", "win"), [(PLAIN, "9p"), ("123p456p789p55p[111m]", "1m")])
def test_winning_tile_not_among_concealed_tiles_raises(hand, win):
    with pytest.raises(ValueError, match="winning tile"):
        score(hand, win=win)


@pytest.mark.parametrize(
    "flags",
    [
        {"robbing_kong": True, "self_drawn": True},
        {"shot_after_kong": True, "self_drawn": True},
        {"robbing_kong": True, "kong_replacement": True},
        {"shot_after_kong": True, "kong_replacement": True},
        {"shot_after_kong": True, "robbing_kong": True},
    ],
)
def test_contradictory_win_conditions_raise(flags):
    with pytest.raises(ValueError):
        score(PLAIN, win="3p", **flags)


@pytest.mark.parametrize(
    ("hand", "win", "flags", "why"),
    [
        ("123p456p789p55p111m", "5p", {"kong_replacement": True}, "needs a kong"),
        ("123p456p789p55p(1111m)", "1p", {"robbing_kong": True}, None),
        ("111p456p789p55p(1111m)", "1p", {"robbing_kong": True}, "holds only one"),
    ],
)
def test_win_conditions_the_hand_rules_out(hand, win, flags, why):
    if why is None:
        assert score(hand, win=win, void="s", **flags).wins
        return
    with pytest.raises(ValueError, match=why):
        score(hand, win=win, void="s", **flags)


def test_a_win_on_a_kong_replacement_is_self_drawn():
    result = score("123p456p789p55p(1111m)", win="5p", kong_replacement=True, self_drawn=True)
    assert "win-after-kong" in keys(result)


@pytest.mark.parametrize("void", ["z", "x", "", "mp", "M"])
def test_bad_void_letter_raises(void):
    with pytest.raises(ValueError, match="void"):
        score(PLAIN, win="3p", void=void)


def test_bad_tile_notation_raises():
    with pytest.raises(ValueError, match="position"):
        score("123m456m789m123p50p", win="5p")
    with pytest.raises(ValueError):
        score(PLAIN, win="3x")


# --- Properties --------------------------------------------------------------------------

SUIT_CHOICES = ["m", "p", "s", "mp", "ms", "ps"]


def _text(tiles: list[Tile]) -> str:
    return "".join(f"{t.number}{t.suit}" for t in tiles)


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[str, Tile]:
    """A complete Sichuan hand in one or two suits, and its winning tile."""
    suits = draw(st.sampled_from(SUIT_CHOICES))
    kinds = [t for t in SUITED if t.suit in suits]
    concealed: list[Tile] = []
    melds: list[str] = []
    held: Counter[Tile] = Counter()
    if draw(st.integers(0, 4)) == 0:
        pairs = draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7))
        concealed = [t for t in pairs for _ in range(2)]
        held.update(concealed)
    else:
        for _ in range(4):
            shape = draw(
                st.sampled_from(["chow", "chow", "pung", "pung-laid", "kong", "kong-hidden"])
            )
            if shape == "chow":
                first = draw(st.sampled_from([t for t in kinds if t.number <= 7]))
                group = [first, TILES[first.index + 1], TILES[first.index + 2]]
                concealed += group
                held.update(group)
                continue
            tile = draw(st.sampled_from(kinds))
            size = 4 if shape.startswith("kong") else 3
            held[tile] += size
            if shape == "pung":
                concealed += [tile] * 3
            else:
                text = f"{tile.number}" * size + tile.suit
                melds.append(f"({text})" if shape == "kong-hidden" else f"[{text}]")
        pair = draw(st.sampled_from(kinds))
        concealed += [pair, pair]
        held[pair] += 2
    assume(max(held.values()) <= 4)
    win = draw(st.sampled_from(concealed))
    return _text(concealed) + "".join(melds), win


rule_sets = st.builds(
    Rules,
    base=st.integers(1, 3),
    fan_cap=st.sampled_from([3, 4, 5, 6]),
    terminals_in_all=st.booleans(),
    pungs_258=st.booleans(),
    concealed_hand=st.booleans(),
    all_simples=st.booleans(),
    heavenly_earthly=st.booleans(),
    app_dragon_seven_pairs=st.booleans(),
)

HOW = {
    "discard": {},
    "self-drawn": {"self_drawn": True},
    "after a kong": {"kong_replacement": True},
    "shot after a kong": {"shot_after_kong": True},
    "robbing a kong": {"robbing_kong": True},
}


@settings(max_examples=300, deadline=None)
@given(
    complete_hands(),
    rule_sets,
    st.sampled_from(sorted(HOW)),
    st.booleans(),
    st.booleans(),
)
def test_fan_is_the_best_reading_of_the_table(drawn, rules, how, last_tile, heavenly):
    text, win = drawn
    hand = Hand.parse(text)
    flags = dict(HOW[how])
    # Conditions the hand itself rules out are bad input, tested elsewhere
    assume(how != "after a kong" or any(m.kind is MeldKind.KONG for m in hand.melds))
    assume(how != "robbing a kong" or hand.all_tiles.count(Tile.parse(str(win))) == 1)
    assume(how != "robbing a kong" or not last_tile)  # no kong once the wall is empty
    # heavenly when self-drawn, earthly on a discard; only with no meld, not on the last tile
    heavenly = heavenly and how in ("discard", "self-drawn") and not hand.melds and not last_tile
    if heavenly:
        flags["earthly" if how == "discard" else "heavenly"] = True
    situational = (how not in ("discard", "self-drawn")) + last_tile
    result = score(text, win=win, rules=rules, last_tile=last_tile, **flags)
    expected = expected_fan(hand, win, rules, situational=situational)
    assert expected is not None
    assert result.wins
    assert sum(fan for _, fan in result.patterns) == result.raw_fan
    assert result.fan == min(result.raw_fan, rules.fan_cap)
    if heavenly and rules.heavenly_earthly:
        assert result.value == rules.base * 2**rules.fan_cap
    else:
        assert result.raw_fan == expected
        assert result.value == rules.base * 2 ** min(expected, rules.fan_cap)
    if how == "discard" and not heavenly:
        self_drawn = score(text, win=win, self_drawn=True, rules=rules, last_tile=last_tile)
        assert self_drawn.fan == result.fan


@st.composite
def any_hands(draw: st.DrawFn) -> tuple[str, Tile]:
    """Any 14 tiles of one or two suits (four of a kind at most), and one of them."""
    suits = draw(st.sampled_from(SUIT_CHOICES))
    kinds = [t for t in SUITED if t.suit in suits]
    tiles = draw(st.lists(st.sampled_from(kinds), min_size=14, max_size=14))
    assume(max(Counter(tiles).values()) <= 4)
    return _text(sorted(tiles)), draw(st.sampled_from(tiles))


@settings(max_examples=300, deadline=None)
@given(any_hands())
def test_a_hand_that_parses_wins_or_says_why(drawn):
    text, win = drawn
    result = score(text, win=win)
    expected = expected_fan(Hand.parse(text), win, Rules())
    assert result.wins == (expected is not None)
    if expected is None:
        assert "not four groups and a pair" in result.reason
        assert (result.fan, result.value) == (0, 0)
    else:
        assert result.raw_fan == expected
        assert result.fan == min(expected, Rules().fan_cap)
        assert result.reason is None


# --- win conditions: heavenly and earthly hands, the cap, waits (reference/sichuan.md#fan) ---

HEAVENLY = Rules(heavenly_earthly=True)


@pytest.mark.parametrize(
    ("hand", "flags", "message"),
    [
        ("123p456p789p55p[111m]", {"heavenly": True}, "holds no meld"),
        ("123p456p789p55p(1111m)", {"earthly": True}, "holds no meld"),
        (PLAIN, {"earthly": True, "self_drawn": True}, "self-drawn"),
        (PLAIN, {"earthly": True, "last_tile": True}, "last tile"),
        (PLAIN, {"heavenly": True, "robbing_kong": True}, "robbed kong"),
        ("123p456p789p55p(1111m)", {"heavenly": True, "kong_replacement": True}, "replacement"),
    ],
)
def test_heavenly_and_earthly_hands_the_definitions_rule_out(hand, flags, message):
    with pytest.raises(ValueError, match=message):
        score(hand, win="5p" if "5p" in hand else "3p", void="s", rules=HEAVENLY, **flags)


def test_earthly_hand_is_the_cap_too():
    result = score(PLAIN, win="3p", void="s", earthly=True, rules=HEAVENLY)
    assert result.limit and result.fan == HEAVENLY.fan_cap
    assert dict(result.patterns)["heavenly-earthly"] == HEAVENLY.fan_cap


def test_sichuan_has_no_consecutive_kongs():
    with pytest.raises(ValueError, match="no consecutive kongs"):
        score(
            "123p456p789p55p(1111m)", win="5p",
            conditions=WinConditions(kong_replacement=True, consecutive_kongs=True),
        )  # fmt: skip


def test_fan_is_capped_and_raw_fan_is_the_sum_of_the_parts():
    result = score("[1111m][2222m](3333m)[4444m]55m", win="5m", rules=Rules(fan_cap=5))
    assert (result.fan, result.raw_fan) == (5, 8)
    assert result.raw_fan == sum(fan for _, fan in result.patterns)
    assert result.value == 2**5


def test_waits_with_fan_scores_each_wait_both_ways():
    found = waits_with_fan("1112345678999p", void="m")
    assert [str(w.tile) for w in found] == [f"{n}p" for n in range(1, 10)]
    assert all(w.legal and w.discard.fan == w.self_drawn.fan for w in found)
    with pytest.raises(TypeError, match="expects a Hand"):
        waits_with_fan(None)
