"""One contract over the three games: the same kinds of names, the same promises.

Every game package exports its ``Rules``, its scoring entry points, its engine,
its money record ``Ledger``, ``IllegalAction``, the result of play, ``simulate``
and ``BOTS`` (with ``"random"``). A seeded simulation gives the same rows with
or without an executor; the money of a played deal or round adds up; the
engine and the result of its ``play`` show themselves in a notebook.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pandas as pd
import pytest

import kit.errors


@dataclass(frozen=True)
class GameContract:
    """What differs between the games; everything else in this file is the same for all."""

    package: str
    scoring: tuple[str, ...]
    engines: tuple[str, ...]
    result: str
    count: int
    """Rows of a tiny simulation: deals, or rounds."""
    deal: Callable[[ModuleType], Any]
    """A fresh engine, dealt from a seed."""
    zero_sum: bool
    """Mahjong money moves between seats; Nylon-ppong penalties are points against seats."""


MAHJONG_SCORING = ("score", "Score", "PATTERNS", "pattern_table", "waits_with_fan", "WinConditions")

GAMES = {
    "nylonppong": GameContract(
        package="kit.nylonppong",
        scoring=(
            "best_combination",
            "combinations",
            "combination_odds",
            "combination_table",
            "settle_round",
            "stop_allowed",
            "COMBINATIONS",
            "Combination",
        ),
        engines=("Round", "Game"),
        result="RoundResult",
        count=20,
        deal=lambda game: game.Round.deal(seed=3),
        zero_sum=False,
    ),
    "sichuan": GameContract(
        package="kit.sichuan",
        scoring=MAHJONG_SCORING,
        engines=("Table",),
        result="DealResult",
        count=6,
        deal=lambda game: game.Table.deal(seed=3),
        zero_sum=True,
    ),
    "hongkong": GameContract(
        package="kit.hongkong",
        scoring=MAHJONG_SCORING,
        engines=("Table",),
        result="DealResult",
        count=6,
        deal=lambda game: game.Table.deal(seed=3),
        zero_sum=True,
    ),
}


@pytest.fixture(params=list(GAMES), ids=list(GAMES))
def contract(request: pytest.FixtureRequest) -> GameContract:
    return GAMES[request.param]


def package(contract: GameContract) -> ModuleType:
    return importlib.import_module(contract.package)


def test_the_package_exports_the_same_kinds_of_names(contract: GameContract) -> None:
    game = package(contract)
    names = (
        "Rules", *contract.scoring, *contract.engines, "Ledger", "IllegalAction",
        contract.result, "simulate", "BOTS",
    )  # fmt: skip
    missing = [name for name in names if not hasattr(game, name)]
    assert missing == [], f"{contract.package} does not export {missing}"
    unlisted = [name for name in names if name not in game.__all__]
    assert unlisted == [], f"{contract.package}.__all__ does not list {unlisted}"
    assert game.IllegalAction is kit.errors.IllegalAction
    if contract.result == "DealResult":
        from kit.engine import DealResult

        assert game.DealResult is DealResult


def test_bots_include_random_and_are_plain_callables(contract: GameContract) -> None:
    bots = package(contract).BOTS
    assert "random" in bots
    assert all(callable(bot) for bot in bots.values())


def test_a_seeded_simulation_gives_the_same_rows_with_or_without_an_executor(
    contract: GameContract,
) -> None:
    simulate = package(contract).simulate
    for bots in (None, ["random"]):
        kwargs: dict[str, Any] = {"seed": 5} if bots is None else {"seed": 5, "bots": bots}
        here = simulate(contract.count, **kwargs)
        assert len(here) == contract.count
        pd.testing.assert_frame_equal(simulate(contract.count, **kwargs), here)
        with ThreadPoolExecutor(max_workers=2) as executor:
            there = simulate(contract.count, executor=executor, **kwargs)
        pd.testing.assert_frame_equal(there, here)


def test_a_bare_string_of_bots_is_refused(contract: GameContract) -> None:
    with pytest.raises(ValueError, match="bots must be a list of bot names or functions"):
        package(contract).simulate(2, bots="random")


def test_simulate_refuses_other_rules(contract: GameContract) -> None:
    with pytest.raises(TypeError, match="rules"):
        package(contract).simulate(2, rules=None)


def _play(contract: GameContract) -> tuple[Any, Any]:
    game = package(contract)
    engine = contract.deal(game)
    bots = [game.BOTS["random"]] * engine.players
    return engine, engine.play(bots)


def test_the_money_of_a_played_deal_adds_up(contract: GameContract) -> None:
    game = package(contract)
    engine, result = _play(contract)
    assert isinstance(result, getattr(game, contract.result))
    ledger = result.ledger
    assert isinstance(ledger, game.Ledger)
    net = list(ledger.net)
    assert len(net) == engine.players
    frame = ledger.to_frame()
    assert "reason" in frame.columns
    if contract.zero_sum:
        assert sum(net) == 0 and result.net == net
        assert list(frame.columns) == ["payer", "payee", "amount", "reason", "event"]
        received = frame.groupby("payee")["amount"].sum().reindex(range(len(net)), fill_value=0)
        paid = frame.groupby("payer")["amount"].sum().reindex(range(len(net)), fill_value=0)
        assert list(received - paid) == net
    else:
        assert list(frame.columns) == ["seat", "points", "reason"]
        totals = frame.groupby("seat")["points"].sum().reindex(range(len(net)), fill_value=0)
        assert list(totals) == net


def test_the_money_of_simulated_rows_adds_up(contract: GameContract) -> None:
    frame = package(contract).simulate(contract.count, seed=2, bots=["random"])
    if contract.zero_sum:
        nets = frame[[column for column in frame.columns if column.startswith("net_")]]
        assert nets.shape[1] >= 2 and (nets.sum(axis=1) == 0).all()


def test_the_engine_and_its_result_show_themselves(contract: GameContract) -> None:
    game = package(contract)
    fresh = contract.deal(game)
    assert fresh._repr_html_().startswith("<")
    engine, result = _play(contract)
    assert engine._repr_html_().startswith("<")
    assert result._repr_html_().startswith("<")
    assert result.ledger._repr_html_().startswith("<")


def test_every_game_has_a_coach_that_plays_and_advises(contract: GameContract) -> None:
    game = package(contract)
    coach_module = importlib.import_module(f"{contract.package}.coach")
    assert game.BOTS["coach"] is coach_module.coach
    frame = game.simulate(contract.count, seed=4, bots=["coach"])
    assert len(frame) == contract.count
    engine = contract.deal(game)
    seat = engine.to_move()[0]
    advice = coach_module.advise(engine.view(seat))
    assert advice.action in engine.legal_actions(seat)
    assert [advice.hint(level) for level in (1, 2, 3)][2].startswith("Best:")
