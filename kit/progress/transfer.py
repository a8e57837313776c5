"""A learner's whole memory as one JSON document, and back, checked before anything is kept.

A Binder session forgets its files when it ends: export the store, keep the file, and
import it into the next session's store. :func:`read_contents` checks the whole
document first and raises a ``ValueError`` naming what is wrong, so a bad file changes
nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from kit.games import GAMES, game
from kit.progress.cards import due_of, rating_of
from kit.progress.records import (
    Attempt,
    Deal,
    Decision,
    Drill,
    DrillCard,
    LessonDone,
    iso,
    parse_iso,
)
from kit.progress.rules_json import rules_from_data, rules_to_data
from kit.progress.schema import VERSION

__all__ = ["FORMAT", "Contents", "contents_data", "read_contents"]

FORMAT = "hwatu-mahjong-kit progress"
"""The ``format`` of an exported document."""

SECTIONS = ("deals", "attempts", "cards", "drills")
DECISION_FIELDS = tuple(item.name for item in fields(Decision) if item.name != "action")


@dataclass(frozen=True)
class Contents:
    """Everything a store holds, in row order; drills name cards by their ``id`` here."""

    deals: tuple[Deal, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    cards: tuple[DrillCard, ...] = ()
    drills: tuple[Drill, ...] = ()
    lessons: tuple[LessonDone, ...] = ()
    """The lessons worked through (a file of version 1 or older has none)."""


def contents_data(contents: Contents, exported: datetime) -> dict[str, Any]:
    """The JSON document of ``contents``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": iso(exported),
        "deals": [
            {
                "at": iso(deal.at),
                "game": deal.game,
                "rules": rules_to_data(deal.rules),
                "seed": deal.seed,
                "decisions": [_decision_data(d) for d in deal.decisions],
                "net": deal.net,
                "dealt_in": deal.dealt_in,
            }
            for deal in contents.deals
        ],
        "attempts": [
            {
                "at": iso(a.at),
                "lesson": a.lesson,
                "question": a.question,
                "answer": a.answer,
                "correct": a.correct,
                "hint_level": a.hint_level,
            }
            for a in contents.attempts
        ],
        "cards": [
            {
                "id": c.id,
                "at": iso(c.at),
                "game": c.game,
                "position": c.position,
                "chosen": c.chosen,
                "best": c.best,
                "cost": c.cost,
                "concept": c.concept,
                "schedule": c.schedule,
            }
            for c in contents.cards
        ],
        "drills": [
            {
                "at": iso(d.at),
                "card_id": d.card_id,
                "answer": d.answer,
                "correct": d.correct,
                "rating": d.rating,
            }
            for d in contents.drills
        ],
        "lessons": [
            {
                "lesson": done.lesson,
                "first": iso(done.first),
                "last": iso(done.last),
                "times": done.times,
            }
            for done in contents.lessons
        ],
    }


def _decision_data(decision: Decision) -> dict[str, Any]:
    return {
        "decision": decision.decision,
        "chosen": decision.chosen,
        "best": decision.best,
        "good": decision.good,
        "lost": decision.lost,
        "cost": decision.cost,
        "win_gap": decision.win_gap,
    }


class _Entry:
    """One JSON object of the document, read field by field with its place named in errors."""

    def __init__(self, data: object, where: str, names: Sequence[str]) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be an object, not {data!r:.60}")
        missing = [name for name in names if name not in data]
        unknown = sorted(set(data) - set(names))
        if missing or unknown:
            wrong = [f"missing {', '.join(missing)}"] if missing else []
            wrong += [f"unknown {', '.join(map(str, unknown))}"] if unknown else []
            raise ValueError(f"{where} has the wrong fields: {'; '.join(wrong)}")
        self.data = data
        self.where = where

    def text(self, name: str) -> str:
        value = self.data[name]
        if not isinstance(value, str):
            raise ValueError(f"{self.where}.{name} must be a string, not {value!r:.60}")
        return value

    def flag(self, name: str) -> bool:
        value = self.data[name]
        if not isinstance(value, bool):
            raise ValueError(f"{self.where}.{name} must be true or false, not {value!r:.60}")
        return value

    def whole(self, name: str, *, optional: bool = False) -> int | None:
        value = self.data[name]
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.where}.{name} must be a whole number, not {value!r:.60}")
        return value

    def number(self, name: str, *, optional: bool = False) -> float | None:
        value = self.data[name]
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{self.where}.{name} must be a number, not {value!r:.60}")
        return float(value)

    def moment(self, name: str) -> datetime:
        return parse_iso(self.data[name], f"{self.where}.{name}")

    def game(self) -> str:
        key = self.text("game")
        if key not in GAMES:
            raise ValueError(f"{self.where}.game names no game of the kit: {key!r:.40}")
        return key


def _list(document: dict[str, Any], name: str) -> list[Any]:
    value = document[name]
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list, not {value!r:.60}")
    return value


def _deal(data: object, where: str) -> Deal:
    entry = _Entry(data, where, ("at", "game", "rules", "seed", "decisions", "net", "dealt_in"))
    try:
        rules = rules_from_data(entry.data["rules"])
    except ValueError as error:
        raise ValueError(f"{where}.rules: {error}") from None
    key = entry.game()
    if game(rules).key != key:
        raise ValueError(f"{where}.game is {key!r} but its rules are {game(rules).key!r} rules")
    lines = entry.data["decisions"]
    if not isinstance(lines, list):
        raise ValueError(f"{where}.decisions must be a list, not {lines!r:.60}")
    decisions = []
    for n, line in enumerate(lines):
        item = _Entry(line, f"{where}.decisions[{n}]", DECISION_FIELDS)
        decisions.append(
            Decision(
                item.text("decision"),
                item.text("chosen"),
                item.text("best"),
                item.flag("good"),
                item.text("lost"),
                item.number("cost", optional=True),
                item.number("win_gap", optional=True),
            )
        )
    net = entry.number("net")
    assert net is not None
    return Deal(
        entry.moment("at"),
        key,
        rules,
        entry.whole("seed", optional=True),
        tuple(decisions),
        net,
        entry.flag("dealt_in"),
    )


def _attempt(data: object, where: str) -> Attempt:
    entry = _Entry(data, where, ("at", "lesson", "question", "answer", "correct", "hint_level"))
    hint = entry.whole("hint_level")
    assert hint is not None
    if hint < 0:
        raise ValueError(f"{where}.hint_level must be 0 or more, not {hint}")
    return Attempt(
        entry.moment("at"),
        entry.text("lesson"),
        entry.text("question"),
        entry.text("answer"),
        entry.flag("correct"),
        hint,
    )


def _card(data: object, where: str) -> DrillCard:
    names = ("id", "at", "game", "position", "chosen", "best", "cost", "concept", "schedule")
    entry = _Entry(data, where, names)
    schedule = entry.data["schedule"]
    if not isinstance(schedule, dict):
        raise ValueError(f"{where}.schedule must be an fsrs card state, not {schedule!r:.60}")
    try:
        due = due_of(schedule)
    except (KeyError, ValueError) as error:
        raise ValueError(f"{where}.schedule is not an fsrs card state ({error})") from None
    card_id, cost = entry.whole("id"), entry.number("cost")
    assert card_id is not None and cost is not None
    return DrillCard(
        entry.moment("at"),
        entry.game(),
        entry.data["position"],
        entry.text("chosen"),
        entry.text("best"),
        cost,
        entry.text("concept"),
        due,
        schedule,
        card_id,
    )


def _drill(data: object, where: str, cards: set[int]) -> Drill:
    entry = _Entry(data, where, ("at", "card_id", "answer", "correct", "rating"))
    card_id, rating = entry.whole("card_id"), entry.whole("rating")
    assert card_id is not None and rating is not None
    if card_id not in cards:
        raise ValueError(f"{where}.card_id {card_id} names no card of this file")
    correct = entry.flag("correct")
    try:
        rating_of(rating, correct)
    except ValueError as error:
        raise ValueError(f"{where}.{error}") from None
    return Drill(entry.moment("at"), card_id, entry.text("answer"), correct, rating)


def _lesson(data: object, where: str) -> LessonDone:
    entry = _Entry(data, where, ("lesson", "first", "last", "times"))
    times = entry.whole("times")
    assert times is not None
    if times < 1:
        raise ValueError(f"{where}.times must be 1 or more, not {times}")
    first, last = entry.moment("first"), entry.moment("last")
    if last < first:
        raise ValueError(f"{where}.last must not come before {where}.first")
    return LessonDone(entry.text("lesson"), first, last, times)


def read_contents(text: str) -> Contents:
    """The contents of an exported document; ``ValueError`` naming the first thing wrong."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the file is not JSON: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f"the file is not an exported progress store (format {FORMAT!r})")
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= VERSION:
        raise ValueError(f"the file's version must be 0-{VERSION}, not {version!r:.20}")
    missing = [name for name in SECTIONS if name not in document]
    if missing:
        raise ValueError(f"the file has no {', '.join(missing)}")
    cards = tuple(_card(c, f"cards[{n}]") for n, c in enumerate(_list(document, "cards")))
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        raise ValueError("cards lists one card id twice")
    return Contents(
        deals=tuple(_deal(d, f"deals[{n}]") for n, d in enumerate(_list(document, "deals"))),
        attempts=tuple(
            _attempt(a, f"attempts[{n}]") for n, a in enumerate(_list(document, "attempts"))
        ),
        cards=cards,
        drills=tuple(
            _drill(d, f"drills[{n}]", set(ids)) for n, d in enumerate(_list(document, "drills"))
        ),
        lessons=tuple(
            _lesson(done, f"lessons[{n}]")
            for n, done in enumerate(_list(document, "lessons") if "lessons" in document else [])
        ),
    )
