"""What the reference and the lessons say about the rules, checked against the kit."""

from __future__ import annotations

import json
import re
from pathlib import Path

from kit.hwatu import DECK, CardKind
from kit.sichuan import score

ROOT = Path(__file__).resolve().parent.parent


def markdown(notebook: str) -> str:
    cells = json.loads((ROOT / "lessons" / notebook).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_every_sichuan_scoring_example_in_the_reference_is_a_win() -> None:
    page = (ROOT / "reference" / "sichuan.md").read_text(encoding="utf-8")
    examples = re.findall(r'`score\("([^"]+)", win="(\w\w)", void="(\w)"\)`', page)
    assert examples, "the Sichuan reference shows no scoring example"
    for hand, win, void in examples:
        assert score(hand, win=win, void=void).wins, (hand, win, void)


def test_the_lesson_counts_the_months_with_two_plain_junk_cards() -> None:
    months = {
        month
        for month in range(1, 13)
        if sum(1 for c in DECK if c.month == month and c.kind is CardKind.JUNK) == 2
    }
    words = {10: "ten", 11: "eleven", 12: "twelve"}[len(months)]
    assert f"{words} months" in markdown("nylon-ppong/01-hwatu-deck.ipynb").lower()


def test_lesson_cross_references_name_the_right_lesson() -> None:
    checked = 0
    for folder in ("sichuan", "hongkong", "nylon-ppong"):
        titles = {
            int(p.name[:2]): p.stem[3:] for p in (ROOT / "lessons" / folder).glob("[0-9][0-9]-*")
        }
        for path in sorted((ROOT / "lessons" / folder).glob("[0-9][0-9]-*.ipynb")):
            text = markdown(f"{folder}/{path.name}")
            for number, target in re.findall(r"\[[Ll]esson (\d+)[^\]]*\]\(([^)]+)\)", text):
                checked += 1
                assert target.split("#")[0].endswith(
                    f"{int(number):02d}-{titles[int(number)]}.ipynb"
                ), (
                    path.name,
                    number,
                    target,
                )
    assert checked, "no lesson links to another lesson by number"


def test_the_nylonppong_turn_direction_is_given() -> None:
    page = (ROOT / "reference" / "nylon-ppong.md").read_text(encoding="utf-8")
    assert "counter-clockwise" in page
    assert "counter-clockwise" in markdown("nylon-ppong/02-turn-ppong-stop.ipynb")
