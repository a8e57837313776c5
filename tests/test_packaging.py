"""Binder installs exactly what CI tests: the same pins in binder/ and pyproject.toml."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
# A requirement pinned to one exact version: "name==1.2.3", nothing else.
PINNED = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[A-Za-z0-9.+!-]+)$")


def canonical(name: str) -> str:
    """The normalized project name (PEP 503): ``Jupyter_Server`` and ``jupyter-server`` agree.

    >>> canonical("Jupyter_Server.Terminals")
    'jupyter-server-terminals'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(requirements: list[str]) -> dict[str, str]:
    """``{name: version}`` from requirement strings; each must be pinned with ``==``.

    >>> pins(["numpy==2.4.6", "Plotly==7.1.0"])
    {'numpy': '2.4.6', 'plotly': '7.1.0'}
    """
    found: dict[str, str] = {}
    for requirement in requirements:
        match = PINNED.match(requirement.strip())
        assert match, f"{requirement!r} is not pinned as name==version"
        name = canonical(match["name"])
        assert name not in found, f"{name} is listed twice"
        found[name] = match["version"]
    return found


@pytest.fixture(scope="module")
def project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        table: dict[str, Any] = tomllib.load(file)["project"]
    return table


def binder_requirements() -> list[str]:
    text = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    lines = (line.partition("#")[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def test_every_dependency_is_pinned(project: dict[str, Any]) -> None:
    groups = {"dependencies": project["dependencies"], **project["optional-dependencies"]}
    for group, requirements in groups.items():
        for requirement in requirements:
            assert PINNED.match(requirement), f"{group}: {requirement!r} is not pinned with =="


def test_binder_pins_match_pyproject(project: dict[str, Any]) -> None:
    expected = pins([*project["dependencies"], *project["optional-dependencies"]["lab"]])
    assert pins(binder_requirements()) == expected


def test_binder_python_matches_pyproject(project: dict[str, Any]) -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    minimum = project["requires-python"].removeprefix(">=")
    assert runtime == f"python-{minimum}"


def test_binder_installs_the_kit_without_dependencies() -> None:
    post_build = ROOT / "binder" / "postBuild"
    assert post_build.stat().st_mode & 0o111, "binder/postBuild must be executable"
    commands = [line.strip() for line in post_build.read_text(encoding="utf-8").splitlines()]
    assert any(re.fullmatch(r"(python -m )?pip install --no-deps \.", line) for line in commands), (
        "binder/postBuild must install the kit with pip install --no-deps ."
    )


def test_post_build_reads_only_the_repository() -> None:
    """Every file postBuild names is in ``binder/`` and exists; it fetches no URL."""
    text = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    named = re.findall(r"\bbinder/[\w./-]+", text)
    assert named, "postBuild names no binder/ file; is it still the one the tests expect?"
    assert [path for path in named if not (ROOT / path).is_file()] == []
    assert not re.search(r"https?://|\bcurl\b|\bwget\b|\bgit clone\b", text)


def test_jupyterlab_settings_keep_news_off_the_lessons() -> None:
    """postBuild's JupyterLab settings: no news pop-up over a lesson, no update check."""
    settings = json.loads((ROOT / "binder" / "jupyterlab-settings.json").read_text("utf-8"))
    notification = settings["@jupyterlab/apputils-extension:notification"]
    assert notification == {"checkForUpdates": False, "fetchNews": "false"}
