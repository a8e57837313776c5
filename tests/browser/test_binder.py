"""The classroom path, built the way a Binder service builds it, then used in a real browser.

A Binder service (repo2docker) builds this repository in steps that this test repeats on a
copy of the repository (the files git tracks or would track, as a fresh clone has them):

1. a fresh virtual environment with the Python of ``binder/runtime.txt``;
2. ``pip install --no-cache-dir -r binder/requirements.txt``, from the package registry;
3. ``binder/postBuild``, exactly as written, run from the repository root with that
   environment first on ``PATH``;
4. JupyterLab from that environment, started on the repository root.

Then Chromium opens ``lessons/start-here.ipynb`` at the README's ``urlpath``
(``lab/tree/lessons/start-here.ipynb``), follows its first lesson link, runs that lesson
and uses its exercise widget.  The test also checks that postBuild installs the kit and
nothing else, that the build leaves the lessons as stored (no outputs, git status clean),
and that the README's Voila form of the link (``voila/render/lessons/index.ipynb``)
answers from the same server.  How long each step took goes to
``test-artifacts/binder-build.txt`` (docs/benchmarks.md, "Binder build", records it).

The build needs the package registry and takes about two minutes, so the test runs in CI
(``CI=true``, as ``.ci/run`` sets it) or when ``KIT_BINDER=1``, and skips otherwise.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect

from .harness import (
    ARTIFACTS,
    ROOT,
    JupyterLab,
    PageRecord,
    assert_no_traceback,
    assert_stays_local,
    free_port,
    isolated_jupyter_env,
    run_open_lesson,
    screenshot,
)

pytestmark = [pytest.mark.binder, pytest.mark.browser]

KIT = "hwatu-mahjong-kit"
# The README's launch link opens the lab here (``...?urlpath=lab/tree/lessons/start-here.ipynb``).
START_HERE_URLPATH = "lab/tree/lessons/start-here.ipynb"
VOILA_URLPATH = "voila/render/lessons/index.ipynb"
BUILD_STEPS = ("python -m venv", "pip install -r binder/requirements.txt", "binder/postBuild")
STEP_TIMEOUT = 900  # seconds for one build step; the install takes one to two minutes


def canonical(name: str) -> str:
    """The normalized project name (PEP 503).

    >>> canonical("Jupyter_Server.Terminals")
    'jupyter-server-terminals'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_python() -> str:
    """The interpreter named by ``binder/runtime.txt`` (``python-3.11`` → ``python3.11``)."""
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    version = runtime.removeprefix("python-")
    path = shutil.which(f"python{version}")
    if path is None:
        pytest.fail(f"binder/runtime.txt asks for {runtime}, and python{version} is not on PATH")
    return path


def repository_files() -> list[Path]:
    """What a fresh clone holds: the files git tracks or would track (not ignored)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return sorted({Path(name) for name in listing.split("\0") if name and (ROOT / name).is_file()})


def copy_repository(target: Path) -> None:
    """Copy the repository's files (modes kept, so postBuild stays executable); make it a git repo."""
    for name in repository_files():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    git = ["git", "-c", "user.name=binder-test", "-c", "user.email=binder-test@localhost"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "as cloned"]):
        subprocess.run([*git, *command], cwd=target, check=True, capture_output=True)


def git_status(repo: Path, *paths: str) -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--", *paths],
        cwd=repo,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def stored_outputs(lessons: Path) -> list[str]:
    """Code cells of the notebooks under ``lessons`` that hold outputs or execution counts."""
    found = []
    for path in sorted(lessons.rglob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            if cell["cell_type"] == "code" and (cell["outputs"] or cell["execution_count"]):
                found.append(f"{path.relative_to(lessons)} cell {index}")
    return found


def build_env(venv: Path) -> dict[str, str]:
    """The environment of a Binder build step: the new venv first on PATH, nothing inherited."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass
class BinderBuild:
    """The built copy of the repository, its environment, and what the build did."""

    repo: Path
    venv: Path
    before_post_build: dict[str, str]
    after_post_build: dict[str, str]
    seconds: dict[str, float] = field(default_factory=dict)
    log: Path = ARTIFACTS / "binder-build.log"

    def step(self, name: str, command: list[str]) -> None:
        """Run one build step in the repository root; fail with its output if it fails."""
        start = time.monotonic()
        with self.log.open("a", encoding="utf-8") as out:
            out.write(f"\n$ {' '.join(command)}\n")
            out.flush()
            result = subprocess.run(
                command,
                cwd=self.repo,
                env=build_env(self.venv),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=STEP_TIMEOUT,
            )
        self.seconds[name] = time.monotonic() - start
        if result.returncode != 0:
            tail = "\n".join(self.log.read_text(encoding="utf-8").splitlines()[-30:])
            pytest.fail(f"{name} failed ({result.returncode}); {self.log}:\n{tail}", pytrace=False)

    def installed(self) -> dict[str, str]:
        """``{project: version}`` of every distribution in the build's environment."""
        code = (
            "import importlib.metadata as m, json; "
            "print(json.dumps({d.metadata['Name']: d.version for d in m.distributions()}))"
        )
        found = subprocess.run(
            # -I: not the current directory, where an egg-info would count as installed
            [str(self.venv / "bin" / "python"), "-I", "-c", code],
            env=build_env(self.venv),
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return {canonical(name): version for name, version in json.loads(found).items()}

    def report(self) -> str:
        """Seconds per step; the build is the first three (venv, requirements, postBuild)."""
        lines = [f"{name}: {seconds:.0f} s" for name, seconds in self.seconds.items()]
        build = sum(seconds for name, seconds in self.seconds.items() if name in BUILD_STEPS)
        return "\n".join([*lines, f"the build (venv, requirements, postBuild): {build:.0f} s"])


@pytest.fixture(scope="module")
def binder_build(tmp_path_factory: pytest.TempPathFactory) -> BinderBuild:
    """Build the copy of the repository the way Binder does, timing each step."""
    if os.environ.get("CI") != "true" and os.environ.get("KIT_BINDER") != "1":
        pytest.skip(
            "the Binder build test runs in CI (CI=true) or with KIT_BINDER=1: it builds a "
            "fresh environment from binder/ (about two minutes, needs the package registry)"
        )
    base = tmp_path_factory.mktemp("binder")
    repo, venv = base / "repo", base / "venv"
    copy_repository(repo)
    ARTIFACTS.mkdir(exist_ok=True)
    build = BinderBuild(repo=repo, venv=venv, before_post_build={}, after_post_build={})
    build.log.write_text(f"# Binder build of a copy of the repository in {repo}\n", "utf-8")

    venv_step, requirements_step, post_build_step = BUILD_STEPS
    build.step(venv_step, [runtime_python(), "-m", "venv", str(venv)])
    build.step(
        requirements_step, ["pip", "install", "--no-cache-dir", "-r", "binder/requirements.txt"]
    )
    build.before_post_build = build.installed()
    # repo2docker runs `./binder/postBuild` from the repository root: the file as written,
    # through its own #! line.
    build.step(post_build_step, ["./binder/postBuild"])
    build.after_post_build = build.installed()

    (ARTIFACTS / "binder-build.txt").write_text(build.report() + "\n", encoding="utf-8")
    print(f"\nBinder build of {repo}:\n{build.report()}")
    return build


def test_requirements_install_the_pins(binder_build: BinderBuild) -> None:
    """Every pin in binder/requirements.txt is installed at its version."""
    text = (binder_build.repo / "binder" / "requirements.txt").read_text(encoding="utf-8")
    pins = dict(
        line.partition("#")[0].strip().split("==")
        for line in text.splitlines()
        if line.partition("#")[0].strip()
    )
    installed = binder_build.before_post_build
    wrong = {
        name: (version, installed.get(canonical(name)))
        for name, version in pins.items()
        if installed.get(canonical(name)) != version
    }
    assert wrong == {}, f"pinned version, installed version: {wrong}"


def test_post_build_installs_the_kit_and_nothing_else(binder_build: BinderBuild) -> None:
    """postBuild adds the kit and changes nothing that requirements.txt installed."""
    before, after = binder_build.before_post_build, binder_build.after_post_build
    added = {name: after[name] for name in after.keys() - before.keys()}
    changed = {
        name: (before[name], after[name]) for name in before if after.get(name) != before[name]
    }
    assert added == {KIT: after.get(KIT)}, f"postBuild installed more than the kit: {added}"
    assert changed == {}, f"postBuild changed what requirements.txt installed: {changed}"


def test_build_leaves_the_lessons_clean(binder_build: BinderBuild) -> None:
    """The build writes nothing into the repository that git would see, lessons included."""
    assert git_status(binder_build.repo) == "", "the build changed the repository"
    assert stored_outputs(binder_build.repo / "lessons") == []


def start_in(
    repo: Path, name: str, command: list[str], env: dict[str, str], port: int
) -> JupyterLab:
    """Start JupyterLab in the repository's root, as Binder does (there it finds voila.py).

    Its output goes to ``test-artifacts/<name>.log``.
    """
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / f"{name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=repo,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    return JupyterLab(name=name, process=process, url=url, log=log, root=repo)


@pytest.fixture(scope="module")
def binder_lab(
    binder_build: BinderBuild, chromium_path: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[JupyterLab]:
    """JupyterLab from the Binder environment, on the repository root, as Binder starts it.

    Its JupyterLab settings come from what postBuild installed (no news pop-up); the
    config, data, runtime and user-settings dirs are empty temp dirs.
    """
    env = isolated_jupyter_env(tmp_path_factory.mktemp("binder-jupyter"))
    env.update(build_env(binder_build.venv))
    port = free_port()
    command = [
        str(binder_build.venv / "bin" / "jupyter"),
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={binder_build.repo}",
        "--IdentityProvider.token=",
        "--PasswordIdentityProvider.hashed_password=",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    start = time.monotonic()
    lab = start_in(binder_build.repo, "binder-jupyterlab", command, env, port)
    try:
        lab.wait_until_ready("/api/status")
        binder_build.seconds["JupyterLab answers"] = time.monotonic() - start
        yield lab
    finally:
        lab.delete_sessions()
        lab.stop()


def scroll_to_first_lesson_link(page: Page) -> Locator:
    """Scroll start-here down, as a reader does, until its first link to a lesson shows.

    JupyterLab draws only the cells near the window, so the link exists once scrolled to.
    """
    cells = page.locator(".jp-NotebookPanel:visible .jp-Notebook")
    expect(cells.locator(".jp-Cell").first).to_be_visible(timeout=90_000)
    # JupyterLab resolves the relative link: /files/lessons/<game>/<lesson>.ipynb?_xsrf=...
    link = cells.locator('.jp-RenderedMarkdown a[href*=".ipynb"]').first
    cells.hover()
    for _ in range(60):
        if link.count() and link.is_visible():
            break
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(100)
    expect(link).to_be_visible()
    link.scroll_into_view_if_needed()
    return link


def test_start_here_leads_to_a_lesson_that_runs(
    page: Page, binder_lab: JupyterLab, binder_build: BinderBuild, page_record: PageRecord
) -> None:
    """A learner follows the Binder link, clicks the first lesson, runs it, uses its widget."""
    start = time.monotonic()
    page.goto(f"{binder_lab.url}/{START_HERE_URLPATH}")
    notebook = page.locator(".jp-NotebookPanel:visible")
    first_link = scroll_to_first_lesson_link(page)
    lesson = Path(urlsplit(first_link.get_attribute("href") or "").path).name
    first_link.click()

    tab = page.locator("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-current")
    expect(tab).to_contain_text(lesson, timeout=60_000)
    run_open_lesson(page, lesson)

    # The lesson's exercise widget is live: a blank answer gets a prompt from the kernel.
    exercise = notebook.locator(".kit-exercise").first
    exercise.scroll_into_view_if_needed(timeout=60_000)
    expect(exercise).to_be_visible()
    exercise.locator(".kit-exercise-check").click()
    expect(exercise.locator(".kit-exercise-feedback")).not_to_be_empty(timeout=30_000)
    binder_build.seconds["start-here to a lesson's widget, in the browser"] = (
        time.monotonic() - start
    )

    # postBuild's settings keep the "receive Jupyter news?" pop-up off the lesson.
    expect(page.locator(".jp-Notification-Toast")).to_have_count(0)
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot(page, "binder-jupyterlab-first-lesson")
    (ARTIFACTS / "binder-build.txt").write_text(binder_build.report() + "\n", encoding="utf-8")


def test_post_build_settings_are_in_force(binder_lab: JupyterLab) -> None:
    """JupyterLab reads postBuild's settings: never fetch news, never check for updates."""
    plugin = "@jupyterlab/apputils-extension:notification"
    # Overrides become the schema's defaults; the (empty) user settings leave them be.
    settings = json.loads(binder_lab._call("GET", f"/lab/api/settings/{plugin}"))
    defaults = {
        key: value.get("default") for key, value in settings["schema"]["properties"].items()
    }
    assert defaults["fetchNews"] == "false"
    assert defaults["checkForUpdates"] is False
    assert settings["settings"] == {}


def test_voila_link_form_serves_the_landing_page(binder_lab: JupyterLab) -> None:
    """The README's Voila form of the Binder link answers from the same server."""
    with urllib.request.urlopen(f"{binder_lab.url}/{VOILA_URLPATH}", timeout=120) as response:
        assert response.status == 200
        html = response.read().decode("utf-8")
    assert "kit-landing" in html
    assert "nylon-ppong/01-hwatu-deck.ipynb" in html
