"""Servers, paths and page helpers shared by the browser tests and their fixtures."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from kit.handouts import printing

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
ARTIFACTS = ROOT / "test-artifacts"
BIN = Path(sys.executable).parent

# The browser and its flags are the ones the kit prints its handouts with.
DEFAULT_CHROMIUM = printing.DEFAULT_CHROMIUM
CHROMIUM_ARGS = printing.CHROMIUM_ARGS
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
SERVER_START_TIMEOUT = 90.0
SERVER_STOP_TIMEOUT = 20.0

# Voila's page asks a CDN for two Font Awesome style sheets; offline they fail, and the
# bundled copy renders the icons.  Any other request off this machine fails the test.
FONT_AWESOME_CDN = re.compile(
    r"^https://[^/]+/npm/@fortawesome/fontawesome-free@[^/]+/css/(all|v4-shims)\.min\.css$"
)


def artifact_name(text: str) -> str:
    """A file-name-safe version of ``text``.

    >>> artifact_name("test_voila[03-combinations.ipynb]")
    'test_voila-03-combinations.ipynb'
    """
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot of the whole page as ``test-artifacts/<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{artifact_name(name)}.png"
    page.screenshot(path=path, full_page=True)
    return path


def is_local(url: str) -> bool:
    """Whether a request stays on this machine (or never touches the network).

    >>> is_local("http://127.0.0.1:8888/api/status"), is_local("data:image/png;base64,AA")
    (True, True)
    >>> is_local("https://cdn.example.org/x.css")
    False
    """
    parts = urlsplit(url)
    return parts.scheme not in {"http", "https", "ws", "wss"} or parts.hostname in LOCAL_HOSTS


@dataclass
class PageRecord:
    """What a page asked the network for, printed on its console, and the errors it met.

    ``errors`` holds every console error (with the URL it came from) and every uncaught
    page error; the ``page`` fixture fails a test whose page met any error beyond the
    ones :meth:`allowed` knows (Voila's two Font Awesome style sheets from a CDN).
    """

    requests: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    """(message, URL it came from) of each console error and page error."""

    def remote_requests(self) -> list[str]:
        """Requests to any host other than this machine."""
        return [url for url in self.requests if not is_local(url)]

    @staticmethod
    def allowed(message: str, url: str) -> bool:
        """An error every offline Voila page shows: its Font Awesome CDN style sheets fail.

        >>> PageRecord.allowed(
        ...     "Failed to load resource: net::ERR_NAME_NOT_RESOLVED",
        ...     "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@%5E5/css/all.min.css",
        ... )
        True
        >>> PageRecord.allowed("TypeError: r.setData is not a function", "")
        False
        """
        return message.startswith("Failed to load resource") and bool(FONT_AWESOME_CDN.match(url))

    def unexpected_errors(self) -> list[str]:
        """The console errors and page errors a learner's page must not have."""
        return [
            f"{message} ({url})" if url else message
            for message, url in self.errors
            if not self.allowed(message, url)
        ]

    def save(self, path: Path) -> None:
        errors = [f"{message} ({url})" for message, url in self.errors]
        lines = ["# console", *self.console, "", "# errors", *errors, "", "# requests"]
        path.write_text("\n".join([*lines, *self.requests]) + "\n", encoding="utf-8")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def executable(name: str) -> str:
    """A console script of the environment that runs the tests (``.venv/bin/<name>``)."""
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{name} not found next to {sys.executable}", pytrace=False)
    return str(path)


def isolated_jupyter_env(base: Path) -> dict[str, str]:
    """The environment, with Jupyter's config, data, runtime and settings dirs under ``base``."""
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_DATA_DIR": base / "data",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": base / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "workspaces",
        "IPYTHONDIR": base / "ipython",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update({key: str(path) for key, path in dirs.items()})
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass
class Server:
    """A server process started for the tests, and where to reach it."""

    name: str
    process: subprocess.Popen[bytes]
    url: str
    log: Path

    @classmethod
    def start(cls, name: str, command: list[str], env: dict[str, str], port: int) -> Server:
        """Start ``command``; its output goes to ``test-artifacts/<name>.log``."""
        ARTIFACTS.mkdir(exist_ok=True)
        log = ARTIFACTS / f"{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        return cls(name=name, process=process, url=f"http://127.0.0.1:{port}", log=log)

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def wait_until_ready(self, path: str) -> None:
        """Poll ``path`` until it answers 200; fail with the server's log if it never does."""
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(
                    f"{self.name} exited with code {self.process.returncode} before answering; "
                    f"{self.log}:\n{self.log_tail()}",
                    pytrace=False,
                )
            try:
                with urllib.request.urlopen(self.url + path, timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.25)
        self.stop()
        pytest.fail(
            f"{self.name} did not answer {path} within {SERVER_START_TIMEOUT:.0f} s; "
            f"{self.log}:\n{self.log_tail()}",
            pytrace=False,
        )

    def stop(self) -> None:
        """Stop the server by its own PID and wait until it has exited and freed its port."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=SERVER_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=SERVER_STOP_TIMEOUT)


@dataclass
class JupyterLab(Server):
    """A JupyterLab server, with the REST calls the tests need."""

    cookies: CookieJar = field(default_factory=CookieJar)

    def _call(self, method: str, path: str) -> bytes:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        if not any(cookie.name == "_xsrf" for cookie in self.cookies):
            opener.open(self.url + "/lab", timeout=10).close()
        xsrf = next((cookie.value for cookie in self.cookies if cookie.name == "_xsrf"), None)
        request = urllib.request.Request(
            self.url + path, method=method, headers={"X-XSRFToken": xsrf or ""}
        )
        with opener.open(request, timeout=30) as response:
            body: bytes = response.read()
            return body

    def delete_sessions(self) -> None:
        """Shut down every kernel session, so that no test meets another test's kernel."""
        for session in json.loads(self._call("GET", "/api/sessions")):
            self._call("DELETE", f"/api/sessions/{session['id']}")


# --- What the tests do and check in a lesson page ----------------------------------------

KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'


def run_all_cells(page: Page, jupyterlab: JupyterLab, notebook: str) -> None:
    """Open a lesson in JupyterLab, wait for its kernel, run every cell, wait for them all."""
    page.goto(f"{jupyterlab.url}/lab/tree/{notebook}?reset")
    expect(page.locator("#jp-main-statusbar")).to_contain_text(KERNEL_IDLE, timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    # Cells still queued show "[*]"; wait for the whole lesson to run.
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=240_000)


def show_widget(page: Page, selector: str) -> Locator:
    """Wait until the lesson shows the widget, or fail early on a traceback."""
    builder = page.locator(selector)
    traceback = page.locator(".jp-OutputArea-output", has_text="Traceback")
    expect(builder.or_(traceback).first).to_be_visible(timeout=180_000)
    assert_no_traceback(page)
    return builder.first


def assert_plot_rendered(page: Page) -> None:
    """The lesson's odds chart is drawn by plotly in the page (no CDN, no picture file)."""
    expect(page.locator(".jp-RenderedPlotly svg.main-svg").first).to_be_visible(timeout=60_000)


def assert_no_traceback(page: Page) -> None:
    outputs = page.locator(".jp-OutputArea-output").all_text_contents()
    stderr = page.locator(STDERR).all_text_contents()
    shown = [text for text in [*outputs, *stderr] if "Traceback" in text]
    assert shown == [], f"a Python traceback is shown on the page:\n{shown[0]}"


def assert_stays_local(page_record: PageRecord) -> None:
    remote = [url for url in page_record.remote_requests() if not FONT_AWESOME_CDN.match(url)]
    assert remote == [], f"the page asked for files beyond this machine: {remote}"


# --- Playing a mahjong deal in a page, the way a learner follows the coach -------------------

DEAL_TIMEOUT = 240.0  # seconds for a whole deal, bots included, on a busy machine


def _button_for(game: Locator, label: str) -> Locator:
    """The button that plays the coach's option ``label`` ("discard 5s", "pung", "chow 123p" …)."""
    words = label.split()
    if words[0] == "discard":
        css = f".kit-play-tile-{words[1]}"
    elif words[0] == "name":  # "name m void": Sichuan's void choice
        css = f".kit-play-void-{words[1]}"
    elif words[0] in ("win", "rob"):
        css = ".kit-play-win"
    elif words[0] == "chow":  # "chow 123p": the button of the run that starts on 1p
        css = f".kit-play-chow-{words[1][0]}{words[1][-1]}"
    elif "kong" in words and "of" in words:  # "concealed kong of 5z": one's own kong
        css = f".kit-play-kong-{words[-1]}"
    elif words[0] in ("pung", "kong", "pass"):
        css = f".kit-play-{words[0]}"
    else:
        raise AssertionError(f"no button is known for the coach's option {label!r}")
    # Buttons not needed now stay in the page, hidden: only a visible one plays.
    return game.locator(f"{css}:visible").first


def play_deal_with_coach(page: Page, game: Locator) -> list[str]:
    """Play the deal on screen to its end, clicking the coach's first choice at every decision.

    The coach panel is switched on and read like a learner reads it. The page and the
    kernel race, so the test reads only what the kernel has written: after applying each
    move, the widget writes the decisions the game has recorded, the moment of the game
    and whose move it is into ``.kit-decision-count``. The board is read when that says
    the move is yours; after each click the test waits until the recorded decisions have
    grown by one. Between decisions, *Finish the deal* skips the bots' pauses, and the
    test waits for the moment to move on. Returns the options played, in order.
    """
    game.locator(".kit-coach-toggle input").check()
    summary = game.locator(".kit-deal-summary")
    best = game.locator(".kit-coach-panel .kit-coach-table tbody tr").first
    finish = game.locator(".kit-play-finish")
    state = game.locator(".kit-decision-count .kit-decisions")
    error = game.locator(".kit-error").first
    played: list[str] = []
    deadline = time.monotonic() + DEAL_TIMEOUT

    def left() -> float:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the deal did not end; played {played}"
        return remaining * 1000

    while not summary.is_visible():
        expect(state).to_have_count(1, timeout=left())
        turn, moment = state.get_attribute("data-turn"), state.get_attribute("data-moment")
        if turn == "you":
            recorded = int(state.get_attribute("data-decisions") or "0")
            assert recorded == len(played), f"the game recorded {recorded} of {played}"
            label = best.locator("td").nth(1).inner_text(timeout=left()).strip()
            _button_for(game, label).click(timeout=left())
            played.append(label)
            after = game.locator(f'.kit-decision-count [data-decisions="{recorded + 1}"]')
            try:
                expect(after).to_have_count(1, timeout=left())
            except AssertionError as failure:
                said = error.inner_text()
                raise AssertionError(
                    f"the click on {label!r} was not recorded: {said}"
                ) from failure
        elif turn == "bots":
            if finish.is_enabled():
                _click_now(finish)
            still = state.and_(page.locator(f'[data-moment="{moment}"]'))
            try:
                expect(still).to_have_count(0, timeout=left())
            except AssertionError as failure:
                said = error.inner_text()
                raise AssertionError(
                    f"the bots did not move on; played {played}: {said}"
                ) from failure
        else:  # the game is over: the summary is on its way
            expect(summary).to_be_visible(timeout=left())
    recorded = int(state.get_attribute("data-decisions") or "0")
    assert recorded == len(played), f"the game recorded {recorded} decisions; played {played}"
    return played


def _click_now(button: Locator) -> bool:
    """Click ``button`` if it can be clicked within a moment; False if it could not
    (*Finish the deal* is disabled as soon as the bots are done)."""
    try:
        button.click(timeout=1_000)
    except PlaywrightTimeoutError:
        return False
    return True


def screenshot_of(target: Locator, name: str) -> Path:
    """Save a screenshot of one widget as ``test-artifacts/<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{artifact_name(name)}.png"
    page = target.page
    viewport = page.viewport_size
    box = target.bounding_box()
    if viewport is not None and box is not None and box["height"] > viewport["height"]:
        # A widget taller than the window is painted only where the window is: grow it.
        page.set_viewport_size({"width": viewport["width"], "height": int(box["height"]) + 40})
    target.scroll_into_view_if_needed()
    target.screenshot(path=path)
    if viewport is not None:
        page.set_viewport_size(viewport)
    return path
