"""The Nylon-ppong settlement explorer: set each seat's hand and how the round ended; read the penalties."""

from __future__ import annotations

from dataclasses import replace

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.hwatu import parse_months
from kit.nylonppong.rules import ENDINGS, Ending, Rules, settle_round
from kit.render.table import frame_table
from kit.widgets.common import WIDE, ErrorLine, chart, guarded, heading, refresh
from kit.widgets.nylonppong.display import penalty_sliders

__all__ = ["SettlementExplorer"]

_EXAMPLE_HANDS = ("1 3", "2 5 7 9 11", "4 4 8 10 12", "6 9", "3 5 7 8 12", "1 2 6 10 11")


class SettlementExplorer(w.VBox):  # type: ignore[misc]
    """Set each seat's hand, how the round ended and the rules; read the penalties
    (reference/nylon-ppong.md#round-scoring).

    >>> explorer = SettlementExplorer()
    >>> explorer.penalties
    [4, 34, 38, 15]
    >>> explorer.hands[0].value = "1 13"
    >>> explorer.penalties, "13" in explorer.error.value
    ([4, 34, 38, 15], True)
    """

    def __init__(self, rules: Rules = Rules()) -> None:
        self.error = ErrorLine()
        self.penalties: list[int] = []
        self.seats = w.IntSlider(value=rules.players, min=2, max=6, description="Seats")
        self.hands = [
            w.Text(value=_EXAMPLE_HANDS[seat], description=f"Seat {seat}", continuous_update=False)
            for seat in range(6)
        ]
        self.ending = w.Dropdown(
            options=list(ENDINGS), value="stop", description="Ended by", style=WIDE
        )
        self.player = w.Dropdown(options=[], description="Ended by seat", style=WIDE)
        self.victim = w.Dropdown(options=[], description="Victim", style=WIDE)
        self.sliders = penalty_sliders(rules)
        """The house rules that set the penalties, by their ``Rules`` field."""
        self.stop_limit = self.sliders["stop_limit"]
        self.failed_stop = self.sliders["failed_stop_penalty"]
        self.victim_penalty = self.sliders["ppong_victim_penalty"]
        self.table = w.HTML()
        self.table.add_class("kit-penalties")
        self.chart = chart("kit-penalties-chart")
        self._rules = rules
        self._seat_options()
        controls: list[w.Widget] = [
            self.seats, *self.hands, self.ending, self.player, self.victim, *self.sliders.values(),
        ]  # fmt: skip
        for control in controls:
            control.observe(lambda _: self.update(), "value")
        help_text = w.HTML(
            "<div style='color:#555'>Hands are months (1-12) or cards (3B), separated by spaces. "
            "A stop caller holds 2 cards, a declarer 6, a player who went out by ppong none.</div>"
        )
        super().__init__(
            [
                heading("Settle a round"),
                help_text,
                w.HBox(
                    [
                        w.VBox([self.seats, *self.hands]),
                        w.VBox([self.ending, self.player, self.victim, *self.sliders.values()]),
                    ]
                ),
                self.error,
                self.table,
                self.chart,
            ]
        )
        self.add_class("kit-settlement")
        self.update()

    def _seat_options(self) -> None:
        seats = list(range(self.seats.value))
        for dropdown in (self.player, self.victim):
            keep = dropdown.value if dropdown.value in seats else None
            dropdown.options = seats
            dropdown.value = keep if keep is not None else 0
        if self.victim.value == self.player.value and len(seats) > 1:
            self.victim.value = (self.player.value + 1) % len(seats)
        for seat, text in enumerate(self.hands):
            text.layout.display = "" if seat < len(seats) else "none"

    @guarded
    def update(self) -> None:
        """Recompute the penalties from the controls; on bad input keep the last table.

        The table changes first; the chart's bars are then updated in place, and only
        when the penalties or the ending changed.
        """
        if len(self.player.options) != self.seats.value:
            self._seat_options()
        ending: Ending = self.ending.value
        self.victim.disabled = ending != "ppong-out"
        rules = replace(
            self._rules,
            players=self.seats.value,
            **{field: slider.value for field, slider in self.sliders.items()},
        )
        hands = [parse_months(text.value) for text in self.hands[: self.seats.value]]
        penalties = settle_round(
            hands,
            ended_by=ending,
            player=self.player.value,
            victim=self.victim.value if ending == "ppong-out" else None,
            rules=rules,
        )
        self.penalties = penalties
        frame = pd.DataFrame(
            {
                "hand": [" ".join(map(str, hand)) or "(empty)" for hand in hands],
                "sum": [sum(hand) for hand in hands],
                "penalty": penalties,
            },
            index=pd.Index(range(len(hands)), name="seat"),
        )
        self.table.value = frame_table(frame, css_class="kit-table")
        title = f"Penalty points, round ended by {ending}"
        refresh(
            self.chart,
            lambda: plots.penalties_bar(penalties, title=title),
            shape=len(penalties),
            values=(tuple(penalties), title),
            traces=lambda: plots.penalties_bar_traces(penalties),
            layout=lambda: {"title_text": title},
        )
