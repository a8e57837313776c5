"""The Sichuan hand builder: click or type a hand, read its fan, waits and payments
(reference/sichuan.md#fan)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

import ipywidgets as w

from kit.mahjong.conditions import WinConditions
from kit.mahjong.hands import shanten
from kit.mahjong.tiles import SUITS, TILES, Hand, MeldKind, Tile
from kit.render import hand_html, score_html, tile_svg
from kit.render.readouts import verdict
from kit.sichuan.fan import Score, conditions_for, parse_hand, score, waits_with_fan
from kit.sichuan.rules import FORMS as SICHUAN_FORMS
from kit.sichuan.rules import Rules
from kit.widgets.common import BAD, BOX, MUTED, classed, guarded
from kit.widgets.mahjong import AddMode, MahjongHandBuilder
from kit.widgets.sichuan.rulesets import FAN_CAPS

__all__ = ["HandBuilder"]

SUIT_LABELS = {"m": "characters 万 (m)", "p": "dots 筒 (p)", "s": "bamboo 条 (s)"}
SICHUAN_KINDS: tuple[Tile, ...] = tuple(tile for tile in TILES if not tile.is_honour)
"""The 27 tile kinds of the game (reference/sichuan.md#tiles)."""


class HandBuilder(MahjongHandBuilder):
    """Build a Sichuan hand by clicking tiles (or typing it) and read what it is worth
    (reference/sichuan.md#fan).

    With 14 tiles it shows the fan breakdown or why the hand does not win; with 13,
    what it waits on and what each wait would be worth; otherwise, how many to add.

    >>> builder = HandBuilder(hand="11223344556677p")
    >>> builder.void.value = "m"
    >>> builder.result.breakdown
    'full flush 2 + seven pairs 2 = 4 fan → ×16 (cap 4)'
    >>> builder.value = "1122p 99x"
    >>> builder.value, "99x" in builder.error.value
    ('11223344556677p', True)
    """

    NAME = "Sichuan"
    PLACEHOLDER = "or type a hand, e.g. 11223344556677p or 234m [555p] (7777s) 99m"
    CSS_CLASS = "kit-sichuan-builder"
    KINDS = SICHUAN_KINDS
    FORMS = SICHUAN_FORMS
    CLAIMED = (
        AddMode("exposed pung", "a claimed pung, shown [555p]", MeldKind.PUNG),
        AddMode("exposed kong", "a claimed kong, shown [5555p]", MeldKind.KONG),
    )
    MODE_WIDTH = "128px"
    CONDITION_NAMES: ClassVar[Mapping[str, str]] = {
        "self_drawn": "自摸",
        "kong_replacement": "杠上开花",
        "shot_after_kong": "杠上炮",
        "robbing_kong": "抢杠胡",
        "last_tile": "海底",
        "heavenly": "天胡",
        "earthly": "地胡",
    }
    """The win conditions :func:`kit.sichuan.fan.score` takes, by their Chinese names
    (heavenly and earthly only with the rules' option on)."""
    CONTRADICTION = (
        "These win conditions do not fit together or with this hand (see the message above)."
    )

    result: Score | None

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self.waits: list[tuple[Tile, Score]] = []
        """For a 13-tile hand: each wait and its score as a win on a discard."""
        self.void = classed(
            w.Dropdown(
                options=[("none named", "none")] + [(SUIT_LABELS[s], s) for s in SUITS],
                value="none",
                description="Void 定缺",
                layout=w.Layout(width="250px"),
            ),
            "kit-void",
        )
        self.void.observe(lambda _: self.update(), "value")
        self.fan_cap = classed(
            w.Dropdown(
                options=list(FAN_CAPS),
                value=rules.fan_cap,
                description="Fan cap",
                layout=w.Layout(width="150px"),
            ),
            "kit-fan-cap",
        )
        self.fan_cap.observe(lambda change: self._set_cap(change["new"]), "value")
        super().__init__(hand, [self.void, self.fan_cap])

    def _parse(self, hand: Hand | str) -> Hand:
        return parse_hand(hand)

    def _condition_fields(self) -> tuple[str, ...]:
        return conditions_for(self.rules)

    @guarded
    def _set_cap(self, cap: int) -> None:
        self.rules = replace(self.rules, fan_cap=cap)
        self._show()

    @property
    def _void(self) -> str | None:
        return None if self.void.value == "none" else self.void.value

    # -- display --

    def _show(self) -> None:
        self.waits = []
        super()._show()

    def _score(self, win: Tile, conditions: WinConditions) -> Score:
        return score(self._hand, win=win, void=self._void, conditions=conditions, rules=self.rules)

    def _show_result(self, result: Score, conditions: WinConditions) -> None:
        self.readout.value = score_html(result) + _payment_html(result, conditions)

    def _show_waiting(self) -> None:
        hand = self._hand
        found = waits_with_fan(hand, void=self._void, rules=self.rules)
        if not found:
            away = shanten(hand, forms=self.FORMS)
            self.readout.value = hand_html(hand) + verdict(
                f"Not ready: {away} tile{'s' if away != 1 else ''} away from waiting "
                "(it needs more than one tile to win).",
                "#555",
            )
            return
        self.waits = [(wait.tile, wait.discard) for wait in found]
        self.readout.value = hand_html(hand) + _waits_html(self.waits)


def _payment_html(result: Score, conditions: WinConditions) -> str:
    """Who pays what for a winning hand (reference/sichuan.md#win-payments)."""
    if not result.wins:
        return ""
    rules = result.rules
    if conditions.drawn:
        each = rules.self_draw_payment(result.fan)
        paid = (
            f"Self-drawn: each player still in play pays <b>{each}</b> "
            f"(self-draw bonus “{rules.self_draw_bonus}”)."
        )
    else:
        paid = f"Won on a discard: the discarder alone pays <b>{result.value}</b>."
    return (
        f"<div class='kit-payment' style='{BOX}'>Hand value: base {rules.base} × "
        f"2^min({result.raw_fan}, cap {rules.fan_cap}) = <b>{result.value}</b>. {paid}</div>"
    )


def _waits_html(found: Sequence[tuple[Tile, Score]]) -> str:
    winning = [result for _, result in found if result.wins]
    cards = []
    for tile, result in found:
        if result.wins:
            text = (
                f"<b>{result.fan} fan</b><br>worth {result.value}"
                f"<br><span style='{MUTED}'>{html.escape(result.name or '')}</span>"
            )
            style = "border:2px solid #33a02c;background:#f1f8ec"
        else:
            text = f"<span style='color:{BAD}'>no win:<br>{html.escape(result.reason or '')}</span>"
            style = "border:2px dashed #bbb;background:#f6f6f6"
        cards.append(
            f"<div class='kit-wait' data-tile='{tile}' title='{html.escape(result.breakdown)}' "
            f"style='{style};border-radius:6px;padding:4px;width:84px;text-align:center;"
            f"font-size:0.85em;line-height:1.25'>{tile_svg(tile, width=40)}<br>{text}</div>"
        )
    count = len(found)
    summary = f"Waiting on {count} tile{'s' if count != 1 else ''}"
    if winning:
        summary += f"; the best wait is worth {max(r.value for r in winning)} on a discard"
    if len(winning) < count:
        summary += f". {count - len(winning)} of them would not win"
    return (
        verdict(summary + ".", "#222")
        + "<div class='kit-waits' style='display:flex;gap:6px;flex-wrap:wrap'>"
        + "".join(cards)
        + "</div>"
    )
