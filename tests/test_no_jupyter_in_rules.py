"""The rules import no Jupyter: a learner's script or a simulation runs without it.

The rules modules are every module of the ``kit`` package except the display
layers (:mod:`kit.render`, :mod:`kit.plots`, :mod:`kit.widgets`, and the printed
sheets of :mod:`kit.handouts`), found by
walking the package, so a new module is checked without being listed here.
They may import a display layer lazily (inside ``_repr_html_``), never at
module level.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import kit

DISPLAY_LAYERS = ("kit.render", "kit.plots", "kit.widgets", "kit.handouts")
JUPYTER_MODULES = ("ipywidgets", "IPython", "plotly", "ipykernel", "traitlets")


def _is_display(name: str) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in DISPLAY_LAYERS)


def rules_modules() -> list[str]:
    """Every module of the kit outside the display layers, the package itself included."""
    names = ["kit"]
    for info in pkgutil.walk_packages(kit.__path__, prefix="kit."):
        if not _is_display(info.name) and not info.name.endswith("__main__"):
            names.append(info.name)
    return sorted(names)


RULES_MODULES = rules_modules()

PROBE = """
import importlib, json, sys
for name in sys.argv[1].split(","):
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""


def test_the_walk_finds_the_rules_of_every_game() -> None:
    for name in ("kit.mahjong.tiles", "kit.mahjong.table", "kit.sim", "kit.ledger", "kit.errors"):
        assert name in RULES_MODULES
    for game in ("nylonppong", "sichuan", "hongkong"):
        assert f"kit.{game}" in RULES_MODULES and f"kit.{game}.sim" in RULES_MODULES
    assert not any(_is_display(name) for name in RULES_MODULES)


def _loaded_after_importing(modules: list[str]) -> set[str]:
    """Every module loaded by importing ``modules`` in a fresh interpreter (this test
    process has long since imported the display code)."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(modules)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    loaded = set(json.loads(result.stdout))
    assert set(modules) <= loaded
    return loaded


def _loaded_after_importing_the_rules() -> set[str]:
    return _loaded_after_importing(RULES_MODULES)


def test_rules_load_no_jupyter_and_no_display_layer() -> None:
    loaded = _loaded_after_importing_the_rules()
    leaked = sorted(name for name in loaded if name.partition(".")[0] in JUPYTER_MODULES)
    assert leaked == [], f"importing the rules loaded Jupyter modules: {leaked}"
    display = sorted(name for name in loaded if _is_display(name))
    assert display == [], f"importing the rules loaded display modules: {display}"


def _module_level_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of every import that runs when the module is loaded.

    Imports inside functions and classes run later; an ``if TYPE_CHECKING:`` block
    never runs.
    """
    found: list[tuple[int, str]] = []

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.extend((node.lineno, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                # "from kit import plots" imports kit.plots: name each imported name too
                found.append((node.lineno, node.module))
                found.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)
            elif isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(tree.body)
    return found


def test_no_rules_module_imports_a_display_layer_at_module_level() -> None:
    offences: dict[str, str] = {}
    for name in RULES_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None
        source = Path(spec.origin).read_text(encoding="utf-8")
        for line, module in _module_level_imports(ast.parse(source)):
            if _is_display(module):
                offences.setdefault(f"{name}:{line}", module)
    assert offences == {}, f"rules modules import display code at module level: {offences}"


def test_charts_import_plotly_only_when_one_is_drawn() -> None:
    """``import kit.plots`` is cheap: plotly loads with the first chart, not before."""
    modules = ["kit.plots", "kit.plots.nylonppong", "kit.plots.sichuan", "kit.plots.hongkong"]
    loaded = _loaded_after_importing(modules)
    leaked = sorted(name for name in loaded if name.partition(".")[0] in JUPYTER_MODULES)
    assert leaked == [], f"importing the charts loaded {leaked}"
