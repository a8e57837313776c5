"""Nylon-ppong rules: the `Rules` value, the six combinations, exact odds, round scoring.

Everything here follows the Nylon-ppong rules
(reference/nylon-ppong.md) and is pure Python: no Jupyter, no plotting.
Cards enter as month numbers 1–12 (or :class:`kit.hwatu.Card` values, which
count as their month).

>>> best_combination([3, 4, 5, 6, 7, 8])
Combination(key='straight', value=-33, months=(3, 4, 5, 6, 7, 8))
>>> [c.key for c in combinations([1, 1, 1, 2, 2, 2])]
['sib-bujok', 'two-triples']
>>> settle_round([[1, 2], [5, 5, 6, 7, 9], [3, 3]], ended_by="stop", player=0)
[3, 32, 6]
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from operator import eq
from typing import TYPE_CHECKING, Literal, NamedTuple

from kit.hwatu import Card, month_copies_error, months_of
from kit.ledger import Reason
from kit.reference import cite
from kit.rules_fields import about, check_settings

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COMBINATIONS",
    "ENDINGS",
    "STOP_SIZE",
    "Combination",
    "CombinationKind",
    "Ending",
    "Ledger",
    "Penalty",
    "Rules",
    "best_combination",
    "combination_odds",
    "combination_table",
    "combinations",
    "round_ledger",
    "settle_round",
    "stop_allowed",
    "stop_problem",
    "stop_verdict",
]

HAND_SIZE = 5
"""Cards dealt to each player (reference/nylon-ppong.md#deal-and-turn)."""

COMBINATION_SIZE = 6
"""A combination is exactly six cards, right after drawing
(reference/nylon-ppong.md#combinations)."""

STOP_SIZE = 2
"""The cards a hand holds when it may call stop (reference/nylon-ppong.md#stop)."""

SIB_BUJOK_MAX = 10
"""Sib-bujok: six months summing to this or less (reference/nylon-ppong.md#combinations)."""

DAEPPANG_MIN = 66
"""Daeppang: six months summing to this or more (reference/nylon-ppong.md#combinations)."""

SIX_CARD_HANDS = math.comb(48, COMBINATION_SIZE)
"""C(48, 6) = 12,271,512 possible six-card hands."""


@dataclass(frozen=True)
class Rules:
    """The house rules of a Nylon-ppong table. The defaults are the reference's
    (reference/nylon-ppong.md#house-rules); each field's label and note are its metadata
    (:func:`kit.rules_fields.setting`). Seats and the deal: reference/nylon-ppong.md#deal-and-turn,
    stop: reference/nylon-ppong.md#stop, penalties: reference/nylon-ppong.md#round-scoring,
    ppong out of turn: reference/nylon-ppong.md#ppong, rounds: reference/nylon-ppong.md#game.

    >>> Rules()
    Rules(players=4, stop_limit=5, failed_stop_penalty=30, ppong_victim_penalty=30, out_of_turn_ppong=True, rounds=10)
    >>> Rules(players=7)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2-6, not 7
    """

    players: int = field(
        default=4, metadata=about(label="players", note="seats at the table, 2–6", low=2, high=6)
    )
    stop_limit: int = field(
        default=5,
        metadata=about(
            label="stop limit",
            note="a stop needs the two cards' months to sum to at most this (commonly 5 or 10)",
            low=2,
            high=24,
        ),
    )
    failed_stop_penalty: int = field(
        default=30,
        metadata=about(
            label="failed stop",
            note="added to a caller whose stop fails (commonly 30 or 50)",
            low=0,
            high=10_000,
        ),
    )
    ppong_victim_penalty: int = field(
        default=30,
        metadata=about(
            label="ppong victim",
            note="added to the player whose discard let another go out by ppong (commonly 30 or 50)",
            low=0,
            high=10_000,
        ),
    )
    out_of_turn_ppong: bool = field(
        default=True,
        metadata=about(
            label="ppong out of turn",
            note="ppong may be called on a discard out of turn, in the claim window",
        ),
    )
    rounds: int = field(
        default=10, metadata=about(label="rounds", note="rounds in a game", low=1, high=10_000)
    )

    def _repr_html_(self) -> str:
        """A small table of these rules, the house rules marked (for notebooks and Voila)."""
        from kit.render.rules import rules_html

        return rules_html(self)

    def __post_init__(self) -> None:
        check_settings(self)
        if self.players * HAND_SIZE > 48:
            raise ValueError(f"{self.players} players cannot each be dealt {HAND_SIZE} cards")


def rules_of(value: object, name: str = "rules") -> Rules:
    """``value`` if it is a Nylon-ppong :class:`Rules`, else a ``TypeError`` naming the argument.

    >>> rules_of(None)
    Traceback (most recent call last):
    ...
    TypeError: rules must be a kit.nylonppong Rules value, not None
    """
    if not isinstance(value, Rules):
        raise TypeError(f"{name} must be a kit.nylonppong Rules value, not {value!r}")
    return value


# --- The combinations (reference/nylon-ppong.md#combinations) ------------------------


class Shape(NamedTuple):
    """What the combination predicates look at: six months, sorted, with their count profile."""

    months: tuple[int, ...]
    profile: tuple[int, ...]
    """How many cards of each month present, largest first: 3-3-4-4-4-9 gives (3, 2, 1)."""
    total: int

    @classmethod
    def of(cls, months: Sequence[int]) -> Shape:
        ordered = tuple(sorted(months))
        profile = tuple(sorted(Counter(ordered).values(), reverse=True))
        return cls(ordered, profile, sum(ordered))


@dataclass(frozen=True)
class CombinationKind:
    """One entry of the combination table: its key, names, value, test and meaning."""

    key: str
    english: str
    korean: str
    value_text: str
    composition: str
    """What the six cards are, in a few words (the cheat sheet and the explanations)."""
    applies: Callable[[Shape], bool] = field(repr=False)
    value: Callable[[Shape], int] = field(repr=False)
    meaning: str = field(kw_only=True, repr=False)
    """Examples that show the combination, and where it stops (the rules reference's table)."""


def _fixed(points: int) -> Callable[[Shape], int]:
    return lambda shape: points


COMBINATIONS: tuple[CombinationKind, ...] = (
    CombinationKind(
        "three-pairs", "Ddoi-ddoi (three pairs)", "또이또이", "0",
        "three pairs of three different months",
        lambda s: s.profile == (2, 2, 2), _fixed(0),
        meaning="e.g. 2-2-7-7-11-11",
    ),
    CombinationKind(
        "two-triples", "Ddoi-ddoi (two triples)", "또이또이", "0",
        "two triples of two different months",
        lambda s: s.profile == (3, 3), _fixed(0),
        meaning="e.g. 4-4-4-9-9-9",
    ),
    CombinationKind(
        "four-and-pair", "Nejang-ddoi (four and a pair)", "4장 또이", "−50",
        "four of one month and a pair of another",
        lambda s: s.profile == (4, 2), _fixed(-50),
        meaning="e.g. 8-8-8-8-3-3",
    ),
    CombinationKind(
        "straight", "Straight", "스트레이트", "−(sum)",
        "six consecutive months (no wrap from December to January)",
        lambda s: len(s.profile) == 6 and s.months[5] - s.months[0] == 5,
        lambda s: -s.total,
        meaning="e.g. 3-4-5-6-7-8 scores −33; 1–6 is the lowest (−21), 7–12 the highest (−57)",
    ),
    CombinationKind(
        "sib-bujok", "Sib-bujok (10 or less)", "십부족", "−100",
        "the six months sum to 10 or less",
        lambda s: s.total <= SIB_BUJOK_MAX, _fixed(-100),
        meaning="e.g. 1-1-1-2-2-3 (sum 10)",
    ),
    CombinationKind(
        "daeppang", "Daeppang (66 or more)", "대빵", "−100",
        "the six months sum to 66 or more",
        lambda s: s.total >= DAEPPANG_MIN, _fixed(-100),
        meaning="e.g. 9-10-11-11-12-12 (sum 65) is not one; 10-10-11-11-12-12 (sum 66) is",
    ),
)  # fmt: skip

_KIND_BY_KEY = {kind.key: kind for kind in COMBINATIONS}


@dataclass(frozen=True)
class Combination:
    """A combination found in six cards, with the value it scores."""

    key: str
    value: int
    months: tuple[int, ...]

    @property
    def kind(self) -> CombinationKind:
        return _KIND_BY_KEY[self.key]

    @property
    def name(self) -> str:
        return f"{self.kind.english} {self.kind.korean}"

    @property
    def explanation(self) -> str:
        """Why these six cards make this combination, in one sentence."""
        months = "-".join(map(str, self.months))
        return f"{self.name}: {months} is {self.kind.composition}; it scores {_signed(self.value)}."

    def __str__(self) -> str:
        return f"{self.name} ({_signed(self.value)})"

    def _repr_html_(self) -> str:
        from kit.render import combination_html

        return combination_html(self)


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _six_months(cards: Iterable[Card | int]) -> tuple[int, ...]:
    months = months_of(cards)
    if len(months) != COMBINATION_SIZE:
        raise ValueError(f"a combination is exactly 6 cards, not {len(months)}")
    problem = month_copies_error([months])
    if problem:
        raise ValueError(problem)
    return months


def _applicable(shape: Shape) -> list[tuple[int, int]]:
    """(value, table position) of every combination that applies, best first."""
    return sorted(
        (kind.value(shape), position)
        for position, kind in enumerate(COMBINATIONS)
        if kind.applies(shape)
    )


def _found(shape: Shape) -> list[Combination]:
    return [
        Combination(COMBINATIONS[position].key, value, shape.months)
        for value, position in _applicable(shape)
    ]


def combinations(cards: Iterable[Card | int]) -> list[Combination]:
    """Every combination that six cards make, best (most negative) first.

    >>> [str(c) for c in combinations([10, 10, 11, 11, 12, 12])]
    ['Daeppang (66 or more) 대빵 (−100)', 'Ddoi-ddoi (three pairs) 또이또이 (0)']
    """
    return _found(Shape.of(_six_months(cards)))


def best_combination(cards: Iterable[Card | int]) -> Combination | None:
    """The one combination that counts for six cards, or None
    (reference/nylon-ppong.md#combinations).

    Values never add: the most negative one counts.

    >>> best_combination([1, 1, 1, 1, 2, 2]).key
    'sib-bujok'
    >>> best_combination([1, 2, 3, 4, 5, 7]) is None
    True
    >>> best_combination([1, 2, 3])
    Traceback (most recent call last):
    ...
    ValueError: a combination is exactly 6 cards, not 3
    """
    return combination_of_sorted(tuple(sorted(_six_months(cards))))


@cache
@cache
def combination_of_sorted(months: tuple[int, ...]) -> Combination | None:
    """:func:`best_combination` for six valid months already sorted, remembered (the engine's hot path).

    There are only 12,376 sorted six-month multisets, so every answer is computed once.
    """
    found = _found(Shape.of(months))
    return found[0] if found else None


def no_combination_reason(cards: Iterable[Card | int]) -> str:
    """Why six cards make no combination, for learners.

    >>> no_combination_reason([1, 2, 3, 4, 5, 7])
    'no combination: 1-2-3-4-5-7 is not three pairs, two triples or four and a pair, not six consecutive months, and its sum 22 is between 11 and 65'
    """
    shape = Shape.of(_six_months(cards))
    if _found(shape):
        raise ValueError("these six cards do make a combination")
    months = "-".join(map(str, shape.months))
    return (
        f"no combination: {months} is not three pairs, two triples or four and a pair, "
        f"not six consecutive months, and its sum {shape.total} is between "
        f"{SIB_BUJOK_MAX + 1} and {DAEPPANG_MIN - 1}"
    )


def combination_table() -> pd.DataFrame:
    """The combination table
    (reference/nylon-ppong.md#combinations), generated from the registry."""
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "key": kind.key,
                "name": kind.english,
                "Korean": kind.korean,
                "value": kind.value_text,
                "composition": kind.composition,
                "reference": cite("nylonppong", "combinations").path,
            }
            for kind in COMBINATIONS
        ]
    ).set_index("key")


# --- Exact odds (reference/nylon-ppong.md#combinations, "How often?") ----------------


def _month_multisets() -> Iterator[tuple[Shape, int]]:
    """Every six-month multiset the deck allows, as a Shape, with how many card hands give it.

    A sorted multiset's profile depends only on which neighbours are equal, so
    the 32 equality patterns are worked out once; the weight multiplies the
    ways C(4, k) to pick the k cards of each month.
    """
    by_pattern: dict[tuple[bool, ...], tuple[tuple[int, ...], int]] = {}
    for months in combinations_with_replacement(range(1, 13), COMBINATION_SIZE):
        pattern = tuple(map(eq, months, months[1:]))
        known = by_pattern.get(pattern)
        if known is None:
            counts = sorted(Counter(months).values(), reverse=True)
            weight = math.prod(math.comb(4, count) for count in counts)
            known = by_pattern[pattern] = (tuple(counts), weight)
        profile, weight = known
        if weight:  # zero when a month would need a fifth card
            yield Shape(months, profile, sum(months)), weight


@cache
def _odds_counts(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    del rules  # no field of the current Rules changes which hands combine
    qualifies = [0] * len(COMBINATIONS)
    scores_as = [0] * len(COMBINATIONS)
    any_count = 0
    for shape, weight in _month_multisets():
        found = _applicable(shape)
        if not found:
            continue
        any_count += weight
        scores_as[found[0][1]] += weight
        for _, position in found:
            qualifies[position] += weight
    return tuple(qualifies), tuple(scores_as), any_count


def combination_odds(rules: Rules = Rules()) -> pd.DataFrame:
    """Exact odds of each combination in a six-card hand, out of C(48,6) = 12,271,512.

    Computed by enumerating the month multisets, weighted by the ways to choose
    the cards of each month, and testing each with the same code that scores
    hands. ``qualifies`` counts hands where a combination applies, ``scores_as``
    hands where it is the one that counts; the ``any`` row is their union.

    >>> odds = combination_odds()
    >>> int(odds.loc["straight", "qualifies"]), int(odds.loc["any", "qualifies"])
    (28672, 79112)
    """
    import pandas as pd

    qualifies, scores_as, any_count = _odds_counts(rules_of(rules))
    keys = [kind.key for kind in COMBINATIONS] + ["any"]
    frame = pd.DataFrame(
        {"qualifies": [*qualifies, any_count], "scores_as": [*scores_as, any_count]},
        index=pd.Index(keys, name="combination"),
    )
    frame["probability"] = frame["qualifies"] / SIX_CARD_HANDS
    return frame


# --- Stop and round scoring (reference/nylon-ppong.md#stop, #round-scoring) -------------

Ending = Literal["combination", "stop", "ppong-out", "deck-empty"]
ENDINGS: tuple[Ending, ...] = ("combination", "stop", "ppong-out", "deck-empty")


def stop_verdict(cards: Iterable[Card | int], rules: Rules = Rules()) -> tuple[bool, str]:
    """May a player holding these cards call stop, and why (reference/nylon-ppong.md#stop)?

    The one home of the stop rule and its words: exactly 2 cards whose months
    sum to at most ``rules.stop_limit``.

    >>> stop_verdict([2, 3])
    (True, 'its cards sum to 2+3 = 5, within the stop limit 5')
    >>> stop_verdict([2, 4])
    (False, 'its cards sum to 2+4 = 6, above the stop limit 5')
    >>> stop_verdict([1, 1, 1])
    (False, 'it holds 3 cards; stop needs exactly 2')
    """
    return stop_verdict_of_months(months_of(cards), rules_of(rules).stop_limit)


def stop_size_problem(size: int) -> str | None:
    """Why a hand of ``size`` cards may not stop whatever its months, or None (exactly 2)."""
    if size == STOP_SIZE:
        return None
    return f"it holds {size} cards; stop needs exactly {STOP_SIZE}"


def stop_verdict_of_months(months: Sequence[int], limit: int) -> tuple[bool, str]:
    """:func:`stop_verdict` for months already checked (the engine's hot path)."""
    too_many = stop_size_problem(len(months))
    if too_many:
        return False, too_many
    total = months[0] + months[1]
    allowed = total <= limit
    where = "within" if allowed else "above"
    return (
        allowed,
        f"its cards sum to {months[0]}+{months[1]} = {total}, {where} the stop limit {limit}",
    )


def stop_problem(cards: Iterable[Card | int], rules: Rules = Rules()) -> str | None:
    """Why a player holding these cards may not call stop, or None if it may.

    >>> stop_problem([2, 4])
    'its cards sum to 2+4 = 6, above the stop limit 5'
    """
    allowed, why = stop_verdict(cards, rules)
    return None if allowed else why


def stop_allowed(cards: Iterable[Card | int], rules: Rules = Rules()) -> bool:
    """May a player holding these cards call stop? Exactly 2 cards summing to ≤ the limit.

    >>> stop_allowed([2, 3]), stop_allowed([2, 4]), stop_allowed([1, 1, 1])
    (True, False, False)
    """
    return stop_verdict(cards, rules)[0]


@dataclass(frozen=True)
class Penalty:
    """One line of a round's ledger: ``seat`` scores ``points`` for ``reason``."""

    seat: int
    points: int
    reason: Reason


@dataclass(frozen=True)
class Ledger:
    """A round's penalty points, line by line, each with its reason (lower is better).

    >>> ledger = round_ledger([[1, 2], [5, 5, 6, 7, 9], [1, 1]], ended_by="stop", player=0)
    >>> [(p.seat, p.points, str(p.reason)) for p in ledger.entries]
    [(0, 3, 'hand sum'), (1, 32, 'hand sum'), (2, 2, 'hand sum'), (0, 30, 'failed stop')]
    >>> ledger.penalties
    (33, 32, 2)
    """

    players: int
    entries: tuple[Penalty, ...] = ()

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalty points for the round."""
        totals = [0] * self.players
        for entry in self.entries:
            totals[entry.seat] += entry.points
        return tuple(totals)

    def to_frame(self) -> pd.DataFrame:
        """One row per entry: ``seat``, ``points`` and ``reason``."""
        import pandas as pd

        return pd.DataFrame(
            {
                "seat": [entry.seat for entry in self.entries],
                "points": [entry.points for entry in self.entries],
                "reason": [entry.reason for entry in self.entries],
            }
        )

    def _repr_html_(self) -> str:
        from kit.render.nylonppong import penalty_ledger_html

        return penalty_ledger_html(self)


def settle_round(
    hands: Sequence[Iterable[Card | int]],
    *,
    ended_by: Ending,
    player: int | None = None,
    victim: int | None = None,
    rules: Rules = Rules(),
) -> list[int]:
    """Each seat's penalty points for one round
    (reference/nylon-ppong.md#round-scoring); lower is better.

    ``hands`` are the months each seat holds when the round ends (cards laid out
    by ppong do not count; a player who went out holds an empty list). The
    number of hands is the number of seats. ``player`` is who ended the round
    (the declarer, the stop caller or the player who went out); ``victim`` is
    whose discard the winning ppong was called on. :func:`round_ledger` gives
    the same points line by line, with their reasons.

    >>> settle_round([[3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5]], ended_by="combination", player=0)
    [-33, 15]
    >>> settle_round([[], [9, 9, 1, 2, 3], [4, 4]], ended_by="ppong-out", player=0, victim=2)
    [0, 24, 38]
    >>> settle_round([[2, 4], [1, 1]], ended_by="stop", player=0)
    Traceback (most recent call last):
    ...
    ValueError: stop by seat 0 is not allowed: its cards sum to 2+4 = 6, above the stop limit 5
    """
    ledger = round_ledger(hands, ended_by=ended_by, player=player, victim=victim, rules=rules)
    return list(ledger.penalties)


def round_ledger(
    hands: Sequence[Iterable[Card | int]],
    *,
    ended_by: Ending,
    player: int | None = None,
    victim: int | None = None,
    rules: Rules = Rules(),
) -> Ledger:
    """The penalty points of one round, line by line with reasons (see :func:`settle_round`)."""
    rules = rules_of(rules)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError(f"hands must be a list of hands, one per seat, not {hands!r}")
    months = [months_of(hand) for hand in hands]
    seats = len(months)
    if not 2 <= seats <= 6:
        raise ValueError(f"a round has 2-6 seats, not {seats}")
    if not isinstance(ended_by, str) or ended_by not in ENDINGS:
        raise ValueError(f"ended_by must be one of {', '.join(ENDINGS)}, not {ended_by!r}")
    problem = month_copies_error(months)
    if problem:
        raise ValueError(f"these hands cannot come from one deck: {problem}")
    if ended_by != "deck-empty" or player is not None:
        _check_seat("player", player, seats, needed=ended_by != "deck-empty")
    if ended_by != "ppong-out" and victim is not None:
        raise ValueError(
            f"a victim is only named when a round ends by ppong-out, not by {ended_by}"
        )
    for seat, hand in enumerate(months):
        if len(hand) > HAND_SIZE and not (ended_by == "combination" and seat == player):
            raise ValueError(
                f"seat {seat} holds {len(hand)} cards; at the end of a round a hand holds at most "
                f"{HAND_SIZE} (6 only for a declared combination)"
            )

    declared: int | None = None
    if ended_by == "combination":
        assert player is not None
        hand = months[player]
        if len(hand) != COMBINATION_SIZE:
            raise ValueError(
                f"seat {player} declared a combination with {len(hand)} cards; it takes exactly 6"
            )
        best = best_combination(hand)
        if best is None:
            raise ValueError(
                f"seat {player} declared a combination, but {no_combination_reason(hand)}"
            )
        declared = best.value
    elif ended_by == "stop":
        assert player is not None
        problem = stop_problem(months[player], rules)
        if problem:
            raise ValueError(f"stop by seat {player} is not allowed: {problem}")
    elif ended_by == "ppong-out":
        assert player is not None
        if months[player]:
            raise ValueError(
                f"seat {player} went out by ppong but still holds {len(months[player])} cards"
            )
        _check_seat("victim", victim, seats, needed=True)
        if victim == player:
            raise ValueError(f"the ppong victim (seat {victim}) cannot be the winner")

    return ledger_of_checked(months, ended_by, player, victim, declared, rules)


def ledger_of_checked(
    months: Sequence[Sequence[int]],
    ended_by: Ending,
    player: int | None,
    victim: int | None,
    declared: int | None,
    rules: Rules,
) -> Ledger:
    """:func:`round_ledger` for an ending already checked (the engine's own, each round).

    ``declared`` is the declared combination's value, for a round ended by one.
    """
    entries = [
        Penalty(seat, declared, Reason.DECLARED)
        if declared is not None and seat == player
        else Penalty(seat, sum(hand), Reason.HAND_SUM)
        for seat, hand in enumerate(months)
    ]
    if ended_by == "stop":
        assert player is not None
        if not stop_succeeds([sum(hand) for hand in months], player):
            entries.append(Penalty(player, rules.failed_stop_penalty, Reason.FAILED_STOP))
    elif ended_by == "ppong-out":
        assert victim is not None
        entries.append(Penalty(victim, rules.ppong_victim_penalty, Reason.PPONG_VICTIM))
    return Ledger(len(months), tuple(entries))


def stop_succeeds(sums: Sequence[int], caller: int) -> bool:
    """A stop succeeds only if the caller's sum is strictly the lowest; a tie fails [default]."""
    return all(sums[caller] < total for seat, total in enumerate(sums) if seat != caller)


def _check_seat(name: str, seat: int | None, seats: int, *, needed: bool) -> None:
    if seat is None:
        if needed:
            raise ValueError(f"this ending needs the {name}'s seat")
        return
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ValueError(f"{name} must be a seat 0-{seats - 1}, not {seat!r}")
