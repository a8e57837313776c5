"""Opening the store's file safely: never overwrite what is not ours, never fail the kit.

A file that is not SQLite, or is corrupt, or is another application's database, is
renamed aside (``progress.sqlite.corrupt-<time>``, ``.foreign-<time>``) and a fresh store
starts. A location the kit cannot write (or ``read_only=True``) gives a store in memory:
it holds what the file held, if it could be read, and this session's records, and saves
nothing. Either way :class:`Opened` carries the message that says so, also given as a
warning of a :class:`ProgressWarning` class.
"""

from __future__ import annotations

import contextlib
import sqlite3
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from kit.progress import schema

__all__ = ["BUSY_TIMEOUT_MS", "Opened", "ProgressWarning", "StoreMovedAside", "StoreNotSaving"]

BUSY_TIMEOUT_MS = 10_000
"""How long a write waits for another notebook's write to finish before giving up."""

SIDECARS = ("-wal", "-shm", "-journal")
"""SQLite's companion files, moved aside with the file they belong to."""


class ProgressWarning(UserWarning):
    """Something about the learner's progress store a learner should know."""


class StoreMovedAside(ProgressWarning):
    """The file was not a kit progress store (corrupt, or another's): it was renamed aside."""


class StoreNotSaving(ProgressWarning):
    """The store cannot write its file: the kit works on, but remembers nothing after this session."""


@dataclass(frozen=True)
class Opened:
    """An open connection, whether it saves to a file, and what the learner should be told."""

    connection: sqlite3.Connection
    saving: bool
    message: str | None = None


class _Unusable(Exception):
    """The file is not a usable kit store: ``kind`` is ``"corrupt"`` or ``"foreign"``."""

    def __init__(self, kind: str, why: str) -> None:
        super().__init__(why)
        self.kind = kind


def connect(target: str) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit and short), with its pragmas."""
    connection = sqlite3.connect(
        target,
        timeout=BUSY_TIMEOUT_MS / 1000,
        isolation_level=None,
        check_same_thread=False,
        uri=target.startswith("file:"),
    )
    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA secure_delete = ON")
    return connection


def in_memory(source: sqlite3.Connection | None = None) -> sqlite3.Connection:
    """A store that keeps nothing: a copy of ``source``'s records if given, else empty."""
    connection = connect(":memory:")
    if source is not None:
        try:
            source.backup(connection)
            if schema.kind_of(connection) == "kit" and schema.version_of(connection) <= (
                schema.VERSION
            ):
                with transaction(connection):
                    schema.migrate(connection)
                return connection
        except sqlite3.Error:
            pass
        connection.close()
        connection = connect(":memory:")
    with transaction(connection):
        schema.create(connection)
    return connection


@contextlib.contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One short write transaction: taken at once (``BEGIN IMMEDIATE``), committed or rolled back."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _is_corruption(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    return code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def _prepare(connection: sqlite3.Connection) -> None:
    """Check the file is sound and the kit's, then create or migrate its tables."""
    try:
        check = connection.execute("PRAGMA quick_check").fetchone()
    except sqlite3.DatabaseError as error:
        if _is_corruption(error):
            raise _Unusable("corrupt", f"it is not a readable SQLite database ({error})") from None
        raise
    if check is None or check[0] != "ok":
        raise _Unusable(
            "corrupt", f"SQLite finds it damaged ({check[0] if check else 'no answer'})"
        )
    connection.execute("PRAGMA journal_mode = WAL")
    with transaction(connection):
        kind = schema.kind_of(connection)
        if kind == "foreign":
            raise _Unusable("foreign", "it is another application's database, not the kit's")
        if kind == "empty":
            schema.create(connection)
            return
        version = schema.version_of(connection)
        if version > schema.VERSION:
            raise _Unusable(
                "newer",
                f"it was written by a newer kit (schema version {version}; this kit reads "
                f"up to {schema.VERSION})",
            )
        schema.migrate(connection)


def aside_name(path: Path, kind: str, now: datetime | None = None) -> Path:
    """A free name next to ``path`` for a file moved aside: ``progress.sqlite.corrupt-<time>``."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.name}.{kind}-{stamp}")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{kind}-{stamp}-{number}")
        number += 1
    return candidate


def _move_aside(path: Path, kind: str) -> Path:
    target = aside_name(path, kind)
    path.rename(target)
    for suffix in SIDECARS:
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(target.with_name(target.name + suffix))
    return target


def _not_saving(reason: str, source: sqlite3.Connection | None = None) -> Opened:
    message = f"Progress is not being saved: {reason}. The kit works on, but forgets this session."
    warnings.warn(message, StoreNotSaving, stacklevel=4)
    return Opened(in_memory(source), saving=False, message=message)


def _read_only(path: Path, reason: str) -> Opened:
    """The file's records copied into memory, if it can be read; an empty store otherwise."""
    source: sqlite3.Connection | None = None
    if path.is_file():
        with contextlib.suppress(sqlite3.Error):
            source = connect(f"{path.resolve().as_uri()}?mode=ro")
    try:
        return _not_saving(reason, source)
    finally:
        if source is not None:
            source.close()


def open_file(path: Path, *, read_only: bool = False) -> Opened:
    """Open (creating, migrating or replacing aside as needed) the store at ``path``."""
    if read_only:
        return _read_only(path, f"{path} is opened read-only")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return _not_saving(f"the folder {path.parent} cannot be created ({error.strerror})")
    moved: list[str] = []
    for _attempt in range(3):
        try:
            connection = connect(str(path))
        except sqlite3.Error as error:
            return _not_saving(f"{path} cannot be opened ({error})")
        try:
            _prepare(connection)
        except _Unusable as unusable:
            connection.close()
            if unusable.kind == "newer":
                return _read_only(path, f"{path} cannot be used: {unusable}")
            try:
                target = _move_aside(path, unusable.kind)
            except FileNotFoundError:
                continue  # another notebook moved it aside first
            except OSError as error:
                return _not_saving(f"{path} is unusable ({unusable}) and cannot be moved ({error})")
            moved.append(
                f"{path} was not a usable progress store: {unusable}. It was kept as {target.name}"
            )
            continue
        except sqlite3.Error as error:
            connection.close()
            return _read_only(path, f"{path} cannot be written ({error})")
        if not moved:
            return Opened(connection, saving=True)
        message = "; ".join(moved) + ", and a fresh progress store was started."
        warnings.warn(message, StoreMovedAside, stacklevel=3)
        return Opened(connection, saving=True, message=message)
    return _not_saving(f"{path} kept being replaced while the kit opened it")
