"""Every lesson runs top to bottom, headless, and is stored clean.

Each notebook under ``lessons/`` executes in the ``python3`` kernel of the environment
running the tests, from the notebook's own folder, every code cell twice in a row (a
learner re-runs cells), and must raise no error and print no traceback. It runs again as
a classroom page does: without its cells tagged ``notebook-only``, which Voila leaves out.  The stored file must hold no outputs or execution
counts, and every lesson but ``start-here`` and ``index`` (the landing page) opens with
*What you'll learn* and *What you need*.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
CELL_TIMEOUT = 180  # seconds
KERNEL = "python3"
TRACEBACK = "Traceback (most recent call last)"
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def lesson_paths() -> list[Path]:
    """Every notebook under ``lessons/``, checkpoints left out, in a stable order."""
    return sorted(
        path
        for path in LESSONS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.relative_to(LESSONS).parts
    )


def lesson_id(path: Path) -> str:
    return path.relative_to(LESSONS).as_posix()


ALL_LESSONS = lesson_paths()
# start-here and index (the Voila landing page) list the lessons; every other notebook is a
# numbered lesson.
NUMBERED_LESSONS = [path for path in ALL_LESSONS if path.stem not in {"start-here", "index"}]
every_lesson = pytest.mark.parametrize("path", ALL_LESSONS, ids=lesson_id)
numbered_lessons = pytest.mark.parametrize("path", NUMBERED_LESSONS, ids=lesson_id)


def read(path: Path) -> Any:
    """The notebook as stored, without upgrading its format."""
    return nbformat.read(path, as_version=nbformat.NO_CONVERT)  # type: ignore[no-untyped-call]


def output_texts(output: Any) -> list[str]:
    """The text of one output, whatever its type, with terminal colours removed."""
    texts: list[str] = []
    if output.get("output_type") == "stream":
        texts.append(str(output.get("text", "")))
    elif output.get("output_type") == "error":
        texts.extend(output.get("traceback", []))
    for value in output.get("data", {}).values():
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, list):
            texts.extend(str(line) for line in value)
    return [ANSI_ESCAPE.sub("", text) for text in texts]


def _execute(notebook: nbformat.NotebookNode, path: Path, *, runs: int) -> None:
    """Run every code cell ``runs`` times in a row; fail on an error or a traceback."""
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name=KERNEL,
        resources={"metadata": {"path": str(path.parent)}},
    )
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            for run in range(1, runs + 1):
                client.execute_cell(cell, index)  # raises CellExecutionError if the cell fails
                for output in cell.get("outputs", []):
                    assert output.get("output_type") != "error", f"cell {index}, run {run} raised"
                    for text in output_texts(output):
                        assert TRACEBACK not in text, f"cell {index}, run {run}:\n{text}"


@pytest.mark.notebook
@every_lesson
def test_lesson_runs_and_every_cell_can_be_run_twice(path: Path) -> None:
    """The lesson runs top to bottom, and a learner who re-runs a cell sees it again."""
    _execute(read(path), path, runs=2)


@pytest.mark.notebook
@every_lesson
def test_lesson_runs_as_a_classroom_page(path: Path) -> None:
    """As Voila runs it: the cells tagged ``notebook-only`` are left out, and the rest runs."""
    notebook = read(path)
    notebook.cells = [
        cell for cell in notebook.cells if "notebook-only" not in cell.metadata.get("tags", [])
    ]
    _execute(notebook, path, runs=1)


@every_lesson
def test_lesson_is_stored_without_outputs(path: Path) -> None:
    notebook = read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        assert cell.outputs == [], f"cell {index} is stored with outputs; clear them"
        assert cell.execution_count is None, (
            f"cell {index} is stored with execution count {cell.execution_count}; clear it"
        )


@numbered_lessons
def test_lesson_opens_with_goals_and_prerequisites(path: Path) -> None:
    notebook = read(path)
    opening: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            break
        if cell.cell_type == "markdown":
            opening.append(cell.source.replace("\N{RIGHT SINGLE QUOTATION MARK}", "'"))
    text = "\n".join(opening)
    for heading in ("What you'll learn", "What you need"):
        assert heading in text, f"the markdown before the first code cell lacks {heading!r}"


LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")


@every_lesson
def test_lesson_links_lead_to_lessons(path: Path) -> None:
    """Every link to a notebook (next lesson, back to start) opens a lesson that exists."""
    notebook = read(path)
    broken = [
        target
        for cell in notebook.cells
        if cell.cell_type == "markdown"
        for target in LINK.findall(cell.source)
        if not (path.parent / target).resolve().is_file()
    ]
    assert broken == [], f"links to lessons that do not exist: {broken}"
