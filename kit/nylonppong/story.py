"""The story of a Nylon-ppong round for the learner's seat: the two or three moments that
decided its penalty, in points and cards.

A play widget records every move applied (:class:`~kit.story.Move`: who, what, and which
of the learner's reviewed decisions it was) and the review of the learner's choices. From
those and the round's result, :func:`turning_points` picks, the most points first:

- a discard of the learner's that another player went out on by ppong, which made the
  learner the ppong victim, with the victim's penalty (reference/nylon-ppong.md#round-scoring);
- a stop of the learner's that failed, with the failed-stop penalty
  (reference/nylon-ppong.md#stop);
- a choice that added more than ``threshold`` to the learner's expected penalty against the
  coach's best (reference/nylon-ppong.md#coach-forecasts);
- after a round the learner did not win, and when nothing above cost the learner
  points, the other player's stop, combination or ppong that ended it, which the learner
  could not prevent.

Every number comes from the result's ledger and hands, or from the review; cards are
written in the kit's notation ("4R", "12D") so the page can draw each as its picture and
name. Here seat 0, playing greedily, calls a stop that fails:

>>> from kit.coach import Review
>>> from kit.nylonppong.bots import greedy
>>> from kit.nylonppong.game import Round
>>> from kit.nylonppong.rules import Rules
>>> round_ = Round.deal(Rules(players=3), dealer=0, seed=53)
>>> result = round_.play([greedy, greedy, greedy])
>>> moves = [Move(action.seat, action) for action in round_.history]
>>> [point] = turning_points(result, Review(), moves, threshold=3.0)
>>> print(point.text)
Your stop failed: your sum was 4, and Seat 1's was 3 (a stop must be strictly the lowest). It cost you the failed-stop penalty, 30 points on top of your sum.
>>> point.money, point.kind
(-30.0, 'stop')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kit.coach import Review, ReviewLine
from kit.ledger import Reason
from kit.nylonppong.actions import Discard, Stop
from kit.nylonppong.outcomes import wins_round
from kit.nylonppong.result import DealResult
from kit.story import MOST, Move, TurningPoint, seat_namer
from kit.words import amount, listed, percent

__all__ = ["Move", "TurningPoint", "turning_points"]

CHOICE_WORDS = {
    "draw": "to draw",
    "stop": "to stop",
    "ppong": "to call ppong",
    "pass": "to pass",
    "declare": "to declare the combination",
}
"""How the coach's option labels read after "you chose" (a discard reads "to discard 4R")."""


def turning_points(
    result: DealResult,
    review: Review,
    moves: Sequence[Move],
    *,
    you: int = 0,
    threshold: float,
    names: Mapping[int, str] | None = None,
) -> tuple[TurningPoint, ...]:
    """The round's turning points for seat ``you`` (at most :data:`~kit.story.MOST`), the
    most points first.

    ``result`` is the finished round's, ``review`` the review of ``you``'s decisions,
    ``moves`` every move applied in the round (each of ``you``'s reviewed decisions with
    its index into the review), ``threshold`` the expected penalty a choice must add
    against the coach's best to be a turning point, ``names`` the other seats' names
    ("Seat 2" by default).
    """
    if not isinstance(result, DealResult):
        raise TypeError(f"result must be a Nylon-ppong round's DealResult, not {result!r:.60}")
    name = seat_namer(you, names)
    costly = {p.decision: p for p in _costly_choices(review, threshold)}
    found = [_with_choice(p, costly, review) for p in _fed(result, moves, you, name)]
    found += [_with_choice(p, costly, review) for p in _failed_stop(result, moves, you, name)]
    found += list(costly.values())
    if not any(p.money is not None and p.money < 0 for p in found):
        found += _not_yours(result, moves, you, name)
    found.sort(key=lambda p: -abs(p.money) if p.money is not None else 0.0)
    return tuple(found[:MOST])


def _penalty(result: DealResult, seat: int, reason: Reason) -> int:
    """The points ``seat`` scored for ``reason`` in the round's ledger."""
    return sum(e.points for e in result.ledger.entries if e.seat == seat and e.reason == reason)


def _last(moves: Sequence[Move], seat: int, kind: type) -> Move | None:
    """The last move of ``seat`` whose action is a ``kind``."""
    for move in reversed(moves):
        if move.seat == seat and isinstance(move.action, kind):
            return move
    return None


def _fed(result: DealResult, moves: Sequence[Move], you: int, name: Any) -> list[TurningPoint]:
    """The ppong that went out on your discard, and its victim's penalty."""
    if result.ended_by != "ppong-out" or result.victim != you or result.player is None:
        return []
    fed = _last(moves, you, Discard)
    points = _penalty(result, you, Reason.PPONG_VICTIM)
    card = f"Your {fed.action.card}" if fed is not None else "Your discard"
    return [
        TurningPoint(
            f"{card} let {name(result.player)} go out by ppong: as the ppong victim you "
            f"took {points} penalty points on top of your hand sum.",
            float(-points),
            fed.decision if fed is not None else None,
            "fed",
        )
    ]


def _failed_stop(
    result: DealResult, moves: Sequence[Move], you: int, name: Any
) -> list[TurningPoint]:
    """Your stop that failed: the sums that beat or tied it, and the penalty."""
    if result.ended_by != "stop" or result.player != you or result.stop_succeeded:
        return []
    sums = [hand.total for hand in result.hands]
    mine = sums[you]
    lower = [
        f"{name(seat)}'s was {total}"
        for seat, total in enumerate(sums)
        if seat != you and total <= mine
    ]
    points = _penalty(result, you, Reason.FAILED_STOP)
    stop = _last(moves, you, Stop)
    return [
        TurningPoint(
            f"Your stop failed: your sum was {mine}, and {listed(lower)} (a stop must be "
            f"strictly the lowest). It cost you the failed-stop penalty, {points} points on "
            "top of your sum.",
            float(-points),
            stop.decision if stop is not None else None,
            "stop",
        )
    ]


def _choice(label: str) -> str:
    """An option's label as it reads after "you chose": "to discard 4R", "to stop"."""
    if label.startswith("discard "):
        return f"to {label}"
    return CHOICE_WORDS.get(label, label)


def _coach_would(label: str) -> str:
    """The coach's choice as it reads after "the coach would": "discard 4R", "stop"."""
    return _choice(label).removeprefix("to ")


def _penalty_words(line: ReviewLine) -> str:
    """What a costly choice added: "an expected penalty about 4.2 points higher", and the
    win chance it gave up when that was at least half a percent."""
    cost = line.cost or 0.0
    words = f"an expected penalty about {amount(cost)} points higher"
    if line.win_gap is not None and line.win_gap >= 0.005:
        words += f" and {percent(line.win_gap)} less chance to win the round"
    return words


def _costly_choices(review: Review, threshold: float) -> list[TurningPoint]:
    points = []
    for index, line in enumerate(review.lines):
        if line.good or line.cost is None or line.cost <= threshold:
            continue
        points.append(
            TurningPoint(
                f"You chose {_choice(line.chosen)} where the coach would "
                f"{_coach_would(line.best)}: {_penalty_words(line)}.",
                -line.cost,
                index,
            )
        )
    return points


def _with_choice(
    point: TurningPoint, costly: dict[int | None, TurningPoint], review: Review
) -> TurningPoint:
    """``point`` (a fed ppong, a failed stop) with what its decision gave up against the
    coach when that choice was costly too; the costly choice is then told only here."""
    if point.decision is None or costly.pop(point.decision, None) is None:
        return point
    line = review.lines[point.decision]
    cost = line.cost or 0.0
    return TurningPoint(
        f"{point.text} The coach would {_coach_would(line.best)}, with an expected penalty "
        f"about {amount(cost)} points lower.",
        point.money,
        point.decision,
        point.kind,
    )


def _not_yours(
    result: DealResult, moves: Sequence[Move], you: int, name: Any
) -> list[TurningPoint]:
    """After a round you did not win: the other player's ending, which you could not
    prevent, and the hand sum it left you with."""
    ender = result.player
    if (
        wins_round(result.penalties, you)
        or ender is None
        or ender == you
        or result.ended_by == "deck-empty"
    ):
        return []
    if result.ended_by == "ppong-out" and result.victim == you:
        return []  # your discard fed it: told by _fed
    who = name(ender)
    if result.ended_by == "stop":
        total = result.hands[ender].total
        how = "the lowest" if result.stop_succeeded else "and it failed"
        ended = f"{who} called stop on a sum of {total}, {how}: a stop is the caller's choice"
    elif result.ended_by == "combination" and result.combination is not None:
        ended = f"{who} drew into {result.combination} and declared it"
    elif result.ended_by == "ppong-out" and result.victim is not None:
        fed = _last(moves, result.victim, Discard)
        card = f" {fed.action.card}" if fed is not None else " discard"
        ended = f"{who} went out by ppong on {name(result.victim)}'s{card}"
    else:
        return []
    scored = _penalty(result, you, Reason.HAND_SUM)
    return [
        TurningPoint(
            f"{ended}, which you could not prevent. You scored your hand sum, {scored} points.",
            float(-scored),
            None,
            "not-yours",
        )
    ]
