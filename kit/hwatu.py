"""The 48-card Hwatu deck (화투): months, plants, card types and a strict notation.

See the Nylon-ppong rules, Cards:
reference/nylon-ppong.md#cards. A card's value is its month, January = 1 … December = 12, in the
Korean order: Paulownia (오동) is 11 and Willow/Rain (비) is 12.

Notation
--------
A card is written as its month number followed by a type letter:

====  ==================  ============
code  type                Korean
====  ==================  ============
``B`` bright              광 (gwang)
``A`` animal              열끗 (yeol)
``R`` ribbon              띠 (tti)
``J`` junk                피 (pi)
``D`` double junk         쌍피 (ssangpi)
====  ==================  ============

Eleven months hold two junk cards; those carry a copy number, ``1J1`` and ``1J2``,
so that every one of the 48 cards has its own token.  A list of cards is
written with spaces between tokens:

>>> Hand.parse("3B 4A 5R 6J1 7J2 8B").months
(3, 4, 5, 6, 7, 8)
>>> Card.parse("12D")
Card.parse('12D')
>>> Card.parse("1J")
Traceback (most recent call last):
...
kit.hwatu.CardNotationError: token '1J' at position 0: January has two junk cards, write 1J1 or 1J2

Nothing here imports Jupyter; pictures come from :mod:`kit.render`, loaded only
when a notebook asks for them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from kit.notation import NotationError

__all__ = [
    "COPIES",
    "DECK",
    "MONTHS",
    "Card",
    "CardKind",
    "CardNotationError",
    "Hand",
    "Month",
    "month_copies_error",
    "months_of",
    "parse_months",
]


class CardKind(Enum):
    """The five card types of the Hwatu deck (display only: Nylon-ppong scores months)."""

    BRIGHT = ("B", "bright", "광", "gwang")
    ANIMAL = ("A", "animal", "열끗", "yeol")
    RIBBON = ("R", "ribbon", "띠", "tti")
    JUNK = ("J", "junk", "피", "pi")
    DOUBLE_JUNK = ("D", "double junk", "쌍피", "ssangpi")

    def __init__(self, code: str, english: str, korean: str, romanized: str) -> None:
        self.code = code
        self.english = english
        self.korean = korean
        self.romanized = romanized


@dataclass(frozen=True)
class Month:
    """One month of the Hwatu calendar: its number, plant and the colour the kit draws it in."""

    number: int
    name: str
    plant: str
    korean: str
    colour: str


MONTHS: tuple[Month, ...] = (
    Month(1, "January", "pine", "송학 (pine and crane)", "#1f6f3f"),
    Month(2, "February", "plum blossom", "매조 (plum and bush warbler)", "#c2185b"),
    Month(3, "March", "cherry blossom", "벚꽃 (cherry blossom)", "#e87ea1"),
    Month(4, "April", "wisteria (black bush clover)", "흑싸리 (black bush clover)", "#4b3b6b"),
    Month(5, "May", "iris (orchid)", "난초 (orchid)", "#3f51b5"),
    Month(6, "June", "peony", "모란 (peony)", "#d81b60"),
    Month(7, "July", "red bush clover", "홍싸리 (red bush clover)", "#b23a2e"),
    Month(8, "August", "pampas grass (moon)", "공산 (empty mountain)", "#6d5d2c"),
    Month(9, "September", "chrysanthemum", "국진 (chrysanthemum)", "#d4a017"),
    Month(10, "October", "maple", "단풍 (maple)", "#c1440e"),
    Month(11, "November", "paulownia", "오동 (paulownia)", "#5d4037"),
    Month(12, "December", "willow (rain)", "비 (rain)", "#37474f"),
)

_Contents = tuple[CardKind, str | None, str]
"""What a card shows: its type, its ribbon's colour (or None) and its picture in words."""


def _bright(picture: str) -> _Contents:
    return (CardKind.BRIGHT, None, picture)


def _animal(picture: str) -> _Contents:
    return (CardKind.ANIMAL, None, picture)


def _ribbon(colour: str) -> _Contents:
    return (CardKind.RIBBON, colour, f"{colour} ribbon")


_JUNK: _Contents = (CardKind.JUNK, None, "")
_DOUBLE_JUNK: _Contents = (CardKind.DOUBLE_JUNK, None, "")

_CONTENTS: dict[int, tuple[_Contents, ...]] = {
    1: (_bright("crane and sun"), _ribbon("red poem"), _JUNK, _JUNK),
    2: (_animal("bush warbler"), _ribbon("red poem"), _JUNK, _JUNK),
    3: (_bright("curtain"), _ribbon("red poem"), _JUNK, _JUNK),
    4: (_animal("cuckoo"), _ribbon("grass"), _JUNK, _JUNK),
    5: (_animal("bridge"), _ribbon("grass"), _JUNK, _JUNK),
    6: (_animal("butterflies"), _ribbon("blue"), _JUNK, _JUNK),
    7: (_animal("boar"), _ribbon("grass"), _JUNK, _JUNK),
    8: (_bright("full moon"), _animal("geese"), _JUNK, _JUNK),
    9: (_animal("sake cup"), _ribbon("blue"), _JUNK, _JUNK),
    10: (_animal("deer"), _ribbon("blue"), _JUNK, _JUNK),
    11: (_bright("phoenix"), _JUNK, _JUNK, _DOUBLE_JUNK),
    12: (_bright("rain man"), _animal("swallow"), _ribbon("plain"), _DOUBLE_JUNK),
}
"""What each card shows, month by month, in the order of its ``index``."""


class CardNotationError(NotationError):
    """A card token that is not one of the 48 cards, or a list of cards that cannot be dealt."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One of the 48 Hwatu cards. ``index`` (0–3) places it within its month."""

    month: int
    index: int

    # Written out (not generated) because the round engine compares cards in its hot loop.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.month == other.month and self.index == other.index

    def __hash__(self) -> int:
        return self.month * 4 + self.index

    def __post_init__(self) -> None:
        if not (1 <= self.month <= 12 and 0 <= self.index <= 3):
            raise ValueError(f"no Hwatu card has month {self.month} and index {self.index}")

    @property
    def kind(self) -> CardKind:
        return _CONTENTS[self.month][self.index][0]

    @property
    def ribbon(self) -> str | None:
        """The ribbon's colour (red poem, blue, grass or plain) for ribbon cards."""
        return _CONTENTS[self.month][self.index][1]

    @property
    def picture(self) -> str:
        """What the card shows, in words ("crane and sun"), or "" for plain junk."""
        return _CONTENTS[self.month][self.index][2]

    @property
    def month_info(self) -> Month:
        return MONTHS[self.month - 1]

    @property
    def value(self) -> int:
        """The card's value in Nylon-ppong: its month number (reference/nylon-ppong.md#cards)."""
        return self.month

    def notation(self) -> str:
        return _TOKENS[self]

    @classmethod
    def parse(cls, token: str) -> Card:
        if not isinstance(token, str):
            raise TypeError(f"Card.parse reads a string, not {type(token).__name__}")
        cards = Hand.parse(token).cards
        if len(cards) != 1:
            raise CardNotationError(token, 0, "expected exactly one card")
        return cards[0]

    def describe(self) -> str:
        """A sentence for learners: "March bright (cherry blossom, curtain), value 3"."""
        info = self.month_info
        shows = f", {self.picture}" if self.picture else ""
        return f"{info.name} {self.kind.english} ({info.plant}{shows}), value {self.month}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Card.parse({self.notation()!r})"

    def _repr_html_(self) -> str:
        from kit.render import card_svg

        return card_svg(self)


def _build_tokens() -> dict[Card, str]:
    tokens: dict[Card, str] = {}
    for month, contents in _CONTENTS.items():
        junk = [i for i, (kind, _, _) in enumerate(contents) if kind is CardKind.JUNK]
        for index, (kind, _, _) in enumerate(contents):
            copy = str(junk.index(index) + 1) if len(junk) > 1 and index in junk else ""
            tokens[Card(month, index)] = f"{month}{kind.code}{copy}"
    return tokens


_TOKENS: dict[Card, str] = _build_tokens()
_BY_TOKEN: dict[str, Card] = {token: card for card, token in _TOKENS.items()}

#: The whole deck in month order, four cards a month.
DECK: tuple[Card, ...] = tuple(sorted(_TOKENS))

_TOKEN_RE = re.compile(r"\S+")
_SHAPE_RE = re.compile(r"([0-9]{1,2})([A-Z])([0-9]?)")


def _card_from_token(token: str, position: int) -> Card:
    card = _BY_TOKEN.get(token)
    if card is not None:
        return card
    shape = _SHAPE_RE.fullmatch(token)
    if shape is None and any(char.isdigit() and not char.isascii() for char in token):
        raise CardNotationError(token, position, "write months with the ASCII digits 0-9")
    if shape is None:
        raise CardNotationError(
            token, position, "a card is a month 1-12 and a type letter B, A, R, J or D, e.g. 3B"
        )
    if shape.group(1).startswith("0") and shape.group(1) != "0":
        raise CardNotationError(token, position, "write the month without a leading zero, e.g. 3B")
    month = int(shape.group(1))
    if not 1 <= month <= 12:
        raise CardNotationError(token, position, f"there is no month {month}; months run 1-12")
    name = MONTHS[month - 1].name
    kinds = [_TOKENS[c] for c in DECK if c.month == month]
    if shape.group(2) == "J" and shape.group(3) == "" and f"{month}J1" in _BY_TOKEN:
        raise CardNotationError(
            token, position, f"{name} has two junk cards, write {month}J1 or {month}J2"
        )
    raise CardNotationError(
        token, position, f"{name} has no such card; its cards are {', '.join(kinds)}"
    )


@dataclass(frozen=True)
class Hand:
    """An ordered list of distinct Hwatu cards, such as a player's hand.

    >>> hand = Hand.parse("1B 1R 2A")
    >>> hand.notation(), hand.total
    ('1B 1R 2A', 4)
    >>> Hand.parse("1B 1B")
    Traceback (most recent call last):
    ...
    kit.hwatu.CardNotationError: token '1B' at position 3: the card 1B is already in the list
    """

    cards: tuple[Card, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Hand:
        if not isinstance(text, str):
            raise TypeError(f"Hand.parse reads a string, not {type(text).__name__}")
        cards: list[Card] = []
        seen: set[Card] = set()
        for match in _TOKEN_RE.finditer(text):
            card = _card_from_token(match.group(), match.start())
            if card in seen:
                raise CardNotationError(
                    match.group(), match.start(), f"the card {card} is already in the list"
                )
            seen.add(card)
            cards.append(card)
        return cls(tuple(cards))

    def notation(self) -> str:
        return " ".join(card.notation() for card in self.cards)

    @cached_property
    def months(self) -> tuple[int, ...]:
        return tuple(card.month for card in self.cards)

    @property
    def total(self) -> int:
        """The sum of the months: a player's base penalty in Nylon-ppong
        (reference/nylon-ppong.md#round-scoring)."""
        return sum(self.months)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({self.notation()!r})"

    def _repr_html_(self) -> str:
        from kit.render import cards_html

        return cards_html(self.cards)


def months_of(cards: Iterable[Card | int]) -> tuple[int, ...]:
    """Month numbers of a mix of cards and plain ints, each checked to lie in 1–12.

    >>> months_of([Card.parse("11B"), 3])
    (11, 3)
    """
    months: list[int] = []
    seen: set[Card] = set()
    for position, item in enumerate(cards):
        if isinstance(item, Card):
            if item in seen:
                raise ValueError(f"card {item} at position {position} is already in the list")
            seen.add(item)
            months.append(item.month)
        elif isinstance(item, int) and not isinstance(item, bool) and 1 <= item <= 12:
            months.append(item)
        else:
            raise ValueError(f"item {item!r} at position {position} is not a month 1-12 or a card")
    return tuple(months)


def parse_months(text: str) -> tuple[int, ...]:
    """Months written as numbers 1–12 or card tokens, separated by spaces or commas.

    Numbers use the ASCII digits 0-9 only.

    >>> parse_months("3 4, 5A 12D")
    (3, 4, 5, 12)
    >>> parse_months("3 13")
    Traceback (most recent call last):
    ...
    kit.hwatu.CardNotationError: token '13' at position 2: there is no month 13; months run 1-12
    >>> parse_months("1 ²")
    Traceback (most recent call last):
    ...
    kit.hwatu.CardNotationError: token '²' at position 2: write months with the ASCII digits 0-9
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_months reads a string, not {type(text).__name__}")
    months: list[int] = []
    for match in re.finditer(r"[^\s,]+", text):
        token = match.group()
        if _ASCII_NUMBER.fullmatch(token):
            month = int(token)
            if not 1 <= month <= 12:
                raise CardNotationError(
                    token, match.start(), f"there is no month {month}; months run 1-12"
                )
            months.append(month)
        else:
            months.append(_card_from_token(token, match.start()).month)
    return tuple(months)


_ASCII_NUMBER = re.compile(r"[0-9]+")
COPIES = 4
"""Cards of each month in the deck."""


def month_copies_error(hands: Iterable[Iterable[int]]) -> str | None:
    """Why these hands cannot all come from one deck (more than 4 of a month), or None.

    >>> month_copies_error([[1, 1, 1], [1, 1]])
    'five cards of month 1 (January); the deck has four'
    """
    counts = Counter(month for hand in hands for month in hand)
    for month, count in sorted(counts.items()):
        if count > COPIES:
            return (
                f"{_WORDS.get(count, str(count))} cards of month {month} "
                f"({MONTHS[month - 1].name}); the deck has four"
            )
    return None


_WORDS = {5: "five", 6: "six", 7: "seven", 8: "eight"}
