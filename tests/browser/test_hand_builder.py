"""The Nylon-ppong hand builder in a real page: JupyterLab and Voila.

A learner opens lesson 03, picks six cards that form a straight, and reads the
combination and its score in the widget.  Both tests save a screenshot in
``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .harness import JupyterLab, PageRecord, Server, screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "nylon-ppong/03-combinations.ipynb"
STRAIGHT = ("3B", "4A", "5A", "6A", "7A", "8B")
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'
# Voila's page asks a CDN for two Font Awesome style sheets; offline they fail, and the
# bundled copy renders the icons.  Any other request off this machine fails the test.
FONT_AWESOME_CDN = re.compile(
    r"^https://[^/]+/npm/@fortawesome/fontawesome-free@[^/]+/css/(all|v4-shims)\.min\.css$"
)


def show_hand_builder(page: Page) -> Locator:
    """Wait until the lesson shows its hand builder, or fail early on a traceback."""
    builder = page.locator(".kit-hand-builder")
    traceback = page.locator(".jp-OutputArea-output", has_text="Traceback")
    expect(builder.or_(traceback).first).to_be_visible(timeout=180_000)
    assert_no_traceback(page)
    return builder.first


def build_straight(builder: Locator) -> None:
    """Pick the six cards of a straight, then read the combination and its score."""
    for token in STRAIGHT:
        builder.locator(f".kit-card-{token}").click()
    readout = builder.locator(".kit-readout")
    expect(readout).to_contain_text("Straight")
    expect(readout).to_contain_text("\N{MINUS SIGN}33")


def assert_no_traceback(page: Page) -> None:
    outputs = page.locator(".jp-OutputArea-output").all_text_contents()
    stderr = page.locator(STDERR).all_text_contents()
    shown = [text for text in [*outputs, *stderr] if "Traceback" in text]
    assert shown == [], f"a Python traceback is shown on the page:\n{shown[0]}"


def assert_stays_local(page_record: PageRecord) -> None:
    remote = [url for url in page_record.remote_requests() if not FONT_AWESOME_CDN.match(url)]
    assert remote == [], f"the page asked for files beyond this machine: {remote}"


def test_jupyterlab_hand_builder(
    page: Page, jupyterlab: JupyterLab, page_record: PageRecord
) -> None:
    page.goto(f"{jupyterlab.url}/lab/tree/{NOTEBOOK}?reset")
    expect(page.locator("#jp-main-statusbar")).to_contain_text(KERNEL_IDLE, timeout=90_000)

    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    builder = show_hand_builder(page)
    # Cells still queued show "[*]"; wait for the whole lesson to run before clicking.
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=180_000)

    build_straight(builder)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "jupyterlab-03-combinations-straight")


def test_voila_hand_builder(page: Page, voila_server: Server, page_record: PageRecord) -> None:
    page.goto(f"{voila_server.url}/voila/render/{NOTEBOOK}")
    builder = show_hand_builder(page)
    expect(page.locator("#loading")).to_have_count(0)

    build_straight(builder)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "voila-03-combinations-straight")
