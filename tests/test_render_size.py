"""One picture size for the whole page: every tile and card the kit emits reads ``--kit-scale``."""

from __future__ import annotations

import re

import pytest

from kit.hwatu import Card
from kit.mahjong.tiles import Hand, Tile
from kit.render import (
    card_back_svg,
    card_svg,
    cards_html,
    hand_html,
    set_size,
    size_style,
    tile_back_svg,
    tile_svg,
    tiles_html,
)
from kit.render.faces import FACE_BUTTON_CSS, back_chips, tile_chip
from kit.render.size import SIZES, scale_of
from kit.widgets import PageSize

SCALED = re.compile(r"calc\((\d+(?:\.\d+)?)px \* var\(--kit-scale, 1\)\)")


def style_sizes(html: str) -> list[tuple[float, float]]:
    """(width, height) in base pixels of every ``style="…width:calc(…);height:calc(…)"``."""
    pairs = re.findall(
        r"width:calc\(([\d.]+)px \* var\(--kit-scale, 1\)\);height:calc\(([\d.]+)px \* var\(--kit-scale, 1\)\)",
        html,
    )
    return [(float(w), float(h)) for w, h in pairs]


@pytest.mark.parametrize(
    ("picture", "size"),
    [
        (tile_svg(Tile.parse("5p")), (36, 48)),
        (tile_svg(Tile.parse("5p"), width=24), (24, 32)),
        (tile_back_svg(), (36, 48)),
        (card_svg(Card.parse("3B")), (56, 89.6)),
        (card_back_svg(width=40), (40, 64)),
        (tile_chip(Tile.parse("1z"), width=24), (24, 32)),
    ],
)
def test_every_picture_is_sized_by_the_page_variable(
    picture: str, size: tuple[float, float]
) -> None:
    assert style_sizes(picture) == [size]


def test_rows_and_hands_scale_every_tile() -> None:
    hand = hand_html(Hand.parse("123m456p11z[555z](7777p)"), win=Tile.parse("1z"))
    assert hand.count("var(--kit-scale, 1)") == 2 * (hand.count("<svg ")), "each face, w and h"
    assert "var(--kit-scale, 1)" in tiles_html([])  # the empty placeholder grows too
    assert "var(--kit-scale, 1)" in cards_html([])
    assert len(style_sizes(back_chips(3))) == 3
    assert "zoom:var(--kit-scale,1)" in FACE_BUTTON_CSS  # face buttons, whatever their width


def test_the_size_style_sets_the_variable_once_for_the_page() -> None:
    assert size_style("large") == '<style class="kit-page-size">:root{--kit-scale:1.5}</style>'
    assert size_style(1.25).endswith(":root{--kit-scale:1.25}</style>")
    assert scale_of("Normal") == 1.0
    assert list(SIZES) == ["small", "normal", "large", "huge"]
    for bad in ("giant", 0, 10, True, "1.5"):
        with pytest.raises(ValueError, match="small, normal, large, huge"):
            scale_of(bad)  # type: ignore[arg-type]


def test_set_size_shows_the_style_in_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda value: shown.append(value.data))
    set_size("huge")
    assert shown == ['<style class="kit-page-size">:root{--kit-scale:2}</style>']


def test_the_page_size_control_rewrites_the_style() -> None:
    control = PageSize()
    assert control.size == "normal"
    assert "--kit-scale:1}" in control.style_holder.value
    control.buttons.value = "large"
    assert control.style_holder.value == size_style("large")
    assert "kit-page-size" in control._dom_classes
    with pytest.raises(ValueError):
        PageSize("giant")
