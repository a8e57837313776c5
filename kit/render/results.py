"""What the result views of every game share: table cells, money colours and signed numbers.

The views themselves live with their game: :mod:`kit.render.nylonppong`
(combinations and rounds), :mod:`kit.render.mahjong` (a scored hand and a
deal's ledger, for Sichuan and Hong Kong) and :mod:`kit.render.hongkong` (the
Hong Kong table). Each is one self-contained block of HTML, the same one the
value's ``_repr_html_`` shows in a notebook.

>>> signed(-33), money(4), ordinal(2), counted(1, "card")
('−33', '+4', '2nd', '1 card')
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from kit.render.svg import FONT, INK

__all__ = [
    "CELL",
    "GAIN",
    "LOSS",
    "NOTHING",
    "counted",
    "header_cells",
    "money",
    "money_colour",
    "ordinal",
    "result_table",
    "seat_notes",
    "section_heading",
    "signed",
]

GAIN = "#2e7d32"
LOSS = "#c62828"
"""Green and red that read as text on white, for money won and lost."""


# --- Tables -----------------------------------------------------------------------------

CELL = "padding:4px 8px;border-bottom:1px solid #e6e0d4;vertical-align:middle"
"""The style of every cell in a result table."""

NOTHING = '<span style="color:#aaa">–</span>'
"""An empty cell."""


def header_cells(*columns: tuple[str, str]) -> str:
    """The header cells of a table, each a (name, alignment) pair."""
    return "".join(
        f'<th style="{CELL};text-align:{align};font-weight:600;color:#555">{name}</th>'
        for name, align in columns
    )


def result_table(css_class: str, head: str, rows: Iterable[str], caption: str | None = None) -> str:
    """A result table: a header row, one ``<tr>`` per row, and an optional caption above."""
    above = (
        '<caption style="caption-side:top;text-align:left;font-weight:600;padding:0 0 6px">'
        f"{escape(caption)}</caption>"
        if caption is not None
        else ""
    )
    return (
        f'<table class="{css_class}" style="border-collapse:collapse;font-family:{FONT};'
        f'font-size:13px;color:{INK}">{above}'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def seat_notes(*texts: str) -> str:
    """Small grey lines under a seat's label."""
    return "".join(f'<div style="font-size:11px;color:#777">{escape(text)}</div>' for text in texts)


def section_heading(text: str) -> str:
    return f'<div style="font-weight:600;margin:10px 0 4px">{escape(text)}</div>'


# --- Numbers and money -------------------------------------------------------------------------


def signed(value: int) -> str:
    """A score with a real minus sign, as the rules reference writes it."""
    return f"−{-value}" if value < 0 else str(value)


def counted(number: int, noun: str) -> str:
    """ "1 card", "33 cards"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def money(value: int) -> str:
    """A balance with its sign: "+4", "−9", "0"."""
    return f"+{value}" if value > 0 else signed(value)


def money_colour(value: int) -> str:
    return GAIN if value > 0 else LOSS if value < 0 else "#555"


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "4th"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number, "th")
    return f"{number}{suffix}"
