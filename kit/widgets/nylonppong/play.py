"""Play one Nylon-ppong round as seat 0 against bots, with the coach beside you.

Your cards are faces: a click on one discards it. Draw, ppong, stop and declare
are buttons, enabled only when legal. The *Hint* button steps through the
coach's three levels; the coach's table shows its exact odds for each choice;
after the round, the review sets each of your decisions against the coach's.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from kit.coach import Advice, Review
from kit.nylonppong.bots import BOTS
from kit.nylonppong.coach import advise
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
from kit.render.faces import card_face_class, card_face_rule
from kit.widgets.coaching import CoachBar, FaceSheet, Pacer, face_button, review_html, said_by
from kit.widgets.common import BOX, MUTED, ErrorLine, classed, guarded, heading

__all__ = ["PlayRound"]

CARD_W, CARD_H = 50, 80
"""A card button, in pixels (1 : 1.6)."""
HAND_SLOTS = 7
"""At most seven cards in a hand (six, and one drawn)."""


class PlayRound(w.VBox):  # type: ignore[misc]
    """Play one round as seat 0 against bots, with the coach's hints, its table and a review.

    ``bots`` names the opponents from :data:`kit.nylonppong.bots.BOTS` ("coach"
    included): one name for all, or one per seat; ``pace`` is the pause in
    seconds between the bots' moves (0: at once).

    >>> game = PlayRound(seed=4, pace=0)
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
        pace: float = 0.6,
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
        self.pacer = Pacer(pace)
        self.rounds_played = 0
        self._generation = 0
        self.error = ErrorLine()
        self.events: list[str] = []
        self.review = Review()
        self.hints: list[int] = []
        """The hint level the learner had reached at each reviewed decision."""
        self.faces = FaceSheet()
        self.table = classed(w.HTML(), "kit-table-view")
        self.card_buttons = [self._card_slot(i) for i in range(HAND_SLOTS)]
        self._cards: list[Any] = []
        self.hand_buttons = classed(w.HBox(), "kit-your-hand")
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
        self.coach = CoachBar(self._advice_now)
        self.opponents = {
            seat: classed(
                w.Dropdown(
                    options=list(BOTS),
                    value=self.bot_names[seat - 1],
                    description=f"Seat {seat}",
                    layout=w.Layout(width="190px"),
                    style={"description_width": "50px"},
                ),
                f"kit-play-opponent-{seat}",
            )
            for seat in range(1, rules.players)
        }
        self.prompt = classed(w.HTML(), "kit-prompt")
        self.history = classed(w.HTML(), "kit-play-log")
        self.summary = classed(w.HTML(), "kit-round-summary")
        opponents = w.HBox(
            [
                w.HTML(f"<span style='{MUTED}'>Opponents (from the next round):</span>"),
                *list(self.opponents.values()),
            ],
            layout=w.Layout(flex_flow="wrap", align_items="center"),
        )
        self._heading = heading("")
        super().__init__(
            [
                self.faces,
                self._heading,
                self.table,
                self.prompt,
                self.hand_buttons,
                w.HBox(list(self.buttons.values())),
                self.error,
                self.coach,
                self.summary,
                self.history,
                opponents,
            ]
        )
        self.add_class("kit-play")
        self.new_round()

    @property
    def bots(self) -> list[object]:
        return [BOTS[name] for name in self.bot_names]

    def _card_slot(self, index: int) -> w.Button:
        button = face_button(
            "kit-face-none", "kit-card", "", "", lambda: self._card_clicked(index),
            width=CARD_W, height=CARD_H,
        )  # fmt: skip
        return button

    # -- rounds --

    def new_round(self) -> None:
        self.pacer.cancel()
        self._generation += 1
        self.bot_names = [self.opponents[s].value for s in range(1, self.rules.players)]
        self._heading.value = (
            f"<b>You are seat 0; bots: {html.escape(', '.join(self.bot_names))}</b>"
        )
        seed = None if self.seed is None else f"{self.seed}:{self.rounds_played}"
        self.round = Round.deal(self.rules, first=0 if self.seed is not None else None, seed=seed)
        self.rounds_played += 1
        self.review = Review()
        self.hints = []
        first = "you start" if self.round.first == self.HUMAN else f"seat {self.round.first} starts"
        self.events = [f"Round {self.rounds_played}: {first}."]
        self.summary.value = ""
        self.error.clear()
        self._run_bots()

    # -- moves --

    def _decider(self) -> int | None:
        r = self.round
        if r.phase == "over":
            return None
        return r.claim if r.phase == "turn" and r.claim is not None else r.turn

    @property
    def your_move(self) -> bool:
        return self._decider() == self.HUMAN

    def _advice_now(self) -> Advice | None:
        if not self.your_move:
            return None
        view = SeatView(self.round, self.HUMAN)
        if len(view.legal_actions()) < 2:
            return None
        return advise(view)

    @guarded
    def act(self, action: Action) -> None:
        """Apply your action (illegal ones show their reason), then let the bots move."""
        advice = self.coach.advice if self.your_move else None
        self.round.apply(action)
        if advice is not None:
            self.review.record(advice, _matching(advice, action))
            self.hints.append(self.coach.level)
        self.events.append(said_by(str(action), self.HUMAN))
        self._run_bots()

    def _card_clicked(self, index: int) -> None:
        if index >= len(self._cards):
            self.error.show("that card is no longer in your hand")
            return
        self.act(Discard(self.HUMAN, self._cards[index]))

    def button_for(self, action: Action) -> w.Button:
        """The button that plays ``action`` now (a card face for a discard)."""
        if isinstance(action, Discard):
            for card, button in zip(self._cards, self.card_buttons, strict=False):
                if card == action.card:
                    return button
            raise ValueError(f"no {action.card} in your hand")
        names = {Draw: "draw", Ppong: "ppong", Stop: "stop", Declare: "declare", Pass: "pass"}
        return self.buttons[names[type(action)]]

    def hint(self) -> str | None:
        """The next level of the coach's help (as the Hint button)."""
        return self._hint()

    @guarded
    def _hint(self) -> str:
        return self.coach.hint()

    def _run_bots(self) -> None:
        generation = self._generation

        def step() -> bool:
            if generation != self._generation:
                return False
            paced = self.pacer.pace > 0 and self.pacer._loop_now() is not None
            try:
                more = self._bot_moves(paced=paced)
            except Exception as error:  # a bot's failure shows, never a traceback
                self.error.show(f"Something went wrong ({type(error).__name__}: {error})")
                more = False
            self._show()
            return more

        self._show()
        self.pacer.start(step)

    def _bot_moves(self, *, paced: bool) -> bool:
        """Apply bot moves; paced, stop after one the learner would see. True if more remain."""
        while True:
            seat = self._decider()
            if seat is None or seat == self.HUMAN:
                return False
            bot = BOTS[self.bot_names[seat - 1]]
            action = bot(SeatView(self.round, seat))
            self.round.apply(action)
            if not isinstance(action, Pass):
                self.events.append(said_by(str(action), self.HUMAN))
                if paced:
                    following = self._decider()
                    return following is not None and following != self.HUMAN

    # -- showing --

    def _show(self) -> None:
        r = self.round
        view = SeatView(r, self.HUMAN)
        mine = self.your_move
        legal_actions = view.legal_actions() if mine else []
        self.coach.decision(len(legal_actions) >= 2, finished=r.phase == "over")
        self.table.value = round_html(r, reveal=[self.HUMAN], names={self.HUMAN: "You"})
        legal = {type(action) for action in legal_actions}
        for name, kind in (("draw", Draw), ("ppong", Ppong), ("stop", Stop),
                           ("declare", Declare), ("pass", Pass)):  # fmt: skip
            self.buttons[name].disabled = kind not in legal
        can_discard = Discard in legal
        self._cards = list(view.hand)
        self.faces.ensure(card_face_rule(card) for card in self._cards)
        for card, button in zip(self._cards, self.card_buttons, strict=False):
            token = card.notation()
            button._dom_classes = (
                "kit-face-button", "kit-face", card_face_class(card), "kit-card",
                f"kit-card-{token}", f"kit-play-card-{token}",
            )  # fmt: skip
            button.description = token
            button.tooltip = f"{card.describe()} — discard it" if can_discard else card.describe()
            button.disabled = not can_discard
        self.hand_buttons.children = self.card_buttons[: len(self._cards)]
        self.prompt.value = f"<div>{_prompt(view, mine)}</div>"
        self.history.value = (
            f"<div style='{MUTED};font-size:0.9em'>"
            + "<br>".join(html.escape(e[:1].upper() + e[1:]) for e in self.events[-8:])
            + "</div>"
        )
        if r.result is not None and not self.summary.value:
            self.summary.value = (
                f"<div style='{BOX}'>{round_result_html(r.result)}"
                f"{review_html(self.review, self.hints)}</div>"
            )
        self.buttons["new"].disabled = r.result is None


def _matching(advice: Advice, action: Action) -> Action:
    """The coach's option for ``action``: a discard matches any card of the same month."""
    if isinstance(action, Discard):
        for option in advice.options:
            if isinstance(option.action, Discard) and option.action.card.month == action.card.month:
                return option.action
    return action


def _prompt(view: SeatView, mine: bool) -> str:
    phase = view.phase
    if phase == "over":
        return "<b>The round is over.</b> Press <i>New round</i> to play again."
    if not mine:
        return f"<span style='{MUTED}'>The others are playing…</span>"
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
