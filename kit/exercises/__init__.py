"""Self-checking exercises for the lessons: a hint on the first wrong try, the answer on the second.

A lesson asks a question in a cell; the learner writes an answer in the cell
above; the check cell calls the lesson's :class:`Exercise`. The checking lives
here, not in the notebook, so the answer is not on the page before the learner
tries.

>>> add = Exercise(
...     "add",
...     check=lambda x: Verdict(x == 4, "right: 2 + 2 = 4" if x == 4 else f"{x} is not 2 + 2"),
...     hint="Count two, then two more.",
...     answer="2 + 2 = 4.",
... )
>>> print(add(None))
No answer yet: write your answer, then check again.
>>> print(add(5))
5 is not 2 + 2. Hint: Count two, then two more.
>>> print(add(5))  # the same answer again: the same hint, not the answer
5 is not 2 + 2. Hint: Count two, then two more.
>>> print(add(3))
3 is not 2 + 2. The answer: 2 + 2 = 4.
>>> print(add(4))
Right: 2 + 2 = 4

A typo is a message, never a traceback: a check that raises ``ValueError`` or
``TypeError`` (the kit's errors for bad input) is reported and not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

__all__ = ["Exercise", "Feedback", "Verdict", "blank"]

MISSING = "No answer yet: write your answer, then check again."
"""What a blank answer gets: it reads right in a notebook and on a Voila page."""


@dataclass(frozen=True)
class Verdict:
    """What a check found: right or not, and what to say about this answer."""

    right: bool
    says: str


@dataclass(frozen=True)
class Feedback:
    """What the learner reads after a try."""

    text: str
    kind: str
    """``right``, ``hint``, ``answer``, ``missing`` or ``error``."""

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        colour = {"right": "#2e7d32", "hint": "#8a5a00", "answer": "#1565c0"}.get(self.kind, "#555")
        mark = {"right": "✓ ", "hint": "✗ ", "answer": "✗ "}.get(self.kind, "")
        return (
            f'<div class="kit-feedback kit-feedback-{self.kind}" style="color:{colour};'
            f'font-size:14px;margin:4px 0">{mark}{escape(self.text)}</div>'
        )


def blank(value: object) -> bool:
    """Is this answer still empty (None, or text with nothing in it)?"""
    return value is None or (isinstance(value, str) and not value.strip())


@dataclass
class Exercise:
    """One question of a lesson, with its check, its hint and its answer.

    ``check`` takes the learner's answers and returns a :class:`Verdict`. The first
    wrong answer gets the hint; a second, different wrong answer gets the answer too.
    """

    key: str
    check: Callable[..., Verdict] = field(repr=False)
    hint: str
    answer: str | Callable[[], str] = field(repr=False)
    wrong: list[str] = field(default_factory=list, repr=False)
    """The distinct wrong answers tried so far (as text)."""

    def __call__(self, *answers: Any) -> Feedback:
        if not answers or any(blank(value) for value in answers):
            return Feedback(MISSING, "missing")
        try:
            verdict = self.check(*answers)
        except (ValueError, TypeError) as error:
            return Feedback(f"The kit cannot read that: {error}", "error")
        if verdict.right:
            text = verdict.says[:1].upper() + verdict.says[1:]
            return Feedback(text, "right")
        tried = repr(answers)
        if tried not in self.wrong:
            self.wrong.append(tried)
        if len(self.wrong) < 2:
            return Feedback(f"{verdict.says}. Hint: {self.hint}", "hint")
        answer = self.answer() if callable(self.answer) else self.answer
        return Feedback(f"{verdict.says}. The answer: {answer}", "answer")

    def reset(self) -> None:
        """Forget the tries (for a fresh start)."""
        self.wrong.clear()

    def widget(self, labels: Sequence[str], *, convert: Callable[[str], Any] = str) -> Any:
        """The same exercise as text boxes and a *Check* button, for Voila pages and classrooms.

        ``labels`` name one box per answer; ``convert`` turns each box's text into
        the value the check takes (``int`` for numbers).
        """
        import ipywidgets as w

        boxes = [
            w.Text(description=label, style={"description_width": "initial"}) for label in labels
        ]
        button = w.Button(description="Check", icon="check")
        out = w.HTML()
        for box in boxes:
            box.add_class("kit-exercise-input")
        button.add_class("kit-exercise-check")
        out.add_class("kit-exercise-feedback")

        def on_click(_: object) -> None:
            values: list[Any] = []
            for box in boxes:
                text = box.value.strip()
                if not text:
                    values.append(None)
                    continue
                try:
                    values.append(convert(text))
                except (ValueError, TypeError):
                    out.value = Feedback(
                        f"{text!r} is not what this box takes", "error"
                    )._repr_html_()
                    return
            out.value = self(*values)._repr_html_()

        button.on_click(on_click)
        box = w.VBox([*boxes, button, out])
        box.add_class("kit-exercise")
        return box
