"""The Hong Kong hand builder: click or type a hand, read its fan and its payments (RULES.md §3.1–3.3)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

import ipywidgets as w

from kit.hongkong.fan import PATTERNS, Score, parse_hand, score, waits_with_fan
from kit.hongkong.game import WIND_ORDER
from kit.hongkong.payout import payout, wall
from kit.hongkong.rules import FORMS as HONG_KONG_FORMS
from kit.hongkong.rules import PRESETS, Rules
from kit.render import hand_html, score_html, tile_svg
from kit.tiles import TILES, Hand, MeldKind, Tile
from kit.widgets.common import BAD, BOX, GOOD, MUTED, classed, guarded
from kit.widgets.hongkong.display import (
    WIND_LABELS,
    not_ready,
    plural,
    seat_label,
    seat_table,
    seat_winds,
    wind_dropdown,
)
from kit.widgets.mahjong import (
    CONCEALED_KONG,
    ONE_TILE,
    AddMode,
    MahjongHandBuilder,
    verdict,
)

__all__ = ["HandBuilder"]

_PATTERN = {pattern.key: pattern for pattern in PATTERNS}
CONDITION_PATTERNS = {
    "self_drawn": ("self-drawn", "The winning tile was drawn from the wall"),
    "robbing_kong": ("robbing-kong", "Won on the tile another player added to a pung"),
    "kong_replacement": ("kong-replacement", "Won on a kong's replacement tile"),
    "last_tile": ("last-tile", "Won on the last wall tile"),
    "heavenly": ("heavenly-hand", "The dealer wins on its first 14 tiles"),
    "earthly": ("earthly-hand", "Won on the dealer's first discard, before any claim"),
    "consecutive_kongs": (
        "consecutive-kongs",
        "Won on the replacement tile after two kongs in a row (also needs kong replacement)",
    ),
}
"""The win conditions :func:`kit.hongkong.fan.score` takes: the pattern they score, a tooltip."""


class HandBuilder(MahjongHandBuilder):
    """Build a Hong Kong hand by clicking tiles (or typing it); read its fan and its payments.

    With 14 tiles (kongs as three) it shows the fan breakdown, whether the hand
    reaches the minimum, and who pays what under the current table (§3.1–3.3).

    >>> builder = HandBuilder(hand="123m456m789m11m[555z]")
    >>> builder.result.breakdown
    'dragon pung 1 + half flush 3 = 4 fan'
    >>> builder.players.value = 2
    >>> builder.players.value, "the two-player table has no 2m" in builder.error.value
    (4, True)
    """

    TITLE = "Build a Hong Kong hand: click tiles, or type the hand"
    PLACEHOLDER = "or type a hand, e.g. 123m456m789m11m[555z], then Enter"
    CSS_CLASS = "kit-hk-builder"
    KINDS = TILES
    FORMS = HONG_KONG_FORMS
    ADD_MODES = (
        ONE_TILE,
        AddMode("chow", "a claimed chow starting at the tile clicked, shown [123m]", MeldKind.CHOW),
        AddMode("pung", "a claimed pung, shown [555z]", MeldKind.PUNG),
        AddMode("kong", "a claimed kong, shown [5555p]", MeldKind.KONG),
        CONCEALED_KONG,
    )
    MODE_WIDTH = "122px"
    CONDITIONS: ClassVar[Mapping[str, tuple[str, str]]] = {
        key: (f"{_PATTERN[pattern].english} {_PATTERN[pattern].chinese}", tip)
        for key, (pattern, tip) in CONDITION_PATTERNS.items()
    }
    CONTRADICTION = "The win conditions contradict each other; fix them to score the hand."

    result: Score | None

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self.payments: dict[str, list[int]] = {}
        """For a winning hand: each seat's net, won on a discard and self-drawn, at its fan."""
        self.seat_wind = wind_dropdown("Seat wind", seat_winds(rules.players), "kit-seat-wind")
        self.round_wind = wind_dropdown("Round wind", WIND_ORDER, "kit-round-wind")
        for control in (self.seat_wind, self.round_wind):
            control.observe(lambda _: self.update(), "value")
        self.players = classed(
            w.Dropdown(
                options=[("4 players", 4), ("2 players (80 tiles)", 2)],
                value=rules.players,
                description="Table",
                layout=w.Layout(width="200px"),
            ),
            "kit-players",
        )
        self._tables = dict(PRESETS)
        self._tables.setdefault(rules.table.name, rules.table)
        self.preset = classed(
            w.Dropdown(
                options=list(self._tables),
                value=rules.table.name,
                description="Payments",
                layout=w.Layout(width="230px"),
                disabled=rules.players == 2,
            ),
            "kit-table-preset",
        )
        for control in (self.players, self.preset):
            control.observe(lambda _: self._set_rules(), "value")
        super().__init__(hand, [self.seat_wind, self.round_wind, self.players, self.preset])

    def _parse(self, hand: Hand | str) -> Hand:
        return parse_hand(hand, self.rules)  # raises for a tile the two-player table lacks

    def _playable(self) -> set[Tile]:
        return set(wall(self.rules))

    @property
    def seat(self) -> int:
        """The seat of the seat wind chosen: East is seat 0, the dealer."""
        return seat_winds(self.rules.players).index(self.seat_wind.value)

    @guarded
    def _set_rules(self) -> None:
        """The table size or the payment preset changed; a hand the new table cannot hold
        keeps the old table (and says which tile is missing)."""
        if self._syncing:
            return
        rules = replace(
            self.rules, players=self.players.value, table=self._tables[self.preset.value]
        )
        try:
            parse_hand(self._hand, rules)
        except ValueError:
            self._syncing = True
            try:
                self.players.value = self.rules.players
                self.preset.value = self.rules.table.name
            finally:
                self._syncing = False
            raise
        self.rules = rules
        self._wind_options()
        self._show()

    def _wind_options(self) -> None:
        winds = seat_winds(self.rules.players)
        options = [(WIND_LABELS[x], x) for x in winds]
        self._syncing = True
        try:
            if list(self.seat_wind.options) != options:
                keep = self.seat_wind.value if self.seat_wind.value in winds else "E"
                self.seat_wind.options = options
                self.seat_wind.value = keep
        finally:
            self._syncing = False
        self.preset.disabled = self.rules.players == 2

    # -- display --

    def _show(self) -> None:
        self.payments = {}
        super()._show()

    def _score(self, win: Tile, conditions: dict[str, bool]) -> Score:
        return score(
            self._hand,
            win=win,
            seat_wind=self.seat_wind.value,
            round_wind=self.round_wind.value,
            rules=self.rules,
            **conditions,
        )

    def _show_result(self, result: Score, conditions: dict[str, bool]) -> None:
        parts = [score_html(result), _minimum_html(result)]
        if result.wins:
            self.payments = {
                "discard": payout(
                    result.fan, winner=self.seat, discarder=self._discarder(), rules=self.rules
                ),
                "self_draw": payout(result.fan, winner=self.seat, rules=self.rules),
            }
            parts.append(self._payments_html(result, conditions["self_drawn"]))
        self.readout.value = "".join(parts)

    def _show_waiting(self) -> None:
        hand = self._hand
        found = [wait.tile for wait in waits_with_fan(hand, self.rules)]
        if not found:
            hint = verdict(f"13 tiles. {not_ready(hand)}", "#555")
        else:
            tiles = "".join(tile_svg(tile, width=26) for tile in found)
            hint = verdict(
                f"13 tiles, waiting on {plural(len(found), 'tile')}: add the winning tile to "
                f"score the win.<div style='display:flex;gap:2px;margin-top:4px'>{tiles}</div>",
                "#222",
            )
        self.readout.value = hand_html(hand) + hint

    def _discarder(self) -> int:
        """The seat that feeds a discard win here: the player on the winner's left."""
        return (self.seat - 1) % self.rules.players

    def _payments_html(self, result: Score, self_drawn: bool) -> str:
        rules, discarder = self.rules, self._discarder()
        table = rules.payments
        fan = result.fan
        columns = [f"won on seat {discarder}'s discard", "self-drawn"]
        rows = [
            (
                seat_label(seat, rules.players) + (" <b>winner</b>" if seat == self.seat else ""),
                [self.payments["discard"][seat], self.payments["self_draw"][seat]],
            )
            for seat in range(rules.players)
        ]
        others = "the other player" if rules.players == 2 else "each of the other three"
        name = "golden (two-player)" if rules.players == 2 else table.name
        how = "self-drawn" if self_drawn else "won on a discard"
        return (
            f"<div class='kit-payments' style='{BOX}'>"
            f"<b>What a {fan}-fan win pays at the {html.escape(name)} table</b> (§3.3)"
            f"<div>Won on a discard: the discarder alone pays <b>{table.discard(fan)}</b>. "
            f"Self-drawn: {others} pays <b>{table.self_draw(fan)}</b>.</div>"
            + seat_table("kit-payout-table", columns, rows)
            + f"<div style='{MUTED};font-size:0.9em'>This hand is {how}. A self-drawn win also "
            "scores the self-drawn fan: switch “self-drawn” on or off to compare.</div></div>"
        )


def _minimum_html(result: Score) -> str:
    """Whether a scored hand reaches the minimum, or how many fan it lacks (§3.1)."""
    rules = result.rules
    if result.reading is None:
        return verdict(
            "A winning hand is four groups and a pair, or thirteen orphans "
            "(seven pairs does not win here).",
            BAD,
            "kit-minimum",
        )
    if result.wins:
        extra = " (a limit hand scores the cap)" if result.limit else ""
        return verdict(
            f"✓ {result.fan} fan reaches the {rules.min_fan}-fan minimum{extra}: a legal win.",
            GOOD,
            "kit-minimum",
        )
    lacks = rules.min_fan - result.fan
    return verdict(
        f"✗ {result.fan} fan: it lacks {lacks} fan to reach the {rules.min_fan}-fan minimum, so it is not a win.",
        BAD,
        "kit-minimum",
    )
