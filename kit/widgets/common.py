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


class Chart(w.Output):  # type: ignore[misc]
    """A chart area holding one plotly figure, shown as ordinary notebook output.

    The figure travels as plotly's own JSON output, which JupyterLab and Voila
    render with the plotly extension shipped in its package: no widget bundle
    per chart, so pages stay light. ``.figure`` (and ``.data``) can be read
    back in tests.
    """

    def __init__(self, css_class: str) -> None:
        import plotly.graph_objects as go

        super().__init__()
        self.add_class("kit-chart")
        self.add_class(css_class)
        self.figure = go.Figure()

    @property
    def data(self) -> tuple[Any, ...]:
        return tuple(self.figure.data)

    @property
    def layout(self) -> Any:
        return self.figure.layout


def chart(css_class: str) -> Chart:
    """An empty chart area; :func:`redraw` fills it."""
    return Chart(css_class)


def redraw(target: Chart, figure: go.Figure) -> None:
    """Show ``figure`` in a chart area, replacing what it showed."""
    import plotly.io as pio

    target.figure = figure
    bundle = pio.renderers["plotly_mimetype"].to_mimebundle(figure.to_dict())
    target.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def heading(text: str) -> w.HTML:
    return w.HTML(f"<b>{html.escape(text)}</b>")
