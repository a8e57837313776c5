"""The Hong Kong lessons' exercises: each check asks the kit, so no answer is on the page.

One :class:`Question` per exercise, named after what it asks. A lesson's check cell
calls it with the learner's answers (``claims(my_seats)``); a classroom page shows
the same question as boxes and a *Check* button (``claims.widget()``). A first wrong
answer gets a hint, a second different one the answer; a typo gets a message.

>>> claims.reset()
>>> print(claims("0 1"))
Not quite: you chose seats 0 and 1. Hint: A chow only from the player on your left: who plays right after seat 2? A pung or a kong from anyone: who holds two 5p?
>>> print(claims("0 3"))
Right: seats 0 and 3. Seat 0 may pung; seat 3 may chow 456p; seat 1 holds 34p, but seat 2 is not on its left.
>>> print(claims("seat nine"))
The kit cannot read that: write seat numbers from 0 to 3, such as 0 1, not 'seat nine'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.exercises import Exercise, Verdict
from kit.hongkong.fan import parse_hand, score
from kit.hongkong.game import Discard, Pass, Table
from kit.hongkong.payout import payout
from kit.hongkong.rules import Rules
from kit.tiles import Tile

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Question",
    "acceptance",
    "cap_without_limit",
    "claims",
    "discard",
    "fan_of_three",
    "flat_table",
    "golden_table",
    "liable",
    "nets_without_pao",
    "possible_at_two",
    "round_fan",
    "self_draw_nets",
    "shapes",
    "small_patterns",
]


@dataclass
class Question(Exercise):
    """An :class:`~kit.exercises.Exercise` that knows the labels of its boxes."""

    labels: tuple[str, ...] = ()

    def widget(
        self, labels: Sequence[str] | None = None, *, convert: Callable[[str], Any] = str
    ) -> Any:
        """Boxes and a *Check* button for this question (they work in Voila too)."""
        box = super().widget(list(labels or self.labels), convert=convert)
        for child in box.children[: len(labels or self.labels)]:
            child.layout.width = "640px"  # room to type after a long label
        return box


# --- reading answers: text from a box, or values from a cell ---------------------------------

MINUS = str.maketrans({"\N{MINUS SIGN}": "-", "\N{EN DASH}": "-"})


def _numbers(value: object, what: str) -> list[int]:
    """Whole numbers from a list, a number, or text such as "-32, -32, 96, -32"."""
    if isinstance(value, bool):
        raise TypeError(f"write {what}, not {value!r}")
    if isinstance(value, (int, float)):
        values: list[object] = [value]
    elif isinstance(value, str):
        text = value.translate(MINUS)
        found = re.findall(r"-?\d+(?:\.\d+)?", text)
        if not found or re.sub(r"[-\d.,;\s\[\]()]", "", text):
            raise ValueError(f"write {what}, not {value!r}")
        values = list(found)
    elif hasattr(value, "tolist"):  # a pandas or numpy column
        values = list(value.tolist())
    elif isinstance(value, (list, tuple)):
        values = list(value)
    else:
        raise TypeError(f"write {what}, not {value!r}")
    numbers = []
    for item in values:
        number = float(item)  # type: ignore[arg-type]  # ValueError for a word
        if number != int(number):
            raise ValueError(f"{item} is not a whole number")
        numbers.append(int(number))
    return numbers


def _number(value: object) -> int:
    numbers = _numbers(value, "one whole number")
    if len(numbers) != 1:
        raise ValueError(f"write one whole number, not {value!r}")
    return numbers[0]


def _choices(value: object, allowed: str, what: str) -> set[str]:
    """The letters (or digits) picked, from "ab", "a, b" or ["a", "b"]."""
    text = "".join(value) if isinstance(value, (list, tuple, set)) else str(value)
    text = text.lower()
    picked = {char for char in text if char.isalnum()}
    if re.sub(r"[\s,;]", "", text).strip("[]()'\"") == "" or not picked <= set(allowed):
        raise ValueError(f"write {what}, not {value!r}")
    return picked


def _yes(value: object) -> bool:
    """True or False, from a bool or the words yes / no."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("yes", "y", "true", "1"):
        return True
    if text in ("no", "n", "false", "0"):
        return False
    raise ValueError(f"write yes or no, not {value!r}")


def _wind(value: object) -> str:
    text = str(value).strip().upper()[:1]
    if text not in ("E", "S", "W", "N"):
        raise ValueError(f"write a wind as E, S, W or N, not {value!r}")
    return text


def _and(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _seats(seats: set[int] | list[int]) -> str:
    ordered = sorted(seats)
    word = "seat" if len(ordered) == 1 else "seats"
    return f"{word} {_and([str(seat) for seat in ordered])}"


def nets_text(nets: Sequence[int]) -> str:
    """Each seat's net in words: "seat 0 −32, seat 1 −32, seat 2 +96, seat 3 −32".

    >>> nets_text([-16, 0, 16, 0])
    'seat 0 −16, seat 1 0, seat 2 +16, seat 3 0'
    """

    def signed(value: int) -> str:
        return f"+{value}" if value > 0 else f"\N{MINUS SIGN}{-value}" if value < 0 else "0"

    return ", ".join(f"seat {seat} {signed(value)}" for seat, value in enumerate(nets))


def _column(value: object, what: str) -> list[int]:
    """One payment column, fan 3 to 10: eight numbers, or one number for every fan."""
    numbers = _numbers(value, what)
    fans = range(Rules().min_fan, Rules().fan_cap + 1)
    if len(numbers) == 1:
        return numbers * len(fans)
    if len(numbers) != len(fans):
        raise ValueError(
            f"{what}: write one number per fan from {fans[0]} to {fans[-1]} "
            f"({len(fans)} numbers), or one number for every fan; you wrote {len(numbers)}"
        )
    return numbers


def _payment_frame(answers: tuple[Any, ...], name: str) -> pd.DataFrame:
    """A payment table from a DataFrame, or from its two columns typed in boxes."""
    import pandas as pd

    if len(answers) == 1:
        (table,) = answers
        if not isinstance(table, pd.DataFrame):
            raise TypeError(
                f"{name} should be a DataFrame with the columns discard and self_draw, "
                f"indexed by fan, not a {type(table).__name__}"
            )
        return table
    if len(answers) == 2:
        discard_column = _column(answers[0], "the discard column")
        self_draw_column = _column(answers[1], "the self-draw column")
        fans = range(Rules().min_fan, Rules().fan_cap + 1)
        return pd.DataFrame(
            {"discard": discard_column, "self_draw": self_draw_column},
            index=pd.Index(list(fans), name="fan"),
        )
    raise TypeError("give a DataFrame, or the discard and self-draw columns")


# --- Lesson 1: the tiles and the shape of a hand ---------------------------------------------

CLAIM_HANDS = (
    "55p 123m 456s 789s 1z 2z",
    "34p 678m 345s 789s 77z",
    "5p 222p 333p 444m 567s 1z",
    "46p 123m 789m 11s 99s 3z",
)


def claim_table() -> Table:
    """Lesson 1, exercise 1: seat 2 has just discarded 5p."""
    table = Table.arrange(list(CLAIM_HANDS), turn=2)
    table.apply(Discard(2, Tile.parse("5p")))
    return table


def _claims_explained() -> str:
    table = claim_table()
    said = []
    for seat in sorted(table.claimants):
        moves = [
            str(action).removeprefix(f"seat {seat} ")
            for action in table.legal_actions(seat)
            if not isinstance(action, Pass)
        ]
        verbs = [
            move.replace("pungs", "pung").replace("chows", "chow").replace("kongs", "kong")
            for move in moves
        ]
        said.append(f"seat {seat} may {' or '.join(verbs)}")
    text = "; ".join(said)
    return f"{text[:1].upper()}{text[1:]}; seat 1 holds 34p, but seat 2 is not on its left."


def _check_claims(seats: object) -> Verdict:
    try:
        picked = {int(char) for char in _choices(seats, "0123", "seat numbers")}
    except ValueError:
        raise ValueError(f"write seat numbers from 0 to 3, such as 0 1, not {seats!r}") from None
    truth = set(claim_table().claimants)
    if picked == truth:
        return Verdict(True, f"right: {_seats(truth)}. {_claims_explained()}")
    return Verdict(False, f"Not quite: you chose {_seats(picked)}")


claims = Question(
    "hk1-claims",
    check=_check_claims,
    hint=(
        "A chow only from the player on your left: who plays right after seat 2? "
        "A pung or a kong from anyone: who holds two 5p?"
    ),
    answer=lambda: f"{_seats(set(claim_table().claimants))}. {_claims_explained()}",
    labels=("Seats that may claim the 5p (for example 0 1)",),
)

SHAPE_HANDS = {
    "a": ("22m 44m 66m 11p 33p 55p 77p", "7p"),
    "b": ("19m 19p 19s 11234567z", "1z"),
    "c": ("234s 234s 456s 777z 99m", "9m"),
    "d": ("123m 345m 567m 789m 9m 1z", "1z"),
}


def _shape_of(key: str) -> str:
    hand, win = SHAPE_HANDS[key]
    result = score(hand, win=win)
    if result.reading is None:
        return f"{key}: no winning shape ({result.reason})"
    form = {"standard": "four groups and a pair"}.get(result.reading.form, result.reading.form)
    return f"{key}: {form.replace('-', ' ')}"


def _shapes_truth() -> set[str]:
    return {key for key, (hand, win) in SHAPE_HANDS.items() if score(hand, win=win).reading}


def _check_shapes(letters: object) -> Verdict:
    picked = _choices(letters, "abcd", "letters from a to d, such as ab")
    truth = _shapes_truth()
    if picked == truth:
        return Verdict(True, f"right: {_and(sorted(truth))}. " + "; ".join(map(_shape_of, "abcd")))
    return Verdict(False, f"Not quite: you chose {_and(sorted(picked))}")


shapes = Question(
    "hk1-shapes",
    check=_check_shapes,
    hint=(
        "Hong Kong knows two winning shapes: four groups and a pair, and thirteen orphans. "
        "Seven pairs is not one of them. Count each hand's groups"
    ),
    answer=lambda: f"{_and(sorted(_shapes_truth()))}. " + "; ".join(map(_shape_of, "abcd")),
    labels=("Hands with a winning shape (for example ab)",),
)


# --- Lesson 2: the 1-fan patterns ------------------------------------------------------------

ROUND_HAND = "111z 234m 567p 789s 55p"


def _round_scores() -> dict[str, Any]:
    return {
        wind: score(ROUND_HAND, win="5p", seat_wind="E", round_wind=wind) for wind in ("E", "S")
    }


def _round_explained() -> str:
    names = {"E": "East round", "S": "South round"}
    return "; ".join(
        f"{names[wind]}: {result.breakdown}{', a win' if result.wins else ''}"
        for wind, result in _round_scores().items()
    )


def _check_round_fan(east: object, south: object) -> Verdict:
    given = {"E": _number(east), "S": _number(south)}
    truth = {wind: result.fan for wind, result in _round_scores().items()}
    if given == truth:
        return Verdict(True, f"right. {_round_explained()}")
    wrong = [
        f"not {given[wind]} in the {name} round"
        for wind, name in (("E", "East"), ("S", "South"))
        if given[wind] != truth[wind]
    ]
    return Verdict(False, _and(wrong)[:1].upper() + _and(wrong)[1:])


round_fan = Question(
    "hk2-round-fan",
    check=_check_round_fan,
    hint=(
        "You sit East, so a pung of East is always your seat wind; it is the round wind "
        "only in the East round. And is anything claimed?"
    ),
    answer=_round_explained,
    labels=("Fan in the East round", "Fan in the South round"),
)

SMALL_EXAMPLE = ("123m 456p 55s [555z] [666z]", "5s", True, "E", "E")


def _small_example() -> str:
    hand, win, drawn, seat, round_ = SMALL_EXAMPLE
    result = score(hand, win=win, self_drawn=drawn, seat_wind=seat, round_wind=round_)
    return f"for example {hand}, won on {win}, self-drawn: {result.breakdown}"


def _check_small_patterns(
    hand: object, win: object, self_drawn: object, seat_wind: object, round_wind: object
) -> Verdict:
    from kit.hongkong.fan import PATTERNS

    fan_of = {pattern.key: pattern for pattern in PATTERNS}
    attempt = score(
        str(hand),
        win=str(win).strip(),
        self_drawn=_yes(self_drawn),
        seat_wind=_wind(seat_wind),
        round_wind=_wind(round_wind),
    )
    big = [fan_of[key].english for key, _ in attempt.patterns if fan_of[key].fan != 1]
    if not [meld for meld in attempt.hand.melds if not meld.concealed]:
        return Verdict(False, f"{attempt.breakdown}, but nothing is exposed")
    if big:
        return Verdict(False, f"{attempt.breakdown}: {_and(big)} is not a 1-fan pattern")
    if not attempt.wins:
        return Verdict(False, f"{attempt.breakdown}: not a win yet")
    return Verdict(
        True, f"right: {attempt.breakdown}, from 1-fan patterns alone, with an exposed group"
    )


small_patterns = Question(
    "hk2-small-win",
    check=_check_small_patterns,
    hint=(
        "Lay down a group in square brackets, such as [555z], and stack 1-fan patterns: "
        "a dragon pung each, your seat and round wind, a self-draw"
    ),
    answer=_small_example,
    labels=(
        "Hand (with an [exposed group])",
        "Winning tile",
        "Self-drawn? (yes or no)",
        "Seat wind (E, S, W or N)",
        "Round wind (E, S, W or N)",
    ),
)


# --- Lesson 3: big patterns and limit hands --------------------------------------------------

THREE_HANDS = {
    "a": ("123s 456s 789s 77z [555z]", "7z"),
    "b": ("234p 456p 678p 88p [999p]", "8p"),
    "c": ("111z 333z 444z 22z [123m]", "2z"),
}


def _three_explained() -> str:
    return "; ".join(
        f"{key}: {score(hand, win=win).breakdown}" for key, (hand, win) in THREE_HANDS.items()
    )


def _check_fan_of_three(a: object, b: object, c: object) -> Verdict:
    given = dict(zip("abc", (_number(a), _number(b), _number(c)), strict=True))
    truth = {key: score(hand, win=win).fan for key, (hand, win) in THREE_HANDS.items()}
    if given == truth:
        return Verdict(True, f"right. {_three_explained()}")
    right = [key for key in "abc" if given[key] == truth[key]]
    wrong = [key for key in "abc" if given[key] != truth[key]]
    noun = "Hand" if len(wrong) == 1 else "Hands"
    text = f"{noun} {_and(wrong)}: not yet"
    if right:
        text += f" ({_and(right)} right)"
    return Verdict(False, text)


fan_of_three = Question(
    "hk3-fan",
    check=_check_fan_of_three,
    hint=(
        "Look for a flush (one suit, with or without honours), dragon pungs, all pungs, "
        "and whether the hand is a limit hand, which scores the cap of 10"
    ),
    answer=_three_explained,
    labels=("Fan of hand a", "Fan of hand b", "Fan of hand c"),
)

CAP_EXAMPLE = ("111p 333p 55p [777p] [999p]", "5p", True)


def _cap_example() -> str:
    hand, win, drawn = CAP_EXAMPLE
    result = score(hand, win=win, self_drawn=drawn)
    return f"for example {hand}, won on {win}, self-drawn: {result.breakdown}"


def _check_cap(hand: object, win: object, self_drawn: object) -> Verdict:
    attempt = score(str(hand), win=str(win).strip(), self_drawn=_yes(self_drawn))
    cap = attempt.rules.fan_cap
    if not attempt.wins:
        return Verdict(False, f"{attempt.breakdown}: that hand does not win")
    if attempt.limit:
        return Verdict(False, f"{attempt.breakdown}: a limit hand, not ordinary patterns")
    if attempt.raw_fan < cap:
        return Verdict(False, f"{attempt.breakdown}: short of {cap}")
    return Verdict(
        True,
        f"right: {attempt.breakdown}, {attempt.raw_fan} fan before the cap, {attempt.fan} after",
    )


cap_without_limit = Question(
    "hk3-cap",
    check=_check_cap,
    hint="Start from a full flush (7 fan) and add all pungs (3) or a self-draw (1)",
    answer=_cap_example,
    labels=("Hand", "Winning tile", "Self-drawn? (yes or no)"),
)


# --- Lesson 4: the minimum, the cap and the payments -----------------------------------------


def _check_self_draw_nets(nets: object) -> Verdict:
    given = _numbers(nets, "four whole numbers, seat 0 first")
    truth = payout(6, winner=2)
    if len(given) != len(truth):
        return Verdict(False, f"There are four seats; you wrote {len(given)} numbers")
    if given == truth:
        each = Rules().table.self_draw(6)
        return Verdict(True, f"right: {nets_text(truth)}. Each of the three others pays {each}")
    if sum(given) != 0:
        return Verdict(
            False, f"Your numbers sum to {sum(given)}, but what the winner gets, the others pay"
        )
    return Verdict(False, f"Not quite: you wrote {nets_text(given)}")


self_draw_nets = Question(
    "hk4-nets",
    check=_check_self_draw_nets,
    hint="On a self-draw each of the three others pays the self-draw value; find 6 fan in the table",
    answer=lambda: (
        f"{nets_text(payout(6, winner=2))}: each of the three others pays "
        f"{Rules().table.self_draw(6)}, the self-draw value for 6 fan"
    ),
    labels=("Each seat's net, seat 0 first (for example -10 -10 30 -10)",),
)


def _check_flat(*answers: object) -> Verdict:
    flat = Rules(table=_payment_frame(answers, "my_table"))  # type: ignore[arg-type]
    fans = range(flat.min_fan, flat.fan_cap + 1)
    wrong = [fan for fan in fans if (flat.table.discard(fan), flat.table.self_draw(fan)) != (10, 5)]
    if wrong:
        return Verdict(
            False, f"A valid table, but fan {_and([str(f) for f in wrong])} do not pay 10 and 5"
        )
    return Verdict(
        True,
        f"right: a flat table. At 10 fan, self-drawn: {nets_text(payout(10, winner=0, rules=flat))}",
    )


flat_table = Question(
    "hk4-flat",
    check=_check_flat,
    hint=(
        "Every fan from 3 to 10 needs a row: 10 in the discard column and 5 in the "
        "self_draw column. Start from Rules().table.to_frame() and set both columns"
    ),
    answer=(
        "10 in the discard column and 5 in the self_draw column, at every fan from 3 to 10: "
        'frame = Rules().table.to_frame(); frame["discard"] = 10; frame["self_draw"] = 5'
    ),
    labels=(
        "Discarder pays, fan 3 to 10 (one number if always the same)",
        "Each player pays on a self-draw, fan 3 to 10",
    ),
)


# --- Lesson 5: pao ---------------------------------------------------------------------------


def _check_liable(seat: object, amount: object) -> Verdict:
    who, paid = _number(seat), abs(_number(amount))
    truth = payout(10, winner=3, liable=2)
    each = Rules().table.self_draw(10)
    if who not in range(4):
        raise ValueError(f"there is no seat {who}: seats run 0 to 3")
    if who != 2:
        return Verdict(False, f"Not seat {who}")
    if paid != -truth[2]:
        return Verdict(False, f"Seat 2 is right, but it does not pay {paid}")
    return Verdict(
        True,
        f"right: seat 2 pays {paid}, three times {each}, and nobody else pays ({nets_text(truth)})",
    )


liable = Question(
    "hk5-liable",
    check=_check_liable,
    hint=(
        "A later pao replaces an earlier one: who fed the fourth exposed group? On a "
        "self-draw the liable player pays all three self-draw shares"
    ),
    answer=lambda: (
        f"seat 2, which fed the fourth exposed group, pays {-payout(10, winner=3, liable=2)[2]}: "
        f"three times the self-draw value of 10 fan, {Rules().table.self_draw(10)}"
    ),
    labels=("The liable seat", "What it pays in all"),
)


def _no_pao_truth() -> list[int]:
    return payout(10, winner=3, liable=2, rules=Rules(pao=False))


def _check_nets_without_pao(nets: object) -> Verdict:
    given = _numbers(nets, "four whole numbers, seat 0 first")
    truth = _no_pao_truth()
    if len(given) != len(truth):
        return Verdict(False, f"There are four seats; you wrote {len(given)} numbers")
    if given == truth:
        return Verdict(
            True,
            f"right: {nets_text(truth)}. Without pao it is an ordinary self-draw: "
            "each of the three others pays",
        )
    return Verdict(False, f"Not quite: you wrote {nets_text(given)}")


nets_without_pao = Question(
    "hk5-nets",
    check=_check_nets_without_pao,
    hint=(
        "Without pao it is an ordinary self-draw (lesson 4): who pays, and how much each, "
        "for 10 fan?"
    ),
    answer=lambda: (
        f"{nets_text(_no_pao_truth())}: each of the three others pays {Rules().table.self_draw(10)}"
    ),
    labels=("Each seat's net, seat 0 first",),
)


# --- Lesson 6: play with the coach -----------------------------------------------------------

ACCEPTANCE_HAND = "123s 456s 78s 55z 66z 9m"
ACCEPTANCE_SEEN = ("9s", "6s", "5z")


def _acceptance_counts() -> dict[Tile, tuple[int, int, int]]:
    """Each improving tile: (in the hand, seen, unseen copies)."""
    from kit.hands import shanten
    from kit.hongkong.rules import FORMS
    from kit.tiles import TILES

    hand = parse_hand(ACCEPTANCE_HAND)
    now = shanten(hand, FORMS)
    held, seen = Counter(hand.concealed), Counter(Tile.parse(t) for t in ACCEPTANCE_SEEN)
    return {
        tile: (held[tile], seen[tile], 4 - held[tile] - seen[tile])
        for tile in TILES
        if shanten(hand.with_tile(tile), FORMS) < now
    }


def _acceptance_explained() -> str:
    counts = _acceptance_counts()
    total = sum(unseen for _, _, unseen in counts.values())
    parts = [
        f"{tile}: 4 − {held} held − {seen} seen = {unseen}"
        for tile, (held, seen, unseen) in counts.items()
    ]
    return f"{total}. " + "; ".join(parts)


def _check_acceptance(count: object) -> Verdict:
    given = _number(count)
    total = sum(unseen for _, _, unseen in _acceptance_counts().values())
    if given == total:
        return Verdict(True, f"right: {_acceptance_explained()}")
    return Verdict(False, f"Not {given}")


acceptance = Question(
    "hk6-acceptance",
    check=_check_acceptance,
    hint=(
        "Find the improving tiles first: which tiles finish 78s, and which turn a pair "
        "into a pung? Then count 4 minus the copies you hold and see, for each"
    ),
    answer=_acceptance_explained,
    labels=("Acceptance (a number of tiles)",),
)

DISCARD_HAND = "123p 456p 78p 1p 9p 23s 5z 6z"


def _ranking() -> pd.DataFrame:
    from kit.hongkong.coach import rank_discards

    return rank_discards(parse_hand(DISCARD_HAND)).set_index("discard", drop=False)


def _reason(row: Any) -> str:
    """The coach's reason for a row, without its full stop (the feedback adds its own)."""
    reason = str(row["reason"]).rstrip(".")
    return reason[:1].lower() + reason[1:]


def _check_discard(tile: object) -> Verdict:
    chosen = str(Tile.parse(str(tile).strip()))  # ValueError for a typo
    choices = _ranking()
    if chosen not in choices.index:
        raise ValueError(
            f"{chosen} is not in this hand; pick one of {', '.join(choices['discard'])}"
        )
    best = choices.iloc[0]
    row = choices.loc[chosen]
    if chosen == best["discard"]:
        return Verdict(True, f"right: {_reason(best)}")
    if (row["fan_shanten"], row["fan_acceptance"]) == (best["fan_shanten"], best["fan_acceptance"]):
        more = best["acceptance"] - row["acceptance"]
        return Verdict(
            True,
            f"good: {_reason(row)}. The coach prefers {best['discard']}, "
            f"which keeps {more} more improving tiles",
        )
    return Verdict(False, f"Not {chosen}: {_reason(row)}")


discard = Question(
    "hk6-discard",
    check=_check_discard,
    hint="Which path to 3 fan is nearest? Which tiles are of no use to it?",
    answer=lambda: (
        f"the coach throws {_ranking().iloc[0]['discard']}: {_ranking().iloc[0]['reason']}"
    ),
    labels=("The tile you throw (for example 9p)",),
)


# --- Lesson 7: the two-player Golden table ---------------------------------------------------

TWO_PLAYER_HANDS = {
    "a": "111m 999s 123p 11z [666z]",
    "b": "19m 19p 19s 1234567z 5z",
    "c": "111s 222s 333s 99p [444z]",
    "d": "123p 456p 789p 234p 55p",
}


def _why_not_at_two(key: str) -> str | None:
    try:
        parse_hand(TWO_PLAYER_HANDS[key], Rules(players=2))
    except ValueError as error:
        return str(error)
    return None


def _possible_explained() -> str:
    return "; ".join(f"{key}: {_why_not_at_two(key) or 'possible'}" for key in TWO_PLAYER_HANDS)


def _possible_truth() -> set[str]:
    return {key for key in TWO_PLAYER_HANDS if _why_not_at_two(key) is None}


def _check_possible(letters: object) -> Verdict:
    picked = _choices(letters, "abcd", "letters from a to d, such as ab")
    truth = _possible_truth()
    if picked == truth:
        return Verdict(True, f"right: {_and(sorted(truth))}. {_possible_explained()}")
    return Verdict(False, f"Not quite: you chose {_and(sorted(picked))}")


possible_at_two = Question(
    "hk7-possible",
    check=_check_possible,
    hint=(
        "The two-player table removes the 2 to 8 of bamboo (s) and of characters (m). "
        "Look for them in each hand"
    ),
    answer=lambda: f"{_and(sorted(_possible_truth()))}. {_possible_explained()}",
    labels=("Hands possible at two players (for example ab)",),
)


def money_per_deal(frame: pd.DataFrame) -> float:
    """What the winner collects, averaged over every deal, draws included."""
    return float(frame.filter(like="net_").clip(lower=0).sum(axis=1).mean())


def _check_golden(*answers: object) -> Verdict:
    from kit.data.golden import RUNS, reprice, results

    mine = Rules(players=2, golden=_payment_frame(answers, "my_golden"))  # type: ignore[arg-type]
    default = RUNS["2 players, 80 tiles"]
    if mine.golden.rows == default.golden.rows:
        return Verdict(False, "That is still the default Golden table: change some numbers")
    deals = results({"default": default})["default"]
    priced = reprice(deals, mine)
    biggest = int(priced.filter(like="net_").max().max())
    return Verdict(
        True,
        f"your table works: {money_per_deal(priced):.1f} per deal against "
        f"{money_per_deal(deals):.1f} with the default, over the same {len(deals)} deals; "
        f"the biggest single payment is {biggest}. Was your guess right? Same deals, same "
        "fan: only your table changed the money",
    )


golden_table = Question(
    "hk7-golden",
    check=_check_golden,
    hint="Give every fan from 3 to 10 a whole, non-negative number in both columns",
    answer=(
        "any table that differs from the default, for example a full-spicy one: "
        "16, 32, 64, 128, 256, 512, 1024, 2048 in both columns"
    ),
    labels=(
        "Discard column, fan 3 to 10 (one number if always the same)",
        "Self-draw column, fan 3 to 10",
    ),
)
