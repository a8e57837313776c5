"""The store knows the lessons worked through; the start page says where to go on; the tests
never touch the learner's own store."""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import nbformat
import pytest
from test_progress_safety import FIRST_FORMAT, RULES_JSON

from kit.progress import PATH_VARIABLE, LessonDone, Store, default_path, lesson_done
from kit.progress.course import game_of, lesson_paths, lesson_title, next_up
from kit.progress.schema import APPLICATION, MIGRATIONS, VERSION
from kit.widgets.progress import continue_where_you_left_off, done_marks

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
LESSONS = Path(__file__).resolve().parents[1] / "lessons"


# --- The tests' own store ---------------------------------------------------------------------


def test_the_tests_keep_progress_out_of_the_learners_jupyter_data_dir() -> None:
    from jupyter_core.paths import jupyter_data_dir

    assert os.environ.get(PATH_VARIABLE)
    path = default_path().resolve()
    assert path == Path(os.environ[PATH_VARIABLE]).resolve()
    assert not path.is_relative_to(Path(jupyter_data_dir()).resolve())
    assert not path.is_relative_to(Path.home() / ".local" / "share" / "jupyter")


def test_the_variable_names_the_default_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(PATH_VARIABLE, str(tmp_path / "mine.sqlite"))
    with Store() as store:
        store.lesson_done("sichuan/01-tiles-and-void", at=START)
    assert store.path == tmp_path / "mine.sqlite"
    assert [d.lesson for d in Store(tmp_path / "mine.sqlite").lessons()] == [
        "sichuan/01-tiles-and-void"
    ]


# --- Lessons done -----------------------------------------------------------------------------


def test_a_lesson_done_keeps_its_first_and_last_time() -> None:
    store = Store(":memory:")
    store.lesson_done("sichuan/01-tiles-and-void", at=START)
    store.lesson_done("sichuan/02-winning-hands-and-waits.ipynb", at=START + timedelta(hours=1))
    again = store.lesson_done("sichuan/01-tiles-and-void", at=START + timedelta(days=2))
    assert again == LessonDone(
        "sichuan/01-tiles-and-void", START, START + timedelta(days=2), times=2
    )
    assert [(d.lesson, d.times) for d in store.lessons()] == [
        ("sichuan/02-winning-hands-and-waits", 1),
        ("sichuan/01-tiles-and-void", 2),
    ]


def test_a_bad_lesson_names_the_argument() -> None:
    store = Store(":memory:")
    with pytest.raises(TypeError, match="lesson"):
        store.lesson_done(6)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lesson"):
        store.lesson_done("  ")


def test_forget_and_export_cover_the_lessons(tmp_path: Path) -> None:
    store = Store(":memory:")
    store.lesson_done("hongkong/05-pao", at=START)
    copy = Store(":memory:")
    copy.import_json(store.export_json(tmp_path / "progress.json"))
    copy.import_json(tmp_path / "progress.json")
    assert copy.lessons() == [LessonDone("hongkong/05-pao", START, START, times=2)]
    store.forget()
    assert store.lessons() == []


def version_one_file(path: Path) -> None:
    """A file as the kit wrote it before lessons were kept: version 1, with a row of each."""
    connection = sqlite3.connect(path)
    for statement in (*FIRST_FORMAT, *MIGRATIONS[0]):
        connection.execute(statement)
    connection.execute("INSERT INTO meta VALUES ('application', ?)", (APPLICATION,))
    connection.execute(
        "INSERT INTO deals VALUES (1, '2024-12-01T10:00:00.000000+00:00', 'sichuan', ?, 4, -2, 1)",
        (RULES_JSON,),
    )
    connection.execute(
        "INSERT INTO decisions VALUES (1, 0, 'discard', '5p', '9s', 0, 'kept 9s', 0.75, 0.1)"
    )
    connection.execute(
        "INSERT INTO attempts VALUES (1, '2024-12-01T10:05:00.000000+00:00', 'sichuan/01',"
        " 'q1', '3', 1, 0)"
    )
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()


def test_a_version_one_file_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    version_one_file(path)
    with Store(path) as store:
        assert store.saving and store.message is None
        (deal,) = store.deals()
        assert deal.decisions[0].win_gap == 0.1 and deal.net == -2
        assert [a.question for a in store.attempts()] == ["q1"]
        assert store.lessons() == []
        store.lesson_done("sichuan/01-tiles-and-void", at=START)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == VERSION == 2
    assert connection.execute("SELECT count(*) FROM lessons").fetchone()[0] == 1
    connection.close()


def test_the_helper_records_in_the_default_store_and_never_raises(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(PATH_VARIABLE, str(tmp_path / "progress.sqlite"))
    assert lesson_done("nylon-ppong/04-scoring") is None
    assert [d.lesson for d in Store(tmp_path / "progress.sqlite").lessons()] == [
        "nylon-ppong/04-scoring"
    ]
    (tmp_path / "blocked").write_text("a file, not a folder")
    monkeypatch.setenv(PATH_VARIABLE, str(tmp_path / "blocked" / "progress.sqlite"))
    assert lesson_done("nylon-ppong/04-scoring") is None
    assert lesson_done("") is None


# --- The lessons, in order ---------------------------------------------------------------------


def numbered_lessons() -> list[Path]:
    return sorted(LESSONS.glob("*/[0-9][0-9]-*.ipynb"))


def test_the_order_is_the_numbering_of_each_game_folder() -> None:
    assert len(lesson_paths()) == len(numbered_lessons()) == 19
    assert lesson_paths("sichuan")[:2] == (
        "sichuan/01-tiles-and-void",
        "sichuan/02-winning-hands-and-waits",
    )
    assert game_of("hongkong/05-pao") == "hongkong" and game_of("start-here") is None
    assert "Pao" in lesson_title("hongkong/05-pao")


@pytest.mark.parametrize("path", numbered_lessons(), ids=lambda p: p.stem)
def test_each_lesson_records_itself_done_in_its_last_code_cell(path: Path) -> None:
    lesson = path.relative_to(LESSONS).with_suffix("").as_posix()
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert [cell.id for cell in code if "lesson_done" in cell.source] == ["lesson-done"]
    assert f'\nLESSON = "{lesson}"\n' in code[0].source  # the lesson names itself first
    last = code[-1]
    assert last.id == "lesson-done" and last.source.endswith("\nlesson_done(LESSON)")
    assert "from kit.progress import lesson_done" in last.source
    assert "notebook-only" not in last.metadata.get("tags", [])  # a Voila page records it too


def test_next_is_the_following_lesson_then_the_first_not_done() -> None:
    assert next_up([]).next == "nylon-ppong/01-hwatu-deck"
    done = [
        LessonDone("sichuan/01-tiles-and-void", START, START),
        LessonDone("sichuan/02-winning-hands-and-waits", START, START + timedelta(days=1)),
    ]
    where = next_up(done)
    assert where.last == done[1] and where.next == "sichuan/03-fan-and-the-cap"
    last = LessonDone("sichuan/07-blood-battle-simulation", START, START + timedelta(days=2))
    assert next_up([*done, last]).next == "nylon-ppong/01-hwatu-deck"
    every = [LessonDone(lesson, START, START) for lesson in lesson_paths()]
    assert next_up(every).next is None


# --- The start page and the landing page ---------------------------------------------------------


def test_continue_says_nothing_done_yet_in_one_line() -> None:
    shown = continue_where_you_left_off(Store(":memory:")).html
    assert "Nothing done yet: start with" in shown
    assert 'href="nylon-ppong/01-hwatu-deck.ipynb"' in shown


def test_continue_shows_the_last_lesson_the_next_and_the_drills_due() -> None:
    store = Store(":memory:")
    store.lesson_done("hongkong/02-one-fan-patterns", at=START)
    store.add_card(
        game="sichuan", position={"seed": 1}, chosen="5p", best="9s", cost=2, concept="danger"
    )
    shown = continue_where_you_left_off(store).html
    assert "Last done" in shown and "Hong Kong mahjong" in shown and "1 Mar 2025" in shown
    assert 'href="hongkong/03-big-patterns-and-limits.ipynb"' in shown
    assert "Drills due: Sichuan mahjong 1" in shown


def test_continue_shows_only_the_message_when_the_store_cannot_be_used(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("a file, not a folder")
    with pytest.warns(UserWarning):
        store = Store(tmp_path / "blocked" / "progress.sqlite")
    shown = continue_where_you_left_off(store).html
    assert "not being saved" in shown and "Nothing done yet" not in shown


def test_continue_opens_the_default_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(PATH_VARIABLE, str(tmp_path / "progress.sqlite"))
    lesson_done("sichuan/06-play-with-the-coach")
    assert 'href="sichuan/07-blood-battle-simulation.ipynb"' in continue_where_you_left_off().html


def test_the_landing_page_marks_the_lessons_done() -> None:
    store = Store(":memory:")
    assert "✓" in done_marks(store).html and "<style>" not in done_marks(store).html
    store.lesson_done("sichuan/05-wall-empty", at=START)
    store.lesson_done("start-here", at=START)  # not a numbered lesson: no mark, not counted
    marks = done_marks(store).html
    assert '.kit-landing a[href="sichuan/05-wall-empty.ipynb"]::after' in marks
    assert "start-here" not in marks and "1 of 19" in marks
    index = json.loads((LESSONS / "index.ipynb").read_text(encoding="utf-8"))
    links = "".join("".join(cell["source"]) for cell in index["cells"])
    assert "(sichuan/05-wall-empty.ipynb)" in links
