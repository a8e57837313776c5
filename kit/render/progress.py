"""A learner's progress as HTML: the numbers, where to go on, and the ✓ of lessons done.

Links to lessons are relative to the ``lessons/`` folder, where the start page and the
landing page live: they open the notebook in JupyterLab and the page in Voila.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from html import escape

from kit.games import GAMES
from kit.progress.summary import Summary
from kit.render.table import html_table, text_cell

__all__ = [
    "Shown",
    "continue_html",
    "done_marks_html",
    "lesson_link",
    "message_html",
    "summary_html",
]

BOX = "border:1px solid #ddd;border-radius:6px;padding:8px 12px;margin:6px 0;font-size:15px"
DONE = "#2e7d32"


@dataclass(frozen=True)
class Shown:
    """A piece of HTML a notebook or a Voila page shows as a cell's result."""

    html: str

    def _repr_html_(self) -> str:
        return self.html


def lesson_link(lesson: str, title: str) -> str:
    """A link that opens ``lesson`` (its path under ``lessons/``), named by its title."""
    return f'<a href="{escape(lesson)}.ipynb" class="kit-lesson-link">{escape(title)}</a>'


def _day(at: datetime) -> str:
    return f"{at.day} {at:%b %Y}"


def message_html(text: str) -> str:
    """A line the learner should read, about the store itself (it is not saving, say)."""
    return f'<div class="kit-progress-message" style="color:#8a5a00">{escape(text)}</div>'


def continue_html(
    *,
    last: tuple[str, str, datetime] | None,
    next_lesson: tuple[str, str] | None,
    due: Mapping[str, int],
) -> str:
    """ "Continue where you left off": ``last`` (lesson, title, when) done, ``next_lesson``
    (lesson, title) to open, and the drills ``due`` per game key."""
    if last is None and not any(due.values()):
        start = lesson_link(*next_lesson) if next_lesson else "the first lesson of any game"
        return (
            f'<div class="kit-continue" style="{BOX}">Nothing done yet: start with {start}.</div>'
        )
    lines = []
    if last is not None:
        lesson, title, when = last
        lines.append(f"Last done: <b>{escape(title)}</b> ({_game_of(lesson)}), on {_day(when)}.")
    if next_lesson is not None:
        lines.append(f"Next: {lesson_link(*next_lesson)} ({_game_of(next_lesson[0])}).")
    else:
        lines.append("Every lesson is done: well played.")
    waiting = [f"{GAMES[key].title} {count}" for key, count in due.items() if count]
    if waiting:
        lines.append("Drills due: " + ", ".join(waiting) + " (the Drill of each game's lesson 6).")
    body = "".join(f"<div>{line}</div>" for line in lines)
    return f'<div class="kit-continue" style="{BOX}">{body}</div>'


def _game_of(lesson: str) -> str:
    folder = lesson.split("/", 1)[0]
    return next((escape(g.title) for g in GAMES.values() if g.lessons == folder), "the kit")


def summary_html(numbers: Summary) -> str:
    """The numbers of a learner's progress, one row each."""
    share = numbers.first_try_share
    rows = [
        ["Lessons done", f"{numbers.lessons_done} of {numbers.lessons}"],
        [
            "Exercises right at the first try",
            "none tried yet"
            if share is None
            else f"{numbers.first_try_right} of {numbers.questions} ({share:.0%})",
        ],
        ["Drills due now", str(numbers.drills_due)],
        ["Deals played with the coach watching", str(len(numbers.deals))],
    ]
    return html_table(
        None,
        [[text_cell(name), text_cell(value)] for name, value in rows],
        css_class="kit-progress-summary",
    )


def done_marks_html(done: Iterable[str], total: int) -> str:
    """A ✓ after the link of every lesson ``done`` on the landing page, and a line that says
    how many; nothing but a short line when none is done yet."""
    lessons = sorted(set(done))
    if not lessons:
        return (
            '<div class="kit-landing kit-done-line">No lesson done yet: '
            "a lesson done gets a ✓ here.</div>"
        )
    selectors = ",\n".join(
        f'.kit-landing a[href="{escape(lesson, quote=True)}.ipynb"]::after' for lesson in lessons
    )
    style = f'{selectors} {{ content: " ✓"; color: {DONE}; }}'
    return (
        f"<style>{style}</style>"
        f'<div class="kit-landing kit-done-line">'
        f'<span style="color:{DONE}">✓</span> marks the lessons you have done: '
        f"{len(lessons)} of {total}.</div>"
    )
