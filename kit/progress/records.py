"""What the store gives back: one frozen value per row, and the UTC timestamps they carry.

Every record carries ``at``, an aware UTC datetime, so a learner's history charts by
date. Records compare by what they say, not by their row number: a deal exported and
imported into another store is the same deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from kit.coach import ReviewLine

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Attempt",
    "Deal",
    "Decision",
    "Drill",
    "DrillCard",
    "LessonDone",
    "iso",
    "moment",
    "parse_iso",
    "stored_decision",
    "to_frame",
]


def moment(at: datetime | None, name: str = "at") -> datetime:
    """``at`` in UTC (now, when None); a naive datetime is refused: its zone is unknown."""
    if at is None:
        return datetime.now(UTC)
    if not isinstance(at, datetime):
        raise TypeError(f"{name} must be a datetime, not {at!r:.60}")
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware (UTC), not the naive {at.isoformat()}")
    return at.astimezone(UTC)


def iso(at: datetime) -> str:
    """The one text form of a moment: UTC ISO 8601 to the microsecond, so text order is time order.

    >>> iso(datetime(2025, 3, 1, 9, 30, tzinfo=UTC))
    '2025-03-01T09:30:00.000000+00:00'
    """
    return moment(at).isoformat(timespec="microseconds")


def parse_iso(text: str, name: str = "at") -> datetime:
    """A moment back from its ISO text (``ValueError`` naming ``name`` if it is not one)."""
    if not isinstance(text, str):
        raise ValueError(f"{name} must be an ISO date-time string, not {text!r:.60}")
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{name} must be an ISO date-time, not {text!r:.60}") from None
    return moment(parsed, name)


Decision = ReviewLine
"""One decision of a deal as the store keeps it: the coach's review line
(:class:`kit.coach.ReviewLine`) without its action, which is not kept."""


def stored_decision(line: ReviewLine) -> ReviewLine:
    """A coach's review line as the store keeps it: its words and numbers, no action
    (``TypeError`` naming ``lines`` for anything else)."""
    if not isinstance(line, ReviewLine):
        raise TypeError(f"lines must hold kit.coach.ReviewLine values, not {line!r:.60}")
    return ReviewLine(
        str(line.decision),
        str(line.chosen),
        str(line.best),
        bool(line.good),
        str(line.lost),
        None if line.cost is None else float(line.cost),
        None if line.win_gap is None else float(line.win_gap),
    )


@dataclass(frozen=True)
class Deal:
    """One played deal (mahjong) or round (Nylon-ppong), with the learner's decisions."""

    at: datetime
    game: str
    """The game's key in :data:`kit.games.GAMES`: ``"sichuan"``."""
    rules: Any
    """The game's ``Rules`` value, read back equal to what was stored."""
    seed: int | None
    decisions: tuple[Decision, ...]
    net: float
    """The learner's net (mahjong money; in Nylon-ppong the penalty points, lower is better)."""
    dealt_in: bool
    """The learner dealt in: discarded the winning tile (or, in Nylon-ppong, the ppong victim)."""
    id: int = field(default=0, compare=False)
    """The row number in this store."""

    @property
    def matched(self) -> int:
        """How many decisions were as good as the coach's."""
        return sum(decision.good for decision in self.decisions)


@dataclass(frozen=True)
class Attempt:
    """One answer to a lesson's exercise."""

    at: datetime
    lesson: str
    question: str
    answer: str
    correct: bool
    hint_level: int
    """The highest hint shown before answering (0: none)."""
    id: int = field(default=0, compare=False)


@dataclass(frozen=True)
class DrillCard:
    """A decision worth drilling: the learner's choice cost more than the threshold.

    ``position`` is the caller's JSON-able blob (e.g. game key, rules, seed and decision
    index), enough to rebuild the position. ``schedule`` is the fsrs card state
    (``fsrs.Card.to_dict()``); ``due`` is when it next comes up.
    """

    at: datetime
    game: str
    position: Any
    chosen: str
    best: str
    cost: float
    concept: str
    """The idea it tests, a short key: ``"void-first"``, ``"danger"``, ``"minimum-fan"``."""
    due: datetime
    schedule: dict[str, Any]
    id: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Drill:
    """One drill answer: the card, the answer, right or wrong, and the fsrs rating it gave."""

    at: datetime
    card_id: int
    answer: str
    correct: bool
    rating: int
    """The fsrs rating: 1 Again, 2 Hard, 3 Good, 4 Easy."""
    id: int = field(default=0, compare=False)


@dataclass(frozen=True)
class LessonDone:
    """A lesson worked through to its last cell: when first, when last, and how many times."""

    lesson: str
    """Its path under ``lessons/``, without ``.ipynb``: ``"sichuan/06-play-with-the-coach"``."""
    first: datetime
    last: datetime
    times: int = 1


def to_frame(records: Iterable[Deal | Attempt | Drill | DrillCard]) -> pd.DataFrame:
    """One row per record, one column per field (pandas, imported only here).

    Deals get two more columns, ``decisions_made`` and ``matched``, for charting.
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for record in records:
        assert is_dataclass(record)
        row = {item.name: getattr(record, item.name) for item in fields(record)}
        if isinstance(record, Deal):
            row["decisions_made"] = len(record.decisions)
            row["matched"] = record.matched
        rows.append(row)
    return pd.DataFrame(rows)


def decisions_of(lines: Iterable[ReviewLine]) -> tuple[Decision, ...]:
    """The stored form of a review's lines (``TypeError`` naming ``lines`` otherwise)."""
    if isinstance(lines, (str, bytes)) or not isinstance(lines, Iterable):
        raise TypeError(f"lines must be a list of kit.coach.ReviewLine values, not {lines!r:.60}")
    return tuple(stored_decision(line) for line in lines)


def decision_row(decision: Decision) -> Sequence[Any]:
    """The decision's columns, in table order."""
    return (
        decision.decision,
        decision.chosen,
        decision.best,
        int(decision.good),
        decision.lost,
        decision.cost,
        decision.win_gap,
    )
