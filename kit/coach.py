"""What every game's coach shares: ranked options with their facts, hints, and a review.

A coach looks at one seat's view (its own hand, what is on the table, the
rules), never at the wall or another player's hand. For a decision it first
computes *facts* for each option (numbers a learner can check), ranks the
options, and only then words them. An :class:`Advice` holds that ranking:

- :meth:`Advice.hint` gives three levels of help: a *nudge* (which idea
  matters here), a *comparison* (the learner's choice against the best, in
  facts) and a *reveal* (the recommended move and why);
- :meth:`Advice.review_line` says what a choice cost against the best, for the
  review after a deal.

>>> best = Option("9", "discard 9", {"outs": 8}, "keeps the most outs")
>>> worse = Option("3", "discard 3", {"outs": 2}, "keeps fewer outs")
>>> advice = Advice("discard", "Count the cards that would help.", (best, worse))
>>> advice.best.action, advice.hint(1)
('9', 'Count the cards that would help.')
>>> print(advice.hint(2, chosen="discard 3"))
Your choice, discard 3: outs 2. The best, discard 9: outs 8.
>>> advice.hint(3)
'Best: discard 9 — keeps the most outs.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["HINT_LEVELS", "Advice", "Option", "Review", "ReviewLine"]

HINT_LEVELS = ("nudge", "comparison", "reveal")
"""The three levels of help, in the order a Hint button steps through them."""

Fact = int | float | str | bool | None


@dataclass(frozen=True)
class Option:
    """One thing the seat could do now, with the facts that rank it and one plain sentence."""

    action: Any
    """The engine action (or, for a bare hand, a label such as a tile)."""
    label: str
    """How a learner names it: "discard 9s", "pung", "pass"."""
    facts: Mapping[str, Fact]
    """Column → value, the same columns for every option of one decision."""
    reason: str


def _plain(value: Fact) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.1%}" if 0 <= value <= 1 else f"{value:.2f}"
    return str(value)


@dataclass(frozen=True)
class Advice:
    """A coach's answer to one decision: the options, best first, and the idea behind them."""

    decision: str
    """What is being decided: "discard", "claim", "turn", "void" …"""
    concept: str
    """The nudge: which idea matters here, without naming the answer."""
    options: tuple[Option, ...]
    """Best first. Never empty."""
    shown: tuple[str, ...] = ()
    """The facts a comparison quotes (all of them when empty)."""
    loss: Callable[[Option, Option], str] | None = field(default=None, compare=False, repr=False)
    """Words for what ``chosen`` gives up against ``best`` (a game's own measure)."""

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("advice needs at least one option")

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def action(self) -> Any:
        """The recommended action."""
        return self.best.action

    def option_for(self, action: Any) -> Option | None:
        """The option of an action (or label), or None if the coach did not list it."""
        for option in self.options:
            if option.action == action or option.label == action:
                return option
        return None

    def is_best(self, action: Any) -> bool:
        """Is ``action`` as good as the best, by the facts? (Ties with the best count.)"""
        option = self.option_for(action)
        return option is not None and self._key(option) == self._key(self.best)

    def _key(self, option: Option) -> tuple[Fact, ...]:
        names = self.shown or tuple(option.facts)
        return tuple(option.facts.get(name) for name in names)

    def _facts(self, option: Option) -> str:
        names = self.shown or tuple(option.facts)
        return ", ".join(f"{name} {_plain(option.facts.get(name))}" for name in names)

    def hint(self, level: int, chosen: Any = None) -> str:
        """Help at ``level`` 1 (nudge), 2 (comparison) or 3 (reveal)."""
        if level not in (1, 2, 3):
            raise ValueError(f"a hint level is 1, 2 or 3, not {level!r}")
        if level == 1:
            return self.concept
        if level == 2:
            best = f"The best, {self.best.label}: {self._facts(self.best)}."
            option = self.option_for(chosen) if chosen is not None else None
            if option is None or option is self.best:
                runner = self.options[1] if len(self.options) > 1 else None
                if runner is None:
                    return best
                return f"{best} Next best, {runner.label}: {self._facts(runner)}."
            return f"Your choice, {option.label}: {self._facts(option)}. {best}"
        return f"Best: {self.best.label} — {self.best.reason.rstrip('.')}."

    def review_line(self, chosen: Any) -> ReviewLine:
        """What ``chosen`` cost against the best, for the review after a deal."""
        option = self.option_for(chosen)
        label = option.label if option is not None else str(chosen)
        if option is None:
            return ReviewLine(self.decision, label, self.best.label, False, "not a listed option")
        if self.is_best(chosen):
            return ReviewLine(self.decision, label, self.best.label, True, "as good as the best")
        lost = (
            self.loss(self.best, option) if self.loss else f"the coach preferred {self.best.label}"
        )
        return ReviewLine(self.decision, label, self.best.label, False, lost)

    def to_frame(self) -> pd.DataFrame:
        """One row per option, best first: the label, every fact, and the reason."""
        import pandas as pd

        rows = [{"option": o.label, **o.facts, "reason": o.reason} for o in self.options]
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        return str(self.to_frame().to_html(index=False, escape=True))


@dataclass(frozen=True)
class ReviewLine:
    """One decision of a deal, looked at afterwards."""

    decision: str
    chosen: str
    best: str
    good: bool
    """The choice was as good as the coach's best."""
    lost: str
    """What the choice gave up, in words ("kept 9s: 6 fewer improving tiles")."""


@dataclass
class Review:
    """A learner's decisions over one deal, each against the coach's advice at that moment."""

    lines: list[ReviewLine] = field(default_factory=list)

    def record(self, advice: Advice, chosen: Any) -> ReviewLine:
        line = advice.review_line(chosen)
        self.lines.append(line)
        return line

    @property
    def agreed(self) -> int:
        """How many decisions matched the coach's best."""
        return sum(1 for line in self.lines if line.good)

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(
            [vars(line) for line in self.lines],
            columns=["decision", "chosen", "best", "good", "lost"],
        )

    def _repr_html_(self) -> str:
        return str(self.to_frame().to_html(index=False, escape=True))


def ranked(options: Sequence[Option], key: Callable[[Option], Any]) -> tuple[Option, ...]:
    """Options sorted best first by ``key`` (smaller is better), stable for ties."""
    return tuple(sorted(options, key=key))
