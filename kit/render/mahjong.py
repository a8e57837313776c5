"""Mahjong results, for Sichuan and Hong Kong alike: a scored hand, and a deal's ledger."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from kit.mahjong.actions import Scored
from kit.render.faces import back_chips, tile_chip
from kit.render.results import GAIN, LOSS, money_colour, result_table, seat_notes, section_heading
from kit.render.spoken import capitalised, said_by, spoken_html
from kit.render.svg import FONT, INK, WHITE
from kit.render.table import Cell, html_table, text_cell
from kit.render.tiles import TILE_FONT, hand_html
from kit.words import money, ordinal

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from kit.ledger import Transfer
    from kit.mahjong.actions import DealResult
    from kit.mahjong.table import MahjongTable
    from kit.mahjong.tiles import Hand as TileHand
    from kit.mahjong.tiles import Meld, Tile
    from kit.sichuan.settle import WallCheck

__all__ = [
    "LedgerLike",
    "ScoreLike",
    "deal_html",
    "deal_result_html",
    "mahjong_table_html",
    "melds_html",
    "score_html",
]


class ScoreLike(Scored, Protocol):
    """What a game's score shows: Sichuan's and Hong Kong's both have it."""

    @property
    def hand(self) -> TileHand: ...

    @property
    def win(self) -> Tile: ...

    @property
    def breakdown(self) -> str: ...

    @property
    def title(self) -> tuple[str, str] | None: ...

    @property
    def pattern_rows(self) -> list[tuple[str, str, int]]: ...


def score_html(score: ScoreLike) -> str:
    """A scored hand: the hand and its winning tile, then its name, fan and patterns.

    A hand that does not win says why instead (reference/sichuan.md#winning-hands,
    reference/hongkong.md#winning-hands).

    >>> from kit.sichuan import score
    >>> html = score_html(score("11223344556677p", win="7p", void="m"))
    >>> "清七对" in html, "pure seven pairs" in html, "full flush" in html
    (True, True, True)
    >>> "does not win: not four groups" in score_html(score("123m456m789p11p245p", win="1p"))
    True
    """
    parts = [hand_html(score.hand, win=score.win)]
    if not score.wins:
        parts.append(
            f'<div class="kit-verdict" style="margin-top:8px;padding:4px 10px;color:{LOSS};'
            f'background:#fdecee;border-left:4px solid {LOSS};font-weight:600">'
            f"{escape(score.breakdown if score.pattern_rows else 'does not win: ' + (score.reason or ''))}</div>"
        )
    else:
        chinese, english = score.title or ("", "")
        parts.append(
            '<div class="kit-verdict" style="display:flex;align-items:baseline;gap:10px;'
            'flex-wrap:wrap;margin-top:8px">'
            f"{_chinese(chinese, 'font-size:20px;font-weight:700')}"
            + (f'<span style="font-size:15px">{escape(english)}</span>' if english else "")
            + f'<span class="kit-value" style="background:{GAIN};color:{WHITE};'
            'border-radius:10px;padding:1px 9px;font-weight:700;font-size:13px">'
            f"{score.fan} fan</span></div>"
            f'<div class="kit-breakdown" style="margin:4px 0 6px;color:#444">'
            f"{escape(score.breakdown)}</div>"
        )
    rows = [
        [text_cell(english), _chinese(native), str(fan)]
        for english, native, fan in score.pattern_rows
    ]
    if rows:
        columns = [("Pattern", "left"), ("Chinese", "left"), ("Fan", "right")]
        parts.append(result_table("kit-patterns", columns, rows))
    return (
        f'<div class="kit-score" style="display:inline-block;font-family:{FONT};font-size:14px;'
        f'color:{INK}">{"".join(parts)}</div>'
    )


def _chinese(text: str, style: str = "") -> str:
    """Chinese text, in a font with simplified Chinese glyphs."""
    return f'<span lang="zh" style="font-family:{TILE_FONT};{style}">{escape(text)}</span>'


class LedgerLike(Protocol):
    """What a deal's money shows: Sichuan's and Hong Kong's ``Ledger`` both have it."""

    @property
    def events(self) -> Sequence[str]: ...

    @property
    def checks(self) -> Sequence[WallCheck]: ...

    @property
    def transfers(self) -> Sequence[Transfer]: ...

    @property
    def won(self) -> Sequence[int]: ...

    @property
    def net(self) -> list[int]: ...


def deal_html(deal: LedgerLike, *, you: int | None = None, ranked: bool = True) -> str:
    """One deal's money: its events in order, every payment with its reason, and each seat's net.

    Positive nets are green, negative ones red; they always sum to zero
    (reference/sichuan.md#win-payments). Tiles show by picture and name. With ``you``
    (the learner's seat, in a play widget) that seat is "you" and the others "Seat 2".
    The winners are ranked ("won 1st", "won 2nd") as in Sichuan's blood battle;
    ``ranked=False`` says only "won", for a game with one winner (Hong Kong).

    >>> from kit.sichuan.settle import Ledger
    >>> deal = Ledger()
    >>> deal.win(0, fan=2, discarder=1)
    >>> html = deal_html(deal)
    >>> "wins a 2-fan hand" in html, "win on discard" in html, "−4" in html
    (True, True, True)
    """

    def said(sentence: str) -> str:
        return sentence if you is None else capitalised(said_by(sentence, you))

    def line(sentence: str) -> str:
        return spoken_html(said(sentence))

    rows: Mapping[int, str] = getattr(deal, "rows", {})  # Hong Kong: the payment table's row
    events = "".join(f"<li>{line(event)}</li>" for event in deal.events)
    checks = "".join(f"<li>{line(_wall_check(check))}</li>" for check in deal.checks)
    parts = [
        section_heading("Events"),
        f'<ol class="kit-events" style="margin:0;padding-left:24px">{events}</ol>'
        if events
        else '<div style="color:#777">no events yet</div>',
    ]
    if checks:
        parts += [
            section_heading("At the end of the wall"),
            f'<ul class="kit-wall-checks" style="margin:0;padding-left:24px">{checks}</ul>',
        ]
    ledger: list[list[str | Cell]] = [
        [
            Cell(str(t.event + 1), "color:#777"),
            text_cell(f"{said(f'seat {t.payer}')} → {said(f'seat {t.payee}')}"),
            str(t.amount),
            text_cell(f"{t.reason} ({rows[t.event]})" if t.event in rows else t.reason),
        ]
        for t in deal.transfers
    ] or [[Cell("no payments yet", "color:#777", colspan=4)]]
    columns = [
        ("Event", "right"),
        ("Payer → payee", "left"),
        ("Amount", "right"),
        ("Reason", "left"),
    ]
    won = {seat: order for order, seat in enumerate(deal.won, start=1)}
    net: list[list[str | Cell]] = [
        [
            f"<strong>{text_cell(said(f'seat {seat}'))}</strong>"
            + (seat_notes(f"won {ordinal(won[seat])}" if ranked else "won") if seat in won else ""),
            Cell(money(value), f"font-weight:700;color:{money_colour(value)}"),
        ]
        for seat, value in enumerate(deal.net)
    ]
    ledger_table = result_table("kit-ledger", columns, ledger)
    net_table = result_table("kit-net", [("Seat", "left"), ("Net", "right")], net)
    parts.append(
        '<div style="display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap;margin-top:6px">'
        f"<div>{section_heading('Ledger')}{ledger_table}</div>"
        f"<div>{section_heading('Net')}{net_table}</div></div>"
    )
    return (
        f'<div class="kit-deal" style="display:inline-block;font-family:{FONT};font-size:14px;'
        f'color:{INK}">{"".join(parts)}</div>'
    )


def _wall_check(check: WallCheck) -> str:
    """What the end of the wall found for one seat, in words."""
    if check.pig:
        return f"seat {check.seat}: flower pig (a tile of the void suit still in hand)"
    if not check.ready:
        return f"seat {check.seat}: not ready"
    waits = ", ".join(check.waits)
    return f"seat {check.seat}: ready, waiting on {waits} (the largest hand pays {check.largest})"


def _meld_chips(meld: Meld, width: int) -> str:
    if meld.concealed:
        back = back_chips(1, width=width)
        face = tile_chip(meld.first, width=width)
        inner = f"{back}{face}{face}{back}"
    else:
        inner = "".join(tile_chip(t, width=width) for t in meld.tiles)
    return (
        f'<span class="kit-meld" data-meld="{meld.notation()}" style="display:inline-flex;gap:1px;'
        f'padding-bottom:2px;border-bottom:3px solid #1e88e5;margin-right:8px">{inner}</span>'
    )


def melds_html(melds: Sequence[Meld], width: int = 22, empty: str = "–") -> str:
    """Melds as small tiles, each group underlined; ``empty`` when there are none."""
    if not melds:
        return f'<span style="color:#aaa">{empty}</span>' if empty else ""
    return (
        '<div style="display:flex;flex-wrap:wrap;gap:4px">'
        + "".join(_meld_chips(m, width) for m in melds)
        + "</div>"
    )


def mahjong_table_html(table: MahjongTable[Any]) -> str:
    """A deal in progress: its state in words, then one row per seat with its note and hand."""
    rows = [
        [
            f"<b>seat {seat}</b> {text_cell(table.seat_note(seat))}",
            hand_html(table.hand(seat), width=26),
        ]
        for seat in range(table.players)
    ]
    grid = html_table(None, rows, column_styles=["white-space:nowrap", ""])
    return f"<div class='kit-table'><p>{escape(table.describe())}</p>{grid}</div>"


def deal_result_html(result: DealResult[Any]) -> str:
    """How a deal played out, in one line, above its ledger."""
    return (
        f"<div class='kit-deal-result'><p>{escape(result.describe())}</p>"
        f"{result.ledger._repr_html_()}</div>"
    )
