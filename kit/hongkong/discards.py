"""What throwing each tile of a Hong Kong hand leaves: the distances, the tiles that help.

For every distinct concealed tile of a 14-tile hand, :func:`rank_facts` works
out a :class:`DiscardFacts`: the shanten after the discard and the unseen tiles
that lower it (``acceptance``), the fan distance (:mod:`kit.hongkong.fan_distance`)
and the unseen tiles that bring the chosen path nearer (``fan_acceptance``), the
fan a win along it can expect, and the danger of the tile
(:mod:`kit.hongkong.danger`). :func:`sort_key` ranks them; the coach words them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kit.hongkong.danger import Opponent, dangers, opponents_of, risk_cost
from kit.hongkong.fan import waits_with_fan
from kit.hongkong.fan_distance import (
    NO_PATH,
    OPEN_WITHIN,
    FanPath,
    Plan,
    all_distances,
    distance,
    honour_class,
    honour_values,
    near_tiles,
    nearest_distance,
    nearest_plans,
    number_class,
    orphans_shanten,
    plans_for,
    standard_shanten,
    suit_classes,
    with_handicap,
)
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import FORMS, Rules
from kit.mahjong.hands import shanten
from kit.mahjong.reading import unseen_counts
from kit.mahjong.tiles import TILES, Hand, MeldKind, Tile

__all__ = [
    "LAST_TIE",
    "ROUGH",
    "DiscardFacts",
    "HandContext",
    "context_of",
    "facts_of",
    "rank_facts",
    "sort_key",
]


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
    """Unseen copies of the tiles that bring ``best_path`` nearer (lower ``path_distance``)."""
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
    """How likely the tile feeds a visible hand: 0 safe, up to 4 (see :func:`dangers`)."""
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


class HandContext:
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
        self.plans = plans_for(hand, self.unseen, rules, seat_wind, round_wind)
        self.seat_wind, self.round_wind = seat_wind, round_wind
        self.danger, self.danger_why = dangers(opponents, self.unseen, wall_size)
        self.memo: dict[int, tuple[int, tuple[int, int, list[Plan], Plan | None] | None]] = {}
        """Per discard of the 14 tiles being ranked: (shanten, nearest plans)."""
        self.base: list[int] = []
        """The suits' classes of the 14 tiles being ranked."""
        self.near: list[int] = []
        """Tiles that could lower the shanten of the 14 tiles (so of any 13 of them): see
        :func:`near_tiles`."""
        self.near_set: frozenset[int] = frozenset()
        self.towards: dict[tuple[tuple[int, ...], bool], list[int]] = {}
        """The tiles to try for one discard, by the suits of its path: see :meth:`candidates`."""
        self.added: dict[int, int] = {}
        """The class of a tile's suit with the tile added to the 14 (the discard elsewhere)."""
        self.honours = honour_values(seat_wind, round_wind)
        self.melded_honours = tuple(
            m.first.index
            for m in hand.melds
            if m.kind is not MeldKind.CHOW and m.first.index in self.honours
        )

    def look_near(self, counts: Sequence[int]) -> None:
        """Set the tiles that could help these 14 tiles (see :func:`near_tiles`)."""
        self.near = near_tiles(counts)
        self.near_set = frozenset(self.near)
        self.towards.clear()

    def candidates(self, plan: Plan | None) -> list[int]:
        """The tile kinds that could lower the shanten or the distance along ``plan``: the
        tiles near the hand, and every tile of the suits the plan may use (a flush or an
        honour path can use a tile far from every tile held); the orphans' path uses only
        the orphans, which are near already."""
        if plan is None or plan.path.orphans:
            return self.near
        key = (plan.slots, plan.honours)
        found = self.towards.get(key)
        if found is None:
            kinds = set(self.near)
            for where in plan.slots:
                kinds.update(range(9 * where, 9 * where + 9))
            if plan.honours:
                kinds.update(range(27, 34))
            found = self.towards[key] = sorted(kinds)
        return found

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
        self, counts: Sequence[int], plans: Sequence[Plan] | None = None
    ) -> list[tuple[int, FanPath]]:
        plans = self.plans if plans is None else plans
        found = all_distances(counts, plans, self.two_player)
        return [(d, plan.path) for d, plan in zip(found, plans, strict=True)]

    def narrow(self, counts: Sequence[int], *, within: int = -2) -> None:
        """Keep only the plans that can matter after one discard from these 14 tiles.

        Throwing a tile leaves a plan's distance the same or one more, so a plan more
        than one farther than the nearest can never be the nearest after a discard,
        and the plans at most one farther (or within ``within``) are all that is kept."""
        found = all_distances(counts, self.plans, self.two_player)
        limit = max(min(found, default=NO_PATH) + 1, within)
        effort = min(
            (with_handicap(d, p.handicap) for d, p in zip(found, self.plans, strict=True)),
            default=0,
        )
        self.plans = tuple(
            p
            for d, p in zip(found, self.plans, strict=True)
            if d <= limit or with_handicap(d, p.handicap) <= effort + 1
        )

    def fan_shanten(self, counts: Sequence[int]) -> int:
        return nearest_distance(counts, self.plans, self.two_player)

    def shanten(self, counts: Sequence[int]) -> int:
        return shanten(bytes(counts), FORMS if not self.melds else ("standard",))


def context_of(view: Any, hand: Hand | None = None) -> HandContext:
    """The context of a Hong Kong seat's hand (or of ``hand``, what it would hold), as its view
    shows the table."""
    return HandContext(
        hand or view.hand,
        view.visible,
        view.rules,
        view.seat_wind,
        view.round_wind,
        opponents_of(view),
        view.wall_size,
    )


def facts_of(
    ctx: HandContext,
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
        honour_class(bytes(counts[27:34]))
        if moved == 3
        else number_class(counts, 9 * moved, ctx.two_player)
    )
    try:
        rough = quick or not full  # the bot's look: the nearest plans are all it needs
        seen = ctx.memo.get(tile.index) if rough else None
        if seen is None:
            plain = standard_shanten(ids, 4 - len(ctx.melds))  # the shanten, from the classes
            if not ctx.melds:
                plain = min(plain, orphans_shanten(counts))
            nearest = nearest_plans(counts, ctx.plans, ctx.two_player, ids) if rough else None
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
            found = all_distances(counts, ctx.plans, ctx.two_player)
            fan_now = min(found, default=NO_PATH)
            efforts = [
                with_handicap(d, p.handicap) if d < NO_PATH else NO_PATH
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
                d for d in range(-1, effort + 1) if with_handicap(d, chosen.handicap) == effort
            )
        helps: list[Tile] = []
        count_all, accepted, fan_accept = accept, 0, 0
        groups = 4 - len(ctx.melds)
        # one more tile lowers the orphans' distance by one at most: skip it when that cannot help
        orphans = not ctx.melds and orphans_shanten(counts) - 1 < now
        # the tiles towards the path are those that bring the named path itself nearer, and
        # any tile of its suits may: a flush needs tiles of its suit, wherever they sit
        target = chosen if fan else None
        two_player, unseen = ctx.two_player, ctx.unseen
        close, added = ctx.near_set, ctx.added
        suits = (target.slots + ((3,) if target.honours else ())) if target is not None else ()
        for index in ctx.candidates(target) if full else ():
            copies = unseen[index]
            if not copies:
                continue
            where = 3 if index >= 27 else index // 9
            towards = where in suits
            improves = count_all and index in close
            if not (improves or towards):
                continue
            counts[index] += 1
            # another suit than the discard's holds as in the 14 tiles: its class is shared
            grown = added.get(index) if where != moved else None
            if grown is None:
                grown = (
                    honour_class(bytes(counts[27:34]))
                    if where == 3
                    else number_class(counts, 9 * where, two_player)
                )
                if where != moved:
                    added[index] = grown
            changed = list(ids)
            changed[where] = grown
            if improves:
                after = standard_shanten(changed, groups)
                if orphans:
                    after = min(after, orphans_shanten(counts))
                if after < now:
                    helps.append(TILES[index])
                    accepted += copies
            if towards:
                assert target is not None
                single = target.single  # a flush: its distance is likely known already
                known = (
                    target.known.get((changed[single], changed[3] if target.honours else 0))
                    if single >= 0
                    else None
                )
                step = distance(target, changed, counts, two_player) if known is None else known
                if step < path_distance:
                    fan_accept += copies
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


def sort_key(f: DiscardFacts) -> tuple[float, ...]:
    # Honours and terminals go before middle tiles at equal facts: they make fewer groups.
    middle = 0 if f.tile.is_honour or f.tile.is_terminal else 1
    return (
        f.effort + risk_cost(f.danger, f.effort),
        -f.fan_acceptance,
        -f.expected_fan,
        f.shanten,
        f.danger,
        -f.acceptance,
        f.fan_shanten,
        middle,
        f.tile.index,
    )


ROUGH = 1
"""The first facts of :func:`sort_key` known without counting tiles (the bot's first look)."""
LAST_TIE = 5
"""The facts of :func:`sort_key` before ``acceptance`` (counted last, for ties only)."""


def rank_facts(ctx: HandContext, hand: Hand, *, quick: bool = False) -> list[DiscardFacts]:
    """Every discard's facts, best first. ``quick`` (the bot) counts the improving tiles
    only for the discards tied at the nearest fan distance and shanten: the others rank
    below anyway."""
    counts = list(hand.counts)
    tiles = sorted(set(hand.concealed))
    ctx.narrow(counts, within=-2 if quick else OPEN_WITHIN)
    ctx.memo.clear()
    ctx.added.clear()
    ctx.base = suit_classes(counts, ctx.two_player)
    ctx.look_near(counts)
    if not quick:
        return sorted((facts_of(ctx, counts, t, hand) for t in tiles), key=sort_key)
    rough = [facts_of(ctx, counts, t, hand, full=False) for t in tiles]
    nearest = min(sort_key(f)[:ROUGH] for f in rough)
    facts = [
        facts_of(ctx, counts, f.tile, hand, quick=True, accept=False)
        if sort_key(f)[:ROUGH] == nearest
        else f
        for f in rough
    ]
    facts.sort(key=sort_key)
    # the improving tiles break the last ties: count them only for the discards still tied
    top = sort_key(facts[0])[:LAST_TIE]
    tied = [f for f in facts if sort_key(f)[:LAST_TIE] == top]
    if len(tied) > 1:
        again: dict[Tile, DiscardFacts] = {}
        for f in tied:
            counted = facts_of(ctx, counts, f.tile, hand, quick=True, fan=False)
            again[f.tile] = replace(f, acceptance=counted.acceptance, tiles=counted.tiles)
        facts = sorted((again.get(f.tile, f) for f in facts), key=sort_key)
    return facts
