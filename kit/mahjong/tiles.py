"""Mahjong tiles, melds and hands, with the strict notation (see the Hong Kong rules,
Tiles and deal: reference/hongkong.md#tiles).

The 34 tile kinds are indexed as the ``mahjong`` package does, so count
vectors can be exchanged with it: 0–8 are 1–9 characters (``m``), 9–17 dots
(``p``), 18–26 bamboo (``s``), then East, South, West, North, White, Green
and Red (``1z``–``7z``).

A hand string is written as the tenhou convention writes it, plus brackets:

>>> hand = Hand.parse("123m 456p [555z] (7777s) 11z")
>>> hand.notation()
'123m456p11z[555z](7777s)'
>>> hand.size, len(hand.concealed), [str(meld) for meld in hand.melds]
(14, 8, ['[555z]', '(7777s)'])
>>> Hand.parse("123m45x")
Traceback (most recent call last):
...
kit.mahjong.tiles.TileNotationError: token '45x' at position 4: unknown suit letter 'x' (use m, p, s or z)

Nothing is repaired: ``0`` (a red five elsewhere), a fifth copy, or a
bracketed group that is no pung, kong or chow all raise, quoting the token.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cached_property

from kit.notation import NotationError

__all__ = [
    "COPIES",
    "KINDS",
    "SUITS",
    "TILES",
    "WINDS",
    "WIND_LABELS",
    "WIND_NAMES",
    "Hand",
    "KongKind",
    "Meld",
    "MeldKind",
    "Tile",
    "TileNotationError",
    "TileSet",
    "counts_of",
    "wind_tile",
]

LETTERS = "mpsz"
"""Every suit letter of the notation, honours (``z``) last."""
SUITS: tuple[str, ...] = ("m", "p", "s")
"""The three numbered suits: characters, dots and bamboo (a Sichuan void is one of them)."""
WINDS: tuple[str, ...] = ("E", "S", "W", "N")
"""The winds in turn order: seat and round winds are written with these letters."""
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo", "z": "honours"}
SUIT_CHINESE = {"m": "万", "p": "筒", "s": "条"}
HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
HONOUR_CHINESE = ("東", "南", "西", "北", "白", "發", "中")
WIND_NAMES = dict(zip(WINDS, HONOUR_NAMES, strict=False))
"""Each wind letter's English name: ``WIND_NAMES["W"] == "West"``."""
WIND_LABELS = {w: f"{name} {HONOUR_CHINESE[i]}" for i, (w, name) in enumerate(WIND_NAMES.items())}
"""Each wind as a label reads: ``WIND_LABELS["W"] == "West 西"``."""
CHINESE_NUMERALS = "一二三四五六七八九"
KINDS = 34
"""Tile kinds; each comes :data:`COPIES` times."""
COPIES = 4
"""Copies of each tile kind in a full set."""
MOST_TILES = 14
"""A complete hand's size, kongs counting as three: no hand holds more."""
_SUIT_OF = tuple(LETTERS[min(index // 9, 3)] for index in range(KINDS))
_NUMBER_OF = tuple(index - 26 if index >= 27 else index % 9 + 1 for index in range(KINDS))


class TileNotationError(NotationError):
    """Bad tile notation. The message quotes the bad token and where it stands."""


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One of the 34 tile kinds, by its index in the ``mahjong`` package's order."""

    index: int

    def __post_init__(self) -> None:
        if not (isinstance(self.index, int) and 0 <= self.index < KINDS):
            raise ValueError(f"a tile index is 0-33, not {self.index!r}")

    # Written out (not generated): engines and bots compare and hash tiles in hot loops.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def suit(self) -> str:
        """``m``, ``p``, ``s`` or ``z`` (honours)."""
        return _SUIT_OF[self.index]

    @property
    def number(self) -> int:
        """1–9 in a suit; 1–7 for the honours (East … Red)."""
        return _NUMBER_OF[self.index]

    @property
    def is_honour(self) -> bool:
        return self.index >= 27

    @property
    def is_wind(self) -> bool:
        return 27 <= self.index <= 30

    @property
    def is_dragon(self) -> bool:
        return self.index >= 31

    @property
    def is_terminal(self) -> bool:
        """A 1 or a 9 of a suit."""
        return self.index < 27 and self.number in (1, 9)

    @property
    def name(self) -> str:
        """English name: "5 dots", "East wind", "Red dragon"."""
        if self.is_honour:
            kind = "wind" if self.is_wind else "dragon"
            return f"{HONOUR_NAMES[self.number - 1]} {kind}"
        return f"{self.number} {SUIT_NAMES[self.suit]}"

    @property
    def chinese(self) -> str:
        """Chinese name as printed on the tile: 五筒, 東, 中."""
        if self.is_honour:
            return HONOUR_CHINESE[self.number - 1]
        return CHINESE_NUMERALS[self.number - 1] + SUIT_CHINESE[self.suit]

    def notation(self) -> str:
        return f"{self.number}{self.suit}"

    @classmethod
    def parse(cls, token: str) -> Tile:
        """One tile: ``Tile.parse("5p")``.

        >>> Tile.parse(None)
        Traceback (most recent call last):
        ...
        TypeError: Tile.parse expects a tile written as text, such as '5p', not None
        """
        if not isinstance(token, str):
            raise TypeError(
                f"Tile.parse expects a tile written as text, such as '5p', not {token!r}"
            )
        tiles = list(_tiles_of_token(token.strip(), 0))
        if len(tiles) != 1:
            raise TileNotationError(token, 0, "expected exactly one tile, such as 5p")
        return tiles[0]

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Tile.parse({self.notation()!r})"

    def _repr_html_(self) -> str:
        from kit.render import tile_svg

        return tile_svg(self)


TILES: tuple[Tile, ...] = tuple(Tile(index) for index in range(KINDS))


def wind_tile(letter: str) -> Tile:
    """The tile of a wind letter: ``wind_tile("S")`` is South, ``2z``.

    >>> wind_tile("S"), wind_tile("X")
    Traceback (most recent call last):
    ...
    ValueError: a wind is one of E, S, W, N, not 'X'
    """
    if not isinstance(letter, str) or letter not in WINDS:
        raise ValueError(f"a wind is one of {', '.join(WINDS)}, not {letter!r}")
    return TILES[27 + WINDS.index(letter)]


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """The 34-count vector of some tiles, as the ``mahjong`` package uses it."""
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile.index] += 1
    return counts


class MeldKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


class KongKind(StrEnum):
    """How a kong was made; both mahjong games pay or score by it.

    A string enum, so ``KongKind.ADDED == "added"`` and old string arguments still read.
    """

    EXPOSED = "exposed"
    """Claimed on a discard with three of the tile in hand."""
    ADDED = "added"
    """The fourth tile added to one's own exposed pung."""
    CONCEALED = "concealed"
    """Four of a tile drawn and declared from the hand."""


@dataclass(frozen=True)
class Meld:
    """A group laid down before the win: an exposed chow, pung or kong, or a concealed kong."""

    kind: MeldKind
    first: Tile
    concealed: bool = False

    def __post_init__(self) -> None:
        if self.concealed and self.kind is not MeldKind.KONG:
            raise ValueError("only a kong can be declared concealed")
        if self.kind is MeldKind.CHOW and (self.first.is_honour or self.first.number > 7):
            raise ValueError(f"no chow starts at {self.first}")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        start = self.first.index
        if self.kind is MeldKind.CHOW:
            return (TILES[start], TILES[start + 1], TILES[start + 2])
        return (self.first,) * (4 if self.kind is MeldKind.KONG else 3)

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not MeldKind.CHOW

    def notation(self) -> str:
        digits = "".join(str(tile.number) for tile in self.tiles)
        body = f"{digits}{self.first.suit}"
        return f"({body})" if self.concealed else f"[{body}]"

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True)
class TileSet:
    """The tiles a variant plays with, and why a missing tile is missing."""

    name: str
    missing: Callable[[Tile], str | None] = field(compare=False)
    """A tile's reason for not being in the set, or None if it is in."""
    no_chows: str | None = None
    """Why a claimed chow cannot be written, where the game has no chow claims."""

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and self.missing(tile) is None

    @cached_property
    def kinds(self) -> tuple[Tile, ...]:
        """The kinds of tile in the set, in tile order.

        >>> len(ALL_TILES.kinds), ALL_TILES.kinds[-1]
        (34, Tile.parse('7z'))
        """
        return tuple(tile for tile in TILES if self.missing(tile) is None)

    def wall(self) -> list[Tile]:
        """A fresh list of every tile of the set, four of each kind, in tile order.

        >>> len(ALL_TILES.wall())
        136
        """
        return [tile for tile in self.kinds for _ in range(COPIES)]


ALL_TILES = TileSet("the 136-tile set", lambda tile: None)


@dataclass(frozen=True)
class Hand:
    """One player's tiles: concealed tiles (kept sorted) and the melds laid down.

    Kongs count as three tiles toward the hand's size, so a complete hand has
    size 14 and a waiting hand size 13 whatever its kongs.
    """

    concealed: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.concealed))
        if ordered != self.concealed:
            object.__setattr__(self, "concealed", ordered)
        # Four copies of each tile at most, however the hand was made. Sorted, a fifth
        # copy shows as a kind equal to the one four places before it (cheap: no counting).
        kinds = [tile.index for tile in ordered]
        if self.melds:
            for meld in self.melds:
                first = meld.first.index
                if meld.kind is MeldKind.CHOW:
                    kinds += (first, first + 1, first + 2)
                else:
                    kinds += (first,) * (4 if meld.kind is MeldKind.KONG else 3)
            kinds.sort()
        for low, high in zip(kinds, kinds[4:], strict=False):
            if low == high:
                tile = TILES[low]
                raise ValueError(
                    f"the hand holds {kinds.count(low)} of {tile}; there are only four of each tile"
                )

    @classmethod
    def parse(cls, text: str, *, tiles: TileSet = ALL_TILES) -> Hand:
        """Read a hand string strictly; ``tiles`` restricts which tiles exist (a variant)."""
        concealed: list[Tile] = []
        melds: list[Meld] = []
        copies = [0] * KINDS
        for token, position, kind in _tokens(text):
            group = list(_tiles_of_token(token.strip("[]()"), position, token))
            for tile in group:
                why = tiles.missing(tile)
                if why:
                    raise TileNotationError(token, position, why)
                copies[tile.index] += 1
                if copies[tile.index] > 4:
                    raise TileNotationError(
                        token, position, f"a fifth {tile.notation()}; there are only four of each"
                    )
            if kind == "concealed":
                concealed += group
            else:
                meld = _meld_of(group, token, position, concealed=kind == "kong")
                if meld.kind is MeldKind.CHOW and tiles.no_chows:
                    raise TileNotationError(token, position, tiles.no_chows)
                melds.append(meld)
        return cls(tuple(concealed), tuple(melds))

    def notation(self) -> str:
        return _run_notation(self.concealed) + "".join(meld.notation() for meld in self.melds)

    @property
    def size(self) -> int:
        """Concealed tiles plus three per meld (kongs too)."""
        return len(self.concealed) + 3 * len(self.melds)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """34-count vector of the concealed tiles only."""
        return tuple(counts_of(self.concealed))

    @cached_property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile the hand holds, kongs with all four."""
        return self.concealed + tuple(tile for meld in self.melds for tile in meld.tiles)

    @property
    def suits(self) -> set[str]:
        return {tile.suit for tile in self.all_tiles}

    def with_tile(self, tile: Tile) -> Hand:
        return Hand((*self.concealed, tile), self.melds)

    def with_added(
        self, tile: Tile, kind: MeldKind | None = None, *, concealed: bool = False
    ) -> Hand:
        """The hand with ``tile`` added alone, or a meld of ``kind`` starting at it
        (``concealed`` for a kong declared from the hand). Raises ``ValueError``, saying
        why, if that makes no hand: a fifth copy, no such chow, or more than 14 tiles.

        >>> Hand.parse("5p").with_added(Tile.parse("5p"), MeldKind.PUNG)
        Hand.parse('5p[555p]')
        >>> Hand.parse("55p").with_added(Tile.parse("5p"), MeldKind.PUNG)
        Traceback (most recent call last):
        ...
        ValueError: there are only four 5p; the hand holds 2, so 3 more cannot be added
        """
        meld: Meld | None = None
        if kind is MeldKind.CHOW and (tile.is_honour or tile.number > 7):
            raise ValueError(
                f"a chow is three tiles in a row of one suit, starting at 1-7; none starts at {tile}"
            )
        if kind is not None:
            meld = Meld(kind, tile, concealed=concealed)
        added = meld.tiles if meld is not None else (tile,)
        held = self.all_tiles
        for each in sorted(set(added)):
            wanted, have = added.count(each), held.count(each)
            if have + wanted > 4:
                what = "another" if wanted == 1 else f"{wanted} more"
                raise ValueError(
                    f"there are only four {each}; the hand holds {have}, so {what} cannot be added"
                )
        bigger = self.with_tile(tile) if meld is None else Hand(self.concealed, (*self.melds, meld))
        if bigger.size > MOST_TILES:
            raise ValueError(
                f"that makes {bigger.size} tiles (kongs count as three); "
                f"a hand holds at most {MOST_TILES}"
            )
        return bigger

    def without(self, tile: Tile) -> Hand:
        concealed = list(self.concealed)
        if tile not in concealed:
            raise ValueError(f"the hand has no concealed {tile}")
        concealed.remove(tile)
        return Hand(tuple(concealed), self.melds)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.all_tiles)

    def __repr__(self) -> str:
        return f"Hand.parse({self.notation()!r})"

    def _repr_html_(self) -> str:
        from kit.render import hand_html

        return hand_html(self)


# --- the notation -------------------------------------------------------------------------

_TOKEN = re.compile(r"\s+|\[[^\[\]()]*\]|\([^\[\]()]*\)|[0-9][0-9\s]*[a-zA-Z]|[0-9][0-9\s]*|.")
"""Spaces; a bracketed meld; a concealed kong; digits (spaces allowed) then a letter; stray text."""


def _tokens(text: str) -> Iterator[tuple[str, int, str]]:
    """(token, position, kind) for each run: kind is concealed, exposed or kong."""
    for match in _TOKEN.finditer(text):
        token = match.group().rstrip()
        if not token:
            continue
        position = match.start()
        if token in ("[", "]", "(", ")"):
            raise TileNotationError(token, position, "unbalanced bracket")
        if token[0] == "[":
            yield token, position, "exposed"
        elif token[0] == "(":
            yield token, position, "kong"
        else:
            yield token, position, "concealed"


_DIGITS = "0123456789"
"""ASCII digits only: other scripts' digits are not read as tile numbers."""


def _tiles_of_token(body: str, position: int, token: str | None = None) -> Iterator[Tile]:
    """Tiles of one run such as ``123m``: digits, then one suit letter."""
    token = token if token is not None else body
    body = body.replace(" ", "")
    if not body:
        raise TileNotationError(token, position, "empty group")
    suit = body[-1]
    digits = body[:-1]
    if suit in _DIGITS:
        raise TileNotationError(token, position, "digits with no suit letter after them")
    if suit not in LETTERS:
        raise TileNotationError(token, position, f"unknown suit letter {suit!r} (use m, p, s or z)")
    if not digits:
        raise TileNotationError(token, position, f"a suit letter {suit!r} with no digits before it")
    top = 7 if suit == "z" else 9
    for digit in digits:
        if digit not in _DIGITS:
            raise TileNotationError(token, position, f"{digit!r} is not a digit")
        number = int(digit)
        if not 1 <= number <= top:
            what = "honours run 1z-7z" if suit == "z" else "tiles run 1-9"
            raise TileNotationError(token, position, f"there is no {digit}{suit}: {what}")
        yield TILES[LETTERS.index(suit) * 9 + number - 1]


def _meld_of(group: Sequence[Tile], token: str, position: int, *, concealed: bool) -> Meld:
    first = group[0]
    same = all(tile == first for tile in group)
    if concealed:
        if len(group) == 4 and same:
            return Meld(MeldKind.KONG, first, concealed=True)
        raise TileNotationError(
            token, position, "parentheses hold a concealed kong: four identical tiles"
        )
    if same and len(group) in (3, 4):
        return Meld(MeldKind.PUNG if len(group) == 3 else MeldKind.KONG, first)
    indices = sorted(tile.index for tile in group)
    if (
        len(group) == 3
        and not first.is_honour
        and indices[1] == indices[0] + 1
        and indices[2] == indices[0] + 2
    ):
        return Meld(MeldKind.CHOW, TILES[indices[0]])
    raise TileNotationError(token, position, "a bracketed group must be a pung, a kong or a chow")


def _run_notation(tiles: Sequence[Tile]) -> str:
    """Sorted tiles as compact runs: ``123m45p``."""
    out = []
    for suit in LETTERS:
        digits = "".join(str(tile.number) for tile in tiles if tile.suit == suit)
        if digits:
            out.append(digits + suit)
    return "".join(out)
