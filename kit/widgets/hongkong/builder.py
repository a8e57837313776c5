"""The Hong Kong hand builder: click or type a hand, read its fan and its payments
(see the Hong Kong rules: reference/hongkong.md#fan, #payments)."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import ClassVar

import ipywidgets as w

from kit.hongkong.fan import CONDITIONS, PATTERNS, Score, parse_hand, score, waits_with_fan
from kit.hongkong.payout import payout, wall
from kit.hongkong.rules import FORMS as HONG_KONG_FORMS
from kit.hongkong.rules import PRESETS, Rules
from kit.mahjong.conditions import LABELS, WinConditions
from kit.mahjong.tiles import WIND_LABELS, Hand, MeldKind, Tile
from kit.reference import cite
from kit.render import hand_html, score_html, tile_svg
from kit.render.readouts import nets_table, verdict
from kit.widgets.common import BAD, BOX, GOOD, MUTED, classed, guarded
from kit.widgets.hongkong.display import (
    not_ready,
    plural,
    seat_label,
    seat_winds,
    wind_dropdown,
)
from kit.widgets.mahjong import AddMode, MahjongHandBuilder

__all__ = ["HandBuilder"]

_PATTERN = {pattern.key: pattern for pattern in PATTERNS}
WAYS = ("discard", "self_draw")
"""The two ways a hand is won, as the keys of :attr:`HandBuilder.payments`."""
_SCORED_AS = {
    "self_drawn": "self-drawn",
    "robbing_kong": "robbing-kong",
    "kong_replacement": "kong-replacement",
    "last_tile": "last-tile",
    "heavenly": "heavenly-hand",
    "earthly": "earthly-hand",
    "consecutive_kongs": "consecutive-kongs",
}
"""The pattern each win condition scores, for its Chinese name."""


def _preset_label(name: str) -> str:
    """A preset's name with what a discarder pays from the minimum to the cap: "half-spicy:
    16 to 256", so that the word is not the only thing a newcomer reads."""
    table, rules = PRESETS[name], Rules()
    return f"{name}: {table.discard(rules.min_fan)} to {table.discard(rules.fan_cap)}"


PAYMENT_TABLE_TIP = (
    "The payment table turns fan into money (lesson 4; reference/hongkong.md#payments). "
    "Half-spicy (半辣), the default, doubles from 3 to 4 fan and then rises more slowly; "
    "full-spicy (全辣) doubles with every fan. The numbers are what the discarder pays."
)
"""What the payments control means, for a learner who has not reached lesson 4 yet."""


class HandBuilder(MahjongHandBuilder):
    """Build a Hong Kong hand by clicking tiles (or typing it); read its fan and its payments.

    With 14 tiles (kongs as three) it shows the fan breakdown, whether the hand
    reaches the minimum, and who pays what under the current table (reference/hongkong.md#payments).

    >>> builder = HandBuilder(hand="123m456m789m11m[555z]")
    >>> builder.result.breakdown
    'dragon pung 1 + half flush 3 = 4 fan'
    >>> builder.players.value = 2
    >>> builder.players.value, "the two-player table has no 2m" in builder.error.value
    (4, True)
    """

    NAME = "Hong Kong"
    PLACEHOLDER = "or type a hand, e.g. 123m456m789m11m[555z], then Enter"
    CSS_CLASS = "kit-hk-builder"
    FORMS = HONG_KONG_FORMS
    CLAIMED = (
        AddMode("chow", "a claimed chow starting at the tile clicked, shown [123m]", MeldKind.CHOW),
        AddMode("pung", "a claimed pung, shown [555z]", MeldKind.PUNG),
        AddMode("kong", "a claimed kong, shown [5555p]", MeldKind.KONG),
    )
    MODE_WIDTH = "122px"
    CONDITION_NAMES: ClassVar[Mapping[str, str]] = {
        name: _PATTERN[_SCORED_AS[name]].chinese for name in CONDITIONS
    }
    CONTRADICTION = (
        "These win conditions contradict each other or this hand (see the message above)."
    )

    result: Score | None

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self.payments: dict[str, list[int]] = {}
        """Each seat's net for each way the hand wins: "discard" (without the self-drawn
        fan) and "self_draw" (with it). A way that is no win, or impossible, is left out."""
        self.seat_wind = wind_dropdown("Seat wind", seat_winds(rules.players), "kit-seat-wind")
        self.round_wind = wind_dropdown("Round wind", seat_winds(rules.players), "kit-round-wind")
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
                options=[
                    (_preset_label(name) if name in PRESETS else name, name)
                    for name in self._tables
                ],
                value=rules.table.name,
                description="Payment table",
                tooltip=PAYMENT_TABLE_TIP,
                style={"description_width": "initial"},
                layout=w.Layout(width="330px"),
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
        """Two players sit East and South, and play those rounds only."""
        winds = seat_winds(self.rules.players)
        options = [(WIND_LABELS[x], x) for x in winds]
        self._syncing = True
        try:
            for menu in (self.seat_wind, self.round_wind):
                if list(menu.options) != options:
                    keep = menu.value if menu.value in winds else "E"
                    menu.options = options
                    menu.value = keep
        finally:
            self._syncing = False
        self.preset.disabled = self.rules.players == 2

    # -- display --

    def _show(self) -> None:
        self.payments = {}
        super()._show()

    def _score(self, win: Tile, conditions: WinConditions) -> Score:
        return score(
            self._hand,
            win=win,
            conditions=conditions,
            seat_wind=self.seat_wind.value,
            round_wind=self.round_wind.value,
            rules=self.rules,
        )

    def _show_result(self, result: Score, conditions: WinConditions) -> None:
        parts = [score_html(result), _minimum_html(result)]
        assert self._win is not None  # a scored hand has its winning tile
        ways = {way: self._scored(self._win, won) for way, won in _ways(conditions).items()}
        discarder = self._discarder()
        self.payments = {
            way: payout(
                found.fan,
                winner=self.seat,
                discarder=discarder if way == "discard" else None,
                rules=self.rules,
            )
            for way, found in ways.items()
            if isinstance(found, Score) and found.wins
        }
        if self.payments:
            parts.append(self._payments_html(ways))
        self.readout.value = "".join(parts)

    def _scored(self, win: Tile, won: WinConditions | str) -> Score | str:
        """This hand won this way, or why it cannot be won this way."""
        if isinstance(won, str):
            return won
        try:
            return self._score(win, won)
        except ValueError as error:
            return str(error)

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

    def _payments_html(self, ways: Mapping[str, Score | str]) -> str:
        """Each way the hand could be won, scored under its own conditions, and who pays."""
        rules = self.rules
        table = rules.payments
        others = "the other player" if rules.players == 2 else "each of the other three"
        name = "golden (two-player)" if rules.players == 2 else table.name
        discard, drawn = ways["discard"], ways["self_draw"]
        lines = [
            _way_line(
                "Won on a discard",
                discard,
                lambda fan: f"the discarder alone pays <b>{table.discard(fan)}</b>",
            ),
            _way_line(
                "Self-drawn",
                drawn,
                lambda fan: f"{others} pays <b>{table.self_draw(fan)}</b>",
            ),
        ]
        heads = [
            f"won on seat {self._discarder()}'s discard{_fan_note(discard)}",
            f"self-drawn{_fan_note(drawn)}",
        ]
        rows = [
            (
                seat_label(seat, rules.players) + (" <b>winner</b>" if seat == self.seat else ""),
                [self.payments[way][seat] if way in self.payments else None for way in WAYS],
            )
            for seat in range(rules.players)
        ]
        return (
            f"<div class='kit-payments' style='{BOX}'>"
            f"<b>What this hand pays at the {html.escape(name)} table</b> "
            f"({cite('hongkong', 'payments').html()})"
            + "".join(f"<div>{line}</div>" for line in lines)
            + nets_table("kit-payout-table", heads, rows)
            + f"<div style='{MUTED};font-size:0.9em'>Each column is scored as won that way: a "
            "self-drawn win has the self-drawn fan, a win on a discard does not.</div></div>"
        )


def _ways(conditions: WinConditions) -> dict[str, WinConditions | str]:
    """The conditions of a win on a discard and of a self-draw, as close to ``conditions``
    as each can be, or why the hand cannot be won that way."""
    ways: dict[str, WinConditions | str] = {}
    drawn_only = [
        name for name in ("kong_replacement", "heavenly", "last_tile") if getattr(conditions, name)
    ]
    if drawn_only:
        ways["discard"] = f"{LABELS[drawn_only[0]][0]} is self-drawn"
    else:
        ways["discard"] = replace(conditions, self_drawn=False)
    try:
        ways["self_draw"] = replace(conditions, self_drawn=True)
    except ValueError as error:
        ways["self_draw"] = str(error)
    return ways


def _fan_note(found: Score | str) -> str:
    """A column heading's note: the fan of a win that way, or that it is none."""
    if isinstance(found, str):
        return " (not possible)"
    if not found.wins:
        return f" (not a win, {found.fan} fan)"
    return f" ({found.fan} fan)"


def _way_line(how: str, found: Score | str, pays: Callable[[int], str]) -> str:
    """One line of the payments: how the hand is won, its fan, and who pays."""
    if isinstance(found, str):
        return f"{how}: not possible ({html.escape(found)})."
    if not found.wins:
        return f"{how}: not a win ({found.fan} fan)."
    return f"{how}: {found.fan} fan, {pays(found.fan)}."


def _minimum_html(result: Score) -> str:
    """Whether a scored hand reaches the minimum, or how many fan it lacks
    (reference/hongkong.md#minimum-and-cap)."""
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
