"""Sealed seat observations, sampled worlds and cheap clones, for both mahjong games."""

from __future__ import annotations

import copy
import dataclasses
import gc
import math
import random
import time
import types
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kit.hongkong import bots as hongkong_bots
from kit.hongkong.game import SeatView as HongKongView
from kit.hongkong.game import Table as HongKongTable
from kit.hongkong.rules import Rules as HongKongRules
from kit.mahjong.actions import Discard
from kit.mahjong.observation import Observation
from kit.mahjong.table import MahjongTable
from kit.mahjong.world import sample_world
from kit.sichuan import bots as sichuan_bots
from kit.sichuan.game import SeatView as SichuanView
from kit.sichuan.game import Table as SichuanTable
from kit.sim import chance_key

Bot = Callable[[Any], Any]


def _bots(module: types.ModuleType, players: int) -> list[Bot]:
    names = module.DEFAULT_OPPONENTS
    return [module.BOTS[names[seat % len(names)]] for seat in range(players)]


GAMES: dict[str, Callable[[int], MahjongTable[Any]]] = {
    "sichuan": lambda seed: SichuanTable.deal(seed=seed),
    "hongkong": lambda seed: HongKongTable.deal(seed=seed),
    "hongkong-2": lambda seed: HongKongTable.deal(HongKongRules(players=2), seed=seed),
}


def _bots_for(table: MahjongTable[Any]) -> list[Bot]:
    module = sichuan_bots if isinstance(table, SichuanTable) else hongkong_bots
    return _bots(module, table.players)


def _step(table: MahjongTable[Any], bots: list[Bot]) -> None:
    seat = table.to_move()[0]
    table.apply(bots[seat](table.view(seat)))


def _states(key: str, seed: int) -> Iterator[MahjongTable[Any]]:
    """Every state of one bot-played deal, as clones."""
    table = GAMES[key](seed)
    bots = _bots_for(table)
    while True:
        yield table.clone()
        if table.phase == "over":
            return
        _step(table, bots)


def _in_play(key: str, seed: int, steps: int) -> MahjongTable[Any]:
    table = GAMES[key](seed)
    bots = _bots_for(table)
    for _ in range(steps):
        if table.phase == "over":
            break
        _step(table, bots)
    return table


# --- the observation ---------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_view_checks_its_seat(key: str) -> None:
    table = GAMES[key](1)
    with pytest.raises(TypeError, match="seat"):
        table.view([0, 1, 2, 3])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        table.view(True)
    with pytest.raises(ValueError, match="seat"):
        table.view(table.players)
    with pytest.raises(ValueError, match="seat"):
        table.view(-1)


def _table_lists(table: MahjongTable[Any]) -> set[int]:
    """The ids of the table's own mutable parts."""
    parts: list[object] = [
        table.wall,
        table.concealed,
        *table.concealed,
        table.melds,
        *table.melds,
        table.discards,
        table.wins,
        table.history,
        table.claimants,
        table.answers,
    ]
    ledger = getattr(table, "ledger", None)
    if ledger is not None:
        parts += [ledger, *(v for v in vars(ledger).values() if isinstance(v, (list, dict)))]
    for name in ("voids", "liabilities"):
        if hasattr(table, name):
            parts.append(getattr(table, name))
    return {id(part) for part in parts}


def _reachable(start: object) -> Iterator[object]:
    """Everything reachable from ``start`` through its references, short of classes,
    modules and functions (which lead to the whole program)."""
    seen: set[int] = set()
    stack = [start]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if not isinstance(item, skip):
            stack.extend(gc.get_referents(item))


@pytest.mark.parametrize("key", GAMES)
def test_the_observation_holds_nothing_of_the_table(key: str) -> None:
    for steps in (0, 5, 23, 60):
        table = _in_play(key, 4, steps)
        own = _table_lists(table)
        for seat in range(table.players):
            view = table.view(seat)
            for item in _reachable(view):
                assert not isinstance(item, MahjongTable)
                assert id(item) not in own, f"{type(item).__name__} of the table in the view"


@pytest.mark.parametrize("key", GAMES)
def test_the_observation_is_frozen_and_does_not_follow_the_table(key: str) -> None:
    table = _in_play(key, 7, 12)
    seat = table.to_move()[0]
    view, twin = table.view(seat), table.view(seat)
    assert view == twin and hash(view) == hash(twin)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.phase = "over"  # type: ignore[misc]
    concealed, wall_size, discards = view.concealed, view.wall_size, view.discards
    _step(table, _bots_for(table))
    table.wall.clear()
    table.concealed[seat].clear()
    table.discards.append(table.discards[0] if table.discards else (view.concealed[0], seat))
    assert view == twin
    assert (view.concealed, view.wall_size, view.discards) == (concealed, wall_size, discards)
    assert len(view.concealed) == view.hand_sizes[seat]


@pytest.mark.parametrize("key", GAMES)
def test_the_observation_answers_as_the_table_does(key: str) -> None:
    for seed in range(3):
        for table in _states(key, seed):
            for seat in range(table.players):
                view = table.view(seat)
                assert view.legal_actions() == table.legal_actions(seat)
                assert view.to_move == tuple(table.to_move())
                assert view.hand_sizes == tuple(len(c) for c in table.concealed)
                assert view.wall_size == len(table.wall)
                assert view.decision_seed == f"{chance_key(table.seed)}:{len(table.history)}:{seat}"
                assert not view.decision_seed.startswith(f"{table.seed}:")
                kong = view.kong_to_declare()
                assert kong is None or table.problem(kong) is None
                for tile in set(view.concealed):
                    assert view.can_concealed_kong(tile) == any(
                        type(a).__name__ == "ConcealedKong" and a.tile == tile
                        for a in view.legal_actions()
                    )
                if view.drawn is not None:
                    assert seat == table.turn and view.drawn == table.drawn


def test_sichuan_voids_show_once_all_are_named() -> None:
    table = SichuanTable.deal(seed=2)
    bots = _bots_for(table)
    _step(table, bots)  # seat 0 names its void
    assert isinstance(table.view(1), SichuanView)
    assert table.view(1).voids == (None, None, None, None)
    assert table.view(0).voids == (table.voids[0], None, None, None)
    assert table.view(1).history == ()
    while table.phase == "void":
        _step(table, bots)
    assert table.view(1).voids == tuple(table.voids)
    assert table.view(1).history == tuple(table.history)


def test_hong_kong_view_shows_winds_but_not_the_table() -> None:
    table = HongKongTable.deal(seed=3, dealer=1, round_wind="S")
    view = table.view(2)
    assert isinstance(view, HongKongView)
    assert view.seat_winds == tuple(table.seat_wind(s) for s in range(4)) == ("N", "E", "S", "W")
    assert (view.seat_wind, view.round_wind) == ("S", "S")
    assert not hasattr(view, "table")
    assert not isinstance(view, MahjongTable) and isinstance(view, Observation)


# --- sampled worlds ----------------------------------------------------------------------


def _observations(key: str, seeds: range, every: int) -> Iterator[tuple[MahjongTable[Any], int]]:
    for seed in seeds:
        for number, table in enumerate(_states(key, seed)):
            if number % every == 0 or table.phase in ("claim", "rob", "over"):
                yield table, (seed + number) % table.players


@pytest.mark.parametrize("key", GAMES)
def test_a_sampled_world_is_consistent_with_the_observation(key: str) -> None:
    phases = Counter()
    for table, seat in _observations(key, range(4), every=9):
        view = table.view(seat)
        world = sample_world(view, random.Random(11))
        phases[view.phase] += 1
        assert type(world) is type(table)
        assert world.tiles_in_play() == table.tiles_in_play()
        held = [t for hand in world.concealed for t in hand] + list(world.wall)
        held += [t for melds in world.melds for m in melds for t in m.tiles]
        held += [t for t, _ in world.discards]
        assert Counter(held) == Counter(type(table).tile_set(view.rules).wall())
        assert world.view(seat) == view
        assert world.concealed[seat] == table.concealed[seat]
        assert [len(h) for h in world.concealed] == [len(h) for h in table.concealed]
    assert phases["discard"] and phases["claim"] and phases["over"]


@pytest.mark.parametrize("key", GAMES)
def test_the_same_seed_gives_the_same_world(key: str) -> None:
    table = _in_play(key, 5, 20)
    seat = table.to_move()[0]
    view = table.view(seat)

    def hidden(world: MahjongTable[Any]) -> tuple[object, ...]:
        return (world.wall, world.concealed, world.drawn)

    one, two = sample_world(view, random.Random(3)), sample_world(view, random.Random(3))
    assert hidden(one) == hidden(two)
    assert hidden(one) != hidden(sample_world(view, random.Random(4)))
    with pytest.raises(TypeError, match="rng"):
        sample_world(view, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="observation"):
        sample_world(table, random.Random(3))  # type: ignore[arg-type]


@pytest.mark.parametrize("key", GAMES)
def test_a_sampled_world_plays_to_the_end(key: str) -> None:
    for number, (table, seat) in enumerate(_observations(key, range(3), every=15)):
        world = sample_world(table.view(seat), random.Random(number))
        bots = _bots_for(world)
        world.play(bots)  # type: ignore[attr-defined]
        assert world.phase == "over"
        assert world.tiles_in_play() == table.tiles_in_play()
        assert sum(world.ledger.net) == 0  # type: ignore[attr-defined]


def test_a_declared_win_is_kept_in_the_world() -> None:
    """Seats 1 and 3 can both win on seat 0's 5s; seat 1 has declared, seat 3 is to answer."""
    hands = [
        "222m333m444m666m5m5s",
        "123s456s789s111m5s",
        "11p22p33p44p55p66p7p",
        "123p456p789p999p5s",
    ]
    table = SichuanTable.arrange(hands, voids=list("ppsm"), phase="discard")
    table.apply(Discard(0, table.concealed[0][-1]))
    assert (table.phase, table.to_move()) == ("claim", [1, 3])
    table.apply(_bots_for(table)[1](table.view(1)))
    view = table.view(3)
    assert [type(a).__name__ for _, a in view.answers] == ["Hu"]
    for number in range(20):
        world = sample_world(view, random.Random(number))
        assert world.view(3) == view
        assert world.completes(1, view.discards[-1][0])
        world.play(_bots_for(world))  # type: ignore[attr-defined]
        assert {w.seat for w in world.wins} >= {1}


def _chi_square_bound(df: int, z: float = 3.09) -> float:
    """The 99.9 % quantile of the chi-square distribution (Wilson–Hilferty)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


@pytest.mark.parametrize(("key", "steps"), [("sichuan", 30), ("hongkong", 20), ("hongkong-2", 9)])
def test_unseen_tiles_land_everywhere_at_the_expected_rate(key: str, steps: int) -> None:
    table = _in_play(key, 8, steps)
    while table.phase != "discard":
        _step(table, _bots_for(table))
    seat = (table.turn + 1) % table.players
    view = table.view(seat)
    places = [s for s in range(table.players) if s != seat and s not in view.winners]
    samples = 2000
    found: Counter[tuple[int, int]] = Counter()  # (tile index, place: a seat or -1, the wall)
    for number in range(samples):
        world = sample_world(view, random.Random(number))
        for s in places:
            found.update((t.index, s) for t in world.concealed[s])
        found.update((t.index, -1) for t in world.wall)
    unseen = Counter({t.index: n for (t, n) in _unseen(view, table).items()})
    sizes = {s: view.hand_sizes[s] for s in places} | {-1: view.wall_size}
    total = sum(unseen.values())
    assert sum(sizes.values()) == total
    statistic = 0.0
    for kind, count in unseen.items():
        for place, size in sizes.items():
            expected = samples * count * size / total
            assert found[kind, place] > 0, f"tile {kind} never lands in place {place}"
            statistic += (found[kind, place] - expected) ** 2 / expected
    df = (len(unseen) - 1) * (len(sizes) - 1)
    assert statistic < _chi_square_bound(df), (statistic, df)


def _unseen(view: Observation, table: MahjongTable[Any]) -> Counter[Any]:
    seen = Counter(view.concealed)
    seen.update(t for melds in view.all_melds for m in melds for t in m.tiles)
    seen.update(t for t, _ in view.discards)
    return Counter(type(table).tile_set(view.rules).wall()) - seen


# --- clones ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_a_clone_is_independent(key: str) -> None:
    for steps in (0, 25, 50):
        table = _in_play(key, 6, steps)
        before = copy.deepcopy(table)
        clone = table.clone()
        assert clone.view(clone.to_move()[0] if clone.to_move() else 0) == table.view(
            table.to_move()[0] if table.to_move() else 0
        )
        result = clone.play(_bots_for(clone))  # type: ignore[attr-defined]
        for name in ("wall", "concealed", "melds", "discards", "history", "wins", "phase"):
            assert getattr(table, name) == getattr(before, name), name
        assert table.ledger.net == before.ledger.net  # type: ignore[attr-defined]
        again = table.play(_bots_for(table))  # type: ignore[attr-defined]
        assert again.net == result.net and again.ended_by == result.ended_by
        assert table.history == clone.history


@pytest.mark.parametrize("key", ["sichuan", "hongkong"])
def test_a_clone_is_much_cheaper_than_a_deep_copy(key: str) -> None:
    table = _in_play(key, 6, 40)

    def best(run: Callable[[], object], number: int) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(number):
                run()
            times.append((time.perf_counter() - start) / number)
        return min(times)

    assert best(table.clone, 200) * 5 < best(lambda: copy.deepcopy(table), 20)
