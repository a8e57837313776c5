"""The Nylon-ppong hand builder in a real page: JupyterLab and Voila.

A learner opens lesson 03, picks six cards that form a straight, and reads the
combination and its score in the widget.  Both tests save a screenshot in
``test-artifacts/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .harness import (
    JupyterLab,
    PageRecord,
    Server,
    assert_no_traceback,
    assert_plot_rendered,
    assert_stays_local,
    run_all_cells,
    screenshot,
    show_widget,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "nylon-ppong/03-combinations.ipynb"
STRAIGHT = ("3B", "4A", "5A", "6A", "7A", "8B")


def build_straight(builder: Locator) -> None:
    """Pick the six cards of a straight, then read the combination and its score."""
    for token in STRAIGHT:
        builder.locator(f".kit-card-{token}").click()
    readout = builder.locator(".kit-readout")
    expect(readout).to_contain_text("Straight")
    expect(readout).to_contain_text("\N{MINUS SIGN}33")


def test_jupyterlab_hand_builder(
    page: Page, jupyterlab: JupyterLab, page_record: PageRecord
) -> None:
    run_all_cells(page, jupyterlab, NOTEBOOK)
    builder = show_widget(page, ".kit-hand-builder")

    build_straight(builder)
    assert_plot_rendered(page)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "jupyterlab-03-combinations-straight")


def test_voila_hand_builder(page: Page, voila_server: Server, page_record: PageRecord) -> None:
    page.goto(f"{voila_server.url}/voila/render/{NOTEBOOK}")
    builder = show_widget(page, ".kit-hand-builder")
    expect(page.locator("#loading")).to_have_count(0)

    build_straight(builder)
    assert_plot_rendered(page)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "voila-03-combinations-straight")
