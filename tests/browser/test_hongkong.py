"""Hong Kong in a real page: the hand builder in JupyterLab, the Golden lesson in Voila.

A learner opens lesson 02, clicks 123m456m789m11m and then, in pung mode, a White
dragon, and reads "half flush" and "4 fan" in the builder (reference/hongkong.md#fan). In
Voila, the two-player lesson shows its tables and its economics charts. In
JupyterLab, the same lesson's two-player deal is played to its end by clicking,
following the coach, up to the winning hand (or the draw) and the review.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    JupyterLab,
    PageRecord,
    Server,
    assert_no_traceback,
    assert_plot_rendered,
    assert_stays_local,
    play_deal_with_coach,
    run_all_cells,
    screenshot,
    screenshot_of,
    show_widget,
)

pytestmark = pytest.mark.browser

CONCEALED = ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1m", "1m")


def test_jupyterlab_hong_kong_hand_builder(
    page: Page, jupyterlab: JupyterLab, page_record: PageRecord
) -> None:
    run_all_cells(page, jupyterlab, "hongkong/02-one-fan-patterns.ipynb")
    builder = show_widget(page, ".kit-hk-builder")

    for token in CONCEALED:
        builder.locator(f".kit-tile-{token}").click()
    builder.locator(".kit-add-mode").get_by_role("button", name="pung", exact=True).click()
    builder.locator(".kit-tile-5z").click()

    expect(builder.locator(".kit-hand-text input")).to_have_value("11123456789m[555z]")
    readout = builder.locator(".kit-readout")
    expect(readout).to_contain_text("dragon pung 1 + half flush 3 = 4 fan")
    expect(builder.locator(".kit-error")).to_have_text("")
    assert_no_traceback(page)
    assert_stays_local(page_record)
    builder.scroll_into_view_if_needed()
    screenshot(page, "jupyterlab-hongkong-02-half-flush")


def test_voila_golden_lesson(page: Page, voila_server: Server, page_record: PageRecord) -> None:
    page.goto(f"{voila_server.url}/voila/render/hongkong/07-two-player-golden.ipynb")
    expect(page.locator(".jp-RenderedPlotly svg.main-svg").first).to_be_visible(timeout=180_000)
    expect(page.locator("#loading")).to_have_count(0)

    assert_plot_rendered(page)
    charts = page.locator(".jp-RenderedPlotly svg.main-svg")
    assert charts.count() >= 2, "the economics charts of both table sizes are drawn"
    tables = page.locator(".jp-RenderedHTMLCommon table").all_text_contents()
    assert any("discard" in text and "self_draw" in text for text in tables), (
        "the Golden table is shown as data, with its discard and self-draw columns"
    )
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "voila-hongkong-07-golden")


def test_jupyterlab_two_player_deal_with_the_coach(
    page: Page, jupyterlab: JupyterLab, page_record: PageRecord
) -> None:
    run_all_cells(page, jupyterlab, "hongkong/07-two-player-golden.ipynb")
    game = show_widget(page, ".kit-play-hongkong")
    expect(game).to_contain_text("two-player Golden table")
    expect(game.locator(".kit-seats tbody tr")).to_have_count(2)

    played = play_deal_with_coach(page, game)
    summary = game.locator(".kit-deal-summary")
    expect(summary).to_contain_text("Your net")
    review = summary.locator(".kit-review")
    expect(review.locator(".kit-review-table tbody tr")).to_have_count(len(played))
    decisions = f"{len(played)} of {len(played)} decision"
    expect(review.locator(".kit-review-score")).to_contain_text(f"matched the coach on {decisions}")
    assert any(label.startswith("discard ") for label in played)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot_of(game, "jupyterlab-hongkong-07-two-player-deal")
