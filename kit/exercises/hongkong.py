"""The Hong Kong lessons' exercises: each check asks the kit, so no answer is on the page.

One :class:`~kit.exercises.Question` per exercise, named after what it asks. A lesson's check cell
calls it with the learner's answers (``claims(my_seats)``); a classroom page shows
the same question as boxes and a *Check* button (``claims.widget()``). A first wrong
answer gets a hint, a second different one the answer; a typo gets a message.

>>> claims.reset()
>>> print(claims("0 1"))
Not quite: you chose seats 0 and 1. Hint: A chow only from the player on your left: who plays right after seat 2? A pung or a kong from anyone: who holds two 5p?
>>> print(claims("0 3"))
Right: seats 0 and 3. Seat 0 may pung; seat 3 may chow 456p; seat 1 holds 34p, but seat 2 is not on its left.
>>> print(claims("seat nine"))
The kit cannot read that: there are only seats 0, 1, 2 and 3: write some of them, such as 0 1, not 'seat nine'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kit.exercises import Answer, Exercise, Question, Verdict
from kit.exercises.answers import (
    Notation,
    OneOf,
    SomeOf,
    WholeNumbers,
    listed,
    whole_number,
    yes_no,
)
from kit.hongkong.fan import parse_hand, score
from kit.hongkong.game import Discard, Pass, Table
from kit.hongkong.payout import payout
from kit.hongkong.rules import Rules
from kit.mahjong.tiles import Tile
from kit.words import money

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
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


DEFAULT = Rules()
FANS = range(DEFAULT.min_fan, DEFAULT.fan_cap + 1)
"""The fan a payment table has a row for: from the minimum to the cap."""
NETS = WholeNumbers(4, "one per seat, seat 0 first")
TEXT = Notation(str, "the answer")
TILE = Notation(lambda written: str(Tile.parse(written.strip())), "the tile")
WIND = OneOf(("E", "S", "W", "N"), "write a wind as")


def _ask(
    key: str, labels: Sequence[str], readers: Sequence[Callable[[object], Any]], **parts: Any
) -> Exercise:
    """A Hong Kong question: one box per label, each with its reader."""
    answers = tuple(Answer(label, how) for label, how in zip(labels, readers, strict=True))
    return Exercise(Question(key, answers, **parts))


def _seats(seats: Iterable[int | str]) -> str:
    ordered = sorted(int(seat) for seat in seats)
    return f"{'seat' if len(ordered) == 1 else 'seats'} {listed(ordered)}"


def nets_text(nets: Sequence[int]) -> str:
    """Each seat's net in words: "seat 0 −32, seat 1 −32, seat 2 +96, seat 3 −32".

    >>> nets_text([-16, 0, 16, 0])
    'seat 0 −16, seat 1 0, seat 2 +16, seat 3 0'
    """
    return ", ".join(f"seat {seat} {money(value)}" for seat, value in enumerate(nets))


def _column(value: object, what: str) -> list[int]:
    """One payment column, a number per fan of :data:`FANS`, or one number for every fan."""
    if isinstance(value, (int, float)) or (isinstance(value, str) and len(value.split()) == 1):
        return [whole_number(value)] * len(FANS)
    return list(
        WholeNumbers(len(FANS), f"{what}: one number per fan from {FANS[0]} to {FANS[-1]}")(value)
    )


def _payment_frame(*answers: object) -> pd.DataFrame:
    """A payment table from a DataFrame, or from its two columns typed in boxes."""
    import pandas as pd

    if len(answers) == 1:
        (table,) = answers
        if not isinstance(table, pd.DataFrame):
            raise TypeError(
                "give a DataFrame with the columns discard and self_draw, indexed by fan, "
                f"not a {type(table).__name__}"
            )
        return table
    if len(answers) == 2:
        return pd.DataFrame(
            {
                "discard": _column(answers[0], "the discard column"),
                "self_draw": _column(answers[1], "the self-draw column"),
            },
            index=pd.Index(list(FANS), name="fan"),
        )
    raise TypeError("give a DataFrame, or the discard and self-draw columns")


def _right_set(explained: Callable[[], str]) -> Callable[[frozenset[str], frozenset[str]], str]:
    return lambda picked, truth: f"right: {listed(sorted(truth))}. {explained()}"


def _chose(picked: frozenset[str], truth: frozenset[str]) -> str:
    return f"Not quite: you chose {listed(sorted(picked))}"


def _which_hands(
    key: str,
    label: str,
    hands: Mapping[str, object],
    *,
    holds: Callable[[str], bool],
    told: Callable[[str], str],
    hint: str,
) -> Exercise:
    """A question "which of these lettered hands …?": the answer is the letters that ``holds``;
    ``told(letter)`` says what each hand is, in the praise and the explanation."""

    def truth() -> frozenset[str]:
        return frozenset(letter for letter in hands if holds(letter))

    def explained() -> str:
        return "; ".join(map(told, hands))

    return _ask(
        key,
        [label],
        [SomeOf(tuple(hands), "hands")],
        truth=truth,
        praise=_right_set(explained),
        miss=_chose,
        hint=hint,
        explanation=lambda: f"{listed(sorted(truth()))}. {explained()}",
    )


def _wrong_nets(given: tuple[int, ...], truth: tuple[int, ...]) -> str:
    if sum(given) != 0:
        return f"Your numbers sum to {sum(given)}, but what the winner gets, the others pay"
    return f"Not quite: you wrote {nets_text(given)}"


def _example(hand: str, win: str, self_drawn: bool, wind: str = "E") -> str:
    """An example answer, scored now; ``wind`` is the seat's and the round's."""
    result = score(hand, win=win, self_drawn=self_drawn, seat_wind=wind, round_wind=wind)
    drawn = ", self-drawn" if self_drawn else ""
    return f"for example {hand}, won on {win}{drawn}: {result.breakdown}"


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


def _claimants() -> frozenset[str]:
    return frozenset(str(seat) for seat in claim_table().claimants)


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


claims = _ask(
    "hk1-claims",
    ["Seats that may claim the 5p (for example 0 1)"],
    [SomeOf("0123", "seats")],
    truth=_claimants,
    praise=lambda picked, truth: f"right: {_seats(truth)}. {_claims_explained()}",
    miss=lambda picked, truth: f"Not quite: you chose {_seats(picked)}",
    hint=(
        "A chow only from the player on your left: who plays right after seat 2? "
        "A pung or a kong from anyone: who holds two 5p?"
    ),
    explanation=lambda: f"{_seats(_claimants())}. {_claims_explained()}",
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


def _has_shape(key: str) -> bool:
    hand, win = SHAPE_HANDS[key]
    return score(hand, win=win).reading is not None


shapes = _which_hands(
    "hk1-shapes",
    "Hands with a winning shape (for example ab)",
    SHAPE_HANDS,
    holds=_has_shape,
    told=_shape_of,
    hint=(
        "Hong Kong knows two winning shapes: four groups and a pair, and thirteen orphans. "
        "Seven pairs is not one of them. Count each hand's groups"
    ),
)


# --- Lesson 2: the 1-fan patterns ------------------------------------------------------------

ROUND_HAND = "111z 234m 567p 789s 55p"
ROUNDS = {"E": "East", "S": "South"}


def _round_scores() -> dict[str, Any]:
    return {w: score(ROUND_HAND, win="5p", seat_wind="E", round_wind=w) for w in ROUNDS}


def _round_explained() -> str:
    return "; ".join(
        f"{ROUNDS[wind]} round: {result.breakdown}{', a win' if result.wins else ''}"
        for wind, result in _round_scores().items()
    )


def _wrong_rounds(given: tuple[int, ...], truth: tuple[int, ...]) -> str:
    wrong = [
        f"not {g} in the {name} round"
        for name, g, t in zip(ROUNDS.values(), given, truth, strict=True)
        if g != t
    ]
    return listed(wrong)


round_fan = _ask(
    "hk2-round-fan",
    ["Fan in the East round", "Fan in the South round"],
    [whole_number, whole_number],
    truth=lambda: tuple(result.fan for result in _round_scores().values()),
    praise=lambda given, truth: f"right. {_round_explained()}",
    miss=_wrong_rounds,
    hint=(
        "You sit East, so a pung of East is always your seat wind; it is the round wind "
        "only in the East round. And is anything claimed?"
    ),
    explanation=_round_explained,
)


def _small_patterns(answer: tuple[str, str, bool, str, str]) -> Verdict:
    from kit.hongkong.fan import PATTERNS

    hand, win, self_drawn, seat_wind, round_wind = answer
    fan_of = {pattern.key: pattern for pattern in PATTERNS}
    attempt = score(
        hand, win=win, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind
    )
    big = [fan_of[key].english for key, _ in attempt.patterns if fan_of[key].fan != 1]
    if not [meld for meld in attempt.hand.melds if not meld.concealed]:
        return Verdict(False, f"{attempt.breakdown}, but nothing is exposed")
    if big:
        return Verdict(False, f"{attempt.breakdown}: {listed(big)} is not a 1-fan pattern")
    if not attempt.wins:
        return Verdict(False, f"{attempt.breakdown}: not a win yet")
    return Verdict(
        True, f"right: {attempt.breakdown}, from 1-fan patterns alone, with an exposed group"
    )


small_patterns = _ask(
    "hk2-small-win",
    [
        "Hand (with an [exposed group])",
        "Winning tile",
        "Self-drawn? (yes or no)",
        "Seat wind (E, S, W or N)",
        "Round wind (E, S, W or N)",
    ],
    [TEXT, TILE, yes_no, WIND, WIND],
    judge=_small_patterns,
    hint=(
        "Lay down a group in square brackets, such as [555z], and stack 1-fan patterns: "
        "a dragon pung each, your seat and round wind, a self-draw"
    ),
    explanation=lambda: _example("123m 456p 55s [555z] [666z]", "5s", True),
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


def _wrong_hands(given: tuple[int, ...], truth: tuple[int, ...]) -> str:
    right = [key for key, g, t in zip(THREE_HANDS, given, truth, strict=True) if g == t]
    wrong = [key for key in THREE_HANDS if key not in right]
    text = f"{'Hand' if len(wrong) == 1 else 'Hands'} {listed(wrong)}: not yet"
    return text + (f" ({listed(right)} right)" if right else "")


fan_of_three = _ask(
    "hk3-fan",
    [f"Fan of hand {key}" for key in THREE_HANDS],
    [whole_number] * len(THREE_HANDS),
    truth=lambda: tuple(score(hand, win=win).fan for hand, win in THREE_HANDS.values()),
    praise=lambda given, truth: f"right. {_three_explained()}",
    miss=_wrong_hands,
    hint=(
        "Look for a flush (one suit, with or without honours), dragon pungs, all pungs, "
        f"and whether the hand is a limit hand, which scores the cap of {DEFAULT.fan_cap}"
    ),
    explanation=_three_explained,
)


def _cap_without_limit(answer: tuple[str, str, bool]) -> Verdict:
    hand, win, self_drawn = answer
    attempt = score(hand, win=win, self_drawn=self_drawn)
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


cap_without_limit = _ask(
    "hk3-cap",
    ["Hand", "Winning tile", "Self-drawn? (yes or no)"],
    [TEXT, TILE, yes_no],
    judge=_cap_without_limit,
    hint="Start from a full flush (7 fan) and add all pungs (3) or a self-draw (1)",
    explanation=lambda: _example("111p 333p 55p [777p] [999p]", "5p", True),
)


# --- Lesson 4: the minimum, the cap and the payments -----------------------------------------

NETS_FAN, NETS_WINNER = 6, 2


self_draw_nets = _ask(
    "hk4-nets",
    ["Each seat's net, seat 0 first (for example -10 -10 30 -10)"],
    [NETS],
    truth=lambda: tuple(payout(NETS_FAN, winner=NETS_WINNER)),
    praise=lambda given, truth: (
        f"right: {nets_text(truth)}. Each of the three others pays "
        f"{DEFAULT.table.self_draw(NETS_FAN)}"
    ),
    miss=_wrong_nets,
    hint=(
        "On a self-draw each of the three others pays the self-draw value; find "
        f"{NETS_FAN} fan in the table"
    ),
    explanation=lambda: (
        f"{nets_text(payout(NETS_FAN, winner=NETS_WINNER))}: each of the three others pays "
        f"{DEFAULT.table.self_draw(NETS_FAN)}, the self-draw value for {NETS_FAN} fan"
    ),
)

FLAT = (10, 5)
"""Lesson 4, exercise 2: a flat table, the discarder paying 10 and each player 5 on a self-draw."""


def _flat_table(frame: pd.DataFrame) -> Verdict:
    flat = Rules(table=frame)  # type: ignore[arg-type]
    wrong = [fan for fan in FANS if (flat.table.discard(fan), flat.table.self_draw(fan)) != FLAT]
    if wrong:
        return Verdict(
            False, f"A valid table, but fan {listed(wrong)} do not pay {FLAT[0]} and {FLAT[1]}"
        )
    return Verdict(
        True,
        f"right: a flat table. At {FANS[-1]} fan, self-drawn: "
        f"{nets_text(payout(FANS[-1], winner=0, rules=flat))}",
    )


flat_table = _ask(
    "hk4-flat",
    [
        f"Discarder pays, fan {FANS[0]} to {FANS[-1]} (one number if always the same)",
        f"Each player pays on a self-draw, fan {FANS[0]} to {FANS[-1]}",
    ],
    [TEXT, TEXT],
    read=_payment_frame,
    judge=_flat_table,
    hint=(
        f"Every fan from {FANS[0]} to {FANS[-1]} needs its two payments: what the discarder "
        "pays, and what each player pays on a self-draw. One number in a box stands for "
        "every fan"
    ),
    explanation=(
        f"{FLAT[0]} from the discarder and {FLAT[1]} from each player on a self-draw, at every "
        f"fan from {FANS[0]} to {FANS[-1]}: type {FLAT[0]} in the first box and {FLAT[1]} in "
        "the second"
    ),
)


# --- Lesson 5: pao ---------------------------------------------------------------------------

PAO_FAN, PAO_WINNER, PAO_LIABLE = 10, 3, 2


def _seat(value: object) -> int:
    seat = whole_number(value)
    if seat not in range(4):
        raise ValueError(f"there is no seat {seat}: seats run 0 to 3")
    return seat


def _pao() -> tuple[int, int]:
    return PAO_LIABLE, -payout(PAO_FAN, winner=PAO_WINNER, liable=PAO_LIABLE)[PAO_LIABLE]


def _not_liable(given: tuple[int, int], truth: tuple[int, int]) -> str:
    if given[0] != truth[0]:
        return f"Not seat {given[0]}"
    return f"Seat {truth[0]} is right, but it does not pay {given[1]}"


liable = _ask(
    "hk5-liable",
    ["The liable seat", "What it pays in all"],
    [_seat, lambda value: abs(whole_number(value))],
    truth=_pao,
    praise=lambda given, truth: (
        f"right: seat {truth[0]} pays {truth[1]}, three times "
        f"{DEFAULT.table.self_draw(PAO_FAN)}, and nobody else pays "
        f"({nets_text(payout(PAO_FAN, winner=PAO_WINNER, liable=PAO_LIABLE))})"
    ),
    miss=_not_liable,
    hint=(
        "A later pao replaces an earlier one: who fed the fourth exposed group? On a "
        "self-draw the liable player pays all three self-draw shares"
    ),
    explanation=lambda: (
        f"seat {_pao()[0]}, which fed the fourth exposed group, pays {_pao()[1]}: three times "
        f"the self-draw value of {PAO_FAN} fan, {DEFAULT.table.self_draw(PAO_FAN)}"
    ),
)


def _no_pao_truth() -> tuple[int, ...]:
    return tuple(payout(PAO_FAN, winner=PAO_WINNER, liable=PAO_LIABLE, rules=Rules(pao=False)))


nets_without_pao = _ask(
    "hk5-nets",
    ["Each seat's net, seat 0 first"],
    [NETS],
    truth=_no_pao_truth,
    praise=lambda given, truth: (
        f"right: {nets_text(truth)}. Without pao it is an ordinary self-draw: "
        "each of the three others pays"
    ),
    miss=lambda given, truth: f"Not quite: you wrote {nets_text(given)}",
    hint=(
        "Without pao it is an ordinary self-draw (lesson 4): who pays, and how much each, "
        f"for {PAO_FAN} fan?"
    ),
    explanation=lambda: (
        f"{nets_text(_no_pao_truth())}: each of the three others pays "
        f"{DEFAULT.table.self_draw(PAO_FAN)}"
    ),
)


# --- Lesson 6: play with the coach -----------------------------------------------------------

ACCEPTANCE_HAND = "123s 456s 78s 55z 66z 9m"
ACCEPTANCE_SEEN = ("9s", "6s", "5z")


def _acceptance_counts() -> dict[Tile, tuple[int, int, int]]:
    """Each improving tile: (in the hand, seen, unseen copies)."""
    from kit.hongkong.rules import FORMS
    from kit.mahjong.hands import shanten
    from kit.mahjong.tiles import TILES

    hand = parse_hand(ACCEPTANCE_HAND)
    now = shanten(hand, FORMS)
    held, seen = Counter(hand.concealed), Counter(Tile.parse(t) for t in ACCEPTANCE_SEEN)
    return {
        tile: (held[tile], seen[tile], 4 - held[tile] - seen[tile])
        for tile in TILES
        if shanten(hand.with_tile(tile), FORMS) < now
    }


def _acceptance() -> int:
    return sum(unseen for _, _, unseen in _acceptance_counts().values())


def _acceptance_explained() -> str:
    parts = [
        f"{tile}: 4 − {held} held − {seen} seen = {unseen}"
        for tile, (held, seen, unseen) in _acceptance_counts().items()
    ]
    return f"{_acceptance()}. " + "; ".join(parts)


acceptance = _ask(
    "hk6-acceptance",
    ["Acceptance (a number of tiles)"],
    [whole_number],
    truth=_acceptance,
    praise=lambda given, truth: f"right: {_acceptance_explained()}",
    hint=(
        "Find the improving tiles first: which tiles finish 78s, and which turn a pair "
        "into a pung? Then count 4 minus the copies you hold and see, for each"
    ),
    explanation=_acceptance_explained,
)

DISCARD_HAND = "123p 456p 78p 1p 9p 23s 5z 6z"


def _ranking() -> pd.DataFrame:
    from kit.hongkong.coach import rank_discards

    return rank_discards(parse_hand(DISCARD_HAND)).set_index("discard", drop=False)


def _reason(row: Any) -> str:
    """The coach's reason for a row, without its full stop (the feedback adds its own)."""
    reason = str(row["reason"]).rstrip(".")
    return reason[:1].lower() + reason[1:]


def _hand_tile(value: object) -> str:
    chosen = TILE(value)  # ValueError for a typo
    return OneOf(tuple(_ranking()["discard"]), f"{chosen} is not in this hand; pick one of")(chosen)


def _as_good(row: Any, best: Any) -> bool:
    return bool((row["effort"], row["fan_acceptance"]) == (best["effort"], best["fan_acceptance"]))


def _discard(tile: str) -> Verdict:
    choices = _ranking()
    best, row = choices.iloc[0], choices.loc[tile]
    if tile == best["discard"]:
        return Verdict(True, f"right: {_reason(best)}")
    if _as_good(row, best):
        more = best["acceptance"] - row["acceptance"]
        return Verdict(
            True,
            f"good: {_reason(row)}. The coach prefers {best['discard']}, "
            f"which keeps {more} more unseen improving tiles",
        )
    return Verdict(False, f"Not {tile}: {_reason(row)}")


discard = _ask(
    "hk6-discard",
    ["The tile you throw (for example 9p)"],
    [_hand_tile],
    judge=_discard,
    hint=f"Which path to {DEFAULT.min_fan} fan is nearest? Which tiles are of no use to it?",
    explanation=lambda: (
        f"the coach throws {_ranking().iloc[0]['discard']}: {_ranking().iloc[0]['reason']}"
    ),
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


possible_at_two = _which_hands(
    "hk7-possible",
    "Hands possible at two players (for example ab)",
    TWO_PLAYER_HANDS,
    holds=lambda key: _why_not_at_two(key) is None,
    told=lambda key: f"{key}: {_why_not_at_two(key) or 'possible'}",
    hint=(
        "The two-player table removes the 2 to 8 of bamboo (s) and of characters (m). "
        "Look for them in each hand"
    ),
)


def money_per_deal(frame: pd.DataFrame) -> float:
    """What the winner collects, averaged over every deal, draws included."""
    return float(frame.filter(like="net_").clip(lower=0).sum(axis=1).mean())


def _golden(frame: pd.DataFrame) -> Verdict:
    from kit.data.golden import RUNS, reprice, results

    mine = Rules(players=2, golden=frame)  # type: ignore[arg-type]
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


golden_table = _ask(
    "hk7-golden",
    [
        f"Discard column, fan {FANS[0]} to {FANS[-1]} (one number if always the same)",
        f"Self-draw column, fan {FANS[0]} to {FANS[-1]}",
    ],
    [TEXT, TEXT],
    read=_payment_frame,
    judge=_golden,
    hint=f"Give every fan from {FANS[0]} to {FANS[-1]} a whole, non-negative number in both columns",
    explanation=(
        "any table that differs from the default, for example a full-spicy one: "
        + ", ".join(str(2 ** (4 + i)) for i in range(len(FANS)))
        + " in both columns"
    ),
)
