"""One picture size for the whole page: every tile and card the kit draws grows at once.

Each tile, card, small tile and face button sizes itself from the CSS variable
``--kit-scale`` (1 when unset): a tile asked for at 36 px is
``calc(36px * var(--kit-scale, 1))`` wide. Setting the variable on the page root,
once, resizes every picture on the page, in JupyterLab and in Voila, those drawn
before and those drawn after:

>>> size_style("large")
'<style class="kit-page-size">:root{--kit-scale:1.5}</style>'
>>> scaled(36)
'calc(36px * var(--kit-scale, 1))'

In a notebook, ``kit.render.set_size("large")`` puts that style on the page;
``kit.widgets.PageSize()`` is the same as a control a teacher clicks.
"""

from __future__ import annotations

from typing import Any

from kit.render.svg import SCALE_VARIABLE, num, scaled

__all__ = ["SCALE_VARIABLE", "SIZES", "scale_of", "scaled", "set_size", "size_style"]

SIZES: dict[str, float] = {"small": 0.75, "normal": 1.0, "large": 1.5, "huge": 2.0}
"""The named sizes: "large" suits a projector, "huge" a big room."""


def scale_of(size: str | float) -> float:
    """The factor of a named size (see :data:`SIZES`) or of a number from 0.5 to 4.

    >>> scale_of("huge"), scale_of(1.25)
    (2.0, 1.25)
    >>> scale_of("giant")
    Traceback (most recent call last):
    ...
    ValueError: the picture size is one of small, normal, large, huge or a number from 0.5 to 4, not 'giant'
    """
    wanted = f"one of {', '.join(SIZES)} or a number from 0.5 to 4, not {size!r}"
    if isinstance(size, str):
        if size.strip().lower() in SIZES:
            return SIZES[size.strip().lower()]
        raise ValueError(f"the picture size is {wanted}")
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 0.5 <= size <= 4:
        raise ValueError(f"the picture size is {wanted}")
    return float(size)


def size_style(size: str | float = "large") -> str:
    """The ``<style>`` that sets the picture size of the whole page."""
    return f'<style class="kit-page-size">:root{{{SCALE_VARIABLE}:{num(scale_of(size))}}}</style>'


def set_size(size: str | float = "large") -> None:
    """Make every tile and card on this page ``size``: "small", "normal", "large", "huge"
    (or a factor such as 1.25).

    The setting lives in the output of the cell that calls it: run it again with
    another size to change it, clear that output to go back to normal.
    """
    style = size_style(size)
    try:
        from IPython import display as ipython_display
    except ImportError:  # plain Python: no page to size
        return
    html: Any = ipython_display.HTML
    show: Any = ipython_display.display
    show(html(style))
