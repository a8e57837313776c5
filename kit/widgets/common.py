"""Pieces every kit widget shares: an error line, a guard for callbacks, card buttons,
a hand typed in notation, a seed box, chart areas, two rule sets simulated side by side.

A widget's callbacks run inside :func:`guarded`: a bad input shows its message
in the page (class ``kit-error``) and the widget keeps its last valid state. A
traceback never reaches the learner.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import wraps
from typing import (
    TYPE_CHECKING,
    Any,
    Concatenate,
    Generic,
    ParamSpec,
    Protocol,
    TypeVar,
    cast,
)

import ipywidgets as w

from kit.hwatu import Card

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

P = ParamSpec("P")
R = TypeVar("R")

MUTED = "color:#555"
"""The grey of hints and secondary text."""
BOX = "border:1px solid #ddd;border-radius:6px;padding:8px 12px;margin:6px 0;background:#fcfcfc"
"""A light frame around a block of results."""
GOOD, BAD = "#2e7d32", "#b00020"
"""Green for what works, red for what does not."""


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
        self.drawn: tuple[Hashable, Hashable] | None = None
        """The shape and values :func:`refresh` last drew; ``None`` after :func:`redraw`."""
        self.traces: list[Mapping[str, Any]] = []
        """The trace properties :func:`refresh` last drew, to update only what changed."""

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
    target.figure = figure
    target.drawn = None
    _publish(target)


def _publish(target: Chart) -> None:
    import plotly.io as pio

    bundle = pio.renderers["plotly_mimetype"].to_mimebundle(target.figure.to_dict())
    target.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)


def refresh(
    target: Chart,
    build: Callable[[], go.Figure],
    *,
    shape: Hashable,
    values: Hashable,
    traces: Callable[[], Sequence[Mapping[str, Any]]],
    layout: Callable[[], Mapping[str, Any]] | None = None,
) -> bool:
    """Show a chart whose inputs may have changed, doing as little work as it can.

    A new plotly figure costs 10-20 ms, far more than the text around it; updating the
    traces of the figure already shown costs well under one. So:

    - same ``shape`` and ``values`` as the chart shows: nothing to do;
    - same ``shape`` (the same traces, labels and axes), new ``values``: the traces are
      updated in place from ``traces()`` (a list of plotly properties per trace, in order;
      only the properties that differ from the last ones are set) and the layout from
      ``layout()``;
    - otherwise ``build()`` draws the figure anew.

    Returns whether the chart changed.
    """
    if target.drawn is not None and target.drawn[0] == shape:
        if target.drawn[1] == values:
            return False
        figure = target.figure
        new_traces = list(traces())
        if len(new_traces) == len(figure.data) == len(target.traces):
            with figure.batch_update():
                for trace, old, properties in zip(
                    figure.data, target.traces, new_traces, strict=True
                ):
                    changed = {k: v for k, v in properties.items() if old.get(k) != v}
                    if changed:
                        trace.update(changed)
                if layout is not None:
                    figure.layout.update(layout())
            target.drawn, target.traces = (shape, values), new_traces
            _publish(target)
            return True
    redraw(target, build())
    target.drawn, target.traces = (shape, values), list(traces())
    return True


WIDE = {"description_width": "initial"}
"""A control's style that shows its whole label instead of cutting it short."""


def heading(text: str) -> w.HTML:
    return w.HTML(f"<b>{html.escape(text)}</b>")


def note(text: str) -> w.HTML:
    """A small grey line of explanation (``text`` is HTML)."""
    return w.HTML(f"<div style='{MUTED};font-size:0.92em'>{text}</div>")


W = TypeVar("W")


def classed(widget: W, css_class: str) -> W:
    """``widget`` with the CSS class ``css_class`` added: the name tests and pages find it by."""
    cast(Any, widget).add_class(css_class)
    return widget


def hand_text(placeholder: str, on_text: Callable[[str], Any], *, width: str = "520px") -> w.Text:
    """The box a hand is typed into (class ``kit-hand-text``); Enter hands the text on."""
    text = classed(
        w.Text(
            placeholder=placeholder,
            description="Hand",
            continuous_update=False,
            layout=w.Layout(width=width),
        ),
        "kit-hand-text",
    )
    text.observe(lambda change: on_text(change["new"]), "value")
    return text


def seed_box(seed: int | None, css_class: str) -> w.IntText:
    """The seed a deal is dealt from (a random one for None), class ``css_class``."""
    return classed(
        w.IntText(
            value=random.randrange(10**6) if seed is None else seed,
            description="Seed",
            layout=w.Layout(width="170px"),
        ),
        css_class,
    )


class Notated(Protocol):
    def notation(self) -> str: ...


H = TypeVar("H", bound=Notated)


class HandValue(Generic[H]):
    """An app that holds a hand: ``.hand`` reads it, ``.value`` reads and sets its notation.

    Setting ``.value`` goes through the app's ``_set_text``, which parses strictly:
    bad notation shows its message and keeps the last hand.
    """

    _hand: H

    def _set_text(self, text: str) -> None:
        raise NotImplementedError

    @property
    def hand(self) -> H:
        return self._hand

    @property
    def value(self) -> str:
        """The hand in the game's notation; setting it parses strictly."""
        return self._hand.notation()

    @value.setter
    def value(self, text: str) -> None:
        self._set_text(text)


Progress = Callable[[int, int], None]


def simulate_rule_sets(
    labels: Sequence[str],
    count: int,
    simulate: Callable[[str, Progress], pd.DataFrame],
    *,
    progress: w.IntProgress,
    button: w.Button,
) -> dict[str, pd.DataFrame]:
    """``simulate(label, report)`` for each rule set: one progress bar counts across all of
    them, and ``button`` stays disabled until they are done."""
    button.disabled = True
    try:
        progress.max, progress.value = len(labels) * count, 0
        frames = {}
        for offset, label in enumerate(labels):

            def report(done: int, total: int, base: int = offset * count) -> None:
                progress.value = base + done

            frames[label] = simulate(label, report)
        return frames
    finally:
        button.disabled = False
