"""Random legal play keeps every Nylon-ppong invariant.

The expected legal actions and state changes are worked out here from the rules alone
(reference/nylon-ppong.md#deal-and-turn, reference/nylon-ppong.md#ppong,
reference/nylon-ppong.md#stop, reference/nylon-ppong.md#combinations and
reference/nylon-ppong.md#round-scoring) and compared with the engine after every action.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import snapshot

from kit.hwatu import DECK
from kit.nylonppong.bots import cautious, greedy, random_bot
from kit.nylonppong.game import (
    Action,
    Declare,
    Discard,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Ppong,
    Round,
    Stop,
)
from kit.nylonppong.rules import Rules, settle_round

# --- An independent model of the rules --------------------------------------------------


def _is_combination(months: list[int]) -> bool:
    """Six months that make any combination, read from reference/nylon-ppong.md#combinations."""
    counts = sorted(Counter(months).values())
    ordered = sorted(months)
    total = sum(months)
    return (
        counts in ([2, 2, 2], [3, 3], [2, 4])
        or (len(set(ordered)) == 6 and ordered[5] - ordered[0] == 5)
        or total <= 10
        or total >= 66
    )


@dataclass
class Model:
    """What the rules say may happen next, tracked beside the engine."""

    rules: Rules
    window_open: bool = False
    """A discard was just made and nobody has drawn, passed or called since.

    The claim window of reference/nylon-ppong.md#ppong.
    """
    drew: bool = False
    ended: bool = False
    seen: list[Action] = field(default_factory=list)

    def legal(self, round_: Round) -> set[Action]:
        if self.ended:
            return set()
        seat = round_.turn
        hand = [c.month for c in round_.hands[seat]]
        if round_.phase == "discard":
            legal: set[Action] = {Discard(seat, c) for c in round_.hands[seat]}
            if self.drew and len(hand) == 6 and _is_combination(hand):
                legal.add(Declare(seat))
            return legal
        legal = {Draw(seat)}
        if len(hand) == 2 and sum(hand) <= self.rules.stop_limit:
            legal.add(Stop(seat))
        if round_.discards:
            top, discarder = round_.discards[-1]
            if seat != discarder and hand.count(top.month) >= 2:
                legal.add(Ppong(seat))
            if self.window_open and self.rules.out_of_turn_ppong:
                for other, cards in enumerate(round_.hands):
                    if other in (seat, discarder):
                        continue
                    if sum(c.month == top.month for c in cards) >= 2:
                        legal |= {Ppong(other), Pass(other)}
        return legal


def all_candidates(round_: Round) -> list[Action]:
    """Every action of every kind for every seat, and discards of cards not held."""
    actions: list[Action] = []
    for seat in range(round_.players):
        actions += [Draw(seat), Ppong(seat), Pass(seat), Stop(seat), Declare(seat)]
        actions += [Discard(seat, c) for c in round_.hands[seat]]
        actions.append(Discard(seat, round_.pile[-1] if round_.pile else DECK[0]))
    actions += [Draw(round_.players), Draw(-1)]
    return actions


# --- Invariants ----------------------------------------------------------------------------


_DECK = frozenset(DECK)


def check_state(round_: Round) -> None:
    everything = (
        [c for h in round_.hands for c in h]
        + [c for group in round_.laid for c in group]
        + round_.pile
        + [c for c, _ in round_.discards]
    )
    assert round_.cards_in_play() == 48
    assert len(everything) == 48 and set(everything) == _DECK  # no card lost, none in two places

    sizes = [len(h) for h in round_.hands]
    for seat, group in enumerate(round_.laid):
        # Laid cards come in pairs of one month, each matching a card on the discard pile.
        assert len(group) in (0, 2, 4)
        for i in range(0, len(group), 2):
            month = group[i].month
            assert group[i + 1].month == month
            assert any(c.month == month for c, _ in round_.discards)
        # Before a ppong a hand holds 5 (6 mid-turn); after one, 2 (3 mid-turn); after two, 0.
        assert sizes[seat] in {0: (5, 6), 2: (2, 3), 4: (0,)}[len(group)]
    for seat, size in enumerate(sizes):
        assert size in (0, 2, 3, 5, 6)
        busy = round_.phase == "discard" and seat == round_.turn
        if round_.phase != "over" and not busy:
            assert size in (2, 5), (seat, size, round_.phase)
    if round_.phase == "discard":
        assert sizes[round_.turn] in (3, 6)
        if not round_.drew:
            assert sizes[round_.turn] == 3  # right after a ppong
    if round_.phase == "over":
        check_result(round_)
    else:
        assert round_.result is None
        assert round_.claimant() in (None, *range(round_.players))


def check_result(round_: Round) -> None:
    result = round_.result
    assert result is not None
    assert [list(h.cards) for h in result.hands] == round_.hands
    assert [h.cards for h in result.laid] == list(round_.laid)
    months = [[c.month for c in h] for h in round_.hands]
    player = None if result.ended_by == "deck-empty" else result.player
    assert list(result.penalties) == settle_round(
        months, ended_by=result.ended_by, player=player, victim=result.victim, rules=round_.rules
    )
    assert result.player is not None
    held = months[result.player]
    if result.ended_by == "ppong-out":
        assert held == []
        assert result.victim == round_.discards[-1][1] != result.player
        assert result.penalties[result.player] == 0
    elif result.ended_by == "stop":
        assert len(held) == 2 and sum(held) <= round_.rules.stop_limit
    elif result.ended_by == "combination":
        assert len(held) == 6 and _is_combination(held)
        assert result.penalties[result.player] <= 0
    else:
        assert result.ended_by == "deck-empty" and round_.pile == []
        assert len(held) in (2, 5)
    if result.ended_by != "ppong-out":
        assert result.victim is None


def check_transition(before: Round, action: Action, after: Round, model: Model) -> None:
    """The engine did what the rules say this action does."""
    seat = action.seat
    n = before.players
    moved = {
        s for s in range(n) if before.hands[s] != after.hands[s] or before.laid[s] != after.laid[s]
    }
    if isinstance(action, Draw):
        assert moved <= {seat}
        if not before.pile:
            assert after.phase == "over" and after.result is not None
            assert after.result.ended_by == "deck-empty" and after.result.player == seat
            assert after.hands == before.hands
        else:
            assert after.hands[seat] == [*before.hands[seat], before.pile[-1]]
            assert after.pile == before.pile[:-1]
            assert (after.phase, after.turn) == ("discard", seat)
    elif isinstance(action, Discard):
        assert moved == {seat}
        assert after.discards == [*before.discards, (action.card, seat)]
        assert (after.phase, after.turn) == ("draw", (seat + 1) % n)
    elif isinstance(action, Ppong):
        top, discarder = before.discards[-1]
        assert after.discards == before.discards  # the top discard stays
        assert moved == {seat}
        assert [c.month for c in after.laid[seat][len(before.laid[seat]) :]] == [top.month] * 2
        assert len(after.hands[seat]) == len(before.hands[seat]) - 2
        if after.hands[seat]:
            assert (after.phase, after.turn) == ("discard", seat)
        else:
            assert after.result is not None and after.result.ended_by == "ppong-out"
            assert (after.result.player, after.result.victim) == (seat, discarder)
    elif isinstance(action, Pass):
        assert moved == set() and (after.phase, after.turn) == (before.phase, before.turn)
        assert after.claimant() is None
    elif isinstance(action, Stop):
        assert moved == set() and after.result is not None
        assert (after.result.ended_by, after.result.player) == ("stop", seat)
    elif isinstance(action, Declare):
        assert moved == set() and after.result is not None
        assert (after.result.ended_by, after.result.player) == ("combination", seat)
    # Nothing else changes hands: the pile only shrinks by a draw.
    if not isinstance(action, Draw):
        assert after.pile == before.pile
    model.window_open = isinstance(action, Discard)
    model.drew = isinstance(action, Draw) and after.phase == "discard"
    model.ended = after.phase == "over"


def check_every_candidate(round_: Round, legal: list[Action]) -> None:
    """Every action of every kind that is not legal raises and leaves the state as it was."""
    by_seat = [a for s in range(round_.players) for a in round_.legal_actions(s)]
    assert sorted(map(str, by_seat)) == sorted(map(str, legal))
    for a in all_candidates(round_):
        if a in legal:
            continue
        before = snapshot(round_)
        try:
            round_.apply(a)
        except IllegalAction as error:
            assert str(error).startswith(f"{a} is illegal")
        else:
            raise AssertionError(f"{a} applied but was not legal")
        assert snapshot(round_) == before


def step(
    round_: Round, model: Model, legal: list[Action], action: Action, *, every_candidate: bool
) -> None:
    """Check the legal actions, apply one of them, and check the result."""
    assert len(legal) == len(set(legal))
    assert set(legal) == model.legal(round_), round_.describe()
    for a in legal:  # every legal action applies without error
        round_.clone().apply(a)
    if every_candidate:
        check_every_candidate(round_, legal)
    assert action in legal
    before = round_.clone()
    round_.apply(action)
    check_transition(before, action, round_, model)
    check_state(round_)


_ENDING = (Ppong, Stop, Declare)


def play_random(round_: Round, rng: random.Random, *, every_candidate: bool) -> Round:
    """Play a round with random legal actions, preferring ppong, stop and declare now and then."""
    model = Model(round_.rules)
    check_state(round_)
    while round_.phase != "over":
        legal = round_.legal_actions()
        eager = [a for a in legal if isinstance(a, _ENDING)]
        action = rng.choice(eager) if eager and rng.random() < 0.5 else rng.choice(legal)
        step(round_, model, legal, action, every_candidate=every_candidate)
    assert round_.legal_actions() == []
    return round_


rules_strategy = st.builds(
    Rules,
    players=st.integers(2, 6),
    stop_limit=st.integers(2, 12),
    failed_stop_penalty=st.sampled_from([0, 30, 50]),
    ppong_victim_penalty=st.sampled_from([0, 30, 50]),
    out_of_turn_ppong=st.booleans(),
)


# --- Properties ---------------------------------------------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_strategy, st.integers(0, 2**32), st.data())
def test_random_actions_keep_every_invariant(rules: Rules, seed: int, data: st.DataObject) -> None:
    """Hypothesis picks every action; every action kind not listed as legal must raise."""
    round_ = Round.deal(rules, seed=seed)
    model = Model(rules)
    check_state(round_)
    while round_.phase != "over":
        legal = round_.legal_actions()
        action = data.draw(st.sampled_from(legal))
        step(round_, model, legal, action, every_candidate=True)


@pytest.mark.soak
def test_thousands_of_random_rounds_keep_every_invariant() -> None:
    endings: Counter[str] = Counter()
    for i in range(1000):
        rng = random.Random(i)
        rules = Rules(
            players=2 + i % 5,
            stop_limit=rng.choice([5, 5, 10]),
            out_of_turn_ppong=i % 7 != 0,
        )
        round_ = play_random(Round.deal(rules, seed=i), rng, every_candidate=i % 20 == 0)
        assert round_.result is not None
        endings[round_.result.ended_by] += 1
    # Every ending of reference/nylon-ppong.md#round-scoring was reached.
    assert set(endings) == {"combination", "stop", "ppong-out", "deck-empty"}, endings


def _bot_round(rules: Rules, seed: int, bots: list) -> tuple[object, ...]:
    round_ = Round.deal(rules, seed=seed)
    result = round_.play(bots)
    check_state(round_)
    return (tuple(round_.history), result.penalties, result.ended_by, result.hands)


def test_random_bot_rounds_keep_every_invariant_and_follow_the_seed() -> None:
    for i in range(400):
        rules = Rules(players=2 + i % 5)
        bots = [random_bot(f"{i}-{seat}") for seat in range(rules.players)]
        first = _bot_round(rules, i, bots)
        again = [random_bot(f"{i}-{seat}") for seat in range(rules.players)]
        assert _bot_round(rules, i, again) == first


def test_bot_rounds_keep_every_invariant_and_follow_the_seed() -> None:
    endings: Counter[str] = Counter()
    for i in range(600):
        rules = Rules(players=2 + i % 5, stop_limit=5 + 5 * (i % 2))
        bots = [greedy if (seat + i) % 2 else cautious for seat in range(rules.players)]
        first = _bot_round(rules, i, bots)
        assert _bot_round(rules, i, bots) == first
        endings[str(first[2])] += 1
    assert set(endings) == {"combination", "stop", "ppong-out", "deck-empty"}, endings


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.integers(1, 4), st.integers(0, 2**32))
def test_bot_games_follow_the_seed(players: int, rounds: int, seed: int) -> None:
    rules = Rules(players=players, rounds=rounds)
    bots = [greedy, cautious] * 3

    def run() -> list[tuple[object, ...]]:
        game = Game(rules, seed=seed)
        results = game.play(bots[:players])
        assert len(results) == rounds and game.over
        assert game.totals == [sum(r.penalties[s] for r in results) for s in range(players)]
        return [(r.dealer, r.penalties, r.hands, r.laid, r.ended_by) for r in results]

    assert run() == run()


def test_bots_only_choose_legal_actions() -> None:
    for i in range(200):
        round_ = Round.deal(Rules(players=2 + i % 5), seed=i)
        bots = [greedy, cautious]
        while round_.phase != "over":
            seat = round_.to_move()[0]
            action = bots[seat % 2](round_.view(seat))
            assert action in round_.legal_actions(seat)
            round_.apply(action)
        check_state(round_)


def test_check_state_notices_a_lost_card() -> None:
    """The invariant checks above can fail."""
    round_ = Round.deal(Rules(), seed=1)
    round_.pile.pop()
    try:
        check_state(round_)
    except AssertionError:
        pass
    else:
        raise AssertionError("a missing card went unnoticed")
    duplicate = Round.deal(Rules(), seed=1)
    duplicate.pile[0] = duplicate.hands[0][0]
    try:
        check_state(duplicate)
    except AssertionError:
        pass
    else:
        raise AssertionError("a card in two places went unnoticed")
