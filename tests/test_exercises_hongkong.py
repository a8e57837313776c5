"""The Hong Kong lessons' exercises, and the shipped results of lesson 7's simulations.

Every exercise gives a hint on a first wrong answer and the answer only on a second,
different one; a typo is a message, never a traceback; the right answer is accepted
from a notebook cell and from the classroom widget's text boxes alike. The shipped
simulation results are what the kit plays today (re-checked on a few deals of each run).
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from kit.data import golden
from kit.exercises import Exercise, hongkong
from kit.hongkong.rules import Rules
from kit.hongkong.sim import simulate

Answers = tuple[Any, ...]

# (exercise, a right answer, a wrong answer, another wrong answer, a typo)
CASES = [
    (hongkong.claims, ("0 3",), ("0 1",), ("1",), ("seat nine",)),
    (hongkong.shapes, ("bc",), ("ab",), ("b",), ("zz",)),
    (hongkong.round_fan, (3, 2), (2, 2), (1, 1), (3, "two")),
    (
        hongkong.small_patterns,
        ("123m 456p 55s [555z] [666z]", "5s", True, "E", "E"),
        ("123m 456p 55s [555z] [666z]", "5s", False, "E", "E"),
        ("123m 456p 789s 55s 234p", "5s", True, "E", "E"),
        ("123m 456p 55s [555z] [666z]", "5s", "maybe", "E", "E"),
    ),
    (hongkong.fan_of_three, (4, 7, 10), (1, 2, 3), (4, 8, 10), ("a", 7, 10)),
    (
        hongkong.cap_without_limit,
        ("111p 333p 55p [777p] [999p]", "5p", True),
        ("123p 456p 789p 99p [234p]", "9p", False),
        ("111z 222z 555z 66z [777z]", "6z", False),
        ("123p 456p 789p 99p [234x]", "9p", False),
    ),
    (
        hongkong.self_draw_nets,
        ([-32, -32, 96, -32],),
        ([-16, -16, 48, -16],),
        ("0 0 0 0",),
        ("lots",),
    ),
    (hongkong.flat_table, ("10", "5"), ("10", "10"), ("20", "5"), ("10 10", "5")),
    (hongkong.liable, (2, 384), (1, 384), (2, 128), ("two", 384)),
    (hongkong.nets_without_pao, ("-128 -128 -128 384",), ("0 0 -384 384",), ("1 2 3 4",), ("x",)),
    (hongkong.acceptance, (11,), (5,), (6,), ("eleven",)),
    (hongkong.possible_at_two, ("abd",), ("a",), ("abcd",), ("xyz",)),
    (
        hongkong.golden_table,
        ("16", "24"),
        ("16 32 48 64 96 128 192 256",) * 2,
        ("",) * 2,
        ("1 2", "3"),
    ),
]
IDS = [case[0].key for case in CASES]


@pytest.fixture(autouse=True)
def fresh() -> None:
    for case in CASES:
        case[0].reset()


# The discard and Golden-table questions answer from the coach and the shipped runs:
# their hint-then-answer steps have tests of their own below.
STEPPED = [case for case in CASES if case[0].key not in ("hk6-discard", "hk7-golden")]


@pytest.mark.parametrize(
    ("question", "right", "wrong", "other", "typo"), STEPPED, ids=[c[0].key for c in STEPPED]
)
def test_hint_first_then_the_answer(
    question: Exercise, right: Answers, wrong: Answers, other: Answers, typo: Answers
) -> None:
    first = question(*wrong)
    assert first.kind == "hint", first.text
    assert "Hint:" in first.text
    again = question(*wrong)
    assert again.kind == "hint", "the same wrong answer again still gets only the hint"
    second = question(*other)
    assert second.kind == "answer", second.text
    assert question(*right).kind == "right"


@pytest.mark.parametrize(("question", "right", "wrong", "other", "typo"), CASES, ids=IDS)
def test_a_typo_is_a_message_not_a_traceback(
    question: Exercise, right: Answers, wrong: Answers, other: Answers, typo: Answers
) -> None:
    feedback = question(*typo)
    assert feedback.kind in ("error", "missing"), feedback.text
    assert question.wrong == [], "a typo does not count as a wrong try"


@pytest.mark.parametrize(("question", "right", "wrong", "other", "typo"), CASES, ids=IDS)
def test_right_answers_are_right(
    question: Exercise, right: Answers, wrong: Answers, other: Answers, typo: Answers
) -> None:
    feedback = question(*right)
    assert feedback.kind == "right", feedback.text


def test_no_answer_is_a_prompt() -> None:
    assert hongkong.claims("").kind == "missing"
    assert hongkong.round_fan(None, 2).kind == "missing"


def test_the_answer_never_comes_with_the_first_wrong_try() -> None:
    """Lessons 1 and 7 printed the answer on the first wrong try: no exercise does now."""
    for question, _, wrong, _, _ in CASES:
        question.reset()
        if question.key == "hk7-golden":
            continue
        text = question(*wrong).text
        answer = question.answer() if callable(question.answer) else question.answer
        assert answer not in text, question.key


def test_a_cell_and_the_widget_take_the_same_answers() -> None:
    """The notebook passes Python values; the classroom widget passes the boxes' text."""
    assert hongkong.round_fan("3", "2").kind == "right"
    assert hongkong.self_draw_nets("−32, −32, 96, −32").kind == "right"  # a typed minus sign
    assert hongkong.small_patterns("123m 456p 55s [555z] [666z]", "5s", "yes", "e", "E").kind == (
        "right"
    )
    frame = Rules().table.to_frame()
    frame["discard"], frame["self_draw"] = 10, 5
    assert hongkong.flat_table(frame).kind == "right"


def test_the_widget_checks_in_the_page() -> None:
    box = hongkong.liable.widget()
    seat, amount, button, out = box.children
    seat.value, amount.value = "2", "384"
    button.click()
    assert "kit-feedback-right" in out.value
    assert [child.description for child in box.children[:2]] == list(hongkong.liable.labels)


def test_every_question_has_a_box_per_answer() -> None:
    for question, right, *_ in CASES:
        assert isinstance(question, Exercise)
        assert question.labels, question.key
        if question.question.read is None:  # a table may come whole or as its columns
            assert len(question.labels) == len(right), question.key


def test_which_discard_follows_the_coach() -> None:
    """The coach is tuned elsewhere: the check asks it, so its best discard is always right."""
    ranking = hongkong._ranking()
    discard = hongkong.discard
    best = str(ranking.iloc[0]["discard"])
    assert discard(best).kind == "right"
    worst = str(ranking.iloc[-1]["discard"])
    next_worst = str(ranking.iloc[-2]["discard"])
    discard.reset()
    if ranking.iloc[-1]["effort"] != ranking.iloc[0]["effort"]:
        assert discard(worst).kind == "hint"
        if ranking.iloc[-2]["effort"] != ranking.iloc[0]["effort"]:
            assert discard(next_worst).kind == "answer"
    assert discard("1z").kind == "error"  # not in the hand
    assert discard("9x").kind == "error"  # not a tile


def test_your_own_golden_table_reprices_the_same_deals() -> None:
    feedback = hongkong.golden_table(
        "16 32 64 128 256 512 1024 2048", "16 32 64 128 256 512 1024 2048"
    )
    assert feedback.kind == "right"
    assert "per deal" in feedback.text
    still = hongkong.golden_table("16 32 48 64 96 128 192 256", "16 32 48 64 96 128 192 256")
    assert still.kind == "hint" and "default" in still.text


# --- the shipped results ------------------------------------------------------------------


@pytest.mark.parametrize("label", list(golden.RUNS))
def test_shipped_results_are_what_the_kit_plays_now(label: str) -> None:
    """Drift check: the first deals of each shipped run, played again now, are identical.
    If this fails, the bots, the engine or the scoring changed: run python -m kit.data.golden."""
    rules = golden.RUNS[label]
    assert golden.shipped_for(rules, golden.DEALS, golden.SEED), f"{label} is not shipped"
    shipped = golden.results({label: rules})[label]
    assert len(shipped) == golden.DEALS
    fresh = simulate(12, rules=rules, seed=golden.SEED)
    pd.testing.assert_frame_equal(shipped.head(12), fresh)
    assert shipped.attrs["seed"] == golden.SEED and shipped.attrs["rules"] == rules


def test_another_run_is_played_not_loaded() -> None:
    told: list[tuple[str, int, int]] = []
    rules = Rules(players=2)
    assert not golden.shipped_for(rules, 5, seed=99)
    frames = golden.results({"other": rules}, deals=5, seed=99, progress=lambda *a: told.append(a))
    pd.testing.assert_frame_equal(frames["other"], simulate(5, rules=rules, seed=99))
    assert told and told[-1] == ("other", 5, 5)


def test_the_typed_in_golden_run_is_the_two_player_run_repriced() -> None:
    frames = golden.results()
    two, typed = frames["2 players, 80 tiles"], frames["2 players, typed-in Golden"]
    assert two["fan"].equals(typed["fan"])
    pd.testing.assert_frame_equal(golden.reprice(two, golden.typed_golden()), typed)


def test_reprice_refuses_a_table_of_another_size() -> None:
    with pytest.raises(ValueError, match="seats"):
        golden.reprice(golden.results()["2 players, 80 tiles"], Rules())


def test_the_rerun_button_plays_again_and_reports() -> None:
    from kit.widgets.hongkong.golden import Rerun

    runs = {"2 players, 80 tiles": golden.RUNS["2 players, 80 tiles"]}
    frames = golden.results(runs, deals=4)
    rerun = Rerun(
        frames, runs, deals=4, summary=lambda f: pd.DataFrame({k: [len(v)] for k, v in f.items()})
    )
    assert "same rows" in rerun.play()
    assert rerun.bar.value == rerun.bar.max == 4
    assert not rerun.button.disabled
    assert "<table" in rerun.table.value
    rerun.start()
    assert rerun.thread is not None
    rerun.thread.join(timeout=60)
    assert "same rows" in rerun.status.value
