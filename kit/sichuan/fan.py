"""Sichuan fan patterns and hand scoring (RULES.md §2.1–2.3).

A hand starts at 0 fan; each pattern that applies adds its fan, and the hand
is worth base × 2^min(fan, cap). The best reading over all decompositions
counts.

>>> result = score("11223344556677p", win="7p", void="m")
>>> result.wins, result.fan, result.patterns, result.name
(True, 4, (('full-flush', 2), ('seven-pairs', 2)), '清七对')
>>> print(result.breakdown)
full flush 2 + seven pairs 2 = 4 fan → ×16 (cap 4)
>>> score("123m456m789p11p245p", win="1p", void="s").reason
'not four groups and a pair, nor seven pairs'

Reading choices (RULES.md leaves them open; a careful player would expect these):

- A win on a kong's replacement tile is self-drawn by definition, so
  ``kong_replacement=True`` needs no ``self_drawn=True``; it cannot go with a
  robbed kong or a shot after a kong, which are wins on another player's tile.
- 带幺九 (an option) reads the standard form only: every group and the pair
  holds a 1 or a 9.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kit.hands import Reading, decompositions, impossible_win
from kit.sichuan.rules import FORMS, SICHUAN_TILES, Rules
from kit.tiles import Hand, MeldKind, Tile, counts_of

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FAMILIAR_NAMES",
    "PATTERNS",
    "Pattern",
    "Score",
    "WinContext",
    "parse_hand",
    "pattern_table",
    "score",
]

SUITS = ("m", "p", "s")


@dataclass(frozen=True)
class WinContext:
    """What the patterns look at: the whole hand, one reading of it, and how it was won."""

    hand: Hand
    win: Tile
    reading: Reading
    counts: tuple[int, ...]
    """34 counts of every tile in the hand, melds included."""
    self_drawn: bool
    kong_replacement: bool
    shot_after_kong: bool
    robbing_kong: bool
    last_tile: bool
    heavenly: bool
    rules: Rules

    @property
    def standard(self) -> bool:
        return self.reading.form == "standard"

    @property
    def pungs_only(self) -> bool:
        """Four pungs or kongs and a pair: no chow anywhere."""
        return self.standard and all(g.kind != "chow" for g in self.reading.groups)

    @property
    def groups_with_pair(self) -> list[tuple[Tile, ...]]:
        """Every group of the reading (concealed and melded) as tiles, the pair included."""
        return [g.tiles for g in self.reading.groups] + [m.tiles for m in self.hand.melds]


@dataclass(frozen=True)
class Pattern:
    """One fan pattern: key, names, fan per occurrence, and how many times it applies."""

    key: str
    english: str
    chinese: str
    fan: int
    occurrences: Callable[[WinContext], int] = field(repr=False)
    section: str = "2.2"
    option: str | None = None
    """The Rules field that switches an optional pattern on, or None for the standard table."""

    def enabled(self, rules: Rules) -> bool:
        return self.option is None or bool(getattr(rules, self.option))


def _roots(ctx: WinContext) -> int:
    return sum(1 for count in ctx.counts if count == 4)


def _one_suit(ctx: WinContext) -> bool:
    return len({tile.suit for tile in ctx.hand.all_tiles}) == 1


def _golden_wait(ctx: WinContext) -> bool:
    concealed = ctx.hand.concealed
    return (
        len(ctx.hand.melds) == 4 and len(concealed) == 2 and concealed[0] == concealed[1] == ctx.win
    )


def _has_terminal(tiles: tuple[Tile, ...]) -> bool:
    return any(tile.is_terminal for tile in tiles)


PATTERNS: tuple[Pattern, ...] = (
    Pattern("root", "root", "根", 1, _roots),
    Pattern("all-pungs", "all pungs", "对对胡", 1, lambda c: int(c.pungs_only)),
    Pattern("golden-wait", "golden wait", "金钩钓", 1, lambda c: int(_golden_wait(c))),
    Pattern("full-flush", "full flush", "清一色", 2, lambda c: int(_one_suit(c))),
    Pattern("seven-pairs", "seven pairs", "七对", 2, lambda c: int(c.reading.form == "seven-pairs")),
    Pattern("win-after-kong", "win after a kong", "杠上开花", 1, lambda c: int(c.kong_replacement)),
    Pattern("shot-after-kong", "shot after a kong", "杠上炮", 1, lambda c: int(c.shot_after_kong)),
    Pattern("robbing-kong", "robbing the kong", "抢杠胡", 1, lambda c: int(c.robbing_kong)),
    Pattern("under-the-sea", "under the sea", "海底", 1, lambda c: int(c.last_tile)),
    # Optional patterns, each off unless its Rules field is on.
    Pattern(
        "terminals-in-all", "terminals in every group", "带幺九", 2,
        lambda c: int(c.standard and all(_has_terminal(g) for g in c.groups_with_pair)),
        option="terminals_in_all",
    ),
    Pattern(
        "258-pungs", "2-5-8 pungs", "将对", 2,
        lambda c: int(c.pungs_only and all(t.number in (2, 5, 8) for t in c.hand.all_tiles)),
        option="pungs_258",
    ),
    Pattern(
        "concealed", "fully concealed", "门清", 1,
        lambda c: int(all(m.concealed for m in c.hand.melds)),
        option="concealed_hand",
    ),
    Pattern(
        "all-simples", "all simples", "中张", 1,
        lambda c: int(not any(t.is_terminal for t in c.hand.all_tiles)),
        option="all_simples",
    ),
    Pattern(
        "heavenly-earthly", "heavenly or earthly hand", "天胡/地胡", 0,
        lambda c: int(c.heavenly),
        option="heavenly_earthly",
    ),
    Pattern(
        "app-dragon-seven-pairs", "dragon seven pairs bonus", "龙七对加番", 1,
        lambda c: int(c.reading.form == "seven-pairs" and _roots(c) > 0),
        option="app_dragon_seven_pairs",
    ),
)  # fmt: skip
"""The fan table of RULES.md §2.2, in the order results list them."""

_BY_KEY = {pattern.key: pattern for pattern in PATTERNS}


def pattern_table(rules: Rules = Rules()) -> pd.DataFrame:
    """The fan table of RULES.md §2.2, generated from :data:`PATTERNS` (lessons show it).

    >>> table = pattern_table()
    >>> table.loc["seven-pairs", "fan"], table.loc["heavenly-earthly", "fan"]
    ('2', 'cap')
    """
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "key": p.key,
                "name": p.english,
                "Chinese": p.chinese,
                "fan": "cap" if p.key == "heavenly-earthly" else str(p.fan),
                "each": p.key == "root",
                "option": p.option or "",
                "on": p.enabled(rules),
                "section": p.section,
            }
            for p in PATTERNS
        ]
    ).set_index("key")


def _familiar(
    *required: str, roots: int = 0, kongs: int = 0
) -> Callable[[dict[str, int], Hand], bool]:
    def matches(found: dict[str, int], hand: Hand) -> bool:
        held_kongs = sum(1 for meld in hand.melds if meld.kind is MeldKind.KONG)
        return (
            all(key in found for key in required)
            and found.get("root", 0) >= roots
            and held_kongs >= kongs
        )

    return matches


FAMILIAR_NAMES: tuple[tuple[str, str, Callable[[dict[str, int], Hand], bool]], ...] = (
    ("十八罗汉", "eighteen arhats (four kongs, golden wait)", _familiar("golden-wait", kongs=4)),
    ("清龙七对", "pure dragon seven pairs", _familiar("full-flush", "seven-pairs", roots=1)),
    ("清七对", "pure seven pairs", _familiar("full-flush", "seven-pairs")),
    ("龙七对", "dragon seven pairs", _familiar("seven-pairs", roots=1)),
    ("七对", "seven pairs", _familiar("seven-pairs")),
    ("清金钩钓", "pure golden wait", _familiar("full-flush", "golden-wait")),
    ("清对", "pure all pungs", _familiar("full-flush", "all-pungs")),
    ("金钩钓", "golden wait", _familiar("golden-wait")),
    ("对对胡", "all pungs", _familiar("all-pungs")),
    ("清一色", "full flush", _familiar("full-flush")),
    ("平胡", "plain win", _familiar()),
)
"""Familiar names for combinations of patterns, most specific first (shown in lessons)."""


@dataclass(frozen=True)
class Score:
    """A scored Sichuan hand: whether it wins, why not, and its fan, patterns and value."""

    hand: Hand
    win: Tile
    wins: bool
    fan: int
    """The uncapped total fan."""
    patterns: tuple[tuple[str, int], ...]
    value: int
    """base × 2^min(fan, cap); 0 when the hand does not win."""
    rules: Rules
    reason: str | None = None
    name: str | None = None
    reading: Reading | None = None

    @property
    def english_name(self) -> str | None:
        for chinese, english, _ in FAMILIAR_NAMES:
            if chinese == self.name:
                return english
        return None

    @property
    def title(self) -> tuple[str, str] | None:
        """The familiar name, in Chinese and English (清七对, pure seven pairs)."""
        return (self.name, self.english_name or "") if self.name else None

    @property
    def pattern_rows(self) -> list[tuple[str, str, int]]:
        """(English, Chinese, fan) for each pattern that counts."""
        return [(_BY_KEY[key].english, _BY_KEY[key].chinese, fan) for key, fan in self.patterns]

    @property
    def breakdown(self) -> str:
        """ "seven pairs 2 + full flush 2 + root 1 = 5 fan → ×16 (cap 4)", or why it does not win."""
        if not self.wins:
            return f"does not win: {self.reason}"
        parts = [f"{_BY_KEY[key].english} {fan}" for key, fan in self.patterns]
        terms = " + ".join(parts) if parts else "no pattern"
        multiplier = self.value // self.rules.base
        return f"{terms} = {self.fan} fan → ×{multiplier} (cap {self.rules.fan_cap})"

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(
            [
                {
                    "pattern": key,
                    "name": _BY_KEY[key].english,
                    "Chinese": _BY_KEY[key].chinese,
                    "fan": fan,
                }
                for key, fan in self.patterns
            ],
            columns=["pattern", "name", "Chinese", "fan"],
        )

    def _repr_html_(self) -> str:
        from kit.render import score_html

        return score_html(self)


def parse_hand(hand: Hand | str) -> Hand:
    """A Sichuan hand from notation (strict; no honours, no claimed chows) or a Hand."""
    parsed = Hand.parse(hand, tiles=SICHUAN_TILES) if isinstance(hand, str) else hand
    for tile in parsed.all_tiles:
        if tile.is_honour:
            raise ValueError(f"{tile} is an honour tile; Sichuan mahjong has none")
    for meld in parsed.melds:
        if meld.kind is MeldKind.CHOW:
            raise ValueError(f"{meld} is a claimed chow; Sichuan mahjong has no chow claims")
    return parsed


def _tile(win: Tile | str) -> Tile:
    return Tile.parse(win) if isinstance(win, str) else win


def score(
    hand: Hand | str,
    *,
    win: Tile | str,
    void: str | None = None,
    self_drawn: bool = False,
    kong_replacement: bool = False,
    shot_after_kong: bool = False,
    robbing_kong: bool = False,
    last_tile: bool = False,
    heavenly: bool = False,
    rules: Rules = Rules(),
) -> Score:
    """Score a complete 14-tile hand (kongs as three), the winning tile included (§2.2–2.3).

    ``void`` is the suit letter the player named void (定缺); without it, a
    hand holding all three suits never wins. ``heavenly`` marks a heavenly or
    earthly hand (only scored with the option on).
    """
    parsed = parse_hand(hand)
    tile = _tile(win)
    if void is not None and void not in SUITS:
        raise ValueError(f"void must be one of m, p, s, not {void!r}")
    if parsed.size != 14:
        raise ValueError(f"a complete hand has 14 tiles (kongs count as three), not {parsed.size}")
    if tile not in parsed.concealed:
        raise ValueError(f"the winning tile {tile} is not among the concealed tiles")
    _check_conditions(self_drawn or kong_replacement, shot_after_kong, robbing_kong)
    why = impossible_win(parsed, tile, robbing_kong=robbing_kong, kong_replacement=kong_replacement)
    if why:
        raise ValueError(why)

    def lose(reason: str) -> Score:
        return Score(parsed, tile, False, 0, (), 0, rules, reason=reason)

    suits = parsed.suits
    if void is not None and void in suits:
        return lose(f"holds a tile of the void suit ({void})")
    if void is None and len(suits) == 3:
        return lose("holds all three suits; one suit must be void")
    readings = decompositions(parsed.counts, forms=FORMS)
    if not readings:
        return lose("not four groups and a pair, nor seven pairs")

    counts = tuple(counts_of(parsed.all_tiles))
    best: tuple[int, tuple[tuple[str, int], ...], Reading] | None = None
    for reading in readings:
        ctx = WinContext(
            parsed, tile, reading, counts, self_drawn or kong_replacement, kong_replacement,
            shot_after_kong, robbing_kong, last_tile, heavenly, rules,
        )  # fmt: skip
        found = _patterns(ctx)
        total = sum(fan for _, fan in found)
        if best is None or total > best[0]:
            best = (total, found, reading)
    assert best is not None
    total, found, reading = best
    return Score(
        parsed,
        tile,
        True,
        total,
        found,
        rules.hand_value(total),
        rules,
        name=familiar_name(dict(found), parsed),
        reading=reading,
    )


def _patterns(ctx: WinContext) -> tuple[tuple[str, int], ...]:
    found = []
    for pattern in PATTERNS:
        if not pattern.enabled(ctx.rules):
            continue
        times = pattern.occurrences(ctx)
        if times:
            fan = ctx.rules.fan_cap if pattern.key == "heavenly-earthly" else pattern.fan * times
            found.append((pattern.key, fan))
    return tuple(found)


def familiar_name(found: dict[str, int], hand: Hand) -> str:
    """The familiar Chinese name of a winning combination (see :data:`FAMILIAR_NAMES`)."""
    return next(chinese for chinese, _, matches in FAMILIAR_NAMES if matches(found, hand))


def _check_conditions(self_drawn: bool, shot_after_kong: bool, robbing_kong: bool) -> None:
    """Raise on win conditions that contradict each other (RULES.md §0)."""
    if robbing_kong and self_drawn:
        raise ValueError("robbing a kong wins on another player's tile; it cannot be self-drawn")
    if shot_after_kong and self_drawn:
        raise ValueError("a shot after a kong wins on a discard; it cannot be self-drawn")
    if shot_after_kong and robbing_kong:
        raise ValueError("a win cannot be both on a discard after a kong and on a robbed kong")
