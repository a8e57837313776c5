"""Mahjong tiles, melds, hands and their strict notation: bad input raises, nothing is repaired.

The tiles and the notation: reference/hongkong.md#tiles and reference/sichuan.md#tiles.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.tile import TilesConverter

from kit.mahjong.tiles import (
    KINDS,
    TILES,
    Hand,
    Meld,
    MeldKind,
    Tile,
    TileNotationError,
    TileSet,
    counts_of,
)

# --- the 34 kinds: reference/hongkong.md#tiles ----------------------------------------

EXPECTED_ORDER = (
    [f"{n}m" for n in range(1, 10)]
    + [f"{n}p" for n in range(1, 10)]
    + [f"{n}s" for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
)


def test_thirty_four_kinds_in_the_mahjong_package_order() -> None:
    assert KINDS == 34
    assert len(TILES) == 34
    assert [tile.notation() for tile in TILES] == EXPECTED_ORDER
    assert [tile.index for tile in TILES] == list(range(34))
    assert list(TILES) == sorted(TILES)
    for tile in TILES:
        # The mahjong package's own reading of the same token puts it at the same index.
        one_hot = TilesConverter.one_line_string_to_34_array(tile.notation())
        assert one_hot == [int(i == tile.index) for i in range(34)]


def test_suits_numbers_and_families() -> None:
    assert [tile.suit for tile in TILES] == list("m" * 9 + "p" * 9 + "s" * 9 + "z" * 7)
    assert [tile.number for tile in TILES] == [*range(1, 10)] * 3 + [*range(1, 8)]
    assert [tile.index for tile in TILES if tile.is_honour] == list(range(27, 34))
    assert [tile.index for tile in TILES if tile.is_wind] == [27, 28, 29, 30]
    assert [tile.index for tile in TILES if tile.is_dragon] == [31, 32, 33]
    assert [tile.notation() for tile in TILES if tile.is_terminal] == [
        "1m",
        "9m",
        "1p",
        "9p",
        "1s",
        "9s",
    ]


@pytest.mark.parametrize(
    ("token", "name", "chinese"),
    [
        ("1m", "1 characters", "一万"),
        ("9m", "9 characters", "九万"),
        ("5p", "5 dots", "五筒"),
        ("1s", "1 bamboo", "一条"),
        ("9s", "9 bamboo", "九条"),
        ("1z", "East wind", "東"),
        ("2z", "South wind", "南"),
        ("3z", "West wind", "西"),
        ("4z", "North wind", "北"),
        ("5z", "White dragon", "白"),
        ("6z", "Green dragon", "發"),
        ("7z", "Red dragon", "中"),
    ],
)
def test_tile_names(token: str, name: str, chinese: str) -> None:
    tile = Tile.parse(token)
    assert tile.name == name
    assert tile.chinese == chinese


def test_every_tile_has_its_own_names_and_round_trips() -> None:
    assert len({tile.name for tile in TILES}) == 34
    assert len({tile.chinese for tile in TILES}) == 34
    for tile in TILES:
        assert Tile.parse(tile.notation()) == tile
        assert str(tile) == tile.notation()
        assert repr(tile) == f"Tile.parse({tile.notation()!r})"
        assert eval(repr(tile), {"Tile": Tile}) == tile


@pytest.mark.parametrize("index", [-1, 34, 1.0, "1"])
def test_tile_rejects_an_index_outside_0_to_33(index: object) -> None:
    with pytest.raises(ValueError, match="0-33"):
        Tile(index)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "55p", "5", "0p", "8z", "5x", "[5p]"])
def test_tile_parse_wants_exactly_one_tile(text: str) -> None:
    with pytest.raises(TileNotationError):
        Tile.parse(text)


def test_values_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        TILES[0].index = 1  # type: ignore[misc]
    hand = Hand.parse("123m[555z]")
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.concealed = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.melds[0].concealed = True  # type: ignore[misc]


# --- hands: concealed tiles, exposed melds, concealed kongs ------------------------------


def test_module_example() -> None:
    hand = Hand.parse("123m 456p [555z] (7777s) 11z")
    assert hand.notation() == "123m456p11z[555z](7777s)"
    assert hand.size == 14
    assert len(hand.concealed) == 8
    assert [str(meld) for meld in hand.melds] == ["[555z]", "(7777s)"]
    assert [meld.kind for meld in hand.melds] == [MeldKind.PUNG, MeldKind.KONG]
    assert [meld.concealed for meld in hand.melds] == [False, True]
    assert len(hand.all_tiles) == 15  # the kong holds four
    assert hand.suits == {"m", "p", "s", "z"}


def test_meld_kinds_and_their_tiles() -> None:
    chow, pung, kong, hidden = Hand.parse("[132s][999p][1111z](7777m)").melds
    assert (chow.kind, pung.kind, kong.kind, hidden.kind) == (
        MeldKind.CHOW,
        MeldKind.PUNG,
        MeldKind.KONG,
        MeldKind.KONG,
    )
    assert [str(t) for t in chow.tiles] == ["1s", "2s", "3s"]
    assert [str(t) for t in pung.tiles] == ["9p"] * 3
    assert [str(t) for t in kong.tiles] == ["1z"] * 4
    assert (kong.concealed, hidden.concealed) == (False, True)
    assert chow.notation() == "[123s]" and hidden.notation() == "(7777m)"
    assert not chow.is_pung_or_kong and pung.is_pung_or_kong and kong.is_pung_or_kong


def test_meld_rejects_impossible_groups() -> None:
    with pytest.raises(ValueError, match="no chow starts at 8m"):
        Meld(MeldKind.CHOW, Tile.parse("8m"))
    with pytest.raises(ValueError, match="no chow starts at 1z"):
        Meld(MeldKind.CHOW, Tile.parse("1z"))
    with pytest.raises(ValueError, match="only a kong"):
        Meld(MeldKind.PUNG, Tile.parse("1m"), concealed=True)


def test_spaces_allowed_anywhere_between_tiles() -> None:
    expected = Hand.parse("123m456p789p11z[555z](7777s)")
    assert Hand.parse(" 1 2 3 m  456p\t789p\n11z [ 5 5 5 z ] ( 7777 s ) ") == expected
    assert Hand.parse("1m2m3m4p5p6p7p8p9p1z1z[555z](7777s)") == expected
    assert Hand.parse("") == Hand() and Hand.parse("   ") == Hand()


def test_concealed_tiles_are_kept_sorted() -> None:
    hand = Hand.parse("9s 1z 5p 1m 3m 2m")
    assert [str(t) for t in hand.concealed] == ["1m", "2m", "3m", "5p", "9s", "1z"]
    assert hand == Hand(tuple(reversed(hand.concealed)))
    assert hand.notation() == "123m5p9s1z"


def test_hand_counts_match_the_mahjong_package() -> None:
    text = "1112345678999m55p1z"
    hand = Hand.parse(text)
    assert list(hand.counts) == TilesConverter.one_line_string_to_34_array(text)
    assert counts_of(hand.concealed) == list(hand.counts)
    # Counts hold the concealed tiles only; the melds are elsewhere.
    assert Hand.parse("11z[555z](7777s)").counts == tuple(counts_of([TILES[27]] * 2))


def test_with_tile_and_without() -> None:
    hand = Hand.parse("123m[555z]")
    assert hand.with_tile(Tile.parse("1m")) == Hand.parse("1123m[555z]")
    assert hand.without(Tile.parse("2m")) == Hand.parse("13m[555z]")
    with pytest.raises(ValueError, match="no concealed 5z"):
        hand.without(Tile.parse("5z"))


def test_hand_repr_can_be_pasted_back() -> None:
    hand = Hand.parse("123m 456p [555z] (7777s) 11z")
    assert repr(hand) == "Hand.parse('123m456p11z[555z](7777s)')"
    assert eval(repr(hand), {"Hand": Hand}) == hand


def test_hands_with_different_meld_kinds_differ() -> None:
    assert Hand.parse("[111m]") != Hand.parse("[123m]")
    assert Hand.parse("[111m]") != Hand.parse("[1111m]")
    assert Meld(MeldKind.PUNG, TILES[0]) != Meld(MeldKind.CHOW, TILES[0])


# --- round trip: parse(notation(h)) == h --------------------------------------------------

CHOW_STARTS = [i for i in range(27) if i % 9 <= 6]


@st.composite
def legal_hands(draw: st.DrawFn) -> Hand:
    """Random melds (chows, pungs, exposed and concealed kongs) and concealed tiles, ≤4 copies."""
    copies = [0] * KINDS
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["chow", "pung", "kong", "concealed kong"]))
        if kind == "chow":
            first = draw(st.sampled_from(CHOW_STARTS))
            needed = [first, first + 1, first + 2]
        else:
            first = draw(st.integers(0, KINDS - 1))
            needed = [first] * (3 if kind == "pung" else 4)
        if any(copies[i] + needed.count(i) > 4 for i in set(needed)):
            continue
        for i in needed:
            copies[i] += 1
        meld_kind = {"chow": MeldKind.CHOW, "pung": MeldKind.PUNG}.get(kind, MeldKind.KONG)
        melds.append(Meld(meld_kind, TILES[first], concealed=kind == "concealed kong"))
    wall = [i for i in range(KINDS) for _ in range(4 - copies[i])]
    picked = draw(st.lists(st.sampled_from(range(len(wall))), unique=True, max_size=14))
    return Hand(tuple(TILES[wall[i]] for i in picked), tuple(melds))


@settings(max_examples=300)
@given(legal_hands())
def test_random_hands_round_trip(hand: Hand) -> None:
    text = hand.notation()
    again = Hand.parse(text)
    assert again == hand
    assert again.notation() == text
    # Meld equality does not look at the kind, so compare the kinds themselves too.
    assert [(m.kind, m.first, m.concealed) for m in again.melds] == [
        (m.kind, m.first, m.concealed) for m in hand.melds
    ]
    assert eval(repr(hand), {"Hand": Hand}) == hand
    assert again.size == len(hand.concealed) + 3 * len(hand.melds)
    assert Counter(again.all_tiles) == Counter(hand.all_tiles)
    assert max(Counter(again.all_tiles).values(), default=0) <= 4
    if not hand.melds:
        assert list(again.counts) == TilesConverter.one_line_string_to_34_array(text)


@settings(max_examples=100)
@given(legal_hands(), st.randoms(use_true_random=False))
def test_concealed_tile_order_does_not_matter(hand: Hand, rng: random.Random) -> None:
    tokens = [t.notation() for t in hand.concealed]
    rng.shuffle(tokens)
    # Concealed tiles may come in any order, around the melds; melds keep theirs.
    cut = rng.randint(0, len(tokens))
    melds = [m.notation() for m in hand.melds]
    text = " ".join(tokens[:cut] + melds + tokens[cut:])
    assert Hand.parse(text) == hand


# --- bad input: a ValueError quoting the token and its position ---------------------------


@pytest.mark.parametrize(
    ("text", "token", "position", "why"),
    [
        # an unknown suit letter
        ("123m45x", "45x", 4, "unknown suit letter 'x'"),
        ("123M", "123M", 0, "unknown suit letter 'M'"),
        ("11z 5 5 q", "5 5 q", 4, "unknown suit letter 'q'"),
        ("1m 2z  x", "x", 7, "unknown suit letter 'x'"),
        ("123m m", "m", 5, "no digits before it"),
        # digits with no suit
        ("123m456", "456", 4, "no suit letter"),
        ("123", "123", 0, "no suit letter"),
        ("12m3", "3", 3, "no suit letter"),
        ("11z 7 ", "7", 4, "no suit letter"),
        # 0, or a digit out of range (1-9, 1-7 for z)
        ("103m", "103m", 0, "no 0m"),
        ("11z 0p", "0p", 4, "no 0p"),
        ("123m8z", "8z", 4, "no 8z"),
        ("9z", "9z", 0, "no 9z"),
        ("[888z]", "[888z]", 0, "no 8z"),
        ("(0000s)", "(0000s)", 0, "no 0s"),
        # a fifth copy, within a run and across melds
        ("11111m", "11111m", 0, "fifth 1m"),
        ("1111m 1m", "1m", 6, "fifth 1m"),
        ("[1111m]1m", "1m", 7, "fifth 1m"),
        ("(1111m)1m", "1m", 7, "fifth 1m"),
        ("1m[111m]1m", "1m", 8, "fifth 1m"),
        ("111m[111m]", "[111m]", 4, "fifth 1m"),
        ("[555z][555z]", "[555z]", 6, "fifth 5z"),
        ("[123m][123m][123m][123m][123m]", "[123m]", 24, "fifth 1m"),
        ("[345p](4444p)", "(4444p)", 6, "fifth 4p"),
        # a bracketed group that is no pung, kong or chow
        ("[124m]", "[124m]", 0, "pung, a kong or a chow"),
        ("11z[12m]", "[12m]", 3, "pung, a kong or a chow"),
        ("[123z]", "[123z]", 0, "pung, a kong or a chow"),
        ("[891m]", "[891m]", 0, "pung, a kong or a chow"),
        ("[1112m]", "[1112m]", 0, "pung, a kong or a chow"),
        ("[1234m]", "[1234m]", 0, "pung, a kong or a chow"),
        ("[11m]", "[11m]", 0, "pung, a kong or a chow"),
        # parentheses that are not a kong
        ("(111m)", "(111m)", 0, "concealed kong"),
        ("(123m)", "(123m)", 0, "concealed kong"),
        ("1z (11112m)", "(11112m)", 3, "concealed kong"),
        # unbalanced brackets
        ("[123m", "[", 0, "unbalanced"),
        ("123m]", "]", 4, "unbalanced"),
        ("(1111m", "(", 0, "unbalanced"),
        ("1111m)", ")", 5, "unbalanced"),
        ("[[123m]]", "[", 0, "unbalanced"),
        ("[(1111m)]", "[", 0, "unbalanced"),
        ("11z [555z", "[", 4, "unbalanced"),
        # empty groups
        ("[]", "[]", 0, "empty"),
        ("1m ()", "()", 3, "empty"),
    ],
)
def test_bad_input_names_token_and_position(text: str, token: str, position: int, why: str) -> None:
    with pytest.raises(TileNotationError) as info:
        Hand.parse(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.token == token
    assert error.position == position
    assert text[position : position + len(token)] == token
    message = str(error)
    assert repr(token) in message
    assert f"position {position}" in message
    assert why in message


def test_bad_input_fifth_copy() -> None:
    # Four copies are fine, wherever they stand.
    assert Hand.parse("1111m").counts[0] == 4
    assert Hand.parse("1m[111m]").size == 4
    assert Hand.parse("[123m][111m]").size == 6
    for text in ["11111m", "1111m1m", "[1111m]1m", "(1111m)1m", "11m[111m]", "[123m][111m]1m1m"]:
        with pytest.raises(TileNotationError, match="fifth 1m"):
            Hand.parse(text)


def test_nothing_is_repaired() -> None:
    # Elsewhere 0 is a red five; the strict notation refuses it rather than guess.
    with pytest.raises(TileNotationError, match="no 0m"):
        Hand.parse("0m")


@pytest.mark.parametrize("text", ["１２３m", "\u0661\u0662\u0663m"])
def test_only_ascii_digits_are_notation(text: str) -> None:
    with pytest.raises(TileNotationError) as info:
        Hand.parse(text)
    assert info.value.position == 0


def _check_parse(text: str) -> None:
    try:
        hand = Hand.parse(text)
    except TileNotationError as error:
        assert text[error.position : error.position + len(error.token)] == error.token
        assert repr(error.token) in str(error)
        assert f"position {error.position}" in str(error)
    else:
        assert Hand.parse(hand.notation()) == hand


@settings(max_examples=500)
@given(st.text())
def test_any_text_parses_or_raises_value_error(text: str) -> None:
    try:
        hand = Hand.parse(text)
    except ValueError:
        return
    assert isinstance(hand, Hand)


tile_like = st.text(alphabet="0123456789mpszMx[]() \t", max_size=40)


@settings(max_examples=500)
@given(st.one_of(st.text(), tile_like, legal_hands().map(Hand.notation)))
def test_tile_like_text_parses_or_names_the_bad_token(text: str) -> None:
    _check_parse(text)


# --- TileSet: the tiles a variant plays with -------------------------------------------

NO_HONOURS = TileSet(
    "the 108-tile set", lambda tile: "no honours in this variant" if tile.is_honour else None
)
TWO_PLAYER = TileSet(
    "the 80-tile table",
    lambda tile: (
        f"no {tile} on the two-player table"
        if tile.suit in "ms" and 2 <= tile.number <= 8
        else None
    ),
)


def test_tileset_without_honours_names_the_token() -> None:
    text = "123m456p789s11z"
    with pytest.raises(TileNotationError) as info:
        Hand.parse(text, tiles=NO_HONOURS)
    assert info.value.token == "11z"
    assert info.value.position == 12
    assert "'11z'" in str(info.value) and "no honours in this variant" in str(info.value)
    assert Hand.parse(text) == Hand.parse(text, tiles=TileSet("all", lambda tile: None))


def test_tileset_applies_to_melds() -> None:
    with pytest.raises(TileNotationError) as info:
        Hand.parse("123m [555z]", tiles=NO_HONOURS)
    assert (info.value.token, info.value.position) == ("[555z]", 5)
    with pytest.raises(TileNotationError) as info:
        Hand.parse("19m (5555s)", tiles=TWO_PLAYER)
    assert (info.value.token, info.value.position) == ("(5555s)", 4)
    assert "no 5s on the two-player table" in str(info.value)


def test_tileset_membership() -> None:
    assert [tile.notation() for tile in TILES if tile not in NO_HONOURS] == EXPECTED_ORDER[27:]
    kept = [tile.notation() for tile in TILES if tile in TWO_PLAYER]
    assert kept == ["1m", "9m", *EXPECTED_ORDER[9:18], "1s", "9s", *EXPECTED_ORDER[27:]]
    assert len(kept) * 4 == 80
    assert "1m" not in NO_HONOURS  # a string is no tile
    hand = Hand.parse("19m 123456789p 19s 1234567z", tiles=TWO_PLAYER)
    assert hand.size == 20


@settings(max_examples=200)
@given(legal_hands())
def test_tileset_accepts_exactly_the_hands_of_its_tiles(hand: Hand) -> None:
    text = hand.notation()
    if all(tile in NO_HONOURS for tile in hand.all_tiles):
        assert Hand.parse(text, tiles=NO_HONOURS) == hand
    else:
        with pytest.raises(TileNotationError) as info:
            Hand.parse(text, tiles=NO_HONOURS)
        assert "z" in info.value.token
        assert text[info.value.position :].startswith(info.value.token)


def test_a_hand_is_checked_for_a_fifth_copy_however_it_is_made() -> None:
    with pytest.raises(ValueError, match="holds 7 of 1p"):
        Hand((Tile.parse("1p"),) * 7)
    kong = Meld(MeldKind.KONG, Tile.parse("5z"))
    with pytest.raises(ValueError, match="holds 5 of 5z"):
        Hand((Tile.parse("5z"),), (kong,))


@pytest.mark.parametrize("bad", [None, 5, b"5p", ["5p"]])
def test_tile_parse_refuses_what_is_not_text(bad: object) -> None:
    with pytest.raises(TypeError, match="expects a tile written as text"):
        Tile.parse(bad)  # type: ignore[arg-type]


def test_with_added_adds_a_tile_or_a_meld_and_says_why_not() -> None:
    five = Tile.parse("5p")
    assert Hand.parse("5p").with_added(five) == Hand.parse("55p")
    assert Hand().with_added(five, MeldKind.KONG, concealed=True) == Hand.parse("(5555p)")
    with pytest.raises(ValueError, match="none starts at 8p"):
        Hand().with_added(Tile.parse("8p"), MeldKind.CHOW)
    with pytest.raises(ValueError, match="at most 14"):
        Hand.parse("123m456p789s11z222z").with_added(Tile.parse("3z"))
