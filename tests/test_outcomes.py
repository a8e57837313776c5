"""Playing each option out on sampled worlds: outcomes, for both mahjong games."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from kit.calibration import base_rate_brier, brier, mean_error, reliability
from kit.games import game
from kit.mahjong.actions import Discard, Hu
from kit.mahjong.observation import Observation
from kit.mahjong.outcomes import Outcome, outcomes
from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import TILES
from kit.sim import resolve_bots

MAHJONG = ["sichuan", "hongkong"]
FIRST_DISCARD_SEEDS = {"sichuan": 13, "hongkong": 0}
"""Deals whose dealer's first discard has 14 options."""


def _bots(key: str, players: int) -> list[Callable[[Any], Any]]:
    """The coach in seat 0, the game's opponents round the table after it."""
    g = game(key)
    others = resolve_bots(None, players - 1, g.bots, g.opponents)
    return [g.coach.act, *others]


def _deal(key: str, seed: int | str) -> Any:
    """A fresh deal of the game ``key``."""
    engine: Any = game(key).engine
    return engine.deal(seed=seed)


def _first_discard(key: str, seed: int) -> tuple[MahjongTable[Any], Observation]:
    """The deal of ``seed`` played to seat 0's first decision to discard."""
    table = _deal(key, seed)
    bots = _bots(key, table.players)
    while not (table.phase == "discard" and table.turn == 0):
        seat = table.to_move()[0]
        table.apply(bots[seat](table.view(seat)))
    return table, table.view(0)


def _can_win_on_the_draw(key: str) -> Observation:
    """A view of seat 0 holding a complete hand it just drew, from the first seeded deal
    that gives one."""
    for seed in range(500):
        table = _deal(key, seed)
        bots = _bots(key, table.players)
        while table.phase != "over":
            seat = table.to_move()[0]
            view: Observation = table.view(seat)
            if seat == 0 and table.phase == "discard" and view.can_win():
                return view
            table.apply(bots[seat](view))
    raise AssertionError("no seeded deal gave seat 0 a win on its draw")


@pytest.mark.parametrize("key", MAHJONG)
def test_outcomes_are_in_range_and_risk_is_for_discards(key: str) -> None:
    _, view = _first_discard(key, 1)
    found = outcomes(view, worlds=3, seed=2)
    assert list(found) == view.legal_actions()
    for action, outcome in found.items():
        assert isinstance(outcome, Outcome) and outcome.worlds == 3
        assert 0.0 <= outcome.win_chance <= 1.0
        assert outcome.net_error >= 0.0
        if isinstance(action, Discard):
            assert outcome.deal_in_risk is not None and 0.0 <= outcome.deal_in_risk <= 1.0
        else:
            assert outcome.deal_in_risk is None


@pytest.mark.parametrize("key", MAHJONG)
def test_the_same_seed_gives_the_same_outcomes(key: str) -> None:
    _, view = _first_discard(key, 2)
    some = view.legal_actions()[:3]
    first = outcomes(view, some, worlds=4, seed="s")
    assert outcomes(view, some, worlds=4, seed="s") == first
    assert outcomes(view, some, worlds=4, rng=random.Random("s")) == first


@pytest.mark.parametrize("key", MAHJONG)
def test_a_win_in_hand_wins_every_world(key: str) -> None:
    view = _can_win_on_the_draw(key)
    hu = Hu(view.seat)
    found = outcomes(view, [hu, view.legal_actions()[0]], worlds=4, seed=3)
    assert found[hu].win_chance == 1.0
    assert found[hu].deal_in_risk is None
    assert found[hu].expected_net > 0


def test_the_observation_is_left_as_it_was() -> None:
    table, view = _first_discard("sichuan", 4)
    outcomes(view, view.legal_actions()[:2], worlds=2, seed=1)
    assert table.view(0) == view


def test_an_illegal_action_is_refused_by_name() -> None:
    _, view = _first_discard("hongkong", 5)
    missing = next(t for t in TILES if t not in view.concealed)
    with pytest.raises(ValueError, match=f"actions: seat 0 discards {missing} is not legal"):
        outcomes(view, [Discard(0, missing)], worlds=1, seed=1)
    with pytest.raises(ValueError, match="actions: seat 1 discards"):
        outcomes(view, [Discard(1, view.concealed[0])], worlds=1, seed=1)


def test_bad_arguments_are_refused_by_name() -> None:
    _, view = _first_discard("sichuan", 5)
    with pytest.raises(TypeError, match="seed or an rng"):
        outcomes(view, worlds=1, seed=1, rng=random.Random(1))
    with pytest.raises(TypeError, match="worlds"):
        outcomes(view, worlds=2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="worlds"):
        outcomes(view, worlds=0)
    with pytest.raises(TypeError, match="player"):
        outcomes(view, worlds=1, player="coach")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        outcomes(view, worlds=1, opponents=["nobody"])
    with pytest.raises(TypeError, match="observation"):
        outcomes("a view", worlds=1)  # type: ignore[arg-type]


def test_the_card_game_is_refused() -> None:
    round_ = _deal("nylonppong", 1)
    with pytest.raises(TypeError, match="outcomes are for the mahjong games"):
        outcomes(round_.view(0), worlds=1)


@pytest.mark.soak
@pytest.mark.parametrize("key", MAHJONG)
def test_win_chances_of_the_coachs_moves_are_roughly_calibrated(key: str) -> None:
    """At one decision of seat 0 in each of 60 deals (a different moment of each deal), the
    win chance of the move the coach made, against whether seat 0 then won the deal. One
    decision a deal keeps the 60 independent: decisions of one deal share its result."""
    predicted: list[float] = []
    expected: list[float] = []
    happened: list[int] = []
    realised: list[float] = []
    seed = 0
    while len(predicted) < 60:
        seed += 1
        table = _deal(key, f"calibration-{seed}")
        bots = _bots(key, table.players)
        moment = 1 + seed % 10  # which of seat 0's discards is measured in this deal
        point: tuple[float, float, int] | None = None
        decisions = 0
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            action = bots[seat](view)
            if seat == 0 and table.phase == "discard":
                decisions += 1
                if decisions == moment:
                    outcome = outcomes(view, [action], worlds=16, seed=decisions)[action]
                    point = (outcome.win_chance, outcome.expected_net, view.ledger.net[0])
            table.apply(action)
        if point is None:  # the deal ended before that moment
            continue
        chance, net, before = point
        predicted.append(chance)
        expected.append(net)
        happened.append(int(any(w.seat == 0 for w in table.wins)))
        realised.append(table.ledger.net[0] - before)
    assert all(0.0 <= p <= 1.0 for p in predicted)
    score = brier(predicted, happened)
    assert score <= 0.25
    print(f"\n{key}: {len(predicted)} decisions, one from each of {len(predicted)} deals")
    print(reliability(predicted, happened).to_string(index=False))
    print(f"Brier {score}, base rate's {base_rate_brier(happened)}")
    print(f"net: bias, error {mean_error(expected, realised)}")
