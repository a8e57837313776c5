"""How a chart reaches a Voila page: inside a small Output widget, never as a bare output.

Voila draws a cell's plain outputs itself, handing plotly's renderer the output as a
bare object; after drawing, that renderer stores a PNG copy of the chart into its
output with ``setData``, which a bare object lacks, so the page logs
``r.setData is not a function`` for every chart. Inside an ``ipywidgets.Output`` the
chart's output is a real output model, as in JupyterLab, and the copy is stored
without error (this is how the kit's widgets already show their charts).

So in a Voila kernel (Voila sets ``VOILA_KERNEL_ID`` before the first cell runs)
importing :mod:`kit.plots` makes the ``kit_voila`` renderer plotly's default: a
figure shown as a cell's result, or with ``fig.show()``, travels inside an Output
widget. JupyterLab keeps plotly's own renderer, so that saved notebooks keep their
charts.
"""

from __future__ import annotations

import os
from typing import Any

import plotly.io as pio
from plotly.io._base_renderers import MimetypeRenderer

__all__ = ["VOILA_RENDERER", "WidgetRenderer", "in_voila", "use_widget_renderer_in_voila"]

VOILA_RENDERER = "kit_voila"
"""The name of :class:`WidgetRenderer` among plotly's renderers."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def in_voila() -> bool:
    """Whether this kernel runs a Voila page."""
    return bool(os.environ.get("VOILA_KERNEL_ID"))


class WidgetRenderer(MimetypeRenderer):  # type: ignore[misc]
    """A plotly renderer that wraps plotly's own output in an ``ipywidgets.Output``."""

    def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
        import ipywidgets as w

        bundle = pio.renderers["plotly_mimetype"].to_mimebundle(fig_dict)
        holder = w.Output()
        holder.add_class("kit-figure")
        holder.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)
        title = fig_dict.get("layout", {}).get("title", {})
        text = title.get("text") if isinstance(title, dict) else title
        return {
            WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": holder.model_id},
            "text/plain": f"a chart: {text}" if text else "a chart",
        }


def use_widget_renderer_in_voila(*, force: bool = False) -> bool:
    """In a Voila kernel (or with ``force``), show plotly figures through :class:`WidgetRenderer`.

    Returns whether the renderer is now plotly's default.
    """
    if VOILA_RENDERER not in pio.renderers:
        pio.renderers[VOILA_RENDERER] = WidgetRenderer()
    if force or in_voila():
        pio.renderers.default = VOILA_RENDERER
    return bool(pio.renderers.default == VOILA_RENDERER)
