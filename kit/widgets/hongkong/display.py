"""Pieces the Hong Kong apps share: wind menus, seat labels, why a hand is not ready
(see the Hong Kong rules: reference/hongkong.md). Their tables of nets are
:func:`kit.render.readouts.nets_table`."""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as w

from kit.hongkong.game import seat_wind
from kit.hongkong.rules import FORMS
from kit.mahjong.hands import shanten
from kit.mahjong.tiles import WIND_LABELS, Hand
from kit.widgets.common import classed

__all__ = ["not_ready", "plural", "seat_label", "seat_winds", "wind_dropdown"]


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


def not_ready(hand: Hand) -> str:
    """Why no tile completes a 13-tile hand."""
    away = shanten(hand, forms=FORMS)
    if away == 0:
        return "Every tile this hand waits on is already in it four times: nothing completes it."
    return (
        f"Not ready: {plural(away, 'tile')} away from waiting; no single tile completes it "
        "(seven pairs does not win here)."
    )
