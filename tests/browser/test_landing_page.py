"""The landing page for a classroom: ``lessons/index.ipynb``, shown by Voila (``make voila``).

It lists every lesson, game by game, one line each, with the apps the lesson holds, in
words (a page without code names no code); its
links are relative, so they open the Voila page of a lesson when Voila serves ``lessons/``
(and the notebook itself in JupyterLab).  The static tests keep the page in step with the
lessons; the browser test renders it in Voila as ``make voila`` serves it, then fetches
every lesson it links to and checks that the page loads without an error.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .harness import (
    LESSONS,
    ROOT,
    PageRecord,
    Server,
    assert_stays_local,
    executable,
    free_port,
    isolated_jupyter_env,
    screenshot,
)

INDEX = LESSONS / "index.ipynb"
GAMES = ("nylon-ppong", "sichuan", "hongkong")
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")
# The apps a lesson shows: the names it imports from kit.widgets.
APP_IMPORT = re.compile(r"^from kit\.widgets(?:\.\w+)? import (.+)$", re.MULTILINE)
TRACEBACK = "Traceback (most recent call last)"
PROJECTOR_FONT_PX = 20.0  # the lesson lines, at least
PAGE_TIMEOUT = 300  # seconds for one lesson page; Voila runs the whole notebook first


def cells(path: Path) -> list[dict[str, Any]]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return list(notebook["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def landing_lines() -> dict[str, str]:
    """``{link target: its line}`` for every lesson line of the landing page."""
    lines: dict[str, str] = {}
    for cell in cells(INDEX):
        for line in source(cell).splitlines():
            for target in LINK.findall(line):
                assert target not in lines, f"the landing page links {target} twice"
                lines[target] = line
    return lines


def lessons() -> list[str]:
    """Every lesson of every game, as a path relative to ``lessons/``."""
    return sorted(
        path.relative_to(LESSONS).as_posix()
        for game in GAMES
        for path in (LESSONS / game).glob("*.ipynb")
    )


def apps(lesson: str) -> set[str]:
    """The kit apps a lesson imports (``HandBuilder``, ``PlayDeal``, ...)."""
    names: set[str] = set()
    for cell in cells(LESSONS / lesson):
        if cell["cell_type"] == "code":
            for imported in APP_IMPORT.findall(source(cell)):
                names.update(name.split(" as ")[0].strip(" ()") for name in imported.split(","))
    return names


def test_the_landing_page_lists_every_lesson_once() -> None:
    listed = set(landing_lines())
    assert sorted(listed - {"start-here.ipynb"}) == lessons()
    assert all((LESSONS / target).is_file() for target in listed)


APP_WORDS = {
    "Drill": "a drill",
    "HandBuilder": "hand builder",
    "PaoExplorer": "pao explorer",
    "PayoutExplorer": "payout explorer",
    "PlayDeal": "play a deal",
    "PlayRound": "play a round",
    "Progress": "your progress",
    "SettlementExplorer": "who pays what",
    "SimulationPanel": "simulation panel",
    "TableEditor": "payment table editor",
    "WhatDoesThisHandNeed": "what does this hand need",
}
"""Each app as the landing page names it, in words."""


def test_each_line_names_the_apps_of_its_lesson_in_words() -> None:
    lines = landing_lines()
    unknown = sorted({name for lesson in lessons() for name in apps(lesson)} - set(APP_WORDS))
    assert unknown == [], f"say in APP_WORDS how the landing page names {unknown}"
    missing = {
        lesson: sorted(
            name for name in apps(lesson) if APP_WORDS[name] not in lines[lesson].lower()
        )
        for lesson in lessons()
    }
    assert {lesson: names for lesson, names in missing.items() if names} == {}
    named = {lesson: [n for n in APP_WORDS if n in lines[lesson]] for lesson in lessons()}
    assert {lesson: names for lesson, names in named.items() if names} == {}, "code names"


def test_the_landing_page_holds_no_code() -> None:
    code = [source(cell) for cell in cells(INDEX) if cell["cell_type"] != "markdown"]
    # Plain Markdown, but for the one cell that marks the lessons done (Voila hides its code).
    assert code == ["from kit.widgets.progress import done_marks\n\ndone_marks()"], code


def test_make_voila_serves_the_lessons_and_opens_the_landing_page() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nvoila:", 1)[1].split("\n\n", 1)[0]
    assert "voila lessons " in recipe, "make voila serves the whole lessons folder"
    assert "voila/render/index.ipynb" in makefile


@pytest.fixture(scope="module")
def voila_lessons(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``voila lessons`` as ``make voila`` runs it, with tracebacks shown.

    A server of its own: every page fetched starts a kernel, and they all stop with it.
    """
    env = isolated_jupyter_env(tmp_path_factory.mktemp("voila-landing"))
    port = free_port()
    command = [
        executable("voila"),
        "lessons",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
    ]
    server = Server.start("voila-landing", command, env, port)
    try:
        server.wait_until_ready("/")
        yield server
    finally:
        server.stop()


@pytest.mark.browser
def test_voila_landing_page(page: Page, voila_lessons: Server, page_record: PageRecord) -> None:
    page.goto(f"{voila_lessons.url}/voila/render/index.ipynb")
    landing = page.locator(".kit-landing")
    expect(landing.first).to_be_visible(timeout=60_000)
    expect(page.locator("#loading")).to_have_count(0, timeout=60_000)
    for heading in ("Nylon-ppong", "Sichuan", "Hong Kong"):
        expect(page.locator(".kit-landing h2", has_text=heading)).to_have_count(1)
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)  # no code shown

    # Large enough to read on a projector.
    size = page.locator(".kit-landing li").first.evaluate(
        "item => parseFloat(getComputedStyle(item).fontSize)"
    )
    assert size >= PROJECTOR_FONT_PX, f"lesson lines are {size}px; a projector needs more"
    screenshot(page, "voila-landing-page")
    assert_stays_local(page_record)

    hrefs: list[str] = page.locator(".kit-landing a[href$='.ipynb']").evaluate_all(
        "links => links.map(link => link.href)"
    )
    assert len(hrefs) == len(lessons()) + 1  # start-here too
    prefix = f"{voila_lessons.url}/voila/render/"
    broken: dict[str, str] = {}
    for href in hrefs:
        assert href.startswith(prefix), f"{href} is not a Voila page of the lessons"
        try:
            with urllib.request.urlopen(href, timeout=PAGE_TIMEOUT) as response:
                body = response.read().decode("utf-8", errors="replace")
                status = response.status
        except OSError as error:  # HTTPError included: a 404 lands here
            broken[href] = str(error)
            continue
        if status != 200:
            broken[href] = f"status {status}"
        elif TRACEBACK in body:
            broken[href] = "the page shows a Python traceback"
    assert broken == {}, f"lesson pages that do not load cleanly: {broken}"
