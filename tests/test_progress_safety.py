"""The store's file is safe: migrated forward, never overwritten, shared by two notebooks."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
import warnings
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kit import sichuan
from kit.coach import ReviewLine
from kit.progress import Store, StoreMovedAside, StoreNotSaving
from kit.progress.opening import connect
from kit.progress.schema import APPLICATION, VERSION

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

FIRST_FORMAT = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE deals (id INTEGER PRIMARY KEY, at TEXT NOT NULL, game TEXT NOT NULL,"
    " rules TEXT NOT NULL, seed INTEGER, net REAL NOT NULL, dealt_in INTEGER NOT NULL)",
    "CREATE TABLE decisions (deal_id INTEGER NOT NULL REFERENCES deals(id) ON DELETE CASCADE,"
    " position INTEGER NOT NULL, decision TEXT NOT NULL, chosen TEXT NOT NULL,"
    " best TEXT NOT NULL, good INTEGER NOT NULL, lost TEXT NOT NULL, cost REAL,"
    " PRIMARY KEY (deal_id, position))",
    "CREATE TABLE attempts (id INTEGER PRIMARY KEY, at TEXT NOT NULL, lesson TEXT NOT NULL,"
    " question TEXT NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL,"
    " hint_level INTEGER NOT NULL)",
)
"""Version 0, the first file format: no win-chance gap, no drill cards, no drill answers."""

RULES_JSON = '{"game": "sichuan", "fields": {"fan_cap": 5}}'


def version_zero_file(path: Path) -> None:
    connection = sqlite3.connect(path)
    for statement in FIRST_FORMAT:
        connection.execute(statement)
    connection.execute("INSERT INTO meta VALUES ('application', ?)", (APPLICATION,))
    connection.execute(
        "INSERT INTO deals VALUES (1, '2024-12-01T10:00:00.000000+00:00', 'sichuan', ?, 4, -2, 1)",
        (RULES_JSON,),
    )
    connection.execute(
        "INSERT INTO decisions VALUES (1, 0, 'discard', '5p', '9s', 0, 'kept 9s', 0.75)"
    )
    connection.execute(
        "INSERT INTO attempts VALUES (1, '2024-12-01T10:05:00.000000+00:00', 'sichuan/01',"
        " 'q1', '3', 1, 0)"
    )
    connection.commit()
    assert connection.execute("PRAGMA user_version").fetchone()[0] == 0
    connection.close()


def test_a_version_zero_file_is_migrated_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    version_zero_file(path)
    store = Store(path)
    assert store.saving and store.message is None
    (deal,) = store.deals()
    assert deal.rules == sichuan.Rules(fan_cap=5) and deal.seed == 4 and deal.dealt_in
    assert deal.decisions[0].cost == 0.75 and deal.decisions[0].win_gap is None
    assert [a.question for a in store.attempts()] == ["q1"]
    card = store.add_card(
        game="sichuan", position={"seed": 4}, chosen="5p", best="9s", cost=1, concept="danger"
    )
    assert card is not None
    store.record_drill(card.id, "9s", correct=True)
    store.close()
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == VERSION == 2
    assert connection.execute("SELECT count(*) FROM drills").fetchone()[0] == 1
    connection.close()


def test_a_file_from_a_newer_kit_is_read_but_never_written(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    Store(path).record_attempt("l", "q", "a", correct=True, at=START)
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {VERSION + 1}")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.warns(StoreNotSaving, match="newer kit"):
        store = Store(path)
    assert not store.saving and store.message is not None and "newer kit" in store.message
    store.record_attempt("l", "q2", "a", correct=True)
    assert path.read_bytes() == before


def aside(path: Path, kind: str) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.{kind}-*"))


def test_a_corrupt_file_is_renamed_aside_and_a_fresh_store_starts(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    junk = b"these are a learner's notes, not a database\n" * 200
    path.write_bytes(junk)
    with pytest.warns(StoreMovedAside, match="corrupt-"):
        store = Store(path)
    (moved,) = aside(path, "corrupt")
    assert moved.read_bytes() == junk
    assert store.saving and store.message is not None and moved.name in store.message
    store.record_attempt("l", "q", "a", correct=True)
    assert len(Store(path).attempts()) == 1


def test_a_damaged_sqlite_file_is_renamed_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    store = Store(path)
    for n in range(300):
        store.record_attempt("l", f"q{n}", "a" * 200, correct=True)
    store.close()
    data = bytearray(path.read_bytes())
    data[4096 + 8 : 4096 * 3] = b"\xff" * (4096 * 2 - 8)
    path.write_bytes(bytes(data))
    with pytest.warns(StoreMovedAside):
        fresh = Store(path)
    assert fresh.attempts() == [] and len(aside(path, "corrupt")) == 1


def test_another_applications_database_is_renamed_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE invoices (number INTEGER, total REAL)")
    connection.execute("INSERT INTO invoices VALUES (1, 99.5)")
    connection.commit()
    connection.close()
    with pytest.warns(StoreMovedAside, match="another application"):
        store = Store(path)
    (moved,) = aside(path, "foreign")
    kept = sqlite3.connect(moved)
    assert kept.execute("SELECT total FROM invoices").fetchall() == [(99.5,)]
    kept.close()
    assert store.saving and store.deals() == []


def test_an_unwritable_location_gives_a_store_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.warns(StoreNotSaving, match="cannot be created"):
        store = Store(blocker / "hwatu-mahjong-kit" / "progress.sqlite")
    assert not store.saving
    assert store.message is not None and "not being saved" in store.message
    deal = store.record_deal(sichuan.Rules(), seed=1, lines=[], net=3, dealt_in=False)
    attempt = store.record_attempt("l", "q", "a", correct=False)
    assert store.deals() == [deal] and store.attempts() == [attempt]
    assert blocker.read_text(encoding="utf-8") == "a file where the folder should be"


def test_a_read_only_store_reads_the_file_and_never_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    first = Store(path)
    first.record_attempt("l", "q1", "a", correct=True, at=START)
    first.close()
    before = path.read_bytes()
    with pytest.warns(StoreNotSaving, match="read-only"):
        store = Store(path, read_only=True)
    assert not store.saving and store.message is not None
    assert [a.question for a in store.attempts()] == ["q1"]
    store.record_attempt("l", "q2", "a", correct=True)
    store.record_deal(sichuan.Rules(), seed=2, lines=[], net=0, dealt_in=False)
    assert [a.question for a in store.attempts()] == ["q1", "q2"]
    store.close()
    assert path.read_bytes() == before
    assert [a.question for a in Store(path).attempts()] == ["q1"]


def test_a_file_that_stops_taking_writes_never_fails_a_record(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    store = Store(path)
    store.record_attempt("l", "q1", "a", correct=True)
    store._connection.close()
    store._connection = connect(f"{path.as_uri()}?mode=ro")  # the file now refuses writes
    with pytest.warns(StoreNotSaving, match="writing to"):
        store.record_attempt("l", "q2", "a", correct=True)
    assert not store.saving
    assert [a.question for a in store.attempts()] == ["q1", "q2"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        store.record_attempt("l", "q3", "a", correct=True)


def write_many(path: str, writer: int, count: int) -> None:
    """One notebook's loop: ``count`` deals and attempts, each its own transaction."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        store = Store(path)
        assert store.saving, store.message
        line = ReviewLine("discard", "5p", "9s", False, "kept 9s", 1.0, 0.1)
        for n in range(count):
            store.record_deal(sichuan.Rules(), seed=n, lines=[line], net=n, dealt_in=False)
            store.record_attempt(f"writer-{writer}", f"q{n}", "a", correct=True)
        store.close()


def test_two_notebooks_write_the_same_file_at_once(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    count = 150
    context = multiprocessing.get_context("fork")
    writers = [context.Process(target=write_many, args=(str(path), n, count)) for n in (1, 2)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
    assert [writer.exitcode for writer in writers] == [0, 0]
    store = Store(path)
    assert len(store.deals()) == 2 * count
    assert all(len(deal.decisions) == 1 for deal in store.deals())
    for writer in (1, 2):
        assert len(store.attempts(f"writer-{writer}")) == count
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.close()


READER = """
import sys
from kit.progress import Store
store = Store(sys.argv[1])
deal, = store.deals()
print(deal.rules.fan_cap, deal.seed, deal.decisions[0].best, store.cards()[0].concept)
"""


def test_a_store_written_in_one_process_reads_back_in_another(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    store = Store(path)
    line = ReviewLine("discard", "5p", "9s", False, "kept 9s", 2.0)
    store.record_deal(sichuan.Rules(fan_cap=6), seed=42, lines=[line], net=-4, dealt_in=True)
    store.add_card(
        game="sichuan", position=[42, 0], chosen="5p", best="9s", cost=2, concept="danger"
    )
    result = subprocess.run(
        [sys.executable, "-c", READER, str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert result.stdout.split() == ["6", "42", "9s", "danger"]
