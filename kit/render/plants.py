"""The twelve plants of Hwatu: one small drawing per month, shared by its four cards.

Each draws in the card's picture area, about x 12–88 and y 48–124, in the
month's colour. :data:`PLANTS` maps a month number to its drawing.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from kit.render.svg import (
    BROWN,
    GOLD,
    WHITE,
    Point,
    circle,
    ellipse,
    mix,
    num,
    polar,
    polygon,
    stroke,
)

# --- Curves, leaves and petals ----------------------------------------------------------


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
            ellipse(x + nx * size, y + ny * size, size, size * 0.55, angle + 40 * side, fill)
        )
    return "".join(parts)


def flower(x: float, y: float, size: float, fill: str, centre: str, *, petals: int = 5) -> str:
    """A round-petalled flower (plum, peony)."""
    parts = []
    for i in range(petals):
        a = math.radians(-90 + 360 * i / petals)
        reach = size * 0.55
        parts.append(circle(x + math.cos(a) * reach, y + math.sin(a) * reach, size * 0.5, fill))
    parts.append(circle(x, y, size * 0.28, centre))
    return "".join(parts)


def _rosette(x: float, y: float, length: float, width: float, fill: str, petals: int) -> str:
    """Long petals around a centre (cherry, chrysanthemum)."""
    parts = []
    for i in range(petals):
        angle = 360 * i / petals
        a = math.radians(angle - 90)
        cx, cy = x + math.cos(a) * length * 0.55, y + math.sin(a) * length * 0.55
        parts.append(ellipse(cx, cy, width, length * 0.5, angle, fill))
    return "".join(parts)


def _maple_leaf(x: float, y: float, size: float, fill: str) -> str:
    """A five-lobed, toothed maple leaf, its stem pointing down."""
    lobes = ((-90, 1.0), (-25, 0.92), (35, 0.6), (145, 0.6), (205, 0.92))
    corners: list[Point] = []
    for i, (angle, reach) in enumerate(lobes):
        following = lobes[i + 1][0] if i + 1 < len(lobes) else lobes[0][0] + 360
        for offset, r in ((-15, 0.62 * reach), (0, reach), (15, 0.62 * reach)):
            corners.append(polar(x, y, angle + offset, r * size))
        sinus = (angle + following) / 2
        corners.append(polar(x, y, sinus, (0.22 if sinus == 90 else 0.36) * size))
    return polygon(corners, fill)


# --- The plants, January to December ----------------------------------------------------


def _pine(c: str) -> str:
    return (
        f'<rect x="46" y="104" width="8" height="19" rx="1.5" fill="{BROWN}"/>'
        + polygon([(50, 72), (80, 110), (20, 110)], c)
        + polygon([(50, 60), (74, 92), (26, 92)], mix(c, WHITE, 0.18))
        + polygon([(50, 48), (68, 74), (32, 74)], mix(c, WHITE, 0.36))
    )


def _plum(c: str) -> str:
    return (
        stroke("M16,122 Q40,104 48,84 T84,52", BROWN, 4)
        + flower(32, 104, 14, c, GOLD)
        + flower(58, 74, 17, c, GOLD)
        + circle(78, 56, 4.5, c)
        + circle(40, 82, 3.5, c)
    )


def _cherry(c: str) -> str:
    edge = mix(c, "#000000", 0.25)
    return (
        stroke("M18,124 Q44,96 84,56", BROWN, 3)
        + _rosette(38, 70, 20, 6, edge, 5)
        + _rosette(38, 70, 18, 5, c, 5)
        + circle(38, 70, 3.5, GOLD)
        + _rosette(64, 96, 22, 6.5, edge, 5)
        + _rosette(64, 96, 20, 5.5, c, 5)
        + circle(64, 96, 4, GOLD)
    )


def _wisteria(c: str) -> str:
    parts = [stroke("M14,54 Q50,44 86,54", BROWN, 3.5)]
    for x, count in ((30, 7), (50, 9), (70, 6)):
        top = 52
        parts.append(stroke(f"M{x},{top} L{x},{top + count * 7}", BROWN, 1.2))
        for k in range(count):
            side = -1 if k % 2 else 1
            parts.append(ellipse(x + side * 4, top + 5 + k * 7, 5, 2.8, side * 28, c))
    return "".join(parts)


def _iris(c: str) -> str:
    blade = mix(c, "#000000", 0.35)
    return (
        f'<path d="M38,124 Q30,92 20,58 Q40,88 46,124 Z" fill="{blade}"/>'
        f'<path d="M46,124 Q48,90 44,60 Q56,92 54,124 Z" fill="{blade}"/>'
        f'<path d="M54,124 Q66,96 82,70 Q68,102 62,124 Z" fill="{blade}"/>'
        + ellipse(58, 56, 6, 12, -40, c)
        + ellipse(72, 56, 6, 12, 40, c)
        + ellipse(65, 66, 5.5, 11, 0, mix(c, WHITE, 0.3))
        + circle(65, 55, 3, GOLD)
    )


def _peony(c: str) -> str:
    leaf = mix(c, "#000000", 0.45)
    return (
        ellipse(32, 108, 16, 7, -30, leaf)
        + ellipse(68, 108, 16, 7, 30, leaf)
        + flower(50, 80, 40, c, c, petals=8)
        + flower(50, 80, 22, mix(c, WHITE, 0.35), GOLD, petals=6)
    )


def _bush_clover(c: str) -> str:
    stem: tuple[Point, Point, Point] = ((20, 124), (28, 64), (84, 52))
    low: tuple[Point, Point, Point] = ((34, 124), (50, 90), (86, 92))
    return (
        stroke("M20,124 Q28,64 84,52", BROWN, 2)
        + stroke("M34,124 Q50,90 86,92", BROWN, 2)
        + _leaves_along(*stem, 9, 5, c)
        + _leaves_along(*low, 6, 4.5, mix(c, WHITE, 0.3))
    )


def _pampas(c: str) -> str:
    grass = mix(c, WHITE, 0.55)
    blades = "".join(
        stroke(f"M{x},{y} Q{x + 2},{y - 14} {x + 9},{y - 24}", grass, 1.6)
        for x, y in ((24, 100), (36, 90), (48, 86), (60, 88), (72, 96))
    )
    return f'<path d="M8,128 L8,108 Q50,56 92,108 L92,128 Z" fill="{c}"/>' + blades


def _chrysanthemum(c: str) -> str:
    leaf = mix(c, "#000000", 0.5)
    return (
        ellipse(34, 114, 13, 6, -25, leaf)
        + ellipse(66, 114, 13, 6, 25, leaf)
        + _rosette(50, 80, 30, 4.2, mix(c, "#000000", 0.2), 16)
        + _rosette(50, 80, 26, 3.4, c, 16)
        + circle(50, 80, 7, mix(c, "#000000", 0.4))
    )


def _maple(c: str) -> str:
    return (
        stroke("M50,84 L50,124", BROWN, 2)
        + stroke("M32,110 L40,124", BROWN, 1.5)
        + _maple_leaf(50, 80, 30, c)
        + _maple_leaf(28, 106, 14, mix(c, WHITE, 0.3))
        + _maple_leaf(74, 110, 12, mix(c, "#000000", 0.2))
    )


def _paulownia(c: str) -> str:
    bloom = mix(c, WHITE, 0.45)
    parts = [
        stroke("M36,104 L32,66", c, 1.6),
        stroke("M50,104 L50,54", c, 1.6),
        stroke("M64,104 L68,66", c, 1.6),
    ]
    stalks = (((36, 100), (32, 66), 4), ((50, 100), (50, 54), 5), ((64, 100), (68, 66), 4))
    for (x0, y0), (x1, y1), count in stalks:
        for k in range(count):
            t = k / (count - 1)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            side = -1 if k % 2 else 1
            parts.append(circle(x + side * 3.6, y, 3.4, bloom))
    parts += [
        ellipse(34, 110, 15, 9, -25, c),
        ellipse(66, 110, 15, 9, 25, c),
        ellipse(50, 114, 14, 10, 0, mix(c, "#000000", 0.2)),
    ]
    return "".join(parts)


def _willow(c: str) -> str:
    rain = mix(c, WHITE, 0.6)
    drops = "".join(
        stroke(f"M{x},{y} l-3,9", rain, 1.2) for x, y in ((22, 60), (30, 92), (80, 100))
    )
    parts = [drops]
    for end in (30, 46, 62, 78):
        p0: Point = (60, 48)
        p1: Point = ((60 + end) / 2 + 14, 52)
        p2: Point = (end, 124)
        parts.append(stroke(f"M60,48 Q{num(p1[0])},52 {end},124", c, 2))
        parts.append(_leaves_along(p0, p1, p2, 6, 4, c))
    return "".join(parts)


PLANTS: dict[int, Callable[[str], str]] = {
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
"""Each month's drawing, by month number; it takes the month's colour."""
