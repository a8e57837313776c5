"""The Nylon-ppong coach: exact odds for each discard, and advice for every decision.

The coach sees what a seat sees: its own cards, the discards and the pairs laid
out by ppong, the hand sizes and the rules. From that it counts the *unseen*
cards (the 48 minus everything in view) and works exactly with them.

>>> table = rank_discards([1, 1, 4, 4, 9, 12], seen=[4, 12])
>>> print(table[["discard", "outs", "unseen", "chance", "sum_left"]].head(2).to_string(index=False))
discard  outs  unseen  chance  sum_left
     12     3      40   0.075        19
      9     2      40   0.050        22
>>> print(table.loc[0, "reason"])
Throwing 12 keeps 1-1-4-4-9: 3 of the 40 unseen cards (7.5%) would complete a combination: the 3 unseen Chrysanthemum (9) for three pairs; 2 pairs kept for a ppong; the hand sum left is 19.

On top of those odds, :func:`quick_advise` puts a rough cost in points on each
discard (:func:`rough_cost`), which weighs the danger of letting another player
go out by ppong; :func:`advise` forecasts what each option leads to by the end
of the round, its expected penalty and the chance to win the round
(:mod:`kit.nylonppong.outcomes`), and ranks the options by that expected
penalty; :func:`classic_advise` ranks them by the exact odds alone, as the
``"classic-coach"`` bot plays.

Reading choices, so that the facts stay exact and plain:

- "The next card drawn" is any unseen card, equally likely: cards in other
  hands are unseen too, and the coach does not guess where they are.
- A stop's chance of success treats each other player's hand as a random
  draw from the unseen cards, one player at a time (exact for one opponent,
  close for several).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from kit.coach import Advice, CoachFunctions, Facts, Option, Outcome, checked_observation
from kit.hwatu import COPIES, Card, months_of
from kit.hwatu_names import PLANT_NAMES
from kit.mahjong.reading import quoted
from kit.nylonppong.game import Action, Declare, Discard, Draw, Pass, Ppong, SeatView, Stop
from kit.nylonppong.rules import COMBINATION_SIZE, Rules, combination_of_sorted
from kit.words import a_or_an, amount

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COACH",
    "DRAWS_AHEAD",
    "PAIR_WORTH",
    "DiscardFacts",
    "NylonPpongFacts",
    "advise",
    "classic_advise",
    "classic_coach",
    "coach",
    "combination_gain",
    "discard_facts",
    "forecast",
    "quick_advise",
    "quick_coach",
    "rank_discards",
    "rough_cost",
    "seen_cards",
    "stop_chance",
    "unseen_months",
]

MONTHS = range(1, 13)
STOP_CONFIDENCE = 0.95
"""The coach calls stop only when it expects to succeed at least this often (a failed stop
costs 30 by default; tried against 0.5–0.9 over 10,000 rounds, this was best)."""
PPONG_KEEP_CHANCE = 0.2
"""The coach keeps five cards instead of a ppong only with at least this chance of a combination."""


def unseen_months(hand: Iterable[Card | int], seen: Iterable[Card | int] = ()) -> Counter[int]:
    """Copies of each month not in view: 4 minus those in the hand and those seen.

    >>> unseen_months([1, 1, 2], seen=[1])[1], sum(unseen_months([1, 1, 2], seen=[1]).values())
    (1, 44)
    """
    shown = Counter(months_of(hand)) + Counter(months_of(seen))
    over = [m for m in MONTHS if shown[m] > COPIES]
    if over:
        raise ValueError(f"more than four cards of month {over[0]} are in view")
    return Counter({m: COPIES - shown[m] for m in MONTHS if shown[m] < COPIES})


@dataclass(frozen=True)
class DiscardFacts:
    """What throwing one month leaves: its outs, the chance they give, and the sum that stays."""

    month: int
    card: Card | None
    """The card thrown, when the hand was given as cards (the first of its month)."""
    kept: tuple[int, ...]
    outs: int
    """Unseen cards that would complete a combination with the kept cards."""
    unseen: int
    best_value: int | None
    """The best combination value among those outs (most negative), if any."""
    sum_left: int
    """The kept cards' sum: the penalty if the round ended now."""
    stop_allowed: bool
    """Would the kept cards allow a stop at the start of the next turn?"""
    pairs: int
    """Months held twice or more among the kept cards: each is a ppong waiting for a discard."""
    helpers: tuple[tuple[int, int, str], ...] = ()
    """The months that would complete a combination: (month, unseen copies, its name)."""

    @property
    def chance(self) -> Fraction:
        return Fraction(self.outs, self.unseen) if self.unseen else Fraction(0)

    @property
    def label(self) -> str:
        return self.card.notation() if self.card is not None else str(self.month)


def _outs(kept: tuple[int, ...], unseen: Counter[int]) -> tuple[int, int | None]:
    """(unseen cards completing a combination with five kept cards, the best value among them)."""
    if len(kept) != COMBINATION_SIZE - 1:
        return 0, None
    outs, best = 0, None
    for month, copies in unseen.items():
        found = combination_of_sorted(tuple(sorted((*kept, month))))
        if found is not None:
            outs += copies
            best = found.value if best is None else min(best, found.value)
    return outs, best


def discard_facts(
    hand: Sequence[Card | int], *, seen: Iterable[Card | int] = (), rules: Rules = Rules()
) -> list[DiscardFacts]:
    """The facts of every distinct discard, best first.

    Best means the most outs; then the most pairs kept (a pair can be ppong'd,
    which lays two cards out of the count for good); then the lower sum left.
    Keeping pairs before a lower sum is the coach's own choice: over 10,000
    rounds against the other bots it lowered the coach's mean penalty by about
    half a point.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a nylonppong Rules value, not {type(rules).__name__}")
    months = months_of(hand)
    if not 2 <= len(months) <= COMBINATION_SIZE:
        raise ValueError(
            f"a discard needs a hand of at least 2 cards and at most {COMBINATION_SIZE} "
            f"(a seat's five and the card drawn), not {len(months)}: hand {quoted(hand)}"
        )
    unseen = unseen_months(hand, seen)
    total = sum(unseen.values())
    facts = []
    for month in sorted(set(months)):
        kept_list = list(months)
        kept_list.remove(month)
        kept = tuple(sorted(kept_list))
        outs, best = _outs(kept, unseen)
        card = next((c for c in hand if isinstance(c, Card) and c.month == month), None)
        allowed = len(kept) == 2 and sum(kept) <= rules.stop_limit
        pairs = sum(1 for m in set(kept) if kept.count(m) >= 2)
        helping = tuple(completing(kept, unseen))
        facts.append(
            DiscardFacts(month, card, kept, outs, total, best, sum(kept), allowed, pairs, helping)
        )
    return sorted(facts, key=lambda f: (-f.outs, -f.pairs, f.sum_left, -f.month))


def completing(kept: Sequence[int], unseen: Counter[int]) -> list[tuple[int, int, str]]:
    """The months whose unseen cards complete a combination with the five ``kept`` cards:
    (month, unseen copies, the combination's short name), the best combination first.

    >>> completing((1, 1, 6, 6, 6), Counter({1: 1, 6: 1, 9: 4}))
    [(6, 1, 'four and a pair'), (1, 1, 'two triples')]
    """
    if len(kept) != COMBINATION_SIZE - 1:
        return []
    found = []
    for month, copies in sorted(unseen.items()):
        made = combination_of_sorted(tuple(sorted((*kept, month))))
        if made is not None and copies:
            short = made.kind.english.split("(", 1)[-1].rstrip(")")
            found.append((made.value, month, copies, short))
    return [(month, copies, short) for _, month, copies, short in sorted(found)]


def _helpers_words(found: Sequence[tuple[int, int, str]]) -> str:
    """ "the last Pine (1) for two triples, or the 2 unseen Peony (6) for four and a pair"."""
    words = [
        f"{'the last' if copies == 1 else f'the {copies} unseen'} {PLANT_NAMES[month - 1]} "
        f"({month}) for {short}"
        for month, copies, short in found
    ]
    return ", or ".join(words)


def _discard_reason(f: DiscardFacts) -> str:
    kept = "-".join(map(str, f.kept))
    if f.outs:
        odds = (
            f"{f.outs} of the {f.unseen} unseen cards ({float(f.chance):.1%}) would complete a "
            f"combination: {_helpers_words(f.helpers)}"
        )
    elif len(f.kept) == COMBINATION_SIZE - 1:
        odds = "no unseen card completes a combination"
    else:
        odds = "no combination is possible with so few cards"
    stop = "; a stop would be allowed next turn" if f.stop_allowed else ""
    pairs = f"; {f.pairs} pair{'s' if f.pairs > 1 else ''} kept for a ppong" if f.pairs else ""
    return (
        f"Throwing {f.label} keeps {kept}: {odds}{pairs}; the hand sum left is {f.sum_left}{stop}."
    )


def rank_discards(
    hand: Sequence[Card | int], *, seen: Iterable[Card | int] = (), rules: Rules = Rules()
) -> pd.DataFrame:
    """Every distinct discard of ``hand``, best first, with exact odds from the unseen cards.

    Columns: ``discard`` (the card or month thrown), ``kept``, ``outs`` (unseen
    cards that would complete a combination on the next draw), ``unseen``,
    ``chance`` (outs / unseen), ``best_value`` (the best combination among the
    outs), ``pairs`` (pairs kept for a ppong), ``sum_left`` (the penalty if the
    round ended now), ``stop_allowed`` and ``reason``. Ties in outs go to the
    hand with more pairs, then to the lower sum.
    """
    import pandas as pd

    rows = [
        {
            "discard": f.label,
            "kept": "-".join(map(str, f.kept)),
            "outs": f.outs,
            "unseen": f.unseen,
            "chance": float(f.chance),
            "best_value": f.best_value,
            "pairs": f.pairs,
            "sum_left": f.sum_left,
            "stop_allowed": f.stop_allowed,
            "reason": _discard_reason(f),
        }
        for f in discard_facts(hand, seen=seen, rules=rules)
    ]
    return pd.DataFrame(rows).astype({"best_value": "Int64"})


# --- the quick rule: each discard's rough cost in points ---------------------------------

DRAWS_AHEAD = 2.5
"""The draws the quick rule expects the seat to make before the round ends: each point of hand
sum kept is charged 1/2.5 of a point against the saving of one draw. Over 8,000 seeded rounds
against three classic coaches, 2 and 2.5 were level and 3 paid more (docs/benchmarks.md)."""
PAIR_WORTH = 2.0
"""Points the quick rule credits each pair kept: a pair may be ppong'd, which lays it out of the
count for good, or, as a two-card hand, go out. In the same rounds, 1 and 3 paid more."""


def combination_gain(f: DiscardFacts) -> float:
    """The points a combination on the next draw would save, on average: for each unseen card
    that completes one, its chance times the hand sum left minus the combination's value.

    >>> facts = discard_facts([1, 1, 4, 4, 9, 12], seen=[4, 12])
    >>> f = next(f for f in facts if f.month == 12)  # keeps 1-1-4-4-9; a 9 makes three pairs
    >>> f.chance, combination_gain(f)  # 3 of 40 unseen cards save the sum of 19 kept
    (Fraction(3, 40), 1.425)
    """
    if not f.unseen:
        return 0.0
    gain = 0.0
    for month, copies, _ in f.helpers:
        made = combination_of_sorted(tuple(sorted((*f.kept, month))))
        assert made is not None
        gain += copies * (f.sum_left - made.value)
    return gain / f.unseen


def rough_cost(f: DiscardFacts, victim_risk: float, rules: Rules = Rules()) -> float:
    """The quick rule's cost of a discard, in penalty points, lower is better: the ppong-victim
    penalty times the chance the card lets another player go out, minus what a combination
    on the next draw would save (:func:`combination_gain`), plus the hand sum kept spread over
    the :data:`DRAWS_AHEAD` draws still to come, minus :data:`PAIR_WORTH` for each pair kept.

    >>> f = discard_facts([1, 7, 7])[0]  # the exact odds keep the pair 7-7
    >>> f.kept, rough_cost(f, victim_risk=0.0)  # 14 / 2.5 - 2
    ((7, 7), 3.6)
    >>> g = next(f for f in discard_facts([1, 7, 7]) if f.month == 7)
    >>> g.kept, rough_cost(g, victim_risk=0.0)  # 8 / 2.5: the lower sum costs less
    ((1, 7), 3.2)
    >>> g.kept, rough_cost(g, victim_risk=0.1)  # unless a 7 may let someone go out
    ((1, 7), 6.2)
    """
    danger = rules.ppong_victim_penalty * victim_risk
    kept = f.sum_left / DRAWS_AHEAD - PAIR_WORTH * f.pairs
    return round(danger - combination_gain(f) + kept, 2)


def _quick_discard_advice(view: SeatView) -> Advice:
    from kit.nylonppong.outcomes import out_chances

    facts = discard_facts(view.hand, seen=seen_cards(view), rules=view.rules)
    risks = out_chances(view, (f.month for f in facts))
    ranked = []
    for place, f in enumerate(facts):
        risk = risks[f.month]
        cost = rough_cost(f, risk, view.rules)
        danger = (
            f"; {risk:.0%} chance it lets another player go out by ppong "
            f"(a {view.rules.ppong_victim_penalty}-point penalty)"
            if risk
            else ""
        )
        option = _discard_option(view, f)
        reason = f"{option.reason.rstrip('.')}{danger}; rough cost {cost:.1f} points."
        facts_of = replace(NylonPpongFacts.of(option), rough_cost=cost, victim_risk=risk)
        ranked.append((cost, place, replace(option, facts=facts_of, reason=reason)))
    ranked.sort(key=lambda item: item[:2])
    return Advice(
        "discard",
        "Weigh each card you might throw in points: could it let another player go out "
        "by ppong? How many unseen cards would complete a combination on your next draw, "
        "and what would that save? Then keep your sum low, and your pairs.",
        tuple(option for *_, option in ranked),
        shown=("rough_cost", "victim_risk", "outs", "pairs", "sum_left"),
        loss=_rough_loss,
    )


def _rough_loss(best: Option, chosen: Option) -> str:
    mine, theirs = NylonPpongFacts.of(chosen), NylonPpongFacts.of(best)
    gap = (mine.rough_cost or 0.0) - (theirs.rough_cost or 0.0)
    return f"{chosen.label}: a rough cost {amount(gap)} points higher than {best.label}"


# --- stop ----------------------------------------------------------------------------------


@cache
def _ways_at_most(pool: tuple[int, ...], cards: int, limit: int) -> int:
    """Ways to pick ``cards`` cards from ``pool`` (copies per month 1–12) summing to ≤ ``limit``."""
    # ways[k][s]: k cards chosen so far with sum s (s capped at limit + 1)
    ways = [[0] * (limit + 2) for _ in range(cards + 1)]
    ways[0][0] = 1
    for month, copies in enumerate(pool, start=1):
        nxt = [row[:] for row in ways]
        for k in range(cards + 1):
            for s in range(limit + 2):
                if not ways[k][s]:
                    continue
                for take in range(1, min(copies, cards - k) + 1):
                    total = min(s + take * month, limit + 1)
                    nxt[k + take][total] += ways[k][s] * math.comb(copies, take)
        ways = nxt
    return sum(ways[cards][: limit + 1])


def stop_chance(my_sum: int, others: Sequence[int], unseen: Counter[int]) -> float:
    """The chance that every other hand (of the given sizes) sums to more than ``my_sum``.

    Each hand is treated as a random draw from the unseen cards.

    >>> stop_chance(5, [5, 5, 5], unseen_months([2, 3]))  # five cards always sum to 6 or more
    1.0
    """
    pool = tuple(unseen[m] for m in MONTHS)
    total = sum(pool)
    chance = 1.0
    for size in others:
        if size == 0 or size > total:
            continue
        low = _ways_at_most(pool, size, my_sum)
        chance *= 1 - low / math.comb(total, size)
    return chance


# --- advice for every decision ----------------------------------------------------------------


@dataclass(frozen=True)
class NylonPpongFacts(Facts):
    """The facts the Nylon-ppong coach ranks an option by (None: not a fact of that option)."""

    CHANCES = frozenset(
        {"win_chance", "victim_risk", "chance", "stop_succeeds", "combination_chance"}
    )

    expected_penalty: float | None = None
    """The penalty this seat expects to pay by the end of the round (its option's outcome)."""
    win_chance: float | None = None
    """The chance this seat wins the round: its penalty strictly the lowest."""
    rough_cost: float | None = None
    """A discard's cost in points by the coach's quick rule (:func:`rough_cost`)."""
    victim_risk: float | None = None
    """The chance that this discard lets another player go out by ppong, which makes this
    seat the ppong victim (:func:`kit.nylonppong.outcomes.out_chance`)."""
    outs: int | None = None
    chance: float | None = None
    pairs: int | None = None
    sum_left: int | None = None
    stop_succeeds: float | None = None
    cards_left: int | None = None
    sum_after: int | None = None
    combination_chance: float | None = None
    value: int | None = None
    """The value of a combination to declare."""


def seen_cards(view: SeatView) -> list[Card]:
    """The cards in view of every seat: the discards and the pairs laid out by ppong."""
    laid = [card for group in view.laid for card in group]
    return [card for card, _ in view.discards] + laid


def _discard_option(view: SeatView, f: DiscardFacts) -> Option:
    """The discard of ``f``'s month with its exact odds as facts."""
    return Option(
        Discard(view.seat, f.card if f.card is not None else view.hand[0]),
        f"discard {f.label}",
        NylonPpongFacts(outs=f.outs, chance=float(f.chance), pairs=f.pairs, sum_left=f.sum_left),
        _discard_reason(f),
    )


def _discard_advice(view: SeatView) -> Advice:
    facts = discard_facts(view.hand, seen=seen_cards(view), rules=view.rules)
    options = tuple(_discard_option(view, f) for f in facts)
    return Advice(
        "discard",
        "Count, for each card you might throw, how many unseen cards would complete a "
        "combination on your next draw; then keep your pairs (they can be ppong'd), "
        "then keep your hand sum low.",
        options,
        shown=("outs", "pairs", "sum_left"),
        loss=_discard_loss,
    )


def _discard_loss(best: Option, chosen: Option) -> str:
    mine, theirs = NylonPpongFacts.of(chosen), NylonPpongFacts.of(best)
    outs = (theirs.outs or 0) - (mine.outs or 0)
    pairs = (theirs.pairs or 0) - (mine.pairs or 0)
    if outs > 0:
        return f"{chosen.label}: {outs} fewer cards that complete a combination"
    if pairs > 0:
        return f"{chosen.label}: {pairs} fewer pair{'s' if pairs > 1 else ''} to ppong"
    return f"{chosen.label}: a hand sum {(mine.sum_left or 0) - (theirs.sum_left or 0)} higher"


def _turn_advice(view: SeatView) -> Advice:
    """Start of a turn: stop, ppong or draw."""
    seat, rules = view.seat, view.rules
    unseen = unseen_months(view.hand, seen_cards(view))
    my_sum = sum(view.months)
    others = [size for s, size in enumerate(view.hand_sizes) if s != seat]
    options: list[tuple[float, Option]] = []
    if view.can_stop:
        chance = stop_chance(my_sum, others, unseen)
        expected = my_sum + (1 - chance) * rules.failed_stop_penalty
        reason = (
            f"your sum {my_sum} beats every other hand {chance:.0%} of the time; "
            f"expected penalty {expected:.1f}"
        )
        rank = 0.0 if chance >= STOP_CONFIDENCE else 2.0
        options.append(
            (rank, Option(Stop(seat), "stop", NylonPpongFacts(stop_succeeds=chance), reason))
        )
    if view.can_ppong:
        options.append((1.0, _ppong_option(view, unseen)))
    draw = Option(Draw(seat), "draw", NylonPpongFacts(), "draw a card and keep playing")
    options.append((1.5, draw))
    ordered = tuple(option for _, option in sorted(options, key=lambda pair: pair[0]))
    return Advice(
        "turn",
        "Before you draw, ask two things: could a stop succeed with your sum, "
        "and would a ppong lay out cards that would otherwise count against you?",
        ordered,
    )


def _ppong_option(view: SeatView, unseen: Counter[int]) -> Option:
    top = view.top_discard
    assert top is not None
    months = list(view.months)
    for _ in range(2):
        months.remove(top.month)
    if not months:
        return Option(
            Ppong(view.seat),
            "ppong",
            NylonPpongFacts(cards_left=0),
            "the pair is your whole hand: you go out",
        )
    kept = sorted(months)
    after = sum(kept) - max(kept)  # the best discard after the ppong throws the highest card
    return Option(
        Ppong(view.seat),
        "ppong",
        NylonPpongFacts(cards_left=len(kept) - 1, sum_after=after),
        f"lays out two {top.month}s, which never score; after your discard your sum is {after}",
    )


def _claim_advice(view: SeatView) -> Advice:
    """Out of turn: ppong the top discard, or pass."""
    unseen = unseen_months(view.hand, seen_cards(view))
    ppong = _ppong_option(view, unseen)
    months = view.months
    five = tuple(sorted(months))
    outs, _ = _outs(five, unseen) if len(five) == COMBINATION_SIZE - 1 else (0, None)
    total = sum(unseen.values())
    chance = outs / total if total else 0.0
    keep = Option(
        Pass(view.seat),
        "pass",
        NylonPpongFacts(combination_chance=chance),
        f"keeps five cards: {chance:.1%} chance that a draw completes a combination",
    )
    goes_out = NylonPpongFacts.of(ppong).cards_left == 0
    prefer_pass = not goes_out and chance >= PPONG_KEEP_CHANCE
    options = (keep, ppong) if prefer_pass else (ppong, keep)
    return Advice(
        "claim",
        "A ppong lays two cards out of your hand for good; weigh that against the "
        "combinations a five-card hand could still make.",
        options,
    )


def classic_advise(view: SeatView) -> Advice:
    """The coach's advice ranked by its exact odds alone, without forecasting the round.

    Covers the start of a turn (stop, ppong, draw), an out-of-turn ppong
    (ppong or pass), a combination to declare, and the discard. This is the
    ``"classic-coach"`` bot's ranking: discards by outs, then pairs, then the
    sum left (:func:`discard_facts`).
    """
    checked_observation(view, SeatView, "Nylon-ppong")
    return _advice(view, _discard_advice)


def quick_advise(view: SeatView) -> Advice:
    """:func:`classic_advise` with the discards ranked by their :func:`rough_cost` instead,
    which also weighs the danger of feeding another player's ppong.

    This is how the coach plays on in the rounds it plays out
    (:mod:`kit.nylonppong.outcomes`), and the order in which the ``"coach"`` bot
    considers its options (reference/nylon-ppong.md#coach-forecasts).
    """
    checked_observation(view, SeatView, "Nylon-ppong")
    return _advice(view, _quick_discard_advice)


def _advice(view: SeatView, discards: Callable[[SeatView], Advice]) -> Advice:
    phase = view.phase
    seat = view.seat
    if phase == "claim":
        return _claim_advice(view)
    if phase == "draw":
        return _turn_advice(view)
    if phase == "discard":
        found = view.combination
        if found is not None:
            declare = Option(
                Declare(seat),
                "declare",
                NylonPpongFacts(value=found.value),
                f"{found.name} scores {found.value} instead of your hand sum {sum(view.months)}",
            )
            rest = discards(view).options
            return Advice(
                "declare",
                "Six cards just after a draw: check them against the six combinations.",
                (declare, *rest),
            )
        return discards(view)
    raise ValueError(f"seat {seat} has no decision to make now ({phase})")


def classic_coach(view: SeatView) -> Action:
    """A bot that plays the best of :func:`classic_advise` at every decision."""
    action: Action = classic_advise(view).action
    return action


def quick_coach(view: SeatView) -> Action:
    """A bot that plays the best of :func:`quick_advise` at every decision: the coach
    without looking ahead."""
    action: Action = quick_advise(view).action
    return action


# --- the coach: options ranked by the penalty they lead to ------------------------------------

ADVICE_WORLDS = 16
"""Worlds :func:`advise` plays each option out on (a decision in about a tenth of a second)."""
BOT_WORLDS = 8
"""Worlds the ``"coach"`` bot plays each option out on: fewer, so that it plays many rounds."""
BOT_CANDIDATES = 3
"""The ``"coach"`` bot plays out only this many options, the best by the quick rule."""
BOT_MARGIN = 2.0
"""The ``"coach"`` bot leaves the quick rule's choice only for an option better by more than
this many standard errors of the gap (fewer worlds make noisier gaps)."""


def advise(view: SeatView) -> Advice:
    """The coach's advice for this seat's decision now: every option with its
    :class:`~kit.coach.Outcome`, best first by the expected penalty (ties by the quick rule).

    The numbers are seeded by the view's ``decision_seed``: the same view, the
    same numbers (reference/nylon-ppong.md#coach-forecasts).
    """
    checked_observation(view, SeatView, "Nylon-ppong")
    return _advised(view)


@lru_cache(maxsize=64)
def _advised(view: SeatView) -> Advice:
    """:func:`advise` for a checked view, remembered: hints and tables ask for it again."""
    from kit.nylonppong.outcomes import outcomes

    quick = quick_advise(view)
    found = outcomes(
        view, [o.action for o in quick.options], worlds=ADVICE_WORLDS, seed=view.decision_seed
    )
    return forecast(quick, found)


def forecast(advice: Advice, found: dict[Action, Outcome]) -> Advice:
    """``advice`` with each option's outcome in its facts, reranked by expected net
    (the same order as expected penalty), ties kept in the order given."""
    options = []
    for place, option in enumerate(advice.options):
        outcome = found[option.action]
        facts = replace(
            NylonPpongFacts.of(option),
            expected_penalty=outcome.expected_penalty,
            win_chance=outcome.win_chance,
        )
        how = "exactly" if outcome.worlds == 0 else f"over {outcome.worlds} played-out rounds"
        reason = (
            f"{option.reason.rstrip('.')}; expected penalty {outcome.expected_penalty:.1f} and "
            f"{a_or_an(f'{outcome.win_chance:.0%}')} chance to win the round, {how}."
        )
        options.append(
            (
                -outcome.expected_net,
                place,
                replace(option, facts=facts, reason=reason, outcome=outcome),
            )
        )
    options.sort(key=lambda item: item[:2])
    shown = ("expected_penalty", "win_chance", *advice.shown)
    return replace(
        advice,
        options=tuple(option for *_, option in options),
        shown=shown,
        loss=_penalty_loss,
        method=("nylonppong", "coach-forecasts"),
    )


VICTIM_RISK_TOLD = 0.1
"""A review tells a discard's victim risk from this chance up, when it is above the best's."""


def _penalty_loss(best: Option, chosen: Option) -> str:
    mine, theirs = NylonPpongFacts.of(chosen), NylonPpongFacts.of(best)
    gap = (mine.expected_penalty or 0.0) - (theirs.expected_penalty or 0.0)
    words = f"{chosen.label}: an expected penalty {amount(gap)} higher than {best.label}"
    risk = mine.victim_risk
    if risk is not None and risk >= VICTIM_RISK_TOLD and risk > (theirs.victim_risk or 0.0):
        words += f", and {a_or_an(f'{risk:.0%}')} chance it lets another player go out by ppong"
    return words


def coach(view: SeatView) -> Action:
    """A bot that plays the option with the lowest expected penalty, thinking less deeply
    than :func:`advise` so that it plays whole simulations: :data:`BOT_WORLDS` worlds, only
    the :data:`BOT_CANDIDATES` options best by the quick rule (:func:`quick_advise`, and
    those worked out exactly), and a gap smaller than :data:`BOT_MARGIN` standard errors
    counts as a tie, won by the quick rule. A combination to declare, or a ppong that goes out, is taken at once.
    """
    from kit.nylonppong.outcomes import choose, exact_outcome

    legal: list[Action] = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ordered: list[Action] = [option.action for option in quick_advise(view).options]
    exact = {action: exact_outcome(view, action) for action in ordered}
    for action, outcome in exact.items():
        if outcome is not None and outcome.win_chance == 1.0:
            return action
    candidates = [
        action for place, action in enumerate(ordered)
        if place < BOT_CANDIDATES or exact[action] is not None
    ]  # fmt: skip
    return choose(view, candidates, worlds=BOT_WORLDS, margin=BOT_MARGIN)


COACH = CoachFunctions(advise, coach)
"""This game's coach as one object: ``COACH.advise(view)`` and ``COACH.act(view)``."""
