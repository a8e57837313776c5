"""Hong Kong results: a deal as it stands, seat by seat, with pao badges and the last discard."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from kit.mahjong.tiles import WIND_LABELS, Hand
from kit.render.results import GAIN, HIGHLIGHT, NOTHING, money_colour, result_table, seat_notes
from kit.render.svg import FONT, INK, WHITE
from kit.render.table import Cell
from kit.render.tiles import hand_html, tile_svg, tiles_html
from kit.words import counted, money

if TYPE_CHECKING:
    from kit.hongkong.game import Table as HongKongTable

__all__ = ["table_html"]

_LIABLE = "#e65100"
"""The colour of a pao (liability) badge."""


def _badge(text: str, colour: str, css_class: str) -> str:
    return (
        f'<span class="{css_class}" style="display:inline-block;background:{colour};'
        f"color:{WHITE};border-radius:10px;padding:1px 8px;margin:3px 4px 0 0;font-size:11px;"
        f'font-weight:700;white-space:nowrap">{escape(text)}</span>'
    )


def table_html(table: HongKongTable, *, width: int = 28) -> str:
    """A Hong Kong deal as it stands: one row per seat, and the last discard beside them.

    Each row shows the seat and its wind, its concealed tiles face up, its melds, and a
    badge on a seat that is liable (pao, 包) for another seat's win
    (reference/hongkong.md#pao).
    A ◀ marks the seat to move; once the deal is over, the winner's hand shows its
    winning tile and a last column each seat's net.

    >>> from kit.hongkong.game import Table
    >>> table = Table.deal(seed=3)
    >>> html = table_html(table)
    >>> html.count('class="kit-seat"'), html.count("◀"), "no discards yet" in html
    (4, 1, True)
    >>> "83 tiles in the wall" in html, "East 東" in html
    (True, True)
    """
    over = table.phase == "over"
    winner = table.wins[0] if table.wins else None
    moving = set(table.to_move())
    liable_for: dict[int, list[int]] = {}
    for seat in range(table.players):
        liable = table.liable_for(seat)  # None when pao is off
        if liable is not None:
            liable_for.setdefault(liable, []).append(seat)
    columns = [("Seat", "left"), ("Concealed", "left"), ("Melds", "left"), ("", "left")]
    if over:
        columns.append(("Net", "right"))
    rows: list[list[str | Cell]] = []
    for seat in range(table.players):
        notes = [
            _badge(f"liable for seat {won}", _LIABLE, "kit-liable")
            for won in sorted(liable_for.get(seat, []))
        ]
        liable = table.liable_for(seat)
        if liable is not None:
            notes.append(_badge(f"pao: seat {liable} pays", "#8d6e63", "kit-pao-note"))
        if winner is not None and winner.seat == seat:
            how = "self-drawn" if winner.discarder is None else f"on seat {winner.discarder}'s tile"
            notes.append(_badge(f"won, {how}: {winner.score.fan} fan", GAIN, "kit-winner"))
            concealed = hand_html(
                Hand(winner.score.hand.concealed), width=width, win=winner.score.win
            )
        else:
            concealed = tiles_html(table.concealed[seat], width=width)
        melds = table.melds[seat]
        shown = hand_html(Hand((), tuple(melds)), width=width) if melds else NOTHING
        mark = " ◀" if seat in moving else ""
        cells: list[str | Cell] = [
            Cell(
                f"<strong>Seat {seat}</strong>{mark}"
                f"{seat_notes(WIND_LABELS[table.seat_wind(seat)] + ' wind')}",
                "white-space:nowrap",
            ),
            concealed,
            shown,
            Cell("".join(notes), "max-width:11em"),
        ]
        if over:
            value = table.net[seat]
            cells.append(Cell(money(value), f"font-weight:700;color:{money_colour(value)}"))
        rows.append(cells)
    caption = table.describe()
    if winner is not None:
        caption = f"seat {winner.seat} won: {winner.score.breakdown}"
    elif over:
        caption = "the wall ran out: a draw, nobody pays"
    if table.discards:
        tile, seat = table.discards[-1]
        last = (
            f'<div class="kit-last-discard">{tile_svg(tile, width=44)}'
            f'<div style="font-size:12px;color:#555">last discard, from seat {seat}</div></div>'
        )
    else:
        last = '<div class="kit-last-discard" style="color:#777">no discards yet</div>'
    side = (
        f'<div class="kit-table-side" style="font-family:{FONT};font-size:13px;color:{INK};'
        f'display:flex;flex-direction:column;gap:8px">{last}'
        f"<div>{counted(len(table.discards), 'tile')} on the discard pile</div>"
        f'<div class="kit-wall">{counted(len(table.wall), "tile")} in the wall</div></div>'
    )
    body = result_table(
        "kit-seats",
        columns,
        rows,
        caption=caption[:1].upper() + caption[1:],
        row_classes=["kit-seat"] * len(rows),
        row_styles=[HIGHLIGHT if seat in moving else None for seat in range(table.players)],
    )
    return (
        '<div class="kit-hk-table" style="display:flex;gap:24px;align-items:flex-start;'
        f'flex-wrap:wrap">{body}{side}</div>'
    )
