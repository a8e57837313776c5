"""The Sichuan lessons' exercises: a hint first, the answer on a second wrong try, a message
for a typo, and a right answer recognised (kit/exercises/sichuan.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pytest

from kit.exercises import Exercise
from kit.exercises import sichuan as ex
from kit.sichuan import Rules

EXERCISES: dict[
    str, tuple[Exercise, tuple[object, ...], tuple[object, ...], tuple[object, ...]]
] = {
    # name: (exercise, a right answer, a wrong one, another wrong one)
    "void": (ex.choose_void, ("p",), ("s",), ("m",)),
    "winners": (ex.which_hands_win, ("ac",), ("a",), ("abcd",)),
    "waits": (ex.find_waits, ("1m 3m 4m",), ("1m 4m",), ("2m",)),
    "pairs": (ex.seven_pairs_with_four, ("1122m3344m5555p66p",), ("11223344556677m",), ("1m",)),
    "three-fan": (
        ex.three_fan_hand,
        ("1122m 3344p 55p 6666p", "6p"),
        ("123m 456m 789m 234p 55p", "5p"),
        ("111m 222m 555p 777p 99p", "9p"),
    ),
    "cap": (ex.cap_values, (8, 32), (8, 16), ("32", "8")),
    "nets": (ex.follow_the_money, ("-3, 1, 1, 1",), ([-3, 3, 1, -1],), ([0, 0, 0, 0],)),
    "bonus": (ex.bonus_at_cap, (16,), (17,), (32,)),
    "who-pays": (ex.who_pays, (48, 12), (32, 12), (48, 8)),
    "largest": (ex.largest_possible_hand, ("8",), (4,), (16,)),
    "acceptance": (ex.acceptance, (8,), (10,), (11,)),
    "discard": (ex.which_discard, ("1s",), ("9s",), ("4s",)),
}


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    for exercise, *_ in EXERCISES.values():
        exercise.reset()
    yield
    for exercise, *_ in EXERCISES.values():
        exercise.reset()


@pytest.mark.parametrize("name", EXERCISES)
def test_a_right_answer_is_right(name: str) -> None:
    exercise, right, _, _ = EXERCISES[name]
    assert exercise(*right).kind == "right", exercise(*right).text


@pytest.mark.parametrize("name", EXERCISES)
def test_a_hint_first_then_the_answer(name: str) -> None:
    exercise, _, wrong, other = EXERCISES[name]
    first = exercise(*wrong)
    assert first.kind == "hint", first.text
    assert "Hint:" in first.text and "The answer" not in first.text
    assert exercise(*wrong).kind == "hint"  # the same answer again: still only the hint
    second = exercise(*other)
    assert second.kind == "answer", second.text


@pytest.mark.parametrize("name", EXERCISES)
def test_a_blank_answer_is_a_prompt(name: str) -> None:
    exercise, right, _, _ = EXERCISES[name]
    assert exercise(*([None] * len(right))).kind == "missing"
    assert exercise(*([""] * len(right))).kind == "missing"


@pytest.mark.parametrize(
    ("exercise", "answers", "says"),
    [
        (ex.choose_void, ("x",), "the void is a suit m, p or s"),
        (ex.which_hands_win, ("ae",), "there are only hands a, b, c and d"),
        (ex.find_waits, ("1z",), "no honour tiles"),
        (ex.three_fan_hand, ("111m 222m 333m 44m 555m", "9m"), "9m is not among"),
        (ex.cap_values, ("eight", 32), "a number is wanted"),
        (ex.follow_the_money, ([1, 2],), "that is 2 numbers"),
        (ex.which_discard, ("12s",), "one tile"),
        (ex.which_discard, ("5m",), "not a tile of this hand"),
    ],
)
def test_a_typo_gets_a_message_not_a_traceback(
    exercise: Exercise, answers: tuple[object, ...], says: str
) -> None:
    feedback = exercise(*answers)
    assert feedback.kind == "error"
    assert says in feedback.text
    assert not exercise.wrong  # a typo is not counted as a try


def test_the_answers_hold_no_notebook_talk() -> None:
    for exercise, *_ in EXERCISES.values():
        answer = exercise.answer() if callable(exercise.answer) else exercise.answer
        for text in (answer, exercise.hint):
            assert "cell" not in text.lower() and "Rules(" not in text


def test_every_exercise_is_a_widget() -> None:
    for exercise, right, _, _ in EXERCISES.values():
        box = exercise.widget([f"answer {n}" for n in range(len(right))])
        assert "kit-exercise" in box._dom_classes


# --- lesson 7 -------------------------------------------------------------------------------


def deals(money: int) -> pd.DataFrame:
    """A tiny simulation frame: two deals in which ``money`` changes hands."""
    frame = pd.DataFrame(
        {"net_0": [money, 0], "net_1": [-money, 0], "net_2": [0, 1], "net_3": [0, -1]}
    )
    frame.attrs["rules"] = Rules()
    return frame


def test_bonus_prediction_reads_the_simulations() -> None:
    more = ex.bonus_prediction(deals(2), deals(4))
    assert more("more").kind == "right"
    less = ex.bonus_prediction(deals(4), deals(2))
    assert less("more").kind == "hint"
    assert less("'Less'").kind == "right"
    assert less("maybe").kind == "error"


def fake_runs(runs: dict[Rules, pd.DataFrame]) -> ex.Experiment:
    experiment = ex.Experiment(deals(2), simulate=lambda rules: runs[rules])
    return experiment


def test_an_experiment_with_no_effect_says_so_and_suggests_others() -> None:
    experiment = fake_runs({Rules(pig_pays_winners=True): deals(2)})
    first = experiment("pig_pays_winners=on", "more")
    assert first.kind == "hint"
    assert "0 of 2 deals" in first.text and "no effect" in first.text
    assert "self-draw bonus" in first.text
    second = experiment({"pig_pays_winners": True}, "less")
    assert second.kind == "answer" and "self_draw_bonus=none" in second.text


def test_an_experiment_compares_the_money_and_checks_the_guess() -> None:
    experiment = fake_runs({Rules(self_draw_bonus="none"): deals(1)})
    right = experiment("self_draw_bonus=none", "less")
    assert right.kind == "right"
    assert "differs in 1 of 2 deals" in right.text
    assert experiment.last is not None and experiment.last[0] == Rules(self_draw_bonus="none")


def test_a_bad_rule_is_the_kits_message_and_forgets_the_last_run() -> None:
    experiment = fake_runs({Rules(fan_cap=3): deals(1)})
    assert experiment("fan_cap=3", "less").kind == "right"
    assert experiment.last is not None
    typo = experiment("fan_cap=8", "less")
    assert typo.kind == "error"
    assert "fan_cap must be one of 3, 4, 5, 6, not 8" in typo.text
    assert experiment.last is None  # the chart never shows the earlier rules as this answer
    assert "No experiment" in experiment.chart()._repr_html_()
    assert "no setting 'colour'" in experiment("colour=red", "less").text


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("fan_cap=6, self_draw_bonus=none", Rules(fan_cap=6, self_draw_bonus="none")),
        (
            "kong_transfer=off pig_pays_winners=True",
            Rules(kong_transfer=False, pig_pays_winners=True),
        ),
        ('Rules(self_draw_bonus="fan")', Rules(self_draw_bonus="fan")),
        ("", Rules()),
    ],
)
def test_rules_from_text(text: str, rules: Rules) -> None:
    assert ex.rules_from(text) == rules


@pytest.mark.parametrize("text", ["fan_cap", "fan_cap=six", "base=0", "colour=red"])
def test_rules_from_bad_text_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        ex.rules_from(text)
