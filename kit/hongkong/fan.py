"""Hong Kong fan patterns and hand scoring (RULES.md §3.1–3.2, §3.4).

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

Reading choices (RULES.md leaves them open; a careful player would expect these):

- A win on a kong's replacement tile, or on the last wall tile, is
  self-drawn, so it also scores the self-drawn fan; ``consecutive_kongs``
  needs ``kong_replacement``.
- The all-chows fan reads "four chows and a pair" literally: any pair.
- Four concealed pungs is a limit only without kongs, exposed or concealed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from kit.hands import Reading, decompositions, impossible_win, waits
from kit.hongkong.rules import FORMS, TWO_PLAYER_TILES, Rules
from kit.tiles import ALL_TILES, TILES, Hand, MeldKind, Tile, TileSet

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "PATTERNS",
    "WINDS",
    "Pattern",
    "Score",
    "Wait",
    "WinContext",
    "parse_hand",
    "pattern_table",
    "score",
    "waits_with_fan",
]

Wind = Literal["E", "S", "W", "N"]
WINDS: dict[str, int] = {"E": 27, "S": 28, "W": 29, "N": 30}
"""Wind letters and their tile indices."""
DRAGONS: tuple[int, ...] = tuple(t.index for t in TILES if t.is_dragon)
"""White, Green and Red, by tile index."""
WIND_TILES: tuple[int, ...] = tuple(WINDS.values())


@dataclass(frozen=True)
class WinContext:
    """What the patterns look at: the hand, one reading of it, and how it was won."""

    hand: Hand
    win: Tile
    reading: Reading
    self_drawn: bool
    seat_wind: int
    round_wind: int
    robbing_kong: bool
    kong_replacement: bool
    last_tile: bool
    heavenly: bool
    earthly: bool
    consecutive_kongs: bool

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
class Pattern:
    """One pattern: key, names (English, Cantonese, Chinese), fan, how often it applies."""

    key: str
    english: str
    cantonese: str
    chinese: str
    fan: int
    """Fan per occurrence; limit hands have fan 0 here and score the cap."""
    occurrences: Callable[[WinContext], int] = field(repr=False)
    limit: bool = False
    section: str = "3.2"


def _suits(ctx: WinContext) -> set[str]:
    return {tile.suit for tile in ctx.tiles if not tile.is_honour}


def _has_honour(ctx: WinContext) -> bool:
    return any(tile.is_honour for tile in ctx.tiles)


def _all_pungs(ctx: WinContext) -> bool:
    return ctx.standard and all(kind != "chow" for kind, _, _ in ctx.sets)


def _all_chows(ctx: WinContext) -> bool:
    return ctx.standard and all(kind == "chow" for kind, _, _ in ctx.sets)


def _concealed(ctx: WinContext) -> bool:
    return not ctx.hand.melds  # a concealed kong counts as exposed here (§3.2)


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
    # a pung completed by the winning discard counts as exposed (§3.2 reading notes)
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
    Pattern("all-chows", "all chows", "ping wu", "平胡", 1, lambda c: int(_all_chows(c))),
    Pattern("concealed", "concealed hand", "mun chin", "門前清", 1, lambda c: int(_concealed(c))),
    Pattern("self-drawn", "self-drawn", "zi mo", "自摸", 1, lambda c: int(c.self_drawn)),
    Pattern("dragon-pung", "dragon pung", "faan zi", "番子", 1, lambda c: c.pungs_of(DRAGONS)),
    Pattern("seat-wind", "seat wind pung", "mun fung", "門風", 1, lambda c: _wind_pung(c, c.seat_wind)),
    Pattern("round-wind", "round wind pung", "quan fung", "圈風", 1, lambda c: _wind_pung(c, c.round_wind)),
    Pattern(
        "terminals-honours-pungs", "terminals and honours pungs", "wan yiu gau", "混幺九", 1,
        lambda c: int(_terminal_honour_pungs(c)),
    ),
    Pattern("robbing-kong", "robbing the kong", "cheung gong", "搶槓", 1, lambda c: int(c.robbing_kong)),
    Pattern(
        "kong-replacement", "win on a kong replacement", "gong soeng faa", "槓上開花", 1,
        lambda c: int(c.kong_replacement),
    ),
    Pattern("last-tile", "last tile", "hoi dai lou jyut", "海底撈月", 1, lambda c: int(c.last_tile)),
    Pattern(
        "half-flush", "half flush", "wan jat sik", "混一色", 3,
        lambda c: int(len(_suits(c)) == 1 and _has_honour(c)),
    ),
    Pattern("all-pungs", "all pungs", "deoi deoi wu", "對對胡", 3, lambda c: int(_all_pungs(c))),
    Pattern(
        "small-three-dragons", "small three dragons", "siu saam jyun", "小三元", 3,
        lambda c: int(c.pungs_of(DRAGONS) == 2 and c.pair is not None and c.pair.index in DRAGONS),
    ),
    Pattern(
        "big-three-dragons", "big three dragons", "daai saam jyun", "大三元", 5,
        lambda c: int(c.pungs_of(DRAGONS) == 3),
    ),
    Pattern(
        "full-flush", "full flush", "cing jat sik", "清一色", 7,
        lambda c: int(len(_suits(c)) == 1 and not _has_honour(c)),
    ),
    # Limit hands: each scores the cap.
    Pattern(
        "all-honours", "all honours", "zi jat sik", "字一色", 0,
        lambda c: int(all(t.is_honour for t in c.tiles)), limit=True,
    ),
    Pattern(
        "small-four-winds", "small four winds", "siu sei hei", "小四喜", 0,
        lambda c: int(c.pungs_of(WIND_TILES) == 3 and c.pair is not None and c.pair.is_wind),
        limit=True,
    ),
    Pattern(
        "big-four-winds", "big four winds", "daai sei hei", "大四喜", 0,
        lambda c: int(c.pungs_of(WIND_TILES) == 4), limit=True,
    ),
    Pattern(
        "four-concealed-pungs", "four concealed pungs", "sei am hak", "四暗刻", 0,
        lambda c: int(_four_concealed_pungs(c)), limit=True,
    ),
    Pattern(
        "four-kongs", "four kongs", "sap baat lo hon", "十八羅漢", 0,
        lambda c: int(sum(1 for m in c.hand.melds if m.kind is MeldKind.KONG) == 4), limit=True,
    ),
    Pattern(
        "all-terminals", "all terminals", "cing jiu gau", "清幺九", 0,
        lambda c: int(all(t.is_terminal for t in c.tiles)), limit=True,
    ),
    Pattern("heavenly-hand", "heavenly hand", "tin wu", "天胡", 0, lambda c: int(c.heavenly), limit=True),
    Pattern("earthly-hand", "earthly hand", "dei wu", "地胡", 0, lambda c: int(c.earthly), limit=True),
    Pattern(
        "thirteen-orphans", "thirteen orphans", "sap saam jiu", "十三幺", 0,
        lambda c: int(c.reading.form == "thirteen-orphans"), limit=True,
    ),
    Pattern(
        "consecutive-kongs", "win after consecutive kongs", "lin gong", "連槓開花", 0,
        lambda c: int(c.consecutive_kongs), limit=True,
    ),
    Pattern(
        "nine-gates", "nine gates", "gau lin bou dang", "九蓮寶燈", 0,
        lambda c: int(_nine_gates(c)), limit=True,
    ),
)  # fmt: skip
"""The fan list of RULES.md §3.2. Lessons build their tables from it."""

_BY_KEY = {pattern.key: pattern for pattern in PATTERNS}


def pattern_table() -> pd.DataFrame:
    """The fan list of RULES.md §3.2, generated from :data:`PATTERNS` (lessons show it).

    >>> table = pattern_table()
    >>> table.loc["half-flush", "fan"], table.loc["nine-gates", "fan"]
    ('3', 'cap')
    """
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "key": p.key,
                "name": p.english,
                "Cantonese": p.cantonese,
                "Chinese": p.chinese,
                "fan": "cap" if p.limit else str(p.fan),
                "limit": p.limit,
                "section": p.section,
            }
            for p in PATTERNS
        ]
    ).set_index("key")


@dataclass(frozen=True)
class Score:
    """A scored Hong Kong hand. ``fan`` is what counts (capped); ``wins`` needs the minimum."""

    hand: Hand
    win: Tile
    wins: bool
    fan: int
    patterns: tuple[tuple[str, int], ...]
    limit: bool
    rules: Rules
    reason: str | None = None
    reading: Reading | None = None
    raw_fan: int = 0
    """The fan before the cap (limit hands: the cap)."""

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
    def pattern_rows(self) -> list[tuple[str, str, int]]:
        """(English, Chinese, fan) for each pattern found (a limit hand scores the cap once)."""
        return [(_BY_KEY[key].english, _BY_KEY[key].chinese, fan) for key, fan in self.patterns]

    @property
    def breakdown(self) -> str:
        """ "dragon pung 1 + half flush 3 = 4 fan", or why the hand does not win."""
        if not self.patterns:
            return f"does not win: {self.reason}"
        if self.limit:
            names = " + ".join(
                _BY_KEY[key].english for key, _ in self.patterns if _BY_KEY[key].limit
            )
            text = f"limit hand ({names}) = {self.fan} fan"
        else:
            terms = " + ".join(f"{_BY_KEY[key].english} {fan}" for key, fan in self.patterns)
            capped = f" (capped at {self.rules.fan_cap})" if self.raw_fan > self.fan else ""
            text = f"{terms} = {self.fan} fan{capped}"
        return text if self.wins else f"{text}: does not win, {self.reason}"

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(
            [
                {
                    "pattern": key,
                    "name": _BY_KEY[key].english,
                    "Cantonese": _BY_KEY[key].cantonese,
                    "Chinese": _BY_KEY[key].chinese,
                    "fan": fan,
                }
                for key, fan in self.patterns
            ],
            columns=["pattern", "name", "Cantonese", "Chinese", "fan"],
        )

    def _repr_html_(self) -> str:
        from kit.render import score_html

        return score_html(self)


def _tile_set(rules: Rules) -> TileSet:
    """The tiles of the table: all 136, or the 80 of the two-player table (§3.4)."""
    return TWO_PLAYER_TILES if rules.players == 2 else ALL_TILES


def parse_hand(hand: Hand | str, rules: Rules = Rules()) -> Hand:
    """A hand from strict notation (or a Hand), checked against the table size's tiles."""
    tiles = _tile_set(rules)
    if isinstance(hand, str):
        return Hand.parse(hand, tiles=tiles)
    for tile in hand.all_tiles:
        why = tiles.missing(tile)
        if why:
            raise ValueError(why)
    return hand


def _wind(name: str, which: str) -> int:
    if name not in WINDS:
        raise ValueError(f"{which} must be one of E, S, W, N, not {name!r}")
    return WINDS[name]


def score(
    hand: Hand | str,
    *,
    win: Tile | str,
    self_drawn: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    robbing_kong: bool = False,
    kong_replacement: bool = False,
    last_tile: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    consecutive_kongs: bool = False,
    rules: Rules = Rules(),
) -> Score:
    """Score a complete 14-tile hand (kongs as three), the winning tile included (§3.1–3.2).

    The best reading over all decompositions counts. Hands below the minimum
    return ``wins=False`` with the reason; bad input raises ``ValueError``.
    """
    parsed = parse_hand(hand, rules)
    tile = Tile.parse(win) if isinstance(win, str) else win
    if parsed.size != 14:
        raise ValueError(f"a complete hand has 14 tiles (kongs count as three), not {parsed.size}")
    if tile not in parsed.concealed:
        raise ValueError(f"the winning tile {tile} is not among the concealed tiles")
    seat, round_ = _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind")
    drawn = self_drawn or kong_replacement or last_tile
    if robbing_kong and (last_tile or heavenly):
        what = "the last wall tile" if last_tile else "a heavenly hand"
        raise ValueError(f"robbing a kong wins on another player's tile, not on {what}")
    if robbing_kong and drawn:
        raise ValueError("robbing a kong wins on another player's tile; it cannot be self-drawn")
    if consecutive_kongs and not kong_replacement:
        raise ValueError("a win after consecutive kongs is a win on a kong replacement tile")
    if heavenly and earthly:
        raise ValueError("a hand cannot be both heavenly and earthly")
    why = impossible_win(parsed, tile, robbing_kong=robbing_kong, kong_replacement=kong_replacement)
    if why:
        raise ValueError(why)

    readings = decompositions(parsed.counts, forms=FORMS)
    if not readings:
        return Score(parsed, tile, False, 0, (), False, rules, reason="not four groups and a pair")
    best: tuple[tuple[int, bool], Score] | None = None
    for reading in readings:
        ctx = WinContext(
            parsed, tile, reading, drawn, seat, round_, robbing_kong, kong_replacement,
            last_tile, heavenly, earthly, consecutive_kongs,
        )  # fmt: skip
        result = _score_reading(ctx, rules)
        rank = (result.fan, result.limit)
        if best is None or rank > best[0]:
            best = (rank, result)
    assert best is not None
    return best[1]


def _score_reading(ctx: WinContext, rules: Rules) -> Score:
    found: list[tuple[str, int]] = []
    limit = False
    for pattern in PATTERNS:
        times = pattern.occurrences(ctx)
        if times:
            limit = limit or pattern.limit
            found.append((pattern.key, rules.fan_cap if pattern.limit else pattern.fan * times))
    raw = rules.fan_cap if limit else sum(fan for _, fan in found)
    fan = min(raw, rules.fan_cap)
    wins = fan >= rules.min_fan
    reason = None if wins else f"{fan} fan, below the {rules.min_fan}-fan minimum"
    return Score(ctx.hand, ctx.win, wins, fan, tuple(found), limit, rules, reason, ctx.reading, raw)


@dataclass(frozen=True)
class Wait:
    """One tile a waiting hand needs, and what the win on it would score both ways."""

    tile: Tile
    discard: Score
    """The hand won on this tile from another player's discard."""
    self_drawn: Score
    """The hand won on this tile drawn from the wall."""

    @property
    def legal(self) -> bool:
        """Does it reach the minimum at least one way?"""
        return self.discard.wins or self.self_drawn.wins


def waits_with_fan(
    hand: Hand, rules: Rules = Rules(), *, seat_wind: str = "E", round_wind: str = "E"
) -> list[Wait]:
    """Every wait of a 13-tile hand (kongs as three), scored as a discard win and a self-draw.

    Only tiles of the table count: the two-player table has no 2-8 of characters or bamboo.

    >>> found = waits_with_fan(Hand.parse("123m456p789s22z55z"))
    >>> [(str(x.tile), x.discard.fan, x.self_drawn.fan, x.legal) for x in found]
    [('2z', 1, 2, False), ('5z', 2, 3, True)]
    """
    tiles = _tile_set(rules)
    found = []
    for tile in waits(hand, forms=FORMS):
        if tile not in tiles:
            continue
        grown = hand.with_tile(tile)
        on_discard, self_drawn = (
            score(
                grown,
                win=tile,
                self_drawn=drawn,
                seat_wind=seat_wind,
                round_wind=round_wind,
                rules=rules,
            )
            for drawn in (False, True)
        )
        found.append(Wait(tile, on_discard, self_drawn))
    return found
