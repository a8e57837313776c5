"""Classroom pages: a lesson in Voila, as a projector shows it, talks to a class, not to a coder.

One lesson per game is loaded in Voila and must show (the contract of issue 10):

* no notebook talk: "run this cell", "the next cell", "between the quotes" … belong in
  cells tagged ``notebook-only``, which Voila leaves out (``voila.py`` at the root);
* no raw Python repr: ``Rules(players=4, …)``, ``[Draw(seat=0)]``, ``Tile.parse(…)``;
* no console error and no page error (the ``page`` fixture checks it for every test).

A tiny notebook of its own checks the ``notebook-only`` mechanism itself: a tagged cell
is neither shown nor run, in a Voila started the way ``make voila`` starts it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    LESSONS,
    PageRecord,
    Server,
    assert_no_traceback,
    assert_stays_local,
    executable,
    free_port,
    isolated_jupyter_env,
    screenshot_of,
)

pytestmark = pytest.mark.browser

NOTEBOOK_TALK = re.compile(
    r"run this cell|run the cell|next cell|cell above|cell below|between the quotes|run it again",
    re.IGNORECASE,
)
"""Words about cells and code that a classroom page must not show."""
RAW_REPR = re.compile(r"\b[A-Za-z_]\w*\(\s*[A-Za-z_]\w*=|\b(?:Tile|Hand)\.parse\(")
"""A Python repr or call as text: ``Rules(players=``, ``Draw(seat=``, ``Tile.parse(``."""

CLASSROOM_LESSONS = [
    "nylon-ppong/02-turn-ppong-stop.ipynb",
    "sichuan/04-wind-and-rain.ipynb",
    "hongkong/07-two-player-golden.ipynb",
]


def test_the_patterns_catch_what_the_contract_names() -> None:
    talk = ["Run this cell again", "the next cell", "write between the quotes", "run it again"]
    assert all(NOTEBOOK_TALK.search(text) for text in talk)
    reprs = ["Rules(players=4, stop_limit=5)", "[Draw(seat=0)]", "Tile.parse('5p')", "Hand.parse("]
    assert all(RAW_REPR.search(text) for text in reprs)
    prose = [
        "the dealer (seat 0) pays",
        "fan = 3 (all pungs)",
        "2 × (1 + 2) = 6",
        "a pung (3 of a kind)",
    ]
    assert not any(NOTEBOOK_TALK.search(text) or RAW_REPR.search(text) for text in prose)


def wait_until_drawn(page: Page) -> None:
    """Wait for Voila to finish the page, for its widgets and for its charts to be drawn."""
    expect(page.locator("#loading")).to_have_count(0, timeout=240_000)
    expect(page.get_by_text("Loading widget...")).to_have_count(0, timeout=60_000)
    charts = page.locator(".jp-RenderedPlotly")
    for index in range(charts.count()):
        expect(charts.nth(index).locator("svg.main-svg").first).to_be_attached(timeout=60_000)
    # plotly keeps a PNG copy of each chart a moment after drawing it: let that happen too.
    page.wait_for_timeout(2_000)


def offending_lines(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [line.strip() for line in text.splitlines() if pattern.search(line)]


@pytest.mark.parametrize("notebook", CLASSROOM_LESSONS)
def test_classroom_page(
    page: Page, voila_server: Server, page_record: PageRecord, notebook: str
) -> None:
    page.goto(f"{voila_server.url}/voila/render/{notebook}", timeout=240_000)
    wait_until_drawn(page)
    screenshot_of(page.locator("#rendered_cells"), f"voila-classroom-{Path(notebook).stem}")
    assert_no_traceback(page)
    text = page.locator("#rendered_cells").inner_text()
    talk = offending_lines(text, NOTEBOOK_TALK)
    assert talk == [], f"{notebook} talks about cells or code on a classroom page:\n" + "\n".join(
        talk
    )
    reprs = offending_lines(text, RAW_REPR)
    assert reprs == [], f"{notebook} shows raw Python on a classroom page:\n" + "\n".join(reprs)
    assert_stays_local(page_record)


# --- the notebook-only tag itself -----------------------------------------------------------


def _cell(kind: str, source: str, *, tagged: bool = False) -> dict[str, object]:
    cell: dict[str, object] = {
        "cell_type": kind,
        "metadata": {"tags": ["notebook-only"]} if tagged else {},
        "source": source,
    }
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


TAG_TEST = {
    "nbformat": 4,
    "nbformat_minor": 5,
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "cells": [
        _cell("markdown", "# Tag test\n\nShown in the classroom."),
        _cell("markdown", "Run this cell again, then edit the next cell.", tagged=True),
        _cell("code", "answer = 'typed answer'\nprint('the answer cell ran')", tagged=True),
        _cell("code", "print('answer defined:', 'answer' in dir())"),
    ],
}


@pytest.fixture(scope="module")
def voila_tag_test(
    chromium_path: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A Voila serving one small notebook, started in the repository as ``make voila`` is."""
    folder = tmp_path_factory.mktemp("classroom-lessons")
    (folder / "tag-test.ipynb").write_text(json.dumps(TAG_TEST), encoding="utf-8")
    env = isolated_jupyter_env(tmp_path_factory.mktemp("voila-tag-test"))
    port = free_port()
    command = [
        executable("voila"),
        str(folder),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
    ]
    server = Server.start("voila-tag-test", command, env, port)  # cwd: the repository
    try:
        server.wait_until_ready("/")
        yield server
    finally:
        server.stop()


def test_notebook_only_cells_are_left_out(
    page: Page, voila_tag_test: Server, page_record: PageRecord
) -> None:
    assert LESSONS.parent.joinpath("voila.py").is_file(), "Voila's config sits at the root"
    page.goto(f"{voila_tag_test.url}/voila/render/tag-test.ipynb")
    wait_until_drawn(page)
    cells = page.locator("#rendered_cells")
    expect(cells).to_contain_text("Shown in the classroom.")
    expect(cells).to_contain_text("answer defined: False")  # the tagged code cell never ran
    text = cells.inner_text()
    assert "Run this cell again" not in text
    assert "the answer cell ran" not in text
    assert_no_traceback(page)
