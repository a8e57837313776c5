"""The story of a finished deal (or Nylon-ppong round) in a play widget: its turning
points, each with a button that puts the learner back at that decision to try again with
the coach.

The turning points come from :func:`kit.mahjong.story.turning_points` or
:func:`kit.nylonppong.story.turning_points`; the play widget keeps the position of each
of the learner's decisions (a mahjong widget as a :class:`Position`, Nylon-ppong's as the
way to it), so that *Replay this decision* restores the same hand and the same discards.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from kit.render.coaching import turning_point_html
from kit.story import TurningPoint
from kit.widgets.common import classed

__all__ = ["Position", "StoryBox"]


@dataclass(frozen=True)
class Position:
    """The table as it stood at one of the learner's decisions, and how long the log and
    the record of moves were then."""

    table: Any
    events: int
    moves: int


class StoryBox(w.VBox):  # type: ignore[misc]
    """The turning points of the deal just finished (class ``kit-story``), each with a
    *Replay this decision* button (class ``kit-story-replay``) when it was a decision of
    the learner's; empty while the deal goes on. ``game_word`` names what was played
    ("deal", or Nylon-ppong's "round") in the heading and the button's tooltip."""

    def __init__(self, replay: Callable[[int], None], *, game_word: str = "deal") -> None:
        super().__init__([])
        self._replay = replay
        self._word = game_word
        self.add_class("kit-story")

    def clear(self) -> None:
        self.children = ()

    def show(self, points: Sequence[TurningPoint]) -> None:
        """Show ``points`` (nothing when there are none)."""
        if not points:
            self.children = ()
            return
        rows: list[w.Widget] = [
            w.HTML(
                "<div style='font-weight:600;margin:10px 0 2px'>"
                f"What decided your {html.escape(self._word)}</div>"
            )
        ]
        for point in points:
            parts: list[w.Widget] = [w.HTML(turning_point_html(point))]
            if point.decision is not None:
                button = classed(
                    w.Button(
                        description="Replay this decision",
                        icon="undo",
                        tooltip=f"back to this moment of the {self._word}, to try again with the coach",
                        layout=w.Layout(width="auto", min_width="180px"),
                    ),
                    "kit-story-replay",
                )
                button.on_click(lambda _, at=point.decision: self._replay(at))
                parts.append(button)
            rows.append(w.HBox(parts, layout=w.Layout(align_items="center", flex_flow="wrap")))
        self.children = tuple(rows)
