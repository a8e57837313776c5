"""Sichuan blood-battle apps: hand builder, payout explorer, simulation panel (RULES.md §2).

Each app holds state and calls the rules in :mod:`kit.sichuan`; the pictures
come from :mod:`kit.render` and the charts from :mod:`kit.plots`. Every one
can be driven in plain Python by setting values and clicking, as the tests do.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.hands import shanten, waits
from kit.render import deal_html, hand_html, score_html, tile_svg
from kit.sichuan.bots import BOTS
from kit.sichuan.fan import Score, parse_hand, score
from kit.sichuan.rules import FORMS, PLAYERS, Rules, SelfDrawBonus
from kit.sichuan.settle import Deal
from kit.sichuan.sim import simulate
from kit.tiles import TILES, Hand, Meld, MeldKind, Tile
from kit.widgets.common import ErrorLine, chart, guarded, heading, redraw

__all__ = ["HandBuilder", "PayoutExplorer", "SimulationPanel"]

SUITS = ("m", "p", "s")
SUIT_LABELS = {"m": "characters 万 (m)", "p": "dots 筒 (p)", "s": "bamboo 条 (s)"}
SUIT_COLOURS = {"m": "#b71c1c", "p": "#1d4f9c", "s": "#18793a"}
"""Button colours, after the ink of each suit's tiles."""
SICHUAN_KINDS: tuple[Tile, ...] = tuple(tile for tile in TILES if not tile.is_honour)
"""The 27 tile kinds of the game (§2.1)."""
COMPLETE = 14
"""A complete hand's size, kongs counting as three (§0)."""
"""The winning forms of Sichuan (§2.1): four groups and a pair, or seven pairs."""
FAN_CAPS = (3, 4, 5, 6)
SELF_DRAW_BONUSES: tuple[SelfDrawBonus, ...] = ("base", "fan", "none")

_MUTED = "color:#555"
_BOX = "border:1px solid #ddd;border-radius:6px;padding:8px 12px;margin:6px 0;background:#fcfcfc"


def _note(text: str) -> w.HTML:
    return w.HTML(f"<div style='{_MUTED};font-size:0.92em'>{text}</div>")


def _classed(widget: Any, css_class: str) -> Any:
    widget.add_class(css_class)
    return widget


# --- Hand builder ---------------------------------------------------------------------------

AddMode = Literal["concealed", "exposed pung", "exposed kong", "concealed kong"]
ADD_MODES: tuple[AddMode, ...] = ("concealed", "exposed pung", "exposed kong", "concealed kong")
CONDITIONS = {
    "self_drawn": ("self-drawn 自摸", "The winning tile was drawn from the wall"),
    "kong_replacement": ("kong replacement 杠上开花", "Won on a kong's replacement tile"),
    "shot_after_kong": ("shot after a kong 杠上炮", "Won on a tile discarded right after a kong"),
    "robbing_kong": ("robbing a kong 抢杠胡", "Won on the tile another player added to a pung"),
    "last_tile": ("last tile 海底", "Won on the last wall tile, or the discard right after it"),
}
"""The win conditions :func:`kit.sichuan.fan.score` takes: label and tooltip."""


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


def _grown(hand: Hand, tile: Tile, mode: AddMode) -> Hand:
    """The hand with ``tile`` added the way ``mode`` says; raises if that makes no valid hand."""
    copies = {"concealed": 1, "exposed pung": 3, "exposed kong": 4, "concealed kong": 4}[mode]
    held = sum(1 for t in hand.all_tiles if t == tile)
    if held + copies > 4:
        what = "another" if copies == 1 else f"{copies} more"
        raise ValueError(
            f"there are only four {tile}; the hand holds {held}, so {what} cannot be added"
        )
    if mode == "concealed":
        grown = hand.with_tile(tile)
    else:
        kind = MeldKind.PUNG if mode == "exposed pung" else MeldKind.KONG
        grown = Hand(hand.concealed, (*hand.melds, Meld(kind, tile, mode == "concealed kong")))
    if grown.size > COMPLETE:
        raise ValueError(
            f"that makes {grown.size} tiles (kongs count as three); a hand holds at most 14"
        )
    return grown


class HandBuilder(w.VBox):  # type: ignore[misc]
    """Build a Sichuan hand by clicking tiles (or typing it) and read what it is worth (§2.2).

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

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self._hand = Hand()
        self._win: Tile | None = None
        self._history: list[tuple[Hand, Tile | None]] = []
        self._syncing = False
        self.result: Score | None = None
        """The last score of a complete hand (None while the hand is not complete)."""
        self.waits: list[tuple[Tile, Score]] = []
        """For a 13-tile hand: each wait and its score as a win on a discard."""
        self.error = ErrorLine()
        self.buttons = {tile: tile_button(tile, self.add) for tile in SICHUAN_KINDS}
        palette = w.GridBox(
            list(self.buttons.values()),
            layout=w.Layout(grid_template_columns="repeat(9, 76px)", grid_gap="3px"),
        )
        self.add_mode = _classed(
            w.ToggleButtons(
                options=list(ADD_MODES),
                value="concealed",
                description="Add a click as",
                style={"button_width": "128px", "description_width": "initial"},
                tooltips=[
                    "one tile into the concealed hand",
                    "a claimed pung, shown [555p]",
                    "a claimed kong, shown [5555p]",
                    "a kong declared from the hand, shown (5555p)",
                ],
            ),
            "kit-add-mode",
        )
        self.text = _classed(
            w.Text(
                placeholder="or type a hand, e.g. 11223344556677p or 234m [555p] (7777s) 99m",
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
        self.void = _classed(
            w.Dropdown(
                options=[("none named", "none")] + [(SUIT_LABELS[s], s) for s in SUITS],
                value="none",
                description="Void 定缺",
                layout=w.Layout(width="250px"),
            ),
            "kit-void",
        )
        self.win = _classed(
            w.Dropdown(options=[], description="Winning tile", layout=w.Layout(width="220px")),
            "kit-win-tile",
        )
        self.conditions = {
            key: _classed(
                w.ToggleButton(
                    value=False,
                    description=label,
                    tooltip=tip,
                    layout=w.Layout(width="auto"),
                ),
                f"kit-condition-{key.replace('_', '-')}",
            )
            for key, (label, tip) in CONDITIONS.items()
        }
        self.fan_cap = _classed(
            w.Dropdown(
                options=list(FAN_CAPS),
                value=rules.fan_cap,
                description="Fan cap",
                layout=w.Layout(width="150px"),
            ),
            "kit-fan-cap",
        )
        for control in (self.void, self.win, self.fan_cap, *self.conditions.values()):
            control.observe(lambda _: self.update(), "value")
        self.readout = _classed(w.HTML(), "kit-readout")
        super().__init__(
            [
                heading("Build a Sichuan hand: click tiles, or type the hand"),
                palette,
                self.add_mode,
                w.HBox([self.text, undo, clear]),
                w.HBox([self.void, self.fan_cap]),
                _note(
                    "How the hand was won: these count once the hand has 14 tiles "
                    "(a kong counts as three)."
                ),
                self.win,
                w.HBox(list(self.conditions.values()), layout=w.Layout(flex_flow="row wrap")),
                self.error,
                self.readout,
            ]
        )
        self.add_class("kit-sichuan-builder")
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

    @guarded
    def add(self, tile: Tile) -> None:
        """Add a tile the way the "add as" choice says (a concealed tile, a pung or a kong)."""
        mode: AddMode = self.add_mode.value
        win = tile if mode == "concealed" else self._win
        self._commit(_grown(self._hand, tile, mode), win)

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
        hand = parse_hand(text)
        if hand.size > COMPLETE:
            raise ValueError(f"{hand.size} tiles typed (kongs count as three); at most 14")
        if hand == self._hand:
            if self.text.value != hand.notation():
                self.text.value = hand.notation()
            return
        self._commit(hand, self._win)

    @guarded
    def update(self) -> None:
        """Recompute the readout from the controls (void, winning tile, conditions, cap)."""
        if self._syncing:
            return
        self.rules = replace(self.rules, fan_cap=self.fan_cap.value)
        self._win = Tile.parse(self.win.value) if self.win.value else None
        self._show()

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
        held = {tile: 0 for tile in SICHUAN_KINDS}
        for tile in hand.all_tiles:
            held[tile] += 1
        for tile, button in self.buttons.items():
            button.disabled = held[tile] >= 4
        complete = hand.size == COMPLETE
        for control in (self.win, *self.conditions.values()):
            control.disabled = not complete
        self.result, self.waits = None, []
        void = None if self.void.value == "none" else self.void.value
        if complete:
            self._show_complete(void)
        elif hand.size == COMPLETE - 1:
            self._show_waiting(void)
        else:
            self.readout.value = hand_html(hand) + _size_hint(hand.size)

    def _show_complete(self, void: str | None) -> None:
        hand, win = self._hand, self._win
        if win is None:  # a complete hand always keeps a concealed pair, but the menu may be empty
            self.readout.value = hand_html(hand)
            raise ValueError("choose the winning tile among the concealed tiles")
        conditions = {key: toggle.value for key, toggle in self.conditions.items()}
        try:
            result = score(hand, win=win, void=void, rules=self.rules, **conditions)
        except ValueError:
            self.readout.value = hand_html(hand, win=win) + _verdict(
                "These win conditions do not fit together or with this hand (see the message above).",
                "#b00020",
            )
            raise
        self.result = result
        self.readout.value = score_html(result) + _payment_html(result, conditions)

    def _show_waiting(self, void: str | None) -> None:
        hand = self._hand
        tiles = waits(hand, forms=FORMS)
        if not tiles:
            away = shanten(hand, forms=FORMS)
            self.readout.value = hand_html(hand) + _verdict(
                f"Not ready: {away} tile{'s' if away != 1 else ''} away from waiting "
                "(it needs more than one tile to win).",
                "#555",
            )
            return
        self.waits = [
            (tile, score(hand.with_tile(tile), win=tile, void=void, rules=self.rules))
            for tile in tiles
        ]
        self.readout.value = hand_html(hand) + _waits_html(self.waits)


def _verdict(text: str, colour: str, *, size: str = "1.05em") -> str:
    return (
        f"<div class='kit-verdict' style='color:{colour};font-size:{size};margin:6px 0'>"
        f"{text}</div>"
    )


def _size_hint(size: int) -> str:
    if size == 0:
        return _verdict("Click tiles above to start a hand.", "#555")
    need = COMPLETE - 1 - size
    return _verdict(
        f"{size} tile{'s' if size != 1 else ''} (kongs count as three). Add {need} more to see "
        f"what the hand waits on, or {need + 1} more to score a win.",
        "#555",
    )


def _payment_html(result: Score, conditions: dict[str, bool]) -> str:
    """Who pays what for a winning hand (§2.3)."""
    if not result.wins:
        return ""
    rules = result.rules
    if conditions["self_drawn"] or conditions["kong_replacement"]:
        each = rules.self_draw_payment(result.fan)
        paid = (
            f"Self-drawn: each player still in play pays <b>{each}</b> "
            f"(self-draw bonus “{rules.self_draw_bonus}”)."
        )
    else:
        paid = f"Won on a discard: the discarder alone pays <b>{result.value}</b>."
    return (
        f"<div class='kit-payment' style='{_BOX}'>Hand value: base {rules.base} × "
        f"2^min({result.fan}, cap {rules.fan_cap}) = <b>{result.value}</b>. {paid}</div>"
    )


def _waits_html(found: Sequence[tuple[Tile, Score]]) -> str:
    winning = [result for _, result in found if result.wins]
    cards = []
    for tile, result in found:
        if result.wins:
            text = (
                f"<b>{result.fan} fan</b><br>worth {result.value}"
                f"<br><span style='{_MUTED}'>{html.escape(result.name or '')}</span>"
            )
            style = "border:2px solid #33a02c;background:#f1f8ec"
        else:
            text = (
                f"<span style='color:#b00020'>no win:<br>{html.escape(result.reason or '')}</span>"
            )
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
        _verdict(summary + ".", "#222")
        + "<div class='kit-waits' style='display:flex;gap:6px;flex-wrap:wrap'>"
        + "".join(cards)
        + "</div>"
    )


# --- Rule sets, for the two apps that compare them ------------------------------------------

_RULE_STYLE = {"description_width": "110px"}


def rule_controls(prefix: str, *, switches: bool) -> dict[str, w.Widget]:
    """Controls for the payment rules of §2.6, keyed by their ``Rules`` field.

    Fan cap and self-draw bonus always; with ``switches``, also the kong money transfer and
    whether a flower pig pays winners. Each control has the class ``<prefix>-<field>``.
    """
    defaults = Rules()
    controls: dict[str, w.Widget] = {
        "fan_cap": w.Dropdown(
            options=list(FAN_CAPS), value=defaults.fan_cap, description="Fan cap"
        ),
        "self_draw_bonus": w.Dropdown(
            options=list(SELF_DRAW_BONUSES),
            value=defaults.self_draw_bonus,
            description="Self-draw bonus",
        ),
    }
    if switches:
        controls["kong_transfer"] = w.Checkbox(
            value=defaults.kong_transfer, description="kong money transfer 呼叫转移"
        )
        controls["pig_pays_winners"] = w.Checkbox(
            value=defaults.pig_pays_winners, description="flower pig pays winners too"
        )
    for key, control in controls.items():
        control.style = _RULE_STYLE
        control.layout = w.Layout(
            width="260px" if key in ("fan_cap", "self_draw_bonus") else "auto"
        )
        control.add_class(f"{prefix}-{key.replace('_', '-')}")
    return controls


# --- Payout explorer --------------------------------------------------------------------------

EventKind = Literal[
    "exposed kong", "added kong", "concealed kong", "win on discard", "self-drawn win", "wall empty"
]
EVENT_KINDS: tuple[EventKind, ...] = (
    "exposed kong", "added kong", "concealed kong", "win on discard", "self-drawn win", "wall empty",
)  # fmt: skip


class ScriptError(ValueError):
    """A bad line of an event script; the message names the line and the word."""


@dataclass(frozen=True)
class Event:
    """One event of a deal, as the payout explorer records it; :meth:`line` is its script line."""

    kind: EventKind
    player: int = 0
    discarder: int | None = None
    fan: int = 0
    after_kong: bool = False
    hands: tuple[tuple[int, str, str], ...] = ()
    """For the wall's end: (seat, hand, void) of each player still in play."""

    def line(self) -> str:
        """The event in script notation, e.g. ``win 1 fan 2 from 0 after-kong``."""
        if self.kind == "wall empty":
            return "wall " + " ".join(f"{seat}={hand}/{void}" for seat, hand, void in self.hands)
        if self.kind.endswith("kong"):
            kind = self.kind.split()[0]
            source = f" from {self.discarder}" if self.kind == "exposed kong" else ""
            return f"kong {self.player} {kind}{source}"
        if self.kind == "self-drawn win":
            return f"win {self.player} fan {self.fan} self"
        return f"win {self.player} fan {self.fan} from {self.discarder}" + (
            " after-kong" if self.after_kong else ""
        )

    def apply(self, deal: Deal) -> None:
        """Record this event in ``deal``; the deal raises ``ValueError`` if it is illegal."""
        if self.kind == "wall empty":
            deal.wall_empty(
                {seat: hand for seat, hand, _ in self.hands},
                {seat: void for seat, _, void in self.hands},
            )
        elif self.kind == "exposed kong":
            deal.kong(self.player, "exposed", discarder=self.discarder)
        elif self.kind == "added kong":
            deal.kong(self.player, "added")
        elif self.kind == "concealed kong":
            deal.kong(self.player, "concealed")
        elif self.kind == "self-drawn win":
            deal.win(self.player, fan=self.fan)
        else:
            deal.win(
                self.player, fan=self.fan, discarder=self.discarder, shot_after_kong=self.after_kong
            )


SCRIPT_HELP = (
    "One event per line: <code>kong 0 concealed</code>, <code>kong 1 added</code>, "
    "<code>kong 2 exposed from 1</code>, <code>win 1 fan 2 from 0</code> "
    "(add <code>after-kong</code> for a shot after a kong), <code>win 3 fan 1 self</code>, "
    "<code>wall 0=123m456m789m1122p/s 2=…/m</code> (each player still in play: "
    "seat=hand/void). Lines starting with # are comments."
)
_SEAT_WORD = re.compile(r"[0-9]+")
_KONG_KINDS: dict[str, EventKind] = {
    "concealed": "concealed kong",
    "added": "added kong",
    "exposed": "exposed kong",
}


def parse_script(text: str) -> list[tuple[int, Event]]:
    """Read an event script strictly: (line number, event) for each event line.

    >>> [(n, e.line()) for n, e in parse_script("kong 0 concealed\\n\\nwin 3 fan 1 self")]
    [(1, 'kong 0 concealed'), (3, 'win 3 fan 1 self')]
    >>> parse_script("win 1 fan two from 0")
    Traceback (most recent call last):
    ...
    kit.widgets.sichuan.ScriptError: line 1 ('win 1 fan two from 0'), word 4 'two': the fan is a whole number, such as 2
    """
    events = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            events.append((number, _LineParser(number, line).event()))
    return events


class _LineParser:
    """One script line, word by word; every complaint names the line and the word."""

    def __init__(self, number: int, line: str) -> None:
        self.number, self.line = number, line
        self.words = line.split()
        self.at = 0

    def fail(self, why: str, at: int | None = None) -> ScriptError:
        at = self.at if at is None else at
        if at >= len(self.words):
            return ScriptError(f"line {self.number} ({self.line!r}), at its end: {why}")
        word = self.words[at]
        return ScriptError(f"line {self.number} ({self.line!r}), word {at + 1} {word!r}: {why}")

    def next(self, expected: str) -> str:
        if self.at >= len(self.words):
            raise self.fail(f"the line stops here; expected {expected}")
        word = self.words[self.at]
        self.at += 1
        return word

    def keyword(self, *choices: str) -> str:
        word = self.next(" or ".join(repr(c) for c in choices))
        if word not in choices:
            raise self.fail(f"expected {' or '.join(repr(c) for c in choices)}", self.at - 1)
        return word

    def seat(self) -> int:
        word = self.next(f"a seat 0-{PLAYERS - 1}")
        if not _SEAT_WORD.fullmatch(word) or int(word) >= PLAYERS:
            raise self.fail(f"a seat is a number 0-{PLAYERS - 1}", self.at - 1)
        return int(word)

    def end(self) -> None:
        if self.at < len(self.words):
            raise self.fail("unexpected word; the event is complete before it")

    def event(self) -> Event:
        verb = self.keyword("kong", "win", "wall")
        if verb == "kong":
            player = self.seat()
            kind = self.keyword("concealed", "added", "exposed")
            discarder = None
            if kind == "exposed":
                self.keyword("from")
                discarder = self.seat()
            self.end()
            return Event(_KONG_KINDS[kind], player, discarder)
        if verb == "win":
            player = self.seat()
            self.keyword("fan")
            word = self.next("the fan, such as 2")
            if not word.isdigit():
                raise self.fail("the fan is a whole number, such as 2", self.at - 1)
            fan = int(word)
            if self.keyword("self", "from") == "self":
                self.end()
                return Event("self-drawn win", player, None, fan)
            discarder = self.seat()
            after = self.at < len(self.words) and self.keyword("after-kong") == "after-kong"
            self.end()
            return Event("win on discard", player, discarder, fan, after)
        hands: list[tuple[int, str, str]] = []
        if self.at >= len(self.words):
            raise self.fail("name each player still in play as seat=hand/void")
        while self.at < len(self.words):
            word = self.next("seat=hand/void")
            match = re.fullmatch(r"([0-9]+)=([^/=]+)/([^/=]*)", word)
            if match is None:
                raise self.fail("expected seat=hand/void, e.g. 0=123m456m789m1122p/s", self.at - 1)
            seat_text, hand_text, void = match.groups()
            if int(seat_text) >= PLAYERS:
                raise self.fail(f"a seat is a number 0-{PLAYERS - 1}", self.at - 1)
            if void not in SUITS:
                raise self.fail(f"the void after / is m, p or s, not {void!r}", self.at - 1)
            if any(seat == int(seat_text) for seat, _, _ in hands):
                raise self.fail(f"seat {seat_text} is named twice", self.at - 1)
            try:
                notation = parse_hand(hand_text).notation()
            except ValueError as error:
                raise self.fail(str(error), self.at - 1) from None
            hands.append((int(seat_text), notation, void))
        return Event("wall empty", hands=tuple(sorted(hands)))


def replay(events: Sequence[tuple[int, Event]], rules: Rules) -> Deal:
    """A fresh :class:`Deal` with every event recorded; an illegal one raises, naming its line."""
    deal = Deal(rules)
    for number, event in events:
        try:
            event.apply(deal)
        except ValueError as error:
            raise ValueError(f"line {number} ({event.line()}): {error}") from None
    return deal


_EXAMPLE_SCRIPT = "win 1 fan 1 from 0\nwin 3 fan 2 self"
"""RULES.md §2.3's worked example, after a first win: seats 0 and 2 are still in play."""
_WALL_EXAMPLES = (
    "123m456m789m1122p",
    "11p22p33p44p55p66p7p",
    "123456789s1199p",
    "147m258p369s1234p",
)


class PayoutExplorer(w.VBox):  # type: ignore[misc]
    """Record a deal's kongs and wins, and read its ledger under two rule sets (§2.3–2.5).

    >>> explorer = PayoutExplorer()
    >>> explorer.deals["A"].net, explorer.deals["B"].net
    ([-7, 2, -5, 10], [-10, 2, -8, 16])
    >>> explorer.script.value = "win 1 fan 1 from 0\\nwin 1 fan 2 self"
    >>> "line 2" in explorer.error.value, len(explorer.events)
    (True, 2)
    """

    LABELS = ("A", "B")

    def __init__(self, script: str = _EXAMPLE_SCRIPT) -> None:
        self.error = ErrorLine()
        self.events: list[Event] = []
        self._numbered: list[tuple[int, Event]] = []
        self._syncing = False
        self.deals: dict[str, Deal] = {label: Deal(Rules()) for label in self.LABELS}
        self.kind = _classed(
            w.Dropdown(options=list(EVENT_KINDS), value="win on discard", description="Event"),
            "kit-event-kind",
        )
        self.player = _classed(
            w.Dropdown(options=list(range(PLAYERS)), value=1, description="Player"),
            "kit-event-player",
        )
        self.discarder = _classed(
            w.Dropdown(options=list(range(PLAYERS)), value=0, description="Discarder"),
            "kit-event-discarder",
        )
        self.fan = _classed(
            w.BoundedIntText(value=1, min=0, max=12, description="Fan"), "kit-event-fan"
        )
        self.after_kong = _classed(
            w.Checkbox(
                value=False,
                description="shot after the discarder's kong (杠上炮)",
                layout=w.Layout(width="auto"),
            ),
            "kit-event-after-kong",
        )
        self.wall_hands = [
            _classed(
                w.Text(
                    value=_WALL_EXAMPLES[seat],
                    description=f"Seat {seat} hand",
                    layout=w.Layout(width="300px"),
                ),
                f"kit-wall-hand-{seat}",
            )
            for seat in range(PLAYERS)
        ]
        self.wall_voids = [
            _classed(
                w.Dropdown(
                    options=list(SUITS),
                    value="s",
                    description="void",
                    layout=w.Layout(width="130px"),
                ),
                f"kit-wall-void-{seat}",
            )
            for seat in range(PLAYERS)
        ]
        self.wall_rows = [
            w.HBox([hand, void])
            for hand, void in zip(self.wall_hands, self.wall_voids, strict=True)
        ]
        self.kind.observe(lambda _: self._show_fields(), "value")
        add = _classed(
            w.Button(description="Add event", icon="plus", button_style="primary"), "kit-add-event"
        )
        add.on_click(lambda _: self.add_event())
        undo = _classed(w.Button(description="Undo", icon="undo"), "kit-undo-event")
        undo.on_click(lambda _: self.undo())
        self.script = _classed(
            w.Textarea(
                value="",
                placeholder="kong 0 concealed\nwin 1 fan 2 from 0",
                continuous_update=False,
                layout=w.Layout(width="340px", height="150px"),
            ),
            "kit-script",
        )
        self.script.observe(lambda change: self._set_script(change["new"]), "value")
        self.rule_controls = {
            label: rule_controls(f"kit-rules-{label}", switches=True) for label in self.LABELS
        }
        self.rule_controls["B"]["self_draw_bonus"].value = "fan"
        for controls in self.rule_controls.values():
            for control in controls.values():
                control.observe(lambda _: self._redraw(), "value")
        self.ledgers = {label: _classed(w.HTML(), f"kit-ledger-{label}") for label in self.LABELS}
        """Each rule set's deal as :func:`kit.render.deal_html` draws it: events, ledger, nets."""
        self.nets_chart = chart("kit-nets-chart")
        self.flows_chart = chart("kit-flows-chart")
        self.status = _classed(w.HTML(), "kit-in-play")
        columns = [
            w.VBox(
                [heading(f"Rule set {label}"), *self.rule_controls[label].values(),
                 self.ledgers[label]],
                layout=w.Layout(width="50%", padding="0 12px 0 0"),
            )
            for label in self.LABELS
        ]  # fmt: skip
        event_form = w.VBox(
            [
                heading("Add an event"),
                self.kind,
                self.player,
                self.discarder,
                self.fan,
                self.after_kong,
                *self.wall_rows,
                w.HBox([add, undo]),
            ],
            layout=w.Layout(width="50%"),
        )
        script_box = w.VBox(
            [heading("…or write the events, one per line"), self.script, _note(SCRIPT_HELP)],
            layout=w.Layout(width="50%"),
        )
        super().__init__(
            [
                heading("Settle a deal event by event, under two rule sets"),
                _note(
                    "Players who have won leave play and never pay again (§2.1). "
                    "Kongs pay at once (§2.4); the wall's end checks pigs and not-ready hands (§2.5)."
                ),
                w.HBox([event_form, script_box]),
                self.error,
                self.status,
                w.HBox(columns),
                self.nets_chart,
                self.flows_chart,
            ]
        )
        self.add_class("kit-payout-explorer")
        self._apply([])
        self.script.value = script

    def rules(self, label: str) -> Rules:
        """The rule set ``label`` ("A" or "B") as its controls say."""
        return Rules(**{key: c.value for key, c in self.rule_controls[label].items()})

    # -- events --

    def event_from_controls(self) -> Event:
        """The event the form describes (not yet added)."""
        kind: EventKind = self.kind.value
        if kind == "wall empty":
            hands = []
            for seat in self.deals["A"].in_play():
                try:
                    notation = parse_hand(self.wall_hands[seat].value).notation()
                except ValueError as error:
                    raise ValueError(f"seat {seat}'s hand: {error}") from None
                hands.append((seat, notation, self.wall_voids[seat].value))
            return Event(kind, hands=tuple(hands))
        discarder = self.discarder.value if kind in ("exposed kong", "win on discard") else None
        return Event(
            kind,
            self.player.value,
            discarder,
            self.fan.value if "win" in kind else 0,
            self.after_kong.value and kind == "win on discard",
        )

    @guarded
    def add_event(self) -> None:
        """Add the form's event; an illegal one shows the deal's message and is not added."""
        self._commit([*self.events, self.event_from_controls()])

    @guarded
    def undo(self) -> None:
        """Take back the last event."""
        if not self.events:
            raise ValueError("no event to undo")
        self._commit(self.events[:-1])

    @guarded
    def _set_script(self, text: str) -> None:
        if self._syncing:
            return
        self._apply(parse_script(text))

    def _commit(self, events: list[Event]) -> None:
        self._apply(list(enumerate(events, start=1)))
        self._syncing = True
        try:
            self.script.value = "\n".join(event.line() for event in events)
        finally:
            self._syncing = False

    def _apply(self, numbered: list[tuple[int, Event]]) -> None:
        """Replay the events under both rule sets; only if both accept them, show the result."""
        deals = {label: replay(numbered, self.rules(label)) for label in self.LABELS}
        self.deals = deals
        self._numbered = numbered
        self.events = [event for _, event in numbered]
        self._show_fields()
        self._draw()

    @guarded
    def _redraw(self) -> None:
        """A rule control changed: replay the same events under the new rules."""
        self._apply(self._numbered)

    # -- display --

    def _show_fields(self) -> None:
        kind = self.kind.value
        shown = {
            self.discarder: kind in ("exposed kong", "win on discard"),
            self.fan: "win" in kind,
            self.after_kong: kind == "win on discard",
            self.player: kind != "wall empty",
        }
        for widget, visible in shown.items():
            widget.layout.display = "" if visible else "none"
        playing = self.deals["A"].in_play()
        for seat, row in enumerate(self.wall_rows):
            row.layout.display = "" if kind == "wall empty" and seat in playing else "none"

    def _wall_settled(self) -> bool:
        return any(event.kind == "wall empty" for event in self.events)

    def _draw(self) -> None:
        deal = self.deals["A"]
        playing = ", ".join(f"seat {seat}" for seat in deal.in_play()) or "nobody"
        won = ", ".join(f"seat {seat}" for seat in deal.won)
        self.status.value = (
            f"<div style='{_MUTED};margin:4px 0'>{len(self.events)} event"
            f"{'s' if len(self.events) != 1 else ''}. Still in play: <b>{playing}</b>"
            + (f"; won, in order: {won}" if won else "")
            + (". The wall is empty: the deal is over." if self._wall_settled() else ".")
            + "</div>"
        )
        for label, d in self.deals.items():
            self.ledgers[label].value = deal_html(d)
        redraw(
            self.nets_chart,
            plots.nets_bar(
                {f"{label}: {_describe(d.rules)}": d.net for label, d in self.deals.items()},
                title="Net per seat: rule set A vs B",
            ),
        )
        redraw(
            self.flows_chart, plots.ledger_flows(deal.ledger, title="Who pays whom (rule set A)")
        )


def _describe(rules: Rules) -> str:
    return f"cap {rules.fan_cap}, self-draw bonus {rules.self_draw_bonus}"


# --- Simulation panel -------------------------------------------------------------------------


def _column() -> w.Layout:
    return w.Layout(margin="0 18px 0 0")


class SimulationPanel(w.VBox):  # type: ignore[misc]
    """Let bots play N deals, pay them under two rule sets, and compare the money in plots.

    The bots play the same way whatever the payment rules, so with one seed both rule
    sets see the very same deals: only the payments differ.

    >>> panel = SimulationPanel()
    >>> panel.deals.value = 12
    >>> panel.run()
    >>> sorted(panel.frames), len(panel.frames["B"])
    (['A', 'B'], 12)
    """

    LABELS = ("A", "B")
    MAX_DEALS = 5000

    def __init__(self) -> None:
        self.error = ErrorLine()
        self.frames: dict[str, pd.DataFrame] = {}
        self.deals = _classed(
            w.BoundedIntText(
                value=300, min=1, max=self.MAX_DEALS, step=50, description="Deals",
                layout=w.Layout(width="200px"),
            ),
            "kit-sim-deals",
        )  # fmt: skip
        self.seed = _classed(
            w.IntText(value=0, description="Seed", layout=w.Layout(width="200px")), "kit-sim-seed"
        )
        default_bots = ("efficient", "flush-hunter")
        self.bots = [
            _classed(
                w.Dropdown(
                    options=list(BOTS),
                    value=default_bots[seat % 2],
                    description=f"Seat {seat}",
                    layout=w.Layout(width="200px"),
                ),
                f"kit-sim-bot-{seat}",
            )
            for seat in range(PLAYERS)
        ]
        self.rule_controls = {
            label: rule_controls(f"kit-sim-{label}", switches=False) for label in self.LABELS
        }
        for controls in self.rule_controls.values():
            for control in controls.values():
                control.layout.width = "215px"
        self.rule_controls["B"]["fan_cap"].value = 6
        self.rule_controls["B"]["self_draw_bonus"].value = "none"
        self.run_button = _classed(
            w.Button(description="Run", icon="play", button_style="primary"), "kit-sim-run"
        )
        self.run_button.on_click(lambda _: self.run())
        self.progress = _classed(
            w.IntProgress(value=0, min=0, max=1, description="Progress"), "kit-sim-progress"
        )
        self.charts = {name: chart(f"kit-sim-{name}") for name in ("nets", "patterns", "payouts")}
        tabs = w.Tab(list(self.charts.values()))
        for index, title in enumerate(("Net per seat", "Fan patterns", "A vs B payouts")):
            tabs.set_title(index, title)
        self.summary = _classed(w.HTML(), "kit-sim-summary")
        rule_boxes = [
            w.VBox([heading(f"Rule set {label}"), *controls.values()], layout=_column())
            for label, controls in self.rule_controls.items()
        ]
        super().__init__(
            [
                heading("Simulate blood-battle deals with bots"),
                w.HBox(
                    [
                        w.VBox([heading("Table"), self.deals, self.seed], layout=_column()),
                        w.VBox([heading("Bots"), *self.bots], layout=_column()),
                        *rule_boxes,
                    ],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([self.run_button, self.progress]),
                self.error,
                self.summary,
                tabs,
            ]
        )
        self.add_class("kit-sichuan-sim")

    def rules(self, label: str) -> Rules:
        """The rule set ``label`` ("A" or "B") as its controls say."""
        return Rules(**{key: c.value for key, c in self.rule_controls[label].items()})

    @guarded
    def run(self) -> None:
        """Simulate the deals under both rule sets and redraw every chart."""
        deals = self.deals.value
        if not 1 <= deals <= self.MAX_DEALS:
            raise ValueError(f"choose 1 to {self.MAX_DEALS} deals, not {deals}")
        self.run_button.disabled = True
        try:
            self.progress.max, self.progress.value = 2 * deals, 0
            bots = [dropdown.value for dropdown in self.bots]
            frames = {}
            for offset, label in enumerate(self.LABELS):

                def report(done: int, total: int, base: int = offset * deals) -> None:
                    self.progress.value = base + done

                frames[label] = simulate(
                    deals, rules=self.rules(label), bots=bots, seed=self.seed.value,
                    progress=report,
                )  # fmt: skip
            self.frames = frames
            self._draw()
        finally:
            self.run_button.disabled = False

    def _draw(self) -> None:
        labelled = {
            f"{label}: {_describe(f.attrs['rules'])}": f for label, f in self.frames.items()
        }
        a = self.frames["A"]
        figures = {
            "nets": plots.sichuan_net_distribution(labelled, title="Net per deal, by seat"),
            "patterns": plots.pattern_frequencies(a),
            "payouts": plots.compare_payouts(labelled),
        }
        for name, figure in figures.items():
            redraw(self.charts[name], figure)
        same = all(
            a[column].equals(frame[column])
            for frame in self.frames.values()
            for column in ("ended_by", "wins", "turns", "self_drawn")
        )
        moved = {
            label: frame[[f"net_{s}" for s in range(PLAYERS)]].abs().to_numpy().sum()
            / 2
            / len(frame)
            for label, frame in self.frames.items()
        }
        wins = int(a["wins"].sum())
        self.summary.value = (
            f"<div style='{_BOX}'>{len(a)} deals under each rule set"
            + (", the same deals (same seed, same bots): only the payments differ" if same else "")
            + f". {wins} wins, {int(a['self_drawn'].sum())} of them self-drawn; "
            f"{(a['ended_by'] == 'wall-empty').mean():.0%} of deals reached the wall's end. "
            "Money changing hands per deal: "
            + ", ".join(f"{label} {value:.1f}" for label, value in moved.items())
            + " base units.</div>"
        )
