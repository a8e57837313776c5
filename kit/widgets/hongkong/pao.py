"""The pao explorer: step through a scripted deal in which one discard makes a player liable
(see the Hong Kong rules, Pao: reference/hongkong.md#pao).

The table and its actions are the scenario of :mod:`kit.hongkong.scenarios`; this
app replays it up to the step shown, and says in words what each step did.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace

import ipywidgets as w

from kit import plots
from kit.hongkong.game import Table
from kit.hongkong.payout import payout
from kit.hongkong.rules import Rules
from kit.hongkong.scenarios import LIABLE, THIRD, WINNER, Ending, ScenarioStep, pao_steps, pao_table
from kit.reference import cite
from kit.render import table_html
from kit.render.readouts import nets_table
from kit.widgets.common import BOX, MUTED, ErrorLine, chart, classed, guarded, heading, redraw
from kit.widgets.hongkong.display import seat_label

__all__ = ["PaoExplorer"]


def _start(table: Table) -> str:
    groups = ", ".join(str(m) for m in table.melds[WINNER])
    return (
        f"Seat {WINNER} (West) has three exposed groups: {groups} (a White dragon pung, a pung "
        f"of 1 dots and a chow of 7-8-9 dots). One more claimed group would be its fourth. "
        f"Seat {LIABLE} (East) has just drawn and must discard."
    )


def _fed(table: Table) -> str:
    return (
        f"Seat {LIABLE} discards 3 dots. Seat {WINNER} holds two 3 dots, so it may pung it: "
        "the engine offers the claim."
    )


PAO = cite("hongkong", "pao")
"""The section every step of the explorer cites."""


def _pung(table: Table) -> str:
    pao = table.liabilities.get(WINNER)
    liable = table.liable_for(WINNER)
    if pao is None:
        return f"Seat {WINNER} pungs the 3 dots; no liability arises."
    if liable is None:
        return (
            f"Seat {WINNER} pungs the 3 dots: its {pao.reason}. Seat {pao.liable} fed that "
            "claim, but this table plays without pao (Rules(pao=False)): nobody becomes "
            f"liable, and if seat {WINNER} wins, the usual payers pay."
        )
    return (
        f"Seat {WINNER} pungs the 3 dots: its {pao.reason}. Seat {liable} fed that claim, "
        f"so the engine makes seat {liable} liable (pao, 包) for seat {WINNER}'s win "
        f"(the rules: {PAO.text}). If seat {WINNER} wins this deal, seat {liable} pays the "
        "whole amount."
    )


def _waiting(table: Table) -> str:
    return (
        f"Seat {WINNER} discards 6 characters. It has one tile left, 9 dots, and waits on "
        "the other 9 dots to make its pair: a half flush with a dragon pung."
    )


def _round(table: Table) -> str:
    return (
        "Seats 3, 0 and 1 each draw and discard; nobody can claim. "
        f"Seat {WINNER} draws 9 dots: its winning tile."
    )


def _third(table: Table) -> str:
    return f"Seat {THIRD} draws, then discards 9 dots: seat {WINNER}'s winning tile."


def _won(table: Table) -> str:
    win = table.wins[0]
    liable = table.liable_for(win.seat)
    if win.discarder is None:
        how = "self-drawn"
        usual = f"each of the other three would pay {table.rules.payments.self_draw(win.score.fan)}"
    else:
        how = f"on seat {win.discarder}'s discard"
        usual = f"seat {win.discarder}, the discarder, would pay it"
    if liable is None:
        payers = "each of the other three pays" if win.discarder is None else "the discarder pays"
        return (
            f"Seat {win.seat} wins, {how}: {win.score.breakdown}. This table plays without "
            f"pao (Rules(pao=False)), so {payers} as usual."
        )
    return (
        f"Seat {win.seat} wins, {how}: {win.score.breakdown}. Without pao {usual}; "
        f"with pao, seat {liable} pays all of it, {-table.net[liable]}, and nobody else pays."
    )


EXPLAIN: dict[str, Callable[[Table], str]] = {
    "start": _start,
    "fed": _fed,
    "pung": _pung,
    "waiting": _waiting,
    "round": _round,
    "third": _third,
    "won": _won,
}
"""What each step of the scenario did, in words, read from the table after it."""


class PaoExplorer(w.VBox):  # type: ignore[misc]
    """Step through a scripted deal in which one discard makes a player liable
    (pao, reference/hongkong.md#pao).

    The table is built tile by tile and every step applies real actions, so the engine
    itself decides the liability and the payments.

    >>> explorer = PaoExplorer()
    >>> explorer.last()
    >>> explorer.table.net, explorer.without_pao
    ([-72, 0, 72, 0], [-24, -24, 72, -24])
    >>> explorer.ending.value = "discard"
    >>> explorer.table.net, explorer.without_pao
    ([-32, 0, 32, 0], [0, 0, 32, -32])
    """

    def __init__(self, rules: Rules = Rules()) -> None:
        self.rules = rules
        self.error = ErrorLine()
        self.step = 0
        self.table = pao_table(rules)
        self.with_pao: list[int] = []
        self.without_pao: list[int] = []
        self.ending = classed(
            w.ToggleButtons(
                options=[
                    ("seat 2 wins self-drawn", "self-drawn"),
                    ("seat 2 wins on seat 3's discard", "discard"),
                ],
                value="self-drawn",
                style={"button_width": "220px"},
            ),
            "kit-pao-ending",
        )
        self.ending.observe(lambda _: self.go(min(self.step, len(self.steps) - 1)), "value")
        self.back = classed(w.Button(description="Back", icon="arrow-left"), "kit-pao-back")
        self.back.on_click(lambda _: self.go(self.step - 1))
        self.next = classed(
            w.Button(description="Next", icon="arrow-right", button_style="primary"),
            "kit-pao-next",
        )
        self.next.on_click(lambda _: self.go(self.step + 1))
        self.counter = classed(w.HTML(), "kit-pao-step")
        self.explanation = classed(w.HTML(), "kit-pao-explanation")
        self.view = classed(w.HTML(), "kit-pao-table")
        self.payments = classed(w.HTML(), "kit-pao-payments")
        self.chart = chart("kit-pao-chart")
        self._chart_box = w.Box([self.chart])
        super().__init__(
            [
                heading("Pao (包): who pays when one discard fed the winner's fourth group"),
                self.ending,
                w.HBox([self.back, self.next, self.counter]),
                self.error,
                self.explanation,
                self.view,
                self.payments,
                self._chart_box,
            ]
        )
        self.add_class("kit-hk-pao")
        self.go(0)

    @property
    def steps(self) -> list[ScenarioStep]:
        """The scenario for the ending chosen, step by step."""
        ending: Ending = self.ending.value
        return pao_steps(ending)

    def last(self) -> None:
        """Go to the end of the scenario."""
        self.go(len(self.steps) - 1)

    @guarded
    def go(self, step: int) -> None:
        """Show step ``step``: replay the scenario from its first tile up to it."""
        steps = self.steps
        step = max(0, min(step, len(steps) - 1))
        table = pao_table(self.rules)
        for done in steps[: step + 1]:
            for action in done.actions:
                table.apply(action)
        self.table, self.step = table, step
        self.back.disabled = step == 0
        self.next.disabled = step == len(steps) - 1
        self.counter.value = (
            f"<div style='{MUTED};margin:6px'>Step {step + 1} of {len(steps)}</div>"
        )
        explained = EXPLAIN[steps[step].name](table)
        self.explanation.value = (
            f"<div style='{BOX};font-size:1.05em'>{html.escape(explained)}"
            f"<div style='margin-top:4px'>{PAO.html()}</div></div>"
        )
        self.view.value = table_html(table)
        self._show_payments()

    def _show_payments(self) -> None:
        table = self.table
        if not table.wins:
            self.with_pao, self.without_pao = [], []
            self.payments.value = (
                f"<div style='{MUTED}'>Who pays shows here once seat {WINNER} wins.</div>"
            )
            self._chart_box.layout.display = "none"
            return
        win = table.wins[0]
        fan = win.score.fan
        # What pao would change: the claim the engine noted, paid as if pao were on.
        noted = table.liabilities.get(win.seat)
        self.with_pao = payout(
            fan,
            winner=win.seat,
            discarder=win.discarder,
            liable=noted.liable if noted else None,
            rules=replace(self.rules, pao=True),
        )
        self.without_pao = payout(
            fan, winner=win.seat, discarder=win.discarder, rules=replace(self.rules, pao=False)
        )
        rows = [
            (seat_label(seat, self.rules.players), [self.with_pao[seat], self.without_pao[seat]])
            for seat in range(self.rules.players)
        ]
        self.payments.value = (
            f"<div style='{BOX}'><b>Who pays for seat {win.seat}'s {fan}-fan win</b> "
            f"(this table plays {'with' if self.rules.pao else 'without'} pao)"
            + nets_table("kit-pao-ledger", ["with pao", "without pao"], rows)
            + "</div>"
        )
        self._chart_box.layout.display = ""
        figure = plots.nets_bar(
            {"with pao": self.with_pao, "without pao (pao=False)": self.without_pao},
            title=f"Net per seat: seat {win.seat}'s win with and without pao",
        )
        figure.update_layout(yaxis_title="net payment")
        redraw(self.chart, figure)
