"""The Nylon-ppong widgets, driven in plain Python by setting values and clicking."""

from __future__ import annotations

import pytest

from kit.hwatu import Card, Hand
from kit.nylonppong import Rules
from kit.nylonppong.game import Draw, Stop
from kit.widgets import HandBuilder, PlayRound, SettlementExplorer, SimulationPanel


def click(builder: HandBuilder, *tokens: str) -> None:
    for token in tokens:
        builder.buttons[Card.parse(token)].click()


def test_hand_builder_shows_a_straight_after_six_clicks() -> None:
    builder = HandBuilder()
    click(builder, "3B", "4A", "5A", "6A", "7A", "8B")
    assert "Straight" in builder.readout.value
    assert "−33" in builder.readout.value
    assert "kit-selected" in builder.buttons[Card.parse("3B")]._dom_classes
    assert builder.text.value == "3B 4A 5A 6A 7A 8B"


def test_hand_builder_explains_six_cards_without_a_combination() -> None:
    builder = HandBuilder(hand="1B 2A 3B 4A 5A 7A")
    assert "no combination" in builder.readout.value
    assert "22" in builder.readout.value


def test_hand_builder_stop_check_follows_the_rules() -> None:
    builder = HandBuilder(hand="2A 4A")
    assert "not allowed" in builder.readout.value
    builder.stop_limit.value = 10
    assert "Stop: <b>allowed</b>" in builder.readout.value
    assert builder.rules.stop_limit == 10


def test_hand_builder_click_again_removes_and_seventh_card_is_refused() -> None:
    builder = HandBuilder(hand="1B 1R 2A 2R 3B 3R")
    click(builder, "4A")
    assert len(builder.hand) == 6
    assert "at most 6" in builder.error.value
    click(builder, "1B")
    assert builder.hand == Hand.parse("1R 2A 2R 3B 3R")
    assert builder.error.value == ""


@pytest.mark.parametrize("bad", ["3B 4Q", "1J", "3B 3B", "13A"])
def test_hand_builder_keeps_last_valid_hand_on_bad_text(bad: str) -> None:
    builder = HandBuilder(hand="3B 4A")
    builder.text.value = bad
    assert builder.hand == Hand.parse("3B 4A")
    assert "kit-error" in builder.error._dom_classes
    assert "token" in builder.error.value
    assert "Traceback" not in builder.readout.value


def test_settlement_explorer_recomputes_and_keeps_last_state_on_error() -> None:
    explorer = SettlementExplorer()
    assert explorer.penalties == [4, 34, 38, 15]  # seat 0 stops with 1+3, the lowest sum
    explorer.hands[0].value = "1 5"  # 6 is above the stop limit 5
    assert "above the stop limit" in explorer.error.value
    assert explorer.penalties == [4, 34, 38, 15]
    explorer.stop_limit.value = 10
    assert explorer.error.value == ""
    assert explorer.penalties == [6, 34, 38, 15]
    assert list(explorer.chart.data[0].y) == [6, 34, 38, 15]


def test_settlement_explorer_ppong_out_charges_the_victim() -> None:
    explorer = SettlementExplorer(Rules(players=3))
    explorer.hands[0].value = ""
    explorer.ending.value = "ppong-out"
    explorer.victim.value = 2
    assert explorer.penalties == [0, 34, 38 + 30]


def test_play_round_illegal_action_shows_message_and_changes_nothing() -> None:
    game = PlayRound(seed=3)
    before = list(game.round.history)
    game.act(Stop(0))
    assert "illegal" in game.error.value
    assert game.round.history == before


def test_play_round_human_can_play_a_whole_round() -> None:
    game = PlayRound(seed=5)
    for _ in range(200):
        if game.round.result is not None:
            break
        view = game.round.view(0)
        legal = view.legal_actions()
        action = next((a for a in legal if isinstance(a, Draw)), legal[0])
        game.act(action)
    assert game.round.result is not None
    assert "kit-round-result" in game.summary.value
    assert not game.buttons["new"].disabled
    game.buttons["new"].click()
    assert game.round.result is None or game.round.phase == "over"
    assert game.rounds_played == 2


def test_simulation_panel_runs_both_rule_sets_and_draws_every_chart() -> None:
    panel = SimulationPanel()
    panel.rounds.value = 300
    panel.run_button.click()
    assert panel.error.value == ""
    assert len(panel.frames["A"]) == len(panel.frames["B"]) == 300
    assert panel.frames["B"].attrs["rules"].stop_limit == 10
    assert panel.progress.value == panel.progress.max == 600
    for name, figure in panel.charts.items():
        assert figure.data, name


@pytest.mark.parametrize(
    ("bots", "message"),
    [((), "bots: name at least one bot"), (("clever",), "bots: unknown bot 'clever'")],
)
def test_play_round_refuses_no_bots_or_an_unknown_one(bots: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PlayRound(bots=bots)


def test_play_round_takes_one_bot_name_as_text() -> None:
    assert PlayRound(bots="greedy", seed=1).bot_names == ["greedy", "greedy"]


def test_each_app_has_its_own_module_and_the_old_imports_still_work() -> None:
    from kit.widgets import nylonppong

    assert nylonppong.HandBuilder is HandBuilder
    assert SettlementExplorer.__module__ == "kit.widgets.nylonppong.settlement"
    assert PlayRound.__module__ == "kit.widgets.nylonppong.play"
    assert SimulationPanel.__module__ == "kit.widgets.nylonppong.simulation"
