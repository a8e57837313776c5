"""Independent copies of a deal's records, sharing the immutable values they hold.

A ledger is a tree of lists, dicts and mutable dataclasses whose leaves (transfers,
reasons, numbers, strings) are immutable, so a copy need only rebuild the branches:
far cheaper than ``copy.deepcopy``, which also copies every leaf.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import TypeVar

__all__ = ["fresh"]

T = TypeVar("T")


def fresh(value: T) -> T:
    """A copy of ``value`` that shares nothing mutable with it (lists, dicts, sets, tuples
    and unfrozen dataclasses are rebuilt; frozen and immutable values are shared)."""
    if isinstance(value, list):
        return [fresh(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(fresh(v) for v in value)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: fresh(v) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, set):
        return set(value)  # type: ignore[return-value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return value
        twin = copy.copy(value)
        for f in dataclasses.fields(value):
            object.__setattr__(twin, f.name, fresh(getattr(value, f.name)))
        return twin
    return value
