"""Self-checking exercises for the lessons: a hint on the first wrong try, the answer on the second.

Each question is a :class:`Question` value: the answers it takes (each with its
reader from :mod:`kit.exercises.answers`), the truth the kit computes, what to
say to typical wrong answers, a hint and an explanation. An :class:`Exercise`
is a question being tried; the checking lives here, not in the notebook, so the
answer is not on the page before the learner tries.

>>> from kit.exercises.answers import whole_number
>>> add = Exercise(Question(
...     "add",
...     answers=(Answer("2 + 2", whole_number),),
...     truth=lambda: 2 + 2,
...     praise=lambda answer, truth: f"right: 2 + 2 = {truth}",
...     miss=lambda answer, truth: f"{answer} is not 2 + 2",
...     hint="Count two, then two more.",
...     explanation="2 + 2 = 4.",
... ))
>>> print(add(None))
No answer yet: write your answer, then check again.
>>> print(add(5))
5 is not 2 + 2. Hint: Count two, then two more.
>>> print(add(5))  # the same answer again: the same hint, not the answer
5 is not 2 + 2. Hint: Count two, then two more.
>>> print(add(3))
3 is not 2 + 2. The answer: 2 + 2 = 4.
>>> print(add("four"))  # a typo: a message, and not a try
The kit cannot read that: a number is wanted here, such as 12, not 'four'
>>> print(add(4))
Right: 2 + 2 = 4.

A typo is a message, never a traceback: a reader or a check that raises ``ValueError``
or ``TypeError`` (the kit's errors for bad input) is reported and not counted.

Given a progress store, each counted try is kept there (the question's key, the answer,
right or not, and the hint shown before it):

>>> from kit.progress import Store
>>> store = Store(":memory:")
>>> add.reset()
>>> print(add(5, store=store, lesson="start-here"))
5 is not 2 + 2. Hint: Count two, then two more.
>>> print(add(4, store=store, lesson="start-here"))
Right: 2 + 2 = 4.
>>> [(a.question, a.answer, a.correct, a.hint_level) for a in store.attempts("start-here")]
[('add', '5', False, 0), ('add', '4', True, 1)]

Shown as a widget with a store, the exercise keeps the answers typed in a cell too:

>>> _ = add.widget(store=store, lesson="start-here")
>>> print(add(4))
Right: 2 + 2 = 4.
>>> len(store.attempts("start-here"))
3
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape
from typing import TYPE_CHECKING, Any

from kit.words import sentence

if TYPE_CHECKING:
    from kit.progress import Store

__all__ = [
    "Answer",
    "Exercise",
    "Feedback",
    "Question",
    "Verdict",
    "among",
    "blank",
]

MISSING = "No answer yet: write your answer, then check again."
"""What a blank answer gets: it reads right in a notebook and on a Voila page."""


@dataclass(frozen=True)
class Verdict:
    """What a check found: right or not, and what to say about this answer."""

    right: bool
    says: str
    answer: Any = None
    """The answer as read, when known: a try is counted once per distinct answer."""


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


@dataclass(frozen=True)
class Answer:
    """One answer a question takes: its box's label and its reader (see :mod:`.answers`)."""

    label: str
    read: Callable[[Any], Any]


def among(answer: Any, truth: Any) -> bool:
    """For ``accepts`` when several answers are right: the answer is one of them."""
    return answer in truth


@dataclass(frozen=True)
class Question:
    """One question of a lesson, as a value: what it takes, the kit's truth, and what to say.

    ``truth`` computes the right answer from the kit's rules; a read answer is right
    when ``accepts(answer, truth)`` (equal, by default). ``praise(answer, truth)`` is
    what a right answer is told, ``diagnoses(truth)`` maps typical wrong answers to
    what they show, and ``miss(answer, truth)`` speaks to any other wrong answer.
    A question with many right answers (build a hand that …) has a ``judge`` instead,
    which asks the kit about the answer itself. The answers are one value when the
    question takes one, a tuple otherwise; ``read`` reads them together when they may
    come as one value or as its parts (a table, or its two columns).
    """

    key: str
    answers: tuple[Answer, ...]
    hint: str
    explanation: str | Callable[[], str]
    truth: Callable[[], Any] | None = None
    accepts: Callable[[Any, Any], bool] = operator.eq
    praise: Callable[[Any, Any], str] = lambda answer, truth: f"right: {answer}"
    diagnoses: Callable[[Any], Mapping[Any, str]] = lambda truth: {}
    miss: Callable[[Any, Any], str] = lambda answer, truth: f"not {answer}"
    judge: Callable[[Any], Verdict] | None = None
    read: Callable[..., Any] | None = None
    prompt: str = MISSING

    def __post_init__(self) -> None:
        if (self.truth is None) == (self.judge is None):
            raise TypeError(f"question {self.key!r}: give either truth or judge, not both")
        if not self.answers:
            raise ValueError(f"question {self.key!r}: answers is empty")

    def verdict(self, *given: Any) -> Verdict:
        """What the kit finds about these answers; a typo raises the reader's message."""
        if self.read is not None:
            answer = self.read(*given)
        else:
            if len(given) != len(self.answers):
                raise TypeError(f"write {len(self.answers)} answers here, not {len(given)}")
            read = tuple(part.read(value) for part, value in zip(self.answers, given, strict=True))
            answer = read[0] if len(read) == 1 else read
        if self.judge is not None:
            found = self.judge(answer)
            return found if found.answer is not None else replace(found, answer=answer)
        assert self.truth is not None
        truth = self.truth()
        if self.accepts(answer, truth):
            return Verdict(True, self.praise(answer, truth), answer)
        said = self.diagnoses(truth).get(answer) if _hashable(answer) else None
        return Verdict(False, said or self.miss(answer, truth), answer)

    def shown(self) -> str:
        """The explanation, worked out now."""
        return self.explanation() if callable(self.explanation) else self.explanation


def _said(answer: Any) -> str:
    """An answer as kept in the store: its text, or the text of each of its parts."""
    if isinstance(answer, (tuple, list)):
        return ", ".join(_said(part) for part in answer)
    return str(answer)


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


@dataclass
class Exercise:
    """A :class:`Question` being tried: a hint on the first wrong try, the answer on the second.

    A second, *different* wrong answer gets the answer; the same one again gets the hint
    again; a typo gets the reader's message and is not counted. Showing it (:meth:`widget`)
    starts it afresh: the cell that shows it, or the whole lesson, run again in the same
    kernel never inherits the tries of an earlier run (each lesson shows an exercise before
    its notebook check cell).
    """

    question: Question
    wrong: list[str] = field(default_factory=list, repr=False)
    """The distinct wrong answers tried so far (as read)."""
    store: Store | None = field(default=None, repr=False, compare=False)
    """Where the tries are kept when a call names no store: the one the exercise was last
    shown with (:meth:`widget`), so an answer typed in a cell is kept as a click is."""
    lesson: str = field(default="", repr=False, compare=False)
    """The lesson the kept tries belong to, with :attr:`store`."""

    @property
    def key(self) -> str:
        return self.question.key

    @property
    def hint(self) -> str:
        return self.question.hint

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(answer.label for answer in self.question.answers)

    def answer(self) -> str:
        """The explanation, as the second wrong try shows it."""
        return self.question.shown()

    def __call__(
        self, *answers: Any, store: Store | None = None, lesson: str | None = None
    ) -> Feedback:
        """Check ``answers``; with a ``store``, keep the try there under ``lesson`` (a path
        under ``lessons/``, or "" when the caller does not know it) and the question's key.
        Without one, the try goes where the exercise was last shown (:attr:`store`)."""
        if store is None:
            store, lesson = self.store, self.lesson if lesson is None else lesson
        lesson = lesson or ""
        if not answers or any(blank(value) for value in answers):
            return Feedback(self.question.prompt, "missing")
        try:
            verdict = self.question.verdict(*answers)
        except (ValueError, TypeError) as error:
            return Feedback(f"The kit cannot read that: {error}", "error")
        if store is not None:
            store.record_attempt(
                lesson,
                self.key,
                _said(verdict.answer if verdict.answer is not None else answers),
                correct=verdict.right,
                hint_level=min(len(self.wrong), 2),
            )
        if verdict.right:
            return Feedback(sentence(verdict.says), "right")
        tried = repr(verdict.answer if verdict.answer is not None else answers)
        if tried not in self.wrong:
            self.wrong.append(tried)
        says = sentence(verdict.says)
        if len(self.wrong) < 2:
            return Feedback(f"{says} Hint: {sentence(self.hint)}", "hint")
        return Feedback(f"{says} The answer: {sentence(self.answer())}", "answer")

    def reset(self) -> None:
        """Forget the tries (for a fresh start)."""
        self.wrong.clear()

    def widget(
        self, labels: Sequence[str] | None = None, store: Store | None = None, lesson: str = ""
    ) -> Any:
        """The same exercise as text boxes and a *Check* button, for Voila pages and classrooms.

        One box per answer, labelled by the question (or by ``labels``); each box's text
        goes to the question's reader, so a typo gets the same message as in a cell. The
        tries start afresh: the cell that shows the exercise, run again, shows a new one.
        With a ``store``, each try is kept there (see :meth:`__call__`), and so is each
        answer typed in a cell afterwards (``exercise("…")``), under the same ``lesson``.
        """
        import ipywidgets as w

        self.reset()
        self.store, self.lesson = store, lesson
        boxes = [
            w.Text(description=label, style={"description_width": "initial"})
            for label in (labels or self.labels)
        ]
        button = w.Button(description="Check", icon="check")
        out = w.HTML()
        for box in boxes:
            box.add_class("kit-exercise-input")
            box.layout.width = "min(640px, 100%)"  # room to type after a long label
        button.add_class("kit-exercise-check")
        out.add_class("kit-exercise-feedback")

        def on_click(_: object) -> None:
            values = [box.value.strip() or None for box in boxes]
            out.value = self(*values, store=store, lesson=lesson)._repr_html_()

        button.on_click(on_click)
        box = w.VBox([*boxes, button, out])
        box.add_class("kit-exercise")
        return box
