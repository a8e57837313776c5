"""Readings, completeness, waits and shanten, with the ``mahjong`` package as the oracle.

The ``mahjong`` package is the field's reference, but its rules are not quite ours:
- its seven pairs needs seven *different* pairs, while Sichuan counts four identical
  tiles as two pairs (reference/sichuan.md#winning-hands), so three of a tile and its
  fourth copy also make two pairs;
- a wait on a tile whose four copies the player holds is no wait for us.
Each oracle test says where it leaves the reference's answer and why.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import pytest
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld as MjMeld
from mahjong.shanten import Shanten

from kit.mahjong.hands import (
    FORMS,
    TABLES_FILE,
    build_suit_tables,
    decompositions,
    is_complete,
    shanten,
    waits,
)
from kit.mahjong.tiles import KINDS, TILES, Hand, Meld, MeldKind, Tile

WALL = tuple(kind for kind in range(KINDS) for _ in range(4))
"""The 136 tiles, as kinds."""
SIZES = (13, 14, 10, 11, 7, 8, 4, 5, 1, 2)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
CHOW_STARTS = tuple(i for i in range(27) if i % 9 <= 6)

Counts = list[int]


# --- seeded random hands -----------------------------------------------------------------


def drawn(rng: random.Random, size: int, wall: Sequence[int] = WALL) -> Counts:
    """``size`` tiles drawn from ``wall`` as a 34-count vector."""
    counts = [0] * KINDS
    for kind in rng.sample(wall, size):
        counts[kind] += 1
    return counts


def crowded(rng: random.Random, size: int) -> Counts:
    """Tiles of a few kinds only, often with a three or a four: where the copy limit bites."""
    kinds = rng.sample(range(KINDS), max(rng.randint(3, 8), size // 4 + 2))
    if rng.random() < 0.5:
        suit = 9 * rng.randrange(3)
        kinds = [
            suit + rank for rank in rng.sample(range(9), max(rng.randint(3, 6), size // 4 + 2))
        ]
    counts = [0] * KINDS
    start = rng.choice((4, 4, 3, 0))
    if start <= size:
        counts[kinds[0]] = start
    wall = [kind for kind in kinds for _ in range(4 - counts[kind])]
    for kind in rng.sample(wall, size - sum(counts)):
        counts[kind] += 1
    return counts


def random_groups(rng: random.Random, groups: int) -> tuple[Counts, list[tuple[str, int]]]:
    """``groups`` chows and pungs plus a pair, never more than four of a tile."""
    while True:
        counts = [0] * KINDS
        chosen: list[tuple[str, int]] = []
        for _ in range(groups):
            if rng.random() < 0.5:
                first = rng.choice(CHOW_STARTS)
                chosen.append(("chow", first))
                for kind in (first, first + 1, first + 2):
                    counts[kind] += 1
            else:
                first = rng.randrange(KINDS)
                chosen.append(("pung", first))
                counts[first] += 3
        pair = rng.randrange(KINDS)
        counts[pair] += 2
        if max(counts) <= 4:
            return counts, chosen


def complete_standard(rng: random.Random) -> Counts:
    """Concealed tiles of a complete standard hand: 0-4 groups (the rest melded) and a pair."""
    return random_groups(rng, rng.choice((4, 4, 4, 3, 2, 1, 0)))[0]


def complete_seven_pairs(rng: random.Random) -> Counts:
    """Seven different pairs: complete under both rule books."""
    counts = [0] * KINDS
    for kind in rng.sample(range(KINDS), 7):
        counts[kind] = 2
    return counts


def complete_orphans(rng: random.Random) -> Counts:
    counts = [0] * KINDS
    for kind in ORPHANS:
        counts[kind] = 1
    counts[rng.choice(ORPHANS)] += 1
    return counts


def seven_pairs_with_four(counts: Sequence[int]) -> bool:
    """Seven pairs under the Sichuan rules only: all counts even, one of them a four."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts) and 4 in counts


def text(counts: Sequence[int]) -> str:
    """A hand in the notation, for failure messages."""
    return Hand(tuple(TILES[i] for i, c in enumerate(counts) for _ in range(c))).notation()


def mj_standard_shanten(counts: Sequence[int]) -> int:
    return Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)


def holdings(ranks: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every holding of one suit (0-4 of each rank) with at most ``most`` tiles."""
    if ranks == 0:
        yield ()
        return
    for first in range(min(4, most) + 1):
        for rest in holdings(ranks - 1, most - first):
            yield (first, *rest)


# --- standard shanten ------------------------------------------------------------------
#
# Our shanten never counts on a fifth copy of a tile: a target that needs one is impossible,
# so 1111m234p567s789s is 1 away, not ready (its only "wait" is a fifth 1m). A naive
# block-counting shanten says 0 there. The mahjong package's regular shanten (2.1.0) carries
# corrections for exactly these holdings (its four-copy flags and its count of honour fours),
# they agree on every hand below, among them every number-suit holding of up to 8 tiles and
# every honour holding. So no hand is excluded: any disagreement is a bug on one side.


@pytest.mark.parametrize("size", SIZES)
def test_standard_shanten_matches_mahjong(size: int) -> None:
    rng = random.Random(2100 + size)
    hands = [drawn(rng, size) for _ in range(300)] + [crowded(rng, size) for _ in range(200)]
    if size >= 4:
        assert sum(4 in counts for counts in hands) > 50  # the four-copy cases are exercised
    wrong = [
        (text(c), shanten(c, forms=["standard"]), mj_standard_shanten(c))
        for c in hands
        if shanten(c, forms=["standard"]) != mj_standard_shanten(c)
    ]
    assert wrong == []


def test_standard_shanten_matches_mahjong_on_two_suit_hands() -> None:
    rng = random.Random(2140)
    for _ in range(1000):
        suits = rng.sample((0, 9, 18, 27), 2)
        kinds = [s + r for s in suits for r in range(9 if s < 27 else 7)]
        size = rng.choice(SIZES)
        counts = drawn(rng, size, [k for k in rng.sample(kinds, 6) for _ in range(4)])
        assert shanten(counts, forms=["standard"]) == mj_standard_shanten(counts), text(counts)


def test_standard_shanten_matches_mahjong_on_every_small_suit_holding() -> None:
    checked = 0
    for holding in holdings(9, 8):
        if sum(holding) % 3 == 0:
            continue
        for start in (0, 18):
            counts = [0] * KINDS
            counts[start : start + 9] = holding
            assert shanten(counts, forms=["standard"]) == mj_standard_shanten(counts), text(counts)
            checked += 1
    assert checked > 30_000


def test_standard_shanten_matches_mahjong_on_every_honour_holding() -> None:
    for holding in holdings(7, 14):
        if sum(holding) % 3 == 0:
            continue
        counts = [0] * 27 + list(holding)
        assert shanten(counts, forms=["standard"]) == mj_standard_shanten(counts), text(counts)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1111m234p567s789s", 1),  # only a fifth 1m would pair the lone 1m
        ("1111z234p567s789s", 1),
        ("1111m", 1),
        ("1111m2z", 0),
        ("1111m2222p3333s1z", 2),
        ("1111z2222z3333z4z", 3),
        ("11112222333344m", -1),
        ("1112345678999m", 0),
    ],
)
def test_standard_shanten_never_counts_on_a_fifth_copy(hand: str, expected: int) -> None:
    counts = list(Hand.parse(hand).counts)
    assert shanten(counts, forms=["standard"]) == expected
    assert mj_standard_shanten(counts) == expected


# --- seven pairs and thirteen orphans shanten ----------------------------------------------


def test_seven_pairs_shanten_matches_mahjong_where_the_rules_coincide() -> None:
    rng = random.Random(2101)
    coincide = 0
    for index in range(3000):
        size = 13 + index % 2
        counts = drawn(rng, size) if index % 3 else crowded(rng, size)
        ours = shanten(counts, forms=["seven-pairs"])
        theirs = Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
        kinds = sum(1 for c in counts if c)
        if 4 not in counts and kinds >= 7:
            # No four, and enough kinds for seven different pairs: both count the same pairs.
            assert ours == theirs, text(counts)
            coincide += 1
        else:
            # A four is two pairs for us and one for mahjong; with fewer than seven kinds
            # mahjong also adds the kinds still missing, while for us a triple and its
            # fourth copy are two pairs. Either way ours can only be nearer.
            assert ours <= theirs, text(counts)
    assert coincide > 1500


def test_seven_pairs_a_triple_and_its_fourth_copy_are_two_pairs() -> None:
    # Six kinds, no four: 2222s waits on its fourth copy to be two pairs (ready for us).
    counts = list(Hand.parse("11m55m222s66s99s44z").counts)
    assert shanten(counts, forms=["seven-pairs"]) == 0
    assert [str(t) for t in waits(counts, forms=["seven-pairs"])] == ["2s"]
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(counts) == 1


def test_thirteen_orphans_shanten_matches_mahjong() -> None:
    rng = random.Random(2102)
    orphan_wall = [kind for kind in ORPHANS for _ in range(4)]
    for index in range(3000):
        size = 13 + index % 2
        if index % 3 == 0:
            counts = drawn(rng, size)
        else:  # mostly orphans, so the low shanten numbers come up
            counts = drawn(rng, size - index % 3, orphan_wall)
            for kind in rng.sample(WALL, index % 3):
                if counts[kind] < 4:
                    counts[kind] += 1
            if sum(counts) != size:
                continue
        ours = shanten(counts, forms=["thirteen-orphans"])
        assert ours == Shanten.calculate_shanten_for_kokushi_hand(counts), text(counts)


def test_all_forms_shanten_matches_mahjong_where_the_rules_coincide() -> None:
    rng = random.Random(2103)
    for index in range(2000):
        size = 13 + index % 2
        counts = drawn(rng, size) if index % 2 else crowded(rng, size)
        ours = shanten(counts)
        theirs = Shanten.calculate_shanten(counts)
        if 4 not in counts and sum(1 for c in counts if c) >= 7:
            assert ours == theirs, text(counts)
        else:
            assert ours <= theirs, text(counts)


# --- is_complete ------------------------------------------------------------------------


def test_complete_hands_are_agari() -> None:
    rng = random.Random(2110)
    hands = (
        [complete_standard(rng) for _ in range(2000)]
        + [complete_seven_pairs(rng) for _ in range(300)]
        + [complete_orphans(rng) for _ in range(100)]
    )
    for counts in hands:
        assert Agari.is_agari(counts), text(counts)
        assert is_complete(counts), text(counts)
        assert shanten(counts) == -1


def test_is_complete_matches_agari_on_incomplete_hands() -> None:
    rng = random.Random(2111)
    checked = 0
    for index in range(3000):
        if index % 2:
            counts = drawn(rng, (14, 11, 8, 5, 2)[index % 5])
        else:  # a complete hand with one tile swapped: mostly incomplete, sometimes not
            counts = complete_standard(rng)
            counts[rng.choice([k for k in range(KINDS) if counts[k]])] -= 1
            counts[rng.choice([k for k in range(KINDS) if counts[k] < 4])] += 1
        if seven_pairs_with_four(counts):
            assert is_complete(counts)  # reference/sichuan.md#winning-hands; not agari for mahjong
            continue
        assert is_complete(counts) == Agari.is_agari(counts), text(counts)
        checked += 1
    assert checked > 2900


def test_seven_pairs_four_identical_count_as_two_pairs() -> None:
    hand = Hand.parse("1111m2233p4455s66z")
    assert is_complete(hand, forms=["seven-pairs"])
    assert shanten(hand, forms=["seven-pairs"]) == -1
    (reading,) = decompositions(hand, forms=["seven-pairs"])
    assert reading.form == "seven-pairs"
    assert [str(pair) for pair in reading.pairs] == [
        "11m",
        "11m",
        "22p",
        "33p",
        "44s",
        "55s",
        "66z",
    ]
    assert not is_complete(hand, forms=["standard"])
    # A rule difference, not a bug: mahjong wants seven different pairs.
    assert not Agari.is_agari(list(hand.counts))
    # Two fours: four pairs out of two kinds.
    assert is_complete(Hand.parse("1111m9999p2233s44z"), forms=["seven-pairs"])
    # Waiting on the fourth copy of a tile held three times.
    assert waits(Hand.parse("111m2233p4455s66z"), forms=["seven-pairs"]) == [Tile.parse("1m")]


def test_seven_pairs_needs_all_fourteen_tiles_concealed() -> None:
    hand = Hand.parse("1122m3344p55s[666z]")
    assert not is_complete(hand)
    with pytest.raises(ValueError, match="no form"):
        shanten(hand, forms=["seven-pairs"])


def test_thirteen_orphans() -> None:
    hand = Hand.parse("19m19p19s1234567z")
    assert shanten(hand, forms=["thirteen-orphans"]) == 0
    assert [t.index for t in waits(hand)] == list(ORPHANS)
    for tile in waits(hand):
        assert is_complete(hand.with_tile(tile), forms=["thirteen-orphans"])
        assert not is_complete(hand.with_tile(tile), forms=["standard", "seven-pairs"])
    (reading,) = decompositions(Hand.parse("19m19p19s12345677z"))
    assert reading.form == "thirteen-orphans"
    assert [str(pair) for pair in reading.pairs] == ["77z"]


# --- decompositions ------------------------------------------------------------------------

Canonical = list[tuple[str, int]]


def ours_canonical(hand: Hand, forms: Sequence[str]) -> list[Canonical]:
    melds = [(m.kind.value, m.first.index) for m in hand.melds]
    return sorted(
        sorted([(g.kind, g.first.index) for g in reading.groups] + melds)
        for reading in decompositions(hand, forms=forms)  # type: ignore[arg-type]
    )


def theirs_canonical(hand: Hand) -> list[Canonical]:
    counts = [0] * KINDS
    for tile in hand.all_tiles:
        counts[tile.index] += 1
    melds = []
    for meld in hand.melds:
        kind = {MeldKind.CHOW: MjMeld.CHI, MeldKind.PUNG: MjMeld.PON}.get(meld.kind, MjMeld.KAN)
        tiles = [tile.index * 4 + copy for copy, tile in enumerate(meld.tiles)]
        melds.append(MjMeld(meld_type=kind, tiles=tiles, opened=not meld.concealed))
    out = []
    for blocks in HandDivider.divide_hand(counts, melds or None):
        groups = []
        for block in blocks:
            if len(block) == 2:
                groups.append(("pair", block[0]))
            elif len(block) == 4:
                groups.append(("kong", block[0]))
            else:
                groups.append(("pung" if block[0] == block[1] else "chow", block[0]))
        out.append(sorted(groups))
    return sorted(out)


def complete_hands_with_melds(rng: random.Random, count: int) -> Iterator[Hand]:
    """Complete standard hands; some of their groups laid down as melds (kongs too)."""
    for _ in range(count):
        counts, groups = random_groups(rng, 4)
        full = list(counts)
        melds = []
        for kind, first in groups[: rng.choice((0, 0, 1, 2, 3, 4))]:
            for index in (first, first + 1, first + 2) if kind == "chow" else (first,) * 3:
                counts[index] -= 1
            if kind == "chow":
                melds.append(Meld(MeldKind.CHOW, TILES[first]))
            elif full[first] == 3 and rng.random() < 0.5:  # the fourth copy is free
                full[first] += 1
                melds.append(Meld(MeldKind.KONG, TILES[first], concealed=rng.random() < 0.5))
            else:
                melds.append(Meld(MeldKind.PUNG, TILES[first]))
        yield Hand(tuple(TILES[i] for i in range(KINDS) for _ in range(counts[i])), tuple(melds))


def test_decompositions_match_mahjong_divider() -> None:
    rng = random.Random(2120)
    several = 0
    for hand in complete_hands_with_melds(rng, 1500):
        theirs = theirs_canonical(hand)
        if not hand.melds:  # the divider also reads seven (different) pairs
            theirs = [groups for groups in theirs if len(groups) == 5]
        assert theirs, hand
        assert len({tuple(g) for g in theirs}) == len(theirs)  # no reading twice
        ours = ours_canonical(hand, ["standard"])
        # As sets: see test_decompositions_list_each_reading_once for the lists.
        assert {tuple(g) for g in ours} == {tuple(g) for g in theirs}, hand
        several += len(theirs) > 1
    assert several > 5


def test_decompositions_match_mahjong_with_seven_pairs() -> None:
    rng = random.Random(2121)
    hands = [complete_seven_pairs(rng) for _ in range(200)]
    # Pairs of neighbouring chows: seven pairs and standard readings at once.
    hands += [list(Hand.parse(h).counts) for h in ("11223344556677m", "22334455667788s")]
    for counts in hands:
        hand = Hand(tuple(TILES[i] for i in range(KINDS) for _ in range(counts[i])))
        ours = ours_canonical(hand, ["standard", "seven-pairs"])
        assert ours == theirs_canonical(hand), hand
    assert len(ours_canonical(Hand.parse("11223344556677m"), FORMS)) == 4


def test_decompositions_examples() -> None:
    hand = Hand.parse("111222333m456p99s")
    assert sorted(str(r) for r in decompositions(hand)) == [
        "111m 222m 333m 456p 99s",
        "123m 123m 123m 456p 99s",
    ]
    assert [str(r) for r in decompositions(Hand.parse("123m456p789s11z[555z]"))] == [
        "123m 456p 789s 11z"
    ]
    assert decompositions(Hand.parse("123m456p789s12z[555z]")) == []
    assert [str(r) for r in decompositions(Hand.parse("11123455678999m"))] == [
        "111m 234m 678m 999m 55m"
    ]


def test_decompositions_list_each_reading_once() -> None:
    assert len(decompositions(Hand.parse("1111m23m456p789p11z"))) == 1
    assert len(decompositions(Hand.parse("11122233344455m"))) == 4
    rng = random.Random(2120)
    for hand in complete_hands_with_melds(rng, 1500):
        theirs = theirs_canonical(hand)
        if not hand.melds:
            theirs = [groups for groups in theirs if len(groups) == 5]
        assert ours_canonical(hand, ["standard"]) == theirs, hand


# --- waits ---------------------------------------------------------------------------------


def reference_waits(counts: Sequence[int], owned: Sequence[int]) -> list[int]:
    """Tiles completing the hand by mahjong's agari, plus our seven pairs with a four."""
    found = []
    grown = list(counts)
    for kind in range(KINDS):
        if owned[kind] >= 4:
            continue  # all four copies are the player's own: no fifth to wait for
        grown[kind] += 1
        if Agari.is_agari(grown) or seven_pairs_with_four(grown):
            found.append(kind)
        grown[kind] -= 1
    return found


def test_waits_match_agari_on_ready_hands() -> None:
    rng = random.Random(2130)
    hands = list(complete_hands_with_melds(rng, 1200))
    others = [complete_seven_pairs(rng) for _ in range(150)]
    others += [complete_orphans(rng) for _ in range(50)]
    hands += [Hand(tuple(TILES[i] for i in range(KINDS) for _ in range(c[i]))) for c in others]
    several = 0
    for complete in hands:
        drawn_tile = rng.choice(complete.concealed)
        hand = complete.without(drawn_tile)
        owned = [0] * KINDS
        for tile in hand.all_tiles:
            owned[tile.index] += 1
        expected = reference_waits(hand.counts, owned)
        assert drawn_tile.index in expected
        assert [t.index for t in waits(hand)] == expected, hand
        # The same with bare counts: the melds' tiles passed as held.
        held = [owned[i] - hand.counts[i] for i in range(KINDS)]
        assert [t.index for t in waits(list(hand.counts), held=held)] == expected
        several += len(expected) > 1
    assert several > 100


@pytest.mark.parametrize("size", (13, 10, 7, 4, 1))
def test_waits_match_agari_on_random_hands(size: int) -> None:
    rng = random.Random(2131 + size)
    for index in range(500):
        counts = drawn(rng, size) if index % 2 else crowded(rng, size)
        ours = [t.index for t in waits(counts)]
        assert ours == reference_waits(counts, counts), text(counts)
        if ours:
            assert shanten(counts) == 0


def test_nine_gates_waits_on_all_nine() -> None:
    hand = Hand.parse("1112345678999m")
    assert [str(t) for t in waits(hand)] == [f"{n}m" for n in range(1, 10)]
    assert reference_waits(hand.counts, hand.counts) == list(range(9))
    for tile in waits(hand):
        assert is_complete(hand.with_tile(tile))


def test_no_wait_on_a_fifth_copy() -> None:
    hand = Hand.parse("1111m234p567s789s")
    assert waits(hand) == []
    assert shanten(hand) == 1
    # Copies in melds count as held too: counts alone say ready, the hand has no wait.
    melded = Hand.parse("1z234p567s789s[111z]")
    assert shanten(melded) == 0
    assert waits(melded) == []
    assert waits(list(melded.counts)) == [Tile.parse("1z")]
    both = Hand.parse("23m456p789s11z[1111m]")
    assert waits(both) == [Tile.parse("4m")]
    assert waits(list(both.counts)) == [Tile.parse("1m"), Tile.parse("4m")]


def test_hands_with_melds_use_fewer_concealed_tiles() -> None:
    assert is_complete(Hand.parse("123m456p789s11z[555z]"))
    assert is_complete(Hand.parse("123m456p11z[555z](7777s)"))
    assert is_complete(Hand.parse("11z[123m][456p][789s](5555z)"))
    assert not is_complete(Hand.parse("12m456p11z[555z](7777s)3p"))
    assert shanten(Hand.parse("123m456p789s1z[555z]")) == 0
    assert waits(Hand.parse("123m456p789s1z[555z]")) == [Tile.parse("1z")]
    assert waits(Hand.parse("5z[123m][456p][789s](1111z)")) == [Tile.parse("5z")]
    assert shanten(Hand.parse("19m57z[123m][456p][789s]")) == 2
    for text_ in ("123m456p789s1z[555z]", "5z[123m][456p][789s](1111z)"):
        hand = Hand.parse(text_)
        assert hand.size == 13
        assert shanten(hand) == shanten(list(hand.counts))


# --- bad counts ------------------------------------------------------------------------------


def counts_with(total: int) -> Counts:
    counts = [0] * KINDS
    for i in range(total):
        counts[i % KINDS] += 1
    return counts


@pytest.mark.parametrize(
    "bad",
    [
        [0] * 33,
        [0] * 35,
        [5] + [0] * 33,
        [-1, 2] + [0] * 32,
        [1.0] * 13 + [0] * 21,
        "1112345678999m",
        None,
    ],
)
@pytest.mark.parametrize("function", [shanten, is_complete, waits, decompositions])
def test_bad_counts_raise(bad: object, function: Callable[[object], object]) -> None:
    with pytest.raises(ValueError, match="34 numbers, each 0-4"):
        function(bad)


@pytest.mark.parametrize("total", [0, 3, 12, 15, 16, 17])
@pytest.mark.parametrize("function", [shanten, waits])
def test_bad_tile_count_raises(total: int, function: Callable[[Counts], object]) -> None:
    with pytest.raises(ValueError, match=f"{total} concealed"):
        function(counts_with(total))


@pytest.mark.parametrize("total", [0, 3, 12, 15, 16])
@pytest.mark.parametrize("function", [is_complete, decompositions])
def test_bad_tile_count_raises_everywhere(total: int, function: Callable[[Counts], object]) -> None:
    with pytest.raises(ValueError, match=f"{total} concealed"):
        function(counts_with(total))


def test_decompositions_refuse_seventeen_tiles() -> None:
    try:
        readings = decompositions(Hand.parse("111m222m333m444p555p11z"))
    except ValueError as error:
        assert "17 concealed" in str(error)
    else:
        assert readings == []


def test_seventeen_concealed_tiles_are_no_hand() -> None:
    with pytest.raises(ValueError, match="17 concealed"):
        is_complete(Hand.parse("111m222m333m444p555p11z"))
    with pytest.raises(ValueError, match="17 concealed"):
        is_complete(counts_with(17))


def test_counts_may_be_a_numpy_array() -> None:
    counts = list(Hand.parse("1112345678999m").counts)
    assert shanten(np.array(counts)) == 0
    assert [str(t) for t in waits(np.array(counts))] == [f"{n}m" for n in range(1, 10)]


def test_counts_may_be_a_tuple_bytes_or_uint8_array() -> None:
    counts = list(Hand.parse("1112345678999m").counts)
    for form in (tuple(counts), bytes(counts), np.array(counts, dtype=np.uint8)):
        assert shanten(form) == 0
        assert len(waits(form)) == 9


@pytest.mark.parametrize("hand", ["11z", "123m11z", "123m456p789s11z[555z][666z]"])
def test_a_hand_of_the_wrong_size_is_not_complete(hand: str) -> None:
    parsed = Hand.parse(hand)
    assert parsed.size != 14
    try:
        complete = is_complete(parsed)
    except ValueError:
        complete = False
    assert not complete


# --- the shipped tables ------------------------------------------------------------------------


def test_shipped_suit_tables_match_a_fresh_build() -> None:
    fresh = build_suit_tables()
    with np.load(TABLES_FILE) as shipped:
        assert sorted(shipped.files) == sorted(fresh)
        for name, table in fresh.items():
            assert shipped[name].dtype == table.dtype, name
            assert np.array_equal(shipped[name], table), name
    assert fresh["numbers"].shape == (5**9,)
    assert fresh["honours"].shape == (5**7,)
