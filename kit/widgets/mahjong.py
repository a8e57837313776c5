"""What the two mahjong hand builders share: tile buttons, the add mode, the hand, undo,
the winning tile and the win-condition toggles.

:class:`MahjongHandBuilder` holds the hand and its history and keeps the controls in
step with it; each game's builder says which tiles it plays with, how it parses a
hand, and how it scores and explains one (:mod:`kit.widgets.sichuan`,
:mod:`kit.widgets.hongkong`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import ipywidgets as w

from kit.mahjong.conditions import LABELS, WinConditions
from kit.mahjong.hands import Form, waits
from kit.mahjong.tiles import MOST_TILES, TILES, Hand, MeldKind, Tile
from kit.render import hand_html
from kit.render.readouts import verdict
from kit.widgets.common import (
    BAD,
    ErrorLine,
    HandValue,
    classed,
    guarded,
    hand_text,
    heading,
    note,
)

__all__ = [
    "COMPLETE",
    "CONCEALED_KONG",
    "ONE_TILE",
    "SUIT_COLOURS",
    "AddMode",
    "MahjongHandBuilder",
    "condition_toggles",
    "load_hand_tables",
    "size_hint",
    "tile_button",
]

COMPLETE = MOST_TILES
"""A complete hand's size, kongs counting as three (reference/sichuan.md#winning-hands)."""
SUIT_COLOURS = {"m": "#b71c1c", "p": "#1d4f9c", "s": "#18793a", "z": "#4e342e"}
"""Button colours, after the ink of each suit's tiles; honours in brown."""


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


def load_hand_tables(forms: Sequence[Form]) -> None:
    """Load the hand tables now, so that the first click answers quickly."""
    waits(Hand.parse("1112345678999p"), forms)


# --- adding tiles -------------------------------------------------------------------------


@dataclass(frozen=True)
class AddMode:
    """One way a click adds a tile: alone into the concealed hand, or as a group starting at it."""

    name: str
    tooltip: str
    kind: MeldKind | None = None
    """The group made (a chow starts at the tile clicked); None adds the tile alone."""
    concealed: bool = False
    """A kong declared from the hand, rather than claimed."""


ONE_TILE = AddMode("concealed", "one tile into the concealed hand")
CONCEALED_KONG = AddMode(
    "concealed kong", "a kong declared from the hand, shown (5555p)", MeldKind.KONG, True
)
"""The add modes both games have; between them, each game's claimed groups (``CLAIMED``)."""


# --- readouts -----------------------------------------------------------------------------


def size_hint(size: int) -> str:
    """What a hand of ``size`` tiles (short of 13) needs before there is anything to read."""
    if size == 0:
        return verdict("Click tiles above to start a hand.", "#555")
    need = COMPLETE - 1 - size
    return verdict(
        f"{size} tile{'s' if size != 1 else ''} (kongs count as three). Add {need} more to see "
        f"what the hand waits on, or {need + 1} more to score a win.",
        "#555",
    )


def condition_toggles(
    fields: Sequence[str], native: Mapping[str, str]
) -> dict[str, w.ToggleButton]:
    """One toggle per :class:`~kit.mahjong.conditions.WinConditions` field, labelled from
    :data:`~kit.mahjong.conditions.LABELS` plus the game's own name for it, class ``kit-condition-<field>``."""
    toggles = {}
    for name in fields:
        label, tip = LABELS[name]
        toggles[name] = classed(
            w.ToggleButton(
                value=False,
                description=f"{label} {native.get(name, '')}".strip(),
                tooltip=tip,
                layout=w.Layout(width="auto"),
            ),
            f"kit-condition-{name.replace('_', '-')}",
        )
    return toggles


# --- the builder --------------------------------------------------------------------------


class MahjongHandBuilder(HandValue[Hand], w.VBox):  # type: ignore[misc]
    """A hand built by clicking tiles or typing it, with undo, its winning tile and conditions.

    A game's builder names its tiles (``KINDS``), winning forms (``FORMS``), the groups
    a click may add as claimed (``CLAIMED``) and its win conditions, passes its own controls in, and fills in :meth:`_parse`,
    :meth:`_score`, :meth:`_show_result` and :meth:`_show_waiting`.
    """

    NAME: ClassVar[str]
    """The game's name in the builder's title ("Sichuan")."""
    PLACEHOLDER: ClassVar[str]
    """The typed-hand box's example."""
    CSS_CLASS: ClassVar[str]
    KINDS: ClassVar[tuple[Tile, ...]] = TILES
    """The tiles the palette offers: all 34 kinds, unless the game plays with fewer."""
    FORMS: ClassVar[tuple[Form, ...]]
    CLAIMED: ClassVar[tuple[AddMode, ...]]
    """The claimed groups a click may add (a chow, a pung, a kong), in the add-mode menu
    between one tile and a concealed kong, the modes every game has."""
    MODE_WIDTH: ClassVar[str]
    CONDITION_NAMES: ClassVar[Mapping[str, str]]
    """The game's own name for each win condition it scores (its toggles, in this order)."""
    CONTRADICTION: ClassVar[str]
    """What the readout says when the win conditions do not fit (the error line says why)."""

    result: Any
    """The last score of a complete hand (None while the hand is not complete)."""

    def __init__(self, hand: str, controls: Sequence[w.Widget]) -> None:
        """``controls``: the game's own (its rules, winds or void), in a row above the
        winning tile."""
        self._hand = Hand()
        self._win: Tile | None = None
        self._history: list[tuple[Hand, Tile | None]] = []
        self._syncing = False
        self.result = None
        self.error = ErrorLine()
        self.buttons = {tile: tile_button(tile, self.add) for tile in self.KINDS}
        palette = w.GridBox(
            list(self.buttons.values()),
            layout=w.Layout(grid_template_columns="repeat(9, 76px)", grid_gap="3px"),
        )
        self.add_modes = (ONE_TILE, *self.CLAIMED, CONCEALED_KONG)
        self.add_mode = classed(
            w.ToggleButtons(
                options=[mode.name for mode in self.add_modes],
                value=ONE_TILE.name,
                description="Add a click as",
                style={"button_width": self.MODE_WIDTH, "description_width": "initial"},
                tooltips=[mode.tooltip for mode in self.add_modes],
            ),
            "kit-add-mode",
        )
        self.text = hand_text(self.PLACEHOLDER, self._set_text)
        undo = classed(w.Button(description="Undo last", icon="undo"), "kit-undo")
        undo.layout.width = "110px"
        undo.on_click(lambda _: self.undo())
        clear = classed(w.Button(description="Clear", icon="eraser"), "kit-clear")
        clear.layout.width = "90px"
        clear.on_click(lambda _: self.clear())
        self.win = classed(
            w.Dropdown(options=[], description="Winning tile", layout=w.Layout(width="220px")),
            "kit-win-tile",
        )
        self.conditions = condition_toggles(self._condition_fields(), self.CONDITION_NAMES)
        self.win.observe(lambda _: self.update(), "value")
        for toggle in self.conditions.values():
            toggle.observe(self._toggled, "value")
        self.readout = classed(w.HTML(), "kit-readout")
        super().__init__(
            [
                heading(f"Build a {self.NAME} hand: click tiles, or type the hand"),
                palette,
                self.add_mode,
                w.HBox([self.text, undo, clear]),
                w.HBox(list(controls)),
                note(
                    f"How the hand was won: these count once the hand has {COMPLETE} tiles "
                    "(a kong counts as three)."
                ),
                w.HBox([self.win, *self.conditions.values()], layout=w.Layout(flex_flow="wrap")),
                self.error,
                self.readout,
            ]
        )
        self.add_class(self.CSS_CLASS)
        load_hand_tables(self.FORMS)
        self._show()
        if hand:
            self._set_text(hand)

    # -- what a game fills in --

    def _parse(self, hand: Hand | str) -> Hand:
        """The hand read strictly (or checked, if already a Hand) against the game's tiles."""
        raise NotImplementedError

    def _condition_fields(self) -> tuple[str, ...]:
        """The win conditions this game scores, as :class:`WinConditions` field names."""
        return tuple(self.CONDITION_NAMES)

    def _playable(self) -> set[Tile]:
        """The tiles a click may add (a smaller table can hold fewer)."""
        return set(self.KINDS)

    def _score(self, win: Tile, conditions: WinConditions) -> Any:
        """Score the complete hand; raises ``ValueError`` if the conditions do not fit."""
        raise NotImplementedError

    def _show_result(self, result: Any, conditions: WinConditions) -> None:
        """The readout for a scored complete hand."""
        raise NotImplementedError

    def _show_waiting(self) -> None:
        """The readout for a hand of 13 tiles (kongs as three)."""
        raise NotImplementedError

    # -- state --

    @guarded
    def add(self, tile: Tile) -> None:
        """Add a tile the way the "add as" choice says (a tile alone, or a group)."""
        mode = next(mode for mode in self.add_modes if mode.name == self.add_mode.value)
        win = tile if mode.kind is None else self._win
        grown = self._hand.with_added(tile, mode.kind, concealed=mode.concealed)
        self._commit(self._parse(grown), win)

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
        hand = self._parse(text)
        if hand.size > COMPLETE:
            raise ValueError(f"{hand.size} tiles typed (kongs count as three); at most {COMPLETE}")
        if hand == self._hand:
            if self.text.value != hand.notation():
                self.text.value = hand.notation()
            return
        self._commit(hand, self._win)

    @guarded
    def update(self) -> None:
        """Recompute the readout from the controls (winning tile, conditions, the game's own)."""
        if self._syncing:
            return
        self._win = Tile.parse(self.win.value) if self.win.value else None
        self._show()

    @guarded
    def _toggled(self, change: dict[str, Any]) -> None:
        """A win condition switched: keep it if it fits, else switch it back and say why."""
        if self._syncing:
            return
        try:
            self._show()
        except ValueError:
            self._syncing = True
            try:
                change["owner"].value = change["old"]
            finally:
                self._syncing = False
            self._show()  # the last state that fitted
            raise

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
        held = Counter(hand.all_tiles)
        playable = self._playable()
        for tile, button in self.buttons.items():
            button.disabled = tile not in playable or held[tile] >= 4
        complete = hand.size == COMPLETE
        for control in (self.win, *self.conditions.values()):
            control.disabled = not complete
        self.result = None
        if complete:
            self._show_complete()
        elif hand.size == COMPLETE - 1:
            self._show_waiting()
        else:
            self.readout.value = hand_html(hand) + size_hint(hand.size)

    def _show_complete(self) -> None:
        hand, win = self._hand, self._win
        if win is None:  # a complete hand always keeps a concealed pair, but the menu may be empty
            self.readout.value = hand_html(hand)
            raise ValueError("choose the winning tile among the concealed tiles")
        try:
            conditions = WinConditions(
                **{name: toggle.value for name, toggle in self.conditions.items()}
            )
            result = self._score(win, conditions)
        except ValueError:
            self.readout.value = hand_html(hand, win=win) + verdict(self.CONTRADICTION, BAD)
            raise
        self.result = result
        self._show_result(result, conditions)
