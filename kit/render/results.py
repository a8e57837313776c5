"""What the result views of every game share: table cells and money colours.

The views themselves live with their game: :mod:`kit.render.nylonppong`
(combinations and rounds), :mod:`kit.render.mahjong` (a scored hand and a
deal's ledger, for Sichuan and Hong Kong) and :mod:`kit.render.hongkong` (the
Hong Kong table). Each is one self-contained block of HTML, the same one the
value's ``_repr_html_`` shows in a notebook.

Numbers in words (signs, counts, places) come from :mod:`kit.words`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from kit.render.svg import FONT, INK
from kit.render.table import Cell, html_table

__all__ = [
    "CELL",
    "GAIN",
    "HIGHLIGHT",
    "LOSS",
    "NOTHING",
    "money_colour",
    "result_table",
    "seat_notes",
    "section_heading",
]

GAIN = "#2e7d32"
LOSS = "#c62828"
"""Green and red that read as text on white, for money won and lost."""


# --- Tables -----------------------------------------------------------------------------

CELL = "padding:4px 8px;border-bottom:1px solid #e6e0d4;vertical-align:middle"
"""The style of every cell in a result table."""

NOTHING = '<span style="color:#aaa">–</span>'
"""An empty cell."""


HIGHLIGHT = "background:#fff4d6"
"""The row of the seat whose turn it is."""

TABLE = f"border-collapse:collapse;font-family:{FONT};font-size:13px;color:{INK}"


def result_table(
    css_class: str,
    columns: Sequence[tuple[str, str]],
    rows: Iterable[Sequence[str | Cell]],
    *,
    caption: str | None = None,
    row_classes: Sequence[str | None] | None = None,
    row_styles: Sequence[str | None] | None = None,
) -> str:
    """A result table: ``columns`` are (name, alignment) pairs, each row its cells' HTML.

    Written by :func:`kit.render.table.html_table` in the result views' look; the
    optional ``caption`` is plain text shown above.
    """
    return html_table(
        [name for name, _ in columns],
        rows,
        css_class=css_class,
        caption=caption,
        style=TABLE,
        cell_style=CELL,
        head_style=f"{CELL};font-weight:600;color:#555",
        column_styles=[f"text-align:{align}" for _, align in columns],
        row_classes=row_classes,
        row_styles=row_styles,
    )


def seat_notes(*texts: str) -> str:
    """Small grey lines under a seat's label."""
    return "".join(f'<div style="font-size:11px;color:#777">{escape(text)}</div>' for text in texts)


def section_heading(text: str) -> str:
    return f'<div style="font-weight:600;margin:10px 0 4px">{escape(text)}</div>'


# --- Numbers and money -------------------------------------------------------------------------


def money_colour(value: int) -> str:
    return GAIN if value > 0 else LOSS if value < 0 else "#555"
