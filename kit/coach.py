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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, runtime_checkable

from kit.words import Fact, a_or_an, amount, fact_words

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "HINT_LEVELS",
    "Advice",
    "Coach",
    "CoachFunctions",
    "Facts",
    "Option",
    "Outcome",
    "Review",
    "ReviewLine",
    "by_money",
    "checked_observation",
    "with_outcomes",
]

HINT_LEVELS = ("nudge", "comparison", "reveal")
"""The three levels of help, in the order a Hint button steps through them."""


_NAMES: dict[type, tuple[str, ...]] = {}
"""Each facts class's field names, read once (they are asked for at every ranking)."""


@dataclass(frozen=True)
class Facts:
    """The facts of one option, as a game's frozen dataclass of them (None: not a fact of
    this option). A field ``fan_shanten`` is labelled "fan shanten" in tables and hints."""

    CHANCES: ClassVar[frozenset[str]] = frozenset()
    """The facts that are chances (shown as percentages); other numbers show as they are."""
    SIMPLE: ClassVar[tuple[str, ...]] = ()
    """The facts of the simple rule a lesson teaches first, in order ("fewer steps from
    ready, then more improving tiles"): :mod:`kit.recommendation` says why when the
    coach's ranking departs from it. Empty: no such rule."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The fact names, in field order."""
        found = _NAMES.get(cls)
        if found is None:
            found = _NAMES[cls] = tuple(f.name for f in fields(cls))
        return found

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


OUTCOME_FACTS = ("expected_net", "win_chance", "deal_in_risk")
"""The facts a game's :class:`Facts` declares (last, after its shape facts) to show an option's
forecast :class:`Outcome`; ``win_chance`` and ``deal_in_risk`` are chances."""


def with_outcomes(
    advice: Advice, outcomes: Mapping[Any, Outcome], method: tuple[str, str] | None = None
) -> Advice:
    """``advice`` with each option's forecast added: its :class:`Outcome`, and the outcome
    facts its game's :class:`Facts` declares (rounded as a learner reads them).

    The coach still ranks by the facts of the hand; among options equal on every
    shape fact shown, the one with more expected money comes first, and a choice
    that gave up money against an equal-shaped best says so in the review."""
    options = []
    for option in advice.options:
        outcome = outcomes.get(option.action)
        if outcome is None or "expected_net" not in option.facts.names():
            options.append(option)
            continue
        risk = outcome.deal_in_risk
        forecast: dict[str, Any] = {
            "expected_net": round(outcome.expected_net, 2),
            "win_chance": round(outcome.win_chance, 3),
            "deal_in_risk": None if risk is None else round(risk, 3),
        }
        facts = replace(option.facts, **forecast)
        options.append(replace(option, facts=facts, outcome=outcome))
    shape = advice.shown
    first: dict[tuple[Fact, ...], int] = {}
    for option in options:
        first.setdefault(_shape_key(option, shape), len(first))
    options.sort(key=lambda o: (first[_shape_key(o, shape)], -_money(o)))
    shown = shape
    if shown:
        known = {n for o in options for n in o.facts.names()}
        shown = (*shown, *(n for n in OUTCOME_FACTS if n in known and n not in shown))
    return replace(
        advice,
        options=tuple(options),
        shown=shown,
        loss=_money_loss(advice.loss, shape),
        method=method,
    )


def by_money(
    advice: Advice,
    outcomes: Mapping[Any, Outcome],
    *,
    first: Callable[[Option], Any] | None = None,
    measure: Sequence[str] = (),
    method: tuple[str, str] | None = None,
) -> Advice:
    """``advice`` with each option's forecast added, ranked by expected money.

    ``first`` (with the facts ``measure`` that show it) is a game's own measure that
    comes before the money, such as "throw the void suit first"; the hand's shape
    facts follow the forecast in the comparison, and break its ties."""
    added = with_outcomes(advice, outcomes, method)
    order = {id(o): i for i, o in enumerate(added.options)}

    def key(option: Option) -> tuple[Any, ...]:
        lead = first(option) if first is not None else 0
        return (lead, -_money(option), order[id(option)])

    options = tuple(sorted(added.options, key=key))
    known = {n for o in options for n in o.facts.names()}
    shown = tuple(dict.fromkeys(n for n in (*measure, *OUTCOME_FACTS, *advice.shown) if n in known))
    return replace(added, options=options, shown=shown, loss=_forecast_loss(advice.loss))


def _forecast_loss(
    shape_loss: Callable[[Option, Option], str] | None,
) -> Callable[[Option, Option], str]:
    """What a choice gave up against the best, in forecast money first."""

    def loss(best: Option, chosen: Option) -> str:
        b, c = best.outcome, chosen.outcome
        if b is None or c is None or c.expected_net >= b.expected_net:
            if shape_loss is not None:
                return shape_loss(best, chosen)
            return f"the coach preferred {best.label}"
        words = f"{chosen.label}: {amount(b.expected_net - c.expected_net)} less money expected"
        mine, theirs = c.deal_in_risk, b.deal_in_risk
        if mine is not None and theirs is not None and mine > theirs + 0.005:
            words += f", {a_or_an(f'{mine:.0%}')} chance it feeds a win against {theirs:.0%}"
        if c.win_chance + 0.005 < b.win_chance:
            words += f", win chance {c.win_chance:.0%} against {b.win_chance:.0%}"
        return words

    return loss


def _shape_key(option: Option, names: Sequence[str]) -> tuple[Fact, ...]:
    facts = option.facts
    return tuple(facts.fact(n) if n in facts.names() else None for n in names)


def _money(option: Option) -> float:
    return option.outcome.expected_net if option.outcome is not None else float("-inf")


def _money_loss(
    shape_loss: Callable[[Option, Option], str] | None, shape: Sequence[str]
) -> Callable[[Option, Option], str]:
    """The shape coach's words for a loss, or, between options of one shape, the money."""

    def loss(best: Option, chosen: Option) -> str:
        same = _shape_key(best, shape) == _shape_key(chosen, shape)
        if same and best.outcome is not None and chosen.outcome is not None:
            gap = best.outcome.expected_net - chosen.outcome.expected_net
            words = (
                f"{chosen.label}: as close as {best.label}, but {amount(gap)} less money expected"
            )
            b, c = best.outcome.deal_in_risk, chosen.outcome.deal_in_risk
            if b is not None and c is not None and c > b:
                words += f" ({a_or_an(f'{c:.0%}')} chance it feeds a win, against {b:.0%})"
            return words
        if shape_loss is not None:
            return shape_loss(best, chosen)
        return f"the coach preferred {best.label}"

    return loss


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
class Outcome:
    """What one option leads to for the seat that takes it, as the coach forecasts it.

    The numbers are forecasts over the rest of the deal (or round), with the
    seat playing on as the coach would; each game's reference says how they are
    computed, and calibration tests compare them with played deals."""

    win_chance: float
    """The chance that this seat wins the deal (Sichuan: at least once; Nylon-ppong: the round)."""
    expected_net: float
    """The expected money for this seat from now to the end, in the game's units."""
    deal_in_risk: float | None = None
    """For a mahjong discard, the chance that this very tile is claimed for a win; else None."""
    expected_penalty: float | None = None
    """Nylon-ppong: the expected penalty this seat pays by the end of the round; else None."""
    net_error: float = 0.0
    """The standard error of :attr:`expected_net` when it is sampled (0 when computed)."""
    worlds: int = 0
    """How many sampled worlds the numbers come from (0 when computed, not sampled)."""


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
    outcome: Outcome | None = field(default=None, compare=False)
    """What the option leads to (:class:`Outcome`), when the coach forecasts it."""


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
    method: tuple[str, str] | None = None
    """Where the reference explains the options' forecasts: (page, anchor), e.g.
    ("sichuan", "coach"); None when the options carry none."""

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
        said = ((name, self.words(option, name)) for name in names)
        return ", ".join(f"{label(name)} {words}" for name, words in said if words)

    def _columns(self) -> list[str]:
        """The facts :meth:`to_frame` shows, in the options' field order."""
        names = dict.fromkeys((*self.shown, *self._names()))
        order = [n for o in self.options for n in o.facts.names() if n in names]
        return list(dict.fromkeys(order))

    def words(self, option: Option, name: str) -> str:
        """The fact ``name`` of ``option`` as a learner reads it (:func:`kit.words.fact_words`)."""
        chance = name in type(option.facts).CHANCES
        return fact_words(self._fact(option, name), chance=chance, name=name)

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
        best = self.best.label
        if option is None:
            return ReviewLine(
                self.decision, label, best, False, "not a listed option", action=chosen
            )
        cost, win_gap = self.cost(option)
        if self.is_best(chosen):
            return ReviewLine(
                self.decision, label, best, True, "as good as the best", cost, win_gap, chosen
            )
        lost = self.loss(self.best, option) if self.loss else f"the coach preferred {best}"
        return ReviewLine(self.decision, label, best, False, lost, cost, win_gap, chosen)

    def cost(self, option: Option) -> tuple[float | None, float | None]:
        """What ``option`` gives up against the best, by the forecasts: (money, win chance),
        each never below 0; (None, None) when the options carry no forecast.

        Money is expected net, or, where the game counts a penalty (Nylon-ppong), the
        expected penalty the option adds."""
        mine, top = option.outcome, self.best.outcome
        if mine is None or top is None:
            return None, None
        if mine.expected_penalty is not None and top.expected_penalty is not None:
            money = mine.expected_penalty - top.expected_penalty
        else:
            money = top.expected_net - mine.expected_net
        return max(0.0, money), max(0.0, top.win_chance - mine.win_chance)

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
    """What the choice gave up, in words ("kept 9s: 6 fewer unseen improving tiles")."""
    cost: float | None = None
    """The money it gave up by the forecasts (expected net, or expected penalty), ≥ 0;
    None where the options carry no forecast."""
    win_gap: float | None = None
    """The win chance it gave up by the forecasts, ≥ 0 (None: no forecast)."""
    action: Any = field(default=None, compare=False)
    """The action chosen (None when the line was made from a label)."""


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
