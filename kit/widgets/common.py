"""Pieces every kit widget shares: an error line, a guard for callbacks, card buttons.

A widget's callbacks run inside :func:`guarded`: a bad input shows its message
in the page (class ``kit-error``) and the widget keeps its last valid state. A
traceback never reaches the learner.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

import ipywidgets as w

from kit.hwatu import Card

if TYPE_CHECKING:
    import plotly.graph_objects as go

P = ParamSpec("P")
R = TypeVar("R")


class ErrorLine(w.HTML):  # type: ignore[misc]
    """A one-line message area, empty until something goes wrong."""

    def __init__(self) -> None:
        super().__init__(value="")
        self.add_class("kit-error")

    def show(self, message: str) -> None:
        self.value = (
            '<div style="color:#b00020;background:#fdecee;border-left:4px solid #b00020;'
            f'padding:4px 8px;margin:4px 0">⚠ {html.escape(message)}</div>'
        )

    def clear(self) -> None:
        self.value = ""


class HasErrorLine(Protocol):
    error: ErrorLine


S = TypeVar("S", bound=HasErrorLine)


def guarded(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R | None]:
    """Run a widget callback; show any error in the widget's error line instead of raising.

    ``ValueError`` (a bad hand, an illegal action) shows its own message; any
    other exception is unexpected and says so, still without a traceback.
    """

    @wraps(method)
    def run(self: S, *args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            result = method(self, *args, **kwargs)
        except ValueError as error:
            self.error.show(str(error))
            return None
        except Exception as error:
            self.error.show(f"Something went wrong ({type(error).__name__}: {error})")
            return None
        self.error.clear()
        return result

    return cast(Callable[Concatenate[S, P], R | None], run)


def card_button(card: Card, on_click: Callable[[Card], Any], *, width: str = "54px") -> w.Button:
    """A button for one card, in its month's colour, with CSS class ``kit-card-<token>``."""
    button = w.Button(
        description=card.notation(),
        tooltip=card.describe(),
        layout=w.Layout(width=width, height="30px", padding="0"),
    )
    button.style.button_color = card.month_info.colour
    button.style.text_color = "white"
    button.add_class("kit-card")
    button.add_class(f"kit-card-{card.notation()}")
    button.on_click(lambda _: on_click(card))
    return button


def mark_selected(button: w.Button, selected: bool) -> None:
    """Show a chosen card button with a tick and bold text."""
    button.icon = "check" if selected else ""
    button.style.font_weight = "bold" if selected else ""
    if selected:
        button.add_class("kit-selected")
    else:
        button.remove_class("kit-selected")


def chart(css_class: str) -> go.FigureWidget:
    """An empty live chart; :func:`redraw` fills it. Its data can be read back in tests."""
    import plotly.graph_objects as go

    figure = go.FigureWidget()
    figure._dom_classes = (css_class,)
    return figure


def redraw(target: go.FigureWidget, figure: go.Figure) -> None:
    """Replace a live chart's traces and layout with those of ``figure``, in one update."""
    with target.batch_update():
        target.data = []
        target.add_traces(list(figure.data))
        target.layout = figure.layout


def heading(text: str) -> w.HTML:
    return w.HTML(f"<b>{html.escape(text)}</b>")
