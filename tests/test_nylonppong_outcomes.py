"""The Nylon-ppong coach's forecasts: the expected penalty and win chance of every option."""

from __future__ import annotations

import math
import random

import pytest

from kit.calibration import base_rate_brier, brier, mean_error, reliability
from kit.hwatu import DECK, Card
from kit.nylonppong.bots import BOTS, DEFAULT_OPPONENTS, cautious, greedy
from kit.nylonppong.coach import (
    NylonPpongFacts,
    _advised,
    advise,
    classic_advise,
    classic_coach,
    coach,
)
from kit.nylonppong.game import Declare, Discard, Draw, Pass, Ppong, Round, SeatView, Stop
from kit.nylonppong.outcomes import (
    PAIR_SHARE,
    assumed_hands,
    exact_outcome,
    kept_low,
    out_chances,
    outcomes,
    wins_round,
)
from kit.nylonppong.rules import Rules
from kit.nylonppong.world import sample_world


def _card(month: int, nth: int = 0) -> Card:
    return [c for c in DECK if c.month == month][nth]


def _stop_position() -> Round:
    """Seat 0 holds 1 and 2 (sum 3) after a ppong of 7s; seat 2 holds two cards after a
    ppong of 8s; seats 1 and 3 hold five. Seat 0 is to start its turn."""
    hand0 = [_card(1), _card(2)]
    laid0 = (_card(7, 0), _card(7, 1))
    laid2 = (_card(8, 0), _card(8, 1))
    discards = [(_card(7, 2), 3), (_card(12, 0), 0), (_card(8, 2), 1), (_card(12, 1), 2)]
    used = {*hand0, *laid0, *laid2, *(card for card, _ in discards)}
    rest = [c for c in DECK if c not in used]
    random.Random(5).shuffle(rest)
    hands = [hand0, rest[0:5], rest[5:7], rest[7:12]]
    round_ = Round(
        rules=Rules(),
        hands=hands,
        pile=rest[12:],
        dealer=0,
        turn=0,
        laid=(laid0, (), laid2, ()),
        discards=discards,
        seed="stop-position",
    )
    assert round_.cards_in_play() == 48
    return round_


def test_a_stop_is_worked_out_exactly_from_its_success_chance() -> None:
    view = _stop_position().view(0)
    assert view.can_stop
    # Unseen: 48 - 2 in hand - 4 laid - 4 discarded = 38 cards: three 1s, three 2s, one 7,
    # one 8, two 12s and four of each other month. Seat 2 threw a 12 since its ppong, so it
    # is read as holding a pair (PAIR_SHARE of the time) or two cards up to 12. Its two cards
    # sum to 3 or less as a pair of 1s (C(3,2) = 3 of the 3 + 3 + 1 + 7 x 6 = 49 pairs), or
    # as 1+1 or 1+2 (3 + 3 x 3 = 12 of C(38, 2) pairs); five-card hands always sum to more.
    assert kept_low(view) == {2: 12}
    fails = PAIR_SHARE * 3 / 49 + (1 - PAIR_SHARE) * 12 / math.comb(38, 2)
    stop = exact_outcome(view, Stop(0))
    assert stop is not None
    assert stop.win_chance == pytest.approx(1 - fails)
    assert stop.expected_penalty == pytest.approx(3 + fails * 30)
    assert stop.expected_net == -stop.expected_penalty
    assert (stop.worlds, stop.net_error) == (0, 0.0)
    # the same number, counted over worlds dealt with the same reading
    rng = random.Random(2)
    failed = 0
    for _ in range(4000):
        world = sample_world(view, rng, dealt=assumed_hands(view, rng))
        world.apply(Stop(0))
        assert world.result is not None
        failed += not world.result.stop_succeeded
    assert failed / 4000 == pytest.approx(fails, abs=4 * math.sqrt(fails * (1 - fails) / 4000))
    # advise shows it as the stop's facts, next to its exact success chance
    option = advise(view).option_for(Stop(0))
    assert option is not None and option.outcome == stop
    facts = NylonPpongFacts.of(option)
    assert facts.expected_penalty == stop.expected_penalty
    assert facts.win_chance == stop.win_chance
    # the exact odds' own fact counts every unseen card alike, so it reads a little higher
    assert facts.stop_succeeds is not None and facts.stop_succeeds > stop.win_chance


def test_a_declared_combination_is_exact() -> None:
    straight = [_card(m) for m in (3, 4, 5, 6, 7, 8)]
    rest = [c for c in DECK if c not in straight]
    hands = [straight[:5], rest[0:5], rest[5:10], rest[10:15]]
    round_ = Round(
        rules=Rules(), hands=hands, pile=[*rest[15:], straight[5]], dealer=0, turn=0, seed="s"
    )
    round_.apply(Draw(0))
    view = round_.view(0)
    found = outcomes(view, worlds=2, seed=1)
    assert found[Declare(0)].expected_penalty == -33.0
    assert found[Declare(0)].win_chance == 1.0
    advice = advise(view)
    assert advice.action == Declare(0) and coach(view) == Declare(0)


def _views(seeds: range, want: int) -> list[SeatView]:
    """Views of seat 0 at decisions with two or more options, from seeded rounds."""
    views: list[SeatView] = []
    bots = [classic_coach, greedy, cautious, greedy]
    for seed in seeds:
        round_ = Round.deal(Rules(), seed=f"views-{seed}")
        while round_.phase != "over" and len(views) < want:
            seat = round_.to_move()[0]
            view = round_.view(seat)
            if seat == 0 and len(view.legal_actions()) > 1:
                views.append(view)
            round_.apply(bots[seat](view))
    return views


@pytest.fixture(scope="module")
def views() -> list[SeatView]:
    found = _views(range(12), 40)
    phases = {view.phase for view in found}
    assert {"draw", "discard"} <= phases
    return found


def test_every_option_has_an_outcome_and_the_ranking_follows_expected_net(
    views: list[SeatView],
) -> None:
    for view in views:
        advice = advise(view)
        assert advice.shown[:2] == ("expected_penalty", "win_chance")
        nets = []
        for option in advice.options:
            outcome = option.outcome
            assert outcome is not None
            assert 0.0 <= outcome.win_chance <= 1.0
            assert outcome.expected_penalty is not None
            assert outcome.expected_net == -outcome.expected_penalty
            facts = NylonPpongFacts.of(option)
            assert facts.expected_penalty == outcome.expected_penalty
            assert facts.win_chance == outcome.win_chance
            nets.append(outcome.expected_net)
        assert nets == sorted(nets, reverse=True)
        assert {o.action for o in advice.options} == {
            o.action for o in classic_advise(view).options
        }


def test_a_comparison_never_shows_the_best_worse_on_every_number(views: list[SeatView]) -> None:
    for view in views:
        advice = advise(view)
        best = advice.best
        for option in advice.options[1:]:
            text = advice.hint(2, chosen=option.action)
            assert f"expected penalty {advice.words(option, 'expected_penalty')}" in text
            mine = NylonPpongFacts.of(option).expected_penalty
            theirs = NylonPpongFacts.of(best).expected_penalty
            assert mine is not None and theirs is not None and theirs <= mine


def test_the_same_view_gives_the_same_numbers(views: list[SeatView]) -> None:
    view = views[3]
    first = advise(view)
    _advised.cache_clear()
    again = advise(view)
    assert first is not again
    assert [o.outcome for o in first.options] == [o.outcome for o in again.options]
    assert outcomes(view, worlds=3, seed="x") == outcomes(view, worlds=3, rng=random.Random("x"))
    # a world dealt afresh from the view is the same view: the same advice
    world = sample_world(view, random.Random(9))
    assert advise(world.view(0)).to_frame().equals(first.to_frame())


def test_the_classic_coach_is_kept_under_its_own_name(views: list[SeatView]) -> None:
    assert BOTS["classic-coach"] is classic_coach
    assert BOTS["coach"] is coach
    for view in views:
        assert classic_coach(view) == classic_advise(view).action
        assert coach(view) in view.legal_actions()


def test_a_claim_gets_outcomes_for_ppong_and_pass() -> None:
    for seed in range(200):
        round_ = Round.deal(Rules(), seed=f"claim-{seed}")
        bots = [classic_coach, greedy, cautious, greedy]
        while round_.phase != "over":
            seat = round_.to_move()[0]
            view = round_.view(seat)
            if seat == 0 and view.phase == "claim":
                found = {o.action: o.outcome for o in advise(view).options}
                assert set(found) == {Ppong(0), Pass(0)}
                assert all(o is not None and o.worlds > 0 for o in found.values())
                return
            round_.apply(bots[seat](view))
    raise AssertionError("no seeded round gave seat 0 a claim")


def test_a_round_is_won_by_the_strictly_lowest_penalty() -> None:
    assert wins_round([-33, 15, 20], 0)
    assert not wins_round([4, 4, 20], 0)


def test_bad_input_is_named(views: list[SeatView]) -> None:
    view = next(v for v in views if v.phase == "discard")
    with pytest.raises(TypeError, match="Nylon-ppong SeatView"):
        outcomes("a view", worlds=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Nylon-ppong seat view"):
        advise(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="worlds"):
        outcomes(view, worlds=2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="worlds"):
        outcomes(view, worlds=0)
    with pytest.raises(TypeError, match="seed or an rng"):
        outcomes(view, worlds=1, seed=1, rng=random.Random(1))
    with pytest.raises(TypeError, match="player"):
        outcomes(view, worlds=1, player="coach")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="nobody"):
        outcomes(view, worlds=1, opponents=["nobody"])
    with pytest.raises(ValueError, match="not legal"):
        outcomes(view, [Draw(0)], worlds=1)
    with pytest.raises(TypeError, match="actions"):
        outcomes(view, Discard(0, view.hand[0]), worlds=1)  # type: ignore[arg-type]
    waiting = Round.deal(Rules(), dealer=0, seed=1).view(2)
    with pytest.raises(ValueError, match="no decision"):
        outcomes(waiting, worlds=1)


@pytest.mark.soak
def test_the_forecasts_of_the_coachs_moves_are_calibrated() -> None:
    """At every decision of seat 0 (the coach, the default bots around it) with a choice,
    the forecast of the move it made against how the round ended for seat 0.

    Every decision counts once. The decisions of one round share its ending, so the
    errors are cluster-robust, one cluster per round. (Averaging the forecasts of each
    round first, or drawing one decision per round, would weigh the decisions of short
    rounds more, and how short a round is depends on how it ends: even true forecasts
    would then look too hopeful.)"""
    names = ["coach", *DEFAULT_OPPONENTS, DEFAULT_OPPONENTS[0]]
    bots = [BOTS[name] for name in names]
    chances: list[float] = []
    won: list[int] = []
    forecasts: list[float] = []
    penalties: list[float] = []
    rounds: list[int] = []
    for seed in range(400):
        round_ = Round.deal(Rules(), seed=f"calibration-{seed}")
        points: list[tuple[float, float]] = []
        while round_.phase != "over":
            seat = round_.to_move()[0]
            view = round_.view(seat)
            action = bots[seat](view)
            if seat == 0 and len(view.legal_actions()) > 1:
                outcome = outcomes(view, [action], worlds=16, seed=view.decision_seed)[action]
                assert outcome.expected_penalty is not None
                points.append((outcome.win_chance, outcome.expected_penalty))
            round_.apply(action)
        assert round_.result is not None
        paid = round_.result.penalties[0]
        happened = int(wins_round(round_.result.penalties, 0))
        for chance, expected in points:
            chances.append(chance)
            won.append(happened)
            forecasts.append(expected)
            penalties.append(float(paid))
            rounds.append(seed)
    table = reliability(chances, won, groups=rounds)
    score, bar = brier(chances, won), base_rate_brier(won)
    bias, error = mean_error(forecasts, penalties, groups=rounds)
    print(f"\n{len(chances)} decisions from {len(set(rounds))} rounds")
    print(table.to_string(index=False))
    print(f"Brier {score}, base rate's {bar}; penalty: bias {bias}, error {error}")
    assert table["within"].all()
    assert score < bar
    assert abs(bias) <= 3 * error


@pytest.mark.soak
def test_the_victim_risk_is_calibrated() -> None:
    """At every discard of seat 0 over 1,000 seeded rounds, the victim risk of the card
    thrown against whether the next move was another player going out by ppong on it.
    Seat 0 plays the classic coach, which does not look at the risk, so risky cards are
    thrown too; the default bots play the other seats."""
    names = ["classic-coach", *DEFAULT_OPPONENTS, DEFAULT_OPPONENTS[0]]
    bots = [BOTS[name] for name in names]
    risks: list[float] = []
    fed: list[int] = []
    rounds: list[int] = []
    for seed in range(1000):
        round_ = Round.deal(Rules(), seed=f"victim-{seed}")
        while round_.result is None:
            seat = round_.to_move()[0]
            view = round_.view(seat)
            action = bots[seat](view)
            round_.apply(action)
            if seat != 0 or not isinstance(action, Discard):
                continue
            risks.append(out_chances(view, (action.card.month,))[action.card.month])
            if round_.result is None:  # the next move decides: a ppong that goes out, or not
                mover = round_.to_move()[0]
                round_.apply(bots[mover](round_.view(mover)))
            result = round_.result
            fed.append(
                int(result is not None and result.ended_by == "ppong-out" and result.victim == 0)
            )
            rounds.append(seed)
    table = reliability(risks, fed, groups=rounds)
    expected, happened = sum(risks), sum(fed)
    print(f"\n{len(risks)} discards; {expected:.1f} ppong-outs expected, {happened} happened")
    print(table.to_string(index=False))
    assert table["within"].all()
    assert happened > 10 and abs(happened - expected) <= 3 * math.sqrt(expected)
