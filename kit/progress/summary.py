"""What a learner has done, in a few numbers: lessons, exercises right first time, drills due.

One game's, or the whole kit's (``game=None``). An exercise try belongs to a game when
its lesson is in the game's folder; a try kept without its lesson counts for the whole
kit only.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from kit.games import GAMES
from kit.progress.course import LESSONS, game_of, lesson_paths
from kit.progress.records import Attempt, Deal
from kit.progress.store import Store

__all__ = ["Summary", "first_tries", "summary"]


@dataclass(frozen=True)
class Summary:
    """A learner's progress in one game (``game``) or in the whole kit (None)."""

    game: str | None
    lessons_done: int
    lessons: int
    """How many numbered lessons there are."""
    questions: int
    """How many exercise questions were tried."""
    first_try_right: int
    """How many of them were right at the first try, before any hint."""
    drills_due: int
    deals: tuple[Deal, ...]

    @property
    def empty(self) -> bool:
        """Nothing done yet: no lesson, no exercise, no deal, no drill due."""
        return not (self.lessons_done or self.questions or self.deals or self.drills_due)

    @property
    def first_try_share(self) -> float | None:
        """The share of questions right at the first try (None before any try)."""
        return self.first_try_right / self.questions if self.questions else None


def first_tries(attempts: list[Attempt]) -> list[Attempt]:
    """The first try at each question (by lesson and question), oldest first."""
    first: dict[tuple[str, str], Attempt] = {}
    for attempt in sorted(attempts, key=lambda a: a.at):
        first.setdefault((attempt.lesson, attempt.question), attempt)
    return list(first.values())


def summary(
    store: Store, game: str | None = None, *, now: datetime | None = None, root: Path = LESSONS
) -> Summary:
    """The numbers of ``store`` for ``game`` (a registry key), or for every game when None."""
    if game is not None and (not isinstance(game, str) or game not in GAMES):
        raise ValueError(f"game must be one of {', '.join(GAMES)} or None, not {game!r:.40}")
    numbered = set(lesson_paths(game, root))
    done = [d for d in store.lessons() if d.lesson in numbered]
    tries = [a for a in first_tries(store.attempts()) if game is None or game_of(a.lesson) == game]
    keys = list(GAMES) if game is None else [game]
    return Summary(
        game,
        len(done),
        len(numbered),
        len(tries),
        sum(a.correct and a.hint_level == 0 for a in tries),
        sum(len(store.due(key, now)) for key in keys),
        tuple(store.deals(game)),
    )
