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
from collections.abc import Callable
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

    root: Path
    """The folder it serves."""
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
    run_open_lesson(page, notebook)


def run_open_lesson(page: Page, name: str) -> None:
    """Run every cell of the lesson in the current tab from the Run menu, as a learner does.

    Three waits make this sure rather than lucky:
    - The status bar follows a new tab a moment late: for that moment its "Idle" is the
      kernel of the tab before. So it must name this lesson's file beside "Idle".
    - A click on a greyed-out menu item does nothing; so the click waits for it to be live.
    - A cell not yet run shows "[ ]" and a queued one "[*]"; done means every code cell
      shows its execution count, which a run that never started would not give.
    """
    file = re.escape(Path(name).name)
    idle_here = re.compile(rf"{re.escape(KERNEL_IDLE)}.*{file}", re.DOTALL)
    expect(page.locator("#jp-main-statusbar")).to_have_text(idle_here, timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    run_all = page.locator('.lm-Menu-item[data-command="runmenu:run-all"]')
    expect(run_all).not_to_have_class(re.compile(r"\blm-mod-disabled\b"), timeout=30_000)
    run_all.click()
    prompts = page.locator(".jp-NotebookPanel:visible .jp-CodeCell .jp-InputPrompt")
    expect(prompts.first).to_be_attached(timeout=30_000)
    waiting = page.locator(".jp-NotebookPanel:visible .jp-CodeCell").filter(
        has=page.locator(".jp-InputPrompt", has_text=re.compile(r"\[[ *]\]"))
    )
    try:
        expect(waiting).to_have_count(0, timeout=240_000)
    except AssertionError as error:
        raise AssertionError(f"{name}: {busy_report(page, waiting)}") from error


def busy_report(page: Page, waiting: Locator) -> str:
    """Which cells never ran ("[ ]") or never finished ("[*]"), and what the kernel says."""
    cells = [
        (
            cell.locator(".jp-InputPrompt").inner_text().strip(),
            (cell.locator(".jp-InputArea-editor").inner_text().strip().splitlines() or [""])[0],
        )
        for cell in waiting.all()
    ]
    status = page.locator("#jp-main-statusbar").inner_text().replace("\n", " ")
    listed = "; ".join(f"{prompt} {first[:60]!r}" for prompt, first in cells)
    return f"{len(cells)} cells did not run to the end ({listed}); the status bar reads {status!r}"


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
    if words[0] == "discard" and re.fullmatch(r"[1-9][mpsz]", words[1]):
        css = f".kit-play-tile-{words[1]}"
    elif words[0] == "discard":  # a Hwatu card: "discard 8J2"
        css = f".kit-play-card-{words[1]}"
    elif words[0] in ("stop", "draw", "ppong", "declare"):
        css = f".kit-play-{words[0]}"
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


def play_deal_with_coach(
    page: Page, game: Locator, summary_css: str = ".kit-deal-summary"
) -> list[str]:
    """Play the deal on screen to its end, clicking the coach's first choice at every decision
    (:func:`play_deal_choosing`, reading the glance's first row back as notation); then
    check that the log and the review speak to a learner. Returns the options played."""
    best = game.locator(".kit-coach-panel .kit-coach-table tbody tr").first

    def first_row(_: Locator) -> str:
        cell = best.locator("td").nth(1)
        cell.wait_for()
        return notation_of(cell)

    played = play_deal_choosing(page, game, first_row, summary_css)
    assert_learner_words(game.locator(".kit-play-log"), "the log")
    assert_learner_words(game.locator(summary_css).locator(".kit-review"), "the review")
    return played


_WORDS_JS = """element => {
    const copy = element.cloneNode(true);
    copy.querySelectorAll('svg, style, script, title').forEach(e => e.remove());
    copy.querySelectorAll('br, div, p, td, th, tr, li, summary').forEach(
        e => e.append(' '));
    return copy.textContent;
}"""
"""The words a learner reads in an element: pictures and their titles left out."""

_NOTATION_JS = """element => {
    const copy = element.cloneNode(true);
    copy.querySelectorAll('.kit-token').forEach(t => t.replaceWith(t.getAttribute('title')));
    copy.querySelectorAll('svg').forEach(e => e.remove());
    return copy.textContent;
}"""
"""An option's cell with each tile or card read back as its notation (its tooltip)."""

NOTATION = re.compile(
    r"\b[1-9]+[mpsz]\b|\b(?:1[0-2]|[1-9])(?:B|A|R|D|J[12]?)\b|\bnan\b|\bNone\b|\b\d+\.\d{2,}\b"
)
"""What a learner should never read: tile or card notation, ``nan``, ``None``, a bare float."""


def assert_learner_words(element: Locator, what: str) -> None:
    """Every element matched speaks to a learner: no notation, ``nan``, ``None`` or raw float."""
    for index in range(element.count()):
        words = " ".join(str(element.nth(index).evaluate(_WORDS_JS)).split())
        found = NOTATION.findall(words)
        assert not found, f"{what} shows {found[:5]} to a learner: {words[:400]!r}"


def notation_of(cell: Locator) -> str:
    """The coach's option in ``cell`` as the kit writes it ("discard 5s"), read from the
    tooltips of its tiles; alike options named beside it are left out."""
    text = " ".join(str(cell.evaluate(_NOTATION_JS)).split())
    return text.split(", or ", 1)[0].strip()


def _only_move(game: Locator) -> Locator:
    """The one button open to the learner when there is no choice to make."""
    css = ", ".join(f".kit-play-{name}:visible:enabled" for name in ("draw", "pass", "win"))
    return game.locator(css).first


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


# --- Playing otherwise than the coach, reading the page, restarting the kernel ---------------

Chooser = Callable[[Locator], str]
"""Picks the learner's move at a decision: given the game on screen, the coach's option to
play, as the kit writes it ("discard 5s", "pass")."""


_STATE_JS = "e => [e.dataset.turn, e.dataset.moment, e.dataset.decisions]"
"""Whose turn, the moment and the decisions recorded, as ``.kit-decision-count`` says them."""


def play_deal_choosing(
    page: Page, game: Locator, choose: Chooser, summary_css: str = ".kit-deal-summary"
) -> list[str]:
    """Play the deal on screen to its end like :func:`play_deal_with_coach`, but at every
    decision with a choice click the option ``choose(game)`` names (it may read the board
    and the coach's panel, which is switched on). Waits on what the kernel writes into
    ``.kit-decision-count`` in the same way; the panel, drawn by the kernel once it is
    switched on, is waited for first. A move with nothing to choose (Nylon-ppong's draw)
    is played by its one button. Returns the options played, in order."""
    game.locator(".kit-coach-toggle input").check()
    # the kernel draws the panel once it is on: its table, or why there is none yet
    expect(game.locator(".kit-coach-panel")).not_to_be_empty()
    summary = game.locator(summary_css)
    finish = game.locator(".kit-play-finish")
    state = game.locator(".kit-decision-count .kit-decisions")
    error = game.locator(".kit-error").first
    played: list[str] = []
    deadline = time.monotonic() + DEAL_TIMEOUT

    def left() -> float:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the deal did not end; played {played}"
        return remaining * 1000

    def moved_on(moment: str | None, what: str) -> None:
        still = state.and_(page.locator(f'[data-moment="{moment}"]'))
        try:
            expect(still).to_have_count(0, timeout=left())
        except AssertionError as failure:
            raise AssertionError(f"{what}; played {played}: {error.inner_text()}") from failure

    while not summary.is_visible():
        expect(state).to_have_count(1, timeout=left())
        # one read of one element: the kernel may write a newer one between two reads
        turn, moment, decisions = state.evaluate(_STATE_JS)
        if turn == "you" and not game.locator(".kit-coach-panel .kit-coach-table").count():
            _only_move(game).click(timeout=left())
            moved_on(moment, "the only move was not played")
        elif turn == "you":
            recorded = int(decisions or "0")
            assert recorded == len(played), f"the game recorded {recorded} of {played}"
            assert_learner_words(game.locator(".kit-coach-panel"), "the coach's panel")
            label = choose(game)
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
            if finish.count() and finish.is_enabled():
                _click_now(finish)
            moved_on(moment, "the bots did not move on")
        else:  # the game is over: the summary is on its way
            expect(summary).to_be_visible(timeout=left())
    recorded = int(state.get_attribute("data-decisions") or "0")
    assert recorded == len(played), f"the game recorded {recorded} decisions; played {played}"
    return played


_ROWS_JS = """table => {
    const read = cell => {
        const copy = cell.cloneNode(true);
        copy.querySelectorAll('.kit-token').forEach(
            t => t.replaceWith(t.getAttribute('title')));
        copy.querySelectorAll('svg').forEach(e => e.remove());
        return copy.textContent.split(/\\s+/).join(' ').trim();
    };
    const heads = [...table.tHead.rows[0].cells].map(read);
    return [...table.tBodies[0].rows].map(
        row => Object.fromEntries([...row.cells].map((cell, i) => [heads[i], read(cell)])));
}"""
"""The rows of a coach's table, each cell by its heading, tiles read as their notation."""


def coach_options(game: Locator) -> list[dict[str, str]]:
    """Every option in the coach's panel, best first, each a row of the table behind
    *Show all* (opened by a click, as a learner opens it; the glance table when there is no
    more): its cells by column heading ("expected net": "−1.4"), and under "option" the
    option as the kit writes it ("discard 5s")."""
    panel = game.locator(".kit-coach-panel")
    everything = panel.locator(".kit-coach-all")
    if everything.count():
        if everything.get_attribute("open") is None:
            everything.locator("summary").click()
        table = everything.locator(".kit-coach-table")
        expect(table).to_be_visible()
    else:
        table = panel.locator(".kit-coach-table").first
    rows: list[dict[str, str]] = table.evaluate(_ROWS_JS)
    for row in rows:
        row["option"] = row["option"].split(", or ", 1)[0].strip()
    return rows


def money(words: str) -> float | None:
    """A forecast of money as the coach's table writes it, as a number (None: no forecast).

    >>> money("−1.4"), money("+0.1"), money("")
    (-1.4, 0.1, None)
    """
    try:
        return float(words.replace("\u2212", "-").replace("+", ""))
    except ValueError:
        return None


def hand_tiles(widget: Locator, css_class: str) -> list[str]:
    """The tiles of a widget's visible hand buttons, sorted, read from their
    ``<css_class>-<tile>`` classes (``kit-play-tile-5p``, ``kit-drill-tile-5p``)."""
    found = widget.locator(f".{css_class}:visible").evaluate_all(
        "buttons => buttons.map(b => [...b.classList])"
    )
    prefix = f"{css_class}-"
    return sorted(
        name.removeprefix(prefix)
        for classes in found
        for name in classes
        if re.fullmatch(rf"{re.escape(prefix)}[1-9][mpsz]", name)
    )


def open_notebook(page: Page, jupyterlab: JupyterLab, notebook: str) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is idle."""
    page.goto(f"{jupyterlab.url}/lab/tree/{notebook}?reset")
    expect(page.locator("#jp-main-statusbar")).to_contain_text(KERNEL_IDLE, timeout=90_000)


def run_cell(page: Page, index: int) -> Locator:
    """Select cell ``index`` of the notebook on screen, run it alone (Run → Run Selected
    Cell), wait until it has run, and return the cell."""
    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    cell.locator(".jp-InputPrompt").click()
    expect(cell).to_have_class(re.compile(r"\bjp-mod-selected\b"))
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator('.lm-Menu-item[data-command="notebook:run-cell"]').click()
    prompt = cell.locator(".jp-InputArea-prompt")
    expect(prompt).to_have_text(re.compile(r"\[\d+\]"), timeout=240_000)
    return cell


_STATUS_WATCH_JS = """() => {
    const bar = document.querySelector('#jp-main-statusbar');
    window.kitStatusSeen = [bar.textContent];
    new MutationObserver(() => window.kitStatusSeen.push(bar.textContent)).observe(
        bar, {subtree: true, childList: true, characterData: true});
}"""


def restart_kernel(page: Page) -> None:
    """Restart the notebook's kernel as a learner does (Kernel → Restart Kernel…, then
    *Restart*), and wait until the new kernel is idle: the status bar must have said it
    was restarting, then say idle again."""
    page.evaluate(_STATUS_WATCH_JS)
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.locator('.lm-Menu-item[data-command="kernelmenu:restart"]').click()
    dialog = page.locator(".jp-Dialog")
    accept = dialog.locator(".jp-Dialog-button.jp-mod-accept")
    expect(accept).to_have_text("Restart")
    accept.click()
    expect(dialog).to_have_count(0)
    page.wait_for_function(
        f"""() => window.kitStatusSeen.some(text => text.includes('Restarting'))
            && document.querySelector('#jp-main-statusbar').textContent.includes(
                {json.dumps(KERNEL_IDLE)})""",
        timeout=90_000,
    )
