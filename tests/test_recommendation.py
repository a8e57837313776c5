"""The coach's answer at a glance: one sentence, at most four rows, over real positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kit.coach import Advice
from kit.games import game
from kit.recommendation import MOST_ROWS, alike, closest, recommendation, simple_choice
from kit.render.coaching import advice_html


def positions(key: str, deals: int = 3) -> list[Advice]:
    """The coach's advice at seat 0's decisions in a few seeded deals played by the coach."""
    g = game(key)
    rules = g.rules()
    found = []
    for seed in range(deals):
        table = g.engine.deal(rules, seed=seed)
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            if seat == 0 and len(view.legal_actions()) > 1:
                found.append(g.coach.advise(view))
            table.apply(g.bots["coach"](view))
    return found


@pytest.fixture(scope="module", params=["sichuan", "hongkong", "nylonppong"])
def advices(request: Any) -> list[Advice]:
    return positions(request.param)


def test_the_sentence_names_the_best_option_and_its_reason(advices: list[Advice]) -> None:
    for advice in advices:
        said = recommendation(advice)
        best = advice.best
        thrown = best.label.removeprefix("discard ")
        assert said.startswith(
            f"Throw {thrown}:"
            if best.label.startswith("discard ")
            else best.label[:1].upper() + best.label[1:] + ":"
        ), said
        assert ".." not in said and "?." not in said
        other = simple_choice(advice)
        if other is not None and "The simple rule" in said:
            assert f"would choose {other.label}," in said


def test_the_glance_has_the_best_first_your_choice_and_at_most_four_rows(
    advices: list[Advice],
) -> None:
    rng = random.Random(3)
    for advice in advices:
        chosen = rng.choice(advice.options)
        glance = closest(advice, chosen.action)
        assert glance[0] is advice.best and len(glance) <= MOST_ROWS
        assert chosen in glance or any(chosen in alike(advice, o, glance) for o in glance)
        ranks = [advice.options.index(o) for o in glance]
        assert ranks == sorted(ranks)


def test_the_panel_leads_with_the_sentence_and_keeps_every_option_behind_show_all(
    advices: list[Advice],
) -> None:
    for advice in advices[:6]:
        html = advice_html(advice)
        assert html.startswith("<div class='kit-coach-lead'")
        if len(advice.options) > MOST_ROWS:
            assert "kit-coach-all" in html and f"Show all {len(advice.options)} options" in html
        assert "kit-coach-method" in html or advice.method is None


def test_a_ranking_that_departs_from_the_simple_rule_says_why() -> None:
    departing = [
        (a, recommendation(a)) for a in positions("hongkong", 4) if simple_choice(a) is not None
    ]
    assert departing, "no Hong Kong position where the coach leaves the simple rule"
    explained = [said for _, said in departing if "The simple rule would choose" in said]
    assert explained and all(" is better on " in said for said in explained)
