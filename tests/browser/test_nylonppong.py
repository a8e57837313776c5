"""A round of Nylon-ppong in a real page: lesson 05's play app, followed by the coach in
Voila, up to the round's result and the review, in cards' names and pictures."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    PageRecord,
    Server,
    assert_no_traceback,
    assert_stays_local,
    play_deal_with_coach,
    screenshot_of,
    show_widget,
)

pytestmark = pytest.mark.browser


def test_voila_nylonppong_round_with_the_coach(
    page: Page, voila_server: Server, page_record: PageRecord
) -> None:
    page.goto(f"{voila_server.url}/voila/render/nylon-ppong/05-strategy-simulation.ipynb")
    game = show_widget(page, ".kit-play:has(.kit-round-summary)")
    expect(page.locator("#loading")).to_have_count(0)
    played = play_deal_with_coach(page, game, summary_css=".kit-round-summary")
    assert played, "no decision was the learner's"
    summary = game.locator(".kit-round-summary")
    expect(summary.locator(".kit-review-score")).to_contain_text("matched the coach on")
    expect(game.locator(".kit-coach-panel")).to_be_visible()
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot_of(game, "voila-nylonppong-05-round-with-the-coach")
