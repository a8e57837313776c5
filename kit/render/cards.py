"""Hwatu cards: faces, backs, rows of cards and the deck month by month.

A card face is 100 × 160 units, scaled to the ``width`` asked for:

* a frame in the month's colour, ending in a band with the plant's name;
* the month number, large, at the top left, and the type's Korean name
  (광, 열, 띠, 피, 쌍피) at the top right;
* the month's plant (:mod:`kit.render.plants`), drawn the same on its four
  cards, with the type's mark over it: a red sun for brights, a paw seal for
  animals, a hanging ribbon in the ribbon's colour, a "×2" badge for double
  junk, the plant alone for junk.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from html import escape

from kit.hwatu import DECK, MONTHS, Card, CardKind, Month
from kit.render.plants import PLANTS, flower
from kit.render.svg import (
    AMBER,
    FONT,
    GOLD,
    INK,
    PAPER,
    WHITE,
    check_width,
    circle,
    ellipse,
    figure,
    legible,
    mix,
    placeholder,
    polygon,
    svg_image,
    svg_text,
    text_on,
)

__all__ = ["card_back_svg", "card_svg", "cards_html", "month_chip", "month_strip_html"]

_CARD_ASPECT = 1.6
"""Hwatu cards are 1 : 1.6."""

_SUN = "#d32f2f"
_RIBBON_COLOURS: dict[str, str] = {
    "red poem": "#c62828",
    "grass": "#c62828",
    "blue": "#1e56a0",
    "plain": "#9e9e9e",
}
_POEM = "홍단"
"""What the red poem ribbons carry, written down the ribbon."""


# --- Labels -----------------------------------------------------------------------------


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


# --- The type marks ---------------------------------------------------------------------


def _bright_mark() -> str:
    """A red sun ringed in gold, marked 光."""
    return circle(50, 84, 22, _SUN, f' stroke="{GOLD}" stroke-width="3.5"') + svg_text(
        50, 93, "光", size=25, fill=WHITE
    )


def _animal_mark() -> str:
    """An amber seal with a paw print: "an animal is on this card"."""
    paw = "#4e2c00"
    return (
        '<rect x="34" y="68" width="32" height="32" rx="5" transform="rotate(45 50 84)" '
        f'fill="{AMBER}" stroke="{paw}" stroke-width="1.5"/>'
        + ellipse(50, 90, 7.5, 6.2, 0, paw)
        + circle(41.5, 80.5, 2.9, paw)
        + circle(47, 76, 2.9, paw)
        + circle(53, 76, 2.9, paw)
        + circle(58.5, 80.5, 2.9, paw)
    )


def _ribbon_mark(ribbon: str) -> str:
    """A hanging ribbon (tanzaku), tilted; red poem ribbons carry writing."""
    fill = _RIBBON_COLOURS.get(ribbon, _RIBBON_COLOURS["plain"])
    edge = mix(fill, "#000000", 0.3)
    writing = ""
    if ribbon == "red poem":
        writing = "".join(
            svg_text(50, 76 + 15 * i, ch, size=13, fill=WHITE) for i, ch in enumerate(_POEM)
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
    return circle(73, 110, 13, INK, f' stroke="{WHITE}" stroke-width="2"') + svg_text(
        73, 115, "×2", size=14, fill=WHITE
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
        return legible(_RIBBON_COLOURS.get(card.ribbon or "plain", INK))
    if card.kind is CardKind.DOUBLE_JUNK:
        return INK
    return "#6b6b6b"


# --- Faces and backs --------------------------------------------------------------------


@cache  # faces are drawn again and again by the apps; each is a pure function of its inputs
def card_svg(card: Card, *, width: int = 56) -> str:
    """One card face as a standalone ``<svg>``, ``width`` pixels wide and 1.6 times as tall.

    The tooltip and the accessible label are :meth:`Card.describe`.

    >>> svg = card_svg(Card.parse("11D"), width=40)
    >>> 'height="64"' in svg, ">11<" in svg, "쌍피" in svg, "×2" in svg
    (True, True, True, True)
    """
    check_width(width)
    month = card.month_info
    colour = month.colour
    kind = card.kind
    plant = PLANTS[card.month](colour)
    if kind is not CardKind.JUNK and kind is not CardKind.DOUBLE_JUNK:
        plant = f'<g opacity="0.38">{plant}</g>'  # faded, so the mark stands out
    number = str(card.month)
    korean = _KIND_LABELS[kind]
    compact = width < _COMPACT
    grow = 1.1 if compact else 1.0
    parts = [
        _CARD_SHADOW,
        f'<rect x="1" y="1" width="96" height="155" rx="9" fill="{colour}" '
        f'stroke="{mix(colour, "#000000", 0.35)}" stroke-width="1.2"/>',
        f'<rect x="6" y="6" width="86" height="119" rx="5" fill="{PAPER}"/>',
        plant,
        _mark(card),
        svg_text(
            10,
            39,
            number,
            size=(36 if len(number) == 1 else 34) * grow,
            fill=legible(colour),
            anchor="start",
            weight=800,
            extra=' letter-spacing="-1.5"',
        ),
        svg_text(
            88,
            31,
            korean,
            size=21 * grow if len(korean) == 1 else 15.5,
            fill=_kind_colour(card),
            anchor="end",
        ),
        svg_text(
            49,
            146.5 if compact else 146,
            _short_plant(month, compact=compact),
            size=21 if compact else 18,
            fill=text_on(colour),
            weight=700 if compact else 600,
            fit=84,
        ),
    ]
    return svg_image(
        width,
        "kit-card-face",
        card.describe(),
        "".join(parts),
        f' data-card="{escape(card.notation())}"',
    )


_CARD_SHADOW = '<rect x="2.5" y="3.5" width="96" height="155" rx="9" fill="#000000" opacity="0.2"/>'
"""A soft offset shadow drawn inside the SVG itself (no filter ids to clash between cards)."""


@cache  # faces are drawn again and again by the apps; each is a pure function of its inputs
def card_back_svg(*, width: int = 56) -> str:
    """The back of a card, face down: red, as Hwatu backs are.

    >>> 'class="kit-card-back"' in card_back_svg(width=40)
    True
    """
    red, deep, light = "#b3261e", "#8e1c16", "#e06a5f"
    dots = "".join(
        polygon([(x, y - 3.2), (x + 3.2, y), (x, y + 3.2), (x - 3.2, y)], deep)
        for row, y in enumerate(range(18, 146, 10))
        for x in range(18 + 5 * (row % 2), 84, 10)
    )
    body = (
        f'{_CARD_SHADOW}<rect x="1" y="1" width="96" height="155" rx="9" fill="{red}" '
        f'stroke="{deep}" stroke-width="1.2"/>'
        f'<rect x="8" y="8" width="82" height="141" rx="5" fill="none" '
        f'stroke="{light}" stroke-width="1.5"/>'
        f"{dots}"
        + circle(49, 78.5, 17, red, f' stroke="{light}" stroke-width="2"')
        + flower(49, 78.5, 18, light, red, petals=4)
    )
    return svg_image(width, "kit-card-back", "face-down card", body)


# --- Rows of cards ----------------------------------------------------------------------


def cards_html(cards: Iterable[Card], *, width: int = 56, caption: str | None = None) -> str:
    """A wrapping row of card faces, with an optional caption underneath.

    >>> html = cards_html([Card.parse("1B"), Card.parse("2A")], caption="a <small> hand")
    >>> html.count("kit-card-face"), "a &lt;small&gt; hand" in html
    (2, True)
    """
    faces = "".join(card_svg(card, width=width) for card in cards)
    row = (
        '<div class="kit-cards" style="display:flex;gap:4px;flex-wrap:wrap">'
        f"{faces or placeholder(width, '(no cards)', _CARD_ASPECT)}</div>"
    )
    return figure(row, caption, "kit-cards-figure")


def month_chip(month: int, size: int = 22) -> str:
    """A small square in the month's colour with its number: a month without a card."""
    info = MONTHS[month - 1]
    return (
        f'<span title="{escape(info.name)}" style="display:inline-flex;align-items:center;'
        f"justify-content:center;width:{size}px;height:{size}px;border-radius:4px;"
        f"background:{info.colour};color:{text_on(info.colour)};font-weight:700;"
        f'font-size:{round(size * 0.55)}px">{month}</span>'
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
            f"{month_chip(month.number, 30)}"
            f'<div style="line-height:1.3"><div><strong>{escape(month.name)}</strong>'
            f'<span style="color:#666;white-space:nowrap"> · value {month.number}</span></div>'
            f'<div style="font-size:12px;color:#555">{escape(month.plant)} · '
            f"{escape(_korean_month(month))}</div></div></div>"
            f'<div style="flex:none">{cards_html(cards, width=width)}</div></div>'
        )
    return (
        f'<div class="kit-month-strip" style="display:flex;flex-direction:column;gap:6px;'
        f'font-family:{FONT};font-size:14px;color:{INK}">{"".join(rows)}</div>'
    )
