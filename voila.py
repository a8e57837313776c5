"""Voila's configuration for the kit's classroom pages: cells tagged ``notebook-only`` are left out.

A lesson cell that talks about code or notebooks ("run this cell again", "write between
the quotes") or holds an exercise's typed answer carries the tag ``notebook-only`` in its
metadata. JupyterLab shows it; a Voila page neither shows nor runs it (each exercise
there is a widget). Voila reads this file from the directory it is started in, in all
three ways the kit serves its pages:

* ``make voila`` (``voila lessons …`` run from the repository);
* Binder, through jupyter-server's Voila extension (``?urlpath=voila/render/lessons/…``),
  whose server starts in the repository;
* the browser tests' Voila server (``tests/browser/conftest.py`` starts it here).

The cells go before the kernel starts, through Voila's ``prelaunch_hook``: a cell left out
is never run, so a notebook-only cell must not define anything a later cell needs.
``tests/test_classroom_config.py`` checks the hook; ``tests/browser/test_classroom.py``
checks the pages.
"""

from __future__ import annotations

from typing import Any

NOTEBOOK_ONLY = "notebook-only"
"""The cell tag that keeps a cell out of the classroom pages."""


def drop_notebook_only(request: Any, notebook: Any, cwd: str) -> Any:
    """Voila's prelaunch hook: the notebook without its cells tagged ``notebook-only``."""
    notebook.cells = [
        cell
        for cell in notebook.cells
        if NOTEBOOK_ONLY not in cell.get("metadata", {}).get("tags", [])
    ]
    return notebook


if "get_config" in globals():  # read by Voila as its configuration file
    c = get_config()  # type: ignore[name-defined]  # noqa: F821
    c.VoilaConfiguration.prelaunch_hook = drop_notebook_only
    # Paint each cell's output as soon as it is ready, so a page shows its first text
    # in a few seconds instead of waiting for its last cell.
    c.VoilaConfiguration.progressive_rendering = True
elif __name__ in {"voila", "__main__"}:  # found by `import voila` / `python -m voila` run here
    raise ImportError(
        "voila.py in the kit's folder is Voila's configuration, not Voila: "
        "start Voila with .venv/bin/voila (or `make voila`)"
    )
