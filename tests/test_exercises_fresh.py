"""An exercise starts afresh whenever it is shown: its first wrong try always gets the hint.

The exercises are module values, so their tries would outlive a cell or a lesson run again
in the same kernel. Showing one (``widget()``) forgets its tries, and every lesson shows an
exercise before its notebook check cell, so a learner who runs the cell again, or the whole
lesson, never gets the answer on a first wrong try.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from kit.exercises import Exercise, hongkong, nylonppong, sichuan
from kit.progress import Store

LESSONS = Path(__file__).resolve().parents[1] / "lessons"

# lesson, exercise, a wrong answer, another wrong answer (the learner's last, still in the cell)
RERUNS = [
    ("hongkong/04-minimum-cap-and-payments", "self_draw_nets", ("-16 -16 48 -16",), ("0 0 0 0",)),
    ("hongkong/05-pao", "liable", (1, 384), (2, 128)),
    ("hongkong/05-pao", "nets_without_pao", ("0 0 -384 384",), ("1 2 3 4",)),
    ("nylon-ppong/04-scoring", "stop_penalty", (4,), (5,)),
    ("nylon-ppong/04-scoring", "victim_penalties", ("35 3 0 41",), ([35, 33, 0, 41],)),
    ("sichuan/01-tiles-and-void", "choose_void", ("s",), ("m",)),
    ("sichuan/01-tiles-and-void", "which_hands_win", ("a",), ("abcd",)),
    ("sichuan/04-wind-and-rain", "follow_the_money", ([-3, 3, 1, -1],), ([0, 0, 0, 0],)),
]


def _code_cells(lesson: str) -> list[Any]:
    path = LESSONS / f"{lesson}.ipynb"
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


ANSWER_LINE = re.compile(r"\s*(\w+\s*=\s*[^=].*)?(#.*)?")


def _exercise_cells(lesson: str) -> list[Any]:
    """The cells a learner runs for the lesson's exercises: the ones that show them, the
    notebook's answer cells (plain assignments) and its check cells."""
    cells = []
    for cell in _code_cells(lesson):
        notebook_only = "notebook-only" in cell.metadata.get("tags", [])
        answer = all(ANSWER_LINE.fullmatch(line) for line in cell.source.splitlines())
        check = re.fullmatch(r"\w+\([^()]*\)(\s*#.*)?", cell.source.strip()) is not None
        shows = "kit.exercises" in cell.source or ".widget(" in cell.source
        if shows or (notebook_only and (answer or check)):
            cells.append(cell)
    return cells


def _run_lesson(lesson: str, namespace: dict[str, Any], name: str, stale: tuple[Any, ...]) -> Any:
    """Run the lesson's exercise cells in order, as a kernel running it again does; the check
    cell of ``name`` checks ``stale``, the answer the learner left in the notebook. Returns
    that check's feedback. The lesson's name and a memory of its own stand in for what the
    lesson's first cell sets up."""
    namespace.setdefault("LESSON", lesson)
    namespace.setdefault("memory", Store(":memory:"))
    feedback = None
    for cell in _exercise_cells(lesson):
        if re.match(rf"{name}\(", cell.source.strip()):
            feedback = namespace[name](*stale)
        else:
            exec(cell.source, namespace)  # the lesson's own cells
    assert feedback is not None, f"{lesson} has no check cell for {name}"
    return feedback


@pytest.mark.parametrize(
    ("lesson", "name", "wrong", "other"), RERUNS, ids=[f"{c[0]}-{c[1]}" for c in RERUNS]
)
def test_a_lesson_run_again_in_the_same_kernel_starts_every_exercise_afresh(
    lesson: str, name: str, wrong: tuple[Any, ...], other: tuple[Any, ...]
) -> None:
    namespace: dict[str, Any] = {}
    first = _run_lesson(lesson, namespace, name, wrong)
    assert first.kind == "hint", first.text
    exercise = namespace[name]
    assert exercise(*other).kind == "answer"  # the first run reached the answer
    again = _run_lesson(lesson, namespace, name, other)
    assert again.kind == "hint", f"the re-run lesson gave the answer at once: {again.text}"
    assert "The answer" not in again.text


SHOWN = [
    (hongkong.self_draw_nets, ("-16 -16 48 -16",), ("0 0 0 0",)),
    (hongkong.nets_without_pao, ("0 0 -384 384",), ("1 2 3 4",)),
    (nylonppong.stop_penalty, ("4",), ("5",)),
    (sichuan.choose_void, ("s",), ("m",)),
]


@pytest.mark.parametrize(("exercise", "wrong", "other"), SHOWN, ids=[c[0].key for c in SHOWN])
def test_running_again_the_cell_that_shows_an_exercise_starts_it_afresh(
    exercise: Exercise, wrong: tuple[str, ...], other: tuple[str, ...]
) -> None:
    """Two wrong tries in the boxes reach the answer; the cell run again shows fresh boxes,
    and a third wrong answer, the first of this showing, gets the hint."""

    def check(form: Any, answers: tuple[str, ...]) -> str:
        *boxes, button, out = form.children
        for box, answer in zip(boxes, answers, strict=True):
            box.value = answer
        button.click()
        return str(out.value)

    form = exercise.widget()
    assert "kit-feedback-hint" in check(form, wrong)
    assert "kit-feedback-answer" in check(form, other)
    again = exercise.widget()
    assert "kit-feedback-hint" in check(again, other)
    assert exercise(*wrong).kind == "answer"  # the cell's check shares this showing's tries
    exercise.reset()
