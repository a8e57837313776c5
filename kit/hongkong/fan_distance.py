"""How far a Hong Kong hand is from a ready hand worth the minimum fan.

A Hong Kong win needs the minimum fan (``Rules.min_fan``), so being *ready* is
not enough: the hand must be ready on a wait that scores. :func:`fan_shanten`
counts the tiles away from such a wait along the best *fan path* still open (a
flush, honour pungs, all pungs, a dragon or wind hand, thirteen orphans), or
None when no path is left. The paths and their fan come from the pattern
catalogue (:data:`kit.hongkong.fan.PATTERNS`) and the seat's winds.

Paths do not fill equally fast. A flush takes chows and pungs of many tiles;
a path made of pungs only (all pungs) needs pairs met again, two copies left
each; pungs of named honours (a dragon or wind hand) can be filled by those few
tiles only; thirteen orphans needs thirteen named tiles, one each; and a path
that must stay concealed cannot claim. A path counts extra steps for its
drawbacks (:func:`handicap`), at most doubling its distance, so a ready hand
stays ready: its *effort*.

Reading choices, so that the distances stay exact and plain:

- ``fan_shanten`` is exact for the paths listed in :data:`PATHS_NOTE`; the
  1-fan all-chows pattern and self-drawn fan are not counted (a win on a
  discard never has the self-drawn fan), so it can only overstate the distance
  where all chows would make the difference. A honour pung whose copies are in
  view (fewer than three left for this seat) closes its path. At the
  two-player table the suits with only 1 and 9 make pungs and pairs only.
- A path is *open* when it is at most :data:`OPEN_WITHIN` tiles from ready
  along it; limit hands are listed the same way.

>>> fan_shanten("123m456p789s11z22z"), fan_shanten("123m456p789s55z66z")
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import combinations

from kit.hongkong.fan import DRAGONS, PATTERNS, WIND_TILES, parse_hand
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import Rules
from kit.mahjong.hands import ORPHANS, combine_classes, suit_class, tiles_missing
from kit.mahjong.reading import tiles_of, unseen_counts
from kit.mahjong.tiles import (
    COPIES,
    MOST_TILES,
    SUIT_NAMES,
    SUITS,
    TILES,
    Hand,
    Meld,
    MeldKind,
    Tile,
    wind_tile,
)

__all__ = [
    "HELD_NONE_OF",
    "NO_PATH",
    "OPEN_WITHIN",
    "PATHS_NOTE",
    "FanPath",
    "Plan",
    "all_distances",
    "checked_size",
    "closed_tiles",
    "copies_needed",
    "fan_paths",
    "fan_shanten",
    "handicap",
    "held_for_a_win",
    "honour_class",
    "honour_values",
    "near_tiles",
    "nearest_distance",
    "nearest_plans",
    "number_class",
    "open_plans",
    "orphans_shanten",
    "plans_for",
    "standard_shanten",
    "suit_classes",
    "with_handicap",
]

OPEN_WITHIN = 3
"""A path is listed as open when it is at most this many tiles from ready along it."""
NO_PATH = 99
"""The distance of a hand with no fan path left (shown as empty in tables)."""
PATHS_NOTE = (
    "half and full flush in each suit, all pungs, scoring honour pungs (dragons, seat and "
    "round wind) with or without the concealed-hand fan, small and big three dragons, "
    "small and big four winds, all honours and thirteen orphans"
)
SLOW_PUNGS = 1
"""Extra steps counted for a path of pungs of any tiles (all pungs): its pairs must meet a
third copy, two left of each."""
SLOW_HONOURS = 2
"""Extra steps counted for a path that needs pungs of named honours (dragon and wind
hands, all honours): only those few tiles fill it, two copies left of each pair."""
SLOW_ORPHANS = 3
"""Extra steps counted for thirteen orphans: thirteen named tiles, one of each, and no
claim but the winning tile. (Counted one step slower, as all pungs is, the coach aimed
for it at one discard in nine against the default bots, forecast a 6 % win chance there
and won 2 %; docs/benchmarks.md.)"""
SLOW_CONCEALED = 1
"""Extra steps counted for a path that needs the concealed-hand fan (no claims)."""
HONOURS_ONLY = frozenset("z")
"""The suits of a path of honours only (all honours)."""
_CATALOGUE = {pattern.key: pattern for pattern in PATTERNS}


def _fan(key: str) -> int:
    """The fan of one pattern of the catalogue (reference/hongkong.md#fan)."""
    return _CATALOGUE[key].fan


def _name(key: str) -> str:
    return _CATALOGUE[key].english


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
def honour_values(seat_wind: str, round_wind: str) -> dict[int, int]:
    """Fan of a pung of each scoring honour: 1 per dragon, 1 for the seat and the round wind."""
    values = dict.fromkeys(DRAGONS, _fan("dragon-pung"))
    for key, letter in (("seat-wind", seat_wind), ("round-wind", round_wind)):
        index = wind_tile(letter).index
        values[index] = values.get(index, 0) + _fan(key)
    return values


@cache
def fan_paths(
    rules: Rules = Rules(), seat_wind: str = "E", round_wind: str = "E"
) -> tuple[FanPath, ...]:
    """Every fan path worth at least ``rules.min_fan`` on a discard, smallest first, each
    worth the fan its patterns score in the catalogue (limit hands: ``rules.fan_cap``).

    Combinations are kept only when no part can be left out (a half flush alone
    is already 3 fan, so it is not listed again with a dragon pung).

    >>> [p.name for p in fan_paths()][:4]
    ['half flush in characters', 'half flush in dots', 'half flush in bamboo', 'all pungs']
    """
    target, cap = rules.min_fan, rules.fan_cap
    values = honour_values(seat_wind, round_wind)
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

    half, full, pungs_only = _fan("half-flush"), _fan("full-flush"), _fan("all-pungs")
    found: list[FanPath] = []
    for suit in SUITS:
        suits = frozenset((suit, "z"))
        found.append(FanPath(f"{_name('half-flush')} in {SUIT_NAMES[suit]}", half, suits=suits))
    found.append(FanPath(_name("all-pungs"), pungs_only, no_chows=True))
    for suit in SUITS:
        name = f"{_name('full-flush')} in {SUIT_NAMES[suit]}"
        found.append(FanPath(name, full, suits=frozenset(suit)))
    found = [replace(p, fan=min(p.fan, cap)) for p in found if p.fan >= target]
    # Honour pungs, with or without the concealed-hand fan, kept when nothing can be left out.
    for size in (1, 2, 3):
        for chosen in combinations(honours, size):
            fan = sum(values[i] for i in chosen)
            for concealed in (False, True):
                total = fan + (_fan("concealed") if concealed else 0)
                smaller = min(values[i] for i in chosen)
                if total < target or total - smaller >= target or (concealed and fan >= target):
                    continue
                name = " + ".join(honour_name(i) for i in chosen)
                name += f" + {_name('concealed')}" if concealed else ""
                found.append(FanPath(name, min(total, cap), pungs=chosen, concealed=concealed))
    if target <= _fan("concealed"):
        found.append(FanPath(_name("concealed"), _fan("concealed"), concealed=True))
    if target <= 0:
        found.append(FanPath("any win", 0))
    for pair in DRAGONS:
        pungs = tuple(d for d in DRAGONS if d != pair)
        fan = _fan("small-three-dragons") + sum(values[d] for d in pungs)
        name = f"{_name('small-three-dragons')} ({TILES[pair].name} pair)"
        found.append(FanPath(name, min(fan, cap), pungs=pungs, pair=pair))
    fan = _fan("big-three-dragons") + sum(values[d] for d in DRAGONS)
    found.append(FanPath(_name("big-three-dragons"), min(fan, cap), pungs=DRAGONS))
    for pair in WIND_TILES:
        pungs = tuple(w for w in WIND_TILES if w != pair)
        name = f"{_name('small-four-winds')} ({TILES[pair].name} pair)"
        found.append(FanPath(name, cap, pungs=pungs, pair=pair, limit=True))
    found.append(FanPath(_name("big-four-winds"), cap, pungs=WIND_TILES, limit=True))
    found.append(FanPath(_name("all-honours"), cap, suits=HONOURS_ONLY, limit=True))
    found.append(FanPath(_name("thirteen-orphans"), cap, orphans=True, limit=True))
    return tuple(p for p in found if p.fan >= target)


# --- distances --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
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


def handicap(path: FanPath, *, two_player: bool = False) -> int:
    """Extra steps counted for a path that fills slowly: a flush takes chows and pungs of
    many tiles, so it costs nothing extra; all pungs needs pairs met again (two copies left
    each) and costs :data:`SLOW_PUNGS`; pungs of named honours can be filled by those few
    tiles only and cost :data:`SLOW_HONOURS`; thirteen orphans needs thirteen named tiles
    and costs :data:`SLOW_ORPHANS`; a path that must stay concealed cannot claim, and costs
    :data:`SLOW_CONCEALED` more.

    At the two-player table honours and orphans are no longer few (52 of its 80 tiles are
    terminals or honours), so there a path of pungs (named or not) and thirteen orphans
    cost :data:`SLOW_PUNGS` alone. (Counted as slowly as at four players, the coach made about
    13 points a deal less there against the flush hunter; docs/benchmarks.md.)"""
    if two_player:
        slow = SLOW_PUNGS if path.orphans or path.pungs or path.no_chows else 0
    elif path.orphans:
        slow = SLOW_ORPHANS
    elif path.pungs or path.suits == HONOURS_ONLY:
        slow = SLOW_HONOURS
    elif path.no_chows:
        slow = SLOW_PUNGS
    else:
        slow = 0
    return slow + (SLOW_CONCEALED if path.concealed else 0)


def with_handicap(distance: int, slow: int) -> int:
    """A distance with its handicap: a path is never counted more than twice its distance,
    so a ready hand (0) stays ready whatever its path."""
    return distance + min(slow, max(distance, 0))


def _plan(
    path: FanPath, melds: Sequence[Meld], available: Sequence[int], two_player: bool
) -> Plan | None:
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
    slots = tuple(i for i, suit in enumerate(SUITS) if suit in path.suits)
    flush = len(slots) == 1 and not (pungs or path.pair is not None or path.no_chows)
    return Plan(
        path,
        pungs,
        groups,
        path.pair is None,
        handicap(path, two_player=two_player),
        slots,
        "z" in path.suits,
        slots[0] if flush and not path.orphans else -1,
    )


@lru_cache(maxsize=4096)
def open_plans(
    rules: Rules,
    seat_wind: str,
    round_wind: str,
    melds: tuple[Meld, ...],
    honours: tuple[int, ...],
) -> tuple[Plan, ...]:
    """The plans still open for a hand with these melds, when ``honours`` copies (at most
    three) of each honour are held or unseen: only honour pungs and pairs read them."""
    available = [COPIES] * 27 + list(honours)
    two_player = rules.players == 2
    plans = (
        _plan(p, melds, available, two_player) for p in fan_paths(rules, seat_wind, round_wind)
    )
    return tuple(p for p in plans if p is not None)


HELD_NONE_OF = COPIES + 1
"""More copies than any seat can hold: what :func:`held_for_a_win` gives a tile that no way
to the minimum fan could use."""


def copies_needed(plan: Plan, tile: Tile, chows: bool) -> int | None:
    """The fewest copies of ``tile`` a seat must already hold for a win on it to complete a
    hand along ``plan`` (None: the plan cannot use it): none for a chow (``chows``: the
    table has a run of three with the tile) or as thirteen orphans' missing one; one for
    the pair; two for a pung."""
    path = plan.path
    if tile.suit not in path.suits:
        return None
    if path.orphans:
        return 0 if tile.index in ORPHANS else None
    free = plan.groups > 0
    if free and chows and not path.no_chows and not tile.is_honour:
        return 0
    if plan.pair or tile.index == path.pair:
        return 1
    if free or tile.index in plan.pungs:
        return 2
    return None


@cache
def _in_runs(rules: Rules) -> frozenset[int]:
    """The tile kinds the table has a chow with (the two-player table has none in
    characters or bamboo, which keep only their 1 and 9)."""
    kinds = {tile.index for tile in tile_set(rules).kinds}
    found: set[int] = set()
    for suit in range(3):
        for low in range(suit * 9, suit * 9 + 7):
            run = (low, low + 1, low + 2)
            if all(i in kinds for i in run):
                found.update(run)
    return frozenset(found)


@lru_cache(maxsize=4096)
def held_for_a_win(
    rules: Rules,
    seat_wind: str,
    round_wind: str,
    melds: tuple[Meld, ...],
    honours: tuple[int, ...],
) -> tuple[int, ...]:
    """For each tile kind, the fewest copies a seat with these exposed ``melds`` must hold to
    win on a discard of it (:data:`HELD_NONE_OF`: no way to the minimum fan still open could
    use it). ``honours`` are the copies of each honour it could still gather (those not in
    view elsewhere); the thrown tile is counted among them. See :func:`closed_tiles`."""
    # The plans open with one more copy of every honour, each with the honours it is then
    # short of without that copy: a plan serves a win on a tile when the thrown tile is the
    # only honour it is short of, or it is short of none.
    more = tuple(min(n + 1, 3) for n in honours)
    served: list[tuple[Plan, set[int]]] = []
    for plan in open_plans(rules, seat_wind, round_wind, melds, more):
        short = {i for i in plan.pungs if honours[i - 27] < 3}
        pair = plan.path.pair
        if pair is not None and honours[pair - 27] < 2:
            short.add(pair)
        served.append((plan, short))
    runs = _in_runs(rules)
    needed = [HELD_NONE_OF] * len(TILES)
    for tile in tile_set(rules).kinds:
        index = tile.index
        for plan, short in served:
            if short and short != {index}:
                continue
            found = copies_needed(plan, tile, index in runs)
            if found is not None and found < needed[index]:
                needed[index] = found
    return tuple(needed)


def closed_tiles(
    rules: Rules,
    seat_wind: str,
    round_wind: str,
    melds: tuple[Meld, ...],
    unseen: Sequence[int],
) -> frozenset[int]:
    """The tile kinds a seat with these exposed ``melds`` can never win on from a discard:
    no way to the minimum fan still open to it could use them, or it cannot hold the copies
    a win on them needs. ``unseen`` counts the copies of each kind the seat could hold: those
    the thrower does not see (the thrown tile is the thrower's own).

    Exact: a win on a discard worth the minimum fan lies along one of the paths of
    :func:`fan_paths`, except a hand of all chows where the minimum is its 1 fan, so then
    no tile is closed. A seat showing chows of two suits has no path left at the usual
    3 fan, unless some honour pungs can still be made:

    >>> chows = Hand.parse("[123m][456p]").melds
    >>> none_left = [4] * 27 + [0] * 7
    >>> len(closed_tiles(Rules(), "S", "E", chows, none_left))
    34
    >>> closed = closed_tiles(Rules(), "S", "E", chows, [4] * 34)
    >>> "".join(str(TILES[i]) for i in range(34) if i not in closed)  # small three dragons
    '5z6z7z'

    With every other copy in view, a tile can only complete a chow: the last red dragon is
    safe against a seat that did not keep thirteen orphans open.

    >>> last_red = [4] * 33 + [0]
    >>> 33 in closed_tiles(Rules(), "S", "E", Hand.parse("[111p]").melds, last_red)
    True
    """
    if rules.min_fan <= _fan("all-chows"):
        return frozenset()
    honours = tuple(min(n, 3) for n in unseen[27:34])
    needed = held_for_a_win(rules, seat_wind, round_wind, melds, honours)
    return frozenset(i for i, n in enumerate(needed) if unseen[i] < n)


honour_class = suit_class


def number_class(counts: Sequence[int], start: int, two_player: bool) -> int:
    """The hand tables' class of one number suit's holding (1 and 9 only at the two-player
    table, where those suits make pungs and pairs only)."""
    if two_player and start != 9:
        return suit_class(bytes((counts[start], counts[start + 8], 0, 0, 0, 0, 0)))
    return suit_class(bytes(counts[start : start + 9]))


def suit_classes(counts: Sequence[int], two_player: bool) -> list[int]:
    """Classes of the four suits' holdings, chows allowed: characters, dots, bamboo, honours."""
    return [
        number_class(counts, 0, two_player),
        number_class(counts, 9, two_player),
        number_class(counts, 18, two_player),
        honour_class(bytes(counts[27:34])),
    ]


def _no_chow_id(counts: Sequence[int], start: int, two_player: bool) -> int:
    if two_player and start != 9:
        return number_class(counts, start, two_player)
    low = honour_class(bytes(counts[start : start + 7]))
    high = honour_class(bytes((counts[start + 7], counts[start + 8], 0, 0, 0, 0, 0)))
    return combine_classes(low, high)


def orphans_shanten(counts: Sequence[int]) -> int:
    held = [counts[i] for i in ORPHANS]
    return held.count(0) - (max(held) >= 2)


_MEMO: dict[tuple[int, ...], int] = {}
"""Distances already worked out, by (groups, pair, the path's suits' classes): the same
few classes come back turn after turn."""


def _plan_distance(plan: Plan, ids: Sequence[int], counts: Sequence[int], two_player: bool) -> int:
    """Tiles away from ready along one path (−1: complete), from the suits' classes."""
    join = combine_classes
    path = plan.path
    if path.orphans:
        return orphans_shanten(counts)
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
        z = honour_class(bytes(rest))
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


def distance(plan: Plan, ids: Sequence[int], counts: Sequence[int], two_player: bool) -> int:
    """:func:`_plan_distance`, remembered per flush (the commonest path) by its suits' classes."""
    if plan.single < 0:
        return _plan_distance(plan, ids, counts, two_player)
    key = (ids[plan.single], ids[3] if plan.honours else 0)
    found = plan.known.get(key)
    if found is None:
        found = plan.known[key] = _plan_distance(plan, ids, counts, two_player)
    return found


def all_distances(counts: Sequence[int], plans: Sequence[Plan], two_player: bool) -> list[int]:
    """Each plan's distance: tiles away from ready along it (−1: complete)."""
    ids = suit_classes(counts, two_player)
    return [distance(plan, ids, counts, two_player) for plan in plans]


def nearest_distance(counts: Sequence[int], plans: Sequence[Plan], two_player: bool) -> int:
    """The smallest distance over ``plans``."""
    return nearest_plans(counts, plans, two_player)[0]


def nearest_plans(
    counts: Sequence[int],
    plans: Sequence[Plan],
    two_player: bool,
    ids: Sequence[int] | None = None,
) -> tuple[int, int, list[Plan], Plan | None]:
    """The smallest distance over ``plans``, the smallest effort (distance plus handicap),
    the plans at that effort and a plan at the smallest distance. A plan whose missing
    pungs alone are farther than the best effort so far is skipped (neither its distance
    nor its effort can be smaller). ``ids``: the suits' classes, when already known."""
    if ids is None:
        ids = suit_classes(counts, two_player)
    best, effort, at = NO_PATH, NO_PATH, []
    nearest: Plan | None = None
    for plan in plans:
        if plan.pungs:
            missing = sum(3 - min(counts[i], 3) for i in plan.pungs)
            if missing - 1 > effort:
                continue
        found = distance(plan, ids, counts, two_player)
        if found < best:
            best, nearest = found, plan
        if found >= NO_PATH:
            continue
        mine = with_handicap(found, plan.handicap)
        if mine < effort:
            effort, at = mine, [plan]
        elif mine == effort:
            at.append(plan)
    return best, effort, at, nearest


_STANDARD: dict[tuple[int, ...], int] = {}


def standard_shanten(ids: Sequence[int], groups: int) -> int:
    key = (groups, *ids)
    found = _STANDARD.get(key)
    if found is None:
        join = combine_classes
        found = tiles_missing(join(join(ids[0], ids[1]), join(ids[2], ids[3])), groups) - 1
        if len(_STANDARD) > 500_000:
            _STANDARD.clear()
        _STANDARD[key] = found
    return found


def near_tiles(counts: Sequence[int]) -> list[int]:
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
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {rules!r}"[:120])
    parsed = checked_size(parse_hand(hand, rules), hand, (MOST_TILES - 1, MOST_TILES))
    unseen = unseen_counts(parsed, tiles_of(visible), tile_set(rules))
    plans = plans_for(parsed, unseen, rules, seat_wind, round_wind)
    found = nearest_distance(list(parsed.counts), plans, rules.players == 2)
    return None if found >= NO_PATH else found


def plans_for(
    hand: Hand, unseen: Sequence[int], rules: Rules, seat_wind: str, round_wind: str
) -> tuple[Plan, ...]:
    """The plans still open for ``hand`` with these unseen copies of each tile kind."""
    held = [0] * len(unseen)
    for tile in hand.all_tiles:
        held[tile.index] += 1
    honours = tuple(min(held[i] + unseen[i], 3) for i in range(27, 34))
    return open_plans(rules, seat_wind, round_wind, hand.melds, honours)


def checked_size(parsed: Hand, hand: object, sizes: Sequence[int]) -> Hand:
    """``parsed`` when it holds one of ``sizes`` tiles (kongs as three), else a ValueError
    naming ``hand`` and its size: a seat holds 13 tiles, or 14 on its turn."""
    if parsed.size not in sizes:
        allowed = " or ".join(map(str, sizes))
        raise ValueError(
            f"hand {repr(hand)[:60]} holds {parsed.size} tiles (kongs as three); "
            f"a seat holds {allowed}"
        )
    return parsed
