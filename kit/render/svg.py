"""What every picture shares: the font, the palette, numbers, text, the ``<svg>`` element, shapes.

Coordinates are written with at most two decimals (:func:`num`), and every
text goes through :func:`html.escape`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

FONT = (
    "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,"
    "'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR','Noto Sans CJK KR',"
    "NanumGothic,sans-serif"
)
"""One sans-serif stack for every label, Korean-capable fonts included."""

_SVG_NS = "http://www.w3.org/2000/svg"

PAPER = "#fffaf0"
INK = "#212121"
WHITE = "#ffffff"
GOLD = "#ffc94d"
AMBER = "#f4a91d"
BROWN = "#5d4037"


SCALE_VARIABLE = "--kit-scale"
"""The CSS variable every picture's size is multiplied by (:mod:`kit.render.size`)."""

# --- Numbers and colours ----------------------------------------------------------------


def num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros.

    >>> num(3.0), num(2.345), num(-0.0)
    ('3', '2.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def scaled(pixels: float) -> str:
    """A CSS length of ``pixels`` times the page's picture size (1 unless a page sets it).

    >>> scaled(36)
    'calc(36px * var(--kit-scale, 1))'
    """
    return f"calc({num(pixels)}px * var({SCALE_VARIABLE}, 1))"


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0–1) of the way towards ``other``.

    >>> mix("#000000", "#ffffff", 0.5)
    '#808080'
    """
    pairs = zip(_rgb(colour), _rgb(other), strict=True)
    return "#" + "".join(f"{round(a + (b - a) * amount):02x}" for a, b in pairs)


def _luminance(colour: str) -> float:
    """Relative luminance as WCAG defines it (0 black, 1 white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    """WCAG contrast ratio, from 1 (none) to 21 (black on white)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def legible(colour: str, background: str = PAPER, ratio: float = 4.5) -> str:
    """``colour`` darkened just enough to be read as text on ``background``.

    Light month colours (cherry pink, chrysanthemum yellow) would vanish as
    text on paper; this keeps their hue and fixes their contrast.
    """
    for step in range(11):
        shade = mix(colour, "#000000", step / 10)
        if _contrast(shade, background) >= ratio:
            return shade
    return "#000000"


def text_on(colour: str) -> str:
    """White or near-black, whichever reads better on ``colour``."""
    return WHITE if _contrast(WHITE, colour) >= _contrast(INK, colour) else INK


# --- Text and the <svg> element ---------------------------------------------------------


def svg_text(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str,
    anchor: str = "middle",
    weight: int = 700,
    fit: float | None = None,
    extra: str = "",
) -> str:
    """An SVG ``<text>``; squeezed to ``fit`` units wide when it would run longer."""
    squeeze = ""
    if fit is not None and _text_width(text, size) > fit:
        squeeze = f' textLength="{num(fit)}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" font-weight="{weight}" '
        f'fill="{fill}" text-anchor="{anchor}"{squeeze}{extra}>{escape(text)}</text>'
    )


def _text_width(text: str, size: float) -> float:
    """A generous guess at the width of bold sans-serif text (wide glyphs count double)."""
    return sum(size * (1.0 if ord(ch) > 0x2E7F else 0.6) for ch in text)


def svg_image(
    width: int,
    css_class: str,
    label: str,
    body: str,
    extra: str = "",
    *,
    box: tuple[int, int] = (100, 160),
    font: str = FONT,
) -> str:
    """The ``<svg>`` wrapper shared by faces and backs, sized in pixels.

    ``box`` is the drawing's size in units (cards are 100 × 160, tiles 75 × 100);
    the height follows the width in the same proportion. The ``width`` and ``height``
    attributes hold the size asked for; the style multiplies it by the page's picture
    size (:func:`scaled`), so that one setting grows every picture on a page.
    """
    check_width(width)
    units_wide, units_high = box
    height = width * units_high / units_wide
    return (
        f'<svg xmlns="{_SVG_NS}" class="{css_class}" role="img" aria-label="{escape(label)}" '
        f'width="{width}" height="{num(height)}" '
        f'viewBox="0 0 {units_wide} {units_high}" font-family="{font}" '
        f'style="flex:none;vertical-align:middle;width:{scaled(width)};height:{scaled(height)}"'
        f"{extra}>"
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def check_width(width: int) -> None:
    """Refuse a ``width`` that is not a positive whole number of pixels."""
    if not isinstance(width, int) or isinstance(width, bool) or width <= 0:
        raise ValueError(f"width must be a positive number of pixels, not {width!r}")


# --- Shapes -----------------------------------------------------------------------------

Point = tuple[float, float]
"""A point in the drawing's units."""


def circle(x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}"{extra}/>'


def ellipse(x: float, y: float, rx: float, ry: float, angle: float, fill: str) -> str:
    turn = f' transform="rotate({num(angle)} {num(x)} {num(y)})"' if angle else ""
    return (
        f'<ellipse cx="{num(x)}" cy="{num(y)}" rx="{num(rx)}" ry="{num(ry)}" fill="{fill}"{turn}/>'
    )


def polygon(points: Iterable[Point], fill: str) -> str:
    coords = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f'<polygon points="{coords}" fill="{fill}"/>'


def stroke(d: str, colour: str, width: float) -> str:
    return (
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{num(width)}" '
        'stroke-linecap="round"/>'
    )


def polar(x: float, y: float, angle: float, r: float) -> Point:
    a = math.radians(angle)
    return x + math.cos(a) * r, y + math.sin(a) * r


# --- Rows of pictures -------------------------------------------------------------------


def placeholder(width: int, text: str, aspect: float) -> str:
    """A dashed box ``aspect`` times as high as wide: an empty hand still takes space and says so."""
    return (
        f'<div class="kit-empty" style="display:flex;align-items:center;justify-content:center;'
        f"box-sizing:border-box;min-width:{scaled(width)};height:{scaled(width * aspect)};"
        f"padding:0 6px;border:1px dashed #b0b0b0;border-radius:6px;color:#6b6b6b;"
        f'font-family:{FONT};font-size:12px;font-style:italic">{escape(text)}</div>'
    )


def figure(row: str, caption: str | None, css_class: str) -> str:
    """A row of pictures with an optional caption underneath; no caption, the row alone."""
    if caption is None:
        return row
    return (
        f'<div class="{css_class}" style="display:inline-block">{row}'
        f'<div class="kit-caption" style="font-family:{FONT};font-size:12px;color:#555;'
        f'margin-top:4px">{escape(caption)}</div></div>'
    )
