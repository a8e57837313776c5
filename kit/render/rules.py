"""A game's house rules as a small table: each setting, its value, and whether it is the default.

>>> from kit.sichuan import Rules
>>> html = rules_html(Rules(fan_cap=6))
>>> "kit-rules" in html, "fan_cap" in html, "house rule" in html
(True, True, True)
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from html import escape
from typing import Any

from kit.render.results import CELL, header_cells, result_table

__all__ = ["rules_html"]


def _shown(value: Any) -> str:
    """A setting as a learner reads it: payment tables by name, booleans as on/off."""
    if isinstance(value, bool):
        return "on" if value else "off"
    name = getattr(value, "name", None)
    if isinstance(name, str) and hasattr(value, "rows"):
        if getattr(value, "derived", False):
            return f"{name} table (from the four-player table's discard column)"
        return f"{name} table"
    return str(value)


def _same(value: Any, usual: Any) -> bool:
    """Equal settings; a table worked out from another setting counts as that setting's."""
    if getattr(value, "derived", False) and getattr(usual, "derived", False):
        return True
    return bool(value == usual)


def rules_html(rules: Any) -> str:
    """Every field of a frozen ``Rules`` value; the ones changed from the defaults say so."""
    if not is_dataclass(rules) or isinstance(rules, type):
        raise TypeError(f"rules_html needs a Rules value, not {rules!r}")
    default = type(rules)()
    rows = []
    for field in fields(rules):
        value, usual = getattr(rules, field.name), getattr(default, field.name)
        changed = not _same(value, usual)
        note = f"house rule (default {escape(_shown(usual))})" if changed else "default"
        weight = "font-weight:600;" if changed else ""
        rows.append(
            f'<tr><td style="{CELL}"><code>{escape(field.name)}</code></td>'
            f'<td style="{CELL};{weight}">{escape(_shown(value))}</td>'
            f'<td style="{CELL};color:#777">{note}</td></tr>'
        )
    game = type(rules).__module__.split(".")[1] if "." in type(rules).__module__ else ""
    names = {"nylonppong": "Nylon-ppong", "sichuan": "Sichuan", "hongkong": "Hong Kong"}
    caption = f"{names.get(game, 'House')} rules"
    head = header_cells(("setting", "left"), ("value", "left"), ("", "left"))
    return result_table("kit-rules", head, rows, caption)
