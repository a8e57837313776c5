"""The Hong Kong coach: which tile to throw, what to claim, and when to win, with the facts.

A Hong Kong win needs the minimum fan (3 by default), so being *ready* is not
enough: the hand must be ready on a wait that scores. The coach therefore
measures two distances for every discard:

- ``shanten``: tiles away from ready in any winning shape (0 ready, −1 complete);
- ``fan_shanten``: tiles away from ready on a wait worth at least the minimum
  fan on a discard, along the best *fan path* still open (a flush, honour
  pungs, all pungs, a dragon or wind hand, thirteen orphans). It is empty (no
  number) when no path is left.

Paths do not fill equally fast. A flush takes chows and pungs of many tiles;
a path made of pungs only (all pungs, honour pungs) needs pairs met again, two
copies left each, and a path that must stay concealed cannot claim. The coach
counts such a path one step farther per drawback (:func:`handicap`), at most
doubling its distance, so a ready hand stays ready: the ``effort`` column.
Discards are ranked by ``effort`` first, so a discard that keeps a quick path
to the minimum beats one that only makes a worthless ready hand. Among equal
efforts the coach keeps the most unseen tiles that bring its path nearer
(``fan_acceptance``: the count that makes a hand fast), then the most fan it
can expect from the win (``expected_fan``: the path's fan, the scoring honour
pungs held beside it, half a fan per scoring honour pair), and only then the
plain shanten. A ``danger`` level counts when the other seats show what they
collect, but only against a very visible hand (see :data:`RISK_FREE`).

>>> table = rank_discards("5567899m123p5777z")
>>> columns = ["discard", "shanten", "fan_shanten", "effort", "fan_acceptance", "expected_fan"]
>>> print(table[columns].iloc[[0, 3, 7]].to_string(index=False))
discard  shanten  fan_shanten  effort  fan_acceptance  expected_fan
     1p        1            2       2               7           4.0
     5m        1            1       2               3           3.0
     5z        0            2       3              48           4.0
>>> print(table.loc[0, "reason"])
Throwing 1p leaves the hand 1 from ready; 2 from ready for 3 fan, by half flush in characters, worth about 4 fan (3 for the path, 1 more from the honour pungs held); 7 unseen tiles bring it nearer; 11 unseen tiles improve the hand.
>>> print(table.loc[3, "reason"])
Throwing 5m leaves the hand 1 from ready; 1 from ready for 3 fan, by white dragon pung + red dragon pung + concealed hand; 3 unseen tiles bring it nearer; 24 unseen tiles improve the hand.

Reading choices, so that the facts stay exact and plain:

- ``acceptance`` counts the unseen copies (4 minus those in the hand, its
  melds and ``visible``) of every tile of the table's set that lowers the
  shanten; ``fan_acceptance`` the same for ``fan_shanten``.
- ``fan_shanten`` is exact for the paths listed in :data:`PATHS_NOTE`; the
  1-fan all-chows pattern and self-drawn fan are not counted (a win on a
  discard never has the self-drawn fan), so it can only overstate the distance
  where all chows would make the difference. A honour pung whose copies are in
  view (fewer than three left for this seat) closes its path. At the
  two-player table the suits with only 1 and 9 make pungs and pairs only.
- A path is *open* (the ``paths`` column) when it is at most
  :data:`OPEN_WITHIN` tiles from ready along it; limit hands are listed the
  same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from kit.coach import Advice, Option
from kit.hands import ORPHANS, combine_classes, shanten, suit_class, tiles_missing
from kit.hongkong.fan import waits_with_fan
from kit.hongkong.game import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Hu,
    Kong,
    Pass,
    Pung,
    SeatView,
)
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import FORMS, Rules
from kit.tiles import TILES, WINDS, Hand, Meld, MeldKind, Tile, TileSet, wind_tile

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COLUMNS",
    "OPEN_WITHIN",
    "DiscardFacts",
    "FanPath",
    "Opponent",
    "advise",
    "coach",
    "discard_facts",
    "facts_frame",
    "fan_paths",
    "fan_shanten",
    "handicap",
    "opponents_of",
    "rank_discards",
    "risk_cost",
    "unseen_counts",
]

COPIES = 4
OPEN_WITHIN = 3
"""A path is listed as open when it is at most this many tiles from ready along it."""
NO_PATH = 99
"""The distance of a hand with no fan path left (shown as empty in tables)."""
PATHS_NOTE = (
    "half and full flush in each suit, all pungs, scoring honour pungs (dragons, seat and "
    "round wind) with or without the concealed-hand fan, small and big three dragons, "
    "small and big four winds, all honours and thirteen orphans"
)
READ_DISCARDS = 6
"""A seat that never threw one number suit in this many number-tile discards collects it."""
LATE_WALL = 24
"""Fewer tiles than this left in the wall is *late*: every hand is near ready."""
SLOW_PUNGS = 1
"""Extra steps counted for a path made of pungs only (all pungs, honour pungs)."""
SLOW_CONCEALED = 1
"""Extra steps counted for a path that needs the concealed-hand fan (no claims)."""
RISK_FREE = 3
"""Danger up to this costs nothing; each level above it weighs as one tile of distance.
Only a seat with four exposed groups (or three late in the wall) is that visible: against
the default bots, folding earlier cost more wins than it saved in payments (measured over
1,200 deals, 2 seeds: danger from level 2 on gave 1.25 times the others' wins instead of
1.5, and no better net)."""
PUSH_WITHIN = 2
"""A hand at most one step (of effort) from ready ignores danger and plays to win."""
HOLD_WALL = 30
"""The coach holds out for more fan only with at least this many tiles left in the wall."""
HOLD_COPIES = 4
"""... and at least this many unseen copies of the bigger hand's waits."""
SUIT_ORDER = ("m", "p", "s")
SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}
DRAGON_INDICES = (31, 32, 33)
WIND_INDICES = (27, 28, 29, 30)


# --- fan paths ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FanPath:
    """A shape that guarantees fan on any win in it: which tiles it may use, which pungs
    (and pair) it needs, and whether it may hold chows or claimed groups."""

    name: str
    fan: int
    suits: frozenset[str] = frozenset("mpsz")
    """The suits its tiles may come from ("z" for honours)."""
    pungs: tuple[int, ...] = ()
    """Tile indices it needs a pung (or kong) of."""
    pair: int | None = None
    """A tile index it needs as the pair."""
    no_chows: bool = False
    concealed: bool = False
    """Needs the concealed-hand fan: no claimed group and no kong."""
    orphans: bool = False
    limit: bool = False

    def allows(self, meld: Meld) -> bool:
        """Does an exposed group fit this path?"""
        if self.concealed or self.orphans:
            return False
        if meld.kind is MeldKind.CHOW and self.no_chows:
            return False
        return meld.first.suit in self.suits


@cache
def _honour_values(seat_wind: str, round_wind: str) -> dict[int, int]:
    """Fan of a pung of each scoring honour: 1 per dragon, 1 for the seat and the round wind."""
    values = dict.fromkeys(DRAGON_INDICES, 1)
    for letter in (seat_wind, round_wind):
        index = wind_tile(letter).index
        values[index] = values.get(index, 0) + 1
    return values


@cache
def fan_paths(
    rules: Rules = Rules(), seat_wind: str = "E", round_wind: str = "E"
) -> tuple[FanPath, ...]:
    """Every fan path worth at least ``rules.min_fan`` on a discard, smallest first.

    Combinations are kept only when no part can be left out (a half flush alone
    is already 3 fan, so it is not listed again with a dragon pung).

    >>> [p.name for p in fan_paths()][:4]
    ['half flush in characters', 'half flush in dots', 'half flush in bamboo', 'all pungs']
    """
    target, cap = rules.min_fan, rules.fan_cap
    values = _honour_values(seat_wind, round_wind)
    honours = sorted(values)

    def honour_name(index: int) -> str:
        tile = TILES[index]
        if tile.is_dragon:
            return f"{tile.name.split()[0].lower()} dragon pung"
        words = []
        if index == wind_tile(seat_wind).index:
            words.append("seat")
        if index == wind_tile(round_wind).index:
            words.append("round")
        return f"{' and '.join(words)} wind pung"

    parts: list[tuple[str, int, dict[str, object]]] = []
    for suit in SUIT_ORDER:
        parts.append((f"half flush in {SUIT_WORDS[suit]}", 3, {"suits": frozenset((suit, "z"))}))
    parts.append(("all pungs", 3, {"no_chows": True}))
    for suit in SUIT_ORDER:
        parts.append((f"full flush in {SUIT_WORDS[suit]}", 7, {"suits": frozenset(suit)}))
    found: list[FanPath] = []
    for name, fan, extra in parts:
        if fan >= target:
            found.append(FanPath(name, min(fan, cap), **extra))  # type: ignore[arg-type]
    # Honour pungs, with or without the concealed-hand fan, kept when nothing can be left out.
    for size in (1, 2, 3):
        for chosen in combinations(honours, size):
            fan = sum(values[i] for i in chosen)
            for concealed in (False, True):
                total = fan + concealed
                smaller = min(values[i] for i in chosen)
                if total < target or total - smaller >= target or (concealed and fan >= target):
                    continue
                name = " + ".join(honour_name(i) for i in chosen)
                name += " + concealed hand" if concealed else ""
                found.append(FanPath(name, min(total, cap), pungs=chosen, concealed=concealed))
    if target <= 1:
        found.append(FanPath("concealed hand", 1, concealed=True))
    if target <= 0:
        found.append(FanPath("any win", 0))
    dragons = DRAGON_INDICES
    for pair in dragons:
        pungs = tuple(d for d in dragons if d != pair)
        fan = 3 + sum(values[d] for d in pungs)
        found.append(
            FanPath(
                f"small three dragons ({TILES[pair].name} pair)",
                min(fan, cap),
                pungs=pungs,
                pair=pair,
            )
        )
    found.append(FanPath("big three dragons", min(5 + 3, cap), pungs=dragons))
    for pair in WIND_INDICES:
        pungs = tuple(w for w in WIND_INDICES if w != pair)
        found.append(
            FanPath(
                f"small four winds ({TILES[pair].name} pair)",
                cap,
                pungs=pungs,
                pair=pair,
                limit=True,
            )
        )
    found.append(FanPath("big four winds", cap, pungs=WIND_INDICES, limit=True))
    found.append(FanPath("all honours", cap, suits=frozenset("z"), limit=True))
    found.append(FanPath("thirteen orphans", cap, orphans=True, limit=True))
    return tuple(p for p in found if p.fan >= target)


# --- distances --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """A path as it stands for one hand: the pungs still to make, the groups to find."""

    path: FanPath
    pungs: tuple[int, ...]
    groups: int
    pair: bool
    """Does the rest still need a pair (False when the path names its pair)?"""
    handicap: int = 0
    """Extra steps the coach counts for a path that fills slowly (see :func:`handicap`)."""
    slots: tuple[int, ...] = ()
    """The number suits (0 characters, 1 dots, 2 bamboo) the path may use."""
    honours: bool = True
    """May the path use honours?"""
    single: int = -1
    """For a flush (no pungs, pair or all-pungs rule): its one number suit, else -1."""
    known: dict[tuple[int, int], int] = field(default_factory=dict, compare=False, repr=False)
    """The flush's distances already worked out, by the classes of its suit and the honours."""


def handicap(path: FanPath) -> int:
    """Extra steps counted for a path that fills slowly: a flush takes chows and pungs of
    many tiles, so it costs nothing extra; all pungs and honour pungs need pairs met again
    (two copies left each) and cost :data:`SLOW_PUNGS`; a path that must stay concealed
    cannot claim, and costs :data:`SLOW_CONCEALED` more."""
    if path.orphans or path.no_chows or path.pungs:
        return SLOW_PUNGS + (SLOW_CONCEALED if path.concealed else 0)
    return SLOW_CONCEALED if path.concealed else 0


def _effort(distance: int, slow: int) -> int:
    """A distance with its handicap: a path is never counted more than twice its distance,
    so a ready hand (0) stays ready whatever its path."""
    return distance + min(slow, max(distance, 0))


def _plan(path: FanPath, melds: Sequence[Meld], available: Sequence[int]) -> _Plan | None:
    """The path for a hand with these melds, or None when a meld or the tiles in view close it."""
    if any(not path.allows(meld) for meld in melds) or (path.orphans and melds):
        return None
    melded = {m.first.index for m in melds if m.kind is not MeldKind.CHOW}
    pungs = tuple(i for i in path.pungs if i not in melded)
    groups = 4 - len(melds) - len(pungs)
    if groups < 0 or any(available[i] < 3 for i in pungs):
        return None
    if path.pair is not None and (path.pair in melded or available[path.pair] < 2):
        return None
    slots = tuple(i for i, suit in enumerate(SUIT_ORDER) if suit in path.suits)
    flush = len(slots) == 1 and not (pungs or path.pair is not None or path.no_chows)
    return _Plan(
        path,
        pungs,
        groups,
        path.pair is None,
        handicap(path),
        slots,
        "z" in path.suits,
        slots[0] if flush and not path.orphans else -1,
    )


@lru_cache(maxsize=4096)
def _plans(
    rules: Rules,
    seat_wind: str,
    round_wind: str,
    melds: tuple[Meld, ...],
    honours: tuple[int, ...],
) -> tuple[_Plan, ...]:
    """The plans still open for a hand with these melds, when ``honours`` copies (at most
    three) of each honour are held or unseen: only honour pungs and pairs read them."""
    available = [4] * 27 + list(honours)
    plans = (_plan(p, melds, available) for p in fan_paths(rules, seat_wind, round_wind))
    return tuple(p for p in plans if p is not None)


_honour_id = suit_class


def _number_id(counts: Sequence[int], start: int, two_player: bool) -> int:
    """The hand tables' class of one number suit's holding (1 and 9 only at the two-player
    table, where those suits make pungs and pairs only)."""
    if two_player and start != 9:
        return suit_class(bytes((counts[start], counts[start + 8], 0, 0, 0, 0, 0)))
    return suit_class(bytes(counts[start : start + 9]))


def _suit_ids(counts: Sequence[int], two_player: bool) -> list[int]:
    """Classes of the four suits' holdings, chows allowed: characters, dots, bamboo, honours."""
    return [
        _number_id(counts, 0, two_player),
        _number_id(counts, 9, two_player),
        _number_id(counts, 18, two_player),
        _honour_id(bytes(counts[27:34])),
    ]


def _no_chow_id(counts: Sequence[int], start: int, two_player: bool) -> int:
    if two_player and start != 9:
        return _number_id(counts, start, two_player)
    low = _honour_id(bytes(counts[start : start + 7]))
    high = _honour_id(bytes((counts[start + 7], counts[start + 8], 0, 0, 0, 0, 0)))
    return combine_classes(low, high)


def _orphans_shanten(counts: Sequence[int]) -> int:
    held = [counts[i] for i in ORPHANS]
    return held.count(0) - (max(held) >= 2)


_MEMO: dict[tuple[int, ...], int] = {}
"""Distances already worked out, by (groups, pair, the path's suits' classes): the same
few classes come back turn after turn."""


def _plan_distance(plan: _Plan, ids: Sequence[int], counts: Sequence[int], two_player: bool) -> int:
    """Tiles away from ready along one path (−1: complete), from the suits' classes."""
    join = combine_classes
    path = plan.path
    if path.orphans:
        return _orphans_shanten(counts)
    missing = 0
    z = ids[3]
    if plan.pungs or path.pair is not None:
        rest = list(counts[27:34])
        for index in plan.pungs:
            have = min(rest[index - 27], 3)
            missing += 3 - have
            rest[index - 27] -= have
        if path.pair is not None:
            have = min(rest[path.pair - 27], 2)
            missing += 2 - have
            rest[path.pair - 27] -= have
        z = _honour_id(bytes(rest))
    if path.no_chows:
        numbers = join(
            join(_no_chow_id(counts, 0, two_player), _no_chow_id(counts, 9, two_player)),
            _no_chow_id(counts, 18, two_player),
        )
        return missing + tiles_missing(join(numbers, z), plan.groups, pair=plan.pair) - 1
    slots, head = plan.slots, plan.groups * 2 + plan.pair
    honours = z if plan.honours else -1
    if len(slots) == 3:
        key: tuple[int, ...] = (head, honours, ids[0], ids[1], ids[2])
    else:
        key = (head, honours, *(ids[i] for i in slots))
    found = _MEMO.get(key)
    if found is None:
        joined = -1
        for i in plan.slots:
            joined = ids[i] if joined < 0 else join(joined, ids[i])
        if plan.honours:
            joined = z if joined < 0 else join(joined, z)
        found = tiles_missing(joined, plan.groups, pair=plan.pair) - 1
        if len(_MEMO) > 500_000:
            _MEMO.clear()
        _MEMO[key] = found
    return missing + found


def _distance(plan: _Plan, ids: Sequence[int], counts: Sequence[int], two_player: bool) -> int:
    """:func:`_plan_distance`, remembered per flush (the commonest path) by its suits' classes."""
    if plan.single < 0:
        return _plan_distance(plan, ids, counts, two_player)
    key = (ids[plan.single], ids[3] if plan.honours else 0)
    found = plan.known.get(key)
    if found is None:
        found = plan.known[key] = _plan_distance(plan, ids, counts, two_player)
    return found


def _distances(counts: Sequence[int], plans: Sequence[_Plan], two_player: bool) -> list[int]:
    """Each plan's distance: tiles away from ready along it (−1: complete)."""
    ids = _suit_ids(counts, two_player)
    return [_distance(plan, ids, counts, two_player) for plan in plans]


def _nearest(counts: Sequence[int], plans: Sequence[_Plan], two_player: bool) -> int:
    """The smallest distance over ``plans``."""
    return _nearest_plans(counts, plans, two_player)[0]


def _nearest_plans(
    counts: Sequence[int],
    plans: Sequence[_Plan],
    two_player: bool,
    ids: Sequence[int] | None = None,
) -> tuple[int, int, list[_Plan], _Plan | None]:
    """The smallest distance over ``plans``, the smallest effort (distance plus handicap),
    the plans at that effort and a plan at the smallest distance. A plan whose missing
    pungs alone are farther than the best effort so far is skipped (neither its distance
    nor its effort can be smaller). ``ids``: the suits' classes, when already known."""
    if ids is None:
        ids = _suit_ids(counts, two_player)
    best, effort, at = NO_PATH, NO_PATH, []
    nearest: _Plan | None = None
    for plan in plans:
        if plan.pungs:
            missing = sum(3 - min(counts[i], 3) for i in plan.pungs)
            if missing - 1 > effort:
                continue
        found = _distance(plan, ids, counts, two_player)
        if found < best:
            best, nearest = found, plan
        if found >= NO_PATH:
            continue
        mine = _effort(found, plan.handicap)
        if mine < effort:
            effort, at = mine, [plan]
        elif mine == effort:
            at.append(plan)
    return best, effort, at, nearest


_STANDARD: dict[tuple[int, ...], int] = {}


def _standard(ids: Sequence[int], groups: int) -> int:
    key = (groups, *ids)
    found = _STANDARD.get(key)
    if found is None:
        join = combine_classes
        found = tiles_missing(join(join(ids[0], ids[1]), join(ids[2], ids[3])), groups) - 1
        if len(_STANDARD) > 500_000:
            _STANDARD.clear()
        _STANDARD[key] = found
    return found


# --- facts ----------------------------------------------------------------------------------


def unseen_counts(
    hand: Hand, visible: Iterable[Tile] = (), tiles: TileSet | None = None
) -> list[int]:
    """Copies of each tile kind not in view: 4 minus those in the hand (melds too) and
    ``visible``; 0 for tiles the table does not have.

    >>> unseen = unseen_counts(Hand.parse("11m[555z]"), visible=[Tile.parse("1m")])
    >>> unseen[0], unseen[33 - 2], sum(unseen)
    (1, 1, 130)
    """
    seen = [0] * 34
    for tile in (*hand.all_tiles, *visible):
        seen[tile.index] += 1
    over = [i for i in range(34) if seen[i] > COPIES]
    if over:
        raise ValueError(f"more than four {TILES[over[0]]} are in view")
    return [COPIES - seen[i] if tiles is None or TILES[i] in tiles else 0 for i in range(34)]


@dataclass(frozen=True)
class Opponent:
    """What one other seat shows: its name at the table, its exposed melds, its discards."""

    name: str
    melds: tuple[Meld, ...] = ()
    discards: tuple[Tile, ...] = ()

    def collecting(self) -> str | None:
        """The number suit this seat visibly collects, or None when it shows none.

        Exposed melds of a single number suit name it; without melds, a suit it
        has never thrown after at least :data:`READ_DISCARDS` number-tile discards."""
        suits = {m.first.suit for m in self.melds if not m.first.is_honour}
        if len(suits) == 1:
            return suits.pop()
        if suits:
            return None
        thrown = [t.suit for t in self.discards if not t.is_honour]
        if len(thrown) < READ_DISCARDS:
            return None
        never = [s for s in SUIT_ORDER if s not in thrown]
        return never[0] if len(never) == 1 else None

    @property
    def groups(self) -> int:
        """Exposed groups (kongs count, concealed or not)."""
        return len(self.melds)


def _dangers(
    opponents: Sequence[Opponent], unseen: Sequence[int], wall_size: int | None
) -> tuple[list[int], list[str]]:
    """Each tile's danger (0 safe … 4) and its reason: the largest threat among the seats
    that visibly collect its suit (honours fit any flush), a threat being the seat's
    exposed groups, plus one late in the wall. An honour with at most one copy unseen
    can only be a single wait, so it counts as safe."""
    danger = [0] * 34
    why = [""] * 34
    late = wall_size is not None and wall_size < LATE_WALL
    for opp in opponents:
        suit = opp.collecting()
        if suit is None:
            continue
        threat = opp.groups + (1 if late and opp.groups else 0)
        if threat < 1:
            continue
        shown = (
            f"{opp.groups} exposed group{'s' if opp.groups != 1 else ''} in {SUIT_WORDS[suit]}"
            if opp.groups
            else f"no {SUIT_WORDS[suit]} thrown"
        )
        if late and opp.groups:
            shown += ", late in the wall"
        for index in range(34):
            tile = TILES[index]
            if tile.is_honour:
                if unseen[index] <= 1:
                    continue
                what = "an honour"
            elif tile.suit == suit:
                what = SUIT_WORDS[suit]
            else:
                continue
            if threat > danger[index]:
                danger[index] = threat
                why[index] = f"{opp.name} shows {shown}, and this is {what}"
    return danger, why


def opponents_of(view: SeatView) -> list[Opponent]:
    """The other seats as this seat sees them: their exposed melds and their discards."""
    table_melds = view.all_melds
    thrown: dict[int, list[Tile]] = {}
    for tile, seat in view.discards:
        thrown.setdefault(seat, []).append(tile)
    table = view.table
    return [
        Opponent(
            f"the {_WIND_WORDS[table.seat_wind(seat)]} seat",
            tuple(table_melds[seat]),
            tuple(thrown.get(seat, ())),
        )
        for seat in range(view.rules.players)
        if seat != view.seat
    ]


_WIND_WORDS = {"E": "East", "S": "South", "W": "West", "N": "North"}


@dataclass(frozen=True)
class DiscardFacts:
    """What throwing one tile leaves: the distances, the tiles that help, the paths open."""

    tile: Tile
    shanten: int
    acceptance: int
    """Unseen copies of the tiles that lower the shanten."""
    tiles: tuple[Tile, ...]
    fan_shanten: int
    """Tiles away from a ready hand whose wait scores the minimum on a discard (NO_PATH: none)."""
    fan_acceptance: int
    """Unseen copies of the tiles that lower ``fan_shanten``."""
    paths: tuple[tuple[str, int], ...]
    """Open paths and their distances, nearest first."""
    min_fan: int
    waits_fan: tuple[tuple[Tile, int], ...] = field(default=())
    """For a ready hand: each wait and its fan on a discard."""
    best_path: str | None = None
    """The path the coach aims for: the least effort, then the most fan (None: no path)."""
    path_fan: int = 0
    """The fan of ``best_path`` (what a win along it is sure to score)."""
    effort: int = NO_PATH
    """The chosen path's distance plus its :func:`handicap`: what the ranking uses."""
    path_distance: int = NO_PATH
    """Tiles from ready along ``best_path`` (at least ``fan_shanten``)."""
    nearest_path: str | None = None
    """A path at ``fan_shanten``: it may differ from ``best_path`` when it fills slowly."""
    danger: int = 0
    """How likely the tile feeds a visible hand: 0 safe, up to 4 (see :func:`_dangers`)."""
    danger_reason: str = ""
    bonus_fan: int = 0
    """Fan beyond ``path_fan`` the hand already holds: scoring honour pungs off the path."""
    honour_pairs: int = 0
    """Pairs of scoring honours off the path that can still become pungs (a fan each)."""

    @property
    def expected_fan(self) -> float:
        """The fan a win along ``best_path`` is likely to score: ``path_fan`` plus
        ``bonus_fan``, plus half a fan per ``honour_pairs`` (a pair may become a pung)."""
        return self.path_fan + self.bonus_fan + self.honour_pairs / 2

    @property
    def worthless_ready(self) -> bool:
        """Ready, but no wait reaches the minimum on a discard."""
        return self.shanten == 0 and self.fan_shanten > 0


class _Context:
    """Everything fixed for one hand: melds, unseen counts, paths, table size."""

    def __init__(
        self,
        hand: Hand,
        visible: Iterable[Tile],
        rules: Rules,
        seat_wind: str,
        round_wind: str,
        opponents: Sequence[Opponent] = (),
        wall_size: int | None = None,
    ) -> None:
        self.rules = rules
        self.tiles = tile_set(rules)
        self.two_player = rules.players == 2
        self.melds = hand.melds
        self.unseen = unseen_counts(hand, visible, self.tiles)
        held = [0] * 34
        for tile in hand.all_tiles:
            held[tile.index] += 1
        self.available = [held[i] + self.unseen[i] for i in range(34)]
        honours = tuple(min(n, 3) for n in self.available[27:34])
        self.plans = _plans(rules, seat_wind, round_wind, self.melds, honours)
        self.seat_wind, self.round_wind = seat_wind, round_wind
        self.danger, self.danger_why = _dangers(opponents, self.unseen, wall_size)
        self.memo: dict[int, tuple[int, tuple[int, int, list[_Plan], _Plan | None] | None]] = {}
        """Per discard of the 14 tiles being ranked: (shanten, nearest plans)."""
        self.base: list[int] = []
        """The suits' classes of the 14 tiles being ranked."""
        self.near: list[int] = []
        """Tiles that could help the 14 tiles (so any 13 of them): see :func:`_near`."""
        self.added: dict[int, int] = {}
        """The class of a tile's suit with the tile added to the 14 (the discard elsewhere)."""
        self.honours = _honour_values(seat_wind, round_wind)
        self.melded_honours = tuple(
            m.first.index
            for m in hand.melds
            if m.kind is not MeldKind.CHOW and m.first.index in self.honours
        )

    def bonus(self, counts: Sequence[int], path: FanPath | None) -> tuple[int, int]:
        """(fan of scoring honour pungs held off the path, scoring honour pairs off it)."""
        if path is None or "z" not in path.suits or path.orphans:
            return 0, 0
        fan = pairs = 0
        for index, value in self.honours.items():
            if index in path.pungs:
                continue
            if index in self.melded_honours or counts[index] >= 3:
                fan += value
            elif counts[index] == 2 and self.unseen[index]:
                pairs += 1
        return fan, pairs

    def distances(
        self, counts: Sequence[int], plans: Sequence[_Plan] | None = None
    ) -> list[tuple[int, FanPath]]:
        plans = self.plans if plans is None else plans
        found = _distances(counts, plans, self.two_player)
        return [(d, plan.path) for d, plan in zip(found, plans, strict=True)]

    def narrow(self, counts: Sequence[int], *, within: int = -2) -> None:
        """Keep only the plans that can matter after one discard from these 14 tiles.

        Throwing a tile leaves a plan's distance the same or one more, so a plan more
        than one farther than the nearest can never be the nearest after a discard,
        and the plans at most one farther (or within ``within``) are all that is kept."""
        found = _distances(counts, self.plans, self.two_player)
        limit = max(min(found, default=NO_PATH) + 1, within)
        effort = min(
            (_effort(d, p.handicap) for d, p in zip(found, self.plans, strict=True)), default=0
        )
        self.plans = tuple(
            p
            for d, p in zip(found, self.plans, strict=True)
            if d <= limit or _effort(d, p.handicap) <= effort + 1
        )

    def fan_shanten(self, counts: Sequence[int]) -> int:
        return _nearest(counts, self.plans, self.two_player)

    def shanten(self, counts: Sequence[int]) -> int:
        return shanten(bytes(counts), FORMS if not self.melds else ("standard",))


def _near(counts: Sequence[int]) -> list[int]:
    """Tiles that could lower a distance: neighbours of held tiles, and the orphans."""
    near: set[int] = set(ORPHANS)
    for index, count in enumerate(counts):
        if count:
            if index >= 27:
                near.add(index)
            else:
                rank = index % 9
                near.update(index + s for s in (-2, -1, 0, 1, 2) if 0 <= rank + s <= 8)
    return sorted(near)


def _facts_of(
    ctx: _Context,
    counts: list[int],
    tile: Tile,
    hand: Hand,
    *,
    full: bool = True,
    quick: bool = False,
    accept: bool = True,
    fan: bool = True,
) -> DiscardFacts:
    """One discard's facts; without ``full`` only the distances, and with ``quick`` no
    list of open paths and no scored waits (the bot's look)."""
    counts[tile.index] -= 1
    moved = 3 if tile.index >= 27 else tile.index // 9
    ids = list(ctx.base)
    ids[moved] = (
        _honour_id(bytes(counts[27:34]))
        if moved == 3
        else _number_id(counts, 9 * moved, ctx.two_player)
    )
    try:
        rough = quick or not full  # the bot's look: the nearest plans are all it needs
        seen = ctx.memo.get(tile.index) if rough else None
        if seen is None:
            plain = _standard(ids, 4 - len(ctx.melds))  # the shanten, from the classes
            if not ctx.melds:
                plain = min(plain, _orphans_shanten(counts))
            nearest = _nearest_plans(counts, ctx.plans, ctx.two_player, ids) if rough else None
            seen = plain, nearest
            if nearest is not None:
                ctx.memo[tile.index] = seen
        now = seen[0]
        if not full:
            assert seen[1] is not None
            fan_now, effort, plans, _ = seen[1]
            top = max(plans, key=lambda p: p.path.fan) if plans else None
            most = top.path.fan if top else 0
            bonus, pairs = ctx.bonus(counts, top.path if top else None)
            return DiscardFacts(
                tile,
                now,
                0,
                (),
                fan_now,
                0,
                (),
                ctx.rules.min_fan,
                path_fan=most,
                bonus_fan=bonus,
                honour_pairs=pairs,
                effort=effort,
                danger=ctx.danger[tile.index],
                danger_reason=ctx.danger_why[tile.index],
            )
        if quick:
            assert seen[1] is not None
            fan_now, effort, best_plans, near = seen[1]
            nearest_name = near.path.name if near else None
            distances = []
        else:
            found = _distances(counts, ctx.plans, ctx.two_player)
            fan_now = min(found, default=NO_PATH)
            efforts = [
                _effort(d, p.handicap) if d < NO_PATH else NO_PATH
                for d, p in zip(found, ctx.plans, strict=True)
            ]
            effort = min(efforts, default=NO_PATH)
            nearest_name = next(
                (p.path.name for d, p in zip(found, ctx.plans, strict=True) if d == fan_now), None
            )
            best_plans = [
                p for e, p in zip(efforts, ctx.plans, strict=True) if e == effort < NO_PATH
            ]
            distances = [(d, plan.path) for d, plan in zip(found, ctx.plans, strict=True)]
        chosen = max(best_plans, key=lambda p: p.path.fan) if best_plans else None
        bonus, pairs = ctx.bonus(counts, chosen.path if chosen else None)
        path_distance = NO_PATH
        if chosen is not None:
            path_distance = next(
                d for d in range(-1, effort + 1) if _effort(d, chosen.handicap) == effort
            )
        helps: list[Tile] = []
        count_all, accepted, fan_accept = accept, 0, 0
        groups = 4 - len(ctx.melds)
        # one more tile lowers the orphans' distance by one at most: skip it when that cannot help
        orphans = not ctx.melds and _orphans_shanten(counts) - 1 < now
        # a tile can only bring nearer the plans that may use its suit
        by_suit: list[list[_Plan]] = [[], [], [], []]
        for plan in best_plans if fan else ():
            for where in plan.slots:
                by_suit[where].append(plan)
            if plan.honours:
                by_suit[3].append(plan)
        two_player, unseen = ctx.two_player, ctx.unseen
        added = ctx.added
        for index in ctx.near if full else ():
            copies = unseen[index]
            if not copies:
                continue
            where = 3 if index >= 27 else index // 9
            plans_here = by_suit[where]
            if not (count_all or plans_here):
                continue
            counts[index] += 1
            # another suit than the discard's holds as in the 14 tiles: its class is shared
            grown = added.get(index) if where != moved else None
            if grown is None:
                grown = (
                    _honour_id(bytes(counts[27:34]))
                    if where == 3
                    else _number_id(counts, 9 * where, two_player)
                )
                if where != moved:
                    added[index] = grown
            changed = list(ids)
            changed[where] = grown
            if count_all:
                after = _standard(changed, groups)
                if orphans:
                    after = min(after, _orphans_shanten(counts))
                if after < now:
                    helps.append(TILES[index])
                    accepted += copies
            for plan in plans_here:
                single = plan.single  # a flush: its distance is likely known already
                known = (
                    plan.known.get((changed[single], changed[3] if plan.honours else 0))
                    if single >= 0
                    else None
                )
                step = _distance(plan, changed, counts, two_player) if known is None else known
                if step + min(plan.handicap, max(step, 0)) < effort:
                    fan_accept += copies
                    break
            counts[index] -= 1
        open_paths = sorted(
            ((p.name, d) for d, p in distances if d <= OPEN_WITHIN), key=lambda x: (x[1], x[0])
        )
        waits_fan: tuple[tuple[Tile, int], ...] = ()
        if now == 0 and not quick:
            kept = hand.without(tile)
            scored = waits_with_fan(
                kept, ctx.rules, seat_wind=ctx.seat_wind, round_wind=ctx.round_wind
            )
            waits_fan = tuple((w.tile, w.discard.fan if w.discard.wins else 0) for w in scored)
            if any(fan for _, fan in waits_fan):
                fan_now = 0  # exact: a wait scores the minimum on a discard
            elif fan_now == 0:
                fan_now = 1  # no wait scores: one change at least
    finally:
        counts[tile.index] += 1
    return DiscardFacts(
        tile,
        now,
        accepted,
        tuple(helps),
        fan_now,
        fan_accept,
        tuple(open_paths),
        ctx.rules.min_fan,
        waits_fan,
        chosen.path.name if chosen else None,
        chosen.path.fan if chosen else 0,
        effort,
        path_distance,
        nearest_name,
        ctx.danger[tile.index],
        ctx.danger_why[tile.index],
        bonus,
        pairs,
    )


def risk_cost(danger: int, effort: int = NO_PATH) -> int:
    """How many steps of distance the coach gives up to avoid a tile this dangerous: none
    while its own hand is near (``effort`` below :data:`PUSH_WITHIN`, it plays to win),
    else one per danger level above :data:`RISK_FREE`."""
    return 0 if effort < PUSH_WITHIN else max(0, danger - RISK_FREE)


def _sort_key(f: DiscardFacts) -> tuple[float, ...]:
    # Honours and terminals go before middle tiles at equal facts: they make fewer groups.
    middle = 0 if f.tile.is_honour or f.tile.is_terminal else 1
    return (
        f.effort + risk_cost(f.danger, f.effort),
        -f.fan_acceptance,
        -f.expected_fan,
        f.shanten,
        f.danger,
        -f.acceptance,
        middle,
        f.tile.index,
    )


ROUGH = 1
"""The first facts of :func:`_sort_key` known without counting tiles (the bot's first look)."""
LAST_TIE = 5
"""The facts of :func:`_sort_key` before ``acceptance`` (counted last, for ties only)."""


def _checked(hand: Hand | str, rules: Rules, seat_wind: str, round_wind: str) -> Hand:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {rules!r}")
    from kit.hongkong.fan import parse_hand

    parsed = parse_hand(hand, rules)
    for letter, which in ((seat_wind, "seat_wind"), (round_wind, "round_wind")):
        allowed = WINDS[:2] if rules.players == 2 else WINDS
        if not isinstance(letter, str) or letter not in allowed:
            raise ValueError(f"{which} must be one of {', '.join(allowed)}, not {letter!r}")
    if parsed.size != 14:
        raise ValueError(
            f"a discard needs a 14-tile hand (kongs as three), not {parsed.size} tiles"
        )
    return parsed


def discard_facts(
    hand: Hand | str,
    *,
    visible: Iterable[Tile | str] = (),
    rules: Rules = Rules(),
    seat_wind: str = "E",
    round_wind: str = "E",
    opponents: Sequence[Opponent] = (),
    wall_size: int | None = None,
) -> list[DiscardFacts]:
    """The facts of every distinct concealed tile of a 14-tile hand, best first (see
    :func:`rank_discards`)."""
    parsed = _checked(hand, rules, seat_wind, round_wind)
    seen = [Tile.parse(t) if isinstance(t, str) else t for t in visible]
    ctx = _Context(parsed, seen, rules, seat_wind, round_wind, opponents, wall_size)
    return _ranked(ctx, parsed)


def _ranked(ctx: _Context, hand: Hand, *, quick: bool = False) -> list[DiscardFacts]:
    """Every discard's facts, best first. ``quick`` (the bot) counts the improving tiles
    only for the discards tied at the nearest fan distance and shanten: the others rank
    below anyway."""
    counts = list(hand.counts)
    tiles = sorted(set(hand.concealed))
    ctx.narrow(counts, within=-2 if quick else OPEN_WITHIN)
    ctx.memo.clear()
    ctx.added.clear()
    ctx.base = _suit_ids(counts, ctx.two_player)
    ctx.near = _near(counts)
    if not quick:
        return sorted((_facts_of(ctx, counts, t, hand) for t in tiles), key=_sort_key)
    rough = [_facts_of(ctx, counts, t, hand, full=False) for t in tiles]
    nearest = min(_sort_key(f)[:ROUGH] for f in rough)
    facts = [
        _facts_of(ctx, counts, f.tile, hand, quick=True, accept=False)
        if _sort_key(f)[:ROUGH] == nearest
        else f
        for f in rough
    ]
    facts.sort(key=_sort_key)
    # the improving tiles break the last ties: count them only for the discards still tied
    top = _sort_key(facts[0])[:LAST_TIE]
    tied = [f for f in facts if _sort_key(f)[:LAST_TIE] == top]
    if len(tied) > 1:
        again: dict[Tile, DiscardFacts] = {}
        for f in tied:
            counted = _facts_of(ctx, counts, f.tile, hand, quick=True, fan=False)
            again[f.tile] = replace(f, acceptance=counted.acceptance, tiles=counted.tiles)
        facts = sorted((again.get(f.tile, f) for f in facts), key=_sort_key)
    return facts


def _fan_words(f: DiscardFacts) -> str:
    if f.fan_shanten >= NO_PATH:
        return f"no path to {f.min_fan} fan is left"
    if f.fan_shanten <= 0 and f.path_distance <= 0:
        where = f" ({', '.join(name for name, d in f.paths if d <= 0)})" if f.paths else ""
        return f"ready on a wait worth {f.min_fan} fan or more{where}"
    words = f"{f.path_distance} from ready for {f.min_fan} fan, by {f.best_path}"
    if f.path_distance > f.fan_shanten and f.nearest_path:
        words += (
            f" ({f.nearest_path} is nearer, {f.fan_shanten} from ready, but it is made of "
            "pungs or must stay concealed, so it fills slowly)"
        )
    return words


def _risk_words(f: DiscardFacts) -> str:
    if not f.danger:
        return ""
    return f"; danger {f.danger}: {f.danger_reason}"


def _value_words(f: DiscardFacts) -> str:
    if f.fan_shanten >= NO_PATH:
        return ""
    if not (f.bonus_fan or f.honour_pairs):
        return f", worth {f.path_fan} fan" if f.path_fan > f.min_fan else ""
    parts = []
    if f.bonus_fan:
        parts.append(f"{f.bonus_fan} more from the honour pungs held")
    if f.honour_pairs:
        pairs = f"{f.honour_pairs} scoring honour pair{'s' if f.honour_pairs != 1 else ''}"
        parts.append(f"half a fan for each of {pairs}, which may become pungs")
    return f", worth about {f.expected_fan:g} fan ({f.path_fan} for the path, {', '.join(parts)})"


def _path_tiles_words(f: DiscardFacts) -> str:
    if f.fan_shanten >= NO_PATH:
        return ""
    verb = "win along it" if f.path_distance <= 0 else "bring it nearer"
    return f"; {f.fan_acceptance} unseen tile{'s' if f.fan_acceptance != 1 else ''} {verb}"


def _discard_reason(f: DiscardFacts) -> str:
    helps = f"{f.acceptance} unseen tile{'s' if f.acceptance != 1 else ''} improve the hand"
    path = f"{_fan_words(f)}{_value_words(f)}{_path_tiles_words(f)}"
    if f.worthless_ready:
        return (
            f"Throwing {f.tile} makes the hand ready, but no wait reaches {f.min_fan} fan "
            f"on a discard; {path}{_risk_words(f)}."
        )
    if f.fan_shanten <= 0 and f.path_distance <= 0:
        return f"Throwing {f.tile} leaves the hand {path}; {helps}{_risk_words(f)}."
    return (
        f"Throwing {f.tile} leaves the hand {f.shanten} from ready; {path}; "
        f"{helps}{_risk_words(f)}."
    )


COLUMNS = (
    "discard",
    "shanten",
    "acceptance",
    "tiles",
    "fan_shanten",
    "fan_acceptance",
    "best_path",
    "path_fan",
    "bonus_fan",
    "honour_pairs",
    "expected_fan",
    "effort",
    "danger",
    "paths",
    "reason",
)
"""The columns of :func:`rank_discards`, in order."""


def facts_frame(facts: Sequence[DiscardFacts]) -> pd.DataFrame:
    """The facts as a table, one row per discard, columns :data:`COLUMNS` (built column by
    column, which is several times faster than row by row)."""
    import pandas as pd

    def known(value: int) -> int | None:
        return None if value >= NO_PATH else value

    columns: dict[str, object] = {
        "discard": [str(f.tile) for f in facts],
        "shanten": [f.shanten for f in facts],
        "acceptance": [f.acceptance for f in facts],
        "tiles": [" ".join(map(str, f.tiles)) for f in facts],
        "fan_shanten": pd.array([known(f.fan_shanten) for f in facts], dtype="Int64"),
        "fan_acceptance": [f.fan_acceptance for f in facts],
        "best_path": [f.best_path or "" for f in facts],
        "path_fan": [f.path_fan for f in facts],
        "bonus_fan": [f.bonus_fan for f in facts],
        "honour_pairs": [f.honour_pairs for f in facts],
        "expected_fan": [f.expected_fan for f in facts],
        "effort": pd.array([known(f.effort) for f in facts], dtype="Int64"),
        "danger": [f.danger for f in facts],
        "paths": [
            "; ".join(f"{name} ({d if d >= 0 else 'done'})" for name, d in f.paths) for f in facts
        ],
        "reason": [_discard_reason(f) for f in facts],
    }
    return pd.DataFrame(columns, columns=list(COLUMNS))


def rank_discards(
    hand: Hand | str,
    *,
    visible: Iterable[Tile | str] = (),
    rules: Rules = Rules(),
    seat_wind: str = "E",
    round_wind: str = "E",
    opponents: Sequence[Opponent] = (),
    wall_size: int | None = None,
) -> pd.DataFrame:
    """Every distinct concealed tile of a 14-tile hand as a discard, best first.

    Columns: ``discard``, ``shanten`` (after the discard), ``acceptance`` and
    ``tiles`` (the tiles that lower it, counted unseen), ``fan_shanten`` (tiles
    from a ready hand whose wait scores ``rules.min_fan`` on a discard, along
    the nearest path; empty when no path is left), ``fan_acceptance`` (unseen
    tiles that bring ``best_path`` nearer), ``best_path`` (the path the coach
    aims for) and ``path_fan`` (its fan), ``effort`` (the distance along
    ``best_path`` plus its :func:`handicap`), ``bonus_fan`` (scoring honour
    pungs held beside the path), ``honour_pairs`` (scoring honour pairs beside
    it), ``expected_fan`` (``path_fan`` + ``bonus_fan`` + half a fan per pair),
    ``danger`` (0 safe, up to 4, from ``opponents``: what the other seats show,
    and ``wall_size``), ``paths`` (open paths with their distance) and ``reason``.

    Ranked by ``effort`` plus :func:`risk_cost` of the danger, then the most
    ``fan_acceptance``, the most ``expected_fan``, ``shanten``, ``danger`` and
    the most ``acceptance``.
    """
    return facts_frame(
        discard_facts(
            hand,
            visible=visible,
            rules=rules,
            seat_wind=seat_wind,
            round_wind=round_wind,
            opponents=opponents,
            wall_size=wall_size,
        )
    )


def fan_shanten(
    hand: Hand | str,
    *,
    visible: Iterable[Tile | str] = (),
    rules: Rules = Rules(),
    seat_wind: str = "E",
    round_wind: str = "E",
) -> int | None:
    """Tiles away from a ready hand whose wait scores ``rules.min_fan`` on a discard
    (13 tiles; −1 for 14 tiles complete in a path); None when no fan path is left.

    >>> fan_shanten("123m456p789s11z22z"), fan_shanten("123m456p789s55z66z")
    (0, 2)
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {rules!r}")
    from kit.hongkong.fan import parse_hand

    parsed = parse_hand(hand, rules)
    seen = [Tile.parse(t) if isinstance(t, str) else t for t in visible]
    ctx = _Context(parsed, seen, rules, seat_wind, round_wind)
    found = ctx.fan_shanten(list(parsed.counts))
    return None if found >= NO_PATH else found


# --- advice for every decision ----------------------------------------------------------------


def _ctx(view: SeatView, hand: Hand | None = None) -> _Context:
    return _Context(
        hand or view.hand,
        view.visible,
        view.rules,
        view.seat_wind,
        view.round_wind,
        opponents_of(view),
        view.wall_size,
    )


def _fan_text(value: int, min_fan: int) -> str:
    return f"no path to {min_fan} fan" if value >= NO_PATH else str(value)


def _discard_options(view: SeatView, *, quick: bool = False) -> list[Option]:
    facts = _ranked(_ctx(view), view.hand, quick=quick)
    return [
        Option(
            Discard(view.seat, f.tile),
            f"discard {f.tile}",
            {
                "fan shanten": None if f.fan_shanten >= NO_PATH else f.fan_shanten,
                "fan tiles": f.fan_acceptance,
                "expected fan": f.expected_fan,
                "shanten": f.shanten,
                "improving tiles": f.acceptance,
                "path": f.best_path or "none",
                "danger": f.danger,
            },
            _discard_reason(f),
        )
        for f in facts
    ]


def _loss(best: Option, chosen: Option) -> str:
    """What a choice gave up against the best, in the facts both share."""
    min_fan = int(best.facts.get("min fan", 3) or 3)
    b, c = best.facts.get("fan shanten"), chosen.facts.get("fan shanten")
    if b is not None and c is None:
        verb = chosen.label.replace("discard ", "threw ").replace("pung", "took the pung")
        return f"{verb}: the hand can no longer reach {min_fan} fan"
    if isinstance(b, int) and isinstance(c, int) and c > b:
        return f"{chosen.label}: {c - b} more tile{'s' if c - b > 1 else ''} from a {min_fan}-fan ready hand"
    kept = (
        chosen.label.replace("discard ", "kept ")
        if chosen.label.startswith("discard")
        else chosen.label
    )
    for name, words in (
        ("fan tiles", "fewer tiles towards the fan"),
        ("expected fan", "fan less to expect from the win"),
        ("improving tiles", "fewer improving tiles"),
    ):
        gap = float(best.facts.get(name) or 0) - float(chosen.facts.get(name) or 0)
        if gap > 0:
            return f"{kept}: {gap:g} {words}"
    return f"{chosen.label}: the coach preferred {best.label}"


def _turn_advice(view: SeatView, *, quick: bool = False) -> Advice:
    seat, rules = view.seat, view.rules
    discards = _discard_options(view, quick=quick)
    options: list[Option] = []
    score_now = view.win_score()
    if score_now is not None:
        hold = _hold_out(view, discards, score_now.fan)
        win = Option(
            Hu(seat),
            "win",
            {"fan": score_now.fan, "wall left": view.wall_size},
            f"a {score_now.fan}-fan win now ({score_now.breakdown}); a win ends the deal and "
            "is paid at once, while waiting lets another player win first",
        )
        if hold is None:
            options.append(win)
        else:
            discards[0] = hold
            options += [discards[0], win]
            discards = discards[1:]
    kong_options = [_kong_option(view, action) for action in _kongs(view)]
    best_discard = discards[0] if discards else None
    for option in kong_options:
        if best_discard is not None and _kong_keeps(option, best_discard):
            options.append(option)
        else:
            discards.append(option)
    options += discards
    return Advice(
        "discard",
        f"Which tile keeps a path to {rules.min_fan} fan open, and how many unseen tiles help it?",
        tuple(options),
        shown=("fan shanten", "fan tiles", "shanten", "improving tiles"),
        loss=_loss,
    )


def _kongs(view: SeatView) -> list[ConcealedKong | AddedKong]:
    """The kongs this seat may declare on its turn now."""
    concealed = view.concealed
    pungs = {m.first for m in view.melds if m.kind is MeldKind.PUNG}
    found: list[ConcealedKong | AddedKong] = []
    for tile in sorted(set(concealed)):
        if concealed.count(tile) == 4 and view.can_concealed_kong(tile):
            found.append(ConcealedKong(view.seat, tile))
        elif tile in pungs and view.can_added_kong(tile):
            found.append(AddedKong(view.seat, tile))
    return found


def _claims(view: SeatView) -> list[Pung | Kong | Chow]:
    """The groups this seat may claim with the discard on offer."""
    seat = view.seat
    found: list[Pung | Kong | Chow] = []
    if view.can_kong():
        found.append(Kong(seat))
    if view.can_pung():
        found.append(Pung(seat))
    found += [Chow(seat, first) for first in view.chows()]
    return found


def _hold_out(view: SeatView, discards: list[Option], fan_now: int) -> Option | None:
    """A discard that keeps a ready hand worth clearly more, when the wall is long enough."""
    rules = view.rules
    if fan_now > rules.min_fan or view.wall_size < HOLD_WALL or not discards:
        return None
    ctx = _ctx(view)
    for option in discards[:3]:
        assert isinstance(option.action, Discard)
        kept = view.hand.without(option.action.tile)
        found = waits_with_fan(kept, rules, seat_wind=view.seat_wind, round_wind=view.round_wind)
        big = [w for w in found if w.discard.wins and w.discard.fan >= rules.fan_cap]
        copies = sum(ctx.unseen[w.tile.index] for w in big)
        if big and copies >= HOLD_COPIES:
            return Option(
                option.action,
                option.label,
                dict(option.facts),
                f"holds out: {copies} unseen tiles would win the limit ({rules.fan_cap} fan) "
                f"against {fan_now} fan now, with {view.wall_size} tiles left",
            )
    return None


def _kong_option(view: SeatView, action: ConcealedKong | AddedKong) -> Option:
    hand = view.hand
    tile = action.tile
    concealed = list(hand.concealed)
    if isinstance(action, ConcealedKong):
        for _ in range(4):
            concealed.remove(tile)
        melds = (*hand.melds, Meld(MeldKind.KONG, tile, concealed=True))
        label = f"concealed kong of {tile}"
    else:
        concealed.remove(tile)
        melds = tuple(
            Meld(MeldKind.KONG, tile) if m.kind is MeldKind.PUNG and m.first == tile else m
            for m in hand.melds
        )
        label = f"add {tile} to the pung"
    after = Hand(tuple(concealed), melds)
    ctx = _ctx(view, after)
    counts = list(after.counts)
    fan_after, sh_after = ctx.fan_shanten(counts), ctx.shanten(counts)
    return Option(
        action,
        label,
        {
            "fan shanten": None if fan_after >= NO_PATH else fan_after,
            "fan tiles": None,
            "shanten": sh_after,
            "improving tiles": None,
            "path": "kong",
        },
        f"a kong draws a replacement tile at once; after it the hand is "
        f"{_fan_text(fan_after, view.rules.min_fan)} from a {view.rules.min_fan}-fan ready hand",
    )


def _kong_keeps(kong: Option, best: Option) -> bool:
    """Declare the kong when it keeps the fan distance of the best discard (a free draw)."""
    k, b = kong.facts.get("fan shanten"), best.facts.get("fan shanten")
    if k is None:
        return b is None
    return b is None or int(k) <= int(b)


def _after_claim(view: SeatView, action: Pung | Kong | Chow) -> tuple[int, int, int, str]:
    """(fan shanten, shanten, effort, path) after a claim and its best discard."""
    tile = view.claimed_tile
    assert tile is not None
    hand = view.hand
    concealed = list(hand.concealed)
    if isinstance(action, Chow):
        meld = Meld(MeldKind.CHOW, action.first)
        used = list(meld.tiles)
        used.remove(tile)
    else:
        meld = Meld(MeldKind.KONG if isinstance(action, Kong) else MeldKind.PUNG, tile)
        used = [tile] * (3 if isinstance(action, Kong) else 2)
    for t in used:
        concealed.remove(t)
    after = Hand(tuple(concealed), (*hand.melds, meld))
    # the claimed tile is now in this seat's meld, no longer on the discard pile
    visible = _without(view.visible, tile)
    ctx = _Context(after, visible, view.rules, view.seat_wind, view.round_wind)
    counts = list(after.counts)
    if isinstance(action, Kong):  # 13 tiles after the kong: a replacement draw comes next
        fan, effort, plans, _ = _nearest_plans(counts, ctx.plans, ctx.two_player)
        path = plans[0].path.name if plans else "none"
        return fan, ctx.shanten(counts), effort, path
    best: tuple[int, int, int, str] | None = None
    ctx.narrow(counts)
    for t in sorted(set(after.concealed)):
        counts[t.index] -= 1
        fan, effort, plans, _ = _nearest_plans(counts, ctx.plans, ctx.two_player)
        path = plans[0].path.name if plans else "none"
        key = (fan, ctx.shanten(counts), effort, path)
        counts[t.index] += 1
        if best is None or (key[2], key[1]) < (best[2], best[1]):
            best = key
    assert best is not None
    return best


def _without(tiles: list[Tile], tile: Tile) -> list[Tile]:
    out = list(tiles)
    if tile in out:
        out.remove(tile)
    return out


def _claim_advice(view: SeatView) -> Advice:
    seat, rules = view.seat, view.rules
    tile = view.claimed_tile
    assert tile is not None
    options: list[tuple[tuple[int, ...], Option]] = []
    score_now = view.win_score()
    if score_now is not None:
        options.append(
            (
                (-1,),
                Option(
                    Hu(seat),
                    "win",
                    {"fan": score_now.fan, "fan shanten": -1, "shanten": -1},
                    f"{tile} completes a {score_now.fan}-fan hand ({score_now.breakdown})",
                ),
            )
        )
    ctx = _ctx(view)
    counts = list(view.hand.counts)
    fan_now, effort_now, _, _ = _nearest_plans(counts, ctx.plans, ctx.two_player)
    sh_now = ctx.shanten(counts)
    concealed_now = not view.melds
    pass_facts = {"fan shanten": None if fan_now >= NO_PATH else fan_now, "shanten": sh_now}
    options.append(
        (
            (effort_now, 1, sh_now),
            Option(
                Pass(seat),
                "pass",
                pass_facts,
                f"keeps the hand as it is: {_fan_text(fan_now, rules.min_fan)} from a "
                f"{rules.min_fan}-fan ready hand" + (", still concealed" if concealed_now else ""),
            ),
        )
    )
    for action in _claims(view):
        fan, sh, effort, path = _after_claim(view, action)
        label = {Pung: "pung", Kong: "kong"}.get(type(action), "")
        if isinstance(action, Chow):
            label = (
                f"chow {''.join(str(action.first.number + k) for k in range(3))}{action.first.suit}"
            )
        facts = {"fan shanten": None if fan >= NO_PATH else fan, "shanten": sh}
        if fan >= NO_PATH:
            why = f"took the {label}: the hand can no longer reach {rules.min_fan} fan"
            reason = f"after it no path to {rules.min_fan} fan is left"
        else:
            why = ""
            reason = (
                f"after it (and the best discard) the hand is {fan} from a "
                f"{rules.min_fan}-fan ready hand, by {path}"
            )
        del why
        # A claim is worth it when it brings the fan path nearer than passing.
        kong_bonus = 0 if isinstance(action, Kong) else 1
        rank = (effort, 0 if effort < effort_now else 2, sh + kong_bonus - 1)
        options.append((rank, Option(action, label, facts, reason)))
    ordered = tuple(o for _, o in sorted(options, key=lambda pair: pair[0]))
    return Advice(
        "claim",
        f"Does taking {tile} bring a {rules.min_fan}-fan hand nearer, or does the claim close "
        "the path (and the concealed-hand fan)?",
        ordered,
        shown=("fan shanten", "shanten"),
        loss=_claim_loss(rules.min_fan),
    )


def _claim_loss(min_fan: int) -> Callable[[Option, Option], str]:
    def loss(best: Option, chosen: Option) -> str:
        b, c = best.facts.get("fan shanten"), chosen.facts.get("fan shanten")
        name = chosen.label
        verb = "passed" if name == "pass" else f"took the {name}"
        if b is not None and c is None:
            return f"{verb}: the hand can no longer reach {min_fan} fan"
        if isinstance(b, int) and isinstance(c, int) and c > b:
            return f"{verb}: {c - b} more from a {min_fan}-fan ready hand"
        if name != "pass" and best.label == "pass":
            return f"{verb}: it does not bring {min_fan} fan nearer and gives up a concealed hand"
        return f"{verb}: the coach preferred {best.label}"

    return loss


def _rob_advice(view: SeatView) -> Advice:
    seat = view.seat
    score_now = view.win_score()
    options = []
    if score_now is not None:
        options.append(
            Option(
                Hu(seat),
                "rob the kong",
                {"fan": score_now.fan},
                f"robbing the kong wins {score_now.fan} fan ({score_now.breakdown})",
            )
        )
    options.append(Option(Pass(seat), "pass", {"fan": 0}, "let the kong be made"))
    return Advice(
        "rob",
        "A tile added to a pung can be robbed if it completes your hand.",
        tuple(options),
    )


def advise(view: SeatView, *, quick: bool = False) -> Advice:
    """The coach's advice for this seat's decision now, with its reasons.

    Covers the turn (win or hold out, kongs, the discard), claims on a
    discard (win, kong, pung, chow or pass) and robbing a kong. ``quick`` (the
    bot) counts improving tiles only for the discards that could be best.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"advise expects a Hong Kong seat view, not {view!r}")
    phase = view.phase
    if view.seat in view.table.to_move():
        if phase == "discard":
            return _turn_advice(view, quick=quick)
        if phase == "claim":
            return _claim_advice(view)
        if phase == "rob":
            return _rob_advice(view)
    raise ValueError(f"seat {view.seat} has no decision to make now ({phase})")


def coach(view: SeatView) -> Action:
    """A bot that plays the coach's recommendation at every decision."""
    action: Action = advise(view, quick=True).action
    return action
