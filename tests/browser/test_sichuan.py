"""Sichuan apps in a real page: the hand builder, the payout explorer, and a deal with the coach.

A learner types a hand into the builder of lesson 03 and reads its fan
breakdown; in Voila, lesson 04's payout explorer shows its ledger and charts;
and in Voila, lesson 06's deal is played to its end by clicking, following the
coach, up to the scored hands, the payments and the review.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    JupyterLab,
    PageRecord,
    Server,
    assert_no_traceback,
    assert_stays_local,
    play_deal_with_coach,
    run_all_cells,
    screenshot,
    screenshot_of,
    show_widget,
)

pytestmark = pytest.mark.browser


def test_jupyterlab_sichuan_fan_breakdown(
    page: Page, jupyterlab: JupyterLab, page_record: PageRecord
) -> None:
    run_all_cells(page, jupyterlab, "sichuan/03-fan-and-the-cap.ipynb")
    builder = show_widget(page, ".kit-sichuan-builder")

    text = builder.locator(".kit-hand-text input")
    text.fill("11223344556677p")
    text.press("Enter")
    readout = builder.locator(".kit-readout")
    expect(readout).to_contain_text("full flush 2 + seven pairs 2 = 4 fan")
    expect(readout).to_contain_text("清七对")

    builder.locator(".kit-tile-5p").click()  # a fifteenth tile: refused, last hand kept
    expect(readout).to_contain_text("seven pairs 2")
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "jupyterlab-sichuan-03-fan-breakdown")


def test_voila_sichuan_payout_explorer(
    page: Page, voila_server: Server, page_record: PageRecord
) -> None:
    page.goto(f"{voila_server.url}/voila/render/sichuan/04-wind-and-rain.ipynb")
    explorer = show_widget(page, ".kit-payout-explorer")
    expect(page.locator("#loading")).to_have_count(0)

    expect(explorer.locator(".kit-ledger-A")).to_contain_text("kong transfer")
    expect(explorer.locator(".kit-nets-chart svg.main-svg").first).to_be_visible(timeout=60_000)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "voila-sichuan-04-payout-explorer")


def test_voila_sichuan_deal_with_the_coach(
    page: Page, voila_server: Server, page_record: PageRecord
) -> None:
    page.goto(f"{voila_server.url}/voila/render/sichuan/06-play-with-the-coach.ipynb")
    game = show_widget(page, ".kit-play-sichuan")
    expect(page.locator("#loading")).to_have_count(0)

    # The first decision is the void suit: the Hint button steps through its three levels.
    expect(game.locator(".kit-play-void")).to_have_count(3)
    hint = game.locator(".kit-hint-button")
    for level in (1, 2, 3):
        hint.click()
        expect(game.locator(".kit-hint")).to_contain_text(f"({level}/3)")
    expect(game.locator(".kit-hint")).to_contain_text("Best: name")

    played = play_deal_with_coach(page, game)
    summary = game.locator(".kit-deal-summary")
    expect(summary.locator(".kit-play-ledger")).to_be_visible()
    review = summary.locator(".kit-review")
    expect(review).to_contain_text("Your decisions against the coach's")
    expect(review.locator(".kit-review-table tbody tr")).to_have_count(len(played))
    decisions = f"{len(played)} of {len(played)} decision"
    expect(review.locator(".kit-review-score")).to_contain_text(f"matched the coach on {decisions}")
    assert played[0].startswith("name ") and any(p.startswith("discard ") for p in played)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot_of(game, "voila-sichuan-06-deal-with-the-coach")
