"""The story of a deal in the play widgets: its turning points, and *Replay this decision*."""

from __future__ import annotations

from typing import Any

import pytest
from support import learner_text

from kit.mahjong.actions import Discard
from kit.widgets.hongkong import PlayDeal as HongKongDeal
from kit.widgets.sichuan import PlayDeal as SichuanDeal


def play_riskily(game: Any, limit: int = 200) -> None:
    """Click, at each decision, the option the coach forecasts to lose the most money."""
    for _ in range(limit):
        if game.over:
            return
        advice = game.coach.advice
        legal = game.view.legal_actions()
        if advice is None:
            action = legal[0]
        else:
            forecast = [o for o in advice.options if o.outcome is not None]
            pick = min(forecast, key=lambda o: o.outcome.expected_net) if forecast else advice.best
            action = pick.action
        game.button_for(action).click()
        assert game.error.value == "", game.error.value
    raise AssertionError("the deal did not end")


def fed_deal(play: type, seeds: range) -> Any:
    """A deal in which you discard into a win, played riskily."""
    for seed in seeds:
        game = play(seed=seed, pace=0)
        play_riskily(game)
        if any(win.discarder == game.HUMAN for win in game.table.wins):
            return game
    pytest.fail(f"no deal of seeds {seeds} in which you fed a win")


@pytest.mark.parametrize("play", [SichuanDeal, HongKongDeal], ids=["sichuan", "hongkong"])
def test_the_discard_that_fed_a_win_is_a_turning_point_with_its_cost(play: type) -> None:
    game = fed_deal(play, range(1, 40))
    win = next(w for w in game.table.wins if w.discarder == game.HUMAN)
    points = game.turning_points()
    fed = next(p for p in points if p.kind == "fed")
    assert fed.money is not None and fed.money < 0
    text = learner_text(game.story.children[1].children[0].value)
    assert f"Seat {win.seat}" in text and "−" in text
    assert "Replay this decision" in [
        c.description for row in game.story.children[1:] for c in getattr(row, "children", ())
    ]
    line = game.review.lines[fed.decision]
    assert isinstance(line.action, Discard) and line.action.tile == win.score.win


@pytest.mark.parametrize("play", [SichuanDeal, HongKongDeal], ids=["sichuan", "hongkong"])
def test_replay_restores_the_same_hand_and_the_same_discards(play: type) -> None:
    game = fed_deal(play, range(1, 40))
    fed = next(p for p in game.turning_points() if p.kind == "fed")
    at = fed.decision
    then = game.positions[at].table
    hand, discards = list(then.concealed[0]), list(then.discards)
    button = next(
        c
        for row in game.story.children[1:]
        for c in getattr(row, "children", ())
        if getattr(c, "description", "") == "Replay this decision"
    )
    button.click()
    assert game.error.value == ""
    assert not game.over and game.your_move
    assert list(game.table.concealed[0]) == hand and list(game.table.discards) == discards
    assert len(game.review.lines) == at and game.summary.value == ""
    assert game.story.children == ()
    assert "Replaying your decision" in game.history.value
    # the learner tries again with the coach, and the deal plays to its end
    while not game.over:
        advice = game.coach.advice
        action = advice.action if advice is not None else game.view.legal_actions()[0]
        game.button_for(action).click()
    assert game.summary.value


def test_a_replay_of_a_decision_that_is_not_there_is_refused_in_the_page() -> None:
    game = SichuanDeal(seed=3, pace=0)
    game.replay_decision(7)
    assert "decision" in game.error.value and not game.over


def test_a_sichuan_win_in_mid_deal_and_a_kong_show_a_banner_with_their_payments() -> None:
    banners: list[str] = []
    for seed in range(1, 12):
        game = SichuanDeal(seed=seed, pace=0)
        while not game.over:
            advice = game.coach.advice
            action = advice.action if advice is not None else game.view.legal_actions()[0]
            game.button_for(action).click()
            text = learner_text(game.banner.value)
            if text and text not in banners:
                banners.append(text)
        assert game.banner.value == ""  # the summary takes over at the end
    wins = [b for b in banners if "play on" in b]
    kongs = [b for b in banners if "kong" in b]
    assert wins and kongs, banners
    assert all("blood battle" in b for b in wins)
    assert any(" pays " in b or " pay " in b for b in wins + kongs)
