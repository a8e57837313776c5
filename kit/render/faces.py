"""Faces as CSS backgrounds: clickable tiles and cards, and small tiles that cost a few bytes.

A button cannot hold an ``<svg>``, but it can wear one as its background. Each
face gets one CSS rule, ``.kit-face-5p`` (a tile) or ``.kit-face-card-3B`` (a
card), whose background is the face drawn by :func:`~kit.render.tile_svg` or
:func:`~kit.render.card_svg`, as a data URL. A page sends each rule once; after
that a face anywhere on the page is just its class name, whether on a button
(:data:`FACE_BUTTON_CSS`) or on a small ``<span>`` in a table
(:func:`tile_chip`). No network, no image files: the rule is the picture.

>>> from kit.mahjong.tiles import Tile
>>> rule = tile_face_rule(Tile.parse("5p"))
>>> rule.startswith(".kit-face-5p{") and "data:image/svg+xml;base64," in rule
True
>>> chip = tile_chip(Tile.parse("5p"), width=24)
>>> 'class="kit-face kit-face-5p"' in chip, 'title="5 dots (五筒) — 5p"' in chip
(True, True)
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from functools import cache
from html import escape

from kit.hwatu import Card
from kit.mahjong.tiles import Tile
from kit.render.cards import card_svg
from kit.render.svg import scaled
from kit.render.tiles import tile_back_svg, tile_svg

__all__ = [
    "FACE_BUTTON_CSS",
    "TILE_BACK_CLASS",
    "back_chips",
    "card_face_class",
    "card_face_rule",
    "face_style",
    "tile_chip",
    "tile_chips",
    "tile_face_class",
    "tile_face_rule",
]

TILE_ASPECT = 4 / 3
TILE_BACK_CLASS = "kit-face-back"

FACE_BUTTON_CSS = (
    ".kit-face-button{background-size:100% 100% !important;background-repeat:no-repeat "
    "!important;background-color:transparent !important;color:transparent !important;"
    "box-shadow:none !important;border:none !important;padding:0 !important;"
    "transition:transform .08s;zoom:var(--kit-scale,1)}"
    ".kit-face-button:hover:enabled{transform:translateY(-5px)}"
    ".kit-face-button:disabled{opacity:.8 !important;cursor:default}"
    ".kit-face-button.kit-suggested{outline:3px solid #f4a91d;outline-offset:1px}"
    ".kit-face{display:inline-block;flex:none;background-size:100% 100%;"
    "background-repeat:no-repeat;vertical-align:middle}"
    ".kit-face.kit-last{outline:2px solid #e09b00;outline-offset:1px;border-radius:3px}"
)
"""How a face button looks: its face, no chrome, lifted under the pointer; a suggested
face (the coach's reveal) ringed in amber. A face button grows with the page's picture
size (:mod:`kit.render.size`) through CSS ``zoom``, whatever width its widget gave it."""


def _data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")


def tile_face_class(tile: Tile) -> str:
    """ "kit-face-5p": the class that paints ``tile``'s face."""
    return f"kit-face-{tile.notation()}"


def card_face_class(card: Card) -> str:
    """ "kit-face-card-3B": the class that paints ``card``'s face."""
    return f"kit-face-card-{card.notation()}"


@cache
def tile_face_rule(tile: Tile) -> str:
    """The CSS rule that paints ``tile``'s face as the background of anything with its class."""
    return (
        f'.{tile_face_class(tile)}{{background-image:url("{_data_url(tile_svg(tile, width=75))}")}}'
    )


@cache
def card_face_rule(card: Card) -> str:
    """The CSS rule that paints ``card``'s face as a background."""
    return f'.{card_face_class(card)}{{background-image:url("{_data_url(card_svg(card, width=100))}")}}'


@cache
def _back_rule() -> str:
    return f'.{TILE_BACK_CLASS}{{background-image:url("{_data_url(tile_back_svg(width=75))}")}}'


def face_style(rules: Iterable[str], *, base: bool = False) -> str:
    """A ``<style>`` element holding ``rules`` (and, with ``base``, the button look and the back)."""
    head = FACE_BUTTON_CSS + _back_rule() if base else ""
    return f"<style>{head}{''.join(rules)}</style>"


def tile_chip(tile: Tile, *, width: int = 24, extra_class: str = "") -> str:
    """A small tile painted by its face class: a few bytes instead of a whole ``<svg>``.

    The page must hold the tile's rule (:func:`tile_face_rule`).
    """
    label = f"{tile.name} ({tile.chinese}) — {tile.notation()}"
    classes = f"kit-face {tile_face_class(tile)}" + (f" {extra_class}" if extra_class else "")
    return (
        f'<span class="{classes}" role="img" aria-label="{escape(label)}" title="{escape(label)}" '
        f'data-tile="{tile.notation()}" style="width:{scaled(width)};height:{scaled(width * TILE_ASPECT)}">'
        "</span>"
    )


def tile_chips(tiles: Iterable[Tile], *, width: int = 24, mark_last: bool = False) -> str:
    """A wrapping row of small tiles; with ``mark_last`` the last one is ringed (the discard on offer)."""
    listed = list(tiles)
    chips = [
        tile_chip(
            tile,
            width=width,
            extra_class="kit-last" if mark_last and i == len(listed) - 1 else "",
        )
        for i, tile in enumerate(listed)
    ]
    return (
        '<div class="kit-chips" style="display:flex;gap:1px;flex-wrap:wrap;align-items:center">'
        f"{''.join(chips)}</div>"
    )


def back_chips(count: int, *, width: int = 18) -> str:
    """``count`` face-down tiles: another player's concealed hand."""
    back = (
        f'<span class="kit-face {TILE_BACK_CLASS}" style="width:{scaled(width)};'
        f'height:{scaled(width * TILE_ASPECT)}"></span>'
    )
    return (
        f'<div class="kit-chips" role="img" aria-label="{count} concealed tiles" '
        f'title="{count} concealed tiles" style="display:flex;gap:1px;flex-wrap:wrap">'
        f"{back * count}</div>"
    )
