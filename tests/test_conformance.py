"""One contract over every game in the registry: the same kinds of names, the same promises.

Each test runs once per :data:`kit.games.GAMES` entry, so a new game gets the whole
contract by being registered, and a failure names what it is missing. Every game
package exports its ``Rules``, its scoring entry points, its engine, what a seat
observes (``SeatView``) and ``sample_world``, its money record ``Ledger``,
``IllegalAction``, the result of play (``DealResult``), ``simulate`` and ``BOTS``.
The engines read alike (``deal(rules, dealer=, seed=)``, ``legal_actions``,
``apply``, ``view``, ``play``, ``clone``); observations are sealed; worlds sampled
from one agree with it; a seeded simulation gives the same rows with or without an
executor; the money of a played deal or round adds up; and everything shows itself
in a notebook.
"""

from __future__ import annotations

import dataclasses
import gc
import inspect
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import pandas as pd
import pytest

import kit.errors
from kit.coach import Advice, Coach
from kit.games import GAMES, Game, game
from kit.sim import simulate as simulate_any

ROOT = Path(__file__).resolve().parent.parent

MAHJONG_SCORING = ("score", "Score", "PATTERNS", "pattern_table", "waits_with_fan", "WinConditions")
CARDS_SCORING = (
    "best_combination", "combinations", "combination_odds", "combination_table",
    "settle_round", "stop_allowed", "COMBINATIONS", "Combination",
)  # fmt: skip
SHARED = (
    "Rules", "Ledger", "IllegalAction", "DealResult", "SeatView", "sample_world",
    "simulate", "BOTS",
)  # fmt: skip
ROWS = {"cards": 20, "mahjong": 6}
"""Rows of a tiny simulation: Nylon-ppong rounds are quick, mahjong deals less so."""


@pytest.fixture(params=list(GAMES), ids=list(GAMES))
def entry(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]


def package_of(entry: Game) -> ModuleType:
    """The game's package, found from its Rules class (the registry names no modules)."""
    module = inspect.getmodule(entry.rules)
    assert module is not None
    return sys.modules[module.__name__.rpartition(".")[0]]


def dealt(entry: Game, seed: int = 3) -> Any:
    return entry.engine.deal(entry.rules(), dealer=0, seed=seed)


def stepped(entry: Game, seed: int, steps: int) -> Any:
    """A deal after ``steps`` moves of the random bots (or earlier, if it ends)."""
    engine = dealt(entry, seed)
    bot = entry.bots["random"]
    for _ in range(steps):
        movers = engine.to_move()
        if engine.phase == "over" or not movers:
            break
        engine.apply(bot(engine.view(movers[0])))
    return engine


# --- the registry entry ----------------------------------------------------------------------


def test_the_registry_entry_is_complete(entry: Game) -> None:
    missing = [f.name for f in dataclasses.fields(Game) if getattr(entry, f.name) in (None, "", ())]
    assert missing == [], f"{entry.key} has no {missing}"
    assert game(entry.key) is entry and game(entry.rules()) is entry
    assert entry.family in ("cards", "mahjong")
    assert dataclasses.is_dataclass(entry.rules) and entry.rules.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert isinstance(entry.coach, Coach)
    assert {"random", "coach"} <= set(entry.bots), f"{entry.key}'s bots lack random or coach"
    assert set(entry.opponents) <= set(entry.bots)
    assert (ROOT / entry.reference).is_file(), f"no reference page {entry.reference}"
    assert (ROOT / "lessons" / entry.lessons).is_dir(), f"no lesson folder {entry.lessons}"
    assert len(entry.catalogue) > 0
    assert all(
        getattr(item, "key", "") and getattr(item, "meaning", "") for item in entry.catalogue
    )


def test_every_rules_field_says_what_it_is(entry: Game) -> None:
    for f in dataclasses.fields(entry.rules):
        assert f.metadata.get("label") and f.metadata.get("note"), f"{entry.key}: {f.name}"


def test_a_wrong_key_or_value_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no game 'go'"):
        game("go")
    with pytest.raises(TypeError, match="a game's key or a Rules value"):
        game(3.5)


def test_the_package_exports_the_same_kinds_of_names(entry: Game) -> None:
    package = package_of(entry)
    scoring = MAHJONG_SCORING if entry.family == "mahjong" else CARDS_SCORING
    names = (*SHARED, *scoring, entry.engine.__name__)
    missing = [name for name in names if not hasattr(package, name)]
    assert missing == [], f"{package.__name__} does not export {missing}"
    unlisted = [name for name in names if name not in package.__all__]
    assert unlisted == [], f"{package.__name__}.__all__ does not list {unlisted}"
    assert package.IllegalAction is kit.errors.IllegalAction
    assert package.Rules is entry.rules and package.SeatView is entry.observation
    assert package.sample_world is entry.sample_world and package.BOTS is entry.bots
    if entry.family == "mahjong":  # the two mahjong games share one result type
        from kit.mahjong.actions import DealResult

        assert package.DealResult is DealResult


# --- the engines read alike ------------------------------------------------------------------


def test_the_engines_read_alike(entry: Game) -> None:
    parameters = inspect.signature(entry.engine.deal).parameters
    assert {"dealer", "seed", "rng"} <= set(parameters)
    engine = dealt(entry)
    for name in ("legal_actions", "apply", "view", "play", "clone", "to_move"):
        assert callable(getattr(engine, name)), f"{entry.key}'s engine has no {name}()"
    assert engine.dealer == 0 and engine.players == len(engine.view(0).hand_sizes)
    assert engine.phase in ("void", "draw", "discard")
    with pytest.raises(kit.errors.IllegalAction, match="is illegal"):
        engine.apply(object())


def test_a_seat_must_be_a_seat(entry: Game) -> None:
    engine = dealt(entry)
    with pytest.raises(TypeError, match="seat"):
        engine.view([0, 1, 2, 3])
    with pytest.raises(ValueError, match="seat"):
        engine.view(engine.players)


# --- the observation is sealed, worlds agree with it, clones are independent ---------------


def _reachable(start: object) -> set[int]:
    seen: set[int] = set()
    todo = [start]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (type, ModuleType, FunctionType)):
            continue
        seen.add(id(item))
        todo.extend(gc.get_referents(item))
    return seen


def _mutable_parts(engine: Any) -> list[object]:
    """The engine and every list or dict it holds, one level down and inside lists."""
    parts: list[object] = [engine]
    for value in vars(engine).values():
        if isinstance(value, (list, dict)):
            parts.append(value)
            if isinstance(value, list):
                parts += [v for v in value if isinstance(v, (list, dict))]
        elif dataclasses.is_dataclass(value) and not value.__dataclass_params__.frozen:
            parts.append(value)  # a record that changes as the deal goes on: a ledger
    return parts


@pytest.mark.parametrize("steps", [0, 7, 23])
def test_the_observation_is_a_frozen_value_sealed_from_the_engine(entry: Game, steps: int) -> None:
    engine = stepped(entry, seed=steps, steps=steps)
    for seat in range(engine.players):
        view = engine.view(seat)
        assert isinstance(view, entry.observation)
        with pytest.raises(AttributeError):
            view.seat = 9
        reached = _reachable(view)
        leaks = [type(part).__name__ for part in _mutable_parts(engine) if id(part) in reached]
        assert leaks == [], f"{entry.key}'s view of seat {seat} reaches the engine's {leaks}"
        assert view == engine.view(seat)


@pytest.mark.parametrize("steps", [0, 9])
def test_a_sampled_world_agrees_with_the_observation(entry: Game, steps: int) -> None:
    engine = stepped(entry, seed=40 + steps, steps=steps)
    if engine.phase == "over":
        pytest.skip("this deal ended before the step asked")
    seat = engine.to_move()[0]
    view = engine.view(seat)
    world = entry.sample_world(view, random.Random(1))
    assert isinstance(world, entry.engine)
    assert world.view(seat) == view
    again = entry.sample_world(view, random.Random(1))
    assert [world.view(s) for s in range(world.players)] == [
        again.view(s) for s in range(again.players)
    ]
    world.play([entry.bots["random"]] * world.players)


def test_a_clone_plays_on_without_touching_the_original(entry: Game) -> None:
    engine = stepped(entry, seed=11, steps=5)
    before = [engine.view(seat) for seat in range(engine.players)]
    twin = engine.clone()
    assert [twin.view(seat) for seat in range(twin.players)] == before
    twin.play([entry.bots["random"]] * twin.players)
    assert [engine.view(seat) for seat in range(engine.players)] == before


# --- simulation and money --------------------------------------------------------------------


def test_a_seeded_simulation_gives_the_same_rows_with_or_without_an_executor(entry: Game) -> None:
    count = ROWS[entry.family]
    for bots in (None, ["random"]):
        kwargs: dict[str, Any] = {"seed": 5} if bots is None else {"seed": 5, "bots": bots}
        here = entry.simulate(count, **kwargs)
        assert len(here) == count
        pd.testing.assert_frame_equal(entry.simulate(count, **kwargs), here)
        with ThreadPoolExecutor(max_workers=2) as executor:
            there = entry.simulate(count, executor=executor, **kwargs)
        pd.testing.assert_frame_equal(there, here)
    by_key = simulate_any(entry.key, count, seed=5, progress=False)
    pd.testing.assert_frame_equal(by_key, entry.simulate(count, seed=5))


def test_a_bare_string_of_bots_is_refused(entry: Game) -> None:
    with pytest.raises(ValueError, match="bots must be a list of bot names or functions"):
        entry.simulate(2, bots="random")


def test_simulate_refuses_other_rules(entry: Game) -> None:
    with pytest.raises(TypeError, match="rules"):
        entry.simulate(2, rules=None)


def _play(entry: Game) -> tuple[Any, Any]:
    engine = dealt(entry)
    return engine, engine.play([entry.bots["random"]] * engine.players)


def test_the_money_of_a_played_deal_adds_up(entry: Game) -> None:
    package = package_of(entry)
    engine, result = _play(entry)
    assert isinstance(result, package.DealResult)
    ledger = result.ledger
    assert isinstance(ledger, package.Ledger)
    frame = ledger.to_frame()
    assert "reason" in frame.columns
    if entry.family == "mahjong":  # money moves between seats: a zero-sum balance
        points = list(ledger.net)
        assert len(points) == engine.players and sum(points) == 0 and result.net == points
        assert list(frame.columns) == ["payer", "payee", "amount", "reason", "event"]
        received = frame.groupby("payee")["amount"].sum().reindex(range(len(points)), fill_value=0)
        paid = frame.groupby("payer")["amount"].sum().reindex(range(len(points)), fill_value=0)
        assert list(received - paid) == points
    else:  # penalty points against each seat: lower is better, and nothing is called net
        assert not hasattr(ledger, "net")
        points = list(ledger.penalties)
        assert len(points) == engine.players
        assert list(frame.columns) == ["seat", "points", "reason"]
        totals = frame.groupby("seat")["points"].sum().reindex(range(len(points)), fill_value=0)
        assert list(totals) == points


def test_the_money_of_simulated_rows_adds_up(entry: Game) -> None:
    frame = entry.simulate(ROWS[entry.family], seed=2, bots=["random"])
    if entry.family == "mahjong":
        nets = frame[[column for column in frame.columns if column.startswith("net_")]]
        assert nets.shape[1] >= 2 and (nets.sum(axis=1) == 0).all()


def test_the_engine_and_its_result_show_themselves(entry: Game) -> None:
    assert dealt(entry)._repr_html_().startswith("<")
    engine, result = _play(entry)
    assert engine._repr_html_().startswith("<")
    assert result._repr_html_().startswith("<")
    assert result.ledger._repr_html_().startswith("<")


# --- the coach -------------------------------------------------------------------------------


def test_every_game_has_a_coach_that_plays_and_advises(entry: Game) -> None:
    frame = entry.simulate(ROWS[entry.family], seed=4, bots=["coach"])
    assert len(frame) == ROWS[entry.family]
    engine = dealt(entry)
    seat = engine.to_move()[0]
    view = engine.view(seat)
    advice = entry.coach.advise(view)
    assert isinstance(advice, Advice)
    assert advice.action in engine.legal_actions(seat)
    assert entry.coach.act(view) in engine.legal_actions(seat)
    assert entry.bots["coach"](view) == entry.coach.act(view)
    assert [advice.hint(level) for level in (1, 2, 3)][2].startswith("Best:")
    with pytest.raises(TypeError):
        entry.coach.advise(None)
