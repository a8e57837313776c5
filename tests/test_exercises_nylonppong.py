"""The Nylon-ppong lessons' exercises: a hint first, the answer on a second wrong try, no traceback."""

from __future__ import annotations

import re

import pytest

from kit.exercises import Exercise
from kit.exercises import nylonppong as ex
from kit.nylonppong import Rules, simulate

NOTEBOOK_TALK = re.compile(
    r"run this cell|run the cell|next cell|cell above|cell below|between the quotes|run it again",
    re.IGNORECASE,
)

# exercise, a right answer, two different wrong answers, a typo
CASES = [
    (ex.low_hand, "1B 1R 2A 2R 4A", "1B 1R 2A 2R 5A", "1B 2A 3B 4A 5A", "1B 1Q"),
    (ex.paulownia_bright, "11B", "12B", "11D", "11Z"),
    (ex.claimable_discard, "7J2", "12R", "4R", "7J9"),
    (ex.stop_only_at_ten, "2A 4A", "1B 2A", "11B 12B", "2A"),
    (ex.four_and_pair, "1B 1R 1J1 1J2 3B 3R", "3B 3R 3J1 3J2 4A 4R", "1B 2A 3B 4A 5A 6A", "1B"),
    (ex.straight_45, "5A 6A 7A 8A 9A 10A", "1B 2A 3B 4A 5A 6A", "1B 1R 2A 2R 3B 3R", "5A 6A"),
    (ex.stop_penalty, "34", "4", "5", "thirty"),
    (ex.victim_penalties, "[35, 53, 0, 41]", "35 3 0 41", [35, 33, 0, 41], "35 53 0"),
    (ex.coach_throw, "3", "10", "9", "11"),
]
IDS = [case[0].key for case in CASES]


@pytest.mark.parametrize(("exercise", "right", "wrong", "other", "typo"), CASES, ids=IDS)
def test_hint_first_then_the_answer_and_a_typo_is_a_message(
    exercise: Exercise, right: object, wrong: object, other: object, typo: object
) -> None:
    exercise.reset()
    try:
        first = exercise(wrong)
        assert first.kind == "hint", first.text
        assert "Hint:" in first.text
        assert exercise(wrong).kind == "hint"  # the same answer again is not a second try
        error = exercise(typo)
        assert error.kind in ("error", "hint"), error.text
        assert "Traceback" not in error.text
        second = exercise(other)
        assert second.kind == "answer", second.text
        assert "The answer:" in second.text
        good = exercise(right)
        assert good.kind == "right", good.text
        assert good.text.startswith("Right")
    finally:
        exercise.reset()


@pytest.mark.parametrize("exercise", [case[0] for case in CASES], ids=IDS)
def test_a_blank_answer_gets_a_prompt_without_notebook_talk(exercise: Exercise) -> None:
    for blank in ("", "  ", None):
        feedback = exercise(blank)
        assert feedback.kind == "missing"
        assert not NOTEBOOK_TALK.search(feedback.text), feedback.text


def test_the_answer_is_not_in_the_hint() -> None:
    claimable = ex.claimable_discard
    assert "7J2" not in claimable("12R").text
    assert "7J2" in claimable("4R").text


def test_the_four_and_pair_worked_in_the_lesson_does_not_count_as_an_answer() -> None:
    from kit.exercises.nylonppong import _four_and_pair
    from kit.hwatu import Hand

    worked = _four_and_pair(Hand.parse("2A 1B 2R 1J2 1R 1J1"))  # four 1s and two 2s, any order
    assert not worked.right and "the lesson's own example" in worked.says
    for other in ("1B 1R 1J1 1J2 3B 3R", "2A 2R 2J1 2J2 1B 1R"):  # sums of 10: also −100
        assert _four_and_pair(Hand.parse(other)).right, other


def test_lesson_4_reads_a_number_or_a_list_in_any_spelling() -> None:
    assert ex.stop_penalty(34).kind == "right"
    assert ex.victim_penalties([35, 53, 0, 41]).kind == "right"
    assert ex.victim_penalties("35, 53, 0, 41").kind == "right"
    short = ex.victim_penalties("35 53")
    assert "2 numbers" in short.text
    ex.stop_penalty.reset()
    ex.victim_penalties.reset()


def test_the_widget_checks_what_is_typed_and_never_talks_about_cells() -> None:
    ex.low_hand.reset()
    form = ex.low_hand.widget(["Your five cards"])
    box, button, out = form.children
    button.click()
    assert "No answer yet" in out.value
    assert not NOTEBOOK_TALK.search(out.value)
    box.value = "1B 1Q"
    button.click()
    assert "cannot read" in out.value
    box.value = "1B 1R 2A 2R 4A"
    button.click()
    assert "kit-feedback-right" in out.value
    ex.low_hand.reset()


@pytest.fixture(scope="module")
def limits() -> dict[str, object]:
    return {
        "stop limit 5": simulate(400, rules=Rules(), seed=0),
        "stop limit 10": simulate(400, rules=Rules(stop_limit=10), seed=0),
    }


def test_stops_by_sum_counts_every_stop_and_its_failures(limits: dict) -> None:  # type: ignore[type-arg]
    table = ex.stops_by_sum(limits)
    for label, frame in limits.items():
        stops = frame[frame["ended_by"] == "stop"]
        assert table.loc["all", (label, "stops")] == len(stops)
        assert table.loc["all", (label, "failed")] == int(stops["stop_failed"].sum())
    assert table.loc[[6, 7, 8, 9, 10], ("stop limit 5", "stops")].sum() == 0
    assert table.loc[[6, 7, 8, 9, 10], ("stop limit 10", "stops")].sum() > 0


def test_predicting_stop_failures_explains_the_high_sums(limits: dict) -> None:  # type: ignore[type-arg]
    question = ex.predict_stop_failures(limits)
    right = next(word for word in ("larger", "smaller") if question(word).kind == "right")
    text = question(right).text
    assert "above 5" in text
    assert "compare the two lines" not in text.lower()
    assert question("bigger").kind == "error"


def test_an_experiment_refuses_a_misspelt_rule_and_says_when_nothing_changed() -> None:
    typo = ex.run_experiment("", stop_limt=10)
    assert isinstance(typo, ex.Feedback)
    assert "stop_limit" in typo.text
    out_of_range = ex.run_experiment("", players=9)
    assert isinstance(out_of_range, ex.Feedback)
    same = ex.experiment("nothing", rounds=100, failed_stop_penalty=30)
    assert not same.moved
    assert "no effect" in same._repr_html_()
    moved = ex.experiment("", rounds=100, stop_limit=10)
    assert moved.moved
    assert "Rules(" not in moved._repr_html_()


def test_an_answer_typed_in_a_cell_is_kept_where_the_exercise_was_shown() -> None:
    """A lesson shows the box with the learner's memory; the answer typed in a cell after it
    is kept there too, under the same lesson, and a blank one is not a try."""
    from kit.progress import Store

    store = Store(":memory:")
    ex.low_hand.widget(["Your five cards"], store=store, lesson="nylon-ppong/01-hwatu-deck")
    assert ex.low_hand("").kind == "missing"
    assert ex.low_hand("1B 1R 2A 2R 5A").kind == "hint"
    assert ex.low_hand("1B 1R 2A 2R 4A").kind == "right"
    tries = store.attempts("nylon-ppong/01-hwatu-deck")
    assert [(t.question, t.correct, t.hint_level) for t in tries] == [
        (ex.low_hand.key, False, 0),
        (ex.low_hand.key, True, 1),
    ]
    other = Store(":memory:")
    assert ex.low_hand("1B 1R 2A 2R 4A", store=other, lesson="elsewhere").kind == "right"
    assert len(other.attempts("elsewhere")) == 1 and len(store.attempts()) == 2
    ex.low_hand.widget()  # shown again without a memory: typed answers are no longer kept
    ex.low_hand("1B 1R 2A 2R 4A")
    assert len(store.attempts()) == 2
