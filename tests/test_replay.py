"""Rebuilding a learner's decision from its path, and the idea a costly choice got wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_widgets_story import play_riskily

from kit.coach import Advice, Option
from kit.hongkong import Rules as HongKongRules
from kit.hongkong.coach import HongKongFacts
from kit.mahjong.replay import Path, concept, rebuild
from kit.sichuan import Rules as SichuanRules
from kit.sichuan.coach import SichuanFacts
from kit.widgets.hongkong import PlayDeal as HongKongDeal
from kit.widgets.sichuan import PlayDeal as SichuanDeal


def play_with_the_coach(game: Any, limit: int = 200) -> None:
    """Click the coach's best at each decision (the only move where there is no choice)."""
    for _ in range(limit):
        if game.over:
            return
        advice = game.coach.advice
        action = game.view.legal_actions()[0] if advice is None else advice.action
        game.button_for(action).click()
        assert game.error.value == "", game.error.value
    raise AssertionError("the deal did not end")


def assert_rebuilt(game: Any) -> None:
    """Each reviewed decision of ``game``, rebuilt from its path, is the table it was."""
    assert game.paths and len(game.paths) == len(game.positions) == len(game.review.lines)
    for path, position in zip(game.paths, game.positions, strict=True):
        again = Path.from_data(json.loads(json.dumps(path.to_data())))
        rebuilt = rebuild(game.rules, again)
        then = position.table
        mine, theirs = rebuilt.view(0), then.view(0)
        assert list(mine.concealed) == list(theirs.concealed)
        assert list(mine.discards) == list(theirs.discards)
        assert rebuilt.legal_actions(0) == then.legal_actions(0)
        assert mine == theirs


@pytest.mark.parametrize(
    ("play", "rules", "seed"),
    [
        (SichuanDeal, SichuanRules(), 5),
        (HongKongDeal, HongKongRules(), 4),
        (HongKongDeal, HongKongRules(players=2), 2),
    ],
    ids=["sichuan", "hongkong", "golden"],
)
@pytest.mark.parametrize("player", [play_with_the_coach, play_riskily], ids=["coach", "risky"])
def test_every_decision_rebuilds_as_the_widget_had_it(
    play: type, rules: Any, seed: int, player: Any
) -> None:
    game = play(rules, seed=seed, pace=0)
    player(game)
    assert_rebuilt(game)


def test_a_replayed_decision_keeps_the_path_to_it() -> None:
    game = SichuanDeal(seed=5, pace=0)
    play_riskily(game)
    game.replay_decision(2)
    assert len(game.paths) == 2
    play_with_the_coach(game)
    assert_rebuilt(game)


def test_a_path_is_checked() -> None:
    with pytest.raises(TypeError, match="seed"):
        Path(True, ("coach",), ())
    with pytest.raises(TypeError, match="choices"):
        Path(1, ("coach",), (-1,))
    with pytest.raises(ValueError, match="data"):
        Path.from_data({"seed": 1})
    with pytest.raises(ValueError, match="path: 3 bots"):
        rebuild(SichuanRules(), Path(1, ("coach",), ()))
    with pytest.raises(ValueError, match="path: choice 0"):
        rebuild(SichuanRules(), Path(1, ("coach",) * 3, (99,)))


def _advice(decision: str, best: Any, chosen: Any) -> Advice:
    return Advice(decision, "", (Option("b", "best", best, ""), Option("c", "chosen", chosen, "")))


@pytest.mark.parametrize(
    ("decision", "best", "chosen", "expected"),
    [
        ("discard", SichuanFacts(void_tiles_left=0), SichuanFacts(void_tiles_left=1), "void-first"),
        (
            "discard",
            SichuanFacts(void_tiles_left=0, deal_in_risk=0.02),
            SichuanFacts(void_tiles_left=0, deal_in_risk=0.2),
            "danger",
        ),
        (
            "discard",
            HongKongFacts(fan_shanten=2, deal_in_risk=0.02),
            HongKongFacts(fan_shanten=3, deal_in_risk=0.04),
            "minimum-fan",
        ),
        ("discard", HongKongFacts(fan_shanten=2), HongKongFacts(fan_shanten=None), "minimum-fan"),
        ("claim", SichuanFacts(shanten=1), SichuanFacts(shanten=2), "claim"),
        ("pass", SichuanFacts(shanten=1), SichuanFacts(shanten=2), "claim"),
        ("discard", SichuanFacts(shanten=1), SichuanFacts(shanten=2), "shape"),
        ("discard", HongKongFacts(shanten=1, fan_shanten=2), HongKongFacts(fan_shanten=2), "shape"),
    ],
)
def test_the_concept_of_a_costly_choice(
    decision: str, best: Any, chosen: Any, expected: str
) -> None:
    assert concept(_advice(decision, best, chosen), "c") == expected
