"""Hong Kong fan patterns and hand scoring
(see the Hong Kong rules, Fan: reference/hongkong.md#fan).

Fan add up to the cap; a limit hand scores the cap; a win needs the minimum.

>>> result = score("123m456m789m11m[555z]", win="1m")
>>> result.wins, result.fan, result.patterns
(True, 4, (('dragon-pung', 1), ('half-flush', 3)))
>>> print(result.breakdown)
dragon pung 1 + half flush 3 = 4 fan
>>> score("123m456p789s11s[555z]", win="1s").reason
'1 fan, below the 3-fan minimum'
>>> score("1133557799p1122z", win="2z").reason  # seven pairs does not win here
'not four groups and a pair'

Reading choices (a careful player would expect these):

- A win on a kong's replacement tile, on the last wall tile, or a heavenly hand
  is self-drawn, so it also scores the self-drawn fan; ``consecutive_kongs``
  needs ``kong_replacement`` and two kongs in the hand (see :mod:`kit.mahjong.conditions`).
- The dealer sits East: a heavenly hand needs seat wind East, and an earthly
  hand any other seat wind. The two-player table seats East and South only.
- The all-chows fan reads "four chows and a pair" literally: any pair.
- Four concealed pungs is a limit only without kongs, exposed or concealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from kit.hongkong.rules import FORMS, TWO_PLAYER_TILES, Rules
from kit.mahjong import scoring
from kit.mahjong.conditions import WinConditions, WinFlags
from kit.mahjong.hands import Reading, decompositions
from kit.mahjong.scoring import Wait
from kit.mahjong.tiles import ALL_TILES, TILES, WINDS, Hand, MeldKind, Tile, TileSet, wind_tile
from kit.reference import cite

if TYPE_CHECKING:
    import pandas as pd
    from typing_extensions import Unpack

# fmt: off
__all__ = [
    "CONDITIONS", "DRAGONS", "PATTERNS",
    "Pattern", "Score", "Wait", "WinConditions", "WinContext",
    "parse_hand", "pattern_table", "score", "waits_with_fan",
]
# fmt: on

DRAGONS: tuple[int, ...] = tuple(t.index for t in TILES if t.is_dragon)
"""White, Green and Red, by tile index."""
WIND_TILES: tuple[int, ...] = tuple(wind_tile(letter).index for letter in WINDS)
CONDITIONS: tuple[str, ...] = (
    "self_drawn", "robbing_kong", "kong_replacement", "last_tile", "heavenly", "earthly",
    "consecutive_kongs",
)  # fmt: skip
"""The :class:`WinConditions` fields Hong Kong scores (it has no shot after a kong)."""


@dataclass(frozen=True)
class WinContext:
    """What the patterns look at: the hand, one reading of it, and how it was won."""

    hand: Hand
    win: Tile
    seat_wind: int
    round_wind: int
    reading: Reading
    won: WinConditions
    self_drawn: bool
    """Drawn from the wall: self-drawn, a kong replacement, the last tile or a heavenly hand."""

    @property
    def sets(self) -> list[tuple[str, Tile, bool]]:
        """Every group but the pair: (kind, first tile, concealed?) — kongs as "kong"."""
        out: list[tuple[str, Tile, bool]] = [
            (g.kind, g.first, True) for g in self.reading.groups if g.kind in ("chow", "pung")
        ]
        for meld in self.hand.melds:
            out.append((meld.kind.value, meld.first, meld.concealed))
        return out

    @property
    def pung_tiles(self) -> list[Tile]:
        return [first for kind, first, _ in self.sets if kind in ("pung", "kong")]

    @property
    def pair(self) -> Tile | None:
        pairs = self.reading.pairs
        return pairs[0].first if pairs else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @property
    def standard(self) -> bool:
        return self.reading.form == "standard"

    def pungs_of(self, indices: tuple[int, ...]) -> int:
        return sum(1 for tile in self.pung_tiles if tile.index in indices)


@dataclass(frozen=True)
class Pattern(scoring.Pattern["WinContext"]):
    """One pattern: key, names (English, Chinese; Cantonese too), fan, how often it applies."""

    cantonese: str = ""

    def names(self) -> dict[str, str]:
        return {"name": self.english, "Cantonese": self.cantonese, "Chinese": self.chinese}


def _pattern(
    key: str,
    english: str,
    cantonese: str,
    chinese: str,
    fan: int,
    occurrences: Any,
    *,
    limit: bool = False,
    meaning: str,
    description: str,
) -> Pattern:
    """A row of the table as the rules reference lists it: key, English, Cantonese, Chinese, fan,
    then what the pattern means (at length, and in a few words for the cheat sheet)."""
    return Pattern(
        key, english, chinese, fan, occurrences, limit=limit, cantonese=cantonese,
        meaning=meaning, description=description,
    )  # fmt: skip


def _suits(ctx: WinContext) -> set[str]:
    return {tile.suit for tile in ctx.tiles if not tile.is_honour}


def _has_honour(ctx: WinContext) -> bool:
    return any(tile.is_honour for tile in ctx.tiles)


def _all_pungs(ctx: WinContext) -> bool:
    return ctx.standard and all(kind != "chow" for kind, _, _ in ctx.sets)


def _all_chows(ctx: WinContext) -> bool:
    return ctx.standard and all(kind == "chow" for kind, _, _ in ctx.sets)


def _concealed(ctx: WinContext) -> bool:
    return not ctx.hand.melds  # a concealed kong counts as exposed here (hongkong.md#fan)


def _terminal_honour_pungs(ctx: WinContext) -> bool:
    tiles = ctx.tiles
    return (
        _all_pungs(ctx)
        and all(t.is_terminal or t.is_honour for t in tiles)
        and any(t.is_terminal for t in tiles)
        and any(t.is_honour for t in tiles)
    )


def _four_concealed_pungs(ctx: WinContext) -> bool:
    if not ctx.standard or ctx.hand.melds:
        return False
    pungs = [g.first for g in ctx.reading.groups if g.kind == "pung"]
    if len(pungs) != 4:
        return False
    # a pung completed by the winning discard counts as exposed (hongkong.md#limit-hands)
    return ctx.self_drawn or ctx.win not in pungs


def _nine_gates(ctx: WinContext) -> bool:
    if ctx.hand.melds or len(_suits(ctx)) != 1 or _has_honour(ctx):
        return False
    before = list(ctx.hand.concealed)
    before.remove(ctx.win)
    return sorted(t.number for t in before) == [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]


def _wind_pung(ctx: WinContext, wind: int) -> int:
    return ctx.pungs_of((wind,))


PATTERNS: tuple[Pattern, ...] = (
    _pattern(
        "all-chows", "all chows", "ping4 wu4", "平胡", 1, lambda c: int(_all_chows(c)),
        meaning="four chows and a pair, no pung or kong (any pair)",
        description="four chows and a pair",
    ),
    _pattern(
        "concealed", "concealed hand", "mun4 cin4 cing1", "門前清", 1, lambda c: int(_concealed(c)),
        meaning="no claimed group before the win; winning on a discard does not spoil it, but "
        "here a concealed kong counts as exposed",
        description="nothing claimed or declared (a concealed kong counts as declared)",
    ),
    _pattern(
        "self-drawn", "self-drawn", "zi6 mo1", "自摸", 1, lambda c: int(c.self_drawn),
        meaning="the winning tile was drawn, not taken from a discard",
        description="the winning tile drawn from the wall",
    ),
    _pattern(
        "dragon-pung", "dragon pung", "faan1 zi2", "番子", 1, lambda c: c.pungs_of(DRAGONS),
        meaning="a pung or kong of a dragon, 1 fan each",
        description="a pung or kong of dragons",
    ),
    _pattern(
        "seat-wind", "seat wind pung", "mun4 fung1", "門風", 1, lambda c: _wind_pung(c, c.seat_wind),
        meaning="a pung or kong of your seat wind",
        description="a pung or kong of your own seat's wind",
    ),
    _pattern(
        "round-wind", "round wind pung", "hyun1 fung1", "圈風", 1,
        lambda c: _wind_pung(c, c.round_wind),
        meaning="a pung or kong of the round wind (2 together with the seat wind when they are "
        "the same wind)",
        description="a pung or kong of the round's wind",
    ),
    _pattern(
        "terminals-honours-pungs", "terminals and honours pungs", "wan6 jiu1 gau2", "混幺九", 1,
        lambda c: int(_terminal_honour_pungs(c)),
        meaning="all pungs, every tile (the pair too) a 1, a 9 or an honour, with both terminals "
        "and honours; all pungs adds on top",
        description="all pungs of 1s, 9s and honours, with both",
    ),
    _pattern(
        "robbing-kong", "robbing the kong", "coeng2 gong3", "搶槓", 1,
        lambda c: int(c.won.robbing_kong),
        meaning="a win on the tile another player adds to an exposed pung",
        description="win on the tile another player adds to an exposed pung",
    ),
    _pattern(
        "kong-replacement", "win on a kong replacement", "gong3 soeng6 hoi1 faa1", "槓上開花", 1,
        lambda c: int(c.won.kong_replacement),
        meaning="a win on a kong's replacement tile (self-drawn)",
        description="win on the replacement tile after your kong",
    ),
    _pattern(
        "last-tile", "last tile", "hoi2 dai2 laau4 jyut6", "海底撈月", 1, lambda c: int(c.won.last_tile),
        meaning="a win on the last wall tile (self-drawn)",
        description="win on the last tile of the wall",
    ),
    _pattern(
        "half-flush", "half flush", "wan6 jat1 sik1", "混一色", 3,
        lambda c: int(len(_suits(c)) == 1 and _has_honour(c)),
        meaning="one suit plus at least one honour",
        description="one suit and honours",
    ),
    _pattern(
        "all-pungs", "all pungs", "deoi3 deoi3 wu4", "對對胡", 3, lambda c: int(_all_pungs(c)),
        meaning="four pungs or kongs and a pair",
        description="four pungs or kongs and a pair",
    ),
    _pattern(
        "small-three-dragons", "small three dragons", "siu2 saam1 jyun4", "小三元", 3,
        lambda c: int(c.pungs_of(DRAGONS) == 2 and c.pair is not None and c.pair.index in DRAGONS),
        meaning="two dragon pungs and a dragon pair; 5 with its two dragon pungs",
        description="two dragon pungs and a dragon pair",
    ),
    _pattern(
        "big-three-dragons", "big three dragons", "daai6 saam1 jyun4", "大三元", 5,
        lambda c: int(c.pungs_of(DRAGONS) == 3),
        meaning="three dragon pungs; 8 with the three dragon pungs",
        description="pungs of all three dragons",
    ),
    _pattern(
        "full-flush", "full flush", "cing1 jat1 sik1", "清一色", 7,
        lambda c: int(len(_suits(c)) == 1 and not _has_honour(c)),
        meaning="every tile from one suit, no honours",
        description="one suit only, no honours",
    ),
    # Limit hands: each scores the cap.
    _pattern(
        "all-honours", "all honours", "zi6 jat1 sik1", "字一色", 0,
        lambda c: int(all(t.is_honour for t in c.tiles)), limit=True,
        meaning="winds and dragons only",
        description="honour tiles only",
    ),
    _pattern(
        "small-four-winds", "small four winds", "siu2 sei3 hei2", "小四喜", 0,
        lambda c: int(c.pungs_of(WIND_TILES) == 3 and c.pair is not None and c.pair.is_wind),
        limit=True,
        meaning="three wind pungs and a wind pair",
        description="three wind pungs and a wind pair",
    ),
    _pattern(
        "big-four-winds", "big four winds", "daai6 sei3 hei2", "大四喜", 0,
        lambda c: int(c.pungs_of(WIND_TILES) == 4), limit=True,
        meaning="four wind pungs",
        description="pungs of all four winds",
    ),
    _pattern(
        "four-concealed-pungs", "four concealed pungs", "sei3 am3 hak1", "四暗刻", 0,
        lambda c: int(_four_concealed_pungs(c)), limit=True,
        meaning="four pungs all concealed, no kong; a pung completed by the winning discard is "
        "exposed, winning on the pair by discard keeps all four concealed",
        description="four concealed pungs, no kong; a pung completed by the winning discard is exposed",
    ),
    _pattern(
        "four-kongs", "four kongs", "sap6 baat3 lo4 hon3", "十八羅漢", 0,
        lambda c: int(sum(1 for m in c.hand.melds if m.kind is MeldKind.KONG) == 4), limit=True,
        meaning="four kongs",
        description="four kongs",
    ),
    _pattern(
        "all-terminals", "all terminals", "cing1 jiu1 gau2", "清幺九", 0,
        lambda c: int(all(t.is_terminal for t in c.tiles)), limit=True,
        meaning="1s and 9s only",
        description="1s and 9s only",
    ),
    _pattern(
        "heavenly-hand", "heavenly hand", "tin1 wu4", "天胡", 0,
        lambda c: int(c.won.heavenly), limit=True,
        meaning="the dealer (East) wins on its 14 dealt tiles",
        description="the dealer wins on the dealt hand",
    ),
    _pattern(
        "earthly-hand", "earthly hand", "dei6 wu4", "地胡", 0, lambda c: int(c.won.earthly), limit=True,
        meaning="another player wins on the dealer's first discard, before any claim",
        description="a player wins on the dealer's first discard",
    ),
    _pattern(
        "thirteen-orphans", "thirteen orphans", "sap6 saam1 jiu1", "十三幺", 0,
        lambda c: int(c.reading.form == "thirteen-orphans"), limit=True,
        meaning="one of each 1, 9 and honour, and a pair of one of them",
        description="one of each 1, 9 and honour, and one more of them",
    ),
    _pattern(
        "consecutive-kongs", "win after consecutive kongs", "lin4 gong3 hoi1 faa1", "連槓開花", 0,
        lambda c: int(c.won.consecutive_kongs), limit=True,
        meaning="a win on the replacement tile after two kongs declared one right after the other",
        description="win on the replacement after two kongs in a row",
    ),
    _pattern(
        "nine-gates", "nine gates", "gau2 lin4 bou2 dang1", "九蓮寶燈", 0,
        lambda c: int(_nine_gates(c)), limit=True,
        meaning="fully concealed; the 13 tiles before the win are 1112345678999 of one suit, and "
        "the winning tile is any tile of that suit",
        description="1112345678999 of one suit, concealed, and any tile of it",
    ),
)  # fmt: skip
"""The fan list (reference/hongkong.md#fan, #limit-hands). Lessons build their tables from it."""


def pattern_table(columns: Sequence[str] | None = None) -> pd.DataFrame:
    """The fan list (reference/hongkong.md#fan), generated from :data:`PATTERNS` (lessons show it);
    ``columns`` keeps only the columns named.

    >>> table = pattern_table()
    >>> table.loc["half-flush", "fan"], table.loc["nine-gates", "fan"]
    ('3', 'cap')
    >>> list(pattern_table(["name", "fan"]).columns)
    ['name', 'fan']
    """
    return scoring.table_of(
        PATTERNS,
        lambda p: {
            "limit": p.limit,
            "reference": cite("hongkong", "limit-hands" if p.limit else "fan").path,
        },
        columns,
    )


_BY_KEY = {pattern.key: pattern for pattern in PATTERNS}


@dataclass(frozen=True, kw_only=True)
class Score(scoring.ScoreBase):
    """A scored Hong Kong hand. ``fan`` is what counts (capped); ``wins`` needs the minimum;
    ``limit`` says whether a limit pattern made it."""

    rules: Rules
    PATTERNS: ClassVar[Mapping[str, Pattern]] = _BY_KEY

    @property
    def title(self) -> tuple[str, str] | None:
        """For a limit hand, its Chinese and English name; other hands have none."""
        limits = [_BY_KEY[key] for key, _ in self.patterns if _BY_KEY[key].limit]
        if not limits:
            return None
        return (
            "、".join(p.chinese for p in limits),
            "limit hand: " + ", ".join(p.english for p in limits),
        )

    @property
    def breakdown(self) -> str:
        """ "dragon pung 1 + half flush 3 = 4 fan", or why the hand does not win."""
        if not self.patterns:
            return f"does not win: {self.reason}"
        text = self._sum_text(self.rules.fan_cap)
        return text if self.wins else f"{text}: does not win, {self.reason}"


def _tile_set(rules: Rules) -> TileSet:
    """The tiles of the table: all 136, or the 80 of the two-player table
    (reference/hongkong.md#two-player)."""
    return TWO_PLAYER_TILES if rules.players == 2 else ALL_TILES


def parse_hand(hand: Hand | str, rules: Rules = Rules()) -> Hand:
    """A hand from strict notation (or a Hand), checked against the table size's tiles."""
    tiles = _tile_set(rules)
    parsed = scoring.hand_of(hand, lambda text: Hand.parse(text, tiles=tiles), "parse_hand")
    if parsed is hand:
        for tile in parsed.all_tiles:
            why = tiles.missing(tile)
            if why:
                raise ValueError(why)
    return parsed


def _wind(letter: str, which: str, rules: Rules) -> int:
    """The tile index of a seat or round wind; the two-player table has East and South only."""
    if not isinstance(letter, str) or letter not in WINDS:
        raise ValueError(f"{which} must be one of {', '.join(WINDS)}, not {letter!r:.60}")
    if rules.players == 2 and letter not in WINDS[:2]:
        raise ValueError(f"{which} at the two-player table is E or S (two seats), not {letter!r}")
    return wind_tile(letter).index


def score(
    hand: Hand | str,
    *,
    win: Tile | str,
    seat_wind: str = "E",
    round_wind: str = "E",
    rules: Rules = Rules(),
    conditions: WinConditions | None = None,
    **flags: Unpack[WinFlags],
) -> Score:
    """Score a complete 14-tile hand (kongs as three), the winning tile included
    (reference/hongkong.md#fan).

    How it was won is ``conditions``, or its fields given as keyword flags
    (``self_drawn=True``, ``robbing_kong=True``, …), not both. The best reading
    over all decompositions counts. Hands below the minimum return
    ``wins=False`` with the reason; bad input raises ``ValueError``.
    """
    won = WinConditions.of(conditions, **flags)
    won.check_used(CONDITIONS, "Hong Kong")
    parsed = parse_hand(hand, rules)
    tile = scoring.checked_win(parsed, win, won)
    seat, round_ = _wind(seat_wind, "seat_wind", rules), _wind(round_wind, "round_wind", rules)
    if won.heavenly and seat_wind != "E":
        raise ValueError(
            f"a heavenly hand is the dealer's, and the dealer sits East, not {seat_wind}"
        )
    if won.earthly and seat_wind == "E":
        raise ValueError(
            "an earthly hand is won on the dealer's first discard, so the dealer (East) cannot win it"
        )
    readings = decompositions(parsed.counts, forms=FORMS)
    if not readings:
        return Score(
            hand=parsed, win=tile, wins=False, fan=0, raw_fan=0, patterns=(), rules=rules,
            reason="not four groups and a pair",
        )  # fmt: skip
    drawn = won.drawn or won.last_tile
    return scoring.best(
        _score_reading(WinContext(parsed, tile, seat, round_, reading, won, drawn), rules)
        for reading in readings
    )


def _score_reading(ctx: WinContext, rules: Rules) -> Score:
    found, _ = scoring.found_patterns(PATTERNS, ctx, rules.fan_cap)
    raw = sum(fan for _, fan in found)
    fan = min(raw, rules.fan_cap)
    wins = fan >= rules.min_fan
    return Score(
        hand=ctx.hand, win=ctx.win, wins=wins, fan=fan, raw_fan=raw, patterns=found, rules=rules,
        reason=None if wins else f"{fan} fan, below the {rules.min_fan}-fan minimum",
        reading=ctx.reading,
    )  # fmt: skip


def waits_with_fan(
    hand: Hand | str, rules: Rules = Rules(), *, seat_wind: str = "E", round_wind: str = "E"
) -> list[Wait[Score]]:
    """Every wait of a 13-tile hand (kongs as three), scored as a discard win and a self-draw.

    Only tiles of the table count: the two-player table has no 2-8 of characters or bamboo.

    >>> found = waits_with_fan(Hand.parse("123m456p789s22z55z"))
    >>> [(str(x.tile), x.discard.fan, x.self_drawn.fan, x.legal) for x in found]
    [('2z', 1, 2, False), ('5z', 2, 3, True)]
    """
    parsed = scoring.hand_of(hand, lambda text: parse_hand(text, rules), "waits_with_fan")
    for letter, which in ((seat_wind, "seat_wind"), (round_wind, "round_wind")):
        _wind(letter, which, rules)
    tiles = _tile_set(rules)

    def one(grown: Hand, tile: Tile, won: WinConditions) -> Score:
        return score(
            grown, win=tile, conditions=won, seat_wind=seat_wind, round_wind=round_wind,
            rules=rules,
        )  # fmt: skip

    return scoring.scored_waits(parsed, FORMS, tiles.__contains__, one)
