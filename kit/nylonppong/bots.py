"""Nylon-ppong bots: plain functions from what one seat can see to an action.

>>> from kit.nylonppong.game import Round
>>> from kit.nylonppong.rules import Rules
>>> round_ = Round.deal(Rules(players=4), dealer=0, seed=3)
>>> result = round_.play([greedy, cautious, greedy, cautious])
>>> result.ended_by in ("combination", "stop", "ppong-out", "deck-empty")
True
"""

from __future__ import annotations

from kit.hwatu import Card
from kit.nylonppong.coach import classic_coach, coach
from kit.nylonppong.game import Action, Bot, Declare, Discard, Draw, Ppong, SeatView, Stop
from kit.sim import RandomBot, random_bot

__all__ = [
    "BOTS",
    "DEFAULT_OPPONENTS",
    "cautious",
    "classic_coach",
    "coach",
    "greedy",
    "random_bot",
]


def greedy(view: SeatView) -> Action:
    """Takes every chance: ppong whenever it can, stop whenever allowed, declare any combination.

    It discards its highest card that is not part of a pair, keeping pairs for ppong.
    """
    seat = view.seat
    phase = view.phase
    if phase == "claim":
        return Ppong(seat)
    if phase == "draw":
        if view.can_stop:
            return Stop(seat)
        return Ppong(seat) if view.can_ppong else Draw(seat)
    if view.combination is not None:
        return Declare(seat)
    hand = view.hand
    months = [card.month for card in hand]
    loners = [card for card in hand if months.count(card.month) == 1]
    return Discard(seat, max(loners or hand, key=_month))


def cautious(view: SeatView) -> Action:
    """Plays safe: stops only with a sum at least 2 under the limit, and always sheds its highest card.

    It still ppongs (laid-out cards never score) and declares any combination.
    """
    seat = view.seat
    phase = view.phase
    if phase == "claim":
        return Ppong(seat)
    if phase == "draw":
        if view.can_stop and sum(view.months) <= view.rules.stop_limit - 2:
            return Stop(seat)
        return Ppong(seat) if view.can_ppong else Draw(seat)
    if view.combination is not None:
        return Declare(seat)
    return Discard(seat, max(view.hand, key=_month))


def _month(card: Card) -> int:
    return card.month


BOTS: dict[str, Bot] = {
    "greedy": greedy,
    "cautious": cautious,
    "coach": coach,
    "classic-coach": classic_coach,
    "random": RandomBot(),
}
"""The strategies offered in the widgets and in :func:`kit.nylonppong.sim.simulate`, by name.

``"coach"`` plays the option with the lowest expected penalty (:func:`kit.nylonppong.coach.coach`);
``"classic-coach"`` ranks by the exact odds alone, as the coach did before it forecast the
round (:func:`kit.nylonppong.coach.classic_coach`). ``"random"`` picks any legal action,
drawn from the round's seed."""

DEFAULT_OPPONENTS: tuple[str, ...] = ("greedy", "cautious")
"""The bots the other seats play by default, repeated round the table."""
