"""The coach's answer at a glance: one sentence that says what to do and why, and the few
options worth comparing with it.

A coach ranks every option (:class:`kit.coach.Advice`); a learner needs the first of them
and its reason, then at most a handful of rows: the best, the learner's own choice when
it differs, and the nearest alternatives. Options equal on every fact shown (two tiles of
one shape) count once.

When the ranking departs from the simple rule a lesson teaches first (a game's
:attr:`kit.coach.Facts.SIMPLE`, such as "fewer steps from ready, then more improving
tiles"), the sentence says which option that rule would choose and what makes the
coach's choice better.

>>> from dataclasses import dataclass
>>> from kit.coach import Advice, Facts, Option
>>> @dataclass(frozen=True)
... class Shape(Facts):
...     expected_net: float | None = None
...     deal_in_risk: float | None = None
...     shanten: int | None = None
...     acceptance: int | None = None
>>> Shape.SIMPLE, Shape.CHANCES = ("shanten", "acceptance"), frozenset({"deal_in_risk"})
>>> safe = Option("4z", "discard 4z", Shape(1.5, 0.01, 1, 31), "it is safe")
>>> wide = Option("5m", "discard 5m", Shape(-0.4, 0.12, 1, 35), "it keeps the most tiles")
>>> advice = Advice("discard", "…", (safe, wide), shown=("expected_net", "deal_in_risk"))
>>> print(recommendation(advice))
Throw 4z: it is safe. The simple rule would choose discard 5m, by acceptance (35 against 31); discard 4z is better on expected net (+1.5 against −0.4) and deal in risk (1% against 12%).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit.coach import Advice, Option, label
from kit.words import Fact

__all__ = ["LOWER_IS_BETTER", "alike", "closest", "recommendation", "simple_choice", "with_alike"]

LOWER_IS_BETTER = frozenset(
    {
        "shanten",
        "fan_shanten",
        "effort",
        "void_tiles_left",
        "off_suit_tiles",
        "tiles_to_throw",
        "deal_in_risk",
        "danger",
        "expected_penalty",
        "sum_left",
        "sum_after",
        "cards_left",
    }
)
"""The facts where less is better; for every other number, more is better."""

MOST_ROWS = 4
"""The rows the glance shows: the best, your choice, the nearest others."""


def _key(advice: Advice, option: Option, names: Sequence[str] | None = None) -> tuple[Fact, ...]:
    names = names if names is not None else advice.shown or option.facts.names()
    return tuple(option.facts.fact(n) if n in option.facts.names() else None for n in names)


def closest(
    advice: Advice,
    chosen: Any = None,
    most: int = MOST_ROWS,
    names: Sequence[str] | None = None,
) -> tuple[Option, ...]:
    """The options a glance shows: the best, ``chosen``'s option when it differs, then the
    next options in rank order, each shape once (an option equal to one already shown on
    the facts ``names``, by default those the advice shows, is :func:`alike` it), at most
    ``most`` in all."""
    picked: list[Option] = []
    seen: set[tuple[Fact, ...]] = set()
    mine = advice.option_for(chosen) if chosen is not None else None
    for option in (advice.best, *((mine,) if mine is not None else ()), *advice.options):
        key = _key(advice, option, names)
        if option in picked or (key in seen and option is not mine):
            continue
        picked.append(option)
        seen.add(key)
        if len(picked) == most:
            break
    best, *rest = picked
    return (best, *sorted(rest, key=advice.options.index))


def alike(
    advice: Advice, option: Option, shown: Sequence[Option], names: Sequence[str] | None = None
) -> tuple[Option, ...]:
    """The options not in ``shown`` that equal ``option`` on the facts ``names``: a glance
    names them beside it ("discard 7s, or 6s or 5s")."""
    key = _key(advice, option, names)
    return tuple(o for o in advice.options if o not in shown and _key(advice, o, names) == key)


def with_alike(option: Option, others: Sequence[Option]) -> str:
    """``option``'s label with the labels of ``others`` beside it, their common first word
    said once: "discard 7s, or 6s or 5s"."""
    if not others:
        return option.label
    verb = option.label.split(" ", 1)[0]
    rest = [o.label.split(" ", 1)[1] if o.label.startswith(f"{verb} ") else o.label for o in others]
    return f"{option.label}, or {' or '.join(rest)}"


def _better(name: str, a: Fact, b: Fact) -> bool:
    """Is fact value ``a`` better than ``b`` (both numbers)?"""
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return False
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) and not bool(b)
    return a < b if name in LOWER_IS_BETTER else a > b


def _simple_key(option: Option, names: Sequence[str]) -> tuple[float, ...]:
    key = []
    for name in names:
        value = option.facts.fact(name) if name in option.facts.names() else None
        if not isinstance(value, (int, float)):
            key.append(float("inf"))
            continue
        key.append(float(value) if name in LOWER_IS_BETTER else -float(value))
    return tuple(key)


def simple_choice(advice: Advice) -> Option | None:
    """The option the game's simple rule (:attr:`kit.coach.Facts.SIMPLE`) would choose,
    when it is strictly better by that rule than the coach's best; else None."""
    names = type(advice.best.facts).SIMPLE
    if not names:
        return None
    options = [o for o in advice.options if type(o.facts) is type(advice.best.facts)]
    pick = min(options, key=lambda o: _simple_key(o, names))
    return pick if _simple_key(pick, names) < _simple_key(advice.best, names) else None


def _compare(advice: Advice, names: Sequence[str], a: Option, b: Option) -> list[str]:
    """ "name (x against y)" for the facts in ``names`` where ``a`` is better than ``b``."""
    words = []
    for name in names:
        fa = a.facts.fact(name) if name in a.facts.names() else None
        fb = b.facts.fact(name) if name in b.facts.names() else None
        if _better(name, fa, fb):
            words.append(f"{label(name)} ({advice.words(a, name)} against {advice.words(b, name)})")
    return words


def recommendation(advice: Advice) -> str:
    """One or two sentences: the best option and its reason; and, when the simple rule
    would choose another option, which one and what makes the best better."""
    best = advice.best
    text = _lead(best)
    other = simple_choice(advice)
    if other is None:
        return text
    names = type(best.facts).SIMPLE
    rule = _compare(advice, names, other, best)
    shown = [n for n in (advice.shown or best.facts.names()) if n not in names]
    gains = _compare(advice, shown, best, other)
    if not rule or not gains:
        return text
    return (
        f"{text} The simple rule would choose {other.label}, by {_joined(rule)}; "
        f"{best.label} is better on {_joined(gains)}."
    )


def _lead(best: Option) -> str:
    """The best option and its reason in one sentence, its tile said once: "Throw 7p: it
    leaves the hand 4 from ready…" rather than "Discard 7p: Throwing 7p leaves…"."""
    reason = best.reason.rstrip(". ")
    verb, _, thrown = best.label.partition(" ")
    if verb == "discard" and thrown:
        if reason.startswith(f"Throwing {thrown}: "):
            return f"Throw {thrown}: {reason.removeprefix(f'Throwing {thrown}: ')}."
        for said in (f"Throwing {thrown} ", f"{thrown} "):
            if reason.startswith(said):
                return f"Throw {thrown}: it {reason.removeprefix(said)}."
        return f"Throw {thrown}: {reason}."
    return f"{best.label[:1].upper()}{best.label[1:]}: {reason}."


def _joined(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    parts = list(words[:3])
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
