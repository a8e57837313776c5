"""The Nylon-ppong widgets, driven in plain Python by setting values and clicking."""

from __future__ import annotations

import pytest

from kit.hwatu import Card, Hand
from kit.nylonppong import Rules
from kit.nylonppong.game import Draw, Stop
from kit.widgets.nylonppong import HandBuilder, PlayRound, SettlementExplorer, SimulationPanel


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


def test_each_app_has_its_own_module_and_the_package_exports_only_neutral_widgets() -> None:
    import kit.widgets

    assert kit.widgets.__all__ == ["PageSize", "Progress"]
    assert not hasattr(kit.widgets, "HandBuilder")
    assert HandBuilder.__module__ == "kit.widgets.nylonppong.builder"
    assert SettlementExplorer.__module__ == "kit.widgets.nylonppong.settlement"
    assert PlayRound.__module__ == "kit.widgets.nylonppong.play"
    assert SimulationPanel.__module__ == "kit.widgets.nylonppong.simulation"


# --- PlayRound: a whole game, and the next game's house rules ------------------------------


def _click_through_round(game: PlayRound) -> None:
    """Play the learner's moves by clicking: draw when possible, else the first legal move."""
    for _ in range(300):
        if game.round.result is not None:
            return
        legal = game.round.view(0).legal_actions()
        action = next((a for a in legal if isinstance(a, Draw)), legal[0])
        game.button_for(action).click()
        assert game.error.value == "", game.error.value
    raise AssertionError("the round did not end")


def test_play_round_plays_a_whole_game_by_clicking_and_names_the_winner() -> None:
    game = PlayRound(Rules(players=3, rounds=3), seed=11, pace=0)
    assert "round 1 of 3" in game.score.value
    for number in (1, 2, 3):
        assert game.rounds_played == number
        _click_through_round(game)
        assert len(game.game.results) == number
        totals = game.game.totals
        assert "kit-play-score-total" in game.score.value
        for total in totals:
            assert f"<b>{total}</b>" in game.score.value
        if number < 3:
            assert not game.buttons["new"].disabled
            game.buttons["new"].click()
            assert f"round {number + 1} of 3" in game.score.value
    assert game.game.over
    assert game.buttons["new"].disabled
    assert "kit-play-winner" in game.score.value
    assert "over after 3 rounds" in game.score.value
    best = min(game.game.totals)
    winner_names = [game.seat_name(seat) for seat in game.game.winners]
    assert all(name in game.score.value for name in winner_names)
    assert f"{best} points" in game.score.value
    game.new_game_button.click()
    assert game.games == 2
    assert game.game.results == []
    assert "Game 2: round 1 of 3" in game.score.value


def test_play_round_house_rules_and_players_take_effect_from_the_next_game() -> None:
    game = PlayRound(Rules(players=3, rounds=2), seed=12, pace=0)
    game.settings["players"].value = 5
    game.settings["stop_limit"].value = 10
    game.settings["failed_stop_penalty"].value = 50
    game.settings["ppong_victim_penalty"].value = 50
    game.settings["out_of_turn_ppong"].value = False
    assert "New game" in game.settings_note.value
    # the current game keeps its rules, round after round
    assert game.rules == Rules(players=3, rounds=2)
    assert len(game.round.hands) == 3
    _click_through_round(game)
    game.buttons["new"].click()
    assert game.round.rules == Rules(players=3, rounds=2)
    assert len(game.round.hands) == 3
    # the next game takes them
    game.new_game_button.click()
    expected = Rules(
        players=5,
        stop_limit=10,
        failed_stop_penalty=50,
        ppong_victim_penalty=50,
        out_of_turn_ppong=False,
        rounds=2,
    )
    assert game.rules == expected
    assert game.round.rules == expected
    assert len(game.round.hands) == 5
    assert len(game.bot_names) == 4
    assert game.settings_note.value == ""
    assert game.score.value.count("<th style") == 1 + 5  # a row label and five seats
    _click_through_round(game)
    assert len(game.game.results) == 1


def test_play_round_opponent_controls_follow_the_number_of_players() -> None:
    game = PlayRound(Rules(players=3), seed=1, pace=0)
    shown = [seat for seat, d in game.opponents.items() if d.layout.display != "none"]
    assert shown == [1, 2]
    game.settings["players"].value = 6
    shown = [seat for seat, d in game.opponents.items() if d.layout.display != "none"]
    assert shown == [1, 2, 3, 4, 5]
    game.opponents[4].value = "coach"
    game.new_game()
    assert game.bot_names == ["greedy", "cautious", "greedy", "coach", "greedy"]


def test_a_round_speaks_of_cards_by_name_and_of_you_never_by_notation() -> None:
    from support import NOTATION, learner_texts

    game = PlayRound(seed=6, pace=0, bots="coach")
    texts = learner_texts(
        game,
        lambda: game.round.result is not None,
        lambda: game.round.view(0).legal_actions(),
        game.table,
    )
    for text in texts:
        assert not NOTATION.search(text), text
        assert "seat 0" not in text.lower(), text
    assert "calls ppong on your" in " ".join(texts)  # the log names the card and its source
    assert "kit-card-token" in game.summary.value and "kit-card-token" in game.history.value
