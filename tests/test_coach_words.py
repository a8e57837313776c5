"""The coach's facts read as a learner says them: chances as percentages, other numbers
without trailing zeros, whatever the number's size."""

from __future__ import annotations

import re

from kit.coach import Advice, Option
from kit.hongkong.coach import HongKongFacts, discard_advice
from kit.nylonppong.coach import NylonPpongFacts
from kit.render.coaching import advice_html


def test_a_fraction_that_is_not_a_chance_is_not_shown_as_a_percentage() -> None:
    half = Option("1m", "discard 1m", HongKongFacts(expected_fan=0.5), "a pair may become a pung")
    advice = Advice("discard", "Count the fan.", (half,))
    assert advice.hint(2) == "The best, discard 1m: expected fan 0.5."
    assert "50.0%" not in advice_html(advice)


def test_a_chance_is_shown_as_a_percentage() -> None:
    odds = Option("9", "discard 9", NylonPpongFacts(outs=3, chance=0.075), "keeps the outs")
    advice = Advice("discard", "Count the cards that help.", (odds,))
    assert advice.hint(2) == "The best, discard 9: outs 3, chance 7.5%."
    assert "7.5%" in advice_html(advice)


def test_the_coach_table_shows_no_trailing_zeros() -> None:
    html = advice_html(discard_advice("19m19p19s12345677z"))
    assert "expected fan" in html
    assert not re.search(r">\s*\d+\.00\s*<", html)
