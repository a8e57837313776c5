"""The kit's one HTML table writer: every table a learner sees is built here.

Cells are HTML already (a tile picture, a bold word) or plain text to escape;
:func:`html_table` escapes nothing itself, :func:`text_cell` does, and
:func:`frame_table` writes a DataFrame with its cells escaped.

>>> print(html_table(["seat", "net"], [["0", "+8"], ["1", "&minus;8"]], css_class="kit-net"))
<table class="kit-net" style="border-collapse:collapse;font-size:13px;margin:6px 0"><thead><tr><th style="padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top;color:#555">seat</th><th style="padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top;color:#555">net</th></tr></thead><tbody><tr><td style="padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top">0</td><td style="padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top">+8</td></tr><tr><td style="padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top">1</td><td style="padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top">&minus;8</td></tr></tbody></table>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CELL_STYLE", "Cell", "frame_table", "html_table", "text_cell"]

CELL_STYLE = "padding:3px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top"
"""The apps' cell: a little padding and a thin rule under each row."""
TABLE_STYLE = "border-collapse:collapse;font-size:13px;margin:6px 0"


@dataclass(frozen=True)
class Cell:
    """A cell that needs more than its column's look: a style of its own, or several columns."""

    html: str
    style: str = ""
    """Added after the cell's usual style (a money colour, a bold weight)."""
    colspan: int = 1


def text_cell(value: object) -> str:
    """Plain text made safe for a cell."""
    return escape(str(value))


def _attrs(css_class: str | None, style: str | None) -> str:
    parts = []
    if css_class:
        parts.append(f' class="{escape(css_class)}"')
    if style:
        parts.append(f' style="{style}"')
    return "".join(parts)


def html_table(
    head: Sequence[str | Cell] | None,
    rows: Iterable[Sequence[str | Cell]],
    *,
    css_class: str | None = None,
    caption: str | None = None,
    style: str | None = TABLE_STYLE,
    cell_style: str | None = CELL_STYLE,
    head_style: str | None = None,
    column_classes: Sequence[str] | None = None,
    row_classes: Sequence[str | None] | None = None,
    column_styles: Sequence[str] | None = None,
    row_styles: Sequence[str | None] | None = None,
) -> str:
    """A table of HTML cells: a header row (``head``, or none), one row per ``rows`` item.

    ``caption`` is plain text shown above. ``style=None`` and ``cell_style=None`` leave
    the look to a stylesheet (the handouts); ``column_classes`` and ``row_classes`` add a
    class to each column's cells and to each row, ``column_styles`` and ``row_styles`` a
    style (an alignment, a highlight). A :class:`Cell` adds a style of its own, or spans.
    """
    if head_style is None and cell_style is not None:
        head_style = f"{cell_style};color:#555"

    def cell(tag: str, content: str | Cell, column: int, css: str | None) -> str:
        klass = column_classes[column] if column_classes is not None else None
        extra = [column_styles[column]] if column_styles is not None else []
        span = ""
        if isinstance(content, Cell):
            extra.append(content.style)
            span = f' colspan="{content.colspan}"' if content.colspan != 1 else ""
            content = content.html
        css = ";".join(part for part in (css, *extra) if part) or None
        return f"<{tag}{span}{_attrs(klass, css)}>{content}</{tag}>"

    above = (
        '<caption style="caption-side:top;text-align:left;font-weight:600;padding:0 0 6px">'
        f"{escape(caption)}</caption>"
        if caption is not None
        else ""
    )
    header = (
        "<thead><tr>"
        + "".join(cell("th", label, j, head_style) for j, label in enumerate(head))
        + "</tr></thead>"
        if head is not None
        else ""
    )
    body = []
    for i, row in enumerate(rows):
        cells = "".join(cell("td", content, j, cell_style) for j, content in enumerate(row))
        klass = row_classes[i] if row_classes is not None else None
        look = row_styles[i] if row_styles is not None else None
        body.append(f"<tr{_attrs(klass, look)}>{cells}</tr>")
    return f"<table{_attrs(css_class, style)}>{above}{header}<tbody>{''.join(body)}</tbody></table>"


def frame_table(
    frame: pd.DataFrame,
    *,
    css_class: str | None = None,
    index: bool = True,
    formatter: Callable[[Any], str] = str,
    cell: Callable[[str], str] = text_cell,
    **options: Any,
) -> str:
    """A DataFrame as an app table (index first unless ``index=False``), cells escaped.

    ``formatter`` turns each value into the words shown, ``cell`` those words into HTML
    (escaped by default; the coach's tables show tiles and cards by picture and name);
    ``options`` go to :func:`html_table`.
    """
    names = [str(c) for c in frame.columns]
    if index:
        names = [str(frame.index.name or ""), *names]
    rows = [
        [cell(formatter(v)) for v in ((label, *row) if index else row)]
        for label, row in zip(frame.index, frame.itertuples(index=False), strict=True)
    ]
    return html_table([text_cell(n) for n in names], rows, css_class=css_class, **options)
