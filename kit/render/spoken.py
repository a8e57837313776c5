"""What the learner reads: tiles and cards as small pictures with their names, seats as
"you" and "Seat 2", the notation kept only in a tooltip.

The engines and the coaches write plain sentences in notation ("seat 2 discards 3z",
"discard 8J2"), which code and tests read. A learner's line goes through
:func:`spoken_html` on its way to the page: each token of the kit's notation becomes
a :func:`tile_token` or :func:`card_token`, the picture drawn by :mod:`kit.render.tiles`
or :mod:`kit.render.cards` followed by the name (:mod:`kit.mahjong.names`,
:mod:`kit.hwatu_names`), in a ``<span>`` whose ``title`` is the notation. Everything else
is escaped. :func:`said_by` first turns an engine's sentence about seats into the
learner's words.

The tokens matched are exactly the kit's: a mahjong run of digits and one suit letter
(``5p``, ``345m``, ``7z``; reference/hongkong.md#tiles), one of the 48 Hwatu card codes
(``3B``, ``8J2``, ``12R``; reference/nylon-ppong.md#cards), and a suit letter standing
alone (``m``: characters). Ordinary words and numbers are left as they are:

>>> html = spoken_html("discard 3z: 3 fan, 2 from ready, 12 points")
>>> 'title="3z"' in html, "West 西" in html, html.endswith(": 3 fan, 2 from ready, 12 points")
(True, True, True)
>>> spoken_html("it's 1st & <b>")
'it&#x27;s 1st &amp; &lt;b&gt;'
>>> said_by("seat 0 adds 5p to its pung", 0), said_by("seat 2 pungs seat 0's 9m", 0)
('you add 5p to your pung', 'Seat 2 pungs your 9m')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from kit.hwatu import DECK, Card
from kit.hwatu_names import card_name
from kit.mahjong.names import suit_name, tiles_name
from kit.mahjong.tiles import LETTERS, TILES, Tile
from kit.render.cards import card_svg
from kit.render.tiles import tile_svg

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Spoken",
    "SpokenTable",
    "capitalised",
    "card_token",
    "said_by",
    "say",
    "seat_name",
    "spoken",
    "spoken_html",
    "spoken_table",
    "tile_token",
]

TILE_PICTURE = 15
"""A tile's width beside its name, in pixels (as tall as a line of text)."""
CARD_PICTURE = 13
"""A card's width beside its name, in pixels."""
_TOKEN_STYLE = "white-space:nowrap"
_PICTURES_STYLE = "display:inline-flex;gap:1px;vertical-align:middle;margin-right:3px"

_CARDS: dict[str, Card] = {card.notation(): card for card in DECK}
_TOKEN = re.compile(
    r"(?<![\w'’])(?:"
    r"(?P<tiles>[1-9]+)(?P<suit>[mpsz])"
    rf"|(?P<card>{'|'.join(sorted(_CARDS, key=len, reverse=True))})"
    r")(?![\w'’])"
    r"|(?<=[\s(])(?P<letter>[mps])(?=[\s),.;:]|$)"
)
"""A tile run, a card code, or a suit letter standing alone between spaces or brackets."""


def _token(pictures: str, name: str, notation: str, kind: str) -> str:
    return (
        f'<span class="kit-token kit-{kind}-token" title="{escape(notation)}" '
        f'data-{kind}="{escape(notation)}" style="{_TOKEN_STYLE}">'
        + (
            f'<span aria-hidden="true" style="{_PICTURES_STYLE}">{pictures}</span>'
            if pictures
            else ""
        )
        + f"{escape(name)}</span>"
    )


def tile_token(tiles: Sequence[Tile]) -> str:
    """Tiles as a learner reads them in a sentence: small pictures, then their name
    (:func:`kit.mahjong.names.tiles_name`); the notation is the tooltip.

    >>> from kit.mahjong.tiles import Tile
    >>> html = tile_token([Tile.parse("9m")])
    >>> 'title="9m"' in html, html.count("<svg"), html.endswith("9 of characters</span>")
    (True, 1, True)
    """
    listed = list(tiles)
    if not listed or not all(isinstance(tile, Tile) for tile in listed):
        raise TypeError(f"tiles: expected one Tile or more, not {tiles!r}")
    pictures = "".join(tile_svg(tile, width=TILE_PICTURE, index=False) for tile in listed)
    notation = "".join(str(tile.number) for tile in listed) + listed[0].suit
    if len({tile.suit for tile in listed}) > 1:
        notation = " ".join(tile.notation() for tile in listed)
    return _token(pictures, tiles_name(listed), notation, "tile")


def card_token(card: Card) -> str:
    """A card as a learner reads it in a sentence: a small picture, then its name
    (:func:`kit.hwatu_names.card_name`); the notation is the tooltip.

    >>> html = card_token(Card.parse("8J2"))
    >>> 'title="8J2"' in html, html.endswith("Pampas junk (second)</span>")
    (True, True)
    """
    if not isinstance(card, Card):
        raise TypeError(f"card: expected a Card, not {card!r}")
    return _token(card_svg(card, width=CARD_PICTURE), card_name(card), card.notation(), "card")


def _suit_token(letter: str) -> str:
    return (
        f'<span class="kit-token kit-suit-token" title="{letter}" data-suit="{letter}">'
        f"{escape(suit_name(letter))}</span>"
    )


def _replacement(match: re.Match[str], pictures: bool) -> str:
    if match["card"] is not None:
        card = _CARDS[match["card"]]
        if not pictures:
            return _token("", card_name(card), card.notation(), "card")
        return card_token(card)
    if match["letter"] is not None:
        return _suit_token(match["letter"])
    suit, digits = match["suit"], match["tiles"]
    if suit == "z" and any(digit > "7" for digit in digits):
        return escape(match.group())  # no such honour: not a tile, leave the text
    start = LETTERS.index(suit) * 9 - 1
    tiles = [TILES[start + int(digit)] for digit in digits]
    if not pictures:
        return _token("", tiles_name(tiles), match.group(), "tile")
    return tile_token(tiles)


def spoken_html(text: str, *, pictures: bool = True) -> str:
    """A learner's line as HTML: each notation token shown as its picture and name (the
    notation its tooltip), everything else escaped. Without ``pictures``, names only (a
    long table, where a picture in every cell would weigh the page down)."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected a string, not {text!r}")
    out: list[str] = []
    last = 0
    for match in _TOKEN.finditer(text):
        out.append(escape(text[last : match.start()]))
        out.append(_replacement(match, pictures))
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)


class Spoken:
    """A line of the kit's notation as a notebook shows it to a learner: HTML through
    :func:`spoken_html` (pictures and names), the plain line wherever HTML cannot show."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return f'<div class="kit-spoken">{spoken_html(self.text)}</div>'

    def __repr__(self) -> str:
        return self.text


def spoken(*parts: object, sep: str = " ") -> Spoken:
    """``parts`` joined as ``print`` joins them, to be shown as a learner reads them.

    >>> line = spoken("improving tiles:", "1p 6z")
    >>> line
    improving tiles: 1p 6z
    >>> "Green dragon" in line._repr_html_() and 'title="1p"' in line._repr_html_()
    True
    """
    return Spoken(sep.join(str(part) for part in parts))


def say(*parts: object, sep: str = " ") -> None:
    """A lesson's ``print`` for the kit's sentences: shows :func:`spoken` of ``parts`` in the
    notebook (tiles and cards as pictures with their names, the notation in a tooltip)."""
    from IPython.display import display

    display(spoken(*parts, sep=sep))  # type: ignore[no-untyped-call]


class SpokenTable:
    """A table as a learner reads it in a notebook: every cell through :func:`spoken_html`
    (the kit's one table writer, :func:`kit.render.table.frame_table`), the plain table
    wherever HTML cannot show."""

    def __init__(self, frame: pd.DataFrame) -> None:
        self.frame = frame

    def _repr_html_(self) -> str:
        from kit.render.table import frame_table

        return frame_table(self.frame, index=False, cell=spoken_html)

    def __repr__(self) -> str:
        return str(self.frame.to_string(index=False))


def spoken_table(frame: pd.DataFrame) -> SpokenTable:
    """``frame`` to be shown with its tiles and cards as pictures and names, such as the
    coach's :meth:`~kit.coach.Advice.words_frame`.

    >>> import pandas as pd
    >>> table = spoken_table(pd.DataFrame({"option": ["discard 8J2"], "sum left": ["21"]}))
    >>> "Pampas" in table._repr_html_() and 'title="8J2"' in table._repr_html_()
    True
    """
    return SpokenTable(frame)


# --- seats ------------------------------------------------------------------------------------

_VERBS = {
    "draws": "draw",
    "discards": "discard",
    "calls": "call",
    "passes": "pass",
    "declares": "declare",
    "pungs": "pung",
    "kongs": "kong",
    "chows": "chow",
    "names": "name",
    "adds": "add",
    "wins": "win",
    "robs": "rob",
    "self-draws": "self-draw",
    "makes": "make",
    "pays": "pay",
    "is": "are",
    "deals": "deal",
    "starts": "start",
    "has": "have",
}
_SUBJECT = re.compile(r"(^|; )seat (\d+) ([\w-]+)")
_POSSESSIVE = re.compile(r"\b[Ss]eat (\d+)'s\b")
_MENTION = re.compile(r"\b[Ss]eat (\d+)\b")
_AND_VERB = re.compile(r"\b(and|or) ([\w-]+)")
"""A second verb of the same subject: "is liable and pays"."""


def seat_name(seat: int, you: int, names: Mapping[int, str] | None = None) -> str:
    """How the learner's apps name a seat: "you" for the learner's, else its name or "Seat 2"."""
    if seat == you:
        return "you"
    return (names or {}).get(seat, f"Seat {seat}")


def said_by(sentence: str, you: int, names: Mapping[int, str] | None = None) -> str:
    """An engine's sentence about seats, as the learner reads it: the learner's seat is
    "you" (its verb agreeing, "its" becoming "your"), "seat 0's" is "your", and the other
    seats are named (``names``) or "Seat 2".

    >>> said_by("seat 0 draws", 0), said_by("seat 1 discards 3m", 0, {1: "West (bot)"})
    ('you draw', 'West (bot) discards 3m')
    >>> said_by("seat 0 wins a 2-fan hand on seat 1's discard", 1)
    'Seat 0 wins a 2-fan hand on your discard'
    """

    def subject(match: re.Match[str]) -> str:
        seat, verb = int(match[2]), match[3]
        if seat == you:
            return f"{match[1]}you {_VERBS.get(verb, verb)}"
        return f"{match[1]}{seat_name(seat, you, names)} {verb}"

    def possessive(match: re.Match[str]) -> str:
        seat = int(match[1])
        return "your" if seat == you else f"{seat_name(seat, you, names)}'s"

    clauses = sentence.split("; ")
    spoken = []
    for clause in clauses:
        mine = re.match(rf"seat {you} ", clause) is not None
        clause = _SUBJECT.sub(subject, clause, count=1)
        if mine:
            clause = clause.replace(" its ", " your ")
            clause = _AND_VERB.sub(lambda m: f"{m[1]} {_VERBS.get(m[2], m[2])}", clause)
        spoken.append(clause)
    words = "; ".join(spoken)
    words = _POSSESSIVE.sub(possessive, words)
    return _MENTION.sub(lambda m: seat_name(int(m[1]), you, names), words)


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital, as a line or a table cell begins."""
    return text[:1].upper() + text[1:]
