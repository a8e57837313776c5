"""The store's tables, their version, and the steps that carry an older file forward.

The version is SQLite's ``PRAGMA user_version``; the ``meta`` table names the kit as the
file's owner, so another application's database is never taken for ours. Version 0,
the first file format, kept deals, their decisions (without ``win_gap``) and exercise
attempts; version 1 adds the win-chance gap, the drill cards and the drill answers;
version 2 adds the lessons worked through. Opening a file runs every step from its version to :data:`VERSION`, in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Literal

__all__ = ["APPLICATION", "MIGRATIONS", "TABLES", "VERSION", "Kind", "create", "kind_of", "migrate"]

APPLICATION = "hwatu-mahjong-kit"
"""The ``meta`` table's ``application`` value: this file is the kit's progress store."""

TABLES = ("deals", "decisions", "attempts", "cards", "drills", "lessons")
"""The tables that hold a learner's records, parents before children."""

CARDS: tuple[str, ...] = (
    """CREATE TABLE cards (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        game TEXT NOT NULL,
        position TEXT NOT NULL,
        chosen TEXT NOT NULL,
        best TEXT NOT NULL,
        cost REAL NOT NULL,
        concept TEXT NOT NULL,
        due TEXT NOT NULL,
        schedule TEXT NOT NULL,
        UNIQUE (game, position)
    )""",
    "CREATE INDEX cards_due ON cards (game, due)",
    """CREATE TABLE drills (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
        answer TEXT NOT NULL,
        correct INTEGER NOT NULL,
        rating INTEGER NOT NULL
    )""",
)
"""The drill cards and their answers: what version 1 added."""

LESSONS: tuple[str, ...] = (
    """CREATE TABLE lessons (
        lesson TEXT PRIMARY KEY,
        first TEXT NOT NULL,
        last TEXT NOT NULL,
        times INTEGER NOT NULL
    )""",
)
"""Each lesson worked through (its path under ``lessons/``), when first and last: version 2."""

CURRENT: tuple[str, ...] = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE deals (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed INTEGER,
        net REAL NOT NULL,
        dealt_in INTEGER NOT NULL
    )""",
    """CREATE TABLE decisions (
        deal_id INTEGER NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        decision TEXT NOT NULL,
        chosen TEXT NOT NULL,
        best TEXT NOT NULL,
        good INTEGER NOT NULL,
        lost TEXT NOT NULL,
        cost REAL,
        win_gap REAL,
        PRIMARY KEY (deal_id, position)
    )""",
    """CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        lesson TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        correct INTEGER NOT NULL,
        hint_level INTEGER NOT NULL
    )""",
    *CARDS,
    *LESSONS,
)
"""Version 2, the current layout, as created in a new file."""

MIGRATIONS: Sequence[tuple[str, ...]] = (
    ("ALTER TABLE decisions ADD COLUMN win_gap REAL", *CARDS),
    LESSONS,
)
"""``MIGRATIONS[n]`` carries a version-``n`` file to version ``n + 1``."""

VERSION = len(MIGRATIONS)
"""The current schema version."""

Kind = Literal["empty", "kit", "foreign"]


def kind_of(connection: sqlite3.Connection) -> Kind:
    """Whose file this is: new (no tables), the kit's (its ``meta`` says so), or another's."""
    names = {
        row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    if not names:
        return "empty"
    if "meta" not in names:
        return "foreign"
    row = connection.execute("SELECT value FROM meta WHERE key = 'application'").fetchone()
    return "kit" if row is not None and row[0] == APPLICATION else "foreign"


def version_of(connection: sqlite3.Connection) -> int:
    """The file's schema version (``PRAGMA user_version``)."""
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def create(connection: sqlite3.Connection) -> None:
    """Lay out the current tables in an empty file (inside the caller's transaction)."""
    for statement in CURRENT:
        connection.execute(statement)
    connection.execute("INSERT INTO meta VALUES ('application', ?)", (APPLICATION,))
    connection.execute(f"PRAGMA user_version = {VERSION}")


def migrate(connection: sqlite3.Connection) -> int:
    """Run the steps from the file's version to the current one; the version it started at."""
    start = version_of(connection)
    for version in range(start, VERSION):
        for statement in MIGRATIONS[version]:
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {version + 1}")
    return start
