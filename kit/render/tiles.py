"""Mahjong tiles: faces, backs, rows of tiles and hands as they lie on the table.

A tile is 75 × 100 units (3 : 4), an ivory face (70 × 92) over a thin ivory
layer and the green back, both showing at the right and bottom as on a
standing tile. The picture sits in x 5–66, y 5–74; the corner index below it,
right-aligned.

* dots and bamboo in the layouts and colours of Chinese sets, drawn as shapes,
  the 1 of bamboo as a bird on its stick; the White dragon as a blue frame;
* characters (the numeral over a red 万), winds and the Red and Green dragons
  as their Chinese glyphs, which need a CJK font (:data:`TILE_FONT`);
* a small index in the corner, "5p" or "E", for readers of no Chinese.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from html import escape

from kit.mahjong.tiles import CHINESE_NUMERALS, Hand, Meld, Tile
from kit.render.svg import (
    AMBER,
    BROWN,
    FONT,
    WHITE,
    check_width,
    circle,
    ellipse,
    figure,
    legible,
    mix,
    num,
    placeholder,
    polar,
    polygon,
    stroke,
    svg_image,
    svg_text,
)

__all__ = ["TILE_FONT", "hand_html", "tile_back_svg", "tile_svg", "tiles_html"]

TILE_FONT = (
    "'Noto Sans CJK SC','Noto Sans CJK KR','NanumGothic','Microsoft YaHei','PingFang SC',sans-serif"
)
"""Fonts with the Chinese glyphs of the characters, winds and two dragons; all else is drawn."""

_TILE_BOX = (75, 100)
_TILE_ASPECT = 4 / 3
"""Tiles are 3 : 4."""

_IVORY = "#fbf6e6"
_IVORY_SIDE = "#e3d5b1"
_IVORY_LINE = "#c2b28a"
_JADE = "#1d6b4c"
_JADE_DARK = "#124732"
_BLUE = "#1d4f9c"
_GREEN = "#18793a"
_RED = "#c62828"
_NAVY = "#18213f"
_INDEX = "#54482f"

_HONOUR_INDEX = ("E", "S", "W", "N", "Wh", "G", "R")
"""The corner index of the honours: the four winds, then White, Green and Red."""

# --- Dots and bamboo --------------------------------------------------------------------

Pip = tuple[float, float, float, str]
"""A dot: centre x, centre y, radius, colour."""

_DOTS: dict[int, tuple[Pip, ...]] = {
    2: ((35.5, 22, 12.5, _GREEN), (35.5, 57, 12.5, _BLUE)),
    3: ((16.5, 17.5, 10.5, _BLUE), (35.5, 39.5, 10.5, _RED), (54.5, 61.5, 10.5, _GREEN)),
    4: tuple(
        (x, y, 11.5, _BLUE if (x < 35) == (y < 39) else _GREEN) for y in (22, 57) for x in (20, 51)
    ),
    5: (
        *(
            (x, y, 10, _BLUE if (x < 35) == (y < 39) else _GREEN)
            for y in (17, 62)
            for x in (16, 55)
        ),
        (35.5, 39.5, 10, _RED),
    ),
    6: tuple(
        (x, y, 9.5, _GREEN if y < 20 else _RED) for y in (15.5, 43, 64.5) for x in (21.5, 49.5)
    ),
    7: (
        (15, 12.5, 8, _GREEN),
        (35.5, 21, 8, _GREEN),
        (56, 29.5, 8, _GREEN),
        *((x, y, 8.6, _RED) for y in (47.5, 66) for x in (23, 48)),
    ),
    8: tuple((x, y, 8.1, _BLUE) for y in (13, 30, 47, 64) for x in (23.5, 47.5)),
    9: tuple(
        (x, y, 9, colour)
        for y, colour in ((16, _BLUE), (39.5, _RED), (63, _GREEN))
        for x in (15.5, 35.5, 55.5)
    ),
}
"""Where the dots of 2–9 stand, and their colours, as on Chinese sets."""

Stick = tuple[float, float, float, float, str]
"""A bamboo stick: centre x, centre y, length, tilt in degrees, colour."""

_STICKS: dict[int, tuple[Stick, ...]] = {
    2: ((35.5, 22, 31, 0, _BLUE), (35.5, 57, 31, 0, _GREEN)),
    3: ((35.5, 22, 31, 0, _BLUE), (22, 57, 31, 0, _GREEN), (49, 57, 31, 0, _GREEN)),
    4: tuple(
        (x, y, 31, 0, _GREEN if (x < 35) == (y < 39) else _BLUE) for y in (22, 57) for x in (22, 49)
    ),
    5: (
        *(
            (x, y, 31, 0, _GREEN if (x < 35) == (y < 39) else _BLUE)
            for y in (22, 57)
            for x in (16, 55)
        ),
        (35.5, 39.5, 31, 0, _RED),
    ),
    6: tuple((x, y, 31, 0, _BLUE if y < 39 else _GREEN) for y in (22, 57) for x in (15, 35.5, 56)),
    7: (
        (35.5, 15.5, 20, 0, _RED),
        *((x, y, 20, 0, _GREEN) for y in (40, 63) for x in (15, 35.5, 56)),
    ),
    8: (
        *((x, y, 31, 0, _GREEN) for y in (22, 57) for x in (12.5, 58.5)),
        (28, 22, 31, 18, _BLUE),
        (43, 22, 31, -18, _BLUE),
        (28, 57, 31, -18, _BLUE),
        (43, 57, 31, 18, _BLUE),
    ),
    9: tuple(
        (x, y, 20, 0, colour)
        for y in (16, 39.5, 63)
        for x, colour in ((15, _GREEN), (35.5, _RED), (56, _BLUE))
    ),
}
"""Where the sticks of 2–9 stand: the 8's middle sticks lean into an M over a W."""


def _pip(x: float, y: float, r: float, colour: str) -> str:
    """One dot, drawn as a coin: a coloured disc, an ivory ring, a coloured centre."""
    return (
        f'<g class="kit-pip">{circle(x, y, r, colour)}{circle(x, y, r * 0.6, _IVORY)}'
        f"{circle(x, y, r * 0.34, colour)}</g>"
    )


def _one_dot() -> str:
    """The 1 of dots: one big medallion, blue rim, green beads, red heart with an ivory flower."""
    x, y = 35.5, 39.5
    beads = "".join(circle(*polar(x, y, 30 * i, 19.5), 2.6, _GREEN) for i in range(12))
    petals = "".join(circle(*polar(x, y, 60 * i + 30, 6.5), 3, _IVORY) for i in range(6))
    return (
        f'<g class="kit-pip">{circle(x, y, 28, _BLUE)}{circle(x, y, 24.5, _IVORY)}{beads}'
        f"{circle(x, y, 15, _RED)}{petals}{circle(x, y, 3, _IVORY)}</g>"
    )


def _dots(number: int) -> str:
    if number == 1:
        return _one_dot()
    return "".join(_pip(*pip) for pip in _DOTS[number])


def _stick(x: float, y: float, length: float, tilt: float, colour: str) -> str:
    """One bamboo stick: a rounded cane with a knot in the middle and at both ends."""
    w = 7.4
    half = length / 2
    knot = mix(colour, "#000000", 0.35)
    light = mix(colour, WHITE, 0.55)
    turn = f" rotate({num(tilt)})" if tilt else ""
    return (
        f'<g class="kit-stick" transform="translate({num(x)} {num(y)}){turn}">'
        f'<rect x="{num(-w / 2)}" y="{num(-half)}" width="{num(w)}" height="{num(length)}" '
        f'rx="{num(w / 2.4)}" fill="{colour}"/>'
        + stroke(f"M0,{num(-half + 3)} L0,{num(-2.2)}", light, 1.3)
        + stroke(f"M0,{num(2.2)} L0,{num(half - 3)}", light, 1.3)
        + "".join(
            f'<rect x="{num(-w / 2 - 0.7)}" y="{num(at - 1.1)}" width="{num(w + 1.4)}" '
            f'height="2.2" rx="1" fill="{knot}"/>'
            for at in (-half + 1.1, 0, half - 1.1)
        )
        + "</g>"
    )


def _sticks(number: int) -> str:
    if number == 1:
        return _bird()
    return "".join(_stick(*stick) for stick in _STICKS[number])


def _bird() -> str:
    """The 1 of bamboo: a bird on a cane, green body, blue wing, red crest and tail spots."""
    tail = "".join(
        ellipse(20 + dx, 55 + dy, 5, 14, angle, colour)
        + circle(*polar(20 + dx, 55 + dy, angle + 90, 9), 2.6, _RED)
        for dx, dy, angle, colour in ((-3, -2, 35, _BLUE), (0, 2, 15, _GREEN), (5, 4, -8, _BLUE))
    )
    return (
        _stick(35.5, 68, 44, 90, _GREEN)
        + tail
        + ellipse(35, 44, 15, 10.5, -28, _GREEN)
        + ellipse(32, 45, 9, 5.5, -18, _BLUE)
        + circle(48, 27, 8, _GREEN)
        + polygon([(54.5, 24), (63, 27.5), (54.5, 30.5)], AMBER)
        + polygon([(42, 22), (44, 11), (47, 19.5), (51, 10), (51.5, 20.5)], _RED)
        + circle(50, 26, 1.8, _NAVY)
        + stroke("M36,53 L35,62 M42,51 L43,62", BROWN, 1.6)
    )


# --- Faces and backs --------------------------------------------------------------------


def _white_dragon() -> str:
    """The White dragon: an empty blue frame, a thin line inside a bold one."""
    return (
        f'<rect x="11" y="8" width="49" height="63" rx="3" fill="none" stroke="{_BLUE}" '
        'stroke-width="4"/>'
        f'<rect x="17.5" y="14.5" width="36" height="50" rx="1.5" fill="none" stroke="{_BLUE}" '
        'stroke-width="1.6"/>'
    )


def _glyph(text: str, y: float, size: float, fill: str) -> str:
    return svg_text(35.5, y, text, size=size, fill=fill, extra=' class="kit-glyph"')


def _tile_picture(tile: Tile) -> str:
    """What is printed on the tile's face, in x 5–66, y 5–74."""
    if tile.suit == "p":
        return _dots(tile.number)
    if tile.suit == "s":
        return _sticks(tile.number)
    if tile.suit == "m":
        return _glyph(CHINESE_NUMERALS[tile.number - 1], 36, 31, _NAVY) + _glyph("万", 69, 33, _RED)
    if tile.is_wind:
        return _glyph(tile.chinese, 58, 46, _NAVY)
    if tile.number == 5:
        return _white_dragon()
    return _glyph(tile.chinese, 58, 48, _RED if tile.number == 7 else _GREEN)


def _tile_index(tile: Tile) -> str:
    """The small corner label: "5p" for suited tiles, "E" … "N", "Wh", "G", "R" for honours."""
    return _HONOUR_INDEX[tile.number - 1] if tile.is_honour else tile.notation()


def _tile_shape(face: str, side: str, back: str, line: str) -> str:
    """The tile's block: the back and the side layer peeking out right and below the face."""
    return (
        f'<rect x="0.6" y="0.6" width="73.8" height="98.8" rx="8" fill="{back}" '
        f'stroke="{mix(back, "#000000", 0.35)}" stroke-width="0.9"/>'
        f'<rect x="0.6" y="0.6" width="72" height="95.4" rx="7.5" fill="{side}"/>'
        f'<rect x="0.6" y="0.6" width="70" height="92" rx="7" fill="{face}" '
        f'stroke="{line}" stroke-width="0.9"/>'
        f'<path d="M3,86 L3,9 Q3,3 9,3 L62,3" fill="none" stroke="{WHITE}" '
        'stroke-width="1.4" stroke-linecap="round" opacity="0.7"/>'
    )


@cache  # faces are drawn again and again by the apps; each is a pure function of its inputs
def tile_svg(tile: Tile, *, width: int = 36, index: bool = True) -> str:
    """One tile face as a standalone ``<svg>``, ``width`` pixels wide and 4/3 as tall.

    Dots, bamboo and the White dragon are drawn; characters, winds and the Red
    and Green dragons are their Chinese glyphs (:data:`TILE_FONT`). Every tile
    also carries a small index, "5p" or "E", for readers of no Chinese, unless
    ``index`` is False (a tile drawn beside its name, too small to read one).

    >>> svg = tile_svg(Tile.parse("5p"), width=30)
    >>> 'height="40"' in svg, "5 dots (五筒) — 5p" in svg, svg.count('class="kit-pip"')
    (True, True, 5)
    """
    check_width(width)
    # The index is about 8 pixels high whatever the tile's size, within the room below the art.
    index_size = min(19, max(12, 8 * _TILE_BOX[0] / width))
    corner = svg_text(
        66,
        88,
        _tile_index(tile),
        size=index_size,
        fill=_INDEX,
        anchor="end",
        extra=' class="kit-index"',
    )
    body = (
        _tile_shape(_IVORY, _IVORY_SIDE, _JADE, _IVORY_LINE)
        + _tile_picture(tile)
        + (corner if index else "")
    )
    return svg_image(
        width,
        "kit-tile",
        _tile_label(tile),
        body,
        f' data-tile="{tile.notation()}"',
        box=_TILE_BOX,
        font=TILE_FONT,
    )


def _tile_label(tile: Tile) -> str:
    """The tooltip and accessible name: "5 dots (五筒) — 5p"."""
    return f"{tile.name} ({tile.chinese}) — {tile.notation()}"


@cache  # faces are drawn again and again by the apps; each is a pure function of its inputs
def tile_back_svg(*, width: int = 36) -> str:
    """A tile lying face down: its green back over the ivory layer.

    >>> 'class="kit-tile-back"' in tile_back_svg(width=28)
    True
    """
    body = _tile_shape(_JADE, _IVORY_SIDE, _IVORY_SIDE, _JADE_DARK) + (
        f'<rect x="6" y="6" width="58.5" height="80.5" rx="4" fill="none" '
        f'stroke="{mix(_JADE, WHITE, 0.25)}" stroke-width="1.4"/>'
    )
    return svg_image(width, "kit-tile-back", "face-down tile", body, box=_TILE_BOX, font=TILE_FONT)


def tiles_html(tiles: Iterable[Tile], *, width: int = 36, caption: str | None = None) -> str:
    """A wrapping row of tiles, with an optional caption underneath.

    >>> html = tiles_html(Hand.parse("19m19p").concealed, caption="terminals")
    >>> html.count('class="kit-tile"'), "terminals" in html
    (4, True)
    >>> "(no tiles)" in tiles_html([])
    True
    """
    check_width(width)
    faces = "".join(tile_svg(tile, width=width) for tile in tiles)
    row = (
        '<div class="kit-tiles" style="display:flex;gap:2px;flex-wrap:wrap">'
        f"{faces or placeholder(width, '(no tiles)', _TILE_ASPECT)}</div>"
    )
    return figure(row, caption, "kit-tiles-figure")


# --- Rows and hands ---------------------------------------------------------------------

_MELD_COLOURS = {"exposed": "#1e88e5", "concealed": "#8d8d8d", "win": "#e09b00"}
"""Underline and label colours of the groups a hand shows apart."""


def _group(tiles: str, label: str, kind: str, extra: str = "") -> str:
    """Tiles side by side over a thin coloured line and a small label."""
    colour = _MELD_COLOURS[kind]
    underline = f"padding-bottom:3px;border-bottom:3px solid {colour};"
    if kind == "win":
        # A halo that takes no room, so the winning tile stands level with the others.
        underline += "border-radius:3px;background:#ffe9a8;box-shadow:0 0 0 4px #ffe9a8;"
    return (
        f'<div class="kit-group kit-{kind}"{extra} style="display:flex;flex-direction:column;'
        'align-items:center;gap:3px">'
        f'<div style="display:flex;gap:1px;{underline}">{tiles}</div>'
        f'<div class="kit-label" style="font-size:11px;color:{legible(colour, WHITE)}">'
        f"{escape(label)}</div></div>"
    )


def _meld_html(meld: Meld, width: int) -> str:
    notation = f' data-meld="{meld.notation()}"'
    if meld.concealed:
        face = tile_svg(meld.first, width=width)
        back = tile_back_svg(width=width)
        return _group(back + face + face + back, "concealed kong", "concealed", notation)
    faces = "".join(tile_svg(tile, width=width) for tile in meld.tiles)
    return _group(faces, meld.kind.value, "exposed", notation)


def hand_html(hand: Hand, *, width: int = 36, win: Tile | None = None) -> str:
    """A mahjong hand as it lies on the table.

    The concealed tiles in order, then each meld as its own group: exposed melds
    underlined and labelled "pung", "kong" or "chow", a concealed kong shown
    back–face–face–back. ``win`` (one of the concealed tiles) is set apart at
    the end, highlighted.

    >>> html = hand_html(Hand.parse("123m456p11z[555z](7777p)"), win=Tile.parse("1z"))
    >>> html.count('class="kit-tile"'), html.count('class="kit-tile-back"')
    (13, 2)
    >>> [word in html for word in ("pung", "concealed kong", "winning tile")]
    [True, True, True]
    """
    check_width(width)
    concealed = hand.without(win).concealed if win is not None else hand.concealed
    groups = []
    if concealed or not (hand.melds or win):
        tiles = "".join(tile_svg(tile, width=width) for tile in concealed)
        groups.append(
            '<div class="kit-group kit-in-hand" style="display:flex;gap:1px">'
            f"{tiles or placeholder(width, '(no tiles)', _TILE_ASPECT)}</div>"
        )
    groups += [_meld_html(meld, width) for meld in hand.melds]
    if win is not None:
        groups.append(_group(tile_svg(win, width=width), "winning tile", "win"))
    return (
        f'<div class="kit-hand" style="display:flex;align-items:flex-start;gap:10px;'
        f'flex-wrap:wrap;font-family:{FONT}">{"".join(groups)}</div>'
    )
