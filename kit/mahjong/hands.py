"""Hand analysis shared by both mahjong games: readings, completeness, waits and shanten.

Every function takes either a :class:`~kit.mahjong.tiles.Hand` or a 34-count sequence
of the *concealed* tiles (the ``mahjong`` package's format). Melds already laid
down are not in the counts; the number of groups still to make follows from
the count: 14 or 13 concealed tiles need four groups, 11 or 10 need three,
and so on.

Three forms of winning hand are known:

``"standard"``
    four groups (chows, pungs; melds count) and a pair;
``"seven-pairs"``
    seven pairs, fully concealed; four identical tiles count as two pairs
    (reference/sichuan.md#winning-hands);
``"thirteen-orphans"``
    one of each 1, 9 and honour, plus a second of one of them.

>>> from kit.mahjong.tiles import Hand
>>> hand = Hand.parse("1112345678999m")
>>> [str(tile) for tile in waits(hand)]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> shanten(Hand.parse("123m456p789s1z2z3z4z")), shanten(Hand.parse("123m456p789s11z22z"))
(2, 0)

How it is fast
--------------
The standard form's shanten comes from per-suit tables, shipped in
``kit/data/suit_tables.npz`` and loaded on first use: for every way of holding
0–4 copies of each tile of one suit, how many tiles are missing to make *m*
groups and *p* pairs in that suit. A hand's answer combines its four suits'
entries; the combinations are remembered too. See :func:`_suit_tables`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from kit.mahjong.tiles import KINDS, TILES, Hand, Tile

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "FORMS",
    "Form",
    "Group",
    "Reading",
    "combine_classes",
    "decompositions",
    "improving_tiles",
    "is_complete",
    "shanten",
    "suit_class",
    "tiles_missing",
    "waits",
]

Form = Literal["standard", "seven-pairs", "thirteen-orphans"]
FORMS: tuple[Form, ...] = ("standard", "seven-pairs", "thirteen-orphans")
ORPHANS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The 1s, 9s and honours, by tile index."""

Counts = Sequence[int]
HandLike = Hand | Counts


# --- readings ------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Group:
    """A group found among the concealed tiles: a chow, a pung or a pair (or the orphans)."""

    kind: Literal["chow", "pung", "pair", "orphans"]
    first: Tile

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind == "chow":
            return (self.first, TILES[self.first.index + 1], TILES[self.first.index + 2])
        if self.kind == "orphans":
            return tuple(TILES[i] for i in ORPHANS)
        return (self.first,) * (3 if self.kind == "pung" else 2)

    def __str__(self) -> str:
        return "".join(str(t.number) for t in self.tiles) + self.first.suit


@dataclass(frozen=True)
class Reading:
    """One way to read the concealed tiles as a winning form."""

    form: Form
    groups: tuple[Group, ...]

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(group for group in self.groups if group.kind == "pair")

    def __str__(self) -> str:
        return " ".join(str(group) for group in self.groups)


def _groups_needed(total: int) -> int:
    if total % 3 == 0 or total > 14:
        raise ValueError(
            f"{total} concealed tiles cannot be a hand: expected 14, 13, 11, 10, … tiles"
        )
    return (total - 1) // 3 if total % 3 == 1 else (total - 2) // 3


def decompositions(hand: HandLike, forms: Iterable[Form] = FORMS) -> list[Reading]:
    """Every reading of a complete hand's concealed tiles, in each form asked for.

    >>> [str(r) for r in decompositions(Hand.parse("111222333m456p99s"))]
    ['123m 123m 123m 456p 99s', '111m 222m 333m 456p 99s']
    """
    counts = list(_key(hand))
    total = sum(counts)
    _groups_needed(total)  # raises for impossible tile counts
    readings: list[Reading] = []
    wanted = set(forms)
    if "standard" in wanted and total % 3 == 2:
        readings += [Reading("standard", groups) for groups in _standard_readings(counts)]
    if "seven-pairs" in wanted and total == 14 and all(c % 2 == 0 for c in counts):
        pairs = tuple(Group("pair", TILES[i]) for i, c in enumerate(counts) for _ in range(c // 2))
        readings.append(Reading("seven-pairs", pairs))
    if "thirteen-orphans" in wanted and total == 14 and _orphans_complete(counts):
        pair = next(i for i in ORPHANS if counts[i] == 2)
        readings.append(
            Reading("thirteen-orphans", (Group("orphans", TILES[0]), Group("pair", TILES[pair])))
        )
    return readings


def _standard_readings(counts: list[int]) -> list[tuple[Group, ...]]:
    """Readings as chows and pungs plus exactly one pair, suit by suit."""
    per_suit = []
    for start, length in ((0, 9), (9, 9), (18, 9), (27, 7)):
        suit = tuple(counts[start : start + length])
        options = _suit_readings(suit, length == 9)
        if not options:
            return []
        per_suit.append([(start, option) for option in options])
    results: list[tuple[Group, ...]] = []

    def combine(index: int, chosen: list[tuple[str, int]], pairs: int) -> None:
        if index == len(per_suit):
            if pairs == 1:
                ordered = sorted(chosen, key=lambda g: (g[0] == "pair", g[1], g[0]))
                results.append(tuple(Group(kind, TILES[i]) for kind, i in ordered))  # type: ignore[arg-type]
            return
        for start, (groups, has_pair) in per_suit[index]:
            if pairs + has_pair <= 1:
                shifted = [(kind, start + rank) for kind, rank in groups]
                combine(index + 1, chosen + shifted, pairs + has_pair)

    combine(0, [], 0)
    return results


@cache
def _suit_readings(
    suit: tuple[int, ...], chows: bool
) -> list[tuple[tuple[tuple[str, int], ...], int]]:
    """Ways to split one suit's tiles into chows/pungs and at most one pair."""
    out: list[tuple[tuple[tuple[str, int], ...], int]] = []

    def split(counts: list[int], groups: list[tuple[str, int]], pair: int) -> None:
        first = next((i for i, c in enumerate(counts) if c), None)
        if first is None:
            out.append((tuple(groups), pair))
            return
        if counts[first] >= 3:
            counts[first] -= 3
            split(counts, [*groups, ("pung", first)], pair)
            counts[first] += 3
        if chows and first <= 6 and counts[first + 1] and counts[first + 2]:
            for i in (first, first + 1, first + 2):
                counts[i] -= 1
            split(counts, [*groups, ("chow", first)], pair)
            for i in (first, first + 1, first + 2):
                counts[i] += 1
        if not pair and counts[first] >= 2:
            counts[first] -= 2
            split(counts, [*groups, ("pair", first)], 1)
            counts[first] += 2

    split(list(suit), [], 0)
    return sorted({(tuple(sorted(groups)), pair) for groups, pair in out})


def _orphans_complete(counts: Sequence[int]) -> bool:
    return all(counts[i] >= 1 for i in ORPHANS) and sum(counts[i] for i in ORPHANS) == 14


# --- shanten -------------------------------------------------------------------------------


def shanten(hand: HandLike, forms: Iterable[Form] = FORMS, *, dead_suit: str | None = None) -> int:
    """Tiles away from ready, in the best of ``forms``: −1 complete, 0 ready (waiting).

    It counts the concealed tiles only, as the ``mahjong`` package does: a hand
    whose one wait is a tile held four times in its own kong is still 0 here,
    while :func:`waits` finds no wait for it.

    >>> shanten(Hand.parse("11223344556677p"), forms=["seven-pairs"])
    -1
    >>> shanten(Hand.parse("19m19p19s1234567z"), forms=["thirteen-orphans"])
    0

    ``dead_suit`` (``"m"``, ``"p"`` or ``"s"``) names a suit whose tiles can be
    in no group or pair, such as a Sichuan void suit: they only wait to be
    thrown, one per turn. Thirteen orphans is then out of reach and skipped.

    >>> complete = Hand.parse("123456789p123s99m")
    >>> shanten(complete), shanten(complete, dead_suit="m")  # throw a 9m, draw, throw the other
    (-1, 1)
    """
    if dead_suit is None:
        return _shanten(_key(hand), forms)
    return _dead_shanten(_key(hand), tuple(forms), dead_suit)


_SUIT_START = {"m": 0, "p": 9, "s": 18}
_NINE_ZEROS = bytes(9)


def improving_tiles(
    hand: HandLike,
    forms: Iterable[Form] = FORMS,
    *,
    dead_suit: str | None = None,
    held: Counts | None = None,
) -> list[Tile]:
    """The tiles that would bring a 13-tile hand (kongs as three) one step closer to a win.

    A drawn tile *improves* the hand when the 14 tiles have a lower shanten than
    the 13. For a ready hand these are its winning tiles. A tile whose four
    copies are all the player's own is left out (for a :class:`Hand` its melds
    count; for bare counts, pass the melds' counts as ``held``), and so is any
    tile of ``dead_suit`` (see :func:`shanten`).

    >>> [str(t) for t in improving_tiles(Hand.parse("123456789p2355s9m"), dead_suit="m")]
    Traceback (most recent call last):
    ...
    ValueError: a hand that draws has 13 tiles (kongs as three), not 14 concealed
    >>> [str(t) for t in improving_tiles(Hand.parse("123456789p2355s"), dead_suit="m")]
    ['1s', '4s']
    """
    key = _key(hand)
    if sum(key) % 3 != 1:
        raise ValueError(
            f"a hand that draws has 13 tiles (kongs as three), not {sum(key)} concealed"
        )
    owned = _owned(hand, key, held)
    return [TILES[i] for i in _improving(key, tuple(forms), dead_suit, owned)]


def _owned(hand: HandLike, key: bytes, held: Counts | None) -> bytearray:
    """How many of each tile the player holds: the concealed ``key``, a :class:`Hand`'s melds
    and any ``held`` counts (a tile all four of whose copies are owned cannot be drawn)."""
    owned = bytearray(key)
    if isinstance(hand, Hand):
        for meld in hand.melds:
            for tile in meld.tiles:
                owned[tile.index] += 1
    if held is not None:
        for index, extra in enumerate(held):
            owned[index] += extra
    return owned


def _improving(
    key: bytes, forms: tuple[str, ...], dead_suit: str | None, held: Sequence[int]
) -> list[int]:
    """Indices of the tiles that lower the shanten of ``key`` (13, 10, … tiles)."""
    if dead_suit is None:
        before = _shanten(key, forms)
        grown = bytearray(key)
        found = []
        for index in range(KINDS):
            if held[index] < 4:
                grown[index] += 1
                if _shanten(bytes(grown), forms) < before:
                    found.append(index)
                grown[index] -= 1
        return found
    start = _SUIT_START.get(dead_suit, -1)
    if start < 0:
        raise ValueError(f"dead_suit must be m, p or s, not {dead_suit!r}")
    before = _dead_shanten(key, forms, dead_suit)
    groups = _GROUPS[sum(key) + 1]
    live = bytearray(key[:start] + _NINE_ZEROS + key[start + 9 :])
    standard = "standard" in forms
    # One more tile lowers the seven-pairs shanten by one at most: skip it when that cannot help.
    pairs_form = groups == 4 and "seven-pairs" in forms and _seven_pairs_dead(bytes(live)) <= before
    found = []
    for index in range(KINDS):
        if start <= index < start + 9 or held[index] >= 4:
            continue
        live[index] += 1
        frozen = bytes(live)
        after = _standard_shanten(frozen, groups) if standard else 99
        if pairs_form and after >= before:
            after = min(after, _seven_pairs_dead(frozen))
        if after < before:
            found.append(index)
        live[index] -= 1
    return found


def _seven_pairs_dead(live: bytes) -> int:
    """Seven-pairs shanten of 14 or 13 tiles when only ``live`` (a dead suit zeroed) can pair."""
    threes = live.count(3)
    pairs = live.count(2) + threes + 2 * live.count(4)
    missing = 7 - min(pairs, 7)
    singles = live.count(1) + threes
    return missing + max(0, missing - singles) - 1


def _dead_shanten(key: bytes, forms: Sequence[str], dead_suit: str) -> int:
    """Shanten when one suit's tiles are dead: they count toward the hand's size only.

    Standard form: the per-suit tables measure how many tiles a hand can keep
    toward a target, so a dead suit is a suit held empty (its tiles are kept by
    no target), while the number of groups still follows from the whole count.
    Seven pairs: each missing pair costs one tile while a live single is left
    to match, two after that.
    """
    start = _SUIT_START.get(dead_suit)
    if start is None:
        raise ValueError(f"dead_suit must be m, p or s, not {dead_suit!r}")
    groups = _GROUPS.get(sum(key))
    if groups is None:
        return _groups_needed(sum(key))  # raises, saying why
    live = key[:start] + _NINE_ZEROS + key[start + 9 :]
    best = 99
    if "standard" in forms:
        best = _standard_shanten(live, groups)
    if groups == 4 and "seven-pairs" in forms:
        best = min(best, _seven_pairs_dead(live))
    if best == 99:
        raise ValueError(f"no form among {sorted(forms)} fits a hand with a dead suit")
    return best


def _key(hand: HandLike) -> bytes:
    """The concealed counts as 34 bytes: cheap to slice, hash and count."""
    if isinstance(hand, Hand):
        if hand.size not in (13, 14):
            raise ValueError(
                f"{hand.size} tiles (kongs as three; {len(hand.concealed)} concealed) "
                "cannot be a hand: expected 13 or 14"
            )
        return bytes(hand.counts)
    try:
        key = bytes(hand.tolist() if hasattr(hand, "tolist") else hand)
    except (TypeError, ValueError):
        key = b""
    if len(key) != KINDS or key.translate(None, _COUNTS_0_TO_4):
        raise ValueError("counts must be 34 numbers, each 0-4 (the mahjong package's format)")
    return key


_COUNTS_0_TO_4 = bytes(range(5))
"""Deleting these bytes from a valid key leaves nothing."""
_GROUPS = {total: _groups_needed(total) for total in range(1, 15) if total % 3}
_orphans_of = itemgetter(*ORPHANS)


def _shanten(key: bytes, forms: Iterable[str]) -> int:
    groups = _GROUPS.get(sum(key))
    if groups is None:
        return _groups_needed(sum(key))  # raises, saying why
    best = 99
    if "standard" in forms:
        best = _standard_shanten(key, groups)
    if groups == 4:
        if "seven-pairs" in forms:
            pairs = key.count(2) + key.count(3) + 2 * key.count(4)
            best = min(best, 6 - min(pairs, 7))
        if "thirteen-orphans" in forms:
            orphans = _orphans_of(key)
            best = min(best, orphans.count(0) - (max(orphans) >= 2))
    if best == 99:
        raise ValueError(f"no form among {sorted(forms)} fits this many tiles")
    return best


def is_complete(hand: HandLike, forms: Iterable[Form] = FORMS) -> bool:
    """Is this a complete hand (14 tiles, kongs as three) in one of ``forms``?

    >>> is_complete(Hand.parse("123m456p789s11z[555z]"))
    True
    """
    key = _key(hand)
    total = sum(key)
    if total % 3 == 1 and total <= 13:
        return False  # a waiting hand, one tile short
    return _shanten(key, tuple(forms)) == -1


def waits(
    hand: HandLike, forms: Iterable[Form] = FORMS, *, held: Counts | None = None
) -> list[Tile]:
    """The tiles that would complete a waiting hand, in tile order.

    A tile whose four copies are all in the player's own hand is no wait.
    For a :class:`Hand` the melds' tiles count as held; for bare counts,
    pass the melds' counts as ``held``.

    >>> [str(t) for t in waits(Hand.parse("111m234p567s789s5z"))]
    ['5z']
    >>> waits(Hand.parse("1111m234p567s789s"))  # only a fifth 1m would complete it
    []
    >>> waits(Hand.parse("123m456p789s1m[555z]"))
    [Tile.parse('1m'), Tile.parse('4m')]
    """
    key = _key(hand)
    total = sum(key)
    if total % 3 != 1:
        raise ValueError(f"a waiting hand has 13 tiles (kongs as three), not {total} concealed")
    wanted = tuple(forms)
    if _shanten(key, wanted) > 0:
        return []  # not ready: nothing completes it, and most hands end here
    owned = _owned(hand, key, held)
    grown = bytearray(key)
    found = []
    for index in _candidates(key, wanted):
        if owned[index] >= 4:
            continue
        grown[index] += 1
        if _shanten(bytes(grown), wanted) == -1:
            found.append(TILES[index])
        grown[index] -= 1
    return found


def _candidates(counts: Sequence[int], forms: Sequence[str]) -> list[int]:
    """Tiles that could possibly complete: neighbours of held tiles, and orphans if asked."""
    near: set[int] = set()
    for index, count in enumerate(counts):
        if not count:
            continue
        if index >= 27:
            near.add(index)
            continue
        rank = index % 9
        near.update(index + step for step in (-2, -1, 0, 1, 2) if 0 <= rank + step <= 8)
    if "thirteen-orphans" in forms:
        near.update(ORPHANS)
    return sorted(near)


# --- the standard form by tables -------------------------------------------------------------

_PAIRED = 5
"""A suit's entry holds 10 distances: m groups and no pair for m = 0..4, then m groups + a pair."""


def _standard_shanten(key: bytes, groups: int) -> int:
    """The hot path: four remembered suit classes, then one remembered answer for the four."""
    tables = _TABLES[0] if _TABLES else _lookup()
    number = tables.number_classes
    m, p, s, z = key[0:9], key[9:18], key[18:27], key[27:34]
    a = number.get(m)
    if a is None:
        a = tables.classify(m)
    b = number.get(p)
    if b is None:
        b = tables.classify(p)
    c = number.get(s)
    if c is None:
        c = tables.classify(s)
    d = tables.honour_classes.get(z)
    if d is None:
        d = tables.classify(z)
    answer = (a, b, c, d, groups)
    found = tables.answers.get(answer)
    if found is None:
        found = tables.answers[answer] = tables.final(
            tables.join(tables.join(a, b), tables.join(c, d)), groups
        )
    return found


def suit_class(holding: bytes | Sequence[int]) -> int:
    """The class of one suit's holding: 9 counts for a number suit (1 to 9), 7 for the honours.

    Holdings that are the same number of tiles away from every target (so many
    groups, with or without a pair) share a class. Honour tiles only make pungs
    and pairs, so a number suit whose tiles may not form chows can be passed
    as honour-like holdings of 7 (see :func:`combine_classes` to join two).

    >>> suit_class(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0])) == suit_class(bytes([0, 0, 0, 1, 1, 1, 0, 0, 0]))
    True
    """
    key = holding if isinstance(holding, bytes) else bytes(holding)
    tables = _TABLES[0] if _TABLES else _lookup()
    found = (tables.number_classes if len(key) == 9 else tables.honour_classes).get(key)
    if found is None:
        if len(key) not in (7, 9) or key.translate(None, _COUNTS_0_TO_4):
            raise ValueError("a suit's holding is 9 (numbers) or 7 (honours) counts, each 0-4")
        found = tables.classify(key)
    return found


def combine_classes(first: int, *others: int) -> int:
    """The class of several suits' holdings taken together (see :func:`suit_class`)."""
    tables = _TABLES[0] if _TABLES else _lookup()
    for other in others:
        first = tables.join(first, other)
    return first


def tiles_missing(held: int, groups: int, *, pair: bool = True) -> int:
    """Tiles missing from a holding of class ``held`` to make ``groups`` groups (0–4) and,
    with ``pair``, a pair: a 13-tile hand that misses one tile is ready (shanten 0).

    >>> holding = suit_class(bytes([1, 1, 1, 0, 0, 0, 1, 1, 0]))   # 123 and 78 of one suit
    >>> tiles_missing(holding, 2, pair=False), tiles_missing(holding, 2)
    (1, 3)
    """
    tables = _TABLES[0] if _TABLES else _lookup()
    return tables.vectors[held][(_PAIRED if pair else 0) + groups]


class _Tables:
    """Per-suit distance classes and their remembered combinations."""

    def __init__(self, numbers: npt.NDArray[np.int32], honours: npt.NDArray[np.int32],
                 vectors: list[tuple[int, ...]]) -> None:  # fmt: skip
        self._numbers = numbers
        self._honours = honours
        self.vectors = vectors
        self._ids = {vector: i for i, vector in enumerate(vectors)}
        self.number_classes: dict[bytes, int] = {}
        self.honour_classes: dict[bytes, int] = {}
        self.answers: dict[tuple[int, int, int, int, int], int] = {}
        self._joined: dict[tuple[int, int], int] = {}

    def classify(self, suit: bytes) -> int:
        """The class of one suit's holding (9 ranks, or 7 for the honours), remembered."""
        if len(suit) == 9:
            found = self.number_classes[suit] = int(self._numbers[_base5(suit)])
        else:
            found = self.honour_classes[suit] = int(self._honours[_base5(suit)])
        return found

    def join(self, a: int, b: int) -> int:
        """The class of two suits held together: min-plus convolution of their distances."""
        found = self._joined.get((a, b))
        if found is None:
            va, vb = self.vectors[a], self.vectors[b]
            out = [99] * 10
            for ma in range(5):
                for mb in range(5 - ma):
                    m = ma + mb
                    out[m] = min(out[m], va[ma] + vb[mb])
                    out[5 + m] = min(out[5 + m], va[5 + ma] + vb[mb], va[ma] + vb[5 + mb])
            found = self._joined[(a, b)] = self._intern(tuple(out))
        return found

    def final(self, joined: int, groups: int) -> int:
        return self.vectors[joined][_PAIRED + groups] - 1

    def _intern(self, vector: tuple[int, ...]) -> int:
        found = self._ids.get(vector)
        if found is None:
            found = self._ids[vector] = len(self.vectors)
            self.vectors.append(vector)
        return found


def _base5(key: Sequence[int]) -> int:
    index = 0
    for count in key:
        index = index * 5 + count
    return index


_TABLES: list[_Tables] = []
"""The tables once loaded (a list, so the hot path can test it without a call)."""

TABLES_FILE = Path(__file__).parent.parent / "data" / "suit_tables.npz"
"""The per-suit tables as shipped: ``python -m kit.mahjong.hands`` rebuilds them; a test checks they match."""


def build_suit_tables() -> dict[str, npt.NDArray[np.uint8]]:
    """Compute the per-suit class tables from scratch (a few seconds)."""
    import numpy as np

    numbers, number_vectors = _suit_tables(9, chows=True)
    honours, honour_vectors = _suit_tables(7, chows=False)
    return {
        "numbers": numbers.astype(np.uint8),
        "number_vectors": np.array(number_vectors, dtype=np.uint8),
        "honours": honours.astype(np.uint8),
        "honour_vectors": np.array(honour_vectors, dtype=np.uint8),
    }


def _lookup() -> _Tables:
    if _TABLES:
        return _TABLES[0]
    import numpy as np

    if TABLES_FILE.exists():
        with np.load(TABLES_FILE) as stored:
            tables = {name: stored[name] for name in stored.files}
    else:  # a source checkout without the data file still works, only slower to start
        tables = build_suit_tables()
    number_vectors = [tuple(int(v) for v in row) for row in tables["number_vectors"]]
    honour_vectors = [tuple(int(v) for v in row) for row in tables["honour_vectors"]]
    vectors = list(dict.fromkeys(number_vectors + honour_vectors))
    ids = {vector: i for i, vector in enumerate(vectors)}
    number_map = np.array([ids[v] for v in number_vectors], dtype=np.int32)
    honour_map = np.array([ids[v] for v in honour_vectors], dtype=np.int32)
    _TABLES.append(_Tables(number_map[tables["numbers"]], honour_map[tables["honours"]], vectors))
    return _TABLES[0]


def _suit_tables(ranks: int, *, chows: bool) -> tuple[npt.NDArray[np.int32], list[tuple[int, ...]]]:
    """For every holding of one suit (0–4 of each rank): the class of its distance vector.

    The distance to "m groups and p pairs" is the size of that target, 3m + 2p,
    minus the most tiles the holding can keep towards some such target. Over
    the lattice of holdings, "can keep" is a maximum over sub-multisets, so it
    is computed for all holdings at once: mark every target, close the marks
    downwards (what a target contains), then take running maxima upwards.
    """
    import numpy as np

    shape = (5,) * ranks
    size = np.zeros(shape, dtype=np.int8)
    for axis in range(ranks):
        size += np.arange(5, dtype=np.int8).reshape([5 if a == axis else 1 for a in range(ranks)])
    melds = [("pung", r) for r in range(ranks)] + (
        [("chow", r) for r in range(ranks - 2)] if chows else []
    )
    distances = []
    for pair in (0, 1):
        for groups in range(5):
            member = np.zeros(shape, dtype=bool)
            for target in _targets(melds, groups, pair, ranks):
                member[target] = True
            for axis in range(ranks):  # close downwards: suffix OR along each axis
                flipped = np.flip(member, axis)
                member = np.flip(np.logical_or.accumulate(flipped, axis=axis), axis)
            kept = np.where(member, size, np.int8(-1))
            for axis in range(ranks):  # best sub-multiset: prefix max along each axis
                kept = np.maximum.accumulate(kept, axis=axis)
            distances.append((3 * groups + 2 * pair) - kept.astype(np.int16))
    stacked = np.stack([d.reshape(-1) for d in distances], axis=1)  # (5**ranks, 10)
    packed = np.zeros(stacked.shape[0], dtype=np.int64)
    for column in range(10):
        packed = packed * 32 + stacked[:, column]
    unique, inverse = np.unique(packed, return_inverse=True)
    vectors = [tuple(int(v) for v in row) for row in _unpack(unique)]
    return inverse.astype(np.int32), vectors


def _unpack(packed: npt.NDArray[np.int64]) -> Iterator[list[int]]:
    for value in packed.tolist():
        row = []
        for _ in range(10):
            row.append(value % 32)
            value //= 32
        yield row[::-1]


def _targets(
    melds: list[tuple[str, int]], groups: int, pair: int, ranks: int
) -> Iterator[tuple[int, ...]]:
    """Holdings that are exactly ``groups`` melds and ``pair`` pairs of one suit (≤4 per rank)."""
    pairs = [None] if not pair else list(range(ranks))
    for chosen in combinations_with_replacement(melds, groups):
        base = [0] * ranks
        for kind, rank in chosen:
            if kind == "pung":
                base[rank] += 3
            else:
                base[rank] += 1
                base[rank + 1] += 1
                base[rank + 2] += 1
        for pair_rank in pairs:
            counts = list(base)
            if pair_rank is not None:
                counts[pair_rank] += 2
            if max(counts) <= 4:
                yield tuple(counts)


if __name__ == "__main__":
    import numpy as np

    TABLES_FILE.parent.mkdir(exist_ok=True)
    np.savez_compressed(TABLES_FILE, allow_pickle=False, **build_suit_tables())
    print(f"wrote {TABLES_FILE}")
