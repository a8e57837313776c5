"""The mahjong apps' readouts: a line of judgement under a hand, tables of each seat's
net, and a Hong Kong hand's waits split by the minimum fan.

Every table is written by :func:`kit.render.table.html_table`, in the apps' small look:
a thin rule under each row, the numbers on the right.

>>> print(net_html(32), net_html(0))
<span style='color:#2e7d32;font-weight:700'>+32</span> <span style='color:#aaa'>–</span>
>>> html = nets_table("kit-net", ["on a discard"], [("seat 0", [32]), ("seat 1", [None])])
>>> html.count("<tr><td"), "—" in html
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from kit.render.results import GAIN
from kit.render.table import Cell, html_table
from kit.render.tiles import tile_svg
from kit.words import money

if TYPE_CHECKING:
    from kit.hongkong.fan import Score, Wait

__all__ = ["APP_CELL", "net_html", "nets_table", "verdict", "waits_table"]

_RULED = "padding:3px 10px;border-bottom:1px solid #e6e0d4"
APP_CELL = f"{_RULED};text-align:right"
"""The style of a cell in the apps' small tables."""
_APP_TABLE = "border-collapse:collapse;font-size:13px;margin:4px 0"
_MUTED = "color:#555"
_GOOD, _BAD = GAIN, "#b00020"


def verdict(text: str, colour: str, css_class: str = "kit-verdict") -> str:
    """One line of judgement under a hand, in ``colour`` (``text`` is HTML)."""
    return f"<div class='{css_class}' style='color:{colour};font-size:1.05em;margin:6px 0'>{text}</div>"


def net_html(value: int) -> str:
    """A seat's net: "+32" in green, "−32" in red, a grey dash for nothing."""
    if value == 0:
        return "<span style='color:#aaa'>–</span>"
    colour = _GOOD if value > 0 else _BAD
    return f"<span style='color:{colour};font-weight:700'>{money(value)}</span>"


def nets_table(
    css_class: str, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[int | None]]]
) -> str:
    """One row per seat: its label (HTML), then its net in each column (None: a grey dash)."""
    body: list[list[str | Cell]] = [
        [label, *(Cell("—", _MUTED) if net is None else net_html(net) for net in nets)]
        for label, nets in rows
    ]
    return html_table(
        ["Seat", *(escape(column) for column in columns)],
        body,
        css_class=css_class,
        style=_APP_TABLE,
        cell_style=APP_CELL,
        column_styles=["text-align:left", *("" for _ in columns)],
    )


# --- a Hong Kong hand's waits -----------------------------------------------------------------


def _fan_cell(result: Score) -> str:
    """A wait's fan one way: the total, whether it is enough, and the patterns that make it."""
    rules = result.rules
    if result.wins:
        mark = f"<b style='color:{_GOOD}'>{result.fan} fan ✓</b>"
    else:
        lacks = rules.min_fan - result.fan
        mark = f"<b style='color:{_BAD}'>{result.fan} fan ✗</b> (lacks {lacks})"
    if result.title is not None:  # a limit hand scores the cap, whatever else it holds
        terms = result.title[1]
    else:
        terms = " + ".join(f"{english} {fan}" for english, _, fan in result.pattern_rows)
        if result.raw_fan > result.fan:
            terms += f" = {result.raw_fan}, capped at {rules.fan_cap}"
    return f"{mark}<div style='{_MUTED};font-size:0.85em'>{escape(terms or 'no fan')}</div>"


def waits_table(css_class: str, title: str, group: Sequence[Wait[Score]], empty: str) -> str:
    """One group of waits: each tile's picture (``.kit-wait``, its ``data-tile``) and its fan
    won on a discard and self-drawn; ``empty`` (plain text) when there are none."""
    rows: list[list[str | Cell]] = [
        [
            Cell(
                f"<div class='kit-wait' data-tile='{x.tile}'>{tile_svg(x.tile, width=34)}</div>",
                "text-align:center",
            ),
            _fan_cell(x.discard),
            _fan_cell(x.self_drawn),
        ]
        for x in group
    ] or [[Cell(escape(empty), _MUTED, colspan=3)]]
    table = html_table(
        ["Wait", "won on a discard", "self-drawn"],
        rows,
        style="border-collapse:collapse;font-size:13px;margin-top:4px",
        cell_style=f"{_RULED};text-align:left",
    )
    return f"<div class='{css_class}' style='margin:8px 0'><b>{escape(title)}</b>{table}</div>"
