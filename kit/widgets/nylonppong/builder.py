"""The Nylon-ppong hand builder: click or type up to six cards and read what they score.

Six cards show their best combination (or why there is none); two cards show
whether a stop is allowed under the chosen stop limit.
"""

from __future__ import annotations

import html
from dataclasses import replace

import ipywidgets as w

from kit.hwatu import DECK, Card, Hand
from kit.nylonppong.rules import (
    COMBINATION_SIZE,
    Rules,
    best_combination,
    no_combination_reason,
    stop_verdict,
)
from kit.render import cards_html
from kit.widgets.common import (
    ErrorLine,
    HandValue,
    card_button,
    guarded,
    hand_text,
    heading,
    mark_selected,
)
from kit.widgets.nylonppong.display import minus

__all__ = ["HandBuilder", "hand_readout"]


class HandBuilder(HandValue[Hand], w.VBox):  # type: ignore[misc]
    """Click cards (or type their notation) to build a hand of up to 6 and read what it scores.

    >>> builder = HandBuilder()
    >>> builder.value = "3B 4A 5A 6A 7A 8B"
    >>> "Straight" in builder.readout.value and "−33" in builder.readout.value
    True
    >>> builder.value = "3B 99Q"
    >>> builder.hand.notation(), "99Q" in builder.error.value
    ('3B 4A 5A 6A 7A 8B', True)
    """

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self._hand = Hand()
        self.error = ErrorLine()
        self.buttons: dict[Card, w.Button] = {card: card_button(card, self.toggle) for card in DECK}
        palette = w.GridBox(
            [self.buttons[card] for index in range(4) for card in DECK[index::4]],
            layout=w.Layout(grid_template_columns="repeat(12, 56px)", grid_gap="3px"),
        )
        self.text = hand_text(
            "or type cards, e.g. 3B 4A 5A 6A 7A 8B, then Enter", self._set_text, width="440px"
        )
        self.stop_limit = w.Dropdown(
            options=sorted({5, 10, rules.stop_limit}),
            value=rules.stop_limit,
            description="Stop limit",
            layout=w.Layout(width="170px"),
        )
        self.stop_limit.observe(lambda change: self._set_limit(change["new"]), "value")
        clear = w.Button(description="Clear", icon="eraser", layout=w.Layout(width="90px"))
        clear.on_click(lambda _: self._set_hand(Hand()))
        self.readout = w.HTML()
        self.readout.add_class("kit-readout")
        super().__init__(
            [
                heading(
                    "Click cards to build a hand (months run left to right, January to December)"
                ),
                palette,
                w.HBox([self.text, self.stop_limit, clear]),
                self.error,
                self.readout,
            ]
        )
        self.add_class("kit-hand-builder")
        self._set_text(hand)

    @guarded
    def toggle(self, card: Card) -> None:
        """Add a card to the hand, or take it back out if it is already there."""
        cards = self._hand.cards
        if card in cards:
            self._set_hand(Hand(tuple(c for c in cards if c != card)))
        elif len(cards) >= COMBINATION_SIZE:
            raise ValueError("a hand here holds at most 6 cards; click a chosen card to remove it")
        else:
            self._set_hand(Hand((*cards, card)))

    @guarded
    def _set_text(self, text: str) -> None:
        hand = Hand.parse(text)
        if len(hand) > COMBINATION_SIZE:
            raise ValueError(f"{len(hand)} cards typed; a hand here holds at most 6")
        self._set_hand(hand)

    @guarded
    def _set_limit(self, limit: int) -> None:
        self.rules = replace(self.rules, stop_limit=limit)
        self._show()

    def _set_hand(self, hand: Hand) -> None:
        previous = set(self._hand.cards)
        self._hand = hand
        chosen = set(hand.cards)
        for card in previous ^ chosen:
            mark_selected(self.buttons[card], card in chosen)
        if self.text.value != hand.notation():
            self.text.value = hand.notation()
        self._show()

    def _show(self) -> None:
        self.readout.value = hand_readout(self._hand, self.rules)


def hand_readout(hand: Hand, rules: Rules) -> str:
    """What a hand means in Nylon-ppong: its faces, its sum, and its combination or stop."""
    months = hand.months
    parts = [cards_html(hand.cards)]
    if months:
        parts.append(
            f"<div>Sum of months: {' + '.join(map(str, months))} = <b>{sum(months)}</b></div>"
        )
    if len(months) == COMBINATION_SIZE:
        best = best_combination(months)
        if best is None:
            parts.append(
                f"<div class='kit-verdict'>{html.escape(no_combination_reason(months))}</div>"
            )
        else:
            parts.append(
                "<div class='kit-verdict' style='font-size:1.3em'>"
                f"<b>{html.escape(best.name)}</b>: {minus(best.value)}</div>"
                f"<div>{html.escape(best.explanation)}</div>"
            )
    elif len(months) == 2:
        allowed, why = stop_verdict(months, rules)
        verdict = "allowed" if allowed else "not allowed"
        parts.append(f"<div class='kit-verdict'>Stop: <b>{verdict}</b> ({html.escape(why)})</div>")
    else:
        missing = COMBINATION_SIZE - len(months)
        parts.append(
            f"<div style='color:#555'>Pick {missing} more card{'s' if missing != 1 else ''} "
            "to test a combination; a hand of 2 tests a stop.</div>"
        )
    return "".join(parts)
