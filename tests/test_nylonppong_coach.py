"""The Nylon-ppong coach: hand-counted odds, legal advice, and no peeking at hidden cards."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.hwatu import DECK
from kit.nylonppong.bots import BOTS
from kit.nylonppong.coach import (
    NylonPpongFacts,
    advise,
    classic_advise,
    coach,
    discard_facts,
    quick_advise,
    rank_discards,
    rough_cost,
    stop_chance,
    unseen_months,
)
from kit.nylonppong.game import Declare, Discard, Draw, Ppong, Round, SeatView, Stop
from kit.nylonppong.outcomes import outcomes
from kit.nylonppong.rules import Rules
from kit.nylonppong.world import sample_world


def test_outs_are_counted_by_hand() -> None:
    # Throwing 12 keeps 1-1-4-4-9: only a 9 makes three pairs. One 9 is in hand,
    # so three are unseen; 48 - 6 in hand - 2 seen = 40 unseen cards.
    table = rank_discards([1, 1, 4, 4, 9, 12], seen=[4, 12])
    best = table.iloc[0]
    assert (best["discard"], best["outs"], best["unseen"]) == ("12", 3, 40)
    assert best["chance"] == pytest.approx(3 / 40)
    # Throwing 9 keeps 1-1-4-4-12: two 12s are unseen (one in hand, one seen).
    nine = table.set_index("discard").loc["9"]
    assert (nine["outs"], nine["sum_left"]) == (2, 22)


def test_sib_bujok_and_pairs_outs() -> None:
    # Keep 1-1-2-2-3 (sum 9): a 1 makes sum 10 (sib-bujok, 2 unseen), a 3 makes
    # three pairs (3 unseen). Nothing else completes anything: 5 outs of 42.
    facts = {f.month: f for f in discard_facts([1, 1, 2, 2, 3, 11])}
    assert facts[11].outs == 5
    assert facts[11].unseen == 42
    assert facts[11].best_value == -100


def test_ties_go_to_the_lower_sum() -> None:
    table = rank_discards([1, 3, 5, 8, 10, 12])
    assert (table["outs"] == 0).all()
    assert list(table["discard"][:2]) == ["12", "10"]
    assert list(table["sum_left"]) == sorted(table["sum_left"])


def test_a_pair_is_kept_before_a_lower_sum() -> None:
    # No discard leaves an out; throwing 11 keeps the pair of 12s.
    table = rank_discards([2, 5, 8, 11, 12, 12])
    assert table.iloc[0]["discard"] == "11"
    assert table.iloc[0]["pairs"] == 1


def test_stop_allowed_is_reported_for_small_hands() -> None:
    table = rank_discards([1, 3, 9], rules=Rules(stop_limit=5))
    assert table.iloc[0]["discard"] == "9"
    assert bool(table.iloc[0]["stop_allowed"]) is True
    assert (table["outs"] == 0).all()


def test_stop_chance_by_hand() -> None:
    unseen = unseen_months([2, 3])
    assert stop_chance(5, [5, 5, 5], unseen) == 1.0  # five cards sum to at least 6
    # One opponent holds 2 unseen cards; my sum is 3. It beats me (sum <= 3) with
    # 1+1 (C(4,2)=6 ways), 1+2 (4*3=12) — 18 of C(46, 2) pairs.
    assert stop_chance(3, [2], unseen) == pytest.approx(1 - 18 / math.comb(46, 2))


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="more than four cards of month 1"):
        rank_discards([1, 1, 1, 2, 3, 4], seen=[1, 1])
    with pytest.raises(ValueError, match="at least 2 cards"):
        rank_discards([7])
    with pytest.raises(TypeError, match="rules"):
        rank_discards([1, 2, 3, 4, 5, 6], rules=None)  # type: ignore[arg-type]


def _rounds_in_play(seed: int, steps: int) -> Round:
    rng = random.Random(seed)
    round_ = Round.deal(Rules(), dealer=0, seed=seed)
    for _ in range(steps):
        if round_.phase == "over":
            break
        seat = round_.to_move()[0]
        round_.apply(rng.choice(round_.legal_actions(seat)))
    return round_


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_advice_is_legal_and_blind_to_hidden_cards(seed: int, steps: int) -> None:
    round_ = _rounds_in_play(seed, steps)
    if round_.phase == "over":
        return
    seat = round_.to_move()[0]
    advice = advise(round_.view(seat))
    assert advice.action in round_.legal_actions(seat)
    # Deal every card this seat cannot see (other hands and the pile) afresh and ask again.
    other = sample_world(round_.view(seat), random.Random(seed + 1))
    again = advise(other.view(seat))
    assert again.action == advice.action
    assert again.to_frame().equals(advice.to_frame())


def test_declares_a_combination_when_it_has_one() -> None:
    straight = [next(c for c in DECK if c.month == m) for m in (3, 4, 5, 6, 7, 8)]
    rest = [c for c in DECK if c not in straight]
    hands = [straight[:5], rest[0:5], rest[5:10], rest[10:15]]
    pile = [*rest[15:], straight[5]]  # the top of the pile completes the straight
    round_ = Round(rules=Rules(), hands=hands, pile=pile, dealer=0, turn=0, seed="test")
    round_.apply(Draw(0))
    assert round_.cards_in_play() == 48
    advice = advise(round_.view(0))
    assert advice.action == Declare(0)
    assert "Straight" in advice.best.reason


def test_hints_step_from_nudge_to_reveal() -> None:
    round_ = _rounds_in_play(3, 0)
    round_.apply(Draw(round_.turn))
    advice = advise(round_.view(round_.turn))
    assert "unseen" in advice.hint(1)
    worst = advice.options[-1]
    assert worst.label in advice.hint(2, chosen=worst.action)
    assert advice.best.label in advice.hint(3)
    assert isinstance(advice.action, (Discard, Declare))


def test_coach_plays_whole_rounds() -> None:
    for seed in range(20):
        round_ = Round.deal(Rules(), dealer=seed % 4, seed=seed)
        result = round_.play([coach, coach, coach, coach])
        assert result.ended_by in ("combination", "stop", "ppong-out", "deck-empty")
        assert round_.cards_in_play() == 48


def test_turn_advice_offers_stop_only_when_legal() -> None:
    for seed in range(30):
        round_ = _rounds_in_play(seed, 25)
        if round_.phase != "draw":
            continue
        seat = round_.turn
        advice = advise(round_.view(seat))
        legal = round_.legal_actions(seat)
        for option in advice.options:
            assert option.action in legal
        assert any(isinstance(o.action, (Draw, Stop, Ppong)) for o in advice.options)


def test_bad_hands_and_views_get_a_clear_error() -> None:
    with pytest.raises(ValueError, match="hand"):
        rank_discards([*range(1, 13), 1])
    with pytest.raises(ValueError, match="at most 6"):
        discard_facts([1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(TypeError, match="Nylon-ppong seat view"):
        advise(None)  # type: ignore[arg-type]


def _seat_0_holding(months: list[int], seed: int) -> SeatView:
    """Seat 0's first discard holding ``months`` in round ``seed`` (seat 0 starts), the
    classic coach in seat 0 and the default bots around it."""
    names = ["classic-coach", "greedy", "cautious", "greedy"]
    round_ = Round.deal(Rules(), dealer=0, seed=seed)
    while round_.result is None:
        seat = round_.to_move()[0]
        view = round_.view(seat)
        if seat == 0 and view.phase == "discard" and sorted(view.months) == months:
            return view
        round_.apply(BOTS[names[seat]](view))
    raise AssertionError(f"seat 0 never held {months} in round {seed}")


def test_the_coach_will_not_throw_a_card_that_lets_another_player_go_out() -> None:
    # Seats 1 and 3 are down to two cards. A 1 would complete a straight draw
    # (3-4-6-7-8 waits on a 5), so the exact odds throw it; but the 1s unseen make it
    # likely that one of them holds a pair of 1s and goes out on it, for 30 points.
    view = _seat_0_holding([1, 3, 4, 6, 7, 8], seed=42)
    assert view.hand_sizes[1] == view.hand_sizes[3] == 2
    assert classic_advise(view).action.card.month == 1
    quick = quick_advise(view)
    facts = {o.action.card.month: NylonPpongFacts.of(o) for o in quick.options}
    best = NylonPpongFacts.of(quick.best)
    assert (facts[1].victim_risk or 0) > 0.5 and best.victim_risk == 0
    assert quick.best.action.card.month != 1 and (facts[1].rough_cost or 0) > (best.rough_cost or 0)
    assert "go out by ppong" in quick.options[-1].reason
    assert quick.shown[:2] == ("rough_cost", "victim_risk")
    forecast = advise(view)
    assert forecast.best.action.card.month != 1
    assert forecast.shown[:3] == ("expected_penalty", "win_chance", "rough_cost")
    one = next(o.action for o in forecast.options if o.action.card.month == 1)
    told = forecast.review_line(one).lost
    assert told.endswith(
        f"{facts[1].victim_risk:.0%} chance it lets another player go out by ppong"
    )
    safe = forecast.review_line(forecast.options[1].action).lost  # a card with no such risk
    assert "go out" not in safe


def test_with_two_cards_left_a_low_sum_is_worth_more_than_a_high_pair() -> None:
    low, pair = (f for f in sorted(discard_facts([1, 8, 8]), key=lambda f: f.month, reverse=True))
    assert (low.kept, pair.kept) == ((1, 8), (8, 8))
    assert discard_facts([1, 8, 8])[0].kept == (8, 8)  # the exact odds keep the pair
    assert rough_cost(low, 0.0) < rough_cost(pair, 0.0)
    # a pair of 2s is cheap enough to keep
    low, pair = (f for f in sorted(discard_facts([1, 2, 2]), key=lambda f: f.month, reverse=True))
    assert rough_cost(pair, 0.0) < rough_cost(low, 0.0)


def test_a_played_out_win_chance_is_never_certain() -> None:
    # 0 wins out of 4 worlds reads as 1 in 8, 4 out of 4 as 7 in 8: with the four
    # imagined rounds shared equally, a few worlds never make a certainty.
    round_ = _rounds_in_play(5, 3)
    view = round_.view(round_.to_move()[0])
    found = outcomes(view, worlds=4, seed=1)
    played = [o for o in found.values() if o.worlds]
    assert played
    assert all(o.win_chance in {(k + 1) / 8 for k in range(5)} for o in played)
