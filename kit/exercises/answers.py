"""The answer readers: one per kind of answer, each with one clear message naming the bad input.

A reader takes what the learner gave (a value from a cell, or a box's text) and
returns the value the question compares, or raises ``ValueError`` / ``TypeError``
saying what was wanted; the exercise shows that message and does not count a try.

>>> whole_number(" −34 "), decimal("40%"), yes_no("Yes")
(-34, 0.4, True)
>>> WholeNumbers(4, "one per seat")("35, 53, 0")
Traceback (most recent call last):
...
ValueError: that is 3 numbers; write one per seat, 4 in all
>>> sorted(SomeOf("abcd", "hands")("c, A"))
['a', 'c']
>>> OneOf(("m", "p", "s"), "the void is a suit")("x")
Traceback (most recent call last):
...
ValueError: the void is a suit m, p or s, not 'x'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Generic, TypeVar

from kit.words import listed

__all__ = [
    "HouseRules",
    "Notation",
    "OneOf",
    "SomeOf",
    "WholeNumbers",
    "decimal",
    "either",
    "listed",
    "text",
    "whole_number",
    "yes_no",
]

T = TypeVar("T")

MINUS = str.maketrans({"\N{MINUS SIGN}": "-", "\N{EN DASH}": "-"})
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def either(items: Iterable[object]) -> str:
    """ "a or b", "a, b or c"."""
    return listed(items, "or")


def text(value: object, what: str = "your answer") -> str:
    """Text as typed, for answers written in a notation (cards, tiles, hands)."""
    if not isinstance(value, str):
        raise TypeError(f'write {what} as text, such as "1m 2m" or "1B 2A", not {value!r}')
    return value.strip()


def decimal(value: object) -> float:
    """A number that may have a fraction or be a share: 2.5, "0.4", "40%"."""
    if isinstance(value, bool):
        raise TypeError(f"a number is wanted here, such as 0.4, not {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        written = value.strip().translate(MINUS)
        share = written.endswith("%")
        if re.fullmatch(r"-?\d+(?:\.\d+)?", written.removesuffix("%").strip()):
            number = float(written.removesuffix("%"))
            return number / 100 if share else number
    raise ValueError(f"a number is wanted here, such as 0.4, not {value!r}")


def whole_number(value: object) -> int:
    """A whole number from a number or a box's text (a typed minus sign "−" too)."""
    number = decimal(value) if not isinstance(value, str) else _typed_number(value)
    if number != int(number):
        raise ValueError(f"{value} is not a whole number")
    return int(number)


def _typed_number(value: str) -> float:
    written = value.strip().translate(MINUS)
    if not NUMBER.fullmatch(written):
        raise ValueError(f"a number is wanted here, such as 12, not {value!r}")
    return float(written)


@dataclass(frozen=True)
class WholeNumbers:
    """Whole numbers, from a list or text such as "-32, -32, 96, -32"; ``count`` of them."""

    count: int
    what: str
    """How to write them, said when the count is wrong: "one per seat"."""

    def __call__(self, value: object) -> tuple[int, ...]:
        if isinstance(value, str):
            parts: list[object] = [p for p in re.split(r"[\s,;\[\]()]+", value.strip()) if p]
        elif hasattr(value, "tolist"):  # a pandas or numpy column
            parts = list(value.tolist())
        elif isinstance(value, (list, tuple)):
            parts = list(value)
        else:
            raise TypeError(f"write {self.count} numbers, {self.what}, not {value!r}")
        numbers = tuple(whole_number(part) for part in parts)
        if len(numbers) != self.count:
            raise ValueError(
                f"that is {len(numbers)} numbers; write {self.what}, {self.count} in all"
            )
        return numbers


def yes_no(value: object) -> bool:
    """True or False, from a bool or the words yes / no."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("yes", "y", "true"):
        return True
    if word in ("no", "n", "false"):
        return False
    raise ValueError(f"write yes or no, not {value!r}")


def _words(value: object) -> list[str]:
    if isinstance(value, (list, tuple, set, frozenset)):
        return [str(item).strip().lower() for item in value]
    return [word for word in re.split(r"[\s,;\[\]()'\"]+", str(value).lower()) if word]


@dataclass(frozen=True)
class OneOf:
    """One choice from a list, in any case: a suit, a word, a tile of a hand."""

    options: Sequence[str]
    lead: str = "write"
    """What the message says before the options: "the void is a suit"."""

    def __call__(self, value: object) -> str:
        words = _words(value)
        by_word = {option.lower(): option for option in self.options}
        if len(words) != 1 or words[0] not in by_word:
            raise ValueError(f"{self.lead} {either(self.options)}, not {value!r}")
        return by_word[words[0]]


@dataclass(frozen=True)
class SomeOf:
    """Some choices from a list of one-character names: "ac", "a, c", ["a", "c"], "0 3"."""

    options: Sequence[str]
    plural: str
    """What the options are: "hands", "seats"."""

    def __call__(self, value: object) -> frozenset[str]:
        picked = {char for word in _words(value) for char in word}
        if not picked or not picked <= set(self.options):
            example = (" " if self.options[0].isdigit() else "").join(self.options[:2])
            raise ValueError(
                f"there are only {self.plural} {listed(self.options)}: write some of them, "
                f"such as {example}, not {value!r}"
            )
        return frozenset(picked)


@dataclass(frozen=True)
class Notation(Generic[T]):
    """An answer in the kit's notation (a card, a tile, a hand), read by the game's parser."""

    parse: Callable[[str], T]
    what: str
    """What is written: "the card", "your hand"."""

    def __call__(self, value: object) -> T:
        return self.parse(text(value, self.what))


R = TypeVar("R")
SETTING = re.compile(r"\s*(\w+)\s*=\s*(\"[^\"]*\"|'[^']*'|[^,\s]+)\s*,?")


@dataclass(frozen=True)
class HouseRules(Generic[R]):
    """A game's house rules from a ``Rules`` value, a dict, or text such as
    ``fan_cap=6, self_draw_bonus=none, kong_transfer=off``; a misspelt setting is named.

    >>> from kit.sichuan import Rules
    >>> HouseRules(Rules)("fan_cap=6 kong_transfer=off").kong_transfer
    False
    >>> HouseRules(Rules)({"fan_cap": 8})
    Traceback (most recent call last):
    ...
    ValueError: fan_cap must be one of 3, 4, 5, 6, not 8
    """

    rules: Callable[..., R]
    """The game's ``Rules`` class."""

    def __call__(self, settings: object) -> R:
        if isinstance(settings, self.rules):  # type: ignore[arg-type]
            return settings  # type: ignore[return-value]
        if isinstance(settings, str):
            settings = _settings(settings.strip().removeprefix("Rules(").removesuffix(")"))
        if not isinstance(settings, dict):
            raise TypeError(f"write the house rules as name=value settings, not {settings!r}")
        names = sorted(f.name for f in fields(self.rules))  # type: ignore[arg-type]
        unknown = sorted(set(settings) - set(names))
        if unknown:
            raise ValueError(
                f"Rules has no setting {unknown[0]!r}; the settings are {', '.join(names)}"
            )
        return self.rules(**settings)


def _settings(written: str) -> dict[str, object]:
    parsed: dict[str, object] = {}
    position = 0
    while position < len(written):
        found = SETTING.match(written, position)
        if not found:
            raise ValueError(f"write settings as name=value, not {written[position:]!r}")
        parsed[found[1]] = _setting(found[2])
        position = found.end()
    return parsed


def _setting(written: str) -> object:
    if written[:1] in "\"'":
        return written[1:-1]
    word = written.lower()
    if word in ("true", "on", "yes", "false", "off", "no"):
        return word in ("true", "on", "yes")
    if re.fullmatch(r"-?\d+", written):
        return int(written)
    return written
