"""Print handouts to PDF with the Chromium the tests use, driven by Playwright.

Playwright is a test and lab tool, not a runtime dependency of the kit, so it
is imported here, when a PDF is asked for. The browser is Debian's Chromium
(``/usr/bin/chromium``, or the path in ``KIT_CHROMIUM``), launched headless
with a fresh profile; Playwright never downloads a browser. The page may load
nothing from the network: any http(s) request is aborted.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from html import escape
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM_ARGS", "ChromiumMissing", "chromium_path", "print_pdfs"]

DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class ChromiumMissing(RuntimeError):
    """No Chromium to print with, or no Playwright to drive it."""


def chromium_path() -> str:
    """Debian's Chromium, or the one ``KIT_CHROMIUM`` names; a clear error if there is none."""
    path = os.environ.get("KIT_CHROMIUM", DEFAULT_CHROMIUM)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise ChromiumMissing(
            f"Chromium not found at {path}: install Debian's chromium "
            "(apt-get install -y chromium) or set KIT_CHROMIUM to a Chromium binary"
        )
    return path


def footer_template(text: str) -> str:
    """The line Chromium prints at the foot of every page, with the page number.

    >>> "pageNumber" in footer_template("Kit · reference/sichuan.md")
    True
    """
    return (
        '<div style="font-size:7.5pt;font-family:sans-serif;color:#000;width:100%;'
        "margin:0 11mm;display:flex;justify-content:space-between;"
        'border-top:0.6pt solid #000;padding-top:1mm">'
        f"<span>{escape(text)}</span>"
        '<span>page <span class="pageNumber"></span> of <span class="totalPages"></span>'
        "</span></div>"
    )


def _block_network(route: Any) -> None:
    if route.request.url.startswith(("http://", "https://")):
        route.abort()
    else:
        route.continue_()


def print_pdfs(jobs: Sequence[tuple[Path, Path, str]]) -> None:
    """Print each ``(html_path, pdf_path, footer_text)`` to an A4 PDF, in one browser session.

    Playwright's synchronous driver cannot start in a thread whose event loop is
    already running (a notebook's kernel, or another browser session): there, the
    printing runs in a thread of its own.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        _print_pdfs(jobs)
        return
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(_print_pdfs, jobs).result()


def _print_pdfs(jobs: Sequence[tuple[Path, Path, str]]) -> None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:  # pragma: no cover - playwright comes with the test extra
        raise ChromiumMissing(
            "printing needs playwright: pip install -e '.[test]' (or run `make handouts`)"
        ) from error
    executable = chromium_path()
    with tempfile.TemporaryDirectory(prefix="kit-handouts-") as profile, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            user_data_dir=profile,
            executable_path=executable,
            headless=True,
            args=CHROMIUM_ARGS,
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.route("**/*", _block_network)
            for html_path, pdf_path, footer in jobs:
                page.goto(Path(html_path).resolve().as_uri(), wait_until="load")
                page.evaluate("document.documentElement.classList.add('kit-pdf')")
                page.emulate_media(media="print")
                page.pdf(
                    path=str(pdf_path),
                    format="A4",
                    print_background=True,
                    display_header_footer=True,
                    header_template="<span></span>",
                    footer_template=footer_template(footer),
                    margin={"top": "11mm", "bottom": "13mm", "left": "11mm", "right": "11mm"},
                )
        finally:
            context.close()
