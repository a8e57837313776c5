"""Nylon-ppong apps: hand builder, round settlement explorer, play against bots, simulation.

Each app holds state and calls the rules in :mod:`kit.nylonppong`; the
pictures come from :mod:`kit.render` and the charts from :mod:`kit.plots`.
Every one can be driven in plain Python by setting values, as the tests do.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace

import ipywidgets as w
import pandas as pd

from kit import plots
from kit.hwatu import DECK, Card, Hand, parse_months
from kit.nylonppong.bots import BOTS
from kit.nylonppong.game import (
    Action,
    Declare,
    Discard,
    Draw,
    Pass,
    Ppong,
    Round,
    SeatView,
    Stop,
)
from kit.nylonppong.rules import (
    COMBINATION_SIZE,
    ENDINGS,
    Ending,
    Rules,
    best_combination,
    no_combination_reason,
    settle_round,
    stop_allowed,
)
from kit.nylonppong.sim import simulate
from kit.render import cards_html, round_html, round_result_html
from kit.widgets.common import (
    WIDE,
    ErrorLine,
    HandValue,
    card_button,
    chart,
    frame_html,
    guarded,
    hand_text,
    heading,
    mark_selected,
    note,
    redraw,
    simulate_rule_sets,
)

__all__ = ["HandBuilder", "PlayRound", "SettlementExplorer", "SimulationPanel"]


def _minus(value: int) -> str:
    """Negative numbers with a true minus sign, as the rules book prints them."""
    return f"−{-value}" if value < 0 else str(value)


# --- Hand builder -------------------------------------------------------------------------


class HandBuilder(HandValue[Hand], w.VBox):  # type: ignore[misc]
    """Click cards (or type their notation) to build a hand of up to 6 and read what it scores.

    >>> builder = HandBuilder()
    >>> builder.value = "3B 4A 5A 6A 7A 8B"
    >>> "Straight" in builder.readout.value and "−33" in builder.readout.value
    True
    >>> builder.value = "3B 99Q"
    >>> builder.hand.notation(), "99Q" in builder.error.value
    ('3B 4A 5A 6A 7A 8B', True)
    """

    def __init__(self, rules: Rules = Rules(), hand: str = "") -> None:
        self.rules = rules
        self._hand = Hand()
        self.error = ErrorLine()
        self.buttons: dict[Card, w.Button] = {card: card_button(card, self.toggle) for card in DECK}
        palette = w.GridBox(
            [self.buttons[card] for index in range(4) for card in DECK[index::4]],
            layout=w.Layout(grid_template_columns="repeat(12, 56px)", grid_gap="3px"),
        )
        self.text = hand_text(
            "or type cards, e.g. 3B 4A 5A 6A 7A 8B, then Enter", self._set_text, width="440px"
        )
        self.stop_limit = w.Dropdown(
            options=sorted({5, 10, rules.stop_limit}),
            value=rules.stop_limit,
            description="Stop limit",
            layout=w.Layout(width="170px"),
        )
        self.stop_limit.observe(lambda change: self._set_limit(change["new"]), "value")
        clear = w.Button(description="Clear", icon="eraser", layout=w.Layout(width="90px"))
        clear.on_click(lambda _: self._set_hand(Hand()))
        self.readout = w.HTML()
        self.readout.add_class("kit-readout")
        super().__init__(
            [
                heading(
                    "Click cards to build a hand (months run left to right, January to December)"
                ),
                palette,
                w.HBox([self.text, self.stop_limit, clear]),
                self.error,
                self.readout,
            ]
        )
        self.add_class("kit-hand-builder")
        self._set_text(hand)

    @guarded
    def toggle(self, card: Card) -> None:
        """Add a card to the hand, or take it back out if it is already there."""
        cards = self._hand.cards
        if card in cards:
            self._set_hand(Hand(tuple(c for c in cards if c != card)))
        elif len(cards) >= COMBINATION_SIZE:
            raise ValueError("a hand here holds at most 6 cards; click a chosen card to remove it")
        else:
            self._set_hand(Hand((*cards, card)))

    @guarded
    def _set_text(self, text: str) -> None:
        hand = Hand.parse(text)
        if len(hand) > COMBINATION_SIZE:
            raise ValueError(f"{len(hand)} cards typed; a hand here holds at most 6")
        self._set_hand(hand)

    @guarded
    def _set_limit(self, limit: int) -> None:
        self.rules = replace(self.rules, stop_limit=limit)
        self._show()

    def _set_hand(self, hand: Hand) -> None:
        previous = set(self._hand.cards)
        self._hand = hand
        chosen = set(hand.cards)
        for card in previous ^ chosen:
            mark_selected(self.buttons[card], card in chosen)
        if self.text.value != hand.notation():
            self.text.value = hand.notation()
        self._show()

    def _show(self) -> None:
        self.readout.value = hand_readout(self._hand, self.rules)


def hand_readout(hand: Hand, rules: Rules) -> str:
    """What a hand means in Nylon-ppong: its faces, its sum, and its combination or stop."""
    months = hand.months
    parts = [cards_html(hand.cards)]
    if months:
        parts.append(
            f"<div>Sum of months: {' + '.join(map(str, months))} = <b>{sum(months)}</b></div>"
        )
    if len(months) == COMBINATION_SIZE:
        best = best_combination(months)
        if best is None:
            parts.append(
                f"<div class='kit-verdict'>{html.escape(no_combination_reason(months))}</div>"
            )
        else:
            parts.append(
                "<div class='kit-verdict' style='font-size:1.3em'>"
                f"<b>{html.escape(best.name)}</b>: {_minus(best.value)}</div>"
                f"<div>{html.escape(best.explanation)}</div>"
            )
    elif len(months) == 2:
        total = sum(months)
        verdict = "allowed" if stop_allowed(months, rules) else "not allowed"
        sign = "≤" if total <= rules.stop_limit else ">"
        parts.append(
            f"<div class='kit-verdict'>Stop: <b>{verdict}</b> "
            f"({months[0]} + {months[1]} = {total} {sign} stop limit {rules.stop_limit})</div>"
        )
    else:
        missing = COMBINATION_SIZE - len(months)
        parts.append(
            f"<div style='color:#555'>Pick {missing} more card{'s' if missing != 1 else ''} "
            "to test a combination; a hand of 2 tests a stop.</div>"
        )
    return "".join(parts)


# --- Round settlement explorer -------------------------------------------------------------

_EXAMPLE_HANDS = ("1 3", "2 5 7 9 11", "4 4 8 10 12", "6 9", "3 5 7 8 12", "1 2 6 10 11")


class SettlementExplorer(w.VBox):  # type: ignore[misc]
    """Set each seat's hand, how the round ended and the rules; read the penalties (§1.5).

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
        self.stop_limit = w.IntSlider(
            value=rules.stop_limit, min=2, max=20, description="Stop limit", style=WIDE
        )
        self.failed_stop = w.IntSlider(
            value=rules.failed_stop_penalty,
            min=0,
            max=100,
            step=5,
            description="Failed stop +",
            style=WIDE,
        )
        self.victim_penalty = w.IntSlider(
            value=rules.ppong_victim_penalty,
            min=0,
            max=100,
            step=5,
            description="Ppong victim +",
            style=WIDE,
        )
        self.table = w.HTML()
        self.table.add_class("kit-penalties")
        self.chart = chart("kit-penalties-chart")
        self._rules = rules
        self._seat_options()
        controls: list[w.Widget] = [
            self.seats, *self.hands, self.ending, self.player, self.victim,
            self.stop_limit, self.failed_stop, self.victim_penalty,
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
                        w.VBox(
                            [
                                self.ending,
                                self.player,
                                self.victim,
                                self.stop_limit,
                                self.failed_stop,
                                self.victim_penalty,
                            ]
                        ),
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
        """Recompute the penalties from the controls; on bad input keep the last table."""
        if len(self.player.options) != self.seats.value:
            self._seat_options()
        ending: Ending = self.ending.value
        self.victim.disabled = ending != "ppong-out"
        rules = replace(
            self._rules,
            players=self.seats.value,
            stop_limit=self.stop_limit.value,
            failed_stop_penalty=self.failed_stop.value,
            ppong_victim_penalty=self.victim_penalty.value,
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
        self.table.value = frame_html(frame, "kit-table")
        redraw(
            self.chart,
            plots.penalties_bar(penalties, title=f"Penalty points, round ended by {ending}"),
        )


# --- Play a round against bots ---------------------------------------------------------------


class PlayRound(w.VBox):  # type: ignore[misc]
    """Play one round as seat 0 against bots, with the discard pile, ppong and stop buttons.

    >>> game = PlayRound(seed=4)
    >>> game.round.phase in ("turn", "discard", "over")
    True
    >>> game.act(Stop(0)) is None and "illegal" in game.error.value
    True
    """

    HUMAN = 0

    def __init__(
        self,
        rules: Rules = Rules(players=3),
        bots: Sequence[str] = ("greedy", "cautious"),
        seed: int | None = None,
    ) -> None:
        for name in bots:
            if name not in BOTS:
                raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
        self.rules = rules
        self.bot_names = [bots[seat % len(bots)] for seat in range(rules.players - 1)]
        self.seed = seed
        self.rounds_played = 0
        self.error = ErrorLine()
        self.events: list[str] = []
        self.table = w.HTML()
        self.table.add_class("kit-table-view")
        self.hand_buttons = w.HBox()
        self.hand_buttons.add_class("kit-your-hand")
        self.buttons = {
            name: w.Button(description=label, layout=w.Layout(width="110px"))
            for name, label in (
                ("draw", "Draw"), ("ppong", "Ppong 뽕"), ("stop", "Stop 스톱"),
                ("declare", "Declare"), ("pass", "Pass"), ("new", "New round"),
            )
        }  # fmt: skip
        for name, button in self.buttons.items():
            button.add_class(f"kit-play-{name}")
        self.buttons["draw"].on_click(lambda _: self.act(Draw(self.HUMAN)))
        self.buttons["ppong"].on_click(lambda _: self.act(Ppong(self.HUMAN)))
        self.buttons["stop"].on_click(lambda _: self.act(Stop(self.HUMAN)))
        self.buttons["declare"].on_click(lambda _: self.act(Declare(self.HUMAN)))
        self.buttons["pass"].on_click(lambda _: self.act(Pass(self.HUMAN)))
        self.buttons["new"].on_click(lambda _: self.new_round())
        self.prompt = w.HTML()
        self.prompt.add_class("kit-prompt")
        self.history = w.HTML()
        self.summary = w.HTML()
        self.summary.add_class("kit-round-summary")
        super().__init__(
            [
                heading(f"You are seat 0; bots: {', '.join(self.bot_names)}"),
                self.table,
                self.prompt,
                self.hand_buttons,
                w.HBox(list(self.buttons.values())),
                self.error,
                self.summary,
                self.history,
            ]
        )
        self.add_class("kit-play")
        self.new_round()

    @property
    def bots(self) -> list[object]:
        return [BOTS[name] for name in self.bot_names]

    def new_round(self) -> None:
        seed = None if self.seed is None else f"{self.seed}:{self.rounds_played}"
        self.round = Round.deal(self.rules, first=0 if self.seed is not None else None, seed=seed)
        self.rounds_played += 1
        self.events = [f"Round {self.rounds_played}: seat {self.round.first} starts."]
        self.error.clear()
        self._run_bots()
        self._show()

    @guarded
    def act(self, action: Action) -> None:
        """Apply the learner's action (illegal ones show their reason), then let the bots move."""
        self.round.apply(action)
        self.events.append(str(action).replace("seat 0", "you"))
        self._run_bots()
        self._show()

    def _decider(self) -> int | None:
        r = self.round
        if r.phase == "over":
            return None
        return r.claim if r.phase == "turn" and r.claim is not None else r.turn

    def _run_bots(self) -> None:
        seat = self._decider()
        while seat is not None and seat != self.HUMAN:
            bot = BOTS[self.bot_names[seat - 1]]
            action = bot(SeatView(self.round, seat))
            self.round.apply(action)
            if not isinstance(action, Pass):
                self.events.append(str(action))
            seat = self._decider()

    def _show(self) -> None:
        r = self.round
        view = SeatView(r, self.HUMAN)
        self.table.value = round_html(r, reveal=[self.HUMAN], names={self.HUMAN: "You"})
        legal = {type(action) for action in view.legal_actions()}
        for name, kind in (("draw", Draw), ("ppong", Ppong), ("stop", Stop),
                           ("declare", Declare), ("pass", Pass)):  # fmt: skip
            self.buttons[name].disabled = kind not in legal
        can_discard = Discard in legal
        hand_buttons = []
        for card in view.hand:
            button = card_button(card, lambda c: self.act(Discard(self.HUMAN, c)), width="58px")
            button.disabled = not can_discard
            hand_buttons.append(button)
        self.hand_buttons.children = hand_buttons
        self.prompt.value = f"<div>{_prompt(view)}</div>"
        self.history.value = (
            "<div style='color:#555;font-size:0.9em'>"
            + "<br>".join(map(html.escape, self.events[-8:]))
            + "</div>"
        )
        self.summary.value = round_result_html(r.result) if r.result is not None else ""
        self.buttons["new"].disabled = r.result is None


def _prompt(view: SeatView) -> str:
    phase = view.phase
    if phase == "over":
        return "<b>The round is over.</b> Press <i>New round</i> to play again."
    if phase == "claim":
        return "<b>Out-of-turn ppong?</b> You hold a pair of the top discard: Ppong or Pass."
    if phase == "turn":
        options = ["draw"]
        if view.can_ppong:
            options.append("ppong (you hold a pair of the top discard)")
        if view.can_stop:
            options.append(f"stop (your sum {sum(view.months)} ≤ {view.rules.stop_limit})")
        return "<b>Your turn:</b> " + ", or ".join(options) + "."
    if view.combination is not None:
        return f"<b>You drew into {html.escape(str(view.combination))}!</b> Declare it, or discard."
    return "<b>Discard:</b> click one of your cards."


# --- Simulation panel -------------------------------------------------------------------------

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
            "stop_limit": w.IntSlider(
                value=defaults.stop_limit, min=2, max=20, description="Stop limit", style=WIDE
            ),
            "failed_stop_penalty": w.IntSlider(
                value=defaults.failed_stop_penalty,
                min=0,
                max=100,
                step=5,
                description="Failed stop +",
                style=WIDE,
            ),
            "ppong_victim_penalty": w.IntSlider(
                value=defaults.ppong_victim_penalty,
                min=0,
                max=100,
                step=5,
                description="Victim +",
                style=WIDE,
            ),
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
