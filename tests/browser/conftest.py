"""Fixtures for the browser tests: JupyterLab and Voila servers, and Chromium driven by Playwright.

The browser is Debian's Chromium (``/usr/bin/chromium``, or the path in ``KIT_CHROMIUM``);
Playwright only drives it and never downloads a browser of its own.  Screenshots, server
logs and, for a failed test, the page's console land in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Generator, Iterator

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Playwright, sync_playwright

from .harness import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    DEFAULT_CHROMIUM,
    LESSONS,
    JupyterLab,
    PageRecord,
    Server,
    artifact_name,
    executable,
    free_port,
    isolated_jupyter_env,
)

_reports = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test, so that a fixture can tell it failed."""
    report = yield
    item.stash.setdefault(_reports, {})[report.when] = report
    return report


def _failed(item: pytest.Item) -> bool:
    return any(report.failed for report in item.stash.get(_reports, {}).values())


# --- Chromium ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium; without it the browser tests skip, or fail under CI."""
    path = os.environ.get("KIT_CHROMIUM", DEFAULT_CHROMIUM)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        if os.environ.get("CI") == "true":
            pytest.fail(
                f"Chromium not found at {path}; CI must install Debian's chromium "
                "(apt-get install -y chromium) before the browser tests run",
                pytrace=False,
            )
        pytest.skip(
            f"Chromium not found at {path}; install Debian's chromium to run the browser tests"
        )
    return path


@pytest.fixture(scope="session")
def playwright_driver(chromium_path: str) -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture
def browser_context(
    playwright_driver: Playwright, chromium_path: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """A Chromium of its own for each test, with a fresh user-data dir."""
    context = playwright_driver.chromium.launch_persistent_context(
        user_data_dir=tmp_path_factory.mktemp("chromium-profile"),
        executable_path=chromium_path,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(30_000)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page_record() -> PageRecord:
    return PageRecord()


@pytest.fixture
def page(
    browser_context: BrowserContext, page_record: PageRecord, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """The test's page; if the test fails, its screenshot and console are kept.

    Every console error and uncaught page error is recorded; at teardown a test whose
    page met one (beyond Voila's two offline Font Awesome style sheets) fails.
    """
    stem = f"{artifact_name(request.node.name)}-FAILED"
    shot, log = ARTIFACTS / f"{stem}.png", ARTIFACTS / f"{stem}.log"
    for stale in (shot, log):
        stale.unlink(missing_ok=True)
    page = browser_context.pages[0] if browser_context.pages else browser_context.new_page()
    page.on("request", lambda req: page_record.requests.append(req.url))
    page.on("console", lambda msg: _on_console(page_record, msg))
    page.on("pageerror", lambda error: page_record.errors.append((f"page error: {error}", "")))
    yield page
    unexpected = [] if _failed(request.node) else page_record.unexpected_errors()
    if unexpected or _failed(request.node):
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=shot, full_page=True)
        except Exception as exc:  # the page may be gone; the log still helps
            page_record.console.append(f"[no screenshot] {exc}")
        page_record.save(log)
    if unexpected:
        listed = "\n".join(f"- {error}" for error in unexpected)
        pytest.fail(f"the page logged errors (see {log}):\n{listed}", pytrace=False)


def _on_console(page_record: PageRecord, message: ConsoleMessage) -> None:
    page_record.console.append(f"[{message.type}] {message.text}")
    if message.type == "error":
        page_record.errors.append((message.text, str(message.location.get("url", ""))))


# --- servers ----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def jupyterlab_server(
    chromium_path: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[JupyterLab]:
    """A JupyterLab on 127.0.0.1 serving a copy of ``lessons/``, with its own config and settings.

    JupyterLab saves an open notebook every two minutes, outputs and all, and keeps
    checkpoints beside it: the copy keeps the lessons as stored whatever a test runs.
    """
    base = tmp_path_factory.mktemp("jupyterlab")
    lessons = shutil.copytree(
        LESSONS, base / "lessons", ignore=shutil.ignore_patterns(".ipynb_checkpoints")
    )
    env = isolated_jupyter_env(base)
    notification = base / "settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false"}), encoding="utf-8"
    )
    port = free_port()
    command = [
        executable("jupyter"),
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={lessons}",
        "--IdentityProvider.token=",
        "--PasswordIdentityProvider.hashed_password=",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    server = Server.start("jupyterlab", command, env, port)
    lab = JupyterLab(server.name, server.process, server.url, server.log, lessons)
    try:
        lab.wait_until_ready("/api/status")
        yield lab
    finally:
        lab.stop()


@pytest.fixture
def jupyterlab(jupyterlab_server: JupyterLab) -> Iterator[JupyterLab]:
    """The session's JupyterLab, with no kernel session left before or after the test."""
    jupyterlab_server.delete_sessions()
    yield jupyterlab_server
    jupyterlab_server.delete_sessions()


@pytest.fixture(scope="session")
def voila_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A Voila on 127.0.0.1 serving ``lessons/``; it shows tracebacks, so tests can see them."""
    env = isolated_jupyter_env(tmp_path_factory.mktemp("voila"))
    port = free_port()
    command = [
        executable("voila"),
        str(LESSONS),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
    ]
    server = Server.start("voila", command, env, port)
    try:
        server.wait_until_ready("/")
        yield server
    finally:
        server.stop()
