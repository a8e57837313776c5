"""What a learner reads is written cleanly: no doubled punctuation, and "a" or "an" as said.

The strings come from every exercise (its prompt, hint and answer, and the feedback it gives
to a right answer, to its typical wrong answers and to nonsense), from each game's coach
(its concept, reasons, hints and review lines over seeded deals played by bots) and from
the prose of the rules reference. A failure names the string and where it came from.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kit.coach import Advice
from kit.exercises import Exercise, hongkong, nylonppong, sichuan
from kit.games import GAMES
from kit.words import a_or_an

ROOT = Path(__file__).resolve().parents[1]
Found = tuple[str, str]
"""(where the string came from, the string)."""

# --- the checks -----------------------------------------------------------------------------

DOUBLED = re.compile(
    r"(?<![.…])\.\.(?![.…])"  # "..", but not an ellipsis "..."
    r"|[?!]\."  # "?." "!."
    r"|,,"
    r"| \.(?![\d./])"  # a space before a full stop (not ".5" or "./path")
    r"|(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\.\.)\.,"  # ".," (not "e.g.," "i.e.," "...,")
)
ZERO_FROM_READY = re.compile(r"(?<![\d.])0 (?:tiles? |steps? )?from (?:a |ready)")
"""A hand 0 from ready is ready, and is said so."""
ARTICLE = re.compile(r"(?<![\w'’-])([Aa]n?) +([\w][\w'’-]*)")
CONJUNCTIONS = {"and", "or", "to", "is"}
"""A lone "a" before these is a letter naming a hand ("hands a and c"), not an article."""


def problems(text: str) -> list[str]:
    """What reads wrong in ``text``: doubled punctuation, or a wrong article."""
    found = [
        f"{m[0]!r} in …{text[max(0, m.start() - 30) : m.end() + 30]}…"
        for m in DOUBLED.finditer(text)
    ]
    found += [f"{m[0]!r}: say it is ready" for m in ZERO_FROM_READY.finditer(text)]
    for match in ARTICLE.finditer(text):
        article, word = match[1], match[2]
        if word.lower() in CONJUNCTIONS or (
            article.lower() == "a" and text[match.end(1) - 2 : match.start(1)] == "d "
        ):
            continue
        wanted = a_or_an(word).split()[0]
        if article.lower() != wanted:
            found.append(f"{match[0]!r} should be {wanted!r} {word!r}")
    return found


def test_the_checks_find_what_they_should() -> None:
    for bad in ("did it succeed?. Next", "closer.. 12s", "a 8-fan hand", "an pung", "a honour",
                "a 11-point hand", "an 1-fan hand", "a apple", "so ,, then", "end .", "done.,",
                "is 0 from a 3-fan ready hand"):  # fmt: skip
        assert problems(bad), bad
    for good in ("an 8-fan hand", "a 1-fan hand", "an 18", "an hour", "a one-tile wait",
                 "hands a and c", "0.5 of a fan", "wait…", "e.g., this", "an 11-point hand",
                 "a pung", "an honour tile", "1, 2, ..., 9"):  # fmt: skip
        assert not problems(good), (good, problems(good))


# --- the exercises --------------------------------------------------------------------------

ANSWERS: dict[str, list[tuple[Any, ...]]] = {
    # an exercise's key: a right answer, typical wrong ones, and nonsense
    "hk1-claims": [("0 3",), ("0 1",), ("1",), ("seat nine",)],
    "hk1-shapes": [("bc",), ("ab",), ("b",), ("zz",)],
    "hk2-round-fan": [(3, 2), (2, 2), (1, 1), (3, "two")],
    "hk2-small-win": [
        ("123m 456p 55s [555z] [666z]", "5s", True, "E", "E"),
        ("123m 456p 55s [555z] [666z]", "5s", False, "E", "E"),
        ("123m 456p 789s 55s 234p", "5s", True, "E", "E"),
        ("111m 222m 333m 44m [555m]", "4m", True, "E", "E"),
        ("banana", "5s", "maybe", "E", "E"),
    ],
    "hk3-fan": [(4, 7, 10), (1, 2, 3), (4, 8, 10), ("a", 7, 10)],
    "hk3-cap": [
        ("111p 333p 55p [777p] [999p]", "5p", True),
        ("123p 456p 789p 99p [234p]", "9p", False),
        ("111z 222z 555z 66z [777z]", "6z", False),
        ("123m 456p 789s 11z 22z", "1z", False),
        ("123p 456p 789p 99p [234x]", "9p", False),
    ],
    "hk4-nets": [
        ([-32, -32, 96, -32],),
        ([-16, -16, 48, -16],),
        ("0 0 0 0",),
        ("1 2 3 4",),
        ("lots",),
    ],
    "hk4-flat": [("10", "5"), ("10", "10"), ("20", "5"), ("10 10", "5")],
    "hk5-liable": [(2, 384), (1, 384), (2, 128), ("two", 384)],
    "hk5-nets": [("-128 -128 -128 384",), ("0 0 -384 384",), ("1 2 3 4",), ("x",)],
    "hk6-acceptance": [(11,), (5,), (6,), ("eleven",)],
    "hk6-discard": [("1p",), ("9p",), ("5z",), ("6z",), ("7p",), ("1z",), ("9x",)],
    "hk7-possible": [("abd",), ("a",), ("abcd",), ("xyz",)],
    "hk7-golden": [
        ("16", "24"),
        ("16 32 48 64 96 128 192 256",) * 2,
        ("1 2", "3"),
    ],
    "nylonppong-1-low-hand": [
        ("1B 1R 2A 2R 4A",),
        ("1B 1R 2A 2R 5A",),
        ("1B 2A 3B 4A 5A",),
        ("1B 1Q",),
    ],
    "nylonppong-1-paulownia-bright": [("11B",), ("12B",), ("11D",), ("11Z",)],
    "nylonppong-2-claimable-discard": [("7J2",), ("12R",), ("4R",), ("7J9",)],
    "nylonppong-2-stop-only-at-ten": [("2A 4A",), ("1B 2A",), ("11B 12B",), ("2A",)],
    "nylonppong-3-four-and-pair": [
        ("1B 1R 1J1 1J2 2A 2R",),
        ("3B 3R 3J1 3J2 4A 4R",),
        ("1B 2A 3B 4A 5A 6A",),
        ("1B",),
    ],
    "nylonppong-3-straight-45": [
        ("5A 6A 7A 8A 9A 10A",),
        ("1B 2A 3B 4A 5A 6A",),
        ("1B 1R 2A 2R 3B 3R",),
        ("5A 6A",),
    ],
    "nylonppong-4-stop-penalty": [("34",), ("4",), ("5",), ("30",), ("thirty",)],
    "nylonppong-4-victim-penalties": [
        ("[35, 53, 0, 41]",),
        ("35 3 0 41",),
        ([35, 33, 0, 41],),
        ("35 53 0",),
    ],
    "nylonppong-5-coach-throw": [("3",), ("10",), ("9",), ("6",), ("11",)],
    "sichuan-1-void": [("p",), ("s",), ("m",), ("x",)],
    "sichuan-1-winners": [("ac",), ("a",), ("abcd",), ("ae",)],
    "sichuan-2-waits": [("1m 3m 4m",), ("1m 4m",), ("2m",), ("1z",)],
    "sichuan-2-pairs": [
        ("1122m3344m5555p66p",),
        ("11223344556677m",),
        ("1m",),
        ("11223344556677z",),
    ],
    "sichuan-3-three-fan": [
        ("1122m 3344p 55p 6666p", "6p"),
        ("123m 456m 789m 234p 55p", "5p"),
        ("111m 222m 555p 777p 99p", "9p"),
        ("111m 222m 333m 44m 555m", "9m"),
    ],
    "sichuan-3-cap": [(8, 32), (8, 16), ("32", "8"), ("eight", 32)],
    "sichuan-4-nets": [("-3, 1, 1, 1",), ([-3, 3, 1, -1],), ([0, 0, 0, 0],), ([1, 2],)],
    "sichuan-4-bonus": [(16,), (17,), (32,), (8,), ("many",)],
    "sichuan-5-who-pays": [(48, 12), (32, 12), (48, 8), ("x", 1)],
    "sichuan-5-largest": [("8",), (4,), (16,), ("big",)],
    "sichuan-6-acceptance": [(8,), (10,), (11,), ("n",)],
    "sichuan-6-discard": [("1s",), ("9s",), ("4s",), ("2p",), ("12s",), ("5m",)],
}


def _exercises() -> Iterator[Exercise]:
    for module in (hongkong, nylonppong, sichuan):
        for value in vars(module).values():
            if isinstance(value, Exercise):
                yield value


def _lesson_factories() -> Iterator[tuple[Exercise, list[tuple[Any, ...]]]]:
    """The exercises a lesson builds from its own simulations, on small ones."""
    import pandas as pd

    from kit.nylonppong import Rules, simulate

    frames = {
        "stop limit 5": simulate(200, rules=Rules(), seed=0),
        "stop limit 10": simulate(200, rules=Rules(stop_limit=10), seed=0),
    }
    words = [("larger",), ("smaller",), ("bigger",)]
    yield nylonppong.predict_stop_failures(frames), words

    def deals(money: int) -> pd.DataFrame:
        return pd.DataFrame(
            {"net_0": [money, 0], "net_1": [-money, 0], "net_2": [0, 1], "net_3": [0, -1]}
        )

    yield sichuan.bonus_prediction(deals(2), deals(4)), [("more",), ("less",), ("lots",)]


def _exercise_strings(exercise: Exercise, answers: list[tuple[Any, ...]]) -> Iterator[Found]:
    where = f"exercise {exercise.key}"
    exercise.reset()
    yield f"{where}: the prompt", exercise(None).text
    yield f"{where}: the hint", exercise.hint
    yield f"{where}: the answer", exercise.answer()
    question = exercise.question
    typical: list[tuple[Any, ...]] = []
    if question.truth is not None:
        for wrong in question.diagnoses(question.truth()):
            typical.append(wrong if isinstance(wrong, tuple) else (wrong,))
    for given in [*answers, *typical]:
        for step in ("first", "second"):  # a hint at the first try, the answer at the second
            exercise.reset()
            if step == "second":
                exercise.wrong.append("an earlier wrong try")
            yield f"{where}, answered {given!r} ({step} try)", exercise(*given).text
    exercise.reset()


def learner_exercise_strings() -> Iterator[Found]:
    for exercise in _exercises():
        assert exercise.key in ANSWERS, f"give {exercise.key} its answers in ANSWERS"
        yield from _exercise_strings(exercise, ANSWERS[exercise.key])
    for exercise, answers in _lesson_factories():
        yield from _exercise_strings(exercise, answers)


# --- the coach ------------------------------------------------------------------------------

SEEDS = range(4)
STEPS = range(0, 60, 3)
"""The moves after which the coach is asked: a sample of every phase, claims and kongs too."""


def _start(key: str, seed: int) -> Any:
    engine = GAMES[key].engine
    if key == "nylonppong":
        return engine.deal(GAMES[key].default_rules(), dealer=seed % 4, seed=seed)
    return engine.deal(seed=seed)


def _advice_strings(where: str, advice: Advice) -> Iterator[Found]:
    yield f"{where}: the concept", advice.concept
    for level in (1, 2, 3):
        yield f"{where}: hint {level}", advice.hint(level)
    for option in advice.options:
        yield f"{where}: the reason for {option.label}", option.reason
        yield f"{where}: hint 2, choosing {option.label}", advice.hint(2, chosen=option.action)
        yield f"{where}: the review of {option.label}", advice.review_line(option.action).lost


def learner_coach_strings(key: str) -> Iterator[Found]:
    game = GAMES[key]
    bot = game.bots[game.opponents[0]]
    for seed in SEEDS:
        engine, played = _start(key, seed), 0
        rng = random.Random(seed)
        for step in STEPS:
            while played < step and engine.phase != "over":
                seat = engine.to_move()[0]
                move = bot(engine.view(seat)) if rng.random() < 0.7 else None
                engine.apply(move if move is not None else rng.choice(engine.legal_actions(seat)))
                played += 1
            if engine.phase == "over":
                break
            for seat in engine.to_move():
                advice = game.coach.advise(engine.view(seat))
                yield from _advice_strings(
                    f"{key} coach, seed {seed}, move {step}, seat {seat}", advice
                )


def learner_ledger_strings() -> Iterator[Found]:
    """The lines a deal's ledger tells the learner, for every fan a hand can have."""
    from kit.hongkong.payout import Ledger as HongKongLedger
    from kit.sichuan.settle import Ledger as SichuanLedger

    for fan in range(0, 14):
        for discarder in (None, 1):
            if fan >= 3:
                hong_kong = HongKongLedger()
                hong_kong.win(0, fan=fan, discarder=discarder)
                yield from ((f"Hong Kong ledger, {fan} fan", line) for line in hong_kong.events)
            sichuan_ledger = SichuanLedger()
            sichuan_ledger.win(0, fan=fan, discarder=discarder)
            yield from ((f"Sichuan ledger, {fan} fan", line) for line in sichuan_ledger.events)


# --- the rules reference --------------------------------------------------------------------

FENCE = re.compile(r"```.*?```", re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
HTML_TAG = re.compile(r"<[^>]+>")


def learner_reference_strings() -> Iterator[Found]:
    for page in sorted((ROOT / "reference").glob("*.md")):
        text = FENCE.sub("\n", page.read_text(encoding="utf-8"))
        for number, line in enumerate(text.splitlines(), start=1):
            prose = HTML_TAG.sub(" ", LINK_TARGET.sub("]", CODE.sub("\x00", line)))
            if prose.strip():
                yield f"reference/{page.name}, line {number}", prose


# --- the tests ------------------------------------------------------------------------------


def _assert_clean(strings: Callable[[], Iterator[Found]]) -> None:
    bad = [
        f"{where}: {problem}\n    in {text!r}"
        for where, text in strings()
        for problem in problems(text)
    ]
    assert not bad, f"{len(bad)} learner-facing strings read wrong:\n" + "\n".join(bad[:40])


def test_the_exercises_read_cleanly() -> None:
    _assert_clean(learner_exercise_strings)


@pytest.mark.parametrize("key", list(GAMES))
def test_the_coach_reads_cleanly(key: str) -> None:
    _assert_clean(lambda: learner_coach_strings(key))


def test_the_ledgers_read_cleanly() -> None:
    _assert_clean(learner_ledger_strings)


def test_the_reference_reads_cleanly() -> None:
    _assert_clean(learner_reference_strings)
