"""The Sichuan simulation panel: bots play N deals, paid under two rule sets
(see the Sichuan rules: reference/sichuan.md)."""

from __future__ import annotations

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.games import game
from kit.sichuan.rules import PLAYERS, Rules
from kit.sichuan.sim import simulate
from kit.widgets.common import (
    BOX,
    ErrorLine,
    chart,
    classed,
    guarded,
    heading,
    redraw,
    simulate_rule_sets,
)
from kit.widgets.sichuan.rulesets import describe, rule_controls, rules_of

__all__ = ["SimulationPanel"]


def _column() -> w.Layout:
    return w.Layout(margin="0 18px 0 0")


class SimulationPanel(w.VBox):  # type: ignore[misc]
    """Let bots play N deals, pay them under two rule sets, and compare the money in plots.

    The bots play the same way whatever the payment rules, so with one seed both rule
    sets see the very same deals: only the payments differ.

    >>> panel = SimulationPanel()
    >>> panel.deals.value = 12
    >>> panel.run()
    >>> sorted(panel.frames), len(panel.frames["B"])
    (['A', 'B'], 12)
    """

    LABELS = ("A", "B")
    MAX_DEALS = 5000

    def __init__(self) -> None:
        self.error = ErrorLine()
        self.frames: dict[str, pd.DataFrame] = {}
        self.deals = classed(
            w.BoundedIntText(
                value=300, min=1, max=self.MAX_DEALS, step=50, description="Deals",
                layout=w.Layout(width="200px"),
            ),
            "kit-sim-deals",
        )  # fmt: skip
        self.seed = classed(
            w.IntText(value=0, description="Seed", layout=w.Layout(width="200px")), "kit-sim-seed"
        )
        sichuan = game("sichuan")
        default_bots = sichuan.opponents
        self.bots = [
            classed(
                w.Dropdown(
                    options=list(sichuan.bots),
                    value=default_bots[seat % len(default_bots)],
                    description=f"Seat {seat}",
                    layout=w.Layout(width="200px"),
                ),
                f"kit-sim-bot-{seat}",
            )
            for seat in range(PLAYERS)
        ]
        self.rule_controls = {
            label: rule_controls(f"kit-sim-{label}", switches=False) for label in self.LABELS
        }
        for controls in self.rule_controls.values():
            for control in controls.values():
                control.layout.width = "215px"
        self.rule_controls["B"]["fan_cap"].value = 6
        self.rule_controls["B"]["self_draw_bonus"].value = "none"
        self.run_button = classed(
            w.Button(description="Run", icon="play", button_style="primary"), "kit-sim-run"
        )
        self.run_button.on_click(lambda _: self.run())
        self.progress = classed(
            w.IntProgress(value=0, min=0, max=1, description="Progress"), "kit-sim-progress"
        )
        self.charts = {name: chart(f"kit-sim-{name}") for name in ("nets", "patterns", "payouts")}
        tabs = w.Tab(list(self.charts.values()))
        for index, title in enumerate(("Net per seat", "Fan patterns", "A vs B payouts")):
            tabs.set_title(index, title)
        self.summary = classed(w.HTML(), "kit-sim-summary")
        rule_boxes = [
            w.VBox([heading(f"Rule set {label}"), *controls.values()], layout=_column())
            for label, controls in self.rule_controls.items()
        ]
        super().__init__(
            [
                heading("Simulate blood-battle deals with bots"),
                w.HBox(
                    [
                        w.VBox([heading("Table"), self.deals, self.seed], layout=_column()),
                        w.VBox([heading("Bots"), *self.bots], layout=_column()),
                        *rule_boxes,
                    ],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([self.run_button, self.progress]),
                self.error,
                self.summary,
                tabs,
            ]
        )
        self.add_class("kit-sichuan-sim")

    def rules(self, label: str) -> Rules:
        """The rule set ``label`` ("A" or "B") as its controls say."""
        return rules_of(self.rule_controls[label])

    @guarded
    def run(self) -> None:
        """Simulate the deals under both rule sets and redraw every chart."""
        deals = self.deals.value
        if not 1 <= deals <= self.MAX_DEALS:
            raise ValueError(f"choose 1 to {self.MAX_DEALS} deals, not {deals}")
        bots = [dropdown.value for dropdown in self.bots]
        self.frames = simulate_rule_sets(
            self.LABELS,
            deals,
            lambda label, report: simulate(
                deals, rules=self.rules(label), bots=bots, seed=self.seed.value, progress=report
            ),
            progress=self.progress,
            button=self.run_button,
        )
        self._draw()

    def _draw(self) -> None:
        labelled = {f"{label}: {describe(f.attrs['rules'])}": f for label, f in self.frames.items()}
        a = self.frames["A"]
        figures = {
            "nets": plots.sichuan_net_distribution(labelled, title="Net per deal, by seat"),
            "patterns": plots.pattern_frequencies(a),
            "payouts": plots.compare_payouts(labelled),
        }
        for name, figure in figures.items():
            redraw(self.charts[name], figure)
        same = all(
            a[column].equals(frame[column])
            for frame in self.frames.values()
            for column in ("ended_by", "wins", "turns", "self_drawn")
        )
        moved = {
            label: frame[[f"net_{s}" for s in range(PLAYERS)]].abs().to_numpy().sum()
            / 2
            / len(frame)
            for label, frame in self.frames.items()
        }
        wins = int(a["wins"].sum())
        self.summary.value = (
            f"<div style='{BOX}'>{len(a)} deals under each rule set"
            + (", the same deals (same seed, same bots): only the payments differ" if same else "")
            + f". {wins} wins, {int(a['self_drawn'].sum())} of them self-drawn; "
            f"{(a['ended_by'] == 'wall-empty').mean():.0%} of deals reached the wall's end. "
            "Money changing hands per deal: "
            + ", ".join(f"{label} {value:.1f}" for label, value in moved.items())
            + " base units.</div>"
        )
