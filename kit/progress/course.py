"""The lessons in their order, where a learner goes next, and a lesson's "I am done" call.

A lesson is named by its path under ``lessons/`` without ``.ipynb``
(``"sichuan/06-play-with-the-coach"``); the files are numbered per game folder, and
that numbering is the order the lessons are taken in. The games come in the
registry's order (:data:`kit.games.GAMES`).
"""

from __future__ import annotations

import json
import re
import sqlite3
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kit.games import GAMES, Game
from kit.progress.records import LessonDone
from kit.progress.store import Store

__all__ = ["LESSONS", "Next", "game_of", "lesson_done", "lesson_paths", "lesson_title", "next_up"]

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
"""The kit's lesson folder (next to the ``kit`` package in the repository)."""

NUMBERED = re.compile(r"^\d\d-.+\.ipynb$")


def lesson_paths(game: str | None = None, root: Path = LESSONS) -> tuple[str, ...]:
    """The numbered lessons of ``game`` (a registry key; every game when None), in order."""
    chosen = GAMES.values() if game is None else [_game(game)]
    return tuple(
        f"{g.lessons}/{path.stem}"
        for g in chosen
        for path in sorted((root / g.lessons).glob("*.ipynb"))
        if NUMBERED.match(path.name)
    )


def _game(key: str) -> Game:
    if not isinstance(key, str) or key not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {key!r:.40}")
    return GAMES[key]


def game_of(lesson: str) -> str | None:
    """The key of the game whose folder holds ``lesson``; None for a page of the whole kit."""
    folder = lesson.split("/", 1)[0]
    return next((g.key for g in GAMES.values() if g.lessons == folder), None)


def lesson_title(lesson: str, root: Path = LESSONS) -> str:
    """The lesson's title: the first ``# `` heading of its notebook (its file name if none)."""
    try:
        notebook = json.loads((root / f"{lesson}.ipynb").read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            source = cell["source"]
            text = source if isinstance(source, str) else "".join(source)
            for line in text.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return lesson.rsplit("/", 1)[-1].split("-", 1)[-1].replace("-", " ").capitalize()


@dataclass(frozen=True)
class Next:
    """Where the learner left off: the last lesson done, and the one to take next."""

    last: LessonDone | None
    """The lesson done most recently (None: nothing done yet)."""
    next: str | None
    """The lesson after it in its game's order; else the first lesson not done yet; else None."""


def next_up(done: Sequence[LessonDone], root: Path = LESSONS) -> Next:
    """Where to go on from the lessons ``done`` (a store's :meth:`~kit.progress.Store.lessons`)."""
    order = lesson_paths(root=root)
    if not done:
        return Next(None, order[0] if order else None)
    last = max(done, key=lambda d: (d.last, d.lesson))
    key = game_of(last.lesson)
    same_game = lesson_paths(key, root) if key is not None else ()
    if last.lesson in same_game:
        after = same_game[same_game.index(last.lesson) + 1 :]
        if after:
            return Next(last, after[0])
    finished = {d.lesson for d in done}
    return Next(last, next((lesson for lesson in order if lesson not in finished), None))


def lesson_done(lesson: str) -> None:
    """Keep, in the learner's store, that ``lesson`` was worked through (a lesson's last cell).

    It opens the default store, records, and closes it; it shows nothing and never raises:
    a store that cannot be used must not spoil the end of a lesson.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with Store() as store:
                store.lesson_done(lesson)
        except (sqlite3.Error, OSError, TypeError, ValueError):
            return
