"""The result views: a Nylon-ppong round in play, a Sichuan score, a Sichuan deal."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from kit.nylonppong.bots import greedy
from kit.nylonppong.game import Round
from kit.nylonppong.rules import Rules
from kit.render import deal_html, round_html, score_html
from kit.sichuan import PATTERNS, score
from kit.sichuan.settle import Ledger

SVG = "{http://www.w3.org/2000/svg}"
NAMES = {pattern.key: pattern for pattern in PATTERNS}


def parse(markup: str) -> ET.Element:
    """Parse a fragment as XML, wrapped in one root: the views must be well formed."""
    return ET.fromstring(f"<root>{markup}</root>")


def text(node: ET.Element) -> str:
    return " ".join("".join(node.itertext()).split())


def by_class(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [node for node in root.iter() if css_class in (node.get("class") or "").split()]


def svg_classes(node: ET.Element) -> list[str]:
    return [svg.get("class", "") for svg in node.iter(f"{SVG}svg")]


def urls(markup: str) -> set[str]:
    return set(re.findall(r"https?://[^\s\"'<>]+", markup))


# --- A Nylon-ppong round in play --------------------------------------------------------


def round_in_play(seed: int = 0, turns: int = 8) -> Round:
    """A 4-seat round played by bots until ``turns`` turns have started, with a ppong laid out."""
    for attempt in range(seed, seed + 500):
        round_ = Round.deal(Rules(), dealer=0, seed=attempt)
        while round_.phase != "over":
            if round_.turns >= turns and any(round_.laid) and round_.phase == "draw":
                return round_
            seat = round_.to_move()[0]
            round_.apply(greedy(round_.view(seat)))
    raise AssertionError("no bot round reached a ppong in time")


def test_round_shows_every_hand_by_default_and_marks_whose_turn_it_is() -> None:
    round_ = round_in_play()
    html = round_html(round_)
    root = parse(html)
    rows = by_class(root, "kit-seat")
    assert len(rows) == round_.players
    for seat, row in enumerate(rows):
        cells = row.findall("td")
        assert text(cells[0]).startswith(f"Seat {seat}")
        assert ("◀" in text(cells[0])) == (seat == round_.turn)
        faces = [svg.get("data-card") for svg in cells[1].iter(f"{SVG}svg")]
        assert faces == [card.notation() for card in round_.hands[seat]]
        laid = [svg.get("data-card") for svg in cells[2].iter(f"{SVG}svg")]
        assert laid == [card.notation() for card in round_.laid[seat]]
        assert text(cells[3]) == str(sum(card.month for card in round_.hands[seat]))
    assert html.count("◀") == 1
    assert "kit-card-back" not in html
    assert round_._repr_html_() == html


def test_round_shows_the_top_discard_its_discarder_and_the_piles() -> None:
    round_ = round_in_play()
    card, discarder = round_.discards[-1]
    root = parse(round_html(round_))
    side = by_class(root, "kit-table-side")[0]
    assert [svg.get("data-card") for svg in side.iter(f"{SVG}svg")] == [card.notation()]
    assert f"top discard, from Seat {discarder}" in text(side)
    assert f"{len(round_.discards)} cards in the discard pile" in text(side)
    assert f"{len(round_.pile)} cards in the draw pile" in text(side)


def test_round_hides_the_hands_not_revealed_and_uses_the_names_given() -> None:
    round_ = round_in_play()
    root = parse(round_html(round_, reveal=[0], names={0: "You"}))
    rows = by_class(root, "kit-seat")
    assert text(rows[0].findall("td")[0]).startswith("You")
    assert svg_classes(rows[0].findall("td")[1]) == ["kit-card-face"] * len(round_.hands[0])
    for seat, row in enumerate(rows[1:], start=1):
        cells = row.findall("td")
        assert text(cells[0]).startswith(f"Seat {seat}")
        assert svg_classes(cells[1]) == ["kit-card-back"] * len(round_.hands[seat])
        assert "data-card" not in ET.tostring(cells[1], "unicode")
        assert text(cells[3]) == "–"
        # Laid-out cards are on the table for everyone to see.
        assert svg_classes(cells[2]).count("kit-card-face") == len(round_.laid[seat])


def test_round_notes_the_seat_that_may_ppong_out_of_turn() -> None:
    for seed in range(300):
        round_ = Round.deal(Rules(), dealer=0, seed=seed)
        while round_.phase != "over" and round_.claimant() is None:
            round_.apply(greedy(round_.view(round_.to_move()[0])))
        if round_.claimant() is not None:
            break
    claimant = round_.claimant()
    assert claimant is not None
    rows = by_class(parse(round_html(round_)), "kit-seat")
    noted = [seat for seat, row in enumerate(rows) if "may ppong out of turn" in text(row)]
    assert noted == [claimant]


def test_a_fresh_deal_has_no_discards_yet() -> None:
    round_ = Round.deal(Rules(players=3), dealer=1, seed=7)
    html = round_html(round_)
    assert "no discards yet" in html
    assert "Seat 1 to draw, ppong or stop" in html
    assert "33 cards in the draw pile" in html


def test_a_finished_round_shows_every_hand_and_its_summary() -> None:
    round_ = Round.deal(Rules(), dealer=0, seed=1)
    round_.play([greedy] * 4)
    assert round_.result is not None
    html = round_html(round_, reveal=[0])
    root = parse(html)
    assert "kit-card-back" not in html
    assert "◀" not in html
    caption = root.find(".//caption")
    assert caption is not None
    assert text(caption) == round_.result.describe()


def test_the_play_widget_shows_the_learners_hand_only() -> None:
    from kit.widgets.nylonppong import PlayRound

    game = PlayRound(seed=4)
    assert game.round.phase != "over"
    rows = by_class(parse(game.table.value), "kit-seat")
    assert text(rows[0]).startswith("You")
    for seat, row in enumerate(rows):
        hand = row.findall("td")[1]
        expected = "kit-card-face" if seat == PlayRound.HUMAN else "kit-card-back"
        assert set(svg_classes(hand)) == {expected}


# --- A Sichuan score --------------------------------------------------------------------


def test_a_winning_score_shows_hand_name_breakdown_and_patterns() -> None:
    result = score("11223344556677p", win="7p", void="m")
    html = score_html(result)
    root = parse(html)
    block = root[0]
    assert block.get("class") == "kit-score"
    tiles = [svg.get("data-tile") for svg in block.iter(f"{SVG}svg")]
    assert sorted(tiles) == sorted(tile.notation() for tile in result.hand.concealed)
    win = by_class(block, "kit-win")[0]
    assert [svg.get("data-tile") for svg in win.iter(f"{SVG}svg")] == ["7p"]
    verdict = text(by_class(block, "kit-verdict")[0])
    assert "清七对" in verdict
    assert "pure seven pairs" in verdict
    assert "4 fan" in verdict
    assert text(by_class(block, "kit-breakdown")[0]) == result.breakdown
    table = by_class(block, "kit-patterns")[0]
    rows = [[text(cell) for cell in row.findall("td")] for row in table.findall("./tbody/tr")]
    assert rows == [
        [NAMES["full-flush"].english, NAMES["full-flush"].chinese, "2"],
        [NAMES["seven-pairs"].english, NAMES["seven-pairs"].chinese, "2"],
    ]
    assert "does not win" not in html
    assert result._repr_html_() == html


def test_a_capped_score_lists_every_pattern_with_its_fan() -> None:
    result = score("11112233445566p", win="6p", void="m")
    html = score_html(result)
    assert "清龙七对" in html and "pure dragon seven pairs" in html
    assert "= 5 fan, capped at 4 → ×16" in html
    table = by_class(parse(html), "kit-patterns")[0]
    cells = [row.findall("td") for row in table.findall("./tbody/tr")]
    assert {text(row[0]): text(row[2]) for row in cells} == {
        "root": "1",
        "full flush": "2",
        "seven pairs": "2",
    }


@pytest.mark.parametrize(
    ("hand", "win", "void", "reason"),
    [
        ("123m456m789p11p245p", "1p", "s", "not four groups and a pair, nor seven pairs"),
        ("123m456m789m11m456p", "1m", "p", "holds a tile of the void suit (p)"),
    ],
)
def test_a_losing_score_says_why_and_lists_no_pattern(
    hand: str, win: str, void: str, reason: str
) -> None:
    result = score(hand, win=win, void=void)
    assert not result.wins
    html = score_html(result)
    root = parse(html)
    assert text(by_class(root, "kit-verdict")[0]) == f"does not win: {reason}"
    assert by_class(root, "kit-patterns") == []
    assert len(list(root.iter(f"{SVG}svg"))) == 14
    assert result._repr_html_() == html


# --- A Sichuan deal ---------------------------------------------------------------------


def deal_to_the_wall() -> Ledger:
    """A kong, a win on a discard, then the wall runs out: a pig, a ready and a not-ready seat."""
    deal = Ledger()
    deal.kong(1, "concealed")
    deal.win(0, fan=2, discarder=3)
    deal.wall_empty(
        {1: "(1111p)2468p2468p99p", 2: "1112223334445m", 3: "13579m2468m1357s"},
        voids={1: "m", 2: "p", 3: "s"},
    )
    return deal


def test_a_deal_lists_its_events_in_order() -> None:
    deal = deal_to_the_wall()
    root = parse(deal_html(deal))
    events = by_class(root, "kit-events")[0]
    assert [text(li) for li in events.iter("li")] == [
        "seat 1 makes a concealed kong",
        "seat 0 wins a 2-fan hand on seat 3's discard",
        "the wall is empty",
    ]
    checks = [text(li) for li in by_class(root, "kit-wall-checks")[0].iter("li")]
    assert checks[0] == "seat 1: not ready"
    assert checks[1].startswith("seat 2: ready, waiting on ")
    assert "2 of characters" in checks[1]  # the tile by picture and name, not its notation
    assert checks[2].startswith("seat 3: flower pig")


def test_the_wall_checks_read_well_for_you() -> None:
    """In a play widget the learner's seat is "You": each check still reads as a sentence."""
    deal = deal_to_the_wall()
    for you in (2, 3):
        root = parse(deal_html(deal, you=you))
        checks = [text(li) for li in by_class(root, "kit-wall-checks")[0].iter("li")]
        mine = next(line for line in checks if line.startswith("You:"))
        assert " its " not in f" {mine} "
    assert mine == "You: flower pig (a tile of the void suit still in hand)"


def test_a_deal_shows_every_transfer_in_its_ledger() -> None:
    deal = deal_to_the_wall()
    table = by_class(parse(deal_html(deal)), "kit-ledger")[0]
    rows = [[text(cell) for cell in row.findall("td")] for row in table.findall("./tbody/tr")]
    assert rows == [
        [str(t.event + 1), f"seat {t.payer} → seat {t.payee}", str(t.amount), t.reason]
        for t in deal.transfers
    ]
    reasons = {t.reason for t in deal.transfers}
    assert reasons == {"concealed kong", "win on discard", "flower pig", "not ready", "refund"}


def test_a_deal_shows_each_seats_net_green_or_red() -> None:
    deal = deal_to_the_wall()
    assert deal.net == [4, 8, 24, -36]
    table = by_class(parse(deal_html(deal)), "kit-net")[0]
    rows = table.findall("./tbody/tr")
    assert [text(row.findall("td")[1]) for row in rows] == ["+4", "+8", "+24", "−36"]
    colours = [row.findall("td")[1].get("style", "") for row in rows]
    assert ["#2e7d32" in style for style in colours] == [True, True, True, False]
    assert "#c62828" in colours[3]
    assert "won 1st" in text(rows[0])
    assert deal._repr_html_() == deal_html(deal)


def test_an_empty_deal_says_nothing_happened_yet() -> None:
    html = deal_html(Ledger())
    assert "no events yet" in html
    assert "no payments yet" in html
    rows = by_class(parse(html), "kit-net")[0].findall("./tbody/tr")
    assert [text(row.findall("td")[1]) for row in rows] == ["0"] * 4


def test_result_views_are_self_contained() -> None:
    everything = "".join(
        [
            round_html(round_in_play()),
            score_html(score("11223344556677p", win="7p", void="m")),
            deal_html(deal_to_the_wall()),
        ]
    )
    assert urls(everything) == {"http://www.w3.org/2000/svg"}
    assert "<img" not in everything
    assert "url(" not in everything


def test_rules_show_as_a_table_with_house_rules_marked() -> None:
    from kit.hongkong import Rules as HongKong
    from kit.nylonppong import Rules as NylonPpong
    from kit.sichuan import Rules as Sichuan

    plain = Sichuan()._repr_html_()
    assert "kit-rules" in plain and "house rule" not in plain
    changed = NylonPpong(stop_limit=10)._repr_html_()
    assert changed.count("house rule") == 1 and "default 5" in changed
    golden = HongKong(players=2, table="full-spicy")._repr_html_()
    assert golden.count("house rule") == 2  # players and table; the golden table follows
    assert "from the four-player table" in golden
