"""SVG and HTML pictures of Hwatu cards, hands and Nylon-ppong results.

Everything is drawn here, by code, as inline SVG: no image files, no web fonts,
no network. The functions only build strings (text goes through
:func:`html.escape`), so they work in a notebook, in Voila, in a static HTML
export or in a plain test. Values display themselves by calling these from
their ``_repr_html_``.

A card face is 100 × 160 units, scaled to the ``width`` asked for:

* a frame in the month's colour, ending in a band with the plant's name;
* the month number, large, at the top left, and the type's Korean name
  (광, 열, 띠, 피, 쌍피) at the top right;
* the month's plant, drawn the same on its four cards, with the type's mark
  over it: a red sun for brights, a paw seal for animals, a hanging ribbon in
  the ribbon's colour, a "×2" badge for double junk, the plant alone for junk.

>>> from kit.hwatu import Card
>>> svg = card_svg(Card.parse("3B"))
>>> svg.startswith("<svg ") and 'class="kit-card-face"' in svg
True
>>> "(no cards)" in cards_html([])
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from html import escape
from typing import TYPE_CHECKING

from kit.hwatu import DECK, MONTHS, Card, CardKind, Month

if TYPE_CHECKING:
    from kit.nylonppong.game import RoundResult
    from kit.nylonppong.rules import Combination

__all__ = [
    "card_back_svg",
    "card_svg",
    "cards_html",
    "combination_html",
    "month_strip_html",
    "round_result_html",
]

FONT = (
    "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,"
    "'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR','Noto Sans CJK KR',"
    "NanumGothic,sans-serif"
)
"""One sans-serif stack for every label, Korean-capable fonts included."""

_SVG_NS = "http://www.w3.org/2000/svg"
_ASPECT = 1.6
"""Hwatu cards are 1 : 1.6."""

_PAPER = "#fffaf0"
_INK = "#212121"
_WHITE = "#ffffff"
_SUN = "#d32f2f"
_GOLD = "#ffc94d"
_AMBER = "#f4a91d"
_BROWN = "#5d4037"

_RIBBON_COLOURS: dict[str, str] = {
    "red poem": "#c62828",
    "grass": "#c62828",
    "blue": "#1e56a0",
    "plain": "#9e9e9e",
}
_POEM = "홍단"
"""What the red poem ribbons carry, written down the ribbon."""


# --- Small helpers: numbers, colours, text ---------------------------------------------


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros.

    >>> _n(3.0), _n(2.345), _n(-0.0)
    ('3', '2.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0–1) of the way towards ``other``.

    >>> _mix("#000000", "#ffffff", 0.5)
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


def _ink(colour: str, background: str = _PAPER, ratio: float = 4.5) -> str:
    """``colour`` darkened just enough to be read as text on ``background``.

    Light month colours (cherry pink, chrysanthemum yellow) would vanish as
    text on paper; this keeps their hue and fixes their contrast.
    """
    for step in range(11):
        shade = _mix(colour, "#000000", step / 10)
        if _contrast(shade, background) >= ratio:
            return shade
    return "#000000"


def _on(colour: str) -> str:
    """White or near-black, whichever reads better on ``colour``."""
    return _WHITE if _contrast(_WHITE, colour) >= _contrast(_INK, colour) else _INK


def _text(
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
        squeeze = f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="{weight}" '
        f'fill="{fill}" text-anchor="{anchor}"{squeeze}{extra}>{escape(text)}</text>'
    )


def _text_width(text: str, size: float) -> float:
    """A generous guess at the width of bold sans-serif text (wide glyphs count double)."""
    return sum(size * (1.0 if ord(ch) > 0x2E7F else 0.6) for ch in text)


def _svg(width: int, css_class: str, label: str, body: str, extra: str = "") -> str:
    """The ``<svg>`` wrapper shared by faces and backs: 100 × 160 units, sized in pixels."""
    _check_width(width)
    return (
        f'<svg xmlns="{_SVG_NS}" class="{css_class}" role="img" aria-label="{escape(label)}" '
        f'width="{width}" height="{_n(width * _ASPECT)}" viewBox="0 0 100 160" '
        f'font-family="{FONT}" style="flex:none;vertical-align:middle"{extra}>'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def _check_width(width: int) -> None:
    if not isinstance(width, int) or isinstance(width, bool) or width <= 0:
        raise ValueError(f"width must be a positive number of pixels, not {width!r}")


def _short_plant(month: Month, *, compact: bool = False) -> str:
    """The plant's name for the card's band, short enough to read at the card's size.

    No parenthesis and no "blossom"; at most 12 letters, or for small cards
    one word of at most 9 letters.

    >>> [_short_plant(MONTHS[i]) for i in (1, 3, 6, 7, 8)]
    ['plum', 'wisteria', 'bush clover', 'pampas grass', 'chrysanthemum']
    >>> [_short_plant(MONTHS[i], compact=True) for i in (6, 7, 8, 10)]
    ['clover', 'pampas', 'chrysan.', 'paulownia']
    """
    words = [w for w in month.plant.split(" (")[0].split() if w != "blossom"]
    if compact:
        word = max(words, key=len)
        return word if len(word) <= 9 else word[:7] + "."
    while len(words) > 1 and len(" ".join(words)) > 12:
        words = words[1:]
    return " ".join(words)


_COMPACT = 48
"""Faces narrower than this many pixels get larger, shorter labels."""


def _korean_month(month: Month) -> str:
    """The month's Korean name without the gloss: "송학" from "송학 (pine and crane)"."""
    return month.korean.split(" (")[0]


# --- The plants: one small drawing per month, shared by its four cards ------------------
# Each draws in the picture area, about x 12–88 and y 48–124, in the month's colour.

Point = tuple[float, float]


def _circle(x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}"{extra}/>'


def _ellipse(x: float, y: float, rx: float, ry: float, angle: float, fill: str) -> str:
    turn = f' transform="rotate({_n(angle)} {_n(x)} {_n(y)})"' if angle else ""
    return f'<ellipse cx="{_n(x)}" cy="{_n(y)}" rx="{_n(rx)}" ry="{_n(ry)}" fill="{fill}"{turn}/>'


def _polygon(points: Iterable[Point], fill: str) -> str:
    coords = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    return f'<polygon points="{coords}" fill="{fill}"/>'


def _stroke(d: str, colour: str, width: float) -> str:
    return (
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
        'stroke-linecap="round"/>'
    )


def _bezier(p0: Point, p1: Point, p2: Point, t: float) -> Point:
    """A point on the quadratic curve p0–p1–p2."""
    u = 1 - t
    return (
        u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
        u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
    )


def _leaves_along(p0: Point, p1: Point, p2: Point, count: int, size: float, fill: str) -> str:
    """Small leaves set along a curved stem, turning to alternate sides."""
    parts = []
    for i in range(count):
        t = 0.12 + 0.84 * i / max(count - 1, 1)
        x, y = _bezier(p0, p1, p2, t)
        ax, ay = _bezier(p0, p1, p2, min(t + 0.02, 1.0))
        angle = math.degrees(math.atan2(ay - y, ax - x))
        side = 1 if i % 2 else -1
        nx, ny = -math.sin(math.radians(angle)) * side, math.cos(math.radians(angle)) * side
        parts.append(
            _ellipse(x + nx * size, y + ny * size, size, size * 0.55, angle + 40 * side, fill)
        )
    return "".join(parts)


def _flower(x: float, y: float, size: float, fill: str, centre: str, *, petals: int = 5) -> str:
    """A round-petalled flower (plum, peony)."""
    parts = []
    for i in range(petals):
        a = math.radians(-90 + 360 * i / petals)
        reach = size * 0.55
        parts.append(_circle(x + math.cos(a) * reach, y + math.sin(a) * reach, size * 0.5, fill))
    parts.append(_circle(x, y, size * 0.28, centre))
    return "".join(parts)


def _rosette(x: float, y: float, length: float, width: float, fill: str, petals: int) -> str:
    """Long petals around a centre (cherry, chrysanthemum)."""
    parts = []
    for i in range(petals):
        angle = 360 * i / petals
        a = math.radians(angle - 90)
        cx, cy = x + math.cos(a) * length * 0.55, y + math.sin(a) * length * 0.55
        parts.append(_ellipse(cx, cy, width, length * 0.5, angle, fill))
    return "".join(parts)


def _maple_leaf(x: float, y: float, size: float, fill: str) -> str:
    """A five-lobed, toothed maple leaf, its stem pointing down."""
    lobes = ((-90, 1.0), (-25, 0.92), (35, 0.6), (145, 0.6), (205, 0.92))
    corners: list[Point] = []
    for i, (angle, reach) in enumerate(lobes):
        following = lobes[i + 1][0] if i + 1 < len(lobes) else lobes[0][0] + 360
        for offset, r in ((-15, 0.62 * reach), (0, reach), (15, 0.62 * reach)):
            corners.append(_polar(x, y, angle + offset, r * size))
        sinus = (angle + following) / 2
        corners.append(_polar(x, y, sinus, (0.22 if sinus == 90 else 0.36) * size))
    return _polygon(corners, fill)


def _polar(x: float, y: float, angle: float, r: float) -> Point:
    a = math.radians(angle)
    return x + math.cos(a) * r, y + math.sin(a) * r


def _pine(c: str) -> str:
    return (
        f'<rect x="46" y="104" width="8" height="19" rx="1.5" fill="{_BROWN}"/>'
        + _polygon([(50, 72), (80, 110), (20, 110)], c)
        + _polygon([(50, 60), (74, 92), (26, 92)], _mix(c, _WHITE, 0.18))
        + _polygon([(50, 48), (68, 74), (32, 74)], _mix(c, _WHITE, 0.36))
    )


def _plum(c: str) -> str:
    return (
        _stroke("M16,122 Q40,104 48,84 T84,52", _BROWN, 4)
        + _flower(32, 104, 14, c, _GOLD)
        + _flower(58, 74, 17, c, _GOLD)
        + _circle(78, 56, 4.5, c)
        + _circle(40, 82, 3.5, c)
    )


def _cherry(c: str) -> str:
    edge = _mix(c, "#000000", 0.25)
    return (
        _stroke("M18,124 Q44,96 84,56", _BROWN, 3)
        + _rosette(38, 70, 20, 6, edge, 5)
        + _rosette(38, 70, 18, 5, c, 5)
        + _circle(38, 70, 3.5, _GOLD)
        + _rosette(64, 96, 22, 6.5, edge, 5)
        + _rosette(64, 96, 20, 5.5, c, 5)
        + _circle(64, 96, 4, _GOLD)
    )


def _wisteria(c: str) -> str:
    parts = [_stroke("M14,54 Q50,44 86,54", _BROWN, 3.5)]
    for x, count in ((30, 7), (50, 9), (70, 6)):
        top = 52
        parts.append(_stroke(f"M{x},{top} L{x},{top + count * 7}", _BROWN, 1.2))
        for k in range(count):
            side = -1 if k % 2 else 1
            parts.append(_ellipse(x + side * 4, top + 5 + k * 7, 5, 2.8, side * 28, c))
    return "".join(parts)


def _iris(c: str) -> str:
    blade = _mix(c, "#000000", 0.35)
    return (
        f'<path d="M38,124 Q30,92 20,58 Q40,88 46,124 Z" fill="{blade}"/>'
        f'<path d="M46,124 Q48,90 44,60 Q56,92 54,124 Z" fill="{blade}"/>'
        f'<path d="M54,124 Q66,96 82,70 Q68,102 62,124 Z" fill="{blade}"/>'
        + _ellipse(58, 56, 6, 12, -40, c)
        + _ellipse(72, 56, 6, 12, 40, c)
        + _ellipse(65, 66, 5.5, 11, 0, _mix(c, _WHITE, 0.3))
        + _circle(65, 55, 3, _GOLD)
    )


def _peony(c: str) -> str:
    leaf = _mix(c, "#000000", 0.45)
    return (
        _ellipse(32, 108, 16, 7, -30, leaf)
        + _ellipse(68, 108, 16, 7, 30, leaf)
        + _flower(50, 80, 40, c, c, petals=8)
        + _flower(50, 80, 22, _mix(c, _WHITE, 0.35), _GOLD, petals=6)
    )


def _bush_clover(c: str) -> str:
    stem: tuple[Point, Point, Point] = ((20, 124), (28, 64), (84, 52))
    low: tuple[Point, Point, Point] = ((34, 124), (50, 90), (86, 92))
    return (
        _stroke("M20,124 Q28,64 84,52", _BROWN, 2)
        + _stroke("M34,124 Q50,90 86,92", _BROWN, 2)
        + _leaves_along(*stem, 9, 5, c)
        + _leaves_along(*low, 6, 4.5, _mix(c, _WHITE, 0.3))
    )


def _pampas(c: str) -> str:
    grass = _mix(c, _WHITE, 0.55)
    blades = "".join(
        _stroke(f"M{x},{y} Q{x + 2},{y - 14} {x + 9},{y - 24}", grass, 1.6)
        for x, y in ((24, 100), (36, 90), (48, 86), (60, 88), (72, 96))
    )
    return f'<path d="M8,128 L8,108 Q50,56 92,108 L92,128 Z" fill="{c}"/>' + blades


def _chrysanthemum(c: str) -> str:
    leaf = _mix(c, "#000000", 0.5)
    return (
        _ellipse(34, 114, 13, 6, -25, leaf)
        + _ellipse(66, 114, 13, 6, 25, leaf)
        + _rosette(50, 80, 30, 4.2, _mix(c, "#000000", 0.2), 16)
        + _rosette(50, 80, 26, 3.4, c, 16)
        + _circle(50, 80, 7, _mix(c, "#000000", 0.4))
    )


def _maple(c: str) -> str:
    return (
        _stroke("M50,84 L50,124", _BROWN, 2)
        + _stroke("M32,110 L40,124", _BROWN, 1.5)
        + _maple_leaf(50, 80, 30, c)
        + _maple_leaf(28, 106, 14, _mix(c, _WHITE, 0.3))
        + _maple_leaf(74, 110, 12, _mix(c, "#000000", 0.2))
    )


def _paulownia(c: str) -> str:
    bloom = _mix(c, _WHITE, 0.45)
    parts = [
        _stroke("M36,104 L32,66", c, 1.6),
        _stroke("M50,104 L50,54", c, 1.6),
        _stroke("M64,104 L68,66", c, 1.6),
    ]
    stalks = (((36, 100), (32, 66), 4), ((50, 100), (50, 54), 5), ((64, 100), (68, 66), 4))
    for (x0, y0), (x1, y1), count in stalks:
        for k in range(count):
            t = k / (count - 1)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            side = -1 if k % 2 else 1
            parts.append(_circle(x + side * 3.6, y, 3.4, bloom))
    parts += [
        _ellipse(34, 110, 15, 9, -25, c),
        _ellipse(66, 110, 15, 9, 25, c),
        _ellipse(50, 114, 14, 10, 0, _mix(c, "#000000", 0.2)),
    ]
    return "".join(parts)


def _willow(c: str) -> str:
    rain = _mix(c, _WHITE, 0.6)
    drops = "".join(
        _stroke(f"M{x},{y} l-3,9", rain, 1.2) for x, y in ((22, 60), (30, 92), (80, 100))
    )
    parts = [drops]
    for end in (30, 46, 62, 78):
        p0: Point = (60, 48)
        p1: Point = ((60 + end) / 2 + 14, 52)
        p2: Point = (end, 124)
        parts.append(_stroke(f"M60,48 Q{_n(p1[0])},52 {end},124", c, 2))
        parts.append(_leaves_along(p0, p1, p2, 6, 4, c))
    return "".join(parts)


_PLANTS: dict[int, Callable[[str], str]] = {
    1: _pine,
    2: _plum,
    3: _cherry,
    4: _wisteria,
    5: _iris,
    6: _peony,
    7: _bush_clover,
    8: _pampas,
    9: _chrysanthemum,
    10: _maple,
    11: _paulownia,
    12: _willow,
}


# --- The type marks -------------------------------------------------------------------


def _bright_mark() -> str:
    """A red sun ringed in gold, marked 光."""
    return _circle(50, 84, 22, _SUN, f' stroke="{_GOLD}" stroke-width="3.5"') + _text(
        50, 93, "光", size=25, fill=_WHITE
    )


def _animal_mark() -> str:
    """An amber seal with a paw print: "an animal is on this card"."""
    paw = "#4e2c00"
    return (
        '<rect x="34" y="68" width="32" height="32" rx="5" transform="rotate(45 50 84)" '
        f'fill="{_AMBER}" stroke="{paw}" stroke-width="1.5"/>'
        + _ellipse(50, 90, 7.5, 6.2, 0, paw)
        + _circle(41.5, 80.5, 2.9, paw)
        + _circle(47, 76, 2.9, paw)
        + _circle(53, 76, 2.9, paw)
        + _circle(58.5, 80.5, 2.9, paw)
    )


def _ribbon_mark(ribbon: str) -> str:
    """A hanging ribbon (tanzaku), tilted; red poem ribbons carry writing."""
    fill = _RIBBON_COLOURS.get(ribbon, _RIBBON_COLOURS["plain"])
    edge = _mix(fill, "#000000", 0.3)
    writing = ""
    if ribbon == "red poem":
        writing = "".join(
            _text(50, 76 + 15 * i, ch, size=13, fill=_WHITE) for i, ch in enumerate(_POEM)
        )
    return (
        '<g transform="rotate(-14 50 86)">'
        f'<rect x="40" y="50" width="20" height="72" rx="2" fill="{fill}" '
        f'stroke="{edge}" stroke-width="1.5"/>'
        f'<rect x="40" y="50" width="20" height="7" fill="{edge}"/>'
        f"{writing}</g>"
    )


def _double_mark() -> str:
    """A dark "×2" badge: this junk card counts twice in other Hwatu games."""
    return _circle(73, 110, 13, _INK, f' stroke="{_WHITE}" stroke-width="2"') + _text(
        73, 115, "×2", size=14, fill=_WHITE
    )


def _mark(card: Card) -> str:
    """The type's mark, drawn over the plant; plain junk has none."""
    if card.kind is CardKind.BRIGHT:
        return _bright_mark()
    if card.kind is CardKind.ANIMAL:
        return _animal_mark()
    if card.kind is CardKind.RIBBON:
        return _ribbon_mark(card.ribbon or "plain")
    if card.kind is CardKind.DOUBLE_JUNK:
        return _double_mark()
    return ""


_KIND_LABELS: dict[CardKind, str] = {kind: kind.korean for kind in CardKind} | {
    CardKind.ANIMAL: "열"
}
"""The Korean word in the card's corner: 열끗 is shortened to 열, as players say it."""


def _kind_colour(card: Card) -> str:
    """The colour of the type's Korean label."""
    if card.kind is CardKind.BRIGHT:
        return _SUN
    if card.kind is CardKind.ANIMAL:
        return "#9a5b00"
    if card.kind is CardKind.RIBBON:
        return _ink(_RIBBON_COLOURS.get(card.ribbon or "plain", _INK))
    if card.kind is CardKind.DOUBLE_JUNK:
        return _INK
    return "#6b6b6b"


# --- Cards ------------------------------------------------------------------------------


def card_svg(card: Card, *, width: int = 56) -> str:
    """One card face as a standalone ``<svg>``, ``width`` pixels wide and 1.6 times as tall.

    The tooltip and the accessible label are :meth:`Card.describe`.

    >>> svg = card_svg(Card.parse("11D"), width=40)
    >>> 'height="64"' in svg, ">11<" in svg, "쌍피" in svg, "×2" in svg
    (True, True, True, True)
    """
    _check_width(width)
    month = card.month_info
    colour = month.colour
    kind = card.kind
    plant = _PLANTS[card.month](colour)
    if kind is not CardKind.JUNK and kind is not CardKind.DOUBLE_JUNK:
        plant = f'<g opacity="0.38">{plant}</g>'  # faded, so the mark stands out
    number = str(card.month)
    korean = _KIND_LABELS[kind]
    compact = width < _COMPACT
    grow = 1.1 if compact else 1.0
    parts = [
        _CARD_SHADOW,
        f'<rect x="1" y="1" width="96" height="155" rx="9" fill="{colour}" '
        f'stroke="{_mix(colour, "#000000", 0.35)}" stroke-width="1.2"/>',
        f'<rect x="6" y="6" width="86" height="119" rx="5" fill="{_PAPER}"/>',
        plant,
        _mark(card),
        _text(
            10,
            39,
            number,
            size=(36 if len(number) == 1 else 34) * grow,
            fill=_ink(colour),
            anchor="start",
            weight=800,
            extra=' letter-spacing="-1.5"',
        ),
        _text(
            88,
            31,
            korean,
            size=21 * grow if len(korean) == 1 else 15.5,
            fill=_kind_colour(card),
            anchor="end",
        ),
        _text(
            49,
            146.5 if compact else 146,
            _short_plant(month, compact=compact),
            size=21 if compact else 18,
            fill=_on(colour),
            weight=700 if compact else 600,
            fit=84,
        ),
    ]
    return _svg(
        width,
        "kit-card-face",
        card.describe(),
        "".join(parts),
        f' data-card="{escape(card.notation())}"',
    )


_CARD_SHADOW = '<rect x="2.5" y="3.5" width="96" height="155" rx="9" fill="#000000" opacity="0.2"/>'
"""A soft offset shadow drawn inside the SVG itself (no filter ids to clash between cards)."""


def card_back_svg(*, width: int = 56) -> str:
    """The back of a card, face down: red, as Hwatu backs are.

    >>> 'class="kit-card-back"' in card_back_svg(width=40)
    True
    """
    red, deep, light = "#b3261e", "#8e1c16", "#e06a5f"
    dots = "".join(
        _polygon([(x, y - 3.2), (x + 3.2, y), (x, y + 3.2), (x - 3.2, y)], deep)
        for row, y in enumerate(range(18, 146, 10))
        for x in range(18 + 5 * (row % 2), 84, 10)
    )
    body = (
        f'{_CARD_SHADOW}<rect x="1" y="1" width="96" height="155" rx="9" fill="{red}" '
        f'stroke="{deep}" stroke-width="1.2"/>'
        f'<rect x="8" y="8" width="82" height="141" rx="5" fill="none" '
        f'stroke="{light}" stroke-width="1.5"/>'
        f"{dots}"
        + _circle(49, 78.5, 17, red, f' stroke="{light}" stroke-width="2"')
        + _flower(49, 78.5, 18, light, red, petals=4)
    )
    return _svg(width, "kit-card-back", "face-down card", body)


def _placeholder(width: int, text: str) -> str:
    """A dashed, card-high box: an empty hand still takes space and says so."""
    return (
        f'<div class="kit-empty" style="display:flex;align-items:center;justify-content:center;'
        f"box-sizing:border-box;min-width:{width}px;height:{_n(width * _ASPECT)}px;"
        f"padding:0 6px;border:1px dashed #b0b0b0;border-radius:6px;color:#6b6b6b;"
        f'font-family:{FONT};font-size:12px;font-style:italic">{escape(text)}</div>'
    )


def cards_html(cards: Iterable[Card], *, width: int = 56, caption: str | None = None) -> str:
    """A wrapping row of card faces, with an optional caption underneath.

    >>> html = cards_html([Card.parse("1B"), Card.parse("2A")], caption="a <small> hand")
    >>> html.count("kit-card-face"), "a &lt;small&gt; hand" in html
    (2, True)
    """
    faces = "".join(card_svg(card, width=width) for card in cards)
    row = (
        '<div class="kit-cards" style="display:flex;gap:4px;flex-wrap:wrap">'
        f"{faces or _placeholder(width, '(no cards)')}</div>"
    )
    if caption is None:
        return row
    return (
        f'<div class="kit-cards-figure" style="display:inline-block">{row}'
        f'<div class="kit-caption" style="font-family:{FONT};font-size:12px;color:#555;'
        f'margin-top:4px">{escape(caption)}</div></div>'
    )


def _month_chip(month: int, size: int = 22) -> str:
    """A small square in the month's colour with its number: a month without a card."""
    info = MONTHS[month - 1]
    return (
        f'<span title="{escape(info.name)}" style="display:inline-flex;align-items:center;'
        f"justify-content:center;width:{size}px;height:{size}px;border-radius:4px;"
        f"background:{info.colour};color:{_on(info.colour)};font-weight:700;"
        f'font-size:{round(size * 0.55)}px">{month}</span>'
    )


# --- Nylon-ppong values -------------------------------------------------------------------


def _signed(value: int) -> str:
    """A score with a real minus sign, as RULES.md writes it."""
    return f"−{-value}" if value < 0 else str(value)


def combination_html(combination: Combination) -> str:
    """A combination's name, value, months and one-line explanation (RULES.md §1.4)."""
    value = combination.value
    badge = "#2e7d32" if value < 0 else "#616161"
    chips = "".join(_month_chip(month) for month in combination.months)
    explanation = combination.explanation.removeprefix(f"{combination.name}: ")
    return (
        f'<div class="kit-combination" style="display:inline-block;font-family:{FONT};'
        f"color:{_INK};background:#fffdf8;border:1px solid #e0d8c8;border-left:5px solid "
        f'{badge};border-radius:6px;padding:8px 12px;max-width:36em">'
        '<div style="display:flex;align-items:baseline;gap:10px;flex-wrap:wrap">'
        f'<strong style="font-size:15px">{escape(combination.name)}</strong>'
        f'<span class="kit-value" style="background:{badge};color:{_WHITE};border-radius:10px;'
        f'padding:1px 9px;font-weight:700;font-size:13px">{escape(_signed(value))}</span></div>'
        f'<div style="display:flex;gap:3px;margin:7px 0">{chips}</div>'
        f'<div style="font-size:13px;color:#444">{escape(explanation)}</div></div>'
    )


_ROLES: dict[str, tuple[str, str]] = {
    "combination": ("declared", ""),
    "stop": ("called stop", ""),
    "ppong-out": ("went out", "ppong victim"),
    "deck-empty": ("could not draw", ""),
}
"""What the table notes beside the seat that ended the round, and beside the victim."""


def round_result_html(result: RoundResult) -> str:
    """Each seat's hand, laid-out ppong cards, hand sum and penalty; the best penalty stands out.

    Laid-out cards are dimmed because they never score (RULES.md §1.5).
    """
    best = min(result.penalties)
    ended, victim_note = _ROLES.get(result.ended_by, ("", ""))
    cell = "padding:4px 8px;border-bottom:1px solid #e6e0d4;vertical-align:middle"
    head = "".join(
        f'<th style="{cell};text-align:{align};font-weight:600;color:#555">{name}</th>'
        for name, align in (
            ("Seat", "left"),
            ("Hand", "left"),
            ("Laid out (ppong)", "left"),
            ("Sum", "right"),
            ("Penalty", "right"),
        )
    )
    rows = []
    for seat, (hand, laid, penalty) in enumerate(
        zip(result.hands, result.laid, result.penalties, strict=True)
    ):
        notes = []
        if seat == result.player and ended:
            notes.append(ended)
        if seat == result.victim and victim_note:
            notes.append(victim_note)
        note = "".join(
            f'<div style="font-size:11px;color:#777">{escape(text)}</div>' for text in notes
        )
        if len(laid):
            laid_cell = f'<div style="opacity:0.45">{cards_html(laid, width=34)}</div>'
        else:
            laid_cell = '<span style="color:#aaa">–</span>'
        if penalty == best:
            shown = (
                f'<span class="kit-best" style="background:#2e7d32;color:{_WHITE};'
                f'border-radius:10px;padding:2px 9px;font-weight:700">{_signed(penalty)}</span>'
            )
        else:
            shown = _signed(penalty)
        rows.append(
            f'<tr class="kit-seat"><td style="{cell}"><strong>{seat}</strong>{note}</td>'
            f'<td style="{cell}">{cards_html(hand, width=34)}</td>'
            f'<td style="{cell}">{laid_cell}</td>'
            f'<td style="{cell};text-align:right">{hand.total}</td>'
            f'<td style="{cell};text-align:right">{shown}</td></tr>'
        )
    return (
        f'<table class="kit-round-result" style="border-collapse:collapse;font-family:{FONT};'
        f'font-size:13px;color:{_INK}">'
        '<caption style="caption-side:top;text-align:left;font-weight:600;padding:0 0 6px">'
        f"{escape(result.summary)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def month_strip_html(*, width: int = 56) -> str:
    """The whole deck: one row per month, its name and value at the left, its four cards beside.

    Lesson 1 uses it to show the deck; ``width`` sizes the faces.

    >>> strip = month_strip_html()
    >>> strip.count("kit-card-face"), strip.count("kit-month-row")
    (48, 12)
    """
    rows = []
    for month in MONTHS:
        cards = [card for card in DECK if card.month == month.number]
        rows.append(
            '<div class="kit-month-row" style="display:flex;align-items:center;gap:12px">'
            '<div style="display:flex;align-items:center;gap:8px;width:210px;flex:none">'
            f"{_month_chip(month.number, 30)}"
            f'<div style="line-height:1.3"><div><strong>{escape(month.name)}</strong>'
            f'<span style="color:#666;white-space:nowrap"> · value {month.number}</span></div>'
            f'<div style="font-size:12px;color:#555">{escape(month.plant)} · '
            f"{escape(_korean_month(month))}</div></div></div>"
            f'<div style="flex:none">{cards_html(cards, width=width)}</div></div>'
        )
    return (
        f'<div class="kit-month-strip" style="display:flex;flex-direction:column;gap:6px;'
        f'font-family:{FONT};font-size:14px;color:{_INK}">{"".join(rows)}</div>'
    )
