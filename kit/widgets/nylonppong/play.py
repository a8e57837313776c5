"""Play one Nylon-ppong round as seat 0 against bots, with draw, ppong, stop and declare buttons."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

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
from kit.nylonppong.rules import Rules
from kit.render import round_html, round_result_html
from kit.widgets.common import ErrorLine, card_button, guarded, heading

__all__ = ["PlayRound"]


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
        bots: Sequence[str] | str = ("greedy", "cautious"),
        seed: int | None = None,
    ) -> None:
        if isinstance(bots, str):
            bots = (bots,)
        if not bots:
            raise ValueError("bots: name at least one bot, e.g. bots=('greedy',)")
        for name in bots:
            if name not in BOTS:
                raise ValueError(f"bots: unknown bot {name!r}; choose from {', '.join(BOTS)}")
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
