"""Nylon-ppong results: a combination, a round in play, and a finished round's penalties."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

from kit.render.cards import card_back_svg, cards_html, month_chip
from kit.render.results import GAIN, HIGHLIGHT, NOTHING, result_table, seat_notes
from kit.render.spoken import capitalised, said_by
from kit.render.svg import FONT, INK, WHITE
from kit.render.table import Cell, text_cell
from kit.words import counted, signed

if TYPE_CHECKING:
    from kit.hwatu import Card
    from kit.nylonppong.game import DealResult, Round
    from kit.nylonppong.rules import Combination, Ledger

__all__ = ["combination_html", "penalty_ledger_html", "round_html", "round_result_html"]


def combination_html(combination: Combination) -> str:
    """A combination's name, value, months and one-line explanation
    (reference/nylon-ppong.md#combinations)."""
    value = combination.value
    badge = GAIN if value < 0 else "#616161"
    chips = "".join(month_chip(month) for month in combination.months)
    explanation = combination.explanation.removeprefix(f"{combination.name}: ")
    return (
        f'<div class="kit-combination" style="display:inline-block;font-family:{FONT};'
        f"color:{INK};background:#fffdf8;border:1px solid #e0d8c8;border-left:5px solid "
        f'{badge};border-radius:6px;padding:8px 12px;max-width:36em">'
        '<div style="display:flex;align-items:baseline;gap:10px;flex-wrap:wrap">'
        f'<strong style="font-size:15px">{escape(combination.name)}</strong>'
        f'<span class="kit-value" style="background:{badge};color:{WHITE};border-radius:10px;'
        f'padding:1px 9px;font-weight:700;font-size:13px">{escape(signed(value))}</span></div>'
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


def round_result_html(result: DealResult, *, you: int | None = None) -> str:
    """Each seat's hand, laid-out ppong cards, hand sum and penalty; the best penalty stands out.

    Laid-out cards are dimmed because they never score (reference/nylon-ppong.md#round-scoring).
    With ``you`` (the learner's seat, in a play widget) that seat is "You" and the others
    "Seat 2"; else seats are their numbers.
    """
    best = min(result.penalties)
    ended, victim_note = _ROLES.get(result.ended_by, ("", ""))
    columns = [
        ("Seat", "left"),
        ("Hand", "left"),
        ("Laid out (ppong)", "left"),
        ("Sum", "right"),
        ("Penalty", "right"),
    ]
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
                f'<span class="kit-best" style="background:{GAIN};color:{WHITE};'
                f'border-radius:10px;padding:2px 9px;font-weight:700">{signed(penalty)}</span>'
            )
        else:
            shown = signed(penalty)
        rows.append(
            [
                f"<strong>{_seat_label(seat, you)}</strong>{seat_notes(*notes)}",
                cards_html(hand, width=34),
                _laid_out(laid, 34),
                str(hand.total),
                shown,
            ]
        )
    return result_table(
        "kit-round-result",
        columns,
        rows,
        caption=_spoken(result.describe(), you),
        row_classes=["kit-seat"] * len(rows),
    )


def _seat_label(seat: int, you: int | None) -> str:
    return str(seat) if you is None else text_cell(capitalised(said_by(f"seat {seat}", you)))


def _spoken(sentence: str, you: int | None) -> str:
    """An engine's sentence about seats, in the learner's words when ``you`` is given."""
    return sentence if you is None else capitalised(said_by(sentence, you))


def _laid_out(cards: Iterable[Card], width: int) -> str:
    """Cards laid out by ppong, dimmed because they never score
    (reference/nylon-ppong.md#round-scoring)."""
    laid = tuple(cards)
    if not laid:
        return NOTHING
    return f'<div style="opacity:0.45">{cards_html(laid, width=width)}</div>'


def round_html(
    round_: Round,
    *,
    reveal: Iterable[int] | None = None,
    names: Mapping[int, str] | None = None,
    you: int | None = None,
) -> str:
    """The table of a round in play: hands, laid-out cards, whose turn it is, the discard and the pile.

    Seats in ``reveal`` show their hands face up and the others card backs;
    by default, and once the round is over, every hand shows. ``names``
    relabels seats, e.g. ``{1: "West"}``; ``you`` is the learner's seat, named "You" (and
    "you" in the sentences). A ◀ marks the seat whose turn it is.

    >>> from kit.nylonppong.game import Round
    >>> from kit.nylonppong.rules import Rules
    >>> round_ = Round.deal(Rules(players=3), dealer=0, seed=7)
    >>> html = round_html(round_, reveal=[0], you=0)
    >>> html.count('class="kit-card-face"'), html.count('class="kit-card-back"'), html.count("◀")
    (5, 10, 1)
    >>> "You to draw, ppong or stop" in html, "33 cards in the draw pile" in html
    (True, True)
    """
    over = round_.phase == "over"
    seats = range(round_.players)
    shown = set(seats) if reveal is None or over else set(reveal)
    label = {seat: f"Seat {seat}" for seat in seats} | dict(names or {})
    if you is not None:
        label[you] = "You"
    turn = None if over else round_.turn
    claimant = round_.claimant()
    columns = [("Seat", "left"), ("Hand", "left"), ("Laid out (ppong)", "left"), ("Sum", "right")]
    rows: list[list[str | Cell]] = []
    for seat, (hand, laid) in enumerate(zip(round_.hands, round_.laid, strict=True)):
        if seat in shown:
            cards, total = cards_html(hand, width=40), str(sum(card.month for card in hand))
        else:
            cards, total = _backs(len(hand), 28), NOTHING
        mark = " ◀" if seat == turn else ""
        note = seat_notes("may ppong out of turn") if seat == claimant else ""
        rows.append(
            [
                Cell(
                    f"<strong>{text_cell(label[seat])}</strong>{mark}{note}", "white-space:nowrap"
                ),
                cards,
                _laid_out(laid, 28),
                total,
            ]
        )
    if round_.result is not None:
        caption = _spoken(round_.result.describe(), you)
    else:
        doing = "discard" if round_.phase == "discard" else "draw, ppong or stop"
        caption = f"{label[round_.turn]} to {doing}"
    board = result_table(
        "kit-seats",
        columns,
        rows,
        caption=caption,
        row_classes=["kit-seat"] * len(rows),
        row_styles=[HIGHLIGHT if seat == turn else None for seat in seats],
    )
    top = round_.top()
    if top is None:
        discard = cards_html([], width=48, caption="no discards yet")
    else:
        discard = cards_html(
            [top[0]],
            width=48,
            caption=f"top discard, from {'you' if top[1] == you else label[top[1]]}",
        )
    side = (
        f'<div class="kit-table-side" style="font-family:{FONT};font-size:13px;color:{INK};'
        f'display:flex;flex-direction:column;gap:8px">{discard}'
        f"<div>{counted(len(round_.discards), 'card')} in the discard pile</div>"
        f'<div class="kit-pile">{counted(len(round_.pile), "card")} in the draw pile</div></div>'
    )
    return (
        '<div class="kit-round" style="display:flex;gap:24px;align-items:flex-start;'
        f'flex-wrap:wrap">{board}{side}</div>'
    )


def _backs(count: int, width: int) -> str:
    """A row of face-down cards: the other seats' hands, seen from across the table."""
    if not count:
        return cards_html([], width=width)
    backs = "".join(card_back_svg(width=width) for _ in range(count))
    return f'<div class="kit-cards" style="display:flex;gap:4px;flex-wrap:wrap">{backs}</div>'


def penalty_ledger_html(ledger: Ledger) -> str:
    """A round's penalty lines (seat, points, reason), then each seat's total."""
    columns = [("Seat", "left"), ("Points", "right"), ("Reason", "left")]
    rows = [
        [str(entry.seat), signed(entry.points), text_cell(entry.reason)] for entry in ledger.entries
    ]
    totals = [
        [f"<strong>{seat}</strong>", f"<strong>{signed(total)}</strong>", "total"]
        for seat, total in enumerate(ledger.penalties)
    ]
    kinds = ["kit-penalty"] * len(rows) + ["kit-penalty-total"] * len(totals)
    return result_table("kit-penalty-ledger", columns, rows + totals, row_classes=kinds)
