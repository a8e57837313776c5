"""The Hong Kong hand builder in a real page: JupyterLab running the one-fan lesson.

A learner opens lesson 02, clicks 123m456m789m11m and then, in pung mode, a White
dragon, and reads "half flush" and "4 fan" in the builder (RULES.md §3.2).  The test
saves a screenshot in ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .harness import JupyterLab, PageRecord, screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "hongkong/02-one-fan-patterns.ipynb"
CONCEALED = ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1m", "1m")
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'
# Voila-style Font Awesome requests are the only off-machine requests a page may make.
FONT_AWESOME_CDN = re.compile(
    r"^https://[^/]+/npm/@fortawesome/fontawesome-free@[^/]+/css/(all|v4-shims)\.min\.css$"
)


def assert_no_traceback(page: Page) -> None:
    outputs = page.locator(".jp-OutputArea-output").all_text_contents()
    stderr = page.locator(STDERR).all_text_contents()
    shown = [text for text in [*outputs, *stderr] if "Traceback" in text]
    assert shown == [], f"a Python traceback is shown on the page:\n{shown[0]}"


def show_builder(page: Page) -> Locator:
    """Wait until the lesson shows its hand builder, or fail early on a traceback."""
    builder = page.locator(".kit-hk-builder")
    traceback = page.locator(".jp-OutputArea-output", has_text="Traceback")
    expect(builder.or_(traceback).first).to_be_visible(timeout=180_000)
    assert_no_traceback(page)
    return builder.first


def test_jupyterlab_hong_kong_hand_builder(
    page: Page, jupyterlab: JupyterLab, page_record: PageRecord
) -> None:
    page.goto(f"{jupyterlab.url}/lab/tree/{NOTEBOOK}?reset")
    expect(page.locator("#jp-main-statusbar")).to_contain_text(KERNEL_IDLE, timeout=90_000)

    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    builder = show_builder(page)
    # Cells still queued show "[*]"; wait for the whole lesson to run before clicking.
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=180_000)

    for token in CONCEALED:
        builder.locator(f".kit-tile-{token}").click()
    builder.locator(".kit-add-mode").get_by_role("button", name="pung", exact=True).click()
    builder.locator(".kit-tile-5z").click()

    expect(builder.locator(".kit-hand-text input")).to_have_value("11123456789m[555z]")
    readout = builder.locator(".kit-readout")
    expect(readout).to_contain_text("half flush")
    expect(readout).to_contain_text("4 fan")
    expect(readout).to_contain_text("dragon pung 1 + half flush 3 = 4 fan")
    expect(builder.locator(".kit-error")).to_have_text("")
    assert_no_traceback(page)
    remote = [url for url in page_record.remote_requests() if not FONT_AWESOME_CDN.match(url)]
    assert remote == [], f"the page asked for files beyond this machine: {remote}"
    builder.scroll_into_view_if_needed()
    screenshot(page, "jupyterlab-hongkong-02-half-flush")
