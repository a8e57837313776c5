"""What every game's play widget shares: face buttons, the coach's hints and its panel (the
bots' pace and the clicks are :mod:`kit.widgets.play_loop`; sentences about "you" and the
tiles and cards in them are :mod:`kit.render.spoken`).

- :class:`FaceSheet` sends each tile or card face to the page once, as a CSS rule
  (:mod:`kit.render.faces`); a :func:`face_button` then wears its face by class.
- :class:`CoachBar` holds the *Hint* button, which steps through the coach's three
  levels (nudge, comparison, reveal), and the optional coach panel, a checkbox
  that shows the coach's table of options.
- The coach's table and the review after a deal are drawn by :mod:`kit.render.coaching`;
  a hint names tiles and cards by picture and name (:func:`kit.render.spoken.spoken_html`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

import ipywidgets as w

from kit.coach import Advice
from kit.render.coaching import advice_html
from kit.render.faces import face_style
from kit.render.spoken import spoken_html
from kit.widgets.common import BOX, MUTED, classed

__all__ = ["CoachBar", "FaceSheet", "face_button", "one_move_tip"]


# --- faces ------------------------------------------------------------------------------------


class FaceSheet(w.Box):  # type: ignore[misc]
    """Invisible: the CSS rules that paint faces, each sent to the page once.

    >>> sheet = FaceSheet()
    >>> sheet.ensure([".kit-face-1m{}", ".kit-face-2m{}"]); sheet.ensure([".kit-face-1m{}"])
    >>> len(sheet.children), len(sheet.sent)
    (2, 2)
    """

    def __init__(self) -> None:
        super().__init__([w.HTML(face_style((), base=True))], layout=w.Layout(display="none"))
        self.add_class("kit-face-sheet")
        self.sent: set[str] = set()

    def ensure(self, rules: Iterable[str]) -> None:
        """Add the rules the page does not have yet (one small widget per batch)."""
        new = [rule for rule in dict.fromkeys(rules) if rule not in self.sent]
        if new:
            self.sent.update(new)
            box = cast(Any, self)
            box.children = (*box.children, w.HTML(face_style(new)))


def face_button(
    face_class: str,
    css_class: str,
    tooltip: str,
    description: str,
    on_click: Callable[[], Any],
    *,
    width: int,
    height: int,
) -> w.Button:
    """A button that is a face: ``face_class`` paints it, ``css_class`` names it for tests.

    The description stays (for screen readers and for plain Python), but is not drawn.
    """
    button = w.Button(
        description=description,
        tooltip=tooltip,
        layout=w.Layout(width=f"{width}px", height=f"{height}px", padding="0", margin="0 1px"),
    )
    for name in ("kit-face-button", "kit-face", face_class, css_class):
        button.add_class(name)
    button.on_click(lambda _: on_click())
    return button


# --- hints and the coach panel ----------------------------------------------------------------

_LEVEL_WORDS = {1: "Nudge", 2: "Compare", 3: "Answer"}

HINT_TIP = "Help with this decision: a nudge, then a comparison, then the coach's answer"
OVER_TIP = "The deal is over: nothing is left to decide (the review below has the coach's view)"
BOTS_TIP = "No decision of yours to hint at: the bots are playing"
"""The *Hint* button's tooltips: what it does, and why it is greyed out."""


def one_move_tip(move: str) -> str:
    """Why *Hint* is greyed out when the learner has a single move: "you draw"."""
    return f"Only one move is open to you ({move}): there is nothing to choose between"


class CoachBar(w.VBox):  # type: ignore[misc]
    """The *Hint* button and its text, and the coach panel behind a checkbox.

    The advice of the decision at hand comes from ``advise`` (called only when needed:
    a hint, the panel, or the review). :meth:`decision` starts a new decision.
    """

    def __init__(self, advise: Callable[[], Advice | None]) -> None:
        self._advise = advise
        self._advice: Advice | None = None
        self._asked = False
        self.level = 0
        """The hint level shown for the decision at hand (0: none yet)."""
        self.considering: Any = None
        """What the learner last pointed at, compared at level 2 (else the runner-up)."""
        self.finished = False
        """The game is over: no more decisions, only the review."""
        self.hint_button = classed(
            w.Button(description="Hint", icon="lightbulb-o", tooltip=HINT_TIP),
            "kit-hint-button",
        )
        self.hint_button.layout.width = "170px"
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_text = classed(w.HTML(), "kit-hint")
        self.panel_toggle = classed(
            w.Checkbox(value=False, description="Show the coach's table", indent=False),
            "kit-coach-toggle",
        )
        self.panel_toggle.layout.width = "220px"
        self.panel_toggle.observe(lambda _: self._show_panel(), "value")
        self.panel = classed(w.HTML(), "kit-coach-panel")
        super().__init__(
            [w.HBox([self.hint_button, self.panel_toggle]), self.hint_text, self.panel]
        )
        self.add_class("kit-coach")

    @property
    def advice(self) -> Advice | None:
        """The coach's advice for the decision at hand (None when there is none)."""
        if not self._asked:
            self._advice, self._asked = self._advise(), True
        return self._advice

    def decision(self, active: bool, *, finished: bool = False, why: str = "") -> None:
        """A new moment: forget the old advice; ``active`` says whether the learner decides now,
        ``finished`` that the game is over. The *Hint* button's tooltip says what it does, or,
        greyed out, why: ``why``, else that the deal is over or that the bots are playing."""
        self.finished = finished
        self._advice, self._asked = None, not active
        self.level, self.considering = 0, None
        self.hint_text.value = ""
        self.hint_button.disabled = not active
        self.hint_button.description = "Hint"
        self.hint_button.tooltip = (
            HINT_TIP if active else why or (OVER_TIP if finished else BOTS_TIP)
        )
        self._show_panel()

    def hint(self) -> str:
        """The next level of help (nudge, then compare, then the answer), shown and returned."""
        advice = self.advice
        if advice is None:
            raise ValueError("there is nothing to decide right now")
        self.level = min(self.level + 1, 3)
        text = advice.hint(self.level, chosen=self.considering)
        self.hint_text.value = (
            f"<div style='{BOX}'><b>{_LEVEL_WORDS[self.level]}</b> "
            f"<span style='{MUTED}'>({self.level}/3)</span>: {spoken_html(text)}</div>"
        )
        following = {1: "Hint: compare", 2: "Hint: the answer", 3: "Hint (all shown)"}
        self.hint_button.description = following[self.level]
        return text

    def _show_panel(self) -> None:
        if not self.panel_toggle.value:
            self.panel.value = ""
            return
        advice = self.advice
        if advice is None:
            waiting = (
                "It is over: the review compares each of your decisions with the coach's."
                if self.finished
                else "The coach's table appears when it is your move."
            )
            self.panel.value = f"<div style='{MUTED}'>{waiting}</div>"
            return
        self.panel.value = advice_html(advice, self.considering)
