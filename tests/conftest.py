"""The whole test session keeps the learner's progress in a temporary file, never in theirs.

The variable is set before any test runs, so the kernels and Jupyter servers that the
notebook and browser tests start inherit it with the rest of the environment.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kit.progress.store import PATH_VARIABLE

_folder: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    folder = Path(tempfile.mkdtemp(prefix="kit-progress-"))
    _folder.append(folder)
    os.environ[PATH_VARIABLE] = str(folder / "progress.sqlite")


def pytest_unconfigure(config: pytest.Config) -> None:
    while _folder:
        shutil.rmtree(_folder.pop(), ignore_errors=True)
