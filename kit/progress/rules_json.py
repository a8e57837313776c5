"""A game's ``Rules`` as JSON data and back, equal to what went in.

No ``Rules`` class has a dict form of its own, so one walker serves all three: it
writes each dataclass field by name (nested dataclasses such as Hong Kong's payment
tables, tuples, enums, plain values) and rebuilds the value from the field's type,
keyed by the game, so that ``rules_from_data(rules_to_data(r)) == r``.

>>> from kit.sichuan import Rules
>>> data = rules_to_data(Rules(fan_cap=6))
>>> data["game"], data["fields"]["fan_cap"]
('sichuan', 6)
>>> rules_from_data(data) == Rules(fan_cap=6)
True
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import fields, is_dataclass
from typing import Any

from kit.games import GAMES, game

__all__ = ["rules_from_data", "rules_to_data"]


def rules_to_data(rules: object) -> dict[str, Any]:
    """``{"game": key, "fields": {...}}``: JSON-able data that :func:`rules_from_data` reads."""
    return {"game": game(rules).key, "fields": _encode(rules)}


def rules_from_data(data: object) -> Any:
    """The ``Rules`` value written by :func:`rules_to_data`; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict) or set(data) != {"game", "fields"}:
        raise ValueError(f"rules must be {{'game': key, 'fields': {{...}}}}, not {data!r:.80}")
    key = data["game"]
    if not isinstance(key, str) or key not in GAMES:
        raise ValueError(f"rules name no game of the kit: {key!r:.40}")
    return _decode(GAMES[key].rules, data["fields"], "rules")


def _encode(value: object) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {
            item.name: _encode(getattr(value, item.name)) for item in fields(value) if item.init
        }
    if isinstance(value, enum.Enum):
        return _encode(value.value)
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"a Rules field holds {type(value).__name__}, which has no JSON form")


def _decode(kind: Any, data: Any, where: str) -> Any:
    """``data`` read as a value of the type ``kind`` (a field's resolved annotation)."""
    origin = typing.get_origin(kind)
    if isinstance(kind, type) and is_dataclass(kind):
        return _decode_dataclass(kind, data, where)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(data)
        except ValueError:
            raise ValueError(f"{where} is not a {kind.__name__}: {data!r:.40}") from None
    if origin is tuple:
        return _decode_tuple(typing.get_args(kind), data, where)
    if origin is typing.Literal:
        if any(type(data) is type(choice) and data == choice for choice in typing.get_args(kind)):
            return data
        raise ValueError(f"{where} must be one of {typing.get_args(kind)}, not {data!r:.40}")
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(kind):
            try:
                return _decode(option, data, where)
            except ValueError:
                continue
        raise ValueError(f"{where} has no reading as {kind}: {data!r:.40}")
    if kind is type(None):
        if data is None:
            return None
        raise ValueError(f"{where} must be null, not {data!r:.40}")
    if kind is Any:
        return data
    if kind is bool:
        if isinstance(data, bool):
            return data
    elif kind is int:
        if isinstance(data, int) and not isinstance(data, bool):
            return data
    elif kind is float:
        if isinstance(data, (int, float)) and not isinstance(data, bool):
            return float(data)
    elif kind is str:
        if isinstance(data, str):
            return data
    else:
        raise ValueError(f"{where} has a type the store cannot rebuild: {kind}")
    raise ValueError(f"{where} must be {kind.__name__}, not {data!r:.40}")


def _decode_dataclass(kind: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be an object of {kind.__name__} fields, not {data!r:.40}")
    hints = typing.get_type_hints(kind)
    known = {item.name for item in fields(kind) if item.init}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"{where} has fields {kind.__name__} does not: {', '.join(unknown)}")
    values = {name: _decode(hints[name], item, f"{where}.{name}") for name, item in data.items()}
    return kind(**values)


def _decode_tuple(args: tuple[Any, ...], data: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise ValueError(f"{where} must be a list, not {data!r:.40}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], item, f"{where}[{n}]") for n, item in enumerate(data))
    if len(args) != len(data):
        raise ValueError(f"{where} must hold {len(args)} items, not {len(data)}")
    return tuple(
        _decode(kind, item, f"{where}[{n}]")
        for n, (kind, item) in enumerate(zip(args, data, strict=True))
    )
