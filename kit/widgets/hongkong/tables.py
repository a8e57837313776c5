"""The payment table editor: edit the table (or the two-player Golden table) and see what it pays
(see the Hong Kong rules: reference/hongkong.md#payments)."""

from __future__ import annotations

from typing import Literal

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.hongkong.payout import payout
from kit.hongkong.rules import GOLDEN, PRESETS, PaymentTable, Rules
from kit.render.readouts import nets_table
from kit.widgets.common import BOX, ErrorLine, chart, classed, guarded, heading, note, refresh
from kit.widgets.hongkong.display import seat_label
from kit.words import a_or_an

__all__ = ["TableEditor"]

Which = Literal["table", "golden"]
FANS = tuple(range(Rules().min_fan, Rules().fan_cap + 1))
"""The fans a payment table covers by default: the default minimum to the default cap."""


class TableEditor(w.VBox):  # type: ignore[misc]
    """Edit the payment table (or the two-player Golden table) in the page and see what it pays.

    Every change rebuilds the :class:`~kit.hongkong.rules.Rules` from the grid; a bad value
    (a negative payment, a missing fan) shows why and keeps the last valid table
    (reference/hongkong.md#payments).

    >>> editor = TableEditor()
    >>> editor.cells[(5, "discard")].value = 50
    >>> editor.rules.table.discard(5), editor.payouts_at()["discard"]
    (50, [50, -50, 0, 0])
    >>> editor.cells[(5, "discard")].value = -1
    >>> editor.rules.table.discard(5), "negative" in editor.error.value
    (50, True)
    """

    COLUMNS = ("discard", "self_draw")

    def __init__(self) -> None:
        self.error = ErrorLine()
        self._syncing = False
        self.tables: dict[Which, PaymentTable] = {"table": PRESETS["half-spicy"], "golden": GOLDEN}
        """The last valid table of each kind."""
        self.which = classed(
            w.ToggleButtons(
                options=[
                    ("payment table (4 players)", "table"),
                    ("Golden table (2 players)", "golden"),
                ],
                value="table",
                style={"button_width": "200px"},
            ),
            "kit-table-choice",
        )
        self.which.observe(lambda _: self._switch(), "value")
        self.cells = {
            (fan, column): classed(
                w.IntText(value=0, layout=w.Layout(width="90px")),
                f"kit-cell-{fan}-{column.replace('_', '-')}",
            )
            for fan in FANS
            for column in self.COLUMNS
        }
        for cell in self.cells.values():
            cell.observe(lambda _: self._edited(), "value")
        self._headings = [w.HTML(), w.HTML()]
        grid = w.GridBox(
            [w.HTML("<b>fan</b>"), *self._headings]
            + [
                item
                for fan in FANS
                for item in (
                    w.HTML(f"<div style='text-align:center'>{fan}</div>"),
                    self.cells[(fan, "discard")],
                    self.cells[(fan, "self_draw")],
                )
            ],
            layout=w.Layout(grid_template_columns="40px 180px 200px", grid_gap="2px 8px"),
        )
        grid.add_class("kit-table-grid")
        self.resets: dict[str, w.Button] = {}
        for name in (*PRESETS, "golden"):
            button = classed(
                w.Button(
                    description=f"reset to {name}", icon="undo", layout=w.Layout(width="auto")
                ),
                f"kit-reset-{name}",
            )
            button.on_click(lambda _, name=name: self.reset(name))
            self.resets[name] = button
        self.fan = classed(
            w.Dropdown(
                options=list(FANS),
                value=5,
                description="Payouts at",
                layout=w.Layout(width="170px"),
            ),
            "kit-editor-fan",
        )
        self.fan.observe(lambda _: self._show(), "value")
        self.payouts = classed(w.HTML(), "kit-editor-payouts")
        self.curve = chart("kit-payment-curve")
        self.compare = chart("kit-payment-compare")
        super().__init__(
            [
                heading("Edit a payment table"),
                note(
                    "The kit's default, half-spicy, stands in for the rule page's table, whose "
                    "numbers were published as an image; the Golden table likewise. Type the "
                    "real values in to use them."
                ),
                self.which,
                w.HBox(
                    [
                        w.VBox(
                            [
                                grid,
                                w.HBox(
                                    list(self.resets.values()), layout=w.Layout(flex_flow="wrap")
                                ),
                            ],
                            layout=w.Layout(width="440px", margin="0 18px 0 0"),
                        ),
                        w.VBox([self.fan, self.payouts]),
                    ]
                ),
                self.error,
                self.curve,
                self.compare,
            ]
        )
        self.add_class("kit-hk-table-editor")
        self._load()
        self._show()

    @property
    def kind(self) -> Which:
        kind: Which = self.which.value
        return kind

    @property
    def rules(self) -> Rules:
        """The rules with the last valid tables; two players when the Golden table is edited."""
        return Rules(
            players=2 if self.kind == "golden" else 4,
            table=self.tables["table"],
            golden=self.tables["golden"],
        )

    @property
    def value(self) -> pd.DataFrame:
        """The table being edited, as a DataFrame indexed by fan; setting it checks it first."""
        return self.tables[self.kind].to_frame()

    @value.setter
    def value(self, frame: pd.DataFrame) -> None:
        self._set_frame(frame)

    def payouts_at(self, fan: int | None = None) -> dict[str, list[int]]:
        """Each seat's net for a win by seat 0 at ``fan``: on seat 1's discard, and self-drawn."""
        fan = self.fan.value if fan is None else fan
        rules = self.rules
        return {
            "discard": payout(fan, winner=0, discarder=1, rules=rules),
            "self_draw": payout(fan, winner=0, rules=rules),
        }

    @guarded
    def reset(self, name: str) -> None:
        """Put a preset's values into the table being edited."""
        table = GOLDEN if name == "golden" else PRESETS[name]
        self._set_frame(table.to_frame())

    @guarded
    def _set_frame(self, frame: pd.DataFrame) -> None:
        self._accept(frame)
        self._load()
        self._show()

    @guarded
    def _edited(self) -> None:
        if self._syncing:
            return
        frame = pd.DataFrame(
            {column: [self.cells[(fan, column)].value for fan in FANS] for column in self.COLUMNS},
            index=pd.Index(FANS, name="fan"),
        )
        self._accept(frame)
        self._show()

    def _accept(self, frame: pd.DataFrame) -> None:
        """Check ``frame`` as the rules do; only a valid table replaces the last one."""
        table = PaymentTable.from_frame(frame, name=f"edited {self.kind}")
        if self.kind == "golden":
            self.tables["golden"] = Rules(players=2, golden=table).golden
        else:
            self.tables["table"] = Rules(table=table).table

    @guarded
    def _switch(self) -> None:
        self._load()
        self._show()

    def _load(self) -> None:
        """Show the last valid table of the kind chosen in the grid."""
        table = self.tables[self.kind]
        self._syncing = True
        try:
            for fan in FANS:
                self.cells[(fan, "discard")].value = table.discard(fan)
                self.cells[(fan, "self_draw")].value = table.self_draw(fan)
        finally:
            self._syncing = False
        golden = self.kind == "golden"
        first, second = (
            ("opponent pays on a discard", "opponent pays on a self-draw")
            if golden
            else ("discarder pays", "each pays on a self-draw")
        )
        self._headings[0].value = _heading(first)
        self._headings[1].value = _heading(second)

    def _show(self) -> None:
        rules, fan = self.rules, self.fan.value
        nets = self.payouts_at(fan)
        table = self.tables[self.kind]
        columns = ["won on seat 1's discard", "self-drawn"]
        rows = [
            (
                seat_label(seat, rules.players) + (" <b>winner</b>" if seat == 0 else ""),
                [nets["discard"][seat], nets["self_draw"][seat]],
            )
            for seat in range(rules.players)
        ]
        label = "Golden table, 2 players" if self.kind == "golden" else "payment table, 4 players"
        self.payouts.value = (
            f"<div style='{BOX}'><b>Seat 0 wins {a_or_an(f'{fan}-fan')} hand ({label})</b>"
            f"<div>On a discard the discarder pays <b>{table.discard(fan)}</b>; self-drawn, "
            f"{'the opponent' if rules.players == 2 else 'each other player'} pays "
            f"<b>{table.self_draw(fan)}</b>.</div>"
            + nets_table("kit-payout-table", columns, rows)
            + "</div>"
        )
        self._draw(table)

    def _draw(self, table: PaymentTable) -> None:
        """Update the charts after the text, and only when the table or its kind changed.

        Editing one cell moves one point: the lines of the figures already shown are
        updated in place; switching tables draws them anew.
        """
        edited = "edited Golden table" if self.kind == "golden" else "edited table"
        values = tuple(table.rows)
        curve = {edited: table}
        refresh(
            self.curve,
            lambda: plots.payment_curve(curve, title=f"What the {edited} pays, fan by fan"),
            shape=edited,
            values=values,
            traces=lambda: plots.payment_curve_traces(curve),
        )
        compare = {
            edited: table,
            "half-spicy": PRESETS["half-spicy"],
            "full-spicy": PRESETS["full-spicy"],
        }
        traces = plots.payment_curve_traces(compare)
        refresh(
            self.compare,
            lambda: plots.payment_curve(
                compare,
                title="Half-spicy vs full-spicy, and the edited table (log scale)",
                log=True,
            ),
            shape=edited,
            values=values,
            traces=lambda: traces,
            layout=lambda: {"yaxis_tickvals": plots.log_ticks(traces)},
        )


def _heading(text: str) -> str:
    """A column heading of the editor's grid, wrapping inside its column rather than past it."""
    return f"<b style='white-space:normal'>{text}</b>"
