"""The rules import no Jupyter: a learner's script or a simulation runs without it."""

from __future__ import annotations

import json
import subprocess
import sys

RULES_MODULES = (
    "kit.hwatu",
    "kit.tiles",
    "kit.hands",
    "kit.engine",
    "kit.sim",
    "kit.nylonppong",
    "kit.nylonppong.game",
    "kit.nylonppong.bots",
    "kit.nylonppong.sim",
    "kit.sichuan",
    "kit.sichuan.settle",
    "kit.sichuan.events",
    "kit.sichuan.game",
    "kit.sichuan.bots",
    "kit.sichuan.sim",
    "kit.hongkong",
    "kit.hongkong.game",
    "kit.hongkong.scenarios",
    "kit.hongkong.bots",
    "kit.hongkong.sim",
)
JUPYTER_MODULES = ("ipywidgets", "IPython", "plotly", "ipykernel", "traitlets")

PROBE = """
import importlib, json, sys
for name in sys.argv[1].split(","):
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""


def test_rules_load_no_jupyter_module() -> None:
    # A fresh interpreter: this test process has long since imported the display code.
    result = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(RULES_MODULES)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    loaded = set(json.loads(result.stdout))
    assert set(RULES_MODULES) <= loaded
    leaked = sorted(name for name in loaded if name.partition(".")[0] in JUPYTER_MODULES)
    assert leaked == [], f"importing the rules loaded Jupyter modules: {leaked}"
