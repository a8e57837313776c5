"""Tiles and cards as a learner reads them: their names, and the token renderer that shows
them by picture and name with the notation as a tooltip."""

from __future__ import annotations

import re

import pytest
from support import NOTATION, learner_text

from kit.hongkong.rules import TWO_PLAYER_TILES
from kit.hwatu import DECK, Card
from kit.hwatu_names import card_name
from kit.mahjong.names import suit_name, tile_name, tiles_name
from kit.mahjong.tiles import ALL_TILES, Hand, Tile, TileSet
from kit.render.spoken import card_token, said_by, spoken_html, tile_token
from kit.sichuan.rules import SICHUAN_TILES


@pytest.mark.parametrize(
    "tiles", [SICHUAN_TILES, ALL_TILES, TWO_PLAYER_TILES], ids=["sichuan", "hongkong", "golden"]
)
def test_every_tile_of_each_set_has_its_own_name(tiles: TileSet) -> None:
    names = [tile_name(tile) for tile in tiles.kinds]
    assert all(names) and len(set(names)) == len(names)
    assert not any(NOTATION.search(name) for name in names)


def test_tile_names_read_as_a_learner_says_them() -> None:
    said = {code: tile_name(Tile.parse(code)) for code in ("9m", "1p", "5s", "3z", "5z", "7z")}
    assert said == {
        "9m": "9 of characters",
        "1p": "1 of dots",
        "5s": "5 of bamboo",
        "3z": "West 西",
        "5z": "White dragon 白",
        "7z": "Red dragon 中",
    }
    assert tiles_name(Hand.parse("789s").concealed) == "7-8-9 of bamboo"
    assert tiles_name(Hand.parse("19p").concealed) == "1 and 9 of dots"
    assert tiles_name(Hand.parse("7777z").concealed) == "four Red dragon 中"
    assert suit_name("p") == "dots"
    with pytest.raises(ValueError, match="letter"):
        suit_name("z")
    with pytest.raises(TypeError, match="tile"):
        tile_name("9m")  # type: ignore[arg-type]


def test_every_hwatu_card_has_its_own_name() -> None:
    names = [card_name(card) for card in DECK]
    assert len(names) == 48 and len(set(names)) == 48
    assert not any(NOTATION.search(name) for name in names)
    assert card_name(Card.parse("1B")) == "Pine bright"
    assert card_name(Card.parse("1J1")) != card_name(Card.parse("1J2"))
    with pytest.raises(TypeError, match="card"):
        card_name("1B")  # type: ignore[arg-type]


def titles(html: str) -> list[str]:
    return re.findall(r'class="kit-token[^"]*" title="([^"]*)"', html)


def test_tokens_become_pictures_and_names_with_the_notation_as_tooltip() -> None:
    html = spoken_html("discard 3z, keep 345m; Seat 2 discards 8J2 and 12R")
    assert titles(html) == ["3z", "345m", "8J2", "12R"]
    assert html.count("<svg") == 1 + 3 + 1 + 1
    text = learner_text(html)
    assert text == (
        "discard West 西, keep 3-4-5 of characters; Seat 2 discards Pampas junk (second) "
        "and Willow ribbon"
    )
    assert not NOTATION.search(text)
    assert 'class="kit-index"' not in tile_token([Tile.parse("5p")])  # no corner "5p"
    assert 'title="11D"' in card_token(Card.parse("11D"))


@pytest.mark.parametrize(
    "plain",
    [
        "3 fan",
        "2 from ready",
        "12 points",
        "1st, 2nd and 3rd",
        "the 1990s and 10s",
        "8z 0m 10B 13R 1A 1J",  # not tiles, not cards
        "x2s 5pm",
        "it's 7.1%, 7-7-8-9-11",
    ],
)
def test_ordinary_words_and_numbers_are_left_alone(plain: str) -> None:
    html = spoken_html(plain)
    assert "kit-token" not in html
    assert learner_text(html) == plain


def test_everything_else_is_escaped() -> None:
    html = spoken_html('<b>discard</b> 5p & "pass"')
    assert html.startswith("&lt;b&gt;discard&lt;/b&gt; <span")
    assert "&amp; &quot;pass&quot;" in html
    with pytest.raises(TypeError, match="text"):
        spoken_html(None)  # type: ignore[arg-type]


def test_a_suit_letter_standing_alone_is_named() -> None:
    html = spoken_html("name m void: you hold 2 m tiles (m)")
    assert titles(html) == ["m", "m", "m"]
    assert learner_text(html) == "name characters void: you hold 2 characters tiles (characters)"


def test_the_learners_seat_is_you_everywhere_in_a_sentence() -> None:
    assert said_by("seat 0 draws", 0) == "you draw"
    assert said_by("seat 2 kongs seat 0's 9m", 0) == "Seat 2 kongs your 9m"
    assert said_by("seat 0 wins a 2-fan hand on seat 1's discard", 0) == (
        "you win a 2-fan hand on Seat 1's discard"
    )
    assert said_by("seat 1 wins; seat 0 is liable and pays it all (pao)", 0) == (
        "Seat 1 wins; you are liable and pay it all (pao)"
    )
    assert said_by("Seat 2 went out by ppong on seat 0's discard.", 0) == (
        "Seat 2 went out by ppong on your discard."
    )
