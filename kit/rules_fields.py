"""A ``Rules`` field with what a learner is told about it, and the one check of its value.

Each field of a game's frozen ``Rules`` carries its metadata, written with
:func:`about`: a short ``label`` (the handout's house-rules box), a ``note``
(what it switches, in a learner's words: the reference's house-rules table),
and, where the values are a closed set, its ``choices`` (or a ``low``/``high``
range for a whole number). :func:`check_settings` checks every such field the same way, so
every game's bad value reads "fan_cap must be one of 3, 4, 5, 6, not 7".

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Demo:
...     cap: int = field(default=4, metadata=about(label="cap", note="the most fan", choices=(3, 4)))
...     def __post_init__(self) -> None:
...         check_settings(self)
>>> Demo(cap=5)
Traceback (most recent call last):
...
ValueError: cap must be one of 3, 4, not 5
>>> label_of(fields(Demo)[0]), note_of(fields(Demo)[0])
('cap', 'the most fan')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import Field, fields
from typing import Any

__all__ = ["about", "check_settings", "choices_of", "label_of", "note_of", "shown_value"]


def about(
    *,
    label: str,
    note: str,
    choices: Sequence[Any] | None = None,
    low: int | None = None,
    high: int | None = None,
) -> Mapping[str, Any]:
    """A ``Rules`` field's metadata: its label and note, and the values it may take."""
    metadata: dict[str, Any] = {"label": label, "note": note}
    if choices is not None:
        metadata["choices"] = tuple(choices)
    if low is not None or high is not None:
        metadata["range"] = (low, high)
    return metadata


def label_of(item: Field[Any]) -> str:
    """The field's short label (its name with spaces, when it has none)."""
    return str(item.metadata.get("label", item.name.replace("_", " ")))


def note_of(item: Field[Any]) -> str:
    """What the field switches, in a learner's words ("" when it has no note)."""
    return str(item.metadata.get("note", ""))


def choices_of(item: Field[Any]) -> tuple[Any, ...] | None:
    """The closed set of values the field takes, or None."""
    found = item.metadata.get("choices")
    return tuple(found) if found is not None else None


def shown_value(value: object) -> str:
    """One allowed value as a message quotes it: strings quoted, numbers bare."""
    return repr(value) if isinstance(value, str) else str(value)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(item: Field[Any], value: object) -> None:
    name = item.name
    default = item.default
    choices = choices_of(item)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, not {value!r:.60}")
        return
    if _whole(default) and not _whole(value):
        raise ValueError(f"{name} must be a whole number (an int), not {value!r:.60}")
    if choices is not None:
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            allowed = ", ".join(shown_value(choice) for choice in choices)
            raise ValueError(f"{name} must be one of {allowed}, not {value!r:.60}")
        return
    bounds = item.metadata.get("range")
    if bounds is None:
        return
    low, high = bounds
    assert isinstance(value, int)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            wanted = f"{low} or more"
        elif low is None:
            wanted = f"{high} or less"
        else:
            wanted = f"{low}-{high}"
        raise ValueError(f"{name} must be {wanted}, not {value!r}")


def check_settings(rules: object) -> None:
    """Check every field declared with a label: its type, its choices or its range.

    Fields whose values are not a closed set or a whole number (a payment table)
    are left to the ``Rules`` class itself.
    """
    for item in fields(rules):  # type: ignore[arg-type]
        if "label" in item.metadata:
            _check(item, getattr(rules, item.name))
