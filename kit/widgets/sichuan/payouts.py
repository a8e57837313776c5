"""The Sichuan payout explorer: a deal's kongs and wins, paid under two rule sets
(see the Sichuan rules: reference/sichuan.md#win-payments).

Events come from a form or from a script in the strict notation of
:mod:`kit.sichuan.events`; a :class:`~kit.sichuan.settle.Ledger` pays them.
"""

from __future__ import annotations

import ipywidgets as w

from kit import plots
from kit.mahjong.tiles import SUITS
from kit.reference import cite
from kit.render import deal_html
from kit.sichuan.events import EVENT_KINDS, Event, EventKind, parse_script, replay
from kit.sichuan.fan import parse_hand
from kit.sichuan.rules import PLAYERS, Rules
from kit.sichuan.settle import Ledger
from kit.widgets.common import MUTED, ErrorLine, chart, classed, guarded, heading, note, refresh
from kit.widgets.sichuan.rulesets import describe, rule_controls, rules_of

__all__ = ["PayoutExplorer"]

SCRIPT_HELP = (
    "One event per line: <code>kong 0 concealed</code>, <code>kong 1 added</code>, "
    "<code>kong 2 exposed from 1</code>, <code>win 1 fan 2 from 0</code> "
    "(add <code>after-kong</code> for a shot after a kong), <code>win 3 fan 1 self</code>, "
    "<code>wall 0=123m456m789m1122p/s 2=…/m</code> (each player still in play: "
    "seat=hand/void). Lines starting with # are comments."
)
"""The script notation of :mod:`kit.sichuan.events`, as the page explains it."""
_EXAMPLE_SCRIPT = "win 1 fan 1 from 0\nwin 3 fan 2 self"
"""The worked example of reference/sichuan.md#win-payments, after a first win: seats 0 and 2
are still in play."""
_WALL_EXAMPLES = (
    "123m456m789m1122p",
    "11p22p33p44p55p66p7p",
    "123456789s1199p",
    "147m258p369s1234p",
)


class PayoutExplorer(w.VBox):  # type: ignore[misc]
    """Record a deal's kongs and wins, and read its ledger under two rule sets
    (reference/sichuan.md#win-payments).

    >>> explorer = PayoutExplorer()
    >>> explorer.deals["A"].net, explorer.deals["B"].net
    ([-7, 2, -5, 10], [-10, 2, -8, 16])
    >>> explorer.script.value = "win 1 fan 1 from 0\\nwin 1 fan 2 self"
    >>> "line 2" in explorer.error.value, len(explorer.events)
    (True, 2)
    """

    LABELS = ("A", "B")

    def __init__(self, script: str = _EXAMPLE_SCRIPT) -> None:
        self.error = ErrorLine()
        self.events: list[Event] = []
        self._numbered: list[tuple[int, Event]] = []
        self._syncing = False
        self.deals: dict[str, Ledger] = {label: Ledger(Rules()) for label in self.LABELS}
        self.kind = classed(
            w.Dropdown(options=list(EVENT_KINDS), value="win on discard", description="Event"),
            "kit-event-kind",
        )
        self.player = classed(
            w.Dropdown(options=list(range(PLAYERS)), value=1, description="Player"),
            "kit-event-player",
        )
        self.discarder = classed(
            w.Dropdown(options=list(range(PLAYERS)), value=0, description="Discarder"),
            "kit-event-discarder",
        )
        self.fan = classed(
            w.BoundedIntText(value=1, min=0, max=12, description="Fan"), "kit-event-fan"
        )
        self.after_kong = classed(
            w.Checkbox(
                value=False,
                description="shot after the discarder's kong (杠上炮)",
                layout=w.Layout(width="auto"),
            ),
            "kit-event-after-kong",
        )
        self.wall_hands = [
            classed(
                w.Text(
                    value=_WALL_EXAMPLES[seat],
                    description=f"Seat {seat} hand",
                    layout=w.Layout(width="300px"),
                ),
                f"kit-wall-hand-{seat}",
            )
            for seat in range(PLAYERS)
        ]
        self.wall_voids = [
            classed(
                w.Dropdown(
                    options=list(SUITS),
                    value="s",
                    description="void",
                    layout=w.Layout(width="130px"),
                ),
                f"kit-wall-void-{seat}",
            )
            for seat in range(PLAYERS)
        ]
        self.wall_rows = [
            w.HBox([hand, void])
            for hand, void in zip(self.wall_hands, self.wall_voids, strict=True)
        ]
        self.kind.observe(lambda _: self._show_fields(), "value")
        add = classed(
            w.Button(description="Add event", icon="plus", button_style="primary"), "kit-add-event"
        )
        add.on_click(lambda _: self.add_event())
        undo = classed(w.Button(description="Undo", icon="undo"), "kit-undo-event")
        undo.on_click(lambda _: self.undo())
        self.script = classed(
            w.Textarea(
                value="",
                placeholder="kong 0 concealed\nwin 1 fan 2 from 0",
                continuous_update=False,
                layout=w.Layout(width="340px", height="150px"),
            ),
            "kit-script",
        )
        self.script.observe(lambda change: self._set_script(change["new"]), "value")
        self.rule_controls = {
            label: rule_controls(f"kit-rules-{label}", switches=True) for label in self.LABELS
        }
        self.rule_controls["B"]["self_draw_bonus"].value = "fan"
        for controls in self.rule_controls.values():
            for control in controls.values():
                control.observe(lambda _: self._redraw(), "value")
        self.ledgers = {label: classed(w.HTML(), f"kit-ledger-{label}") for label in self.LABELS}
        """Each rule set's deal as :func:`kit.render.deal_html` draws it: events, ledger, nets."""
        self.nets_chart = chart("kit-nets-chart")
        self.flows_chart = chart("kit-flows-chart")
        self.status = classed(w.HTML(), "kit-in-play")
        columns = [
            w.VBox(
                [heading(f"Rule set {label}"), *self.rule_controls[label].values(),
                 self.ledgers[label]],
                layout=w.Layout(width="50%", padding="0 12px 0 0"),
            )
            for label in self.LABELS
        ]  # fmt: skip
        event_form = w.VBox(
            [
                heading("Add an event"),
                self.kind,
                self.player,
                self.discarder,
                self.fan,
                self.after_kong,
                *self.wall_rows,
                w.HBox([add, undo]),
            ],
            layout=w.Layout(width="50%"),
        )
        script_box = w.VBox(
            [heading("…or write the events, one per line"), self.script, note(SCRIPT_HELP)],
            layout=w.Layout(width="50%"),
        )
        super().__init__(
            [
                heading("Settle a deal event by event, under two rule sets"),
                note(
                    "Players who have won leave play and never pay again "
                    f"({cite('sichuan', 'winning-hands').html('blood battle')}). Kongs pay at "
                    f"once ({cite('sichuan', 'kongs').html('wind and rain')}); the wall's end "
                    "checks pigs and not-ready hands "
                    f"({cite('sichuan', 'wall-empty').html('when the wall runs out')})."
                ),
                w.HBox([event_form, script_box]),
                self.error,
                self.status,
                w.HBox(columns),
                self.nets_chart,
                self.flows_chart,
            ]
        )
        self.add_class("kit-payout-explorer")
        self._apply([])
        self.script.value = script

    def rules(self, label: str) -> Rules:
        """The rule set ``label`` ("A" or "B") as its controls say."""
        return rules_of(self.rule_controls[label])

    # -- events --

    def event_from_controls(self) -> Event:
        """The event the form describes (not yet added)."""
        kind: EventKind = self.kind.value
        if kind == "wall empty":
            hands = []
            for seat in self.deals["A"].in_play():
                try:
                    notation = parse_hand(self.wall_hands[seat].value).notation()
                except ValueError as error:
                    raise ValueError(f"seat {seat}'s hand: {error}") from None
                hands.append((seat, notation, self.wall_voids[seat].value))
            return Event(kind, hands=tuple(hands))
        discarder = self.discarder.value if kind in ("exposed kong", "win on discard") else None
        return Event(
            kind,
            self.player.value,
            discarder,
            self.fan.value if "win" in kind else 0,
            self.after_kong.value and kind == "win on discard",
        )

    @guarded
    def add_event(self) -> None:
        """Add the form's event; an illegal one shows the deal's message and is not added."""
        self._commit([*self.events, self.event_from_controls()])

    @guarded
    def undo(self) -> None:
        """Take back the last event."""
        if not self.events:
            raise ValueError("no event to undo")
        self._commit(self.events[:-1])

    @guarded
    def _set_script(self, text: str) -> None:
        if self._syncing:
            return
        self._apply(parse_script(text))

    def _commit(self, events: list[Event]) -> None:
        self._apply(list(enumerate(events, start=1)))
        self._syncing = True
        try:
            self.script.value = "\n".join(event.line() for event in events)
        finally:
            self._syncing = False

    def _apply(self, numbered: list[tuple[int, Event]]) -> None:
        """Replay the events under both rule sets; only if both accept them, show the result."""
        deals = {label: replay(numbered, self.rules(label)) for label in self.LABELS}
        self.deals = deals
        self._numbered = numbered
        self.events = [event for _, event in numbered]
        self._show_fields()
        self._draw()

    @guarded
    def _redraw(self) -> None:
        """A rule control changed: replay the same events under the new rules."""
        self._apply(self._numbered)

    # -- display --

    def _show_fields(self) -> None:
        kind = self.kind.value
        shown = {
            self.discarder: kind in ("exposed kong", "win on discard"),
            self.fan: "win" in kind,
            self.after_kong: kind == "win on discard",
            self.player: kind != "wall empty",
        }
        for widget, visible in shown.items():
            widget.layout.display = "" if visible else "none"
        playing = self.deals["A"].in_play()
        for seat, row in enumerate(self.wall_rows):
            row.layout.display = "" if kind == "wall empty" and seat in playing else "none"

    def _wall_settled(self) -> bool:
        return any(event.kind == "wall empty" for event in self.events)

    def _draw(self) -> None:
        """Show the deals: the text first, then the charts, updated in place when they can be."""
        deal = self.deals["A"]
        playing = ", ".join(f"seat {seat}" for seat in deal.in_play()) or "nobody"
        won = ", ".join(f"seat {seat}" for seat in deal.won)
        self.status.value = (
            f"<div style='{MUTED};margin:4px 0'>{len(self.events)} event"
            f"{'s' if len(self.events) != 1 else ''}. Still in play: <b>{playing}</b>"
            + (f"; won, in order: {won}" if won else "")
            + (". The wall is empty: the deal is over." if self._wall_settled() else ".")
            + "</div>"
        )
        for label, d in self.deals.items():
            self.ledgers[label].value = deal_html(d)
        nets = {f"{label}: {describe(d.rules)}": d.net for label, d in self.deals.items()}
        refresh(
            self.nets_chart,
            lambda: plots.nets_bar(nets, title="Net per seat: rule set A vs B"),
            shape=len(nets),
            values=tuple((label, tuple(net)) for label, net in nets.items()),
            traces=lambda: plots.nets_bar_traces(nets),
        )
        refresh(
            self.flows_chart,
            lambda: plots.ledger_flows(deal, title="Who pays whom (rule set A)"),
            shape=bool(deal.transfers),
            values=tuple(deal.transfers),
            traces=lambda: plots.ledger_flow_traces(deal),
        )
