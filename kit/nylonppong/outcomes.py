"""What each option of a Nylon-ppong decision leads to: the penalty to expect, and the win.

A round's only money is penalty points (reference/nylon-ppong.md#round-scoring):
nobody collects anything, so an option's expected net is minus its expected
penalty, and a seat *wins the round* when its penalty is strictly the lowest
(as a stop must be to succeed, reference/nylon-ppong.md#stop).

Some options end the round at once, and their :class:`~kit.coach.Outcome` is
worked out exactly (:func:`exact_outcome`): a declared combination scores its
value; a ppong that empties the hand scores 0; a stop scores the hand sum plus
the failed-stop penalty times the chance it fails (:func:`kit.nylonppong.coach.stop_chance`);
a draw from an empty pile ends the round on the hand sums. Every other option
is played out: :func:`outcomes` deals the cards the seat cannot see at random
(:func:`kit.nylonppong.world.sample_world`) into a few worlds, the other hands
read as the default bots keep them (:func:`assumed_hands`), and in each one
plays every option and then the rest of the round, the seat by the coach's
quick rule without any look-ahead (:func:`kit.nylonppong.coach.quick_coach`), the
others by the game's default bots. A win chance counted from a few worlds has
:data:`PRIOR_ROUNDS` imagined rounds added, shared equally among the players. Every option meets the same worlds, so the
gap between two options is not the luck of two different deals.

>>> from kit.nylonppong.game import Round
>>> from kit.nylonppong.bots import greedy
>>> round_ = Round.deal(dealer=0, seed=2)
>>> round_.apply(round_.legal_actions()[0])  # seat 0 draws
>>> view = round_.view(0)
>>> found = outcomes(view, worlds=4, seed=1)
>>> len(found) == len(view.legal_actions())
True
>>> all(o.worlds == 4 and o.expected_net == -o.expected_penalty for o in found.values())
True
>>> outcomes(view, worlds=4, seed=1) == found  # the same seed, the same numbers
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kit.coach import Outcome
from kit.hwatu import Card
from kit.nylonppong.actions import Action, Declare, Discard, Draw, Ppong, Stop
from kit.nylonppong.coach import quick_coach, seen_cards, stop_chance, unseen_months
from kit.nylonppong.observation import SeatView
from kit.nylonppong.rules import HAND_SIZE, STOP_SIZE
from kit.nylonppong.world import sample_world, unseen_cards
from kit.playouts import (
    chosen_actions,
    rng_argument,
    seat_bots,
    standard_error,
    worlds_argument,
)

__all__ = [
    "PAIR_SHARE",
    "PRIOR_ROUNDS",
    "assumed_hands",
    "choose",
    "exact_outcome",
    "kept_low",
    "last_thrown",
    "out_chance",
    "out_chances",
    "outcomes",
    "wins_round",
]

PRIOR_ROUNDS = 4
"""Imagined rounds added to a played-out win chance, shared equally among the players:
with 16 worlds, 0 wins does not read as a 0% chance, nor 16 as 100%. Without them, the
forecasts of 0–10% came true 11% of the time (over 400 seeded rounds); with them, every
tenth is within its sampling error (tests/test_nylonppong_outcomes.py)."""

PAIR_SHARE = 0.36
"""How often a two-card hand of the default bots is a pair (greedy keeps its pairs): 1,628 of
4,567 such hands, seen at the coach's discards over 2,000 seeded rounds."""


def wins_round(penalties: Sequence[int], seat: int) -> bool:
    """Does ``seat`` win the round: is its penalty strictly the lowest?

    >>> wins_round([3, 32, 6], 0), wins_round([6, 32, 6], 0)
    (True, False)
    """
    mine = penalties[seat]
    return all(mine < other for s, other in enumerate(penalties) if s != seat)


def kept_low(view: SeatView) -> dict[int, int]:
    """What the other seats' discards say about their two-card hands: seat → the highest
    month it may hold.

    A seat down to two cards after a ppong has thrown, at every turn since, the
    highest of its three cards (as the default bots do, and the coach nearly
    always) or a loner beside a pair it keeps, so unless it holds a pair it holds
    nothing above the highest card it threw since its ppong.

    >>> from kit.nylonppong.game import Round
    >>> kept_low(Round.deal(dealer=0, seed=1).view(0))  # nobody has ppong'd yet
    {}
    """
    caps: dict[int, int] = {}
    for other, laid in enumerate(view.laid):
        if other == view.seat or not laid or view.hand_sizes[other] != STOP_SIZE:
            continue
        month = laid[-1].month
        since = max(
            (
                i
                for i, (card, by) in enumerate(view.discards)
                if card.month == month and by != other
            ),
            default=-1,
        )
        thrown = [card.month for card, by in view.discards[since + 1 :] if by == other]
        if thrown:
            caps[other] = max(thrown)
    return caps


def _pair_weights(unseen: Counter[int]) -> dict[int, int]:
    """For each month, the ways to hold a pair of it from the unseen cards."""
    return {m: math.comb(n, 2) for m, n in unseen.items() if n >= 2}


def _lowest_chance(view: SeatView, mine: int) -> float:
    """The chance that every other hand sums to more than ``mine``: each hand a random draw
    from the unseen cards, a two-card hand read as the default bots keep one (:func:`assumed_hands`)."""
    unseen = unseen_months(view.hand, seen_cards(view))
    caps = kept_low(view)
    chance = 1.0
    for other, size in enumerate(view.hand_sizes):
        if other == view.seat:
            continue
        cap = caps.get(other)
        low = Counter({m: n for m, n in unseen.items() if cap is not None and m <= cap})
        if cap is None or sum(low.values()) < size:
            chance *= stop_chance(mine, [size], unseen)
            continue
        beaten = 1 - stop_chance(mine, [size], low)
        pairs = _pair_weights(unseen)
        if pairs:
            paired = sum(w for m, w in pairs.items() if 2 * m <= mine) / sum(pairs.values())
            beaten = PAIR_SHARE * paired + (1 - PAIR_SHARE) * beaten
        chance *= 1 - beaten
    return chance


def out_chance(view: SeatView, month: int) -> float:
    """The chance that a discard of ``month`` lets another seat go out by ppong, with the
    two-card hands read as :func:`assumed_hands` deals them (one at most can: two pairs and
    the discard would be five cards of a month)."""
    return out_chances(view, (month,))[month]


def out_chances(view: SeatView, months: Iterable[int] | None = None) -> dict[int, float]:
    """:func:`out_chance` for each of ``months`` (by default the months the seat holds),
    worked out in one pass.

    >>> from kit.nylonppong.game import Round
    >>> round_ = Round.deal(dealer=0, seed=1)
    >>> round_.apply(round_.legal_actions()[0])  # seat 0 draws
    >>> set(out_chances(round_.view(0)).values())  # nobody is down to two cards yet
    {0.0}
    """
    unseen = unseen_months(view.hand, seen_cards(view))
    pairs = sum(_pair_weights(unseen).values())
    next_seat = (view.seat + 1) % len(view.hand_sizes)
    caps = [
        cap
        for other, cap in kept_low(view).items()
        if view.rules.out_of_turn_ppong or other == next_seat
    ]
    found: dict[int, float] = {}
    for month in set(view.months if months is None else months):
        ways = math.comb(unseen[month], 2)
        chance = 0.0
        for cap in caps if ways else ():
            low = sum(n for m, n in unseen.items() if m <= cap)
            as_low = ways / math.comb(low, 2) if month <= cap and low >= STOP_SIZE else 0.0
            chance += PAIR_SHARE * ways / pairs + (1 - PAIR_SHARE) * as_low
        found[month] = min(chance, 1.0)
    return found


def last_thrown(view: SeatView) -> dict[int, int]:
    """The other five-card seats that have discarded: seat → the month of its last discard.
    A seat that throws the highest of its six cards keeps none above it.

    >>> from kit.nylonppong.game import Round
    >>> last_thrown(Round.deal(dealer=0, seed=1).view(0))
    {}
    """
    caps: dict[int, int] = {}
    for card, by in view.discards:
        if by != view.seat and view.hand_sizes[by] == HAND_SIZE and not view.laid[by]:
            caps[by] = card.month
    return caps


def assumed_hands(view: SeatView, rng: random.Random) -> dict[int, list[Card]]:
    """Hands for the other seats, as the default bots keep them. A seat down to two cards
    after a ppong holds a pair (:data:`PAIR_SHARE` of the time, a month as likely as the
    ways to hold a pair of it), else two unseen cards no higher than :func:`kept_low`
    allows; a five-card seat that has discarded holds five no higher than its last discard
    (:func:`last_thrown`). Seats with too few such cards unseen are left to chance.
    """
    pool = unseen_cards(view)
    dealt: dict[int, list[Card]] = {}
    for other, cap in sorted(kept_low(view).items()):
        hand: list[Card] = []
        if rng.random() < PAIR_SHARE:
            pairs = _pair_weights(Counter(card.month for card in pool))
            if pairs:
                month = rng.choices(list(pairs), weights=list(pairs.values()))[0]
                hand = rng.sample([card for card in pool if card.month == month], 2)
        if not hand:
            low = [card for card in pool if card.month <= cap]
            if len(low) < STOP_SIZE:
                continue
            hand = rng.sample(low, STOP_SIZE)
        dealt[other] = hand
        pool = [card for card in pool if card not in hand]
    for other, cap in sorted(last_thrown(view).items()):
        low = [card for card in pool if card.month <= cap]
        if len(low) >= HAND_SIZE:
            dealt[other] = rng.sample(low, HAND_SIZE)
            pool = [card for card in pool if card not in dealt[other]]
    return dealt


def _ended(penalty: float, win_chance: float) -> Outcome:
    return Outcome(win_chance=win_chance, expected_net=-penalty, expected_penalty=penalty)


def exact_outcome(view: SeatView, action: Action) -> Outcome | None:
    """The exact :class:`~kit.coach.Outcome` of an action that ends the round at once, else None.

    A stop with the sum 3 that beats every other hand 90% of the time costs
    3 + 10% × 30 = 6 on average, and wins 90% of the time. The chance that the
    others' hands all sum to more treats each hand as a random draw from the
    unseen cards (exact against one hand that could be that low, close against
    several: :func:`kit.nylonppong.coach.stop_chance`).
    """
    months = view.months
    if isinstance(action, Declare) and view.combination is not None:
        return _ended(float(view.combination.value), 1.0)
    top = view.top_discard
    if isinstance(action, Ppong) and top is not None and months == [top.month] * 2:
        return _ended(0.0, 1.0)  # the pair is the whole hand: it goes out
    ends = isinstance(action, Stop) or (isinstance(action, Draw) and view.pile_count == 0)
    if not ends or view.phase != "draw":
        return None
    mine = sum(months)
    lowest = _lowest_chance(view, mine)
    failed = view.rules.failed_stop_penalty if isinstance(action, Stop) else 0
    return _ended(mine + (1 - lowest) * failed, lowest)


def outcomes(
    view: SeatView,
    actions: Iterable[Any] | None = None,
    *,
    worlds: int = 16,
    rng: random.Random | None = None,
    seed: int | str | None = None,
    opponents: Sequence[Any] | None = None,
    player: Callable[[SeatView], Action] | None = None,
) -> dict[Action, Outcome]:
    """The :class:`~kit.coach.Outcome` of each legal action of the seat (or of ``actions``).

    Actions that end the round at once are worked out exactly (``worlds`` 0 in
    their outcome). The others are played out on ``worlds`` worlds dealt from
    ``rng`` (or a ``seed``: the same seed, the same outcomes), shared by every
    action: a copy takes the action, then ``player`` (the coach without
    look-ahead unless given) plays the seat and ``opponents`` (bot names or
    functions, the game's defaults unless given, repeated round the table after
    the seat) play the others to the end of the round.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"view must be a Nylon-ppong SeatView, not {view!r:.80}")
    count = worlds_argument(worlds)
    source = rng_argument(rng, seed)
    chosen = chosen_actions(view, actions)
    paid, won = _played(view, chosen, count, source, opponents, player)
    found: dict[Action, Outcome] = {}
    for action in chosen:
        exact = exact_outcome(view, action)
        if exact is not None:
            found[action] = exact
            continue
        penalty = sum(paid[action]) / count
        found[action] = Outcome(
            win_chance=_win_chance(won[action], count, len(view.hand_sizes)),
            expected_net=-penalty,
            expected_penalty=penalty,
            net_error=standard_error(paid[action]),
            worlds=count,
        )
    return {action: found[action] for action in chosen}


def _win_chance(wins: int, worlds: int, players: int) -> float:
    """Wins in played-out worlds as a chance, with :data:`PRIOR_ROUNDS` imagined rounds
    shared equally among the players added (the mean of a beta prior, so that a few worlds
    do not read as certainty).

    >>> _win_chance(0, 16, 4), _win_chance(16, 16, 4), _win_chance(4, 16, 4)
    (0.05, 0.85, 0.25)
    """
    return (wins + PRIOR_ROUNDS / players) / (worlds + PRIOR_ROUNDS)


def _played(
    view: SeatView,
    actions: Sequence[Action],
    count: int,
    source: random.Random,
    opponents: Sequence[Any] | None = None,
    player: Callable[[SeatView], Action] | None = None,
    *,
    steady: bool = False,
) -> tuple[dict[Action, list[float]], dict[Action, int]]:
    """Each action's penalty in each of ``count`` shared worlds, and how often it won (an
    action worked out exactly scores its expected penalty in every world).

    ``steady``: a discard's ppong-victim penalty counts at its exact expectation
    (:func:`out_chance`) instead of in the few worlds where it happens, the same mean
    with far less noise between options (a control variate)."""
    from kit.games import game

    paid: dict[Action, list[float]] = {}
    won = dict.fromkeys(actions, 0)
    sampled = []
    for action in actions:
        exact = exact_outcome(view, action)
        if exact is not None and exact.expected_penalty is not None:
            paid[action] = [exact.expected_penalty] * count
        else:
            paid[action] = []
            sampled.append(action)
    if not sampled:
        return paid, won
    seat = view.seat
    player = quick_coach if player is None else player
    bots = seat_bots(game("nylonppong"), len(view.hand_sizes), seat, player, opponents)
    shift: dict[Action, float] = {
        action: view.rules.ppong_victim_penalty * out_chance(view, action.card.month)
        for action in sampled
        if steady and isinstance(action, Discard)
    }
    for _ in range(count):
        world = sample_world(view, source, dealt=assumed_hands(view, source))
        for action in sampled:
            round_ = world.clone()
            round_.apply(action)
            result = round_.play(bots)
            penalties = result.penalties
            paid[action].append(penalties[seat] + shift.get(action, 0.0))
            if isinstance(action, Discard) and steady:
                top = round_.top()
                if result.victim == seat and top is not None and top[0] == action.card:
                    paid[action][-1] -= view.rules.ppong_victim_penalty
            won[action] += wins_round(penalties, seat)
    return paid, won


def choose(view: SeatView, actions: Sequence[Action], *, worlds: int, margin: float) -> Action:
    """The first of ``actions`` (the quick rule's choice), unless another has a lower expected
    penalty by more than ``margin`` standard errors of the gap, world by world: a gap the
    sampling could make is a tie, and a tie goes to the first. Seeded by the view.
    """
    paid, _ = _played(view, actions, worlds, random.Random(view.decision_seed), steady=True)
    first = actions[0]
    best, lowest = first, sum(paid[first]) / worlds
    for action in actions[1:]:
        gaps = [a - b for a, b in zip(paid[action], paid[first], strict=True)]
        gap = sum(gaps) / worlds
        mean = sum(paid[action]) / worlds
        if gap < -margin * standard_error(gaps) and mean < lowest:
            best, lowest = action, mean
    return best
