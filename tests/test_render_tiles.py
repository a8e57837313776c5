"""Mahjong tile pictures: well-formed, self-contained, and telling each tile apart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest

from kit.mahjong.tiles import TILES, Hand, Tile
from kit.render import TILE_FONT, hand_html, tile_back_svg, tile_svg, tiles_html

SVG = "{http://www.w3.org/2000/svg}"

WINNING_HAND = "123m456p789s11z[555z](7777p)"


def parse(markup: str) -> ET.Element:
    """Parse a fragment as XML; HTML output is wrapped in one root so it parses too."""
    return ET.fromstring(f"<root>{markup}</root>")


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def having(root: ET.Element, css_class: str, tag: str = "*") -> list[ET.Element]:
    return [node for node in root.iter(tag) if css_class in classes(node)]


def texts(svg: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in svg.iter(f"{SVG}text")]


def faces(root: ET.Element) -> list[str | None]:
    """The notation of each tile face drawn, in order."""
    return [svg.get("data-tile") for svg in having(root, "kit-tile", f"{SVG}svg")]


@pytest.mark.parametrize("tile", TILES, ids=str)
def test_every_tile_is_well_formed_svg_with_its_title(tile: Tile) -> None:
    svg = ET.fromstring(tile_svg(tile))
    label = f"{tile.name} ({tile.chinese}) — {tile.notation()}"
    assert svg.tag == f"{SVG}svg"
    assert svg.get("class") == "kit-tile"
    assert svg.get("role") == "img"
    assert svg.get("aria-label") == label
    title = svg.find(f"{SVG}title")
    assert title is not None
    assert title.text == label
    assert svg.get("data-tile") == tile.notation()
    assert svg.get("font-family") == TILE_FONT


def test_titles_read_as_the_tile_is_called() -> None:
    assert ET.fromstring(tile_svg(Tile.parse("5p"))).get("aria-label") == "5 dots (五筒) — 5p"
    assert ET.fromstring(tile_svg(Tile.parse("1z"))).get("aria-label") == "East wind (東) — 1z"
    assert ET.fromstring(tile_svg(Tile.parse("7z"))).get("aria-label") == "Red dragon (中) — 7z"


@pytest.mark.parametrize("width", [28, 36, 60])
def test_tiles_keep_their_three_by_four_proportions(width: int) -> None:
    for svg in (ET.fromstring(tile_svg(Tile.parse("9s"), width=width)), _back(width)):
        assert svg.get("width") == str(width)
        assert float(svg.get("height", "0")) == pytest.approx(width * 4 / 3, abs=0.01)
        assert svg.get("viewBox") == "0 0 75 100"


def _back(width: int) -> ET.Element:
    return ET.fromstring(tile_back_svg(width=width))


@pytest.mark.parametrize("width", [0, -5, True, 2.5])
def test_a_width_that_is_no_size_is_refused(width: int) -> None:
    hand = Hand.parse("11z")
    draws: list[Callable[[], str]] = [
        lambda: tile_svg(TILES[0], width=width),
        lambda: tile_back_svg(width=width),
        lambda: tiles_html(TILES[:3], width=width),
        lambda: tiles_html([], width=width),
        lambda: hand_html(hand, width=width),
    ]
    for draw in draws:
        with pytest.raises(ValueError, match="width"):
            draw()


def _drawing(svg: str) -> str:
    """The picture alone: no title, label, notation or corner index."""
    return re.sub(
        r"<title>.*?</title>|aria-label=\"[^\"]*\"|data-tile=\"[^\"]*\""
        r"|<text [^>]*class=\"kit-index\"[^>]*>.*?</text>",
        "",
        svg,
    )


def test_the_34_pictures_all_differ_even_without_their_index() -> None:
    drawings = {_drawing(tile_svg(tile)) for tile in TILES}
    assert len(drawings) == 34


def test_every_tile_carries_a_small_index() -> None:
    expected = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [
        "E",
        "S",
        "W",
        "N",
        "Wh",
        "G",
        "R",
    ]
    found = []
    for tile in TILES:
        svg = ET.fromstring(tile_svg(tile))
        (index,) = having(svg, "kit-index", f"{SVG}text")
        found.append(index.text)
    assert found == expected


@pytest.mark.parametrize("tile", [t for t in TILES if t.suit == "p"], ids=str)
def test_dots_show_as_many_pips_as_their_number(tile: Tile) -> None:
    svg = ET.fromstring(tile_svg(tile))
    assert len(having(svg, "kit-pip")) == tile.number
    assert having(svg, "kit-stick") == []


@pytest.mark.parametrize("tile", [t for t in TILES if t.suit == "s"], ids=str)
def test_bamboo_show_as_many_sticks_as_their_number(tile: Tile) -> None:
    """The 1 of bamboo is a bird, perched on its one stick."""
    svg = ET.fromstring(tile_svg(tile))
    assert len(having(svg, "kit-stick")) == tile.number
    assert having(svg, "kit-pip") == []


def test_only_characters_winds_and_two_dragons_need_a_font() -> None:
    for tile in TILES:
        glyphs = [node.text for node in having(ET.fromstring(tile_svg(tile)), "kit-glyph")]
        if tile.suit == "m":
            assert glyphs == [tile.chinese[0], "万"], tile
        elif tile.is_honour and tile.number != 5:
            assert glyphs == [tile.chinese], tile
        else:
            assert glyphs == [], tile  # dots, bamboo and the White dragon are drawn


def test_dragons_wear_their_colours() -> None:
    red, green, white = (ET.fromstring(tile_svg(Tile.parse(f"{n}z"))) for n in (7, 6, 5))
    (red_glyph,) = having(red, "kit-glyph")
    (green_glyph,) = having(green, "kit-glyph")
    assert red_glyph.get("fill") == "#c62828"
    assert green_glyph.get("fill") == "#18793a"
    frames = [r for r in white.iter(f"{SVG}rect") if r.get("fill") == "none"]
    assert len(frames) == 2
    assert {r.get("stroke") for r in frames} == {"#1d4f9c"}


def test_the_back_says_nothing_of_the_tile() -> None:
    svg = _back(36)
    assert svg.get("class") == "kit-tile-back"
    assert texts(svg) == []
    assert svg.get("aria-label") == "face-down tile"


def test_no_url_but_the_svg_namespace() -> None:
    everything = "".join(
        [
            *(tile_svg(tile, width=28) for tile in TILES),
            tile_back_svg(),
            tiles_html([]),
            hand_html(Hand.parse(WINNING_HAND), win=Tile.parse("1z")),
        ]
    )
    assert set(re.findall(r"https?://[^\s\"'<>]+", everything)) == {"http://www.w3.org/2000/svg"}
    assert "<img" not in everything
    assert "@import" not in everything
    assert "url(" not in everything
    assert "<style" not in everything


def test_a_row_holds_one_face_per_tile_in_order() -> None:
    tiles = Hand.parse("19m19p19s1234567z").concealed
    html = tiles_html(tiles, width=28, caption="thirteen orphans")
    root = parse(html)
    assert faces(root) == [tile.notation() for tile in tiles]
    assert all(svg.get("width") == "28" for svg in having(root, "kit-tile", f"{SVG}svg"))
    assert having(root, "kit-tiles", "div")
    assert html.index("thirteen orphans") > html.rindex("</svg>")


def test_an_empty_row_says_so() -> None:
    html = tiles_html([])
    assert "(no tiles)" in html
    assert 'class="kit-tiles"' in html
    parse(html)
    assert "(no tiles)" in hand_html(Hand())


def test_captions_are_escaped() -> None:
    html = tiles_html(TILES[:2], caption='<script>alert("x")</script> & more')
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "&amp; more" in html
    parse(html)


def test_a_hand_shows_its_melds_each_apart_and_labelled() -> None:
    root = parse(hand_html(Hand.parse("11z[123s][9999m](7777p)[555z]")))
    (hand,) = having(root, "kit-hand", "div")
    groups = [child for child in hand if "kit-group" in classes(child)]
    assert faces(groups[0]) == ["1z", "1z"]
    melds = groups[1:]
    assert [group.get("data-meld") for group in melds] == [
        "[123s]",
        "[9999m]",
        "(7777p)",
        "[555z]",
    ]
    labels = ["".join(node.itertext()) for group in melds for node in having(group, "kit-label")]
    assert labels == ["chow", "kong", "concealed kong", "pung"]
    assert faces(melds[0]) == ["1s", "2s", "3s"]
    assert faces(melds[1]) == ["9m"] * 4


def test_a_concealed_kong_lies_back_face_face_back() -> None:
    root = parse(hand_html(Hand.parse("(7777p)")))
    (kong,) = having(root, "kit-concealed", "div")
    svgs = list(kong.iter(f"{SVG}svg"))
    assert [svg.get("class") for svg in svgs] == [
        "kit-tile-back",
        "kit-tile",
        "kit-tile",
        "kit-tile-back",
    ]
    assert faces(kong) == ["7p", "7p"]


def test_the_winning_tile_is_set_apart_at_the_end() -> None:
    hand = Hand.parse(WINNING_HAND)
    root = parse(hand_html(hand, win=Tile.parse("1z"), width=28))
    (shown,) = having(root, "kit-hand", "div")
    groups = [child for child in shown if "kit-group" in classes(child)]
    assert faces(groups[0]) == [t.notation() for t in hand.concealed[:-1]]  # one 1z left
    assert faces(groups[0]).count("1z") == 1
    win = groups[-1]
    assert "kit-win" in classes(win)
    assert faces(win) == ["1z"]
    assert "winning tile" in "".join(win.itertext())
    assert all(svg.get("width") == "28" for svg in root.iter(f"{SVG}svg"))


def test_a_winning_tile_must_be_in_the_hand() -> None:
    with pytest.raises(ValueError, match="5p"):
        hand_html(Hand.parse("11z"), win=Tile.parse("5p"))


def test_a_hand_of_melds_only_still_shows_its_winning_tile() -> None:
    root = parse(hand_html(Hand.parse("5p[555z]"), win=Tile.parse("5p")))
    (shown,) = having(root, "kit-hand", "div")
    assert [classes(child)[1] for child in shown] == ["kit-exposed", "kit-win"]
    assert "(no tiles)" not in ET.tostring(root, "unicode")


def test_values_render_through_their_repr_html() -> None:
    tile = Tile.parse("6z")
    assert tile._repr_html_() == tile_svg(tile)
    hand = Hand.parse(WINNING_HAND)
    assert hand._repr_html_() == hand_html(hand)
