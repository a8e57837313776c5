"""Pieces the Hong Kong apps share: wind menus, seat labels, tables of nets
(see the Hong Kong rules: reference/hongkong.md)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

import ipywidgets as w

from kit.hands import shanten
from kit.hongkong.game import seat_wind
from kit.hongkong.rules import FORMS
from kit.tiles import Hand
from kit.widgets.common import BAD, GOOD, classed

__all__ = [
    "CELL",
    "WIND_LABELS",
    "money",
    "not_ready",
    "plural",
    "seat_label",
    "seat_table",
    "seat_winds",
    "wind_dropdown",
]

WIND_LABELS = {"E": "East 東", "S": "South 南", "W": "West 西", "N": "North 北"}
CELL = "padding:3px 10px;border-bottom:1px solid #e6e0d4;text-align:right"
"""The style of a cell in the apps' small tables."""


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def seat_winds(players: int) -> list[str]:
    """Each seat's wind, seat 0 the dealer (East)."""
    return [seat_wind(seat, players=players) for seat in range(players)]


def seat_label(seat: int, players: int = 4) -> str:
    """ "seat 1 (South 南)": the seat and its wind, seat 0 the dealer."""
    return f"seat {seat} ({WIND_LABELS[seat_wind(seat, players=players)]})"


def wind_dropdown(description: str, winds: Iterable[str], css_class: str) -> w.Dropdown:
    """A menu of winds, East first and chosen."""
    return classed(
        w.Dropdown(
            options=[(WIND_LABELS[wind], wind) for wind in winds],
            value="E",
            description=description,
            layout=w.Layout(width="200px"),
        ),
        css_class,
    )


def money(value: int) -> str:
    """A seat's net: "+32" in green, "−32" in red, a grey dash for nothing."""
    if value == 0:
        return "<span style='color:#aaa'>–</span>"
    colour = GOOD if value > 0 else BAD
    text = f"+{value}" if value > 0 else f"−{-value}"
    return f"<span style='color:{colour};font-weight:700'>{text}</span>"


def seat_table(
    css_class: str, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[int]]]
) -> str:
    """A small table of nets: one row per seat (its label, then one net per column)."""
    head = "".join(f"<th style='{CELL};color:#555'>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        f"<tr><td style='{CELL};text-align:left'>{label}</td>"
        + "".join(f"<td style='{CELL}'>{money(value)}</td>" for value in values)
        + "</tr>"
        for label, values in rows
    )
    return (
        f"<table class='{css_class}' style='border-collapse:collapse;font-size:13px;margin:4px 0'>"
        f"<thead><tr><th style='{CELL};text-align:left;color:#555'>Seat</th>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def not_ready(hand: Hand) -> str:
    """Why no tile completes a 13-tile hand."""
    away = shanten(hand, forms=FORMS)
    if away == 0:
        return "Every tile this hand waits on is already in it four times: nothing completes it."
    return (
        f"Not ready: {plural(away, 'tile')} away from waiting; no single tile completes it "
        "(seven pairs does not win here)."
    )
