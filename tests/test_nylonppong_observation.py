"""What a Nylon-ppong seat sees (a sealed, frozen view), the worlds sampled from it, and clones."""

from __future__ import annotations

import copy
import gc
import math
import random
import time
from collections import Counter
from types import FunctionType, ModuleType

import pytest
from support import snapshot

from kit.hwatu import DECK, Card
from kit.nylonppong import SeatView, sample_world
from kit.nylonppong.game import Draw, Round
from kit.nylonppong.rules import Rules
from kit.nylonppong.sim import resolve_bots
from kit.nylonppong.world import unseen_cards
from kit.sim import RandomBot, chance_key


def played(seed: int, steps: int, rules: Rules = Rules()) -> Round:
    """A round ``steps`` random legal actions after a seeded deal (or over, if it ended sooner)."""
    rng = random.Random(seed)
    round_ = Round.deal(rules, dealer=seed % rules.players, seed=seed)
    for _ in range(steps):
        if round_.phase == "over":
            break
        seat = round_.to_move()[0]
        round_.apply(rng.choice(round_.legal_actions(seat)))
    return round_


def states(seeds: range = range(12), steps: tuple[int, ...] = (0, 3, 8, 15, 25)) -> list[Round]:
    """Rounds in play in many states: claims, ppongs, draws, discards."""
    found = [played(seed, n) for seed in seeds for n in steps]
    return [round_ for round_ in found if round_.phase != "over"]


# --- the observation ----------------------------------------------------------------------


def reachable(start: object) -> list[object]:
    """Every object reachable from ``start`` through its references, short of classes,
    modules and functions (shared code, not state)."""
    seen: dict[int, object] = {}
    todo = [start]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (type, ModuleType, FunctionType)):
            continue
        seen[id(item)] = item
        todo.extend(gc.get_referents(item))
    return list(seen.values())


def test_the_view_reaches_neither_the_round_nor_its_lists() -> None:
    for round_ in states(range(4)):
        for seat in range(round_.players):
            view = round_.view(seat)
            # the laid-out cards are a tuple of tuples: immutable, so a view may share them
            own = [round_, round_.hands, round_.pile, round_.discards, round_.history]
            own += round_.hands
            found = {id(item) for item in reachable(view)}
            assert not [item for item in own if id(item) in found]


def test_a_finished_round_is_sealed_too() -> None:
    round_ = Round.deal(dealer=0, seed=9)
    round_.play(resolve_bots(None, 4))
    view = round_.view(2)
    assert view.phase == "over" and view.result is round_.result
    found = {id(item) for item in reachable(view)}
    assert id(round_) not in found and id(round_.hands) not in found


def test_changing_the_round_later_leaves_the_view_as_it_was() -> None:
    round_ = played(5, 6)
    seat = round_.turn
    view = round_.view(seat)
    before = repr(view)
    round_.apply(round_.legal_actions(seat)[0])
    round_.hands[seat].clear()
    round_.discards.append((DECK[0], 0))
    round_.laid = ((DECK[1],), *round_.laid[1:])
    round_.pile.clear()
    assert repr(view) == before


def test_the_view_is_frozen_and_holds_values() -> None:
    view = Round.deal(dealer=0, seed=3).view(0)
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]
    assert isinstance(view.hand, tuple) and isinstance(view.discards, tuple)
    assert isinstance(view.laid, tuple) and all(isinstance(cards, tuple) for cards in view.laid)
    assert view == Round.deal(dealer=0, seed=3).view(0)
    assert not hasattr(view, "pile_size") and view.pile_count == 28
    assert hash(view) == hash(Round.deal(dealer=0, seed=3).view(0))


def test_the_engine_builds_the_view_its_constructor_would() -> None:
    for round_ in states(range(3)):
        view = round_.view(round_.turn)
        fields = view._asdict()
        assert list(fields) == list(SeatView._fields)
        assert SeatView(**fields) == view and type(SeatView(**fields)) is type(view)
        assert repr(SeatView(**fields)) == repr(view)


def test_the_view_holds_what_the_seat_may_know() -> None:
    round_ = Round.deal(Rules(players=3), dealer=1, seed=7)
    round_.apply(Draw(1))
    view = round_.view(2)
    assert (view.seat, view.phase, view.round_phase, view.turn, view.dealer) == (
        2, "wait", "discard", 1, 1,
    )  # fmt: skip
    assert view.hand == tuple(round_.hands[2])
    assert view.hand_sizes == (5, 6, 5) and view.pile_count == 32
    assert view.drew and view.turns == 1 and view.history_length == 1
    assert view.decision_seed == f"{chance_key(7)}:1:2"  # the seed itself stays hidden
    assert view.legal_actions() == [] and not view.can_ppong and not view.can_stop
    assert view.result is None and view.combination is None


def test_the_views_legal_actions_are_the_rounds() -> None:
    for round_ in states():
        for seat in range(round_.players):
            view = round_.view(seat)
            legal = round_.legal_actions(seat)
            assert view.legal_actions() == legal
            assert view.can_ppong == any(type(a).__name__ == "Ppong" for a in legal)
            assert view.can_stop == any(type(a).__name__ == "Stop" for a in legal)


@pytest.mark.parametrize("seat", [[0], "0", 1.0, None, True])
def test_view_wants_a_seat_number(seat: object) -> None:
    with pytest.raises(TypeError, match="seat must be a seat number 0-3"):
        Round.deal(seed=1).view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 4, 10])
def test_view_wants_a_seat_of_the_table(seat: int) -> None:
    with pytest.raises(ValueError, match=f"seat must be a seat 0-3, not {seat}"):
        Round.deal(seed=1).view(seat)


# --- sampling worlds ----------------------------------------------------------------------


def all_cards(world: Round) -> list[Card]:
    return [
        *(c for hand in world.hands for c in hand),
        *(c for cards in world.laid for c in cards),
        *world.pile,
        *(c for c, _ in world.discards),
    ]


def test_a_world_holds_all_48_cards_once() -> None:
    for round_ in states(range(6)):
        for seat in range(round_.players):
            world = sample_world(round_.view(seat), random.Random(seat))
            cards = all_cards(world)
            assert len(cards) == 48 and set(cards) == set(DECK)
            assert [len(h) for h in world.hands] == [len(h) for h in round_.hands]
            assert len(world.pile) == len(round_.pile)


def test_the_same_rng_state_gives_the_same_world() -> None:
    view = played(3, 10).view(1)
    one, two = sample_world(view, random.Random(8)), sample_world(view, random.Random(8))
    assert snapshot(one) == snapshot(two)
    others = [snapshot(sample_world(view, random.Random(n))) for n in range(9, 14)]
    assert any(other != snapshot(one) for other in others)


def test_the_seat_sees_its_world_as_it_saw_the_round() -> None:
    for round_ in states():
        for seat in range(round_.players):
            view = round_.view(seat)
            world = sample_world(view, random.Random(len(round_.history)))
            assert world.view(seat) == view
            assert world.hands[seat] == round_.hands[seat]
            assert world.legal_actions(seat) == round_.legal_actions(seat)


def test_a_world_plays_to_the_end_with_the_default_bots() -> None:
    for round_ in states(range(8)):
        bots = resolve_bots(None, round_.players)
        for seat in range(round_.players):
            world = sample_world(round_.view(seat), random.Random(seat))
            result = world.play(bots)
            assert result.ended_by in ("combination", "stop", "ppong-out", "deck-empty")
            assert world.cards_in_play() == 48


def test_a_world_plays_on_with_the_same_decision_seeds() -> None:
    round_ = played(4, 12)
    seat = round_.to_move()[0]
    world = sample_world(round_.view(seat), random.Random(0))
    assert world.view(seat).decision_seed == round_.view(seat).decision_seed
    assert RandomBot()(world.view(seat)) == RandomBot()(round_.view(seat))


def test_the_claimant_keeps_its_claim_and_the_others_cannot_see_it() -> None:
    claims = [r for r in states(range(40)) if r.claimant() is not None]
    assert claims, "no claim window among the states"
    for round_ in claims:
        claimant = round_.claimant()
        assert claimant is not None
        world = sample_world(round_.view(claimant), random.Random(1))
        assert world.claimant() == claimant
        # the turn player's view does not name the claimant: its worlds differ on it
        turn_view = round_.view(round_.turn)
        worlds = [sample_world(turn_view, random.Random(n)) for n in range(30)]
        assert {w.claimant() for w in worlds} != {claimant}


def wilson_hilferty(df: int, z: float = 3.090232) -> float:
    """The chi-square critical value for ``df`` degrees of freedom at the normal quantile ``z``
    (3.090232: the 99.9th percentile)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def test_every_unseen_card_lands_in_every_hidden_place_as_often_as_expected() -> None:
    round_ = next(r for r in states(range(30), (12,)) if any(r.laid) and r.discards)
    seat = round_.to_move()[0]
    view = round_.view(seat)
    hidden = unseen_cards(view)
    others = [s for s in range(round_.players) if s != seat]
    # the places: each other hand, the top of the draw pile, the rest of the pile
    sizes = [len(round_.hands[s]) for s in others] + [1, len(round_.pile) - 1]
    assert sum(sizes) == len(hidden)
    samples = 3000
    counts: Counter[tuple[Card, int]] = Counter()
    rng = random.Random(2024)
    for _ in range(samples):
        world = sample_world(view, rng)
        places = [*(world.hands[s] for s in others), world.pile[-1:], world.pile[:-1]]
        for place, cards in enumerate(places):
            counts.update((card, place) for card in cards)
    statistic = 0.0
    for card in hidden:
        for place, size in enumerate(sizes):
            expected = samples * size / len(hidden)
            assert expected >= 5
            statistic += (counts[card, place] - expected) ** 2 / expected
    df = (len(hidden) - 1) * (len(sizes) - 1)
    assert statistic < wilson_hilferty(df), (statistic, df)


def test_sample_world_refuses_what_it_cannot_use() -> None:
    view = Round.deal(seed=2).view(0)
    with pytest.raises(TypeError, match="observation must be a Nylon-ppong SeatView"):
        sample_world("a view", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        sample_world(view, 3)  # type: ignore[arg-type]
    over = Round.deal(seed=2)
    over.play(resolve_bots(None, 4))
    with pytest.raises(ValueError, match="the round is over"):
        sample_world(over.view(0), random.Random(0))
    inconsistent = view._replace(pile_count=3)
    with pytest.raises(ValueError, match="observation hides 43 cards"):
        sample_world(inconsistent, random.Random(0))
    assert isinstance(view, SeatView)


# --- the clone --------------------------------------------------------------------------------


def test_a_clone_is_an_equal_and_independent_copy() -> None:
    for round_ in states(range(6)):
        twin = round_.clone()
        assert snapshot(twin) == snapshot(round_)
        assert twin.hands is not round_.hands and twin.pile is not round_.pile
        assert all(a is not b for a, b in zip(twin.hands, round_.hands, strict=True))
        assert isinstance(twin.laid, tuple)  # immutable, so twin and round share it safely
        assert twin.discards is not round_.discards and twin.history is not round_.history
        before = snapshot(round_)
        bots = resolve_bots(None, round_.players)
        twin.play(bots)
        assert snapshot(round_) == before
        again = round_.clone()
        round_.play(bots)
        assert snapshot(round_) == snapshot(twin)  # the same play from the same state
        assert again.phase != "over" and again.result is None


def _best_of(run: object, repeat: int = 5, number: int = 100) -> float:
    assert callable(run)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            run()
        times.append(time.perf_counter() - start)
    return min(times)


def test_a_clone_is_much_cheaper_than_a_deepcopy() -> None:
    round_ = played(6, 20)
    clone = _best_of(round_.clone)
    deep = _best_of(lambda: copy.deepcopy(round_))
    assert deep / clone >= 5, f"clone {clone:.4f}s, deepcopy {deep:.4f}s"
