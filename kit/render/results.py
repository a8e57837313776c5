"""Results and tables: Nylon-ppong rounds and combinations, Sichuan scores and deals.

Each view is one self-contained block of HTML, the same one the value's
``_repr_html_`` shows in a notebook.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Protocol

from kit.engine import Scored
from kit.render.cards import card_back_svg, cards_html, month_chip
from kit.render.svg import FONT, INK, WHITE
from kit.render.tiles import TILE_FONT, hand_html, tile_svg, tiles_html
from kit.tiles import Hand

if TYPE_CHECKING:
    from kit.hongkong.game import Table as HongKongTable
    from kit.hwatu import Card
    from kit.nylonppong.game import Round, RoundResult
    from kit.nylonppong.rules import Combination
    from kit.sichuan.settle import Deal, WallCheck
    from kit.tiles import Hand as TileHand
    from kit.tiles import Tile

__all__ = [
    "combination_html",
    "deal_html",
    "round_html",
    "round_result_html",
    "score_html",
    "table_html",
]

_GAIN = "#2e7d32"
_LOSS = "#c62828"
"""Green and red that read as text on white, for money won and lost."""


# --- Tables -----------------------------------------------------------------------------

_CELL = "padding:4px 8px;border-bottom:1px solid #e6e0d4;vertical-align:middle"
"""The style of every cell in a result table."""

_NOTHING = '<span style="color:#aaa">–</span>'
"""An empty cell."""


def _head(*columns: tuple[str, str]) -> str:
    """The header cells of a table, each a (name, alignment) pair."""
    return "".join(
        f'<th style="{_CELL};text-align:{align};font-weight:600;color:#555">{name}</th>'
        for name, align in columns
    )


def _table(css_class: str, head: str, rows: Iterable[str], caption: str | None = None) -> str:
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


def _notes(*texts: str) -> str:
    """Small grey lines under a seat's label."""
    return "".join(f'<div style="font-size:11px;color:#777">{escape(text)}</div>' for text in texts)


def _heading(text: str) -> str:
    return f'<div style="font-weight:600;margin:10px 0 4px">{escape(text)}</div>'


# --- Nylon-ppong ------------------------------------------------------------------------


def _signed(value: int) -> str:
    """A score with a real minus sign, as RULES.md writes it."""
    return f"−{-value}" if value < 0 else str(value)


def combination_html(combination: Combination) -> str:
    """A combination's name, value, months and one-line explanation (RULES.md §1.4)."""
    value = combination.value
    badge = _GAIN if value < 0 else "#616161"
    chips = "".join(month_chip(month) for month in combination.months)
    explanation = combination.explanation.removeprefix(f"{combination.name}: ")
    return (
        f'<div class="kit-combination" style="display:inline-block;font-family:{FONT};'
        f"color:{INK};background:#fffdf8;border:1px solid #e0d8c8;border-left:5px solid "
        f'{badge};border-radius:6px;padding:8px 12px;max-width:36em">'
        '<div style="display:flex;align-items:baseline;gap:10px;flex-wrap:wrap">'
        f'<strong style="font-size:15px">{escape(combination.name)}</strong>'
        f'<span class="kit-value" style="background:{badge};color:{WHITE};border-radius:10px;'
        f'padding:1px 9px;font-weight:700;font-size:13px">{escape(_signed(value))}</span></div>'
        f'<div style="display:flex;gap:3px;margin:7px 0">{chips}</div>'
        f'<div style="font-size:13px;color:#444">{escape(explanation)}</div></div>'
    )


_ROLES: dict[str, tuple[str, str]] = {
    "combination": ("declared", ""),
    "stop": ("called stop", ""),
    "ppong-out": ("went out", "ppong victim"),
    "deck-empty": ("could not draw", ""),
}
"""What the table notes beside the seat that ended the round, and beside the victim."""


def round_result_html(result: RoundResult) -> str:
    """Each seat's hand, laid-out ppong cards, hand sum and penalty; the best penalty stands out.

    Laid-out cards are dimmed because they never score (RULES.md §1.5).
    """
    best = min(result.penalties)
    ended, victim_note = _ROLES.get(result.ended_by, ("", ""))
    head = _head(
        ("Seat", "left"),
        ("Hand", "left"),
        ("Laid out (ppong)", "left"),
        ("Sum", "right"),
        ("Penalty", "right"),
    )
    rows = []
    for seat, (hand, laid, penalty) in enumerate(
        zip(result.hands, result.laid, result.penalties, strict=True)
    ):
        notes = []
        if seat == result.player and ended:
            notes.append(ended)
        if seat == result.victim and victim_note:
            notes.append(victim_note)
        if penalty == best:
            shown = (
                f'<span class="kit-best" style="background:{_GAIN};color:{WHITE};'
                f'border-radius:10px;padding:2px 9px;font-weight:700">{_signed(penalty)}</span>'
            )
        else:
            shown = _signed(penalty)
        rows.append(
            f'<tr class="kit-seat"><td style="{_CELL}"><strong>{seat}</strong>{_notes(*notes)}</td>'
            f'<td style="{_CELL}">{cards_html(hand, width=34)}</td>'
            f'<td style="{_CELL}">{_laid_out(laid, 34)}</td>'
            f'<td style="{_CELL};text-align:right">{hand.total}</td>'
            f'<td style="{_CELL};text-align:right">{shown}</td></tr>'
        )
    return _table("kit-round-result", head, rows, caption=result.summary)


def _laid_out(cards: Iterable[Card], width: int) -> str:
    """Cards laid out by ppong, dimmed because they never score (RULES.md §1.5)."""
    laid = tuple(cards)
    if not laid:
        return _NOTHING
    return f'<div style="opacity:0.45">{cards_html(laid, width=width)}</div>'


def round_html(
    round_: Round,
    *,
    reveal: Iterable[int] | None = None,
    names: Mapping[int, str] | None = None,
) -> str:
    """The table of a round in play: hands, laid-out cards, whose turn it is, the discard and the pile.

    Seats in ``reveal`` show their hands face up and the others card backs;
    by default, and once the round is over, every hand shows. ``names``
    relabels seats, e.g. ``{0: "You"}``. A ◀ marks the seat whose turn it is.

    >>> from kit.nylonppong.game import Round
    >>> from kit.nylonppong.rules import Rules
    >>> round_ = Round.deal(Rules(players=3), first=0, seed=7)
    >>> html = round_html(round_, reveal=[0], names={0: "You"})
    >>> html.count('class="kit-card-face"'), html.count('class="kit-card-back"'), html.count("◀")
    (5, 10, 1)
    >>> "You to draw, ppong or stop" in html, "33 cards in the draw pile" in html
    (True, True)
    """
    over = round_.phase == "over"
    seats = range(round_.players)
    shown = set(seats) if reveal is None or over else set(reveal)
    label = {seat: f"Seat {seat}" for seat in seats} | dict(names or {})
    turn = None if over else round_.turn
    claimant = round_.claimant()
    head = _head(("Seat", "left"), ("Hand", "left"), ("Laid out (ppong)", "left"), ("Sum", "right"))
    rows = []
    for seat, (hand, laid) in enumerate(zip(round_.hands, round_.laid, strict=True)):
        if seat in shown:
            cards, total = cards_html(hand, width=40), str(sum(card.month for card in hand))
        else:
            cards, total = _backs(len(hand), 28), _NOTHING
        mark = " ◀" if seat == turn else ""
        note = _notes("may ppong out of turn") if seat == claimant else ""
        highlight = ' style="background:#fff4d6"' if seat == turn else ""
        rows.append(
            f'<tr class="kit-seat"{highlight}><td style="{_CELL};white-space:nowrap">'
            f"<strong>{escape(label[seat])}</strong>{mark}{note}</td>"
            f'<td style="{_CELL}">{cards}</td>'
            f'<td style="{_CELL}">{_laid_out(laid, 28)}</td>'
            f'<td style="{_CELL};text-align:right">{total}</td></tr>'
        )
    if round_.result is not None:
        caption = round_.result.summary
    else:
        doing = "discard" if round_.phase == "discard" else "draw, ppong or stop"
        caption = f"{label[round_.turn]} to {doing}"
    top = round_.top()
    if top is None:
        discard = cards_html([], width=48, caption="no discards yet")
    else:
        discard = cards_html([top[0]], width=48, caption=f"top discard, from {label[top[1]]}")
    side = (
        f'<div class="kit-table-side" style="font-family:{FONT};font-size:13px;color:{INK};'
        f'display:flex;flex-direction:column;gap:8px">{discard}'
        f"<div>{_count(len(round_.discards), 'card')} in the discard pile</div>"
        f'<div class="kit-pile">{_count(len(round_.pile), "card")} in the draw pile</div></div>'
    )
    return (
        '<div class="kit-round" style="display:flex;gap:24px;align-items:flex-start;'
        f'flex-wrap:wrap">{_table("kit-seats", head, rows, caption=caption)}{side}</div>'
    )


def _backs(count: int, width: int) -> str:
    """A row of face-down cards: the other seats' hands, seen from across the table."""
    if not count:
        return cards_html([], width=width)
    backs = "".join(card_back_svg(width=width) for _ in range(count))
    return f'<div class="kit-cards" style="display:flex;gap:4px;flex-wrap:wrap">{backs}</div>'


def _count(number: int, noun: str) -> str:
    """ "1 card", "33 cards"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


# --- Sichuan ----------------------------------------------------------------------------


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

    A hand that does not win says why instead (RULES.md §2.1–2.3, §3.1–3.2).

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
            f'<div class="kit-verdict" style="margin-top:8px;padding:4px 10px;color:{_LOSS};'
            f'background:#fdecee;border-left:4px solid {_LOSS};font-weight:600">'
            f"{escape(score.breakdown if score.pattern_rows else 'does not win: ' + (score.reason or ''))}</div>"
        )
    else:
        chinese, english = score.title or ("", "")
        parts.append(
            '<div class="kit-verdict" style="display:flex;align-items:baseline;gap:10px;'
            'flex-wrap:wrap;margin-top:8px">'
            f"{_chinese(chinese, 'font-size:20px;font-weight:700')}"
            + (f'<span style="font-size:15px">{escape(english)}</span>' if english else "")
            + f'<span class="kit-value" style="background:{_GAIN};color:{WHITE};'
            'border-radius:10px;padding:1px 9px;font-weight:700;font-size:13px">'
            f"{score.fan} fan</span></div>"
            f'<div class="kit-breakdown" style="margin:4px 0 6px;color:#444">'
            f"{escape(score.breakdown)}</div>"
        )
    rows = [
        f'<tr><td style="{_CELL}">{escape(english)}</td>'
        f'<td style="{_CELL}">{_chinese(native)}</td>'
        f'<td style="{_CELL};text-align:right">{fan}</td></tr>'
        for english, native, fan in score.pattern_rows
    ]
    if rows:
        head = _head(("Pattern", "left"), ("Chinese", "left"), ("Fan", "right"))
        parts.append(_table("kit-patterns", head, rows))
    return (
        f'<div class="kit-score" style="display:inline-block;font-family:{FONT};font-size:14px;'
        f'color:{INK}">{"".join(parts)}</div>'
    )


def _chinese(text: str, style: str = "") -> str:
    """Chinese text, in a font with simplified Chinese glyphs."""
    return f'<span lang="zh" style="font-family:{TILE_FONT};{style}">{escape(text)}</span>'


def deal_html(deal: Deal) -> str:
    """One Sichuan deal's money: its events in order, every payment, and each seat's net.

    Positive nets are green, negative ones red; they always sum to zero (RULES.md §2.3–2.5).

    >>> from kit.sichuan.settle import Deal
    >>> deal = Deal()
    >>> deal.win(0, fan=2, discarder=1)
    >>> html = deal_html(deal)
    >>> "wins a 2-fan hand" in html, "win on discard" in html, "−4" in html
    (True, True, True)
    """
    events = "".join(f"<li>{escape(event)}</li>" for event in deal.events)
    checks = "".join(f"<li>{escape(_wall_check(check))}</li>" for check in deal.checks)
    parts = [
        _heading("Events"),
        f'<ol class="kit-events" style="margin:0;padding-left:24px">{events}</ol>'
        if events
        else '<div style="color:#777">no events yet</div>',
    ]
    if checks:
        parts += [
            _heading("At the end of the wall"),
            f'<ul class="kit-wall-checks" style="margin:0;padding-left:24px">{checks}</ul>',
        ]
    ledger = [
        f'<tr><td style="{_CELL};text-align:right;color:#777">{t.event + 1}</td>'
        f'<td style="{_CELL}">seat {t.payer} → seat {t.payee}</td>'
        f'<td style="{_CELL};text-align:right">{t.amount}</td>'
        f'<td style="{_CELL}">{escape(t.reason)}</td></tr>'
        for t in deal.transfers
    ] or [f'<tr><td colspan="4" style="{_CELL};color:#777">no payments yet</td></tr>']
    head = _head(
        ("Event", "right"), ("Payer → payee", "left"), ("Amount", "right"), ("Reason", "left")
    )
    won = {seat: order for order, seat in enumerate(deal.won, start=1)}
    net = [
        f'<tr><td style="{_CELL}"><strong>seat {seat}</strong>'
        f"{_notes(f'won {_ordinal(won[seat])}') if seat in won else ''}</td>"
        f'<td style="{_CELL};text-align:right;font-weight:700;color:{_money_colour(value)}">'
        f"{_money(value)}</td></tr>"
        for seat, value in enumerate(deal.net)
    ]
    parts.append(
        '<div style="display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap;margin-top:6px">'
        f"<div>{_heading('Ledger')}{_table('kit-ledger', head, ledger)}</div>"
        f"<div>{_heading('Net')}"
        f"{_table('kit-net', _head(('Seat', 'left'), ('Net', 'right')), net)}</div></div>"
    )
    return (
        f'<div class="kit-deal" style="display:inline-block;font-family:{FONT};font-size:14px;'
        f'color:{INK}">{"".join(parts)}</div>'
    )


def _wall_check(check: WallCheck) -> str:
    """What the end of the wall found for one seat, in words."""
    if check.pig:
        return f"seat {check.seat}: flower pig (still holds its void suit)"
    if not check.ready:
        return f"seat {check.seat}: not ready"
    return f"seat {check.seat}: ready, waiting on {', '.join(check.waits)} (largest hand {check.largest})"


def _money(value: int) -> str:
    """A balance with its sign: "+4", "−9", "0"."""
    return f"+{value}" if value > 0 else _signed(value)


def _money_colour(value: int) -> str:
    return _GAIN if value > 0 else _LOSS if value < 0 else "#555"


def _ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "4th"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number, "th")
    return f"{number}{suffix}"


# --- Hong Kong --------------------------------------------------------------------------

_LIABLE = "#e65100"
"""The colour of a pao (liability) badge."""
_WIND_NAMES = {"E": "East 東", "S": "South 南", "W": "West 西", "N": "North 北"}


def _badge(text: str, colour: str, css_class: str) -> str:
    return (
        f'<span class="{css_class}" style="display:inline-block;background:{colour};'
        f"color:{WHITE};border-radius:10px;padding:1px 8px;margin:3px 4px 0 0;font-size:11px;"
        f'font-weight:700;white-space:nowrap">{escape(text)}</span>'
    )


def table_html(table: HongKongTable, *, width: int = 28) -> str:
    """A Hong Kong deal as it stands: one row per seat, and the last discard beside them.

    Each row shows the seat and its wind, its concealed tiles face up, its melds, and a
    badge on a seat that is liable (pao, 包) for another seat's win (RULES.md §3.3).
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
    for liability in table.liabilities.values():
        liable_for.setdefault(liability.liable, []).append(liability.seat)
    columns = [("Seat", "left"), ("Concealed", "left"), ("Melds", "left"), ("", "left")]
    if over:
        columns.append(("Net", "right"))
    rows = []
    for seat in range(table.players):
        notes = [
            _badge(f"liable for seat {won}", _LIABLE, "kit-liable")
            for won in sorted(liable_for.get(seat, []))
        ]
        pao = table.liabilities.get(seat)
        if pao is not None:
            notes.append(_badge(f"pao: seat {pao.liable} pays", "#8d6e63", "kit-pao-note"))
        if winner is not None and winner.seat == seat:
            how = "self-drawn" if winner.discarder is None else f"on seat {winner.discarder}'s tile"
            notes.append(_badge(f"won, {how}: {winner.score.fan} fan", _GAIN, "kit-winner"))
            concealed = hand_html(
                Hand(winner.score.hand.concealed), width=width, win=winner.score.win
            )
        else:
            concealed = tiles_html(table.concealed[seat], width=width)
        melds = table.melds[seat]
        shown = hand_html(Hand((), tuple(melds)), width=width) if melds else _NOTHING
        mark = " ◀" if seat in moving else ""
        highlight = ' style="background:#fff4d6"' if seat in moving else ""
        cells = [
            f'<td style="{_CELL};white-space:nowrap"><strong>Seat {seat}</strong>{mark}'
            f"{_notes(_WIND_NAMES[table.seat_wind(seat)] + ' wind')}</td>",
            f'<td style="{_CELL}">{concealed}</td>',
            f'<td style="{_CELL}">{shown}</td>',
            f'<td style="{_CELL};max-width:11em">{"".join(notes)}</td>',
        ]
        if over:
            value = table.net[seat]
            cells.append(
                f'<td style="{_CELL};text-align:right;font-weight:700;'
                f'color:{_money_colour(value)}">{_money(value)}</td>'
            )
        rows.append(f'<tr class="kit-seat"{highlight}>{"".join(cells)}</tr>')
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
        f"<div>{_count(len(table.discards), 'tile')} on the discard pile</div>"
        f'<div class="kit-wall">{_count(len(table.wall), "tile")} in the wall</div></div>'
    )
    body = _table("kit-seats", _head(*columns), rows, caption=caption[:1].upper() + caption[1:])
    return (
        '<div class="kit-hk-table" style="display:flex;gap:24px;align-items:flex-start;'
        f'flex-wrap:wrap">{body}{side}</div>'
    )
