"""Voila's configuration at the root (``voila.py``): cells tagged ``notebook-only`` are left out.

``make voila``, Binder's Voila extension and the browser tests' Voila all start in the
repository and read this file; tests/browser/test_classroom.py checks a real page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from traitlets.config import Config, PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]


def voila_config() -> Config:
    return PyFileConfigLoader("voila.py", path=str(ROOT)).load_config()


def test_voila_reads_a_prelaunch_hook_that_drops_notebook_only_cells() -> None:
    hook: Any = voila_config().VoilaConfiguration.prelaunch_hook
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("shown"),
        nbformat.v4.new_markdown_cell("Run this cell again", metadata={"tags": ["notebook-only"]}),
        nbformat.v4.new_code_cell("answer = ''", metadata={"tags": ["exercise", "notebook-only"]}),
        nbformat.v4.new_code_cell("shown = True", metadata={"tags": ["exercise"]}),
    ]
    kept = hook(None, notebook=notebook, cwd=".")
    assert [cell.source for cell in kept.cells] == ["shown", "shown = True"]


def test_importing_the_config_as_voila_says_what_it_is() -> None:
    source = (ROOT / "voila.py").read_text(encoding="utf-8")
    with pytest.raises(ImportError, match="Voila's configuration"):
        exec(compile(source, "voila.py", "exec"), {"__name__": "voila"})
