"""Sichuan apps in a real page: the hand builder's fan breakdown, and the payout explorer.

A learner types a hand into the builder of lesson 03 and reads its fan
breakdown; in Voila, lesson 04's payout explorer shows its ledger and charts.
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
    run_all_cells,
    screenshot,
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
