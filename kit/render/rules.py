"""A game's house rules, shown: the one formatter of a ``Rules`` value's settings.

Each setting is a field of the game's frozen ``Rules``; its label and note are
the field's metadata (:mod:`kit.rules_fields`). :func:`settings` reads them, with
the value and the default as a learner reads them (:func:`shown`), and the views
write from that: a notebook's table (:func:`rules_html`), the handout's box of
rules in force (:func:`house_rules_html`), the reference's house-rules table.

>>> from kit.sichuan import Rules
>>> html = rules_html(Rules(fan_cap=6))
>>> "kit-rules" in html, "fan_cap" in html, "house rule" in html
(True, True, True)
>>> [s.name for s in settings(Rules(fan_cap=6)) if s.changed]
['fan_cap']
>>> box = house_rules_html(Rules(fan_cap=6))
>>> "★ fan cap: 6" in box and "default 4" in box
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from html import escape
from typing import Any

from kit.render.results import result_table
from kit.rules_fields import label_of, note_of

__all__ = [
    "HOUSE_MARK",
    "Setting",
    "changed_fields",
    "house_rules_html",
    "rules_html",
    "settings",
    "shown",
]

HOUSE_MARK = "★"
"""Marks a setting changed from the kit's default: a shape, readable without colour."""


def shown(value: Any) -> str:
    """A setting as a learner reads it: on/off, payment tables by name, the rest as written.

    >>> shown(True), shown(16), shown("base")
    ('on', '16', 'base')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    name = getattr(value, "name", None)
    if isinstance(name, str) and hasattr(value, "rows"):
        if getattr(value, "derived", False):
            return "from the four-player table"
        return f"{name} table"
    return str(value)


def _same(value: Any, usual: Any) -> bool:
    """Equal settings; a table worked out from another setting counts as that setting's."""
    if getattr(value, "derived", False) and getattr(usual, "derived", False):
        return True
    return bool(value == usual)


@dataclass(frozen=True)
class Setting:
    """One field of a ``Rules`` value, as every view shows it."""

    name: str
    label: str
    note: str
    value: str
    default: str
    changed: bool


def settings(rules: Any) -> list[Setting]:
    """Every field of a frozen ``Rules`` value, in field order, against its game's defaults."""
    if not is_dataclass(rules) or isinstance(rules, type):
        raise TypeError(f"rules must be a game's Rules value, not {rules!r:.60}")
    default = type(rules)()
    return [
        Setting(
            name=item.name,
            label=label_of(item),
            note=note_of(item),
            value=shown(getattr(rules, item.name)),
            default=shown(getattr(default, item.name)),
            changed=not _same(getattr(rules, item.name), getattr(default, item.name)),
        )
        for item in fields(rules)
    ]


def changed_fields(rules: Any) -> list[str]:
    """The names of the fields of ``rules`` that differ from its game's defaults.

    >>> from kit.hongkong import Rules
    >>> changed_fields(Rules()), changed_fields(Rules(players=2, pao=False))
    ([], ['players', 'pao'])
    """
    return [s.name for s in settings(rules) if s.changed]


def rules_html(rules: Any) -> str:
    """Every field of a game's ``Rules`` value, in words with its name in code beside it; the
    ones changed from the defaults say so."""
    from kit.games import game

    rows = []
    for s in settings(rules):
        note = f"house rule (default {escape(s.default)})" if s.changed else "default"
        value = f"<b>{escape(s.value)}</b>" if s.changed else escape(s.value)
        # the setting in words, and beside it, small, the name the code gives it
        name = escape(s.label)
        if s.label != s.name:
            name += (
                f' <span style="color:#777;font-size:11px" title="its name in code">'
                f"<code>{escape(s.name)}</code></span>"
            )
        rows.append([name, value, f'<span style="color:#777">{note}</span>'])
    head = (("setting", "left"), ("value", "left"), ("", "left"))
    return result_table("kit-rules", head, rows, caption=f"{game(rules).title} rules")


def house_rules_html(rules: Any) -> str:
    """The handout's box of rules in force: every setting on a line or two, the changed ones
    framed, bold and starred (the handout's stylesheet draws the frames)."""
    items = []
    for s in settings(rules):
        if s.changed:
            items.append(
                f'<span class="kit-setting kit-changed" data-field="{s.name}">'
                f"{HOUSE_MARK} {escape(s.label)}: {escape(s.value)} "
                f'<span class="kit-default">(default {escape(s.default)})</span></span>'
            )
        else:
            items.append(
                f'<span class="kit-setting" data-field="{s.name}">'
                f"{escape(s.label)}: {escape(s.value)}</span>"
            )
    count = sum(1 for s in settings(rules) if s.changed)
    if count:
        summary = (
            f"{HOUSE_MARK} = house rule: {count} setting{'s' if count > 1 else ''} "
            "changed from the kit's defaults"
        )
    else:
        summary = "the kit's defaults, no house rule changed"
    return (
        '<div class="kit-house">'
        f'<span class="kit-house-title">Rules in force</span>{"".join(items)}'
        f'<span class="kit-small kit-muted">({escape(summary)})</span></div>'
    )
