"""Every lesson keeps its exercises' tries in the learner's memory, under the lesson's name.

Each numbered lesson names itself in its first code cell, ``LESSON = "<game folder>/<file
stem>"``, and, when a later cell uses the learner's memory, opens it there too (``memory =
Store()``) and nowhere else. Every exercise it shows is given both
(``.widget(..., store=memory, lesson=LESSON)``), so each try is kept and the Progress
widget counts the exercises right at the first try; its last cell marks the lesson done
with ``lesson_done(LESSON)``. The cells are read, not run (``test_lessons.py`` runs them);
a failure names the notebook and the cell.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NUMBERED = sorted(LESSONS.glob("*/[0-9][0-9]-*.ipynb"))
NAME = "LESSON"
MEMORY = "memory"


def lesson_of(path: Path) -> str:
    """The lesson's name: its path under ``lessons/`` without ``.ipynb``."""
    return path.relative_to(LESSONS).with_suffix("").as_posix()


def code_cells(notebook: Any) -> list[tuple[str, ast.Module]]:
    """Each code cell as (where it is, its parsed source): "cell 5 (id cell-05)"."""
    cells = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        where = f"cell {index} (id {cell.get('id', '?')})"
        try:
            tree = ast.parse(cell.source)
        except SyntaxError as error:
            pytest.fail(f"{where} is not Python the test can read: {error}", pytrace=False)
        cells.append((where, tree))
    return cells


def assigned(tree: ast.AST, name: str) -> list[ast.Assign]:
    """The plain assignments to ``name`` in ``tree``."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]


def loads(tree: ast.AST, name: str) -> bool:
    """Does ``tree`` read ``name``?"""
    return any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
        for node in ast.walk(tree)
    )


def root_name(node: ast.expr) -> str | None:
    """The name an expression starts from: ``x`` in ``x``, ``x.y``, ``x(...)`` or ``x[0].y``."""
    while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def exercise_names(cells: list[tuple[str, ast.Module]]) -> set[str]:
    """The names that hold exercises: what is imported from ``kit.exercises``, and what is
    made from it (``my_experiment = experiment(df)``)."""
    names: set[str] = set()
    for _, tree in cells:
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kit.exercises"):
                names.update(alias.asname or alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(
                    (alias.asname or alias.name).split(".")[0]
                    for alias in node.names
                    if alias.name.startswith("kit.exercises")
                )
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and root_name(node.value) in names:
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def keyword(call: ast.Call, name: str) -> str | None:
    """The name passed as ``name=`` to ``call`` (None if it is not given a plain name)."""
    for given in call.keywords:
        if given.arg == name:
            return given.value.id if isinstance(given.value, ast.Name) else ast.unparse(given.value)
    return None


def exercise_widgets(cells: list[tuple[str, ast.Module]]) -> Iterator[tuple[str, ast.Call]]:
    """Each ``.widget(...)`` call on an exercise, with the cell it is in."""
    names = exercise_names(cells)
    for where, tree in cells:
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "widget"
                and root_name(node.func.value) in names
            ):
                yield where, node


def typed_before_shown(cells: list[tuple[str, ast.Module]]) -> list[str]:
    """An answer typed in a cell (``low_hand("1B 2A")``) is kept where the exercise was last
    shown: each call of an exercise that is shown as a widget must come after it is shown."""
    shown: dict[str, int] = {}
    places = [where for where, _ in cells]
    for where, call in exercise_widgets(cells):
        assert isinstance(call.func, ast.Attribute)
        if isinstance(call.func.value, ast.Name):  # ``name.widget(...)``, not ``make(df).widget``
            name, at = call.func.value.id, places.index(where)
            shown[name] = min(at, shown.get(name, at))
    found = []
    for at, (where, tree) in enumerate(cells):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in shown
                and at <= shown[node.func.id]
            ):
                found.append(
                    f"{where}: {ast.unparse(node)} comes before {node.func.id}.widget(...), "
                    "so the answer typed there would not be kept"
                )
    return found


def problems(notebook: Any, lesson: str) -> list[str]:
    """What keeps the lesson's tries out of the learner's memory, cell by cell."""
    cells = code_cells(notebook)
    if not cells:
        return ["the lesson has no code cell"]
    found: list[str] = []
    (first_where, first), later = cells[0], cells[1:]

    names = [node.value for node in assigned(first, NAME)]
    if not any(isinstance(v, ast.Constant) and v.value == lesson for v in names):
        shown = ", ".join(ast.unparse(v) for v in names) or "nothing"
        found.append(f"{first_where}, the first code cell, must set {NAME} = {lesson!r}: {shown}")
    for where, tree in later:
        if assigned(tree, NAME):
            found.append(f"{where} sets {NAME} again: only the first code cell names the lesson")

    opened = [node.value for node in assigned(first, MEMORY)]
    used = any(loads(tree, MEMORY) for _, tree in later)
    store = any(
        isinstance(v, ast.Call) and root_name(v.func) == "Store" and not v.args for v in opened
    )
    if used and not store:
        found.append(f"{first_where}, the first code cell, must open {MEMORY} = Store()")
    if opened and not used:
        found.append(f"{first_where} opens {MEMORY}, but no later cell uses it")
    for where, tree in later:
        if assigned(tree, MEMORY):
            found.append(f"{where} sets {MEMORY} again: only the first code cell opens it")

    for where, call in exercise_widgets(cells):
        shown = ast.unparse(call)
        if keyword(call, "store") != MEMORY:
            found.append(f"{where}: {shown} does not pass store={MEMORY}")
        if keyword(call, "lesson") != NAME:
            found.append(f"{where}: {shown} does not pass lesson={NAME}")

    found += typed_before_shown(cells)

    done = [
        (where, node)
        for where, tree in cells
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and root_name(node.func) == "lesson_done"
    ]
    if not done:
        found.append("no cell calls lesson_done(LESSON)")
    for where, call in done:
        if not (
            len(call.args) == 1
            and not call.keywords
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id == NAME
        ):
            found.append(f"{where}: {ast.unparse(call)} must be lesson_done({NAME})")
    return found


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]


def test_there_are_the_numbered_lessons() -> None:
    assert len(NUMBERED) == 19


@pytest.mark.parametrize("path", NUMBERED, ids=lesson_of)
def test_the_lesson_keeps_its_tries_in_the_learners_memory(path: Path) -> None:
    found = problems(read(path), lesson_of(path))
    assert found == [], f"{path.relative_to(LESSONS)}:\n  " + "\n  ".join(found)


def test_the_lessons_show_their_exercises_with_the_memory() -> None:
    """Not a vacuous pass: the exercise widgets are found, in every game folder."""
    shown = {
        path.parent.name: sum(1 for _ in exercise_widgets(code_cells(read(path))))
        for path in NUMBERED
    }
    assert set(shown) == {"hongkong", "nylon-ppong", "sichuan"}
    assert all(count > 0 for count in shown.values()), shown


def notebook_of(*sources: str) -> Any:
    """A notebook of code cells with ids c0, c1, ..."""
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.cells = [
        nbformat.v4.new_code_cell(source, id=f"c{index}")  # type: ignore[no-untyped-call]
        for index, source in enumerate(sources)
    ]
    return notebook


SET_UP = 'from kit.progress import Store\n\nLESSON = "sichuan/09-x"\nmemory = Store()'
DONE = "from kit.progress import lesson_done\n\nlesson_done(LESSON)"


def test_the_checks_pass_a_lesson_that_keeps_its_tries() -> None:
    shown = "from kit.exercises.sichuan import cap_values\n\n"
    shown += 'cap_values.widget(["cap 3"], store=memory, lesson=LESSON)'
    made = "from kit.exercises import sichuan\n\nmine = sichuan.experiment(df)\n"
    made += "mine.widget(store=memory, lesson=LESSON)"
    assert problems(notebook_of(SET_UP, shown, made, DONE), "sichuan/09-x") == []
    # a lesson without exercises names itself, and opens no memory
    assert problems(notebook_of('LESSON = "sichuan/09-x"', DONE), "sichuan/09-x") == []


def test_the_checks_name_the_cell_of_each_problem() -> None:
    bare = "from kit.exercises.sichuan import cap_values as c\n\nc.widget()"
    made = "from kit.exercises.sichuan import experiment\n\nexperiment(df).widget(store=memory)"
    again = "from kit.progress import Store\n\nmemory = Store()\nLESSON = 'x'"
    named = 'lesson_done("sichuan/09-x")'
    found = problems(notebook_of(SET_UP, bare, made, again, named), "sichuan/09-x")
    assert found == [
        "cell 3 (id c3) sets LESSON again: only the first code cell names the lesson",
        "cell 3 (id c3) sets memory again: only the first code cell opens it",
        "cell 1 (id c1): c.widget() does not pass store=memory",
        "cell 1 (id c1): c.widget() does not pass lesson=LESSON",
        "cell 2 (id c2): experiment(df).widget(store=memory) does not pass lesson=LESSON",
        "cell 4 (id c4): lesson_done('sichuan/09-x') must be lesson_done(LESSON)",
    ]
    misnamed = problems(notebook_of(SET_UP.replace("09-x", "08-y"), DONE), "sichuan/09-x")
    assert misnamed == [
        "cell 0 (id c0), the first code cell, must set LESSON = 'sichuan/09-x': 'sichuan/08-y'",
        "cell 0 (id c0) opens memory, but no later cell uses it",
    ]
    unopened = problems(notebook_of('LESSON = "x"', "Drill(store=memory)", DONE), "x")
    assert unopened == ["cell 0 (id c0), the first code cell, must open memory = Store()"]
    assert problems(notebook_of('LESSON = "x"'), "x") == ["no cell calls lesson_done(LESSON)"]


def test_an_answer_typed_before_its_widget_is_named() -> None:
    shown = "from kit.exercises.sichuan import cap_values\n\n"
    shown += 'cap_values.widget(["cap 3"], store=memory, lesson=LESSON)'
    typed = "cap_values(8, 64)"
    ordered = problems(notebook_of(SET_UP, shown, typed, DONE), "sichuan/09-x")
    assert ordered == []
    early = problems(notebook_of(SET_UP, typed, shown, DONE), "sichuan/09-x")
    assert early == [
        "cell 1 (id c1): cap_values(8, 64) comes before cap_values.widget(...), "
        "so the answer typed there would not be kept"
    ]
