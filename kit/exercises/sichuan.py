"""The exercises of the Sichuan lessons: one :class:`~kit.exercises.Exercise` per question.

A lesson's check cell only calls one of these (``which_hands_win(my_winners)``),
so the answer is not on the page before the learner tries; the same object
gives the Voila page its boxes and *Check* button (``which_hands_win.widget(...)``).
The first wrong answer gets a hint, a second different one the answer; a typo
gets the kit's message, not a traceback.

>>> choose_void.reset()
>>> print(choose_void("x"))
The kit cannot read that: the void is a suit m, p or s, not 'x'
>>> print(choose_void("m"))
Allowed, but costly: you hold 4 tiles of m (characters), and each must go before you can win. Hint: count the tiles of each suit in seat 0's hand: every tile of the void suit costs a turn to throw away.
>>> print(choose_void(" P "))
Good choice: you hold 2 tiles of p, the fewest of any suit. They are the only tiles you must throw away before you can win
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, Any

from kit.exercises import Exercise, Verdict
from kit.hands import decompositions, shanten, waits
from kit.sichuan.fan import parse_hand, score
from kit.sichuan.rules import Rules
from kit.sichuan.settle import Ledger, largest_hand
from kit.tiles import TILES, Tile

if TYPE_CHECKING:
    import pandas as pd

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


def _suit(text: object) -> str:
    suit = str(text).strip().strip("\"'").lower()
    if suit not in SUIT_NAMES:
        raise ValueError(f"the void is a suit m, p or s, not {suit!r}")
    return suit


def _number(value: object, what: str = "a number") -> float:
    """A number from a number or a text box; a ValueError that says what was wanted."""
    if isinstance(value, bool):
        raise ValueError(f"{what} is wanted here, not {value!r}")
    try:
        return float(str(value).strip()) if isinstance(value, str) else float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"{what} is wanted here, not {value!r}") from None


def _tiles(text: object) -> list[Tile]:
    """Tiles written in the kit's notation ("1m 4m"), strictly (no honours)."""
    return list(parse_hand(str(text)).concealed)


def _listed(tiles: Iterable[object]) -> str:
    return " ".join(str(tile) for tile in tiles)


# --- lesson 1: the tiles and the void suit ---------------------------------------------------

VOID_DEAL_SEED = 5
"""Lesson 1 deals ``Table.deal(seed=5)``; seat 0's hand is the learner's."""


@cache
def _void_hand_suits() -> Counter[str]:
    from kit.sichuan.game import Table

    return Counter(tile.suit for tile in Table.deal(seed=VOID_DEAL_SEED).hand(0).all_tiles)


def _check_void(my_void: object) -> Verdict:
    suit = _suit(my_void)
    held = _void_hand_suits()
    fewest = min(held[s] for s in SUIT_NAMES)
    if held[suit] == fewest:
        return Verdict(
            True,
            f"good choice: you hold {held[suit]} tiles of {suit}, the fewest of any suit. They are the "
            "only tiles you must throw away before you can win",
        )
    return Verdict(
        False,
        f"Allowed, but costly: you hold {held[suit]} tiles of {suit} ({SUIT_NAMES[suit]}), "
        "and each must go before you can win",
    )


def _void_answer() -> str:
    held = _void_hand_suits()
    fewest = min(held[s] for s in SUIT_NAMES)
    best = [s for s in SUIT_NAMES if held[s] == fewest]
    counts = ", ".join(f"{held[s]} of {s}" for s in SUIT_NAMES)
    return f"you hold {counts}; name {' or '.join(best)} void, and only {fewest} tiles must go."


choose_void = Exercise(
    "sichuan-1-void",
    check=_check_void,
    hint="count the tiles of each suit in seat 0's hand: every tile of the void suit "
    "costs a turn to throw away.",
    answer=_void_answer,
)
"""Lesson 1, exercise 1: name the void suit of seat 0 in ``Table.deal(seed=5)``."""

WIN_CANDIDATES = {
    "a": ("111m 234m 567m 789p 99p", "9p"),
    "b": ("123m 456m 789m 111s 55m", "5m"),
    "c": ("22p 33p 44p 55p 66p 77p 88p", "8p"),
    "d": ("123m 456p 789p 345s 11p", "1p"),
}
"""Lesson 1, exercise 2: four complete hands; bamboo is void."""


def _letters(text: object) -> set[str]:
    picked = {letter for letter in str(text).lower() if letter.isalpha()}
    unknown = sorted(picked - set(WIN_CANDIDATES))
    if unknown:
        raise ValueError(f"there are only hands a, b, c and d; {''.join(unknown)} is not one")
    return picked


def _winners() -> set[str]:
    return {
        key for key, (hand, win) in WIN_CANDIDATES.items() if score(hand, win=win, void="s").wins
    }


def _check_winners(my_winners: object) -> Verdict:
    picked, truth = _letters(my_winners), _winners()
    if picked == truth:
        return Verdict(True, f"correct: {', '.join(sorted(truth))}")
    wrong = sorted(picked - truth)
    missed = sorted(truth - picked)
    parts = []
    if wrong:
        parts.append(f"{', '.join(wrong)} cannot win")
    if missed:
        parts.append(f"{len(missed)} winning hand{'s' if len(missed) > 1 else ''} missing")
    return Verdict(False, "Not quite: " + "; ".join(parts))


def _winners_answer() -> str:
    said = []
    for key, (hand, win) in WIN_CANDIDATES.items():
        result = score(hand, win=win, void="s")
        said.append(f"{key} {'wins' if result.wins else 'does not win: ' + (result.reason or '')}")
    return "; ".join(said) + "."


which_hands_win = Exercise(
    "sichuan-1-winners",
    check=_check_winners,
    hint="with bamboo void, a hand holding any s tile cannot win. Seven pairs is a winning "
    "shape too.",
    answer=_winners_answer,
)
"""Lesson 1, exercise 2: which of four complete hands can win with bamboo void?"""


# --- lesson 2: winning hands and waits ---------------------------------------------------------

WAITS_PUZZLE = "2223m 456p 678p 999p"
"""Lesson 2, exercise 1."""


def _check_waits(my_waits: object) -> Verdict:
    puzzle = parse_hand(WAITS_PUZZLE)
    truth = waits(puzzle)
    guessed = set(_tiles(my_waits))
    missing = [tile for tile in truth if tile not in guessed]
    extra = sorted(tile for tile in guessed if tile not in truth)
    if not missing and not extra:
        how = "; ".join(
            f"with {tile}: {decompositions(puzzle.with_tile(tile))[0]}" for tile in truth
        )
        return Verdict(True, f"correct: {_listed(truth)} ({how})")
    parts = []
    if extra:
        parts.append(f"{_listed(extra)} do{'es' if len(extra) == 1 else ''} not complete the hand")
    if missing:
        parts.append(f"you found {len(truth) - len(missing)} of {len(truth)} waits")
    return Verdict(False, "; ".join(parts).capitalize())


def _waits_answer() -> str:
    puzzle = parse_hand(WAITS_PUZZLE)
    return "; ".join(
        f"{tile} ({decompositions(puzzle.with_tile(tile))[0]})" for tile in waits(puzzle)
    )


find_waits = Exercise(
    "sichuan-2-waits",
    check=_check_waits,
    hint="the characters 2223m can be read as 222m + 3m, or as 22m + 23m. Try each tile "
    "1m to 4m in turn.",
    answer=_waits_answer,
)
"""Lesson 2, exercise 1: the waits of ``2223m 456p 678p 999p``."""


def _check_pairs(my_pairs: object) -> Verdict:
    attempt = parse_hand(str(my_pairs))
    if attempt.size != 14:
        return Verdict(False, f"That hand has {attempt.size} tiles; a complete hand has 14")
    if attempt.melds:
        return Verdict(
            False, "Seven pairs must be fully concealed: leave out the brackets and parentheses"
        )
    forms = {reading.form for reading in decompositions(attempt)}
    if "seven-pairs" not in forms:
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


seven_pairs_with_four = Exercise(
    "sichuan-2-pairs",
    check=_check_pairs,
    hint="make two of the seven pairs the same tile (55p and 55p), and use at most two suits.",
    answer="for example 11m 22m 33m 44m 55p 55p 66p: the four 5p are two pairs.",
)
"""Lesson 2, exercise 2: a seven-pairs hand with four identical tiles, in two suits."""


# --- lesson 3: fan and the cap ------------------------------------------------------------------


def _check_three_fan(my_hand: object, my_win: object) -> Verdict:
    attempt = score(str(my_hand), win=str(my_win).strip())
    if not attempt.wins:
        return Verdict(
            False,
            f"That hand {attempt.breakdown}. Check its shape (lesson 2) and use two suits at most",
        )
    if attempt.fan == 3:
        name = f"{attempt.name} ({attempt.english_name}), " if attempt.name else ""
        return Verdict(True, f"correct: {name}{attempt.breakdown}, worth {attempt.value}")
    return Verdict(False, f"A winning hand, but {attempt.breakdown}: {attempt.fan} fan, not 3")


three_fan_hand = Exercise(
    "sichuan-3-three-fan",
    check=_check_three_fan,
    hint="add patterns up to 3: all pungs (1) with a full flush (2), or seven pairs (2) "
    "with a root (1).",
    answer="111m 222m 333m 44m 555m, winning on 4m: all pungs 1 + full flush 2 = 3 fan (清对). "
    "Or 1122m 3344p 55p 6666p, winning on 6p: seven pairs 2 + a root 1 (龙七对).",
)
"""Lesson 3, exercise 1: a winning hand worth exactly 3 fan (two answers: hand, winning tile)."""

CAP_FAN = 5


def _check_caps(value_cap_3: object, value_cap_6: object) -> Verdict:
    given = {3: _number(value_cap_3), 6: _number(value_cap_6)}
    truth = {cap: Rules(fan_cap=cap).hand_value(CAP_FAN) for cap in given}
    if given == truth:
        return Verdict(True, f"right: {truth[3]} with cap 3, {truth[6]} with cap 6")
    wrong = [f"cap {cap}: not {given[cap]:g}" for cap in given if given[cap] != truth[cap]]
    return Verdict(False, "; ".join(wrong).capitalize())


cap_values = Exercise(
    "sichuan-3-cap",
    check=_check_caps,
    hint="the hand counts as min(5, cap) fan, and each fan doubles: the value is 1 × 2^that.",
    answer="cap 3: the hand counts 3 fan, 1 × 2³ = 8. Cap 6: all 5 fan count, 1 × 2⁵ = 32.",
)
"""Lesson 3, exercise 2: a 5-fan hand under cap 3 and cap 6 (two numbers)."""


# --- lesson 4: wind and rain ---------------------------------------------------------------------


def _money_deal() -> Ledger:
    deal = Ledger()
    deal.kong(1, "concealed")
    deal.kong(2, "added")
    deal.win(3, fan=2, discarder=1)
    return deal


def _four_numbers(value: object) -> list[int]:
    if isinstance(value, str):
        parts = [part for part in re.split(r"[\s,;\[\]]+", value) if part]
    elif isinstance(value, Iterable):
        parts = list(value)
    else:
        raise ValueError(f"write four numbers, one per seat, not {value!r}")
    numbers = [_number(part, "four whole numbers") for part in parts]
    if len(numbers) != 4:
        raise ValueError(f"that is {len(numbers)} numbers; write one per seat, four in all")
    return [int(number) for number in numbers]


def _check_nets(my_nets: object) -> Verdict:
    guess, truth = _four_numbers(my_nets), _money_deal().net
    if guess == truth:
        return Verdict(True, f"correct: seats 0 to 3 end at {_signed(truth)}")
    says = []
    if sum(guess) != 0:
        says.append(
            f"Your nets add up to {sum(guess)}, but every payment has a payer and a receiver, "
            "so they sum to 0"
        )
    wrong = [str(seat) for seat in range(4) if guess[seat] != truth[seat]]
    says.append(f"not yet right for seat{'s' if len(wrong) > 1 else ''} {', '.join(wrong)}")
    return Verdict(False, "; ".join(says).capitalize())


def _signed(values: Sequence[int]) -> str:
    return ", ".join(f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0" for v in values)


def _nets_answer() -> str:
    return (
        "the concealed kong: seats 0, 2, 3 pay 2 each to seat 1 (+6). The added kong: seats 0, "
        "1, 3 pay 1 each to seat 2 (+3). The win: seat 1 alone pays 2² = 4 to seat 3. "
        f"Nets: {_signed(_money_deal().net)}."
    )


follow_the_money = Exercise(
    "sichuan-4-nets",
    check=_check_nets,
    hint="a concealed kong earns 2 from each other player, an added kong 1 from each, and a "
    "win on a discard is paid by the discarder alone: 2 fan are worth 2² = 4.",
    answer=_nets_answer,
)
"""Lesson 4, exercise 1: each seat's net after two kongs and a win (four numbers)."""


def _capped_payment() -> int:
    return Rules(self_draw_bonus="fan").self_draw_payment(4)


def _check_bonus(each_pays: object) -> Verdict:
    given, truth = _number(each_pays), _capped_payment()
    rules = Rules(self_draw_bonus="fan")
    if given == truth:
        return Verdict(
            True,
            f"correct: {truth}. One more fan makes 5, but the cap counts it as "
            f"{rules.fan_cap}: the bonus is lost",
        )
    if given == truth + rules.base:
        return Verdict(
            False, f'{given:g} is the "base" setting ({truth} + {rules.base}), not "fan"'
        )
    return Verdict(False, f"Not {given:g}")


bonus_at_cap = Exercise(
    "sichuan-4-bonus",
    check=_check_bonus,
    hint='with "fan" the hand is paid as if it had one more fan, and that fan counts before '
    "the cap of 4.",
    answer="4 + 1 = 5 fan, capped at 4: 2⁴ = 16 each, the same as without a bonus.",
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


def _check_who_pays(seat_0_pays: object, seat_3_pays: object) -> Verdict:
    deal = _wall_deal()
    given = {0: _number(seat_0_pays), 3: _number(seat_3_pays)}
    truth = {seat: _paid_by(deal, seat) for seat in given}
    if given == truth:
        return Verdict(True, f"right: seat 0 pays {truth[0]}, seat 3 pays {truth[3]}")
    wrong = [f"seat {seat}: not {given[seat]:g}" for seat in given if given[seat] != truth[seat]]
    return Verdict(False, "; ".join(wrong).capitalize())


def _who_pays_answer() -> str:
    deal, top = _wall_deal(), Rules().max_value
    return (
        f"the pig, seat 0, pays the maximum {top} to seats 1, 2 and 3 (none is a pig or a "
        f"winner): {_paid_by(deal, 0)}. Seat 3, not ready, pays seat 1 its largest hand 4 and "
        f"seat 2 its largest hand 8: {_paid_by(deal, 3)}. The pig pays seat 3 too: not being "
        "ready does not make seat 3 a pig."
    )


who_pays = Exercise(
    "sichuan-5-who-pays",
    check=_check_who_pays,
    hint="a pig pays the maximum (16) to every player who is neither a pig nor a winner, "
    "ready or not. A not-ready player pays each ready player that player's largest hand.",
    answer=_who_pays_answer,
)
"""Lesson 5, exercise 1: what seat 0 (a pig) and seat 3 (not ready) pay in all (two numbers)."""

GATES = "1112345678999m"


def _check_largest(largest_guess: object) -> Verdict:
    given = _number(largest_guess)
    truth, _ = largest_hand(parse_hand(GATES), "p", Rules())
    if given == truth:
        return Verdict(True, f"correct: {truth}")
    return Verdict(False, f"Not {given:g}")


def _largest_answer() -> str:
    gates = parse_hand(GATES)
    truth, tiles = largest_hand(gates, "p", Rules())
    scored = [
        f"{tile}: {score(gates.with_tile(Tile.parse(tile)), win=tile, void='p').breakdown}"
        for tile in tiles
    ]
    return f"{truth}. Every wait, as a win on a discard: " + "; ".join(scored) + "."


largest_possible_hand = Exercise(
    "sichuan-5-largest",
    check=_check_largest,
    hint="every wait makes a full flush (2 fan). Which waits also make four identical tiles, "
    "a root? Score it as a win on a discard, with the cap of 4.",
    answer=_largest_answer,
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


def _check_acceptance(my_acceptance: object) -> Verdict:
    given, truth = _number(my_acceptance, "a whole number"), sum(_unseen().values())
    if given == truth:
        each = ", ".join(f"{tile} {copies}" for tile, copies in _unseen().items())
        return Verdict(True, f"correct: {truth}. The unseen copies of each improving tile: {each}")
    return Verdict(False, f"Not {given:g}")


def _acceptance_answer() -> str:
    hand = parse_hand(ACCEPTANCE_HAND)
    held, seen = Counter(hand.concealed), Counter(Tile.parse(t) for t in ACCEPTANCE_SEEN)
    unseen = _unseen()
    parts = [
        f"{tile}: 4 − {held[tile]} in your hand − {seen[tile]} seen = {copies}"
        for tile, copies in unseen.items()
    ]
    return f"{sum(unseen.values())}. " + "; ".join(parts) + "."


acceptance = Exercise(
    "sichuan-6-acceptance",
    check=_check_acceptance,
    hint=f"there are {len(_unseen())} improving tiles. Which tiles finish 45p, and which "
    "finish 89p? Then subtract the copies you see.",
    answer=_acceptance_answer,
)
"""Lesson 6, exercise 1: the acceptance of ``234m 567m 9m 11p 45p 89p``, bamboo void."""

DISCARD_HAND = "234p 667p 78p 12s 45s 99s"


def _ranking() -> pd.DataFrame:
    from kit.sichuan.coach import rank_discards

    return rank_discards(DISCARD_HAND, void="m").set_index("discard", drop=False)


def _as_good() -> list[str]:
    choices = _ranking()
    best = choices.iloc[0]
    same = (choices["shanten"] == best["shanten"]) & (choices["acceptance"] == best["acceptance"])
    return list(choices[same].index)


def _check_discard(my_discard: object) -> Verdict:
    choices = _ranking()
    tiles = _tiles(my_discard)
    if len(tiles) != 1:
        raise ValueError(f"write one tile, such as 9s, not {len(tiles)}")
    answer = str(tiles[0])
    if answer not in choices.index:
        raise ValueError(
            f"{answer} is not a tile of this hand; pick one of {_listed(choices.index)}"
        )
    row: dict[str, Any] = {str(key): value for key, value in choices.loc[answer].items()}
    if answer in _as_good():
        others = [d for d in _as_good() if d != answer]
        also = f" Just as good: {', '.join(others)}." if others else ""
        reason = str(row["reason"]).rstrip(".")
        return Verdict(True, f"right. {reason}.{also}")
    steps = int(row["shanten"])
    return Verdict(
        False,
        f"Not {answer}: after it the hand is {steps} step{'s' if steps != 1 else ''} from ready, "
        f"with {row['acceptance']} unseen improving tiles",
    )


def _discard_answer() -> str:
    best = _ranking().iloc[0]
    return (
        f"the coach throws {' or '.join(_as_good())}: {best['reason']}. 12s can only be "
        "finished by 3s; 45s by 3s or 6s. Keep the wider one."
    )


which_discard = Exercise(
    "sichuan-6-discard",
    check=_check_discard,
    hint="most discards leave the hand 1 step from ready. Among those, look for two tiles "
    "side by side that only one kind of tile can finish.",
    answer=_discard_answer,
)
"""Lesson 6, exercise 2: which tile of ``234p 667p 78p 12s 45s 99s`` to throw, characters void."""


# --- lesson 7: blood battle by simulation -------------------------------------------------------

NETS = [f"net_{seat}" for seat in range(4)]


def money_per_deal(frame: pd.DataFrame) -> float:
    """The money that changes hands in an average deal: half the sum of |net| over the seats."""
    return float(frame[NETS].abs().to_numpy().sum() / 2 / len(frame))


def _more_or_less(text: object) -> str:
    word = str(text).strip().strip("\"'").lower()
    if word not in ("more", "less"):
        raise ValueError(f'write "more" or "less", not {text!r}')
    return word


def bonus_prediction(base: pd.DataFrame, fan: pd.DataFrame) -> Exercise:
    """Lesson 7, exercise 1: does the "fan" self-draw bonus move more or less money than
    "base"? ``base`` and ``fan`` are the lesson's two simulations of the same deals."""
    base_money, fan_money = money_per_deal(base), money_per_deal(fan)
    truth = "more" if fan_money > base_money else "less"
    measured = f'"base" {base_money:.2f} per deal, "fan" {fan_money:.2f}'

    def check(prediction: object) -> Verdict:
        if _more_or_less(prediction) == truth:
            return Verdict(
                True,
                f"right: {truth} ({measured}). Below the cap one more fan doubles a hand, "
                "while the base bonus adds only 1",
            )
        return Verdict(False, f"Not this time: the simulations say {truth}")

    return Exercise(
        "sichuan-7-bonus",
        check=check,
        hint="look again at the table of what each payer pays, fan by fan: most wins have "
        "0 or 1 fan.",
        answer=f'{truth}: {measured}. At 1 fan each payer pays 4 with "fan" against 3 with '
        '"base", and most self-drawn wins are small.',
    )


RULE_FIELDS = {each.name for each in fields(Rules)}
_SETTING = re.compile(r"\s*(\w+)\s*=\s*(\"[^\"]*\"|'[^']*'|[^,\s]+)\s*,?")


def rules_from(settings: object) -> Rules:
    """House rules from a dict, a ``Rules`` value, or text such as
    ``fan_cap=6, self_draw_bonus=none, kong_transfer=off``.

    >>> rules_from("fan_cap=6 kong_transfer=off").kong_transfer
    False
    >>> rules_from({"fan_cap": 8})
    Traceback (most recent call last):
    ...
    ValueError: fan_cap must be one of 3, 4, 5, 6, not 8
    """
    if isinstance(settings, Rules):
        return settings
    if isinstance(settings, str):
        text, parsed = settings.strip(), {}
        text = text.removeprefix("Rules(").removesuffix(")")
        position = 0
        while position < len(text):
            found = _SETTING.match(text, position)
            if not found:
                raise ValueError(f"write settings as name=value, not {text[position:]!r}")
            parsed[found[1]] = _value(found[2])
            position = found.end()
        settings = parsed
    if not isinstance(settings, dict):
        raise TypeError(f"write the house rules as name=value settings, not {settings!r}")
    unknown = sorted(set(settings) - RULE_FIELDS)
    if unknown:
        raise ValueError(
            f"Rules has no setting {unknown[0]!r}; the settings are {', '.join(sorted(RULE_FIELDS))}"
        )
    return Rules(**settings)


def _value(text: str) -> Any:
    if text[:1] in "\"'":
        return text[1:-1]
    lowered = text.lower()
    if lowered in ("true", "on", "yes"):
        return True
    if lowered in ("false", "off", "no"):
        return False
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


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
            "sichuan-7-experiment",
            check=self._check,
            hint="a house rule moves money only when the event it is about happens. The "
            "self-draw bonus and concealed_hand (门清) touch many deals, the fan cap and the kong "
            "transfer a few, pig_pays_winners none: these bots are never flower pigs. Is a "
            "change paid more often, or more per deal?",
            answer=self._answer,
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

    def _check(self, my_rules: object, my_guess: object) -> Verdict:
        self.last, self.explained = None, ""
        rules = rules_from(my_rules)
        guess = _more_or_less(my_guess)
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

    def __call__(self, my_rules: object, my_guess: object) -> Any:
        return self.exercise(my_rules, my_guess)

    def widget(self) -> Any:
        """Boxes for the rules and the guess, a *Check* button, and the chart of the last run."""
        return self.exercise.widget(["Your rules", "More or less money?"])

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
