"""Hong Kong apps: hand builder, what a hand needs, payment table editor, pao explorer (RULES.md §3).

Each app holds state and calls the rules in :mod:`kit.hongkong`; the pictures
come from :mod:`kit.render` and the charts from :mod:`kit.plots`. Every one
can be driven in plain Python by setting values and clicking, as the tests do.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.hands import shanten, waits
from kit.hongkong.fan import PATTERNS, Score, parse_hand, score
from kit.hongkong.game import WIND_ORDER, Action, Discard, Hu, Pung, Table
from kit.hongkong.payout import payout, wall
from kit.hongkong.rules import FORMS, GOLDEN, PRESETS, TWO_PLAYER_TILES, PaymentTable, Rules
from kit.render import hand_html, score_html, table_html, tile_svg
from kit.tiles import TILES, Hand, Meld, MeldKind, Tile
from kit.widgets.common import ErrorLine, chart, guarded, heading, redraw

__all__ = ["HandBuilder", "PaoExplorer", "TableEditor", "WhatDoesThisHandNeed"]

COMPLETE = 14
"""A complete hand's size, kongs counting as three (§0)."""
WIND_LABELS = {"E": "East 東", "S": "South 南", "W": "West 西", "N": "North 北"}
SUIT_COLOURS = {"m": "#b71c1c", "p": "#1d4f9c", "s": "#18793a", "z": "#4e342e"}
"""Button colours, after the ink of each suit's tiles; honours in brown."""

_MUTED = "color:#555"
_BOX = "border:1px solid #ddd;border-radius:6px;padding:8px 12px;margin:6px 0;background:#fcfcfc"
_GOOD, _BAD = "#2e7d32", "#b00020"
_CELL = "padding:3px 10px;border-bottom:1px solid #e6e0d4;text-align:right"
_PATTERN = {pattern.key: pattern for pattern in PATTERNS}


def _note(text: str) -> w.HTML:
    return w.HTML(f"<div style='{_MUTED};font-size:0.92em'>{text}</div>")


def _classed(widget: Any, css_class: str) -> Any:
    widget.add_class(css_class)
    return widget


def _verdict(text: str, colour: str, css_class: str = "kit-verdict") -> str:
    return f"<div class='{css_class}' style='color:{colour};font-size:1.05em;margin:6px 0'>{text}</div>"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _money(value: int) -> str:
    """A seat's net: "+32" in green, "−32" in red, a grey dash for nothing."""
    if value == 0:
        return "<span style='color:#aaa'>–</span>"
    colour = _GOOD if value > 0 else _BAD
    text = f"+{value}" if value > 0 else f"−{-value}"
    return f"<span style='color:{colour};font-weight:700'>{text}</span>"


def _seat_table(
    css_class: str, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[int]]]
) -> str:
    """A small table of nets: one row per seat (its label, then one net per column)."""
    head = "".join(f"<th style='{_CELL};color:#555'>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        f"<tr><td style='{_CELL};text-align:left'>{label}</td>"
        + "".join(f"<td style='{_CELL}'>{_money(value)}</td>" for value in values)
        + "</tr>"
        for label, values in rows
    )
    return (
        f"<table class='{css_class}' style='border-collapse:collapse;font-size:13px;margin:4px 0'>"
        f"<thead><tr><th style='{_CELL};text-align:left;color:#555'>Seat</th>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _seat_label(seat: int) -> str:
    return f"seat {seat} ({WIND_LABELS[WIND_ORDER[seat]]})"


def tile_button(tile: Tile, on_click: Callable[[Tile], Any]) -> w.Button:
    """A palette button: notation and Chinese name in the suit's colour, class ``kit-tile-<n>``."""
    button = w.Button(
        description=f"{tile.notation()} {tile.chinese}",
        tooltip=tile.name,
        layout=w.Layout(width="74px", height="30px", padding="0"),
    )
    button.style.button_color = SUIT_COLOURS[tile.suit]
    button.style.text_color = "white"
    button.style.font_weight = "bold"
    button.add_class("kit-tile-button")
    button.add_class(f"kit-tile-{tile.notation()}")
    button.on_click(lambda _: on_click(tile))
    return button


def _tile_set(rules: Rules) -> tuple[Tile, ...]:
    """The tile kinds in play: all 34, or the 20 of the two-player table (§3.4)."""
    return tuple(t for t in TILES if rules.players == 4 or t in TWO_PLAYER_TILES)


# --- Hand builder ---------------------------------------------------------------------------

AddMode = Literal["concealed", "chow", "pung", "kong", "concealed kong"]
ADD_MODES: tuple[AddMode, ...] = ("concealed", "chow", "pung", "kong", "concealed kong")
CONDITIONS = {
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


def _grown(hand: Hand, tile: Tile, mode: AddMode, rules: Rules) -> Hand:
    """The hand with ``tile`` added the way ``mode`` says; raises if that makes no valid hand."""
    if mode == "chow":
        if tile.is_honour or tile.number > 7:
            raise ValueError(
                f"a chow is three tiles in a row of one suit, starting at 1-7; none starts at {tile}"
            )
        meld: Meld | None = Meld(MeldKind.CHOW, tile)
    elif mode == "concealed":
        meld = None
    else:
        kind = MeldKind.PUNG if mode == "pung" else MeldKind.KONG
        meld = Meld(kind, tile, concealed=mode == "concealed kong")
    added = meld.tiles if meld is not None else (tile,)
    for each in set(added):
        held = sum(1 for t in hand.all_tiles if t == each)
        wanted = added.count(each)
        if held + wanted > 4:
            what = "another" if wanted == 1 else f"{wanted} more"
            raise ValueError(
                f"there are only four {each}; the hand holds {held}, so {what} cannot be added"
            )
    grown = hand.with_tile(tile) if meld is None else Hand(hand.concealed, (*hand.melds, meld))
    if grown.size > COMPLETE:
        raise ValueError(
            f"that makes {grown.size} tiles (kongs count as three); a hand holds at most 14"
        )
    return parse_hand(grown, rules)  # raises for a tile the two-player table does not have


class HandBuilder(w.VBox):  # type: ignore[misc]
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

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self._hand = Hand()
        self._win: Tile | None = None
        self._history: list[tuple[Hand, Tile | None]] = []
        self._syncing = False
        self.result: Score | None = None
        """The last score of a complete hand (None while the hand is not complete)."""
        self.payments: dict[str, list[int]] = {}
        """For a winning hand: each seat's net, won on a discard and self-drawn, at its fan."""
        self.error = ErrorLine()
        self.buttons = {tile: tile_button(tile, self.add) for tile in TILES}
        palette = w.GridBox(
            list(self.buttons.values()),
            layout=w.Layout(grid_template_columns="repeat(9, 76px)", grid_gap="3px"),
        )
        self.add_mode = _classed(
            w.ToggleButtons(
                options=list(ADD_MODES),
                value="concealed",
                description="Add a click as",
                style={"button_width": "122px", "description_width": "initial"},
                tooltips=[
                    "one tile into the concealed hand",
                    "a claimed chow starting at the tile clicked, shown [123m]",
                    "a claimed pung, shown [555z]",
                    "a claimed kong, shown [5555p]",
                    "a kong declared from the hand, shown (5555p)",
                ],
            ),
            "kit-add-mode",
        )
        self.text = _classed(
            w.Text(
                placeholder="or type a hand, e.g. 123m456m789m11m[555z], then Enter",
                description="Hand",
                continuous_update=False,
                layout=w.Layout(width="520px"),
            ),
            "kit-hand-text",
        )
        self.text.observe(lambda change: self._set_text(change["new"]), "value")
        undo = _classed(w.Button(description="Undo last", icon="undo"), "kit-undo")
        undo.layout.width = "110px"
        undo.on_click(lambda _: self.undo())
        clear = _classed(w.Button(description="Clear", icon="eraser"), "kit-clear")
        clear.layout.width = "90px"
        clear.on_click(lambda _: self.clear())
        small = w.Layout(width="200px")
        self.seat_wind = _classed(
            w.Dropdown(description="Seat wind", layout=small), "kit-seat-wind"
        )
        self.round_wind = _classed(
            w.Dropdown(
                options=[(WIND_LABELS[x], x) for x in WIND_ORDER],
                value="E",
                description="Round wind",
                layout=small,
            ),
            "kit-round-wind",
        )
        self.win = _classed(
            w.Dropdown(options=[], description="Winning tile", layout=w.Layout(width="220px")),
            "kit-win-tile",
        )
        self.conditions = {
            key: _classed(
                w.ToggleButton(
                    value=False,
                    description=f"{_PATTERN[pattern].english} {_PATTERN[pattern].chinese}",
                    tooltip=tip,
                    layout=w.Layout(width="auto"),
                ),
                f"kit-condition-{key.replace('_', '-')}",
            )
            for key, (pattern, tip) in CONDITIONS.items()
        }
        self.players = _classed(
            w.Dropdown(
                options=[("4 players", 4), ("2 players (80 tiles)", 2)],
                value=rules.players,
                description="Table",
                layout=small,
            ),
            "kit-players",
        )
        self._tables = dict(PRESETS)
        self._tables.setdefault(rules.table.name, rules.table)
        self.preset = _classed(
            w.Dropdown(
                options=list(self._tables),
                value=rules.table.name,
                description="Payments",
                layout=w.Layout(width="230px"),
            ),
            "kit-table-preset",
        )
        self._wind_options()
        for control in (self.seat_wind, self.round_wind, self.win, *self.conditions.values()):
            control.observe(lambda _: self.update(), "value")
        self.players.observe(lambda _: self._set_rules(), "value")
        self.preset.observe(lambda _: self._set_rules(), "value")
        self.readout = _classed(w.HTML(), "kit-readout")
        super().__init__(
            [
                heading("Build a Hong Kong hand: click tiles, or type the hand"),
                palette,
                self.add_mode,
                w.HBox([self.text, undo, clear]),
                w.HBox([self.seat_wind, self.round_wind, self.players, self.preset]),
                _note(
                    "How the hand was won (these count once the hand has 14 tiles; "
                    "a kong counts as three):"
                ),
                w.HBox([self.win, *self.conditions.values()], layout=w.Layout(flex_flow="wrap")),
                self.error,
                self.readout,
            ]
        )
        self.add_class("kit-hk-builder")
        # Load the hand tables now, so that the first click answers quickly.
        waits(Hand.parse("1112345678999p"), FORMS)
        self._show()
        if hand:
            self._set_text(hand)

    # -- state --

    @property
    def hand(self) -> Hand:
        return self._hand

    @property
    def value(self) -> str:
        """The hand in tile notation; setting it parses strictly (§0)."""
        return self._hand.notation()

    @value.setter
    def value(self, text: str) -> None:
        self._set_text(text)

    @property
    def seat(self) -> int:
        """The seat of the seat wind chosen: East is seat 0, the dealer."""
        return WIND_ORDER.index(self.seat_wind.value)

    @guarded
    def add(self, tile: Tile) -> None:
        """Add a tile the way the "add as" choice says (a tile, a chow, a pung or a kong)."""
        mode: AddMode = self.add_mode.value
        win = tile if mode == "concealed" else self._win
        self._commit(_grown(self._hand, tile, mode, self.rules), win)

    @guarded
    def undo(self) -> None:
        """Go back to the hand before the last change."""
        if not self._history:
            raise ValueError("nothing to undo")
        hand, win = self._history.pop()
        self._commit(hand, win, remember=False)

    @guarded
    def clear(self) -> None:
        self._commit(Hand(), None)

    @guarded
    def _set_text(self, text: str) -> None:
        hand = parse_hand(text, self.rules)
        if hand.size > COMPLETE:
            raise ValueError(f"{hand.size} tiles typed (kongs count as three); at most 14")
        if hand == self._hand:
            if self.text.value != hand.notation():
                self.text.value = hand.notation()
            return
        self._commit(hand, self._win)

    @guarded
    def update(self) -> None:
        """Recompute the readout from the controls (winds, winning tile, conditions)."""
        if self._syncing:
            return
        self._win = Tile.parse(self.win.value) if self.win.value else None
        self._show()

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
        winds = WIND_ORDER[: self.rules.players]
        options = [(WIND_LABELS[x], x) for x in winds]
        self._syncing = True
        try:
            if list(self.seat_wind.options) != options:
                keep = self.seat_wind.value if self.seat_wind.value in tuple(winds) else "E"
                self.seat_wind.options = options
                self.seat_wind.value = keep
        finally:
            self._syncing = False
        self.preset.disabled = self.rules.players == 2

    def _commit(self, hand: Hand, win: Tile | None, *, remember: bool = True) -> None:
        if remember and hand != self._hand:
            self._history.append((self._hand, self._win))
        self._hand = hand
        concealed = hand.concealed
        if win not in concealed:
            win = concealed[-1] if concealed else None
        self._win = win
        self._syncing = True
        try:
            if self.text.value != hand.notation():
                self.text.value = hand.notation()
            options = [(f"{t} {t.chinese}", t.notation()) for t in sorted(set(concealed))]
            if list(self.win.options) != options:
                self.win.options = options
            self.win.value = win.notation() if win is not None else None
        finally:
            self._syncing = False
        self._show()

    # -- display --

    def _show(self) -> None:
        hand = self._hand
        held = {tile: 0 for tile in TILES}
        for tile in hand.all_tiles:
            held[tile] += 1
        playable = set(_tile_set(self.rules))
        for tile, button in self.buttons.items():
            button.disabled = tile not in playable or held[tile] >= 4
        complete = hand.size == COMPLETE
        for control in (self.win, *self.conditions.values()):
            control.disabled = not complete
        self.result, self.payments = None, {}
        if complete:
            self._show_complete()
        elif hand.size == COMPLETE - 1:
            self.readout.value = hand_html(hand) + _waits_hint(hand, self.rules)
        else:
            self.readout.value = hand_html(hand) + _size_hint(hand.size)

    def _show_complete(self) -> None:
        hand, win = self._hand, self._win
        if win is None:
            self.readout.value = hand_html(hand)
            raise ValueError("choose the winning tile among the concealed tiles")
        conditions = {key: toggle.value for key, toggle in self.conditions.items()}
        try:
            result = score(
                hand,
                win=win,
                seat_wind=self.seat_wind.value,
                round_wind=self.round_wind.value,
                rules=self.rules,
                **conditions,
            )
        except ValueError:
            self.readout.value = hand_html(hand, win=win) + _verdict(
                "The win conditions contradict each other; fix them to score the hand.", _BAD
            )
            raise
        self.result = result
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
                _seat_label(seat) + (" <b>winner</b>" if seat == self.seat else ""),
                [self.payments["discard"][seat], self.payments["self_draw"][seat]],
            )
            for seat in range(rules.players)
        ]
        others = "the other player" if rules.players == 2 else "each of the other three"
        name = "golden (two-player)" if rules.players == 2 else table.name
        how = "self-drawn" if self_drawn else "won on a discard"
        return (
            f"<div class='kit-payments' style='{_BOX}'>"
            f"<b>What a {fan}-fan win pays at the {html.escape(name)} table</b> (§3.3)"
            f"<div>Won on a discard: the discarder alone pays <b>{table.discard(fan)}</b>. "
            f"Self-drawn: {others} pays <b>{table.self_draw(fan)}</b>.</div>"
            + _seat_table("kit-payout-table", columns, rows)
            + f"<div style='{_MUTED};font-size:0.9em'>This hand is {how}. A self-drawn win also "
            "scores the self-drawn fan: switch “self-drawn” on or off to compare.</div></div>"
        )


def _minimum_html(result: Score) -> str:
    """Whether a scored hand reaches the minimum, or how many fan it lacks (§3.1)."""
    rules = result.rules
    if result.reading is None:
        return _verdict(
            "A winning hand is four groups and a pair, or thirteen orphans "
            "(seven pairs does not win here).",
            _BAD,
            "kit-minimum",
        )
    if result.wins:
        extra = " (a limit hand scores the cap)" if result.limit else ""
        return _verdict(
            f"✓ {result.fan} fan reaches the {rules.min_fan}-fan minimum{extra}: a legal win.",
            _GOOD,
            "kit-minimum",
        )
    lacks = rules.min_fan - result.fan
    return _verdict(
        f"✗ {result.fan} fan: it lacks {lacks} fan to reach the {rules.min_fan}-fan minimum, so it is not a win.",
        _BAD,
        "kit-minimum",
    )


def _size_hint(size: int) -> str:
    if size == 0:
        return _verdict("Click tiles above to start a hand.", "#555")
    need = COMPLETE - 1 - size
    return _verdict(
        f"{_plural(size, 'tile')} (kongs count as three). Add {need} more to see what the hand "
        f"waits on, or {need + 1} more to score a win.",
        "#555",
    )


def _not_ready(hand: Hand) -> str:
    """Why no tile completes a 13-tile hand."""
    away = shanten(hand, forms=FORMS)
    if away == 0:
        return "Every tile this hand waits on is already in it four times: nothing completes it."
    return (
        f"Not ready: {_plural(away, 'tile')} away from waiting; no single tile completes it "
        "(seven pairs does not win here)."
    )


def _waits_hint(hand: Hand, rules: Rules) -> str:
    playable = set(_tile_set(rules))
    found = [t for t in waits(hand, forms=FORMS) if t in playable]
    if not found:
        return _verdict(f"13 tiles. {_not_ready(hand)}", "#555")
    tiles = "".join(tile_svg(tile, width=26) for tile in found)
    return _verdict(
        f"13 tiles, waiting on {_plural(len(found), 'tile')}: add the winning tile to score "
        f"the win.<div style='display:flex;gap:2px;margin-top:4px'>{tiles}</div>",
        "#222",
    )


# --- What does this hand need? ---------------------------------------------------------------


@dataclass(frozen=True)
class Wait:
    """One tile a waiting hand needs, and what the win on it would score both ways."""

    tile: Tile
    discard: Score
    """The hand won on this tile from another player's discard."""
    self_drawn: Score
    """The hand won on this tile drawn from the wall."""

    @property
    def legal(self) -> bool:
        """Does it reach the minimum at least one way?"""
        return self.discard.wins or self.self_drawn.wins


def hand_waits(
    hand: Hand, rules: Rules = Rules(), *, seat_wind: str = "E", round_wind: str = "E"
) -> list[Wait]:
    """Every wait of a 13-tile hand (kongs as three), scored as a discard win and a self-draw.

    >>> found = hand_waits(Hand.parse("123m456p789s22z55z"))
    >>> [(str(x.tile), x.discard.fan, x.self_drawn.fan, x.legal) for x in found]
    [('2z', 1, 2, False), ('5z', 2, 3, True)]
    """
    playable = set(_tile_set(rules))
    found = []
    for tile in waits(hand, forms=FORMS):
        if tile not in playable:
            continue
        grown = hand.with_tile(tile)
        found.append(
            Wait(
                tile,
                score(grown, win=tile, seat_wind=seat_wind, round_wind=round_wind, rules=rules),
                score(
                    grown,
                    win=tile,
                    self_drawn=True,
                    seat_wind=seat_wind,
                    round_wind=round_wind,
                    rules=rules,
                ),
            )
        )
    return found


class WhatDoesThisHandNeed(w.VBox):  # type: ignore[misc]
    """Type a 13-tile hand and see the tiles it waits on, split by whether they reach 3 fan.

    Each wait shows its fan as a win on a discard and as a self-draw (§3.1–3.2).

    >>> needs = WhatDoesThisHandNeed(hand="123m456p789s22z55z")
    >>> [str(x.tile) for x in needs.legal], [str(x.tile) for x in needs.short]
    (['5z'], ['2z'])
    """

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self._hand = Hand()
        self.waits: list[Wait] = []
        self.error = ErrorLine()
        self.text = _classed(
            w.Text(
                placeholder="a 13-tile hand, e.g. 123m456m789m1m[555z], then Enter",
                description="Hand",
                continuous_update=False,
                layout=w.Layout(width="520px"),
            ),
            "kit-hand-text",
        )
        self.text.observe(lambda change: self._set_text(change["new"]), "value")
        small = w.Layout(width="200px")
        self.seat_wind = _classed(
            w.Dropdown(
                options=[(WIND_LABELS[x], x) for x in WIND_ORDER[: rules.players]],
                value="E",
                description="Seat wind",
                layout=small,
            ),
            "kit-seat-wind",
        )
        self.round_wind = _classed(
            w.Dropdown(
                options=[(WIND_LABELS[x], x) for x in WIND_ORDER],
                value="E",
                description="Round wind",
                layout=small,
            ),
            "kit-round-wind",
        )
        for control in (self.seat_wind, self.round_wind):
            control.observe(lambda _: self.update(), "value")
        self.readout = _classed(w.HTML(), "kit-readout")
        super().__init__(
            [
                heading("What does this hand need? Its waits, and which of them reach 3 fan"),
                w.HBox([self.text]),
                w.HBox([self.seat_wind, self.round_wind]),
                self.error,
                self.readout,
            ]
        )
        self.add_class("kit-hk-needs")
        waits(Hand.parse("1112345678999p"), FORMS)  # load the hand tables now
        self._show()
        if hand:
            self._set_text(hand)

    @property
    def hand(self) -> Hand:
        return self._hand

    @property
    def value(self) -> str:
        """The hand in tile notation; setting it parses strictly (§0)."""
        return self._hand.notation()

    @value.setter
    def value(self, text: str) -> None:
        self._set_text(text)

    @property
    def legal(self) -> list[Wait]:
        """The waits that reach the minimum, on a discard or self-drawn."""
        return [x for x in self.waits if x.legal]

    @property
    def short(self) -> list[Wait]:
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
                else f"This hand has {_plural(hand.size, 'tile')} (kongs count as three). "
                "Waits are the tiles a hand of 13 needs: "
                + (f"take {hand.size - 13} out." if hand.size > 13 else f"add {13 - hand.size}.")
            )
            self.readout.value = (hand_html(hand) if hand.size else "") + _verdict(message, "#555")
            return
        self.waits = hand_waits(
            hand, self.rules, seat_wind=self.seat_wind.value, round_wind=self.round_wind.value
        )
        if self.waits:
            self.readout.value = hand_html(hand) + _needs_html(self.waits, self.rules)
        else:
            self.readout.value = hand_html(hand) + _verdict(_not_ready(hand), "#555")


def _fan_cell(result: Score) -> str:
    """A wait's fan one way: the total, whether it is enough, and the patterns that make it."""
    rules = result.rules
    if result.wins:
        verdict = f"<b style='color:{_GOOD}'>{result.fan} fan ✓</b>"
    else:
        lacks = rules.min_fan - result.fan
        verdict = f"<b style='color:{_BAD}'>{result.fan} fan ✗</b> (lacks {lacks})"
    if result.title is not None:  # a limit hand scores the cap, whatever else it holds
        terms = result.title[1]
    else:
        terms = " + ".join(f"{english} {fan}" for english, _, fan in result.pattern_rows)
        if result.raw_fan > result.fan:
            terms += f" = {result.raw_fan}, capped at {rules.fan_cap}"
    return (
        f"<td style='{_CELL};text-align:left'>{verdict}"
        f"<div style='{_MUTED};font-size:0.85em'>{html.escape(terms or 'no fan')}</div></td>"
    )


def _waits_table(css_class: str, title: str, group: Sequence[Wait], empty: str) -> str:
    """One group of waits: each tile's picture and its fan on a discard and self-drawn."""
    if not group:
        rows = f"<tr><td colspan='3' style='{_CELL};text-align:left;{_MUTED}'>{empty}</td></tr>"
    else:
        rows = "".join(
            f"<tr class='kit-wait' data-tile='{x.tile}'>"
            f"<td style='{_CELL};text-align:center'>{tile_svg(x.tile, width=34)}</td>"
            f"{_fan_cell(x.discard)}{_fan_cell(x.self_drawn)}</tr>"
            for x in group
        )
    head = "".join(
        f"<th style='{_CELL};text-align:left;color:#555'>{name}</th>"
        for name in ("Wait", "won on a discard", "self-drawn")
    )
    return (
        f"<div class='{css_class}' style='margin:8px 0'><b>{html.escape(title)}</b>"
        "<table style='border-collapse:collapse;font-size:13px;margin-top:4px'>"
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
    )


def _needs_html(found: Sequence[Wait], rules: Rules) -> str:
    legal = [x for x in found if x.legal]
    short = [x for x in found if not x.legal]
    return (
        _verdict(
            f"Waiting on {_plural(len(found), 'tile')}: {len(legal)} reach the "
            f"{rules.min_fan}-fan minimum (on a discard or self-drawn), {len(short)} do not.",
            "#222",
        )
        + _waits_table(
            "kit-waits-legal",
            f"Legal (≥ {rules.min_fan} fan)",
            legal,
            "none: every wait falls short of the minimum",
        )
        + _waits_table("kit-waits-short", "Not enough fan", short, "none: every wait is legal")
    )


# --- Payment table editor -----------------------------------------------------------------

Which = Literal["table", "golden"]
FANS = tuple(range(3, 11))
"""The fan a payment table covers by default: the 3-fan minimum to the 10-fan cap (§3.3)."""


class TableEditor(w.VBox):  # type: ignore[misc]
    """Edit the payment table (or the two-player Golden table) in the page and see what it pays.

    Every change rebuilds the :class:`~kit.hongkong.rules.Rules` from the grid; a bad value
    (a negative payment, a missing fan) shows why and keeps the last valid table (§3.3–3.5).

    >>> editor = TableEditor()
    >>> editor.cells[(5, "discard")].value = 50
    >>> editor.rules.table.discard(5), editor.payouts_at()["discard"]
    (50, [50, -50, 0, 0])
    >>> editor.cells[(5, "discard")].value = -1
    >>> editor.rules.table.discard(5), "negative" in editor.error.value
    (50, True)
    """

    COLUMNS = ("discard", "self_draw")

    def __init__(self) -> None:
        self.error = ErrorLine()
        self._syncing = False
        self.tables: dict[Which, PaymentTable] = {"table": PRESETS["half-spicy"], "golden": GOLDEN}
        """The last valid table of each kind."""
        self.which = _classed(
            w.ToggleButtons(
                options=[
                    ("payment table (4 players)", "table"),
                    ("Golden table (2 players)", "golden"),
                ],
                value="table",
                style={"button_width": "200px"},
            ),
            "kit-table-choice",
        )
        self.which.observe(lambda _: self._switch(), "value")
        self.cells = {
            (fan, column): _classed(
                w.IntText(value=0, layout=w.Layout(width="90px")),
                f"kit-cell-{fan}-{column.replace('_', '-')}",
            )
            for fan in FANS
            for column in self.COLUMNS
        }
        for cell in self.cells.values():
            cell.observe(lambda _: self._edited(), "value")
        self._headings = [w.HTML(), w.HTML()]
        grid = w.GridBox(
            [w.HTML("<b>fan</b>"), *self._headings]
            + [
                item
                for fan in FANS
                for item in (
                    w.HTML(f"<div style='text-align:center'>{fan}</div>"),
                    self.cells[(fan, "discard")],
                    self.cells[(fan, "self_draw")],
                )
            ],
            layout=w.Layout(grid_template_columns="40px 210px 220px", grid_gap="2px 8px"),
        )
        grid.add_class("kit-table-grid")
        self.resets: dict[str, w.Button] = {}
        for name in (*PRESETS, "golden"):
            button = _classed(
                w.Button(
                    description=f"reset to {name}", icon="undo", layout=w.Layout(width="auto")
                ),
                f"kit-reset-{name}",
            )
            button.on_click(lambda _, name=name: self.reset(name))
            self.resets[name] = button
        self.fan = _classed(
            w.Dropdown(
                options=list(FANS),
                value=5,
                description="Payouts at",
                layout=w.Layout(width="170px"),
            ),
            "kit-editor-fan",
        )
        self.fan.observe(lambda _: self._show(), "value")
        self.payouts = _classed(w.HTML(), "kit-editor-payouts")
        self.curve = chart("kit-payment-curve")
        self.compare = chart("kit-payment-compare")
        super().__init__(
            [
                heading("Edit a payment table"),
                _note(
                    "The kit's default, half-spicy, stands in for the rule page's table, whose "
                    "numbers were published as an image; the Golden table likewise. Type the "
                    "real values in to use them."
                ),
                self.which,
                w.HBox(
                    [
                        w.VBox(
                            [
                                grid,
                                w.HBox(
                                    list(self.resets.values()), layout=w.Layout(flex_flow="wrap")
                                ),
                            ],
                            layout=w.Layout(width="440px", margin="0 18px 0 0"),
                        ),
                        w.VBox([self.fan, self.payouts]),
                    ]
                ),
                self.error,
                self.curve,
                self.compare,
            ]
        )
        self.add_class("kit-hk-table-editor")
        self._load()
        self._show()

    @property
    def kind(self) -> Which:
        kind: Which = self.which.value
        return kind

    @property
    def rules(self) -> Rules:
        """The rules with the last valid tables; two players when the Golden table is edited."""
        return Rules(
            players=2 if self.kind == "golden" else 4,
            table=self.tables["table"],
            golden=self.tables["golden"],
        )

    @property
    def value(self) -> pd.DataFrame:
        """The table being edited, as a DataFrame indexed by fan; setting it checks it first."""
        return self.tables[self.kind].to_frame()

    @value.setter
    def value(self, frame: pd.DataFrame) -> None:
        self._set_frame(frame)

    def payouts_at(self, fan: int | None = None) -> dict[str, list[int]]:
        """Each seat's net for a win by seat 0 at ``fan``: on seat 1's discard, and self-drawn."""
        fan = self.fan.value if fan is None else fan
        rules = self.rules
        return {
            "discard": payout(fan, winner=0, discarder=1, rules=rules),
            "self_draw": payout(fan, winner=0, rules=rules),
        }

    @guarded
    def reset(self, name: str) -> None:
        """Put a preset's values into the table being edited."""
        table = GOLDEN if name == "golden" else PRESETS[name]
        self._set_frame(table.to_frame())

    @guarded
    def _set_frame(self, frame: pd.DataFrame) -> None:
        self._accept(frame)
        self._load()
        self._show()

    @guarded
    def _edited(self) -> None:
        if self._syncing:
            return
        frame = pd.DataFrame(
            {column: [self.cells[(fan, column)].value for fan in FANS] for column in self.COLUMNS},
            index=pd.Index(FANS, name="fan"),
        )
        self._accept(frame)
        self._show()

    def _accept(self, frame: pd.DataFrame) -> None:
        """Check ``frame`` as the rules do; only a valid table replaces the last one."""
        table = PaymentTable.from_frame(frame, name=f"edited {self.kind}")
        if self.kind == "golden":
            self.tables["golden"] = Rules(players=2, golden=table).golden
        else:
            self.tables["table"] = Rules(table=table).table

    @guarded
    def _switch(self) -> None:
        self._load()
        self._show()

    def _load(self) -> None:
        """Show the last valid table of the kind chosen in the grid."""
        table = self.tables[self.kind]
        self._syncing = True
        try:
            for fan in FANS:
                self.cells[(fan, "discard")].value = table.discard(fan)
                self.cells[(fan, "self_draw")].value = table.self_draw(fan)
        finally:
            self._syncing = False
        golden = self.kind == "golden"
        self._headings[0].value = (
            "<b>opponent pays on a discard</b>" if golden else "<b>discarder pays</b>"
        )
        self._headings[1].value = (
            "<b>opponent pays on a self-draw</b>" if golden else "<b>each pays on a self-draw</b>"
        )

    def _show(self) -> None:
        rules, fan = self.rules, self.fan.value
        nets = self.payouts_at(fan)
        table = self.tables[self.kind]
        columns = ["won on seat 1's discard", "self-drawn"]
        rows = [
            (
                _seat_label(seat) + (" <b>winner</b>" if seat == 0 else ""),
                [nets["discard"][seat], nets["self_draw"][seat]],
            )
            for seat in range(rules.players)
        ]
        label = "Golden table, 2 players" if self.kind == "golden" else "payment table, 4 players"
        self.payouts.value = (
            f"<div style='{_BOX}'><b>Seat 0 wins a {fan}-fan hand ({label})</b>"
            f"<div>On a discard the discarder pays <b>{table.discard(fan)}</b>; self-drawn, "
            f"{'the opponent' if rules.players == 2 else 'each other player'} pays "
            f"<b>{table.self_draw(fan)}</b>.</div>"
            + _seat_table("kit-payout-table", columns, rows)
            + "</div>"
        )
        edited = "edited Golden table" if self.kind == "golden" else "edited table"
        redraw(
            self.curve,
            plots.payment_curve({edited: table}, title=f"What the {edited} pays, fan by fan"),
        )
        redraw(
            self.compare,
            plots.payment_curve(
                {
                    edited: table,
                    "half-spicy": PRESETS["half-spicy"],
                    "full-spicy": PRESETS["full-spicy"],
                },
                title="Half-spicy vs full-spicy, and the edited table (log scale)",
                log=True,
            ),
        )


# --- Pao explorer -------------------------------------------------------------------------

Ending = Literal["self-drawn", "discard"]
WINNER, LIABLE, THIRD = 2, 0, 3
"""The scenario's seats: seat 2 wins, seat 0 feeds its fourth group, seat 3 discards late."""


def _tiles(text: str) -> list[Tile]:
    return list(Hand.parse(text).concealed)


def pao_table(rules: Rules = Rules()) -> Table:
    """The scenario's table: seat 2 (West) shows three exposed groups, seat 0 is to discard.

    The tiles are chosen by hand; the wall holds the rest of the 136, in an order that
    makes the next draws 1s (seat 3), 7z (seat 0), 6s (seat 1) and 9p (seat 2).

    >>> table = pao_table()
    >>> table.tiles_in_play(), table.turn, [str(m) for m in table.melds[2]]
    (136, 0, ['[555z]', '[111p]', '[789p]'])
    """
    hands = [
        _tiles("3p 147m 258s 9s 1234z 67z"),
        _tiles("258m 147s 26p 1234z 7z"),
        _tiles("33p 6m 9p"),
        _tiles("9p 39m 38s 58p 1234z 67z"),
    ]
    melds = [[], [], [Meld(MeldKind.PUNG, Tile.parse(t)) for t in ("5z", "1p")], []]
    melds[WINNER].append(Meld(MeldKind.CHOW, Tile.parse("7p")))
    earlier = [("9m", 1), ("1s", 2), ("8m", 3), ("4p", 0), ("2z", 1), ("5m", 3)]
    discards = [(Tile.parse(t), seat) for t, seat in earlier]
    draws = [Tile.parse(t) for t in ("1s", "7z", "6s", "9p")]  # for seats 3, 0, 1, 2
    rest = wall(rules)
    for tile in [
        *(t for hand in hands for t in hand),
        *(t for group in melds for m in group for t in m.tiles),
        *(t for t, _ in discards),
        *draws,
    ]:
        rest.remove(tile)
    return Table(
        wall=[*rest, *reversed(draws)],
        concealed=[sorted(hand) for hand in hands],
        melds=melds,
        dealer=0,
        turn=0,
        discards=discards,
        turns=14,
        drawn=Tile.parse("3p"),
        rules=rules,
        net=[0] * rules.players,
    )


@dataclass(frozen=True)
class Step:
    """One step of the scenario: the actions it applies, then what happened, in words."""

    actions: tuple[Action, ...]
    explain: Callable[[Table], str]


def _start(table: Table) -> str:
    groups = ", ".join(str(m) for m in table.melds[WINNER])
    return (
        f"Seat {WINNER} (West) has three exposed groups: {groups} (a White dragon pung, a pung "
        f"of 1 dots and a chow of 7-8-9 dots). One more claimed group would be its fourth. "
        f"Seat {LIABLE} (East) has just drawn and must discard."
    )


def _fed(table: Table) -> str:
    return (
        f"Seat {LIABLE} discards 3 dots. Seat {WINNER} holds two 3 dots, so it may pung it: "
        "the engine offers the claim."
    )


def _pung(table: Table) -> str:
    pao = table.liabilities.get(WINNER)
    if pao is None:
        return f"Seat {WINNER} pungs the 3 dots; no liability arises."
    return (
        f"Seat {WINNER} pungs the 3 dots: its {pao.reason}. Seat {pao.liable} fed that claim, "
        f"so the engine makes seat {pao.liable} liable (pao, 包) for seat {WINNER}'s win "
        "(§3.3). If seat 2 wins this deal, seat 0 pays the whole amount."
    )


def _waiting(table: Table) -> str:
    return (
        f"Seat {WINNER} discards 6 characters. It has one tile left, 9 dots, and waits on "
        "the other 9 dots to make its pair: a half flush with a dragon pung."
    )


def _round(table: Table) -> str:
    return (
        "Seats 3, 0 and 1 each draw and discard; nobody can claim. "
        f"Seat {WINNER} draws 9 dots: its winning tile."
    )


def _third(table: Table) -> str:
    return f"Seat {THIRD} draws, then discards 9 dots: seat {WINNER}'s winning tile."


def _won(table: Table) -> str:
    win = table.wins[0]
    pao = table.liabilities.get(win.seat)
    liable = pao.liable if pao is not None and table.rules.pao else None
    if win.discarder is None:
        how = "self-drawn"
        usual = f"each of the other three would pay {table.rules.payments.self_draw(win.score.fan)}"
    else:
        how = f"on seat {win.discarder}'s discard"
        usual = f"seat {win.discarder}, the discarder, would pay it"
    paid = -table.net[liable] if liable is not None else 0
    return (
        f"Seat {win.seat} wins, {how}: {win.score.breakdown}. Without pao {usual}; "
        f"with pao, seat {liable} pays all of it, {paid}, and nobody else pays."
    )


class PaoExplorer(w.VBox):  # type: ignore[misc]
    """Step through a scripted deal in which one discard makes a player liable (pao, §3.3).

    The table is built tile by tile and every step applies real actions, so the engine
    itself decides the liability and the payments.

    >>> explorer = PaoExplorer()
    >>> explorer.last()
    >>> explorer.table.net, explorer.without_pao
    ([-72, 0, 72, 0], [-24, -24, 72, -24])
    >>> explorer.ending.value = "discard"
    >>> explorer.table.net, explorer.without_pao
    ([-32, 0, 32, 0], [0, 0, 32, -32])
    """

    def __init__(self, rules: Rules = Rules()) -> None:
        self.rules = rules
        self.error = ErrorLine()
        self.step = 0
        self.table = pao_table(rules)
        self.with_pao: list[int] = []
        self.without_pao: list[int] = []
        self.ending = _classed(
            w.ToggleButtons(
                options=[
                    ("seat 2 wins self-drawn", "self-drawn"),
                    ("seat 2 wins on seat 3's discard", "discard"),
                ],
                value="self-drawn",
                style={"button_width": "220px"},
            ),
            "kit-pao-ending",
        )
        self.ending.observe(lambda _: self.go(min(self.step, len(self.steps) - 1)), "value")
        self.back = _classed(w.Button(description="Back", icon="arrow-left"), "kit-pao-back")
        self.back.on_click(lambda _: self.go(self.step - 1))
        self.next = _classed(
            w.Button(description="Next", icon="arrow-right", button_style="primary"),
            "kit-pao-next",
        )
        self.next.on_click(lambda _: self.go(self.step + 1))
        self.counter = _classed(w.HTML(), "kit-pao-step")
        self.explanation = _classed(w.HTML(), "kit-pao-explanation")
        self.view = _classed(w.HTML(), "kit-pao-table")
        self.payments = _classed(w.HTML(), "kit-pao-payments")
        self.chart = chart("kit-pao-chart")
        self._chart_box = w.Box([self.chart])
        super().__init__(
            [
                heading("Pao (包): who pays when one discard fed the winner's fourth group"),
                self.ending,
                w.HBox([self.back, self.next, self.counter]),
                self.error,
                self.explanation,
                self.view,
                self.payments,
                self._chart_box,
            ]
        )
        self.add_class("kit-hk-pao")
        self.go(0)

    @property
    def steps(self) -> list[Step]:
        """The scenario for the ending chosen, step by step."""
        common = [
            Step((), _start),
            Step((Discard(LIABLE, Tile.parse("3p")),), _fed),
            Step((Pung(WINNER),), _pung),
            Step((Discard(WINNER, Tile.parse("6m")),), _waiting),
        ]
        if self.ending.value == "self-drawn":
            return [
                *common,
                Step(
                    tuple(
                        Discard(seat, Tile.parse(t))
                        for seat, t in ((3, "1s"), (0, "7z"), (1, "6s"))
                    ),
                    _round,
                ),
                Step((Hu(WINNER),), _won),
            ]
        return [
            *common,
            Step((Discard(THIRD, Tile.parse("9p")),), _third),
            Step((Hu(WINNER),), _won),
        ]

    def last(self) -> None:
        """Go to the end of the scenario."""
        self.go(len(self.steps) - 1)

    @guarded
    def go(self, step: int) -> None:
        """Show step ``step``: replay the scenario from its first tile up to it."""
        steps = self.steps
        step = max(0, min(step, len(steps) - 1))
        table = pao_table(self.rules)
        for done in steps[1 : step + 1]:
            for action in done.actions:
                table.apply(action)
        self.table, self.step = table, step
        self.back.disabled = step == 0
        self.next.disabled = step == len(steps) - 1
        self.counter.value = (
            f"<div style='{_MUTED};margin:6px'>Step {step + 1} of {len(steps)}</div>"
        )
        self.explanation.value = (
            f"<div style='{_BOX};font-size:1.05em'>{html.escape(steps[step].explain(table))}</div>"
        )
        self.view.value = table_html(table)
        self._show_payments()

    def _show_payments(self) -> None:
        table = self.table
        if not table.wins:
            self.with_pao, self.without_pao = [], []
            self.payments.value = (
                f"<div style='{_MUTED}'>Who pays shows here once seat {WINNER} wins.</div>"
            )
            self._chart_box.layout.display = "none"
            return
        win = table.wins[0]
        pao = table.liabilities.get(win.seat)
        fan = win.score.fan
        self.with_pao = payout(
            fan,
            winner=win.seat,
            discarder=win.discarder,
            liable=pao.liable if pao else None,
            rules=self.rules,
        )
        self.without_pao = payout(
            fan, winner=win.seat, discarder=win.discarder, rules=replace(self.rules, pao=False)
        )
        rows = [
            (_seat_label(seat), [self.with_pao[seat], self.without_pao[seat]])
            for seat in range(self.rules.players)
        ]
        self.payments.value = (
            f"<div style='{_BOX}'><b>Who pays for seat {win.seat}'s {fan}-fan win</b>"
            + _seat_table("kit-pao-ledger", ["with pao", "without pao"], rows)
            + "</div>"
        )
        self._chart_box.layout.display = ""
        figure = plots.nets_bar(
            {"with pao": self.with_pao, "without pao (pao=False)": self.without_pao},
            title=f"Net per seat: seat {win.seat}'s win with and without pao",
        )
        figure.update_layout(yaxis_title="net payment")
        redraw(self.chart, figure)
