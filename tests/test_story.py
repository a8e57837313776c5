"""The story of a deal: the turning points a review leads with, from played deals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kit.coach import Advice, Review
from kit.games import game
from kit.mahjong.actions import Discard
from kit.mahjong.story import (
    Move,
    liable_for_wins,
    paid_at_the_wall,
    paid_for_wins,
    turning_points,
)

YOU = 0


def played(key: str, seed: int, choose: Callable[[Advice], Any]) -> tuple[Any, list[Move], Review]:
    """A deal of ``key`` with the default bots, seat 0 choosing ``choose(advice)`` at each
    decision with more than one option; every move recorded as a play widget records it."""
    g = game(key)
    table = g.engine.deal(g.rules(), seed=seed)
    bots = [g.bots[name] for name in ("coach", *g.opponents, *g.opponents)][
        : table.seats(g.rules())
    ]
    moves: list[Move] = []
    review = Review()
    while table.phase != "over":
        seat = next(iter(s for s in table.to_move() if s != YOU), YOU)
        view = table.view(seat)
        decision = None
        if seat == YOU and len(view.legal_actions()) > 1:
            advice = g.coach.advise(view)
            action = choose(advice)
            review.record(advice, action)
            decision = len(review.lines) - 1
        else:
            action = bots[seat](view)
        table.apply(action)
        moves.append(Move(seat, action, decision))
    return table, moves, review


def story(key: str, table: Any, moves: list[Move], review: Review, threshold: float) -> Any:
    paid = paid_for_wins(table.ledger.to_frame(), YOU)
    return turning_points(
        moves,
        table.wins,
        review,
        paid,
        you=YOU,
        threshold=threshold,
        received=paid.get(YOU, 0),
        checks=paid_at_the_wall(table.ledger.to_frame(), YOU),
        liable=liable_for_wins(table.ledger.to_frame()),
    )


def worst(advice: Advice) -> Any:
    """The option with the least expected money (a learner who throws the risky tile)."""
    options = [o for o in advice.options if o.outcome is not None] or list(advice.options)
    return min(options, key=lambda o: o.outcome.expected_net if o.outcome else 0.0).action


@pytest.mark.parametrize("key", ["sichuan", "hongkong"])
def test_a_discard_that_fed_a_win_leads_the_story_with_its_cost(key: str) -> None:
    for seed in range(60):
        table, moves, review = played(key, seed, worst)
        fed = [w for w in table.wins if w.discarder == YOU]
        if fed:
            break
    else:
        pytest.fail("no deal in 60 where seat 0 fed a win")
    points = story(key, table, moves, review, threshold=1e9)
    win = fed[0]
    paid = paid_for_wins(table.ledger.to_frame(), YOU)[win.seat]
    lead = next(p for p in points if p.kind == "fed")
    assert f"Seat {win.seat}" in lead.text and str(win.score.win) in lead.text
    assert lead.money == -paid
    assert lead.decision is not None
    line = review.lines[lead.decision]
    assert isinstance(line.action, Discard) and line.action.tile == win.score.win


def test_a_costly_choice_is_a_turning_point_with_the_money_it_gave_up() -> None:
    for seed in range(3, 20):
        table, moves, review = played("hongkong", seed, worst)
        costly = [(i, line) for i, line in enumerate(review.lines) if line.cost and line.cost >= 2]
        if costly:
            break
    else:
        pytest.fail("following the worst option never cost 2 points in 17 deals")
    points = story("hongkong", table, moves, review, threshold=2.0)
    choices = [p for p in points if p.decision is not None and "where the coach chose" in p.text]
    assert choices
    top = max(line.cost for _, line in costly if line.cost is not None)
    assert any(p.money == pytest.approx(-top) for p in choices) or len(points) == 3


def test_following_the_coach_leaves_no_costly_choice() -> None:
    table, moves, review = played("sichuan", 5, lambda advice: advice.action)
    points = story("sichuan", table, moves, review, threshold=0.25)
    assert not [p for p in points if "where the coach chose" in p.text]
    assert all(line.cost == 0 for line in review.lines if line.cost is not None)


def test_a_win_the_learner_could_not_stop_is_said_after_a_loss() -> None:
    for seed in range(80):
        table, moves, review = played("hongkong", seed, lambda advice: advice.action)
        selfdrawn = [w for w in table.wins if w.discarder is None and w.seat != YOU]
        if selfdrawn and table.ledger.net[YOU] < 0:
            break
    else:
        pytest.fail("no self-drawn loss in 80 deals")
    points = story("hongkong", table, moves, review, threshold=1e9)
    assert any("self-drew" in p.text and "could have stopped" in p.text for p in points)


def test_what_the_end_of_the_wall_cost_is_told() -> None:
    for seed in range(30):
        table, moves, review = played("sichuan", seed, worst)
        checks = paid_at_the_wall(table.ledger.to_frame(), YOU)
        if checks:
            break
    else:
        pytest.fail("no deal in 30 where seat 0 paid at the end of the wall")
    points = story("sichuan", table, moves, review, threshold=1e9)
    wall = [p for p in points if p.kind == "wall"]
    assert wall and all(p.money is not None and p.money < 0 for p in wall)
    assert sum(-p.money for p in wall if p.money is not None) == sum(checks.values())


def test_a_fed_win_someone_else_was_liable_for_says_who_paid() -> None:
    from kit.recommendation import simple_choice

    def simple(advice: Advice) -> Any:
        return (simple_choice(advice) or advice.best).action

    table, moves, review = played("hongkong", 4, simple)
    assert liable_for_wins(table.ledger.to_frame()), "seed 4 no longer has a pao win"
    fed = [p for p in story("hongkong", table, moves, review, 1e9) if p.kind == "fed"]
    assert fed and "liable" in fed[0].text and "cost you nothing" in fed[0].text
