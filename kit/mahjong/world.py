"""Whole deals consistent with what one seat sees: the hidden tiles dealt again at random.

A seat does not see the other seats' concealed tiles, who drew which tile, or the
wall. :func:`sample_world` deals the tiles it cannot see at random into those
places (each hand keeps its size, the wall its size) and rebuilds a table whose
public state is the observation's: melds, discards, wins, voids, whose turn, the
claim in progress, the flags the scoring reads, the ledger. A bot that searches
or a coach that checks its advice plays on such worlds.

What the deal itself shows is kept: a winner's hand is scored in the open, so its
tiles stay; a seat adding a tile to a pung holds that tile; a seat that has
answered a claim with a pung, kong or chow holds the tiles for it. Beyond that
every arrangement of the unseen tiles is equally likely: nothing is read into the
other seats' earlier choices, nor into which seats were asked about a discard.

One case is not dealt evenly: a seat that has declared a win on the tile on offer
(another claimant is still to answer) must hold a winning hand, and a random deal
almost never gives one, so that hand is built at random from the unseen tiles,
often of one suit and honours (as hands that reach Hong Kong's fan minimum are),
and the rest is dealt evenly.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from kit.mahjong.actions import Chow, Hu, Kong, Pung
from kit.mahjong.copying import fresh
from kit.mahjong.observation import Observation
from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import SUITS, TILES, Meld, MeldKind, Tile

__all__ = ["sample_world"]

TRIES = 2000
"""How many hands :func:`sample_world` builds, at most, for seats that have declared a win."""


def sample_world(observation: Observation, rng: random.Random) -> MahjongTable[Any]:
    """A full table consistent with ``observation``, its hidden tiles dealt from ``rng``.

    The same ``rng`` state gives the same world. The table's view for the observing
    seat equals ``observation``.
    """
    if not isinstance(observation, Observation) or observation.ENGINE is None:
        raise TypeError(f"observation must be a mahjong game's seat view, not {observation!r}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {rng!r}")
    engine = observation.ENGINE
    seat, sizes = observation.seat, observation.hand_sizes
    known = _known_hands(observation)
    forced = _held_for_the_claim(observation)
    placed: Counter[Tile] = Counter()
    for tiles in [*known.values(), *forced.values()]:
        placed.update(tiles)
    placed.update(t for melds in observation.all_melds for m in melds for t in m.tiles)
    placed.update(t for t, _ in observation.discards)
    full = Counter(engine.tile_set(observation.rules).wall())
    if placed - full:
        raise ValueError("observation shows more of a tile than the set holds")
    unseen = sorted((full - placed).elements())
    hidden = [s for s in range(len(sizes)) if s not in known]
    free = {s: sizes[s] - len(forced.get(s, ())) for s in hidden}
    if sum(free.values()) + observation.wall_size != len(unseen):
        raise ValueError("observation's hand sizes and wall size do not match the unseen tiles")
    winners = [s for s, a in observation.answers if isinstance(a, Hu) and s != seat]
    tile = observation.claimed_tile
    robbing = observation.phase == "rob"
    for _ in range(TRIES if winners else 1):
        pool, hands = unseen, dict(known)
        if winners:
            assert tile is not None
            built = _winning_hands(observation, winners, tile, unseen, rng)
            if built is None:
                continue
            pool, won = built
            hands.update(won)
            free = {s: n for s, n in free.items() if s not in won}
        table = _deal(observation, engine, rng, pool, hands, forced, free)
        if tile is None or all(table.completes(s, tile, robbing=robbing) for s in winners):
            return table
    raise ValueError(f"no deal of the unseen tiles in {TRIES} tries gives seats {winners} a win")


def _winning_hands(
    observation: Observation, winners: list[int], tile: Tile, unseen: list[Tile], rng: random.Random
) -> tuple[list[Tile], dict[int, list[Tile]]] | None:
    """Concealed tiles for each seat that has declared a win on ``tile``, built at random
    from the unseen tiles as a complete hand with it, and the unseen tiles left; or None."""
    pool = Counter(unseen)
    hands = {}
    for s in winners:
        hand = _complete_hand(observation, s, tile, pool, rng)
        if hand is None:
            return None
        pool -= Counter(hand)
        hands[s] = hand
    return sorted(pool.elements()), hands


def _complete_hand(
    observation: Observation, seat: int, tile: Tile, pool: Counter[Tile], rng: random.Random
) -> list[Tile] | None:
    """A random complete hand of ``seat``'s size with ``tile`` from ``pool`` (often of one
    suit and honours, as hands that reach a fan minimum are), less ``tile``; or None."""
    size = observation.hand_sizes[seat]
    void = getattr(observation, "voids", (None,) * len(observation.hand_sizes))[seat]
    suits = [u for u in SUITS if u != void]
    kinds = [t for t in TILES if t.suit != void and (pool[t] or t == tile)]
    if rng.random() < 0.5:
        suit = rng.choice(suits)
        kinds = [t for t in kinds if t.suit == suit or t.is_honour or t == tile]
    counts = Counter({t: pool[t] for t in kinds})
    counts[tile] += 1
    pieces: list[list[Tile]] | None
    if size == 13 and rng.random() < 0.2:  # seven pairs, one of them the tile's
        shapes = [[t, t] for t in kinds if counts[t] >= 2]
        shapes.sort(key=lambda pair: (pair[0] != tile, rng.random()))
        pieces = shapes[:7] if len(shapes) >= 7 and shapes[0][0] == tile else None
    else:
        pieces = _groups_with(tile, size // 3, counts, kinds, rng)
    if pieces is None:
        return None
    hand = [t for piece in pieces for t in piece]
    hand.remove(tile)
    return sorted(hand) if len(hand) == size else None


def _groups_with(
    tile: Tile, groups: int, counts: Counter[Tile], kinds: list[Tile], rng: random.Random
) -> list[list[Tile]] | None:
    """A pair and ``groups`` pungs or chows from ``counts``, one of them holding ``tile``."""
    left = Counter(counts)
    pieces: list[list[Tile]] = []
    shapes = [[tile, tile], [tile] * 3, *_chows_through(tile)]
    rng.shuffle(shapes)
    first = next((p for p in shapes if not Counter(p) - left), None)
    if first is None:
        return None
    pieces.append(first)
    left -= Counter(first)
    pairs = 0 if len(first) == 2 else 1
    groups -= pairs
    while pairs or groups:
        options = [[t, t] for t in kinds if left[t] >= 2] if pairs else []
        if groups:
            options += [[t] * 3 for t in kinds if left[t] >= 3]
            options += [run for t in kinds for run in _chows_from(t) if not Counter(run) - left]
        if not options:
            return None
        piece = rng.choice(options)
        if len(piece) == 2:
            pairs -= 1
        else:
            groups -= 1
        pieces.append(piece)
        left -= Counter(piece)
    return pieces


def _chows_from(first: Tile) -> list[list[Tile]]:
    if first.is_honour or first.number > 7:
        return []
    return [[TILES[first.index + k] for k in range(3)]]


def _chows_through(tile: Tile) -> list[list[Tile]]:
    if tile.is_honour:
        return []
    return [
        [TILES[tile.index - tile.number + first + k] for k in range(3)]
        for first in range(max(1, tile.number - 2), min(7, tile.number) + 1)
    ]


def _deal(
    observation: Observation,
    engine: type[MahjongTable[Any]],
    rng: random.Random,
    unseen: list[Tile],
    known: dict[int, list[Tile]],
    forced: dict[int, list[Tile]],
    free: dict[int, int],
) -> MahjongTable[Any]:
    tiles = unseen[:]
    rng.shuffle(tiles)
    concealed = [list(known.get(s, ())) for s in range(len(observation.hand_sizes))]
    start = 0
    for s, count in free.items():
        concealed[s] = sorted([*forced.get(s, ()), *tiles[start : start + count]])
        start += count
    drawn = observation.drawn
    turn = observation.turn
    if observation.turn_has_drawn and turn != observation.seat:
        drawn = rng.choice(concealed[turn])
    fields: dict[str, Any] = {
        "wall": tiles[start:],
        "concealed": concealed,
        "melds": [list(m) for m in observation.all_melds],
        "dealer": observation.dealer,
        "discards": list(observation.discards),
        "phase": observation.phase,
        "turn": turn,
        "wins": list(observation.wins),
        "history": list(observation.history),
        "turns": observation.turns,
        "ended_by": observation.ended_by,
        "drawn": drawn,
        "drawn_after_kong": observation.drawn_after_kong,
        "kongs_in_a_row": observation.kongs_in_a_row,
        "discard_after_kong": observation.discard_after_kong,
        "last_draw_emptied_wall": observation.last_draw_emptied_wall,
        "claimants": list(observation.claimants),
        "answers": dict(observation.answers),
        "robbed": observation.robbed,
        "seed": None,
        "chance": observation.chance,
        "rules": observation.rules,
        "ledger": fresh(observation.ledger),
    }
    fields.update(observation.world_fields(rng))
    return engine(**fields)


def _known_hands(observation: Observation) -> dict[int, list[Tile]]:
    """The concealed tiles known to the seat: its own, and each winner's scored hand
    (less a winning tile taken from another seat, which stays on the discard pile)."""
    known = {observation.seat: list(observation.concealed)}
    for win in observation.wins:
        if win.seat != observation.seat:
            tiles = list(win.score.hand.concealed)
            if win.discarder is not None:
                tiles.remove(win.score.win)
            known[win.seat] = tiles
    return known


def _held_for_the_claim(observation: Observation) -> dict[int, list[Tile]]:
    """Tiles another seat must hold for the claim or rob in progress."""
    forced: dict[int, list[Tile]] = {}
    seat = observation.seat
    if observation.phase == "rob" and observation.robbed is not None:
        adder, tile = observation.robbed
        if adder != seat:
            forced[adder] = [tile]
    if observation.phase != "claim":
        return forced
    tile = observation.discards[-1][0]
    for answerer, action in observation.answers:
        if answerer == seat:
            continue
        if isinstance(action, Pung):
            forced[answerer] = [tile] * 2
        elif isinstance(action, Kong):
            forced[answerer] = [tile] * 3
        elif isinstance(action, Chow):
            run = list(Meld(MeldKind.CHOW, action.first).tiles)
            run.remove(tile)
            forced[answerer] = run
    return forced
