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

Facts are typed: each game declares a frozen :class:`Facts` dataclass whose
fields are its facts; a field's name, with spaces for underscores, is how a
table or a hint labels it.

>>> @dataclass(frozen=True)
... class Outs(Facts):
...     outs: int | None = None
>>> best = Option("9", "discard 9", Outs(outs=8), "keeps the most outs")
>>> worse = Option("3", "discard 3", Outs(outs=2), "keeps fewer outs")
>>> advice = Advice("discard", "Count the cards that would help.", (best, worse))
>>> advice.best.action, advice.hint(1)
('9', 'Count the cards that would help.')
>>> print(advice.hint(2, chosen="discard 3"))
Your choice, discard 3: outs 2. The best, discard 9: outs 8.
>>> advice.hint(3)
'Best: discard 9 — keeps the most outs.'
>>> Outs.of(advice.best).outs  # a game reads its options' facts as its own kind
8
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, runtime_checkable

from kit.words import Fact, fact_words

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "HINT_LEVELS",
    "Advice",
    "Coach",
    "CoachFunctions",
    "Facts",
    "Option",
    "Review",
    "ReviewLine",
    "checked_observation",
]

HINT_LEVELS = ("nudge", "comparison", "reveal")
"""The three levels of help, in the order a Hint button steps through them."""


@dataclass(frozen=True)
class Facts:
    """The facts of one option, as a game's frozen dataclass of them (None: not a fact of
    this option). A field ``fan_shanten`` is labelled "fan shanten" in tables and hints."""

    CHANCES: ClassVar[frozenset[str]] = frozenset()
    """The facts that are chances (shown as percentages); other numbers show as they are."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The fact names, in field order."""
        return tuple(f.name for f in fields(cls))

    def fact(self, name: str) -> Fact:
        """The fact called ``name`` (None when this option does not have it)."""
        found: Fact = getattr(self, name)
        return found

    @classmethod
    def of(cls, option: Option) -> Self:
        """The facts of ``option``, which a game's coach ranks as its own kind of facts."""
        facts = option.facts
        if not isinstance(facts, cls):
            raise TypeError(f"{option.label!r} has {type(facts).__name__}, not {cls.__name__}")
        return facts


def label(name: str) -> str:
    """How a fact is shown: its name with spaces ("fan_shanten" → "fan shanten")."""
    return name.replace("_", " ")


def checked_observation(observation: object, kind: type, game: str) -> None:
    """A TypeError naming the expected observation unless ``observation`` is a ``kind``."""
    if not isinstance(observation, kind):
        shown = repr(observation)
        shown = shown if len(shown) <= 60 else shown[:59] + "…"
        raise TypeError(f"the {game} coach expects a {game} seat view, not {shown}")


@dataclass(frozen=True)
class Option:
    """One thing the seat could do now, with the facts that rank it and one plain sentence."""

    action: Any
    """The engine action (or, for a bare hand, a label such as a tile)."""
    label: str
    """How a learner names it: "discard 9s", "pung", "pass"."""
    facts: Facts
    """The facts that rank it, of the game's :class:`Facts` type."""
    reason: str


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
    """The names of the facts a comparison quotes (every fact set when empty)."""
    loss: Callable[[Option, Option], str] | None = field(default=None, compare=False, repr=False)
    """Words for what ``chosen`` gives up against ``best`` (a game's own measure)."""

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("advice needs at least one option")
        known = {name for option in self.options for name in option.facts.names()}
        unknown = [name for name in self.shown if name not in known]
        if unknown:
            raise ValueError(f"shown names no fact of these options: {unknown[0]!r}")

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

    def _names(self) -> tuple[str, ...]:
        """The facts this advice shows: ``shown``, else every fact some option sets."""
        if self.shown:
            return self.shown
        names: dict[str, None] = {}
        for option in self.options:
            for name in option.facts.names():
                if option.facts.fact(name) is not None:
                    names[name] = None
        return tuple(names)

    @staticmethod
    def _fact(option: Option, name: str) -> Fact:
        return option.facts.fact(name) if name in option.facts.names() else None

    def _key(self, option: Option) -> tuple[Fact, ...]:
        return tuple(self._fact(option, name) for name in self._names())

    def _facts(self, option: Option) -> str:
        names = self.shown or tuple(
            n for n in option.facts.names() if option.facts.fact(n) is not None
        )
        return ", ".join(f"{label(name)} {self.words(option, name)}" for name in names)

    def _columns(self) -> list[str]:
        """The facts :meth:`to_frame` shows, in the options' field order."""
        names = dict.fromkeys((*self.shown, *self._names()))
        order = [n for o in self.options for n in o.facts.names() if n in names]
        return list(dict.fromkeys(order))

    def words(self, option: Option, name: str) -> str:
        """The fact ``name`` of ``option`` as a learner reads it (:func:`kit.words.fact_words`)."""
        chance = name in type(option.facts).CHANCES
        return fact_words(self._fact(option, name), chance=chance)

    def words_frame(self) -> pd.DataFrame:
        """:meth:`to_frame` with every fact in words, as the coach's table shows it."""
        frame = self.to_frame()
        for column, name in zip(frame.columns[1:-1], self._columns(), strict=True):
            frame[column] = [self.words(option, name) for option in self.options]
        return frame

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

        rows = [
            {
                "option": o.label,
                **{label(n): self._fact(o, n) for n in self._columns()},
                "reason": o.reason,
            }
            for o in self.options
        ]
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


@runtime_checkable
class Coach(Protocol):
    """What every game's coach offers: advice on a decision, and the move it would make."""

    def advise(self, observation: Any, /) -> Advice:
        """The ranked options for the decision ``observation`` faces."""
        ...

    def act(self, observation: Any, /) -> Any:
        """The action the coach would take (what the ``"coach"`` bot plays)."""
        ...


@dataclass(frozen=True)
class CoachFunctions:
    """A :class:`Coach` made of two plain functions, as each game's coach module defines them."""

    advise_with: Callable[[Any], Advice]
    act_with: Callable[[Any], Any]

    def advise(self, observation: Any, /) -> Advice:
        return self.advise_with(observation)

    def act(self, observation: Any, /) -> Any:
        return self.act_with(observation)
