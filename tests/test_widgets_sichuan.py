"""The Sichuan widgets, driven in plain Python by setting values and clicking.

The rules they show: reference/sichuan.md.
"""

from __future__ import annotations

import html
from typing import Any

import pytest

from kit.mahjong.tiles import Hand, Tile
from kit.sichuan import Rules, score
from kit.widgets.sichuan import (
    Event,
    HandBuilder,
    PayoutExplorer,
    ScriptError,
    SimulationPanel,
    parse_script,
)


def click(builder: HandBuilder, *tokens: str) -> None:
    for token in tokens:
        builder.buttons[Tile.parse(token)].click()


def readout(builder: HandBuilder) -> str:
    """The readout as a learner reads it: entities such as &#x27; turned back into text."""
    return html.unescape(builder.readout.value)


# --- hand builder ---------------------------------------------------------------------------


def test_palette_has_the_27_tiles_with_stable_classes() -> None:
    builder = HandBuilder()
    assert len(builder.buttons) == 27
    button = builder.buttons[Tile.parse("5p")]
    assert {"kit-tile-button", "kit-tile-5p"} <= set(button._dom_classes)
    assert button.description == "5p 五筒"
    colours = {builder.buttons[Tile.parse(t)].style.button_color for t in ("1m", "1p", "1s")}
    assert len(colours) == 3
    assert "kit-sichuan-builder" in builder._dom_classes
    assert "kit-add-mode" in builder.add_mode._dom_classes
    assert "kit-hand-text" in builder.text._dom_classes
    assert "kit-readout" in builder.readout._dom_classes


def test_builder_scores_pure_seven_pairs_won_on_7p_with_void_m() -> None:
    """Seven pairs 2 + full flush 2 = 4 fan, 清七对, the cap ×16 (reference/sichuan.md#fan)."""
    builder = HandBuilder()
    builder.void.value = "m"
    click(builder, *[f"{n}p" for n in (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)])
    assert builder.value == "11223344556677p"
    assert builder.win.value == "7p"  # the last tile added
    expected = score("11223344556677p", win="7p", void="m")
    assert builder.result == expected
    text = readout(builder)
    assert expected.breakdown in text
    assert "seven pairs 2" in text
    assert "full flush 2" in text
    assert "= 4 fan → ×16 (cap 4)" in text
    assert "清七对" in text and "pure seven pairs" in text
    assert "winning tile" in text  # the hand picture sets the winning tile apart
    assert builder.error.value == ""


def test_builder_says_why_a_hand_holding_the_void_suit_does_not_win() -> None:
    builder = HandBuilder(hand="11223344556677p")
    builder.void.value = "p"
    assert builder.result is not None and not builder.result.wins
    assert "does not win: holds a tile of the void suit (p)" in readout(builder)


def test_builder_lists_nine_waits_with_their_values() -> None:
    builder = HandBuilder(hand="1112345678999p")
    builder.void.value = "m"
    assert [str(tile) for tile, _ in builder.waits] == [f"{n}p" for n in range(1, 10)]
    values = {str(tile): result.value for tile, result in builder.waits}
    assert values["1p"] == values["9p"] == 8  # full flush + a root
    assert values["5p"] == 4  # full flush
    text = readout(builder)
    assert text.count("class='kit-wait'") == 9
    assert "Waiting on 9 tiles" in text
    assert "3 fan" in text and "worth 8" in text


def test_builder_says_when_a_wait_would_not_win_because_of_the_void() -> None:
    builder = HandBuilder(hand="123m456m789m222p1s")  # waits on 1s; s is void
    builder.void.value = "s"
    assert [str(tile) for tile, _ in builder.waits] == ["1s"]
    assert not builder.waits[0][1].wins
    text = readout(builder)
    assert "no win" in text
    assert "holds a tile of the void suit (s)" in text
    assert "1 of them would not win" in text


def test_builder_tells_how_many_tiles_to_add() -> None:
    builder = HandBuilder(hand="123m456p")
    assert "Add 7 more" in readout(builder)
    assert "8 more to score a win" in readout(builder)
    assert builder.win.disabled


@pytest.mark.parametrize(
    ("bad", "quoted"),
    [
        ("1122334455p66x", "66x"),
        ("11223344556677z", "7z"),
        ("1p1p1p1p1p", "1p"),
        ("[123m]", "123m"),
    ],
)
def test_bad_text_keeps_the_last_hand_and_names_the_token(bad: str, quoted: str) -> None:
    builder = HandBuilder(hand="1112345678999p")
    before = builder.readout.value
    builder.text.value = bad
    assert builder.hand == Hand.parse("1112345678999p")
    assert quoted in html.unescape(builder.error.value)
    assert builder.readout.value == before
    assert "Traceback" not in builder.readout.value
    builder.text.value = "1112345678999p"
    assert builder.error.value == ""


def test_contradictory_conditions_show_the_message_not_a_traceback() -> None:
    builder = HandBuilder(hand="23455m123456789p")
    assert builder.win.value == "9p"
    builder.conditions["robbing_kong"].value = True
    assert builder.error.value == ""
    assert builder.result is not None and dict(builder.result.patterns) == {"robbing-kong": 1}
    before = builder.readout.value
    builder.conditions["self_drawn"].value = True
    assert "cannot be self-drawn" in builder.error.value
    # the toggle goes back and the page keeps the last state that fitted
    assert not builder.conditions["self_drawn"].value
    assert builder.readout.value == before
    assert "Traceback" not in builder.readout.value + builder.error.value
    builder.conditions["robbing_kong"].value = False
    assert builder.error.value == ""
    builder.conditions["self_drawn"].value = True
    # a self-drawn 0-fan hand: each player still in play pays 1 + the self-draw bonus of 1
    assert "each player still in play pays <b>2</b>" in builder.readout.value


def test_add_modes_make_pungs_and_kongs_and_undo_steps_back() -> None:
    builder = HandBuilder()
    builder.add_mode.value = "exposed pung"
    click(builder, "5p")
    builder.add_mode.value = "concealed kong"
    click(builder, "7s")
    builder.add_mode.value = "exposed kong"
    click(builder, "2s")
    builder.add_mode.value = "concealed"
    click(builder, "3p", "3p")
    assert builder.value == "33p[555p](7777s)[2222s]"
    assert builder.hand.size == 11
    builder.undo()
    assert builder.value == "3p[555p](7777s)[2222s]"
    builder.clear()
    assert builder.value == ""
    builder.undo()
    assert builder.value == "3p[555p](7777s)[2222s]"


def test_fifth_copy_and_fifteenth_tile_are_refused() -> None:
    builder = HandBuilder(hand="5555p")
    click(builder, "5p")
    assert "only four 5p" in builder.error.value
    assert builder.buttons[Tile.parse("5p")].disabled
    builder.value = "11122233344455p"
    click(builder, "6p")
    assert "at most 14" in builder.error.value
    assert builder.value == "11122233344455p"


def test_fan_cap_and_winning_tile_follow_their_controls() -> None:
    builder = HandBuilder(Rules(fan_cap=3), hand="11223344556677p")
    assert builder.result is not None and builder.result.value == 8
    builder.fan_cap.value = 6
    assert builder.result is not None and builder.result.value == 16
    assert builder.rules.fan_cap == 6
    builder.win.value = "1p"
    assert builder.result is not None and builder.result.win == Tile.parse("1p")


# --- payout explorer ------------------------------------------------------------------------


def test_explorer_reproduces_the_worked_example_of_win_payments() -> None:
    """The worked example of reference/sichuan.md#win-payments.

    Base 1, a self-drawn 2-fan hand, two others in play: each pays 4 + 1 = 5, winner +10.
    """
    explorer = PayoutExplorer(script="")
    explorer.kind.value = "win on discard"
    explorer.player.value, explorer.discarder.value, explorer.fan.value = 1, 0, 1
    explorer.add_event()
    explorer.kind.value = "self-drawn win"
    explorer.player.value, explorer.fan.value = 3, 2
    explorer.add_event()
    assert explorer.error.value == ""
    assert explorer.script.value == "win 1 fan 1 from 0\nwin 3 fan 2 self"
    deal = explorer.deals["A"]
    self_drawn = [t for t in deal.transfers if t.reason == "self-drawn win"]
    assert sorted((t.payer, t.payee, t.amount) for t in self_drawn) == [(0, 3, 5), (2, 3, 5)]
    assert sum(t.amount for t in self_drawn) == 10
    assert deal.net == [-7, 2, -5, 10]
    ledger = explorer.ledgers["A"].value
    assert "self-drawn win" in ledger and "kit-ledger" in ledger and "+10" in ledger
    assert "Still in play: <b>seat 0, seat 2</b>" in explorer.status.value


def test_explorer_shows_different_nets_when_the_self_draw_bonus_differs() -> None:
    explorer = PayoutExplorer(script="win 1 fan 1 from 0\nwin 3 fan 2 self")
    explorer.rule_controls["B"]["self_draw_bonus"].value = "none"
    assert explorer.deals["A"].net == [-7, 2, -5, 10]
    assert explorer.deals["B"].net == [-6, 2, -4, 8]
    bars = {trace.name.split(":")[0]: list(trace.y) for trace in explorer.nets_chart.data}
    assert bars == {"A": [-7, 2, -5, 10], "B": [-6, 2, -4, 8]}
    flows = explorer.flows_chart.data[0]
    assert flows.type == "sankey"
    assert sorted(flows.link.value) == [2, 5, 5]


def test_an_illegal_event_shows_the_deal_message_and_is_not_added() -> None:
    explorer = PayoutExplorer(script="win 1 fan 1 from 0")
    explorer.kind.value = "exposed kong"
    explorer.player.value, explorer.discarder.value = 2, 1  # seat 1 has won: it pays nothing
    explorer.add_event()
    assert "seat 1 has already won" in explorer.error.value
    assert "line 2" in explorer.error.value
    assert len(explorer.events) == 1
    assert explorer.deals["A"].net == [-2, 2, 0, 0]


def test_script_errors_name_the_line_and_word_and_keep_the_events() -> None:
    explorer = PayoutExplorer(script="kong 0 concealed")
    explorer.script.value = "kong 0 concealed\n\nwin 1 fam 2 from 0"
    message = html.unescape(explorer.error.value)
    assert "line 3" in message and "word 3 'fam'" in message
    assert [event.line() for event in explorer.events] == ["kong 0 concealed"]
    assert explorer.deals["A"].net == [6, -2, -2, -2]


def test_kong_transfer_and_undo() -> None:
    explorer = PayoutExplorer(script="kong 0 concealed\nwin 1 fan 1 from 0 after-kong")
    assert explorer.deals["A"].net == [-2, 6, -2, -2]  # the kong's 6 moved to the winner
    explorer.rule_controls["A"]["kong_transfer"].value = False
    assert explorer.deals["A"].net == [4, 0, -2, -2]
    explorer.undo()
    assert explorer.script.value == "kong 0 concealed"
    assert explorer.deals["A"].net == [6, -2, -2, -2]


def test_wall_empty_from_the_form_settles_the_players_still_in_play() -> None:
    explorer = PayoutExplorer(script="win 1 fan 1 from 0\nwin 3 fan 2 self")
    explorer.kind.value = "wall empty"
    visible = [row.layout.display != "none" for row in explorer.wall_rows]
    assert visible == [True, False, True, False]
    explorer.wall_hands[0].value = "123m456m789m1122p"  # ready on 1p or 2p
    explorer.wall_voids[0].value = "s"
    explorer.wall_hands[2].value = "123m456m789m11p2s3s"  # not ready
    explorer.wall_voids[2].value = "p"
    explorer.add_event()
    assert explorer.error.value == ""
    assert explorer.events[-1].line() == "wall 0=123456789m1122p/s 2=123456789m11p23s/p"
    reasons = {t.reason for t in explorer.deals["A"].transfers}
    assert "flower pig" in reasons  # seat 2 holds p, its void


def test_add_event_rejects_a_bad_wall_hand_by_word() -> None:
    explorer = PayoutExplorer(script="")
    explorer.kind.value = "wall empty"
    explorer.wall_hands[1].value = "123m45x"
    explorer.add_event()
    assert "45x" in html.unescape(explorer.error.value)
    assert explorer.events == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("kong 0 concealed", Event("concealed kong", 0)),
        ("kong 1 added", Event("added kong", 1)),
        ("kong 2 exposed from 1", Event("exposed kong", 2, 1)),
        ("win 1 fan 2 from 0 after-kong", Event("win on discard", 1, 0, 2, True)),
        ("win 3 fan 1 self", Event("self-drawn win", 3, None, 1)),
        (
            "wall 2=123m456m789m1122p/s 0=11223344556677p/m",
            Event("wall empty", hands=((0, "11223344556677p", "m"), (2, "123456789m1122p", "s"))),
        ),
    ],
)
def test_script_lines_parse_and_format_in_pairs(text: str, expected: Event) -> None:
    [(number, event)] = parse_script(f"# a comment\n{text}")
    assert (number, event) == (2, expected)
    assert parse_script(event.line()) == [(1, event)]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("pung 0", "line 1 ('pung 0'), word 1 'pung': expected 'kong' or 'win' or 'wall'"),
        ("kong 4 concealed", "word 2 '4': a seat is a number 0-3"),
        ("kong 0 exposed", "at its end: the line stops here; expected 'from'"),
        ("kong 0 concealed from 1", "word 4 'from': unexpected word"),
        ("win 1 fan 2", "at its end"),
        ("win 1 fan 2 self after-kong", "word 6 'after-kong': unexpected word"),
        ("win 1 fan -1 from 0", "word 4 '-1': the fan is a whole number"),
        ("wall 0=123m/x", "the void after / is m, p or s"),
        ("wall 0=123m/s 0=456m/s", "seat 0 is named twice"),
        ("wall", "at its end: name each player"),
        ("wall 0:123m", "expected seat=hand/void"),
    ],
)
def test_script_errors_quote_line_and_word(text: str, fragment: str) -> None:
    with pytest.raises(ScriptError) as raised:
        parse_script(f"kong 0 concealed\n{text}")
    assert str(raised.value).startswith("line 2 (")
    assert fragment.replace("line 1", "line 2") in str(raised.value)


# --- simulation panel -------------------------------------------------------------------------


def test_simulation_panel_runs_both_rule_sets_and_fills_every_chart() -> None:
    panel = SimulationPanel()
    assert panel.deals.value == 300 and panel.deals.max == 5000
    panel.deals.value = 16
    panel.bots[1].value = "efficient"
    panel.run_button.click()
    assert panel.error.value == ""
    assert len(panel.frames["A"]) == len(panel.frames["B"]) == 16
    assert panel.frames["A"].attrs["bots"][1] == "efficient"
    assert panel.frames["B"].attrs["rules"] == Rules(fan_cap=6, self_draw_bonus="none")
    assert panel.progress.value == panel.progress.max == 32
    for name, figure in panel.charts.items():
        assert figure.data, name
    assert {trace.name.split(":")[0] for trace in panel.charts["nets"].data} == {"A", "B"}
    assert "only the payments differ" in panel.summary.value
    assert "kit-sichuan-sim" in panel._dom_classes


def test_heavenly_toggles_only_with_the_option_and_never_with_a_meld() -> None:
    assert "heavenly" not in HandBuilder().conditions
    builder = HandBuilder(Rules(heavenly_earthly=True), hand="123p456p789p55p(1111m)")
    builder.void.value = "s"
    builder.conditions["heavenly"].value = True
    assert "holds no meld" in html.unescape(builder.error.value)
    assert not builder.conditions["heavenly"].value
    assert builder.result is not None and "heavenly-earthly" not in dict(builder.result.patterns)


def test_a_wait_is_scored_both_ways() -> None:
    builder = HandBuilder(hand="1112345678999p")
    builder.void.value = "m"
    assert [str(tile) for tile, _ in builder.waits][:2] == ["1p", "2p"]
    assert builder.waits[0][1].raw_fan == 3  # full flush 2 + root 1


def test_a_deal_speaks_of_tiles_by_name_and_of_you_never_by_notation() -> None:
    from support import NOTATION, learner_texts

    from kit.widgets.sichuan import PlayDeal

    game = PlayDeal(seed=11, pace=0)
    texts = learner_texts(
        game, lambda: game.over, lambda: game.view.legal_actions(), game.table_view
    )
    for text in texts:
        assert not NOTATION.search(text), text
        assert "seat 0" not in text.lower(), text
    log = " ".join(texts)
    assert "of characters" in log or "of dots" in log or "of bamboo" in log
    assert "kit-tile-token" in game.summary.value and "kit-tile-token" in game.history.value
    assert "won 1st" in game.summary.value  # Sichuan's winners come in order


def _hand_shown(game: Any) -> tuple[list[str], str | None]:
    """The learner's hand as the page draws it: each tile's name in order, and the tile set
    apart as just drawn (behind the gap, with the class ``kit-play-drawn``), if any."""
    row = list(game.hand_row.children)
    tiles = [child for child in row if child is not game.drawn_gap]
    apart = [t.description for t in tiles if "kit-play-drawn" in t._dom_classes]
    if apart:
        assert row.index(game.drawn_gap) == len(row) - 2
        assert len(apart) == 1 and tiles[-1].description == apart[0]
    return [t.description for t in tiles], (apart[0] if apart else None)


def test_the_dealers_fourteenth_tile_stays_set_apart_from_the_void_step_on() -> None:
    from kit.widgets.sichuan import PlayDeal

    game = PlayDeal(seed=11, pace=0)
    table = game.table
    assert table.phase == "void" and table.dealer == 0
    tiles, apart = _hand_shown(game)
    assert len(tiles) == 14 and apart == str(table.drawn)
    fourteenth = apart
    game.button_for(game.coach.advice.action).click()  # name the void; the bots name theirs
    assert table.phase == "discard" and not table.discards and game.your_move
    after, apart = _hand_shown(game)
    assert apart == fourteenth, "the fourteenth tile moved between the void step and the discard"
    assert after == tiles
