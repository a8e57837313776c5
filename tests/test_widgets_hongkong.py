"""The Hong Kong widgets, driven in plain Python by setting values and clicking.

The rules they show: reference/hongkong.md.
"""

from __future__ import annotations

import html

import pandas as pd
import pytest

from kit.hongkong import PRESETS, Rules, score
from kit.mahjong.tiles import Hand, Tile
from kit.widgets.hongkong import (
    HandBuilder,
    PaoExplorer,
    TableEditor,
    WhatDoesThisHandNeed,
    pao_table,
)


def click(builder: HandBuilder, *tokens: str) -> None:
    for token in tokens:
        builder.buttons[Tile.parse(token)].click()


def text_of(widget: object) -> str:
    """A widget's HTML as a learner reads it: entities such as &#x27; turned back into text."""
    return html.unescape(str(widget.value))  # type: ignore[attr-defined]


def classes(widget: object) -> set[str]:
    return set(widget._dom_classes)  # type: ignore[attr-defined]


# --- hand builder ---------------------------------------------------------------------------


def test_palette_has_the_34_tiles_with_stable_classes() -> None:
    builder = HandBuilder()
    assert len(builder.buttons) == 34
    assert {"kit-tile-button", "kit-tile-5z"} <= classes(builder.buttons[Tile.parse("5z")])
    assert builder.buttons[Tile.parse("5z")].description == "5z 白"
    assert "kit-hk-builder" in classes(builder)
    assert "kit-add-mode" in classes(builder.add_mode)
    assert "kit-hand-text" in classes(builder.text)
    assert "kit-readout" in classes(builder.readout)
    assert list(builder.add_mode.options) == ["concealed", "chow", "pung", "kong", "concealed kong"]
    assert not any(button.disabled for button in builder.buttons.values())


def build_half_flush(builder: HandBuilder) -> None:
    """123m456m789m11m by clicks, then a pung of White dragons in pung mode."""
    click(builder, "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1m", "1m")
    builder.add_mode.value = "pung"
    click(builder, "5z")


def test_builder_scores_a_half_flush_with_a_dragon_pung_and_its_payments() -> None:
    """4 fan; the discarder pays 32, or each of three pays 16 (reference/hongkong.md#payments)."""
    builder = HandBuilder()
    build_half_flush(builder)
    assert builder.value == "11123456789m[555z]"
    assert builder.win.value == "1m"  # the last tile added to the concealed hand
    assert builder.result == score("123m456m789m11m[555z]", win="1m")
    readout = text_of(builder.readout)
    assert "dragon pung 1 + half flush 3 = 4 fan" in readout
    assert "reaches the 3-fan minimum" in readout
    assert "What this hand pays at the half-spicy table" in readout
    plain = readout.replace("<b>", "").replace("</b>", "")
    assert "Won on a discard: 4 fan, the discarder alone pays 32" in plain
    # a self-draw is scored with its own fan: 5, so each of the others pays 24
    assert "Self-drawn: 5 fan, each of the other three pays 24" in plain
    # seat 0 (East) wins; seat 3, on its left, is the discarder
    assert builder.payments == {"discard": [32, 0, 0, -32], "self_draw": [72, -24, -24, -24]}
    assert readout.split("kit-payout-table")[1].count("<tr><td") == 4  # one row per seat
    assert builder.error.value == ""


def test_builder_says_how_many_fan_a_hand_lacks() -> None:
    builder = HandBuilder(hand="123m456p11s[555z][666z]")
    assert builder.result is not None and builder.result.fan == 2 and not builder.result.wins
    readout = text_of(builder.readout)
    assert "it lacks 1 fan to reach the 3-fan minimum" in readout
    assert "dragon pung 2 = 2 fan" in readout
    # on a discard it is no win; self-drawn, its own fan (3) reaches the minimum
    assert "Won on a discard: not a win (2 fan)" in readout
    assert builder.payments == {"self_draw": [24, -8, -8, -8]}


def test_self_drawn_adds_its_fan_and_the_seat_wind_moves_the_winner() -> None:
    builder = HandBuilder(hand="123m456m789m11m[555z]")
    builder.conditions["self_drawn"].value = True
    assert builder.result is not None and builder.result.fan == 5
    assert builder.payments["self_draw"] == [72, -24, -24, -24]
    builder.seat_wind.value = "S"
    # the discard column is scored without the self-drawn fan: 4 fan, 32
    assert builder.payments["discard"] == [-32, 32, 0, 0]  # seat 1 wins on seat 0's discard
    assert "seat 1 (South 南) <b>winner</b>" in text_of(builder.readout)


def test_full_spicy_preset_changes_the_payments() -> None:
    builder = HandBuilder(hand="123m456m789m11m[555z]")
    builder.preset.value = "full-spicy"
    assert builder.rules.table == PRESETS["full-spicy"]
    assert builder.payments["discard"] == [32, 0, 0, -32]  # 4 fan: the same 32
    builder.value = "111222333m456m55z"  # half flush, concealed, all chows: 5 fan
    assert builder.result is not None and builder.result.wins
    fan = builder.result.fan
    assert builder.payments["discard"][0] == PRESETS["full-spicy"].discard(fan)


def test_two_player_table_disables_the_removed_tiles_and_rejects_them_in_text() -> None:
    builder = HandBuilder(hand="19m19p19s1234567z")
    builder.players.value = 2
    assert builder.rules.players == 2 and builder.error.value == ""
    assert builder.buttons[Tile.parse("2m")].disabled
    assert builder.buttons[Tile.parse("5s")].disabled
    assert not builder.buttons[Tile.parse("5p")].disabled
    assert not builder.buttons[Tile.parse("9s")].disabled
    assert [value for _, value in builder.seat_wind.options] == ["E", "S"]
    assert builder.preset.disabled
    builder.text.value = "2m"
    error = text_of(builder.error)
    assert "'2m'" in error and "two-player table has no 2m" in error
    assert builder.hand == Hand.parse("19m19p19s1234567z")


def test_a_hand_with_removed_tiles_keeps_the_four_player_table() -> None:
    builder = HandBuilder(hand="123m456m789m11m[555z]")
    before = builder.readout.value
    builder.players.value = 2
    assert builder.players.value == 4 and builder.rules.players == 4
    assert "the two-player table has no 2m" in text_of(builder.error)
    assert builder.readout.value == before


def test_two_players_pay_from_the_golden_table() -> None:
    builder = HandBuilder(Rules(players=2), hand="111999p[111z]55z[555p]")
    assert builder.result is not None and builder.result.wins
    fan = builder.result.fan
    drawn = score("111999p[111z]55z[555p]", win="5z", self_drawn=True, rules=Rules(players=2))
    golden = builder.rules.golden
    assert builder.payments == {
        "discard": [golden.discard(fan), -golden.discard(fan)],
        "self_draw": [golden.self_draw(drawn.fan), -golden.self_draw(drawn.fan)],
    }
    assert "golden (two-player) table" in text_of(builder.readout)


def test_chow_kong_and_concealed_kong_modes_and_undo() -> None:
    builder = HandBuilder()
    builder.add_mode.value = "chow"
    click(builder, "1m")
    builder.add_mode.value = "kong"
    click(builder, "9p")
    builder.add_mode.value = "concealed kong"
    click(builder, "7z")
    builder.add_mode.value = "concealed"
    click(builder, "2s")
    assert builder.value == "2s[123m][9999p](7777z)"
    assert builder.hand.size == 10
    assert builder.buttons[Tile.parse("9p")].disabled  # all four are in the hand
    builder.undo()
    assert builder.value == "[123m][9999p](7777z)"
    builder.clear()
    assert builder.value == ""
    builder.undo()
    assert builder.value == "[123m][9999p](7777z)"


def test_a_chow_must_start_at_1_to_7_of_a_suit() -> None:
    builder = HandBuilder()
    builder.add_mode.value = "chow"
    click(builder, "8m")
    assert "none starts at 8m" in text_of(builder.error)
    click(builder, "1z")
    assert "none starts at 1z" in text_of(builder.error)
    assert builder.value == ""


def test_a_fifth_copy_and_a_fifteenth_tile_are_refused() -> None:
    builder = HandBuilder(hand="1111m")
    builder.add_mode.value = "chow"
    click(builder, "1m")
    assert "only four 1m" in text_of(builder.error)
    builder.value = "11122233344455p"
    builder.add_mode.value = "concealed"
    click(builder, "6p")
    assert "at most 14" in text_of(builder.error)
    assert builder.value == "11122233344455p"


@pytest.mark.parametrize(
    ("bad", "quoted"),
    [
        ("123m456m789m11m[555x]", "[555x]"),
        ("11m 0p", "0p"),
        ("[12z]", "[12z]"),
        ("1m1m1m1m1m", "1m"),
    ],
)
def test_bad_text_keeps_the_last_hand_and_names_the_token(bad: str, quoted: str) -> None:
    builder = HandBuilder(hand="123m456m789m11m[555z]")
    before = builder.readout.value
    builder.text.value = bad
    assert builder.hand == Hand.parse("123m456m789m11m[555z]")
    assert f"'{quoted}'" in text_of(builder.error)
    assert builder.readout.value == before
    builder.text.value = "123m456m789m11m[555z]"
    assert builder.error.value == ""


def test_contradictory_conditions_show_the_message_not_a_traceback() -> None:
    builder = HandBuilder(hand="123m456m789m11m[555z]")
    builder.conditions["robbing_kong"].value = True
    assert builder.error.value == ""
    assert dict(builder.result.patterns if builder.result else ()).get("robbing-kong") == 1
    before = builder.readout.value
    builder.conditions["self_drawn"].value = True
    assert "cannot be self-drawn" in builder.error.value
    # the toggle goes back and the page keeps the last hand that fitted
    assert not builder.conditions["self_drawn"].value
    assert builder.readout.value == before
    assert "Traceback" not in builder.readout.value + builder.error.value
    builder.conditions["robbing_kong"].value = False
    assert builder.error.value == ""
    builder.conditions["self_drawn"].value = True
    assert builder.result is not None and builder.result.fan == 5


def test_a_13_tile_hand_lists_its_waits() -> None:
    builder = HandBuilder(hand="123m456m789m1m[555z]")
    readout = text_of(builder.readout)
    assert "waiting on 3 tiles" in readout
    assert builder.win.disabled and builder.result is None


# --- what does this hand need? ----------------------------------------------------------------


def test_needs_splits_the_waits_by_the_minimum() -> None:
    needs = WhatDoesThisHandNeed(hand="123m456p789s22z55z")
    assert "kit-hk-needs" in classes(needs)
    assert [str(x.tile) for x in needs.waits] == ["2z", "5z"]
    south, white = needs.waits
    # 2z: a South pung is nobody's wind here; concealed 1 (+ self-drawn 1)
    assert (south.discard.fan, south.self_drawn.fan, south.legal) == (1, 2, False)
    # 5z: dragon pung 1 + concealed 1, and self-drawn makes the third fan
    assert (white.discard.fan, white.self_drawn.fan, white.legal) == (2, 3, True)
    assert [str(x.tile) for x in needs.legal] == ["5z"]
    assert [str(x.tile) for x in needs.short] == ["2z"]
    readout = text_of(needs.readout)
    legal, short = readout.split("kit-waits-short")
    assert "Legal (≥ 3 fan)" in legal and "data-tile='5z'" in legal
    assert "data-tile='2z'" not in legal and "data-tile='2z'" in short
    assert "Waiting on 2 tiles: 1 reach the 3-fan minimum (on a discard or self-drawn)" in readout
    assert "2 fan ✗</b> (lacks 1)" in legal and "3 fan ✓" in legal
    assert "concealed hand 1 + self-drawn 1 + dragon pung 1" in legal


def test_the_round_wind_makes_a_wait_legal() -> None:
    needs = WhatDoesThisHandNeed(hand="123m456p789s22z55z")
    needs.round_wind.value = "S"
    south = needs.waits[0]
    assert south.discard.fan == 2 and south.self_drawn.fan == 3 and south.legal
    needs.seat_wind.value = "S"
    assert needs.waits[0].discard.fan == 3  # concealed 1, seat wind 1, round wind 1
    assert len(needs.legal) == 2 and needs.short == []


def test_needs_thirteen_orphans_waits_on_all_thirteen() -> None:
    needs = WhatDoesThisHandNeed(hand="19m19p19s1234567z")
    assert len(needs.waits) == 13 and all(x.discard.limit for x in needs.waits)
    assert len(needs.legal) == 13


def test_needs_explains_other_sizes_and_hands_that_are_not_ready() -> None:
    needs = WhatDoesThisHandNeed(hand="123m")
    assert "This hand has 3 tiles" in text_of(needs.readout) and needs.waits == []
    needs.value = "123m456m789m11m[555z]"
    assert "take 1 out" in text_of(needs.readout)
    needs.value = "159m159p159s1357z"
    assert "Not ready" in text_of(needs.readout) and needs.waits == []
    needs.value = "1133557799p112z"  # a seven-pairs wait does not count here
    assert needs.waits == [] and "seven pairs does not win here" in text_of(needs.readout)


def test_needs_on_the_two_player_table() -> None:
    needs = WhatDoesThisHandNeed(Rules(players=2), hand="11m99m111p999p555z")
    assert [str(x.tile) for x in needs.waits] == ["1m", "9m"]
    assert all(x.discard.wins for x in needs.waits)  # all pungs 3 + dragon pung 1 + ...
    needs.value = "23m"
    assert "'23m'" in text_of(needs.error)
    assert needs.hand == Hand.parse("11m99m111p999p555z")


# --- payment table editor -----------------------------------------------------------------------


def test_editor_starts_on_half_spicy_and_shows_its_payouts_and_charts() -> None:
    editor = TableEditor()
    assert "kit-hk-table-editor" in classes(editor)
    assert editor.rules == Rules()
    assert editor.cells[(10, "discard")].value == 256
    assert "kit-cell-10-self-draw" in classes(editor.cells[(10, "self_draw")])
    assert editor.payouts_at(5) == {"discard": [48, -48, 0, 0], "self_draw": [72, -24, -24, -24]}
    assert [trace.y for trace in editor.curve.data] == [
        tuple(PRESETS["half-spicy"].to_frame()[c]) for c in ("discard", "self_draw")
    ]
    names = [trace.name for trace in editor.compare.data]
    assert len(names) == 6
    assert any(name.startswith("half-spicy") for name in names)
    assert any(name.startswith("full-spicy") for name in names)
    assert any(name.startswith("edited table") for name in names)


def test_editing_a_cell_updates_the_payouts_and_the_chart() -> None:
    editor = TableEditor()
    editor.fan.value = 6
    editor.cells[(6, "discard")].value = 80
    assert editor.error.value == ""
    assert editor.rules.table.discard(6) == 80
    assert editor.payouts_at()["discard"] == [80, -80, 0, 0]
    assert "pays <b>80</b>" in editor.payouts.value
    assert editor.curve.data[0].y[3] == 80  # fans 3, 4, 5, 6


def test_a_negative_value_keeps_the_last_valid_table() -> None:
    editor = TableEditor()
    editor.cells[(4, "self_draw")].value = 20
    kept = editor.rules
    editor.cells[(7, "discard")].value = -5
    assert "row for fan 7 has a negative payment" in text_of(editor.error)
    assert editor.rules == kept
    assert editor.rules.table.discard(7) == 96 and editor.rules.table.self_draw(4) == 20
    assert editor.curve.data[0].y[4] == 96
    editor.cells[(7, "discard")].value = 100
    assert editor.error.value == "" and editor.rules.table.discard(7) == 100


def test_a_table_missing_a_fan_is_refused() -> None:
    editor = TableEditor()
    frame = PRESETS["full-spicy"].to_frame().drop(index=5)
    editor.value = frame
    assert "no row for fan 5" in text_of(editor.error)
    assert editor.rules.table == PRESETS["half-spicy"]
    assert editor.cells[(5, "discard")].value == 48


def test_reset_buttons_load_a_preset() -> None:
    editor = TableEditor()
    editor.resets["full-spicy"].click()
    assert editor.cells[(10, "discard")].value == 2048
    assert editor.rules.table.discard(10) == 2048
    assert pd.testing.assert_frame_equal(editor.value, PRESETS["full-spicy"].to_frame()) is None
    editor.resets["half-spicy"].click()
    assert editor.rules.table.discard(10) == 256


def test_the_golden_table_is_edited_for_two_players() -> None:
    editor = TableEditor()
    editor.which.value = "golden"
    assert editor.rules.players == 2
    assert editor.cells[(3, "self_draw")].value == 16  # golden: the discard value for any win
    assert editor.payouts_at(3) == {"discard": [16, -16], "self_draw": [16, -16]}
    editor.cells[(3, "self_draw")].value = 12
    assert editor.rules.golden.self_draw(3) == 12
    assert editor.payouts_at(3)["self_draw"] == [12, -12]
    assert "Golden table, 2 players" in editor.payouts.value
    editor.which.value = "table"  # the four-player table is untouched
    assert editor.cells[(3, "self_draw")].value == 8
    assert editor.rules.golden.self_draw(3) == 12


# --- pao explorer: reference/hongkong.md#pao -----------------------------------------------------


def test_the_scenario_table_holds_all_136_tiles() -> None:
    table = pao_table()
    assert table.tiles_in_play() == 136
    assert [str(meld) for meld in table.melds[2]] == ["[555z]", "[111p]", "[789p]"]


def test_pao_explorer_steps_to_the_liability_and_back() -> None:
    explorer = PaoExplorer()
    assert "kit-hk-pao" in classes(explorer)
    assert "kit-pao-next" in classes(explorer.next)
    assert explorer.back.disabled and explorer.table.liabilities == {}
    explorer.next.click()
    assert explorer.table.phase == "claim"
    explorer.next.click()
    liability = explorer.table.liabilities[2]
    assert (liability.liable, liability.reason) == (0, "fourth exposed group")
    view = text_of(explorer.view)
    assert "liable for seat 2" in view and "pao: seat 0 pays" in view
    assert "seat 0 liable" in text_of(explorer.explanation)
    assert explorer.table.tiles_in_play() == 136
    explorer.back.click()
    assert explorer.step == 1 and explorer.table.liabilities == {}


def test_pao_explorer_ends_with_the_liable_seat_paying_everything() -> None:
    explorer = PaoExplorer()
    while not explorer.next.disabled:
        explorer.next.click()
    table = explorer.table
    assert table.phase == "over" and table.wins[0].seat == 2
    assert table.wins[0].discarder is None  # self-drawn
    assert table.net == explorer.with_pao == [-72, 0, 72, 0]
    assert explorer.without_pao == [-24, -24, 72, -24]
    payments = text_of(explorer.payments)
    assert "with pao" in payments and "without pao" in payments
    assert [list(trace.y) for trace in explorer.chart.data] == [
        [-72, 0, 72, 0],
        [-24, -24, 72, -24],
    ]
    assert "seat 0 pays all of it, 72" in text_of(explorer.explanation)
    assert table.tiles_in_play() == 136


def test_pao_on_a_third_players_discard_moves_the_payment_to_the_liable_seat() -> None:
    explorer = PaoExplorer()
    explorer.ending.value = "discard"
    explorer.last()
    table = explorer.table
    assert table.wins[0].discarder == 3
    assert table.net == explorer.with_pao == [-32, 0, 32, 0]
    assert explorer.without_pao == [0, 0, 32, -32]
    assert "won, on seat 3's tile: 4 fan" in text_of(explorer.view)
    assert "−32" in text_of(explorer.view)


def test_without_pao_the_engine_charges_the_usual_payers() -> None:
    explorer = PaoExplorer(Rules(pao=False))
    explorer.last()
    assert explorer.table.net == explorer.without_pao == [-24, -24, 72, -24]


def test_contradictions_with_the_hand_show_the_message_never_a_limit_hand() -> None:
    # consecutive kongs with a single kong: one kong is not two kongs in a row
    builder = HandBuilder(hand="(1111m) 234p 567p 789s 55s")
    builder.conditions["kong_replacement"].value = True
    fan = builder.result.fan if builder.result else None
    builder.conditions["consecutive_kongs"].value = True
    assert "one kong cannot be two kongs in a row" in html.unescape(builder.error.value)
    assert not builder.conditions["consecutive_kongs"].value
    assert builder.result is not None and not builder.result.limit and builder.result.fan == fan
    # a heavenly hand holds no meld
    builder.conditions["kong_replacement"].value = False
    builder.conditions["heavenly"].value = True
    assert "holds no meld" in html.unescape(builder.error.value)
    assert not builder.conditions["heavenly"].value
    assert builder.result is not None and not builder.result.limit


def test_a_kong_replacement_win_cannot_be_paid_as_a_discard() -> None:
    builder = HandBuilder(hand="(1111m) 234p 567p 55s [555z]")
    builder.conditions["kong_replacement"].value = True
    assert "discard" not in builder.payments and "self_draw" in builder.payments
    assert "not possible (kong replacement is self-drawn)" in text_of(builder.readout)


@pytest.mark.parametrize("players", [4, 2])
def test_a_deal_speaks_of_tiles_by_name_and_of_you_never_by_notation(players: int) -> None:
    from support import NOTATION, learner_texts

    from kit.widgets.hongkong import PlayDeal

    game = PlayDeal(rules=Rules(players=players), seed=2, pace=0, bots="coach")
    texts = learner_texts(
        game, lambda: game.over, lambda: game.view.legal_actions(), game.table_view
    )
    for text in texts:
        assert not NOTATION.search(text), text
        assert "seat 0" not in text.lower(), text
        assert "1st" not in text, text  # one winner in Hong Kong
    assert "kit-tile-token" in game.summary.value and "kit-tile-token" in game.history.value
