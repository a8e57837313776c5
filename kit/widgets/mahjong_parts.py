"""What the mahjong play and drill widgets share: the game's parts, read from the
registry, the hand's tile buttons, and the buttons of the learner's non-discard actions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets as w

from kit.coach import Advice
from kit.games import Game
from kit.mahjong.actions import AddedKong, Chow, ConcealedKong, Hu, Kong, Pass, Pung
from kit.mahjong.names import tile_name, tiles_name
from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import TILES, Tile
from kit.render.faces import tile_face_class
from kit.widgets.coaching import face_button

__all__ = [
    "CHOICE_SLOTS",
    "HAND_SLOTS",
    "SUIT_NAMES",
    "Choice",
    "GameParts",
    "choice_of",
    "choice_slot",
    "show_choice",
    "tile_slot",
    "tile_slot_classes",
]

FACE_W, FACE_H = 42, 56
"""A hand tile's button, in pixels (3 : 4)."""
HAND_SLOTS = 14
"""At most 14 concealed tiles (kongs hold four, but leave fewer concealed)."""
CHOICE_SLOTS = 8
"""At most this many claim or turn buttons at once (win, kongs, pung, three chows, pass)."""
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}


def tile_slot(css_class: str, on_click: Callable[[], Any]) -> w.Button:
    """One of the hand's tile buttons, hidden until :func:`tile_slot_classes` gives it a tile."""
    button = face_button("kit-face-none", css_class, "", "", on_click, width=FACE_W, height=FACE_H)
    button.layout.display = "none"
    return button


def tile_slot_classes(tile: Tile, css_class: str, *more: str) -> tuple[str, ...]:
    """A tile button's classes: its face, ``css_class`` and ``css_class-<tile>`` (``kit-play-tile-5p``)."""
    return (
        "kit-face-button", "kit-face", tile_face_class(tile), css_class,
        f"{css_class}-{tile.notation()}", *more,
    )  # fmt: skip


Choice = tuple[Any, str, tuple[str, ...]]
"""An action the learner may take by button: (action, label, CSS classes)."""


def choice_of(action: Any) -> Choice | None:
    """The button for a non-discard action: its label and classes (``kit-play-pung`` …)."""
    if isinstance(action, Hu):
        return action, "Win 和", ("kit-play-win",)
    if isinstance(action, Kong):
        return action, "Kong 槓", ("kit-play-kong",)
    if isinstance(action, (ConcealedKong, AddedKong)):
        tile = action.tile.notation()
        return action, f"Kong {tile_name(action.tile)}", ("kit-play-kong", f"kit-play-kong-{tile}")
    if isinstance(action, Pung):
        return action, "Pung 碰", ("kit-play-pung",)
    if isinstance(action, Chow):
        first = action.first
        run = tiles_name([TILES[first.index + k] for k in range(3)])
        return action, f"Chow {run}", ("kit-play-chow", f"kit-play-chow-{first.notation()}")
    if isinstance(action, Pass):
        return action, "Pass", ("kit-play-pass",)
    return None


COLOURS = {
    "kit-play-win": "#2e7d32",
    "kit-play-kong": "#6a1b9a",
    "kit-play-pung": "#1565c0",
    "kit-play-chow": "#00838f",
    "kit-play-void": "#6d4c41",
}


def choice_slot(on_click: Callable[[], Any]) -> w.Button:
    """A button for a non-discard action (win, kong, pung, chow, pass, a void), hidden
    until :func:`show_choice` gives it one."""
    button = w.Button(layout=w.Layout(width="auto", min_width="90px", display="none"))
    button.style.text_color = "white"
    button.style.font_weight = "bold"
    button.add_class("kit-play-action")
    button.on_click(lambda _: on_click())
    return button


def show_choice(button: w.Button, choice: Choice | None) -> None:
    """Show ``choice`` on ``button`` (its label, classes and colour); hide it for None."""
    if choice is None:
        button.layout.display = "none"
        return
    _, label, classes = choice
    button.description = label
    button._dom_classes = ("kit-play-action", *classes)
    button.style.button_color = next((COLOURS[c] for c in classes if c in COLOURS), "#616161")
    button.layout.display = None


class GameParts:
    """What a mahjong widget needs of its game, read from the registry (:mod:`kit.games`).

    A game's widget names its game once, in its class line:
    ``class PlayDeal(MahjongPlay, game=game("sichuan"), short_name="Sichuan")``. ``GAME`` is
    then the game: its engine, rules, bots, default opponents and coach are what the
    widget plays with. ``NAME`` is its short name in headings ("Sichuan").
    """

    GAME: ClassVar[Game]
    NAME: ClassVar[str]

    def __init_subclass__(
        cls, game: Game | None = None, short_name: str | None = None, **options: Any
    ) -> None:
        super().__init_subclass__(**options)
        if game is not None:
            cls.GAME = game
            cls.NAME = game.title if short_name is None else short_name

    @classmethod
    def _css_class(cls, widget: str) -> str:
        """The class a page finds this game's widget by: ``kit-play-sichuan``."""
        return f"kit-{widget}-{cls.GAME.key}"

    @classmethod
    def _table_class(cls) -> type[MahjongTable[Any]]:
        table: type[MahjongTable[Any]] = cls.GAME.engine
        return table

    @classmethod
    def _bots(cls) -> Mapping[str, Callable[[Any], Any]]:
        return cls.GAME.bots

    @classmethod
    def _checked_rules(cls, rules: object) -> Any:
        """``rules``, or the game's default ones for None; another game's rules are refused."""
        if rules is None:
            return cls.GAME.default_rules()
        if not cls.GAME.owns(rules):
            raise TypeError(
                f"rules must be a {cls.GAME.title} Rules value (kit.{cls.GAME.key}.Rules), "
                f"not {rules!r:.80}"
            )
        return rules

    def _advise(self, view: Any) -> Advice:
        return self.GAME.coach.advise(view)

    def _extra_choices(self, legal: list[Any]) -> list[Choice]:
        """Buttons for a game's own actions (Sichuan's void choice)."""
        return []

    def _choices_for(self, legal: list[Any]) -> list[Choice]:
        """The buttons of the non-discard actions among ``legal``: the game's own first."""
        found = [c for c in (choice_of(action) for action in legal) if c is not None]
        return self._extra_choices(legal) + found
