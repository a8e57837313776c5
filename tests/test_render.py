"""The SVG/HTML renderers: well-formed, self-contained, and showing what a learner needs."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from kit.hwatu import DECK, Card, CardKind, Hand
from kit.nylonppong.bots import greedy
from kit.nylonppong.game import DealResult, Round
from kit.nylonppong.rules import Combination, Rules, best_combination
from kit.render import (
    card_back_svg,
    card_svg,
    cards_html,
    combination_html,
    month_strip_html,
    round_result_html,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    """Parse a fragment as XML; HTML output is wrapped in one root so it parses too."""
    return ET.fromstring(f"<root>{markup}</root>")


def texts(svg: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in svg.iter(f"{SVG}text")]


def urls(markup: str) -> set[str]:
    return set(re.findall(r"https?://[^\s\"'<>]+", markup))


def played_round() -> DealResult:
    return Round.deal(Rules(), dealer=0, seed=1).play([greedy] * 4)


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_face_is_well_formed_svg_with_number_and_title(card: Card) -> None:
    svg = ET.fromstring(card_svg(card))
    assert svg.tag == f"{SVG}svg"
    assert svg.get("class") == "kit-card-face"
    assert svg.get("role") == "img"
    assert svg.get("aria-label") == card.describe()
    title = svg.find(f"{SVG}title")
    assert title is not None
    assert title.text == card.describe()
    assert str(card.month) in texts(svg)
    assert card.month_info.colour in card_svg(card)


@pytest.mark.parametrize("width", [40, 56, 90])
def test_faces_keep_hwatu_proportions(width: int) -> None:
    svg = ET.fromstring(card_svg(Card.parse("8B"), width=width))
    assert svg.get("width") == str(width)
    assert float(svg.get("height", "0")) == pytest.approx(width * 1.6)
    assert svg.get("viewBox") == "0 0 100 160"


@pytest.mark.parametrize("width", [0, -5, True])
def test_a_width_that_is_no_size_is_refused(width: int) -> None:
    with pytest.raises(ValueError, match="width"):
        card_svg(Card.parse("1B"), width=width)


def test_faces_of_different_types_differ_and_show_their_korean_name() -> None:
    faces = {card: card_svg(card) for card in DECK}
    for card, face in faces.items():
        label = "열" if card.kind is CardKind.ANIMAL else card.kind.korean
        assert label in texts(ET.fromstring(face)), card
    # Within a month, cards of different types never draw the same face.
    for month in range(1, 13):
        cards = [card for card in DECK if card.month == month]
        by_kind = {(c.kind, c.ribbon): _drawing(faces[c]) for c in cards}
        assert len(set(by_kind.values())) == len(by_kind), month


def _drawing(face: str) -> str:
    """The drawing alone: the parts a type mark must change, not the words."""
    return re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"|data-card=\"[^\"]*\"", "", face)


def test_types_are_marked_the_same_way_across_months() -> None:
    """Every bright carries 光, every double junk a ×2, every red poem ribbon its writing."""
    for card in DECK:
        words = texts(ET.fromstring(card_svg(card)))
        assert ("光" in words) == (card.kind is CardKind.BRIGHT), card
        assert ("×2" in words) == (card.kind is CardKind.DOUBLE_JUNK), card
        assert ("홍" in words) == (card.ribbon == "red poem"), card


def test_the_four_cards_of_a_month_share_its_colour_and_plant_name() -> None:
    for month in range(1, 13):
        faces = [ET.fromstring(card_svg(c)) for c in DECK if c.month == month]
        bands = [texts(face)[-1] for face in faces]
        assert len(set(bands)) == 1, bands


def test_card_back_is_red_and_says_nothing_of_the_card() -> None:
    svg = ET.fromstring(card_back_svg(width=40))
    assert svg.get("class") == "kit-card-back"
    assert svg.get("height") == "64"
    assert texts(svg) == []
    assert "#b3261e" in card_back_svg()


def test_no_url_but_the_svg_namespace() -> None:
    everything = "".join(
        [
            month_strip_html(),
            card_back_svg(),
            cards_html([]),
            round_result_html(played_round()),
            combination_html(_combination([3, 4, 5, 6, 7, 8])),
        ]
    )
    assert urls(everything) == {"http://www.w3.org/2000/svg"}
    assert "<img" not in everything
    assert "@import" not in everything
    assert "url(" not in everything


def test_captions_are_escaped() -> None:
    html = cards_html([Card.parse("1B")], caption='<script>alert("x")</script> & more')
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "&amp; more" in html
    parse(html)


def test_an_empty_row_says_so() -> None:
    html = cards_html([])
    assert "(no cards)" in html
    assert 'class="kit-cards"' in html
    parse(html)
    assert "(no cards)" in cards_html(Hand())


def test_a_hand_row_holds_one_face_per_card() -> None:
    hand = Hand.parse("1B 3R 8A 11D 12R")
    html = cards_html(hand, width=40, caption="five cards")
    root = parse(html)
    faces = [svg for svg in root.iter(f"{SVG}svg") if svg.get("class") == "kit-card-face"]
    assert [svg.get("data-card") for svg in faces] == ["1B", "3R", "8A", "11D", "12R"]
    assert all(svg.get("width") == "40" for svg in faces)
    assert '<div class="kit-cards" style="display:flex;gap:4px;flex-wrap:wrap">' in html
    assert html.index("five cards") > html.rindex("</svg>")


def test_values_render_through_their_repr_html() -> None:
    card = Card.parse("3B")
    assert card._repr_html_() == card_svg(card)
    hand = Hand.parse("3B 4A")
    assert hand._repr_html_() == cards_html(hand.cards)


def _combination(months: list[int]) -> Combination:
    found = best_combination(months)
    assert found is not None
    return found


def test_combination_block_names_value_and_explains() -> None:
    combination = _combination([3, 4, 5, 6, 7, 8])
    html = combination_html(combination)
    root = parse(html)
    block = root[0]
    assert block.get("class") == "kit-combination"
    text = "".join(block.itertext())
    assert "Straight" in text
    assert "−33" in text
    assert "six consecutive months" in text
    assert combination._repr_html_() == html


def test_round_result_has_one_row_per_seat_and_highlights_the_best() -> None:
    result = played_round()
    html = round_result_html(result)
    root = parse(html)
    table = root[0]
    assert table.tag == "table"
    assert table.get("class") == "kit-round-result"
    caption = table.find("caption")
    assert caption is not None
    assert "".join(caption.itertext()) == result.describe()
    rows = table.findall("./tbody/tr")
    assert len(rows) == len(result.penalties) == Rules().players
    for seat, row in enumerate(rows):
        cells = row.findall("td")
        assert "".join(cells[0].itertext()).startswith(str(seat))
        faces = [s for s in cells[1].iter(f"{SVG}svg") if s.get("class") == "kit-card-face"]
        assert [s.get("data-card") for s in faces] == result.hands[seat].notation().split()
        assert all(s.get("width") == "34" for s in faces)
        assert "".join(cells[3].itertext()) == str(result.hands[seat].total)
    best = [i for i, p in enumerate(result.penalties) if p == min(result.penalties)]
    highlighted = [
        i for i, row in enumerate(rows) if 'class="kit-best"' in ET.tostring(row, "unicode")
    ]
    assert highlighted == best
    assert result._repr_html_() == html


def test_laid_out_ppong_cards_are_shown_dimmed() -> None:
    result = next(r for r in map(_round, range(200)) if any(r.laid))
    html = round_result_html(result)
    for laid in result.laid:
        for card in laid:
            assert f'data-card="{card.notation()}"' in html
    assert "opacity:0.45" in html


def _round(seed: int) -> DealResult:
    return Round.deal(Rules(), dealer=0, seed=seed).play([greedy] * 4)


def test_month_strip_lays_out_the_deck_month_by_month() -> None:
    strip = month_strip_html()
    root = parse(strip)
    rows = [div for div in root.iter("div") if div.get("class") == "kit-month-row"]
    assert len(rows) == 12
    for month, row in enumerate(rows, start=1):
        faces = [s.get("data-card") for s in row.iter(f"{SVG}svg")]
        assert faces == [c.notation() for c in DECK if c.month == month]
        assert f"value {month}" in "".join(row.itertext())
    assert "(no cards)" not in strip


def test_render_imports_no_jupyter() -> None:
    code = (
        "import sys, kit.render\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "{'IPython', 'ipywidgets', 'plotly', 'ipykernel', 'traitlets'}]\n"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
