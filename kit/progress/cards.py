"""When a drill card comes up again: the Free Spaced Repetition Scheduler (``fsrs``).

A card is a decision whose choice cost more than :data:`CARD_THRESHOLD` against the
coach's. Its schedule is fsrs's own card state (``fsrs.Card.to_dict()``), kept as JSON in
the store; each drill answer is one fsrs review. Fuzzing is off, so the same answers at
the same times always give the same schedule.

>>> from datetime import UTC, datetime
>>> start = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
>>> missed = review(new_schedule(start), Rating.Again, start)
>>> right = review(new_schedule(start), Rating.Good, start)
>>> due_of(missed) < due_of(right)
True
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fsrs import Card, Rating, Scheduler

from kit.progress.records import moment, parse_iso

__all__ = ["CARD_THRESHOLD", "SCHEDULER", "Rating", "due_of", "new_schedule", "rating_of", "review"]

CARD_THRESHOLD = 0.5
"""A decision becomes a card when its choice gave up more than this, by the forecasts
(expected money in mahjong, expected penalty points in Nylon-ppong)."""

SCHEDULER = Scheduler(enable_fuzzing=False)
"""fsrs's default scheduler, without the random fuzz on intervals."""


def new_schedule(at: datetime) -> dict[str, Any]:
    """The fsrs state of a card made at ``at``: new, due at once."""
    return dict(Card(card_id=0, due=moment(at)).to_dict())


def review(schedule: dict[str, Any], rating: Rating, at: datetime) -> dict[str, Any]:
    """The fsrs state after one review rated ``rating`` at ``at``."""
    card, _log = SCHEDULER.review_card(Card.from_dict(schedule), rating, moment(at))  # type: ignore[arg-type]
    return dict(card.to_dict())


def due_of(schedule: dict[str, Any]) -> datetime:
    """When the card next comes up, in UTC."""
    return parse_iso(schedule["due"], "schedule.due")


def rating_of(rating: object, correct: bool) -> Rating:
    """An fsrs rating from ``rating`` (a Rating or 1-4), or Good/Again from ``correct`` if None."""
    if rating is None:
        return Rating.Good if correct else Rating.Again
    if isinstance(rating, bool) or not isinstance(rating, int):
        raise TypeError(f"rating must be an fsrs Rating or 1-4, not {rating!r:.40}")
    if rating not in {r.value for r in Rating}:
        raise ValueError(f"rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy), not {rating}")
    return Rating(rating)
