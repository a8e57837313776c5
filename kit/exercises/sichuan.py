"""The exercises of the Sichuan lessons: one :class:`~kit.exercises.Question` each.

A lesson's check cell only calls one of these (``which_hands_win(my_winners)``),
so the answer is not on the page before the learner tries; the same object
gives the Voila page its boxes and *Check* button (``which_hands_win.widget()``).
The first wrong answer gets a hint, a second different one the answer; a typo
gets the kit's message, not a traceback.

>>> choose_void.reset()
>>> print(choose_void("x"))
The kit cannot read that: the void is a suit m, p or s, not 'x'
>>> print(choose_void("m"))
Allowed, but costly: you hold 4 tiles of m (characters), and each must go before you can win. Hint: Count the tiles of each suit in seat 0's hand: every tile of the void suit costs a turn to throw away.
>>> print(choose_void(" P "))
Good choice: you hold 2 tiles of p, the fewest of any suit. They are the only tiles you must throw away before you can win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from kit.exercises import Answer, Exercise, Question, Verdict, among
from kit.exercises.answers import (
    HouseRules,
    Notation,
    OneOf,
    SomeOf,
    WholeNumbers,
    either,
    whole_number,
)
from kit.mahjong.hands import decompositions, shanten, waits
from kit.mahjong.tiles import TILES, Hand, KongKind, Tile
from kit.sichuan.fan import parse_hand, score
from kit.sichuan.rules import Rules
from kit.sichuan.settle import KONG_PAYMENTS, Ledger, largest_hand
from kit.words import money, sentences

if TYPE_CHECKING:
    import pandas as pd

    from kit.progress import Store

__all__ = [
    "acceptance",
    "bonus_at_cap",
    "bonus_prediction",
    "cap_values",
    "choose_void",
    "experiment",
    "find_waits",
    "follow_the_money",
    "largest_possible_hand",
    "rules_from",
    "seven_pairs_with_four",
    "three_fan_hand",
    "which_discard",
    "which_hands_win",
    "who_pays",
]

SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
DEFAULT = Rules()

SUIT = OneOf(tuple(SUIT_NAMES), "the void is a suit")
TILES_WRITTEN = Notation(lambda written: tuple(parse_hand(written).concealed), "the tiles")
"""Tiles in the kit's notation ("1m 4m"), strictly (no honours)."""
HAND = Notation(str, "the hand")
WIN = Notation(str, "the winning tile")


def _listed(tiles: Iterable[object]) -> str:
    return " ".join(str(tile) for tile in tiles)


def _one(key: str, label: str, read: Callable[[object], Any], **parts: Any) -> Exercise:
    """A Sichuan question with one box."""
    return Exercise(Question(key, (Answer(label, read),), **parts))


def _two(
    key: str, labels: tuple[str, str], read: Callable[[object], Any], **parts: Any
) -> Exercise:
    """A Sichuan question with two boxes read alike."""
    return Exercise(Question(key, tuple(Answer(label, read) for label in labels), **parts))


def _wrong_parts(names: Sequence[str]) -> Callable[[tuple[int, ...], tuple[int, ...]], str]:
    """What a pair of numbers with some wrong says: "cap 3: not 16"."""

    def miss(given: tuple[int, ...], truth: tuple[int, ...]) -> str:
        wrong = [
            f"{name}: not {g}" for name, g, t in zip(names, given, truth, strict=True) if g != t
        ]
        return "; ".join(wrong)

    return miss


# --- lesson 1: the tiles and the void suit ---------------------------------------------------

VOID_DEAL_SEED = 5
"""Lesson 1 deals ``Table.deal(seed=5)``; seat 0's hand is the learner's."""


@cache
def _void_hand_suits() -> Counter[str]:
    from kit.sichuan.game import Table

    return Counter(tile.suit for tile in Table.deal(seed=VOID_DEAL_SEED).hand(0).all_tiles)


def _best_voids() -> frozenset[str]:
    held = _void_hand_suits()
    fewest = min(held[s] for s in SUIT_NAMES)
    return frozenset(s for s in SUIT_NAMES if held[s] == fewest)


def _void_answer() -> str:
    held = _void_hand_suits()
    counts = ", ".join(f"{held[s]} of {s}" for s in SUIT_NAMES)
    best = sorted(_best_voids())
    return f"you hold {counts}; name {either(best)} void, and only {held[best[0]]} tiles must go."


choose_void = _one(
    "sichuan-1-void",
    "Your void suit (m, p or s)",
    SUIT,
    truth=_best_voids,
    accepts=among,
    praise=lambda suit, best: (
        f"good choice: you hold {_void_hand_suits()[suit]} tiles of {suit}, the fewest of any "
        "suit. They are the only tiles you must throw away before you can win"
    ),
    miss=lambda suit, best: (
        f"Allowed, but costly: you hold {_void_hand_suits()[suit]} tiles of {suit} "
        f"({SUIT_NAMES[suit]}), and each must go before you can win"
    ),
    hint="count the tiles of each suit in seat 0's hand: every tile of the void suit "
    "costs a turn to throw away.",
    explanation=_void_answer,
)
"""Lesson 1, exercise 1: name the void suit of seat 0 in ``Table.deal(seed=5)``."""

WIN_CANDIDATES = {
    "a": ("111m 234m 567m 789p 99p", "9p"),
    "b": ("123m 456m 789m 111s 55m", "5m"),
    "c": ("22p 33p 44p 55p 66p 77p 88p", "8p"),
    "d": ("123m 456p 789p 345s 11p", "1p"),
}
"""Lesson 1, exercise 2: four complete hands; bamboo is void."""


def _winners() -> frozenset[str]:
    return frozenset(
        key for key, (hand, win) in WIN_CANDIDATES.items() if score(hand, win=win, void="s").wins
    )


def _picked_badly(
    extra: Callable[[list[Any]], str], missing: Callable[[int, int], str], lead: str = ""
) -> Callable[[frozenset[Any], frozenset[Any]], str]:
    """What a set of picks with some wrong says: the extra picks, then how many are missing."""

    def miss(picked: frozenset[Any], truth: frozenset[Any]) -> str:
        parts = [extra(sorted(picked - truth))] if picked - truth else []
        if truth - picked:
            parts.append(missing(len(truth - picked), len(truth)))
        return lead + "; ".join(parts)

    return miss


def _winners_answer() -> str:
    said = []
    for key, (hand, win) in WIN_CANDIDATES.items():
        result = score(hand, win=win, void="s")
        said.append(f"{key} {'wins' if result.wins else 'does not win: ' + (result.reason or '')}")
    return "; ".join(said) + "."


which_hands_win = _one(
    "sichuan-1-winners",
    "The winning hands (letters, e.g. ab)",
    SomeOf(tuple(WIN_CANDIDATES), "hands"),
    truth=_winners,
    praise=lambda picked, truth: f"correct: {', '.join(sorted(truth))}",
    miss=_picked_badly(
        lambda wrong: f"{', '.join(wrong)} cannot win",
        lambda missed, _: f"{missed} winning hand{'s' if missed > 1 else ''} missing",
        "Not quite: ",
    ),
    hint="with bamboo void, a hand holding any s tile cannot win. Seven pairs is a winning "
    "shape too.",
    explanation=_winners_answer,
)
"""Lesson 1, exercise 2: which of four complete hands can win with bamboo void?"""


# --- lesson 2: winning hands and waits ---------------------------------------------------------

WAITS_PUZZLE = "2223m 456p 678p 999p"
"""Lesson 2, exercise 1."""


def _waits() -> frozenset[Tile]:
    return frozenset(waits(parse_hand(WAITS_PUZZLE)))


def _completions() -> str:
    puzzle = parse_hand(WAITS_PUZZLE)
    return "; ".join(
        f"with {tile}: {decompositions(puzzle.with_tile(tile))[0]}" for tile in sorted(_waits())
    )


find_waits = _one(
    "sichuan-2-waits",
    "The waits (e.g. 5m 8m)",
    lambda value: frozenset(TILES_WRITTEN(value)),
    truth=_waits,
    praise=lambda guessed, truth: f"correct: {_listed(sorted(truth))} ({_completions()})",
    miss=_picked_badly(
        lambda extra: f"{_listed(extra)} do{'es' if len(extra) == 1 else ''} not complete the hand",
        lambda missed, waits: f"you found {waits - missed} of {waits} waits",
    ),
    hint="the characters 2223m can be read as 222m + 3m, or as 22m + 23m. Try each tile "
    "1m to 4m in turn.",
    explanation=_completions,
)
"""Lesson 2, exercise 1: the waits of ``2223m 456p 678p 999p``."""


def _seven_pairs_with_four(attempt: Hand) -> Verdict:
    if attempt.size != 14:
        return Verdict(False, f"That hand has {attempt.size} tiles; a complete hand has 14")
    if attempt.melds:
        return Verdict(
            False, "Seven pairs must be fully concealed: leave out the brackets and parentheses"
        )
    if "seven-pairs" not in {reading.form for reading in decompositions(attempt)}:
        return Verdict(False, "That is not seven pairs: every tile needs a partner")
    fours = [str(tile) for tile in set(attempt.concealed) if attempt.concealed.count(tile) == 4]
    if not fours:
        return Verdict(False, "Seven pairs, but no tile appears four times")
    if len(attempt.suits) > 2:
        return Verdict(
            False, "Seven pairs with four of a kind, but in three suits: it could never win"
        )
    named = score(attempt, win=attempt.concealed[-1])
    return Verdict(
        True,
        f"correct: seven pairs, and the four {fours[0]} count as two pairs. Lesson 3 explains "
        f"this hand's name: {named.name} ({named.english_name})",
    )


seven_pairs_with_four = _one(
    "sichuan-2-pairs",
    "Your hand (14 tiles)",
    Notation(parse_hand, "your hand"),
    judge=_seven_pairs_with_four,
    hint="make two of the seven pairs the same tile (55p and 55p), and use at most two suits.",
    explanation="for example 11m 22m 33m 44m 55p 55p 66p: the four 5p are two pairs.",
)
"""Lesson 2, exercise 2: a seven-pairs hand with four identical tiles, in two suits."""


# --- lesson 3: fan and the cap ------------------------------------------------------------------

FAN_WANTED = 3


def _three_fan(answer: tuple[str, str]) -> Verdict:
    hand, win = answer
    attempt = score(hand, win=win)
    if not attempt.wins:
        return Verdict(
            False,
            f"That hand {attempt.breakdown}. Check its shape (lesson 2) and use two suits at most",
        )
    if attempt.fan == FAN_WANTED:
        name = f"{attempt.name} ({attempt.english_name}), " if attempt.name else ""
        return Verdict(True, f"correct: {name}{attempt.breakdown}, worth {attempt.value}")
    return Verdict(
        False, f"A winning hand, but {attempt.breakdown}: {attempt.fan} fan, not {FAN_WANTED}"
    )


THREE_FAN_EXAMPLES = (("111m 222m 333m 44m 555m", "4m"), ("1122m 3344p 55p 6666p", "6p"))


def _three_fan_answer() -> str:
    said = []
    for hand, win in THREE_FAN_EXAMPLES:
        result = score(hand, win=win)
        said.append(f"{hand}, winning on {win}: {result.breakdown} ({result.name})")
    return ". Or ".join(said) + "."


three_fan_hand = Exercise(
    Question(
        "sichuan-3-three-fan",
        (Answer("Your hand (14 tiles)", HAND), Answer("Its winning tile", WIN)),
        judge=_three_fan,
        hint="add patterns up to 3: all pungs (1) with a full flush (2), or seven pairs (2) "
        "with a root (1).",
        explanation=_three_fan_answer,
    )
)
"""Lesson 3, exercise 1: a winning hand worth exactly 3 fan (two answers: hand, winning tile)."""

CAP_FAN = 5
CAPS = (3, 6)


def _cap_values() -> tuple[int, ...]:
    return tuple(Rules(fan_cap=cap).hand_value(CAP_FAN) for cap in CAPS)


def _caps_explained() -> str:
    said = []
    for cap, value in zip(CAPS, _cap_values(), strict=True):
        counted = min(CAP_FAN, cap)
        said.append(
            f"cap {cap}: the hand counts {counted} fan, {DEFAULT.base} × 2^{counted} = {value}"
        )
    return ". ".join(said) + "."


cap_values = _two(
    "sichuan-3-cap",
    ("Worth with cap 3", "Worth with cap 6"),
    whole_number,
    truth=_cap_values,
    praise=lambda given, truth: f"right: {truth[0]} with cap 3, {truth[1]} with cap 6",
    miss=_wrong_parts([f"cap {cap}" for cap in CAPS]),
    hint=f"the hand counts as min({CAP_FAN}, cap) fan, and each fan doubles: the value is "
    f"{DEFAULT.base} × 2^that.",
    explanation=_caps_explained,
)
"""Lesson 3, exercise 2: a 5-fan hand under cap 3 and cap 6 (two numbers)."""


# --- lesson 4: wind and rain ---------------------------------------------------------------------

MONEY_WIN_FAN = 2


def _money_deal() -> Ledger:
    deal = Ledger()
    deal.kong(1, "concealed")
    deal.kong(2, "added")
    deal.win(3, fan=MONEY_WIN_FAN, discarder=1)
    return deal


def _signed(values: Sequence[int]) -> str:
    return ", ".join(money(v) for v in values)


def _not_the_nets(guess: tuple[int, ...], truth: tuple[int, ...]) -> str:
    says = []
    if sum(guess) != 0:
        says.append(
            f"Your nets add up to {sum(guess)}, but every payment has a payer and a receiver, "
            "so they sum to 0"
        )
    wrong = [str(seat) for seat in range(len(truth)) if guess[seat] != truth[seat]]
    says.append(f"not yet right for seat{'s' if len(wrong) > 1 else ''} {', '.join(wrong)}")
    return "; ".join(says)


CONCEALED, ADDED = KONG_PAYMENTS[KongKind.CONCEALED], KONG_PAYMENTS[KongKind.ADDED]
WIN_WORTH = DEFAULT.hand_value(MONEY_WIN_FAN)


def _nets_answer() -> str:
    return (
        f"the concealed kong: seats 0, 2, 3 pay {CONCEALED} each to seat 1 (+{3 * CONCEALED}). "
        f"The added kong: seats 0, 1, 3 pay {ADDED} each to seat 2 (+{3 * ADDED}). The win: "
        f"seat 1 alone pays 2^{MONEY_WIN_FAN} = {WIN_WORTH} to seat 3. "
        f"Nets: {_signed(_money_deal().net)}."
    )


follow_the_money = _one(
    "sichuan-4-nets",
    "Nets of seats 0 to 3 (e.g. 1, 2, -3, 0)",
    WholeNumbers(4, "one per seat"),
    truth=lambda: tuple(_money_deal().net),
    praise=lambda given, truth: f"correct: seats 0 to 3 end at {_signed(truth)}",
    miss=_not_the_nets,
    hint=f"a concealed kong earns {CONCEALED} from each other player, an added kong {ADDED} "
    f"from each, and a win on a discard is paid by the discarder alone: {MONEY_WIN_FAN} fan "
    f"are worth 2^{MONEY_WIN_FAN} = {WIN_WORTH}.",
    explanation=_nets_answer,
)
"""Lesson 4, exercise 1: each seat's net after two kongs and a win (four numbers)."""

BONUS_RULES = Rules(self_draw_bonus="fan")
BONUS_FAN = 4


bonus_at_cap = _one(
    "sichuan-4-bonus",
    "Each pays",
    whole_number,
    truth=lambda: BONUS_RULES.self_draw_payment(BONUS_FAN),
    praise=lambda given, truth: (
        f"correct: {truth}. One more fan makes {BONUS_FAN + 1}, but the cap counts it as "
        f"{BONUS_RULES.fan_cap}: the bonus is lost"
    ),
    diagnoses=lambda truth: {
        truth + BONUS_RULES.base: (
            f'{truth + BONUS_RULES.base} is the "base" setting ({truth} + {BONUS_RULES.base}), '
            'not "fan"'
        )
    },
    miss=lambda given, truth: f"Not {given}",
    hint='with "fan" the hand is paid as if it had one more fan, and that fan counts before '
    f"the cap of {BONUS_RULES.fan_cap}.",
    explanation=lambda: (
        f"{BONUS_FAN} + 1 = {BONUS_FAN + 1} fan, capped at {BONUS_RULES.fan_cap}: "
        f"2^{BONUS_RULES.fan_cap} = {BONUS_RULES.self_draw_payment(BONUS_FAN)} each, "
        "the same as without a bonus."
    ),
)
"""Lesson 4, exercise 2: what each payer pays for a self-drawn 4-fan hand with the "fan" bonus."""


# --- lesson 5: the wall runs out -----------------------------------------------------------------

WALL_HANDS = {
    0: "1s 4455p 6688p 3467m",
    1: "11p 22p 33p 44s 55s 66s 7s",
    2: "1112345678999m",
    3: "3578m 13s 24s 5s 6s 7s 8s 9s",
}
WALL_VOIDS = {0: "s", 1: "m", 2: "p", 3: "p"}
"""Lesson 5, exercise 1: four players still in play when the wall runs out."""


def _wall_deal() -> Ledger:
    deal = Ledger()
    deal.wall_empty(WALL_HANDS, WALL_VOIDS)
    return deal


def _paid_by(deal: Ledger, seat: int) -> int:
    return sum(t.amount for t in deal.transfers if t.payer == seat)


def _largest(seat: int) -> int:
    return largest_hand(parse_hand(WALL_HANDS[seat]), WALL_VOIDS[seat], DEFAULT)[0]


def _who_pays_answer() -> str:
    deal = _wall_deal()
    return (
        f"the pig, seat 0, pays the maximum {DEFAULT.max_value} to seats 1, 2 and 3 (none is a "
        f"pig or a winner): {_paid_by(deal, 0)}. Seat 3, not ready, pays seat 1 its largest "
        f"hand {_largest(1)} and seat 2 its largest hand {_largest(2)}: {_paid_by(deal, 3)}. "
        "The pig pays seat 3 too: not being ready does not make seat 3 a pig."
    )


who_pays = _two(
    "sichuan-5-who-pays",
    ("Seat 0 pays", "Seat 3 pays"),
    whole_number,
    truth=lambda: (_paid_by(_wall_deal(), 0), _paid_by(_wall_deal(), 3)),
    praise=lambda given, truth: f"right: seat 0 pays {truth[0]}, seat 3 pays {truth[1]}",
    miss=_wrong_parts(["seat 0", "seat 3"]),
    hint=f"a pig pays the maximum ({DEFAULT.max_value}) to every player who is neither a pig "
    "nor a winner, ready or not. A not-ready player pays each ready player that player's "
    "largest hand.",
    explanation=_who_pays_answer,
)
"""Lesson 5, exercise 1: what seat 0 (a pig) and seat 3 (not ready) pay in all (two numbers)."""

GATES = "1112345678999m"


def _largest_answer() -> str:
    gates = parse_hand(GATES)
    truth, tiles = largest_hand(gates, "p", DEFAULT)
    scored = [
        f"{tile}: {score(gates.with_tile(Tile.parse(tile)), win=tile, void='p').breakdown}"
        for tile in tiles
    ]
    return f"{truth}. Every wait, as a win on a discard: " + "; ".join(scored) + "."


largest_possible_hand = _one(
    "sichuan-5-largest",
    "Largest possible hand",
    whole_number,
    truth=lambda: largest_hand(parse_hand(GATES), "p", DEFAULT)[0],
    praise=lambda given, truth: f"correct: {truth}",
    miss=lambda given, truth: f"Not {given}",
    hint="every wait makes a full flush (2 fan). Which waits also make four identical tiles, "
    f"a root? Score it as a win on a discard, with the cap of {DEFAULT.fan_cap}.",
    explanation=_largest_answer,
)
"""Lesson 5, exercise 2: the largest possible hand of nine gates with dots void."""


# --- lesson 6: play with the coach ---------------------------------------------------------------

ACCEPTANCE_HAND = "234m 567m 9m 11p 45p 89p"
ACCEPTANCE_SEEN = ("3p", "6p", "6p", "7p")
SUITED = tuple(tile for tile in TILES if tile.suit in SUIT_NAMES)


def _unseen() -> dict[Tile, int]:
    hand = parse_hand(ACCEPTANCE_HAND)
    now = shanten(hand, dead_suit="s")
    helpers = [t for t in SUITED if shanten(hand.with_tile(t), dead_suit="s") < now]
    held, seen = Counter(hand.concealed), Counter(Tile.parse(t) for t in ACCEPTANCE_SEEN)
    return {t: 4 - held[t] - seen[t] for t in helpers}


def _acceptance_answer() -> str:
    hand = parse_hand(ACCEPTANCE_HAND)
    held, seen = Counter(hand.concealed), Counter(Tile.parse(t) for t in ACCEPTANCE_SEEN)
    unseen = _unseen()
    parts = [
        f"{tile}: 4 − {held[tile]} in your hand − {seen[tile]} seen = {copies}"
        for tile, copies in unseen.items()
    ]
    return f"{sum(unseen.values())}. " + "; ".join(parts) + "."


acceptance = _one(
    "sichuan-6-acceptance",
    "Acceptance (tiles)",
    whole_number,
    truth=lambda: sum(_unseen().values()),
    praise=lambda given, truth: (
        f"correct: {truth}. The unseen copies of each improving tile: "
        + ", ".join(f"{tile} {copies}" for tile, copies in _unseen().items())
    ),
    miss=lambda given, truth: f"Not {given}",
    hint=f"there are {len(_unseen())} improving tiles. Which tiles finish 45p, and which "
    "finish 89p? Then subtract the copies you see.",
    explanation=_acceptance_answer,
)
"""Lesson 6, exercise 1: the acceptance of ``234m 567m 9m 11p 45p 89p``, bamboo void."""

DISCARD_HAND = "234p 667p 78p 12s 45s 99s"


def _ranking() -> pd.DataFrame:
    from kit.sichuan.coach import rank_discards

    return rank_discards(DISCARD_HAND, void="m").set_index("discard", drop=False)


def _as_good() -> tuple[str, ...]:
    choices = _ranking()
    best = choices.iloc[0]
    same = (choices["shanten"] == best["shanten"]) & (choices["acceptance"] == best["acceptance"])
    return tuple(choices[same].index)


def _hand_tile(value: object) -> str:
    """One tile of the discard hand."""
    tiles = TILES_WRITTEN(value)
    if len(tiles) != 1:
        raise ValueError(f"write one tile, such as 9s, not {len(tiles)}")
    held = tuple(_ranking().index)
    return OneOf(held, f"{tiles[0]} is not a tile of this hand; pick one of")(str(tiles[0]))


def _praise_discard(tile: str, best: tuple[str, ...]) -> str:
    others = [d for d in best if d != tile]
    also = f" Just as good: {', '.join(others)}." if others else ""
    return f"right. {str(_ranking().loc[tile, 'reason']).rstrip('.')}.{also}"


def _worse_discard(tile: str, best: tuple[str, ...]) -> str:
    row: dict[str, Any] = {str(key): value for key, value in _ranking().loc[tile].items()}
    steps = int(row["shanten"])
    return (
        f"Not {tile}: after it the hand is {steps} step{'s' if steps != 1 else ''} from ready, "
        f"with {row['acceptance']} unseen improving tiles"
    )


which_discard = _one(
    "sichuan-6-discard",
    "Your discard (one tile, e.g. 9s)",
    _hand_tile,
    truth=_as_good,
    accepts=among,
    praise=_praise_discard,
    miss=_worse_discard,
    hint="most discards leave the hand 1 step from ready. Among those, look for two tiles "
    "side by side that only one kind of tile can finish.",
    explanation=lambda: sentences(
        f"the coach throws {either(_as_good())}: {_ranking().iloc[0]['reason']}",
        "12s can only be finished by 3s; 45s by 3s or 6s. Keep the wider one.",
    ),
)
"""Lesson 6, exercise 2: which tile of ``234p 667p 78p 12s 45s 99s`` to throw, characters void."""


# --- lesson 7: blood battle by simulation -------------------------------------------------------

NETS = [f"net_{seat}" for seat in range(4)]
MORE_OR_LESS = OneOf(("more", "less"))


def money_per_deal(frame: pd.DataFrame) -> float:
    """The money that changes hands in an average deal: half the sum of |net| over the seats."""
    return float(frame[NETS].abs().to_numpy().sum() / 2 / len(frame))


def bonus_prediction(base: pd.DataFrame, fan: pd.DataFrame) -> Exercise:
    """Lesson 7, exercise 1: does the "fan" self-draw bonus move more or less money than
    "base"? ``base`` and ``fan`` are the lesson's two simulations of the same deals."""
    base_money, fan_money = money_per_deal(base), money_per_deal(fan)
    truth = "more" if fan_money > base_money else "less"
    measured = f'"base" {base_money:.2f} per deal, "fan" {fan_money:.2f}'
    one_fan = (Rules(self_draw_bonus="fan").self_draw_payment(1), DEFAULT.self_draw_payment(1))
    return _one(
        "sichuan-7-bonus",
        "More or less money per deal?",
        MORE_OR_LESS,
        truth=lambda: truth,
        praise=lambda guess, truth: (
            f"right: {truth} ({measured}). Below the cap one more fan doubles a hand, "
            f"while the base bonus adds only {DEFAULT.base}"
        ),
        miss=lambda guess, truth: f"Not this time: the simulations say {truth}",
        hint="look again at the table of what each payer pays, fan by fan: most wins have "
        "0 or 1 fan.",
        explanation=f"{truth}: {measured}. At 1 fan each payer pays {one_fan[0]} with "
        f'"fan" against {one_fan[1]} with "base", and most self-drawn wins are small.',
    )


rules_from = HouseRules(Rules)
"""Sichuan house rules from a ``Rules`` value, a dict, or text: ``fan_cap=6 kong_transfer=off``."""


SUGGESTIONS = (
    "try rules about common events: self_draw_bonus=none (less money: self-drawn wins lose "
    "their bonus), concealed_hand=on (more: +1 fan for a hand with no claimed pung or kong), "
    "or, in a few deals, fan_cap=3 (less) and kong_transfer=off."
)


@dataclass(eq=False)
class Experiment:
    """Lesson 7, exercise 2: your own house rules, played over the lesson's deals.

    ``baseline`` is the lesson's simulation under the default rules; each try plays
    the same deals (same seed, same bots) under the learner's rules. Rules that
    change no deal's money are said to have no effect, and the hint names rules
    that do. A bad setting gets the kit's message, and the last run is forgotten,
    so nothing shown ever belongs to an earlier answer.
    """

    baseline: pd.DataFrame
    simulate: Callable[[Rules], pd.DataFrame] | None = None
    last: tuple[Rules, pd.DataFrame] | None = field(default=None, init=False)
    explained: str = field(default="", init=False)
    """What the answer says about the last try."""
    exercise: Exercise = field(init=False)

    def __post_init__(self) -> None:
        self.exercise = Exercise(
            Question(
                "sichuan-7-experiment",
                (
                    Answer("Your rules", rules_from),
                    Answer("More or less money?", MORE_OR_LESS),
                ),
                read=self._read,
                judge=self._judge,
                hint="a house rule moves money only when the event it is about happens. The "
                "self-draw bonus and concealed_hand (门清) touch many deals, the fan cap and the "
                "kong transfer a few, pig_pays_winners none: these bots are never flower pigs. "
                "Is a change paid more often, or more per deal?",
                explanation=self._answer,
            )
        )

    def _run(self, rules: Rules) -> pd.DataFrame:
        if rules == self.baseline.attrs.get("rules", Rules()):
            return self.baseline
        if self.simulate is not None:
            return self.simulate(rules)
        from kit.sichuan.sim import simulate

        attrs = self.baseline.attrs
        bots = [str(name).replace("_", "-") for name in attrs.get("bots", ())] or None
        return simulate(len(self.baseline), rules=rules, bots=bots, seed=attrs.get("seed", 0))

    def changed(self, frame: pd.DataFrame) -> int:
        """In how many deals the money differs from the baseline."""
        return int((frame[NETS] != self.baseline[NETS]).any(axis=1).sum())

    def _read(self, my_rules: object, my_guess: object) -> tuple[Rules, str]:
        """The rules and the guess; the last run is forgotten first, so a typo shows none."""
        self.last, self.explained = None, ""
        return rules_from(my_rules), MORE_OR_LESS(my_guess)

    def _judge(self, answer: tuple[Rules, str]) -> Verdict:
        rules, guess = answer
        frame = self._run(rules)
        self.last = (rules, frame)
        deals = len(frame)
        changed = self.changed(frame)
        before, after = money_per_deal(self.baseline), money_per_deal(frame)
        if changed == 0:
            self.explained = SUGGESTIONS
            return Verdict(
                False,
                f"These rules change the money in 0 of {deals} deals: no effect at this table",
            )
        truth = "more" if after > before else "less"
        measured = (
            f"the money differs in {changed} of {deals} deals, and {after:.2f} changes hands "
            f"per deal against {before:.2f}"
        )
        self.explained = (
            f"{truth}: {measured}. The money per deal is half the sum of every seat's loss or "
            "gain; your rules made the payments that changed "
            + ("larger." if truth == "more" else "smaller.")
        )
        if after == before:
            return Verdict(False, f"{measured.capitalize()}: neither more nor less on average")
        if guess == truth:
            return Verdict(True, f"right, {truth}: {measured}")
        return Verdict(False, f"Not {guess}: {measured}")

    def _answer(self) -> str:
        return self.explained or SUGGESTIONS

    def __call__(
        self, my_rules: object, my_guess: object, store: Store | None = None, lesson: str = ""
    ) -> Any:
        return self.exercise(my_rules, my_guess, store=store, lesson=lesson)

    def widget(
        self, labels: Sequence[str] | None = None, store: Store | None = None, lesson: str = ""
    ) -> Any:
        """Boxes for the rules and the guess, and a *Check* button; with a ``store``, each
        try is kept there under ``lesson`` (see :meth:`kit.exercises.Exercise.widget`)."""
        return self.exercise.widget(labels, store=store, lesson=lesson)

    def chart(self) -> Any:
        """The last run against the default rules, drawn; a sentence if there is none."""
        if self.last is None:
            return _Note("No experiment has run yet: check your rules first.")
        from kit.plots import compare_payouts

        return compare_payouts(
            {"default rules": self.baseline, "your rules": self.last[1]},
            title="Your rules against the default",
        )


@dataclass(frozen=True)
class _Note:
    """A sentence that shows itself as HTML on the page."""

    text: str

    def _repr_html_(self) -> str:
        from html import escape

        return f'<p class="kit-note">{escape(self.text)}</p>'

    def __repr__(self) -> str:
        return self.text


def experiment(baseline: pd.DataFrame) -> Experiment:
    """Lesson 7, exercise 2, for the lesson's baseline simulation (see :class:`Experiment`)."""
    return Experiment(baseline)
