"""What the two mahjong scorers share: a fan pattern, the score of a hand, the best
reading, and the checks on a hand and its winning tile.

Each game (:mod:`kit.sichuan.fan`, :mod:`kit.hongkong.fan`) lists its own patterns
and what they look at; the machinery here adds them up the same way in both:

- every pattern that applies adds its fan (a limit pattern adds the cap);
- ``raw_fan`` is the sum of those parts, ``fan`` the same capped: the fan that is paid;
- the reading of the hand with the most fan counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from kit.mahjong.conditions import WinConditions
from kit.mahjong.hands import Form, Reading, waits
from kit.mahjong.tiles import Hand, Tile

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Found",
    "Pattern",
    "ScoreBase",
    "Wait",
    "best",
    "checked_win",
    "found_patterns",
    "hand_of",
    "scored_waits",
    "table_of",
]

Context = TypeVar("Context")
Found = tuple[tuple[str, int], ...]
"""The parts of a score: (pattern key, fan) in the order of the game's table."""


@dataclass(frozen=True)
class Pattern(Generic[Context]):
    """One fan pattern: key, English and Chinese names, fan per occurrence, how many
    times it applies to a winning hand (a function of the game's win context), and what
    it means, at length for the reference and in a few words for the cheat sheet."""

    key: str
    english: str
    chinese: str
    fan: int
    """Fan per occurrence; a limit pattern has 0 here and scores the cap."""
    occurrences: Callable[[Context], int] = field(repr=False)
    limit: bool = False
    """A limit pattern scores the cap, whatever else the hand holds."""
    meaning: str = field(kw_only=True, repr=False)
    """What the pattern asks of a hand, in a learner's words (the rules reference's tables)."""
    description: str = field(kw_only=True, repr=False)
    """The same in a few words, for the printed cheat sheet."""

    def names(self) -> dict[str, str]:
        """The pattern's names as table columns."""
        return {"name": self.english, "Chinese": self.chinese}


def found_patterns(
    patterns: Iterable[Pattern[Context]], context: Context, cap: int
) -> tuple[Found, bool]:
    """Every pattern that applies, with its fan, and whether one of them is a limit."""
    found = []
    limit = False
    for pattern in patterns:
        times = pattern.occurrences(context)
        if times:
            limit = limit or pattern.limit
            found.append((pattern.key, cap if pattern.limit else pattern.fan * times))
    return tuple(found), limit


Scored = TypeVar("Scored", bound="ScoreBase")


def best(scores: Iterable[Scored]) -> Scored:
    """The best reading's score: the most fan, a limit before the rest, then the most raw fan.
    Among equals, the first reading found counts."""
    return max(scores, key=lambda s: (s.fan, s.limit, s.raw_fan))


def checked_win(hand: Hand, win: Tile | str, conditions: WinConditions) -> Tile:
    """The winning tile, after checking the hand is complete, holds it, and fits ``conditions``."""
    if isinstance(win, str):
        tile = Tile.parse(win)
    elif isinstance(win, Tile):
        tile = win
    else:
        raise TypeError(f"win must be a Tile or a tile written as text, such as '5p', not {win!r}")
    if hand.size != 14:
        raise ValueError(f"a complete hand has 14 tiles (kongs count as three), not {hand.size}")
    if tile not in hand.concealed:
        raise ValueError(f"the winning tile {tile} is not among the concealed tiles")
    conditions.check(hand, tile)
    return tile


@dataclass(frozen=True, kw_only=True)
class ScoreBase:
    """A scored hand, the same in both games: whether it wins (or why not), the fan that
    is paid (``fan``, capped), the sum of the parts (``raw_fan``) and the parts."""

    PATTERNS: ClassVar[Mapping[str, Pattern[Any]]]
    """The game's patterns by key."""

    hand: Hand
    win: Tile
    wins: bool
    fan: int
    """The fan that counts for payment: the sum of the parts, capped."""
    raw_fan: int
    """The sum of the parts, before the cap."""
    patterns: Found
    """The parts: (pattern key, fan). A limit hand's include the limit pattern, at the cap."""
    reason: str | None = None
    """Why the hand does not win, or None."""
    reading: Reading | None = None
    """The reading of the concealed tiles that scored best."""

    @property
    def limit(self) -> bool:
        """Is this a limit hand (a pattern that scores the cap whatever else)?"""
        return any(self.PATTERNS[key].limit for key, _ in self.patterns)

    @property
    def pattern_rows(self) -> list[tuple[str, str, int]]:
        """(English, Chinese, fan) for each part."""
        return [
            (self.PATTERNS[k].english, self.PATTERNS[k].chinese, fan) for k, fan in self.patterns
        ]

    def _sum_text(self, cap: int) -> str:
        """ "dragon pung 1 + half flush 3 = 4 fan", or for a limit hand what made it one."""
        if self.limit:
            names = " + ".join(
                self.PATTERNS[key].english for key, _ in self.patterns if self.PATTERNS[key].limit
            )
            return f"limit hand ({names}) = {self.fan} fan"
        parts = [f"{self.PATTERNS[key].english} {fan}" for key, fan in self.patterns]
        terms = " + ".join(parts) if parts else "no pattern"
        capped = f", capped at {cap}" if self.raw_fan > self.fan else ""
        return f"{terms} = {self.raw_fan} fan{capped}"

    def to_frame(self) -> pd.DataFrame:
        """One row per part: the pattern, its names and its fan (the column sums to raw_fan)."""
        import pandas as pd

        rows = [
            {"pattern": key, **self.PATTERNS[key].names(), "fan": fan} for key, fan in self.patterns
        ]
        sample = next(iter(self.PATTERNS.values()))
        return pd.DataFrame(rows, columns=["pattern", *sample.names(), "fan"])

    def _repr_html_(self) -> str:
        from kit.render import score_html

        return score_html(self)  # type: ignore[arg-type]


def table_of(
    patterns: Sequence[Pattern[Any]],
    extra: Callable[[Any], dict[str, object]],
    columns: Sequence[str] | None = None,
) -> pd.DataFrame:
    """A game's fan table, one row per pattern (limit patterns' fan reads "cap"), indexed by
    key; ``extra`` adds a game's own columns (its ``reference``: the section of the kit's rules
    reference that lists the pattern), ``columns`` keeps only those named."""
    import pandas as pd

    table = pd.DataFrame(
        [
            {
                "key": p.key,
                **p.names(),
                "fan": "cap" if p.limit else str(p.fan),
                **extra(p),
            }
            for p in patterns
        ]
    ).set_index("key")
    if columns is not None:
        missing = [name for name in columns if name not in table.columns]
        if missing:
            raise ValueError(
                f"no column {missing[0]!r} in the fan table; it has {', '.join(table.columns)}"
            )
        table = table[list(columns)]
    return table


def hand_of(hand: Hand | str, parse: Callable[[str], Hand], what: str) -> Hand:
    """``hand`` itself, or read from notation with the game's ``parse``; anything else raises."""
    if isinstance(hand, str):
        return parse(hand)
    if not isinstance(hand, Hand):
        raise TypeError(f"{what} expects a Hand or a hand written as text, not {hand!r}")
    return hand


@dataclass(frozen=True)
class Wait(Generic[Scored]):
    """One tile a waiting hand needs, and what the win on it would score both ways."""

    tile: Tile
    discard: Scored
    """The hand won on this tile from another player's discard."""
    self_drawn: Scored
    """The hand won on this tile drawn from the wall."""

    @property
    def legal(self) -> bool:
        """Does it win at least one way?"""
        return self.discard.wins or self.self_drawn.wins


def scored_waits(
    hand: Hand,
    forms: Iterable[Form],
    playable: Callable[[Tile], bool],
    score_one: Callable[[Hand, Tile, WinConditions], Scored],
) -> list[Wait[Scored]]:
    """Every wait of a 13-tile hand that the table holds, scored on a discard and self-drawn."""
    found = []
    on_discard, drawn = WinConditions(), WinConditions(self_drawn=True)
    for tile in waits(hand, forms=tuple(forms)):
        if playable(tile):
            grown = hand.with_tile(tile)
            found.append(
                Wait(tile, score_one(grown, tile, on_discard), score_one(grown, tile, drawn))
            )
    return found
