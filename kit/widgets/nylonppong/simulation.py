"""The Nylon-ppong simulation panel: bots play many rounds under two rule sets, compared in charts."""

from __future__ import annotations

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.nylonppong.rules import Rules
from kit.nylonppong.sim import simulate
from kit.widgets.common import (
    ErrorLine,
    chart,
    guarded,
    heading,
    note,
    redraw,
    simulate_rule_sets,
)
from kit.widgets.nylonppong.display import penalty_sliders

__all__ = ["SimulationPanel"]

_MIXES = {
    "greedy vs cautious": ("greedy", "cautious"),
    "all greedy": ("greedy",),
    "all cautious": ("cautious",),
}


class SimulationPanel(w.VBox):  # type: ignore[misc]
    """Choose two rule sets and the bots, run N rounds of each, and compare them in plots.

    >>> panel = SimulationPanel()
    >>> panel.rounds.value = 200
    >>> panel.run()
    >>> sorted(panel.frames), len(panel.frames["A"])
    (['A', 'B'], 200)
    """

    def __init__(self) -> None:
        self.error = ErrorLine()
        self.frames: dict[str, pd.DataFrame] = {}
        self.rounds = w.IntSlider(value=2000, min=100, max=20000, step=100, description="Rounds")
        self.players = w.IntSlider(value=4, min=2, max=6, description="Players")
        self.mix = w.Dropdown(options=list(_MIXES), description="Bots")
        self.seed = w.IntText(value=0, description="Seed", layout=w.Layout(width="180px"))
        self.rule_controls = {label: self._rule_controls(label) for label in ("A", "B")}
        self.rule_controls["B"]["stop_limit"].value = 10
        self.run_button = w.Button(description="Run", icon="play", button_style="primary")
        self.run_button.add_class("kit-sim-run")
        self.run_button.on_click(lambda _: self.run())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Progress")
        self.charts = {
            name: chart(f"kit-sim-{name}") for name in ("endings", "penalties", "stops", "compare")
        }
        tabs = w.Tab(list(self.charts.values()))
        for index, title in enumerate(("How rounds end", "Penalties", "Failed stops", "A vs B")):
            tabs.set_title(index, title)
        self.summary = note("Choose the rules and the bots, then press Run.")
        self.summary.add_class("kit-sim-summary")
        boxes = [
            w.VBox([heading(f"Rule set {label}"), *controls.values()])
            for label, controls in self.rule_controls.items()
        ]
        super().__init__(
            [
                heading("Simulate rounds with bots"),
                w.HBox([w.VBox([self.rounds, self.players, self.mix, self.seed]), *boxes]),
                w.HBox([self.run_button, self.progress]),
                self.error,
                self.summary,
                tabs,
            ]
        )
        self.add_class("kit-sim-panel")

    @staticmethod
    def _rule_controls(label: str) -> dict[str, w.Widget]:
        defaults = Rules()
        return {
            **penalty_sliders(defaults, victim="Victim +"),
            "out_of_turn_ppong": w.Checkbox(
                value=defaults.out_of_turn_ppong, description="Out-of-turn ppong"
            ),
        }

    def rules(self, label: str) -> Rules:
        controls = self.rule_controls[label]
        return Rules(players=self.players.value, **{key: c.value for key, c in controls.items()})

    @guarded
    def run(self) -> None:
        """Simulate both rule sets and redraw every chart."""
        rounds = self.rounds.value
        self.frames = simulate_rule_sets(
            ("A", "B"),
            rounds,
            lambda label, report: simulate(
                rounds,
                rules=self.rules(label),
                bots=_MIXES[self.mix.value],
                seed=self.seed.value,
                progress=report,
            ),
            progress=self.progress,
            button=self.run_button,
        )
        self._draw()

    def _draw(self) -> None:
        a, b = self.frames["A"], self.frames["B"]
        labelled = {f"A: {_describe(a)}": a, f"B: {_describe(b)}": b}
        figures = {
            "endings": plots.endings_chart(a, title=f"How rounds end (A: {_describe(a)})"),
            "penalties": plots.penalty_distribution(a, title="Penalty points per round (A)"),
            "stops": plots.stop_failure_chart(labelled),
            "compare": plots.compare_rule_sets(labelled),
        }
        for name, figure in figures.items():
            redraw(self.charts[name], figure)
        stops = {label: frame["stop_failed"].mean() for label, frame in (("A", a), ("B", b))}
        self.summary.value = f"<div>{len(a)} rounds of each. Failed stops: A {stops['A']:.0%}, B {stops['B']:.0%}.</div>"


def _describe(frame: pd.DataFrame) -> str:
    rules: Rules = frame.attrs["rules"]
    return f"stop ≤ {rules.stop_limit}, failed stop +{rules.failed_stop_penalty}"
