"""What the Nylon-ppong apps share: how they write a score, and the sliders of the
house rules that set the penalties."""

from __future__ import annotations

import ipywidgets as w

from kit.nylonppong.rules import Rules
from kit.widgets.common import WIDE

__all__ = ["minus", "penalty_sliders"]


def minus(value: int) -> str:
    """Negative numbers with a true minus sign, as penalties are printed: ``−33``."""
    return f"−{-value}" if value < 0 else str(value)


def penalty_sliders(rules: Rules, *, victim: str = "Ppong victim +") -> dict[str, w.IntSlider]:
    """A slider per house rule that sets the penalties, by its ``Rules`` field, set to ``rules``.

    ``victim`` labels the ppong victim's extra penalty (a narrow panel says less).
    """

    def slider(value: int, low: int, high: int, step: int, description: str) -> w.IntSlider:
        return w.IntSlider(
            value=value, min=low, max=high, step=step, description=description, style=WIDE
        )

    return {
        "stop_limit": slider(rules.stop_limit, 2, 20, 1, "Stop limit"),
        "failed_stop_penalty": slider(rules.failed_stop_penalty, 0, 100, 5, "Failed stop +"),
        "ppong_victim_penalty": slider(rules.ppong_victim_penalty, 0, 100, 5, victim),
    }
