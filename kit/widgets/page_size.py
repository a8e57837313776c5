"""A picture-size control for the whole page: small, normal, large or huge tiles and cards.

A teacher puts ``PageSize()`` at the top of a lesson; a click resizes every tile and card
on the page at once, in JupyterLab and in Voila (:mod:`kit.render.size`).
"""

from __future__ import annotations

import ipywidgets as w

from kit.render.size import SIZES, scale_of, size_style

__all__ = ["PageSize"]


class PageSize(w.HBox):  # type: ignore[misc]
    """Buttons that set the size of every tile and card on the page.

    >>> control = PageSize("large")
    >>> control.size, "--kit-scale:1.5" in control.style_holder.value
    ('large', True)
    >>> control.size = "huge"
    >>> "--kit-scale:2" in control.style_holder.value
    True
    """

    def __init__(self, size: str = "normal") -> None:
        scale_of(size)  # a bad name fails here, with the list of sizes
        self.buttons = w.ToggleButtons(
            options=list(SIZES),
            value=size.strip().lower(),
            description="Picture size",
            style={"description_width": "initial", "button_width": "70px"},
        )
        self.buttons.add_class("kit-page-size-buttons")
        self.style_holder = w.HTML(size_style(size))
        self.style_holder.add_class("kit-page-size-style")
        self.buttons.observe(self._changed, names="value")
        super().__init__([self.buttons, self.style_holder])
        self.add_class("kit-page-size")

    @property
    def size(self) -> str:
        return str(self.buttons.value)

    @size.setter
    def size(self, value: str) -> None:
        self.buttons.value = value

    def _changed(self, change: dict[str, object]) -> None:
        self.style_holder.value = size_style(str(change["new"]))
