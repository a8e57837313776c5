"""What does this hand need? A 13-tile hand's waits, split by the rules' minimum fan
(reference/hongkong.md#minimum-and-cap)."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from kit.hongkong.fan import Score, Wait, parse_hand, waits_with_fan
from kit.hongkong.rules import FORMS, Rules
from kit.mahjong.tiles import Hand
from kit.render import hand_html
from kit.render.readouts import verdict, waits_table
from kit.widgets.common import ErrorLine, HandValue, classed, guarded, hand_text, heading
from kit.widgets.hongkong.display import not_ready, plural, seat_winds, wind_dropdown
from kit.widgets.mahjong import COMPLETE, load_hand_tables

__all__ = ["WhatDoesThisHandNeed"]


class WhatDoesThisHandNeed(HandValue[Hand], w.VBox):  # type: ignore[misc]
    """Type a 13-tile hand and see the tiles it waits on, split by whether they reach the minimum fan.

    Each wait shows its fan as a win on a discard and as a self-draw (reference/hongkong.md#fan).

    >>> needs = WhatDoesThisHandNeed(hand="123m456p789s22z55z")
    >>> [str(x.tile) for x in needs.legal], [str(x.tile) for x in needs.short]
    (['5z'], ['2z'])
    """

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self._hand = Hand()
        self.waits: list[Wait[Score]] = []
        self.error = ErrorLine()
        self.text = hand_text(
            "a 13-tile hand, e.g. 123m456m789m1m[555z], then Enter", self._set_text
        )
        self.seat_wind = wind_dropdown("Seat wind", seat_winds(rules.players), "kit-seat-wind")
        self.round_wind = wind_dropdown("Round wind", seat_winds(rules.players), "kit-round-wind")
        for control in (self.seat_wind, self.round_wind):
            control.observe(lambda _: self.update(), "value")
        self.readout = classed(w.HTML(), "kit-readout")
        super().__init__(
            [
                heading(
                    "What does this hand need? Its waits, and which of them reach "
                    f"{rules.min_fan} fan"
                ),
                w.HBox([self.text]),
                w.HBox([self.seat_wind, self.round_wind]),
                self.error,
                self.readout,
            ]
        )
        self.add_class("kit-hk-needs")
        load_hand_tables(FORMS)
        self._show()
        if hand:
            self._set_text(hand)

    @property
    def legal(self) -> list[Wait[Score]]:
        """The waits that reach the minimum, on a discard or self-drawn."""
        return [x for x in self.waits if x.legal]

    @property
    def short(self) -> list[Wait[Score]]:
        """The waits that complete the hand but fall short of the minimum both ways."""
        return [x for x in self.waits if not x.legal]

    @guarded
    def _set_text(self, text: str) -> None:
        hand = parse_hand(text, self.rules)
        changed = hand != self._hand
        self._hand = hand
        if self.text.value != hand.notation():
            self.text.value = hand.notation()  # comes back here with the same hand
        if changed:
            self._show()

    @guarded
    def update(self) -> None:
        self._show()

    def _show(self) -> None:
        hand = self._hand
        self.waits = []
        if hand.size != COMPLETE - 1:
            message = (
                "Type a hand of 13 tiles (a kong counts as three): the hand before its winning tile."
                if hand.size == 0
                else f"This hand has {plural(hand.size, 'tile')} (kongs count as three). "
                "Waits are the tiles a hand of 13 needs: "
                + (f"take {hand.size - 13} out." if hand.size > 13 else f"add {13 - hand.size}.")
            )
            self.readout.value = (hand_html(hand) if hand.size else "") + verdict(message, "#555")
            return
        self.waits = waits_with_fan(
            hand, self.rules, seat_wind=self.seat_wind.value, round_wind=self.round_wind.value
        )
        if self.waits:
            self.readout.value = hand_html(hand) + _needs_html(self.waits, self.rules)
        else:
            self.readout.value = hand_html(hand) + verdict(not_ready(hand), "#555")


def _needs_html(found: Sequence[Wait[Score]], rules: Rules) -> str:
    legal = [x for x in found if x.legal]
    short = [x for x in found if not x.legal]
    return (
        verdict(
            f"Waiting on {plural(len(found), 'tile')}: {len(legal)} reach the "
            f"{rules.min_fan}-fan minimum (on a discard or self-drawn), {len(short)} do not.",
            "#222",
        )
        + waits_table(
            "kit-waits-legal",
            f"Legal (≥ {rules.min_fan} fan)",
            legal,
            "none: every wait falls short of the minimum",
        )
        + waits_table("kit-waits-short", "Not enough fan", short, "none: every wait is legal")
    )
