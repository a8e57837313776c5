"""What every chart shares: colours, the page layout, seat columns and labels."""

from __future__ import annotations

import pandas as pd

ENDING_COLOURS = {
    "combination": "#6a3d9a",
    "stop": "#1f78b4",
    "ppong-out": "#33a02c",
    "deck-empty": "#999999",
}
SEAT_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00", "#6a3d9a", "#b15928")
LAYOUT = {
    "template": "plotly_white",
    "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
    "height": 360,
}


def seat_columns(frame: pd.DataFrame, prefix: str) -> list[str]:
    """The per-seat columns ``<prefix>0``, ``<prefix>1``, … of a simulation frame."""
    return [column for column in frame.columns if str(column).startswith(prefix)]


def penalty_columns(frame: pd.DataFrame) -> list[str]:
    return seat_columns(frame, "penalty_")


def seat_label(frame: pd.DataFrame, seat: int) -> str:
    bots = frame.attrs.get("bots")
    return f"seat {seat} ({bots[seat]})" if bots and seat < len(bots) else f"seat {seat}"


RULE_SET_COLOURS = ("#1f78b4", "#e31a1c", "#33a02c", "#ff7f00")
"""One colour per rule set compared side by side: A, B, …"""
LEGEND_ON_TOP = {
    "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
    "margin": {"l": 50, "r": 20, "t": 80, "b": 45},
}
"""Rule-set legends go above the plot, so that the plot keeps the whole width."""


def rule_set_colour(index: int) -> str:
    return RULE_SET_COLOURS[index % len(RULE_SET_COLOURS)]


def translucent(colour: str, alpha: float = 0.55) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"
