"""The learner's memory: played deals, exercise attempts, drill cards and answers, in SQLite.

One file per user, in the Jupyter data directory; nothing ever leaves the machine. Each
write is one short transaction in WAL mode, so two notebooks open at once both save.
Whatever goes wrong with the file, a ``record_*`` call never raises for it: the store
goes on in memory and :attr:`Store.message` says why.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import warnings
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from kit.games import GAMES, game
from kit.progress import cards as scheduling
from kit.progress.opening import StoreNotSaving, in_memory, open_file, transaction
from kit.progress.records import (
    Attempt,
    Deal,
    Decision,
    Drill,
    DrillCard,
    LessonDone,
    decision_row,
    decisions_of,
    iso,
    moment,
    parse_iso,
)
from kit.progress.rules_json import rules_from_data, rules_to_data
from kit.progress.transfer import Contents, contents_data, read_contents

if TYPE_CHECKING:
    from fsrs import Rating

    from kit.coach import ReviewLine

__all__ = ["FILE_NAME", "FOLDER", "PATH_VARIABLE", "Store", "default_path"]

FOLDER = "hwatu-mahjong-kit"
FILE_NAME = "progress.sqlite"
MEMORY = ":memory:"

T = TypeVar("T")


PATH_VARIABLE = "HWATU_KIT_PROGRESS"
"""The environment variable that names another file for the default store (the tests set it)."""


def default_path() -> Path:
    """``<Jupyter data dir>/hwatu-mahjong-kit/progress.sqlite`` (``~/.local/share/jupyter``
    when ``jupyter_core`` is not installed), or the file named by ``$HWATU_KIT_PROGRESS``."""
    override = os.environ.get(PATH_VARIABLE)
    if override:
        return Path(override).expanduser()
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:
        base = Path.home() / ".local" / "share" / "jupyter"
    else:
        base = Path(jupyter_data_dir())
    return base / FOLDER / FILE_NAME


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, not {value!r:.60}")
    return value


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r:.60}")
    return value


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, not {value!r:.60}")
    return float(value)


def _blob(value: object, name: str) -> str:
    """The canonical JSON text of a JSON-able value (one position, one text)."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise TypeError(
            f"{name} must be JSON-able (dicts, lists, strings, numbers): {error}"
        ) from None


class Store:
    """A learner's progress store.

    ``Store()`` opens the user's file (see :func:`default_path`; the environment variable
    ``HWATU_KIT_PROGRESS``, a file path, names another one), ``Store(path)`` another file, ``Store(":memory:")`` one that keeps nothing. ``read_only=True`` reads a file
    and never writes it. :attr:`saving` says whether records reach the file;
    :attr:`message` says what the learner should know about it (or is None).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, read_only: bool = False):
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a file path or ':memory:', not {path!r:.60}")
        self._lock = threading.RLock()
        if path == MEMORY:
            self.path: Path | None = None
            self._connection = in_memory()
            self.saving = False
            self.message: str | None = None
            return
        self.path = default_path() if path is None else Path(path)
        opened = open_file(self.path, read_only=_flag(read_only, "read_only"))
        self._connection = opened.connection
        self.saving = opened.saving
        self.message = opened.message

    def __repr__(self) -> str:
        where = "memory" if self.path is None else str(self.path)
        return f"Store({where!r}, saving={self.saving})"

    # --- Writing: each record one short transaction; a failing file never raises ---------

    def _write(self, step: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                with transaction(self._connection):
                    return step(self._connection)
            except sqlite3.Error as error:
                if not self.saving:
                    raise
                self._stop_saving(f"writing to {self.path} failed ({error})")
                with transaction(self._connection):
                    return step(self._connection)

    def _stop_saving(self, reason: str) -> None:
        """Go on in memory with a copy of what the file held."""
        message = (
            f"Progress is not being saved: {reason}. The kit works on, but forgets this session."
        )
        warnings.warn(message, StoreNotSaving, stacklevel=4)
        old = self._connection
        try:
            self._connection = in_memory(old)
        finally:
            old.close()
        self.saving = False
        self.message = message

    def record_deal(
        self,
        rules: object,
        *,
        seed: int | None,
        lines: Iterable[ReviewLine],
        net: float,
        dealt_in: bool,
        at: datetime | None = None,
    ) -> Deal:
        """Keep one played deal (or Nylon-ppong round): its rules, seed, the learner's
        decisions against the coach's (a :class:`kit.coach.Review`'s ``lines``) and the result:
        the learner's ``net`` (penalty points in Nylon-ppong) and whether they dealt in."""
        key = game(rules).key
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {seed!r:.60}")
        deal = Deal(
            moment(at),
            key,
            rules,
            seed,
            decisions_of(lines),
            _number(net, "net"),
            _flag(dealt_in, "dealt_in"),
        )
        return self._write(lambda connection: _insert_deal(connection, deal))

    def record_attempt(
        self,
        lesson: str,
        question: str,
        answer: str,
        *,
        correct: bool,
        hint_level: int = 0,
        at: datetime | None = None,
    ) -> Attempt:
        """Keep one answer to an exercise, and the highest hint level shown before it."""
        if isinstance(hint_level, bool) or not isinstance(hint_level, int):
            raise TypeError(f"hint_level must be a whole number, not {hint_level!r:.60}")
        if hint_level < 0:
            raise ValueError(f"hint_level must be 0 or more, not {hint_level}")
        attempt = Attempt(
            moment(at),
            _text(lesson, "lesson"),
            _text(question, "question"),
            _text(answer, "answer"),
            _flag(correct, "correct"),
            hint_level,
        )
        return self._write(lambda connection: _insert_attempt(connection, attempt))

    def add_card(
        self,
        *,
        game: str,
        position: Any,
        chosen: str,
        best: str,
        cost: float,
        concept: str,
        threshold: float = scheduling.CARD_THRESHOLD,
        at: datetime | None = None,
    ) -> DrillCard | None:
        """A drill card for a decision that cost more than ``threshold``, due at once;
        None when it cost less. ``position`` is any JSON-able blob that rebuilds the position;
        the same position twice gives back the card already made."""
        if not isinstance(game, str) or game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r:.40}")
        blob = _blob(position, "position")
        if _number(cost, "cost") <= _number(threshold, "threshold"):
            return None
        made = moment(at)
        schedule = scheduling.new_schedule(made)
        card = DrillCard(
            made,
            game,
            json.loads(blob),
            _text(chosen, "chosen"),
            _text(best, "best"),
            float(cost),
            _text(concept, "concept"),
            scheduling.due_of(schedule),
            schedule,
        )
        return self._write(lambda connection: _insert_card(connection, card))

    def record_drill(
        self,
        card_id: int,
        answer: str,
        *,
        correct: bool,
        rating: Rating | int | None = None,
        at: datetime | None = None,
    ) -> Drill:
        """Keep one drill answer and reschedule its card through fsrs. ``rating`` is an fsrs
        ``Rating`` (1 Again … 4 Easy); by default Good when right, Again when wrong."""
        when = moment(at)
        chosen = scheduling.rating_of(rating, _flag(correct, "correct"))
        drill = Drill(when, self.card(card_id).id, _text(answer, "answer"), correct, int(chosen))

        def step(connection: sqlite3.Connection) -> Drill:
            row = connection.execute("SELECT schedule FROM cards WHERE id = ?", (card_id,))
            schedule = scheduling.review(json.loads(row.fetchone()[0]), chosen, when)
            due = iso(scheduling.due_of(schedule))
            connection.execute(
                "UPDATE cards SET schedule = ?, due = ? WHERE id = ?",
                (json.dumps(schedule), due, card_id),
            )
            return _insert_drill(connection, drill)

        return self._write(step)

    def lesson_done(self, lesson: str, at: datetime | None = None) -> LessonDone:
        """Keep that ``lesson`` (its path under ``lessons/``, ``"sichuan/06-play-with-the-coach"``)
        was worked through to its last cell; what the store now knows of it."""
        name = _text(lesson, "lesson").strip().removesuffix(".ipynb")
        if not name or name.startswith("/"):
            raise ValueError(f"lesson must be a path under lessons/, not {lesson!r:.60}")
        when = moment(at)
        done = LessonDone(name, when, when)
        return self._write(lambda connection: _insert_lesson(connection, done))

    def forget(self) -> None:
        """Delete every record, for good (deleted content is overwritten in the file)."""
        with self._lock:
            self._write(_delete_all)
            if self.saving:
                # secure_delete has zeroed the rows in the file; empty the log of them too.
                # Another notebook still reading keeps the log for now: that is no failure.
                with contextlib.suppress(sqlite3.Error):
                    self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # --- Reading -------------------------------------------------------------------------

    def _rows(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        with self._lock:
            cursor = self._connection.execute(sql, parameters)
            names = [column[0] for column in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def deals(self, game: str | None = None) -> list[Deal]:
        """The played deals (of one game, by key), oldest first."""
        where, parameters = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        rows = self._rows(f"SELECT * FROM deals {where} ORDER BY at, id", parameters)
        lines: dict[int, list[Decision]] = {}
        chosen = f"SELECT id FROM deals {where}"
        for line in self._rows(
            f"SELECT * FROM decisions WHERE deal_id IN ({chosen}) ORDER BY deal_id, position",
            parameters,
        ):
            lines.setdefault(line["deal_id"], []).append(
                Decision(
                    line["decision"],
                    line["chosen"],
                    line["best"],
                    bool(line["good"]),
                    line["lost"],
                    line["cost"],
                    line["win_gap"],
                )
            )
        return [
            Deal(
                parse_iso(row["at"]),
                row["game"],
                rules_from_data(json.loads(row["rules"])),
                row["seed"],
                tuple(lines.get(row["id"], ())),
                row["net"],
                bool(row["dealt_in"]),
                row["id"],
            )
            for row in rows
        ]

    def attempts(self, lesson: str | None = None) -> list[Attempt]:
        """The exercise attempts (of one lesson), oldest first."""
        where, parameters = ("WHERE lesson = ?", (lesson,)) if lesson is not None else ("", ())
        return [
            Attempt(
                parse_iso(row["at"]),
                row["lesson"],
                row["question"],
                row["answer"],
                bool(row["correct"]),
                row["hint_level"],
                row["id"],
            )
            for row in self._rows(f"SELECT * FROM attempts {where} ORDER BY at, id", parameters)
        ]

    def drills(self, card_id: int | None = None) -> list[Drill]:
        """The drill answers (to one card), oldest first."""
        where, parameters = ("WHERE card_id = ?", (card_id,)) if card_id is not None else ("", ())
        return [
            Drill(
                parse_iso(row["at"]),
                row["card_id"],
                row["answer"],
                bool(row["correct"]),
                row["rating"],
                row["id"],
            )
            for row in self._rows(f"SELECT * FROM drills {where} ORDER BY at, id", parameters)
        ]

    def cards(self, game: str | None = None) -> list[DrillCard]:
        """The drill cards (of one game), in the order they were made."""
        where, parameters = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        return [
            _card_of(row)
            for row in self._rows(f"SELECT * FROM cards {where} ORDER BY id", parameters)
        ]

    def card(self, card_id: int) -> DrillCard:
        """One drill card, by its id (``ValueError`` naming ``card_id`` if there is none)."""
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            raise TypeError(f"card_id must be an int, not {card_id!r:.60}")
        rows = self._rows("SELECT * FROM cards WHERE id = ?", (card_id,))
        if not rows:
            raise ValueError(f"card_id {card_id} names no card in this store")
        return _card_of(rows[0])

    def due(self, game: str, now: datetime | None = None) -> list[DrillCard]:
        """The cards of ``game`` due at ``now`` (default: now), the longest overdue first."""
        if not isinstance(game, str) or game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r:.40}")
        rows = self._rows(
            "SELECT * FROM cards WHERE game = ? AND due <= ? ORDER BY due, id",
            (game, iso(moment(now, "now"))),
        )
        return [_card_of(row) for row in rows]

    def lessons(self) -> list[LessonDone]:
        """Each lesson worked through, with when first and last, the most recent last."""
        return [
            LessonDone(row["lesson"], parse_iso(row["first"]), parse_iso(row["last"]), row["times"])
            for row in self._rows("SELECT * FROM lessons ORDER BY last, lesson")
        ]

    # --- Export and import -----------------------------------------------------------------

    def contents(self) -> Contents:
        """Everything this store holds."""
        return Contents(
            tuple(self.deals()),
            tuple(self.attempts()),
            tuple(self.cards()),
            tuple(self.drills()),
            tuple(self.lessons()),
        )

    def export_json(self, path: str | os.PathLike[str]) -> Path:
        """Write every record to one JSON file (to keep a Binder session); its path."""
        target = Path(path)
        document = contents_data(self.contents(), datetime.now(UTC))
        target.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
        return target

    def import_json(self, path: str | os.PathLike[str]) -> Contents:
        """Add the records of a file :meth:`export_json` wrote; what was added.

        The whole file is checked first: a malformed one raises ``ValueError`` naming what
        is wrong and changes nothing. A card whose position this store already has keeps
        this store's schedule; the file's drills of it are added to it.
        """
        source = Path(path)
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"{source} cannot be read: {error}") from None
        contents = read_contents(text)

        def step(connection: sqlite3.Connection) -> Contents:
            ids: dict[int, int] = {}
            cards = []
            for card in contents.cards:
                cards.append(_insert_card(connection, card))
                ids[card.id] = cards[-1].id
            return Contents(
                tuple(_insert_deal(connection, deal) for deal in contents.deals),
                tuple(_insert_attempt(connection, attempt) for attempt in contents.attempts),
                tuple(cards),
                tuple(
                    _insert_drill(connection, _with_card(drill, ids[drill.card_id]))
                    for drill in contents.drills
                ),
                tuple(_insert_lesson(connection, done) for done in contents.lessons),
            )

        return self._write(step)

    # --- Closing ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file; the store cannot be used after."""
        with self._lock:
            self._connection.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _insert_deal(connection: sqlite3.Connection, deal: Deal) -> Deal:
    cursor = connection.execute(
        "INSERT INTO deals (at, game, rules, seed, net, dealt_in) VALUES (?, ?, ?, ?, ?, ?)",
        (
            iso(deal.at),
            deal.game,
            json.dumps(rules_to_data(deal.rules)),
            deal.seed,
            deal.net,
            int(deal.dealt_in),
        ),
    )
    deal_id = int(cursor.lastrowid or 0)
    connection.executemany(
        "INSERT INTO decisions (deal_id, position, decision, chosen, best, good, lost, cost, "
        "win_gap) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(deal_id, n, *decision_row(decision)) for n, decision in enumerate(deal.decisions)],
    )
    return _with_id(deal, deal_id)


def _insert_attempt(connection: sqlite3.Connection, attempt: Attempt) -> Attempt:
    cursor = connection.execute(
        "INSERT INTO attempts (at, lesson, question, answer, correct, hint_level) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            iso(attempt.at),
            attempt.lesson,
            attempt.question,
            attempt.answer,
            int(attempt.correct),
            attempt.hint_level,
        ),
    )
    return _with_id(attempt, int(cursor.lastrowid or 0))


def _insert_card(connection: sqlite3.Connection, card: DrillCard) -> DrillCard:
    """Insert ``card``, or give back the card already made for its position."""
    blob = _blob(card.position, "position")
    found = connection.execute(
        "SELECT * FROM cards WHERE game = ? AND position = ?", (card.game, blob)
    ).fetchone()
    if found is not None:
        names = [
            column[0] for column in connection.execute("SELECT * FROM cards LIMIT 0").description
        ]
        return _card_of(dict(zip(names, found, strict=True)))
    cursor = connection.execute(
        "INSERT INTO cards (at, game, position, chosen, best, cost, concept, due, schedule) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}')",
        (
            iso(card.at),
            card.game,
            blob,
            card.chosen,
            card.best,
            card.cost,
            card.concept,
            iso(card.due),
        ),
    )
    card_id = int(cursor.lastrowid or 0)
    schedule = {**card.schedule, "card_id": card_id}
    connection.execute(
        "UPDATE cards SET schedule = ? WHERE id = ?", (json.dumps(schedule), card_id)
    )
    return _with_id(_with_schedule(card, schedule), card_id)


def _insert_drill(connection: sqlite3.Connection, drill: Drill) -> Drill:
    cursor = connection.execute(
        "INSERT INTO drills (at, card_id, answer, correct, rating) VALUES (?, ?, ?, ?, ?)",
        (iso(drill.at), drill.card_id, drill.answer, int(drill.correct), drill.rating),
    )
    return _with_id(drill, int(cursor.lastrowid or 0))


def _insert_lesson(connection: sqlite3.Connection, done: LessonDone) -> LessonDone:
    """Add ``done`` to what the store knows of its lesson (first and last time, how often)."""
    connection.execute(
        "INSERT INTO lessons (lesson, first, last, times) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (lesson) DO UPDATE SET first = min(first, excluded.first), "
        "last = max(last, excluded.last), times = times + excluded.times",
        (done.lesson, iso(done.first), iso(done.last), done.times),
    )
    row = connection.execute(
        "SELECT first, last, times FROM lessons WHERE lesson = ?", (done.lesson,)
    ).fetchone()
    return LessonDone(done.lesson, parse_iso(row[0]), parse_iso(row[1]), row[2])


def _delete_all(connection: sqlite3.Connection) -> None:
    for table in ("drills", "cards", "decisions", "deals", "attempts", "lessons"):
        connection.execute(f"DELETE FROM {table}")


def _card_of(row: Any) -> DrillCard:
    schedule = json.loads(row["schedule"])
    return DrillCard(
        parse_iso(row["at"]),
        row["game"],
        json.loads(row["position"]),
        row["chosen"],
        row["best"],
        row["cost"],
        row["concept"],
        parse_iso(row["due"]),
        schedule,
        row["id"],
    )


R = TypeVar("R", Deal, Attempt, Drill, DrillCard)


def _with_id(record: R, row_id: int) -> R:
    return replace(record, id=row_id)


def _with_schedule(card: DrillCard, schedule: dict[str, Any]) -> DrillCard:
    return replace(card, schedule=schedule)


def _with_card(drill: Drill, card_id: int) -> Drill:
    return replace(drill, card_id=card_id)
