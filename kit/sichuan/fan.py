"""Sichuan fan patterns and hand scoring (see the Sichuan rules, Fan: reference/sichuan.md#fan).

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

Reading choices (a careful player would expect these):

- A win on a kong's replacement tile is self-drawn by definition, so
  ``kong_replacement=True`` needs no ``self_drawn=True``; it cannot go with a
  robbed kong or a shot after a kong, which are wins on another player's tile
  (every such check lives in :mod:`kit.mahjong.conditions`).
- ``fan`` is capped, like the value; ``raw_fan`` keeps the sum of the parts.
- 带幺九 (an option) reads the standard form only: every group and the pair
  holds a 1 or a 9.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kit.mahjong import scoring
from kit.mahjong.conditions import WinConditions, WinFlags
from kit.mahjong.hands import Reading, decompositions
from kit.mahjong.scoring import Wait
from kit.mahjong.tiles import SUITS, Hand, MeldKind, Tile, counts_of
from kit.reference import cite
from kit.sichuan.rules import FORMS, SICHUAN_TILES, Rules

if TYPE_CHECKING:
    import pandas as pd
    from typing_extensions import Unpack

# fmt: off
__all__ = [
    "CONDITIONS", "FAMILIAR_NAMES", "PATTERNS", "Pattern",
    "Score", "Wait", "WinConditions",
    "WinContext", "conditions_for", "parse_hand", "pattern_table", "score",
    "waits_with_fan",
]
# fmt: on

CONDITIONS: tuple[str, ...] = (
    "self_drawn", "kong_replacement", "shot_after_kong", "robbing_kong", "last_tile",
    "heavenly", "earthly",
)  # fmt: skip
"""The :class:`WinConditions` fields Sichuan scores (it has no consecutive kongs)."""


@dataclass(frozen=True)
class WinContext:
    """What the patterns look at: the whole hand, one reading of it, and how it was won."""

    hand: Hand
    win: Tile
    reading: Reading
    counts: tuple[int, ...]
    """34 counts of every tile in the hand, melds included."""
    won: WinConditions
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
class Pattern(scoring.Pattern["WinContext"]):
    """One fan pattern: key, names, fan per occurrence, and how many times it applies."""

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
    Pattern(
        "root", "root", "根", 1, _roots,
        meaning="each set of four identical tiles in the winning hand, kongs included; four "
        "tiles spread over a pung and a chow, or two pairs of seven pairs, count too",
        description="each set of four identical tiles in the hand (a kong, or four held)",
    ),
    Pattern(
        "all-pungs", "all pungs", "对对胡", 1, lambda c: int(c.pungs_only),
        meaning="four pungs or kongs and a pair",
        description="four pungs or kongs and a pair, no chow",
    ),
    Pattern(
        "golden-wait", "golden wait", "金钩钓", 1, lambda c: int(_golden_wait(c)),
        meaning="all four groups are melds (claimed pungs or kongs, concealed kongs too) and "
        "the winning tile completes the lone pair; adds to all pungs (2 together)",
        description="four groups laid out, winning on the single tile for the pair",
    ),
    Pattern(
        "full-flush", "full flush", "清一色", 2, lambda c: int(_one_suit(c)),
        meaning="every tile from one suit",
        description="every tile from one suit",
    ),
    Pattern(
        "seven-pairs", "seven pairs", "七对", 2, lambda c: int(c.reading.form == "seven-pairs"),
        meaning="seven pairs, fully concealed; four identical tiles count as two pairs",
        description="seven pairs, fully concealed",
    ),
    Pattern(
        "win-after-kong", "win after a kong", "杠上开花", 1, lambda c: int(c.won.kong_replacement),
        meaning="a win on a kong's replacement tile",
        description="win on the replacement tile drawn after your kong",
    ),
    Pattern(
        "shot-after-kong", "shot after a kong", "杠上炮", 1, lambda c: int(c.won.shot_after_kong),
        meaning="a win on the tile a player discards right after their kong",
        description="win on the tile a player discards right after a kong",
    ),
    Pattern(
        "robbing-kong", "robbing the kong", "抢杠胡", 1, lambda c: int(c.won.robbing_kong),
        meaning="a win on the tile another player adds to an exposed pung",
        description="win on the tile another player adds to an exposed pung",
    ),
    Pattern(
        "under-the-sea", "under the sea", "海底", 1, lambda c: int(c.won.last_tile),
        meaning="a win on the last wall tile, or on the discard right after it",
        description="win on the last tile of the wall, or on the discard right after it",
    ),
    # Optional patterns, each off unless its Rules field is on.
    Pattern(
        "terminals-in-all", "terminals in every group", "带幺九", 2,
        lambda c: int(c.standard and all(_has_terminal(g) for g in c.groups_with_pair)),
        option="terminals_in_all",
        meaning="every group and the pair holds a 1 or a 9 (standard form only)",
        description="every group and the pair holds a 1 or a 9",
    ),
    Pattern(
        "258-pungs", "2-5-8 pungs", "将对", 2,
        lambda c: int(c.pungs_only and all(t.number in (2, 5, 8) for t in c.hand.all_tiles)),
        option="pungs_258",
        meaning="all pungs in which every pung and the pair are 2s, 5s or 8s; on top of all "
        "pungs",
        description="all pungs, and every tile is a 2, 5 or 8 (on top of all pungs)",
    ),
    Pattern(
        "concealed", "fully concealed", "门清", 1,
        lambda c: int(all(m.concealed for m in c.hand.melds)),
        option="concealed_hand",
        meaning="no claimed pung or kong",
        description="no claimed pung or kong",
    ),
    Pattern(
        "all-simples", "all simples", "中张", 1,
        lambda c: int(not any(t.is_terminal for t in c.hand.all_tiles)),
        option="all_simples",
        meaning="no 1s or 9s at all",
        description="no 1s or 9s at all",
    ),
    Pattern(
        "heavenly-earthly", "heavenly or earthly hand", "天胡/地胡", 0,
        lambda c: int(c.won.heavenly or c.won.earthly),
        limit=True, option="heavenly_earthly",
        meaning="the dealer wins on its dealt tiles, or a player wins on the dealer's first "
        "discard",
        description="the dealer wins on the deal, or a player on the dealer's first discard",
    ),
    Pattern(
        "app-dragon-seven-pairs", "dragon seven pairs bonus", "龙七对加番", 1,
        lambda c: int(c.reading.form == "seven-pairs" and _roots(c) > 0),
        option="app_dragon_seven_pairs",
        meaning="seven pairs with a root scores one more fan, as popular apps do",
        description="seven pairs with a root: one more fan, as popular apps score it",
    ),
)  # fmt: skip
"""The fan table (reference/sichuan.md#fan), in the order results list them."""

_BY_KEY = {pattern.key: pattern for pattern in PATTERNS}


def pattern_table(rules: Rules = Rules(), columns: Sequence[str] | None = None) -> pd.DataFrame:
    """The fan table (reference/sichuan.md#fan), generated from :data:`PATTERNS` (lessons show it);
    ``columns`` keeps only the columns named.

    >>> pattern_table(columns=["fan"]).loc[["seven-pairs", "heavenly-earthly"], "fan"].tolist()
    ['2', 'cap']
    """
    return scoring.table_of(
        PATTERNS,
        lambda p: {
            "each": p.key == "root",
            "option": p.option or "",
            "on": p.enabled(rules),
            "reference": cite("sichuan", "fan").path,
        },
        columns,
    )


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
    ("平胡", "plain win, no fan", lambda found, hand: not found),
)
"""Familiar names for combinations of patterns, most specific first (shown in lessons).

Each name means one thing. 平胡 (plain win) names only a win with no pattern
at all; a win with a pattern but no name here (a root alone, a shot after a
kong, …) has no familiar name (``Score.name`` is ``None``). Same word, other
game: in Hong Kong mahjong 平胡 is *all chows*, a 1-fan pattern.
"""


@dataclass(frozen=True, kw_only=True)
class Score(scoring.ScoreBase):
    """A scored Sichuan hand: whether it wins (or why not), its fan, parts and value."""

    value: int
    """base × 2^fan; 0 when the hand does not win."""
    rules: Rules
    PATTERNS: ClassVar[Mapping[str, Pattern]] = _BY_KEY

    @property
    def name(self) -> str | None:
        """The familiar Chinese name of the combination (清七对), for a winning hand;
        ``None`` for a win with a pattern but no familiar name (a root alone)."""
        return familiar_name(dict(self.patterns), self.hand) if self.wins else None

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
    def breakdown(self) -> str:
        """ "full flush 2 + seven pairs 2 = 4 fan → ×16 (cap 4)", or why it does not win."""
        if not self.wins:
            return f"does not win: {self.reason}"
        cap = self.rules.fan_cap
        multiplier = self.value // self.rules.base
        capped = self.limit or self.raw_fan > self.fan
        return f"{self._sum_text(cap)} → ×{multiplier}" + ("" if capped else f" (cap {cap})")


def parse_hand(hand: Hand | str) -> Hand:
    """A Sichuan hand from notation (strict; no honours, no claimed chows) or a Hand."""
    parsed = scoring.hand_of(hand, lambda text: Hand.parse(text, tiles=SICHUAN_TILES), "parse_hand")
    for tile in parsed.all_tiles:
        if tile.is_honour:
            raise ValueError(f"{tile} is an honour tile; Sichuan mahjong has none")
    for meld in parsed.melds:
        if meld.kind is MeldKind.CHOW:
            raise ValueError(f"{meld} is a claimed chow; Sichuan mahjong has no chow claims")
    return parsed


def conditions_for(rules: Rules = Rules()) -> tuple[str, ...]:
    """The :class:`WinConditions` fields that change a Sichuan score under ``rules``:
    heavenly and earthly only with the heavenly-earthly option on."""
    if rules.heavenly_earthly:
        return CONDITIONS
    return tuple(name for name in CONDITIONS if name not in ("heavenly", "earthly"))


def score(
    hand: Hand | str,
    *,
    win: Tile | str,
    void: str | None = None,
    rules: Rules = Rules(),
    conditions: WinConditions | None = None,
    **flags: Unpack[WinFlags],
) -> Score:
    """Score a complete 14-tile hand (kongs as three), the winning tile included
    (reference/sichuan.md#fan).

    ``void`` is the suit letter the player named void (定缺); without it, a
    hand holding all three suits never wins. How it was won is ``conditions``,
    or its fields given as keyword flags (``self_drawn=True``, …), not both.
    A heavenly or earthly hand scores the cap only with the option on.
    """
    won = WinConditions.of(conditions, **flags)
    won.check_used(CONDITIONS, "Sichuan")
    parsed = parse_hand(hand)
    if void is not None and void not in SUITS:
        raise ValueError(f"void must be one of {', '.join(SUITS)}, not {void!r:.60}")
    tile = scoring.checked_win(parsed, win, won)

    def lose(reason: str) -> Score:
        return Score(
            hand=parsed, win=tile, wins=False, fan=0, raw_fan=0, patterns=(), rules=rules,
            value=0, reason=reason,
        )  # fmt: skip

    suits = parsed.suits
    if void is not None and void in suits:
        return lose(f"holds a tile of the void suit ({void})")
    if void is None and len(suits) == 3:
        return lose("holds all three suits; one suit must be void")
    readings = decompositions(parsed.counts, forms=FORMS)
    if not readings:
        return lose("not four groups and a pair, nor seven pairs")
    counts = tuple(counts_of(parsed.all_tiles))
    return scoring.best(
        _score_reading(WinContext(parsed, tile, reading, counts, won, rules))
        for reading in readings
    )


def _score_reading(ctx: WinContext) -> Score:
    rules = ctx.rules
    found, _ = scoring.found_patterns((p for p in PATTERNS if p.enabled(rules)), ctx, rules.fan_cap)
    raw = sum(fan for _, fan in found)
    fan = min(raw, rules.fan_cap)
    return Score(
        hand=ctx.hand, win=ctx.win, wins=True, fan=fan, raw_fan=raw, patterns=found, rules=rules,
        value=rules.hand_value(fan), reading=ctx.reading,
    )  # fmt: skip


def familiar_name(found: dict[str, int], hand: Hand) -> str | None:
    """The familiar Chinese name of a winning combination (see :data:`FAMILIAR_NAMES`),
    or ``None`` for a combination that has none (a root alone, say)."""
    return next((chinese for chinese, _, matches in FAMILIAR_NAMES if matches(found, hand)), None)


def waits_with_fan(
    hand: Hand | str, *, void: str | None = None, rules: Rules = Rules()
) -> list[Wait[Score]]:
    """Every wait of a 13-tile hand (kongs as three), scored as a discard win and a self-draw.

    >>> found = waits_with_fan(Hand.parse("1112345678999p"), void="m")
    >>> [(str(x.tile), x.discard.fan) for x in found][:3]  # 1p makes a root, one more fan
    [('1p', 3), ('2p', 2), ('3p', 2)]
    """
    parsed = scoring.hand_of(hand, parse_hand, "waits_with_fan")

    def one(grown: Hand, tile: Tile, won: WinConditions) -> Score:
        return score(grown, win=tile, void=void, conditions=won, rules=rules)

    return scoring.scored_waits(parsed, FORMS, lambda tile: tile in SICHUAN_TILES, one)
